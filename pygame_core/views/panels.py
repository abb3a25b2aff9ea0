"""The dialog's panels (the keys, settings, statistics, the hand history) and the turn
line above the table, as HTML from what the session passes them.

Like the other views nothing here touches the browser or storage: the session (``session/``)
reads and keeps what these show.  Everything is generic over the games, keyed on the
observation (``game``, ``phase``, ``legal``), with per-game wording where it helps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..i18n import LANGUAGES, N_, _, language, ngettext, pgettext
from ..registry import compass
from . import GAME_TITLES, esc, game_view, unit_text
from .markup import Markup, html, text_html

# --- keys ----------------------------------------------------------------------------
# (keys, what they do); the glue implements them, the help panel lists them.  The keys'
# names are the keyboard's (the letters are the keys pressed, whatever the language); what
# they do is translated where shown.
KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab", N_("move between your hand, the buttons and the bar")),
    ("← → ↑ ↓, Home, End", N_("move between the cards (or choices) of your hand")),
    ("Enter or Space", N_("play the card, or press the button, that has the focus; a card "
                          "with several plays (a capture or a trail, a trump to name) opens "
                          "their menu")),
    ("H", N_("hint: the coach's best play in your place, and why in the game's words")),
    ("U", N_("undo your last play")),
    ("N", N_("deal the next round, hand or deal when one is over")),
    ("L", N_("say the last play again")),
    ("R", N_("review this round's plays (hand history)")),
    ("?", N_("this help")),
    ("S", N_("settings")),
    ("Esc", N_("close a panel, or a card's menu of plays")),
)


def key_words(keys: str) -> str:
    """A key's name as the keys table shows it (the named keys translated)."""
    named = {
        # Translators: the keys' names as printed on a keyboard in your language.
        "Tab / Shift+Tab": pgettext("keys", "Tab / Shift+Tab"),
        "← → ↑ ↓, Home, End": pgettext("keys", "← → ↑ ↓, Home, End"),
        "Enter or Space": pgettext("keys", "Enter or Space"),
        "Esc": pgettext("keys", "Esc"),
    }
    return named.get(keys, keys)


def help_keys_html() -> str:
    rows = "".join(
        f'<tr><th scope="row"><kbd>{esc(key_words(k))}</kbd></th><td>{esc(_(what))}</td></tr>'
        for k, what in KEYS
    )
    intro = _("Every game can be played with the keyboard alone. The one-letter keys can be "
              "turned off in the settings.")
    w_keys = _("Keys")
    return (
        '<section class="help-keys" aria-labelledby="keys-title">'
        f'<h3 id="keys-title">{esc(w_keys)}</h3>'
        f'<p>{esc(intro)}</p>'
        f'<table class="keys"><tbody>{rows}</tbody></table></section>'
    )


# --- the turn line -------------------------------------------------------------------
def _name(seat: int, names: Sequence[str]) -> str:
    from . import seat_word

    return names[seat] if 0 <= seat < len(names) else seat_word(seat)


def turn_line(
    obs: Mapping[str, Any], names: Sequence[str] | None = None, *, summary: bool = False
) -> str:
    """How to play this turn, in one line, from the human's observation.

    ``summary`` is true while a finished round's summary waits to be closed.
    """
    names = compass() if names is None else names
    if obs.get("is_over"):
        winners = list(obs.get("winners") or [])
        seat = int(obs.get("seat", 0))
        if seat in winners:
            return _("The match is over: you won! Play again, or choose a new game.")
        return _("The match is over. Play again, or choose a new game.")
    if summary:
        number = int(obs.get("deals_finished", 0))
        return unit_text(str(obs.get("game", "")), "over").format(number=number)
    current = obs.get("current_player")
    if current is None:
        return ""
    if current != obs.get("seat", 0):
        return to_play(_name(int(current), names))
    legal = [str(a) for a in obs.get("legal", [])]
    view = game_view(str(obs.get("game", "")))
    if view is not None:
        return view.turn_line(obs, legal)
    return ngettext("Your turn: {count} possible move.", "Your turn: {count} possible moves.",
                    len(legal)).format(count=len(legal))


def to_play(player: str) -> str:
    """Another player's turn: "West to play…"."""
    return _("{player} to play…").format(player=player)


# --- settings ------------------------------------------------------------------------
PACES = (1400, 800, 300, 0)  # slow, normal, fast, instant (ms between the others' moves)


def language_choice() -> str:
    """The language switch: each language named in itself (and marked so, for screen
    readers), the one spoken chosen."""
    spoken = language()
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == spoken else ""}>'
        f"{esc(name)}</option>" for code, name in LANGUAGES.items())
    label = _("Language")
    return (f'<label class="setting">{esc(label)} '
            f'<select id="set-language" data-setting="language">{options}</select></label>')


def settings_html(settings: Mapping[str, Any]) -> str:
    pace = int(settings["pace"])
    names = {1400: pgettext("pace", "Slow"), 800: pgettext("pace", "Normal"),
             300: pgettext("pace", "Fast"), 0: pgettext("pace", "Instant")}
    options = "".join(
        f'<option value="{p}"{" selected" if p == pace else ""}>{names[p]}</option>'
        for p in PACES
    )

    def box(key: str, ident: str, label: str, note: str) -> str:
        checked = " checked" if settings.get(key) else ""
        return (f'<label class="setting"><input type="checkbox" id="{ident}" '
                f'data-setting="{key}"{checked}> {esc(label)}'
                f'<span class="small"> {esc(note)}</span></label>')

    pace_label = _("Opponents' pace")
    w_settings_are_kept_in_thi = _("Settings are kept in this browser.")
    w_settings = _("Settings")
    return (
        f'<h2 id="panel-title">{esc(w_settings)}</h2>'
        '<form class="settings" onsubmit="return false">'
        + language_choice()
        +
        f'<label class="setting">{esc(pace_label)} '
        '<select id="set-pace" data-setting="pace">'
        f"{options}</select></label>"
        + box("animations", "set-animations", _("Animations"),
              _("(always off when your system asks for reduced motion)"))
        + box("four_colour", "set-four-colour", _("Four-colour deck"),
              _("(clubs green, diamonds blue)"))
        + box("shortcuts", "set-shortcuts", _("One-letter keys"),
              _("(H hint, U undo, N next deal, …)"))
        + box("coach_note", "set-coach-note", _("Coach notes"),
              _("(after a costly play of yours, a quiet note names the better play and "
                "offers Undo)"))
        + f'</form><p class="small">{esc(w_settings_are_kept_in_thi)}</p>'
    )


# --- statistics ----------------------------------------------------------------------
def stats_html(stats: Mapping[str, Mapping[str, int]], games: Iterable[str]) -> str:
    rows = []
    for game in games:
        e = stats.get(game, {})
        best = e.get("best_score")
        rows.append(
            f'<tr><th scope="row">{esc(GAME_TITLES.get(game, game))}</th>'
            f'<td>{e.get("played", 0)}</td><td>{e.get("won", 0)}</td>'
            f'<td>{"–" if best is None else best}</td><td>{e.get("streak", 0)}</td>'
            f'<td>{e.get("best_streak", 0)}</td></tr>'
        )
    heads = "".join(f'<th scope="col">{esc(h)}</th>' for h in (
        pgettext("statistics", "Game"), pgettext("statistics", "Played"),
        pgettext("statistics", "Won"), pgettext("statistics", "Best score"),
        pgettext("statistics", "Streak"), pgettext("statistics", "Best streak")))
    note = _("Finished matches only. Exported saves carry these figures.")
    w_statistics = _("Statistics")
    w_reset_statistics = _("Reset statistics")
    return (
        f'<h2 id="panel-title">{esc(w_statistics)}</h2>'
        f'<table class="stats"><thead><tr>{heads}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
        f'<p class="small">{esc(note)}</p>'
        f'<button type="button" data-cmd="reset-stats">{esc(w_reset_statistics)}</button>'
    )


# --- hand history ------------------------------------------------------------------
Entry = tuple[int, int, str]  # (round, seat, the move in words)
LATEST = ' class="latest"'


def history_html(entries: Sequence[Entry], game: str = "", finished: int | None = None) -> str:
    """The hand history panel: the moves of the latest round, the last one marked, and
    once the match has moves (``finished``: how many of its deals are finished) the
    button that copies its replay link and the list of replays and reviews."""
    if not entries:
        w_no_moves_yet = _("No moves yet.")
        body = f'<p>{esc(w_no_moves_yet)}</p>'
        title = _("Hand history")
    else:
        current = entries[-1][0]
        moves = [text for r, _, text in entries if r == current]
        items = "".join(
            f"<li{LATEST if i == len(moves) - 1 else ''}>{esc(t)}</li>"
            for i, t in enumerate(moves)
        )
        title = unit_text(game or "avissinia", "history").format(number=current + 1)
        last = text_html(_("{label} {play}"),
                         label=html("<strong>{w}</strong>", w=_("Last play:")), play=moves[-1])
        body = (f'<p class="last-play">{last}</p>'
                f'<ol class="history">{items}</ol>')
    if finished is not None:
        w_copy_replay_link = _("Copy replay link")
        body += (f'<p><button type="button" data-cmd="copy-replay">{esc(w_copy_replay_link)}'
                 '</button></p>' + replay_list_html(game, finished))
    return f'<h2 id="panel-title">{esc(title)}</h2>{body}'


def replay_list_html(game: str, finished: int) -> Markup:
    """History's part for replays and reviews: the whole match, and each finished deal."""
    rows = Markup("").join(
        html('<li><span class="deal-name">{name}</span> '
             '<button type="button" data-cmd="replay-open" data-key="deal:{d}" '
             'aria-label="{replay_n}">{replay}</button> '
             '<button type="button" data-cmd="review" data-key="{d}" '
             'aria-label="{review_n}">{review}</button></li>',
             name=unit_text(game, "name").format(number=d + 1), d=d,
             replay_n=unit_text(game, "replay").format(number=d + 1),
             review_n=unit_text(game, "review").format(number=d + 1),
             replay=pgettext("button", "Replay"), review=pgettext("button", "Review"))
        for d in range(finished))
    listed = html('<ul class="replay-list">{rows}</ul>', rows=rows) if rows else Markup("")
    return html('<h3>{title}</h3><p><button type="button" data-cmd="replay-open" '
                'data-key="all">{whole}</button></p>{listed}', title=_("Replay and review"),
                whole=_("Step through the whole match"), listed=listed)
