"""The storage budget of the slots the page keeps by itself.

Besides the player's own named saves, the table puts games aside in slots of their own: an
unfinished game a link or a host page replaced, this tab's game when another tab took the
game in progress over, a stored game too damaged to resume.  Their names are a label and
the time to the second (``Table.put_aside``).  Left alone they pile up, and localStorage
holds about 5 MB a site, so they could crowd out the named saves.  Here: automatic slots
are capped in number and in characters, the oldest going first; named saves are never
dropped; and how full the site's storage is, said in the Saves panel when it is nearly.

Sizes are in characters (UTF-16 code units), what browsers count against the quota.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Protocol

UNFINISHED = "Unfinished game"
OTHER_TAB = "Game from another tab"
DAMAGED = "Damaged game"
AUTOMATIC = (UNFINISHED, OTHER_TAB, DAMAGED)
MAX_AUTOMATIC_SLOTS = 10
MAX_AUTOMATIC_CHARS = 1_000_000  # a fifth of the quota: a long match is some 50,000
QUOTA_CHARS = 5 * 2**20  # chromium's and Firefox's localStorage limit for one site
NEARLY_FULL = 0.8  # of the quota: the Saves panel says how much is used from here on

# "<label> 2026-12-06 04:43:59" or, for a second one in the same second, "... (2)".
_AUTOMATIC_NAME = re.compile(
    "(?:" + "|".join(map(re.escape, AUTOMATIC)) + r") (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)"
    r"(?: \((\d+)\))?")


class SlotStore(Protocol):
    """What the budget needs of the table's storage (``table.Storage``)."""

    def get(self, key: str) -> str | None: ...

    def remove(self, key: str) -> None: ...

    def keys(self, prefix: str) -> list[str]: ...


def age(name: str) -> tuple[str, int] | None:
    """An automatic slot's time and number (sorting oldest first); None for a named save."""
    found = _AUTOMATIC_NAME.fullmatch(name)
    return None if found is None else (found[1], int(found[2] or 1))


def to_drop(sizes: dict[str, int], max_slots: int = MAX_AUTOMATIC_SLOTS,
            max_chars: int = MAX_AUTOMATIC_CHARS) -> list[str]:
    """Of automatic slots by name with their sizes, the oldest to drop so that the rest are
    within ``max_slots`` and ``max_chars``.  The newest is always kept, even alone over the
    budget: it is the game just put aside."""
    oldest_first = sorted(sizes, key=lambda name: age(name) or ("", 0))
    total, dropped = sum(sizes.values()), list[str]()
    for name in oldest_first[:-1]:
        if len(oldest_first) - len(dropped) <= max_slots and total <= max_chars:
            break
        dropped.append(name)
        total -= sizes[name]
    return dropped


def enforce(store: SlotStore, slot_prefix: str, in_use: Collection[str] = ()) -> list[str]:
    """Remove the automatic slots beyond the budget, oldest first; returns their names.
    Slots in ``in_use`` (this tab's game in progress, kept in a slot) are neither counted
    nor removed."""
    sizes = {}
    for key in store.keys(slot_prefix):
        name = key[len(slot_prefix):]
        if key not in in_use and age(name) is not None:
            sizes[name] = len(key) + len(store.get(key) or "")
    dropped = to_drop(sizes)
    for name in dropped:
        store.remove(slot_prefix + name)
    return dropped


def dropped_note(names: list[str]) -> str:
    """What the player is told when automatic slots were dropped."""
    if not names:
        return ""
    which = "“" + "”, “".join(names) + "”"
    return (f"Saves keeps at most {MAX_AUTOMATIC_SLOTS} games put aside by the table; the "
            f"oldest {'ones were' if len(names) > 1 else 'one was'} deleted: {which}. "
            "Your named saves are never deleted.")


def used_chars(store: SlotStore) -> int:
    """The characters this site keeps in storage (every key, not only the table's)."""
    return sum(len(key) + len(store.get(key) or "") for key in store.keys(""))


def usage_note(used: int, refused: bool = False) -> str:
    """The Saves panel's word on storage: empty while there is room enough."""
    if used < NEARLY_FULL * QUOTA_CHARS and not refused:
        return ""
    share = min(100, round(100 * used / QUOTA_CHARS))
    return (f"Storage is nearly full: this site uses {used / 2**20:.1f} MB of the browser's "
            f"{QUOTA_CHARS // 2**20} MB ({share}%). Export the saves you want to keep, then "
            "delete them here to make room.")
