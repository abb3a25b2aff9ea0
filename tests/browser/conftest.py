"""Browser tests: build dist/ once, serve it from a thread, drive Debian's chromium.

One browser for the session; one shared page for the tests that can share it (Pyodide's
cold start is the slow part).  Every page is watched: a request that leaves the site's
origin, a console error or an uncaught page error fails the test that caused it.
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import importlib.util
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .moves import STILL, actions_of, play  # noqa: F401  (the tests import them from here)

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync",
    # Shared memory in /tmp, not /dev/shm, which containers keep small: a full /dev/shm
    # crashes the renderer ("Target crashed").
    "--disable-dev-shm-usage",
]
# A frame's document may not have its body yet (about:blank, or still parsing): a
# predicate that threw would end the wait instead of retrying it.
READY = "document.body !== null && document.body.dataset.ready === '1'"
LOAD_TIMEOUT = 90_000


def _build_module() -> Any:
    spec = importlib.util.spec_from_file_location("cardtable_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """Build dist/ and serve it on a free port; yields the base URL (ending in /).
    ``build.py test`` builds it once before the browser tests' workers start (each worker
    serves it on its own port): CARDTABLE_DIST_BUILT says so, and no worker builds again."""
    build = _build_module()
    if not os.environ.get("CARDTABLE_DIST_BUILT"):
        build.cmd_build(argparse.Namespace())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), build.make_handler(build.DIST))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


class Watch:
    """What the pages did that they should not: foreign requests, console errors."""

    def __init__(self, origin: str) -> None:
        self.origin = origin.rstrip("/")
        self.foreign: list[str] = []
        self.errors: list[str] = []

    def attach(self, context: Any) -> None:
        context.on("request", self._request)
        context.on("page", self.page)

    def page(self, page: Any) -> None:
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text[:2000]))
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))

    def _request(self, request: Any) -> None:
        url = request.url
        if not (url.startswith(self.origin + "/") or url.startswith(("data:", "blob:"))):
            self.foreign.append(url)

    def check(self) -> None:
        foreign, errors = list(self.foreign), list(self.errors)
        self.foreign.clear()
        self.errors.clear()
        assert not foreign, f"requests left the site: {foreign}"
        assert not errors, f"console errors: {errors}"


@pytest.fixture(scope="session")
def watch(site: str) -> Watch:
    return Watch(site)


@pytest.fixture(autouse=True)
def _clean_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "watch" in request.fixturenames:
        request.getfixturevalue("watch").check()


@pytest.fixture(scope="session")
def browser_instance() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def new_context(browser_instance: Any, watch: Watch) -> Iterator[Any]:
    """Make fresh browser contexts (own storage, own cache); all are closed at the end."""
    made: list[Any] = []

    def make(**kwargs: Any) -> Any:
        context = browser_instance.new_context(**kwargs)
        watch.attach(context)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture(scope="session")
def shared_holder() -> dict[str, Any]:
    """The shared page ("page"), and whether its renderer has crashed ("crashed")."""
    return {}


@pytest.fixture
def shared(new_context: Any, shared_holder: dict[str, Any]) -> Any:
    """One page that the table tests share; each test navigates it as it needs.

    Chromium's renderer has crashed a few times in a whole run here ("Target crashed",
    nothing to do with the page: it loaded and played as usual just before).  A crashed
    page stays dead, so the next test gets a new one; the crashed test itself is run again
    once (``--only-rerun "Target crashed"`` in build.py), never a test that failed an
    assertion."""
    if "page" not in shared_holder or shared_holder["crashed"]:
        page = new_context().new_page()
        page.on("crash", lambda _: shared_holder.update(crashed=True))
        shared_holder.update(page=page, crashed=False)
    return shared_holder["page"]


@pytest.fixture(autouse=True, scope="module")
def _fresh_storage_per_file(shared_holder: dict[str, Any]) -> None:
    """Each test file starts the shared page's storage empty: the files run on two
    workers in any order, so one file's saves must not be found by the next file's tests
    (a test counting its damaged games once found another file's)."""
    page = shared_holder.get("page")
    if page is not None and not shared_holder.get("crashed"):
        with contextlib.suppress(Exception):  # a page not on the site has no storage of ours
            page.evaluate("localStorage.clear()")


def open_page(page: Any, url: str) -> Any:
    page.goto(url)
    page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    return page


NOT_THINKING = "document.body.dataset.turn !== 'opponent'"


def settle(page: Any) -> str:
    """Wait until the computer players are done; return whose turn (data-turn) it is."""
    page.wait_for_function(NOT_THINKING, timeout=60_000)
    return str(page.evaluate("document.body.dataset.turn"))


