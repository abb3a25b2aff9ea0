"""Avissinia opponents.

easy   captures the most points it can, else adds to its own pile, else trails its
       cheapest card; it never robs its partner.
medium counts cards: for each play it weighs the points won (and taken from opponents)
       against the chance that an opponent holds the rank now on top of its pile or of
       the centre, and so can take that run away before its next turn.
hard   hard-typed (below) since the twentieth pass.
hard-reading (arena only; the page's hard before the twentieth pass) samples the unseen
       cards many times (everything not in its hand, the centre or a pile is in another
       hand or the stock), drawn by a Metropolis chain from the posterior the other
       players' plays of this deal give under a softened medium policy, and plays each
       candidate out to the end of the round in every sample, every seat playing medium's
       rule with every hand in view, choosing the best average; a candidate clearly
       behind the leader stops being played out (racing), so the time goes to the close
       ones.
hard-2026 (arena only) the same search over uniformly sampled deals: the baseline.
hard-sir  (arena only) the first reading: each world resampled from four uniform deals.
The rest are hard-reading changed in one part (arena only; measured, not kept):
hard-unsighted  playouts that count the unseen cards instead of seeing every hand (what
       gained in Avinas; not here).
hard-fitted-playouts  playouts by a policy fitted to its own search (``FittedPolicy``).
hard-ismcts, hard-ismcts-own  its reading and playouts under information-set MCTS
       (``ismcts``) instead of PIMC.
hard-own-counting  its own side counts in the playouts, the others see.
hard-endgame  playouts that end with its exact best response over its last three cards
       of the round.
hard-sighted-fitted, hard-own-fitted, hard-own-counted-fitted  playouts that play every
       seat, or its own side only, by a policy fitted to rollout improvement of the
       sighted rule.
hard-searchers-modelled, hard-own-fitted-searchers  playouts that play the other seats by
       the policy fitted to a searching player's plays.
hard-typed (the page's hard under its own name, so that its arena runs replay) reads
       each other seat's kind of player (medium's or a searcher's) from its plays, the
       round's first deal setting the odds, and in every world plays it out as that kind,
       its own side by the sighted fitted policy.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Generator

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
from ..words import plural
from . import Observation, Opponent, SearchOpponent, Thinking, chance_of_any
from .avissinia_playout import (
    Policy,
    RankRound,
    choose_counted,
    choose_counted_fitted,
    choose_fitted,
    choose_sighted,
    choose_sighted_fitted,
    opponents_of,
    play_out,
    play_out_to_endgame,
    split_by_side,
)
from .search import (
    Budget,
    first_kind_weight,
    log_mixture,
    metropolis,
    resample,
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


class Hard2026(SearchOpponent[AvissiniaObservation]):
    """The hard level as it was in 2026 (uniform worlds): kept as the arena's baseline."""

    level = "hard-2026"
    budget = Budget(iterations=60)

    def think(self, obs: AvissiniaObservation) -> Thinking:
        legal: list[str] = obs["legal"]
        if len(legal) == 1:
            return legal[0]
        view = _View(obs)
        # Prune plays that are never better: trailing a card when another trail is
        # identical in every way that matters is searched once (same rank and value).
        candidates = _distinct(legal, view)
        best, means = yield from self.search(obs, candidates)
        # Trails alike are searched once, so one candidate can be left.
        self.reason = (f"searched {plural(len(candidates), 'play')}; "
                       f"expects {means[best]:+.1f} points")
        return best

    def world(self, obs: AvissiniaObservation, rng: random.Random) -> RankRound:
        return RankRound.of_observation(obs, deal_hidden(obs, rng))

    def world_of(self, state: Avissinia) -> RankRound:
        return RankRound.of_game(state)

    def action_value(self, world: RankRound, action: str) -> float:
        """The candidate played in ``world``, then the round played out on ranks
        (``avissinia_playout``)."""
        trial = world.copy()
        card, target = play_of(action)
        trial.play(card.rank, target)
        return play_out(trial, self.seat, self.playout_policy())

    def playout_policy(self) -> Policy:
        """How every seat plays in the playouts: medium's rule, with every hand in view
        (sighted) or by the count of the cards unseen."""
        return choose_sighted if self.sighted else choose_counted


def rank_move(text: str) -> tuple[int, int]:
    """A play's text as the playouts' move: (the card's rank, the target)."""
    card, target = play_of(text)
    return card.rank, target


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


class HardReading(Hard2026):
    """PIMC over worlds drawn from the posterior the others' plays give (the page's hard
    until the twentieth pass; arena only since, as ``hard-reading``).

    A Metropolis chain (``Chain``) over the hidden deals consistent with every card seen
    walks ``burn_in`` steps before the search, then ``steps`` between worlds; each world
    it stands on is searched as before (every candidate played out in it).
    """

    level = "hard-reading"
    budget = Budget(iterations=60)
    temperature = 0.3  # points: how sharply medium's scores separate its plays
    slack = 0.1  # the chance of a play medium would not make (humans, other levels)
    burn_in = 100  # chain steps before the first world
    steps = 6  # chain steps between worlds
    # Its decisions are noisy (two searches of 240 worlds with different seeds disagree on
    # a third of them), so the playouts go to the candidates still in doubt: racing.
    race_z = 3.0
    _chain: Chain | None = None  # this decision's chain (None: nothing to read)
    _reading: Reading | None = None  # this decision's reading (None: no search)

    def think(self, obs: AvissiniaObservation) -> Thinking:
        yield from self.read(obs)
        return (yield from super().think(obs))

    def read(self, obs: AvissiniaObservation) -> Generator[None, None, None]:
        """Start the chain on the others' plays of this deal (none to read: uniform)."""
        self._chain = None
        self._reading = None
        if len(obs["legal"]) > 1:
            reading = self.reading(obs)
            self._reading = reading
            if reading.plays:
                chain = Chain(obs, reading, self.rng)
                yield from walk(chain.step, self.burn_in, self.rng, self.budget.slice_seconds)
                yield  # the search starts a slice of its own: none runs the two together
                self._chain = chain

    def reading(self, obs: AvissiniaObservation) -> Reading:
        return Reading(obs, self.temperature, self.slack)

    def world(self, obs: AvissiniaObservation, rng: random.Random) -> RankRound:
        return RankRound.of_observation(obs, self.hidden_deal(obs, rng))

    def hidden_deal(self, obs: AvissiniaObservation, rng: random.Random) -> HiddenDeal:
        """The hidden cards of one world: the chain's next deal (uniform with nothing to
        read)."""
        chain = self._chain
        if chain is None:
            return deal_hidden(obs, rng)
        for _ in range(self.steps):
            chain.step(rng)
        return chain.deal(rng)


class HardIsmcts(HardReading):
    """Hard's reading and playouts under information-set MCTS instead of PIMC (arena only):
    one tree over the moves from hard's information set, each iteration a world from the
    chain (``ismcts``).  Its budget counts playouts, one an iteration, where hard's counts
    worlds of several playouts each.  Measured, not kept: at the time of hard's 240 worlds
    (520 playouts) it made -1.49 +- 0.35 points a deal against hard on the same 300 deals
    against medium players (docs/opponents.md, the tenth pass)."""

    level = "hard-ismcts"
    exploration = 6.0  # points: UCB's constant (a round's margins spread over tens of points)
    steps = 2  # chain steps between worlds: a world is one playout here, not one a candidate

    def think(self, obs: AvissiniaObservation) -> Thinking:
        legal: list[str] = obs["legal"]
        if len(legal) == 1:
            return legal[0]
        # Arena only: imported here, so the page never loads it.
        from .ismcts import ismcts, most_visited

        yield from self.read(obs)
        rng = self.rng
        root, self.iterations = yield from ismcts(
            lambda: self.world(obs, rng), choose_sighted, self.budget, self.exploration,
            self.searching(obs))
        self.playouts = self.iterations
        move = most_visited(root)
        chosen = root.children[move]
        self.reason = (f"searched {plural(len(root.children), 'play')} in a tree of "
                       f"{plural(self.iterations, 'playout')}; "
                       f"expects {chosen.total / chosen.visits:+.1f} points")
        return next(text for text in legal if rank_move(text) == move)

    def searching(self, obs: AvissiniaObservation) -> set[int] | None:
        """The seats that choose in the tree: every seat (opponents too, by their own
        results, as SO-ISMCTS has it)."""
        return None


class HardIsmctsOwnTree(HardIsmcts):
    """hard-ismcts whose tree chooses only for hard's side; the other seats play the
    playout policy there too (arena only).  Measured against hard at equal time, 300
    deals: -0.41 +- 0.34 points a deal; at the page's budget, 200 deals: -0.29 +- 0.41."""

    level = "hard-ismcts-own"

    def searching(self, obs: AvissiniaObservation) -> set[int] | None:
        me = self.seat
        return {me, (me + 2) % PLAYERS} if obs["partnership"] else {me}


class HardFittedPlayouts(HardReading):
    """Hard whose playouts play by the policy fitted to its own search (arena only,
    measured and not kept): it models tables of hard players better (+0.39 +- 0.35 a deal
    against hard among hard players) but medium players much worse (hard's edge over three
    medium players fell from +3.08 to +0.93 a deal on the same 1,000 deals), and without
    sight of the hands it cannot use them where the search gives them (the oracle's edge
    over medium fell from +6.52 to +1.75).  docs/opponents.md, the eighth pass."""

    level = "hard-fitted-playouts"

    def playout_policy(self) -> Policy:
        return choose_fitted


class HardSightedFitted(HardReading):
    """Hard whose playouts play every seat by the sighted policy fitted to rollout
    improvement of the sighted rule (arena only, measured and not kept): a better player
    than the rule is a worse model of medium players, -1.95 +- 0.99 points a deal against
    hard among three of them (49 development deals; docs/opponents.md, the nineteenth
    pass)."""

    level = "hard-sighted-fitted"

    def playout_policy(self) -> Policy:
        return choose_sighted_fitted


class HardOwnFitted(HardReading):
    """Hard whose own side plays by the sighted fitted policy in its playouts, the others
    by the sighted rule (arena only, measured and not kept).  It makes the oracle much
    stronger (``oracle-own-fitted``: +1.33 +- 0.36 a deal) and hard hardly at all: +0.26
    +- 0.41 against hard among medium players, level with hard-2026 face to face (-0.12
    +- 0.36, 150 development deals; docs/opponents.md, the nineteenth pass)."""

    level = "hard-own-fitted"

    def playout_policy(self) -> Policy:
        return split_by_side(self.seat, choose_sighted_fitted, choose_sighted)


class HardSearchersModelled(HardReading):
    """Hard whose playouts play the other seats by the policy fitted to hard's own search
    (a model of searching players), its own side by the sighted rule (arena only, measured
    and not kept): +0.35 +- 0.44 points a deal face to face with hard-2026 (118
    development deals; docs/opponents.md, the nineteenth pass)."""

    level = "hard-searchers-modelled"

    def playout_policy(self) -> Policy:
        return split_by_side(self.seat, choose_sighted, choose_fitted)


class HardOwnFittedSearchersModelled(HardReading):
    """Hard whose playouts play its own side by the sighted fitted policy and the other
    seats by the policy fitted to hard's own search (arena only, measured and not kept):
    +0.55 +- 0.38 points a deal face to face with hard-2026 (150 development deals), but
    against medium players, whom it models as searchers, -1.88 +- 0.92 against hard
    (docs/opponents.md, the nineteenth pass).  ``hard-typed`` plays each seat as what it
    is."""

    level = "hard-own-fitted-searchers"

    def playout_policy(self) -> Policy:
        return split_by_side(self.seat, choose_sighted_fitted, choose_fitted)


class HardTyped(HardReading):
    """Hard that reads each other seat's kind of player (``TypedReading``) and plays each
    out as what it is in every world: a seat drawn as medium's kind by medium's rule with
    sight (a good model of a medium player), a searching one by the policy fitted to
    hard's own search (a better model of a searcher), and its own side by the sighted
    fitted policy.  The page's hard since the twentieth pass (``Hard``, the same search under
    its own name so that this level's arena runs replay)."""

    level = "hard-typed"
    _reading: TypedReading | None = None

    def reading(self, obs: AvissiniaObservation) -> TypedReading:
        return TypedReading(obs, self.temperature, self.slack)

    def world(self, obs: AvissiniaObservation, rng: random.Random) -> RankRound:
        deal = self.hidden_deal(obs, rng)
        reading = self._reading
        opponents = opponents_of(self.seat, obs["partnership"])
        policies: list[Policy] = []
        for seat in range(PLAYERS):
            if seat not in opponents:
                policies.append(choose_sighted_fitted)
            else:
                weight = (MEDIUM_PRIOR if reading is None
                          else reading.medium_weight(seat, deal.hands[seat]))
                policies.append(choose_sighted if rng.random() < weight else choose_fitted)
        # pimc plays every candidate out in one world before it samples the next, so the
        # world's kinds can wait here for ``action_value``.
        self._world_policies = policies
        return RankRound.of_observation(obs, deal)

    def playout_policy(self) -> Policy:
        policies = self._world_policies

        def policy(state: RankRound) -> tuple[int, int]:
            return policies[state.player](state)

        return policy


class HardTypedSharp(HardTyped):
    """hard-typed whose reading takes a medium player's plays as all but certain
    (temperature 0.05 points, slack 0.02; arena only, the twenty-first pass).  Read alone,
    so sharp a reading would misread every other kind of player; with kinds, a seat whose
    plays medium's rule does not explain is read as a searcher instead."""

    level = "hard-typed-sharp"
    temperature = 0.05
    slack = 0.02


class Hard(HardTyped):
    """The page's hard (since the twentieth pass): ``hard-typed``.  Face to face it beats
    hard-2026 at the page's budgets, where ``hard-reading`` (every other seat read and
    played out as a medium player) was level with it; against medium players it keeps
    that level's strength (docs/opponents.md, "Figures, twentieth pass")."""

    level = "hard"


class HardOwnCountedFitted(HardReading):
    """Hard whose own side plays by the counting fitted policy in its playouts, the others
    by the sighted rule (arena only, measured and not kept): a model of its own later
    turns that does not credit it with sight.  -0.20 +- 0.40 points a deal against hard
    among medium players, -0.47 +- 0.39 against hard-own-fitted (200 development deals;
    docs/opponents.md, the nineteenth pass)."""

    level = "hard-own-counted-fitted"

    def playout_policy(self) -> Policy:
        return split_by_side(self.seat, choose_counted_fitted, choose_sighted)


class HardUnsighted(HardReading):
    """Hard with unsighted playouts (arena only): every seat plays by the chance the
    opponents hold a rank, as medium counts, not by the hands it sees.  It gained in Avinas;
    here it measured -0.10 +- 0.53 a deal against hard (146 development deals), so hard
    keeps its sighted playouts."""

    level = "hard-unsighted"
    sighted = False


class HardOwnCounting(HardReading):
    """Hard whose own side counts in the playouts while the others see (arena only): hard
    will not see the hands at its later turns, so its playouts should not credit it with
    plays only sight makes (strategy fusion).  Measured and not kept: against medium
    players, 240 worlds, 200 development deals, -0.49 +- 0.41 points a deal against hard
    (docs/opponents.md, the eighteenth pass)."""

    level = "hard-own-counting"

    def playout_policy(self) -> Policy:
        return split_by_side(self.seat, choose_counted, choose_sighted)


class HardEndgame(HardReading):
    """Hard whose playouts end in an exact best response (arena only): once the stock is
    dealt and hard holds ``endgame_cards`` cards or fewer, a playout plays hard's own
    remaining cards as well as they can be played against the others' rule in that world,
    instead of by the rule.  With every card known, hard's search at each of its turns
    (the oracle) already makes most of that best response with one or two cards left and
    about nine tenths of it with three (``benchmarks/avissinia_endgame.py``).  On
    development deals at 240 worlds: +0.28 +- 0.34 points a deal face to face with
    hard-2026 (150 deals; hard on the same deals +0.03 +- 0.41), level with hard against
    medium players; a decision costs about twice hard's.  At its page budget (140 worlds)
    it was level with hard-2026, -0.03 +- 0.19 over 478 deals, so it is not the page's
    hard (docs/opponents.md, the eighteenth pass)."""

    level = "hard-endgame"
    endgame_cards = 3

    def action_value(self, world: RankRound, action: str) -> float:
        trial = world.copy()
        card, target = play_of(action)
        trial.play(card.rank, target)
        return play_out_to_endgame(trial, self.seat, self.playout_policy(), self.endgame_cards)


class HardResampled(Hard2026):
    """The first reading (arena only, for comparison): each world drawn from ``pool``
    uniform deals in proportion to its likelihood (sampling-importance-resampling)."""

    level = "hard-sir"
    pool = 4
    temperature = 0.5
    slack = 0.1

    def think(self, obs: AvissiniaObservation) -> Thinking:
        self._reading = Reading(obs, self.temperature, self.slack)
        return (yield from super().think(obs))

    def world(self, obs: AvissiniaObservation, rng: random.Random) -> RankRound:
        reading: Reading | None = getattr(self, "_reading", None)
        if reading is None or not reading.plays:
            return super().world(obs, rng)
        return inferred_world(obs, rng, reading, self.pool)


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


def inferred_world(obs: AvissiniaObservation, rng: random.Random, reading: Reading,
                   pool: int) -> RankRound:
    """One of ``pool`` uniform worlds, drawn in proportion to its likelihood (only the
    chosen one is built)."""
    deals = [deal_hidden(obs, rng, reading.unseen) for _ in range(pool)]
    chosen = resample(deals, [reading.log_likelihood(d.hands) for d in deals], rng)
    return RankRound.of_observation(obs, chosen)


LEVEL_CLASSES: dict[str, type[Opponent]] = {
    "easy": Easy, "medium": Medium, "hard": Hard, "hard-2026": Hard2026,
    "hard-reading": HardReading, "hard-sir": HardResampled, "hard-unsighted": HardUnsighted,
    "hard-fitted-playouts": HardFittedPlayouts, "hard-ismcts": HardIsmcts,
    "hard-ismcts-own": HardIsmctsOwnTree, "hard-own-counting": HardOwnCounting,
    "hard-endgame": HardEndgame, "hard-sighted-fitted": HardSightedFitted,
    "hard-own-fitted": HardOwnFitted, "hard-own-counted-fitted": HardOwnCountedFitted,
    "hard-searchers-modelled": HardSearchersModelled,
    "hard-own-fitted-searchers": HardOwnFittedSearchersModelled, "hard-typed": HardTyped,
    "hard-typed-sharp": HardTypedSharp,
}
