"""Abyssinia's research setups: the baseline ``hard-2026`` (the same search with a cheap
purchase rule in its playouts, betting by medium's thresholds) and ``hard-cheap-buys``
(hard with that cheap purchase rule), compositions of the parts in
``pygame_core.opponents.abyssinia``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pygame_core.opponents import Opponent
from pygame_core.opponents.abyssinia import (
    HARD,
    AbyssiniaSearch,
    AbyssiniaSetup,
    _bet_choice,
    cheap_choice,
)

SEARCH_SETUPS: tuple[AbyssiniaSetup, ...] = (
    replace(HARD, name="hard-2026", buys=cheap_choice, bet=_bet_choice, looks_ahead=False),
    replace(HARD, name="hard-cheap-buys", buys=cheap_choice),
)


def made(setup: AbyssiniaSetup) -> Callable[[str, int, int], Opponent]:
    def make(game: str, seat: int, seed: int) -> Opponent:
        return AbyssiniaSearch(game, seat, seed, setup)

    return make


SETUPS: dict[str, Callable[[str, int, int], Opponent]] = {
    setup.name: made(setup) for setup in SEARCH_SETUPS}
