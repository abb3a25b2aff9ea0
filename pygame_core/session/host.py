"""The host page's messages (README, "Embedding"): what the table posts to the page that
embeds it, and which of the host's messages it takes as commands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import OptionError
from ..links import PAGE_PARAMS

PROTOCOL = "card-table"  # every message to and from a host page carries it
COMMANDS = ("new-game", "pause", "resume")
# Page parameters a host's new-game command may not set through its options.
NOT_OPTIONS = frozenset(PAGE_PARAMS) - {"speed"}


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """A message to the host page, in the README's shape."""
    return {"protocol": PROTOCOL, "type": kind, **fields}


def parent_origin(text: str | None) -> str | None:
    """The ``parent=`` origin as postMessage takes it (``scheme://host[:port]``), or None
    when the address gives none or one that is not an origin."""
    if not text:
        return None
    scheme, sep, rest = text.partition("://")
    if not sep or scheme not in ("http", "https") or not rest or any(
            c in rest for c in "/?#@ \\") or len(text) > 300:
        return None
    return text


def accepts_command(data: Any, from_parent: bool, origin: str, parent: str | None,
                    parent_given: bool) -> bool:
    """Whether a message is a command the table takes: ours, from its parent window, and
    from the ``parent=`` origin when the address gives one (a ``parent=`` that is not an
    origin lets nothing in)."""
    if not isinstance(data, Mapping) or data.get("protocol") != PROTOCOL or not from_parent:
        return False
    if parent_given and origin != parent:
        return False
    return data.get("command") in COMMANDS


def command_pairs(data: Mapping[str, Any], current: str | None) -> list[tuple[str, str]]:
    """A host's new-game command as a link's query pairs, to be read as a link is;
    OptionError when its shape is wrong."""
    def text(name: str, value: Any) -> str:
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, (int, str)):
            return str(value)
        raise OptionError(f"{name} must be a number or text, not {type(value).__name__}")

    game = data.get("game", current)
    if game is None:
        raise OptionError("name the game to start (game: \"avissinia\", ...)")
    pairs = [("game", text("game", game))]
    if data.get("seed") is not None:
        pairs.append(("seed", text("seed", data["seed"])))
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise OptionError("options must be an object of the game's options")
    for name, value in options.items():
        if str(name) in NOT_OPTIONS:
            raise OptionError(f"{name} cannot be set in options")
        pairs.append((str(name), text(str(name), value)))
    levels = data.get("levels")
    if levels is not None:
        if isinstance(levels, (list, tuple)):
            levels = ",".join(text("levels", level) for level in levels)
        pairs.append(("levels", text("levels", levels)))
    return pairs
