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
EndKey = tuple[int, int, int, int, bool]  # a finished hand: points, tricks, stopped


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
            return self._trick(hands, leader, [], False, world.trick_number, points, tricks,
                               -1e9, 1e9)
        assert world.phase == PLAY
        trick = [(s, bit[c]) for s, c in world.trick]
        return self._trick(hands, world.player, trick, world.facedown, world.trick_number,
                           points, tricks, -1e9, 1e9)

    def _legal(self, hands: list[int], player: int, trick: list[tuple[int, int]],
               facedown: bool, number: int) -> list[tuple[int, bool]]:
        """(card, led face down) for each play the rules allow worth trying, in search
        order: of cards that are equals (same suit and points, nothing left in play between
        them) only the highest, since either gives the same play."""
        hand = hands[player]
        if trick:
            led = TRUMP if facedown else self.eff[trick[0][1]]
            cards = hand & self.suit_mask[led] or hand
        else:
            trumps = hand & self.suit_mask[TRUMP]
            cards = trumps if number <= 2 and (trumps or number == 1) else hand
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for _, card in trick:
            live |= 1 << card
        eff, value_of, suit_mask = self.eff, self.value_of, self.suit_mask
        plays = []
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
        if not trick and number == 2 and not hand & self.suit_mask[TRUMP]:
            plays += [(card, True) for card, _ in plays]  # no trump: may lead face down
        return plays

    def _winner(self, trick: list[tuple[int, int]], facedown: bool) -> int:
        contenders = trick[1:] if facedown else trick
        eff, strength = self.eff, self.strength
        led = eff[contenders[0][1]]
        best_seat, best = contenders[0][0], -1
        for seat, card in contenders:
            if eff[card] in (TRUMP, led) and strength[card] > best:
                best_seat, best = seat, strength[card]
        return best_seat

    def _trick(self, hands: list[int], player: int, trick: list[tuple[int, int]],
               facedown: bool, number: int, points: tuple[int, int], tricks: tuple[int, int],
               alpha: float, beta: float) -> float:
        self.nodes += 1
        if number == TRICKS:  # one card each: nothing left to choose
            played = list(trick)
            while len(played) < 4:
                played.append((player, hands[player].bit_length() - 1))
                player = (player + 1) % 4
            return self._next(hands, played, facedown, number, points, tricks, alpha, beta)
        key: tuple[int, ...] | None = None
        if not trick:
            key = (*hands, player, *points, *tricks)
            stored = self.table.get(key)
            if stored is not None:
                kind, value = stored
                if kind == EXACT or (kind == LOWER and value >= beta) or (
                        kind == UPPER and value <= alpha):
                    return value
        maximise = player % 2 == self.side
        best = -1e9 if maximise else 1e9
        start_alpha, start_beta = alpha, beta
        hand = hands[player]
        for card, down in self._legal(hands, player, trick, facedown, number):
            hands[player] = hand & ~(1 << card)
            played = [*trick, (player, card)]
            if len(played) < 4:
                value = self._trick(hands, (player + 1) % 4, played, facedown or down, number,
                                    points, tricks, alpha, beta)
            else:
                value = self._next(hands, played, facedown, number, points, tricks,
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
        if key is not None:
            kind = (UPPER if best <= start_alpha else LOWER if best >= start_beta else EXACT)
            self.table[key] = (kind, best)
        return best

    def _next(self, hands: list[int], trick: list[tuple[int, int]], facedown: bool,
              number: int, points: tuple[int, int], tricks: tuple[int, int],
              alpha: float, beta: float) -> float:
        """Score a complete trick and go on to the next (or to the end of the hand)."""
        winner = self._winner(trick, facedown)
        side = winner % 2
        value_of = self.value_of
        won = (value_of[trick[0][1]] + value_of[trick[1][1]] + value_of[trick[2][1]]
               + value_of[trick[3][1]])
        points = (points[0] + won, points[1]) if side == 0 else (points[0], points[1] + won)
        tricks = (tricks[0] + 1, tricks[1]) if side == 0 else (tricks[0], tricks[1] + 1)
        if number == TRICKS:
            return self._end(points, tricks, False)
        if self.stops and self._made_it(points):
            return self._end(points, tricks, True)
        return self._trick(hands, winner, [], False, number + 1, points, tricks, alpha, beta)


def solved_value(world: Avinas, seat: int, tie_break: float = 0.0) -> float:
    """The double-dummy value of ``world``'s hand for ``seat``'s side."""
    return Solver(world, seat, tie_break).value()
