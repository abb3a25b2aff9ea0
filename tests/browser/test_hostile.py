"""Nothing in a link or a damaged stored game can stop the page: each opens a usable start
screen that says what was wrong, and the player's saves are kept."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.session.storage import Keys

from .conftest import LOAD_TIMEOUT, READY, settle

pytestmark = pytest.mark.browser

HOSTILE_LINKS = {
    "?game=avissinia&deck=ZZ&speed=0": "not a card",
    "?game=avissinia&seed=%C2%B3&speed=0": "digits 0-9",  # a superscript three
    "?game=avissinia&seed=" + "9" * 3000 + "&speed=0": "too long",
    "?game=avissinia&name=x&speed=0": "not an option",
    "?game=avinas&seed=1&seed=2&speed=0": "twice",
}
KEYS = Keys()


def opened(page: Any, url: str) -> str:
    page.goto(url)
    page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    assert settle(page) == "menu"
    assert page.query_selector("[data-cmd='start']"), "no way to deal a game"
    return str(page.inner_text(".start"))


def test_hostile_links_open_the_start_screen_with_the_reason(shared: Any, site: str) -> None:
    shared.goto(site + "?speed=0")
    shared.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    shared.evaluate(f"localStorage.setItem({KEYS.slot + 'Mine'!r}, 'kept')")
    for link, reason in HOSTILE_LINKS.items():
        text = opened(shared, site + link)
        assert "This link does not work" in text and reason in text, (link, text)
    assert shared.evaluate(f"localStorage.getItem({KEYS.slot + 'Mine'!r})") == "kept"
    shared.click("[data-cmd='start']")  # the page still deals
    assert settle(shared) in ("you", "summary")


def test_a_damaged_stored_game_never_blocks_the_start(shared: Any, site: str) -> None:
    nested = "[" * 50_000  # deeper than any parser should follow
    shared.evaluate(f"localStorage.setItem({KEYS.current!r}, {nested!r})")
    text = opened(shared, site + "?speed=0")
    assert "could not be resumed" in text
    shared.click("[data-cmd='saves']")
    listing = shared.inner_text(".saves")
    assert "Damaged game" in listing and "cannot be read" in listing
    delete = shared.query_selector("[data-cmd='delete'][data-key^='cardtable:slot:Damaged']")
    assert delete
    delete.click()
    shared.wait_for_function("!document.querySelector(\"[data-key^='cardtable:slot:Damaged']\")")
    assert "Deleted" in shared.inner_text(".saves")
