"""The whole table on one screen: at seven common window sizes, for each game (Abyssinia
with 4 and with 8 players), at several of the player's turns and at a deal's end, the
page is no taller and no wider than the window and every move and every tool lies inside
it.  One page per setup, resized to each size in turn (the layout follows the window)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import STILL, actions_of, open_page, play, settle

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (1920, 1080), (768, 1024), (844, 390), (390, 844),
         (360, 640)]
SETUPS = {"avissinia": "game=avissinia", "avinas": "game=avinas",
          "abyssinia-4": "game=abyssinia&players=4", "abyssinia-8": "game=abyssinia&players=8"}
TURNS_LOOKED_AT = (0, 2, 5)
# What lies outside the window: moves (data-action), the table's tools (data-cmd) and the
# cards with a menu of plays, each as "what@left,top,right,bottom"; hidden ones skipped.
OUTSIDE = """() => {
  const out = [];
  for (const el of document.querySelectorAll('[data-action], [data-cmd], [popovertarget]')) {
    if (el.closest('[hidden], [popover]:not(:popover-open), dialog:not([open])')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5
        || r.bottom > innerHeight + 0.5) {
      const what = el.dataset.action || el.dataset.cmd || el.getAttribute('popovertarget');
      out.push(`${what}@${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
    }
  }
  return out;
}"""
PAGE_SIZE = "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"


def check_every_size(page: Any, where: str) -> list[str]:
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"document.body.dataset.fitFor === '{width}x{height}'")
        # A card still gliding to its place (motion.js) reaches past the table for a moment.
        page.wait_for_function(STILL)
        wide, tall = page.evaluate(PAGE_SIZE)
        outside = page.evaluate(OUTSIDE)
        if wide > width or tall > height or outside:
            problems.append(f"{where} at {width}x{height}: page {wide}x{tall}, "
                            f"outside {outside[:3]}")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("document.body.dataset.fitFor === '1280x800'")
    return problems


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_the_table_fits_the_window_at_every_size(new_context: Any, site: str, setup: str) -> None:
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    open_page(page, f"{site}?{SETUPS[setup]}&seed=7&speed=0")
    rng = random.Random(7)
    problems: list[str] = []
    turns = 0
    while True:
        turn = settle(page)
        if turn == "summary":
            problems += check_every_size(page, "the end of the deal")
            break
        assert turn == "you", f"unexpected turn {turn!r}"
        if turns in TURNS_LOOKED_AT:
            problems += check_every_size(page, f"turn {turns}")
        actions = actions_of(page)
        # Never folding keeps the player in the deal to its end (the showdown's table).
        play(page, rng.choice([a for a in actions if a != "fold"] or actions))
        turns += 1
    assert turns > max(TURNS_LOOKED_AT)
    assert not problems, "\n".join(problems)
