"""The page in Lithuanian and Greek: lang= opens the start screen and a table in that
language, Settings switch it at once without losing the game, and under the
pseudo-language no word of the page escapes the translation layer."""

from __future__ import annotations

import gettext
import json
from typing import Any

import pytest

from pygame_core import i18n

from .conftest import ROOT, open_page, settle

pytestmark = pytest.mark.browser

LOCALE = ROOT / "dist" / "locale"  # the catalogues the page fetches (built by `site`)


def translation(code: str) -> gettext.GNUTranslations:
    with (LOCALE / f"{code}.mo").open("rb") as f:
        return gettext.GNUTranslations(f)


def saved_game(page: Any) -> dict[str, Any]:
    """The game in progress as stored (its save, without the slot's time stamp)."""
    slot = json.loads(page.evaluate("localStorage.getItem('cardtable:current')"))
    return dict(slot["save"])


def bar_text(page: Any, command: str) -> str:
    return str(page.text_content(f".bar [data-cmd='{command}']")).strip()


@pytest.mark.parametrize("code", ["lt", "el"])
def test_lang_opens_the_start_screen_and_a_table_in_that_language(
        shared: Any, site: str, code: str) -> None:
    words = translation(code)
    open_page(shared, f"{site}?sw=0")
    shared.evaluate("localStorage.clear()")  # no game in progress: the start screen
    open_page(shared, f"{site}?lang={code}&sw=0")
    assert shared.evaluate("document.documentElement.lang") == code
    assert bar_text(shared, "saves") == words.gettext("Saves") != "Saves"
    start = str(shared.inner_text("#app"))
    assert words.gettext("Learn to play") in start and "Learn to play" not in start
    open_page(shared, f"{site}?game=avinas&seed=7&speed=0&lang={code}&sw=0")
    settle(shared)
    assert shared.evaluate("document.documentElement.lang") == code
    hint = str(shared.text_content("#table-tools [data-cmd='hint'] [data-msg]"))
    assert hint == words.gettext("Hint") != "Hint"
    assert "lang=" + code in shared.url  # the address keeps it, for a reload or a share
    shared.evaluate("localStorage.clear()")


def test_settings_switch_the_language_at_once_and_keep_the_game(shared: Any, site: str) -> None:
    open_page(shared, f"{site}?game=avissinia&seed=5&speed=0&sw=0")
    assert settle(shared) == "you"
    shared.click("#app [data-action]")
    settle(shared)
    before = saved_game(shared)
    assert before["actions"]
    shared.click(".bar [data-cmd='settings']")
    shared.wait_for_selector("#panel[open] #set-language")
    shared.select_option("#set-language", "el")
    greek = translation("el")
    shared.wait_for_function("document.documentElement.lang === 'el'")
    shared.wait_for_function(
        f"document.querySelector('.bar [data-cmd=saves]').textContent === "
        f"{json.dumps(greek.gettext('Saves'))}")
    # The open Settings are drawn again in Greek, with Greek chosen.
    shared.wait_for_function(
        f"document.querySelector('#panel-title').textContent === "
        f"{json.dumps(greek.gettext('Settings'))}")
    assert shared.eval_on_selector("#set-language", "s => s.value") == "el"
    assert saved_game(shared) == before
    shared.keyboard.press("Escape")
    # Remembered: the page opens in Greek again, the same game at the table.
    open_page(shared, f"{site}?sw=0")
    assert shared.evaluate("document.documentElement.lang") == "el"
    assert saved_game(shared) == before
    shared.evaluate("localStorage.clear()")


LEAKS = """() => {
  const marks = (text) => { let out = "", depth = 0;
    for (const ch of text) {
      if (ch === "⟦") depth++;
      else if (ch === "⟧") depth = Math.max(0, depth - 1);
      else if (!depth) out += ch;
    }
    return out; };
  const found = [];
  // A message may hold markup: its marks are followed from text node to text node.
  let depth = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const skip = "kbd, script, style, textarea, [hidden], [lang]:not(html)";
    if (!el || el.closest(skip)) continue;
    let outside = "";
    for (const ch of node.textContent) {
      if (ch === "⟦") depth++;
      else if (ch === "⟧") depth = Math.max(0, depth - 1);
      else if (!depth) outside += ch;
    }
    if (el.getClientRects().length && /\\p{L}/u.test(outside)) found.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll("[aria-label], [title]")) {
    for (const name of ["aria-label", "title"]) {
      const value = el.getAttribute(name);
      if (value && /\\p{L}/u.test(marks(value))) found.push(name + ": " + value);
    }
  }
  if (/\\p{L}/u.test(marks(document.title))) found.push("title: " + document.title);
  return found;
}"""


def test_under_the_pseudo_language_no_word_of_the_page_escapes(shared: Any, site: str) -> None:
    open_page(shared, f"{site}?lang={i18n.PSEUDO}&sw=0")
    assert shared.evaluate(LEAKS) == []
    open_page(shared, f"{site}?game=avinas&seed=3&speed=0&lang={i18n.PSEUDO}&sw=0")
    settle(shared)
    assert shared.evaluate(LEAKS) == []
    shared.click(".bar [data-cmd='settings']")
    shared.wait_for_selector("#panel[open]")
    assert shared.evaluate(LEAKS) == []
    shared.keyboard.press("Escape")
    shared.evaluate("localStorage.clear()")


def test_a_card_table_element_with_lang_shows_its_poster_and_table_in_that_language(
        browser_instance: Any, site: str, tmp_path: Any) -> None:
    from .test_embed_element import serve

    greek = translation("el")
    (tmp_path / "host.html").write_text(
        f'<!doctype html><html lang="en"><body><script src="{site}embed.js"></script>'
        '<card-table game="avinas" seed="4" lang="el" load="click"></card-table></body></html>')
    server, host = serve(tmp_path)
    try:
        context = browser_instance.new_context()  # a host page on its own origin
        page = context.new_page()
        page.goto(f"{host}host.html")
        play = page.locator("card-table").locator("button")
        play.wait_for()
        assert play.text_content() == greek.gettext("Play") != "Play"
        assert play.get_attribute("aria-label") == greek.gettext("Play {game}").format(
            game="Avinas")
        play.click()
        frame = page.frame_locator("card-table iframe")
        frame.locator("body[data-ready='1']").wait_for(timeout=90_000)
        assert "lang=el" in str(page.locator("card-table iframe").get_attribute("src"))
        assert frame.locator("html").get_attribute("lang") == "el"
        context.close()
    finally:
        server.shutdown()
