"""Abyssinia opponents.

Every card but the pack's order is open, so the only thing to guess is which cards come next.

easy   a beginner's rules of thumb: buy the cheaper market card that pairs a card it holds or
       extends an unpaired low, else the cheapest card; bet or raise with a strong hand, call
       with a decent one, fold junk when facing a bet late in the deal.
medium counts cards: the unseen cards (52 minus every open hand and the market) give each
       player's chances to pair up, fill a flush or keep a low clean; those rough strengths,
       compared with every other active hand, give its share of the high and low halves.  It
       buys the card (a blind buy is averaged over the unseen cards) with the best share of
       the pot it expects minus the price, and bets by pot odds.
hard   Monte Carlo over the pack's order (``HARD``): each sample deals the remaining
       purchases from a shuffled pack (every player buying by a rule fitted to what this
       search itself buys, ``fitted_choice``), and scores the showdown exactly.
       A purchase is looked ahead one ply (left, right or blind, each in the same samples);
       a betting decision compares its expected share of the final pot with the cost (pot
       odds), and bets or raises when a chip every active player puts in is worth more to
       it than its own (the multiway edge, ``players * share - 1``).  Before it bets, it
       plays the betting round out on every action it may take, every player replying by
       that rule on its share among the players still in (``betting_values``), and takes
       the action worth most: the rule never asks who folds to a bet.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..abyssinia import (
    ACTIVE,
    BUY,
    ROUNDS,
    Abyssinia,
    AbyssiniaObservation,
    price,
    world_from_observation,
)
from ..cards import Card, full_pack, parse_card, suit_counts
from ..poker_hands import HIGH_CLASSES, high_key, low_key
from . import Opponent, SearchOpponent, Setup, Thinking, chance_of_any
from .search import Budget

PRICE = tuple(price(Card(r, 0)) for r in range(13))
LOW_RANK = tuple((r + 1) % 13 for r in range(13))  # ace 0, two 1, ..., king 12
LOW_LIMIT = 7  # ace-low rank of an eight: cards up to eight make a useful low
HIGH_CARD = 8  # rank of a ten: tens to aces are high cards
SIDES = ("buy left", "buy right", "buy blind")
# Chips each player is expected to bet in a betting round still to come (a rough average
# under a fixed limit of 1 to 4): it makes continuing cost more than the next purchase.
FUTURE_BET = 1.0
# The hard search's mean results for one choice: high share, low share, my expected take of
# the purchases still to come, my own purchases still to come.
Stats = tuple[float, float, float, float]


class _View:
    """The parts of an observation the opponents use, as cards."""

    def __init__(self, obs: AbyssiniaObservation) -> None:
        self.seat: int = obs["seat"]
        self.n: int = obs["players"]
        self.status: list[str] = obs["status"]
        self.hands = [[parse_card(c) for c in h] for h in obs["hands"]]
        self.market = [parse_card(m["card"]) for m in obs["market"]]
        self.pot: int = obs["pot"]
        self.to_call: int = obs["to_call"]
        self.round: int = obs["round"] or ROUNDS  # None only once the match is over
        self.buying: bool = obs["phase"] == BUY
        dealer: int = obs["dealer"]
        # Turn order of the deal: clockwise from the dealer's left, players still in.
        self.active = sorted(
            (s for s in range(self.n) if self.status[s] == ACTIVE),
            key=lambda s: (s - dealer - 1) % self.n,
        )
        seen = {c for h in self.hands for c in h} | set(self.market)
        self.unseen = [c for c in full_pack() if c not in seen]
        self.hand = self.hands[self.seat]
        # Betting rounds still to come after the current one (a purchase round's own
        # betting round is still to come).
        self.bets_left: int = ROUNDS - self.round + (1 if self.buying else 0)
        self.buys_left: int = ROUNDS - len(self.hand)  # mine still to make, this one included

    def others(self) -> list[int]:
        return [s for s in self.active if s != self.seat]

    def buyers(self) -> list[int]:
        """Purchases still to come, in order (indexes into ``active``): the rest of this
        round, then whole rounds."""
        seats = self.active
        rest = [i for i, s in enumerate(seats) if len(self.hands[s]) < self.round
                ] if self.buying else []
        return rest + [i for _ in range(self.round + 1, ROUNDS + 1) for i in range(len(seats))]


# --- rough hand strength (easy and medium) --------------------------------------------------


def _rank_counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 13
    for c in cards:
        counts[c.rank] += 1
    return counts


def _high_base(cards: Sequence[Card]) -> float:
    """Made high strength: category (pair 1, two pair 2, trips 3, ...) plus the top rank."""
    if len(cards) == 5:
        category, ranks = HIGH_CLASSES[high_key(cards)]
        return category + ranks[0] / 13
    counts = _rank_counts(cards)
    groups = sorted(((k, r) for r, k in enumerate(counts) if k), reverse=True)
    if not groups:
        return 0.0
    top, rank = groups[0]
    pairs = sum(1 for k, _ in groups if k == 2)
    category = {4: 7, 3: 6 if pairs else 3, 2: 2 if pairs >= 2 else 1}.get(top, 0)
    return category + rank / 13


def _low_bad(cards: Sequence[Card]) -> tuple[int, int]:
    """(cards that spoil a low: paired or above eight, highest ace-low rank held)."""
    counts = _rank_counts(cards)
    bad = sum(1 for c in cards if counts[c.rank] > 1 or LOW_RANK[c.rank] > LOW_LIMIT)
    top = max((LOW_RANK[c.rank] for c in cards), default=0)
    return bad, top


class _Counter:
    """Card counting for medium: the unseen cards by rank and suit."""

    def __init__(self, unseen: Sequence[Card]) -> None:
        self.total = len(unseen)
        self.by_rank = _rank_counts(unseen)
        self.by_suit = suit_counts(unseen)

    def high(self, cards: Sequence[Card]) -> float:
        """Made high strength plus the chance-weighted improvement still to come.

        A player sees three options a purchase (two market cards and the blind), so the
        outs are counted over twice the purchases left: a rough allowance for choice.
        """
        base = _high_base(cards)
        left = ROUNDS - len(cards)
        if left == 0:
            return base
        draws = 2 * left
        counts = _rank_counts(cards)
        outs = sum(self.by_rank[r] for r in range(13) if counts[r])
        gain = 0.9 * chance_of_any(self.total, draws, outs)
        suits = {c.suit for c in cards}
        if len(suits) == 1 and len(cards) >= 2:  # a flush draw: every card still needed
            suit = next(iter(suits))
            need = ROUNDS - len(cards)
            p = 1.0
            for i in range(need):
                p *= max(0, self.by_suit[suit] - i) / max(1, self.total - i) * 2.5
            gain = max(gain, min(1.0, p) * (5 - base))
        return base + gain

    def low(self, cards: Sequence[Card]) -> float:
        """Low strength: a clean low (no pair, nothing above eight) ranks by its top card;
        each spoiling card costs a lot; the cards still to buy may spoil it."""
        if len(cards) == 5:
            return low_key(cards) / 700  # 0..8.8, dense ace-to-five order
        bad, top = _low_bad(cards)
        counts = _rank_counts(cards)
        left = ROUNDS - len(cards)
        # Share of the unseen cards that would keep the low clean: a new rank up to eight.
        clean = sum(
            self.by_rank[r] for r in range(13) if LOW_RANK[r] <= LOW_LIMIT and not counts[r]
        ) / max(1, self.total)
        # With three options a purchase, a spoiler is forced only if all three spoil.
        spoil = left * (1 - clean) ** 3
        return 8.8 - 2.2 * (bad + spoil) - 0.25 * top


def _share(mine: float, others: list[float], sharpness: float) -> float:
    """A soft share of a half: my weight among every active player's, by strength."""
    best = max(mine, *others)
    weights = [math.exp(sharpness * (s - best)) for s in others]
    me = math.exp(sharpness * (mine - best))
    return me / (me + sum(weights))


class _Equity:
    """Medium's rough (high share, low share) for a hand of mine, against every active
    player; the others' strengths are counted once per decision."""

    def __init__(self, view: _View, counter: _Counter) -> None:
        self.counter = counter
        others = [view.hands[s] for s in view.others()]
        self.highs = [counter.high(h) for h in others]
        self.lows = [counter.low(h) for h in others]
        # Fewer cards to come: less doubt, a sharper split.
        self.held = min((len(h) for h in others), default=ROUNDS)

    def __call__(self, hand: Sequence[Card]) -> tuple[float, float]:
        held = min(self.held, len(hand))
        high = _share(self.counter.high(hand), self.highs, 1.2 + 0.7 * held)
        low = _share(self.counter.low(hand), self.lows, 0.5 + 0.3 * held)
        return high, low


# --- betting by pot odds (medium and hard) ---------------------------------------------------


def _bet_choice(
    legal: list[str], equity: float, value: float, view: _View, high: float, low: float
) -> tuple[str, str]:
    """The betting action and its reason, from ``equity`` (my expected share of the pot at a
    showdown) and ``value`` (what continuing is worth in chips, after the call and the costs
    still to come).  Betting or raising one more unit gains ``equity`` of every unit put in
    by the players who go along, so it pays when ``equity`` is well above an equal share."""
    players = len(view.active)
    fair = 1 / players
    shares = f"{high:.0%} of the high half, {low:.0%} of the low half"
    if "fold" in legal and value < 0:
        return "fold", f"{shares}; calling {view.to_call} into {view.pot} is not worth it"
    if "raise" in legal and equity > 1.45 * fair:
        return "raise", f"{shares}; worth raising"
    if "bet" in legal:
        if equity > 1.2 * fair:
            return "bet", f"{shares}; worth betting"
        return "check", f"{shares}; no edge to bet"
    return "call", f"{shares}; calling {view.to_call} into {view.pot} is worth it"


# Hard's betting: a chip bet or raised gains ``equity`` of every chip the active players put
# in behind it (``equity * players - 1`` a chip when they all go along; a player who folds
# instead leaves his chips in the pot and his claim on it to the rest).
BET_EDGE = 0.1  # bet when each chip bet is worth at least this much
RAISE_EDGE = 0.25  # raise (which invites a re-raise) with a clearer edge


def _value_rule(legal: Sequence[str], equity: float, value: float, players: int) -> str:
    """Hard's betting rule for one player: fold when continuing costs more than the share of
    the pot it expects (pot odds, the chips still to come counted); otherwise bet and raise
    for value whenever a chip put in by every active player is worth more to it than its
    own chip."""
    edge = equity * players - 1
    if "fold" in legal and value < 0:
        return "fold"
    if "raise" in legal and edge > RAISE_EDGE:
        return "raise"
    if "bet" in legal:
        return "bet" if edge > BET_EDGE else "check"
    return "call"


def _value_bet(
    legal: list[str], equity: float, value: float, view: _View, high: float, low: float
) -> tuple[str, str]:
    """``_value_rule`` for the player to move, with its reason."""
    action = _value_rule(legal, equity, value, len(view.active))
    edge = equity * len(view.active) - 1
    shares = f"{high:.0%} of the high half, {low:.0%} of the low half"
    if action == "fold":
        return action, f"{shares}; calling {view.to_call} into {view.pot} is not worth it"
    if action in ("raise", "bet"):
        put = "raised" if action == "raise" else "bet"
        return action, f"{shares}; each chip {put} is worth {edge:+.2f} to it"
    if action == "check":
        return action, f"{shares}; no edge to bet"
    return action, f"{shares}; calling {view.to_call} into {view.pot} is worth it"


# --- easy ---------------------------------------------------------------------------------


def _easy_useful(hand: Sequence[Card], card: Card) -> bool:
    """Pairs a card held, or adds a new rank up to eight to a hand that is all low."""
    if any(c.rank == card.rank for c in hand):
        return True
    bad, _ = _low_bad(hand)
    return bad == 0 and LOW_RANK[card.rank] <= LOW_LIMIT


class Easy(Opponent[AbyssiniaObservation]):
    level = "easy"

    def choose(self, obs: AbyssiniaObservation, legal: list[str]) -> str:
        view = _View(obs)
        hand = view.hand
        if view.buying:
            useful = [i for i in (0, 1) if _easy_useful(hand, view.market[i])]
            if useful:
                side = min(useful, key=lambda i: (price(view.market[i]), i))
                self.reason = f"buys the {view.market[side]}: it helps, and is the cheaper"
                return SIDES[side]
            cheap = min((0, 1), key=lambda i: (price(view.market[i]), i))
            if price(view.market[cheap]) == 1:
                self.reason = "nothing helps; buys the cheapest card"
                return SIDES[cheap]
            self.reason = "nothing helps; tries the blind card"
            return SIDES[2]
        counts = _rank_counts(hand)
        top = max(counts)
        pairs = sum(1 for k in counts if k >= 2)
        bad, low_top = _low_bad(hand)
        strong = top >= 3 or pairs >= 2 or (bad == 0 and len(hand) >= 3 and low_top <= 5)
        decent = strong or top >= 2 or bad == 0
        if strong:
            for action in ("raise", "bet", "call"):
                if action in legal:
                    self.reason = "a strong hand"
                    return action
        if "check" in legal:
            self.reason = "checks: nothing special"
            return "check"
        if decent or view.round <= 2:
            self.reason = "calls: a decent hand" if decent else "calls: still early"
            return "call"
        self.reason = "folds: junk facing a bet"
        return "fold"


# --- medium -------------------------------------------------------------------------------


def _pot_estimate(view: _View) -> float:
    """The pot expected at a showdown: now, plus the purchases and bets still to come."""
    players = len(view.active)
    return view.pot + players * (view.bets_left * FUTURE_BET + view.buys_left * 1.5)


class Medium(Opponent[AbyssiniaObservation]):
    level = "medium"

    def choose(self, obs: AbyssiniaObservation, legal: list[str]) -> str:
        view = _View(obs)
        equity_of = _Equity(view, _Counter(view.unseen))
        pot = _pot_estimate(view)
        # Chips I still put in after this decision, if I stay: bets and later purchases.
        later = view.bets_left * FUTURE_BET + (view.buys_left - (1 if view.buying else 0)) * 1.5
        if view.buying:
            def worth(card: Card) -> float:
                high, low = equity_of([*view.hand, card])
                return (high + low) / 2 * (pot + price(card)) - price(card)

            values = [worth(view.market[0]), worth(view.market[1])]
            blind = view.unseen  # card counting: the blind card is any unseen card
            values.append(sum(worth(c) for c in blind) / len(blind))
            side = max(range(3), key=lambda i: values[i])
            self.reason = f"expects {values[side]:+.1f} chips from {SIDES[side]}"
            return SIDES[side]
        high, low = equity_of(view.hand)
        equity = (high + low) / 2
        value = equity * (pot + view.to_call) - view.to_call - later
        action, self.reason = _bet_choice(legal, equity, value, view, high, low)
        return action


# --- hard ---------------------------------------------------------------------------------


class _Player:
    """One active player's hand during a sampled playout, with what the purchase rules
    need."""

    __slots__ = ("bad", "cards", "counts", "high", "suit", "top")
    cards: list[Card]
    counts: list[int]
    bad: int
    suit: int
    top: int
    high: int

    def __init__(self, cards: list[Card], counts: list[int], bad: int, suit: int, top: int,
                 high: int) -> None:
        self.cards = cards
        self.counts = counts
        self.bad = bad  # cards that spoil a low (paired, or above eight)
        self.suit = suit  # the suit every card held shares, else -1
        self.top = top  # the highest ace-low rank held
        self.high = high  # cards from ten to ace

    @staticmethod
    def of(cards: Sequence[Card]) -> _Player:
        player = _Player([], [0] * 13, 0, -1, 0, 0)
        for card in cards:
            player.add(card)
        return player

    def copy(self) -> _Player:
        return _Player(list(self.cards), list(self.counts), self.bad, self.suit, self.top,
                       self.high)

    def score(self, card: Card) -> float:
        """The cheap purchase rule: pairing up helps the high; a new rank up to eight helps a
        clean (or nearly clean) low; the price counts against."""
        r = card[0]
        k = self.counts[r]
        if k:
            gain = 1.0 + k + 0.04 * r
        elif LOW_RANK[r] <= LOW_LIMIT and self.bad <= 1:
            gain = (1.6 - 0.1 * LOW_RANK[r]) / (1 + self.bad)
        else:
            gain = 0.01 * r
        return gain - 0.3 * PRICE[r]

    def add(self, card: Card) -> None:
        r, suit = card
        k = self.counts[r]
        low = LOW_RANK[r]
        if k == 1 and low <= LOW_LIMIT:
            self.bad += 2  # the low card held and this one are both spoiled
        elif k or low > LOW_LIMIT:
            self.bad += 1
        self.counts[r] = k + 1
        if not self.cards:
            self.suit = suit
        elif self.suit != suit:
            self.suit = -1
        self.top = max(self.top, low)
        self.high += r >= HIGH_CARD
        self.cards.append(card)


# Share of the purchases in a playout that depart from the purchase rule at random.  The rule
# is only a model of the other players: without such doubt a search that knew the pack would
# bet everything on one predicted future.
SURPRISE = 0.2


def market_features(rank: int, held: int, bad: int, suited: bool) -> tuple[float, ...]:
    """What buying a card of ``rank`` does to a hand that holds ``held`` of that rank and
    ``bad`` cards that spoil a low, as the fitted purchase rule weighs it: pairs, trips,
    fours; the card's height unpaired and paired; a new low rank for a clean (or nearly
    clean) low, and how low; its price; a flush kept alive (``suited``: two cards or more,
    all of the card's suit); a clean low spoiled by a pair or by a high card."""
    low = LOW_RANK[rank]
    clean = bad == 0
    new_low = held == 0 and low <= LOW_LIMIT
    return (held == 1, held == 2, held == 3, (held == 0) * rank / 12, (held > 0) * rank / 12,
            new_low and clean, new_low and bad == 1, (new_low and clean) * low / LOW_LIMIT,
            PRICE[rank], suited, held == 1 and low <= LOW_LIMIT and clean,
            low > LOW_LIMIT and clean)


def purchase_features(p: _Player, card: Card) -> tuple[float, ...]:
    """``market_features`` of buying ``card`` into ``p``'s hand."""
    r = card[0]
    return market_features(r, p.counts[r], p.bad, len(p.cards) >= 2 and p.suit == card[1])


def blind_features(p: _Player) -> tuple[float, ...]:
    """The hand as the fitted rule weighs a blind purchase into it: a constant; how many
    ranks held once, twice, three times; a clean or nearly clean low and its top; one suit
    (two cards or more); high cards (ten to ace)."""
    counts, bad = p.counts, p.bad
    return (1.0, counts.count(1), counts.count(2), counts.count(3), bad == 0, bad == 1,
            (bad == 0) * p.top / LOW_LIMIT, len(p.cards) >= 2 and p.suit >= 0, p.high)


def _dot(weights: Sequence[float], features: Sequence[float]) -> float:
    return sum(w * f for w, f in zip(weights, features, strict=True))


BuyingRule = Callable[[_Player, Card, Card], int]
MARKET_FEATURES = 12  # market_features' length; blind_features' weights follow them
SUITED = 9  # market_features' index of ``suited``
# Fitted by ``benchmarks/fit_abyssinia_buying.py`` (see there), by cards held before the
# purchase: market_features' weights, then blind_features'.
BUY_WEIGHTS: tuple[tuple[float, ...], ...] = (
    # 0 cards held
    (0.0, 0.0, 0.0, 1.778, 0.0, 0.16, 0.0, -0.317, 0.057, 0.0, 0.0, -0.657, 0.497, 0.0, 0.0,
     0.0, 0.497, 0.0, 0.0, 0.0, 0.0),
    # 1 card held
    (0.813, 0.0, 0.0, 1.588, 3.579, 0.762, -0.584, -0.29, 0.159, 0.0, 0.136, -1.325, 0.465,
     0.465, 0.0, 0.0, 0.427, 0.037, 0.019, 0.0, 0.278),
    # 2 cards held
    (0.448, 6.417, 0.0, 1.167, 4.835, 2.337, 0.937, -0.154, 0.21, 0.903, -1.214, -1.582, 0.895,
     0.377, 0.707, 0.0, 0.459, 0.736, -0.024, 0.095, 0.129),
    # 3 cards held
    (-1.099, 15.73, -2.738, 1.708, 9.557, 3.195, 4.207, 2.069, 0.329, 5.582, -2.15, -3.262,
     1.511, 0.391, 0.993, 0.719, 2.217, 3.16, -1.409, 0.074, 0.089),
    # 4 cards held
    (-7.672, 26.357, -4.492, -0.306, 12.904, 15.474, 11.165, 9.995, -0.107, 0.0, -21.296, -3.78,
     0.696, 0.766, 0.74, 0.179, 9.602, 3.855, -10.65, 11.126, -0.217),
)


class FittedRule:
    """A fitted purchase rule: the choice whose value, a linear function of
    ``market_features`` (left, right) or ``blind_features`` with ``weights`` by cards held,
    is greatest.  Hard's playouts buy by ``fitted_choice``, weights fitted to what hard's
    own search values each choice at (``benchmarks/fit_abyssinia_buying.py``)."""

    def __init__(self, weights: Sequence[Sequence[float]]) -> None:
        self.weights = weights
        # A market card's value without its flush term, by cards held, rank, held of that
        # rank (0 to 3) and spoilers (0, 1, or 2 and more): the rule runs for every purchase
        # of every playout, so it is looked up, not computed.
        self.market_value = [
            [[[_dot(w[:MARKET_FEATURES], market_features(rank, held, bad, False))
               for bad in range(3)] for held in range(4)] for rank in range(13)]
            for w in weights
        ]
        self.blind_weights = [tuple(w[MARKET_FEATURES:]) for w in weights]

    def __call__(self, p: _Player, left: Card, right: Card) -> int:
        cards, counts = p.cards, p.counts
        weights = self.weights[len(cards)]
        table = self.market_value[len(cards)]
        bad = min(p.bad, 2)
        suited = p.suit if len(cards) >= 2 else -1
        value_left = table[left[0]][counts[left[0]]][bad] + (left[1] == suited) * weights[SUITED]
        value_right = (table[right[0]][counts[right[0]]][bad]
                       + (right[1] == suited) * weights[SUITED])
        # blind_features, written out: this is the playouts' inner loop.
        clean = p.bad == 0
        (constant, singles, pairs, trips, clean_low, near_low, low_top, one_suit,
         high) = self.blind_weights[len(cards)]
        value_blind = (constant + singles * counts.count(1) + pairs * counts.count(2)
                       + trips * counts.count(3)
                       + (clean_low + low_top * p.top / LOW_LIMIT) * clean
                       + near_low * (p.bad == 1) + one_suit * (suited >= 0) + high * p.high)
        if value_blind > max(value_left, value_right):
            return 2
        return 0 if value_left >= value_right else 1


fitted_choice = FittedRule(BUY_WEIGHTS)


# One sampled end of the deal, by active player (indexes into the active seats): high keys,
# low keys, and the chips each puts into purchases from here on.
Showdown = tuple[list[int], list[int], list[int]]


def _playout(
    players: list[_Player], market: list[Card], deck: list[Card], buyers: list[int],
    first: int, surprises: list[int], choose: BuyingRule,
) -> Showdown:
    """Deal the remaining purchases; ``deck`` is the pack top first, ``buyers`` the order of
    purchases (indexes into ``players``), ``first`` the first buyer's choice (0 left, 1
    right, 2 blind; -1 for the rule), ``surprises`` a forced choice for each purchase that
    departs from the rule (-1: none), ``choose`` the rule.  Returns every player's high and
    low keys and the chips each put into the purchases."""
    paid = [0] * len(players)
    left, right = market
    for i, b in enumerate(buyers):
        p = players[b]
        if i == 0 and first >= 0:
            choice = first
        elif surprises[i] >= 0:
            choice = surprises[i]
        else:
            choice = choose(p, left, right)
        # Every purchase takes exactly one card off the pack: a refill or the blind card.
        if choice == 0:
            card, left = left, deck[i]
        elif choice == 1:
            card, right = right, deck[i]
        else:
            card = deck[i]
        p.add(card)
        paid[b] += PRICE[card[0]]
    return [high_key(p.cards) for p in players], [low_key(p.cards) for p in players], paid


def _half(keys: list[int], me: int) -> float:
    """My share of a half that goes to the best of ``keys``, shared on a tie."""
    best = max(keys)
    return 1 / keys.count(best) if keys[me] == best else 0.0


class Outlook:
    """The sampled ends of the deal behind one betting decision, read for any set of players
    still in: each one's share of the pot at the showdown, its share of the purchases still
    to come (the players still in make them), and its own purchases to come.

    The samples were dealt with every active player buying; a player who folds is taken out
    of the showdowns and of the purchases, the market left as it was dealt (a small error:
    his purchases would have changed what the others were offered).

    The samples are kept in three flat lists of numbers, ``players`` to a sample: thousands
    of small lists kept alive would wake the garbage collector's full sweeps, up to 90 ms
    each (measured under CPython), far beyond a page's slice."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.samples = 0
        self.highs: list[int] = []
        self.lows: list[int] = []
        self.paid: list[int] = []
        self._tables: dict[tuple[int, ...], dict[int, tuple[float, float, float]]] = {}
        # When the current slice began: one slice runs across reads, not a slice each.
        self.slice_start = time.perf_counter()

    def add(self, end: Showdown) -> None:
        highs, lows, paid = end
        self.highs += highs
        self.lows += lows
        self.paid += paid
        self.samples += 1

    def of(self, player: int, members: tuple[int, ...]) -> tuple[float, float, float]:
        """(share of the pot, take of the purchases to come, own purchases to come) of
        ``player`` when only ``members`` (indexes into the active seats) stay in; ``read``
        must have read the samples for ``members``."""
        return self._tables[members][player]

    def read(self, members: tuple[int, ...], slice_seconds: float = 0.008
             ) -> Generator[None, None, None]:
        """Read the samples for ``members`` (once), yielding every ``slice_seconds``: at the
        page's budgets there are thousands of samples, too many for one slice."""
        if members in self._tables:
            return
        totals = {m: [0.0, 0.0, 0.0] for m in members}
        all_highs, all_lows, all_paid = self.highs, self.lows, self.paid
        clock = time.perf_counter
        for index in range(self.samples):
            base = index * self.players
            highs = [all_highs[base + m] for m in members]
            lows = [all_lows[base + m] for m in members]
            best_high, best_low = max(highs), max(lows)
            high_winners, low_winners = highs.count(best_high), lows.count(best_low)
            purchases = sum(all_paid[base + m] for m in members)
            for k, m in enumerate(members):
                share = ((highs[k] == best_high) / high_winners
                         + (lows[k] == best_low) / low_winners) / 2
                t = totals[m]
                t[0] += share
                t[1] += share * purchases
                t[2] += all_paid[base + m]
            if index % 64 == 63 and clock() - self.slice_start > slice_seconds:
                yield
                self.slice_start = clock()
        n = self.samples
        self._tables[members] = {m: (t[0] / n, t[1] / n, t[2] / n) for m, t in totals.items()}


def _worth_staying(share: float, take: float, mine: float, pot: int, to_call: int,
                   players: int, bets_later: float) -> float:
    """What staying in is worth from here, in chips: the share of the pot at the showdown
    (as it is, plus this call and the bets still to come) and of the purchases to come,
    minus what the player still puts in."""
    return share * (pot + to_call + bets_later * players) + take - mine - bets_later - to_call


def betting_values(table: Abyssinia, seat: int, seats: list[int], outlook: Outlook,
                   bets_later: float, slice_seconds: float = 0.008
                   ) -> Generator[None, None, dict[str, float]]:
    """What each of ``seat``'s betting actions on ``table`` is worth, in chips from here on.

    The action is taken on a copy of the table and the betting round is played to its end
    with every player (``seat`` too, on its later turns) betting by ``_value_rule`` on its
    share among the players still in, as ``outlook`` reads the samples; then ``seat``
    stays in for what ``_worth_staying`` says, minus the chips it put in on the way.  Unlike
    the rule alone, this sees what a bet does to the others: a player who folds to it leaves
    his share of the pot to the rest, and stops paying for cards the pot would have won.
    """
    me = seats.index(seat)
    values: dict[str, float] = {}
    outlook.slice_start = time.perf_counter()  # the caller has just yielded
    for action in table.legal_actions():
        trial = table.clone()
        deals, betting_round = len(trial.deals), trial.round
        bet_before = trial.bets[seat]
        trial.apply(action)
        while len(trial.deals) == deals and trial.phase != BUY and trial.round == betting_round:
            player = trial.player
            assert player is not None
            members = tuple(i for i, s in enumerate(seats) if trial.status[s] == ACTIVE)
            yield from outlook.read(members, slice_seconds)
            share, take, mine = outlook.of(seats.index(player), members)
            to_call = trial.outstanding - trial.put[player]
            worth = _worth_staying(share, take, mine, trial.pot, to_call, len(members),
                                   bets_later)
            legal = [str(a) for a in trial.legal_actions()]
            trial.apply(_value_rule(legal, share, worth, len(members)))
        if len(trial.deals) > deals:  # the others all folded, or the last round's showdown
            record = trial.deals[-1]
            values[str(action)] = record["award"][seat] - (record["bets"][seat] - bet_before)
            continue
        put = trial.bets[seat] - bet_before
        if trial.status[seat] != ACTIVE:
            values[str(action)] = -put
            continue
        members = tuple(i for i, s in enumerate(seats) if trial.status[s] == ACTIVE)
        yield from outlook.read(members, slice_seconds)
        share, take, mine = outlook.of(me, members)
        values[str(action)] = _worth_staying(share, take, mine, trial.pot, 0, len(members),
                                             bets_later) - put
    return values


def choice_values(stats: Sequence[Stats], view: _View) -> list[float]:
    """What each searched choice is worth from here on, in chips (``_worth_staying``)."""
    return [_worth_staying((high + low) / 2, take, mine, view.pot, view.to_call,
                           len(view.active), view.bets_left * FUTURE_BET)
            for high, low, take, mine in stats]


# --- the hard search, in parts -------------------------------------------------------------
# Hard samples the pack's order (``RandomPack``), plays the rest of the purchases out in
# each sample by a purchase rule (``buys``) and scores the showdown; it bets by a rule
# (``bet``), checked by playing the betting round out (``looks_ahead``).  ``AbyssiniaSetup``
# names one composition of them.

BuyRule = Callable[["_Player", Card, Card], int]
BetRule = Callable[[list[str], float, float, "_View", float, float], tuple[str, str]]


class Sampler(Protocol):
    """How a world (a full table: every hand and the pack's order) is sampled."""

    def world(self, obs: AbyssiniaObservation, rng: random.Random) -> Abyssinia: ...


class RandomPack:
    """The unseen cards in a random order: everything else is open."""

    def world(self, obs: AbyssiniaObservation, rng: random.Random) -> Abyssinia:
        return world_from_observation(obs, rng)


@dataclass(frozen=True)
class AbyssiniaSetup:
    """A searching player: its name and its parts.  ``buys``: every player's purchase
    rule in the playouts; ``bet``: the betting rule; ``looks_ahead``: whether a betting
    decision plays the betting round out (``betting_values``) over the rule's."""

    name: str
    sampler: Sampler
    buys: BuyRule
    bet: BetRule
    looks_ahead: bool
    budget: Budget


class AbyssiniaSearch(SearchOpponent[AbyssiniaObservation]):
    """Monte Carlo over the pack's order by the parts of ``setup``."""

    value_unit = "chips"

    def __init__(self, game: str, seat: int, seed: int, setup: AbyssiniaSetup) -> None:
        super().__init__(game, seat, seed, setup.name)
        self.setup = setup
        self.budget = setup.budget
        self.iterations = 0  # samples drawn for the last searched decision
        # A betting round's later decisions see the same cards: reuse its samples.
        self._cache: tuple[object, Stats, Outlook | None] | None = None

    def think(self, obs: AbyssiniaObservation) -> Thinking:
        legal: list[str] = obs["legal"]
        if len(legal) == 1:
            self.reason = "the only action"
            return legal[0]
        view = _View(obs)
        seats = view.active
        me = seats.index(view.seat)
        buyers = view.buyers()
        choices = [0, 1, 2] if view.buying else [-1]
        key = (obs["dealer"], obs["deals_played"], tuple(map(tuple, obs["hands"])),
               tuple(view.status), view.round, view.buying)
        if not view.buying and self._cache is not None and self._cache[0] == key:
            stats, outlook = [self._cache[1]], self._cache[2]
        else:
            outlook = (Outlook(len(seats)) if self.setup.looks_ahead and not view.buying
                       else None)
            stats = yield from self._sample(obs, view, me, buyers, choices, outlook)
            if not view.buying:
                self._cache = (key, stats[0], outlook)
        bets_later = view.bets_left * FUTURE_BET
        values = choice_values(stats, view)
        if view.buying:
            best = max(range(3), key=lambda i: values[i])
            high, low = stats[best][0], stats[best][1]
            self.reason = (
                f"{SIDES[best]}: {high:.0%} of the high half, {low:.0%} of the low half, "
                f"worth {values[best]:+.1f} chips"
            )
            return SIDES[best]
        high, low = stats[0][0], stats[0][1]
        action, self.reason = self.setup.bet(legal, (high + low) / 2, values[0], view, high,
                                             low)
        if outlook is None:
            return action
        yield  # the play-out starts a slice of its own
        # Any pack will do: the betting round is played out on the table as it is.
        table = world_from_observation(obs, random.Random(0))
        worth = yield from betting_values(table, view.seat, seats, outlook, bets_later,
                                          self.budget.slice_seconds)
        best_action = max(legal, key=lambda a: (worth[a], a == action))
        if best_action != action:
            self.reason = (f"{high:.0%} of the high half, {low:.0%} of the low half; "
                           f"with the others' replies, {best_action} is worth "
                           f"{worth[best_action]:+.2f} chips, {action} {worth[action]:+.2f}")
        return best_action

    def _sample(
        self, obs: AbyssiniaObservation, view: _View, me: int, buyers: list[int],
        choices: list[int], outlook: Outlook | None = None,
    ) -> Generator[None, None, list[Stats]]:
        """For each choice: mean high share, low share, the pot's share of all purchases (my
        expected take of them) and my own purchases, over sampled pack orders.  Each
        sample's end of the deal is kept in ``outlook`` when it is given (one choice)."""
        seats = view.active
        budget = self.budget
        totals = [[0.0, 0.0, 0.0, 0.0] for _ in choices]
        clock = time.perf_counter
        started = slice_start = clock()
        done = 0
        while done < budget.iterations:
            world = self.world(obs, self.rng)
            deck = world.pack[::-1]  # top first
            rng = self.rng
            surprises = [rng.randrange(3) if rng.random() < SURPRISE else -1 for _ in buyers]
            base = [_Player.of(world.hands[s]) for s in seats]
            for j, first in enumerate(choices):
                players = [p.copy() for p in base]
                end = _playout(players, list(world.market), deck, buyers, first, surprises,
                               self.setup.buys)
                if outlook is not None:
                    outlook.add(end)
                highs, lows, paid = end
                high, low = _half(highs, me), _half(lows, me)
                t = totals[j]
                t[0] += high
                t[1] += low
                t[2] += (high + low) / 2 * sum(paid)  # my expected take of the purchases
                t[3] += paid[me]
            done += 1
            now = clock()
            if budget.seconds is not None and now - started > budget.seconds:
                break
            if now - slice_start > budget.slice_seconds:
                yield
                slice_start = clock()
        self.iterations = done
        self.playouts = done * len(choices)
        return [(t[0] / done, t[1] / done, t[2] / done, t[3] / done) for t in totals]

    def world(self, obs: AbyssiniaObservation, rng: random.Random) -> Abyssinia:
        return self.setup.sampler.world(obs, rng)


# Hard: every player buys by the rule fitted to this search's own purchases in the
# playouts; it bets by the multiway edge of each chip, checked by playing the betting
# round out; 600 samples, at most 0.2 s (about 20-60 ms a decision on CPython).
HARD = AbyssiniaSetup("hard", RandomPack(), buys=fitted_choice, bet=_value_bet,
                      looks_ahead=True, budget=Budget(iterations=600, seconds=0.2))

SETUPS: dict[str, Setup] = {
    "easy": Easy, "medium": Medium, "hard": functools.partial(AbyssiniaSearch, setup=HARD),
}
