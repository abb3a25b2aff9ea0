"""The entropy coder behind replay links of format version 2.

Version 1 packed each action's index among the legal actions into one mixed-radix number:
``log2(n)`` bits for a choice among ``n``.  That is as dense as a log gets when every legal
action is equally likely, and deflate or lzma on those bytes find nothing more (they model
bytes, not decisions).  A long Abyssinia match is thousands of deals of purchases and bets,
so about 29,000 bits for 21,000 actions (4,800 characters).

Version 2 codes each index with an arithmetic coder, its probability from an adaptive
frequency table chosen by a context.  The context holds what a cheap deterministic
*predictor* would play at that point (for Abyssinia, a frozen copy of the medium level's
purchase and betting judgement, below), the kind of decision and the seat; so a match
whose players mostly do what the predictor expects costs a small fraction of a bit a move,
and a player who often does something else costs about what the indices' own frequencies
are worth.

The coder is written out here (about 100 lines: the textbook integer coder of Witten, Neal
and Cleary) rather than taken from a library: the fast ones (constriction, range-coder,
arithmetipy) are binary extensions that Pyodide cannot load from PyPI; the pure-Python
ones in the package index (arithmetic-compressor 0.2, carrylessrangecoder 1.0.2, arcode
0.1; none released since January 2023) are small single-author projects, and
arithmetic-compressor's models are dictionaries of float probabilities.  A link format
needs its bytes fixed for good, by integer arithmetic, which a dependency's next release
could change; so it lives here, tested with the format.  The standard library's deflate
and lzma were measured first (``link_lengths``, ``benchmarks/replay_links.py``): on one
byte per action index both come out longer than version 1's mixed radix.

Everything here is exact and platform-independent, because the decoder must compute the
very same probabilities as the encoder, possibly years later on another copy of the site,
under Pyodide instead of CPython:

- the coder and the frequency tables use integers only;
- the predictor uses floats with ``+ - * /`` and comparisons only (correctly rounded by
  IEEE 754 on every platform), summed in a fixed order (never ``sum()``, whose float
  algorithm changed in Python 3.12, nor ``math.exp``, whose last bit may differ between C
  libraries: ``_exp`` is a fixed series instead);
- the predictor is frozen: it is *not* the opponents' code, which may be retuned at any
  time, but a copy that belongs to this format.  Changing anything here (the predictor,
  the contexts, the table increments) changes the meaning of every version-2 link: do it
  only with a new format version, keeping this one's decoder.  It shares only the pure
  counting of ``cards`` (``chance_of_any``, ``rank_counts``, ``suit_counts``), arithmetic
  with nothing to tune; the links pinned in ``tests/test_replay.py`` fail if that changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import Card, chance_of_any, full_pack, rank_counts, suit_counts
from .poker_hands import HIGH_CLASSES, high_key, low_key

# --- the arithmetic coder -------------------------------------------------------------------
_BITS = 32
_TOP = (1 << _BITS) - 1
_HALF = 1 << (_BITS - 1)
_QUARTER = 1 << (_BITS - 2)
MAX_TOTAL = 1 << 16  # a frequency table's total stays below this (so the range never starves)


class _Interval:
    """The coding interval ``[low, high]`` both ends narrow alike, symbol by symbol."""

    def __init__(self) -> None:
        self.low = 0
        self.high = _TOP

    def narrow(self, cum_low: int, cum_high: int, total: int) -> None:
        """Narrow to the symbol ``[cum_low, cum_high)`` of ``total``, then widen again: each
        time the interval lies in one half (or the middle half) it is doubled, which
        ``_doubled`` turns into a bit written (encoder) or read (decoder)."""
        span = self.high - self.low + 1
        self.high = self.low + span * cum_high // total - 1
        self.low = self.low + span * cum_low // total
        while True:
            if self.high < _HALF:
                shift = 0
            elif self.low >= _HALF:
                shift = _HALF
            elif self.low >= _QUARTER and self.high < _HALF + _QUARTER:
                shift = _QUARTER
            else:
                break
            self.low = (self.low - shift) << 1
            self.high = ((self.high - shift) << 1) | 1
            self._doubled(shift)

    def _doubled(self, shift: int) -> None:
        raise NotImplementedError


class Encoder(_Interval):
    """Integer arithmetic encoder: ``code(low, high, total)`` narrows the interval to the
    symbol whose cumulative frequencies are ``[low, high)`` out of ``total``."""

    def __init__(self) -> None:
        super().__init__()
        self.pending = 0
        self.bits: list[int] = []

    def _emit(self, bit: int) -> None:
        self.bits.append(bit)
        if self.pending:
            self.bits.extend([bit ^ 1] * self.pending)
            self.pending = 0

    def code(self, cum_low: int, cum_high: int, total: int) -> None:
        self.narrow(cum_low, cum_high, total)

    def _doubled(self, shift: int) -> None:
        if shift == _QUARTER:  # the middle half: the bit is known only later
            self.pending += 1
        else:
            self._emit(0 if shift == 0 else 1)

    def finish(self, keep_zeros: bool = False) -> bytes:
        """The code as bytes.  Trailing zero bits (which the decoder supplies itself) are
        left out, so the shortest spelling is the only one; with ``keep_zeros`` (link
        version 3) they stay, so that a decoder can tell when it reads past the code
        (``Decoder.overrun``)."""
        if self.pending:  # the textbook ending: two bits (and the pending ones) suffice
            self.pending += 1
            self._emit(0 if self.low < _QUARTER else 1)
        else:  # the fewest bits that, followed by zeros, fall within [low, high]
            for k in range(_BITS + 1):
                unit = 1 << (_BITS - k)
                point = (self.low + unit - 1) // unit * unit
                if point <= self.high:
                    for at in range(k):
                        self.bits.append((point >> (_BITS - 1 - at)) & 1)
                    break
        bits = self.bits
        while bits and not bits[-1] and not keep_zeros:
            bits.pop()
        out = bytearray((len(bits) + 7) // 8)
        for at, bit in enumerate(bits):
            if bit:
                out[at >> 3] |= 0x80 >> (at & 7)
        return bytes(out)


class Decoder(_Interval):
    """The decoder matching ``Encoder``: ``target(total)`` gives the cumulative frequency
    the next symbol's interval holds, ``take`` consumes that symbol."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0  # next bit
        self.end = len(data) * 8
        super().__init__()
        self.value = 0
        self.coded: list[tuple[int, int, int]] = []  # every interval taken, to spell it again
        for _ in range(_BITS):
            self.value = (self.value << 1) | self._bit()

    def _bit(self) -> int:
        at = self.at
        self.at = at + 1
        if at >= self.end:
            return 0
        return (self.data[at >> 3] >> (7 - (at & 7))) & 1

    def overrun(self) -> bool:
        """Whether the symbols taken so far need more bits than a code that keeps its
        trailing zeros holds.  The decoder reads one bit for each bit the encoder wrote for
        the same symbols, plus the ``_BITS`` it reads ahead, and the encoder wrote all of
        them: a real code never runs past its end, so damage or forgery is caught as soon
        as the decoder does, instead of after every move the link claims."""
        return self.at > self.end + _BITS

    def target(self, total: int) -> int:
        span = self.high - self.low + 1
        target = ((self.value - self.low + 1) * total - 1) // span
        # Within [0, total) for any code the encoder wrote; a damaged one is held inside
        # too, so that every interval taken is a real one (and is caught later).
        return max(0, min(total - 1, target))

    def take(self, cum_low: int, cum_high: int, total: int) -> None:
        self.coded.append((cum_low, cum_high, total))
        self.narrow(cum_low, cum_high, total)

    def _doubled(self, shift: int) -> None:
        self.value = ((self.value - shift) << 1) | self._bit()


# --- adaptive frequencies -------------------------------------------------------------------
START = 1  # every legal action's count in a fresh table ...
STEP = 24  # ... and what each occurrence adds: a fresh context learns fast


class Tables:
    """Adaptive frequency tables, one per context, created on first use."""

    def __init__(self) -> None:
        self.tables: dict[Any, list[int]] = {}

    def table(self, context: Any, size: int) -> list[int]:
        table = self.tables.get(context)
        if table is None or len(table) != size:
            table = self.tables[context] = [START] * size
        return table

    @staticmethod
    def update(table: list[int], index: int) -> None:
        table[index] += STEP
        total = 0
        for count in table:
            total += count
        if total >= MAX_TOTAL:  # halve, keeping every count at least 1
            for i, count in enumerate(table):
                table[i] = (count + 1) // 2


def interval(table: list[int], index: int) -> tuple[int, int, int]:
    """(cumulative low, cumulative high, total) of ``index`` in ``table``."""
    low = 0
    for count in table[:index]:
        low += count
    total = low
    for count in table[index:]:
        total += count
    return low, low + table[index], total


def find(table: list[int], target: int) -> int:
    """The index whose interval holds cumulative frequency ``target``."""
    cum = 0
    for index, count in enumerate(table):
        cum += count
        if target < cum:
            return index
    return len(table) - 1  # unreachable: ``Decoder.target`` is below the total


# --- models ---------------------------------------------------------------------------------
class Model:
    """How a game's action indices are coded: ``encode`` and ``decode`` see the game before
    the action and the legal actions' texts (at least two of them: a forced move is not
    coded at all).  The base class codes the index with one adaptive table per ``context``."""

    def __init__(self) -> None:
        self.tables = Tables()

    def context(self, game: Any, legal: Sequence[str]) -> Any:
        return len(legal)

    def encode(self, encoder: Encoder, game: Any, legal: Sequence[str], index: int) -> None:
        table = self.tables.table(self.context(game, legal), len(legal))
        encoder.code(*interval(table, index))
        self.tables.update(table, index)

    def decode(self, decoder: Decoder, game: Any, legal: Sequence[str]) -> int:
        table = self.tables.table(self.context(game, legal), len(legal))
        index = read(decoder, table)
        self.tables.update(table, index)
        return index


def read(decoder: Decoder, table: list[int]) -> int:
    """Decode one symbol under the frequencies ``table``."""
    total = 0
    for count in table:
        total += count
    index = find(table, decoder.target(total))
    decoder.take(*interval(table, index))
    return index


class KindModel(Model):
    """Any game: the kind of the action (its first word: ``capture``, ``trail``, ``play``,
    ``knock``...) with adaptive frequencies per set of kinds on offer, then which one of
    that kind, all equally likely.  Players' habits show in the kinds (a medium player
    captures whenever it can); which card is played, the kinds cannot say."""

    @staticmethod
    def _kinds(legal: Sequence[str]) -> tuple[list[str], list[str]]:
        of = [text.split(" ", 1)[0] for text in legal]
        return of, list(dict.fromkeys(of))

    def encode(self, encoder: Encoder, game: Any, legal: Sequence[str], index: int) -> None:
        of, kinds = self._kinds(legal)
        kind = kinds.index(of[index])
        if len(kinds) > 1:
            table = self.tables.table(tuple(kinds), len(kinds))
            encoder.code(*interval(table, kind))
            self.tables.update(table, kind)
        members = [i for i, k in enumerate(of) if k == of[index]]
        if len(members) > 1:
            at = members.index(index)
            encoder.code(at, at + 1, len(members))

    def decode(self, decoder: Decoder, game: Any, legal: Sequence[str]) -> int:
        of, kinds = self._kinds(legal)
        kind = 0
        if len(kinds) > 1:
            table = self.tables.table(tuple(kinds), len(kinds))
            kind = read(decoder, table)
            self.tables.update(table, kind)
        members = [i for i, k in enumerate(of) if k == kinds[kind]]
        at = 0
        if len(members) > 1:
            at = decoder.target(len(members))
            decoder.take(at, at + 1, len(members))
        return members[at]


# --- Abyssinia: a frozen copy of the medium level's judgement -----------------------------
# (pygame_core/opponents/abyssinia.py as of format version 2, with ``math.exp`` replaced by
# ``_exp`` and every float sum written out in a fixed order.)
_ROUNDS = 5
_LOW_RANK = tuple((r + 1) % 13 for r in range(13))
_LOW_LIMIT = 7
_FUTURE_BET = 1.0
_PACK = tuple(full_pack())


def _price(card: Card) -> int:
    rank = card[0]
    return 4 if rank == 12 else (2 if rank <= 3 else 1)


def _series_exp(x: float) -> float:
    """e**x for -0.25 <= x <= 0: nine terms of the series (error below 1e-13)."""
    term = 1.0
    total = 1.0
    for k in range(1, 10):
        term = term * x / k
        total = total + term
    return total


def _power(base: float, exponent: int) -> float:
    result = 1.0
    for _ in range(exponent):
        result = result * base
    return result


# e**(-n/4) for n = 0..160, built from the series by multiplication only.
_QUARTER_STEPS = tuple(_power(_series_exp(-0.25), n) for n in range(161))


def _exp(x: float) -> float:
    """e**x for x <= 0 from + - * / only: exact on every platform (and close enough)."""
    if x <= -40.0:
        return 0.0
    steps = int(x * -4.0)  # x = -steps / 4 + r, -0.25 < r <= 0
    r = x + steps * 0.25
    return _QUARTER_STEPS[steps] * (1.0 + r * (1.0 + r * (0.5 + r * (
        1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r * (1.0 / 720 + r / 5040)))))))


def _low_bad(cards: Sequence[Card]) -> tuple[int, int]:
    counts = rank_counts(cards)
    bad = 0
    top = 0
    for c in cards:
        if counts[c[0]] > 1 or _LOW_RANK[c[0]] > _LOW_LIMIT:
            bad += 1
        top = max(top, _LOW_RANK[c[0]])
    return bad, top


# A hand's tally: cards, rank counts, most of a rank, that rank, pairs, outs (unseen cards
# of its ranks), low spoilers, top low rank, unseen clean low cards, its one suit (or -1).
_Tally = tuple[int, list[int], int, int, int, int, int, int, int, int]


class _Counter:
    def __init__(self, unseen: Sequence[Card]) -> None:
        self.total = len(unseen)
        self.by_rank = rank_counts(unseen)
        self.by_suit = suit_counts(unseen)

    def both(self, cards: Sequence[Card]) -> tuple[float, float]:
        """(high strength, low strength) of ``cards``: the medium level's ``high`` and
        ``low``, from one count of the ranks (the same arithmetic in the same order)."""
        if len(cards) == 5:
            category, ranks = HIGH_CLASSES[high_key(cards)]
            return category + ranks[0] / 13, low_key(cards) / 700
        return self.value(self.tally(cards))

    def tally(self, cards: Sequence[Card]) -> _Tally:
        """What ``value`` needs of a hand of up to four cards, counted once."""
        counts = [0] * 13
        for c in cards:
            counts[c[0]] += 1
        by_rank = self.by_rank
        top = rank = pairs = outs = bad = low_top = clean_count = 0
        for r in range(13):
            k = counts[r]
            if k:
                if k >= top:  # the most of a rank, the highest such rank
                    top, rank = k, r
                if k == 2:
                    pairs += 1
                outs += by_rank[r]
                bad += k if k > 1 else (1 if _LOW_RANK[r] > _LOW_LIMIT else 0)
                low_top = max(low_top, _LOW_RANK[r])
            elif _LOW_RANK[r] <= _LOW_LIMIT:
                clean_count += by_rank[r]
        suit = cards[0][1] if cards and all(c[1] == cards[0][1] for c in cards) else -1
        return (len(cards), counts, top, rank, pairs, outs, bad, low_top, clean_count, suit)

    def plus(self, tally: _Tally, card: Card) -> _Tally:
        """The tally of a hand with one card more, from the hand's own."""
        n, counts, top, rank, pairs, outs, bad, low_top, clean_count, suit = tally
        r = card[0]
        old = counts[r]
        k = old + 1
        counts = list(counts)
        counts[r] = k
        if (k, r) > (top, rank):
            top, rank = k, r
        pairs += (k == 2) - (old == 2)
        low = _LOW_RANK[r]
        if old:
            bad += k - (old if old > 1 else (1 if low > _LOW_LIMIT else 0))
        else:
            outs += self.by_rank[r]
            bad += 1 if low > _LOW_LIMIT else 0
            if low <= _LOW_LIMIT:
                clean_count -= self.by_rank[r]
        low_top = max(low_top, low)
        suit = card[1] if n == 0 or suit == card[1] else -1
        return (n + 1, counts, top, rank, pairs, outs, bad, low_top, clean_count, suit)

    def value(self, tally: _Tally) -> tuple[float, float]:
        n, _, top, rank, pairs, outs, bad, low_top, clean_count, suit = tally
        # High: made strength (category plus top rank) and the chance to improve.
        base = 0.0
        if n:
            category = {4: 7, 3: 6 if pairs else 3, 2: 2 if pairs >= 2 else 1}.get(top, 0)
            base = category + rank / 13
        left = _ROUNDS - n
        gain = 0.9 * chance_of_any(self.total, 2 * left, outs)
        if n >= 2 and suit >= 0:  # a flush draw
            p = 1.0
            for i in range(left):
                p *= max(0, self.by_suit[suit] - i) / max(1, self.total - i) * 2.5
            gain = max(gain, min(1.0, p) * (5 - base))
        # Low: the cards that spoil it, the top card, the chance the rest spoil it.
        miss = 1 - clean_count / max(1, self.total)
        spoil = left * (miss * miss * miss)
        return base + gain, 8.8 - 2.2 * (bad + spoil) - 0.25 * low_top


class _Half:
    """Medium's soft share of one half of the pot against the other active players'
    strengths ``others``: my weight ``e**(k * (mine - best))`` among everyone's.  The
    others' weights are summed once (in seat order) for as long as the best is theirs."""

    def __init__(self, others: Sequence[float], sharpness: float) -> None:
        self.others = others
        self.sharpness = sharpness
        self.best = others[0] if others else 0.0
        for s in others:
            self.best = max(self.best, s)
        self.weights = 0.0
        for s in others:
            self.weights = self.weights + _exp(sharpness * (s - self.best))

    def share(self, mine: float) -> float:
        if not self.others:
            return 1.0
        if mine <= self.best:
            me = _exp(self.sharpness * (mine - self.best))
            return me / (me + self.weights)
        weights = 0.0
        for s in self.others:
            weights = weights + _exp(self.sharpness * (s - mine))
        return 1.0 / (1.0 + weights)


class AbyssiniaModel(Model):
    """The context of an Abyssinia decision: what the frozen medium judgement would play
    (its index among the legal actions), the kind of decision and the seat.  It reads the
    engine's own state (``hands``, ``market``, ``status``...) rather than
    ``observation()``, which copies every finished deal's record and would make decoding
    a long match quadratic."""

    def context(self, game: Any, legal: Sequence[str]) -> Any:
        seat = game.current_player
        kind = (legal[0], len(legal))  # buying, opening, facing a bet (capped or not)
        guess = _index(legal, self.predict(game, legal))
        return (kind, guess, _index(legal, self.easy(game, legal)), seat)

    def easy(self, game: Any, legal: Sequence[str]) -> str:
        """The easy level's rules of thumb (frozen like ``predict``)."""
        hand: list[Card] = game.hands[game.current_player]
        counts = rank_counts(hand)
        bad, low_top = _low_bad(hand)
        if game.phase == "buy":
            market: list[Card] = game.market
            useful = [i for i in (0, 1) if counts[market[i][0]]
                      or (bad == 0 and _LOW_RANK[market[i][0]] <= _LOW_LIMIT)]
            if useful:
                return ("buy left", "buy right")[min(useful, key=lambda i: (_price(market[i]), i))]
            cheap = min((0, 1), key=lambda i: (_price(market[i]), i))
            return ("buy left", "buy right")[cheap] if _price(market[cheap]) == 1 else "buy blind"
        top = max(counts)
        pairs = 0
        for k in counts:
            if k >= 2:
                pairs += 1
        strong = top >= 3 or pairs >= 2 or (bad == 0 and len(hand) >= 3 and low_top <= 5)
        if strong:
            for action in ("raise", "bet", "call"):
                if action in legal:
                    return action
        if "check" in legal:
            return "check"
        return "call" if strong or top >= 2 or bad == 0 or game.round <= 2 else "fold"

    def predict(self, game: Any, legal: Sequence[str]) -> str:
        seat: int = game.current_player
        n: int = game.n
        hands: list[list[Card]] = game.hands
        status: list[str] = game.status
        others = [s for s in range(n) if s != seat and status[s] == "active"]
        players = len(others) + 1
        buying = game.phase == "buy"
        seen = set(game.market)
        for h in hands:
            seen.update(h)
        unseen = [c for c in _PACK if c not in seen]
        counter = _Counter(unseen)
        hand = hands[seat]
        rnd: int = game.round
        bets_left = _ROUNDS - rnd + (1 if buying else 0)
        buys_left = _ROUNDS - len(hand)
        other_hands = [hands[s] for s in others]
        highs: list[float] = []
        lows: list[float] = []
        for h in other_hands:
            high, low = counter.both(h)
            highs.append(high)
            lows.append(low)
        held = _ROUNDS
        for h in other_hands:
            held = min(held, len(h))

        halves: dict[int, tuple[_Half, _Half]] = {}

        def equity(cards: int, strengths: tuple[float, float]) -> tuple[float, float]:
            h = min(held, cards)
            pair = halves.get(h)
            if pair is None:
                pair = halves[h] = (_Half(highs, 1.2 + 0.7 * h), _Half(lows, 0.5 + 0.3 * h))
            return pair[0].share(strengths[0]), pair[1].share(strengths[1])

        pot: float = game.pot + players * (bets_left * _FUTURE_BET + buys_left * 1.5)
        if buying:
            own = counter.tally(hand)  # a buyer holds four cards at most

            def worth(card: Card) -> float:
                more = [*hand, card]
                strengths = counter.both(more) if len(more) == 5 else \
                    counter.value(counter.plus(own, card))
                high, low = equity(len(more), strengths)
                return (high + low) / 2 * (pot + _price(card)) - _price(card)

            values = [worth(game.market[0]), worth(game.market[1])]
            # The blind card: any unseen card.  Cards of one rank are worth the same unless
            # the suit can make a flush, so each rank is valued once (or once per suit).
            flush_suit = hand[0][1] if len(hand) >= 1 and all(
                c[1] == hand[0][1] for c in hand) else -1
            memo: dict[tuple[int, bool], float] = {}
            blind = 0.0
            for c in unseen:
                key = (c[0], c[1] == flush_suit)
                value = memo.get(key)
                if value is None:
                    value = memo[key] = worth(c)
                blind = blind + value
            values.append(blind / len(unseen))
            best = 0
            for i in (1, 2):
                if values[i] > values[best]:
                    best = i
            return ("buy left", "buy right", "buy blind")[best]
        to_call = game.outstanding - game.put[seat]
        later = bets_left * _FUTURE_BET + buys_left * 1.5
        high, low = equity(len(hand), counter.both(hand))
        eq = (high + low) / 2
        value = eq * (pot + to_call) - to_call - later
        fair = 1 / players
        if "fold" in legal and value < 0:
            return "fold"
        if "raise" in legal and eq > 1.45 * fair:
            return "raise"
        if "bet" in legal:
            return "bet" if eq > 1.2 * fair else "check"
        return "call"


def _index(legal: Sequence[str], action: str) -> int:
    return legal.index(action) if action in legal else -1


def model_for(game_name: str) -> Model:
    """A fresh model of a game's moves (format version 2)."""
    from .registry import SPECS

    if game_name in SPECS and SPECS[game_name].link_model == "predicted":
        return AbyssiniaModel()
    return KindModel()
