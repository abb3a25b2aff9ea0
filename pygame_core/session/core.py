"""The session's core: one object that owns a game being played and every decision about
it, its opponents, its saves and its statistics.

Pure Python, run by the page (``web/main.py``) and by the terminal alike, and tested under
CPython.  It never draws, waits or posts: each call returns ``Effects`` saying what the
front end must do (draw, announce, post to the parent, schedule the next computer move,
say).  Storage goes through ``storage.SiteStorage``: a dict in tests, localStorage on the
page.  What the page shows of it (its screens, panels and commands) is ``screens.Session``.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from ..base import Game, GameError
from ..engines import new_game
from ..i18n import _
from ..links import DEFAULT_LEVEL, Link, clean_levels, read_link
from ..opponents import Opponent, make_opponent
from ..opponents.search import thinking_seconds
from ..slices import drive
from ..views import narrate
from ..views.panels import Entry
from .history import history_entries, rebuild, round_of, undo_point
from .host import message
from .storage import (
    OTHER_TAB,
    UNFINISHED,
    Keys,
    SiteStorage,
    Slot,
    Storage,
    read_slot,
    record_result,
    wrap_save,
)

# A number in a page command's key (a deal, a seat, a step): read as ASCII digits, this many
# at most (a link holds at most 50,000 moves).
KEY_DIGITS = 6
HUMAN = 0


def seat_opponent(game: str, level: str, seat: int, seed: int) -> Opponent:
    """The computer player the page seats: ``make_opponent``, or the random baseline while
    a game has no opponents module of its own yet (the table stays playable)."""
    try:
        return make_opponent(game, level, seat, seed)
    except ModuleNotFoundError as exc:
        if exc.name != f"pygame_core.opponents.{game}":
            raise
        return Opponent(game, seat, seed)


@dataclasses.dataclass
class Work:
    """Work the front end drives in slices, letting the browser run between them (the
    page's ``run_sliced``; ``slices.drive`` under CPython): ``steps`` yields after each
    slice (a number: wait that many milliseconds first) and returns a result, which goes to
    ``done`` for what to do next.  The work is dropped as soon as ``still()`` is false (the
    table moved on)."""

    steps: Generator[float | None, None, Any]
    done: Callable[[Any], Effects]
    still: Callable[[], bool] = lambda: True
    # Long work (reading a long replay link): where it has got to, in words, shown as the
    # loading screen's text between slices.
    progress: Callable[[], str] | None = None


@dataclasses.dataclass
class Effects:
    """What the front end must do after a call."""

    draw: bool = False
    announce: list[str] = dataclasses.field(default_factory=list)
    post: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    schedule_ms: int | None = None  # run ``step`` again after this many milliseconds
    say: str = ""
    panel: str | None = None  # HTML to show in the dialog (opened if closed)
    close_panel: bool = False
    update: dict[str, str] = dataclasses.field(default_factory=dict)  # element id -> HTML
    copy: str = ""  # text for the clipboard (a link, a snippet)
    download: tuple[str, str] | None = None  # (file name, text) to offer as a file
    work: Work | None = None  # sliced work to drive (a hint, a review, a replay playing)
    language: str = ""  # a language to speak from now on (its catalogue loaded first)

    def merge(self, other: Effects) -> Effects:
        self.draw = self.draw or other.draw
        self.announce += other.announce
        self.post += other.post
        if other.schedule_ms is not None:
            self.schedule_ms = other.schedule_ms
        self.say = other.say or self.say
        self.work = other.work or self.work
        self.panel = self.panel if other.panel is None else other.panel
        self.update.update(other.update)
        self.copy = other.copy or self.copy
        self.close_panel = self.close_panel or other.close_panel
        self.download = other.download or self.download
        self.language = other.language or self.language
        return self


def finish_work(effects: Effects | None) -> Effects | None:
    """Under CPython (tests, scripts): run an answer's background work to its end, in one
    go, and merge what its end asks for (the page runs it in slices instead)."""
    while effects is not None and effects.work is not None:
        work, effects.work = effects.work, None
        result, _unused = drive(work.steps)
        effects = effects.merge(work.done(result))
    return effects


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def same_deal(a: Game[Any, Any], b: Game[Any, Any]) -> bool:
    return a.NAME == b.NAME and a.seed == b.seed and a.options_dict() == b.options_dict()


class Table:
    """A game at the table: the game, the levels, the opponents, the summary shown, the
    narration and the statistics."""

    def __init__(self, store: Storage, pace: int = 800, stamp: Callable[[], str] = now,
                 keys: Keys | None = None) -> None:
        self.keys = keys or Keys()
        self.saved = SiteStorage(store, self.keys)  # every read and write of storage
        self.current_key = self.keys.current  # a slot instead, once another tab took it
        self.pace = pace
        self.stamp = stamp
        self.game: Game[Any, Any] | None = None
        self.levels: list[str] = [DEFAULT_LEVEL] * 3
        self.opponents: dict[int, Opponent] = {}
        self.summary: int | None = None
        self.narration = ""
        self.notice = ""
        self.reported_over = False
        self.stats = self.saved.stats()
        self.entries: list[Entry] = []
        self.paused = False  # by the host page: the computer players wait
        self.read_only = False  # a finished match opened from a replay link
        # While a finished deal's summary is up: that deal as it ended (its last trick,
        # captures or showdown), which the table shows until the player deals the next.
        self.finished: Game[Any, Any] | None = None

    # --- starting -----------------------------------------------------------------
    def begin(self, game: Game[Any, Any], levels: list[str], narration: str = "") -> Effects:
        self.game = game
        self.read_only = False
        self.levels = clean_levels(list(levels), game.num_players - 1)
        self.opponents = {
            seat: seat_opponent(game.NAME, self.levels[seat - 1], seat, game.seed)
            for seat in range(1, game.num_players)
        }
        self.summary = None
        self.finished = None
        self.reported_over = game.is_over
        self.narration = narration or narrate(game.observation(HUMAN))
        self.entries = history_entries(game, HUMAN)
        self.autosave()
        return Effects(draw=True, schedule_ms=self.next_delay(), say=self.saved.take_dropped())

    def new_deal(self, name: str, options: Mapping[str, Any], levels: list[str],
                 seed: int | None = None) -> Effects:
        seed = random.randrange(2**53) if seed is None else seed
        return self.begin(new_game(name, seed=seed, **options), levels)

    def start_from_address(
        self, query: Sequence[tuple[str, str]] | Mapping[str, str]
    ) -> Effects:
        """Open the page: a link's deal, else the game in progress, else the start screen.
        ``query`` is the address's query as pairs in order (a repeated key is refused)."""
        pairs = list(query.items()) if isinstance(query, Mapping) else list(query)
        try:
            link = read_link(pairs)
            game = link.start() if link.game is not None else None
        except GameError as exc:
            return self.refuse_link(exc)
        current = self.follow_link(link)
        if game is not None:
            if current and same_deal(current.game, game):
                return self.begin(current.game, list(link.levels or current.levels))
            if current and not current.game.is_over:  # keep it: the link starts another
                self.put_aside(UNFINISHED,
                               wrap_save(current.game, current.levels, "", self.stamp()))
            return self.begin(game, list(link.levels or self.levels))
        if current:
            return self.begin(current.game, current.levels)
        return Effects(draw=True, say=self.saved.take_dropped())

    def refuse_link(self, exc: GameError) -> Effects:
        """A link (a deal's, a lesson's) that cannot be opened: the start screen says why."""
        self.notice = _("This link does not work: {reason}").format(reason=exc)
        return Effects(draw=True)

    def follow_link(self, link: Link) -> Slot | None:
        """A link that opens: its pace taken, and the game in progress (kept, whatever the
        link starts)."""
        if link.speed is not None:
            self.pace = link.speed
        return self.load_current()

    def put_aside(self, label: str, text: str) -> str:
        """Keep ``text`` in a slot of its own, named by the time, within the budget of such
        slots (the next effects say which were dropped); returns the slot's key."""
        return self.saved.put_aside(label, text, self.stamp(), in_use=self.current_key)

    def load_current(self) -> Slot | None:
        current, notice = self.saved.take_current(self.stamp())
        self.notice = notice or self.notice
        return current

    def load_slot(self, key: str) -> Effects:
        try:
            loaded = self.saved.read_slot(key)
        except GameError as exc:
            # Translators: {name} is a save's name, {reason} why it cannot be loaded.
            return Effects(draw=True, say=_("“{name}” cannot be loaded: {reason}").format(
                name=self.saved.slot_name(key), reason=exc))
        return self.begin(loaded.game, loaded.levels).merge(
            Effects(say=_("Loaded “{name}”.").format(name=self.saved.slot_name(key))))

    def import_text(self, text: str, file_name: str) -> Effects:
        """An imported file: kept in Saves (the player is told if it cannot be) and begun."""
        try:
            loaded = read_slot(text)
        except GameError as exc:
            # Translators: {file} is a file's name, {reason} why it cannot be imported.
            return Effects(draw=True, say=_("{file} cannot be imported: {reason}").format(
                file=file_name, reason=exc))
        name = loaded.name or file_name.removesuffix(".json")
        kept = self.saved.write_slot(name, wrap_save(
            loaded.game, loaded.levels, name, loaded.saved_at or self.stamp()))
        effects = self.begin(loaded.game, loaded.levels)
        effects.say = (_("Imported “{name}”.").format(name=name) if kept else
                       _("Imported “{name}”, but it could not be kept in Saves: "
                         "{reason}.").format(name=name, reason=self.saved.problem
                                             or _("the browser refused to store it")))
        return effects

    def other_tab_wrote(self, text: str | None) -> Effects:
        """Another tab of this site wrote the game in progress.  If it is not this tab's
        game, this tab keeps its own in a slot of its own from now on, so neither tab's game
        is ever overwritten, and says so."""
        game = self.game
        if game is None or game.is_over or self.current_key != self.keys.current:
            return Effects()
        try:
            theirs = read_slot(text) if text else None
        except GameError:
            theirs = None
        if theirs is not None and same_deal(theirs.game, game) \
                and theirs.game.history == game.history:
            return Effects()
        self.current_key = self.put_aside(
            OTHER_TAB, wrap_save(game, self.levels, "", self.stamp()))
        name = self.saved.slot_name(self.current_key)
        told = _("This site is open in another tab, which now keeps its own game in progress. "
                 "This tab's game is saved as “{name}” in Saves.").format(name=name)
        return Effects(say=f"{told} {self.saved.take_dropped()}".strip())

    def save_as(self, name: str) -> Effects:
        if not name or self.game is None:
            return Effects(say=_("Give the save a name first."))
        text = wrap_save(self.game, self.levels, name, self.stamp())
        if self.saved.write_slot(name, text):
            return Effects(say=_("Saved as “{name}”.").format(name=name))
        return Effects(say=self.saved.problem or _("Could not save."))

    def autosave(self) -> None:
        if self.game is None or self.read_only:
            return
        self.saved.write_current(self.current_key, wrap_save(
            self.game, self.levels, "Game in progress", self.stamp()))

    # --- moves ----------------------------------------------------------------------
    def waiting_for_computer(self) -> bool:
        game = self.game
        return (game is not None and self.summary is None and not game.is_over
                and game.current_player != HUMAN and not self.paused and not self.read_only)

    def my_turn(self) -> bool:
        game = self.game
        return (game is not None and self.summary is None and not game.is_over
                and game.current_player == HUMAN and not self.read_only)

    def next_delay(self) -> int | None:
        return self.pace if self.waiting_for_computer() else None

    def play(self, action: str) -> Effects:
        game = self.game
        assert game is not None
        rounds = round_of(game.observation(HUMAN))
        deals = game.deals_finished
        seat = game.current_player
        before = game.clone()
        game.apply(action)
        obs = game.observation(HUMAN)
        self.narration = narrate(obs)
        if round_of(obs) > rounds:
            self.summary = round_of(obs) - 1
            self.finished = None if game.is_over else before.deal_end(action)
        self.autosave()
        text = self.narration or str(game.history[-1])
        self.entries.append((rounds, -1 if seat is None else seat, text))
        effects = Effects(draw=True, announce=[text], schedule_ms=self.next_delay())
        if game.deals_finished > deals:
            effects.post.append(message(
                "deal-over", game=game.NAME, deal=game.deals_finished,
                scores=list(game.scores), round_scores=list(game.round_scores)))
        if game.is_over and not self.reported_over:
            self.reported_over = True
            score = game.scores[HUMAN] if game.scores else 0
            self.stats = record_result(
                self.stats, game.NAME, won=HUMAN in game.winners, score=score)
            self.saved.write_stats(self.stats)
            effects.post.append({"type": "game over", "game": game.NAME,
                                 "winners": list(game.winners), "scores": list(game.scores),
                                 "you_won": HUMAN in game.winners})
            effects.post.append(message(
                "game-over", game=game.NAME, winners=list(game.winners),
                scores=list(game.scores), you_won=HUMAN in game.winners))
        return effects

    def human_play(self, action: str) -> Effects:
        """The human's move; nothing happens if it is not the human's turn or not legal."""
        if not self.my_turn() or self.game is None:
            return Effects()
        if action not in self.game.observation(HUMAN)["legal"]:
            return Effects()
        return self.play(action)

    def computer_thinking(self, budget_ms: float | None = None
                          ) -> Generator[None, None, str | None]:
        """The computer player to move thinks, as sliced work: it yields between slices
        (the page lets the browser run there) and returns the chosen action, which the
        caller plays with ``play`` (the page first waits out the rest of the pace's pause).
        None if no computer player is to move.  ``budget_ms`` is the per-decision thinking
        time (from the pace), for the searches that take one."""
        if not self.waiting_for_computer() or self.game is None:
            return None
        seat = self.game.current_player
        assert seat is not None
        opponent = self.opponents[seat]
        # Hard searches for most of the pause the page waits anyway (Normal 800 ms: 0.7 s);
        # the heuristic levels decide at once whatever the time.
        obs = self.game.observation(seat)
        if budget_ms is None and not self.pace:
            # Instant: the level's own fixed budget, as before (and the same moves for a
            # seed on any machine, which the tests and links rely on).
            action: str = yield from opponent.think(obs)
            return action
        seconds = thinking_seconds(self.pace) if budget_ms is None else budget_ms / 1000
        action = yield from opponent.think_for(obs, seconds)
        return action

    def step(self, go_on: Callable[[], bool] | None = None,
             budget_ms: float | None = None) -> Effects:
        """One computer player's move in one go (tests, the terminal); ``go_on`` may
        abandon the thinking."""
        action, _unused = drive(self.computer_thinking(budget_ms), go_on)
        return Effects() if action is None else self.play(action)

    def thinking_seat(self) -> int | None:
        return self.game.current_player if self.waiting_for_computer() and self.game else None

    # --- undo, hints, the next round ----------------------------------------------------
    def undo_available(self) -> bool:
        """A play of the human's to take back (none in a read-only replay)."""
        return (self.game is not None and not self.read_only
                and undo_point(self.game, HUMAN) is not None)

    def undo(self) -> Effects:
        cut = None if self.game is None or self.read_only else undo_point(self.game, HUMAN)
        if self.game is None or cut is None:
            return Effects(say=_("There is no play of yours to undo."))
        text = _("You took back your last play.")
        effects = self.begin(rebuild(self.game, cut), self.levels, narration=text)
        effects.announce.append(text)
        return effects

    def hint_work(self) -> Generator[None, None, tuple[str, str] | None]:
        """The coach's move for the human and why, as sliced work: the play its analysis of
        the position rates best (the review of this position reads the same analysis);
        None when it is not the human's turn or the game has no coach."""
        if not self.my_turn() or self.game is None:
            return None
        from ..coach import hint_work

        return (yield from hint_work(self.game.NAME, self.game.observation(HUMAN)))

    def hint(self, go_on: Callable[[], bool] | None = None) -> tuple[str, str] | None:
        """``hint_work`` in one go; None if abandoned by ``go_on``."""
        result, _unused = drive(self.hint_work(), go_on)
        return result

    def next_round(self) -> Effects:
        """The finished deal's summary closed: the next deal is dealt on the table."""
        self.summary = None
        self.finished = None
        return Effects(draw=True, schedule_ms=self.next_delay())

    def rematch(self) -> Effects:
        if self.game is None:
            return Effects()
        options = {k: v for k, v in self.game.options_dict().items() if k != "deck"}
        return self.new_deal(self.game.NAME, options, self.levels)

    def reset_stats(self) -> Effects:
        self.stats = {}
        self.saved.clear_stats()
        return Effects(draw=True)

    def last_play(self) -> Effects:
        text = self.narration or _("No play yet.")
        # Translators: {play} is the last play as the narration says it.
        return Effects(announce=[text], say=_("Last play: {play}").format(play=text))
