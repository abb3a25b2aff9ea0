"""The terminal table (``python3 -m pygame_core``): the session the page uses, drawn in
text that fits 80x24, with numbered options and commands for hint, undo, help and quit.

Each game has a small renderer here (``avissinia``, ``avinas``, ``abyssinia``) that says
what the rules make public, fed by the human's observation; ``draw`` holds what they share.
Plain text only: it needs nothing beyond the standard library.
"""

from __future__ import annotations

from .table import HELP, draw_table, play

__all__ = ["HELP", "draw_table", "play"]
