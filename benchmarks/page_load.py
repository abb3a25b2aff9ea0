#!/usr/bin/env python3
"""What the card table costs on the wire and in waiting, beside a bare PyScript page.

Builds dist/ and serves, from one local server that counts every file body it sends:

- the bare page: PyScript and Pyodide as their packages ship them (the whole standard
  library, every PyScript chunk core loads), printing one line;
- the game's first visit (a fresh browser context): until the table is ready, then until
  the service worker has installed (the whole visit's cost);
- a host page with a <card-table> 4,000 px below the fold: what it fetches while the reader
  has not scrolled (5 s), then, once scrolled to, until the table is ready and the worker
  has installed;
- return visits in the first visit's context: the second (the runtime from the worker's
  cache; the page asks for the Python snapshot in the background) and the third (Python
  restored from the snapshot).

For each: ms to ready, requests, bytes raw and gzip-compressed (level 6, as a server would
send them), and files fetched twice (a body sent twice for one path in one visit).  Times
are medians over --runs; ratios are to the bare page's median from the same run.  Goals:
first visit gzip bytes <= 0.8 x the bare page's, its time to ready <= the bare page's, the
return visit with the snapshot <= 0.25.

    python benchmarks/page_load.py [--runs 5] [--lang lt]

--lang opens the game's page in that language (lang=): its catalogue is fetched too.

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import importlib.util
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.moves import SNAPSHOT_KEPT  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync",
        "--disable-dev-shm-usage"]
BARE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<script type="module" src="../runtime/pyscript/core.js"></script></head>
<body>
<script type="py" config='{"interpreter": "../runtime/pyodide/pyodide.mjs"}'>
from pyscript import document
print("bare page ready")
document.body.dataset.ready = "1"
</script>
</body></html>
"""
BELOW_THE_FOLD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A blog post</title>
<link rel="icon" href="data:,"><script src="../game/embed.js"></script></head>
<body><h1>A blog post</h1><div style="height: 4000px">A long read.</div>
<card-table game="avissinia" seed="1" speed="0"></card-table>
<script>
document.querySelector("card-table").addEventListener("ready", () => {
  window.__readyAt = performance.now();
});
</script></body></html>
"""
# Note the moment the page says it is ready, measured from navigation start.
MARK_READY = """
new MutationObserver(() => {
  if (document.body && document.body.dataset.ready === "1" && !window.__readyAt)
    window.__readyAt = performance.now();
}).observe(document, {attributes: true, subtree: true, childList: true});
"""
INSTALLED = "navigator.serviceWorker.controller !== null"
UNSCROLLED_SECONDS = 5


def load_build() -> Any:
    spec = importlib.util.spec_from_file_location("cardtable_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class QuietServer(http.server.ThreadingHTTPServer):
    """A closed context drops its service worker's background downloads mid-file: that is
    expected here, not worth a traceback."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve_folder(folder: Path, served: Any = None) -> tuple[QuietServer, str]:
    """Serve a folder as build.py serves dist/, from a thread; (server, base URL)."""
    server = QuietServer(("127.0.0.1", 0), load_build().make_handler(folder, served))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


class Wire:
    """The file bodies the server sent, by path, since the last mark."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sent: list[str] = []
        self.lock = threading.Lock()
        self.gzip_sizes: dict[str, int] = {}

    def served(self, path: str, size: int) -> None:
        with self.lock:
            self.sent.append(path)

    def mark(self) -> None:
        with self.lock:
            self.sent.clear()

    def figures(self) -> dict[str, Any]:
        with self.lock:
            sent = list(self.sent)
        raw = packed = 0
        for path in sent:
            file = self.root / path.lstrip("/")
            if file.is_dir():
                file = file / "index.html"
            if path not in self.gzip_sizes:
                self.gzip_sizes[path] = len(gzip.compress(file.read_bytes(), 6))
            raw += file.stat().st_size
            packed += self.gzip_sizes[path]
        twice = sorted(p for p, n in Counter(sent).items() if n > 1)
        return {"requests": len(sent), "raw": raw, "gzip": packed, "twice": twice}


def ready_ms(page: Any) -> float:
    page.wait_for_function("window.__readyAt", timeout=180_000)
    return float(page.evaluate("window.__readyAt"))


def settle_wire(wire: Wire, quiet: float = 1.5, limit: float = 30.0) -> None:
    """Wait until the server has sent nothing for ``quiet`` seconds."""
    end = time.monotonic() + limit
    count = -1
    while time.monotonic() < end:
        now = len(wire.sent)
        if now == count:
            return
        count = now
        time.sleep(quiet)


def visit(page: Any, url: str, wire: Wire, *, worker: bool) -> dict[str, Any]:
    """Open ``url``: figures until ready and, with ``worker``, until the service worker
    controls the page and the wire is quiet."""
    wire.mark()
    page.goto(url)
    figures = {"ms": ready_ms(page), "ready": wire.figures()}
    if worker:
        page.wait_for_function(INSTALLED, timeout=180_000)
    settle_wire(wire)
    figures["visit"] = wire.figures()
    return figures


def embedded(browser: Any, url: str, wire: Wire) -> dict[str, Any]:
    context = browser.new_context()
    wire.mark()
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("load")
    time.sleep(UNSCROLLED_SECONDS)
    unscrolled = wire.figures()
    wire.mark()
    start = float(page.evaluate("performance.now()"))
    page.evaluate("document.querySelector('card-table').scrollIntoView()")
    ms = ready_ms(page) - start
    ready = wire.figures()
    frame = next(f for f in page.frames if "embed=1" in f.url)
    frame.wait_for_function(INSTALLED, timeout=180_000)
    settle_wire(wire)
    figures = {"unscrolled": unscrolled, "ms": ms, "ready": ready, "visit": wire.figures()}
    context.close()
    return figures


def bare(browser: Any, url: str, wire: Wire) -> dict[str, Any]:
    context = browser.new_context()
    context.add_init_script(MARK_READY)
    figures = visit(context.new_page(), url, wire, worker=False)
    context.close()
    return figures


def one_run(browser: Any, pages: dict[str, str], wire: Wire, bare_first: bool) -> dict[str, Any]:
    """One of each visit; the bare page first or last (alternate runs), as the order of
    cold loads can matter."""
    out: dict[str, Any] = {}
    if bare_first:
        out["bare"] = bare(browser, pages["bare"], wire)
    context = browser.new_context()
    context.add_init_script(MARK_READY)
    page = context.new_page()
    out["first"] = visit(page, pages["game"], wire, worker=True)
    out["second"] = visit(page, pages["game"], wire, worker=True)
    page.wait_for_function(SNAPSHOT_KEPT, polling=100, timeout=180_000)
    settle_wire(wire)
    out["second"]["visit"] = wire.figures()
    out["third"] = visit(page, pages["game"], wire, worker=True)
    assert page.evaluate("document.documentElement.dataset.pythonStart") == "snapshot"
    context.close()
    out["embed"] = embedded(browser, pages["embed"], wire)
    if not bare_first:
        out["bare"] = bare(browser, pages["bare"], wire)
    return out


def line(name: str, runs: list[dict[str, Any]], key: str, bare_ms: float, bare_gz: int) -> str:
    times = [r[key]["ms"] for r in runs if "ms" in r[key]]
    last = runs[-1][key]
    parts = [f"{name:34}"]
    if times:
        mid = statistics.median(times)
        parts.append(f"{mid:6.0f} ms  x{mid / bare_ms:4.2f}")
    else:
        parts.append(" " * 17)
    for label in ("unscrolled", "ready", "visit"):
        if label in last:
            f = last[label]
            parts.append(f"| {label}: {f['requests']:3} req {f['raw'] / 1e6:6.2f} MB raw "
                         f"{f['gzip'] / 1e6:6.2f} MB gz (x{f['gzip'] / bare_gz:4.2f}) "
                         f"twice: {','.join(f['twice']) or 'none'}")
    return "  ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="visits of each kind")
    parser.add_argument("--lang", default="", help="the game's page in this language")
    args = parser.parse_args()
    build = load_build()
    build.cmd_build(argparse.Namespace())
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(build.DIST, root / "game")
        runtime = root / "runtime"  # the bare page's: Pyodide and PyScript as they ship
        (runtime / "pyodide").mkdir(parents=True)
        for name in build.PYODIDE_FILES:
            shutil.copyfile(build.NODE_MODULES / "pyodide" / name, runtime / "pyodide" / name)
        shutil.copytree(build.NODE_MODULES / "@pyscript" / "core" / "dist", runtime / "pyscript")
        (root / "bare").mkdir()
        (root / "bare" / "index.html").write_text(BARE)
        (root / "host").mkdir()
        (root / "host" / "below.html").write_text(BELOW_THE_FOLD)
        wire = Wire(root)
        server, base = serve_folder(root, wire.served)
        pages = {"bare": base + "bare/", "game": base + "game/?game=avissinia&seed=1&speed=0"
                 + (f"&lang={args.lang}" if args.lang else ""),
                 "embed": base + "host/below.html"}
        runs = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            bare(browser, pages["bare"], wire)  # warm the OS file cache; not counted
            for run in range(args.runs):
                runs.append(one_run(browser, pages, wire, bare_first=run % 2 == 0))
                r = runs[-1]
                print(f"run {run + 1}: bare {r['bare']['ms']:.0f} ms, first {r['first']['ms']:.0f},"
                      f" second {r['second']['ms']:.0f}, third {r['third']['ms']:.0f},"
                      f" embed after scroll {r['embed']['ms']:.0f}", flush=True)
            browser.close()
        server.shutdown()
    bare_ms = statistics.median(r["bare"]["ms"] for r in runs)
    bare_gz = runs[-1]["bare"]["ready"]["gzip"]
    print()
    for name, key in (("bare PyScript page, cold", "bare"), ("game, first visit", "first"),
                      ("embed below the fold (scrolled)", "embed"),
                      ("game, second visit", "second"), ("game, third visit (snapshot)", "third")):
        print(line(name, runs, key, bare_ms, bare_gz))
    first = runs[-1]["first"]["ready"]["gzip"]
    third = statistics.median(r["third"]["ms"] for r in runs)
    first_ms = statistics.median(r["first"]["ms"] for r in runs)
    print(f"goals: first visit gzip bytes to ready x{first / bare_gz:.3f} of the bare page's "
          f"(<= 0.8); time to ready x{first_ms / bare_ms:.2f} (<= 1); return visit from the "
          f"snapshot x{third / bare_ms:.2f} (<= 0.25)")


if __name__ == "__main__":
    main()
