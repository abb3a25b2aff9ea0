"""Moves made as a player makes them, for the browser tests and the browser benchmarks
(kept out of conftest.py so a benchmark can import them without pytest's fixtures)."""

from __future__ import annotations

from typing import Any


def actions_of(page: Any) -> list[str]:
    """The moves the page offers now (the test contract: data-action elements)."""
    found = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    return [str(a) for a in found]


STILL = "document.getAnimations().every(a => a.playState !== 'running')"
# Whether some cache of the page's service worker holds the Python snapshot (a promise:
# for page.evaluate, which awaits it; wait_for_function takes SNAPSHOT_KEPT).
SNAPSHOT_STORED = """caches.keys().then(async keys => {
  for (const key of keys) {
    const names = (await (await caches.open(key)).keys()).map(r => r.url);
    if (names.some(url => /snapshot-[0-9a-f]+\\.bin$/.test(url))) return true;
  }
  return false;
})"""
# For wait_for_function, which would take a promise for a true value: each poll starts a
# look into the caches and answers with what the last finished one found.
SNAPSHOT_KEPT = ("(() => { " + SNAPSHOT_STORED + ".then(v => { window.__snapshotKept = v; });"
                 " return window.__snapshotKept === true; })()")
OPEN_MENU = """(action) => {
  const play = [...document.querySelectorAll('[data-action]')]
    .find(e => e.dataset.action === action);
  const menu = play && play.closest('[popover]');
  return menu && !menu.matches(':popover-open') ? menu.id : null; }"""


def play(page: Any, action: str, *, tap: bool = False, force: bool = False) -> None:
    """Make a move as a player does: a card with several plays is tapped first, which opens
    the menu of its plays, then the play is chosen."""
    menu = page.evaluate(OPEN_MENU, action)
    press = page.tap if tap else page.click
    if menu:
        # A forced tap lands where the card was when it was found: wait until the cards
        # have stopped gliding, or it can land beside a card still moving into its place.
        page.wait_for_function(STILL)
        press(f"[popovertarget='{menu}']", force=force)
        # A locator's wait, not wait_for_selector: that returns an element handle, which
        # keeps the menu (and the table it was in) alive as long as the page is open.
        page.locator(f"#{menu}:popover-open").wait_for()
    press(f"[data-action='{action}']", force=force)
