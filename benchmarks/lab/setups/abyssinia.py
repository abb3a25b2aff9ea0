"""Abyssinia's research setups: the baseline ``hard-2026`` (the same search with a cheap
purchase rule in its playouts, betting by medium's thresholds) and ``hard-cheap-buys``
(hard with that cheap purchase rule), compositions of the parts in
``pygame_core.opponents.abyssinia``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pygame_core.cards import Card
from pygame_core.opponents import Opponent
from pygame_core.opponents.abyssinia import (
    HARD,
    AbyssiniaSearch,
    AbyssiniaSetup,
    _bet_choice,
    _Player,
)

BLIND_BELOW = -0.25  # the cheap rule buys blind when neither market card scores this much


def cheap_choice(p: _Player, left: Card, right: Card) -> int:
    """The cheap purchase rule (hard-2026's playouts): pair a card held, else a new low
    rank up to eight, price against; blind when neither market card scores.  0 left, 1
    right, 2 blind."""
    sl, sr = p.score(left), p.score(right)
    return (0 if sl >= sr else 1) if max(sl, sr) >= BLIND_BELOW else 2


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
