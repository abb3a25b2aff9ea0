"""The card table as HTML: pure functions from an observation to one string of markup.

Nothing here touches the browser, so every view runs (and is tested) under CPython; the
page's glue (``web/main.py``) calls them and puts the result into the document.  Every text
that comes from a player, a save or a link goes through ``esc`` and is never markup; the
shared helpers below build ``Markup`` (``markup.py``) and take it where HTML is meant.

``render_table(obs, ctx)`` dispatches on ``obs["game"]`` to the game's own view module,
imported on first use (``VIEWS``), so the page loads only the game it shows; a game without
a view of its own gets ``generic_table``, which still offers every legal action.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, cast

from ..cards import DIAMONDS, HEARTS, SUIT_NAMES, SUIT_SYMBOLS, parse_card, rank_mark
from ..i18n import _, listing, number, pgettext
from ..registry import COMPASS, MANY, SPECS, FormOption, GameSpec, compass, many
from .markup import Markup, escape, html, text_html

__all__ = [
    "GAME_TITLES", "MANY_NAMES", "SEAT_NAMES", "VIEWS", "Markup", "TableContext", "card_html",
    "card_short", "esc", "game_view", "html", "narrate", "render_saves", "render_start",
    "render_table", "start_seats", "word_and", "word_list",
]

# Seats on screen (RULINGS: the human is seat 0 at the bottom, then clockwise W, N, E).
# The English names (the messages): ``registry.compass()`` and ``registry.many()`` give
# them in the language in use.
SEAT_NAMES = COMPASS
MANY_NAMES = MANY  # names for the seats of the games with more than four
MAX_SEATS = len(MANY_NAMES)


class _SpecWords(Mapping[str, str]):
    """Game name -> one of its spec's words, read (so translated) at each look-up: a
    mapping made at import time could not follow a change of language."""

    def __init__(self, read: Callable[[GameSpec], str]) -> None:
        self._read = read

    def __getitem__(self, name: str) -> str:
        return self._read(SPECS[name])

    def __iter__(self) -> Iterator[str]:
        return iter(SPECS)

    def __len__(self) -> int:
        return len(SPECS)


GAME_TITLES: Mapping[str, str] = _SpecWords(lambda spec: spec.title)
ROUND_WORDS: Mapping[str, str] = _SpecWords(lambda spec: spec.round_word)  # Round, Hand, Deal
# Game name -> module holding its table view (``render`` and ``narrate``).
VIEWS: dict[str, str] = {name: spec.view for name, spec in SPECS.items()}


def esc(value: object) -> Markup:
    """Text made safe for HTML content and quoted attributes (Markup is kept as it is)."""
    return escape(value)


@dataclasses.dataclass(frozen=True)
class DealEnds:
    """What the dialogs at a deal's end and at the match's end offer besides what they
    say, as the session decides it."""

    review: int | None = None  # the finished deal offered for review ("Review my play")
    replay: bool = False  # in a replay: the summary steps on, the result leaves the replay


PLAIN_ENDS = DealEnds()  # at play, with nothing offered besides going on


@dataclasses.dataclass(frozen=True)
class TableContext:
    """What the table shows besides the observation."""

    names: tuple[str, ...] = dataclasses.field(default_factory=compass)
    narration: str = ""  # the last move, in words
    summary: int | None = None  # index of a finished round whose summary is open
    thinking: int | None = None  # the computer seat choosing a move now
    notice: str = ""  # a message for the player (e.g. saving is unavailable)
    # (seat, words) of the computer players' moves since the human's last move, shown by
    # each seat so the last plays read at a glance (filled by the session)
    recent: tuple[tuple[int, str], ...] = ()
    ends: DealEnds = PLAIN_ENDS
    # A match opened from its replay link: (the step shown, the steps in all); the table is
    # read-only under a banner that says so and offers to step through.
    replay_link: tuple[int, int] | None = None


class GameView(Protocol):
    def render(self, obs: Mapping[str, Any], ctx: TableContext) -> str: ...

    def narrate(self, last: Mapping[str, Any], names: Sequence[str]) -> str: ...

    def turn_line(self, obs: Mapping[str, Any], legal: Sequence[str]) -> str: ...

    def deal_story(self, obs: Mapping[str, Any], index: int, names: Sequence[str]
                   ) -> list[str]: ...


def game_view(game: str) -> GameView | None:
    """The game's own view module, or None for a game without one."""
    module = VIEWS.get(game)
    if module is None:
        return None
    try:
        return cast(GameView, importlib.import_module(module))
    except ModuleNotFoundError:  # a game whose table is not built yet: the generic table
        return None


def render_table(obs: Mapping[str, Any], ctx: TableContext | None = None) -> str:
    """The whole table for the human's observation ``obs``."""
    ctx = ctx or TableContext()
    view = game_view(str(obs.get("game", "")))
    table = view.render(obs, ctx) if view else generic_table(obs, ctx)
    return table if ctx.replay_link is None else replay_banner(*ctx.replay_link) + table


def replay_banner(step: int, steps: int) -> str:
    """The banner over a table opened from a replay link: what it is, and where."""
    # Translators: {replay} is the word "Replay" in bold.
    words = text_html(_("{replay}, read-only: step {step} of {steps}."),
                      replay=html("<strong>{w}</strong>", w=_("Replay")), step=number(step),
                      steps=number(steps))
    return str(html('<p class="replay-offer" role="note">{words} <button type="button" '
                    'data-cmd="replay-open" data-key="all">{label}</button></p>',
                    words=words, label=_("Step through the replay")))


def narrate(obs: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
    """The last move of ``obs`` in words ("" if there is none)."""
    last = obs.get("last")
    if not last:
        return ""
    names = compass() if names is None else names
    view = game_view(str(obs.get("game", "")))
    if view is None:
        # Translators: a move as a game without a table of its own says it.
        return _("{player}: {action}").format(player=names[int(last["seat"])],
                                              action=last.get("action", ""))
    deals, ended = obs.get("deals"), last.get("deal_over")
    if isinstance(deals, list) and isinstance(ended, int) and 0 < ended <= len(deals):
        last = {**last, "deal_record": deals[ended - 1]}  # so the words can name the winners
    return view.narrate(last, names)


def word_list(words: Sequence[str]) -> str:
    """``a, b or c`` (in the language in use)."""
    if len(words) <= 1:
        return "".join(words)
    head = words[0]
    for word in words[1:-1]:
        head = _("{list}, {item}").format(list=head, item=word)
    # Translators: the last of a list of choices: "a, b or c".
    return _("{list} or {last}").format(list=head, last=words[-1])


def word_and(words: Sequence[str]) -> str:
    """``a, b and c`` (in the language in use)."""
    return listing(list(words))


def card_short(code: str) -> str:
    """A card's short name (``Q♣``, its rank mark in the language in use), or the text as it
    is if it names no card."""
    try:
        return parse_card(code).short
    except ValueError:
        return code


def unit_text(game: str, key: str) -> str:
    """A sentence or label about a game's round (Avissinia's round, Avinas's hand,
    Abyssinia's deal) as a whole message, so that it agrees with the unit's word: each has
    ``{number}`` where the round's number goes.  ``key``: ``name`` ("Round {number}"),
    ``next`` ("Next round"), ``over`` (the turn line while a summary is open), ``history``
    (the history's title), ``replay``/``review`` (a list's buttons' labels), ``start``/
    ``end`` (the replay's jumps), ``jump`` ("Jump to a round"), ``review_title``,
    ``weighing`` and ``none_found`` (the Review panel)."""
    unit = SPECS[game].unit if game in SPECS else "Deal"
    if unit == "Round":
        texts = {
            "name": pgettext("avissinia unit", "Round {number}"),
            "next": pgettext("avissinia unit", "Next round"),
            "over": pgettext("avissinia unit", "Round {number} is over: press N, or “Next "
                             "round”, to deal the next."),
            "history": pgettext("avissinia unit", "Hand history: round {number}"),
            "replay": pgettext("avissinia unit", "Replay round {number}"),
            "review": pgettext("avissinia unit", "Review round {number}"),
            "start": pgettext("avissinia unit", "Round {number} start"),
            "end": pgettext("avissinia unit", "Round {number} end"),
            "jump": pgettext("avissinia unit", "Jump to a round"),
            "review_title": pgettext("avissinia unit", "Review of your play: round {number}"),
            "weighing": pgettext("avissinia unit", "The coach is weighing each of your "
                                 "decisions in this round, a few at a time: the table stays "
                                 "yours meanwhile."),
            "none_found": pgettext("avissinia unit", "No costly mistakes found in this round: "
                                   "none of your plays cost clearly more than the figures' "
                                   "uncertainty."),
        }
    elif unit == "Hand":
        texts = {
            "name": pgettext("avinas unit", "Hand {number}"),
            "next": pgettext("avinas unit", "Next hand"),
            "over": pgettext("avinas unit", "Hand {number} is over: press N, or “Next hand”, "
                             "to deal the next."),
            "history": pgettext("avinas unit", "Hand history: hand {number}"),
            "replay": pgettext("avinas unit", "Replay hand {number}"),
            "review": pgettext("avinas unit", "Review hand {number}"),
            "start": pgettext("avinas unit", "Hand {number} start"),
            "end": pgettext("avinas unit", "Hand {number} end"),
            "jump": pgettext("avinas unit", "Jump to a hand"),
            "review_title": pgettext("avinas unit", "Review of your play: hand {number}"),
            "weighing": pgettext("avinas unit", "The coach is weighing each of your decisions "
                                 "in this hand, a few at a time: the table stays yours "
                                 "meanwhile."),
            "none_found": pgettext("avinas unit", "No costly mistakes found in this hand: none "
                                   "of your plays cost clearly more than the figures' "
                                   "uncertainty."),
        }
    else:
        texts = {
            "name": pgettext("abyssinia unit", "Deal {number}"),
            "next": pgettext("abyssinia unit", "Next deal"),
            "over": pgettext("abyssinia unit", "Deal {number} is over: press N, or “Next deal”, "
                             "to deal the next."),
            "history": pgettext("abyssinia unit", "Hand history: deal {number}"),
            "replay": pgettext("abyssinia unit", "Replay deal {number}"),
            "review": pgettext("abyssinia unit", "Review deal {number}"),
            "start": pgettext("abyssinia unit", "Deal {number} start"),
            "end": pgettext("abyssinia unit", "Deal {number} end"),
            "jump": pgettext("abyssinia unit", "Jump to a deal"),
            "review_title": pgettext("abyssinia unit", "Review of your play: deal {number}"),
            "weighing": pgettext("abyssinia unit", "The coach is weighing each of your "
                                 "decisions in this deal, a few at a time: the table stays "
                                 "yours meanwhile."),
            "none_found": pgettext("abyssinia unit", "No costly mistakes found in this deal: "
                                   "none of your plays cost clearly more than the figures' "
                                   "uncertainty."),
        }
    return texts[key]


# --- cards -----------------------------------------------------------------------------
def card_html(
    code: str, *, action: str | None = None, label: str | None = None,
    classes: Iterable[str] = (), opens: str | None = None, keyed: bool = True,
) -> Markup:
    """A face-up card: a button playing ``action``, or opening the popover ``opens`` (a card
    with several plays, ``parts.card_choices``), else a labelled image.  ``keyed=False``
    draws a picture of a card (the help's), which the motion layer must not move."""
    card = parse_card(code)
    rank, suit = rank_mark(card.rank), SUIT_SYMBOLS[card.suit]
    colour = "red" if card.suit in (DIAMONDS, HEARTS) else "black"
    cls = " ".join(["card", colour, f"suit-{SUIT_NAMES[card.suit]}", *classes])
    # data-card: the card's identity across redraws, so web/motion.js can move it
    # The face is drawn by CSS from these attributes (``content: attr(...)``), so the only
    # text of the card is its spoken name: what is seen and what is heard cannot disagree.
    face = html(
        '<span class="corner tl" aria-hidden="true" data-rank="{rank}" data-suit="{suit}">'
        "</span>"
        '<span class="pip" aria-hidden="true" data-suit="{suit}"></span>'
        '<span class="corner br" aria-hidden="true" data-rank="{rank}" data-suit="{suit}">'
        "</span>", rank=rank, suit=suit,
    )
    spoken = label or card.name
    if opens is not None:
        return html('<button type="button" class="{cls}" data-card="{code}" '
                    'popovertarget="{opens}" aria-label="{spoken}" title="{spoken}">{face}'
                    '</button>', cls=cls, code=card.code, opens=opens, spoken=spoken, face=face)
    if action is not None:
        return html('<button type="button" class="{cls}" data-card="{code}" '
                    'data-action="{action}" aria-label="{spoken}" title="{spoken}">{face}</button>',
                    cls=cls, code=card.code, action=action, spoken=spoken, face=face)
    if not keyed:
        return html('<span class="{cls}" role="img" aria-label="{spoken}">{face}</span>',
                    cls=cls, spoken=spoken, face=face)
    return html('<span class="{cls}" data-card="{code}" role="img" aria-label="{spoken}">'
                '{face}</span>', cls=cls, code=card.code, spoken=spoken, face=face)


# --- a table for games without a view of their own ----------------------------------
def generic_table(obs: Mapping[str, Any], ctx: TableContext) -> str:
    legal = [str(a) for a in obs.get("legal", [])]
    buttons = "".join(
        f'<button type="button" class="play" data-action="{esc(a)}">{esc(a)}</button>'
        for a in legal
    )
    hand = "".join(card_html(str(c)) for c in obs.get("hand", []))
    scores = obs.get("scores", [])
    rows = "".join(
        f"<tr><th scope='row'>{esc(ctx.names[i] if i < len(ctx.names) else seat_word(i))}</th>"
        f"<td>{esc(s)}</td></tr>" for i, s in enumerate(scores)
    )
    title = GAME_TITLES.get(str(obs.get("game")), str(obs.get("game")))
    return (
        f'<section class="table generic" aria-label="{esc(table_word(title))}">'
        f'<h2>{esc(title)}</h2><div class="hand">{hand}</div>'
        f'<div class="plays">{buttons}</div>'
        f'<table class="scores"><tbody>{rows}</tbody></table>'
        f'<p class="narration">{esc(ctx.narration)}</p></section>'
    )


def seat_word(seat: int) -> str:
    """A seat without a name: its number (from 1)."""
    return _("Seat {number}").format(number=seat + 1)


def table_word(title: str) -> str:
    # Translators: a game's table, as a screen reader names it: "Avinas table".
    return _("{game} table").format(game=title)


# --- the start screen and the saves ---------------------------------------------------
def level_word(level: str) -> str:
    """An opponent's level (``easy``, ``medium``, ``hard``) as the start screen shows it."""
    words = {"easy": pgettext("level", "Easy"), "medium": pgettext("level", "Medium"),
             "hard": pgettext("level", "Hard")}
    return words.get(level, level.title())


def _options(values: Sequence[str], chosen: str) -> str:
    return "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(level_word(v))}'
        "</option>" for v in values
    )


def seat_names(game: str, players: int) -> tuple[str, ...]:
    """The names of a game's seats (the registry's: compass points for four players)."""
    return SPECS[game].names_for(players) if game in SPECS else compass()


def start_seats(game: str, players: int) -> list[tuple[int, str, bool]]:
    """The start screen's opponent rows: ``(seat, name, shown)`` for seats 1 to 7; the
    rows beyond the game's player count are hidden (the page re-applies this on change)."""
    names, spare = seat_names(game, players), many()
    count = len(names)
    return [(seat, names[seat] if seat < count else spare[seat], seat < count)
            for seat in range(1, MAX_SEATS)]


# A sentence or two per game on the start screen: players, partnerships, length.
GAME_BLURBS: Mapping[str, str] = _SpecWords(lambda spec: spec.blurb)


def form_option_html(option: FormOption, value: str) -> Markup:
    """One start-form option (``registry.FormOption``) with ``value`` chosen."""
    if option.kind == "radio":
        return Markup().join(
            html('<label class="choice"><input type="radio" name="{name}" value="{v}"{on}> '
                 '{label}</label>', name=option.name, v=v,
                 on=Markup(" checked" if v == value else ""), label=_(label))
            for v, label in option.choices)
    if option.kind == "select":
        choices = Markup().join(
            html('<option value="{v}"{on}>{label}</option>', v=v,
                 on=Markup(" selected" if v == value else ""),
                 label=label if label.isdigit() else _(label))
            for v, label in option.choices)
        return html('<label class="level">{label} <select name="{name}">{choices}</select>'
                    '</label>', label=_(option.label), name=option.name, choices=choices)
    note = html('<p class="small">{note}</p>', note=_(option.note)) if option.note else ""
    return html('<label class="level">{label} <input type="number" name="{name}" min="{low}" '
                'max="{high}" step="1" value="{value}" inputmode="numeric"></label>{note}',
                label=_(option.label), name=option.name, low=option.low, high=option.high,
                value=value, note=Markup(note))


def start_options_html(game: str, values: Mapping[str, str], shown: str) -> Markup:
    """A game's options fieldset on the start form (hidden unless ``game`` is ``shown``)."""
    spec = SPECS[game]
    fields = Markup().join(form_option_html(o, values.get(o.name, o.default)) for o in spec.form)
    return html('<fieldset class="opts-{name}" data-game="{name}"{hidden}><legend>{legend}'
                '</legend>{fields}</fieldset>', name=game, legend=spec.title, fields=fields,
                hidden=Markup("" if game == shown else " hidden"))


def form_values(mem: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, str]:
    """The start form's option values as text: those given, else those remembered."""
    values: dict[str, str] = {}
    for source in (mem, given):
        for key, value in source.items():
            if value is None or isinstance(value, (list, tuple, dict)):
                continue
            values[key] = ("1" if value else "0") if isinstance(value, bool) else str(value)
    return values


def render_start(
    games: Sequence[tuple[str, bool]],
    levels: Sequence[str],
    *,
    chosen_levels: Sequence[str] = (),
    message: str = "",
    resume: Mapping[str, Any] | None = None,
    game: str = "",
    options: Mapping[str, Any] | None = None,
    remembered: Mapping[str, Any] | None = None,
) -> str:
    """The start screen: pick the game, its options and each opponent's level.

    ``games`` lists ``(name, available)``; games whose modules are not there are shown
    disabled.  ``resume`` describes the game in progress (see ``save_summary``), if any.
    ``game`` is the game chosen at first (else the first available) and ``options`` its
    start-form options (``registry.FormOption``, by name).  There is a level selector for
    every seat a game can have; those beyond the chosen game's count are ``hidden``, and
    each game's options fieldset is hidden unless that game is chosen (``start_seats``; the
    page keeps them in step as the choices change).  ``remembered`` holds the player's last
    choices (keys ``game``, ``levels`` and the options' names): they stand in for the
    choices not given.
    """
    mem = remembered or {}
    game = game or str(mem.get("game", ""))
    chosen_levels = chosen_levels or tuple(str(v) for v in mem.get("levels", ()))
    values = form_values(mem, options or {})
    default_level = levels[len(levels) // 2] if levels else ""
    available = [name for name, ok in games if ok]
    first = game if game in available else (available[0] if available else "")
    game_rows = []
    for name, ok in games:
        title = esc(GAME_TITLES.get(name, name.title()))
        state = ' checked' if name == first else ""
        if not ok:
            state = " disabled"
        w_coming_soon = _("(coming soon)")
        note = "" if ok else f' <span class="soon">{esc(w_coming_soon)}</span>'
        blurb = GAME_BLURBS.get(name, "")
        described = f' aria-describedby="about-{esc(name)}"' if blurb else ""
        about = f'<span class="about" id="about-{esc(name)}">{esc(blurb)}</span>' if blurb else ""
        game_rows.append(
            f'<label class="choice game-choice"><input type="radio" name="game" '
            f'value="{esc(name)}"{state}{described}> <span><strong>{title}</strong>{note}'
            f'{about}</span></label>'
        )
    players = SPECS[first].player_count(values) if first in SPECS else 4
    seat_rows = []
    for seat, name, shown in start_seats(first, players):
        level = chosen_levels[seat - 1] if len(chosen_levels) >= seat else default_level
        seat_rows.append(
            f'<label class="level" data-seat="{seat}"{"" if shown else " hidden"}>'
            f'<span class="level-name">{esc(name)}</span> '
            f'<select name="level-{seat}">{_options(levels, level)}</select></label>'
        )
    alert = f'<p class="message" role="alert">{esc(message)}</p>' if message else ""
    resume_html = ""
    if resume:
        game_title = str(resume.get("title", ""))
        title, detail = esc(game_title), esc(resume.get("detail", ""))
        # Translators: {game} is the game's name in bold, {detail} how far it is ("12
        # moves played").
        words = text_html(_("Game in progress: {game}, {detail}"),
                          game=html("<strong>{t}</strong>", t=title), detail=detail)
        w_continue_game = _("Continue {game}")
        resume_html = (
            f'<div class="resume"><p>{words}</p>'
            '<button type="button" class="primary" data-cmd="resume">'
            f'{esc(w_continue_game.format(game=game_title))}</button></div>'
        )
    option_sets = "".join(start_options_html(name, values, first)
                          for name, ok in games if ok and SPECS[name].form)
    w_deal_a_game = _("Deal a game")
    w_game = pgettext("start form", "Game")
    w_opponents = _("Opponents")
    w_deal = pgettext("button: deal the cards", "Deal")
    return (
        '<section class="start" aria-labelledby="start-title">'
        f'<h2 id="start-title">{esc(w_deal_a_game)}</h2>'
        f"{alert}{resume_html}"
        '<form id="start-form" class="start-form" onsubmit="return false">'
        f'<fieldset><legend>{esc(w_game)}</legend>'
        f'{"".join(game_rows)}</fieldset>'
        f'{option_sets}'
        f'<fieldset class="opts-levels"><legend>{esc(w_opponents)}</legend>'
        f'{"".join(seat_rows)}</fieldset>'
        '<button type="button" class="primary" data-cmd="start">'
        f'{esc(w_deal)}</button>'
        '</form></section>'
    )


def render_saves(
    saves: Sequence[Mapping[str, Any]], *, can_save: bool, in_game: bool, message: str = "",
    usage: str = "",
) -> str:
    """The saves panel: named slots (load, export, delete), save-as, import from a file;
    ``usage`` is how full storage is, when it is nearly (``slot_budget.usage_note``).

    Each entry of ``saves`` is a ``save_summary`` dict (``key``, ``name``, ``title``,
    ``detail``, ``error``).
    """
    rows = []
    for s in saves:
        key = esc(s.get("key", ""))
        name = esc(s.get("name", ""))
        if s.get("error"):
            # Translators: a saved game that cannot be loaded; {error} says why.
            w_cannot_be_read_error = _("cannot be read: {error}")
            info = (f'<span class="damaged">'
                    f'{esc(w_cannot_be_read_error.format(error=s["error"]))}</span>')
            load = ""
        else:
            # Translators: a saved game: its game's name, then how far it is.
            info = esc(_("{game}, {detail}").format(game=s.get("title", ""),
                                                    detail=s.get("detail", "")))
            w_load = _("Load")
            load = (f'<button type="button" data-cmd="load" data-key="{key}">'
                    f'{esc(w_load)}</button>')
        delete = _("Delete {name}").format(name=s.get("name", ""))
        w_export = _("Export")
        w_delete = _("Delete")
        rows.append(
            f'<li class="slot"><span class="slot-name">{name}</span> '
            f'<span class="slot-info">{info}</span> <span class="slot-tools">{load}'
            f'<button type="button" data-cmd="export" data-key="{key}">{esc(w_export)}'
            '</button>'
            f'<button type="button" data-cmd="delete" data-key="{key}" '
            f'aria-label="{esc(delete)}">{esc(w_delete)}</button></span></li>'
        )
    w_no_saved_games_yet = _("No saved games yet.")
    slots = (f'<ul class="slots">{"".join(rows)}</ul>' if rows
             else f'<p>{esc(w_no_saved_games_yet)}</p>')
    alert = f'<p class="message" role="alert">{esc(message)}</p>' if message else ""
    if usage:
        alert += f'<p class="message storage-usage">{esc(usage)}</p>'
    save_as = ""
    if not can_save:
        w_this_browser_does_not_le = _("This browser does not let the page save games here.")
        save_as = (f'<p class="message">'
                   f'{esc(w_this_browser_does_not_le)}</p>')
    elif in_game:
        w_save_this_game_as = _("Save this game as")
        w_save = _("Save")
        save_as = (
            f'<form class="save-as" onsubmit="return false"><label>'
            f'{esc(w_save_this_game_as)} '
            '<input id="save-name" name="save-name" maxlength="60" required></label> '
            f'<button type="button" data-cmd="save-as">{esc(w_save)}</button></form>'
        )
    w_saved_games = _("Saved games")
    w_import_a_saved_game_from = _("Import a saved game from a file")
    w_back_to_the_table = _("Back to the table")
    return (
        '<section class="saves" aria-labelledby="saves-title">'
        f'<h2 id="saves-title">{esc(w_saved_games)}</h2>'
        f"{alert}{save_as}{slots}"
        f'<p><label class="import">{esc(w_import_a_saved_game_from)} '
        '<input type="file" id="import-file" accept=".json,application/json"></label></p>'
        f'<button type="button" data-cmd="close">{esc(w_back_to_the_table)}</button>'
        '</section>'
    )
