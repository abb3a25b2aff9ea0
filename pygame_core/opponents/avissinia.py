"""Avissinia opponents.

easy   captures the most points it can, else adds to its own pile, else trails its
       cheapest card; it never robs its partner.
medium counts cards: for each play it weighs the points won (and taken from opponents)
       against the chance that an opponent holds the rank now on top of its pile or of
       the centre, and so can take that run away before its next turn.
hard   searches (``HARD``): it samples the unseen cards many times, each deal drawn by a
       Metropolis chain from what the other seats' plays of this deal say about their
       hands, reading each of them as a medium player or as a searching one (the round's
       first deal setting the odds); in every sampled world it plays each candidate out to
       the end of the round, each other seat as the kind of player it was read as and its
       own side by a policy fitted to improve on medium's rule, and plays the best
       average.  A candidate clearly behind the leader stops being played out (racing), so
       the time goes to the close ones.
"""

from __future__ import annotations

import copy
import functools
import math
import random
from collections.abc import Generator
from dataclasses import dataclass
from typing import Protocol

from ..avissinia import (
    CENTRE,
    HAND_SIZE,
    OWN,
    PLAYERS,
    TRAIL,
    Avissinia,
    AvissiniaObservation,
    HiddenDeal,
    Play,
    deal_hidden,
    legal_plays,
    move_cards,
    play_of,
    top_run,
    unseen_cards,
)
from ..cards import JACK, Card, parse_card
from . import Observation, Opponent, SearchOpponent, Setup, Thinking, chance_of_any
from .avissinia_playout import (
    Policy,
    RankRound,
    choose_fitted,
    choose_sighted,
    choose_sighted_fitted,
    opponents_of,
    play_out,
    split_by_side,
)
from .search import (
    Budget,
    first_kind_weight,
    log_mixture,
    metropolis,
    seat_log_likelihood,
    walk,
)


class _View:
    """The parts of an observation the heuristics use, as cards."""

    def __init__(self, obs: Observation) -> None:
        self._count(
            obs["seat"], obs["partnership"], obs["card_points"], obs["jack_points"],
            [parse_card(c) for c in obs["hand"]], [parse_card(c) for c in obs["centre"]],
            [[parse_card(c) for c in p] for p in obs["piles"]], obs["hand_counts"],
        )

    @classmethod
    def of(cls, seat: int, partnership: bool, card_points: int, jack_points: int,
           hand: list[Card], centre: list[Card], piles: list[list[Card]],
           hand_counts: list[int]) -> _View:
        """The view a seat had at some earlier play (for reading that play)."""
        view = cls.__new__(cls)
        view._count(seat, partnership, card_points, jack_points, hand, centre, piles,
                    hand_counts)
        return view

    def _count(self, seat: int, partnership: bool, card_points: int, jack_points: int,
               hand: list[Card], centre: list[Card], piles: list[list[Card]],
               hand_counts: list[int]) -> None:
        self.seat = seat
        self.partnership = partnership
        self.card_points = card_points
        self.jack_points = jack_points
        self.hand = hand
        self.centre = centre
        self.piles = piles
        self.hand_counts = hand_counts
        self.unseen_of_rank = [4] * 13
        seen = 0
        for group in (hand, centre, *piles):
            seen += len(group)
            for card in group:
                self.unseen_of_rank[card.rank] -= 1
        self.unseen = 52 - seen
        self.opponent_cards = sum(
            n for s, n in enumerate(hand_counts) if s != seat and not self.is_partner(s)
        )

    def with_hand(self, hand: list[Card]) -> _View:
        """This view (built with no hand) for a player holding ``hand``."""
        view = copy.copy(self)
        view.hand = hand
        view.unseen_of_rank = list(self.unseen_of_rank)
        for card in hand:
            view.unseen_of_rank[card.rank] -= 1
        view.unseen = self.unseen - len(hand)
        return view

    def is_partner(self, seat: int) -> bool:
        return self.partnership and seat != self.seat and seat % 2 == self.seat % 2

    def value(self, cards: list[Card]) -> int:
        return sum(self.jack_points if c.rank == JACK else self.card_points for c in cards)

    def threat(self, rank: int) -> float:
        """Chance that the opponents' hands hold at least one card of ``rank``."""
        return chance_of_any(self.unseen, self.opponent_cards, self.unseen_of_rank[rank])


def _source(view: _View, target: int) -> list[Card]:
    return view.centre if target == CENTRE else view.piles[target]


class Easy(Opponent[AvissiniaObservation]):
    level = "easy"

    def choose(self, obs: AvissiniaObservation, legal: list[str]) -> str:
        view = _View(obs)
        plays = [Avissinia.parse_action(t) for t in legal]
        captures = [
            p
            for p in plays
            if p.target not in (TRAIL, OWN)
            and (p.target == CENTRE or not view.is_partner(p.target))
        ]
        if captures:
            def taken(p: Play) -> int:
                pile = _source(view, p.target)
                return view.value(pile[-top_run(pile):])

            best = max(captures, key=taken)
            self.reason = f"takes {taken(best)} points"
            return str(best)
        adds = [p for p in plays if p.target == OWN]
        if adds:
            self.reason = "builds on its own pile"
            return str(adds[0])
        trails = [p for p in plays if p.target == TRAIL]
        cheapest = min(trails, key=lambda p: (view.value([p.card]), p.card.rank))
        self.reason = "gets rid of its cheapest card"
        return str(cheapest)


def medium_score(view: _View, play: Play) -> float:
    """Points expected from ``play`` after the opponents' next chances to rob."""
    me = view.seat
    pile = view.piles[me]
    old_run = pile[-top_run(pile):] if pile else []
    old_risk = view.value(old_run) * view.threat(old_run[-1].rank) if old_run else 0.0
    card = play.card
    if play.target == TRAIL:
        centre = view.centre
        run = centre[-top_run(centre):] if centre and centre[-1].rank == card.rank else []
        # The card is gone; the opponents may take it and the run it joins.
        exposed = view.value([*run, card]) * view.threat(card.rank)
        return -0.5 * exposed - 0.25 * view.value([card])
    if play.target == OWN:
        new_run = [*old_run, card]
        gain = float(view.value([card]))
    else:
        source = _source(view, play.target)
        taken = source[-top_run(source):]
        gain = float(view.value(taken) + view.value([card]))
        if play.target != CENTRE:
            if view.is_partner(play.target):
                gain -= view.value(taken)  # the side only moves its own points
            else:
                gain += view.value(taken) * (1.0 if view.partnership else 0.34)
        same = bool(old_run) and old_run[-1].rank == card.rank
        new_run = [*old_run, *taken, card] if same else [*taken, card]
    new_risk = view.value(new_run) * view.threat(card.rank)
    covered = 0.0 if new_run[: len(old_run)] == old_run and old_run else old_risk
    return gain - new_risk + covered


class Medium(Opponent[AvissiniaObservation]):
    level = "medium"

    def choose(self, obs: AvissiniaObservation, legal: list[str]) -> str:
        view = _View(obs)
        scored = [(medium_score(view, Avissinia.parse_action(t)), t) for t in legal]
        best_score, best = max(scored, key=lambda st: st[0])
        self.reason = f"expects {best_score:+.1f} points after the others' turns"
        return best


def _distinct(legal: list[str], view: _View) -> list[str]:
    """Drop trails of a card that equals an earlier trailed card in rank and value."""
    seen: set[tuple[int, int]] = set()
    out = []
    for text in legal:
        play = Avissinia.parse_action(text)
        if play.target == TRAIL:
            key = (play.card.rank, view.value([play.card]))
            if key in seen:
                continue
            seen.add(key)
        out.append(text)
    return out


# --- inference: what the others' plays say about their hands -----------------------------


class _PastPlay:
    """One play made by another seat in the current deal, with the table it was made on."""

    def __init__(self, seat: int, play: Play, view: _View) -> None:
        self.seat = seat
        self.play = play
        self.view = view  # what the seat saw then, but its hand
        self.later: list[Card] = []  # this seat's cards played at or after this play


class Reading:
    """The other seats' plays of the current deal, replayed from the public record, ready
    to be scored in any sampled world by a softened medium policy.

    Plays from earlier deals say nothing about the hands now held: those hands have been
    played out in full, every card seen.
    """

    def __init__(self, obs: AvissiniaObservation, temperature: float, slack: float) -> None:
        self.me: int = obs["seat"]
        self.partnership: bool = obs["partnership"]
        self.card_points: int = obs["card_points"]
        self.jack_points: int = obs["jack_points"]
        self.temperature = temperature
        self.slack = slack
        self.unseen = unseen_cards(obs)
        plays = [(p["seat"], Avissinia.parse_action(p["action"])) for p in obs["round_plays"]]
        counts: list[int] = list(obs["hand_counts"])
        in_deal = HAND_SIZE * PLAYERS - sum(counts)  # plays made since the hands were dealt
        deal_start = len(plays) - in_deal
        centre = [parse_card(c) for c in obs["round_centre"]]
        piles: list[list[Card]] = [[] for _ in range(PLAYERS)]
        counts = [HAND_SIZE] * PLAYERS
        self.plays: list[_PastPlay] = []
        # The others' plays of the round's earlier deal, each with the hand it was made
        # from (``later``: every card of that hand was played in that deal).
        self.earlier: list[_PastPlay] = []
        self.memo: dict[tuple[int, tuple[Card, ...]], float] = {}  # log chances by hand
        earlier_start = deal_start - HAND_SIZE * PLAYERS
        for i, (seat, play) in enumerate(plays):
            if i == earlier_start:
                counts = [HAND_SIZE] * PLAYERS
            if i >= earlier_start and seat != self.me:
                view = _View.of(seat, self.partnership, self.card_points, self.jack_points,
                                [], list(centre), [list(p) for p in piles], list(counts))
                (self.plays if i >= deal_start else self.earlier).append(
                    _PastPlay(seat, play, view))
            move_cards(centre, piles, seat, play)
            if i == deal_start - 1:
                counts = [HAND_SIZE] * PLAYERS
            elif i >= earlier_start:
                counts[seat] -= 1
        for group in (self.plays, self.earlier):
            for k, past in enumerate(group):
                past.later = [q.play.card for q in group[k:] if q.seat == past.seat]

    def log_likelihood(self, hands: list[list[Card]]) -> float:
        """Log of the chance that the others, holding ``hands``, made their plays."""
        total = 0.0
        for past in self.plays:
            hand = hands[past.seat] + past.later
            total += math.log(self.chance(past, hand))
        return total

    def seat_log_likelihood(self, seat: int, hand: list[Card]) -> float:
        """The part of ``log_likelihood`` that is ``seat``'s own plays, given its hand."""
        return seat_log_likelihood(self.plays, seat, hand, self.chance, self.memo)

    def chance(self, past: _PastPlay, hand: list[Card]) -> float:
        """The softened medium policy's chance of ``past.play`` from ``hand``."""
        legal = legal_plays(hand, past.view.centre, past.view.piles, past.seat)
        if len(legal) == 1:
            return 1.0
        view = past.view.with_hand(hand)
        scores = [medium_score(view, p) / self.temperature for p in legal]
        top = max(scores)
        weights = [math.exp(x - top) for x in scores]
        chosen = weights[legal.index(past.play)] / sum(weights)
        return (1.0 - self.slack) * chosen + self.slack / len(legal)


# The chance, before any of its plays, that a seat plays as medium does (not tuned).
MEDIUM_PRIOR = 0.5


class TypedReading(Reading):
    """The reading with each other seat's kind of player unknown (as Avinas's
    ``TypedPlayReading``): with chance ``prior`` the seat plays as medium does (the
    reading's chances), else it is a searching player whose plays say nothing of its hand
    (each legal play alike).  The kind holds for the round, so the plays of the round's
    earlier deal, whose hands are now known in full, set each seat's odds before this
    deal's plays are read; a seat's likelihood is then the mixture of the two kinds."""

    def __init__(self, obs: AvissiniaObservation, temperature: float, slack: float,
                 prior: float = MEDIUM_PRIOR) -> None:
        super().__init__(obs, temperature, slack)
        self.blind_memo: dict[tuple[int, tuple[Card, ...]], float] = {}
        self.log_prior = {seat: [math.log(prior), math.log(1.0 - prior)]
                          for seat in range(PLAYERS)}
        self.read_seats = {past.seat for past in self.plays}
        for past in self.earlier:
            odds = self.log_prior[past.seat]
            odds[0] += math.log(self.chance(past, past.later))
            odds[1] += math.log(self.blind_chance(past, past.later))

    def blind_chance(self, past: _PastPlay, hand: list[Card]) -> float:
        return 1.0 / len(legal_plays(hand, past.view.centre, past.view.piles, past.seat))

    def _by_kind(self, seat: int, hand: list[Card]) -> tuple[float, float]:
        """The log chances of ``seat``'s kind and plays: as medium, and as a searcher."""
        as_medium, blind = self.log_prior[seat]
        if seat in self.read_seats:
            as_medium += super().seat_log_likelihood(seat, hand)
            blind += seat_log_likelihood(self.plays, seat, hand, self.blind_chance,
                                         self.blind_memo)
        return as_medium, blind

    def seat_log_likelihood(self, seat: int, hand: list[Card]) -> float:
        return log_mixture(*self._by_kind(seat, hand))

    def medium_weight(self, seat: int, hand: list[Card]) -> float:
        """How likely ``seat``, holding ``hand``, plays as medium does (its kind's
        posterior in one world)."""
        return first_kind_weight(*self._by_kind(seat, hand))




class Chain:
    """A Metropolis sampler over the hidden deals consistent with the observation, whose
    stationary law is the reading's posterior (uniform prior times the likelihood of the
    others' plays).

    The hidden cards lie in one list, cut into the other seats' hands (by their known
    sizes) and the stock.  A step swaps two cards from different places (a symmetric
    proposal: the places' sizes never change) and keeps the swap with chance
    ``min(1, likelihood ratio)``; only the seats whose hands changed are rescored.  Unlike
    importance resampling from a few uniform deals, the chain keeps what it has learnt from
    one world to the next, so every step counts towards a sharper posterior.
    """

    def __init__(self, obs: AvissiniaObservation, reading: Reading, rng: random.Random) -> None:
        self.reading = reading
        self.me: int = obs["seat"]
        self.own = [parse_card(c) for c in obs["hand"]]
        cards = list(reading.unseen)
        rng.shuffle(cards)
        self.cards = cards
        self.bounds: list[tuple[int, int, int]] = []  # (seat, start, end) of each hand
        start = 0
        for seat, count in enumerate(obs["hand_counts"]):
            if seat != self.me:
                self.bounds.append((seat, start, start + count))
                start += count
        self.place = [PLAYERS] * len(cards)  # the seat holding each slot; PLAYERS: stock
        for seat, lo, hi in self.bounds:
            for i in range(lo, hi):
                self.place[i] = seat
        self.scored = {seat for seat in range(PLAYERS)
                       if any(p.seat == seat for p in reading.plays)}
        self.log_likelihood = {seat: self._score(seat) for seat in self.scored}
        self.steps = self.accepted = 0

    def _hand(self, seat: int) -> list[Card]:
        return [c for c, s in zip(self.cards, self.place, strict=True) if s == seat]

    def _score(self, seat: int) -> float:
        return self.reading.seat_log_likelihood(seat, self._hand(seat))

    def step(self, rng: random.Random) -> None:
        cards, place = self.cards, self.place
        n = len(cards)
        if n < 2:
            return
        i = rng.randrange(n)
        j = rng.randrange(n)
        if place[i] == place[j]:
            return  # a swap within one place changes nothing: the chain stays (symmetric)
        self.steps += 1
        cards[i], cards[j] = cards[j], cards[i]
        changed = {place[i], place[j]} & self.scored
        new = {seat: self._score(seat) for seat in changed}
        delta = sum(new[s] - self.log_likelihood[s] for s in changed)
        if metropolis(delta, rng):
            self.log_likelihood.update(new)
            self.accepted += 1
        else:
            cards[i], cards[j] = cards[j], cards[i]

    def deal(self, rng: random.Random) -> HiddenDeal:
        """The chain's current deal, the stock in a fresh random order."""
        hands = [list(self.own) if seat == self.me else [] for seat in range(PLAYERS)]
        stock: list[Card] = []
        for card, seat in zip(self.cards, self.place, strict=True):
            (stock if seat == PLAYERS else hands[seat]).append(card)
        for hand in hands:
            hand.sort()
        rng.shuffle(stock)
        return HiddenDeal(rng.randrange(2**63), hands, stock)




# --- the hard search, in parts -------------------------------------------------------------
# Hard is PIMC (``search.pimc``): it samples worlds (full rounds consistent with what it
# sees), plays every candidate out in each, and takes the best mean.  Its parts: how the
# worlds are sampled and read (``UniformDeals``, ``ReadDeals``), how each seat is played out
# in a world (``EverySeat``, ``BySide``, ``ByKind``), how a playout ends and is scored
# (``RoundEnd``), and its budget.  ``AvissiniaSetup`` names one composition of them.


class Worlds:
    """One decision's source of hidden deals: uniform, with nothing read (the default
    before any reading, e.g. for the review of a human's play)."""

    def __init__(self, reading: Reading | None = None) -> None:
        self.reading = reading  # the others' plays read this decision, if any

    def deal(self, obs: AvissiniaObservation, rng: random.Random) -> HiddenDeal:
        return deal_hidden(obs, rng)


class ChainWorlds(Worlds):
    """Deals drawn by a Metropolis chain over the reading's posterior, ``steps`` apart."""

    def __init__(self, chain: Chain, steps: int) -> None:
        super().__init__(reading=chain.reading)
        self.chain = chain
        self.steps = steps

    def deal(self, obs: AvissiniaObservation, rng: random.Random) -> HiddenDeal:
        for _ in range(self.steps):
            self.chain.step(rng)
        return self.chain.deal(rng)


class Sampler(Protocol):
    """How a decision's worlds are sampled: ``read`` prepares them (it may take slices)."""

    def read(self, obs: AvissiniaObservation, rng: random.Random, slice_seconds: float
             ) -> Generator[None, None, Worlds]: ...


class UniformDeals:
    """Every world deals the unseen cards at random: nothing is read from the plays."""

    def read(self, obs: AvissiniaObservation, rng: random.Random, slice_seconds: float
             ) -> Generator[None, None, Worlds]:
        return Worlds()
        yield  # nothing to read: no slices


@dataclass(frozen=True)
class ReadDeals:
    """Worlds drawn from the posterior the others' plays of this deal give: a Metropolis
    chain (``Chain``) over the hidden deals walks ``burn_in`` steps before the search and
    ``steps`` between worlds.  ``typed`` reads each other seat's kind of player as well
    (``TypedReading``), else every seat as medium (``Reading``); ``temperature`` is how
    sharply medium's scores separate its plays, ``slack`` the chance of a play medium would
    not make."""

    typed: bool
    temperature: float = 0.3
    slack: float = 0.1
    burn_in: int = 100
    steps: int = 6

    def reading(self, obs: AvissiniaObservation) -> Reading:
        if self.typed:
            return TypedReading(obs, self.temperature, self.slack)
        return Reading(obs, self.temperature, self.slack)

    def read(self, obs: AvissiniaObservation, rng: random.Random, slice_seconds: float
             ) -> Generator[None, None, Worlds]:
        if len(obs["legal"]) < 2:
            return Worlds()  # no search
        reading = self.reading(obs)
        if not reading.plays:  # nothing to read this deal: uniform worlds
            return Worlds(reading=reading)
        chain = Chain(obs, reading, rng)
        yield from walk(chain.step, self.burn_in, rng, slice_seconds)
        yield  # the search starts a slice of its own: none runs the two together
        return ChainWorlds(chain, self.steps)


class Seats(Protocol):
    """How each seat is played out in one world: the playouts' policy for it."""

    def policy(self, seat: int, obs: AvissiniaObservation, deal: HiddenDeal,
               reading: Reading | None, rng: random.Random) -> Policy: ...


@dataclass(frozen=True)
class EverySeat:
    """Every seat plays out by one policy."""

    rule: Policy

    def policy(self, seat: int, obs: AvissiniaObservation, deal: HiddenDeal,
               reading: Reading | None, rng: random.Random) -> Policy:
        return self.rule


@dataclass(frozen=True)
class BySide:
    """The searcher's side (it, and its partner) plays out by ``own``, the others by
    ``others``."""

    own: Policy
    others: Policy

    def policy(self, seat: int, obs: AvissiniaObservation, deal: HiddenDeal,
               reading: Reading | None, rng: random.Random) -> Policy:
        return split_by_side(seat, self.own, self.others)


@dataclass(frozen=True)
class ByKind:
    """Each other seat plays out as the kind of player the typed reading takes it for in
    this world (drawn from its posterior given the world's hands): a medium player by
    ``medium``, a searching player by ``searcher``; the searcher's own side by ``own``."""

    own: Policy
    medium: Policy
    searcher: Policy

    def kinds(self, seat: int, obs: AvissiniaObservation, deal: HiddenDeal,
              reading: Reading | None, rng: random.Random) -> list[Policy]:
        """Each seat's policy in this world."""
        opponents = opponents_of(seat, obs["partnership"])
        policies: list[Policy] = []
        for other in range(PLAYERS):
            if other not in opponents:
                policies.append(self.own)
            else:
                weight = (reading.medium_weight(other, deal.hands[other])
                          if isinstance(reading, TypedReading) else MEDIUM_PRIOR)
                policies.append(self.medium if rng.random() < weight else self.searcher)
        return policies

    def policy(self, seat: int, obs: AvissiniaObservation, deal: HiddenDeal,
               reading: Reading | None, rng: random.Random) -> Policy:
        policies = self.kinds(seat, obs, deal, reading, rng)

        def policy(state: RankRound) -> tuple[int, int]:
            return policies[state.player](state)

        return policy


class Ending(Protocol):
    """How a playout ends and is scored, from the position after the candidate."""

    def value(self, trial: RankRound, seat: int, policy: Policy) -> float: ...


class RoundEnd:
    """Played to the end of the round by the seats' policies; scored as the seat's margin
    in points."""

    def value(self, trial: RankRound, seat: int, policy: Policy) -> float:
        return play_out(trial, seat, policy)


@dataclass(frozen=True)
class AvissiniaSetup:
    """A searching player: its name and its parts."""

    name: str
    sampler: Sampler
    seats: Seats
    ending: Ending
    budget: Budget
    race_z: float | None = None  # drop candidates this many standard errors behind


class AvissiniaSearch(SearchOpponent[AvissiniaObservation]):
    """PIMC by the parts of ``setup``.  Trails alike (same rank and value) are searched
    once."""

    _worlds = Worlds()  # this decision's worlds (uniform until a decision reads the plays)
    _policy: Policy = choose_sighted  # the playouts' policy in the world last sampled

    def __init__(self, game: str, seat: int, seed: int, setup: AvissiniaSetup) -> None:
        super().__init__(game, seat, seed, setup.name)
        self.setup = setup
        self.budget = setup.budget
        self.race_z = setup.race_z

    def think(self, obs: AvissiniaObservation) -> Thinking:
        legal: list[str] = obs["legal"]
        if len(legal) == 1:
            return legal[0]
        yield from self.read(obs)
        candidates = _distinct(legal, _View(obs))
        best, means = yield from self.search(obs, candidates)
        plays = len(candidates)  # the lab's words (benchmarks), not the page's: English
        self.reason = (f"searched {plays} play{'' if plays == 1 else 's'}; "
                       f"expects {means[best]:+.1f} points")
        return best

    def read(self, obs: AvissiniaObservation) -> Generator[None, None, None]:
        """Prepare this decision's worlds (``sampler``): the reading of the plays."""
        self._worlds = yield from self.setup.sampler.read(obs, self.rng,
                                                          self.budget.slice_seconds)

    def world(self, obs: AvissiniaObservation, rng: random.Random) -> RankRound:
        worlds = self._worlds
        deal = worlds.deal(obs, rng)
        # pimc plays every candidate out in one world before it samples the next, so the
        # world's policy can wait here for ``action_value``.
        self._policy = self.setup.seats.policy(self.seat, obs, deal, worlds.reading, rng)
        return RankRound.of_observation(obs, deal)

    def action_value(self, world: RankRound, action: str) -> float:
        """The candidate played in ``world``, then the playout to its end."""
        trial = world.copy()
        card, target = play_of(action)
        trial.play(card.rank, target)
        return self.setup.ending.value(trial, self.seat, self._policy)


# Hard: worlds from the typed reading; each other seat played out as the kind of player
# its plays show (medium's rule with sight, or the policy fitted to a searcher's plays),
# its own side by the sighted fitted policy; to the end of the round; 60 worlds by
# default, racing the candidates.
HARD = AvissiniaSetup(
    "hard", ReadDeals(typed=True), ByKind(choose_sighted_fitted, choose_sighted, choose_fitted),
    RoundEnd(), Budget(iterations=60), race_z=3.0)

SETUPS: dict[str, Setup] = {
    "easy": Easy, "medium": Medium, "hard": functools.partial(AvissiniaSearch, setup=HARD),
}
