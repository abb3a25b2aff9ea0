#!/usr/bin/env python3
"""The computer players in the browser: decision times, and every long main-thread task.

Builds and serves dist/, opens a game with hard opponents in every computer seat, plays the
human's seat by clicking random legal moves (and asking for a hint every ``--hints`` moves),
with cards moving (web/motion.js) at the pace given, and watches the main thread:

- the hard decisions' thinking time (the glue marks each decision): median and 95th
  percentile, goal 250 ms at the 95th percentile;
- every long task (PerformanceObserver ``longtask``, with its attribution) and every long
  animation frame (``long-animation-frame``: the scripts that ran, their forced style and
  layout, the frame's rendering), goal: no task over 50 ms;
- what ran in each long task.  The benchmark adds a second Python script to the page (the
  product is not changed) that wraps the glue's phases in ``performance.measure``: the
  Python render and its HTML build (``py html``), the move itself with its autosave, and
  each slice of sliced work (``slice computer_thinking``, ``slice hint_work``); motion.js
  measures its own phases when ``cardMotion.trace`` is set: in the redraw's task ``motion
  layout before`` (a layout still due when motion reads), ``motion first`` (reading the old
  places), ``motion markup`` (the new markup patched in); in the next animation frame
  ``motion layout`` (the new markup's style and layout, which that frame does before
  painting with or without animation), ``motion last`` (reading the new places) and
  ``motion play`` (starting the animations).  Each long task is split by these (time in a
  phase itself, not in the phases nested in it), and called *animation* when motion's own
  phases (all but ``motion markup`` and ``motion layout``) took it over 50 ms;
- each table redraw: Python render, HTML build, and swap, median and longest.

``--moves 0`` (the default) plays the whole game; ``--still`` plays it with reduced motion
(no movement, only the highlight), the same figures without animation to compare with.

    python benchmarks/opponents_browser.py [--game avissinia] [--seed 1] [--moves 0]
        [--pace 800] [--options players=8] [--hints 10] [--still] [--dist DIR]

``--pace`` (or ``--speed``) is the page's pause between computer moves in ms (0 Instant,
300 Fast, 800 Normal, 1400 Slow).  When the decision marks carry the search's iterations
(``decision hard 612.3 iterations 240``), their median is printed too.

Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import http.server
import importlib.util
import itertools
import os
import random
import statistics
import sys
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pygame_core.opponents.search import thinking_seconds

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.browser.moves import actions_of, play  # noqa: E402  (moves made as a player makes them)

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
LONG_MS = 50.0
WATCH = """
window.__longTasks = [];
window.__decisions = [];  // the page clears its marks at once: an observer sees them
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.name.startsWith("decision ")) window.__decisions.push([e.name, e.startTime]);
  }
}).observe({type: "mark"});
window.__frames = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push({
    start: e.startTime, duration: e.duration,
    attribution: (e.attribution || []).map((a) =>
      [a.name, a.containerType, a.containerName, a.containerSrc].filter(Boolean).join(" ")),
  });
}).observe({type: "longtask", buffered: true});
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__frames.push({
      start: e.startTime, duration: e.duration, renderStart: e.renderStart,
      styleAndLayoutStart: e.styleAndLayoutStart, blocking: e.blockingDuration,
      scripts: (e.scripts || []).map((s) => ({
        invoker: s.invoker, type: s.invokerType, source: s.sourceURL,
        fn: s.sourceFunctionName, start: s.startTime, duration: s.duration,
        forced: s.forcedStyleAndLayoutDuration})),
    });
  }).observe({type: "long-animation-frame", buffered: true});
} catch (e) { /* no long animation frames in this browser */ }
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
# Added to the page after the glue's own script (same interpreter, same globals): wraps the
# glue's phases in performance.measure.  The product's files are not changed.
PROBE = """
<script type="py">
import cardtable_page as _glue
import js
from pyodide.ffi import to_js


def _measure(name, start):
    js.performance.measure(name, to_js({"start": start, "end": js.performance.now()},
                                       dict_converter=js.Object.fromEntries))


def _timed(owner, attr, name):
    inner = getattr(owner, attr)

    def run(*args, **kwargs):
        start = js.performance.now()
        try:
            return inner(*args, **kwargs)
        finally:
            _measure(name, start)
    setattr(owner, attr, run)


for _attr in ("do", "render", "after_render", "report_height"):
    _timed(_glue.THE_PAGE, _attr, "py " + _attr)
for _attr in ("html", "human_play", "play", "autosave"):
    _timed(_glue.THE_PAGE.table, _attr, "py " + _attr)


def _slices(work, name):
    try:
        while True:
            start = js.performance.now()
            try:
                pause = next(work)
            except StopIteration as done:
                _measure(name, start)
                return done.value
            _measure(name, start)
            yield pause
    finally:
        work.close()


_run_sliced = _glue.run_sliced


async def _run_sliced_measured(work, still):
    name = "slice " + getattr(work, "__name__", "work")
    return await _run_sliced(_slices(work, name), still)


_glue.run_sliced = _run_sliced_measured
js.window.cardMotion.trace = True
js.document.documentElement.dataset.probe = "1"
</script>
"""
DRAIN = """() => {
  const out = performance.getEntriesByType('measure').map(m => [m.name, m.startTime, m.duration]);
  performance.clearMeasures();
  return out;
}"""
# What each measured phase is, for the causes of the long tasks.
KINDS = {
    "motion first": "animation", "motion last": "animation", "motion play": "animation",
    "motion highlight": "animation", "motion layout before": "animation",
    # the frame lays the new markup out before painting, animation or not; motion's first
    # read in the frame only does it a moment earlier
    "motion layout": "redraw style/layout (in the frame)",
    "motion markup": "redraw markup (innerHTML or patch)",
    "py html": "redraw Python HTML build",
    "py render": "redraw Python glue", "py after_render": "redraw after (hint, tab stops)",
    "py place_focus": "redraw focus", "py report_height": "redraw height (layout read)",
    "slice computer_thinking": "opponent thinking", "slice hint_work": "hint",
    "py do": "move (engine, save)", "py play": "move (engine, save)",
    "py human_play": "move (engine, save)", "py autosave": "move (engine, save)",
}


@dataclass
class Span:
    name: str
    start: float
    duration: float
    children: list[Span] = field(default_factory=list)

    @property
    def end(self) -> float:
        return self.start + self.duration


def nest(measures: list[tuple[str, float, float]]) -> list[Span]:
    """The measures as a forest: one runs inside another when its time lies within it."""
    spans = sorted((Span(n, s, d) for n, s, d in measures), key=lambda x: (x.start, -x.duration))
    roots: list[Span] = []
    stack: list[Span] = []
    for span in spans:
        while stack and stack[-1].end < span.end - 0.01:
            stack.pop()
        (stack[-1].children if stack else roots).append(span)
        stack.append(span)
    return roots


def overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return max(0.0, min(a1, b1) - max(a0, b0))


def split(spans: list[Span], t0: float, t1: float, into: dict[str, float]) -> None:
    """Each phase's own time (not its nested phases') within [t0, t1]."""
    for span in spans:
        own = overlap(span.start, span.end, t0, t1)
        if not own:
            continue
        own -= sum(overlap(c.start, c.end, t0, t1) for c in span.children)
        into[span.name] += own
        split(span.children, t0, t1, into)


def describe(task: dict[str, Any], roots: list[Span], frames: list[dict[str, Any]],
             moves: list[tuple[float, int]]) -> tuple[str, dict[str, float]]:
    t0, t1 = task["start"], task["start"] + task["duration"]
    phases: dict[str, float] = defaultdict(float)
    split(roots, t0, t1, phases)
    kinds: dict[str, float] = defaultdict(float)
    for name, ms in phases.items():
        kinds[KINDS.get(name, name)] += ms
    kinds["not measured (GC, style/layout/paint, Pyodide, timers)"] = (
        task["duration"] - sum(phases.values()))
    move = max((n for at, n in moves if at <= t0), default=0)
    head = (f"  {task['duration']:5.0f} ms at {t0 / 1000:7.1f} s (human move {move}; "
            f"attribution: {', '.join(task['attribution']) or '-'})")
    lines = [head, "      " + ", ".join(
        f"{k} {v:.0f}" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]) if v >= 1)]
    for frame in frames:
        f0, f1 = frame["start"], frame["start"] + frame["duration"]
        if not overlap(f0, f1, t0, t1):
            continue
        render = f1 - frame["renderStart"] if frame["renderStart"] else 0.0
        layout = f1 - frame["styleAndLayoutStart"] if frame["styleAndLayoutStart"] else 0.0
        scripts = "; ".join(
            f"{s['invoker'] or s['type']} {s['duration']:.0f} ms"
            + (f" (forced style/layout {s['forced']:.0f})" if s["forced"] >= 1 else "")
            for s in frame["scripts"] if s["duration"] >= 5)
        lines.append(f"      frame {frame['duration']:.0f} ms: rendering {render:.0f} "
                     f"(style+layout {layout:.0f}); scripts: {scripts or '-'}")
    return "\n".join(lines), kinds


def _build() -> Any:
    spec = importlib.util.spec_from_file_location("cardtable_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def built_site() -> str:
    """Build dist/ and serve it from a thread (for as long as the script runs); its URL."""
    build = _build()
    build.cmd_build(argparse.Namespace())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), build.make_handler(build.DIST))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def stats(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered):.1f}, p95 {p95:.1f}, max {ordered[-1]:.1f} ms"


def redraws(roots: list[Span], measures: list[tuple[str, float, float]]
            ) -> dict[str, list[float]]:
    """Per redraw (one ``py render``): its total and the time of each phase inside it; then
    motion's phases wherever they ran (the movement starts in the next frame)."""
    out: dict[str, list[float]] = defaultdict(list)

    def walk(spans: list[Span]) -> None:
        for span in spans:
            if span.name == "py render":
                out["whole redraw (py render)"].append(span.duration)
                inner: dict[str, float] = defaultdict(float)
                split(span.children, span.start, span.end, inner)
                for name in ("py html", "motion layout before", "motion first",
                             "motion markup", "motion last", "motion play", "py after_render",
                             "py place_focus", "py report_height"):
                    if name in inner or not name.startswith("motion"):
                        out[name].append(inner.get(name, 0.0))
            else:
                walk(span.children)
    walk(roots)
    for name, _, ms in measures:
        if name in ("motion layout", "motion last", "motion play",
                    "motion highlight") and not any(
                n == name for n in out):
            out["frame: " + name].append(ms)
    return out


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="avissinia")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=0,
                        help="human moves to play at most (0: the whole game)")
    parser.add_argument("--options", default="", help="extra query text, e.g. players=4")
    parser.add_argument("--pace", "--speed", dest="pace", type=int, default=800,
                        help="the pause between computer moves in ms")
    parser.add_argument("--hints", type=int, default=10,
                        help="ask for a hint every this many human moves (0: never)")
    parser.add_argument("--still", action="store_true",
                        help="reduced motion: no movement, only the highlight (what the "
                             "figures are without animation, for comparison)")
    parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    parser.add_argument("--dist", type=Path, help="serve this built site instead (no build)")
    args = parser.parse_args()

    build = _build()
    if not args.no_build and not args.dist:
        build.cmd_build(argparse.Namespace())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             build.make_handler(args.dist or build.DIST))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    seats = int(dict(q.split("=") for q in args.options.split("&") if q).get("players", 4)) - 1
    levels = ",".join(["hard"] * seats)
    query = (f"?game={args.game}&seed={args.seed}&speed={args.pace}&levels={levels}"
             "&sw=0&snapshot=0" + (f"&{args.options}" if args.options else ""))
    rng = random.Random(args.seed)
    measures: list[tuple[str, float, float]] = []
    moves_at: list[tuple[float, int]] = []
    hints = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(reduced_motion="reduce" if args.still else "no-preference")
        page.add_init_script(WATCH)

        def with_probe(route: Any) -> None:
            response = route.fetch()
            body = response.text().replace("</body>", PROBE + "</body>")
            route.fulfill(response=response, body=body)
        page.route(lambda url: url.split("?")[0].endswith("/"), with_probe)
        page.goto(base + query)
        page.wait_for_function("document.body.dataset.ready === '1'"
                               " && document.documentElement.dataset.probe === '1'",
                               timeout=120_000)
        # start-up is page_load.py's: the figures start with the table up
        page.evaluate("window.__longTasks = []; window.__frames = []; window.__swaps = [];"
                      "performance.clearMeasures()")
        moves = 0
        while moves < args.moves or not args.moves:
            page.wait_for_function("document.body.dataset.turn !== 'opponent'", timeout=120_000)
            measures += page.evaluate(DRAIN)
            turn = page.evaluate("document.body.dataset.turn")
            if turn == "you":
                if args.hints and moves % args.hints == args.hints - 1:
                    page.click("[data-cmd='hint']")
                    page.wait_for_function(
                        "!document.getElementById('hint').textContent.startsWith('Thinking')",
                        timeout=120_000)
                    hints += 1
                actions = actions_of(page)
                moves += 1
                moves_at.append((page.evaluate("performance.now()"), moves))
                play(page, rng.choice(actions))
            elif turn == "summary":
                page.click("[data-cmd='next-round']")
            else:
                break
        page.wait_for_timeout(1500)  # the last animations, and late observer entries
        measures += page.evaluate(DRAIN)
        entries = page.evaluate("window.__decisions")
        marks = [name for name, _ in entries]
        long_tasks = page.evaluate("window.__longTasks")
        frames = page.evaluate("window.__frames")
        swaps = page.evaluate("window.__swaps")
        browser.close()
    server.shutdown()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.game} seed {args.seed} {args.options or ''} pace {args.pace} ms"
          f"{' (reduced motion: no movement)' if args.still else ''}: "
          f"{moves} human moves, {hints} hints (load average {load})")
    hard = sorted(float(m.split()[2]) for m in marks if m.split()[1] == "hard")
    if hard:
        p95 = hard[min(len(hard) - 1, int(0.95 * len(hard)))]
        print(f"hard decision thinking time ({len(hard)}): median {statistics.median(hard):.0f}"
              f" ms, p95 {p95:.0f} ms, max {hard[-1]:.0f} ms (goal: p95 <= 250 ms)")
    words = [m.split() for m in marks]
    iterations = [int(w[4]) for w in words
                  if w[1] == "hard" and len(w) >= 5 and w[3] == "iterations"]
    if iterations:
        searched = [(int(w[4]), float(w[2])) for w in words
                    if w[1] == "hard" and len(w) >= 5 and w[3] == "iterations" and int(w[4])]
        rate = sum(n for n, _ in searched) / max(1e-9, sum(ms for _, ms in searched) / 1000)
        print(f"hard iterations per decision: median {statistics.median(iterations):.0f}, "
              f"min {min(iterations)}; {rate:.0f} iterations a second of thinking")
        # A racing search stops once one candidate is left: the page's budget is what the
        # decisions that thought until the clock stopped them completed.
        clock = 900 * thinking_seconds(args.pace)  # ms: 90% of the thinking time
        full = [n for n, ms in searched if ms >= clock]
        if full and args.pace:
            print(f"hard iterations of the {len(full)} decisions that thought for the whole "
                  f"time: median {statistics.median(full):.0f}, min {min(full)}")
    gaps = [b - a for (_, a), (_, b) in itertools.pairwise(entries)]
    if gaps:
        print(f"time from one computer decision to the next: median "
              f"{statistics.median(gaps):.0f} ms")
    roots = nest(measures)
    slices = [d for n, _, d in measures if n == "slice computer_thinking"]
    hint_slices = [d for n, _, d in measures if n == "slice hint_work"]
    print(f"thinking slices ({len(slices)}): {stats(slices)}; hint slices "
          f"({len(hint_slices)}): {stats(hint_slices)}")
    print(f"table redraws with motion ({len(swaps)}), cardMotion.swap: {stats(swaps)}")
    for name, values in redraws(roots, measures).items():
        print(f"  {name:26s} {stats(values)}")
    longest = max((t["duration"] for t in long_tasks), default=0.0)
    print(f"long tasks (> 50 ms) while playing: {len(long_tasks)}; longest {longest:.0f} ms "
          "(goal: none over 50 ms caused by the animation)")
    caused: dict[str, int] = defaultdict(int)
    animation_over = 0
    for task in long_tasks:
        text, kinds = describe(task, roots, frames, moves_at)
        print(text)
        caused[max(kinds.items(), key=lambda kv: kv[1])[0]] += 1
        if kinds.get("animation", 0.0) > 0 and task["duration"] - kinds["animation"] <= LONG_MS:
            animation_over += 1
    if long_tasks:
        print("largest share of each long task: " + ", ".join(
            f"{k} {v}" for k, v in sorted(caused.items(), key=lambda kv: -kv[1])))
    print(f"long tasks the animation's own phases took over 50 ms: {animation_over}")
    loaf = [f for f in frames if f["duration"] > LONG_MS]
    if loaf:
        print(f"long animation frames: {len(loaf)}; longest "
              f"{max(f['duration'] for f in loaf):.0f} ms")
        worst = max(loaf, key=lambda f: f["duration"])
        f0 = worst["start"]
        render = (f0 + worst["duration"] - worst["renderStart"]) if worst["renderStart"] else 0
        scripts = sorted(worst["scripts"], key=lambda s: -s["duration"])[:3]
        move = max((n for at, n in moves_at if at <= f0), default=0)
        print(f"  the longest at {f0 / 1000:.1f} s (human move {move}): blocking "
              f"{worst['blocking']:.0f} ms, rendering {render:.0f} ms, {len(worst['scripts'])} "
              "scripts; longest: " + ("; ".join(
                  f"{s['invoker'] or s['type']} {s['duration']:.0f} ms" for s in scripts) or "-"))


if __name__ == "__main__":
    main()
