"""What a first-time visitor downloads (issue 44): an embedded table out of view or behind
its poster costs the host page next to nothing until the reader comes to it; a first visit
fetches every file once (the service worker takes the page's own copies) and never the
Python snapshot.

dist/ is served here by a server that counts every file body it sends, per path.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import LOAD_TIMEOUT, READY, ROOT, Watch, _build_module
from .test_embed_element import serve

pytestmark = pytest.mark.browser

READY_EVENT = "window.events && window.events.some(e => e.type === 'ready')"
INSTALLED = "navigator.serviceWorker.controller !== null"
LIGHT = 100_000  # bytes an embed may cost before the reader comes to it


class Counted:
    """A built site (dist/ or a copy) on its own port; ``take()`` gives (path, bytes) of
    every body sent since the last call."""

    def __init__(self, folder: Any) -> None:
        import http.server

        self.sent: list[tuple[str, int]] = []
        self.lock = threading.Lock()
        handler = _build_module().make_handler(folder, self.served)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def served(self, path: str, size: int) -> None:
        with self.lock:
            self.sent.append((path, size))

    def take(self) -> list[tuple[str, int]]:
        with self.lock:
            sent, self.sent = self.sent, []
        return sent


@pytest.fixture(scope="module")
def counted(site: str) -> Iterator[Counted]:  # `site` builds dist/
    served = Counted(_build_module().DIST)
    yield served
    served.server.shutdown()


@pytest.fixture(scope="module")
def host() -> Iterator[str]:
    """The host page's origin (another port: another origin than the site's)."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "host.html").write_text((ROOT / "tests/browser/host.html").read_text())
        server, url = serve(Path(folder))
        yield url
        server.shutdown()


@pytest.fixture
def site_context(browser_instance: Any) -> Iterator[Any]:
    """Make a fresh context whose pages may fetch from ``base`` only and log no error."""
    made: list[tuple[Any, Watch]] = []

    def make(base: str) -> Any:
        watch = Watch(base)
        context = browser_instance.new_context()
        watch.attach(context)
        made.append((context, watch))
        return context

    yield make
    for context, watch in made:
        context.close()
        watch.check()


def host_page(browser_instance: Any, counted: Counted, host: str, query: str) -> Any:
    """The host page with its <card-table>, loaded and quiet (no request for 500 ms),
    having fetched only embed.js from the site, and less than LIGHT of it."""
    page = browser_instance.new_context().new_page()
    counted.take()
    page.goto(f"{host}host.html?site={counted.url}&{query}")
    page.wait_for_load_state("networkidle")
    before = counted.take()
    assert [path for path, _ in before] == ["/embed.js"]
    assert sum(size for _, size in before) < LIGHT
    assert page.evaluate("document.querySelector('card-table iframe')") is None
    return page


def test_an_embed_below_the_fold_costs_little_until_scrolled_to(
    browser_instance: Any, counted: Counted, host: str
) -> None:
    attrs = "game%3Davissinia%26seed%3D3%26speed%3D0"
    page = host_page(browser_instance, counted, host, f"spacer=4000&attrs={attrs}")
    page.evaluate("document.querySelector('card-table').scrollIntoView()")
    page.wait_for_function(READY_EVENT, timeout=LOAD_TIMEOUT)
    assert page.evaluate("window.events.find(e => e.type === 'ready').detail.seed") == 3
    assert any(path.endswith("pyodide.asm.wasm") for path, _ in counted.take())
    page.context.close()


def test_the_click_form_draws_a_poster_and_plays_from_the_keyboard(
    browser_instance: Any, counted: Counted, host: str
) -> None:
    page = host_page(browser_instance, counted, host, "attrs=game%3Davinas%26load%3Dclick")
    poster = page.locator("card-table .poster")  # Playwright's locators pierce shadow roots
    assert "Avinas" in poster.inner_text()
    # A command before the table exists waits for it.
    page.evaluate("window.table.newGame({game: 'avinas', seed: 11})")
    page.locator("card-table button").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(READY_EVENT, timeout=LOAD_TIMEOUT)
    page.wait_for_function("!document.querySelector('card-table').shadowRoot"
                           ".querySelector('.poster')")
    frame = next(f for f in page.frames if f.url.startswith(counted.url))
    # The queued new game reached the table: its saved game is seed 11.
    frame.wait_for_function("(localStorage.getItem('cardtable:current') || '')"
                            ".includes('\"seed\": 11')", timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.activeElement.tagName") == "IFRAME"
    page.context.close()


def test_a_first_visit_fetches_every_file_once_and_not_the_snapshot(
    site_context: Any, counted: Counted
) -> None:
    context = site_context(counted.url)
    page = context.new_page()
    counted.take()
    page.goto(counted.url + "?game=avissinia&seed=5&speed=0")
    page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function(INSTALLED, timeout=LOAD_TIMEOUT)  # installed: all files kept
    sent = counted.take()
    twice = sorted(path for path, n in Counter(p for p, _ in sent).items() if n > 1)
    assert twice == []
    assert not any("snapshot-" in path for path, _ in sent)
    # Everything was kept: the next visit fetches nothing at all, even offline.
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    finally:
        context.set_offline(False)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "bootstrap"
    page.close()


UPDATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  await reg.update();
  const worker = reg.installing;
  if (!worker) return "no new worker";
  return new Promise((done) => worker.addEventListener("statechange", () => {
    if (worker.state === "redundant" || worker.state === "installed") done(worker.state);
  }));
}"""


def test_a_new_worker_whose_server_holds_other_files_keeps_nothing(
    site_context: Any, site: str, tmp_path: Any
) -> None:
    """A half-published build (the new worker, an old file beside it) is not installed:
    its cache is dropped, and the page goes on with the version it has, whole."""
    import re
    import shutil

    folder = tmp_path / "site"
    shutil.copytree(_build_module().DIST, folder)
    copy = Counted(folder)
    try:
        page = site_context(copy.url).new_page()
        page.goto(copy.url + "?game=avissinia&seed=9&speed=0")
        page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
        page.wait_for_function(INSTALLED, timeout=LOAD_TIMEOUT)
        worker = (folder / "sw.js").read_text()
        # The new build's worker expects another style.css than the server still holds.
        worker = worker.replace('PREFIX + "', 'PREFIX + "next-')
        worker, changed = re.subn(r'("style.css": ")[0-9a-f]{64}', r"\g<1>" + "0" * 64, worker)
        assert changed == 1
        (folder / "sw.js").write_text(worker)
        assert page.evaluate(UPDATE) == "redundant"
        keys = page.evaluate("caches.keys()")
        assert not any(" next-" in key for key in keys)
        assert any(key.startswith("cardtable ") for key in keys)  # the old version, whole
    finally:
        copy.server.shutdown()
