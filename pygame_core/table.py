"""The table session: one object that owns a game being played and every decision about it.

Pure Python, run by the page (``web/main.py``) and by the terminal alike, and tested under
CPython.  It never draws, waits or posts: each call returns ``Effects`` saying what the
front end must do (draw, announce, post to the parent, schedule the next computer move,
say).  Storage goes through ``Storage``: a dict in tests, localStorage on the page.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from . import GameError, OptionError, SaveError, new_game
from .base import Game
from .opponents import Opponent, drive, make_opponent
from .views import comforts, narrate, session

HUMAN = 0
STATS_KEY = session.PREFIX + comforts.STATS


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


@dataclasses.dataclass
class Effects:
    """What the front end must do after a call."""

    draw: bool = False
    announce: list[str] = dataclasses.field(default_factory=list)
    post: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    schedule_ms: int | None = None  # run ``step`` again after this many milliseconds
    say: str = ""

    def merge(self, other: Effects) -> Effects:
        self.draw = self.draw or other.draw
        self.announce += other.announce
        self.post += other.post
        if other.schedule_ms is not None:
            self.schedule_ms = other.schedule_ms
        self.say = other.say or self.say
        return self


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def same_deal(a: Game[Any, Any], b: Game[Any, Any]) -> bool:
    return a.NAME == b.NAME and a.seed == b.seed and a.options_dict() == b.options_dict()


class Table:
    """A game at the table: the game, the levels, the opponents, the summary shown, the
    narration and the statistics."""

    def __init__(self, store: Storage, pace: int = 800, stamp: Callable[[], str] = now) -> None:
        self.store = store
        self.pace = pace
        self.stamp = stamp
        self.game: Game[Any, Any] | None = None
        self.levels: list[str] = [session.DEFAULT_LEVEL] * 3
        self.opponents: dict[int, Opponent] = {}
        self.summary: int | None = None
        self.narration = ""
        self.notice = ""
        self.reported_over = False
        self.stats = comforts.parse_stats(store.get(STATS_KEY))
        self.entries: list[comforts.Entry] = []

    # --- starting -----------------------------------------------------------------
    def begin(self, game: Game[Any, Any], levels: list[str], narration: str = "") -> Effects:
        self.game = game
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
        return Effects(draw=True, schedule_ms=self.next_delay())

    def new_deal(self, name: str, options: Mapping[str, Any], levels: list[str],
                 seed: int | None = None) -> Effects:
        seed = random.randrange(2**53) if seed is None else seed
        return self.begin(new_game(name, seed=seed, **options), levels)

    def start_from_address(self, params: Mapping[str, str]) -> Effects:
        """Open the page: a link's deal, else the game in progress, else the start screen."""
        try:
            deal = session.parse_query(params)
            game = deal.start() if deal else None
        except (OptionError, SaveError) as exc:
            self.notice = f"This link does not work: {exc}"
            return Effects(draw=True)
        current = self.load_current()
        if deal is not None and game is not None:
            if current and same_deal(current.game, game):
                return self.begin(current.game, list(deal.levels or current.levels))
            if current and not current.game.is_over:  # keep it: the link starts another
                self.store.set(session.SLOT + f"Unfinished game {self.stamp()[:16]}",
                               session.wrap_save(current.game, current.levels, "", self.stamp()))
            return self.begin(game, list(deal.levels or self.levels))
        if current:
            return self.begin(current.game, current.levels)
        return Effects(draw=True)

    def load_current(self) -> session.Loaded | None:
        text = self.store.get(session.CURRENT)
        if not text:
            return None
        try:
            return session.unwrap_save(text)
        except (SaveError, GameError) as exc:
            # Keep the damaged text in a slot of its own for inspection; harm nothing else.
            self.store.set(session.SLOT + f"Damaged game {self.stamp()[:16]}", text)
            self.store.remove(session.CURRENT)
            self.notice = f"The game in progress could not be resumed: {exc}"
            return None

    def load_slot(self, key: str) -> Effects:
        text = self.store.get(key)
        name = key[len(session.SLOT):]
        try:
            if text is None:
                raise SaveError("it is no longer there")
            loaded = session.unwrap_save(text)
        except (SaveError, GameError) as exc:
            return Effects(draw=True, say=f"“{name}” cannot be loaded: {exc}")
        return self.begin(loaded.game, loaded.levels).merge(Effects(say=f"Loaded “{name}”."))

    def save_as(self, name: str) -> Effects:
        if not name or self.game is None:
            return Effects(say="Give the save a name first.")
        text = session.wrap_save(self.game, self.levels, name, self.stamp())
        if self.store.set(session.SLOT + name, text):
            return Effects(say=f"Saved as “{name}”.")
        return Effects(say=self.store.problem or "Could not save.")

    def autosave(self) -> None:
        if self.game is not None:
            text = session.wrap_save(self.game, self.levels, "Game in progress", self.stamp())
            self.store.set(session.CURRENT, text)

    # --- moves ----------------------------------------------------------------------
    def waiting_for_computer(self) -> bool:
        game = self.game
        return (game is not None and self.summary is None and not game.is_over
                and game.current_player != HUMAN)

    def my_turn(self) -> bool:
        game = self.game
        return (game is not None and self.summary is None and not game.is_over
                and game.current_player == HUMAN)

    def next_delay(self) -> int | None:
        return self.pace if self.waiting_for_computer() else None

    def play(self, action: str) -> Effects:
        game = self.game
        assert game is not None
        rounds = comforts.round_of(game.observation(HUMAN))
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
        if game.is_over and not self.reported_over:
            self.reported_over = True
            score = game.scores[HUMAN] if game.scores else 0
            self.stats = comforts.record_result(
                self.stats, game.NAME, won=HUMAN in game.winners, score=score)
            self.store.set(STATS_KEY, json.dumps(self.stats))
            effects.post.append({"type": "game over", "game": game.NAME,
                                 "winners": list(game.winners), "scores": list(game.scores),
                                 "you_won": HUMAN in game.winners})
        return effects

    def human_play(self, action: str) -> Effects:
        """The human's move; nothing happens if it is not the human's turn or not legal."""
        if not self.my_turn() or self.game is None:
            return Effects()
        if action not in self.game.observation(HUMAN)["legal"]:
            return Effects()
        return self.play(action)

    def step(self, go_on: Callable[[], bool] | None = None,
             budget_ms: float | None = None) -> Effects:
        """One computer player's move.  ``go_on`` is asked between slices of thinking (the
        page yields to the browser there); ``budget_ms`` is the per-decision thinking-time
        budget (from the pace), the place for a search to be given its time."""
        if not self.waiting_for_computer() or self.game is None:
            return Effects()
        seat = self.game.current_player
        assert seat is not None
        opponent = self.opponents[seat]
        if budget_ms is not None:
            opponent.time_budget_ms = budget_ms  # read by searches that take a budget
        action, _ = drive(opponent.think(self.game.observation(seat)), go_on)
        if action is None:
            return Effects()
        return self.play(action)

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

    def hint(self, go_on: Callable[[], bool] | None = None) -> tuple[str, str] | None:
        """The strongest level's move for the human and why, or None (not the human's
        turn, no opponents for this game, or abandoned by ``go_on``)."""
        if not self.my_turn() or self.game is None:
            return None
        try:
            adviser = make_opponent(self.game.NAME, "hard", HUMAN, self.game.seed)
        except (ImportError, ValueError):
            return None
        action, _ = drive(adviser.think(self.game.observation(HUMAN)), go_on)
        return None if action is None else (action, adviser.explain())

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
        self.store.remove(STATS_KEY)
        return Effects(draw=True)

    def last_play(self) -> Effects:
        text = self.narration or "No play yet."
        return Effects(announce=[text], say=f"Last play: {text}")
