"""A long session in one tab keeps nothing it no longer shows (issue 46): after a few
hundred moves made by clicking, chromium keeps no more DOM nodes alive (after a forced
garbage collection) than after the first few dozen, give or take the table's own size,
which changes with the cards in play; and the page's performance timeline holds no mark a
move.  ``benchmarks/soak.py`` measures the long evening itself (2,000 moves, the
JavaScript heap, Pyodide's memory, storage and speed).

The moves wait through locators, never ``wait_for_selector``: the element handle that
returns keeps its element, and so the whole table it was drawn in, alive for as long as
the page is open (a driver doing that once a move sees some 70 more nodes a move)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import actions_of, open_page, play, settle
from .memory import Counters

pytestmark = pytest.mark.browser

WARM_UP, MEASURED = 30, 200
# Nodes a move may add, as noise: a table with full hands and one near the end of a deal
# differ by several hundred nodes.  A replaced table kept alive by anything would add its
# whole size again at every move.
NOISE_PER_MOVE = 4
DECISION_MARKS = ("performance.getEntriesByType('mark')"
                  ".filter(m => m.name.startsWith('decision ')).length")


def play_moves(page: Any, rng: random.Random, count: int) -> None:
    """``count`` random moves of the human seat, going on to the next deal or match."""
    made = 0
    while made < count:
        turn = settle(page)
        if turn == "you":
            play(page, rng.choice(sorted(actions_of(page))))
            made += 1
        elif turn in ("summary", "over"):
            page.click("[data-cmd='next-round']" if turn == "summary" else "[data-cmd='rematch']")
            page.wait_for_function(f"document.body.dataset.turn !== '{turn}'")
    settle(page)


def test_the_nodes_kept_alive_do_not_grow_with_the_moves(shared: Any, site: str) -> None:
    open_page(shared, site + "?game=avinas&seed=46&speed=0&levels=easy,easy,easy")
    counters, rng = Counters(shared), random.Random(46)
    play_moves(shared, rng, WARM_UP)
    before = counters.kept()["nodes"]
    play_moves(shared, rng, MEASURED)
    after = counters.kept()["nodes"]
    assert after - before < NOISE_PER_MOVE * MEASURED, (
        f"{after - before} more nodes kept alive after {MEASURED} moves "
        f"({before} after the first {WARM_UP}, {after} after {WARM_UP + MEASURED})")
    assert shared.evaluate(DECISION_MARKS) == 0, "the computer players' decisions are kept as marks"
