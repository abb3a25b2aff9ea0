"""Stepping through a replay, the Review panel and the Embed dialog on the real page.

What the page draws at each step is compared with ``ReplayStepper.view`` computed here under
CPython for the same log; the scripted deal of tests/test_review.py (a known blunder: the
2♣ trailed instead of taking the centre's two nines) must come out marked in the page's
Review panel; the Embed dialog's snippets must open a working table.
"""

from __future__ import annotations

import html as htmllib
import json
import random
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

# The scripted deal with the known blunder, as the CPython tests play it.
from test_replay_view import blunder_match

from pygame_core import new_game
from pygame_core.replay import ReplayStepper, fragment

from .conftest import LOAD_TIMEOUT, READY, open_page, settle
from .test_comforts import audit
from .test_embed_element import serve
from .test_page import play_until

pytestmark = pytest.mark.browser

CARDS_BY_SEAT = """() => {
  const out = {all: [...document.querySelectorAll('#app [data-card]')].map(e => e.dataset.card)};
  for (const s of document.querySelectorAll('#app section[data-seat]'))
    out[s.dataset.seat] = [...s.querySelectorAll('[data-card]')].map(e => e.dataset.card);
  return out;
}"""


@pytest.fixture(scope="module")
def match() -> Any:
    return blunder_match()


@pytest.fixture(scope="module")
def viewer(new_context: Any, site: str, match: Any) -> Iterator[Any]:
    """One page for the replay link's tests (a cold start costs seconds)."""
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    open_page(page, site + "#" + fragment(match))
    yield page
    page.close()


def at_move(page: Any, step: int) -> None:
    page.wait_for_function(
        f"(document.getElementById('replay-where') || {{}}).textContent"
        f"?.startsWith('Move {step} of ')")


def no_violations(page: Any, where: str) -> None:
    found = audit(page)
    assert not found, f"{where}: axe-core finds {json.dumps(found, indent=1)}"


def test_stepping_back_and_forward_matches_the_stepper(viewer: Any, match: Any) -> None:
    page = viewer
    saved = page.evaluate("JSON.stringify(localStorage)")
    page.click("[data-cmd='replay-open']")
    at_move(page, 0)
    assert page.evaluate("document.body.dataset.turn") == "replay"
    assert page.evaluate("document.activeElement.dataset.cmd") == "replay-forward"
    stepper = ReplayStepper(match)

    def check(step: int, seat: int | None = None) -> None:
        at_move(page, step)
        stepper.go(step)
        shown = page.evaluate(CARDS_BY_SEAT)
        if seat is None:
            hands = stepper.view(0, face_up=True)["face_up"]
            for number, hand in enumerate(hands):
                assert set(hand) <= set(shown[str(number)]), (step, number)
        else:
            assert set(stepper.view(seat, face_up=False)["hand"]) <= set(shown[str(seat)])
            for other in range(4):
                if other != seat:
                    hidden = set(stepper.view(other, face_up=False)["hand"])
                    assert not hidden & set(shown["all"]), (step, seat, other)
        assert page.eval_on_selector_all("#app [data-action]", "els => els.length") == 0

    steps = stepper.steps
    for step in range(1, steps + 1):  # the arrow keys, as in the game
        page.keyboard.press("ArrowRight")
        check(step)
    assert page.is_disabled("[data-cmd='replay-forward']")
    for step in range(steps - 1, steps - 9, -1):
        page.keyboard.press("ArrowLeft")
        check(step)
    page.keyboard.press("Home")
    check(0)
    page.click("[data-cmd='replay-forward']")
    check(1)
    page.click("[data-cmd='replay-view'][data-key='0']")  # as you saw it
    check(1, seat=0)
    page.click("[data-cmd='replay-view'][data-key='2']")
    for step in (2, 3, 4):
        page.keyboard.press("ArrowRight")
        check(step, seat=2)
    page.click("[data-cmd='replay-view'][data-key='all']")
    page.click(".replay-deals summary")
    page.click("[data-cmd='replay-deal'][data-key='0:end']")
    check(stepper.deal_range(0)[1])
    assert page.is_visible("#result [data-cmd='replay-close']")  # the match's end, as shown
    page.keyboard.press("End")
    check(steps)
    no_violations(page, "the replay view")
    # Play at the pace: it runs on by itself to the end.
    page.select_option("#pace", "300")
    page.keyboard.press("Home")
    check(0)
    page.click("[data-cmd='replay-play']")
    at_move(page, 3)
    page.click("[data-cmd='replay-play']")  # pause
    paused = int(page.inner_text("#replay-where").split()[1])
    page.wait_for_timeout(700)  # a paused replay stays put (a fixed wait is the test here)
    assert int(page.inner_text("#replay-where").split()[1]) == paused
    # Leaving a link's replay goes to the start screen; nothing of the game was saved.
    page.keyboard.press("Escape")
    page.wait_for_selector("#start-form")
    assert page.evaluate("document.body.dataset.turn") == "menu"
    stored = json.loads(page.evaluate("JSON.stringify(localStorage)"))
    before = json.loads(saved)
    assert {k: v for k, v in stored.items() if "settings" not in k} == {
        k: v for k, v in before.items() if "settings" not in k}


def test_the_known_blunder_is_marked_in_the_review_panel(viewer: Any) -> None:
    page = viewer
    page.reload()
    page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    page.click("#result [data-cmd='review']")
    page.wait_for_selector("#panel[open] #review-body")
    page.wait_for_selector("#review-body[data-state='done']", timeout=180_000)
    text = page.inner_text("#panel-body")
    assert "expected values" in text
    first = page.inner_text("#panel-body .review-mark >> nth=0")
    assert "You trailed 2♣" in first and "cost about" in first and "9♦" in first
    no_violations(page, "the Review panel")
    seconds = float(page.get_attribute(".review-time", "data-seconds") or "nan")
    assert 0 < seconds < 120
    page.click("#panel-body .review-mark >> nth=0 >> [data-cmd='replay-open']")
    at_move(page, 0)  # the decision: the first move of the deal
    assert not page.evaluate("document.getElementById('panel').open")
    assert page.is_enabled("[data-cmd='replay-forward']")


def test_a_game_in_progress_replays_and_is_left_as_it_was(shared: Any, site: str) -> None:
    page = shared
    open_page(page, site + "?game=avissinia&seed=21&speed=0")
    play_until(page, "summary", random.Random(3))
    assert page.is_visible("#summary [data-cmd='review']")
    key = page.evaluate("Object.keys(localStorage).find(k => k.endsWith('current'))")
    before = page.evaluate(f"localStorage.getItem('{key}')")
    page.keyboard.press("r")
    page.wait_for_selector("#panel[open] [data-cmd='replay-open'][data-key='deal:0']")
    no_violations(page, "History with replays")
    page.click("#panel-body [data-cmd='replay-open'][data-key='deal:0']")
    at_move(page, 0)
    for step in range(1, 6):
        page.keyboard.press("ArrowRight")
        at_move(page, step)
    page.keyboard.press("u")  # undo does nothing in a replay
    page.keyboard.press("n")
    at_move(page, 5)
    page.click("[data-cmd='replay-close']")
    page.wait_for_function("document.body.dataset.turn === 'summary'")
    assert page.evaluate(f"localStorage.getItem('{key}')") == before
    page.click("[data-cmd='next-round']")
    assert settle(page) in ("you", "summary", "over")


def snippet_src(snippet: str) -> dict[str, str]:
    src = htmllib.unescape(snippet.split('src="', 1)[1].split('"', 1)[0])
    return dict(parse_qsl(urlsplit(src).query))


@pytest.mark.parametrize("width", [360, 1280])
def test_the_embed_dialog_writes_snippets_that_open_the_table(
    new_context: Any, browser_instance: Any, tmp_path_factory: pytest.TempPathFactory,
    site: str, width: int
) -> None:
    context = new_context(viewport={"width": width, "height": 800 if width > 400 else 640})
    page = open_page(context.new_page(), site + "?game=avinas&seed=5&speed=0")
    if width < 500:
        page.click("#menu-button")
    page.click("[data-cmd='embed']")
    page.wait_for_selector("#panel[open] #embed-form")
    no_violations(page, "the Embed dialog")
    page.fill("#embed-form input[name='width']", "600")
    page.fill("#embed-form input[name='height']", "500")
    page.wait_for_function(
        "document.getElementById('embed-iframe').value.includes('width=\"600\" height=\"500\"')")
    assert "600 × 500" in page.inner_text(".embed-preview")
    fixed = page.input_value("#embed-iframe")
    params = snippet_src(fixed)
    assert params["embed"] == "1" and params["game"] == "avinas" and params["seed"] == "5"
    assert fixed.startswith(f'<iframe src="{site}?')
    page.check("#embed-form input[value='fresh']")
    page.wait_for_function("!document.getElementById('embed-element').value.includes('seed')")
    two = page.input_value("#embed-element")
    assert two.startswith(f'<script src="{site}embed.js"></script>\n<card-table game="avinas"')
    if width < 500:
        return
    page.close()
    # Each snippet in a page of its own, served from another origin: a working table.
    folder = tmp_path_factory.mktemp("embed-host")
    (folder / "frame.html").write_text(f"<!doctype html><html><body>{fixed}</body></html>")
    (folder / "two.html").write_text(f"<!doctype html><html><body>{two}</body></html>")
    server, host_url = serve(folder)
    try:
        host = browser_instance.new_context().new_page()  # another origin: not watched
        host.goto(host_url + "frame.html")
        frame = host.wait_for_selector("iframe").content_frame()
        frame.wait_for_function(READY, timeout=LOAD_TIMEOUT)
        assert snippet_src(f'src="{frame.url}"') == params  # the same deal
        assert frame.evaluate("document.body.dataset.turn") in ("you", "opponent")
        assert host.eval_on_selector("iframe", "f => [f.offsetWidth, f.offsetHeight]") == [
            600, 500]
        # The two lines: the element makes the frame, as wide as asked, a fresh deal.
        host.goto(host_url + "two.html")
        frame = host.wait_for_selector("card-table iframe").content_frame()
        frame.wait_for_function(READY, timeout=LOAD_TIMEOUT)
        assert host.eval_on_selector("card-table", "e => e.offsetWidth") == 600
        src = host.eval_on_selector("card-table iframe", "f => f.src")  # as the element made it
        query = dict(parse_qsl(urlsplit(src).query))
        assert query["game"] == "avinas" and "seed" not in query and query["embed"] == "1"
        assert query["parent"] == host_url.rstrip("/")
        host.context.close()
    finally:
        server.shutdown()


def test_the_replay_fits_a_phone(new_context: Any, site: str) -> None:
    """Avinas's second hand, every hand face up: eight cards in a side seat's narrow place
    (this overflowed by a few pixels before the open hands overlapped closer)."""
    game = new_game("avinas", seed=4)
    while game.deals_finished < 2:
        game.apply(game.legal_actions()[0])
    page = new_context(viewport={"width": 360, "height": 640}).new_page()
    open_page(page, site + "#" + fragment(game))
    page.click("[data-cmd='replay-open']")
    at_move(page, 0)
    page.click(".replay-deals summary")
    page.click("[data-cmd='replay-deal'][data-key='1']")
    start = ReplayStepper(game).deal_range(1)[0]
    at_move(page, start)
    assert "hand 2 of 3" in page.inner_text("#replay-where")
    for step in range(start + 1, start + 4):
        page.keyboard.press("ArrowRight")
        at_move(page, step)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    no_violations(page, "the replay view on a phone")
    page.close()
