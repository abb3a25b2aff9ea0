"""Small helpers for the words the package says, below every layer that says them."""

from __future__ import annotations


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
