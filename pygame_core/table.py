"""The table session: one object that owns a game being played and every decision about it.

Pure Python, run by the page (``web/main.py``) and by the terminal alike, and tested under
CPython.  It never draws, waits or posts: each call returns ``Effects`` saying what the
front end must do (draw, announce, post to the parent, schedule the next computer move,
say).  Storage goes through ``Storage``: a dict in tests, localStorage on the page.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from . import GameError, OptionError, SaveError, inputs, new_game, slot_budget
from .base import Game, read_digits
from .opponents import Opponent, make_opponent
from .opponents.search import thinking_seconds
from .registry import SPECS, GameSpec
from .saves import parse_json
from .slices import drive
from .views import comforts, narrate, session

if TYPE_CHECKING:
    from .replay_view import DealReview, ReplayView
    from .views.embed import EmbedForm

HUMAN = 0
# A finished match opened from its link offers to step through it.
STEP_THROUGH = ('<p class="replay-offer"><button type="button" data-cmd="replay-open" '
                'data-key="all">Step through the replay</button></p>')
FULL_STORAGE = "The browser's storage is full: this game is not being saved."
PROTOCOL = "card-table"  # every message to and from a host page carries it (README, Embedding)
COMMANDS = ("new-game", "pause", "resume")
PANELS = ("help", "settings", "stats", "history", "embed")  # commands that open the dialog
# Page parameters a host's new-game command may not set through its options.
NOT_OPTIONS = frozenset(inputs.PAGE_PARAMS) - {"speed"}
STALE = ("The last game could not be saved (the browser's storage was full), so it cannot "
         "be resumed where you left it.")


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A message to the host page, in the README's shape."""
    return {"protocol": PROTOCOL, "type": kind, **fields}


def parent_origin(text: str | None) -> str | None:
    """The ``parent=`` origin as postMessage takes it (``scheme://host[:port]``), or None
    when the address gives none or one that is not an origin."""
    if not text:
        return None
    scheme, sep, rest = text.partition("://")
    if not sep or scheme not in ("http", "https") or not rest or any(
            c in rest for c in "/?#@ \\") or len(text) > 300:
        return None
    return text


def accepts_command(data: Any, from_parent: bool, origin: str, parent: str | None,
                    parent_given: bool) -> bool:
    """Whether a message is a command the table takes: ours, from its parent window, and
    from the ``parent=`` origin when the address gives one (a ``parent=`` that is not an
    origin lets nothing in)."""
    if not isinstance(data, Mapping) or data.get("protocol") != PROTOCOL or not from_parent:
        return False
    if parent_given and origin != parent:
        return False
    return data.get("command") in COMMANDS


def command_pairs(data: Mapping[str, Any], current: str | None) -> list[tuple[str, str]]:
    """A host's new-game command as a link's query pairs, to be read as a link is;
    GameError (OptionError) when its shape is wrong."""
    def text(name: str, value: Any) -> str:
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, (int, str)):
            return str(value)
        raise OptionError(f"{name} must be a number or text, not {type(value).__name__}")

    game = data.get("game", current)
    if game is None:
        raise OptionError("name the game to start (game: \"avissinia\", ...)")
    pairs = [("game", text("game", game))]
    if data.get("seed") is not None:
        pairs.append(("seed", text("seed", data["seed"])))
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise OptionError("options must be an object of the game's options")
    for name, value in options.items():
        if str(name) in NOT_OPTIONS:
            raise OptionError(f"{name} cannot be set in options")
        pairs.append((str(name), text(str(name), value)))
    levels = data.get("levels")
    if levels is not None:
        if isinstance(levels, (list, tuple)):
            levels = ",".join(text("levels", level) for level in levels)
        pairs.append(("levels", text("levels", levels)))
    return pairs


@dataclasses.dataclass(frozen=True)
class Keys:
    """The storage keys of one copy of the site.  A copy served from a subfolder keeps its
    own (two copies on one origin never share a game in progress); the site at the root
    keeps the original keys, so saves made before this scoping are still found."""

    prefix: str = session.PREFIX

    @classmethod
    def for_folder(cls, path: str) -> Keys:
        folder = path[: path.rfind("/") + 1] or "/"
        return cls() if folder == "/" else cls(f"{session.PREFIX}{folder}:")

    @property
    def current(self) -> str:
        return self.prefix + "current"

    @property
    def settings(self) -> str:
        return self.prefix + "settings"

    @property
    def slot(self) -> str:
        return self.prefix + "slot:"

    @property
    def stats(self) -> str:
        return self.prefix + comforts.STATS

    @property
    def choices(self) -> str:  # the start form as last dealt from, offered again
        return self.prefix + "choices"

    @property
    def stale(self) -> str:  # set when the game in progress could not be written
        return self.prefix + "stale"


class Storage(Protocol):
    problem: str

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, text: str) -> bool: ...

    def remove(self, key: str) -> None: ...

    def keys(self, prefix: str) -> list[str]: ...


class DictStorage:
    """Storage in a dict: for tests and the terminal."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = {} if data is None else data
        self.problem = ""

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, text: str) -> bool:
        self.data[key] = text
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self, prefix: str) -> list[str]:
        return sorted(k for k in self.data if k.startswith(prefix))


NO_STORAGE = ("This browser does not let the page store anything here (private mode, or a "
              "frame that blocks storage): you can play, but the game cannot be saved.")


class WebStorage:
    """The browser's localStorage (any object with its methods), where every access may
    throw and none may stop the game: a refused write says why in ``problem``.  ``missing``
    tells JavaScript's null from a value (Pyodide gives it as its own object)."""

    def __init__(self, local: Any, probe_key: str,
                 missing: Callable[[Any], bool] = lambda value: value is None) -> None:
        self.problem = ""
        self.missing = missing
        try:
            local.setItem(probe_key, "1")
            local.removeItem(probe_key)
            self.local: Any = local
        except Exception:
            self.local, self.problem = None, NO_STORAGE

    @property
    def ok(self) -> bool:
        return self.local is not None

    def get(self, key: str) -> str | None:
        try:
            value = self.local.getItem(key)
        except Exception:
            return None
        return None if self.missing(value) else str(value)

    def set(self, key: str, text: str) -> bool:
        if self.local is None:
            return False
        try:
            self.local.setItem(key, text)
        except Exception:
            self.problem = self.problem or FULL_STORAGE
            return False
        if self.problem == FULL_STORAGE:
            self.problem = ""
        return True

    def remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.local.removeItem(key)

    def keys(self, prefix: str) -> list[str]:
        try:
            found = [self.local.key(i) for i in range(self.local.length)]
        except Exception:
            return []
        return sorted(str(k) for k in found if not self.missing(k) and str(k).startswith(prefix))


@dataclasses.dataclass
class Work:
    """Work the front end drives in slices, letting the browser run between them (the
    page's ``run_sliced``; ``opponents.drive`` under CPython): ``steps`` yields after each
    slice (a number: wait that many milliseconds first) and returns a result, which goes to
    ``done`` for what to do next.  The work is dropped as soon as ``still()`` is false (the
    table moved on)."""

    steps: Generator[float | None, None, Any]
    done: Callable[[Any], Effects]
    still: Callable[[], bool] = lambda: True


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
        return self


def finish_work(effects: Effects | None) -> Effects | None:
    """Under CPython (tests, scripts): run an answer's background work to its end, in one
    go, and merge what its end asks for (the page runs it in slices instead)."""
    while effects is not None and effects.work is not None:
        work, effects.work = effects.work, None
        result, _ = drive(work.steps)
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
        self.store = store
        self.keys = keys or Keys()
        self.current_key = self.keys.current  # a slot instead, once another tab took it
        self.pace = pace
        self.stamp = stamp
        self.game: Game[Any, Any] | None = None
        self.levels: list[str] = [session.DEFAULT_LEVEL] * 3
        self.opponents: dict[int, Opponent] = {}
        self.summary: int | None = None
        self.narration = ""
        self.notice = ""
        self.reported_over = False
        self.stats = comforts.parse_stats(store.get(self.keys.stats))
        self.entries: list[comforts.Entry] = []
        self.paused = False  # by the host page: the computer players wait
        self.read_only = False  # a finished match opened from a replay link
        self.dropped = ""  # put-aside slots dropped over the budget, not told yet

    # --- starting -----------------------------------------------------------------
    def begin(self, game: Game[Any, Any], levels: list[str], narration: str = "") -> Effects:
        self.game = game
        self.read_only = False
        self.levels = session.clean_levels(list(levels), game.num_players - 1)
        self.opponents = {
            seat: session.opponent(game.NAME, self.levels[seat - 1], seat, game.seed)
            for seat in range(1, game.num_players)
        }
        self.summary = None
        self.reported_over = game.is_over
        self.narration = narration or narrate(game.observation(HUMAN))
        self.entries = comforts.history_entries(game, HUMAN)
        self.autosave()
        return Effects(draw=True, schedule_ms=self.next_delay(), say=self.tell_dropped())

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
            link = inputs.read_link(pairs)
            game = link.start() if link.game is not None else None
        except GameError as exc:
            self.notice = f"This link does not work: {exc}"
            return Effects(draw=True)
        if link.speed is not None:
            self.pace = link.speed
        current = self.load_current()
        if game is not None:
            if current and same_deal(current.game, game):
                return self.begin(current.game, list(link.levels or current.levels))
            if current and not current.game.is_over:  # keep it: the link starts another
                self.put_aside(slot_budget.UNFINISHED,
                               session.wrap_save(current.game, current.levels, "", self.stamp()))
            return self.begin(game, list(link.levels or self.levels))
        if current:
            return self.begin(current.game, current.levels)
        return Effects(draw=True, say=self.tell_dropped())

    def put_aside(self, label: str, text: str) -> str:
        """Keep ``text`` in a slot of its own, named by the time to the second and never
        overwriting another, within the budget of such slots (``slot_budget``: the oldest
        go, and the next effects say so); returns the slot's key."""
        stamp = self.stamp().replace("T", " ").removesuffix("Z")
        key = self.keys.slot + f"{label} {stamp}"
        number = 2
        while self.store.get(key) is not None:
            key = self.keys.slot + f"{label} {stamp} ({number})"
            number += 1
        self.store.set(key, text)
        dropped = slot_budget.enforce(self.store, self.keys.slot, {self.current_key})
        self.dropped = " ".join(filter(None, (self.dropped, slot_budget.dropped_note(dropped))))
        return key

    def tell_dropped(self) -> str:
        """What the player has not yet been told about slots dropped over the budget."""
        said, self.dropped = self.dropped, ""
        return said

    def load_current(self) -> inputs.Slot | None:
        if self.store.get(self.keys.stale) is not None:
            # The game in progress was not written after its last move: what is stored is
            # older (or gone), and must not be offered as where the player left off.
            self.store.remove(self.keys.stale)
            self.notice = STALE
            return None
        text = self.store.get(self.keys.current)
        if not text:
            return None
        try:
            return inputs.read_slot(text)
        except GameError as exc:
            # Keep the damaged text in a slot of its own for inspection; harm nothing else.
            self.put_aside(slot_budget.DAMAGED, text)
            self.store.remove(self.keys.current)
            self.notice = f"The game in progress could not be resumed: {exc}"
            return None

    def load_slot(self, key: str) -> Effects:
        text = self.store.get(key)
        name = key[len(self.keys.slot):]
        try:
            if text is None:
                raise SaveError("it is no longer there")
            loaded = inputs.read_slot(text)
        except GameError as exc:
            return Effects(draw=True, say=f"“{name}” cannot be loaded: {exc}")
        return self.begin(loaded.game, loaded.levels).merge(Effects(say=f"Loaded “{name}”."))

    def import_text(self, text: str, file_name: str) -> Effects:
        """An imported file: kept in Saves (the player is told if it cannot be) and begun."""
        try:
            loaded = inputs.read_slot(text)
        except GameError as exc:
            return Effects(draw=True, say=f"{file_name} cannot be imported: {exc}")
        name = loaded.name or file_name.removesuffix(".json")
        kept = self.store.set(self.keys.slot + name, session.wrap_save(
            loaded.game, loaded.levels, name, loaded.saved_at or self.stamp()))
        effects = self.begin(loaded.game, loaded.levels)
        effects.say = (f"Imported “{name}”." if kept else
                       f"Imported “{name}”, but it could not be kept in Saves: "
                       f"{self.store.problem or 'the browser refused to store it'}.")
        return effects

    def slot_summaries(self) -> list[dict[str, str]]:
        """The Saves list: a damaged slot is listed with its error (and can be deleted)."""
        from .views import GAME_TITLES

        return [inputs.slot_summary(k, self.store.get(k), GAME_TITLES, self.keys.slot)
                for k in self.store.keys(self.keys.slot)]

    def other_tab_wrote(self, text: str | None) -> Effects:
        """Another tab of this site wrote the game in progress.  If it is not this tab's
        game, this tab keeps its own in a slot of its own from now on, so neither tab's game
        is ever overwritten, and says so."""
        game = self.game
        if game is None or game.is_over or self.current_key != self.keys.current:
            return Effects()
        try:
            theirs = inputs.read_slot(text) if text else None
        except GameError:
            theirs = None
        if theirs is not None and same_deal(theirs.game, game) \
                and theirs.game.history == game.history:
            return Effects()
        self.current_key = self.put_aside(
            slot_budget.OTHER_TAB, session.wrap_save(game, self.levels, "", self.stamp()))
        name = self.current_key[len(self.keys.slot):]
        return Effects(say=f"This site is open in another tab, which now keeps its own game in "
                           f"progress. This tab's game is saved as “{name}” in Saves. "
                           f"{self.tell_dropped()}".strip())

    def save_as(self, name: str) -> Effects:
        if not name or self.game is None:
            return Effects(say="Give the save a name first.")
        text = session.wrap_save(self.game, self.levels, name, self.stamp())
        if self.store.set(self.keys.slot + name, text):
            return Effects(say=f"Saved as “{name}”.")
        return Effects(say=self.store.problem or "Could not save.")

    def autosave(self) -> None:
        if self.game is None or self.read_only:
            return
        text = session.wrap_save(self.game, self.levels, "Game in progress", self.stamp())
        if self.store.set(self.current_key, text):
            return
        # Not written: drop the older position, so a reload cannot resume it as if it were
        # the latest, and leave a mark so the reload can say why the game is gone.
        self.store.remove(self.current_key)
        self.store.set(self.keys.stale, "1")

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
        rounds = comforts.round_of(game.observation(HUMAN))
        deals = game.deals_finished
        seat = game.current_player
        game.apply(action)
        obs = game.observation(HUMAN)
        self.narration = narrate(obs)
        if comforts.round_of(obs) > rounds:
            self.summary = comforts.round_of(obs) - 1
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
            self.stats = comforts.record_result(
                self.stats, game.NAME, won=HUMAN in game.winners, score=score)
            self.store.set(self.keys.stats, json.dumps(self.stats))
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
        action, _ = drive(self.computer_thinking(budget_ms), go_on)
        return Effects() if action is None else self.play(action)

    def thinking_seat(self) -> int | None:
        return self.game.current_player if self.waiting_for_computer() and self.game else None

    # --- comforts -------------------------------------------------------------------
    def undo_available(self) -> bool:
        return self.game is not None and comforts.undo_point(self.game, HUMAN) is not None

    def undo(self) -> Effects:
        cut = None if self.game is None else comforts.undo_point(self.game, HUMAN)
        if self.game is None or cut is None:
            return Effects(say="There is no play of yours to undo.")
        text = "You took back your last play."
        effects = self.begin(comforts.rebuild(self.game, cut), self.levels, narration=text)
        effects.announce.append(text)
        return effects

    def hint_work(self) -> Generator[None, None, tuple[str, str] | None]:
        """The strongest level's move for the human and why, as sliced work; None when it
        is not the human's turn or the game has no opponents."""
        if not self.my_turn() or self.game is None:
            return None
        try:
            adviser = make_opponent(self.game.NAME, "hard", HUMAN, self.game.seed)
        except (ImportError, ValueError):
            return None
        action = yield from adviser.think(self.game.observation(HUMAN))
        return action, adviser.explain()

    def hint(self, go_on: Callable[[], bool] | None = None) -> tuple[str, str] | None:
        """``hint_work`` in one go; None if abandoned by ``go_on``."""
        result, _ = drive(self.hint_work(), go_on)
        return result

    def next_round(self) -> Effects:
        self.summary = None
        return Effects(draw=True, schedule_ms=self.next_delay())

    def rematch(self) -> Effects:
        if self.game is None:
            return Effects()
        options = {k: v for k, v in self.game.options_dict().items() if k != "deck"}
        return self.new_deal(self.game.NAME, options, self.levels)

    def reset_stats(self) -> Effects:
        self.stats = {}
        self.store.remove(self.keys.stats)
        return Effects(draw=True)

    def last_play(self) -> Effects:
        text = self.narration or "No play yet."
        return Effects(announce=[text], say=f"Last play: {text}")


class TableScreens(Table):
    """The table as the page shows it: which screen, its HTML, the panels and the plain
    commands.  The page (``web/main.py``) only puts the HTML in place and wires events."""

    def __init__(self, store: Storage, pace: int | None = None,
                 stamp: Callable[[], str] = now, keys: Keys | None = None) -> None:
        """``pace`` None: the player's own, from the stored settings."""
        super().__init__(store, 0 if pace is None else pace, stamp, keys)
        self.settings = comforts.parse_settings(store.get(self.keys.settings))
        if pace is None:
            self.pace = int(self.settings["pace"])
        self.screen = "start"  # start, table, saves or replay
        self.start_form: dict[str, Any] | None = None  # as filled in, when a deal was refused
        self.hinted: tuple[int, str, str, str] | None = None  # (moves, note, action, why)
        self.replay: ReplayView | None = None  # a replay being stepped through
        self.reviews: dict[int, DealReview] = {}  # deal -> its review, this match's
        self.review_shown = 0  # the deal whose review the Review panel shows
        self.site = ""  # the page's address (its folder is the Embed dialog's site)
        self.embed_form: EmbedForm | None = None  # the Embed dialog's, once it is opened
        self.embed_game = ""  # the game the Embed dialog is for, when none is at the table

    def begin(self, game: Game[Any, Any], levels: list[str], narration: str = "") -> Effects:
        self.screen = "table"
        self.forget_replays()
        return super().begin(game, levels, narration)

    def forget_replays(self) -> None:
        for started in self.reviews.values():
            started.cancelled = True
        self.reviews, self.replay = {}, None

    def open_replay(self, fragment_text: str) -> Effects | None:
        """A ``#replay=`` link: the match's final table, read-only (nothing saved, nothing
        to play), with a message; a damaged link says why on the start screen.  None when
        the fragment names no replay.  The link is read as background work (a long match
        takes seconds): the loading screen stays meanwhile."""
        if "replay=" not in fragment_text:
            return None  # most starts: the replay modules are not even imported
        from .replay import ReplayError, decode_steps, fragment_value

        value = fragment_value(fragment_text)
        if value is None:
            return None

        def reading() -> Generator[None, None, Any]:
            try:
                _, game = yield from decode_steps(value)
            except (ReplayError, GameError) as exc:
                return exc
            return game, (yield from comforts.history_entries_sliced(game, HUMAN))

        return Effects(update={"loading-text": "Opening the replay…"},
                       work=Work(reading(), self.replay_opened))

    def replay_opened(self, read: tuple[Game[Any, Any], list[comforts.Entry]] | Exception
                      ) -> Effects:
        """The replay link read (``open_replay``'s work): show its final table."""
        if isinstance(read, Exception):
            return self.show("start", f"This replay link does not work: {read}")
        game, entries = read
        self.forget_replays()
        self.game, self.screen, self.read_only = game, "table", True
        self.opponents, self.reported_over = {}, True
        finished = comforts.round_of(game.observation(HUMAN))
        # The last deal's scores, as the table showed them when the match ended.
        self.summary = finished - 1 if game.is_over and finished else None
        self.entries = entries
        state = "the finished match" if game.is_over else "the match as it was"
        self.narration = (f"A replay: {state} after {len(game.history)} moves. "
                          "Nothing here is saved; start a new game from the menu.")
        return Effects(draw=True)

    def replay_fragment(self) -> str | None:
        """The fragment (``replay=...``) of a link that replays this match, if any."""
        from .replay import fragment

        if self.game is None or not self.game.history:
            return None
        return fragment(self.game)

    def at_table(self) -> bool:
        return self.screen == "table" and self.game is not None

    def turn(self) -> str:
        """``data-turn``: menu, over, summary, you or opponent."""
        game = self.game
        if self.screen == "replay" and self.replay is not None:
            return "replay"
        if not self.at_table() or game is None:
            return "menu"
        if game.is_over:
            return "over"
        if self.summary is not None:
            return "summary"
        return "you" if game.current_player == HUMAN else "opponent"

    def html(self, thinking: int | None = None, problem: str = "", can_save: bool = True) -> str:
        """The HTML of the screen shown; a notice is shown once."""
        from .opponents import LEVELS
        from .views import (
            TableContext,
            render_review_button,
            render_saves,
            render_start,
            render_table,
        )

        notice, self.notice = self.notice, ""
        if self.screen == "replay" and self.replay is not None:
            return self.replay.html()
        if self.at_table() and self.game is not None:
            ctx = TableContext(narration=self.narration, summary=self.summary,
                               thinking=thinking, notice=problem, recent=self.recent())
            markup = render_table(self.game.observation(HUMAN), ctx)
            finished = self.game.deals_finished
            if finished and (self.summary is not None or self.game.is_over):
                markup = render_review_button(markup, finished - 1)
            if self.read_only:
                markup = STEP_THROUGH + markup
            return markup
        if self.screen == "saves":
            usage = slot_budget.usage_note(slot_budget.used_chars(self.store),
                                           refused=self.store.problem == FULL_STORAGE)
            return render_saves(self.slot_summaries(), can_save=can_save,
                                in_game=self.game is not None, message=notice, usage=usage)
        form = self.start_form or {
            "game": self.game.NAME if self.game else "",
            "levels": self.levels if self.game else (),
            "options": self.game.options_dict() if self.game else {},
        }
        self.start_form = None
        return render_start(
            session.available_games(), LEVELS, chosen_levels=form["levels"],
            message=notice or problem, resume=self.resume_info(), game=form["game"],
            options=form["options"], remembered=self.remembered())

    def remembered(self) -> dict[str, Any]:
        """The start form's last choices, as stored (anything unreadable is forgotten)."""
        try:
            data = parse_json(self.store.get(self.keys.choices) or "{}", 3)
        except GameError:
            return {}
        return data if isinstance(data, dict) else {}

    def recent(self) -> tuple[tuple[int, str], ...]:
        """What the computer players did since the human's last move: (seat, words)."""
        since: list[tuple[int, str]] = []
        for _, seat, text in reversed(self.entries):
            if seat == HUMAN:
                break
            since.append((seat, text))
        return tuple(reversed(since))

    def resume_info(self) -> dict[str, str] | None:
        from .views import GAME_TITLES

        if self.game is None or self.game.is_over:
            return None
        title = GAME_TITLES.get(self.game.NAME, self.game.NAME)
        return {"title": title, "detail": f"{len(self.game.history)} moves played"}

    def turn_line(self) -> str:
        if not self.at_table() or self.game is None:
            return ""
        return comforts.turn_line(self.game.observation(HUMAN),
                                  summary=self.summary is not None)

    def show(self, screen: str, message: str = "") -> Effects:
        if screen != "replay" and self.replay is not None:
            self.replay.stop()
            self.replay = None
        self.screen, self.notice = screen, message or self.notice
        return Effects(draw=True)

    def form_choice(self, fields: Mapping[str, str]) -> tuple[GameSpec, dict[str, str], int]:
        """The game chosen on the start form, its options there (as text) and its number
        of players."""
        name = fields.get("game") or ""
        chosen = SPECS.get(name) or next(iter(SPECS.values()))
        options = {o.name: fields[o.name].strip() for o in chosen.form if o.name in fields}
        return chosen, options, chosen.player_count(options)

    def start_layout(self, fields: Mapping[str, str]) -> tuple[str, list[tuple[int, str, bool]]]:
        """What the start form shows as its choices change: the chosen game (whose options
        fieldset is shown) and each opponent row ``(seat, name, shown)``."""
        from .views import start_seats

        chosen, _, players = self.form_choice(fields)
        return chosen.name, start_seats(chosen.name, players)

    def animated(self) -> bool:
        """Whether a redraw moves the cards (web/motion.js): the table and its replays."""
        return self.at_table() or self.screen == "replay"

    # --- replays, reviews, the Embed dialog -------------------------------------------
    def key_command(self, key: str) -> str | None:
        """The command a key gives in a replay ("" for a shortcut that does nothing there);
        None: the page's own handling."""
        if self.screen != "replay" or self.replay is None:
            return None
        from .replay_view import KEYS, QUIET_KEYS

        return KEYS.get(key, "" if key in QUIET_KEYS else None)

    def open_replay_view(self, key: str) -> Effects:
        """History's and the Review's replays of this match: ``all``, ``deal:<d>`` (its
        start) or ``step:<n>``.  The game in progress is not touched: the replay is built
        from a copy of its log, and the computer players wait until it is left."""
        from .replay import Replay, ReplayStepper
        from .replay_view import ReplayView

        if self.game is None:
            return Effects()
        kind, _, number = key.partition(":")
        moves = len(self.game.history)

        def still() -> bool:  # the same match, not moved on meanwhile
            return self.game is not None and len(self.game.history) == moves

        def opened(stepper: ReplayStepper) -> Effects:
            view = ReplayView(stepper, from_link=self.read_only, step=0)
            if kind == "deal" and number.isdigit() and int(number) < view.stepper.deals:
                view.go(view.stepper.deal_range(int(number))[0])
            elif kind == "step" and number.isdigit():
                view.go(int(number))  # a decision: at a deal's first, the deal as dealt
            self.replay, self.screen = view, "replay"
            view.focus = "replay-forward:"
            return Effects(draw=True, close_panel=True, announce=[view.said()])

        # A long match's states take seconds to lay out on the page: in slices.
        return Effects(say="Preparing the replay…",
                       work=Work(ReplayStepper.sliced(Replay.of(self.game)), opened, still))

    def replay_command(self, name: str, key: str | None) -> Effects:
        from .replay_view import wait

        view = self.replay
        if view is None or self.screen != "replay":
            return Effects()
        if name == "replay-close":
            if view.from_link:
                self.game, self.read_only = None, False
                return self.show("start")
            return Effects(draw=self.show("table").draw, schedule_ms=self.next_delay())
        if name == "replay-play":
            if view.playing:
                view.stop()
                return Effects(draw=True, announce=["Paused."])
            token = view.start_playing()
            return Effects(draw=True, work=Work(wait(self.pace, token), self.replay_tick))
        if not view.act(name, key):
            return Effects()
        return Effects(draw=True, announce=[view.said()])

    def replay_tick(self, token: int) -> Effects:
        """One step of a replay playing by itself, and the wait for the next."""
        from .replay_view import wait

        view = self.replay
        if view is None or self.screen != "replay" or not view.playing:
            return Effects()
        going = view.tick(token)
        effects = Effects(draw=True, announce=[view.said()])
        if going:
            effects.work = Work(wait(self.pace, token), self.replay_tick)
        return effects

    def start_review(self, key: str | None) -> Effects:
        """The Review panel for a finished deal: the review starts (in slices the page
        runs) unless it has already, and the panel follows it."""
        from .replay import Replay
        from .replay_view import DealReview
        from .views import plural

        game = self.game
        if game is None or not key or not key.isdigit() or int(key) >= game.deals_finished:
            return Effects(say="Only a finished deal can be reviewed.")
        deal = self.review_shown = int(key)
        if deal in self.reviews:
            return Effects(panel=self.panel_html("review", self.settings, ""))
        started = self.reviews[deal] = DealReview(game.NAME, deal)
        thinking = started.work(Replay.of(game))

        def tick(finished: bool) -> Effects:
            if started.cancelled:
                return Effects()
            effects = Effects()
            if self.review_shown == deal:
                effects.update["review-out"] = started.block()
            if not finished:
                effects.work = Work(started.until_progress(thinking), tick)
            elif started.result is not None:
                marked = len(started.result.marked)
                effects.announce.append(f"Review done: {plural(marked, 'costly play')} marked."
                                        if marked else "Review done: no costly mistakes found.")
            return effects

        return Effects(panel=self.panel_html("review", self.settings, ""),
                       work=Work(started.until_progress(thinking), tick))

    def embed_params(self, chosen_game: str) -> tuple[dict[str, str], str, int | None]:
        from .views import GAME_TITLES

        game = self.game
        if game is None:  # the start form's game, as it was when the dialog opened
            self.embed_game = chosen_game or self.embed_game
            name = self.embed_game if self.embed_game in GAME_TITLES else next(iter(GAME_TITLES))
            return {"game": name}, GAME_TITLES.get(name, name), None
        return (session.share_params(game, self.levels), GAME_TITLES.get(game.NAME, game.NAME),
                game.seed)

    def embed_shown(self) -> tuple[str, dict[str, str], str, EmbedForm]:
        """What the Embed dialog's snippets are made of: the site's folder, the link's
        parameters, the title and the form (a fresh deal each time when no deal is at the
        table, whatever the form says)."""
        from .views.embed import EmbedForm, site_folder

        self.embed_form = self.embed_form or EmbedForm()
        params, title, seed = self.embed_params("")
        form = self.embed_form if seed is not None else dataclasses.replace(
            self.embed_form, fixed=False)
        return site_folder(self.site), params, title, form

    def form_input(self, form: str, fields: Mapping[str, str]) -> Effects:
        """A form that the session follows as it is filled in (the Embed dialog's)."""
        from .views.embed import EmbedForm, output_html, read_form

        if form != "embed":
            return Effects()
        self.embed_form = read_form(fields, self.embed_form or EmbedForm())
        return Effects(update={"embed-out": output_html(*self.embed_shown())})

    def embed_copy(self, key: str | None) -> Effects:
        from .views.embed import element_snippet, iframe_snippet

        make = iframe_snippet if key == "iframe" else element_snippet
        return Effects(copy=make(*self.embed_shown()))

    def start_from_form(self, fields: Mapping[str, str]) -> Effects:
        """The start form's fields (name -> value) deal a new game, or show the form again
        as it was filled in, with the engine's words."""
        chosen, options, players = self.form_choice(fields)
        levels = [fields.get(f"level-{seat}") or session.DEFAULT_LEVEL
                  for seat in range(1, players)]
        try:
            game = inputs.start_game(chosen.name, random.randrange(2**53), dict(options))
        except GameError as exc:
            self.start_form = {"game": chosen.name, "levels": levels, "options": options}
            return self.show("start", f"Cannot deal that game: {exc}")
        self.store.set(self.keys.choices, json.dumps(
            {**self.remembered(), "game": chosen.name, "levels": levels, **options}))
        return self.begin(game, levels)

    def command(self, name: str, key: str | None = None,
                fields: Mapping[str, str] | None = None) -> Effects | None:
        """The page's commands (``data-cmd``), with the clicked element's ``data-key`` and
        the fields of the forms shown; None for one that is not among them."""
        fields = fields or {}
        if name == "menu":
            return self.show("start")
        if name in ("resume", "close"):
            return self.show("start") if self.game is None else Effects(
                draw=self.show("table").draw, schedule_ms=self.next_delay())
        if name == "next-round":
            return self.next_round() if self.summary is not None else Effects()
        if name == "rematch":
            return self.rematch()
        if name == "saves":
            return self.show("saves")
        if name == "load" and key:
            effects = self.load_slot(key)
            if self.screen == "saves" and effects.say:
                self.notice, effects.say = effects.say, ""
            return effects
        if name == "delete" and key:
            self.store.remove(key)
            return self.show("saves", "Deleted.")
        if name == "start":
            return self.start_from_form(fields)
        if name == "save-as":
            return self.save_as_from_panel(fields.get("save-name", "").strip())
        if name in PANELS:
            return Effects(panel=self.panel_html(name, self.settings, fields.get("game", "")))
        if name == "reset-stats":
            self.reset_stats()
            return Effects(panel=self.panel_html("stats", self.settings, ""))
        if name == "panel-close":
            return Effects(close_panel=True)
        if name == "undo":
            return self.undo()
        if name == "last-play":
            return self.last_play()
        if name == "hint":
            return self.hint_effects()
        if name == "copy-link" and self.game is not None:
            return Effects(copy=f"{self.page_address()}?{self.address({})}")
        if name == "copy-replay" and self.replay_fragment():
            return Effects(copy=f"{self.page_address()}#{self.replay_fragment()}")
        if name == "export" and key:
            text = self.export_text(key)
            slot = "".join(c if c.isalnum() or c in "-_" else "-"
                           for c in key[len(self.keys.slot):])
            return None if text is None else Effects(
                download=(f"cardtable-{slot or 'save'}.json", text))
        if name == "replay-open":
            return self.open_replay_view(key or "all")
        if name.startswith("replay-"):
            return self.replay_command(name, key)
        if name == "review":
            return self.start_review(key)
        if name == "embed-copy":
            return self.embed_copy(key)
        return None

    def page_address(self) -> str:
        """The page's own address, without its query or fragment (links start with it)."""
        return self.site.split("#")[0].split("?")[0]

    def hint_effects(self) -> Effects:
        """A hint as background work: the hard level's move for the human and why, shown
        by ``hint_shown`` once found; dropped if the table moves on meanwhile."""
        if not self.my_turn() or self.game is None:
            return Effects(say="Hints are given on your turn.")
        moves = len(self.game.history)

        def still() -> bool:
            return self.my_turn() and self.game is not None and len(self.game.history) == moves

        def done(result: tuple[str, str] | None) -> Effects:
            self.hinted = (moves, "", *result) if result else (
                moves, "There are no hints for this game yet.", "", "")
            return Effects(draw=True)

        self.hinted = (moves, "Thinking about a hint…", "", "")
        return Effects(draw=True, work=Work(self.hint_work(), done, still))

    def hint_shown(self) -> tuple[str, str, str] | None:
        """The hint for the position shown, if one was asked for: (a note such as
        "Thinking about a hint…", or the action and the reason)."""
        if self.hinted is None or self.game is None or self.hinted[0] != len(self.game.history):
            return None
        return self.hinted[1], self.hinted[2], self.hinted[3]

    def set_setting(self, key: str, value: str | bool) -> Effects:
        """A setting changed on the page (the pace from the bar or the settings panel): kept
        in storage; unknown keys and unreadable values change nothing."""
        if key == "pace":
            pace = read_digits(str(value), 4)
            if pace is None or pace not in comforts.PACES:
                return Effects()
            self.pace = self.settings["pace"] = pace
        elif key in comforts.DEFAULT_SETTINGS:
            self.settings[key] = bool(value)
        else:
            return Effects()
        self.store.set(self.keys.settings, json.dumps(self.settings))
        return Effects()

    def import_file(self, text: str | Exception, file_name: str) -> Effects:
        """A file chosen in Saves (its text, or why it could not be read): begun, or the
        reason shown in Saves."""
        if isinstance(text, Exception):
            return self.show("saves", f"{file_name} cannot be read: {text}")
        effects = self.import_text(text, file_name)
        if not effects.schedule_ms and not self.at_table():
            self.show("saves", effects.say)
            effects.say = ""
        return effects

    def save_as_from_panel(self, name: str) -> Effects:
        effects = self.save_as(name)
        return self.show("saves", effects.say)

    def panel_html(self, kind: str, settings: Mapping[str, Any], chosen_game: str) -> str:
        """The dialog's HTML for help, settings, statistics or history ("" if none)."""
        from .views import GAME_TITLES

        if kind == "help":
            from .views.help import RULES, render_help

            name = self.game.NAME if self.at_table() and self.game is not None else chosen_game
            return (render_help(name) if name in RULES else "") + comforts.help_keys_html()
        if kind == "settings":
            return comforts.settings_html(settings)
        if kind == "stats":
            return comforts.stats_html(self.stats, GAME_TITLES)
        if kind == "history" and self.game is not None:
            from .replay_view import replay_list_html

            return comforts.history_html(self.entries, self.game.NAME, replay=bool(
                self.game.history)) + (replay_list_html(self.game.NAME, self.game.deals_finished)
                                       if self.game.history else "")
        if kind == "review" and self.review_shown in self.reviews:
            return self.reviews[self.review_shown].html()
        if kind == "embed":
            from .views.embed import EmbedForm, embed_html, site_folder

            self.embed_form = self.embed_form or EmbedForm()
            params, title, seed = self.embed_params(chosen_game)
            return embed_html(site_folder(self.site), params, title, self.embed_form, seed)
        return ""

    def export_text(self, key: str) -> str | None:
        """A slot's text with the statistics added (the export file carries them)."""
        text = self.store.get(key)
        if text is None:
            return None
        try:
            data = json.loads(text)
        except ValueError:
            return text
        if isinstance(data, dict):
            data["stats"] = self.stats
            return json.dumps(data, ensure_ascii=False)
        return text

    def address(self, keep: Mapping[str, str]) -> str:
        """The query for the address bar: the deal's share link, plus the page's own."""
        if self.game is None:
            return ""
        query = session.share_query(self.game, self.levels)
        return query + ("&" + session.encode_query(keep) if keep else "")

    # --- the host page (embedding) --------------------------------------------------
    def ready_message(self) -> dict[str, Any]:
        game = self.game if self.at_table() else None
        return message("ready", game=None if game is None else game.NAME,
                       options={} if game is None else game.options_dict(),
                       seed=None if game is None else game.seed)

    def host_command(self, data: Mapping[str, Any]) -> Effects:
        """A command from the host page (already accepted by ``accepts_command``): a new
        game read as a link is (a refused one is answered with an error message and changes
        nothing), or pause and resume of the computer players."""
        name = data.get("command")
        if name == "pause":
            self.paused = True
            return Effects(draw=True)
        if name == "resume":
            self.paused = False
            return Effects(draw=True, schedule_ms=self.next_delay())
        try:
            link = inputs.read_link(command_pairs(data, self.game.NAME if self.game else None))
            game = link.start()
        except GameError as exc:
            return Effects(post=[message("error", command="new-game", message=str(exc))])
        if link.speed is not None:
            self.pace = link.speed
        current = self.game
        if current is not None and not current.is_over and current.history:
            self.put_aside(slot_budget.UNFINISHED,
                           session.wrap_save(current, self.levels, "", self.stamp()))
        return self.begin(game, list(link.levels or self.levels))
