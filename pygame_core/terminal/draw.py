"""What every game's terminal table shares: cards in text, seats as one line each,
numbered options in columns, and the 80x24 frame the table must fit."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from ..cards import CardError, parse_card

WIDTH, HEIGHT = 80, 24
# Lines kept free under a drawn table: the prompt, and the echo of the move made there.
TABLE_HEIGHT = HEIGHT - 2
NAME_WIDTH = 6  # "North ", "Finn  ": the seats' fields line up


def card(code: str) -> str:
    """``QD`` -> ``Q♦`` (a code that is no card is kept as it is)."""
    try:
        return str(parse_card(code))
    except CardError:
        return code


def cards(codes: Iterable[str], empty: str = "—") -> str:
    shown = " ".join(card(code) for code in codes)
    return shown or empty


def pretty(text: str) -> str:
    """An action's words with its card codes as cards: ``trail 7C`` -> ``trail 7♣``."""
    return " ".join(card(word) for word in text.split())


def clip(line: str, width: int = WIDTH) -> str:
    return line if len(line) <= width else line[:width - 1] + "…"


def lines_of(text: str, indent: str = "  ") -> list[str]:
    """A sentence (a play in words, which may be long: a showdown) over as many lines as
    it takes, the later ones indented further."""
    return textwrap.wrap(text, WIDTH, initial_indent=indent,
                         subsequent_indent=" " * (len(indent) + 2))


def wrapped(label: str, words: Sequence[str], most: int, width: int = WIDTH) -> list[str]:
    """``label`` then ``words`` over at most ``most`` lines (the rest cut with …)."""
    lines = [label]
    for word in words:
        if len(lines[-1]) + 1 + len(word) > width:
            if len(lines) == most:
                lines[-1] = clip(lines[-1] + " " + word, width)
                break
            lines.append(" " * min(len(label), 12))
        lines[-1] += (" " if lines[-1].strip() else "") + word
    return lines


def seat_line(name: str, fields: Iterable[str], *, to_play: bool = False) -> str:
    """One seat: its name, then what the rules make public about it."""
    mark = "▶" if to_play else " "
    return clip(f"{mark}{name:<{NAME_WIDTH}} " + " · ".join(f for f in fields if f))


def columns(items: Sequence[str], width: int = WIDTH) -> list[str]:
    """Numbered options packed into as many equal columns as fit."""
    if not items:
        return []
    cell = min(max(len(item) for item in items) + 2, width)
    per_line = max(1, width // cell)
    rows = -(-len(items) // per_line)
    lines = []
    for row in range(rows):  # down the columns, as a list is read
        line = "".join(clip(items[i], cell - 2).ljust(cell)
                       for i in range(row, len(items), rows))
        lines.append(line.rstrip())
    return lines


def numbered(labels: Sequence[str]) -> list[str]:
    return [f"{i:>2} {label}" for i, label in enumerate(labels, 1)]
