"""Small helpers for the words the package says, below every layer that says them."""

from __future__ import annotations


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def sentence(text: str) -> str:
    """``text`` with its first letter made a capital and the rest left as they are (not
    ``str.capitalize``, which would make "East's" "east's")."""
    return text[:1].upper() + text[1:]


def hint_text(label: str, reason: str) -> str:
    """A suggested move as the hint says it (and a review's mark): its spoken name and the
    reason given for it."""
    line = f"Hint: {label}" if label else "Hint"
    return f"{line}. Why: {reason}." if reason else f"{line}."
