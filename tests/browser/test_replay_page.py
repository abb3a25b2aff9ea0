"""Replay links on the real page: a finished match opened from its link, a damaged link."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import open_page
from .test_page import play_until

pytestmark = pytest.mark.browser

DEAL = "?game=avissinia&seed=8&target=1&speed=0"  # one short deal ends the match


def history_text(page: Any) -> str:
    page.click("[data-cmd='history']")
    page.wait_for_selector("#panel[open] ol.history")
    text = str(page.inner_text("#panel-body ol.history"))
    return text


def test_a_finished_match_opens_from_its_replay_link_with_the_same_end(
    new_context: Any, site: str
) -> None:
    context = new_context()
    page = open_page(context.new_page(), site + DEAL)
    play_until(page, "over", random.Random(5))
    result = page.inner_text("#result")
    moves = history_text(page)
    page.click("#panel-body [data-cmd='copy-replay']")
    page.wait_for_function("document.getElementById('notice').textContent.includes('#replay=')")
    notice = str(page.inner_text("#notice"))
    link = notice[notice.index("http"):].strip()
    assert link.startswith(site) and "#replay=" in link and len(link) < 2000
    saved = page.evaluate("JSON.stringify(localStorage)")
    viewer = open_page(context.new_page(), link)
    assert viewer.evaluate("document.body.dataset.turn") == "over"
    shown = viewer.inner_text("#app")
    assert "A replay: the finished match" in shown
    # The same final table (scores, result) as the match itself showed, and the same moves.
    assert viewer.inner_text("#result") == result
    assert history_text(viewer) == moves
    assert viewer.eval_on_selector_all("[data-action]", "els => els.length") == 0
    assert viewer.evaluate("JSON.stringify(localStorage)") == saved  # nothing saved
    assert "#replay=" in viewer.url
    page.close()
    viewer.close()


def test_a_damaged_replay_link_shows_a_message_on_the_start_screen(
    shared: Any, site: str
) -> None:
    open_page(shared, site + "#replay=AAAAAAAAAAAAAAAAAAAA")
    shared.wait_for_selector("#start-form")
    assert "This replay link does not work" in shared.inner_text("#app")
    assert shared.evaluate("document.body.dataset.turn") == "menu"
