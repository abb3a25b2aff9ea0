"""The dialog's panels (the keys, settings, statistics, the hand history) and the turn
line above the table, as HTML from what the session passes them.

Like the other views nothing here touches the browser or storage: the session (``session/``)
reads and keeps what these show.  Everything is generic over the games, keyed on the
observation (``game``, ``phase``, ``legal``), with per-game wording where it helps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import GAME_TITLES, ROUND_WORDS, SEAT_NAMES, esc, game_view
from .markup import Markup, html

# --- keys ----------------------------------------------------------------------------
# (keys, what they do); the glue implements them, the help panel lists them.
KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab", "move between your hand, the buttons and the bar"),
    ("← → ↑ ↓, Home, End", "move between the cards (or choices) of your hand"),
    ("Enter or Space", "play the card, or press the button, that has the focus; a card "
                       "with several plays (a capture or a trail, a trump to name) opens "
                       "their menu"),
    ("H", "hint: the coach's best play in your place, and why in the game's words"),
    ("U", "undo your last play"),
    ("N", "deal the next round, hand or deal when one is over"),
    ("L", "say the last play again"),
    ("R", "review this round's plays (hand history)"),
    ("?", "this help"),
    ("S", "settings"),
    ("Esc", "close a panel, or a card's menu of plays"),
)


def help_keys_html() -> str:
    rows = "".join(
        f'<tr><th scope="row"><kbd>{esc(k)}</kbd></th><td>{esc(what)}</td></tr>'
        for k, what in KEYS
    )
    return (
        '<section class="help-keys" aria-labelledby="keys-title">'
        '<h3 id="keys-title">Keys</h3>'
        '<p>Every game can be played with the keyboard alone. The one-letter keys can be '
        "turned off in the settings.</p>"
        f'<table class="keys"><tbody>{rows}</tbody></table></section>'
    )


# --- the turn line -------------------------------------------------------------------
def _name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def turn_line(
    obs: Mapping[str, Any], names: Sequence[str] = SEAT_NAMES, *, summary: bool = False
) -> str:
    """How to play this turn, in one line, from the human's observation.

    ``summary`` is true while a finished round's summary waits to be closed.
    """
    if obs.get("is_over"):
        winners = list(obs.get("winners") or [])
        seat = int(obs.get("seat", 0))
        if seat in winners:
            return "The match is over: you won! Play again, or choose a new game."
        return "The match is over. Play again, or choose a new game."
    if summary:
        unit = ROUND_WORDS.get(str(obs.get("game", "")), "Round")
        number = int(obs.get("deals_finished", 0))
        return f"{unit} {number} is over: press N, or “Next {unit.lower()}”, to deal the next."
    current = obs.get("current_player")
    if current is None:
        return ""
    if current != obs.get("seat", 0):
        return f"{_name(int(current), names)} to play…"
    legal = [str(a) for a in obs.get("legal", [])]
    view = game_view(str(obs.get("game", "")))
    if view is not None:
        return view.turn_line(obs, legal)
    return f"Your turn: {len(legal)} possible move{'s' if len(legal) != 1 else ''}."


# --- settings ------------------------------------------------------------------------
PACES = (1400, 800, 300, 0)  # slow, normal, fast, instant (ms between the others' moves)


def settings_html(settings: Mapping[str, Any]) -> str:
    pace = int(settings["pace"])
    names = {1400: "Slow", 800: "Normal", 300: "Fast", 0: "Instant"}
    options = "".join(
        f'<option value="{p}"{" selected" if p == pace else ""}>{names[p]}</option>'
        for p in PACES
    )

    def box(key: str, ident: str, label: str, note: str) -> str:
        checked = " checked" if settings.get(key) else ""
        return (f'<label class="setting"><input type="checkbox" id="{ident}" '
                f'data-setting="{key}"{checked}> {esc(label)}'
                f'<span class="small"> {esc(note)}</span></label>')

    return (
        '<h2 id="panel-title">Settings</h2>'
        '<form class="settings" onsubmit="return false">'
        f'<label class="setting">Opponents\' pace <select id="set-pace" data-setting="pace">'
        f"{options}</select></label>"
        + box("animations", "set-animations", "Animations",
              "(always off when your system asks for reduced motion)")
        + box("four_colour", "set-four-colour", "Four-colour deck",
              "(clubs green, diamonds blue)")
        + box("shortcuts", "set-shortcuts", "One-letter keys",
              "(H hint, U undo, N next deal, …)")
        + box("coach_note", "set-coach-note", "Coach notes",
              "(after a costly play of yours, a quiet note names the better play and "
              "offers Undo)")
        + "</form><p class=\"small\">Settings are kept in this browser.</p>"
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
    return (
        '<h2 id="panel-title">Statistics</h2>'
        '<table class="stats"><thead><tr><th scope="col">Game</th>'
        '<th scope="col">Played</th><th scope="col">Won</th><th scope="col">Best score</th>'
        '<th scope="col">Streak</th><th scope="col">Best streak</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
        '<p class="small">Finished matches only. Exported saves carry these figures.</p>'
        '<button type="button" data-cmd="reset-stats">Reset statistics</button>'
    )


# --- hand history ------------------------------------------------------------------
Entry = tuple[int, int, str]  # (round, seat, the move in words)
LATEST = ' class="latest"'


def history_html(entries: Sequence[Entry], game: str = "", finished: int | None = None) -> str:
    """The hand history panel: the moves of the latest round, the last one marked, and
    once the match has moves (``finished``: how many of its deals are finished) the
    button that copies its replay link and the list of replays and reviews."""
    round_label = ROUND_WORDS.get(game, "Round")
    if not entries:
        body = "<p>No moves yet.</p>"
        title = "Hand history"
    else:
        current = entries[-1][0]
        moves = [text for r, _, text in entries if r == current]
        items = "".join(
            f"<li{LATEST if i == len(moves) - 1 else ''}>{esc(t)}</li>"
            for i, t in enumerate(moves)
        )
        title = f"Hand history: {round_label.lower()} {current + 1}"
        body = (f'<p class="last-play"><strong>Last play:</strong> {esc(moves[-1])}</p>'
                f'<ol class="history">{items}</ol>')
    if finished is not None:
        body += ('<p><button type="button" data-cmd="copy-replay">Copy replay link</button></p>'
                 + replay_list_html(game, finished))
    return f'<h2 id="panel-title">{esc(title)}</h2>{body}'


def replay_list_html(game: str, finished: int) -> Markup:
    """History's part for replays and reviews: the whole match, and each finished deal."""
    word = ROUND_WORDS.get(game, "Deal")
    rows = Markup("").join(
        html('<li><span class="deal-name">{word} {n}</span> '
             '<button type="button" data-cmd="replay-open" data-key="deal:{d}" '
             'aria-label="Replay {lower} {n}">Replay</button> '
             '<button type="button" data-cmd="review" data-key="{d}" '
             'aria-label="Review {lower} {n}">Review</button></li>',
             word=word, n=d + 1, d=d, lower=word.lower())
        for d in range(finished))
    listed = html('<ul class="replay-list">{rows}</ul>', rows=rows) if rows else Markup("")
    return html('<h3>Replay and review</h3><p><button type="button" data-cmd="replay-open" '
                'data-key="all">Step through the whole match</button></p>{listed}',
                listed=listed)
