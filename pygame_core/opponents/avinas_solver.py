"""An exact (double-dummy) solver for the rest of an Avinas hand's card play.

Given a world where every hand is known, it finds the value of the hand for one side when
all four seats play perfectly from here: alpha-beta over the cards, with a table of the
positions already solved at trick boundaries.  The value is the penalty balance the
hand writes (``playout``'s measure, with card points as a tie-break only if asked for),
computed at the end by the engine's own scoring, so the solver knows no rule of the scoring
twice.

Cards are bits of an int (one per card of the short pack) so a hand, a suit and the cards
still out are each one number; the solver does not build game states, which is what makes
it fast enough to be a search's evaluation of a world.

A no-sevens declarer stops as soon as his side has made it (the rule every level follows:
after 61 points the opponents can only gain).
"""

from __future__ import annotations

from typing import Any

from ..avinas import NO_SEVENS, PLAY, STOP, TRICKS, TRUMP, Avinas, hand_balance, trump_tables
from ..cards import short_pack

PACK = short_pack()
EXACT, LOWER, UPPER = 0, 1, 2  # what a stored value is: exact or a bound
Play = tuple[int, bool]  # a card's bit, and whether it is led face down
EndKey = tuple[int, int, int, int, bool]  # a finished hand: points, tricks, stopped
CARD_BITS = len(PACK)  # a set of cards is an int of this many bits


def scoring_state(world: Avinas, declarer_holds_bid: bool, side: int,
                  tie_break: float) -> tuple[Any, ...]:
    """What ``Avinas._end_hand`` reads of a hand, and ``hand_balance`` of its record,
    besides the points, the tricks and the stop: worlds that agree on it score every
    finished hand alike (``test_worlds_that_share_their_ends_solve_as_each_alone``)."""
    return (world.kind, world.declarer, world.knocked_by, world.knocked_back_by,
            world.sevens, world.high_bid, declarer_holds_bid, world.options, side, tie_break)


class Solver:
    """The double-dummy value of ``world``'s hand for ``seat``'s side (see the module)."""

    def __init__(self, world: Avinas, seat: int, tie_break: float = 0.0,
                 shared_ends: dict[tuple[Any, ...], dict[EndKey, float]] | None = None) -> None:
        assert world.trump is not None
        self.world = world
        self.side = seat % 2
        eff, strength = trump_tables(world.trump)
        values = world.values
        # A card's bit is its place in the search order (trumps, then the strongest and
        # richest first, so cuts come early): a hand's plays are its bits from the lowest.
        order = sorted(PACK, key=lambda c: (eff[c] != TRUMP, -strength[c], -values[c]))
        self.bit = {card: k for k, card in enumerate(order)}
        self.eff = [eff[c] for c in order]
        self.strength = [strength[c] for c in order]
        self.value_of = [values[c] for c in order]
        self.suit_mask = [0] * 5
        for k, e in enumerate(self.eff):
            self.suit_mask[e] |= 1 << k
        self.stops = world.kind == NO_SEVENS
        self.declarer_side = (world.declarer or 0) % 2
        declarer_trumps = sum(1 for c in world.dealt[world.declarer or 0] if eff[c] == TRUMP)
        self.declarer_holds_bid = declarer_trumps >= world.high_bid
        self.table: dict[tuple[int, ...], tuple[int, float]] = {}
        self.tried: dict[int, list[Play]] = {}  # ``_equals_skipped`` by its cards and live
        # The values of finished hands.  Scoring one clones the world and runs the engine's
        # end of hand (a fifth of a search's time when every world scored its own), so a
        # search may share them between its worlds: they are kept apart by everything the
        # scoring reads besides the points, tricks and stop (``scoring_state``).
        ends = {} if shared_ends is None else shared_ends
        self.ends: dict[EndKey, float] = ends.setdefault(
            scoring_state(world, self.declarer_holds_bid, self.side, tie_break), {})
        self.nodes = 0
        # Card points as a tie-break between equal penalties make nearly every ending a
        # value of its own, and the search four times slower (alpha-beta cuts on ties).
        self.tie_break = tie_break

    # --- the value of a finished hand: the engine's scoring -----------------------------
    def _end(self, points: tuple[int, int], tricks: tuple[int, int], stopped: bool) -> float:
        key = (*points, *tricks, stopped)
        value = self.ends.get(key)
        if value is None:
            end = self.world.clone()
            end.narrate = False
            end.deal_next_hand = False
            end.points, end.tricks_won = list(points), list(tricks)
            end.stopped = stopped
            end.trick, end.facedown = [], False
            end._end_hand()
            record = end.hand_records[-1]
            side = self.side
            value = hand_balance(record, side) + self.tie_break * (points[side] - points[1 - side])
            self.ends[key] = value
        return value

    def _made_it(self, points: tuple[int, int]) -> bool:
        return (points[self.declarer_side] >= self.world.options.win_points
                and self.declarer_holds_bid)

    # --- the search -----------------------------------------------------------------------
    def value(self, world: Avinas | None = None) -> float:
        """The value of ``world`` (by default the solver's own) as it stands: mid-trick, at
        a stop or between tricks.  Any world of the same hand may be given (the search asks
        for each candidate's world in turn), and the positions solved for one serve the
        next."""
        world = world or self.world
        bit = self.bit
        hands = [sum(1 << bit[c] for c in h) for h in world.hands]
        points = (world.points[0], world.points[1])
        tricks = (world.tricks_won[0], world.tricks_won[1])
        if world.phase == STOP:
            if self._made_it(points):
                return self._end(points, tricks, True)
            leader = world.tricks[-1][2]
            return self._trick(hands, leader, world.trick_number, points, tricks, -1e9, 1e9)
        assert world.phase == PLAY
        if not world.trick:
            return self._trick(hands, world.player, world.trick_number, points, tricks,
                               -1e9, 1e9)
        # Mid-trick: the trick so far as the search carries it (see ``_play``).
        eff, strength, value_of = self.eff, self.strength, self.value_of
        live = hands[0] | hands[1] | hands[2] | hands[3]
        cards = [(s, bit[c]) for s, c in world.trick]
        follow = TRUMP if world.facedown else eff[cards[0][1]]
        win_seat, win_strength, win_suit, won = -1, -1, -1, 0
        for index, (seat, card) in enumerate(cards):
            live |= 1 << card
            won += value_of[card]
            if index == 0 and world.facedown:
                continue  # a face-down lead cannot win
            if win_seat < 0 or ((eff[card] == TRUMP or eff[card] == win_suit)
                                and strength[card] > win_strength):
                if win_seat < 0:
                    win_suit = eff[card]
                win_seat, win_strength = seat, strength[card]
        return self._play(hands, world.player, len(cards), follow, win_seat, win_strength,
                          win_suit, won, live, world.trick_number, points, tricks, -1e9, 1e9)

    def _equals_skipped(self, cards: int, live: int) -> list[Play]:
        """The plays of ``cards`` worth trying (none face down), in search order: of cards
        that are equals (same suit and points, nothing left in play between them) only the
        highest, since either gives the same play."""
        key = cards << CARD_BITS | live
        plays = self.tried.get(key)
        if plays is not None:
            return plays
        eff, value_of, suit_mask = self.eff, self.value_of, self.suit_mask
        plays = self.tried[key] = []
        while cards:
            low = cards & -cards
            card = low.bit_length() - 1
            cards ^= low
            plays.append((card, False))
            below = live & suit_mask[eff[card]] & ~((low << 1) - 1)  # later in the order
            while below:
                nxt = below & -below
                if not cards & nxt or value_of[nxt.bit_length() - 1] != value_of[card]:
                    break
                cards ^= nxt  # an equal of ``card``: skipped
                below ^= nxt
        return plays

    def _trick(self, hands: list[int], leader: int, number: int, points: tuple[int, int],
               tricks: tuple[int, int], alpha: float, beta: float) -> float:
        """The value with ``leader`` to lead trick ``number``: a position kept in the table."""
        if number == TRICKS:  # one card each: nothing left to choose
            self.nodes += 1
            eff, strength, value_of = self.eff, self.strength, self.value_of
            player = leader
            card = hands[player].bit_length() - 1
            win_seat, win_strength, win_suit = player, strength[card], eff[card]
            won = value_of[card]
            for _ in range(3):
                player = (player + 1) % 4
                card = hands[player].bit_length() - 1
                won += value_of[card]
                if (eff[card] == TRUMP or eff[card] == win_suit) and strength[card] > win_strength:
                    win_seat, win_strength = player, strength[card]
            return self._next(win_seat, won, hands, number, points, tricks, alpha, beta)
        key = (*hands, leader, *points, *tricks)
        stored = self.table.get(key)
        if stored is not None:
            kind, value = stored
            if kind == EXACT or (kind == LOWER and value >= beta) or (
                    kind == UPPER and value <= alpha):
                self.nodes += 1  # a position visited, as ``_play`` counts the searched ones
                return value
        live = hands[0] | hands[1] | hands[2] | hands[3]
        best = self._play(hands, leader, 0, TRUMP, -1, -1, -1, 0, live, number, points, tricks,
                          alpha, beta)
        kind = (UPPER if best <= alpha else LOWER if best >= beta else EXACT)
        self.table[key] = (kind, best)
        return best

    def _play(self, hands: list[int], player: int, played: int, follow: int, win_seat: int,
              win_strength: int, win_suit: int, won: int, live: int, number: int,
              points: tuple[int, int], tricks: tuple[int, int], alpha: float,
              beta: float) -> float:
        """The value with ``player`` to play the trick's card number ``played`` + 1.  The trick
        is carried as the suit to follow (set by the lead), its winner so far (seat,
        strength and the suit that wins: -1 before a card that can win is down) and its
        points; ``live`` is every card still in play, the trick's included."""
        self.nodes += 1
        eff, strength, value_of = self.eff, self.strength, self.value_of
        hand = hands[player]
        if played == 0:
            trumps = hand & self.suit_mask[TRUMP]
            plays = self._equals_skipped(
                trumps if number <= 2 and (trumps or number == 1) else hand, live)
            if number == 2 and not trumps:  # no trump: the second trick may be led face down
                plays = plays + [(card, True) for card, _ in plays]
        else:
            plays = self._equals_skipped(hand & self.suit_mask[follow] or hand, live)
        maximise = player % 2 == self.side
        best = -1e9 if maximise else 1e9
        last = played == 3
        following = (player + 1) % 4
        for card, down in plays:
            if played == 0:  # the lead sets the suit to follow: trumps after a face-down lead
                follow = TRUMP if down else eff[card]
            seat, top, suit = win_seat, win_strength, win_suit
            if down:
                pass  # a face-down lead cannot win
            elif seat < 0:  # the first card that can win sets the suit that wins
                seat, top, suit = player, strength[card], eff[card]
            elif (eff[card] == TRUMP or eff[card] == suit) and strength[card] > top:
                seat, top = player, strength[card]
            hands[player] = hand & ~(1 << card)
            if last:
                value = self._next(seat, won + value_of[card], hands, number, points, tricks,
                                   alpha, beta)
            else:
                value = self._play(hands, following, played + 1, follow, seat, top, suit,
                                   won + value_of[card], live, number, points, tricks,
                                   alpha, beta)
            hands[player] = hand
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best

    def _next(self, winner: int, won: int, hands: list[int], number: int,
              points: tuple[int, int], tricks: tuple[int, int], alpha: float,
              beta: float) -> float:
        """Score a complete trick and go on to the next (or to the end of the hand)."""
        if winner % 2 == 0:
            points, tricks = (points[0] + won, points[1]), (tricks[0] + 1, tricks[1])
        else:
            points, tricks = (points[0], points[1] + won), (tricks[0], tricks[1] + 1)
        if number == TRICKS:
            return self._end(points, tricks, False)
        if self.stops and self._made_it(points):
            return self._end(points, tricks, True)
        return self._trick(hands, winner, number + 1, points, tricks, alpha, beta)


def solved_value(world: Avinas, seat: int, tie_break: float = 0.0) -> float:
    """The double-dummy value of ``world``'s hand for ``seat``'s side."""
    return Solver(world, seat, tie_break).value()
