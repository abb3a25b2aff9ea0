"""The one strict reader of JSON text from outside (a save, a stored entry, an imported
file, a replay link's options, a page command's fields): bounded in size and nesting
before the parser sees it (Python's parser recurses, and a deep enough text exhausts the
stack, which under Pyodide kills the runtime), plain data only (no NaN or Infinity, no key
twice in one object).  Each caller names what it reads and the error it raises, so the
message speaks of a save, a setting or a link as the case may be."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from .base import GameError

MAX_JSON_CHARS = 2_000_000  # far above any save of ours; refuses absurd input cheaply


class _Repeated(ValueError):
    pass


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        keys = [k for k, _ in pairs]
        twice = next(k for k in keys if keys.count(k) > 1)
        raise _Repeated(f"the key {twice[:40]!r} appears twice")
    return out


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number we write")


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def text_depth(text: str) -> int:
    """How deeply brackets nest in JSON text, counted before parsing it."""
    skeleton = _STRING.sub("", text)
    steps = (1 if c in "[{" else -1 for c in skeleton if c in "[]{}")
    return max(accumulate(steps, initial=0))


def read_json(text: object, max_depth: int, what: str, error: type[GameError],
              max_chars: int = MAX_JSON_CHARS) -> Any:
    """JSON from outside, read strictly; ``error`` (the caller's own GameError) for
    anything that is not plain data within the limits, never another exception."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{what} is not text (damaged, or not one of ours)") from exc
    if not isinstance(text, str):
        raise error(f"{what} is not text")
    if len(text) > max_chars:
        raise error(f"{what} is too large to be one of ours")
    if text_depth(text) > max_depth:
        raise error(f"{what} is damaged: it nests deeper than ours do")
    try:
        return json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_refuse_constant)
    except _Repeated as exc:
        raise error(f"{what} is damaged: {exc}") from exc
    except (ValueError, RecursionError) as exc:
        raise error(f"{what} is not valid JSON (damaged or truncated): {exc}") from exc
