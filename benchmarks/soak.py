#!/usr/bin/env python3
"""A whole evening in one tab: what a long session does to the page's memory, storage and
speed (issue 46).

Builds and serves dist/, opens ONE page at ``speed=0`` with easy computer players and plays
``--moves`` moves of the human seat by clicking random legal moves (seeded), cycling
through the three games.  Along the way, as a player would: new matches from the start
screen, undo, a hint, a review of a finished deal, a replay opened and closed, a named save
and its load.  At each checkpoint it prints, after a forced garbage collection:

- ``nodes``: the DOM nodes kept alive (chromium's own count, ``Memory.getDOMCounters``),
  with the document's own node count beside it (the rest are detached: kept by something);
- ``listeners``: the JavaScript event listeners alive;
- ``JS heap``: the used V8 heap (``Runtime.getHeapUsage``), MB, and ``DOM heap``: the
  browser's own objects the page keeps (its embedder heap: nodes, performance entries), MB;
- ``wasm``: Pyodide's WebAssembly memory (every ``WebAssembly.Memory`` in the page), MB;
- ``storage``: the characters in localStorage (keys and values; chromium counts the 5 MB
  quota in these), KB;
- ``click ms``: the time from the click on a move to its redrawn table (the click's
  handler done, the table's mutations seen), median and 95th percentile over the moves
  since the previous checkpoint; ``frame ms``: the same to the next animation frame after
  it (style, layout and whatever else ran before it).

    python benchmarks/soak.py [--moves 2000] [--seed 1] [--snapshot FILE]

``--snapshot FILE`` writes a heap snapshot at the end (chromium's format, for DevTools).
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from opponents_browser import ARGS, built_site  # noqa: E402

from tests.browser.memory import Counters  # noqa: E402
from tests.browser.moves import actions_of, play  # noqa: E402

GAMES = ("avinas", "avissinia", "abyssinia")
CHECKPOINTS = (20, 100, 250, 500, 1000, 1500, 2000)
MATCH_MOVES = 300  # a new match from the start screen after this many moves of one match
READY = "document.body !== null && document.body.dataset.ready === '1'"
SETTLED = "['you', 'summary', 'over'].includes(document.body.dataset.turn)"
# The click on a move, and its redrawn table: the click's handler (Python) redraws #app
# before it returns, so the mutation observer's callback comes right after it.
TIMING = """
window.__soak = {clicked: null, times: []};
document.addEventListener('click', (event) => {
  if (event.target.closest && event.target.closest('[data-action]')) {
    window.__soak.clicked = performance.now();
  }
}, true);
document.addEventListener('DOMContentLoaded', () => {
  new MutationObserver(() => {
    const soak = window.__soak, start = soak.clicked;
    if (start === null) return;
    soak.clicked = null;
    const redrawn = performance.now() - start;
    requestAnimationFrame(() => soak.times.push([redrawn, performance.now() - start]));
  }).observe(document.getElementById('app'), {childList: true, subtree: true,
                                              attributes: true, characterData: true});
});
"""
DOCUMENT_NODES = """(() => { let n = 1;
  const walk = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  while (walk.nextNode()) n++;
  return n; })()"""
# Pyodide's WebAssembly memory: every memory made or exported while the page loads is kept
# (weakly) as it appears; its buffer's size is the memory's size.
WASM_MEMORIES = """
window.__memories = [];
const keep = (memory) => { window.__memories.push(new WeakRef(memory)); return memory; };
const kept = (result) => {
  const instance = result.instance || result;
  for (const value of Object.values(instance.exports || {})) {
    if (value instanceof WebAssembly.Memory) keep(value);
  }
  return result;
};
const Memory = WebAssembly.Memory;
WebAssembly.Memory = function (descriptor) { return keep(new Memory(descriptor)); };
WebAssembly.Memory.prototype = Memory.prototype;
for (const name of ['instantiate', 'instantiateStreaming']) {
  const original = WebAssembly[name];
  WebAssembly[name] = (...args) => original(...args).then(kept);
}
"""
WASM_BYTES = """window.__memories.map(r => r.deref()).filter(Boolean)
  .reduce((n, m) => n + m.buffer.byteLength, 0)"""
STORAGE_CHARS = """(() => { let n = 0;
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i); n += k.length + localStorage.getItem(k).length; }
  return n; })()"""


class Probe(Counters):
    """Chromium's own counters through the DevTools protocol."""

    def figures(self) -> dict[str, float]:
        counters = self.kept()
        heap = self.cdp.send("Runtime.getHeapUsage")
        return {
            "nodes": counters["nodes"],
            "document": self.page.evaluate(DOCUMENT_NODES),
            "listeners": counters["jsEventListeners"],
            "heap_mb": heap["usedSize"] / 2**20,
            "blink_mb": heap.get("embedderHeapUsedSize", 0) / 2**20,
            "wasm_mb": self.page.evaluate(WASM_BYTES) / 2**20,
            "storage_kb": self.page.evaluate(STORAGE_CHARS) / 1024,
        }

    def snapshot(self, path: Path) -> None:
        chunks: list[str] = []
        self.cdp.on("HeapProfiler.addHeapSnapshotChunk", lambda e: chunks.append(e["chunk"]))
        self.collect()
        self.cdp.send("HeapProfiler.takeHeapSnapshot", {"reportProgress": False})
        path.write_text("".join(chunks))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Session:
    """One page, played as a player plays it."""

    def __init__(self, page: Any, rng: random.Random) -> None:
        self.page, self.rng = page, rng
        self.moves = 0
        self.match_moves = 0
        self.idle = 0  # steps since the last move
        self.matches = 1
        self.game = 0  # index into GAMES
        self.done: set[str] = set()  # the one-off things done (hint, undo, ...)

    def turn(self) -> str:
        self.page.wait_for_function(f"{SETTLED} || document.body.dataset.turn === 'menu'",
                                    timeout=120_000)
        return str(self.page.evaluate("document.body.dataset.turn"))

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def new_match(self) -> None:
        """From the start screen, the next game, every computer seat easy."""
        self.game = (self.game + 1) % len(GAMES)
        self.click("[data-cmd='menu']")
        self.page.locator("#start-form").wait_for()
        self.page.check(f"#start-form input[name='game'][value='{GAMES[self.game]}']")
        self.page.eval_on_selector_all(
            "#start-form select[name^='level-']",
            "els => els.forEach(e => { e.value = 'easy'; })")
        self.click("#start-form [data-cmd='start']")
        self.page.wait_for_function("document.body.dataset.turn !== 'menu'")
        self.matches += 1
        self.match_moves = self.idle = 0

    def move(self) -> None:
        actions = actions_of(self.page)
        play(self.page, self.rng.choice(sorted(actions)))
        self.moves += 1
        self.match_moves += 1
        self.idle = 0
        if self.moves % 100 == 0:
            print(f"  move {self.moves}: {GAMES[self.game]}, match {self.matches}",
                  file=sys.stderr, flush=True)

    def once(self, name: str, when: int) -> bool:
        if name in self.done or self.moves < when:
            return False
        self.done.add(name)
        return True

    def extras(self) -> None:
        """The one-off things a player does along the way (on the human's turn)."""
        page = self.page
        if self.once("hint", 30):
            self.click("#table-tools [data-cmd='hint']")
            page.wait_for_function("document.querySelector('.hinted') !== null"
                                   " || /no hints/i.test(document.getElementById('hint')"
                                   ".textContent)", timeout=120_000)
        if self.once("undo", 40) and page.is_enabled("#table-tools [data-cmd='undo']"):
            self.click("#table-tools [data-cmd='undo']")
            self.turn()
        if self.once("replay", 60):
            page.keyboard.press("r")
            page.click("#panel-body [data-cmd='replay-open'][data-key='all']")
            page.wait_for_function("document.body.dataset.turn === 'replay'", timeout=120_000)
            for _ in range(20):
                page.keyboard.press("ArrowRight")
            self.click("[data-cmd='replay-close']")
            self.turn()
        if self.once("save", 80):
            self.click("[data-cmd='saves']")
            page.fill("input[name='save-name']", "soak")
            self.click("[data-cmd='save-as']")
            page.locator("[data-cmd='load'][data-key$='soak']").wait_for()
            self.click("[data-cmd='close']")
            self.turn()
        if self.once("load", 120):
            self.click("[data-cmd='saves']")
            self.click("[data-cmd='load'][data-key$='soak']")
            self.turn()

    def summary(self) -> None:
        """A deal is scored: review it once (the first time), then the next deal."""
        page = self.page
        if "review" not in self.done and page.locator("[data-cmd='review']").count():
            self.done.add("review")
            page.locator("[data-cmd='review']").first.click()
            page.locator("#review-body[data-state='done']").wait_for(timeout=600_000)
            page.keyboard.press("Escape")
            page.wait_for_function("!document.getElementById('panel').open")
        self.click("[data-cmd='next-round']")

    def step(self) -> None:
        turn = self.turn()
        self.idle += 1
        if self.idle > 60:  # a long session that stops playing is a finding, not a hang
            raise RuntimeError(f"no move for 60 steps at move {self.moves} ({turn}): "
                               + self.page.inner_text("#app")[:500])
        # Out of the match (an Abyssinia player without chips watches the others play on):
        # a new one, as a player would.
        out = self.idle > 20
        if turn in ("over", "menu") or self.match_moves >= MATCH_MOVES or out:
            self.new_match()
        elif turn == "summary":
            self.summary()
        elif turn == "you":
            self.extras()
            if self.turn() == "you":
                self.move()


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000, help="moves of the human seat")
    parser.add_argument("--seed", type=int, default=1, help="seeds the deals and the moves")
    parser.add_argument("--snapshot", type=Path, help="write a heap snapshot here at the end")
    args = parser.parse_args()
    site = built_site()
    checkpoints = [c for c in CHECKPOINTS if c < args.moves] + [args.moves]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.add_init_script(TIMING + WASM_MEMORIES)
        page.goto(site + f"?game={GAMES[0]}&seed={args.seed}&speed=0&snapshot=0"
                  "&levels=easy,easy,easy")
        page.wait_for_function(READY, timeout=120_000)
        probe, session = Probe(page), Session(page, random.Random(args.seed))
        started = time.perf_counter()
        print(f"soak: {args.moves} moves at speed=0, easy opponents, one page")
        print(f"{'moves':>6} {'matches':>7} {'nodes':>7} {'doc':>5} {'listeners':>9} "
              f"{'JS heap MB':>10} {'DOM heap MB':>11} {'wasm MB':>8} {'storage KB':>10} "
              f"{'click ms p50':>12} {'p95':>6} {'frame ms p50':>12} {'p95':>6} {'wall s':>7}")
        for checkpoint in checkpoints:
            while session.moves < checkpoint:
                session.step()
            session.turn()
            page.wait_for_function("window.__soak.clicked === null")
            times = page.evaluate("window.__soak.times.splice(0)")
            figures = probe.figures()
            redraw = [t[0] for t in times] or [float("nan")]
            frame = [t[1] for t in times] or [float("nan")]
            print(f"{session.moves:>6} {session.matches:>7} {figures['nodes']:>7.0f} "
                  f"{figures['document']:>5.0f} {figures['listeners']:>9.0f} "
                  f"{figures['heap_mb']:>10.1f} {figures['blink_mb']:>11.1f} "
                  f"{figures['wasm_mb']:>8.1f} "
                  f"{figures['storage_kb']:>10.1f} {statistics.median(redraw):>12.1f} "
                  f"{percentile(redraw, 0.95):>6.1f} {statistics.median(frame):>12.1f} "
                  f"{percentile(frame, 0.95):>6.1f} {time.perf_counter() - started:>7.0f}",
                  flush=True)
        print("done:", json.dumps(sorted(session.done)))
        if args.snapshot:
            probe.snapshot(args.snapshot)
            print(f"heap snapshot: {args.snapshot}")
        browser.close()


if __name__ == "__main__":
    main()
