"""One analysis of a position for a seat: the coach's hint, review and note all read it.

Every candidate play is scored in the same deals of the unseen cards (each game's
``Scorer``), at one depth per game, with the chance of those deals seeded from the
position itself (``position_seed``): the same position always gives the same analysis.
The hint is the analysis's best play; the review of a past decision is the same analysis
of that position, so a play the hint advised is its best and is never marked.

A play is marked only when its cost against the best is clearly beyond the noise of the
figures, after allowing for the number of plays compared (``mark_z``: a one-sided 5% test
with a Bonferroni correction, so more alternatives need a larger margin), and beyond the
game's smallest cost worth a word (``MIN_COST``).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..i18n import _, number, pgettext
from ..opponents import SearchOpponent, make_opponent
from ..opponents.search import RACE_EVERY, RACE_START, race

ALPHA = 0.05  # the chance of a mark standing on noise alone, over all the plays compared
MIN_COST = 0.75  # and a mark needs at least this much, in the game's unit
SLICE_SECONDS = 0.008  # the page gets control back at least this often

Values = dict[str, list[float]]  # each candidate's value in each deal, paired by index


def position_seed(obs: Mapping[str, Any]) -> int:
    """A seed read from the position itself: the seat's observation, as canonical JSON."""
    text = json.dumps(obs, sort_keys=True, default=str, separators=(",", ":"))
    # BLAKE2 (built into every Python, the page's too): stable across runs, unlike ``hash``.
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 11


def upper_z(p: float) -> float:
    """The z whose upper tail under the normal curve is ``p`` (bisection on ``erfc``;
    ``statistics.NormalDist`` would add that module to the page's start-up)."""
    low, high = 0.0, 10.0
    for _step in range(60):
        mid = (low + high) / 2
        if 0.5 * math.erfc(mid / math.sqrt(2)) > p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def mark_z(compared: int) -> float:
    """How many standard errors a cost must exceed when the best of ``compared + 1`` plays
    is set against the one played (Bonferroni: ALPHA shared by the comparisons)."""
    return upper_z(ALPHA / max(1, compared))


class Scorer(Protocol):
    """How a game's plays are scored in a position: ``unit`` names the figures."""

    unit: str

    def candidates(self, obs: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
        """The plays worth scoring, and every other legal play that is the same as one of
        them (a trail of an equal card) -> that one."""
        ...

    def score(self, obs: Mapping[str, Any], candidates: list[str], seed: int
              ) -> Generator[None, None, tuple[Values, list[str], dict[str, Any]]]:
        """Each candidate's value in each deal of the unseen cards, the candidates still in
        at the end (the rest were dropped as clearly behind), and any figures the game's
        reasons read (Abyssinia's shares of the pot)."""
        ...


@dataclass(frozen=True)
class Analysis:
    """Every candidate's figures in one position for ``seat``."""

    game: str
    seat: int
    unit: str
    legal: tuple[str, ...]
    values: Values
    finalists: tuple[str, ...]
    stands_for: dict[str, str] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)  # the game's own figures

    def of(self, action: str) -> str:
        """The candidate ``action`` is scored as (itself, or the equal play scored)."""
        return self.stands_for.get(action, action)

    def mean(self, action: str) -> float:
        got = self.values[self.of(action)]
        return math.fsum(got) / len(got) if got else 0.0

    @property
    def means(self) -> dict[str, float]:
        return {a: self.mean(a) for a in self.values}

    @property
    def best(self) -> str:
        """The play the analysis rates best (the first of equals, in the legal order)."""
        return max(self.finalists, key=self.mean)

    @property
    def deals(self) -> int:
        """How many deals of the unseen cards the best was scored in."""
        return len(self.values[self.best])

    def cost(self, action: str) -> tuple[float, float]:
        """The best's value minus ``action``'s over the deals both were scored in, and the
        standard error of that difference (0 and 0 for the best itself)."""
        best, mine = self.values[self.best], self.values[self.of(action)]
        if self.of(action) == self.best:
            return 0.0, 0.0
        n = min(len(best), len(mine))
        diffs = [b - m for b, m in zip(best[:n], mine[:n], strict=True)]
        if n == 0:
            return 0.0, math.inf
        mean = math.fsum(diffs) / n
        if n == 1:
            return mean, math.inf
        spread = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(spread / n)

    @property
    def z(self) -> float:
        return mark_z(len(self.values) - 1)

    def margin(self, action: str) -> float:
        """The noise allowance for ``action``'s cost: ``z`` standard errors."""
        return self.z * self.cost(action)[1]

    def marked(self, action: str) -> bool:
        """Whether playing ``action`` is a mistake clearly beyond the noise."""
        if self.of(action) == self.best:
            return False
        cost, stderr = self.cost(action)
        return cost > max(self.z * stderr, MIN_COST)

    def runner_up(self) -> str | None:
        """The candidate rated next after the best (None when there is only one)."""
        others = [a for a in self.values if a != self.best]
        return max(others, key=self.mean) if others else None


# The analyses made last, by position, scorer and candidates: a deal's review reads again
# the analyses its hints and notes made rather than working them out twice.  The same
# position always gives the same analysis, so this changes no figure, only the time.
RECENT_KEPT = 64
_recent: OrderedDict[tuple[str, Scorer, int, tuple[str, ...]], Analysis] = OrderedDict()


def forget_recent() -> None:
    """Drop the analyses kept (a test that must work one out again)."""
    _recent.clear()


def analyse(game: str, obs: Mapping[str, Any], scorer: Scorer, also: str | None = None
            ) -> Generator[None, None, Analysis]:
    """The analysis of ``obs`` (one seat's observation) as sliced work.  ``also``: a legal
    play to score besides the candidates (the one a player made, under review); a
    candidate, or a play equal to one, changes nothing."""
    legal = [str(a) for a in obs["legal"]]
    candidates, stands_for = scorer.candidates(obs)
    if also is not None and also in legal and also not in candidates and also not in stands_for:
        candidates = [*candidates, also]
    seed = position_seed(obs)
    key = (game, scorer, seed, tuple(candidates))
    if key in _recent:
        _recent.move_to_end(key)
        return _recent[key]
    notes: dict[str, Any] = {}
    if len(candidates) == 1:
        values: Values = {candidates[0]: []}
        finalists = list(candidates)
    else:
        values, finalists, notes = yield from scorer.score(obs, candidates, seed)
    analysis = Analysis(game, obs["seat"], scorer.unit, tuple(legal), values,
                        tuple(finalists), stands_for, notes)
    _recent[key] = analysis
    while len(_recent) > RECENT_KEPT:
        _recent.popitem(last=False)
    return analysis


@dataclass(frozen=True)
class SearchScorer:
    """Scores by the hard opponent's own parts: its reading of the plays (``read``), its
    deals of the unseen cards (``world``) and its playouts (``action_value``), every
    candidate in the same deals; ``race_z``: candidates that far behind the leader stop
    being played out (as hard's racing does)."""

    game: str
    deals: int
    race_z: float | None
    candidates_of: Callable[[Mapping[str, Any]], tuple[list[str], dict[str, str]]]
    unit: str

    def candidates(self, obs: Mapping[str, Any]) -> tuple[list[str], dict[str, str]]:
        return self.candidates_of(obs)

    def score(self, obs: Mapping[str, Any], candidates: list[str], seed: int
              ) -> Generator[None, None, tuple[Values, list[str], dict[str, Any]]]:
        adviser = make_opponent(self.game, "hard", obs["seat"], seed)
        if not isinstance(adviser, SearchOpponent):
            raise TypeError(f"the hard level of {self.game} does not search")
        read: Callable[[Any], Generator[None, None, None]] | None = getattr(
            adviser, "read", None)
        if read is not None:
            yield from read(obs)
        values: Values = {a: [] for a in candidates}
        live = list(candidates)
        clock = time.perf_counter
        slice_start = clock()
        for done in range(1, self.deals + 1):
            world = adviser.world(obs, adviser.rng)
            for action in live:
                work = adviser.action_value_slices(world, action)
                while True:
                    try:
                        next(work)
                    except StopIteration as end:
                        values[action].append(float(end.value))
                        break
                    if clock() - slice_start > SLICE_SECONDS:
                        yield
                        slice_start = clock()
                if clock() - slice_start > SLICE_SECONDS:
                    yield
                    slice_start = clock()
            if self.race_z is not None and done >= RACE_START \
                    and (done - RACE_START) % RACE_EVERY == 0:
                live = race(live, values, self.race_z)
                if len(live) == 1:
                    break
        return values, live, {}


def same_as_first(legal: Sequence[str], kept: Sequence[str],
                  key: Callable[[str], Any]) -> dict[str, str]:
    """Each legal play not kept whose ``key`` equals a kept play's -> the first such."""
    first: dict[Any, str] = {}
    for action in kept:
        first.setdefault(key(action), action)
    return {a: first[key(a)] for a in legal if a not in kept and key(a) in first}


def margin_words(margin: float) -> str:
    """A figure's noise allowance in words: never "±0.0" for a figure that is an estimate."""
    if margin >= 0.095:
        return f"±{number(margin, 1)}"
    if margin >= 0.005:
        return f"±{number(margin, 2)}"
    # Translators: the uncertainty of an estimate too small to write with two decimals.
    return _("±less than {amount}").format(amount=number(0.01, 2))


def amount_words(unit: str, value: float) -> str:
    """An estimated figure in the game's unit ("1.2 points"): a decimal, so one form."""
    amount = number(value, 1)
    if unit == "points":
        # Translators: {amount} is a decimal estimate such as 1.2 (Avissinia's points).
        return _("{amount} points").format(amount=amount)
    if unit == "penalties":
        # Translators: {amount} is a decimal estimate such as 1.2 (Avinas's penalty pips).
        return _("{amount} penalties").format(amount=amount)
    if unit == "chips":
        # Translators: {amount} is a decimal estimate such as 1.2 (Abyssinia's chips).
        return _("{amount} chips").format(amount=amount)
    return f"{amount} {unit}"


# The best play's gain over the next best in the game's words: ``more(amount, play)``,
# e.g. "about 1.2 points more than trailing the 7♣".
More = Callable[[str, str], str]


def versus(analysis: Analysis, said: Callable[[str], str], more: More) -> str:
    """The best play set against the next best, in words: "about 1.2 points more than
    trailing the 7♣" (``more`` says it in the game's unit and direction); "about as
    good as ..." when the difference is within the figures' uncertainty, "as good as ..."
    when they are worth the same to a tenth.  "" with one candidate."""
    other = analysis.runner_up()
    if other is None:
        return ""
    gain, _unused = analysis.cost(other)
    if gain < 0.05:
        # Translators: {play} is another play, e.g. "trailing the 7♣".
        return _("as good as {play}").format(play=said(other))
    if gain <= analysis.margin(other):
        return _("about as good as {play}").format(play=said(other))
    return more(number(gain, 1), said(other))


def joined(*parts: str) -> str:
    """The reason's parts that say something, as one clause list."""
    kept = [p for p in parts if p]
    text = kept[0] if kept else ""
    for part in kept[1:]:
        # Translators: clauses of the coach's reasons, one added to the list so far (the
        # separator is the language's: Greek writes "·", not ";").
        text = pgettext("clauses", "{clauses}; {clause}").format(clauses=text, clause=part)
    return text
