"""The coach note on the real page: off by default, switched on in Settings; after a
costly play it names the better play and why, is read out in the live region, and its
Undo takes the play back.  Seed 1's first Avissinia decision (medium opponents, Instant):
trailing the J♦ (3 points) is marked, the coach's best being to trail the K♣."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import open_page, settle
from .moves import play

pytestmark = pytest.mark.browser

NOTE_SHOWN = "!document.getElementById('coach-note').hidden"


def test_the_coach_note_names_the_better_play_and_undoes(new_context: Any, site: str) -> None:
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    open_page(page, site + "?game=avissinia&seed=1&levels=medium,medium,medium&speed=0")
    assert settle(page) == "you"
    page.click("[data-cmd='settings']")
    page.wait_for_selector("#panel[open] #set-coach-note")
    assert not page.is_checked("#set-coach-note")  # off by default
    page.check("#set-coach-note")
    page.keyboard.press("Escape")
    play(page, "trail JD")
    page.wait_for_function(NOTE_SHOWN, timeout=60_000)
    note = page.inner_text("#coach-note-text")
    assert note.startswith("Trailing the J♦ cost about") and "trailing the K♣ was better" in note
    page.wait_for_function(
        "[...document.querySelectorAll('#live p')].some(p => p.textContent.includes("
        "'Trailing the J♦ cost about'))")
    page.click("#coach-note [data-cmd='undo']")
    page.wait_for_function(f"!({NOTE_SHOWN})")
    settle(page)
    assert page.eval_on_selector_all("[data-action='trail JD']", "els => els.length") == 1
    page.close()
