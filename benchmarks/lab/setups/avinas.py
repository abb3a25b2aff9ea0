"""Avinas's research setups: the hard search with one or more parts changed, measured in
the arena and not kept (their figures: ``benchmarks/lab/experiments``), and the baseline
``hard-2026``.  Each is a composition of the parts in ``pygame_core.opponents.avinas``;
``hard-typed-playouts`` adds a part of the lab's own (``KindSight``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pygame_core.avinas import Avinas
from pygame_core.opponents import Opponent
from pygame_core.opponents.avinas import (
    HARD,
    AvinasSearch,
    AvinasSetup,
    ChainWorlds,
    HandEnd,
    ReadHands,
    SeatSight,
    SolvedEnd,
    TypedPlayReading,
    UniformHands,
)
from pygame_core.opponents.search import Budget

BUDGET = Budget(iterations=60, seconds=0.2)


class KindSight(AvinasSearch):
    """Playouts that play each other seat as its kind plays: in each world the seat's kind
    is drawn from the typed reading's posterior given the world's hands; a medium player
    is played out as the card counter it is (unsighted), a searching player as the
    sighted search it is, and this seat unsighted, as hard plays itself."""

    prior = 0.5  # a seat's kind before its plays, where none were read
    _kinds: tuple[Avinas, SeatSight] | None = None  # the world last asked about, its sight

    def sight(self, world: Avinas) -> SeatSight:
        if self._kinds is None or self._kinds[0] is not world:
            # The chain stands on this world's hidden cards: it moves only between worlds.
            worlds = self._worlds
            chain = worlds.chain if isinstance(worlds, ChainWorlds) else None
            sees = [False] * 4
            for seat in range(4):
                if seat == self.seat:
                    continue
                weight = self.prior
                if chain is not None and seat in chain.scored:
                    assert isinstance(chain.reading, TypedPlayReading)
                    held = chain.layout.known[seat] + chain.extra[seat]
                    weight = chain.reading.medium_weight(seat, held)
                sees[seat] = self.rng.random() >= weight
            self._kinds = world, (sees[0], sees[1], sees[2], sees[3])
        return self._kinds[1]


READ = ReadHands(typed=False)
UNREAD = UniformHands()  # uniform worlds, playouts to the end of this hand
TYPED = ReadHands(typed=True)

SEARCH_SETUPS: tuple[AvinasSetup, ...] = (
    # The hard level as it was in 2026: uniform worlds, sighted playouts that also deal
    # and bid the next hand.  The baseline every change is measured against.
    AvinasSetup("hard-2026", UniformHands(next_hand=True), True, HandEnd(), BUDGET),
    # The page's hard from the third pass to the sixteenth: the plain reading, unsighted.
    AvinasSetup("hard-reading", READ, False, HandEnd(), BUDGET),
    AvinasSetup("hard-sighted", READ, True, HandEnd(), BUDGET),
    AvinasSetup("hard-unread", UNREAD, True, HandEnd(), BUDGET),
    AvinasSetup("hard-unread-unsighted", UNREAD, False, HandEnd(), BUDGET),
    AvinasSetup("hard-endgame", READ, False, SolvedEnd(), BUDGET),
    AvinasSetup("hard-endgame-only", READ, False, SolvedEnd(solved_leaves=False), BUDGET),
    AvinasSetup("hard-unread-endgame", UNREAD, True, SolvedEnd(), BUDGET),
    AvinasSetup("hard-unread-endgame-only", UNREAD, True, SolvedEnd(solved_leaves=False),
                BUDGET),
    AvinasSetup("hard-typed", TYPED, False, HandEnd(), BUDGET),
    # The page's hard under the name its arena runs were measured with (so they replay).
    replace(HARD, name="hard-typed-endgame"),
)
KIND_SETUPS: tuple[AvinasSetup, ...] = (
    AvinasSetup("hard-typed-playouts", TYPED, False, HandEnd(), BUDGET),
    AvinasSetup("hard-typed-playouts-endgame", TYPED, False, SolvedEnd(), BUDGET),
)


def made_by(kind: type[AvinasSearch], setup: AvinasSetup) -> Callable[[str, int, int], Opponent]:
    def make(game: str, seat: int, seed: int) -> Opponent:
        return kind(game, seat, seed, setup)

    return make


SETUPS: dict[str, Callable[[str, int, int], Opponent]] = {
    **{setup.name: made_by(AvinasSearch, setup) for setup in SEARCH_SETUPS},
    **{setup.name: made_by(KindSight, setup) for setup in KIND_SETUPS},
}
