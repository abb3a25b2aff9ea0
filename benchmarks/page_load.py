#!/usr/bin/env python3
"""How much the card table costs over a bare PyScript page on the same Pyodide.

Builds dist/, writes a bare page that loads the same Pyodide through the same PyScript and
prints one line, serves both, then times cold loads (a fresh browser context each, the two
pages alternating) from navigation to ready, and counts the bytes each page transfers, raw
and gzip-compressed.  Then, in one context per run, a return visit with and without the
Python snapshot, and an offline one.  Goals, as ratios to the bare page cold: first
visit <= 1.05, return
visit with the snapshot <= 0.35; <= 300 KB gzip more than the bare page on a first visit.

    python benchmarks/page_load.py [--runs 5]

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import importlib.util
import shutil
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
BARE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<script type="module" src="../game/pyscript/core.js"></script></head>
<body>
<script type="py" config='{"interpreter": "../game/pyodide/pyodide.mjs"}'>
from pyscript import document
print("bare page ready")
document.body.dataset.ready = "1"
</script>
</body></html>
"""
# Note the moment the page says it is ready, measured from navigation start.
MARK_READY = """
new MutationObserver(() => {
  if (document.body && document.body.dataset.ready === "1" && !window.__readyAt)
    window.__readyAt = performance.now();
}).observe(document, {attributes: true, subtree: true, childList: true});
"""


def load_build() -> Any:
    spec = importlib.util.spec_from_file_location("cardtable_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SNAPSHOT_STORED = """caches.keys().then(async keys => {
  for (const key of keys) {
    const names = (await (await caches.open(key)).keys()).map(r => r.url);
    if (names.some(url => /snapshot-[0-9a-f]+\\.bin$/.test(url))) return true;
  }
  return false;
})"""


class QuietServer(http.server.ThreadingHTTPServer):
    """A closed context drops its service worker's background downloads mid-file: that is
    expected here, not worth a traceback."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def body_of(request: Any) -> bytes:
    """A finished response's body, read after the load (reading bodies while the page loads
    costs the browser a round trip each, which slowed the pages with more requests); one
    the page navigated away from has none to give."""
    try:
        return bytes(request.response().body())
    except Exception as exc:  # playwright's Error: "No resource with given identifier"
        if "navigated away" not in str(exc) and "No resource" not in str(exc):
            raise
        return b""


def watched(context: Any) -> tuple[Any, list[Any]]:
    context.add_init_script(MARK_READY)
    page = context.new_page()
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    return page, finished


def ready_ms(page: Any) -> float:
    page.wait_for_function("window.__readyAt", timeout=120_000)
    return float(page.evaluate("window.__readyAt"))


def measure(browser: Any, url: str) -> tuple[float, int, int, int]:
    """One cold load: (ms to ready, requests, raw bytes, gzip bytes) of what the page had
    fetched when it was ready."""
    context = browser.new_context()
    page, finished = watched(context)
    page.goto(url)
    ms = ready_ms(page)
    done = list(finished)
    bodies = [body_of(request) for request in done]
    context.close()
    raw = sum(len(b) for b in bodies)
    packed = sum(len(gzip.compress(b, 6)) for b in bodies)
    return ms, len(bodies), raw, packed


def visits(browser: Any, url: str) -> dict[str, float]:
    """One player's visits in one context: cold, then (once the service worker keeps the
    site and its snapshot) a return visit without the snapshot, one with it, and offline."""
    context = browser.new_context()
    page, _ = watched(context)
    page.goto(url)
    times = {"cold, in the visits' context": ready_ms(page)}
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.wait_for_function(SNAPSHOT_STORED, timeout=120_000)
    for name, address in (("return, no snapshot", url + "&snapshot=0"),
                          ("return, snapshot", url), ("offline", url)):
        context.set_offline(name == "offline")
        page.goto(address)
        times[name] = ready_ms(page)
        start = page.evaluate("document.documentElement.dataset.pythonStart")
        assert start == ("bootstrap" if "no snapshot" in name else "snapshot"), (name, start)
    context.set_offline(False)
    context.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="loads of each kind")
    args = parser.parse_args()
    build = load_build()
    build.cmd_build(argparse.Namespace())
    from playwright.sync_api import sync_playwright

    snapshot = next((build.DIST / "pyodide").glob("snapshot-*.bin")).read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(build.DIST, root / "game")
        (root / "bare").mkdir()
        (root / "bare" / "index.html").write_text(BARE)
        server = QuietServer(("127.0.0.1", 0), build.make_handler(root))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        pages = {"bare": base + "bare/", "game": base + "game/?game=avissinia&seed=1&speed=0"}
        results: dict[str, list[tuple[float, int, int, int]]] = {"bare": [], "game": []}
        later: dict[str, list[float]] = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            measure(browser, pages["bare"])  # warm the OS file cache; not counted
            for run in range(args.runs):
                order = ("bare", "game") if run % 2 == 0 else ("game", "bare")
                for name in order:
                    results[name].append(measure(browser, pages[name]))
                    print(f"run {run + 1} {name} cold: {results[name][-1][0]:.0f} ms", flush=True)
                for name, ms in visits(browser, pages["game"]).items():
                    later.setdefault(name, []).append(ms)
                    print(f"run {run + 1} game {name}: {ms:.0f} ms", flush=True)
            browser.close()
        server.shutdown()
    median = {k: statistics.median(r[0] for r in v) for k, v in results.items()}
    bare = median["bare"]
    print()
    for name in ("bare", "game"):
        _, count, raw, packed = results[name][-1]
        times = ", ".join(f"{r[0]:.0f}" for r in results[name])
        print(f"{name + ' cold':28} median {median[name]:6.0f} ms  ratio {median[name] / bare:.3f}"
              f"  ({times})  {count} requests, {raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzip")
    for name, values in later.items():
        mid = statistics.median(values)
        times = ", ".join(f"{v:.0f}" for v in values)
        print(f"{'game ' + name:28} median {mid:6.0f} ms  ratio {mid / bare:.3f}  ({times})")
    print(f"goals: first visit ratio <= 1.05 (now {median['game'] / bare:.3f}); return visit "
          f"with snapshot <= 0.35 (now {statistics.median(later['return, snapshot']) / bare:.3f})")
    extra_raw = results["game"][-1][2] - results["bare"][-1][2]
    extra_gz = results["game"][-1][3] - results["bare"][-1][3]
    print(f"first visit transfers {extra_raw / 1e3:+.1f} KB raw, {extra_gz / 1e3:+.1f} KB gzip "
          f"more than the bare page before it is ready (goal <= 300 KB gzip)")
    print(f"the service worker then fetches the snapshot in the background: "
          f"{len(snapshot) / 1e6:.1f} MB raw, {len(gzip.compress(snapshot, 6)) / 1e6:.1f} MB gzip")


if __name__ == "__main__":
    main()
