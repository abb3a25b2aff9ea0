"""A replay's markup: the strip of controls above a match being stepped through, and the
Review panel as a deal's review runs, from what the session's replay and review screens
pass (``session/replay_review.py`` holds their state)."""

from __future__ import annotations

import dataclasses
import functools

from ..i18n import _, ngettext, number, pgettext
from . import unit_text
from .markup import Markup, html


@dataclasses.dataclass(frozen=True)
class ReplayControls:
    """What the replay's strip shows: where the replay is and what can be pressed."""

    game: str
    where: str  # "Move 3 of 52, round 1 of 4"
    at_start: bool
    at_end: bool
    playing: bool
    deal: int  # the deal shown
    deals: int
    names: tuple[str, ...]
    viewer: int | None  # whose view is shown (None: every hand face up)
    hidden_hands: bool  # whether there is one seat's view to choose
    from_link: bool  # opened from a replay link (leaving goes to the start screen)
    focus: str  # the control that keeps the focus across a redraw ("cmd:key")


def _button(focus: str, cmd: str, text: str, *, key: str = "", shortcut: str = "",
            disabled: bool = False, pressed: bool | None = None, icon: str = "",
            label: str = "") -> Markup:
    attrs: list[Markup] = []
    if key:
        attrs.append(html(' data-key="{key}"', key=key))
    if shortcut:
        attrs.append(html(' aria-keyshortcuts="{keys}"', keys=shortcut))
    if label:
        attrs.append(html(' aria-label="{label}"', label=label))
    if pressed is not None:
        attrs.append(Markup(' aria-pressed="true"' if pressed else ' aria-pressed="false"'))
    if disabled:
        attrs.append(Markup(" disabled"))
    if focus == f"{cmd}:{key}" and not disabled:
        attrs.append(Markup(" autofocus"))
    glyph = html('<span class="glyph" aria-hidden="true">{icon}</span> ', icon=icon) \
        if icon else Markup()
    text_class = Markup(' class="words"' if icon else "")
    return html('<button type="button" data-cmd="{cmd}"{attrs}>{glyph}<span{tc}>{text}'
                '</span></button>', tc=text_class,
                cmd=cmd, attrs=Markup("").join(attrs), glyph=glyph, text=text)


def strip_html(c: ReplayControls) -> Markup:
    """The controls: leave, the step counter, step and play, jump to a deal, whose view."""
    b = functools.partial(_button, c.focus)

    steps = Markup(" ").join([
        b("replay-start", pgettext("replay", "Start"), shortcut="Home", disabled=c.at_start,
          icon="«"),
        b("replay-back", pgettext("replay", "Back"), shortcut="ArrowLeft",
          disabled=c.at_start, icon="‹"),
        b("replay-play", pgettext("replay", "Pause") if c.playing else
          pgettext("replay", "Play"), shortcut="P",
          disabled=c.at_end and not c.playing, icon="||" if c.playing else "▶"),
        b("replay-forward", pgettext("replay", "Forward"), shortcut="ArrowRight",
          disabled=c.at_end, icon="›"),
        b("replay-end", pgettext("replay", "End"), shortcut="End", disabled=c.at_end,
          icon="»"),
    ])
    deals = Markup("").join(
        html('<li{here}><span class="deal-name">{name}</span> {start} {end}</li>',
             here=Markup(' class="current"' if d == c.deal else ""),
             name=unit_text(c.game, "name").format(number=d + 1),
             start=b("replay-deal", pgettext("replay: a deal's", "start"), key=str(d),
                     label=unit_text(c.game, "start").format(number=d + 1)),
             end=b("replay-deal", pgettext("replay: a deal's", "end"), key=f"{d}:end",
                   label=unit_text(c.game, "end").format(number=d + 1)))
        for d in range(c.deals))
    jump = html('<details class="replay-deals"{open}><summary>{jump}</summary>'
                '<ul>{deals}</ul></details>',
                open=Markup(" open" if c.focus.startswith("replay-deal") else ""),
                jump=unit_text(c.game, "jump"), deals=deals)
    views = Markup("")
    if c.hidden_hands:
        choices = [b("replay-view", _("Every hand"), key="all", pressed=c.viewer is None)]
        choices += [b("replay-view", name, key=str(seat), pressed=c.viewer == seat)
                    for seat, name in enumerate(c.names)]
        views = html('<div class="replay-view" role="group" aria-labelledby="replay-show">'
                     '<span id="replay-show">{show}</span> {choices}</div>',
                     show=_("Show:"), choices=Markup(" ").join(choices))
    leave = _("Leave the replay") if c.from_link else _("Back to the game")
    return html(
        '<nav class="replay-strip" aria-label="{replay}">'
        '<div class="replay-head"><h2 class="replay-title">{replay}</h2>'
        '<p class="replay-where" id="replay-where">{where}</p>{close}</div>'
        '<div class="replay-steps">{steps}</div>{jump}{views}</nav>',
        replay=_("Replay"), where=c.where, close=b("replay-close", leave, shortcut="Escape"),
        steps=steps, jump=jump, views=views)


@dataclasses.dataclass(frozen=True)
class ReviewShown:
    """A deal's review as the Review panel shows it: running (``done`` of ``total``
    decisions) or finished (``finished``), with the marked plays, the costliest first."""

    game: str
    deal: int
    done: int = 0
    total: int = 0
    finished: bool = False
    marks: tuple[tuple[int, str], ...] = ()  # (replay step, the mark in words), at most 5
    marked: int = 0  # how many plays were marked in all
    decisions: int = 0  # how many were reviewed
    seconds: float = 0.0
    note: str = ""


def review_panel_html(shown: ReviewShown) -> Markup:
    """The whole panel; ``review_block_html`` is the part redrawn as the review goes on."""
    title = html('<h2 id="panel-title">{title}</h2>',
                 title=unit_text(shown.game, "review_title").format(number=shown.deal + 1))
    return html('{title}<div id="review-out">{block}</div>', title=title,
                block=review_block_html(shown))


def review_block_html(shown: ReviewShown) -> Markup:
    return html('<div id="review-body" data-state="{state}">{body}</div>',
                state="done" if shown.finished else "running", body=_review_body(shown))


def _review_body(shown: ReviewShown) -> Markup:
    if not shown.finished:
        count = (ngettext("{done} of {total} decision", "{done} of {total} decisions",
                          shown.total).format(done=shown.done, total=shown.total)
                 if shown.total else pgettext("review", "starting"))
        return html(
            '<p>{weighing}</p>'
            '<p><label for="review-bar">{reviewing}</label> '
            '<progress id="review-bar" max="{total}" value="{done}"></progress></p>',
            weighing=unit_text(shown.game, "weighing"),
            reviewing=_("Reviewing: {count}").format(count=count),
            total=max(shown.total, 1), done=shown.done)
    note = html('<p class="review-note">{note}</p>', note=shown.note)
    # Translators: how long a review took: "12 decisions reviewed in 3.4 s."
    reviewed = ngettext("{count} decision reviewed in {seconds} s.",
                        "{count} decisions reviewed in {seconds} s.", shown.decisions).format(
        count=shown.decisions, seconds=number(shown.seconds, 1))
    timing = html('<p class="small review-time" data-seconds="{s}">{reviewed}</p>',
                  s=f"{shown.seconds:.2f}", reviewed=reviewed)
    if not shown.marks:
        found = html('<p class="review-none">{found}</p>',
                     found=unit_text(shown.game, "none_found"))
        return Markup("").join([found, note, timing])
    items = Markup("").join(
        html('<li class="review-mark" data-step="{step}"><p>{text}</p>'
             '<button type="button" data-cmd="replay-open" data-key="step:{step}">'
             '{show}</button></li>', step=step, text=text, show=_("Show it in the replay"))
        for step, text in shown.marks)
    lead = html('<p>{lead}</p>', lead=ngettext(
        "{count} of your plays cost clearly more than the figures' uncertainty, the "
        "costliest first:",
        "{count} of your plays cost clearly more than the figures' uncertainty, the "
        "costliest first:", shown.marked).format(count=shown.marked))
    return Markup("").join([lead, html('<ol class="review-marks">{items}</ol>', items=items),
                            note, timing])
