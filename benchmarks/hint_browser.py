#!/usr/bin/env python3
"""How long the coach's hint takes on the page at the Normal pace, per game.

Builds and serves dist/, opens each game from a link at the Normal pace (800 ms, medium
opponents), and on each of the human's turns presses H, times the wait from the key to the
hinted move's mark (``.hinted``), plays the hinted move and goes on, ``--hints`` times a
game.  Prints, per game: the hints timed, their median and longest time, and the longest
main-thread task while a hint was being worked out (the page is never blocked for longer).

    python benchmarks/hint_browser.py [--hints 10] [--seed 1] [--game avissinia]

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from moves import play  # noqa: E402
from opponents_browser import ARGS, built_site  # noqa: E402

WATCH_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({type: "longtask", buffered: true});
"""
GAMES = {"avissinia": "medium,medium,medium", "avinas": "medium,medium,medium",
         "abyssinia": "medium,medium,medium"}


def settle(page: Any) -> str:
    """Wait for the human's turn (going on past a deal's summary); the turn then."""
    while True:
        page.wait_for_function("['you', 'summary', 'over'].includes(document.body.dataset.turn)",
                               timeout=120_000)
        turn = page.evaluate("document.body.dataset.turn")
        if turn != "summary":
            return str(turn)
        page.click("[role='dialog'] [data-cmd='next-round']")
        page.wait_for_function("document.body.dataset.turn !== 'summary'")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=10, help="hints timed per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=list(GAMES), action="append")
    args = parser.parse_args()
    site = built_site()
    print("the coach's hint on the page (Pyodide), Normal pace (800 ms)")
    print(f"{'game':12} {'hints':>5} {'median ms':>10} {'max ms':>8} {'long task ms':>12}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name in args.game or list(GAMES):
            page: Any = browser.new_page(viewport={"width": 1280, "height": 800})
            page.add_init_script(WATCH_LONG_TASKS)
            page.goto(f"{site}?game={name}&seed={args.seed}&levels={GAMES[name]}&speed=800")
            page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
            times: list[float] = []
            longest = 0.0
            while len(times) < args.hints and settle(page) == "you":
                page.evaluate("window.__longTasks = []")
                started = time.perf_counter()
                page.keyboard.press("h")
                page.wait_for_selector(".hinted", state="attached", timeout=60_000)
                times.append((time.perf_counter() - started) * 1000)
                longest = max(longest, *(page.evaluate("window.__longTasks") or [0]))
                action = page.get_attribute(".hinted", "data-action")
                play(page, str(action))
                page.wait_for_function("document.body.dataset.turn !== 'you' || "
                                       "!document.querySelector('.hinted')")
            print(f"{name:12} {len(times):>5} {statistics.median(times):>10.0f} "
                  f"{max(times):>8.0f} {longest:>12.0f}")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
