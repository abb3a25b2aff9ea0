"""Abyssinia: open-hand stud poker with bought cards (seeds/003_56195b6e0e424577.txt).

Each deal: every player with at least 41 chips antes 1; two market cards lie face up beside
the pack.  Five purchase rounds (each player buys the left or right market card, or the top
of the pack blind, at a price set by its rank), each followed by a fixed-limit betting
round.  The last player standing takes the pot at once; otherwise the pot is split between
the best high and the best ace-to-five low hand.  Seats, turns and the button go clockwise
(RULINGS.md, Abyssinia).  See docs/rules/abyssinia.md for the decisions taken here.

Bet sizes (ruling 5): a bet is 1 and a raise adds 1 to the outstanding amount, at most three
raises a round, so the outstanding amount of a round is 0 to 4.  Facing an outstanding
amount k after having put p in this round, a call costs k - p and a raise costs k + 1 - p.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any, NamedTuple, TypedDict, cast

from .base import Game, IllegalActionError, OptionError
from .cards import ACE, FIVE, Card, full_pack, parse_card
from .i18n import N_, _, ngettext
from .poker_hands import high_key, high_name, low_key, low_name

MIN_PLAYERS, MAX_PLAYERS = 2, 8
ENTRY = 41  # ante + five purchases at 4 + five betting rounds capped at 4 (the text's sum)
ANTE = 1
BET = 1  # the fixed bet, and the size of every raise
MAX_RAISES = 3
ROUNDS = 5
MAX_CHIPS = 1_000_000

# Seat states within a deal.
ACTIVE, FOLDED, OUT = "active", "folded", "sitting out"
# Phases.
BUY, BETTING, OVER = "buy", "bet", "over"


def price(card: Card) -> int:
    """What a card costs: 2-5 cost 2, 6-K cost 1, an ace costs 4."""
    rank = card[0]
    if rank == ACE:
        return 4
    return 2 if rank <= FIVE else 1


@dataclasses.dataclass(frozen=True)
class AbyssiniaOptions:
    """Rules as data.  ``chips`` is every player's starting stack."""

    players: int = 4
    chips: int = 100
    dealer: int | None = None  # first dealer; None: chosen by the seed
    deck: tuple[Card, ...] | None = None  # scripts the first deal's pack, top card first

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            # Translators: "players" is the option's name, as a link writes it.
            raise OptionError(_("players must be from {least} to {most}").format(
                least=MIN_PLAYERS, most=MAX_PLAYERS))
        if not ENTRY <= self.chips <= MAX_CHIPS:
            # Below the entry stake nobody could play even the first deal.
            # Translators: "chips" is the option's name, as a link writes it.
            raise OptionError(_("chips must be from {least} to {most}").format(
                least=ENTRY, most=MAX_CHIPS))
        if self.dealer is not None and not 0 <= self.dealer < self.players:
            raise OptionError(_("dealer must be a seat from 0 to {last}").format(
                last=self.players - 1))
        if self.deck is not None and sorted(self.deck) != sorted(full_pack()):
            raise OptionError(_("deck must hold each of the 52 cards exactly once"))


class MarketCard(TypedDict):
    side: str  # "left" or "right"
    card: str
    price: int


class AbyssiniaObservation(TypedDict):
    """What ``observation(seat)`` returns: an open game, so everything but the pack."""

    game: str
    players: int
    entry: int
    dealer: int
    current_player: int | None
    phase: str
    round: int | None
    phase_text: str
    chips: list[int]
    status: list[str]
    hands: list[list[str]]
    market: list[MarketCard]
    pack: int
    pot: int
    outstanding: int
    raises: int
    max_raises: int
    put: list[int]
    to_act: list[int]
    paid: list[int]
    scores: list[int]
    round_scores: list[int]
    deals: list[dict[str, Any]]  # one record per finished deal (see ``_end_deal``)
    last_deal: dict[str, Any] | None
    deals_played: int
    last: dict[str, Any] | None  # the latest action: seat, action and its details
    is_over: bool
    winners: list[int]
    moves: int
    deals_finished: int
    seat: int
    to_call: int
    legal: list[str]


class Move(NamedTuple):
    """An action: ``buy`` with a source (left, right, blind), or a betting word."""

    verb: str
    source: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.source}" if self.source else self.verb


BUY_LEFT, BUY_RIGHT, BUY_BLIND = Move("buy", "left"), Move("buy", "right"), Move("buy", "blind")
CHECK, BET_1, CALL = Move("check"), Move("bet"), Move("call")
RAISE, FOLD = Move("raise"), Move("fold")
_BY_TEXT = {str(m): m for m in (BUY_LEFT, BUY_RIGHT, BUY_BLIND, CHECK, BET_1, CALL, RAISE, FOLD)}
# The legal lists, in their stable order.
_BUYING = (BUY_LEFT, BUY_RIGHT, BUY_BLIND)
_OPENING = (CHECK, BET_1)
_FACING = (CALL, RAISE, FOLD)
_FACING_CAPPED = (CALL, FOLD)


def _ordered_from(first: int, seats: list[int], n: int) -> list[int]:
    """``seats`` in clockwise order, starting from seat ``first`` if it is among them."""
    return sorted(seats, key=lambda s: (s - first) % n)


def share(amount: int, winners: list[int], dealer: int, n: int) -> dict[int, int]:
    """Split ``amount`` equally among ``winners``; chips that do not divide go one each to
    the winners in clockwise order from the dealer's left (ruling 7)."""
    ordered = _ordered_from(dealer + 1, winners, n)
    each, odd = divmod(amount, len(ordered))
    return {seat: each + (1 if i < odd else 0) for i, seat in enumerate(ordered)}


def split_pot(
    pot: int, high_winners: list[int], low_winners: list[int], dealer: int, n: int
) -> tuple[list[int], list[int]]:
    """Each seat's high share and low share; the high half takes the odd chip (ruling 7)."""
    low_half = pot // 2
    high = [0] * n
    low = [0] * n
    for seat, chips in share(pot - low_half, high_winners, dealer, n).items():
        high[seat] = chips
    for seat, chips in share(low_half, low_winners, dealer, n).items():
        low[seat] = chips
    return high, low


class Abyssinia(Game[Move, AbyssiniaOptions]):
    NAME = "abyssinia"
    TITLE = N_("Abyssinia")
    OPTIONS = AbyssiniaOptions
    MUTABLE_LISTS = (
        "chips", "deals", "status", "pack", "purchases", "bets", "market", "put", "owe", "pending",
    )
    MUTABLE_NESTED_LISTS = ("hands",)
    RESULT_WORDS = "net chips"

    def deal_result(self) -> list[float]:
        """Net chips won or lost in the last deal."""
        return [float(x) for x in self.deals[-1]["net"]]

    def __init__(self, options: AbyssiniaOptions, seed: int) -> None:
        super().__init__(options, seed)
        n = self.n = options.players
        self.chips = [options.chips] * n
        self.deals: list[dict[str, Any]] = []  # one summary per finished deal
        self.over = False
        self.last: dict[str, Any] | None = None
        self.dealer = self.first_dealer(n)
        self._start_deal(list(options.deck) if options.deck is not None else None, first=True)

    # --- the deal ----------------------------------------------------------------------
    def _start_deal(self, pack: list[Card] | None, first: bool = False) -> None:
        n = self.n
        entering = [s for s in range(n) if self.chips[s] >= ENTRY]
        self.player: int | None = None
        if len(entering) < 2:
            self.over = True
            self.phase = OVER
            return
        if not first:  # the button moves clockwise to the next player in this deal
            self.dealer = _ordered_from(self.dealer + 1, entering, n)[0]
        self.order = _ordered_from(self.dealer + 1, entering, n)  # turn order this deal
        self.status = [ACTIVE if s in entering else OUT for s in range(n)]
        # The top of the pack at the end, so drawing pops.
        self.pack = self.pack_for_deal(pack, full_pack)[::-1]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.antes = [ANTE if s in entering else 0 for s in range(n)]
        self.purchases = [0] * n
        self.bets = [0] * n
        for seat in entering:
            self.chips[seat] -= ANTE
        self.pot = ANTE * len(entering)
        self.market = [self.pack.pop(), self.pack.pop()]  # left, then right
        self.round = 1
        self._start_buying()

    def _start_buying(self) -> None:
        self.phase = BUY
        self.outstanding = 0
        self.raises = 0
        self.put = [0] * self.n
        self.owe = [False] * self.n
        # Seats still to buy this round, the next one last (popped).
        self.pending = [s for s in reversed(self.order) if self.status[s] == ACTIVE]
        self.player = self.pending.pop()

    def _start_betting(self) -> None:
        self.phase = BETTING
        self.outstanding = 0
        self.raises = 0
        self.put = [0] * self.n
        status = self.status
        self.owe = [s == ACTIVE for s in status]
        self.player = next(s for s in self.order if status[s] == ACTIVE)

    def _next_to_bet(self, seat: int) -> int | None:
        """The next seat clockwise after ``seat`` that still has to act, if any."""
        n, owe = self.n, self.owe
        for step in range(1, n):
            s = (seat + step) % n
            if owe[s]:
                return s
        return None

    # --- the interface -----------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def deals_finished(self) -> int:
        return len(self.deals)

    deals_played = deals_finished

    def _legal(self) -> tuple[Move, ...]:
        if self.over:
            return ()
        if self.phase == BUY:
            return _BUYING
        if self.outstanding == 0:
            return _OPENING
        return _FACING if self.raises < MAX_RAISES else _FACING_CAPPED

    def legal_actions(self) -> list[Move]:
        return list(self._legal())

    def illegal_reason(self, action: Move) -> str | None:
        if action in self._legal():
            return None
        if action not in _BY_TEXT.values():
            return _("not an Abyssinia action")
        # Translators: the moves named after the colon are as typed (not translated).
        if self.phase == BUY:
            return _("it is purchase round {number}: buy left, buy right or buy blind").format(
                number=self.round)
        if action.verb == "buy":
            return _("it is betting round {number}, not a purchase round").format(
                number=self.round)
        if self.outstanding == 0:
            if action == FOLD:
                return _("folding is only allowed when facing a bet: check or bet")
            if action == RAISE:
                return _("there is no bet to raise: check or bet")
            return _("there is no bet to call: check or bet")
        if action == RAISE:
            return ngettext("{count} raise has been made this round: call or fold",
                            "{count} raises have been made this round: call or fold",
                            MAX_RAISES).format(count=MAX_RAISES)
        return _("facing a bet of {amount}: call, raise or fold").format(amount=self.outstanding)

    def _pay(self, seat: int, amount: int) -> None:
        self.chips[seat] -= amount
        self.pot += amount

    def _apply(self, action: Move) -> None:
        seat = self.player
        assert seat is not None
        if self.phase == BUY:
            self._buy(seat, action.source)
        else:
            self._bet(seat, action)

    def _buy(self, seat: int, source: str) -> None:
        if source == "blind":
            card = self.pack.pop()  # turned up, then charged: no returns (ruling 4)
            refill = None
        else:
            side = 0 if source == "left" else 1
            card = self.market[side]
            refill = self.market[side] = self.pack.pop()  # replaced at once
        cost = price(card)
        self._pay(seat, cost)
        self.purchases[seat] += cost
        self.hands[seat].append(card)
        self.last = {
            "seat": seat, "action": f"buy {source}", "card": card.code, "price": cost,
            "refill": refill.code if refill is not None else None,
        }
        if self.pending:
            self.player = self.pending.pop()
        else:
            self._start_betting()

    def _bet(self, seat: int, action: Move) -> None:
        owe = self.owe
        amount = 0
        if action == FOLD:
            self.status[seat] = FOLDED
            owe[seat] = False
        else:
            if action in (BET_1, RAISE):
                if action == RAISE:
                    self.raises += 1
                self.outstanding += BET
                for s in self.order:
                    owe[s] = self.status[s] == ACTIVE
            amount = self.outstanding - self.put[seat]  # 0 for a check
            if amount:
                self._pay(seat, amount)
                self.put[seat] += amount
                self.bets[seat] += amount
            owe[seat] = False
        self.last = {"seat": seat, "action": str(action), "chips": amount}
        remaining = [s for s in self.order if self.status[s] == ACTIVE]
        if len(remaining) == 1:
            self._end_deal(showdown=False)
            return
        nxt = self._next_to_bet(seat)
        if nxt is not None:
            self.player = nxt
        elif self.round < ROUNDS:
            self.round += 1
            self._start_buying()
        else:
            self._end_deal(showdown=True)

    def _end_deal(self, showdown: bool) -> None:
        n = self.n
        alive = [s for s in self.order if self.status[s] == ACTIVE]
        high_keys: list[int | None] = [None] * n
        low_keys: list[int | None] = [None] * n
        high_winners: list[int] = []
        low_winners: list[int] = []
        high_share = [0] * n
        low_share = [0] * n
        award = [0] * n
        if showdown:
            for s in alive:
                high_keys[s] = high_key(self.hands[s])
                low_keys[s] = low_key(self.hands[s])
            best_high = max(k for k in high_keys if k is not None)
            best_low = max(k for k in low_keys if k is not None)
            high_winners = [s for s in range(n) if high_keys[s] == best_high]
            low_winners = [s for s in range(n) if low_keys[s] == best_low]
            high_share, low_share = split_pot(self.pot, high_winners, low_winners, self.dealer, n)
            award = [h + lo for h, lo in zip(high_share, low_share, strict=True)]
        else:
            award[alive[0]] = self.pot  # the last player standing, paid at once (ruling 6)
        for s in range(n):
            self.chips[s] += award[s]
        paid = [a + p + b for a, p, b in zip(self.antes, self.purchases, self.bets, strict=True)]
        record: dict[str, Any] = {
            "deal": len(self.deals) + 1,
            "dealer": self.dealer,
            "pot": self.pot,
            "showdown": showdown,
            "uncontested_winner": None if showdown else alive[0],
            "status": list(self.status),
            "hands": [[c.code for c in h] for h in self.hands],
            "high_winners": high_winners,
            "low_winners": low_winners,
            "high_names": [None if k is None else high_name(k) for k in high_keys],
            "low_names": [None if k is None else low_name(k) for k in low_keys],
            "high_hand": high_name(best_high) if showdown else None,
            "low_hand": low_name(best_low) if showdown else None,
            "high_share": high_share,
            "low_share": low_share,
            "award": award,
            "ante": list(self.antes),
            "purchases": list(self.purchases),
            "bets": list(self.bets),
            "paid": paid,
            "net": [a - p for a, p in zip(award, paid, strict=True)],
            "chips": list(self.chips),
        }
        self.deals.append(record)
        if self.last is not None:
            self.last["deal_over"] = record["deal"]
        self.pot = 0
        if self.deal_next_hand:
            self._start_deal(None)
        else:
            self.player = None  # nobody acts at a finished deal

    @property
    def scores(self) -> list[int]:
        return list(self.chips)

    @property
    def round_scores(self) -> list[int]:
        if self.over:
            return list(self.deals[-1]["net"]) if self.deals else [0] * self.n
        return [-(a + p + b) for a, p, b in zip(self.antes, self.purchases, self.bets, strict=True)]

    @property
    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.chips)
        return [s for s in range(self.n) if self.chips[s] == best]

    @classmethod
    def parse_action(cls, text: str) -> Move:
        move = _BY_TEXT.get(" ".join(text.lower().split())) if isinstance(text, str) else None
        if move is None:
            # Translators: {moves} lists the moves as typed (not translated).
            raise IllegalActionError(_("not an Abyssinia action: {text} (expected one of: "
                                       "{moves})").format(text=repr(text),
                                                          moves=", ".join(_BY_TEXT)))
        return move

    # --- views -------------------------------------------------------------------------
    def phase_text(self) -> str:
        """The phase in English, as the observation keeps it (``phase_words`` says it in
        the player's language)."""
        if self.over:
            return "match over"
        kind = "purchase" if self.phase == BUY else "betting"
        return f"{kind} round {self.round}"

    def _public(self) -> dict[str, Any]:
        over = self.over
        return {
            "game": self.NAME,
            "players": self.n,
            "entry": ENTRY,
            "dealer": self.dealer,
            "current_player": self.player,
            "phase": self.phase,
            "round": self.round if not over else None,
            "phase_text": self.phase_text(),
            "chips": list(self.chips),
            "status": list(self.status) if not over else [OUT] * self.n,
            "hands": [[c.code for c in h] for h in self.hands] if not over else [[]] * self.n,
            "market": [] if over else [
                {"side": side, "card": card.code, "price": price(card)}
                for side, card in zip(("left", "right"), self.market, strict=True)
            ],
            "pack": 0 if over else len(self.pack),
            "pot": self.pot,
            "outstanding": self.outstanding if not over else 0,
            "raises": self.raises if not over else 0,
            "max_raises": MAX_RAISES,
            "put": list(self.put) if not over else [0] * self.n,
            "to_act": [] if over else [s for s in range(self.n) if self.owe[s]],
            "paid": [] if over else [
                a + p + b for a, p, b in zip(self.antes, self.purchases, self.bets, strict=True)
            ],
            "scores": self.scores,
            "round_scores": self.round_scores,
            "deals": [dict(r) for r in self.deals],
            "last_deal": dict(self.deals[-1]) if self.deals else None,
            "deals_played": len(self.deals),
            "last": dict(self.last) if self.last else None,
            "is_over": over,
            "winners": self.winners,
            "moves": len(self.history),
            "deals_finished": self.deals_finished,
        }

    def observation(self, seat: int) -> AbyssiniaObservation:
        seat = self.check_seat(seat)
        obs = self._public()  # an open game: everything but the pack's order is public
        obs["seat"] = seat
        mine = seat == self.player
        obs["to_call"] = self.outstanding - self.put[seat] if not self.over else 0
        obs["legal"] = [str(a) for a in self._legal()] if mine else []
        return cast(AbyssiniaObservation, obs)

    def full_state(self) -> dict[str, Any]:
        state = self._public()
        state["pack_order"] = [] if self.over else [c.code for c in reversed(self.pack)]
        state["pending"] = [] if self.over else list(self.pending)
        state["history"] = list(self.history)
        return state


def world_from_observation(obs: AbyssiniaObservation, rng: random.Random) -> Abyssinia:
    """A full Abyssinia state consistent with ``obs``: the pack's order sampled with ``rng``.

    Everything in Abyssinia is open but the pack's order, so only that is invented; past
    deals are left out (they do not affect play).
    """
    n: int = obs["players"]
    dealer: int = obs["dealer"]
    world = Abyssinia.__new__(Abyssinia)
    Game.__init__(world, AbyssiniaOptions(players=n, dealer=dealer), rng.randrange(2**63))
    world.n = n
    world.chips = list(obs["chips"])
    world.deals = []
    world.over = False
    world.last = None
    world.dealer = dealer
    world.player = obs["current_player"]
    world.phase = obs["phase"]
    world.status = list(obs["status"])
    entering = [s for s in range(n) if world.status[s] != OUT]
    world.order = sorted(entering, key=lambda s: (s - dealer - 1) % n)
    world.hands = [[parse_card(c) for c in h] for h in obs["hands"]]
    world.antes = [ANTE if s in entering else 0 for s in range(n)]
    world.purchases = [sum(price(c) for c in h) for h in world.hands]
    world.bets = [
        paid - ante - bought
        for paid, ante, bought in zip(obs["paid"], world.antes, world.purchases, strict=True)
    ]
    world.pot = obs["pot"]
    world.market = [parse_card(m["card"]) for m in obs["market"]]
    seen = {c for h in world.hands for c in h} | set(world.market)
    pack = [c for c in full_pack() if c not in seen]
    rng.shuffle(pack)
    world.pack = pack  # top of the pack at the end
    world.round = obs["round"] or ROUNDS  # None only once the match is over
    world.outstanding = obs["outstanding"]
    world.raises = obs["raises"]
    world.put = list(obs["put"])
    world.owe = [s in obs["to_act"] for s in range(n)]
    world.pending = [
        s for s in reversed(world.order)
        if world.status[s] == ACTIVE and len(world.hands[s]) < world.round and s != world.player
    ] if world.phase == BUY else []
    return world

GAME = Abyssinia


def phase_words(obs: Mapping[str, Any]) -> str:
    """The phase of an observation in the player's language: "purchase round 2"."""
    if obs.get("phase") == OVER or obs.get("round") is None:
        return _("match over")
    if obs.get("phase") == BUY:
        # Translators: Abyssinia's phase; {number} counts the purchase rounds of a deal.
        return _("purchase round {number}").format(number=obs["round"])
    return _("betting round {number}").format(number=obs["round"])
