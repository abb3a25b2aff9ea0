"""A replay's markup: the strip of controls above a match being stepped through, and the
Review panel as a deal's review runs, from what the session's replay and review screens
pass (``session/replay_review.py`` holds their state)."""

from __future__ import annotations

import dataclasses
import functools

from ..words import plural
from . import ROUND_WORDS
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
    word = ROUND_WORDS.get(c.game, "Deal")

    b = functools.partial(_button, c.focus)

    steps = Markup(" ").join([
        b("replay-start", "Start", shortcut="Home", disabled=c.at_start, icon="«"),
        b("replay-back", "Back", shortcut="ArrowLeft", disabled=c.at_start, icon="‹"),
        b("replay-play", "Pause" if c.playing else "Play", shortcut="P",
          disabled=c.at_end and not c.playing, icon="||" if c.playing else "▶"),
        b("replay-forward", "Forward", shortcut="ArrowRight", disabled=c.at_end, icon="›"),
        b("replay-end", "End", shortcut="End", disabled=c.at_end, icon="»"),
    ])
    deals = Markup("").join(
        html('<li{here}><span class="deal-name">{word} {n}</span> {start} {end}</li>',
             here=Markup(' class="current"' if d == c.deal else ""), word=word, n=d + 1,
             start=b("replay-deal", "start", key=str(d), label=f"{word} {d + 1} start"),
             end=b("replay-deal", "end", key=f"{d}:end", label=f"{word} {d + 1} end"))
        for d in range(c.deals))
    jump = html('<details class="replay-deals"{open}><summary>Jump to a {lower}</summary>'
                '<ul>{deals}</ul></details>',
                open=Markup(" open" if c.focus.startswith("replay-deal") else ""),
                lower=word.lower(), deals=deals)
    views = Markup("")
    if c.hidden_hands:
        choices = [b("replay-view", "Every hand", key="all", pressed=c.viewer is None)]
        choices += [b("replay-view", name, key=str(seat), pressed=c.viewer == seat)
                    for seat, name in enumerate(c.names)]
        views = html('<div class="replay-view" role="group" aria-labelledby="replay-show">'
                     '<span id="replay-show">Show:</span> {choices}</div>',
                     choices=Markup(" ").join(choices))
    leave = "Leave the replay" if c.from_link else "Back to the game"
    return html(
        '<nav class="replay-strip" aria-label="Replay">'
        '<div class="replay-head"><h2 class="replay-title">Replay</h2>'
        '<p class="replay-where" id="replay-where">{where}</p>{close}</div>'
        '<div class="replay-steps">{steps}</div>{jump}{views}</nav>',
        where=c.where, close=b("replay-close", leave, shortcut="Escape"),
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
    word = ROUND_WORDS.get(shown.game, "Deal").lower()
    title = html('<h2 id="panel-title">Review of your play: {word} {n}</h2>',
                 word=word, n=shown.deal + 1)
    return html('{title}<div id="review-out">{block}</div>', title=title,
                block=review_block_html(shown))


def review_block_html(shown: ReviewShown) -> Markup:
    return html('<div id="review-body" data-state="{state}">{body}</div>',
                state="done" if shown.finished else "running", body=_review_body(shown))


def _review_body(shown: ReviewShown) -> Markup:
    word = ROUND_WORDS.get(shown.game, "Deal").lower()
    if not shown.finished:
        count = (html("{done} of {total} decisions", done=shown.done, total=shown.total)
                 if shown.total else Markup("starting"))
        return html(
            '<p>The coach is weighing each of your decisions in this '
            '{word}, a few at a time: the table stays yours meanwhile.</p>'
            '<p><label for="review-bar">Reviewing: {count}</label> '
            '<progress id="review-bar" max="{total}" value="{done}"></progress></p>',
            word=word, count=count, total=max(shown.total, 1), done=shown.done)
    note = html('<p class="review-note">{note}</p>', note=shown.note)
    timing = html('<p class="small review-time" data-seconds="{s}">{n} reviewed in '
                  '{s1} s.</p>', s=f"{shown.seconds:.2f}",
                  n=plural(shown.decisions, "decision"), s1=f"{shown.seconds:.1f}")
    if not shown.marks:
        found = html('<p class="review-none">No costly mistakes found in this {word}: '
                     'none of your plays cost clearly more than the figures\' uncertainty.</p>',
                     word=word)
        return Markup("").join([found, note, timing])
    items = Markup("").join(
        html('<li class="review-mark" data-step="{step}"><p>{text}</p>'
             '<button type="button" data-cmd="replay-open" data-key="step:{step}">'
             'Show it in the replay</button></li>', step=step, text=text)
        for step, text in shown.marks)
    lead = html('<p>{n} of your plays cost clearly more than the figures\' uncertainty, the '
                'costliest first:</p>', n=shown.marked)
    return Markup("").join([lead, html('<ol class="review-marks">{items}</ol>', items=items),
                            note, timing])
