"""Issue 43's rough edges on the real page: a replay link of an unfinished match opens
plainly read-only and unscrolled, "Preparing the replay…" goes once the replay shows and
after Escape, and ``?`` opens the help from a start screen radio button."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_core import new_game
from pygame_core.replay import fragment

from .conftest import open_page, settle

pytestmark = pytest.mark.browser

NOTICE_SHOWN = "getComputedStyle(document.getElementById('notice')).display !== 'none'"


def unfinished_at_humans_turn() -> Any:
    game = new_game("avinas", seed=3)
    rng = random.Random(3)
    while len(game.history) < 40 or game.current_player != 0:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_replay_link_opens_read_only_and_unscrolled(new_context: Any, site: str) -> None:
    game = unfinished_at_humans_turn()
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    open_page(page, site + "#" + fragment(game))
    assert page.evaluate("document.body.dataset.turn") == "replay"
    banner = page.inner_text(".replay-offer")
    assert "Replay" in banner and f"step {len(game.history)} of {len(game.history)}" in banner
    assert page.eval_on_selector_all("[data-action]", "els => els.length") == 0
    assert page.eval_on_selector_all(".badge.turn", "els => els.length") == 0
    assert "Your turn" not in page.inner_text("#turn-line")
    assert page.evaluate("window.scrollY") == 0
    assert page.is_disabled("button[data-cmd='undo']")  # nothing of the replay to take back
    page.close()


def test_preparing_the_replay_goes_once_shown_and_after_escape(shared: Any, site: str) -> None:
    open_page(shared, site + "?game=avissinia&seed=8&speed=0")
    settle(shared)
    shared.click("[data-cmd='history']")
    shared.wait_for_selector("#panel[open] [data-cmd='replay-open']")
    shared.click("#panel [data-cmd='replay-open']")
    shared.wait_for_function("document.body.dataset.turn === 'replay'")
    shared.wait_for_function(f"!({NOTICE_SHOWN})")
    shared.keyboard.press("Escape")
    shared.wait_for_function("document.body.dataset.turn !== 'replay'")
    assert not shared.evaluate(NOTICE_SHOWN)


def test_question_mark_opens_the_help_from_a_games_radio_button(
        new_context: Any, site: str) -> None:
    page = open_page(new_context().new_page(), site + "?speed=0")  # fresh: the start screen
    page.focus("#start-form input[type=radio][name=game]")
    page.keyboard.press("?")
    page.wait_for_selector("#panel[open]")
    assert "help" in page.inner_text("#panel").lower()
    page.close()
