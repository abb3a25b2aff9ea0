"""embed.js on its own: the <card-table> element against a stub table page.

The stub stands in for the table's side of the protocol (README, "The messages"): it
posts ready and resize to the origin given as parent=, echoes every command it accepts
back as an event, and refuses commands from any origin but parent=.  The real table's
side is tested with the page itself.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.browser

STUB = """<!doctype html><html><head><meta charset="utf-8"><title>stub</title></head>
<body><div id="content" style="height: 333px">stub table</div><script>
const params = new URLSearchParams(location.search);
const parent_ = params.get("parent");
const post = (m) => window.parent.postMessage({protocol: "card-table", ...m}, parent_ || "*");
window.addEventListener("message", (event) => {
  if (event.source !== window.parent || (parent_ && event.origin !== parent_)) return;
  const data = event.data;
  if (!data || data.protocol !== "card-table") return;
  post({type: "game-over", echo: data, query: location.search});
});
post({type: "ready", game: params.get("game"), query: location.search});
post({type: "resize", height: 333});
</script></body></html>"""


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="module")
def origins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(the stub site with embed.js, a host page on another origin)."""
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text(STUB)
    (site / "embed.js").write_text((ROOT / "web" / "embed.js").read_text())
    host = tmp_path_factory.mktemp("host")
    (host / "host.html").write_text((ROOT / "tests" / "browser" / "host.html").read_text())
    site_server, site_url = serve(site)
    host_server, host_url = serve(host)
    yield site_url, host_url
    site_server.shutdown()
    host_server.shutdown()


def events(page: Any, kind: str) -> list[Any]:
    found: list[Any] = page.evaluate(
        f"window.events.filter(e => e.type === {kind!r}).map(e => e.detail)")
    return found


def test_the_element_makes_the_frame_and_relays_events_and_commands(
    browser_instance: Any, origins: tuple[str, str]
) -> None:
    site, host = origins
    context = browser_instance.new_context()
    page = context.new_page()
    page.goto(f"{host}host.html?site={site}&attrs=game%3Davinas%26seed%3D7", timeout=30_000)
    page.wait_for_function("window.events && window.events.some(e => e.type === 'ready')")
    ready = events(page, "ready")[0]
    assert ready["game"] == "avinas"
    query = ready["query"]
    assert "embed=1" in query and "seed=7" in query
    assert "parent=" + host.rstrip("/").replace(":", "%3A").replace("/", "%2F") in query
    page.wait_for_function("document.querySelector('card-table iframe').style.height === '333px'")
    page.evaluate("window.table.newGame({game: 'avissinia', partnership: 1, seed: 5})")
    page.evaluate("window.table.pause()")
    page.wait_for_function("window.events.filter(e => e.type === 'game-over').length >= 2")
    echoed = [e["echo"] for e in events(page, "game-over")]
    assert echoed[0] == {"protocol": "card-table", "command": "new-game", "game": "avissinia",
                         "seed": 5, "options": {"partnership": 1}}
    assert echoed[1]["command"] == "pause"
    context.close()


def test_messages_not_from_its_own_frame_are_not_relayed(
    browser_instance: Any, origins: tuple[str, str]
) -> None:
    site, host = origins
    context = browser_instance.new_context()
    page = context.new_page()
    page.goto(f"{host}host.html?site={site}", timeout=30_000)
    page.wait_for_function("window.events && window.events.some(e => e.type === 'ready')")
    # The host page itself (not the frame) posts a look-alike message: ignored.
    page.evaluate("window.postMessage({protocol: 'card-table', type: 'game-over'}, '*')")
    page.evaluate("window.table.resume()")  # a real round trip to wait for
    page.wait_for_function("window.events.some(e => e.type === 'game-over')")
    overs = events(page, "game-over")
    assert [o["echo"]["command"] for o in overs] == ["resume"]
    context.close()
