#!/usr/bin/env python3
"""Record the standard-library modules the page imports, for build.py's trimmed
python_stdlib.zip (web/stdlib-modules.txt).

Builds dist/ with the whole standard library (CARDTABLE_FULL_STDLIB=1), then drives the real
page in chromium through what a player can do: a whole match of each game with a hint at
every turn, undo, the history, the help, the settings, the statistics, the saves (save,
export, import), the Embed dialog, the review and a replay link; and the table embedded in
a host page taking the new-game, pause and resume commands.  After each session it reads
the interpreter's sys.modules and keeps every module that came from the standard-library
zip.  The names are written one a line; build.py adds, as a margin, every module those
import anywhere in their source (inside functions too), and fails when the page's own code
imports a standard-library module outside that set.

    python benchmarks/record_imports.py [--out web/stdlib-modules.txt]

Not a test: it measures.  Run it again when the page starts using new parts of Python.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.page_load import ARGS, load_build, serve_folder  # noqa: E402
from tests.browser.moves import actions_of, play  # noqa: E402

READY = "document.body !== null && document.body.dataset.ready === '1'"
NOT_THINKING = "document.body.dataset.turn !== 'opponent'"
# (game, the address's options for a whole match that is not too long)
MATCHES = (
    ("avissinia", "target=1"),
    ("avinas", "pip_target=1"),
    ("abyssinia", "players=3&levels=easy,easy"),
)


def expose_python(route: Any) -> None:
    """Serve loader.mjs with its loadPyodide keeping the interpreter in a global."""
    body = route.fetch().text()
    body = body.replace("export async function loadPyodide(", "async function loadPyodideInner(")
    body += ("\nexport async function loadPyodide(options) {\n"
             "  const python = await loadPyodideInner(options);\n"
             "  globalThis.__cardtablePython = python;\n  return python;\n}\n")
    route.fulfill(body=body, headers={"content-type": "text/javascript"})


def stdlib_modules(page: Any) -> set[str]:
    text = page.evaluate("""() => globalThis.__cardtablePython.runPython(`
import json, sys
def _from_stdlib(module):  # an entry of python_stdlib.zip (not frozen, not a package's)
    path = getattr(module, '__file__', None) or ''
    return path.startswith('/lib/python') and '.zip/' in path
# By file: _frozen_importlib is importlib/_bootstrap.py, and so on.
json.dumps(sorted({m.__file__.split('.zip/', 1)[1].removesuffix('.py')
                   .removesuffix('/__init__').replace('/', '.')
                   for m in list(sys.modules.values()) if _from_stdlib(m)}))
`)""")
    return set(json.loads(text))


def settle(page: Any) -> str:
    page.wait_for_function(NOT_THINKING, timeout=120_000)
    return str(page.evaluate("document.body.dataset.turn"))


def panel(page: Any, command: str) -> None:
    """Open a panel from the menu and close it again."""
    page.click(f"#tools [data-cmd='{command}']")
    page.wait_for_selector("#panel[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#panel:not([open])", state="attached")


def saves(page: Any, downloads: Path) -> None:
    """Save the game under a name, export it to a file, import that file."""
    page.wait_for_function(READY)
    page.click("#tools [data-cmd='saves']")
    page.wait_for_selector("#app section.saves")
    page.fill("#save-name", "recorded")
    page.click("#app [data-cmd='save-as']")
    page.wait_for_selector("#app [data-cmd='export']")
    with page.expect_download() as download:
        page.click("#app [data-cmd='export'] >> nth=0")
    saved = downloads / "export.json"
    download.value.save_as(saved)
    page.set_input_files("#import-file", str(saved))  # opens the imported game
    page.wait_for_selector("#app section.table")


def whole_match(page: Any, rng: random.Random) -> None:
    """Play to the match's end with a hint at every turn, an undo, the history."""
    undone = False
    for _ in range(2000):
        turn = settle(page)
        if turn == "over":
            return
        if turn == "summary":
            page.click("[data-cmd='next-round']")
        elif turn == "you":
            page.keyboard.press("h")
            page.wait_for_function("document.getElementById('hint').textContent !== ''")
            actions = actions_of(page)
            play(page, rng.choice(actions))
            if not undone:
                settle(page)
                page.keyboard.press("u")
                undone = True
        else:
            raise AssertionError(f"unexpected turn {turn!r}")
    raise AssertionError("the match never ended")


def session(page: Any, url: str, rng: random.Random, downloads: Path) -> None:
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    for command in ("help", "settings", "stats", "embed"):
        panel(page, command)
    saves(page, downloads)
    whole_match(page, rng)
    page.keyboard.press("r")  # the history
    page.wait_for_selector("#panel[open]")
    page.keyboard.press("Escape")
    # The review of the finished match, and its replay.
    if page.locator("[data-cmd='review']").count():
        page.click("[data-cmd='review'] >> nth=0")
        page.wait_for_selector("#review-body[data-state='done']", timeout=600_000)
        opener = page.locator("#panel-body [data-cmd='replay-open']")
        if opener.count():
            opener.first.click()
            page.wait_for_function("document.body.dataset.turn === 'replay'")
            page.click("[data-cmd='replay-forward']")
            page.click("[data-cmd='replay-close']")
        else:
            page.keyboard.press("Escape")


def embedded(context: Any, base: str) -> Any:
    """The table in a host page, taking the embed commands."""
    page = context.new_page()
    page.route("**/pyodide/loader.mjs", expose_python)
    host = (ROOT / "tests" / "browser" / "host.html").read_text()
    page.route(re.compile(r"/host\.html"),
               lambda route: route.fulfill(body=host, content_type="text/html"))
    page.goto(f"{base}host.html?site={base}&attrs=game%3Davinas%26speed%3D0")
    page.wait_for_function("window.events && window.events.some(e => e.type === 'ready')",
                           timeout=120_000)
    page.evaluate("window.table.newGame({game: 'abyssinia', players: 3, seed: 5})")
    page.evaluate("window.table.pause()")
    page.evaluate("window.table.resume()")
    page.evaluate("window.table.newGame({game: 'nonsense'})")  # refused, with an error reply
    frame = next(f for f in page.frames if f.url.startswith(base + "index.html"))
    frame.wait_for_function("(localStorage.getItem('cardtable:current') || '')"
                            ".includes('abyssinia')", timeout=60_000)
    return frame


def write(out: Path, found: set[str]) -> None:
    """The record so far (written after every session, so a failure keeps what it had)."""
    out.write_text(
        "# Standard-library modules the page imported in whole sessions of every game\n"
        "# (benchmarks/record_imports.py wrote this; build.py keeps these and what they import).\n"
        + "".join(f"{name}\n" for name in sorted(found)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "web" / "stdlib-modules.txt")
    args = parser.parse_args()
    os.environ["CARDTABLE_FULL_STDLIB"] = "1"
    build = load_build()
    build.cmd_build(argparse.Namespace())
    from playwright.sync_api import sync_playwright

    found: set[str] = set()
    rng = random.Random(44)
    server, base = serve_folder(build.DIST)
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for game, options in MATCHES:
            context = browser.new_context(accept_downloads=True)
            page = context.new_page()
            page.route("**/pyodide/loader.mjs", expose_python)
            session(page, f"{base}?game={game}&{options}&seed=7&speed=0&sw=0", rng, Path(tmp))
            modules = stdlib_modules(page)
            print(f"{game}: {len(modules)} standard-library modules", flush=True)
            found |= modules
            write(args.out, found)
            context.close()
        context = browser.new_context()
        frame = embedded(context, base)
        found |= stdlib_modules(frame)
        write(args.out, found)
        context.close()
        browser.close()
    server.shutdown()
    print(f"{len(found)} modules -> {args.out}")


if __name__ == "__main__":
    main()
