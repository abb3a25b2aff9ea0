"""The match's history, for the session: its moves in words (the history panel, the plays
shown by each seat), who made each, and undo, by dealing the match again from its seed."""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from ..base import Game
from ..engines import new_game
from ..slices import run_to_end
from ..views import narrate
from ..views.panels import Entry


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


SLICE_MOVES = 400  # moves replayed between two yields: well under 50 ms on the page


def history_entries(
    game: Game[Any, Any], seat: int = 0, names: Sequence[str] | None = None
) -> list[Entry]:
    """The moves of the latest round (all that the history panel and the recent plays
    show): the round, who made each, and it in words (as ``seat`` saw it: nothing hidden
    from that seat is named).  Only those are put in words: a long Abyssinia match is some
    40,000 moves, and wording every one took seconds when such a match was opened."""
    return run_to_end(history_entries_sliced(game, seat, names))


def history_entries_sliced(
    game: Game[Any, Any], seat: int = 0, names: Sequence[str] | None = None
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
