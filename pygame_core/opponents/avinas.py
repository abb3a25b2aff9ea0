"""Avinas opponents.

easy   a beginner's rules of thumb: bids its real trump count when it holds five or more,
       knocks only with a hand of top trumps, follows low when the partner is winning,
       wins as cheaply as it can, leads its best card.
medium counts cards: which trumps and honours are still out, who has shown a void, the
       exposed special cards and the partner's face-down signal.  It wins only when no
       opponent still to play can overtake, gives points to a partner who is sure to win,
       draws trumps when it holds the master, cashes masters and leads to the partner's
       voids.  Bids and knocks weigh the top trumps as well as the count.
hard   searches (``HARD``): it samples the hidden cards consistently with everything it
       has seen (exposed cards, the cards played, the voids shown, the dealer's sight of
       his partner's specials, the hand sizes and, softly, the bids), weighted by the
       others' card plays of this hand (a Metropolis chain: a world is likelier when
       medium, holding its hands, would have made those plays), each other seat read as a
       medium player or as one whose plays say nothing of its hand.  In each sample it
       plays every candidate out by a fast card-counting policy that knows which cards the
       others hold between them but not who holds which, the last three tricks solved
       exactly, and chooses the best mean of penalties written (pips and rams) for its
       side.  It searches its bids, knocks, knock-backs and plays; stopping is exact by
       rule.

Every level stops a no-sevens hand as soon as its side has made it: after 61 points the
opponents can only gain.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from ..avinas import (
    BID,
    BIDS,
    FACEDOWN,
    KNOCK,
    KNOCK_BACK,
    NAMING,
    PLAY,
    PLAY_OF,
    SEVENS,
    SIMPLE,
    STOP,
    TRICKS,
    TRUMP,
    Action,
    Avinas,
    AvinasObservation,
    AvinasOptions,
    HiddenLayout,
    best_trump_suit,
    deal_extra,
    hand_balance,
    hand_order,
    hidden_layout,
    shown_voids,
    trump_tables,
    world_from_observation,
)
from ..cards import ACE, QUEEN, SEVEN, SUIT_NAMES, SUITS, Card, parse_card, short_pack
from . import Opponent, SearchOpponent, Setup, Thinking
from .avinas_solver import EndKey, Solver
from .search import Budget, first_kind_weight, log_mixture, metropolis, seat_log_likelihood, walk

_DEFAULTS = AvinasOptions()
POINTS = _DEFAULTS.card_points()
WIN_POINTS = _DEFAULTS.win_points
PACK = short_pack()
VALUABLE = 10  # a face-down card worth this much is signalled "valuable" (an ace or a ten)

Tables = tuple[dict[Card, int], dict[Card, int]]


def _beats(card: Card, best: Card | None, led: int, tables: Tables) -> bool:
    """Whether ``card`` would take the lead from ``best`` in a trick where ``led`` was led."""
    eff, strength = tables
    if best is None:
        return eff[card] in (TRUMP, led)
    if eff[card] == TRUMP:
        return eff[best] != TRUMP or strength[card] > strength[best]
    return eff[card] == led and eff[best] != TRUMP and strength[card] > strength[best]


def _leader(
    trick: list[tuple[int, Card | None]], facedown: bool, tables: Tables
) -> tuple[int, int | None, Card | None]:
    """(led suit, seat winning so far, its card) of a trick in progress."""
    eff = tables[0]
    if not trick:
        return TRUMP, None, None
    first = trick[0][1]
    led = TRUMP if facedown or first is None else eff[first]
    best_seat: int | None = None
    best: Card | None = None
    for seat, card in trick[1:] if facedown else trick:
        if card is not None and _beats(card, best, led, tables):
            best_seat, best = seat, card
    return led, best_seat, best


def _low_key(tables: Tables) -> Callable[[Card], tuple[int, bool, int]]:
    """Order from the card one gives away most easily: fewest points, plain, weakest."""
    eff, strength = tables
    return lambda c: (POINTS[c], eff[c] == TRUMP, strength[c])


def _smear_key(tables: Tables) -> Callable[[Card], tuple[int, bool, int]]:
    """Order for giving points to a winning partner: most points, sparing trumps."""
    eff, strength = tables
    return lambda c: (POINTS[c], eff[c] != TRUMP, -strength[c])


class _View:
    """What one seat knows, as cards, with the counting the heuristics need."""

    def __init__(self, obs: AvinasObservation) -> None:
        self.obs = obs
        self.seat: int = obs["seat"]
        self.side = self.seat % 2
        self.partner = (self.seat + 2) % 4
        self.hand = [parse_card(c) for c in obs["hand"]]
        self.phase: str = obs["phase"]
        self.declarer: int | None = obs["declarer"]
        self.high_bid: int = obs["high_bid"]
        self.trump: int | None = None if obs["trump"] is None else SUITS.index(obs["trump"])
        self.trick_number: int = obs["trick_number"]
        self.points: list[int] = obs["points"]
        self.trick = [(p["seat"], None if p["card"] is None else parse_card(p["card"]))
                      for p in obs["trick"]]
        self.facedown = bool(obs["trick"]) and bool(obs["trick"][0]["facedown"])
        signal = obs["signal"]
        self.partner_signal: bool | None = (
            signal["valuable"] if signal and signal["seat"] == self.partner else None
        )
        # Cards whose holder is known: exposed specials and what the dealer saw.
        self.holder: dict[Card, int] = {}
        for item in (*obs["exposed"], *obs["dealer_saw"]):
            if item["seat"] != self.seat:
                self.holder[parse_card(item["card"])] = item["seat"]
        tricks = [
            (t["leader"], tuple((p["seat"], parse_card(p["card"])) for p in t["cards"]),
             t["winner"], bool(t["facedown"]))
            for t in obs["tricks"]
        ]
        self.played = {c for _, plays, _, _ in tricks for _, c in plays}
        self.played |= {c for _, c in self.trick if c is not None}
        self.my_played = [c for _, plays, _, _ in tricks for s, c in plays if s == self.seat]
        self.voids = shown_voids(tricks, self.trick, self.facedown, self.trump)
        mine = set(self.hand)
        self.out = [c for c in PACK if c not in mine and c not in self.played]

    @property
    def tables(self) -> Tables:
        assert self.trump is not None
        return trump_tables(self.trump)

    def on_my_side(self, seat: int | None) -> bool:
        return seat is not None and seat % 2 == self.side

    def may_hold(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` (not this one) may still hold ``card``, by what has been seen."""
        if card in self.holder:
            return self.holder[card] == seat
        return self.tables[0][card] not in self.voids[seat]

    def still_to_play(self) -> list[int]:
        return [(self.seat + k) % 4 for k in range(1, 4 - len(self.trick))]

    def can_overtake(self, seat: int, card: Card, led: int) -> bool:
        """Whether ``seat``, still to play, may hold a card that beats ``card``.

        A seat that may still hold the suit led is expected to follow it; a seat known to
        be out of it may trump.
        """
        eff = self.tables[0]
        cards = [c for c in self.out if self.may_hold(seat, c)]
        follows = [c for c in cards if eff[c] == led]
        return any(_beats(c, card, led, self.tables) for c in (follows or cards))

    def threatened(self, card: Card, led: int) -> bool:
        return any(self.can_overtake(s, card, led)
                   for s in self.still_to_play() if not self.on_my_side(s))

    def master_trump(self) -> Card | None:
        """My highest trump, if no other hand can hold a higher one."""
        eff, strength = self.tables
        trumps = [c for c in self.hand if eff[c] == TRUMP]
        if not trumps:
            return None
        top = max(trumps, key=strength.__getitem__)
        higher = [c for c in self.out if eff[c] == TRUMP and strength[c] > strength[top]]
        return None if higher else top

    def opponents_may_have_trumps(self) -> bool:
        eff = self.tables[0]
        return any(eff[c] == TRUMP and self.may_hold(s, c)
                   for c in self.out for s in ((self.seat + 1) % 4, (self.seat + 3) % 4)
                   if not (c in self.holder and self.holder[c] % 2 == self.side))

    def made_it(self) -> bool:
        """A no-sevens declarer whose side has 61 and who did not overbid: stop now."""
        assert self.trump is not None
        dealt = self.hand + self.my_played
        held = sum(1 for c in dealt if self.tables[0][c] == TRUMP)
        return self.points[self.side] >= WIN_POINTS and held >= self.high_bid


def _cards_of(legal: list[str]) -> list[Card]:
    """The distinct cards of the legal plays (leads of trick 1 may name a suit)."""
    out: list[Card] = []
    for text in legal:
        action = Avinas.parse_action(text)
        if action.card is not None and action.kind == "play" and action.card not in out:
            out.append(action.card)
    return out


def _sure_tricks(hand: list[Card], trump: int) -> tuple[int, int]:
    """(top trumps in an unbroken run from the highest, trumps in the other hands)."""
    eff, strength = trump_tables(trump)
    trumps = sorted((c for c in PACK if eff[c] == TRUMP), key=strength.__getitem__, reverse=True)
    run = 0
    for card in trumps:
        if card not in hand:
            break
        run += 1
    held = sum(1 for c in hand if eff[c] == TRUMP)
    return run, len(trumps) - held


def _overwhelming(hand: list[Card], trump: int) -> bool:
    """A hand that takes all eight tricks by force: its top trumps can draw every other
    trump even if one opponent holds them all, and the rest are trumps or aces."""
    eff = trump_tables(trump)[0]
    run, others = _sure_tricks(hand, trump)
    return run >= others and all(eff[c] == TRUMP or c.rank == ACE for c in hand)


def _naming_lead(hand: list[Card], high_bid: int) -> str:
    """The declarer's first lead in a no-sevens game: the suit with the most trumps (never
    one that would prove an overbid), led with the top trump or else the lowest."""
    _, suit = best_trump_suit(hand)
    eff, strength = trump_tables(suit)
    trumps = [c for c in hand if eff[c] == TRUMP]
    top = max(trumps, key=strength.__getitem__)
    card = top if top in (Card(QUEEN, 0), Card(SEVEN, suit)) else min(
        trumps, key=strength.__getitem__)
    return f"play {card.code} trump {SUITS[suit]}" if card in NAMING else f"play {card.code}"


class Easy(Opponent[AvinasObservation]):
    level = "easy"

    def choose(self, obs: AvinasObservation, legal: list[str]) -> str:
        view = _View(obs)
        phase = view.phase
        if phase == BID:
            count, suit = best_trump_suit(view.hand)
            if count >= 5 and f"bid {count}" in legal:
                self.reason = f"holds {count} trumps with {SUIT_NAMES[suit]}"
                return f"bid {count}"
            self.reason = "not enough trumps to bid"
            return "pass"
        if phase in (KNOCK, KNOCK_BACK):
            assert view.trump is not None
            if phase == KNOCK and _overwhelming(view.hand, view.trump) and "knock" in legal:
                self.reason = "its top trumps take every trick"
                return "knock"
            self.reason = "no knocking without an overwhelming hand"
            return legal[1]
        if phase == STOP:
            return self._stop(view)
        if view.trump is None:
            self.reason = "leads its longest trump suit"
            return _naming_lead(view.hand, view.high_bid)
        return self._play(view, legal)

    def _stop(self, view: _View) -> str:
        if view.made_it():
            self.reason = "the side has its 61 points: stops"
            return "stop"
        self.reason = "plays on for more points"
        return "play on"

    def _play(self, view: _View, legal: list[str]) -> str:
        tables = view.tables
        cards = _cards_of(legal)
        low = min(cards, key=_low_key(tables))
        if not view.trick:
            if any(t.startswith("facedown") for t in legal):
                self.reason = "no trump to lead: its cheapest card face down"
                return str(FACEDOWN[low][1])
            best = max(cards, key=lambda c: (c.rank == ACE, tables[1][c]))
            if best.rank == ACE or tables[0][best] == TRUMP:
                self.reason = "leads its best card"
                return f"play {best.code}"
            self.reason = "leads low"
            return f"play {low.code}"
        led, seat, winning = _leader(view.trick, view.facedown, tables)
        if view.on_my_side(seat):
            self.reason = "the partner is winning: plays low"
            return f"play {low.code}"
        winners = [c for c in cards if _beats(c, winning, led, tables)]
        if winners:
            cheap = min(winners, key=tables[1].__getitem__)
            self.reason = "wins as cheaply as it can"
            return f"play {cheap.code}"
        self.reason = "cannot win: plays low"
        return f"play {low.code}"


class Medium(Easy):
    level = "medium"

    def choose(self, obs: AvinasObservation, legal: list[str]) -> str:
        view = _View(obs)
        phase = view.phase
        if phase == BID:
            return self._bid(view, legal)
        if phase == KNOCK:
            assert view.trump is not None
            if view.seat == view.declarer and _overwhelming(view.hand, view.trump):
                self.reason = "its top trumps draw every trump and the rest are aces"
                return "knock"
            self.reason = "all eight tricks are not sure"
            return "no knock"
        if phase == KNOCK_BACK:
            if view.master_trump() is not None:
                self.reason = "holds the top trump: the knockers cannot take every trick"
                return "knock back"
            self.reason = "no sure trick against the knock"
            return "no knock back"
        return super().choose(obs, legal)

    def _bid(self, view: _View, legal: list[str]) -> str:
        count, suit = best_trump_suit(view.hand)
        eff = trump_tables(suit)[0]
        top = sum(1 for c in (Card(QUEEN, 0), Card(SEVEN, suit), Card(QUEEN, 3)) if c in view.hand)
        aces = sum(1 for c in view.hand if c.rank == ACE and eff[c] != TRUMP)
        strength = count + 0.5 * top + 0.25 * aces
        partner_leads = any(b["seat"] == view.partner and b["bid"] == view.high_bid
                            for b in view.obs["bids"] if b["bid"])
        # Outbidding one's own partner only pays with a clearly better hand.
        needed = 6.5 if partner_leads else 5.5
        if strength >= needed and f"bid {count}" in legal:
            self.reason = f"{count} trumps with {SUIT_NAMES[suit]}, {top} of the top three"
            return f"bid {count}"
        self.reason = "the hand is not strong enough to declare"
        return "pass"

    def _play(self, view: _View, legal: list[str]) -> str:
        if not view.trick:
            return self._lead(view, legal)
        tables = view.tables
        cards = _cards_of(legal)
        low = min(cards, key=_low_key(tables))
        led, seat, winning = _leader(view.trick, view.facedown, tables)
        later_partner = view.partner in view.still_to_play()
        if view.on_my_side(seat) and winning is not None and not view.threatened(winning, led):
            smear = max(cards, key=_smear_key(tables))
            self.reason = "the partner is sure to win: gives him points"
            return f"play {smear.code}"
        winners = [c for c in cards if _beats(c, winning, led, tables)]
        safe = [c for c in winners if not view.threatened(c, led)]
        wanted = view.facedown and view.trick[0][0] == view.partner and view.partner_signal
        if safe:
            card = min(safe, key=tables[1].__getitem__)
            self.reason = "wins with the cheapest card nobody left can beat"
            return f"play {card.code}"
        if winners and (wanted or (not later_partner and self._on_table(view) >= 10)):
            card = max(winners, key=tables[1].__getitem__)
            self.reason = ("the partner signalled a valuable card: tries to win" if wanted
                           else "points on the table: tries its best card")
            return f"play {card.code}"
        self.reason = "cannot win safely: plays low"
        return f"play {low.code}"

    @staticmethod
    def _on_table(view: _View) -> int:
        return sum(POINTS[c] if c is not None else 5 for _, c in view.trick)

    def _lead(self, view: _View, legal: list[str]) -> str:
        tables = view.tables
        eff, strength = tables
        cards = _cards_of(legal)
        low = min(cards, key=_low_key(tables))
        trumps = [c for c in cards if eff[c] == TRUMP]
        master = view.master_trump()
        if view.trick_number <= 2 and trumps:
            card = master or min(trumps, key=strength.__getitem__)
            self.reason = ("leads the master trump" if master else
                           "must lead a trump: keeps the high ones")
            return f"play {card.code}"
        if any(t.startswith("facedown") for t in legal):
            if view.declarer == view.partner:
                best = max(cards, key=POINTS.__getitem__)
                self.reason = "no trump: gives its best card face down to the declarer"
                return str(FACEDOWN[best][0 if POINTS[best] >= VALUABLE else 1])
            self.reason = "no trump: its cheapest card face down, to draw trumps"
            return str(FACEDOWN[low][1])
        if master is not None and view.opponents_may_have_trumps():
            self.reason = "draws trumps with the master"
            return f"play {master.code}"
        opponents = ((view.seat + 1) % 4, (view.seat + 3) % 4)
        masters = [
            c for c in cards
            if eff[c] != TRUMP
            and not any(eff[x] == eff[c] and strength[x] > strength[c] for x in view.out)
            and not any(eff[c] in view.voids[s] for s in opponents)
        ]
        if masters:
            card = max(masters, key=POINTS.__getitem__)
            self.reason = "cashes a card nobody can beat in its suit"
            return f"play {card.code}"
        ruffs = [c for c in cards if eff[c] != TRUMP and eff[c] in view.voids[view.partner]
                 and TRUMP not in view.voids[view.partner]]
        if ruffs:
            card = min(ruffs, key=_low_key(tables))
            self.reason = "leads a suit the partner can trump"
            return f"play {card.code}"
        self.reason = "leads its cheapest card"
        return f"play {low.code}"


# --- the hard level: sampled worlds, each played out by a fast sighted policy -------------


def _quick_action(world: Avinas, sighted: bool = True) -> Action:
    """The playout policy: simple and fast.  Sighted, it sees every hand; unsighted, it
    knows only which cards the other three hold between them, as a player counting cards
    would (not who holds which)."""
    phase = world.phase
    me = world.player
    hand = world.hands[me]
    if phase == BID:
        count, _ = best_trump_suit(hand)
        return BIDS[count] if count > world.high_bid and count >= 5 else SIMPLE["pass"]
    if phase == STOP:
        return SIMPLE["stop" if _made_it(world) else "play on"]
    if phase in (KNOCK, KNOCK_BACK):
        return SIMPLE["no knock" if phase == KNOCK else "no knock back"]
    if world.trump is None:
        return Avinas.parse_action(_naming_lead(hand, world.high_bid))
    tables = trump_tables(world.trump)
    eff, strength = tables
    trick = world.trick
    side = me % 2
    if sighted:
        opponents = (world.hands[(me + 1) % 4], world.hands[(me + 3) % 4])
        partner_hand = world.hands[(me + 2) % 4]
    else:
        pool = [c for s in range(4) if s != me for c in world.hands[s]]
        opponents, partner_hand = (pool, pool), pool
    if not trick:
        return _quick_lead(world, hand, opponents, tables, partner_hand)
    first = trick[0][1]
    led = TRUMP if world.facedown else eff[first]
    legal = [c for c in hand if eff[c] == led] or hand
    _, seat, best = _leader(list(trick), world.facedown, tables)
    later = [(me + k) % 4 for k in range(1, 4 - len(trick))]

    def overtaken(card: Card) -> bool:
        for s in later:
            if s % 2 != side:
                theirs = world.hands[s] if sighted else pool
                follow = [c for c in theirs if eff[c] == led] or theirs
                if any(_beats(c, card, led, tables) for c in follow):
                    return True
        return False

    if seat is not None and seat % 2 == side and best is not None and not overtaken(best):
        return PLAY_OF[max(legal, key=_smear_key(tables))]
    safe = [c for c in legal if _beats(c, best, led, tables) and not overtaken(c)]
    if safe:
        return PLAY_OF[min(safe, key=strength.__getitem__)]
    return PLAY_OF[min(legal, key=_low_key(tables))]


def _quick_lead(
    world: Avinas, hand: list[Card], opponents: tuple[list[Card], list[Card]], tables: Tables,
    partner: list[Card],
) -> Action:
    eff, strength = tables
    trumps = [c for c in hand if eff[c] == TRUMP]
    their_top = max((strength[c] for h in opponents for c in h if eff[c] == TRUMP), default=0)
    top = max(trumps, key=strength.__getitem__) if trumps else None
    if world.trick_number <= 2 and top is not None:
        return PLAY_OF[top if strength[top] > their_top else min(trumps, key=strength.__getitem__)]
    if world.trick_number == 2:  # no trump: face down
        ours = max((strength[c] for c in partner if eff[c] == TRUMP), default=0)
        if ours > their_top:
            return FACEDOWN[max(hand, key=POINTS.__getitem__)][0]
        return FACEDOWN[min(hand, key=_low_key(tables))][1]
    if top is not None and strength[top] > their_top > 0:
        return PLAY_OF[top]
    for card in sorted(hand, key=POINTS.__getitem__, reverse=True):
        suit = eff[card]
        if suit == TRUMP:
            continue
        if not any(_beats(c, card, suit, tables)
                   for h in opponents for c in ([x for x in h if eff[x] == suit] or h)):
            return PLAY_OF[card]
    return PLAY_OF[min(hand, key=_low_key(tables))]


def _made_it(world: Avinas) -> bool:
    declarer = world.declarer
    assert declarer is not None and world.trump is not None
    eff = trump_tables(world.trump)[0]
    held = sum(1 for c in world.dealt[declarer] if eff[c] == TRUMP)
    return world.points[declarer % 2] >= world.options.win_points and held >= world.high_bid


SeatSight = tuple[bool, bool, bool, bool]  # whether each seat sees every hand
Sight = bool | SeatSight  # every seat alike, or seat by seat


def seat_sight(sight: Sight) -> SeatSight:
    """``sight`` seat by seat: resolved once per playout, not at every move."""
    return (sight, sight, sight, sight) if isinstance(sight, bool) else sight


def playout(world: Avinas, seat: int, sighted: Sight = True) -> float:
    """Play the hand out with the quick policy; the penalty balance for ``seat``'s side,
    with card points as a small tie-break."""
    world.narrate = False  # the playout's own copy: nobody reads its narration
    hands = len(world.hand_records)
    sees = seat_sight(sighted)
    while len(world.hand_records) == hands:
        # legal by construction: no checks
        world._apply(_quick_action(world, sees[world.player]))
    return record_value(world.hand_records[-1], seat)


def record_value(record: dict[str, Any], seat: int) -> float:
    """A finished hand's value to ``seat``'s side: the penalty balance, with card points as
    a small tie-break (what every search of this game maximises)."""
    side = seat % 2
    points: list[int] = record.get("points", [0, 0])
    return hand_balance(record, side) + 0.01 * (points[side] - points[1 - side])


def _candidates(view: _View, legal: list[str]) -> list[str]:
    """The actions worth searching.

    Bids: pass or the real count (a lower bid only risks being outbid; a higher one loses).
    Naming leads: only suits that do not prove an overbid.  Face-down leads: with the
    truthful signal.  Cards: one of each run of equals (same suit and points, nothing
    still out between them).
    """
    if view.phase == BID:
        count, _ = best_trump_suit(view.hand)
        return ["pass", f"bid {count}"] if f"bid {count}" in legal else ["pass"]
    if view.phase != "play":
        return legal
    if view.trump is None:
        keep = []
        for text in legal:
            action = Avinas.parse_action(text)
            assert action.card is not None
            suit = action.value if action.value >= 0 else action.card.suit
            eff = trump_tables(suit)[0]
            if sum(1 for c in view.hand if eff[c] == TRUMP) >= view.high_bid:
                keep.append(text)
        return keep or legal
    eff, strength = view.tables
    out = set(view.out)
    keep = []
    chosen: list[Card] = []
    for text in legal:
        action = Avinas.parse_action(text)
        card = action.card
        assert card is not None
        if action.kind == "facedown":
            if action.value == (1 if POINTS[card] >= VALUABLE else 0):
                keep.append(text)
            continue
        if any(_equal(card, other, eff, strength, out) for other in chosen):
            continue
        chosen.append(card)
        keep.append(text)
    return keep


def _equal(a: Card, b: Card, eff: dict[Card, int], strength: dict[Card, int],
           out: set[Card]) -> bool:
    if eff[a] != eff[b] or POINTS[a] != POINTS[b]:
        return False
    low, high = sorted((strength[a], strength[b]))
    return not any(eff[c] == eff[a] and low < strength[c] < high for c in out)


# --- inference: what the others' card plays say about their hands (hard) -------------------


class _PastPlay(NamedTuple):
    """A card another seat played this hand, with the table it played it on."""

    seat: int
    trick_number: int
    prefix: list[tuple[int, Card | None]]  # the trick before the play
    facedown: bool  # the trick was led face down
    played: set[Card]  # every card seen played before it
    voids: list[set[int]]  # the suits each seat had shown it lacked by then
    later: list[Card]  # the seat's cards played from this one on (this one included)
    action: str


class PlayReading:
    """The other seats' card plays of this hand, scored in any world by medium's play.

    Policy-based inference as in Avissinia, but medium's Avinas play is a rule, not a score:
    the chance of a play is ``1 - slack`` when medium, holding the world's hand then, makes
    it, plus ``slack`` spread over the legal plays (for humans and other levels).  Leads face
    down and the no-sevens declarer's first lead (naming the trump) are not read.
    """

    def __init__(self, obs: AvinasObservation, layout: HiddenLayout, slack: float) -> None:
        assert layout.trump is not None
        self.me: int = obs["seat"]
        self.layout = layout
        self.slack = slack
        self.tables = trump_tables(layout.trump)
        self.declarer: int | None = obs["declarer"]
        self.high_bid: int = obs["high_bid"]
        self.points: list[int] = obs["points"]
        self.holder = {parse_card(item["card"]): item["seat"] for item in obs["exposed"]}
        self.medium = Medium("avinas", self.me, 0)
        naming = obs["kind"] != SEVENS  # the declarer's first lead named the trump
        rows: list[tuple[list[tuple[int, Card | None]], bool]] = [
            (list(plays), down) for _, plays, _, down in layout.tricks]
        rows.append((layout.shown, layout.facedown))
        self.plays: list[_PastPlay] = []
        self.memo: dict[tuple[int, tuple[Card, ...]], float] = {}  # log chances by hand
        seen: list[Card] = []  # every card seen played, in order
        played_by: list[list[int]] = [[] for _ in range(4)]  # each seat's, indexes into seen
        starts: list[int] = []  # each read play's index into seen
        for number, (plays, down) in enumerate(rows, start=1):
            for j, (seat, card) in enumerate(plays):
                if card is None:
                    continue  # a face-down lead still hidden: its card is in the hand
                readable = seat != self.me and not (
                    j == 0 and (down or (number == 1 and naming)))
                if readable:
                    prefix = list(plays[:j])
                    voids = shown_voids(layout.tricks[:number - 1], prefix, down, layout.trump)
                    self.plays.append(_PastPlay(seat, number, prefix, down, set(seen), voids,
                                                [], str(PLAY_OF[card])))
                    starts.append(len(seen))
                played_by[seat].append(len(seen))
                seen.append(card)
        for past, first in zip(self.plays, starts, strict=True):
            # every card the seat played from this one on, read or not
            past.later.extend(seen[i] for i in played_by[past.seat] if i >= first)

    def seats(self) -> set[int]:
        return {p.seat for p in self.plays}

    def seat_log_likelihood(self, seat: int, held: list[Card]) -> float:
        """The log chance of ``seat``'s read plays when it still holds ``held``."""
        return seat_log_likelihood(self.plays, seat, held, self.chance, self.memo, hand_order)

    def chance(self, past: _PastPlay, hand: list[Card]) -> float:
        legal = self._legal(past, hand)
        if len(legal) < 2:
            return 1.0
        view = self._view(past, hand)
        chosen = self.medium._play(view, legal)
        agrees = 1.0 - self.slack if chosen == past.action else 0.0
        return agrees + self.slack / len(legal)

    def _legal(self, past: _PastPlay, hand: list[Card]) -> list[str]:
        """The seat's legal plays then (the engine's rules, from the hand and the trick)."""
        eff = self.tables[0]
        if past.prefix:
            first = past.prefix[0][1]
            led = TRUMP if past.facedown or first is None else eff[first]
            cards = [c for c in hand if eff[c] == led] or hand
            return [str(PLAY_OF[c]) for c in cards]
        if past.trick_number <= 2:
            trumps = [str(PLAY_OF[c]) for c in hand if eff[c] == TRUMP]
            if trumps or past.trick_number == 1:
                return trumps
            return [str(PLAY_OF[c]) for c in hand] + [str(a) for c in hand for a in FACEDOWN[c]]
        return [str(PLAY_OF[c]) for c in hand]

    def _view(self, past: _PastPlay, hand: list[Card]) -> _View:
        """What medium saw at the play, holding ``hand`` (built without an observation)."""
        view = _View.__new__(_View)
        seat = past.seat
        view.seat, view.side, view.partner = seat, seat % 2, (seat + 2) % 4
        view.hand = hand
        view.phase = "play"
        view.declarer, view.high_bid = self.declarer, self.high_bid
        view.trump = self.layout.trump
        view.trick_number = past.trick_number
        view.points = self.points
        view.trick = past.prefix
        view.facedown = past.facedown
        view.partner_signal = None  # a signal is seen by one side only: not read
        view.holder = {c: s for c, s in self.holder.items() if s != seat}
        view.played = past.played
        view.my_played = []
        view.voids = past.voids
        mine = set(hand)
        view.out = [c for c in PACK if c not in mine and c not in past.played]
        return view


class TypedPlayReading(PlayReading):
    """The reading with each seat's kind of player unknown: with chance ``prior`` the seat
    plays as medium does (``PlayReading``'s chances), else its plays say nothing of its
    hand (each legal play alike).  A seat's likelihood is the mixture of the two over all
    its plays of the hand, so the kind holds for the whole hand: a seat whose plays
    medium's rule explains is read, and one whose plays it does not (a searching
    player's: medium makes about half of them) is hardly read at all, where the plain
    reading, softened play by play, still reads it as medium."""

    def __init__(self, obs: AvinasObservation, layout: HiddenLayout, slack: float,
                 prior: float) -> None:
        super().__init__(obs, layout, slack)
        self.log_prior = math.log(prior), math.log(1.0 - prior)
        self.blind_memo: dict[tuple[int, tuple[Card, ...]], float] = {}

    def _by_kind(self, seat: int, held: list[Card]) -> tuple[float, float]:
        """The log chances of ``seat``'s plays and of its kind: as medium, and blind."""
        as_medium = self.log_prior[0] + super().seat_log_likelihood(seat, held)
        blind = self.log_prior[1] + seat_log_likelihood(
            self.plays, seat, held, self.blind_chance, self.blind_memo, hand_order)
        return as_medium, blind

    def seat_log_likelihood(self, seat: int, held: list[Card]) -> float:
        return log_mixture(*self._by_kind(seat, held))

    def medium_weight(self, seat: int, held: list[Card]) -> float:
        """How likely, given ``seat``'s plays and that it holds ``held``, it plays as
        medium does (the posterior of its kind in one world)."""
        return first_kind_weight(*self._by_kind(seat, held))

    def blind_chance(self, past: _PastPlay, hand: list[Card]) -> float:
        return 1.0 / max(1, len(self._legal(past, hand)))


class HandChain:
    """A Metropolis sampler over the other seats' hidden cards, whose stationary law is the
    reading's posterior over the deals the hidden layout allows (voids kept exactly, bids as
    the sampler keeps them).  A step swaps two cards between two seats' hidden cards; only
    the two seats are rescored."""

    def __init__(self, layout: HiddenLayout, reading: PlayReading, rng: random.Random) -> None:
        self.layout = layout
        self.reading = reading
        self.extra = deal_extra(layout, rng)
        self.seats = [s for s, cards in enumerate(self.extra) if cards]
        self.scored = reading.seats()
        self.eff = trump_tables(reading.layout.trump or 0)[0]
        self.log_likelihood = {s: self._score(s, self.extra[s]) for s in self.scored}
        self.steps = self.accepted = 0

    def _score(self, seat: int, cards: list[Card]) -> float:
        return self.reading.seat_log_likelihood(seat, self.layout.known[seat] + cards)

    def step(self, rng: random.Random) -> None:
        if len(self.seats) < 2:
            return
        a, b = rng.choice(self.seats), rng.choice(self.seats)
        if a == b:
            return  # a swap within one hand changes nothing: the chain stays (symmetric)
        self.steps += 1
        mine, theirs = self.extra[a], self.extra[b]
        i, j = rng.randrange(len(mine)), rng.randrange(len(theirs))
        give, take = mine[i], theirs[j]
        voids, known = self.layout.voids, self.layout.known
        if self.eff[take] in voids[a] or self.eff[give] in voids[b]:
            return  # a deal the voids rule out
        new_a = [*mine[:i], take, *mine[i + 1:]]
        new_b = [*theirs[:j], give, *theirs[j + 1:]]
        fits = self.layout.fits_bids
        if (fits(a, known[a] + mine) and not fits(a, known[a] + new_a)) or (
                fits(b, known[b] + theirs) and not fits(b, known[b] + new_b)):
            return  # a bid the new hand could not have made
        new = {s: self._score(s, cards) for s, cards in ((a, new_a), (b, new_b))
               if s in self.scored}
        delta = sum(new[s] - self.log_likelihood[s] for s in new)
        if metropolis(delta, rng):
            self.extra[a], self.extra[b] = new_a, new_b
            self.log_likelihood.update(new)
            self.accepted += 1



MAX_SCORING_STATES = 256  # the finished hands' values kept: a few hands' worth
ENDGAME_TRICKS = 3  # solved exactly; each trick more costs 5 to 10 times (docs/opponents.md)


def _endgame(trump: object, trick_number: int, phase: str) -> bool:
    """Whether a hand stands in the tricks the solver takes (``trump``: None before one is
    named; the game keeps a suit, the observation its name)."""
    return (trump is not None and trick_number > TRICKS - ENDGAME_TRICKS
            and phase in (PLAY, STOP))



# --- the hard search, in parts -------------------------------------------------------------
# Hard is PIMC (``search.pimc``) over sampled hands.  Its parts: how the worlds are sampled
# and read (``UniformHands``, ``ReadHands``), whether each seat sees every hand in the
# playouts (``Sight``), how a playout ends and is scored (``HandEnd``, ``SolvedEnd``), and
# its budget.  ``AvinasSetup`` names one composition of them.


class Worlds:
    """One decision's source of worlds: uniform hands (the default before any reading,
    e.g. for the review of a human's play), played to the end of this hand only unless
    ``next_hand``."""

    def __init__(self, next_hand: bool = False) -> None:
        self.next_hand = next_hand

    def world(self, obs: AvinasObservation, rng: random.Random) -> Avinas:
        world = world_from_observation(obs, rng)
        world.deal_next_hand = self.next_hand
        return world


class ChainWorlds(Worlds):
    """Hands drawn by a Metropolis chain over the reading's posterior, ``steps`` apart."""

    def __init__(self, chain: HandChain, steps: int) -> None:
        super().__init__()
        self.chain = chain
        self.steps = steps

    def world(self, obs: AvinasObservation, rng: random.Random) -> Avinas:
        chain = self.chain
        for _ in range(self.steps):
            chain.step(rng)
        world = world_from_observation(obs, rng, chain.extra, chain.layout)
        world.deal_next_hand = False
        return world


class Sampler(Protocol):
    """How a decision's worlds are sampled: ``read`` prepares them (it may take slices);
    ``unread`` gives them with nothing read (a world asked for outside a decision)."""

    def read(self, obs: AvinasObservation, rng: random.Random, slice_seconds: float
             ) -> Generator[None, None, Worlds]: ...

    def unread(self) -> Worlds: ...


@dataclass(frozen=True)
class UniformHands:
    """Every world deals the hidden cards at random, consistent with what was seen;
    ``next_hand``: the playouts go on to deal and bid the next hand."""

    next_hand: bool = False

    def unread(self) -> Worlds:
        return Worlds(self.next_hand)

    def read(self, obs: AvinasObservation, rng: random.Random, slice_seconds: float
             ) -> Generator[None, None, Worlds]:
        return self.unread()
        yield  # nothing to read: no slices


@dataclass(frozen=True)
class ReadHands:
    """Worlds drawn by a chain (``HandChain``) from the posterior the other seats' card
    plays of this hand give: ``burn_in`` steps before the search, ``steps`` between
    worlds.  ``typed`` also reads each seat's kind of player (``TypedPlayReading``: a
    medium player's plays are read, a searching player's hardly at all), else every seat
    as medium (``PlayReading``); ``slack`` is the chance of a play medium would not make,
    ``prior`` the chance, before its plays, that a seat plays as medium does."""

    typed: bool
    slack: float = 0.1
    prior: float = 0.5
    burn_in: int = 60
    steps: int = 4

    def reading(self, obs: AvinasObservation, layout: HiddenLayout) -> PlayReading:
        if self.typed:
            return TypedPlayReading(obs, layout, self.slack, self.prior)
        return PlayReading(obs, layout, self.slack)

    def unread(self) -> Worlds:
        return Worlds()

    def read(self, obs: AvinasObservation, rng: random.Random, slice_seconds: float
             ) -> Generator[None, None, Worlds]:
        if obs["phase"] == "play" and obs["trump"] is not None and len(obs["legal"]) > 1:
            layout = hidden_layout(obs)
            reading = self.reading(obs, layout)
            if reading.plays:
                chain = HandChain(layout, reading, rng)
                yield from walk(chain.step, self.burn_in, rng, slice_seconds)
                yield  # the search starts a slice of its own
                return ChainWorlds(chain, self.steps)
        return self.unread()


class Ending(Protocol):
    """How a playout ends and is scored: ``start`` gives one player's own (it may keep
    what it solved between worlds)."""

    def start(self) -> EndingRun: ...


class EndingRun(Protocol):
    def value(self, world: Avinas, trial: Avinas, seat: int, sight: Sight) -> float:
        """What the position ``trial`` (``world`` after the candidate) is worth to
        ``seat``'s side."""
        ...

    def words(self, obs: AvinasObservation, candidates: int) -> str:
        """The hint's words for the search behind a decision."""
        ...


class HandEnd:
    """Played out by the quick policy to the end of the hand (``playout``)."""

    def start(self) -> HandEnd:
        return self

    def value(self, world: Avinas, trial: Avinas, seat: int, sight: Sight) -> float:
        return playout(trial, seat, sight)

    def words(self, obs: AvinasObservation, candidates: int) -> str:
        return f"played {candidates} choices out over sampled hands"


@dataclass(frozen=True)
class SolvedEnd:
    """The quick policy plays the hand down to its last ``ENDGAME_TRICKS`` tricks and the
    exact solver (``avinas_solver``) finds what perfect play of the rest is worth in that
    world; in the endgame itself every candidate is solved, one solver serving them all.
    ``solved_leaves=False`` solves only decisions in the endgame (earlier ones keep the
    whole playouts)."""

    solved_leaves: bool = True

    def start(self) -> SolvedEndRun:
        return SolvedEndRun(self.solved_leaves)


class SolvedEndRun:
    tie_break = 0.01  # card points break ties between equal penalties, as in ``playout``

    def __init__(self, solved_leaves: bool) -> None:
        self.solved_leaves = solved_leaves
        # The finished hands' values, shared between worlds (``Solver``'s ``shared_ends``);
        # the positions solved serve only the world they were solved in.
        self.end_values: dict[tuple[Any, ...], dict[EndKey, float]] = {}
        self.solved_world: Avinas | None = None
        self.solver: Solver | None = None

    def value(self, world: Avinas, trial: Avinas, seat: int, sight: Sight) -> float:
        if self.solved_world is not world:
            self.solved_world, self.solver = world, None
            if len(self.end_values) > MAX_SCORING_STATES:
                self.end_values.clear()
        trial.narrate = False
        hands = len(world.hand_records)
        if not self.solved_leaves and not _in_endgame(world):
            return playout(trial, seat, sight)
        sees = seat_sight(sight)
        while len(trial.hand_records) == hands:
            if _in_endgame(trial):
                if self.solver is None:
                    self.solver = Solver(trial, seat, self.tie_break, self.end_values)
                return self.solver.value(trial)
            trial._apply(_quick_action(trial, sees[trial.player]))
        return record_value(trial.hand_records[-1], seat)

    def words(self, obs: AvinasObservation, candidates: int) -> str:
        if _endgame(obs["trump"], obs["trick_number"], obs["phase"]):
            return (f"solved the rest of the hand exactly for each of {candidates} choices, "
                    "over sampled hands")
        if not self.solved_leaves:  # before the endgame it searched by whole playouts
            return HandEnd().words(obs, candidates)
        return (f"played {candidates} choices out over sampled hands, "
                f"the last {ENDGAME_TRICKS} tricks solved exactly")


def _in_endgame(world: Avinas) -> bool:
    return _endgame(world.trump, world.trick_number, world.phase)


@dataclass(frozen=True)
class AvinasSetup:
    """A searching player: its name and its parts.  ``sighted``: whether every seat sees
    every hand in the playouts, else each counts the cards the others hold between them."""

    name: str
    sampler: Sampler
    sighted: bool
    ending: Ending
    budget: Budget


class AvinasSearch(SearchOpponent[AvinasObservation]):
    """PIMC by the parts of ``setup``, over the actions worth searching (``_candidates``);
    stopping is decided by rule, and a knock needs a clear gain."""

    value_unit = "penalties"
    sighted: bool  # whether every seat sees every hand in the playouts (``setup.sighted``)

    def __init__(self, game: str, seat: int, seed: int, setup: AvinasSetup) -> None:
        super().__init__(game, seat, seed, setup.name)
        self.setup = setup
        self._worlds = setup.sampler.unread()  # until a decision reads the plays
        self.budget = setup.budget
        self.sighted = setup.sighted
        self.ending = setup.ending.start()

    def read(self, obs: AvinasObservation) -> Generator[None, None, None]:
        """Prepare this decision's worlds (``sampler``): the reading of the plays."""
        self._worlds = yield from self.setup.sampler.read(obs, self.rng,
                                                          self.budget.slice_seconds)

    def think(self, obs: AvinasObservation) -> Thinking:
        yield from self.read(obs)
        legal: list[str] = obs["legal"]
        view = _View(obs)
        if view.phase == STOP:
            stop = view.made_it()
            self.reason = "the side has its 61 points: stops" if stop else "plays on"
            return "stop" if stop else "play on"
        candidates = _candidates(view, legal)
        if len(candidates) == 1:
            self.reason = "the only sensible choice"
            return candidates[0]
        best, means = yield from self.search(obs, candidates)
        if best == "knock" and means["knock"] < means["no knock"] + 0.5:
            best = "no knock"  # sighted playouts flatter a knock: demand a clear gain
        self.reason = (f"{self.ending.words(obs, len(candidates))}; "
                       f"expects {means[best]:+.1f} penalties in its favour")
        return best

    def world(self, obs: AvinasObservation, rng: random.Random) -> Avinas:
        return self._worlds.world(obs, rng)

    def action_value(self, world: Avinas, action: str) -> float:
        return self.ending.value(world, self.after(world, action), self.seat,
                                 self.sight(world))

    def sight(self, world: Avinas) -> Sight:
        """Who sees every hand in ``world``'s playouts."""
        return self.sighted


# Hard: worlds from the typed reading (each other seat read as a medium player or as one
# whose plays say nothing of its hand), played out by card counters, the last three tricks
# solved exactly; 60 worlds, at most 0.2 s, by default.
HARD = AvinasSetup("hard", ReadHands(typed=True), sighted=False, ending=SolvedEnd(),
                   budget=Budget(iterations=60, seconds=0.2))

SETUPS: dict[str, Setup] = {
    "easy": Easy, "medium": Medium, "hard": functools.partial(AvinasSearch, setup=HARD),
}
