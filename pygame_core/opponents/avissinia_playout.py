"""Avissinia's playouts, on ranks alone.

The hard search plays every candidate out to the end of the round in every world it
samples, hundreds of worlds a decision, and on the page it has about 0.7 s.  In a playout a
card's suit never matters (captures match ranks, a card's points go by its rank), so the
playouts run on a small state of ranks instead of the game: no card objects, no history,
no public record, only the hands, the piles, the centre and the stock in its dealing order.
The moves and the deal from the stock are the game's own (``avissinia.py``, ruling 2 to 5);
tests play the same choices through the game and compare every state on the way.
"""

from __future__ import annotations

import dataclasses
import functools

from ..avissinia import CENTRE, HAND_SIZE, OWN, PLAYERS, TRAIL, Avissinia, HiddenDeal
from ..avissinia import AvissiniaObservation as Observation
from ..cards import JACK, parse_card
from . import chance_of_any


@functools.cache
def points_by_rank(card_points: int, jack_points: int) -> tuple[int, ...]:
    return tuple(jack_points if rank == JACK else card_points for rank in range(13))


@dataclasses.dataclass(slots=True)
class RankRound:
    """The rest of a round of Avissinia with every card known, as ranks.

    ``hands`` are sorted (as the game keeps them), ``piles`` and ``centre`` run from the
    bottom to the top, and the ``stock`` is dealt from its end, as the game deals it."""

    hands: list[list[int]]
    piles: list[list[int]]
    centre: list[int]
    stock: list[int]
    player: int
    first_player: int
    points_of: tuple[int, ...]
    partnership: bool

    @classmethod
    def of_game(cls, game: Avissinia) -> RankRound:
        """The round as ``game`` stands (the oracle's true state)."""
        options = game.options
        return cls([[c.rank for c in h] for h in game.hands],
                   [[c.rank for c in p] for p in game.piles], [c.rank for c in game.centre],
                   [c.rank for c in game.stock], game.player, game.first_player,
                   points_by_rank(options.card_points, options.jack_points),
                   options.partnership)

    @classmethod
    def of_observation(cls, obs: Observation, hidden: HiddenDeal) -> RankRound:
        """The round ``obs`` shows, with the hidden cards as ``hidden`` deals them."""
        current = obs["current_player"]
        return cls([[c.rank for c in h] for h in hidden.hands],
                   [[parse_card(c).rank for c in p] for p in obs["piles"]],
                   [parse_card(c).rank for c in obs["centre"]], [c.rank for c in hidden.stock],
                   obs["seat"] if current is None else current, obs["first_player"],
                   points_by_rank(obs["card_points"], obs["jack_points"]), obs["partnership"])

    def copy(self) -> RankRound:
        return RankRound([list(h) for h in self.hands], [list(p) for p in self.piles],
                         list(self.centre), list(self.stock), self.player, self.first_player,
                         self.points_of, self.partnership)

    def play(self, rank: int, target: int) -> None:
        """The player to move plays a card of ``rank`` to ``target`` (TRAIL, CENTRE, OWN or
        a seat whose pile it captures); then the next player counter-clockwise, and six
        cards each from the stock when the hands are empty (``Avissinia._apply``)."""
        me = self.player
        self.hands[me].remove(rank)
        if target == TRAIL:
            self.centre.append(rank)
        elif target == OWN:
            self.piles[me].append(rank)
        else:
            source = self.centre if target == CENTRE else self.piles[target]
            run = run_length(source)
            pile = self.piles[me]
            pile.extend(source[-run:])
            del source[-run:]
            pile.append(rank)
        self.player = (me - 1) % PLAYERS
        if not self.hands[self.player] and self.stock:
            self._deal()

    def _deal(self) -> None:
        """Six each, one at a time, from the first player counter-clockwise."""
        order = [(self.first_player - i) % PLAYERS for i in range(PLAYERS)]
        hands, stock = self.hands, self.stock
        for i in range(HAND_SIZE * PLAYERS):
            hands[order[i % PLAYERS]].append(stock.pop())
        for hand in hands:
            hand.sort()

    def margin(self, seat: int) -> float:
        """``seat``'s side's points in the piles minus the other sides' mean (the centre
        scores for nobody, ruling 5)."""
        points_of = self.points_of
        sides = 2 if self.partnership else PLAYERS
        side_points = [0] * sides
        for s, pile in enumerate(self.piles):
            side_points[s % sides] += sum(points_of[r] for r in pile)
        mine = side_points[seat % sides]
        others = [p for side, p in enumerate(side_points) if side != seat % sides]
        return mine - sum(others) / len(others)


def play_out(state: RankRound, seat: int, sighted: bool = True) -> float:
    """Play the round in ``state`` (the playout's own copy) to its end with ``choose`` in
    every seat; return ``seat``'s margin."""
    hands = state.hands
    while hands[state.player]:
        state.play(*choose(state, sighted))
    return state.margin(seat)


def run_length(pile: list[int]) -> int:
    """How many cards of one rank lie on top of ``pile``, its run (ruling 3); 0 when
    empty.  (``avissinia.top_run``, for ranks.)"""
    if not pile:
        return 0
    rank = pile[-1]
    n = len(pile)
    k = 1
    while k < n and pile[-1 - k] == rank:
        k += 1
    return k


def run_value(pile: list[int], points_of: tuple[int, ...]) -> int:
    """The points in the top run of ``pile`` (0 when empty)."""
    return run_length(pile) * points_of[pile[-1]] if pile else 0


def choose(state: RankRound, sighted: bool = True) -> tuple[int, int]:
    """The playouts' policy: a quick, sighted version of the medium heuristic, as (rank,
    target).

    With every hand known, "could an opponent rob this run?" is a lookup rather than a
    probability.  It is deterministic: every candidate is then played out by the same
    policy in the same world, so the search compares the candidates and not the
    playouts' luck.  Unsighted (``sighted=False``), every seat plays by the chance that its
    opponents hold a rank among the cards it has not seen, as medium counts.
    """
    me = state.player
    hand = state.hands[me]
    points_of = state.points_of
    partnership = state.partnership
    threat = sighted_threat(state, me) if sighted else counted_threat(state, me)
    # A run's value is counted only where it can matter (the hot path of the playouts):
    # a top of a rank the hand lacks can be neither captured nor joined.
    ranks = set(hand)
    piles = state.piles
    own = piles[me]
    own_rank = own[-1] if own else -1
    own_value = (run_value(own, points_of)
                 if own and (own_rank in ranks or threat[own_rank]) else 0)
    own_risk = own_value * threat[own_rank] if own else 0.0
    centre = state.centre
    centre_rank = centre[-1] if centre else -1
    centre_value = run_value(centre, points_of) if centre_rank in ranks else 0
    # The tops that can be captured, in the order the candidates are tried: the centre,
    # then the other seats' piles.
    tops = [(CENTRE, centre_rank, centre_value)] if centre_rank in ranks else []
    tops += [(seat, pile[-1], run_value(pile, points_of))
             for seat, pile in enumerate(piles)
             if seat != me and pile and pile[-1] in ranks]
    best = (hand[0], TRAIL)
    best_score = -1e9
    previous = -1
    for rank in hand:
        if rank == previous:
            continue  # a second card of a rank scores as the first, and the first is kept
        previous = rank
        points = points_of[rank]
        threatened = threat[rank]
        for target, top, taken in tops:
            if top != rank:
                continue
            gain = taken + points
            if target != CENTRE:
                gain += -taken if partnership and target % 2 == me % 2 else taken // 2
            run = taken + points + (own_value if own_rank == rank else 0)
            score: float = gain - run * threatened + own_risk
            if score > best_score:
                best, best_score = (rank, target), score
        if own_rank == rank:
            score = points - (own_value + points) * threatened + own_risk
            if score > best_score:
                best, best_score = (rank, OWN), score
        joined = centre_value if centre_rank == rank else 0
        exposed = (points + joined) * threatened
        score = -0.5 * exposed - 0.25 * points - 0.01 * rank  # lower ranks go first
        if score > best_score:
            best, best_score = (rank, TRAIL), score
    return best


def sighted_threat(state: RankRound, me: int) -> list[float]:
    """1 for each rank an opponent holds, else 0: every hand in view."""
    hands = state.hands
    threat = [0.0] * 13
    for seat in _OPPONENTS[state.partnership][me]:
        for rank in hands[seat]:
            threat[rank] = 1.0
    return threat


# Each seat's opponents, without and with partnerships (partners sit opposite).
_OPPONENTS = tuple(
    tuple(tuple(s for s in range(PLAYERS) if s != me and not (partnership and (s - me) % 2 == 0))
          for me in range(PLAYERS))
    for partnership in (False, True))


def counted_threat(state: RankRound, me: int) -> list[float]:
    """The chance the opponents hold each rank, for a player who counts the cards he has
    not seen (the other hands and the stock) but does not know where they lie."""
    hands = state.hands
    unseen = [0] * 13
    for seat, other in enumerate(hands):
        if seat != me:
            for rank in other:
                unseen[rank] += 1
    opponents = sum(len(hands[seat]) for seat in _OPPONENTS[state.partnership][me])
    for rank in state.stock:
        unseen[rank] += 1
    total = sum(unseen)
    return [_chance_of_any(total, opponents, n) for n in unseen]


_chance_of_any = functools.cache(chance_of_any)  # the playouts ask the same few sums
