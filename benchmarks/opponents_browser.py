#!/usr/bin/env python3
"""The computer players in the browser: decision times, and the longest main-thread task.

Builds and serves dist/, opens a game with hard opponents in every computer seat and no
pause between moves (``speed=0``), plays the human's seat by clicking legal moves, and
watches the main thread with a PerformanceObserver for long tasks while the opponents
think.  Prints the median and 95th percentile of the hard decisions' thinking time (the
glue marks each decision) and the longest task.  Goals: 250 ms at the 95th percentile and
50 ms for the longest task.  Cards move (web/motion.js) at every pace; each redraw's own
cost (measure, swap the markup, start the animations) is timed too and its longest printed.
``--moves 0`` plays the whole game.

    python benchmarks/opponents_browser.py [--game avissinia] [--seed 1] [--moves 200]
        [--speed 800]

``--speed`` is the page's pause between computer moves in ms (0 Instant, 300 Fast, 800
Normal, 1400 Slow).  When the page's decision marks carry the search's iterations
(``decision hard 612.3 iterations 240``, from ``opponent.iterations``), their median is
printed too: the budget to give ``arena --level-iterations`` for the strength the player
meets.  The time from one computer decision to the next is printed as a median.

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import http.server
import importlib.util
import itertools
import random
import statistics
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
WATCH_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({type: "longtask", buffered: true});
window.__swaps = [];
addEventListener("DOMContentLoaded", () => {
  const motion = window.cardMotion;
  if (!motion) return;
  const swap = motion.swap;
  motion.swap = function (app, html, options) {
    const start = performance.now();
    swap.call(this, app, html, options);
    window.__swaps.push(performance.now() - start);
  };
});
"""


def _build() -> Any:
    spec = importlib.util.spec_from_file_location("cardtable_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="avissinia")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=200, help="human moves to play at most")
    parser.add_argument("--options", default="", help="extra query text, e.g. players=4")
    parser.add_argument("--speed", type=int, default=0, help="the pause in ms (the pace)")
    args = parser.parse_args()

    build = _build()
    build.cmd_build(argparse.Namespace())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), build.make_handler(build.DIST))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    seats = int(dict(q.split("=") for q in args.options.split("&") if q).get("players", 4)) - 1
    levels = ",".join(["hard"] * seats)
    query = (f"?game={args.game}&seed={args.seed}&speed={args.speed}&levels={levels}"
             + (f"&{args.options}" if args.options else ""))
    rng = random.Random(args.seed)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page()
        page.add_init_script(WATCH_LONG_TASKS)
        page.goto(base + query)
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
        page.evaluate("window.__longTasks = []; window.__swaps = []")  # start-up: page_load.py
        moves = 0
        while moves < args.moves or not args.moves:
            page.wait_for_function("document.body.dataset.turn !== 'opponent'", timeout=120_000)
            turn = page.evaluate("document.body.dataset.turn")
            if turn == "you":
                actions = page.eval_on_selector_all(
                    "[data-action]", "els => els.map(e => e.dataset.action)")
                page.click(f"[data-action='{rng.choice(actions)}']")
                moves += 1
            elif turn == "summary":
                page.click("[data-cmd='next-round']")
            else:
                break
        entries = page.evaluate(
            "performance.getEntriesByType('mark').filter(m => m.name.startsWith('decision '))"
            ".map(m => [m.name, m.startTime])")
        marks = [name for name, _ in entries]
        long_tasks = page.evaluate("window.__longTasks")
        swaps = page.evaluate("window.__swaps")
        browser.close()
    server.shutdown()
    hard = sorted(float(m.split()[2]) for m in marks if m.split()[1] == "hard")
    if not hard:
        raise SystemExit("no hard decisions were recorded")
    p95 = hard[min(len(hard) - 1, int(0.95 * len(hard)))]
    print(f"{args.game} seed {args.seed}: {len(hard)} hard decisions over {moves} human moves")
    print(f"hard decision thinking time: median {statistics.median(hard):.0f} ms, "
          f"p95 {p95:.0f} ms, max {hard[-1]:.0f} ms (goal: p95 <= 250 ms)")
    words = [m.split() for m in marks]
    iterations = [int(w[4]) for w in words
                  if w[1] == "hard" and len(w) >= 5 and w[3] == "iterations"]
    if iterations:
        print(f"hard iterations per decision: median {statistics.median(iterations):.0f}, "
              f"min {min(iterations)} (pace {args.speed} ms)")
    gaps = [b - a for (_, a), (_, b) in itertools.pairwise(entries)]
    if gaps:
        print(f"time from one computer decision to the next: median "
              f"{statistics.median(gaps):.0f} ms (pace {args.speed} ms)")
    longest = max(long_tasks, default=0.0)
    print(f"long tasks (> 50 ms) while playing: {len(long_tasks)}; longest {longest:.0f} ms "
          "(goal: none over 50 ms)")
    if swaps:
        ordered = sorted(swaps)
        print(f"table redraws with motion (pace {args.speed} ms): {len(swaps)}; median "
              f"{statistics.median(ordered):.1f} ms, longest {ordered[-1]:.1f} ms "
              "(measure + new markup + start the animations; goal: under 50 ms)")


if __name__ == "__main__":
    main()
