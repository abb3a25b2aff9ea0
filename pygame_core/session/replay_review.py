"""A replay on the page: stepping through a match, and the review of one deal.

``ReplayView`` holds a ``ReplayStepper``, whose view is shown (every hand face up, or what
one seat saw) and whether it plays by itself; the replay is drawn as the table looks,
through the game's own view, under a strip of controls.  ``DealReview`` follows a review of
the human's play in one deal as the page runs it in slices.  What both show is drawn by
``views/replay.py`` from what they pass it.

Pure Python, driven by the session's replay and review screens (``replay_screen.py``,
``review_screen.py``), and imported only once a replay or a review is opened: nothing here
plays a move of the game in progress or saves anything; a replay works on a copy of the
match's log.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from ..base import Game, read_digits
from ..i18n import _
from ..replay import Replay, ReplayStepper, summary_steps
from ..review import Narrate, Review, review
from ..views import DealEnds, TableContext, narrate, render_table, seat_names
from ..views.markup import Markup
from ..views.replay import (
    ReplayControls,
    ReviewShown,
    review_block_html,
    review_panel_html,
    strip_html,
)
from .core import KEY_DIGITS

HUMAN = 0
# The keys of the game's keyboard that step a replay (the page asks before its own).
KEYS = {
    "ArrowLeft": "replay-back", "ArrowUp": "replay-back",
    "ArrowRight": "replay-forward", "ArrowDown": "replay-forward",
    "Home": "replay-start", "End": "replay-end", "p": "replay-play", "P": "replay-play",
    "Escape": "replay-close",
}
# The game's shortcuts that would act on the game in progress: no-ops in a replay.
QUIET_KEYS = frozenset("hHuUnNlL")
MIN_PLAY_MS = 120  # "Instant" pace still shows each step


class ReplayView:
    """A match being stepped through on the page."""

    def __init__(self, replay: Replay | ReplayStepper, *, from_link: bool = False,
                 step: int | None = None) -> None:
        self.stepper = replay if isinstance(replay, ReplayStepper) else ReplayStepper(replay)
        self.from_link = from_link
        self.viewer: int | None = None  # None: every hand face up; a seat: what it saw
        self.playing = False
        self.token = 0  # a play run that no longer matches is over
        self.focus = ""  # the control that keeps the focus across a redraw
        # A deal's first step is also the last of the deal before (its summary shows): once
        # stepped past the summary, the same step shows the new deal instead, as in play.
        self.dismissed = False
        self.go(self.stepper.steps if step is None else step)
        first = self.stepper.state()
        self.players = first.num_players
        self.names = seat_names(self.stepper.replay.game, self.players)
        # Abyssinia's hands are open: there is no one seat's view to choose.
        self.hidden_hands = "hand" in first.observation(HUMAN)

    @property
    def step(self) -> int:
        return self.stepper.step

    def boundary(self, step: int | None = None) -> bool:
        """Whether ``step`` ends one deal and starts the next."""
        return (self.step if step is None else step) in self.stepper.deal_starts[1:]

    def go(self, step: int, *, new_deal: bool = True) -> None:
        """To ``step``; at a deal boundary, the new deal (or, without ``new_deal``, the
        finished deal's summary)."""
        self.stepper.go(step)
        self.dismissed = new_deal and self.boundary()

    def forward(self) -> None:
        if self.boundary() and not self.dismissed:
            self.dismissed = True  # past the summary: the next deal, as dealt
        else:
            self.go(self.step + 1, new_deal=False)

    def back(self) -> None:
        if self.dismissed:
            self.dismissed = False  # back to the finished deal's summary
        else:
            self.go(self.step - 1)

    def deal(self) -> int:
        """The deal shown (at a boundary, the new one once its summary is dismissed)."""
        return self.stepper.deal_of() + (1 if self.dismissed else 0)

    def at_end(self) -> bool:
        return self.step >= self.stepper.steps

    def at_start(self) -> bool:
        return self.step == 0

    # --- what is shown ----------------------------------------------------------------
    def display(self) -> dict[str, Any]:
        """The observation the table draws, in the table's own layout (seat 0 at the
        bottom): ``ReplayStepper.view`` every hand face up, or, for one seat's view, that
        seat's own hand face up and every other hand as backs."""
        stepper = self.stepper
        if self.viewer is None or not self.hidden_hands:
            return stepper.view(HUMAN, face_up=self.hidden_hands)
        seen = stepper.view(self.viewer, face_up=False)
        if self.viewer == HUMAN:
            return seen
        obs = stepper.view(HUMAN, face_up=False)
        hands: list[list[str] | None] = [None] * self.players
        hands[self.viewer] = [str(c) for c in seen["hand"]]
        obs["face_up"] = hands
        obs["dealer_saw"] = []  # what you saw as dealer is not the chosen seat's to see
        return obs

    def summary(self) -> int | None:
        """The finished deal whose summary the table shows at this step, if any."""
        stepper = self.stepper
        if self.step and not self.dismissed and self.step in summary_steps(stepper):
            return stepper.deal_of(self.step)
        return None

    def where(self) -> str:
        stepper = self.stepper
        parts = {"step": self.step, "steps": stepper.steps, "deal": self.deal() + 1,
                 "deals": stepper.deals}
        game = stepper.replay.game
        # Translators: where a replay stands: its move and its round (Avissinia), hand
        # (Avinas) or deal (Abyssinia).
        if game == "avissinia":
            return _("Move {step} of {steps}, round {deal} of {deals}").format(**parts)
        if game == "avinas":
            return _("Move {step} of {steps}, hand {deal} of {deals}").format(**parts)
        return _("Move {step} of {steps}, deal {deal} of {deals}").format(**parts)

    def said(self) -> str:
        """The step in words: where, and the move that led to it."""
        move = narrate(self.stepper.state().observation(HUMAN), self.names)
        if move and self.step:
            # Translators: {where} is e.g. "Move 3 of 40, round 1 of 2"; {move} the move made.
            return _("{where}. {move}").format(where=self.where(), move=move)
        return _("{where}.").format(where=self.where())

    def html(self) -> str:
        obs = self.display()
        move = narrate(self.stepper.state().observation(HUMAN), self.names) if self.step else ""
        # The dialogs at a deal's end step on here, and the match's end leaves the replay.
        ctx = TableContext(names=self.names, narration=move or _("The cards are dealt."),
                           summary=self.summary(), ends=DealEnds(replay=True))
        table = render_table(obs, ctx)
        return f'<div class="replay">{strip_html(self.controls())}{table}</div>'

    def controls(self) -> ReplayControls:
        """What the strip of controls shows (``views.replay.strip_html``)."""
        return ReplayControls(
            game=self.stepper.replay.game, where=self.where(), at_start=self.at_start(),
            at_end=self.at_end(), playing=self.playing, deal=self.deal(),
            deals=self.stepper.deals, names=self.names, viewer=self.viewer,
            hidden_hands=self.hidden_hands, from_link=self.from_link, focus=self.focus)

    # --- commands -----------------------------------------------------------------------
    def act(self, name: str, key: str | None) -> bool:
        """A replay command (not leaving, not playing); False if it is none of them."""
        stepper = self.stepper
        if name == "replay-start":
            self.go(0)
        elif name == "replay-back":
            self.back()
        elif name == "replay-forward":
            self.forward()
        elif name == "replay-end":
            self.go(stepper.steps)
        elif name == "replay-deal" and key:
            text, _sep, end = key.partition(":")
            deal = read_digits(text, KEY_DIGITS)
            if deal is None or deal >= stepper.deals:
                return False
            first, last = stepper.deal_range(deal)
            self.go(last, new_deal=False) if end == "end" else self.go(first)
        elif name == "replay-view" and key:
            seat = read_digits(key, KEY_DIGITS)
            self.viewer = seat if seat is not None and seat < self.players else None
        else:
            return False
        if name != "replay-view":
            self.stop()
        self.focus = f"{name}:{key or ''}" if name in ("replay-deal", "replay-view") \
            else f"{name}:"
        if self.focus in ("replay-back:", "replay-start:") and self.at_start():
            self.focus = "replay-forward:"
        if self.focus in ("replay-forward:", "replay-end:") and self.at_end():
            self.focus = "replay-back:"
        return True

    def stop(self) -> None:
        self.playing = False
        self.token += 1

    def start_playing(self) -> int:
        """Play on from here (from the start if at the end); the run's token."""
        if self.at_end():
            self.go(0)
        self.playing, self.focus = True, "replay-play:"
        self.token += 1
        return self.token

    def tick(self, token: int) -> bool:
        """One step of a play run; False once the run is over (paused, or the end)."""
        if not self.playing or token != self.token:
            return False
        self.forward()
        if self.at_end():
            self.stop()
            return False
        return True


def wait(ms: int, token: int) -> Generator[float, None, int]:
    """A pause of ``ms`` for the page to wait (the sliced work's way to ask for one)."""
    yield float(max(ms, MIN_PLAY_MS))
    return token


def table_words(game: str, players: int) -> Narrate:
    """A state's last move in the table's words, with the game's seat names: what a review
    says its moves with (the Review panel, and the scripts that time a review)."""
    names = seat_names(game, players)

    def said(state: Game[Any, Any], seat: int) -> str:
        return narrate(state.observation(seat), names)

    return said


# --- the Review panel --------------------------------------------------------------------
@dataclasses.dataclass
class DealReview:
    """The review of the human's play in one finished deal, as the page runs it."""

    game: str
    deal: int
    done: int = 0
    total: int = 0
    result: Review | None = None
    cancelled: bool = False

    def work(self, replay: Replay) -> Generator[None, None, Review]:
        def told(done: int, total: int) -> None:
            self.done, self.total = done, total

        return review(replay, HUMAN, deal=self.deal, progress=told,
                      narrate=table_words(replay.game, replay.new_game().num_players))

    def until_progress(self, work: Generator[None, None, Review]) -> Generator[None, None, bool]:
        """Run ``work`` until one more decision is reviewed (True once it is finished)."""
        seen = self.done
        while not self.cancelled:
            try:
                next(work)
            except StopIteration as end:
                self.result = end.value
                return True
            if self.done != seen:
                return False
            yield
        work.close()
        return True

    def shown(self) -> ReviewShown:
        """The review as the Review panel shows it (``views.replay``)."""
        result = self.result
        if result is None:
            return ReviewShown(self.game, self.deal, self.done, self.total)
        return ReviewShown(
            self.game, self.deal, self.done, self.total, finished=True,
            marks=tuple((d.step, d.text()) for d in result.marked[:5]),
            marked=len(result.marked), decisions=len(result.decisions),
            seconds=result.seconds, note=_(result.note))

    def html(self) -> Markup:
        """The whole panel; ``block`` is the part redrawn as the review goes on."""
        return review_panel_html(self.shown())

    def block(self) -> Markup:
        return review_block_html(self.shown())
