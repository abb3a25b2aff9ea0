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
    # From empty storage: another file's test on this worker may have left a damaged game
    # of its own in Saves (the browser tests run on two workers, files in any order).
    shared.evaluate("localStorage.clear()")
    shared.evaluate(f"localStorage.setItem({KEYS.current!r}, {nested!r})")
    text = opened(shared, site + "?speed=0")
    assert "could not be resumed" in text
    shared.click("[data-cmd='saves']")
    listing = shared.inner_text(".saves")
    assert "Damaged game" in listing and "cannot be read" in listing
    delete = shared.locator("[data-cmd='delete'][data-key^='cardtable:slot:Damaged']")
    assert delete.count() == 1
    delete.click()
    delete.wait_for(state="detached")
    assert "Deleted" in shared.inner_text(".saves")


def forged_replay(options: bytes, count: int = 0, log: bytes = b"") -> str:
    """A replay link with a valid check, as anyone can write one."""
    import base64

    from pygame_core import replay as codec

    name = b"avissinia"
    body = b"".join((codec._varint(len(name)), name, codec._varint(7),
                     codec._varint(len(options)), options, codec._varint(count), log))
    head = bytes((3, 0))
    data = head + body + codec._check(head, body)
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


HOSTILE_REPLAYS = {
    # Options nested 20,000 deep: Pyodide's stack overflowed and the runtime died.
    "AgHtwaENACAMADBmeBI1icEs4RoEp_IGom3PPVdW3BMDAAAAAAAAAAAAAAAAAAAAAAAAgC-0B6TskxY":
        "nests deeper",
    forged_replay(b'{"seed":1}'): "settings this site does not accept",
    forged_replay(b"", 50_001): "no match this site links to is longer",
    forged_replay(b"", 40_000, b"\xff" * 8): "fewer moves than it says",
}


def test_hostile_replay_links_leave_a_working_page_that_says_why(shared: Any, site: str) -> None:
    for fragment, reason in HOSTILE_REPLAYS.items():
        shared.goto("about:blank")
        shared.goto(site + "?speed=0#replay=" + fragment)
        shared.wait_for_function(READY, timeout=LOAD_TIMEOUT)
        shared.wait_for_function(
            "document.querySelector('.start') !== null"
            " && document.querySelector('.start').innerText.includes('replay link does not work')",
            timeout=LOAD_TIMEOUT)
        text = shared.inner_text(".start")
        assert reason in text, (fragment[:20], text)
    shared.click("[data-cmd='start']")  # Python is alive: the computer players still move
    assert settle(shared) in ("you", "summary")
    assert shared.evaluate("document.body.dataset.turn") in ("you", "summary")


@pytest.mark.parametrize("stored", ['{"levels": 5}', "null", '{"game": [], "levels": null}',
                                    '{"players": "' + "9" * 5000 + '"}'],
                         ids=["levels-number", "null", "wrong-types", "long-value"])
def test_a_damaged_stored_choice_still_opens_the_start_form(
    shared: Any, site: str, stored: str
) -> None:
    shared.goto(site + "?speed=0")
    shared.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    shared.evaluate(f"localStorage.removeItem({KEYS.current!r})")  # no game to resume
    shared.evaluate(f"localStorage.setItem({KEYS.choices!r}, {stored!r})")
    text = opened(shared, site + "?speed=0")
    assert "Something went wrong" not in text
    assert shared.query_selector("#start-form input[name='game']:checked")
    shared.evaluate(f"localStorage.removeItem({KEYS.choices!r})")


# Test-only: keep Pyodide's API object when Pyodide attaches it to its public interface,
# so the test can make the runtime die for real through Pyodide's own fatal_error.
KEEP_PYODIDE_API = """
window.__pyodideApis = [];
Object.defineProperty(Object.prototype, "_api", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "_api", {value, writable: true, configurable: true,
                                         enumerable: true});
    window.__pyodideApis.push(value);
  },
});
"""


def test_a_dead_runtime_is_said_in_words_with_a_reload(browser_instance: Any, site: str) -> None:
    # Not a watched context: a dying Pyodide reports on the console, which is the point here.
    context = browser_instance.new_context()
    context.add_init_script(KEEP_PYODIDE_API)
    page = context.new_page()
    page.goto(site + "?speed=0&snapshot=0&game=avinas&seed=4")
    page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    settle(page)
    assert page.evaluate("window.__pyodideApis.length") >= 1
    page.evaluate("""() => { try { window.__pyodideApis[0].fatal_error(
        new Error('the test made the runtime die')); } catch (e) {} }""")
    page.wait_for_function("document.body.dataset.dead === '1'")
    text = page.inner_text(".dead-runtime")
    assert "The table has stopped" in text and "Your saves are kept" in text
    assert page.evaluate("document.activeElement.id") == "reload"
    page.click("#reload")  # a fresh page, and the game in progress is still there
    page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.body.dataset.dead") is None
    assert page.query_selector("[data-action]") or page.query_selector("[data-cmd='resume']")
    context.close()
