"""The replay screen of the session: a ``#replay=`` link opened read-only, and a match
stepped through (all of it, from a deal, or from a decision the review marked).

Imported at the page's start, so the replay modules themselves (``replay``,
``replay_review``) are imported only when a replay is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from typing import TYPE_CHECKING, Any

from ..base import Game, GameError, read_digits
from ..i18n import _, ngettext, number
from ..views.panels import Entry
from .core import HUMAN, KEY_DIGITS, Effects, Work
from .history import history_entries_sliced, round_of
from .screen import Screens

if TYPE_CHECKING:
    from ..replay import ReplayStepper
    from .replay_review import ReplayView


# The page's notice line emptied (an empty notice is not shown): "Preparing the replay…"
# is over once the replay is shown or left.
CLEAR_NOTICE = {"notice": ""}


class ReplayScreens(Screens):
    """The session with its replay screen."""

    replay: ReplayView | None = None  # a replay being stepped through

    def forget_match(self) -> None:
        self.replay = None
        super().forget_match()

    def show(self, screen: str, message: str = "") -> Effects:
        if screen != "replay" and self.replay is not None:
            self.replay.stop()
            self.replay = None
        return super().show(screen, message)

    def turn(self) -> str:
        return "replay" if self.replaying() else super().turn()

    def replaying(self) -> bool:
        return self.screen == "replay" and self.replay is not None

    def html(self, thinking: int | None = None, problem: str = "", can_save: bool = True) -> str:
        if self.screen == "replay" and self.replay is not None:
            self.notice = ""
            return self.replay.html()
        return super().html(thinking, problem, can_save)

    def animated(self) -> bool:
        return self.screen == "replay" or super().animated()

    def open_replay(self, fragment_text: str) -> Effects | None:
        """A ``#replay=`` link: the match's final table, read-only (nothing saved, nothing
        to play), with a message; a damaged link says why on the start screen.  None when
        the fragment names no replay.  The link is read as background work (a long match
        takes seconds): the loading screen stays meanwhile."""
        if "replay=" not in fragment_text:
            return None  # most starts: the replay modules are not even imported
        from ..replay import ReadProgress, ReplayError, decode_steps, fragment_value

        value = fragment_value(fragment_text)
        if value is None:
            return None
        progress = ReadProgress()

        def reading() -> Generator[None, None, Any]:
            try:
                _steps, game = yield from decode_steps(value, progress)
            except (ReplayError, GameError) as exc:
                return exc
            return game, (yield from history_entries_sliced(game, HUMAN))

        def said() -> str:
            if progress.read < 1:
                return _("Opening the replay…")
            return ngettext("Opening the replay: {read} of {count} move read…",
                            "Opening the replay: {read} of {count} moves read…",
                            progress.moves).format(read=number(progress.read),
                                                   count=number(progress.moves))

        return Effects(update={"loading-text": said()},
                       work=Work(reading(), self.replay_opened, progress=said))

    def replay_opened(self, read: tuple[Game[Any, Any], list[Entry]] | Exception) -> Effects:
        """The replay link read (``open_replay``'s work): show its final table."""
        if isinstance(read, Exception):
            return self.show("start", _("This replay link does not work: {reason}").format(
                reason=read))
        game, entries = read
        self.forget_match()
        self.game, self.screen, self.read_only = game, "table", True
        self.opponents, self.reported_over = {}, True
        finished = round_of(game.observation(HUMAN))
        # The last deal's scores, as the table showed them when the match ended.
        self.summary = finished - 1 if game.is_over and finished else None
        self.entries = entries
        moves = len(game.history)
        if game.is_over:
            self.narration = ngettext(
                "A replay: the finished match after {count} move. Nothing here is saved; "
                "start a new game from the menu.",
                "A replay: the finished match after {count} moves. Nothing here is saved; "
                "start a new game from the menu.", moves).format(count=moves)
        else:
            self.narration = ngettext(
                "A replay: the match as it was after {count} move. Nothing here is saved; "
                "start a new game from the menu.",
                "A replay: the match as it was after {count} moves. Nothing here is saved; "
                "start a new game from the menu.", moves).format(count=moves)
        return Effects(draw=True)

    def replay_fragment(self) -> str | None:
        """The fragment (``replay=...``) of a link that replays this match, if any."""
        from ..replay import fragment

        if self.game is None or not self.game.history:
            return None
        return fragment(self.game)

    def key_command(self, key: str) -> str | None:
        """The command a key gives in a replay ("" for a shortcut that does nothing there);
        None: the page's own handling."""
        if not self.replaying():
            return None
        from .replay_review import KEYS, QUIET_KEYS

        return KEYS.get(key, "" if key in QUIET_KEYS else None)

    def open_replay_view(self, key: str) -> Effects:
        """History's and the Review's replays of this match: ``all``, ``deal:<d>`` (its
        start) or ``step:<n>``.  The game in progress is not touched: the replay is built
        from a copy of its log, and the computer players wait until it is left."""
        from ..replay import Replay, ReplayStepper
        from .replay_review import ReplayView

        if self.game is None:
            return Effects()
        kind, _sep, number = key.partition(":")
        moves = len(self.game.history)

        def still() -> bool:  # the same match, not moved on meanwhile
            return self.game is not None and len(self.game.history) == moves

        def opened(stepper: ReplayStepper) -> Effects:
            view = ReplayView(stepper, from_link=self.read_only, step=0)
            value = read_digits(number, KEY_DIGITS)
            if kind == "deal" and value is not None and value < view.stepper.deals:
                view.go(view.stepper.deal_range(value)[0])
            elif kind == "step" and value is not None:
                view.go(value)  # a decision: at a deal's first, the deal as dealt
            self.replay, self.screen = view, "replay"
            view.focus = "replay-forward:"
            return Effects(draw=True, close_panel=True, announce=[view.said()],
                           update=CLEAR_NOTICE)

        # A long match's states take seconds to lay out on the page: in slices.
        return Effects(say=_("Preparing the replay…"),
                       work=Work(ReplayStepper.sliced(Replay.of(self.game)), opened, still))

    def close_replay(self) -> Effects:
        if not self.replaying():
            return Effects(update=CLEAR_NOTICE)
        assert self.replay is not None
        if self.replay.from_link:
            self.game, self.read_only = None, False
            closed = self.show("start")
        else:
            closed = self.back_to_table()
        return closed.merge(Effects(update=CLEAR_NOTICE))

    def play_replay(self) -> Effects:
        """Play the replay on by itself from here, or pause it."""
        from .replay_review import wait

        view = self.replay
        if view is None or not self.replaying():
            return Effects()
        if view.playing:
            view.stop()
            return Effects(draw=True, announce=[_("Paused.")])
        token = view.start_playing()
        return Effects(draw=True, work=Work(wait(self.pace, token), self.replay_tick))

    def step_replay(self, name: str, key: str | None) -> Effects:
        """A replay command that moves or turns what is shown (``ReplayView.act``)."""
        view = self.replay
        if view is None or not self.replaying() or not view.act(name, key):
            return Effects()
        return Effects(draw=True, announce=[view.said()])

    def replay_tick(self, token: int) -> Effects:
        """One step of a replay playing by itself, and the wait for the next."""
        from .replay_review import wait

        view = self.replay
        if view is None or not self.replaying() or not view.playing:
            return Effects()
        going = view.tick(token)
        effects = Effects(draw=True, announce=[view.said()])
        if going:
            effects.work = Work(wait(self.pace, token), self.replay_tick)
        return effects


def _stepping(name: str) -> Callable[[ReplayScreens, str | None, Mapping[str, str]], Effects]:
    return lambda session, key, _fields: session.step_replay(name, key)


# The replay's commands (``data-cmd``): what each does, with the clicked element's
# ``data-key`` and the fields of the forms shown.
REPLAY_COMMANDS: dict[str, Callable[[ReplayScreens, str | None, Mapping[str, str]],
                                    Effects | None]] = {
    "replay-open": lambda session, key, _fields: session.open_replay_view(key or "all"),
    "replay-close": lambda session, _key, _fields: session.close_replay(),
    "replay-play": lambda session, _key, _fields: session.play_replay(),
    **{name: _stepping(name) for name in (
        "replay-start", "replay-back", "replay-forward", "replay-end", "replay-deal",
        "replay-view")},
}
