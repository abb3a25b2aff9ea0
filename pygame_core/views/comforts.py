"""The comforts around the table, as pure functions: the turn line, keys, settings,
statistics, the hand history and undo.

Like the other views nothing here touches the browser: the page's glue (``web/main.py``)
reads and writes localStorage and the document, and asks these functions what to say,
what to store and what to show.  Everything is generic over the games, keyed on the
observation (``game``, ``phase``, ``legal``), with per-game wording where it helps.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from typing import Any

from .. import Game, new_game
from ..base import read_digits
from ..registry import SPECS
from ..saves import SaveError, parse_json
from . import GAME_TITLES, SEAT_NAMES, esc, game_view, narrate

__all__ = [
    "DEFAULT_SETTINGS",
    "KEYS",
    "PACES",
    "STATS",
    "help_keys_html",
    "hint_text",
    "history_entries",
    "history_html",
    "parse_settings",
    "parse_stats",
    "rebuild",
    "record_result",
    "round_of",
    "seats_of_moves",
    "settings_html",
    "stats_html",
    "turn_line",
    "undo_point",
]

STATS = "stats"  # the key (after session.PREFIX) of the statistics in localStorage

# --- keys ----------------------------------------------------------------------------
# (keys, what they do); the glue implements them, the help panel lists them.
KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab", "move between your hand, the buttons and the bar"),
    ("← → ↑ ↓, Home, End", "move between the cards (or choices) of your hand"),
    ("Enter or Space", "play the card, or press the button, that has the focus; a card "
                       "with several plays (a capture or a trail, a trump to name) opens "
                       "their menu"),
    ("H", "hint: what the strongest computer player would do in your place, and why"),
    ("U", "undo your last play"),
    ("N", "deal the next round when a round is over"),
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
        return "The round is over: press N (or the button) to deal the next round."
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


# --- hints ---------------------------------------------------------------------------
def hint_text(label: str, reason: str) -> str:
    """The hint as shown: the suggested move's spoken name and the opponent's why."""
    line = f"Hint: {label}" if label else "Hint"
    return f"{line}. Why: {reason}." if reason else f"{line}."


# --- settings ------------------------------------------------------------------------
PACES = (1400, 800, 300, 0)  # slow, normal, fast, instant (ms between the others' moves)
DEFAULT_SETTINGS: dict[str, Any] = {
    "pace": 800,
    "animations": True,
    "four_colour": False,
    "shortcuts": True,
}


def parse_settings(text: str | None) -> dict[str, Any]:
    """Settings read from storage: every key present, anything unreadable at its default."""
    out = dict(DEFAULT_SETTINGS)
    try:
        data = parse_json(text or "{}", 3, "settings")
    except SaveError:
        return out
    if not isinstance(data, dict):
        return out
    pace = data.get("pace")
    if isinstance(pace, str):  # ASCII digits only: int() refuses a superscript isdigit() allows
        pace = read_digits(pace, 4)
    if isinstance(pace, int) and not isinstance(pace, bool) and 0 <= pace <= 5000:
        out["pace"] = pace
    for key in ("animations", "four_colour", "shortcuts"):
        if isinstance(data.get(key), bool):
            out[key] = data[key]
    return out


def settings_html(settings: Mapping[str, Any]) -> str:
    pace = int(settings.get("pace", DEFAULT_SETTINGS["pace"]))
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
              "(H hint, U undo, N next round, …)")
        + "</form><p class=\"small\">Settings are kept in this browser.</p>"
    )


# --- statistics ----------------------------------------------------------------------
_STAT_FIELDS = ("played", "won", "best_score", "streak", "best_streak")


def parse_stats(text: str | None) -> dict[str, dict[str, int]]:
    """Statistics read from storage: per game, whole numbers only; junk is dropped."""
    try:
        data = parse_json(text or "{}", 3, "statistics")
    except SaveError:
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, dict[str, int]] = {}
    for game, entry in data.items():
        if not isinstance(game, str) or not isinstance(entry, dict):
            continue
        clean = {k: v for k, v in entry.items()
                 if k in _STAT_FIELDS and isinstance(v, int) and not isinstance(v, bool)}
        if "played" in clean:
            out[game] = clean
    return out


def record_result(
    stats: Mapping[str, Mapping[str, int]], game: str, *, won: bool, score: int
) -> dict[str, dict[str, int]]:
    """The statistics after one finished match of ``game`` (a new dict; ``stats`` is kept)."""
    out = {g: dict(e) for g, e in stats.items()}
    entry = out.setdefault(game, {"played": 0, "won": 0, "streak": 0, "best_streak": 0})
    entry["played"] = entry.get("played", 0) + 1
    entry["won"] = entry.get("won", 0) + (1 if won else 0)
    entry["streak"] = entry.get("streak", 0) + 1 if won else 0
    entry["best_streak"] = max(entry.get("best_streak", 0), entry["streak"])
    entry["best_score"] = max(entry.get("best_score", score), score)
    return out


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


# --- hand history and undo -----------------------------------------------------------
def round_of(obs: Mapping[str, Any]) -> int:
    """How many rounds (hands, deals) are finished: the index of the round being played."""
    return int(obs.get("deals_finished", 0))


def _replay(game: Game[Any, Any], each: Callable[[Game[Any, Any], int, str], None]) -> None:
    """Deal ``game`` again from its seed and options, calling ``each(state, seat, action)``
    after every move it made."""
    fresh = new_game(game.NAME, seed=game.seed, **game.options_dict())
    for action in game.history:
        seat = fresh.current_player
        fresh.apply(action)
        each(fresh, -1 if seat is None else seat, action)


def seats_of_moves(game: Game[Any, Any]) -> list[int]:
    """The seat that made each move of ``game.history``."""
    seats: list[int] = []
    _replay(game, lambda _g, seat, _a: seats.append(seat))
    return seats


def undo_point(game: Game[Any, Any], seat: int = 0) -> int | None:
    """How many moves to keep to take back ``seat``'s last play (and all after it).

    None when there is nothing to undo: no play of the seat's yet, or the match is over.
    """
    if game.is_over:
        return None
    seats = seats_of_moves(game)
    for index in range(len(seats) - 1, -1, -1):
        if seats[index] == seat:
            return index
    return None


Entry = tuple[int, int, str]  # (round, seat, the move in words)
SLICE_MOVES = 400  # moves replayed between two yields: well under 50 ms on the page


def history_entries(
    game: Game[Any, Any], seat: int = 0, names: Sequence[str] = SEAT_NAMES
) -> list[Entry]:
    """The moves of the latest round (all that the history panel and the recent plays
    show): the round, who made each, and it in words (as ``seat`` saw it: nothing hidden
    from that seat is named).  Only those are put in words: a long Abyssinia match is some
    40,000 moves, and wording every one took seconds when such a match was opened."""
    from ..slices import run_to_end

    return run_to_end(history_entries_sliced(game, seat, names))


def history_entries_sliced(
    game: Game[Any, Any], seat: int = 0, names: Sequence[str] = SEAT_NAMES
) -> Generator[None, None, list[Entry]]:
    """``history_entries``, yielding every ``SLICE_MOVES`` moves (the page's background
    work, when a long match is opened from a replay link)."""
    fresh = new_game(game.NAME, seed=game.seed, **game.options_dict())
    latest, first = fresh.clone(), 0  # the latest round as it began, and its first move
    for number, action in enumerate(game.history):
        if fresh.deals_finished != latest.deals_finished:
            latest, first = fresh.clone(), number
        fresh.apply(action)
        if number % SLICE_MOVES == SLICE_MOVES - 1:
            yield
    out: list[Entry] = []
    played = latest.deals_finished
    for action in game.history[first:]:
        mover = latest.current_player
        latest.apply(action)
        out.append((played, -1 if mover is None else mover,
                    narrate(latest.observation(seat), names) or action))
    return out


def rebuild(game: Game[Any, Any], keep: int) -> Game[Any, Any]:
    """``game`` dealt again from its seed with only its first ``keep`` moves."""
    fresh = new_game(game.NAME, seed=game.seed, **game.options_dict())
    for action in game.history[:keep]:
        fresh.apply(action)
    return fresh


LATEST = ' class="latest"'
ROUND_WORDS = {name: spec.round_word for name, spec in SPECS.items()}


def history_html(entries: Sequence[Entry], game: str = "", replay: bool = False) -> str:
    """The hand history panel: the moves of the latest round, the last one marked, and
    (``replay``) the button that copies the match's replay link."""
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
    if replay:
        body += ('<p><button type="button" data-cmd="copy-replay">Copy replay link</button></p>')
    return f'<h2 id="panel-title">{esc(title)}</h2>{body}'
