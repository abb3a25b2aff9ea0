"""The Review panel of the session: a finished deal's review runs in slices the page
drives, and the panel follows it.  The review modules are imported only when one starts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..base import read_digits
from ..i18n import _, ngettext
from .core import KEY_DIGITS, Effects, Work
from .screen import Screens

if TYPE_CHECKING:
    from .replay_review import DealReview


class ReviewScreens(Screens):
    """The session with its reviews of this match's deals."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reviews: dict[int, DealReview] = {}  # deal -> its review, this match's
        self.review_shown = 0  # the deal whose review the Review panel shows

    def forget_match(self) -> None:
        for started in self.reviews.values():
            started.cancelled = True
        self.reviews = {}
        super().forget_match()

    def review_panel(self) -> str:
        """The Review panel for the deal it shows ("" if no review of it started)."""
        started = self.reviews.get(self.review_shown)
        return "" if started is None else str(started.html())

    def start_review(self, key: str | None) -> Effects:
        """The Review panel for a finished deal: the review starts (in slices the page
        runs) unless it has already, and the panel follows it."""
        from ..replay import Replay
        from .replay_review import DealReview

        game = self.game
        deal = read_digits(key, KEY_DIGITS)
        if game is None or deal is None or deal >= game.deals_finished:
            return Effects(say=_("Only a finished deal can be reviewed."))
        self.review_shown = deal
        if deal in self.reviews:
            return Effects(panel=self.review_panel())
        started = self.reviews[deal] = DealReview(game.NAME, deal)
        thinking = started.work(Replay.of(game))

        def tick(finished: bool) -> Effects:
            if started.cancelled:
                return Effects()
            effects = Effects()
            if self.review_shown == deal:
                effects.update["review-out"] = str(started.block())
            if not finished:
                effects.work = Work(started.until_progress(thinking), tick)
            elif started.result is not None:
                marked = len(started.result.marked)
                effects.announce.append(
                    ngettext("Review done: {count} costly play marked.",
                             "Review done: {count} costly plays marked.", marked).format(
                        count=marked)
                    if marked else _("Review done: no costly mistakes found."))
            return effects

        return Effects(panel=self.review_panel(),
                       work=Work(started.until_progress(thinking), tick))


REVIEW_COMMANDS: dict[str, Callable[[ReviewScreens, str | None, Mapping[str, str]],
                                    Effects | None]] = {
    "review": lambda session, key, _fields: session.start_review(key),
}
