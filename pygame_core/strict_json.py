"""The one strict reader of JSON text from outside (a save, a stored entry, an imported
file, a replay link's options, a page command's fields): bounded in size and nesting
before the parser sees it (Python's parser recurses, and a deep enough text exhausts the
stack, which under Pyodide kills the runtime), plain data only (no NaN or Infinity, no key
twice in one object).  Each caller names what it reads (``SAVE``, ``REPLAY_LINK``,
``STORED_ENTRY``: the refusals worded for it, whole sentences through the translation
layer) and the error it raises, so the message speaks of a save or a link as the case may
be, in the player's language."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from .base import GameError
from .i18n import N_, _

MAX_JSON_CHARS = 2_000_000  # far above any save of ours; refuses absurd input cheaply


@dataclass(frozen=True)
class Refusals:
    """Why a text is refused, worded for one kind of text: each a whole sentence, marked
    here with ``N_`` and translated when it is raised.  ``{key}`` is the repeated key as
    written in the text, ``{constant}`` the constant (NaN, Infinity), ``{line}`` and
    ``{column}`` where the parser stopped."""

    undecodable: str
    not_text: str
    too_large: str
    too_deep: str
    repeated_key: str
    constant: str
    invalid_at: str
    invalid: str


SAVE = Refusals(
    undecodable=N_("save is not text (damaged, or not one of ours)"),
    not_text=N_("save is not text"),
    too_large=N_("save is too large to be one of ours"),
    too_deep=N_("save is damaged: it nests deeper than ours do"),
    # Translators: {key} is a key of the save's file, quoted as it is written there.
    repeated_key=N_("save is damaged: the key {key} appears twice"),
    # Translators: {constant} is NaN, Infinity or -Infinity, as written in the file.
    constant=N_("save is not valid JSON (damaged or truncated): {constant} is not a number "
                "we write"),
    invalid_at=N_("save is not valid JSON (damaged or truncated): it goes wrong at line "
                  "{line}, column {column}"),
    invalid=N_("save is not valid JSON (damaged or truncated)"),
)
REPLAY_LINK = Refusals(
    undecodable=N_("the replay link is not text (damaged, or not one of ours)"),
    not_text=N_("the replay link is not text"),
    too_large=N_("the replay link is too large to be one of ours"),
    too_deep=N_("the replay link is damaged: it nests deeper than ours do"),
    # Translators: {key} is a key of the link's options, quoted as it is written there.
    repeated_key=N_("the replay link is damaged: the key {key} appears twice"),
    # Translators: {constant} is NaN, Infinity or -Infinity, as written in the link.
    constant=N_("the replay link is not valid JSON (damaged or truncated): {constant} is not "
                "a number we write"),
    invalid_at=N_("the replay link is not valid JSON (damaged or truncated): it goes wrong "
                  "at line {line}, column {column}"),
    invalid=N_("the replay link is not valid JSON (damaged or truncated)"),
)
# Settings, the start form's choices, statistics: what the page keeps in the browser.
STORED_ENTRY = Refusals(
    undecodable=N_("a stored entry is not text (damaged, or not one of ours)"),
    not_text=N_("a stored entry is not text"),
    too_large=N_("a stored entry is too large to be one of ours"),
    too_deep=N_("a stored entry is damaged: it nests deeper than ours do"),
    # Translators: {key} is a key of the stored entry, quoted as it is written there.
    repeated_key=N_("a stored entry is damaged: the key {key} appears twice"),
    # Translators: {constant} is NaN, Infinity or -Infinity, as written in the entry.
    constant=N_("a stored entry is not valid JSON (damaged or truncated): {constant} is not "
                "a number we write"),
    invalid_at=N_("a stored entry is not valid JSON (damaged or truncated): it goes wrong "
                  "at line {line}, column {column}"),
    invalid=N_("a stored entry is not valid JSON (damaged or truncated)"),
)


class _Repeated(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


class _Constant(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        keys = [k for k, _ in pairs]
        raise _Repeated(next(k for k in keys if keys.count(k) > 1))
    return out


def _refuse_constant(name: str) -> Any:
    raise _Constant(name)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def text_depth(text: str) -> int:
    """How deeply brackets nest in JSON text, counted before parsing it."""
    skeleton = _STRING.sub("", text)
    steps = (1 if c in "[{" else -1 for c in skeleton if c in "[]{}")
    return max(accumulate(steps, initial=0))


def read_json(text: object, max_depth: int, what: Refusals, error: type[GameError],
              max_chars: int = MAX_JSON_CHARS) -> Any:
    """JSON from outside, read strictly; ``error`` (the caller's own GameError) for
    anything that is not plain data within the limits, never another exception, its
    message one of ``what``'s, in the player's language."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(_(what.undecodable)) from exc
    if not isinstance(text, str):
        raise error(_(what.not_text))
    if len(text) > max_chars:
        raise error(_(what.too_large))
    if text_depth(text) > max_depth:
        raise error(_(what.too_deep))
    try:
        return json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_refuse_constant)
    except _Repeated as exc:
        raise error(_(what.repeated_key).format(key=repr(exc.key[:40]))) from exc
    except _Constant as exc:
        raise error(_(what.constant).format(constant=exc.name)) from exc
    except json.JSONDecodeError as exc:
        raise error(_(what.invalid_at).format(line=exc.lineno, column=exc.colno)) from exc
    except (ValueError, RecursionError) as exc:
        raise error(_(what.invalid)) from exc
