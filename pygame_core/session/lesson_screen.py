"""The lessons on the page: a game's lesson (``pygame_core.lessons``) played at the table.

The lesson's game is a real game at the table; the computer seats play the lesson's
script (``LessonOpponent``), and the human may make only the play the step asks for.  The
step's box (``views/lesson.py``) sits with the table; each step's words go to the screen
reader's live region as it is shown.  While the lesson runs nothing is saved, so the game
in progress stays as it was; once the lesson is over (or switched off) the deal plays on
as a normal game, with the chosen levels, and is saved from then on (the game in progress
before it put aside in Saves first, as a link's deal does).  Opened from the start
screen's "Learn to play" or at ``?learn=GAME``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from ..base import Game, GameError
from ..i18n import _
from ..lessons import LESSON_MODULES, LessonRun, lesson_for
from ..links import LEARN_PARAM, read_link
from ..opponents import Opponent
from ..query import encode_query
from ..views import GAME_TITLES
from ..views.lesson import learn_html, lesson_box, lesson_done_box, mark, move_label
from .core import HUMAN, Effects, seat_opponent
from .screen import Screens
from .storage import UNFINISHED, wrap_save

# A deal's summary stays open while the steps read over it speak of these places.
SUMMARY_PLACES = ("scores", "pot")


class LessonOpponent(Opponent[Any]):
    """A computer seat in a lesson: it plays the lesson's script, then its rule."""

    level = "lesson"

    def __init__(self, run: LessonRun, seat: int) -> None:
        super().__init__(run.lesson.game, seat, run.lesson.seed)
        self.run = run

    def think(self, obs: Any) -> Generator[None, None, str]:
        return self.run.other_move()
        yield  # a generator, as every opponent's thinking is


class LessonScreens(Screens):
    """The session with its lessons."""

    lesson: LessonRun | None = None
    starting: LessonRun | None = None  # the lesson whose game ``begin`` is starting
    lesson_said = -1  # the step last sent to the live region

    def begin(self, game: Game[Any, Any], levels: list[str], narration: str = "") -> Effects:
        run, self.starting = self.starting, None
        self.lesson = run if run is not None and run.game is game else None
        effects = super().begin(game, levels, narration)
        self.coach_in_lesson(self.lesson is not None)
        if self.lesson is not None:
            self.opponents = {seat: LessonOpponent(self.lesson, seat)
                              for seat in range(1, game.num_players)}
            self.lesson_said = -1
            # Translators: {title} is a lesson's title.
            effects.announce.append(_("A lesson in {title}.").format(
                title=_(self.lesson.lesson.title)))
            self.say_step(effects)
        return effects

    def coach_in_lesson(self, on: bool) -> None:
        """The coach note is on while a lesson runs (issue 42), and back to the player's
        own setting after it.  (No play a lesson asks for is one the coach marks: the
        lessons' tests check it.)"""
        self.set_coach_note(True if on else None)

    def learning(self) -> bool:
        """A lesson is being followed at the table (not yet over)."""
        return self.lesson is not None and not self.lesson.done and self.at_table()

    def lesson_state(self) -> str:
        """``document.body.dataset.lesson``: "" (none), "on" or "done"."""
        if self.lesson is None or not self.at_table():
            return ""
        return "done" if self.lesson.done else "on"

    def autosave(self) -> None:
        if self.lesson is None or (self.lesson.done and self.lesson_off_saved):
            super().autosave()

    lesson_off_saved = True

    # --- starting and leaving ---------------------------------------------------------
    def start_lesson(self, name: str | None) -> Effects:
        lesson = lesson_for(name or "")
        if lesson is None:
            return self.show("start", _("There is no lesson for {name}.").format(
                name=repr(name)))
        run = LessonRun(lesson)
        self.starting = run
        self.lesson_off_saved = False
        levels = list(self.levels) if self.game is not None else []
        return self.begin(run.game, levels)

    def start_from_address(
        self, query: Sequence[tuple[str, str]] | Mapping[str, str]
    ) -> Effects:
        """``?learn=GAME``: that game's lesson (with the page's own parameters, such as
        ``speed``); any other address as before."""
        pairs = list(query.items()) if isinstance(query, Mapping) else list(query)
        learn = [value for key, value in pairs if key == LEARN_PARAM]
        if not learn:
            return super().start_from_address(pairs)
        try:
            if len(learn) > 1:
                # Translators: {name} is a link's parameter, not translated (learn).
                raise GameError(_("the link names {name} twice: keep one of them").format(
                    name=LEARN_PARAM))
            if learn[0] not in LESSON_MODULES:
                # Translators: {name} is what the link asked for; {lessons} the games that
                # have a lesson, as the link names them (avissinia, avinas, abyssinia).
                raise GameError(_("there is no lesson for {name} (lessons: {lessons})").format(
                    name=repr(learn[0][:40]), lessons=", ".join(LESSON_MODULES)))
            link = read_link([(k, v) for k, v in pairs if k != LEARN_PARAM])
        except GameError as exc:
            return self.refuse_link(exc)
        current = self.follow_link(link)
        if current is not None:
            self.game, self.levels = current.game, list(current.levels)
        return self.start_lesson(learn[0])

    def leave_lesson(self) -> Effects:
        """Back to the start screen; the game in progress before the lesson, if any, is
        there to continue (it was never overwritten)."""
        if self.lesson is None:
            return Effects()
        self.lesson = None
        self.coach_in_lesson(False)
        self.game = None
        current = self.load_current()
        if current is not None:
            self.game, self.levels = current.game, list(current.levels)
        return self.show("start")

    def lesson_off(self) -> Effects:
        """The deal plays on as a normal game: the levels' players, saved from now on."""
        game = self.game
        if self.lesson is None or game is None:
            return Effects()
        title = self.lesson.lesson.title
        self.lesson = None
        self.end_lesson(game)
        return Effects(draw=True, schedule_ms=self.next_delay(),
                       announce=[_("The {title} lesson is off: play on.").format(
                           title=_(title))])

    def end_lesson(self, game: Game[Any, Any]) -> None:
        """The computer seats play by their levels, and the deal is saved from now on (the
        game in progress before the lesson is kept in Saves)."""
        self.opponents = {seat: seat_opponent(game.NAME, self.levels[seat - 1], seat, game.seed)
                          for seat in range(1, game.num_players)}
        self.coach_in_lesson(False)
        if not self.lesson_off_saved:
            current = self.load_current()
            if current is not None and not current.game.is_over and current.game.history:
                self.put_aside(UNFINISHED,
                               wrap_save(current.game, current.levels, "", self.stamp()))
            self.lesson_off_saved = True
        self.autosave()

    # --- the steps ----------------------------------------------------------------------
    def say_step(self, effects: Effects) -> Effects:
        """Send the step shown to the live region, once."""
        run = self.lesson
        if run is not None and run.showing() and self.lesson_said != run.index:
            step = run.step
            assert step is not None
            self.lesson_said = run.index
            text = _(step.text) if step.text else ""  # the lessons' words, marked where written
            # Translators: {number} of {count} count the lesson's steps; {text} is the step's
            # words and {why} its reason.
            if step.why:
                said = _("Step {number} of {count}. {text} Why: {why}").format(
                    number=run.index + 1, count=len(run.lesson.steps), text=text,
                    why=_(step.why))
            else:
                said = _("Step {number} of {count}. {text}").format(
                    number=run.index + 1, count=len(run.lesson.steps), text=text)
            effects.announce.append(said)
        return effects

    def lesson_next(self) -> Effects:
        run = self.lesson
        if run is None or not self.learning() or not run.next():
            return Effects()
        effects = Effects(draw=True)
        if self.summary is not None and not self.summary_kept():
            effects.merge(self.next_round())
        if run.done:
            assert self.game is not None
            self.end_lesson(self.game)
            effects.announce.append(_("Lesson complete."))
        effects.schedule_ms = self.next_delay()
        return self.say_step(effects)

    def waiting_for_computer(self) -> bool:
        run = self.lesson
        if run is not None and not run.done:
            return super().waiting_for_computer() and run.others_to_move()
        return super().waiting_for_computer()

    def human_play(self, action: str) -> Effects:
        run = self.lesson
        if run is None or run.done:
            return super().human_play(action)
        if not run.asks(action):
            step = run.step
            if step is None or step.move is None:
                return Effects(say=_("In this lesson, read on with Next; or switch the lesson "
                                     "off."))
            return Effects(say=_("In this lesson, make the play the lesson marks; or switch "
                                 "the lesson off."))
        return super().human_play(action)

    def play(self, action: str) -> Effects:
        run = self.lesson
        game = self.game
        if run is None or run.done or game is None:
            return super().play(action)
        if game.current_player == HUMAN:
            run.play(action, apply=False)  # checks that it is the play asked for
            effects = super().play(action)
        else:
            if action != run.other_move():
                raise GameError(_("{action}: not the lesson's move").format(action=action))
            effects = super().play(action)
            run.played_other()
        if self.summary is not None and run.showing() and not self.summary_kept():
            self.summary = None  # the step speaks of the next deal: its summary is closed
        return self.say_step(effects)

    def summary_kept(self) -> bool:
        """Whether a deal's summary stays open under the step shown: while the steps read
        there speak of the scores or the pot."""
        run = self.lesson
        step = None if run is None else run.step
        return step is not None and step.move is None and step.place in SUMMARY_PLACES

    def undo_available(self) -> bool:
        return not self.learning() and super().undo_available()

    def hint_effects(self) -> Effects:
        if self.learning():
            return Effects(say=_("In a lesson, the step says what to play and why."))
        return super().hint_effects()

    # --- the page -------------------------------------------------------------------------
    def html(self, thinking: int | None = None, problem: str = "", can_save: bool = True) -> str:
        page = super().html(thinking, problem, can_save)
        run = self.lesson
        if self.screen == "start" and not self.at_table():
            games = [(name, GAME_TITLES.get(name, name)) for name in LESSON_MODULES]
            return page.replace('<form id="start-form"', learn_html(games)
                                + '<form id="start-form"', 1)
        if run is None or not self.at_table() or self.screen != "table":
            return page
        title = run.lesson.title
        if run.done:
            return page + lesson_done_box(title)
        step = run.step
        assert step is not None
        waiting = not run.showing()
        move = "" if waiting or step.move is None else step.move
        place = "summary" if self.summary is not None and self.summary_kept() else step.place
        # The step's button is the one to start from, not the summary's own.
        table = mark(page.replace(" autofocus>", ">"), "" if waiting else place, move or None)
        label = move_label(page, move) if move else ""
        box = lesson_box(title=title, number=run.index + 1, count=len(run.lesson.steps),
                         text=step.text, why=step.why, move=move, label=label,
                         place=place, waiting=waiting)
        return table + box  # after the part it is placed beside (CSS anchors)

    def address(self, keep: Mapping[str, str]) -> str:
        if self.learning() and self.lesson is not None:
            return encode_query({LEARN_PARAM: self.lesson.lesson.game, **keep})
        return super().address(keep)


LESSON_COMMANDS: dict[str, Callable[[LessonScreens, str | None, Mapping[str, str]],
                                    Effects | None]] = {
    "lesson": lambda session, key, _fields: session.start_lesson(key),
    "lesson-next": lambda session, _key, _fields: session.lesson_next(),
    "lesson-restart": lambda session, _key, _fields: (
        session.start_lesson(session.lesson.lesson.game) if session.lesson is not None
        else Effects()),
    "lesson-leave": lambda session, _key, _fields: session.leave_lesson(),
    "lesson-off": lambda session, _key, _fields: session.lesson_off(),
    # The summary's own button (and the N key) reads on in a lesson, as Next does.
    "next-round": lambda session, _key, _fields: (
        session.lesson_next() if session.learning() else
        session.next_round() if session.summary is not None else Effects()),
}
