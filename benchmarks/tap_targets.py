#!/usr/bin/env python3
"""How much of each playable card a finger can reach, through games at phone sizes.

Plays each game on the built page at each viewport (random legal moves for you, instant
opponents; a card with several plays through its menu, as a player does) and, at each of
your turns once the cards have stopped moving, measures every card you can play (or that
opens the menu of its plays): the widest run of points across it where a tap would hit the
card itself, not a neighbour fanned over it.  Prints the smallest per game and viewport
(goal: 44 px, WCAG's target size), and the moves where any was below.

    python benchmarks/tap_targets.py [--sizes 360x640,390x844,844x390] [--turns 40]

Not a test (``tests/browser/test_motion.py`` asserts the same on fewer positions): it
prints figures.
"""

from __future__ import annotations

import argparse
import http.server
import random
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from opponents_browser import ARGS, _build  # noqa: E402

from tests.browser.conftest import READY, STILL, play  # noqa: E402
from tests.browser.test_motion import HAND, TAP_WIDTHS  # noqa: E402

GAMES = [("avissinia", ""), ("avinas", ""), ("abyssinia", "&players=8")]
# Abyssinia's moves are the market's and the betting's buttons, not cards in the hand.
MEASURED = {**HAND, "abyssinia": "#app"}


def one_game(browser: object, base: str, game: str, extra: str, size: tuple[int, int],
             turns: int) -> tuple[int, int, list[str]]:
    width, height = size
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=width < 900)
    page = context.new_page()
    page.goto(f"{base}?game={game}&seed=3&speed=0{extra}")
    page.wait_for_function(READY, timeout=90_000)
    rng = random.Random(1)
    smallest, positions, narrow = 10_000, 0, []
    for _ in range(turns):
        page.wait_for_function("document.body.dataset.turn !== 'opponent'", timeout=60_000)
        turn = page.evaluate("document.body.dataset.turn")
        if turn == "summary":
            page.click("[data-cmd='next-round']")
            continue
        if turn != "you":
            break
        page.wait_for_function(STILL)
        widths = page.evaluate(TAP_WIDTHS, MEASURED[game])
        if widths:
            positions += 1
            smallest = min(smallest, *(w for _, w in widths))
            narrow += [f"{what} {w} px" for what, w in widths if w < 44]
        actions = page.eval_on_selector_all("[data-action]",
                                            "els => els.map(e => e.dataset.action)")
        play(page, rng.choice(actions), force=True)
    context.close()
    return smallest, positions, narrow


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="360x640,390x844,430x932,844x390,768x1024")
    parser.add_argument("--turns", type=int, default=40)
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    build = _build()
    build.cmd_build(argparse.Namespace())
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), build.make_handler(build.DIST))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"{'game':<12}{'viewport':>10}{'your turns':>12}{'smallest tap width':>20}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for game, extra in GAMES:
            for size in sizes:
                smallest, positions, narrow = one_game(browser, base, game, extra,
                                                       size, args.turns)  # type: ignore[arg-type]
                print(f"{game:<12}{f'{size[0]}x{size[1]}':>10}{positions:>12}"
                      f"{smallest:>17} px" + (f"  below 44: {narrow[:4]}" if narrow else ""))
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
