#!/usr/bin/env python3
"""How long the review of one deal takes on the page, per game, against CPython.

The same deals as ``review_timing.py`` (medium against medium, seat 0 included, until the
first deal, round or hand is finished) are opened on the built page from their replay
links; History's Review button reviews seat 0's play in that deal, in slices the page runs
between its other work.  Prints, per game: the decisions reviewed, the review's time as the
page reports it (start to end, the browser's time between slices included), the wall time
from the click to the panel's result, the longest main-thread task meanwhile (the page is
never blocked for longer), the same review under CPython, and the ratio.

    python benchmarks/review_browser.py [--deals 1]

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from opponents_browser import ARGS, built_site  # noqa: E402
from review_timing import CASES, one_deal  # noqa: E402

from pygame_core.replay import Replay, encode  # noqa: E402
from pygame_core.review import review, run_to_end  # noqa: E402
from pygame_core.session.replay_review import table_words  # noqa: E402

WATCH_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({type: "longtask", buffered: true});
"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1, help="deals (seeds) per game")
    args = parser.parse_args()
    site = built_site()
    print("review of seat 0's first deal on the page (Pyodide) and under CPython")
    print(f"{'game':22} {'seed':>4} {'decisions':>9} {'page s':>7} {'wall s':>7} "
          f"{'long task ms':>12} {'CPython s':>9} {'ratio':>6}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for name, options in CASES:
            for seed in range(1, args.deals + 1):
                game = one_deal(name, options, seed)
                started = time.perf_counter()
                cpython = run_to_end(review(game, 0, deal=0,
                                            narrate=table_words(game.NAME, game.num_players)))
                cpython_s = time.perf_counter() - started
                link = site + "#replay=" + encode(Replay.of(game))
                page: Any = browser.new_page()
                page.add_init_script(WATCH_LONG_TASKS)
                page.goto(link)
                page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
                page.keyboard.press("r")
                page.wait_for_selector("#panel[open] [data-cmd='review'][data-key='0']")
                page.evaluate("window.__longTasks = []")
                clicked = time.perf_counter()
                page.click("#panel-body [data-cmd='review'][data-key='0']")
                page.wait_for_selector("#review-body[data-state='done']", timeout=600_000)
                wall = time.perf_counter() - clicked
                seconds = float(page.get_attribute(".review-time", "data-seconds") or "nan")
                text = page.inner_text(".review-time")
                decisions = int(text.split()[0])
                longest = max(page.evaluate("window.__longTasks") or [0])
                label = name + (f" players={options['players']}" if options else "")
                print(f"{label:22} {seed:>4} {decisions:>9} {seconds:>7.2f} {wall:>7.2f} "
                      f"{longest:>12.0f} {cpython_s:>9.2f} {seconds / cpython_s:>6.1f}")
                assert decisions == len(cpython.decisions)
                page.close()
        browser.close()


if __name__ == "__main__":
    main()
