"""Oracles: the hard search dealt the true cards instead of sampled ones.  A ceiling for
measuring hard, never offered on the page.

Each oracle is a search setup whose sampler deals from ``Truth``, the game as it stands,
which the arena sets before each decision (``Truth.state``).  Avissinia's oracles run the
search of ``hard-reading`` (every seat on medium's sighted rule: the true state does not say
what kind of player a seat is), the search every Avissinia oracle figure was measured with:

oracle              every card seen (the true hands and the stock's order);
oracle-hands        the true hands, the stock in a random order (Avissinia);
oracle-first-half, oracle-second-half
                    sight in one half of the round only, ``hard-reading`` in the other;
oracle-own-fitted   ``hard-own-fitted``'s playouts (Avissinia);
oracle-known-N      N% of the hidden cards known for certain, the rest dealt at random
                    among the places they fill, with hard-2026's search (N = 0, 25, 33,
                    50, 75, 100).

An oracle's generator is seeded as the searcher it runs was (``chance``), so its runs
replay the recorded ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from pygame_core.abyssinia import Abyssinia, AbyssiniaObservation
from pygame_core.avinas import Avinas, AvinasObservation
from pygame_core.avissinia import AvissiniaObservation, HiddenDeal
from pygame_core.opponents import Opponent, SearchOpponent, Thinking
from pygame_core.opponents import abyssinia as abyssinia_levels
from pygame_core.opponents import avinas as avinas_levels
from pygame_core.opponents import avissinia as avissinia_levels

from .setups import avissinia as avissinia_lab


class Truth:
    """The game the arena plays, as it stands at the decision (set before each one)."""

    state: Any = None


# --- samplers that deal the true cards -----------------------------------------------------


class TrueWorlds(avissinia_levels.Worlds):
    def __init__(self, truth: Truth) -> None:
        super().__init__()
        self.truth = truth

    def deal(self, obs: AvissiniaObservation, rng: random.Random) -> HiddenDeal:
        game = self.truth.state
        return HiddenDeal(0, [list(hand) for hand in game.hands], list(game.stock))


@dataclass(frozen=True)
class TrueDeals:
    """Avissinia: every world is the true deal."""

    truth: Truth

    def worlds(self) -> avissinia_levels.Worlds:
        return TrueWorlds(self.truth)

    def read(self, obs: AvissiniaObservation, rng: random.Random, slice_seconds: float
             ) -> Any:
        return self.worlds()
        yield  # nothing to read


class TrueHandsWorlds(TrueWorlds):
    def deal(self, obs: AvissiniaObservation, rng: random.Random) -> HiddenDeal:
        deal = super().deal(obs, rng)
        rng.shuffle(deal.stock)
        return deal


@dataclass(frozen=True)
class TrueHands(TrueDeals):
    """Avissinia: the true hands, the stock's order unknown (shuffled in each world)."""

    def worlds(self) -> avissinia_levels.Worlds:
        return TrueHandsWorlds(self.truth)


class KnownShareWorlds(TrueWorlds):
    def __init__(self, truth: Truth, sampler: KnownShare) -> None:
        super().__init__(truth)
        self.sampler = sampler

    def deal(self, obs: AvissiniaObservation, rng: random.Random) -> HiddenDeal:
        deal = super().deal(obs, rng)
        places = [deal.hands[s] for s in range(len(deal.hands)) if s != obs["seat"]]
        places.append(deal.stock)
        unknown = [(cards, i) for cards in places for i, card in enumerate(cards)
                   if not self.sampler.knows(card)]
        dealt = [cards[i] for cards, i in unknown]
        rng.shuffle(dealt)
        for (cards, i), card in zip(unknown, dealt, strict=True):
            cards[i] = card
        for hand in deal.hands:
            hand.sort()  # the playouts keep hands sorted, as the game does
        return deal


@dataclass(frozen=True)
class KnownShare(TrueDeals):
    """Avissinia: each card another seat holds or the stock hides is known where it lies
    with chance ``known``, by a draw fixed for the deal seed; every world deals the
    unknown ones at random among the places they fill."""

    known: float = 0.5
    deal_seed: int = 0
    known_cards: dict[object, bool] = field(default_factory=dict)  # drawn once a card

    def knows(self, card: object) -> bool:
        if card not in self.known_cards:
            draw = random.Random(f"known/{card}/{self.deal_seed}").random()
            self.known_cards[card] = draw < self.known
        return self.known_cards[card]

    def worlds(self) -> avissinia_levels.Worlds:
        return KnownShareWorlds(self.truth, self)


class TrueTable(avinas_levels.Worlds):
    def __init__(self, truth: Truth) -> None:
        super().__init__()
        self.truth = truth

    def world(self, obs: AvinasObservation, rng: random.Random) -> Avinas:
        state: Avinas = self.truth.state.clone()
        return state


@dataclass(frozen=True)
class TrueAvinasHands:
    """Avinas: every world is the true table."""

    truth: Truth

    def unread(self) -> avinas_levels.Worlds:
        return TrueTable(self.truth)

    def read(self, obs: AvinasObservation, rng: random.Random, slice_seconds: float) -> Any:
        return self.unread()
        yield  # nothing to read


@dataclass(frozen=True)
class TruePack:
    """Abyssinia: every world is the true table, the pack in its true order."""

    truth: Truth

    def world(self, obs: AbyssiniaObservation, rng: random.Random) -> Abyssinia:
        state: Abyssinia = self.truth.state.clone()
        return state


# --- the oracles ---------------------------------------------------------------------------


PlayerT = TypeVar("PlayerT", bound=Opponent)


def chance(op: PlayerT, game: str, searcher: str, seat: int, seed: int) -> PlayerT:
    """``op`` with the generator of the searcher it runs (as its recorded runs had it)."""
    op.rng = random.Random(f"{game}/{searcher}/{seat}/{seed}")
    return op


def avissinia_oracle(name: str, base: avissinia_levels.AvissiniaSetup,
                     sampler: Callable[[Truth, int], TrueDeals]
                     ) -> Callable[[str, int, int], Opponent]:
    def make(game: str, seat: int, seed: int) -> Opponent:
        setup = replace(base, name=name, sampler=sampler(Truth(), seed))
        return chance(avissinia_levels.AvissiniaSearch(game, seat, seed, setup), game,
                      base.name, seat, seed)

    return make


class HalfOracle(Opponent[AvissiniaObservation]):
    """Avissinia: the oracle's sight in one half of a round only (while the stock is still
    to be dealt, or once it is), ``hard-reading``'s search over its worlds in the other:
    how much of the oracle's edge each half holds."""

    def __init__(self, game: str, seat: int, seed: int, name: str,
                 sees_first_half: bool) -> None:
        super().__init__(game, seat, seed, name)
        base = avissinia_lab.HARD_READING
        self.sees_first_half = sees_first_half
        self.truth = Truth()  # the seeing search's
        seeing = replace(base, name=name, sampler=TrueDeals(self.truth))
        self.seeing = chance(avissinia_levels.AvissiniaSearch(game, seat, seed, seeing),
                             game, base.name, seat, seed)
        self.blind = avissinia_levels.AvissiniaSearch(game, seat, seed, base)

    def think(self, obs: AvissiniaObservation) -> Thinking:
        sees = bool(self.truth.state.stock) == self.sees_first_half
        return (yield from (self.seeing if sees else self.blind).think(obs))


def half_oracle(name: str, sees_first_half: bool) -> Callable[[str, int, int], Opponent]:
    def make(game: str, seat: int, seed: int) -> Opponent:
        return HalfOracle(game, seat, seed, name, sees_first_half)

    return make


def avinas_oracle(game: str, seat: int, seed: int) -> Opponent:
    """The page's hard dealt the true cards, every seat seeing every hand."""
    setup = replace(avinas_levels.HARD, name="oracle", sighted=True,
                    sampler=TrueAvinasHands(Truth()))
    return chance(avinas_levels.AvinasSearch(game, seat, seed, setup), game, "hard", seat, seed)


def abyssinia_oracle(game: str, seat: int, seed: int) -> Opponent:
    """The page's hard dealt the true pack."""
    setup = replace(abyssinia_levels.HARD, name="oracle", sampler=TruePack(Truth()))
    return chance(abyssinia_levels.AbyssiniaSearch(game, seat, seed, setup), game, "hard",
                  seat, seed)


def known_share(percent: int) -> Callable[[Truth, int], TrueDeals]:
    return lambda truth, seed: KnownShare(truth, percent / 100, seed)


ORACLES: dict[str, dict[str, Callable[[str, int, int], Opponent]]] = {
    "avissinia": {
        "oracle": avissinia_oracle("oracle", avissinia_lab.HARD_READING,
                                   lambda truth, seed: TrueDeals(truth)),
        "oracle-hands": avissinia_oracle("oracle-hands", avissinia_lab.HARD_READING,
                                         lambda truth, seed: TrueHands(truth)),
        "oracle-first-half": half_oracle("oracle-first-half", sees_first_half=True),
        "oracle-second-half": half_oracle("oracle-second-half", sees_first_half=False),
        "oracle-own-fitted": avissinia_oracle(
            "oracle-own-fitted", avissinia_lab.setup_named("hard-own-fitted"),
            lambda truth, seed: TrueDeals(truth)),
        **{f"oracle-known-{p}": avissinia_oracle(f"oracle-known-{p}", avissinia_lab.HARD_2026,
                                                 known_share(p))
           for p in (0, 25, 33, 50, 75, 100)},
    },
    "avinas": {"oracle": avinas_oracle},
    "abyssinia": {"oracle": abyssinia_oracle},
}


def truths(op: Opponent) -> list[Truth]:
    """The true states an oracle reads (none for any other player)."""
    players = [op.seeing] if isinstance(op, HalfOracle) else [op]
    found = []
    for player in players:
        sampler = getattr(getattr(player, "setup", None), "sampler", None)
        truth = getattr(sampler, "truth", None)
        if isinstance(truth, Truth):
            found.append(truth)
    return found


def searches(op: Opponent) -> list[SearchOpponent]:
    """The searches a fixed budget or common chance applies to."""
    if isinstance(op, HalfOracle):
        return [op.seeing, op.blind]
    return [op] if isinstance(op, SearchOpponent) else []
