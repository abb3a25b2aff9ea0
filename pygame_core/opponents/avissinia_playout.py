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
from collections.abc import Callable, Sequence

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
    # Cards of each rank still in a hand or the stock, kept as cards are played: what a
    # player who counts has not seen, but his own hand (``counted_threat``).
    live: list[int] = dataclasses.field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.live:
            self.live = [0] * 13
            for rank in [*self.stock, *(r for hand in self.hands for r in hand)]:
                self.live[rank] += 1

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
                         self.points_of, self.partnership, list(self.live))

    def play(self, rank: int, target: int) -> None:
        """The player to move plays a card of ``rank`` to ``target`` (TRAIL, CENTRE, OWN or
        a seat whose pile it captures); then the next player counter-clockwise, and six
        cards each from the stock when the hands are empty (``Avissinia._apply``)."""
        me = self.player
        self.hands[me].remove(rank)
        self.live[rank] -= 1
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

    # The tree search's view of a round (``ismcts.TreeWorld``).

    def moves(self) -> list[tuple[int, int]]:
        """The player to move's distinct plays as (rank, target): two cards of a rank play
        alike.  Per rank, as ``legal_plays``: the centre, the other piles, its own, trail."""
        me = self.player
        piles, centre = self.piles, self.centre
        centre_rank = centre[-1] if centre else -1
        own_rank = piles[me][-1] if piles[me] else -1
        moves = []
        for rank in sorted(set(self.hands[me])):
            if rank == centre_rank:
                moves.append((rank, CENTRE))
            moves += [(rank, seat) for seat, pile in enumerate(piles)
                      if seat != me and pile and pile[-1] == rank]
            if rank == own_rank:
                moves.append((rank, OWN))
            moves.append((rank, TRAIL))
        return moves

    def make(self, move: tuple[int, int]) -> None:
        self.play(*move)

    def finished(self) -> bool:
        """The round is over: the player to move has no card and the stock is dealt."""
        return not self.hands[self.player]

    def margins(self) -> list[float]:
        """Every seat's ``margin``, the piles counted once."""
        side_points = self._side_points()
        return [side_margin(side_points, seat) for seat in range(PLAYERS)]

    def margin(self, seat: int) -> float:
        """``seat``'s side's points in the piles minus the other sides' mean (the centre
        scores for nobody, ruling 5)."""
        return side_margin(self._side_points(), seat)

    def _side_points(self) -> list[int]:
        points_of = self.points_of
        sides = 2 if self.partnership else PLAYERS
        side_points = [0] * sides
        for s, pile in enumerate(self.piles):
            side_points[s % sides] += sum(points_of[r] for r in pile)
        return side_points


def side_margin(side_points: list[int], seat: int) -> float:
    """``seat``'s side's points minus the other sides' mean."""
    sides = len(side_points)
    mine = side_points[seat % sides]
    others = [p for side, p in enumerate(side_points) if side != seat % sides]
    return mine - sum(others) / len(others)


# A playout policy: the play (rank, target) the player to move makes in a round.
Policy = Callable[[RankRound], tuple[int, int]]


def split_by_side(seat: int, own: Policy, others: Policy) -> Policy:
    """A playout policy that plays ``seat``'s side (it, and its partner in partnerships)
    by ``own`` and the other seats by ``others``."""
    against = (opponents_of(seat, False), opponents_of(seat, True))  # once, not per move

    def policy(state: RankRound) -> tuple[int, int]:
        if state.player in against[state.partnership]:
            return others(state)
        return own(state)

    return policy


def opponents_of(seat: int, partnership: bool) -> tuple[int, ...]:
    """The seats playing against ``seat`` (all three, or the two beside it with
    partnerships)."""
    return _OPPONENTS[partnership][seat]


def play_out(state: RankRound, seat: int, policy: Policy) -> float:
    """Play the round in ``state`` (the playout's own copy) to its end with ``policy`` in
    every seat; return ``seat``'s margin."""
    hands = state.hands
    while hands[state.player]:
        state.play(*policy(state))
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


def choose_sighted(state: RankRound) -> tuple[int, int]:
    """``choose`` with every hand in view (hard's and hard-2026's playouts)."""
    return choose(state, True)


def choose_counted(state: RankRound) -> tuple[int, int]:
    """``choose`` by the count of the cards unseen (hard-unsighted's playouts)."""
    return choose(state, False)


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
    unseen = list(state.live)
    for rank in hands[me]:
        unseen[rank] -= 1
    opponents = sum(len(hands[seat]) for seat in _OPPONENTS[state.partnership][me])
    chances = _chances_of_any(sum(unseen), opponents)
    return [chances[n] for n in unseen]


@functools.cache
def _chances_of_any(unseen: int, opponent_cards: int) -> tuple[float, ...]:
    """``chance_of_any`` for 0 to 4 cards of a rank unseen (the playouts ask the same few
    sums, every move)."""
    return tuple(chance_of_any(unseen, opponent_cards, n) for n in range(5))


# --- the fitted policy: hard-fitted-playouts' playouts (measured, not kept) -----------------

# What the fitted policy weighs for a play, in this order (``play_features``).  A capture or
# an addition to the player's own pile ("keeps" the card) and a trail have features of their
# own; every threat is the chance the opponents hold a rank among the cards the player has
# not seen (``counted_threat``), as a player who counts judges it.
PLAY_FEATURES = (
    "centre_taken",  # points of the centre's top run captured
    "robbed",  # points of an opponent's top run captured
    "partner_taken",  # points of the partner's top run captured (partnerships)
    "card_kept",  # the played card's points, kept on the player's pile
    "run_at_risk",  # the new top run's points times the threat to its rank
    "old_run_covered",  # the old top run's points times the threat to it (now covered)
    "adds_to_own",  # 1 for an addition to the player's own pile
    "keeps_a_pair",  # the player still holds a card of the rank after the play
    "trail",  # 1 for a trail
    "trail_exposed",  # a trail: the centre's new top run's points times the threat to it
    "trail_points",  # a trail: the card's points (left to the centre, which nobody scores)
    "trail_rank",  # a trail: the rank (0 two ... 12 ace)
    "trail_keeps_a_pair",  # a trail: the player still holds a card of the rank
)

# Fitted by ``benchmarks/fit_avissinia_playout.py`` to hard's own search: the values its
# search (240 worlds, every candidate in every world) gave every play at 9,780 decisions of
# 233 rounds four hard players played (seeds 50000-50117 and 50150-50264, every fourth with
# partnerships); the weights come from the 6,568 of deal seeds not divisible by 3.
PLAY_WEIGHTS: tuple[float, ...] = (
    1.304, 0.739, 0.298, 0.254, -1.625, 0.64, 0.497, 1.279,
    0.06, -0.44, -0.206, 0.018, 0.46,
)


def play_features(state: RankRound, rank: int, target: int, sighted: bool = False
                  ) -> tuple[float, ...]:
    """The features of the player to move playing a card of ``rank`` to ``target``; every
    threat counted, or seen (``sighted``: 1 where an opponent holds the rank, else 0)."""
    me = state.player
    hand, piles, centre = state.hands[me], state.piles, state.centre
    points_of = state.points_of
    threat = sighted_threat(state, me) if sighted else counted_threat(state, me)
    points = points_of[rank]
    pair = float(hand.count(rank) > 1)
    if target == TRAIL:
        joined = run_value(centre, points_of) if centre and centre[-1] == rank else 0
        return (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0,
                (points + joined) * threat[rank], float(points), float(rank), pair)
    own = piles[me]
    own_value = run_value(own, points_of)
    covered = own_value * threat[own[-1]] if own else 0.0
    centre_taken = robbed = partner_taken = 0.0
    if target == CENTRE:
        centre_taken = run_value(centre, points_of)
    elif target != OWN:
        taken = run_value(piles[target], points_of)
        if state.partnership and target % 2 == me % 2:
            partner_taken = taken
        else:
            robbed = taken
    run = centre_taken + robbed + partner_taken + points
    if own and own[-1] == rank:
        run += own_value
    return (centre_taken, robbed, partner_taken, float(points), run * threat[rank], covered,
            float(target == OWN), pair, 0.0, 0.0, 0.0, 0.0, 0.0)


class FittedPolicy:
    """The play whose value, ``weights`` times ``play_features``, is greatest (the first
    such in ``choose``'s order: captures of the centre, then of the piles, then the own
    pile, then the trail, rank by rank).  Unsighted it counts instead of seeing, so it
    never depends on where the hidden cards lie; ``sighted``, it sees every hand, as
    ``choose_sighted`` does.  ``play_features`` written out: this is the playouts' inner
    loop."""

    def __init__(self, weights: Sequence[float], sighted: bool = False) -> None:
        assert len(weights) == len(PLAY_FEATURES)
        self.weights = tuple(weights)
        self.threat = sighted_threat if sighted else counted_threat

    def __call__(self, state: RankRound) -> tuple[int, int]:
        (w_centre, w_robbed, w_partner, w_kept, w_risk, w_covered, w_own, w_pair, w_trail,
         w_exposed, w_trail_points, w_trail_rank, w_trail_pair) = self.weights
        me = state.player
        hand = state.hands[me]
        points_of = state.points_of
        threat = self.threat(state, me)
        piles = state.piles
        own = piles[me]
        own_rank = own[-1] if own else -1
        own_value = run_value(own, points_of)
        kept_base = w_covered * own_value * threat[own_rank] if own else 0.0
        centre = state.centre
        centre_rank = centre[-1] if centre else -1
        ranks = set(hand)
        centre_value = run_value(centre, points_of) if centre_rank in ranks else 0
        partner = (me + 2) % PLAYERS if state.partnership else -1
        # The tops that can be captured, in ``choose``'s order: the centre, then the piles.
        tops = [(CENTRE, w_centre, centre_rank, centre_value)] if centre_rank in ranks else []
        tops += [(seat, w_partner if seat == partner else w_robbed, pile[-1],
                  run_value(pile, points_of))
                 for seat, pile in enumerate(piles)
                 if seat != me and pile and pile[-1] in ranks]
        best = (hand[0], TRAIL)
        best_score = -1e9
        previous = -1
        for index, rank in enumerate(hand):
            if rank == previous:
                continue
            previous = rank
            points = points_of[rank]
            threatened = threat[rank]
            pair = index + 1 < len(hand) and hand[index + 1] == rank
            kept = kept_base + w_kept * points + (w_pair if pair else 0.0)
            joined_own = own_value if own_rank == rank else 0
            for target, w_taken, top, taken in tops:
                if top != rank:
                    continue
                score = (kept + w_taken * taken
                         + w_risk * (taken + points + joined_own) * threatened)
                if score > best_score:
                    best, best_score = (rank, target), score
            if own_rank == rank:
                score = kept + w_own + w_risk * (points + joined_own) * threatened
                if score > best_score:
                    best, best_score = (rank, OWN), score
            joined = centre_value if centre_rank == rank else 0
            score = (w_trail + w_exposed * (points + joined) * threatened
                     + w_trail_points * points + w_trail_rank * rank
                     + (w_trail_pair if pair else 0.0))
            if score > best_score:
                best, best_score = (rank, TRAIL), score
        return best


choose_fitted = FittedPolicy(PLAY_WEIGHTS)


# Fitted with every hand in view (``benchmarks/fit_avissinia_playout.py rollouts``, then
# ``fit --sighted``) to rollout improvement of the sighted rule: at every decision of
# rounds four medium players played (deal seeds 60000-60399, every fourth with
# partnerships), the margin each play makes when the round is then played out by the
# sighted rule in the true state, which is what the oracle's search finds there.  The
# weights come from the 12,768 decisions of deal seeds not divisible by 3.  A seat playing
# it against three seats playing the sighted rule gains about two points a round over the
# rule; hard-own-fitted's playouts play its own side by it.
SIGHTED_PLAY_WEIGHTS: tuple[float, ...] = (
    1.566, 0.926, 0.177, 0.556, -1.743, 1.327, 0.5, 1.193, 0.502, -0.448, -0.194, 0.022, 0.914,
)

choose_sighted_fitted = FittedPolicy(SIGHTED_PLAY_WEIGHTS, sighted=True)

# The same fit with the threats counted, not seen (``fit`` without ``--sighted``): a player
# who plays well without sight of the hands.  hard-own-counted-fitted's playouts play its
# own side by it.
COUNTED_PLAY_WEIGHTS: tuple[float, ...] = (
    1.37, 0.93, 0.198, 0.515, -1.653, 1.088, 0.697, 1.218, 0.492, -0.293, -0.309, 0.021, 0.913,
)

choose_counted_fitted = FittedPolicy(COUNTED_PLAY_WEIGHTS)
