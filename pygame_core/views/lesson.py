"""A lesson on the table (``session/lesson_screen.py``): the step's box, and the marks on
the table's own markup (the part the step speaks of, the play it asks for).

The table itself is each game's own view, unchanged: the marks are attributes added to
its HTML here, so no view knows about lessons.  The step's box carries the test contract:
the button to read on has ``data-lesson-next``; the button making the asked-for play has
``data-lesson-move`` beside its ``data-action`` (the same action as the table's own
element, which gets ``data-lesson-mark``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import unescape

from ..i18n import _, pgettext
from .markup import Markup, escape, html, text_html

# Where on the table each place of a step is: the first of these found in the table's
# markup (an attribute or class inside the part's opening tag) is marked.
PLACES: dict[str, tuple[str, ...]] = {
    "centre": ('data-anchor="centre"', 'class="centre"'),
    "hand": ('class="hand"', 'class="hand ', 'class="aby-hand"'),
    "trick": ('class="trick"', 'class="trick '),
    "market": ('class="aby-market', 'class="aby-centre'),
    "pot": ('data-anchor="pot"',),
    "scores": ('class="scores', 'class="sheet'),
    "bids": ('class="controls"', 'class="hand"'),  # a decision's buttons, else the hand
    # a deal's summary (its dialog's panel), or the match's result when that deal ended
    # it: "|" is where the mark goes in
    "summary": ('id="summary"><div |class="panel', 'id="result"><div |class="panel'),
}


def place_needles(place: str) -> tuple[str, ...]:
    if place.startswith("seat-"):
        return (f'data-anchor="{place}"',)
    return PLACES.get(place, ())


def mark(table: str, place: str, move: str | None) -> str:
    """The table's HTML with the step's part marked (``data-lesson-place``) and the element
    of the asked-for play (``data-lesson-mark``), and if that play sits in a card's menu,
    the card that opens it too."""
    for needle in place_needles(place):
        at = table.find(needle.replace("|", ""))
        if at >= 0:
            at += max(needle.find("|"), 0)
            table = f"{table[:at]}data-lesson-place {table[at:]}"
            break
    if move:
        needle = f'data-action="{escape(move)}"'
        at = table.find(needle)
        if at >= 0:
            menu = table.rfind('<div popover id="', 0, at)
            end = table.find("</div>", menu) if menu >= 0 else -1
            table = f"{table[:at]}data-lesson-mark {table[at:]}"
            if menu >= 0 and end > at:
                menu_id = table[menu + len('<div popover id="'):].split('"', 1)[0]
                opener = table.find(f'popovertarget="{menu_id}"')
                if 0 <= opener < menu:
                    table = f"{table[:opener]}data-lesson-mark {table[opener:]}"
    return table


_TAG = re.compile(r"<[^>]+>")


def move_label(table: str, move: str) -> str:
    """The asked-for play in the table's own words: its element's spoken label or text."""
    needle = f'data-action="{escape(move)}"'
    at = table.find(needle)
    if at < 0:
        return move[:1].upper() + move[1:]
    start = table.rfind("<", 0, at)
    tag_end = table.find(">", at)
    tag = table[start:tag_end]
    label = re.search(r'aria-label="([^"]*)"', tag)
    if label:
        text = label.group(1)
    else:
        close = table.find("</button>", tag_end)
        text = _TAG.sub("", table[tag_end + 1:close])
    return " ".join(unescape(text).split()) or move


def lesson_box(*, title: str, number: int, count: int, text: str, why: str, move: str,
               label: str, place: str, waiting: bool) -> str:
    """The step's box: where it is, its words, why the play is good, the button that reads
    on or makes the play, and the ways out (restart, leave, play on without the lesson)."""
    if waiting:
        act = html('<p class="lesson-wait">{w}</p>', w=_("The others are playing…"))
    elif move:
        act = html('<button type="button" class="primary lesson-go" data-action="{move}" '
                   'data-lesson-move autofocus>{label}</button>', move=move, label=label)
    else:
        act = html('<button type="button" class="primary lesson-go" data-cmd="lesson-next" '
                   'data-lesson-next autofocus>{next}</button>', next=_("Next"))
    # Translators: {why} is in bold; {reason} is why the asked-for play is good.
    why_html = html('<p class="lesson-why">{words}</p>', words=text_html(
        _("{why} {reason}"), why=html("<strong>{w}</strong>", w=_("Why:")), reason=why)) \
        if why and not waiting else ""
    return str(html(
        '<aside class="lesson" aria-labelledby="lesson-title" data-place="{place}">'
        '<p class="lesson-head"><span id="lesson-title">{learn}</span> '
        '<span class="lesson-count">{step}</span></p>'
        '<p class="lesson-text">{text}</p>{why}'
        '<div class="lesson-tools">{act}'
        '<button type="button" data-cmd="lesson-restart">{restart}</button>'
        '<button type="button" data-cmd="lesson-leave">{leave}</button>'
        '<button type="button" data-cmd="lesson-off" title="{off_title}">{off}</button>'
        '</div></aside>',
        place=place, learn=learn_title(title),
        step=_("step {number} of {count}").format(number=number, count=count), text=text,
        why=why_html, act=act, restart=_("Restart"), leave=_("Leave"),
        off_title=_("Play this deal on without the lesson"), off=_("Lesson off")))


def learn_title(title: str) -> str:
    # Translators: a lesson's title: "Learn Avinas".
    return _("Learn {game}").format(game=title)


def lesson_done_box(title: str) -> str:
    return str(html(
        '<aside class="lesson done" aria-labelledby="lesson-title">'
        '<p class="lesson-head"><span id="lesson-title">{learn}</span> '
        '<span class="lesson-count">{done}</span></p>'
        '<p class="lesson-text">{complete}</p>'
        '<div class="lesson-tools">'
        '<button type="button" class="primary" data-cmd="lesson-off" autofocus>{play_on}'
        '</button><button type="button" data-cmd="lesson-restart">{restart}</button>'
        '<button type="button" data-cmd="menu">{deal}</button></div></aside>',
        learn=learn_title(title), done=_("done"),
        complete=_("Lesson complete. The computer players now play for real: play this deal "
                   "on, or deal a game of your own."),
        play_on=pgettext("lesson", "Play on"), restart=_("Restart the lesson"),
        deal=_("Deal a game")))


def learn_html(games: Sequence[tuple[str, str]]) -> str:
    """The start screen's "Learn to play" row: a lesson per game, (name, title) each."""
    buttons = "".join(str(html(
        '<button type="button" data-cmd="lesson" data-key="{name}">{title}</button>',
        name=name, title=title)) for name, title in games)
    return str(html('<div class="learn" role="group" aria-labelledby="learn-title">'
                    '<h3 id="learn-title">{learn}</h3><p class="small">{guided}</p>'
                    '<div class="learn-games">{buttons}</div></div>', learn=_("Learn to play"),
                    guided=_("A guided first deal, one step at a time."),
                    buttons=Markup(buttons)))
