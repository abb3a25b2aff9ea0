"""Lessons: a guided first deal of each game, on a scripted deck, one step at a time.

Pure Python.  A lesson is a real game: the engine deals the scripted deck and checks every
move.  Each ``Step`` is one or two sentences placed beside a part of the table (``place``),
and either asks for one play of the human's (``move``, an action of the engine, with
``why`` it is a good play) or is read and passed with Next.  The other seats play the
lesson's own script (``others``), then a fixed rule of the game's lesson, so a lesson is
the same every time.  ``LessonRun`` walks a lesson over its game; the session
(``session/lesson_screen.py``) shows it on the table.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping
from typing import Any

from ..base import Game, IllegalActionError
from ..cards import Card, parse_card
from ..engines import new_game
from ..i18n import _

HUMAN = 0

# Game name -> the module holding its lesson (``LESSON``), imported on first use.
LESSON_MODULES: dict[str, str] = {
    "avissinia": "pygame_core.lessons.avissinia",
    "avinas": "pygame_core.lessons.avinas",
    "abyssinia": "pygame_core.lessons.abyssinia",
}


@dataclasses.dataclass(frozen=True)
class Step:
    """One step: ``text`` (one or two sentences) beside the table's ``place`` (``hand``,
    ``centre``, ``seat-N``, ``trick``, ``market``, ``pot``, ``scores``, ``bids``...).
    ``move``: the play asked for (None: read on with Next), and ``why`` it is good.
    ``rules``: the names of the lesson's rules this step shows.  ``at_once``: shown right
    after the play before it, before the other seats move on (else they move first).
    ``says`` and ``because`` are the English messages; ``text`` and ``why`` give them in
    the language in use."""

    says: str
    place: str = "table"
    move: str | None = None
    because: str = ""
    rules: tuple[str, ...] = ()
    at_once: bool = False

    @property
    def text(self) -> str:
        return _(self.says)

    @property
    def why(self) -> str:
        return _(self.because) if self.because else ""


@dataclasses.dataclass(frozen=True)
class Lesson:
    """A game's lesson: the deal (``options``, with its scripted ``deck``, and ``seed``),
    the rules it must reach (``rules``), its steps, the other seats' scripted moves in the
    order they come (``others``) and the rule they follow once the script is used up."""

    game: str
    heading: str  # the English message: ``title`` gives it in the language in use
    seed: int
    options: Mapping[str, Any]
    rules: tuple[str, ...]
    steps: tuple[Step, ...]
    others: tuple[str, ...] = ()
    rule: Callable[[Game[Any, Any]], str] = lambda game: str(game.legal_actions()[0])

    @property
    def title(self) -> str:
        return _(self.heading)

    def start(self) -> Game[Any, Any]:
        return new_game(self.game, seed=self.seed, **dict(self.options))

    def shown_rules(self) -> list[str]:
        """Every rule some step names, in the order first shown."""
        seen: list[str] = []
        for step in self.steps:
            seen += [r for r in step.rules if r not in seen]
        return seen


def cards_of(text: str) -> list[Card]:
    """Cards from their codes, separated by spaces (``"9C 3H 7C"``)."""
    return [parse_card(code) for code in text.split()]


def lesson_for(game: str) -> Lesson | None:
    module = LESSON_MODULES.get(game)
    if module is None:
        return None
    lesson: Lesson = importlib.import_module(module).LESSON
    return lesson


class LessonRun:
    """A lesson being followed over its game: which step is shown, and the other seats'
    moves.  The game may be played by someone else (the session's table) as long as every
    move of a computer seat is ``other_move``'s and every human move goes through ``play``."""

    def __init__(self, lesson: Lesson, game: Game[Any, Any] | None = None) -> None:
        self.lesson = lesson
        self.game = game if game is not None else lesson.start()
        self.index = 0
        self.scripted = 0  # the others' scripted moves used
        # Deals finished when the step was last read on: a deal that ends stops the
        # others until the next step (its scores) is read.
        self.deals_seen = self.game.deals_finished

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    def others_to_move(self) -> bool:
        """Whether a computer seat plays now (not while a step shown at once is read)."""
        game, step = self.game, self.step
        if game.is_over or game.current_player in (None, HUMAN) or step is None \
                or game.deals_finished > self.deals_seen:
            return False
        return not (step.move is None and step.at_once)

    def showing(self) -> bool:
        """Whether the current step is shown (the others are not about to play first)."""
        return self.step is not None and not self.others_to_move()

    def other_move(self) -> str:
        """The move of the computer seat to play: the script's next, else the rule's."""
        if self.scripted < len(self.lesson.others):
            move = self.lesson.others[self.scripted]
        else:
            move = self.lesson.rule(self.game)
        return move

    def played_other(self) -> None:
        """Count a computer move just played (from the script while it lasts)."""
        self.scripted += 1

    def play_other(self) -> str:
        """Play the computer seat's move on the run's own game (tests, scripts)."""
        move = self.other_move()
        self.game.apply(move)
        self.played_other()
        return move

    def asks(self, action: str) -> bool:
        step = self.step
        return (step is not None and step.move == action and self.showing()
                and self.game.current_player == HUMAN)

    def play(self, action: str, apply: bool = True) -> None:
        """The human's play, which must be the one asked for (``apply`` False: the caller
        applies it to the game itself)."""
        if not self.asks(action):
            raise IllegalActionError(_("{action}: the lesson asks for another play now").format(
                action=action))
        if apply:
            self.game.apply(action)
        self.index += 1

    def next(self) -> bool:
        """Read on past a step that asks for no play; False if the step asks for one."""
        step = self.step
        if step is None or step.move is not None or not self.showing():
            return False
        self.index += 1
        self.deals_seen = self.game.deals_finished
        return True
