"""The real table inside a host page: the frame's side of the protocol (README, "Embedding").

The site is served as the tests build it; the host page (tests/browser/host.html, with the
site's embed.js) from a second port, which is another origin; a foreign gadget from a
third.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LOAD_TIMEOUT, READY, ROOT
from .test_embed_element import serve
from .test_page import play_until

pytestmark = pytest.mark.browser

DEAL = "game=avissinia&seed=8&target=1&speed=0"  # a match of one short deal, no pauses
GADGET = """<!doctype html><title>gadget</title><script>
// A foreign page in the host: it tries to start a game in the table's frame.
parent.frames[0].postMessage({protocol: "card-table", command: "new-game", game: "avinas",
                              seed: 3}, "*");
parent.postMessage("gadget posted", "*");
</script>"""


@pytest.fixture(scope="module")
def hosts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(the host page's origin, a third origin serving the gadget), both ending in /."""
    host = tmp_path_factory.mktemp("host")
    (host / "host.html").write_text((ROOT / "tests" / "browser" / "host.html").read_text())
    third = tmp_path_factory.mktemp("third")
    (third / "gadget.html").write_text(GADGET)
    host_server, host_url = serve(host)
    third_server, third_url = serve(third)
    yield host_url, third_url
    host_server.shutdown()
    third_server.shutdown()


def table_frame(page: Any, site: str) -> Any:
    return next(f for f in page.frames if f.url.startswith(site))


def events(page: Any, kind: str) -> list[Any]:
    found: list[Any] = page.evaluate(
        f"window.events.filter(e => e.type === {kind!r}).map(e => e.detail)")
    return found


def test_a_host_page_gets_ready_the_deals_and_the_end_and_starts_a_new_game(
    browser_instance: Any, site: str, hosts: tuple[str, str]
) -> None:
    host, _ = hosts
    context = browser_instance.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    attrs = DEAL.replace("=", "%3D").replace("&", "%26")
    page.goto(f"{host}host.html?site={site}&attrs={attrs}")
    page.wait_for_function("window.events && window.events.some(e => e.type === 'ready')",
                           timeout=LOAD_TIMEOUT)
    ready = events(page, "ready")[0]
    assert ready["protocol"] == "card-table"
    assert ready["game"] == "avissinia" and ready["seed"] == 8 and ready["options"]["target"] == 1
    # The frame is sized to the table's content, not left at the default 720 px.
    page.wait_for_function("document.querySelector('card-table iframe').style.height !== '720px'")
    height = page.evaluate("parseInt(document.querySelector('card-table iframe').style.height)")
    assert 200 < height < 3000
    frame = table_frame(page, site)
    play_until(frame, "over", random.Random(3))
    page.wait_for_function("window.events.some(e => e.type === 'game-over')")
    [over] = events(page, "game-over")
    assert over["game"] == "avissinia" and len(over["scores"]) == 4 and over["winners"]
    assert over["you_won"] == (0 in over["winners"])
    deals = events(page, "deal-over")
    assert deals and deals[0]["deal"] == 1 and len(deals[0]["round_scores"]) == 4
    assert deals[-1]["scores"] == over["scores"]
    # A command: a new match of another game, dealt from the given seed.
    page.evaluate("window.table.newGame({game: 'avinas', seed: 3})")
    frame.wait_for_function("location.search.includes('game=avinas')")
    assert "seed=3" in frame.evaluate("location.search")
    frame.wait_for_function("['you', 'opponent'].includes(document.body.dataset.turn)")
    assert not errors, errors
    context.close()


def test_commands_from_a_foreign_origin_or_window_are_ignored(
    browser_instance: Any, site: str, hosts: tuple[str, str]
) -> None:
    """The host makes its own frame with parent= naming a third origin: the host's own
    commands (another origin) and the gadget's (that origin, but not the parent window)
    are both ignored."""
    host, third = hosts
    context = browser_instance.new_context()
    page = context.new_page()
    page.goto(f"{host}host.html?site={site}&attrs=")  # the page only; its frame is ours
    page.wait_for_function("window.table !== undefined")
    parent = third.rstrip("/")
    page.evaluate(
        """src => { window.messages = []; window.fromTable = [];
        document.querySelector('card-table').remove();
        const f = document.createElement('iframe');
        // Only our frame's messages count as the table's: the element's own frame, just
        // removed, may have posted before it went.
        addEventListener('message', e => {
            window.messages.push(e.data);
            if (e.source === f.contentWindow) window.fromTable.push(e.data); });
        f.src = src; f.style.width = '900px'; f.style.height = '700px';
        document.body.prepend(f); }""",
        f"{site}?{DEAL}&embed=1&parent={parent}",
    )
    # The frame posts only to parent=, so the host never hears it: watch the frame itself.
    page.wait_for_selector("iframe").content_frame().wait_for_function(
        READY, timeout=LOAD_TIMEOUT)
    frame = table_frame(page, site)
    # The frame tells us when a marker message arrives: messages from one window arrive in
    # order, so by then the command before it has been handled (or refused).
    frame.evaluate("""() => { window.markers = 0;
        addEventListener('message', e => { if (e.data === 'marker') window.markers++; }); }""")
    page.evaluate("""() => {
        const w = document.querySelector('iframe').contentWindow;
        w.postMessage({protocol: 'card-table', command: 'new-game', game: 'avinas', seed: 3}, '*');
        w.postMessage({protocol: 'card-table', command: 'pause'}, '*');
        w.postMessage('marker', '*'); }""")
    frame.wait_for_function("window.markers === 1")
    page.evaluate(f"""() => {{ const g = document.createElement('iframe');
        g.src = {third + "gadget.html"!r}; document.body.appendChild(g); }}""")
    page.wait_for_function("window.messages.includes('gadget posted')")
    page.evaluate("document.querySelector('iframe').contentWindow.postMessage('marker', '*')")
    frame.wait_for_function("window.markers === 2")
    assert "game=avissinia" in frame.evaluate("location.search")
    assert "seed=8" in frame.evaluate("location.search")
    # Not paused either: the computer players go on and the deal reaches the human.
    assert frame.evaluate("document.body.dataset.turn") in ("you", "opponent")
    frame.wait_for_function("document.body.dataset.turn === 'you'", timeout=60_000)
    heard = page.evaluate("window.fromTable")
    assert heard == []  # no refusal, no ready: the table posts to parent= only
    context.close()


def test_the_element_refuses_bad_arguments_and_passes_on_the_tables_refusals(
    browser_instance: Any, site: str, hosts: tuple[str, str]
) -> None:
    """newGame() checks its argument before sending it, and a command the table refuses
    reaches the host as an "error" event with the reason; the table goes on as it was."""
    host, _ = hosts
    context = browser_instance.new_context()
    page = context.new_page()
    attrs = DEAL.replace("=", "%3D").replace("&", "%26")
    page.goto(f"{host}host.html?site={site}&attrs={attrs}")
    page.wait_for_function("window.events && window.events.some(e => e.type === 'ready')",
                           timeout=LOAD_TIMEOUT)
    for argument, reason in (("{seed: 'x'}", "seed must be a whole number"),
                             ("{seed: 1.5}", "seed must be a whole number"),
                             ("{game: 7}", "game must be a game's name"),
                             ("{players: {a: 1}}", "must be a game's option"),
                             ("'avinas'", "newGame takes an object")):
        sent = page.evaluate(f"window.table.newGame({argument})")
        assert sent is False, argument
        error = events(page, "error")[-1]
        assert error["command"] == "new-game" and reason in error["message"], (argument, error)
    refused = len(events(page, "error"))
    assert page.evaluate("window.table.newGame({game: 'chess', seed: 3})") is True
    page.wait_for_function(f"window.events.filter(e => e.type === 'error').length > {refused}")
    error = events(page, "error")[-1]
    assert error["command"] == "new-game" and "unknown game" in error["message"], error
    frame = table_frame(page, site)
    assert "game=avissinia" in frame.evaluate("location.search")
    context.close()
