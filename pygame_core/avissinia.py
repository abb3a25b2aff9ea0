"""Avissinia: the four-player capture game (seeds/000_8c8d025a3e18eddd.txt, RULINGS.md).

Each turn a player plays one card and either captures the top run of the centre or of
another player's pile, adds it to their own pile, or trails it onto the centre.  Seats are
numbered clockwise; the dealer's left-hand neighbour (seat dealer+1) plays first and turns
then go counter-clockwise, so the dealer plays second; the deal passes to the right.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any, NamedTuple, TypedDict, cast

from .base import Game, IllegalActionError, OptionError, read_digits
from .cards import JACK, Card, CardError, full_pack, parse_card
from .i18n import N_, _

PLAYERS = 4
HAND_SIZE = 6
CENTRE_SIZE = 4

# Play targets besides a seat number (0..3) whose pile is captured.
TRAIL = -1
CENTRE = -2
OWN = -3


@dataclasses.dataclass(frozen=True)
class AvissiniaOptions:
    """Rules as data.  ``card_points``/``jack_points`` are the scoring values (ruling 5)."""

    partnership: bool = False
    target: int = 61
    card_points: int = 1
    jack_points: int = 3
    dealer: int | None = None  # first dealer; None: chosen by the seed
    deck: tuple[Card, ...] | None = None  # scripts the first round's pack, top card first
    # The match's scores before its first round, one a side (a match taken up part-way:
    # the lesson's last round); () starts from nothing.
    scores: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.target < 1:
            # Translators: "target" is the option's name, as a link writes it.
            raise OptionError(_("target must be at least 1"))
        if self.card_points < 0 or self.jack_points < 0:
            raise OptionError(_("card values cannot be negative"))
        if self.dealer is not None and not 0 <= self.dealer < PLAYERS:
            # Translators: "dealer" is the option's name, as a link writes it.
            raise OptionError(_("dealer must be a seat from 0 to {last}").format(
                last=PLAYERS - 1))
        if self.deck is not None and sorted(self.deck) != sorted(full_pack()):
            # Translators: "deck" is the option's name, as a link writes it.
            raise OptionError(_("deck must hold each of the 52 cards exactly once"))
        sides = 2 if self.partnership else PLAYERS
        object.__setattr__(self, "scores", tuple(self.scores))  # a save brings a list
        if self.scores and (len(self.scores) != sides
                            or not all(0 <= s < self.target for s in self.scores)):
            # Translators: "scores" is the option's name, as a link writes it.
            raise OptionError(_("scores must give each of the {sides} sides a score from 0 to "
                                "{last}").format(sides=sides, last=self.target - 1))

    def points(self, card: Card) -> int:
        return self.jack_points if card.rank == JACK else self.card_points


class LastPlay(TypedDict):
    """The latest play, as observations show it."""

    round: int
    seat: int
    action: str
    card: str
    target: int
    captured: list[str]


class RoundPlay(TypedDict):
    seat: int
    action: str


class AvissiniaObservation(TypedDict):
    """What ``observation(seat)`` returns: the public table, the seat's hand, its moves."""

    game: str
    players: int
    partnership: bool
    target: int
    card_points: int
    jack_points: int
    dealer: int
    first_player: int
    current_player: int | None
    round: int
    deal: int
    hand_counts: list[int]
    centre: list[str]
    round_centre: list[str]  # the centre as the round's deal began (every play is public)
    round_plays: list[RoundPlay]  # the round's plays in order: the opponents read them
    piles: list[list[str]]
    stock: int
    round_points: list[int]
    scores: list[int]
    side_scores: list[int]
    rounds: list[dict[str, Any]]  # one record per finished round (see ``_end_round``)
    last: LastPlay | None
    is_over: bool
    winners: list[int]
    moves: int
    deals_finished: int
    seat: int
    hand: list[str]
    legal: list[str]


class Play(NamedTuple):
    """Play ``card`` from hand to ``target``: TRAIL, CENTRE (capture), OWN (add) or a seat."""

    card: Card
    target: int

    def __str__(self) -> str:
        code = self.card.code
        if self.target == TRAIL:
            return f"trail {code}"
        if self.target == CENTRE:
            return f"capture {code} centre"
        if self.target == OWN:
            return f"add {code}"
        return f"capture {code} pile {self.target}"


def legal_plays(
    hand: list[Card], centre: list[Card], piles: list[list[Card]], me: int
) -> list[Play]:
    """Every play seat ``me`` may make with ``hand`` on this table, in a stable order: per
    card, capture the centre, capture each other pile, add to its own, then trail."""
    centre_rank = centre[-1].rank if centre else -1
    own_rank = piles[me][-1].rank if piles[me] else -1
    others = [(s, p[-1].rank) for s, p in enumerate(piles) if s != me and p]
    actions: list[Play] = []
    for card in hand:
        rank = card.rank
        if rank == centre_rank:
            actions.append(Play(card, CENTRE))
        for seat, top in others:
            if rank == top:
                actions.append(Play(card, seat))
        if rank == own_rank:
            actions.append(Play(card, OWN))
        actions.append(Play(card, TRAIL))
    return actions


def take_run(pile: list[Card]) -> list[Card]:
    """Remove and return the top run of ``pile``."""
    n = top_run(pile)
    captured = pile[-n:]
    del pile[-n:]
    return captured


def move_cards(centre: list[Card], piles: list[list[Card]], me: int, play: Play) -> list[Card]:
    """What ``play`` by ``me`` does to the centre and the piles; returns the cards captured.
    Captured cards keep the order they lay in; the capturing card goes on top."""
    card, target = play
    if target == TRAIL:
        centre.append(card)
        return []
    if target == OWN:
        piles[me].append(card)
        return []
    captured = take_run(centre if target == CENTRE else piles[target])
    piles[me].extend(captured)
    piles[me].append(card)
    return captured


def top_run(pile: list[Card]) -> int:
    """Length of the run (cards of one rank) at the top of ``pile`` (ruling 3)."""
    if not pile:
        return 0
    rank = pile[-1].rank
    n = 1
    while n < len(pile) and pile[-1 - n].rank == rank:
        n += 1
    return n


class Avissinia(Game[Play, AvissiniaOptions]):
    NAME = "avissinia"
    TITLE = N_("Avissinia")
    OPTIONS = AvissiniaOptions
    MUTABLE_LISTS = ("match_scores", "rounds", "stock", "centre", "round_plays")
    MUTABLE_NESTED_LISTS = ("hands", "piles")
    RESULT_WORDS = "points"
    RESULTS_ONLY_WON = True

    def deal_result(self) -> list[float]:
        """Points won in the last round, a partnership's for both partners."""
        record = self.rounds[-1]
        return [float(record["side_points"][self.side_of(s)]) for s in range(PLAYERS)]

    def __init__(self, options: AvissiniaOptions, seed: int) -> None:
        super().__init__(options, seed)
        self.sides = 2 if options.partnership else PLAYERS
        self.match_scores = list(options.scores) or [0] * self.sides
        self.rounds: list[dict[str, Any]] = []  # one record per finished round
        self.winning_side: int | None = None
        # The latest play as (round, seat, play, captured cards); shown by observations.
        self.last: tuple[int, int, Play, list[Card]] | None = None
        self.dealer = self.first_dealer(PLAYERS)
        self._start_round(list(options.deck) if options.deck is not None else None)

    # --- dealing ---------------------------------------------------------------------
    def _start_round(self, pack: list[Card] | None) -> None:
        # The top of the pack at the end, so dealing pops.
        self.stock = self.pack_for_deal(pack, full_pack)[::-1]
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.piles: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.centre: list[Card] = []
        self.deal_number = 0
        self.player = self.first_player
        self._deal()
        self.centre = [self.stock.pop() for _ in range(CENTRE_SIZE)]  # last one on top
        # The round's plays in order, with the centre they started from: all public, and
        # what lets an opponent read each play for what it says about the hand behind it.
        self.round_centre = list(self.centre)
        self.round_plays: list[tuple[int, Play]] = []

    @property
    def first_player(self) -> int:
        return (self.dealer + 1) % PLAYERS  # the dealer's left-hand neighbour (ruling 1)

    def play_order(self) -> list[int]:
        """Seats in turn order for this round: the first player, then counter-clockwise."""
        return [(self.first_player - i) % PLAYERS for i in range(PLAYERS)]

    def _deal(self) -> None:
        """Six cards each, one at a time in turn order, starting with the first player."""
        order = self.play_order()
        for i in range(HAND_SIZE * PLAYERS):
            self.hands[order[i % PLAYERS]].append(self.stock.pop())
        for hand in self.hands:
            hand.sort()
        self.deal_number += 1

    # --- the interface ---------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return PLAYERS

    @property
    def deals_finished(self) -> int:
        return len(self.rounds)

    @property
    def is_over(self) -> bool:
        return self.winning_side is not None

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.options.partnership else seat

    def legal_actions(self) -> list[Play]:
        if self.winning_side is not None:
            return []
        me = self.player
        return legal_plays(self.hands[me], self.centre, self.piles, me)

    def illegal_reason(self, action: Play) -> str | None:
        me = self.player
        card, target = action
        if card not in self.hands[me]:
            return _("{card} is not in seat {seat}'s hand").format(card=card, seat=me)
        if target == TRAIL:
            return None
        if target == CENTRE:
            pile = self.centre
        elif target == OWN:
            pile = self.piles[me]
        elif 0 <= target < PLAYERS and target != me:
            pile = self.piles[target]
        else:
            return _("seat {seat} is not another player's pile").format(seat=target)
        if not pile:
            if target == CENTRE:
                return _("the centre is empty")
            if target == OWN:
                return _("your own pile is empty")
            return _("seat {seat}'s pile is empty").format(seat=target)
        if pile[-1].rank != card.rank:
            # Translators: {top} is the card on top, {card} the card played (both as 7♣).
            if target == CENTRE:
                return _("the top of the centre is {top}, not the rank of {card}").format(
                    top=pile[-1], card=card)
            if target == OWN:
                return _("the top of your own pile is {top}, not the rank of {card}").format(
                    top=pile[-1], card=card)
            return _("the top of seat {seat}'s pile is {top}, not the rank of {card}").format(
                seat=target, top=pile[-1], card=card)
        return None

    def _apply(self, action: Play) -> None:
        me = self.player
        self.hands[me].remove(action.card)
        captured = move_cards(self.centre, self.piles, me, action)
        self.round_plays.append((me, action))
        self.last = (len(self.rounds) + 1, me, action, captured)
        self.player = (me - 1) % PLAYERS  # counter-clockwise
        if not self.hands[self.player]:
            # Everyone has played the same number of cards, so all hands are empty.
            if self.stock:
                self._deal()
            else:
                self._end_round()

    def _end_round(self) -> None:
        points = self.round_points()
        side_points = [0] * self.sides
        for seat, p in enumerate(points):
            side_points[self.side_of(seat)] += p
        for side, p in enumerate(side_points):
            self.match_scores[side] += p
        self.rounds.append(
            {
                "dealer": self.dealer,
                "points": points,
                "side_points": side_points,
                "totals": list(self.match_scores),
                "centre_left": [c.code for c in self.centre],
                # What the points are made of, for the summary's arithmetic.
                "cards": [len(pile) for pile in self.piles],
                "jacks": [sum(c.rank == JACK for c in pile) for pile in self.piles],
            }
        )
        best = max(self.match_scores)
        if best >= self.options.target and self.match_scores.count(best) == 1:
            self.winning_side = self.match_scores.index(best)
            return
        if not self.deal_next_hand:
            return
        # Nobody has reached the target, or the highest is tied: another round (ruling 6).
        self.dealer = (self.dealer - 1) % PLAYERS  # the deal passes to the right
        self._start_round(None)

    def round_points(self) -> list[int]:
        """Points each seat's pile holds now; cards in the centre count for nobody."""
        value = self.options.points
        return [sum(value(c) for c in pile) for pile in self.piles]

    @property
    def scores(self) -> list[int]:
        return [self.match_scores[self.side_of(s)] for s in range(PLAYERS)]

    @property
    def round_scores(self) -> list[int]:
        return self.round_points()

    @property
    def winners(self) -> list[int]:
        if self.winning_side is None:
            return []
        return [s for s in range(PLAYERS) if self.side_of(s) == self.winning_side]

    @classmethod
    def parse_action(cls, text: str) -> Play:
        words = text.split() if isinstance(text, str) else []
        try:
            if len(words) == 2 and words[0] == "trail":
                return Play(parse_card(words[1]), TRAIL)
            if len(words) == 2 and words[0] == "add":
                return Play(parse_card(words[1]), OWN)
            if len(words) == 3 and words[0] == "capture" and words[2] == "centre":
                return Play(parse_card(words[1]), CENTRE)
            if (
                len(words) == 4 and words[0] == "capture" and words[2] == "pile"
                and (pile := read_digits(words[3], 1)) is not None and pile < PLAYERS
            ):
                return Play(parse_card(words[1]), pile)
        except CardError as exc:
            raise IllegalActionError(_("not an Avissinia play: {text} ({reason})").format(
                text=repr(text), reason=exc)) from exc
        # Translators: the quoted plays are typed as they are (not translated).
        raise IllegalActionError(_("not an Avissinia play: {text} (expected 'trail 7C', "
                                   "'add 7C', 'capture 7C centre' or 'capture 7C pile "
                                   "2')").format(text=repr(text)))

    # --- views -----------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        return {
            "game": self.NAME,
            "players": PLAYERS,
            "partnership": self.options.partnership,
            "target": self.options.target,
            "card_points": self.options.card_points,
            "jack_points": self.options.jack_points,
            "dealer": self.dealer,
            "first_player": self.first_player,
            "current_player": self.current_player,
            "round": len(self.rounds) + (0 if self.is_over else 1),
            "deal": self.deal_number,
            "hand_counts": [len(h) for h in self.hands],
            "centre": [c.code for c in self.centre],
            "piles": [[c.code for c in p] for p in self.piles],
            "stock": len(self.stock),
            "round_points": self.round_points(),
            "scores": self.scores,
            "side_scores": list(self.match_scores),
            "rounds": [dict(r) for r in self.rounds],
            "last": self._last_view(),
            "round_centre": [c.code for c in self.round_centre],
            "round_plays": [{"seat": s, "action": str(p)} for s, p in self.round_plays],
            "is_over": self.is_over,
            "winners": self.winners,
            "moves": len(self.history),
            "deals_finished": self.deals_finished,
        }

    def _last_view(self) -> LastPlay | None:
        if self.last is None:
            return None
        round_number, seat, play, captured = self.last
        return {
            "round": round_number,
            "seat": seat,
            "action": str(play),
            "card": play.card.code,
            "target": play.target,
            "captured": [c.code for c in captured],
        }

    def observation(self, seat: int) -> AvissiniaObservation:
        seat = self.check_seat(seat)
        obs = self._public()
        obs["seat"] = seat
        obs["hand"] = [c.code for c in self.hands[seat]]
        obs["legal"] = [str(a) for a in self.legal_actions()] if seat == self.current_player else []
        return cast(AvissiniaObservation, obs)

    def full_state(self) -> dict[str, Any]:
        state = self._public()
        state["hands"] = [[c.code for c in h] for h in self.hands]
        state["stock_order"] = [c.code for c in reversed(self.stock)]
        state["history"] = list(self.history)
        return state


class HiddenDeal(NamedTuple):
    """The hidden cards of one sampled world: every hand (the seat's own as it is) and the
    stock, with the seed of the world's own generator (for later rounds' shuffles)."""

    seed: int
    hands: list[list[Card]]
    stock: list[Card]


def unseen_cards(obs: AvissiniaObservation) -> list[Card]:
    """Every card not in the seat's hand, the centre or a pile, in pack order."""
    seen = set(obs["hand"]) | set(obs["centre"]) | {c for p in obs["piles"] for c in p}
    return [c for c in full_pack() if c.code not in seen]


def deal_hidden(
    obs: AvissiniaObservation, rng: random.Random, unseen: list[Card] | None = None
) -> HiddenDeal:
    """The unseen cards (``unseen_cards(obs)``, passed in when sampling many) dealt at
    random: the other hands by their known sizes, the rest the stock."""
    seed = rng.randrange(2**63)
    cards = unseen_cards(obs) if unseen is None else list(unseen)
    rng.shuffle(cards)
    hands: list[list[Card]] = []
    for other, count in enumerate(obs["hand_counts"]):
        if other == obs["seat"]:
            hands.append([parse_card(c) for c in obs["hand"]])
        else:
            hands.append(sorted(cards[:count]))
            del cards[:count]
    return HiddenDeal(seed, hands, cards)


def world_from_observation(
    obs: AvissiniaObservation, rng: random.Random, hidden: HiddenDeal | None = None
) -> Avissinia:
    """A full state consistent with ``obs``: the unseen cards dealt at random (or as
    ``hidden`` deals them, drawn by ``deal_hidden``).

    For the opponents' search (determinization).  Everything not in the seat's hand, the
    centre or a pile is unseen: the other hands (by their known sizes) and the stock.
    """
    if hidden is None:
        hidden = deal_hidden(obs, rng)
    options = AvissiniaOptions(
        partnership=obs["partnership"], target=obs["target"], card_points=obs["card_points"],
        jack_points=obs["jack_points"], dealer=obs["dealer"],
    )
    world = Avissinia.__new__(Avissinia)
    Game.__init__(world, options, hidden.seed)  # later rounds shuffle from here
    world.hands = hidden.hands
    world.stock = hidden.stock
    world.piles = [[parse_card(c) for c in p] for p in obs["piles"]]
    world.centre = [parse_card(c) for c in obs["centre"]]
    world.round_centre = [parse_card(c) for c in obs["round_centre"]]
    world.round_plays = [(p["seat"], play_of(p["action"])) for p in obs["round_plays"]]
    world.sides = 2 if options.partnership else PLAYERS
    world.match_scores = list(obs["side_scores"])
    world.rounds = []
    world.winning_side = None
    world.last = None
    world.dealer = obs["dealer"]
    world.deal_number = obs["deal"]
    world.player = obs["seat"] if obs["current_player"] is None else obs["current_player"]
    return world


# The search reads the same few play texts in every world it samples: each is parsed once.
play_of = functools.lru_cache(maxsize=4096)(Avissinia.parse_action)


def scripted_deck(
    dealer: int,
    hands: dict[int, list[Card]],
    centre: list[Card],
    second_hands: dict[int, list[Card]] | None = None,
) -> list[Card]:
    """A pack (top first) that deals exactly these hands and centre, for tests and puzzles.

    ``hands`` maps seats to six cards each; ``centre`` lists the four centre cards bottom to
    top; ``second_hands`` the second deal.  Cards not named fill the rest in pack order.
    """
    named = [c for h in hands.values() for c in h] + list(centre)
    named += [c for h in (second_hands or {}).values() for c in h]
    if len(set(named)) != len(named):
        raise ValueError("scripted deal names a card twice")
    spare = [c for c in full_pack() if c not in named]
    order = [((dealer + 1) - i) % PLAYERS for i in range(PLAYERS)]

    def deal(given: dict[int, list[Card]]) -> list[Card]:
        rows = {s: list(given.get(s, [])) for s in range(PLAYERS)}
        for s in range(PLAYERS):
            while len(rows[s]) < HAND_SIZE:
                rows[s].append(spare.pop(0))
        return [rows[order[i % PLAYERS]][i // PLAYERS] for i in range(HAND_SIZE * PLAYERS)]

    first = deal(hands)
    middle = list(centre)
    while len(middle) < CENTRE_SIZE:
        middle.insert(0, spare.pop(0))
    second = deal(second_hands or {})
    return first + middle + second + spare


GAME = Avissinia
