"""Avinas: the four-player partnership trick game (seeds/002_986f1458fa6e1fe4.txt, RULINGS.md).

Seats are numbered clockwise; partners sit opposite, so side = seat % 2.  Deal and play go
clockwise and the deal passes to the left.  Each hand is one of two kinds, decided by the
sevens among the "special" cards (every player's 4th and 8th card):

* a sevens game: the last special seven dealt names declarer and trump; the declaring side
  may knock and the other side knock back; the result is written as rams;
* a no-sevens game: one round of bidding; the declarer's first lead names trump; the
  declarer may stop before any later trick; the result is written as pips.

The match ends when a side reaches 12 pips.  Every decision is an action of one seat; the
deal itself is chance (the game's ``random.Random``) or a scripted ``deck``.
See docs/rules/avinas.md for the rules, the rulings and the choices made here.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, NamedTuple, TypedDict, cast

from .base import Game, IllegalActionError, OptionError, read_digits
from .cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SUITS,
    TEN,
    Card,
    CardError,
    parse_card,
    short_pack,
)
from .i18n import N_, _
from .words import suit_name

PLAYERS = 4
HAND_SIZE = 8
PACKET = 4  # cards are dealt in fours
TRICKS = 8
SPECIAL = (3, 7)  # indexes of the 4th and 8th card dealt to a player
MAX_BID = 8
TRUMP = 4  # the effective suit of every trump (queens, jacks and the trump suit)
DRAW = -1  # match result: nobody wins

# Hand kinds and phases (also their text in observations).
SEVENS = "sevens"
NO_SEVENS = "no sevens"
VOID = "void"
BID, KNOCK, KNOCK_BACK, STOP, PLAY, OVER = "bid", "knock", "knock back", "stop", "play", "over"


@dataclasses.dataclass(frozen=True)
class AvinasOptions:
    """Rules as data: every scoring value of rulings 5, 11, 12 and 13 lives here."""

    dealer: int | None = None  # first dealer; None: chosen by the seed (ruling 1)
    deck: tuple[Card, ...] | None = None  # scripts the first hand's pack, top card first
    pip_target: int = 12  # a side with this many pips ends the match
    win_points: int = 61  # card points the declaring side needs (without a knock)
    pip_split: int = 31  # 31+ is the "larger" bracket of ruling 12
    # Pips for the opponents when the declaring side wins: they took pip_split+, 1.., none.
    opponents_pips: tuple[int, int, int] = (1, 2, 3)
    # Pips for the declaring side when it loses: it took pip_split+, 1.., none.
    declarer_pips: tuple[int, int, int] = (2, 4, 6)
    # Rams per special seven: (declaring side wins -> opponents, loses -> declaring side).
    rams_plain: tuple[int, int] = (1, 2)
    rams_knock: tuple[int, int] = (2, 4)
    rams_knock_back: tuple[int, int] = (4, 8)
    ace_points: int = 11
    ten_points: int = 10
    king_points: int = 4
    queen_points: int = 3
    jack_points: int = 2
    # The sheet before the match's first hand, (You & North, West & East) (a match taken
    # up part-way: the lesson's last hand); none by default.
    pips_before: tuple[int, int] = (0, 0)
    rams_before: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        if self.dealer is not None and not 0 <= self.dealer < PLAYERS:
            # Translators: "dealer" is the option's name, as a link writes it.
            raise OptionError(_("dealer must be a seat from 0 to {last}").format(
                last=PLAYERS - 1))
        if self.deck is not None and sorted(self.deck) != sorted(short_pack()):
            # Translators: "deck" is the option's name, as a link writes it.
            raise OptionError(_("deck must hold each of the 32 cards (sevens to aces) exactly "
                                "once"))
        for name, size in (
            ("opponents_pips", 3), ("declarer_pips", 3),
            ("rams_plain", 2), ("rams_knock", 2), ("rams_knock_back", 2),
            ("pips_before", 2), ("rams_before", 2),
        ):
            # Saves and URLs bring these as lists or "1,2,3" text: store a tuple.
            object.__setattr__(self, name, _int_tuple(name, getattr(self, name), size))
        if not all(p < self.pip_target for p in self.pips_before) \
                or min(self.rams_before) > 0:
            # Translators: "pips_before" and "rams_before" are options' names, as a link
            # writes them; a sheet has rams on one side at most.
            raise OptionError(_("pips_before must be under pip_target, and rams_before on one "
                                "side at most"))
        for name in ("pip_target", "win_points", "pip_split"):
            if getattr(self, name) < 1:
                # Translators: {name} is an option's name, as a link writes it.
                raise OptionError(_("{name} must be at least 1").format(name=name))
        values = (self.ace_points, self.ten_points, self.king_points, self.queen_points,
                  self.jack_points)
        if min(values) < 0:
            raise OptionError(_("card points cannot be negative"))

    def card_points(self) -> dict[Card, int]:
        by_rank = {ACE: self.ace_points, TEN: self.ten_points, KING: self.king_points,
                   QUEEN: self.queen_points, JACK: self.jack_points}
        return {c: by_rank.get(c.rank, 0) for c in short_pack()}


def _int_tuple(name: str, value: object, size: int) -> tuple[int, ...]:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if isinstance(value, (list, tuple)) and len(value) == size:
        try:
            out = tuple(int(v) for v in value)
        except (TypeError, ValueError):
            out = ()
        if len(out) == size and min(out) >= 0:
            return out
    # Translators: {name} is an option's name, as a link writes it.
    raise OptionError(_("option {name} must be {count} whole numbers of 0 or more, not "
                        "{given}").format(name=name, count=size, given=repr(value)))


class SeatCard(TypedDict):
    seat: int
    card: str


class TrickCard(TypedDict):
    """A card of the trick being played; a face-down lead is None to all but its player."""

    seat: int
    card: str | None
    facedown: bool


class BidRecord(TypedDict):
    seat: int
    bid: int | None  # None: a pass


class TrickRecord(TypedDict):
    number: int
    leader: int
    winner: int
    facedown: bool
    cards: list[SeatCard]


class SignalView(TypedDict):
    seat: int
    valuable: bool | None  # None: only the giver's side reads the signal


class AvinasObservation(TypedDict):
    """What ``observation(seat)`` returns: the public table, the seat's hand and sight."""

    game: str
    players: int
    hand_number: int
    dealer: int
    kind: str
    phase: str
    current_player: int | None
    declarer: int | None
    trump: str | None
    sevens: int
    exposed: list[SeatCard]
    bids: list[BidRecord]
    high_bid: int
    knock: int | None
    knock_back: int | None
    trick_number: int
    tricks: list[TrickRecord]
    hand_counts: list[int]
    points: list[int]
    tricks_won: list[int]
    rams: list[int]
    pips: list[int]
    pip_target: int
    win_points: int
    pip_split: int
    hand_history: list[dict[str, Any]]  # one record per finished hand (see ``_record``)
    scores: list[int]
    is_over: bool
    draw: bool
    winners: list[int]
    moves: int
    deals_finished: int
    seat: int
    hand: list[str]
    trick: list[TrickCard]
    dealer_saw: list[SeatCard]
    signal: SignalView | None
    last: dict[str, Any] | None  # the latest action: seat, action, kind and its details
    legal: list[str]


class Action(NamedTuple):
    """One decision.  ``kind`` is the verb; ``card`` the card played (plays only);
    ``value`` a bid, the suit a queen or jack lead names, or the face-down signal (1 valuable).
    """

    kind: str
    card: Card | None = None
    value: int = -1

    def __str__(self) -> str:
        kind = self.kind
        if kind == "play":
            assert self.card is not None
            if self.value < 0:
                return "play " + self.card.code
            return f"play {self.card.code} trump {SUITS[self.value]}"
        if kind == "facedown":
            assert self.card is not None
            return f"facedown {self.card.code} {'valuable' if self.value else 'not valuable'}"
        if kind == "bid":
            return f"bid {self.value}"
        return kind


# Actions without a card or number, by their text.
SIMPLE = {k: Action(k) for k in (
    "pass", "knock", "no knock", "knock back", "no knock back", "stop", "play on",
)}
PLAY_OF = {c: Action("play", c) for c in short_pack()}
NAMING = {
    c: [Action("play", c, s) for s in range(4)] for c in short_pack() if c.rank in (QUEEN, JACK)
}
FACEDOWN = {c: (Action("facedown", c, 1), Action("facedown", c, 0)) for c in short_pack()}
BIDS = [Action("bid", None, b) for b in range(MAX_BID + 1)]

# Trumps high to low (ruling 5): Q♣ 7 Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A 10 K 9 8, where the 7 and
# A..8 are of the trump suit (suit None below).  Plain suits: A 10 K 9 8 7.
_PLAIN_ORDER = (SEVEN, EIGHT, NINE, KING, TEN, ACE)  # low to high
_TOP_TRUMPS = ((QUEEN, 0), (SEVEN, None), (QUEEN, 3), (QUEEN, 2), (QUEEN, 1),
               (JACK, 0), (JACK, 3), (JACK, 2), (JACK, 1),
               (ACE, None), (TEN, None), (KING, None), (NINE, None), (EIGHT, None))


def _tables(trump: int) -> tuple[dict[Card, int], dict[Card, int]]:
    """Effective suit and strength of every card when ``trump`` is trump.

    Trumps have strength 100+ so that any trump beats any plain card.
    """
    eff: dict[Card, int] = {}
    strength: dict[Card, int] = {}
    for card in short_pack():
        if card.rank in (QUEEN, JACK) or card.suit == trump:
            eff[card] = TRUMP
        else:
            eff[card] = card.suit
            strength[card] = _PLAIN_ORDER.index(card.rank)
    for place, (rank, suit) in enumerate(_TOP_TRUMPS):
        strength[Card(rank, trump if suit is None else suit)] = 100 + len(_TOP_TRUMPS) - place
    return eff, strength


_TABLES = [_tables(t) for t in range(4)]  # by trump suit
_EFF = [t[0] for t in _TABLES]
_STRENGTH = [t[1] for t in _TABLES]


def is_trump(card: Card, trump: int) -> bool:
    return _EFF[trump][card] == TRUMP


def card_strength(card: Card, trump: int) -> int:
    """Rank of ``card`` with ``trump`` trump: higher wins; trumps are 101..114."""
    return _STRENGTH[trump][card]


def trump_tables(trump: int) -> tuple[dict[Card, int], dict[Card, int]]:
    """Every card's effective suit (``TRUMP`` for trumps) and strength, for fast lookups.

    The dictionaries are shared: callers must not change them.
    """
    return _TABLES[trump]


def trick_winner(plays: list[tuple[int, Card]], trump: int, facedown: bool = False) -> int:
    """The seat that wins a complete trick (ruling 6 and 8).

    A face-down lead cannot win: the followers contend alone.  If none of them plays a
    trump, the first follower's card sets the suit, as if it had been led (a choice: the
    texts are silent; see docs/rules/avinas.md).
    """
    eff = _EFF[trump]
    strength = _STRENGTH[trump]
    contenders = plays[1:] if facedown else plays
    led = eff[contenders[0][1]]
    best_seat, best = contenders[0][0], -1
    for seat, card in contenders:
        e = eff[card]
        if e in (TRUMP, led) and strength[card] > best:
            best_seat, best = seat, strength[card]
    return best_seat


def match_result(pips: list[int], rams: list[int], target: int) -> int | None:
    """Ruling 13: None while no side has ``target`` pips, else the winning side or DRAW."""
    if pips[0] < target and pips[1] < target:
        return None
    if pips[1] == 0:  # side 0 reached the target and side 1 has no pips
        return 1
    if pips[0] == 0:
        return 0
    if rams[0] != rams[1]:
        return 0 if rams[0] < rams[1] else 1
    if pips[0] != pips[1]:
        return 0 if pips[0] < pips[1] else 1
    return DRAW


def _bracket(points: int, split: int, values: tuple[int, ...]) -> int:
    """Pips by card points: ``split``+ (31 goes with the larger), some, none (ruling 12)."""
    if points >= split:
        return values[0]
    return values[1] if points > 0 else values[2]


class Avinas(Game[Action, AvinasOptions]):
    NAME = "avinas"
    TITLE = N_("Avinas")
    OPTIONS = AvinasOptions
    MUTABLE_LISTS = (
        "rams", "pips", "hand_records", "bids", "trick", "tricks", "points", "tricks_won",
    )
    MUTABLE_NESTED_LISTS = ("hands", "exposed")
    RESULT_WORDS = "penalty balance"  # pips and rams against the other side minus one's own

    def deal_result(self) -> list[float]:
        """Pips and rams written against the other side minus one's own, last hand."""
        return [float(hand_balance(self.hand_records[-1], s % 2)) for s in range(4)]

    def __init__(self, options: AvinasOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.values = options.card_points()
        self.rams = list(options.rams_before)
        self.pips = list(options.pips_before)
        self.hand_records: list[dict[str, Any]] = []
        self.result: int | None = None  # winning side, DRAW, or None while playing
        self.last: dict[str, Any] | None = None
        self._legal: list[Action] | None = None
        self.dealer = self.first_dealer(PLAYERS)
        self._deal(list(options.deck) if options.deck is not None else None)

    # --- dealing ---------------------------------------------------------------------
    def _deal(self, pack: list[Card] | None) -> None:
        pack = self.pack_for_deal(pack, short_pack)
        d = self.dealer
        order = [(d + 1 + i) % PLAYERS for i in range(PLAYERS)]  # dealer's left first
        dealt: list[list[Card]] = [[] for _ in range(PLAYERS)]
        top = 0
        for _packet in range(HAND_SIZE // PACKET):
            for seat in order:
                dealt[seat].extend(pack[top:top + PACKET])
                top += PACKET
        self.dealt = dealt
        self.hands = [sorted(h, key=hand_order) for h in dealt]
        self.specials = [(h[SPECIAL[0]], h[SPECIAL[1]]) for h in dealt]
        # Ruling 2: the dealer's opponents' special cards are shown to all; the dealer's
        # own side shows only its sevens.
        self.exposed: list[list[Card]] = [
            [c for c in self.specials[s] if s % 2 != d % 2 or c.rank == SEVEN]
            for s in range(PLAYERS)
        ]
        # Ruling 3: 4th cards before 8th cards, each round in dealing order.
        sevens = [(s, self.specials[s][i]) for i in (0, 1) for s in order
                  if self.specials[s][i].rank == SEVEN]
        self.sevens = len(sevens)
        self.bids: list[tuple[int, int]] = []  # (seat, bid or 0 for a pass)
        self.high_bid = 0
        self.knocked_by: int | None = None
        self.knocked_back_by: int | None = None
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[int, tuple[tuple[int, Card], ...], int, bool]] = []
        self.trick_number = 1
        self.facedown = False
        self.signal: int | None = None  # 1 valuable, 0 not, for the current hand's face-down lead
        self.signal_from: int | None = None
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        self.stopped = False
        self._legal = None
        if sevens:
            self.kind = SEVENS
            self.declarer: int | None = sevens[-1][0]
            self.trump: int | None = sevens[-1][1].suit
            self.phase = KNOCK
            self.player = sevens[-1][0]
        else:
            self.kind = NO_SEVENS
            self.declarer = None
            self.trump = None
            self.phase = BID
            self.player = order[0]

    # --- the interface ---------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return PLAYERS

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def deals_finished(self) -> int:
        """Hands finished so far, void (all-pass) hands included."""
        return len(self.hand_records)

    hands_played = deals_finished

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return self._plays()
        if phase == BID:
            return [SIMPLE["pass"], *BIDS[self.high_bid + 1:]]
        if phase == KNOCK:
            return [SIMPLE["knock"], SIMPLE["no knock"]]
        if phase == KNOCK_BACK:
            return [SIMPLE["knock back"], SIMPLE["no knock back"]]
        if phase == STOP:
            return [SIMPLE["play on"], SIMPLE["stop"]]
        return []

    def _plays(self) -> list[Action]:
        hand = self.hands[self.player]
        if self.trump is None:  # the declarer's first lead in a no-sevens game names trump
            out: list[Action] = []
            for c in hand:
                out.extend(NAMING[c] if c in NAMING else (PLAY_OF[c],))
            return out
        eff = _EFF[self.trump]
        if self.trick:
            led = TRUMP if self.facedown else eff[self.trick[0][1]]
            follow = [PLAY_OF[c] for c in hand if eff[c] == led]
            return follow or [PLAY_OF[c] for c in hand]
        if self.trick_number <= 2:  # trick 1 must, trick 2 must if able, lead a trump
            trumps = [PLAY_OF[c] for c in hand if eff[c] == TRUMP]
            if trumps or self.trick_number == 1:
                return trumps
            return [PLAY_OF[c] for c in hand] + [a for c in hand for a in FACEDOWN[c]]
        return [PLAY_OF[c] for c in hand]

    def illegal_reason(self, action: Action) -> str | None:
        if self._legal is None:
            self._legal = self._compute_legal()
        if action in self._legal:
            return None
        return self._explain(action)

    def _explain(self, action: Action) -> str:
        """Why an action that is not among the legal ones is refused (the slow path)."""
        me, phase, kind = self.player, self.phase, action.kind
        if phase == BID:
            if kind != "bid":
                # Translators: "pass" and "bid" here are the moves as typed (not translated).
                return _("seat {seat} is bidding: pass or bid a number").format(seat=me)
            if not 1 <= action.value <= MAX_BID:
                return _("a bid is a number from 1 to {most}").format(most=MAX_BID)
            return _("a bid must be higher than {bid}").format(bid=self.high_bid)
        if phase == KNOCK:
            # Translators: the moves named are as typed (not translated).
            return _("seat {seat} decides now: knock or no knock").format(seat=me)
        if phase == KNOCK_BACK:
            return _("seat {seat} decides now: knock back or no knock back").format(seat=me)
        if phase == STOP:
            return _("the declarer (seat {seat}) decides now: stop or play on").format(seat=me)
        if kind not in ("play", "facedown") or action.card is None:
            return _("seat {seat} is to play a card").format(seat=me)
        card = action.card
        if card not in self.hands[me]:
            # Translators: {card} is a card's code as typed (10H).
            return _("{card} is not in seat {seat}'s hand").format(card=card.code, seat=me)
        if kind == "facedown":
            if self.trick or self.trick_number != 2:
                return _("only the lead to trick 2 may be face down")
            return _("you hold a trump and must lead one")
        if self.trump is None:
            if card.rank in (QUEEN, JACK):
                # Translators: "play {card} trump H" is the move as typed (not translated).
                return _("leading a queen or jack, name the trump suit (play {card} trump "
                         "H)").format(card=card.code)
            return _("a plain card names its own suit as trump")
        if action.value >= 0:
            return _("only the declarer's first lead in a no-sevens game names trump")
        if not self.trick:
            if self.trick_number == 1:
                return _("the first lead must be a trump")
            return _("you hold a trump and must lead one")
        led = TRUMP if self.facedown else _EFF[self.trump][self.trick[0][1]]
        if led == TRUMP:
            return _("you must follow suit (trump)")
        # Translators: {suit} is a suit's name in the plural ("hearts").
        return _("you must follow suit ({suit})").format(suit=suit_name(led))

    # The search's playouts set this False: nobody reads their narration (``last``).
    narrate = True

    def _apply(self, action: Action) -> None:
        me = self.player
        self._legal = None
        self.last = ({"seat": me, "action": str(action), "kind": action.kind}
                     if self.narrate else None)
        kind = action.kind
        if kind == "play" or kind == "facedown":
            self._play(me, action)
        elif self.phase == BID:
            self._bid(me, action.value if kind == "bid" else 0)
        elif self.phase in (KNOCK, KNOCK_BACK):
            self._knock(me, kind)
        elif kind == "play on":
            self.phase, self.player = PLAY, self.tricks[-1][2]
        else:  # stop
            self.stopped = True
            self._end_hand()

    def _note(self, key: str, value: Any) -> None:
        """Add a detail to ``last``, the narration of the action being applied."""
        if self.last is not None:
            self.last[key] = value

    @property
    def _declarer(self) -> int:
        """The declarer, once there is one (every caller runs after the bidding)."""
        if self.declarer is None:
            raise AssertionError("no declarer yet")
        return self.declarer

    def _knock(self, me: int, kind: str) -> None:
        """Ruling 9: declarer, then partner, may knock; then the defenders, in turn from the
        declarer's left, may knock back."""
        first = self._declarer if self.phase == KNOCK else (self._declarer + 1) % PLAYERS
        if kind == "knock":
            self.knocked_by = me
            self.phase, self.player = KNOCK_BACK, (self._declarer + 1) % PLAYERS
        elif kind == "knock back":
            self.knocked_back_by = me
            self.phase, self.player = PLAY, self._declarer
        elif me == first:  # a "no": the partner may still speak for the side
            self.player = (me + 2) % PLAYERS
        else:
            self.phase, self.player = PLAY, self._declarer

    def _bid(self, me: int, bid: int) -> None:
        self.bids.append((me, bid))
        if bid:
            self.high_bid = bid
            self.declarer = me
        if len(self.bids) < PLAYERS:
            self.player = (me + 1) % PLAYERS
        elif self.declarer is None:  # everybody passed: the hand is void (ruling 4)
            self._note("void", True)
            self._record({"kind": VOID, "bids": self._bid_list()})
            self._next_hand()
        else:
            self.phase, self.player = PLAY, self.declarer

    def _play(self, me: int, action: Action) -> None:
        card = action.card
        assert card is not None
        self.hands[me].remove(card)
        # Ruling 2 and 8: an exposed card stays listed until it is seen played, so a
        # face-down lead keeps it there until the trick is turned up.
        if card in self.exposed[me] and action.kind != "facedown":
            self.exposed[me].remove(card)
        if self.trump is None:  # the first lead names trump (ruling 7)
            self.trump = action.value if action.value >= 0 else card.suit
            self._note("trump", SUITS[self.trump])
        if action.kind == "facedown":
            self.facedown = True
            self.signal, self.signal_from = action.value, me
            self._note("card", None)
        else:
            self._note("card", card.code)
        self.trick.append((me, card))
        if len(self.trick) < PLAYERS:
            self.player = (me + 1) % PLAYERS
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        trump = self.trump
        assert trump is not None
        plays = self.trick
        if self.facedown:  # turned up: an exposed card led face down is now seen played
            leader, down = plays[0]
            if down in self.exposed[leader]:
                self.exposed[leader].remove(down)
        winner = trick_winner(plays, trump, self.facedown)
        points = sum(self.values[c] for _, c in plays)
        side = winner % 2
        self.points[side] += points
        self.tricks_won[side] += 1
        self.tricks.append((plays[0][0], tuple(plays), winner, self.facedown))
        self._note("trick", {
            "number": self.trick_number,
            "cards": [c.code for _, c in plays],
            "leader": plays[0][0],
            "winner": winner,
            "points": points,
            "facedown": self.facedown,
        })
        self.trick = []
        self.facedown = False
        if self.trick_number == TRICKS:
            self._end_hand()
            return
        self.trick_number += 1
        if self.kind == NO_SEVENS:  # ruling 10: the declarer may stop before this trick
            self.phase, self.player = STOP, self._declarer
        else:
            self.player = winner

    # --- scoring ---------------------------------------------------------------------
    def _end_hand(self) -> None:
        declarer = self._declarer
        trump = self.trump
        assert trump is not None
        ours, theirs = declarer % 2, 1 - declarer % 2
        opts = self.options
        record: dict[str, Any] = {
            "kind": self.kind,
            "declarer": declarer,
            "trump": SUITS[trump],
            "tricks": list(self.tricks_won),
            "points": list(self.points),
        }
        pips_added = [0, 0]
        if self.kind == SEVENS:
            if self.knocked_by is not None:
                won = self.tricks_won[ours] == TRICKS
            else:
                won = self.points[ours] >= opts.win_points
            if self.knocked_back_by is not None:
                table = opts.rams_knock_back
            elif self.knocked_by is not None:
                table = opts.rams_knock
            else:
                table = opts.rams_plain
            gets = theirs if won else ours
            amount = (table[0] if won else table[1]) * self.sevens
            cancelled = min(amount, self.rams[1 - gets])
            self.rams[1 - gets] -= cancelled
            self.rams[gets] += amount - cancelled
            record.update(
                sevens=self.sevens, knock=self.knocked_by, knock_back=self.knocked_back_by,
                declarer_won=won,
                rams={"side": gets, "scored": amount, "cancelled": cancelled,
                      "written": amount - cancelled},
            )
        else:
            held = sum(1 for c in self.dealt[declarer] if is_trump(c, trump))
            overbid = held < self.high_bid
            won = not overbid and self.points[ours] >= opts.win_points
            if won:
                pips_added[theirs] = _bracket(self.points[theirs], opts.pip_split,
                                              opts.opponents_pips)
            else:
                pips_added[ours] = _bracket(self.points[ours], opts.pip_split,
                                            opts.declarer_pips)
            self.pips[0] += pips_added[0]
            self.pips[1] += pips_added[1]
            record.update(
                bids=self._bid_list(), bid=self.high_bid, declarer_trumps=held,
                overbid=overbid, stopped_after=len(self.tricks) if self.stopped else None,
                declarer_won=won,
            )
        record["pips"] = pips_added
        self._record(record)
        self._note("hand_over", self.hand_records[-1])
        self.result = match_result(self.pips, self.rams, opts.pip_target)
        if self.result is None:
            self._next_hand()
        else:
            self.phase = OVER

    def _bid_list(self) -> list[dict[str, int | None]]:
        return [{"seat": s, "bid": b or None} for s, b in self.bids]

    def _record(self, record: dict[str, Any]) -> None:
        record = {"hand": len(self.hand_records) + 1, "dealer": self.dealer, **record,
                  "rams_total": list(self.rams), "pips_total": list(self.pips)}
        self.hand_records.append(record)

    def _next_hand(self) -> None:
        if not self.deal_next_hand:
            return
        self.dealer = (self.dealer + 1) % PLAYERS  # the deal passes to the left
        self._deal(None)
        self._note("new_hand", len(self.hand_records) + 1)

    # --- scores ----------------------------------------------------------------------
    @property
    def scores(self) -> list[int]:
        """Minus the seat's side's pips: pips are penalties, so higher is better."""
        return [-self.pips[s % 2] for s in range(PLAYERS)]

    @property
    def round_scores(self) -> list[int]:
        """Card points the seat's side has taken in the current (or last) hand."""
        return [self.points[s % 2] for s in range(PLAYERS)]

    @property
    def winners(self) -> list[int]:
        if self.result is None or self.result == DRAW:
            return []
        return [s for s in range(PLAYERS) if s % 2 == self.result]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        words = text.split() if isinstance(text, str) else []
        joined = " ".join(words)
        if joined in SIMPLE:
            return SIMPLE[joined]
        try:
            bid = read_digits(words[1], 2) if len(words) == 2 and words[0] == "bid" else None
            if bid is not None:
                return Action("bid", None, bid)
            if len(words) == 2 and words[0] == "play":
                return Action("play", parse_card(words[1]))
            if len(words) == 4 and words[0] == "play" and words[2] == "trump":
                suit = words[3].upper()
                if len(suit) == 1 and suit in SUITS:
                    return Action("play", parse_card(words[1]), SUITS.index(suit))
            if words[:1] == ["facedown"] and words[2:] in (["valuable"], ["not", "valuable"]):
                return Action("facedown", parse_card(words[1]), 1 if len(words) == 3 else 0)
        except CardError as exc:
            raise IllegalActionError(_("not an Avinas action: {text} ({reason})").format(
                text=repr(text), reason=exc)) from exc
        # Translators: the quoted moves are typed as they are (not translated).
        raise IllegalActionError(_(
            "not an Avinas action: {text} (expected e.g. 'pass', 'bid 5', 'knock', "
            "'no knock', 'knock back', 'no knock back', 'play 10H', 'play QC trump H', "
            "'facedown 9H valuable', 'stop' or 'play on')").format(text=repr(text)))

    # --- views -----------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        return {
            "game": self.NAME,
            "players": PLAYERS,
            "hand_number": len(self.hand_records) + (0 if self.is_over else 1),
            "dealer": self.dealer,
            "kind": self.kind,
            "phase": self.phase,
            "current_player": self.current_player,
            "declarer": self.declarer,
            "trump": None if self.trump is None else SUITS[self.trump],
            "sevens": self.sevens,
            "exposed": [
                {"seat": s, "card": c.code} for s in range(PLAYERS) for c in self.exposed[s]
            ],
            "bids": self._bid_list(),
            "high_bid": self.high_bid,
            "knock": self.knocked_by,
            "knock_back": self.knocked_back_by,
            "trick_number": self.trick_number,
            "tricks": [
                {"number": i + 1, "leader": leader, "winner": winner, "facedown": down,
                 "cards": [{"seat": s, "card": c.code} for s, c in plays]}
                for i, (leader, plays, winner, down) in enumerate(self.tricks)
            ],
            "hand_counts": [len(h) for h in self.hands],
            "points": list(self.points),
            "tricks_won": list(self.tricks_won),
            "rams": list(self.rams),
            "pips": list(self.pips),
            "pip_target": self.options.pip_target,
            "win_points": self.options.win_points,  # the summary explains the scores by them
            "pip_split": self.options.pip_split,
            "hand_history": [dict(r) for r in self.hand_records],
            "scores": self.scores,
            "is_over": self.is_over,
            "draw": self.result == DRAW,
            "winners": self.winners,
            "moves": len(self.history),
            "deals_finished": self.deals_finished,
        }

    def observation(self, seat: int) -> AvinasObservation:
        seat = self.check_seat(seat)
        obs = self._public()
        obs["seat"] = seat
        obs["hand"] = [c.code for c in self.hands[seat]]
        down_seat = self.trick[0][0] if self.facedown else None
        obs["trick"] = [
            {"seat": s, "card": None if s == down_seat and s != seat else c.code,
             "facedown": s == down_seat}
            for s, c in self.trick
        ]
        # The dealer looked at his partner's special cards (ruling 2): he knows them.
        # A card he saw that is led face down stays in that list until the trick is turned.
        partner = (seat + 2) % PLAYERS
        down_card = self.trick[0][1] if self.facedown and down_seat == partner else None
        obs["dealer_saw"] = [
            {"seat": partner, "card": c.code} for c in self.specials[partner]
            if seat == self.dealer and (c in self.hands[partner] or c == down_card)
            and c not in self.exposed[partner]
        ]
        if self.signal_from is None:
            obs["signal"] = None
        else:  # only the partner reads the signal (ruling 8); its giver knows it too
            sees = seat % 2 == self.signal_from % 2
            obs["signal"] = {"seat": self.signal_from,
                             "valuable": bool(self.signal) if sees else None}
        obs["last"] = self._last_for(seat)
        obs["legal"] = [str(a) for a in self.legal_actions()] if seat == self.current_player else []
        return cast(AvinasObservation, obs)

    def _last_for(self, seat: int) -> dict[str, Any] | None:
        last = self.last
        if last is None:
            return None
        last = dict(last)
        if last["kind"] == "facedown" and seat != last["seat"]:
            # The card stays hidden until the trick is complete; the signal is the partner's.
            last["action"] = "facedown"
            if seat % 2 == last["seat"] % 2:
                last["signal"] = "valuable" if self.signal else "not valuable"
        return last

    def full_state(self) -> dict[str, Any]:
        state = self._public()
        state["hands"] = [[c.code for c in h] for h in self.hands]
        state["dealt"] = [[c.code for c in h] for h in self.dealt]
        state["trick"] = [{"seat": s, "card": c.code} for s, c in self.trick]
        state["facedown"] = self.facedown
        state["signal"] = self.signal
        state["signal_from"] = self.signal_from
        state["stopped"] = self.stopped
        state["player"] = self.player
        state["last"] = self.last
        state["history"] = list(self.history)
        return state


def hand_order(card: Card) -> tuple[int, int]:
    """The order a hand is kept in (and shown): by suit, then rank."""
    return card.suit, card.rank


def scripted_deck(dealer: int, hands: dict[int, list[Card] | str]) -> list[Card]:
    """A pack (top first) that deals exactly these hands, for tests and puzzles.

    ``hands`` maps seats to up to eight cards (or their text) in the order dealt: the
    first four come in the first round, so the 4th and 8th are the special cards.  Cards
    not named fill the rest in pack order, never putting a seven in a special place.
    """
    rows = {s: list(_cards(hands.get(s, []))) for s in range(PLAYERS)}
    named = [c for row in rows.values() for c in row]
    if len(set(named)) != len(named) or any(len(r) > HAND_SIZE for r in rows.values()):
        raise ValueError("each card at most once, at most eight per hand")
    spare = [c for c in short_pack() if c not in named]
    for s in range(PLAYERS):
        row = rows[s]
        while len(row) < HAND_SIZE:
            special = len(row) in SPECIAL
            pick = next((c for c in spare if not (special and c.rank == SEVEN)), spare[0])
            spare.remove(pick)
            row.append(pick)
    order = [(dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]
    pack: list[Card] = []
    for start in range(0, HAND_SIZE, PACKET):
        for seat in order:
            pack.extend(rows[seat][start:start + PACKET])
    return pack


def _cards(given: list[Card] | str) -> list[Card]:
    if isinstance(given, str):
        given = given.replace(",", " ").split()  # type: ignore[assignment]
    return [c if isinstance(c, Card) else parse_card(c) for c in given]


def hand_balance(record: dict[str, Any], side: int) -> int:
    """Penalties a finished hand wrote against the other side minus those against ``side``.

    Pips and rams count one each, rams as scored (before cancelling, which is the same
    difference).  A void hand's balance is 0.  The arena's per-hand measure, and the hard
    opponent's objective in its playouts.
    """
    against = list(record.get("pips", (0, 0)))
    rams = record.get("rams")
    if rams:
        against[rams["side"]] += rams["scored"]
    return int(against[1 - side] - against[side])


class HiddenLayout(NamedTuple):
    """Where the cards a seat cannot see may lie, by everything it has seen."""

    known: list[list[Card]]  # each seat's cards still held whose place is known
    played_by: list[list[Card]]  # each seat's cards played this hand (the trick's included)
    unseen: list[Card]  # the cards to deal to the other seats
    need: list[int]  # how many of them each seat holds (a face-down lead's card counted)
    voids: list[set[int]]  # the effective suits each seat has shown it lacks
    bids: dict[int, int]  # seat -> its bid, for the bidders
    tricks: list[tuple[int, tuple[tuple[int, Card], ...], int, bool]]
    shown: list[tuple[int, Card | None]]  # the trick in progress (None: face down)
    facedown: bool
    trump: int | None

    def fits_bids(self, seat: int, held: list[Card]) -> bool:
        """Whether ``held`` (the seat's cards still in hand) could have made its bid."""
        bid = self.bids.get(seat)
        return bid is None or best_trump_suit(held + self.played_by[seat])[0] >= bid


def hidden_layout(obs: AvinasObservation) -> HiddenLayout:
    """The constraints on the hidden cards (see ``world_from_observation``)."""
    seat: int = obs["seat"]
    trump = None if obs["trump"] is None else SUITS.index(obs["trump"])
    known: list[list[Card]] = [[] for _ in range(PLAYERS)]
    known[seat] = [parse_card(c) for c in obs["hand"]]
    for item in (*obs["exposed"], *obs["dealer_saw"]):
        if item["seat"] != seat:
            known[item["seat"]].append(parse_card(item["card"]))
    tricks = [
        (t["leader"], tuple((p["seat"], parse_card(p["card"])) for p in t["cards"]),
         t["winner"], bool(t["facedown"]))
        for t in obs["tricks"]
    ]
    shown = [(p["seat"], None if p["card"] is None else parse_card(p["card"]))
             for p in obs["trick"]]
    facedown = bool(obs["trick"]) and bool(obs["trick"][0]["facedown"])
    played_by: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for _number, plays, _winner, _down in tricks:
        for s, c in plays:
            played_by[s].append(c)
    for s, maybe in shown:
        if maybe is not None:
            played_by[s].append(maybe)
    hidden_leader = shown[0][0] if shown and shown[0][1] is None else None
    need = [n - len(known[s]) for s, n in enumerate(obs["hand_counts"])]
    need[seat] = 0
    if hidden_leader is not None:
        need[hidden_leader] += 1  # the face-down card is his, on the table
    voids = shown_voids(tricks, shown, facedown, trump)
    placed = {c for row in known for c in row} | {c for row in played_by for c in row}
    unseen = [c for c in short_pack() if c not in placed]
    bids = {b["seat"]: b["bid"] for b in obs["bids"] if b["bid"]}
    return HiddenLayout(known, played_by, unseen, need, voids, bids, tricks, shown, facedown,
                        trump)


def deal_extra(layout: HiddenLayout, rng: random.Random) -> list[list[Card]]:
    """The unseen cards dealt to the other seats at random, within the voids; deals where a
    bidder could not have made his bid are redrawn a few times (bids are honoured softly)."""
    extra: list[list[Card]] = []
    for _attempt in range(12):
        extra = _deal_unseen(layout.unseen, layout.need, layout.voids, layout.trump, rng)
        if all(layout.fits_bids(s, layout.known[s] + extra[s]) for s in layout.bids):
            break
    return extra


def world_from_observation(obs: AvinasObservation, rng: random.Random,
                           extra: list[list[Card]] | None = None,
                           layout: HiddenLayout | None = None) -> Avinas:
    """A full state consistent with ``obs``: the unseen cards dealt at random, or as
    ``extra`` gives them (each seat's unseen cards, as ``_deal_unseen`` deals them).

    For the opponents' search (determinization).  Known cards stay where they are: the
    seat's hand, the exposed special cards, the dealer's sight of his partner's specials and
    every card played.  The rest go to the other hands by their sizes, never giving a player
    a suit he has shown void in (failing to follow, or leading trick 2 without a trump).
    Bids are honoured softly: deals where a bidder holds fewer trumps in every suit than he
    bid are redrawn a few times.  A hidden face-down card is one of its leader's cards,
    chosen to match the signal when the partner's side has read it.  ``layout`` is
    ``hidden_layout(obs)`` when the caller already has it (a search builds many worlds).
    """
    seat: int = obs["seat"]
    layout = layout or hidden_layout(obs)
    known, played_by, trump = layout.known, [list(p) for p in layout.played_by], layout.trump
    tricks, shown, facedown = layout.tricks, layout.shown, layout.facedown
    hidden_leader = shown[0][0] if shown and shown[0][1] is None else None
    if extra is None:
        extra = deal_extra(layout, rng)
    hands = [known[s] + extra[s] for s in range(PLAYERS)]
    trick = list(shown)
    if hidden_leader is not None:
        own = hands[hidden_leader]
        signal = obs["signal"]["valuable"] if obs["signal"] else None
        values = AvinasOptions().card_points()
        if signal is None:
            down = own[rng.randrange(len(own))]
        else:  # our own side's signal: the most (or least) valuable card fits it best
            down = (max if signal else min)(own, key=lambda c: values[c])
        own.remove(down)
        trick[0] = (hidden_leader, down)
        played_by[hidden_leader].append(down)

    options = AvinasOptions(dealer=obs["dealer"], pip_target=obs["pip_target"])
    world = Avinas.__new__(Avinas)
    Game.__init__(world, options, rng.randrange(2**63))  # later hands shuffle from here
    world.values = options.card_points()
    world.rams = list(obs["rams"])
    world.pips = list(obs["pips"])
    world.hand_records = [dict(r) for r in obs["hand_history"]]
    world.result = None
    world.last = None
    world._legal = None
    world.dealer = obs["dealer"]
    world.hands = [sorted(h, key=hand_order) for h in hands]
    world.dealt = [world.hands[s] + played_by[s] for s in range(PLAYERS)]
    world.exposed = [[] for _ in range(PLAYERS)]
    for item in obs["exposed"]:
        world.exposed[item["seat"]].append(parse_card(item["card"]))
    # Special cards matter only for what the dealer saw: the known ones, padded with
    # cards already played (a special card no longer listed has been played).
    world.specials = []
    for s in range(PLAYERS):
        specials = list(known[s]) if s != seat else list(world.exposed[s])
        pad = [c for c in played_by[s] + world.hands[s] if c not in specials]
        row = (specials + pad)[:2]
        world.specials.append((row[0], row[1]))
    world.sevens = obs["sevens"]
    world.bids = [(b["seat"], b["bid"] or 0) for b in obs["bids"]]
    world.high_bid = obs["high_bid"]
    world.knocked_by = obs["knock"]
    world.knocked_back_by = obs["knock_back"]
    world.trick = [(s, c) for s, c in trick if c is not None]
    world.tricks = list(tricks)  # its own list: a layout may serve many worlds
    world.trick_number = obs["trick_number"]
    world.facedown = facedown
    world.signal, world.signal_from = None, None
    if obs["signal"] is not None:
        world.signal_from = obs["signal"]["seat"]
        world.signal = 1 if obs["signal"]["valuable"] else 0
    world.points = list(obs["points"])
    world.tricks_won = list(obs["tricks_won"])
    world.stopped = False
    world.kind = obs["kind"]
    world.declarer = obs["declarer"]
    world.trump = trump
    world.phase = obs["phase"]
    world.player = seat if obs["current_player"] is None else obs["current_player"]
    return world


def shown_voids(
    tricks: list[tuple[int, tuple[tuple[int, Card], ...], int, bool]],
    current: list[tuple[int, Card | None]],
    facedown: bool,
    trump: int | None,
) -> list[set[int]]:
    """The effective suits each seat has shown it no longer holds."""
    voids: list[set[int]] = [set() for _ in range(PLAYERS)]
    if trump is None:
        return voids
    eff = _EFF[trump]
    rows: list[tuple[int, list[tuple[int, Card | None]], bool]] = [
        (i + 1, list(plays), down) for i, (_, plays, _, down) in enumerate(tricks)
    ]
    rows.append((len(tricks) + 1, current, facedown))
    for number, plays, down in rows:
        if not plays:
            continue
        leader, lead = plays[0]
        if number == 2 and (down or (lead is not None and eff[lead] != TRUMP)):
            voids[leader].add(TRUMP)  # trick 2 must be led with a trump if able
        led = TRUMP if down else eff[lead] if lead is not None else TRUMP
        for s, c in plays[1:]:
            if c is not None and eff[c] != led:
                voids[s].add(led)
    return voids


def _deal_unseen(
    unseen: list[Card], need: list[int], voids: list[set[int]], trump: int | None,
    rng: random.Random,
) -> list[list[Card]]:
    """Deal ``unseen`` to the seats by ``need``, respecting ``voids``; random otherwise.

    The most constrained cards go first, each to a seat drawn in proportion to the room it
    has left.  A dead end starts again; if that keeps failing (an observation the voids
    cannot explain), the voids are dropped rather than fail.
    """
    eff = _EFF[trump] if trump is not None else None
    for attempt in range(40):
        strict = attempt < 39
        cards = list(unseen)
        rng.shuffle(cards)
        allowed = {
            c: [s for s in range(PLAYERS)
                if need[s] > 0 and not (strict and eff is not None and eff[c] in voids[s])]
            for c in cards
        }
        cards.sort(key=lambda c: len(allowed[c]))  # stable: random within a class
        left = list(need)
        out: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for card in cards:
            room = [s for s in allowed[card] if left[s] > 0]
            if not room:
                break
            pick = rng.randrange(sum(left[s] for s in room))
            for s in room:
                pick -= left[s]
                if pick < 0:
                    break
            out[s].append(card)
            left[s] -= 1
        else:
            return out
    raise ValueError("the unseen cards do not fit the hand sizes")


def best_trump_suit(cards: list[Card]) -> tuple[int, int]:
    """(count, suit): the most trumps ``cards`` would hold in one suit (all queens and jacks
    count), and that suit (the strongest trumps on a tie)."""
    best = (-1, 0, 0)
    for suit in range(4):
        strength = _STRENGTH[suit]
        held = [c for c in cards if _EFF[suit][c] == TRUMP]
        key = (len(held), sum(strength[c] for c in held), suit)
        best = max(best, key)
    return best[0], best[2]


GAME = Avinas
