"""Everything the session keeps in the browser's storage, in one place: every key, and both
the writing and the reading of every stored format (the game in progress and the named
slots, the start form's last choices, the settings, the statistics).

Storage itself is a protocol: a dict in tests and the terminal (``DictStorage``),
localStorage on the page (``WebStorage``), where every access may throw and none may stop
the game.  ``SiteStorage`` is what the session uses: one copy of the site's keys over one
storage.  Whatever is read from storage is outside input: a damaged text becomes a
SaveError with a clear message, or the default, and never harms anything else.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from ..base import Game, GameError, read_digits, short_repr
from ..i18n import LANGUAGES, N_, _, listing, ngettext, number
from ..links import MAX_OPPONENTS, clean_levels
from ..registry import SPECS
from ..saves import MAX_SAVE_DEPTH, SaveError, load, parse_json, read_header
from ..strict_json import STORED_ENTRY

PREFIX = "cardtable:"  # every key the page writes to localStorage starts with this
FULL_STORAGE = N_("The browser's storage is full: this game is not being saved.")
NO_STORAGE = N_("This browser does not let the page store anything here (private mode, or a "
              "frame that blocks storage): you can play, but the game cannot be saved.")
STALE = N_("The last game could not be saved (the browser's storage was full), so it cannot "
         "be resumed where you left it.")


@dataclasses.dataclass(frozen=True)
class Keys:
    """The storage keys of one copy of the site.  A copy served from a subfolder keeps its
    own (two copies on one origin never share a game in progress); the site at the root
    keeps the original keys, so saves made before this scoping are still found."""

    prefix: str = PREFIX

    @classmethod
    def for_folder(cls, path: str) -> Keys:
        folder = path[: path.rfind("/") + 1] or "/"
        return cls() if folder == "/" else cls(f"{PREFIX}{folder}:")

    @property
    def current(self) -> str:  # the game in progress, saved after every move
        return self.prefix + "current"

    @property
    def settings(self) -> str:
        return self.prefix + "settings"

    @property
    def slot(self) -> str:  # named saves: slot + name
        return self.prefix + "slot:"

    @property
    def stats(self) -> str:
        return self.prefix + "stats"

    @property
    def choices(self) -> str:  # the start form as last dealt from, offered again
        return self.prefix + "choices"

    @property
    def stale(self) -> str:  # set when the game in progress could not be written
        return self.prefix + "stale"

    @property
    def probe(self) -> str:  # written and removed at once: is storage usable at all?
        return self.prefix + "probe"


class Storage(Protocol):
    problem: str

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, text: str) -> bool: ...

    def remove(self, key: str) -> None: ...

    def keys(self, prefix: str) -> list[str]: ...


class DictStorage:
    """Storage in a dict: for tests and the terminal."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = {} if data is None else data
        self.problem = ""

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, text: str) -> bool:
        self.data[key] = text
        return True

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self, prefix: str) -> list[str]:
        return sorted(k for k in self.data if k.startswith(prefix))


class WebStorage:
    """The browser's localStorage (any object with its methods), where every access may
    throw and none may stop the game: a refused write says why in ``problem``.  ``missing``
    tells JavaScript's null from a value (Pyodide gives it as its own object)."""

    def __init__(self, local: Any, probe_key: str,
                 missing: Callable[[Any], bool] = lambda value: value is None) -> None:
        self.problem = ""
        self.missing = missing
        try:
            local.setItem(probe_key, "1")
            local.removeItem(probe_key)
            self.local: Any = local
        except Exception:
            self.local, self.problem = None, NO_STORAGE

    @property
    def ok(self) -> bool:
        return self.local is not None

    def get(self, key: str) -> str | None:
        try:
            value = self.local.getItem(key)
        except Exception:
            return None
        return None if self.missing(value) else str(value)

    def set(self, key: str, text: str) -> bool:
        if self.local is None:
            return False
        try:
            self.local.setItem(key, text)
        except Exception:
            self.problem = self.problem or FULL_STORAGE
            return False
        if self.problem == FULL_STORAGE:
            self.problem = ""
        return True

    def remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.local.removeItem(key)

    def keys(self, prefix: str) -> list[str]:
        try:
            found = [self.local.key(i) for i in range(self.local.length)]
        except Exception:
            return []
        return sorted(str(k) for k in found if not self.missing(k) and str(k).startswith(prefix))


# --- slots: the game in progress and the named saves -------------------------------------
# A slot holds the engine's save (``Game.to_json()``, checked on load) wrapped with what the
# page adds: the opponents' levels, the slot's name and when it was saved.  An imported file
# is a slot's text (an export adds the statistics) or an engine save on its own.
SLOT_KIND = "cardtable.slot"
SLOT_VERSION = 1
MAX_SLOT_DEPTH = MAX_SAVE_DEPTH + 3  # the wrapper, and an export's statistics
MAX_LABEL_CHARS = 200  # a slot's name and time


@dataclasses.dataclass
class Slot:
    """A slot's game, rebuilt, with what the page keeps beside it."""

    game: Game[Any, Any]
    levels: list[str]
    name: str
    saved_at: str


def wrap_save(game: Game[Any, Any], levels: Sequence[str], name: str, saved_at: str) -> str:
    """A slot's JSON text: the engine's save plus the page's own fields."""
    return json.dumps({
        "kind": SLOT_KIND,
        "version": SLOT_VERSION,
        "name": name,
        "saved_at": saved_at,
        "levels": list(levels),
        "save": game.to_json(),
    }, ensure_ascii=False)


def _slot_dict(text: object) -> dict[str, Any]:
    """A slot's (or an imported file's) JSON, checked as far as it can be without replaying
    the game: the wrapper, and the engine's save inside it."""
    if not isinstance(text, (str, bytes)):
        raise SaveError(_("save is not text"))
    data = parse_json(text, MAX_SLOT_DEPTH)
    if not isinstance(data, dict):
        raise SaveError(_("save is not a JSON object"))
    if data.get("kind") == SLOT_KIND:
        version = data.get("version")
        if version != SLOT_VERSION or isinstance(version, bool):
            raise SaveError(_("save slot version {version} is not one this page reads").format(
                version=short_repr(version)))
        if not isinstance(data.get("save"), dict):
            raise SaveError(_("save is incomplete: it holds no game"))
        return data
    if "actions" in data and "format" in data:  # an engine save on its own
        return {"kind": SLOT_KIND, "version": SLOT_VERSION, "save": data}
    raise SaveError(_("not a saved game of this card table"))


def _label(value: object) -> str:
    return value[:MAX_LABEL_CHARS] if isinstance(value, str) else ""


def read_slot(text: object) -> Slot:
    """Rebuild a slot's (or an imported file's) game; SaveError saying why it cannot be."""
    data = _slot_dict(text)
    game = load(data["save"])
    return Slot(game, clean_levels(data.get("levels"), game.num_players - 1),
                _label(data.get("name")), _label(data.get("saved_at")))


def slot_summary(key: str, text: object, titles: Mapping[str, str] | None = None,
                 prefix: str = "") -> dict[str, str]:
    """A slot as the saves list shows it, read without replaying the game.  Never raises:
    a damaged slot comes back with its ``error``, so the list opens and it can be deleted."""
    name = key[len(prefix):] if prefix and key.startswith(prefix) else key
    try:
        data = _slot_dict(text)
        save = read_header(data["save"])
    except GameError as exc:
        return {"key": key, "name": name, "error": str(exc), "title": "", "detail": ""}
    game, options = save["game"], save["options"]
    mode = SPECS[game].describe_options(options)
    saved_at = _label(data.get("saved_at"))
    moves = len(save["actions"])
    if saved_at:
        # Translators: {when} is a date and time, 2026-12-06 04:43.
        detail = ngettext("{count} move played, saved {when}", "{count} moves played, saved {when}",
                          moves).format(count=moves, when=saved_at[:16].replace("T", " "))
    else:
        detail = ngettext("{count} move played", "{count} moves played", moves).format(
            count=moves)
    return {
        "key": key, "name": name, "error": "",
        "title": (titles or {}).get(game, game) + mode,
        "detail": detail,
    }


# --- the budget of the slots the table keeps by itself -----------------------------------
# Besides the player's named saves, the session puts games aside in slots of their own (an
# unfinished game a link or a host page replaced, this tab's game when another tab took the
# game in progress over, a stored game too damaged to resume), named by a label and the
# time.  localStorage holds about 5 MB a site: left alone they would crowd out the named
# saves.  So they are capped in number and in characters (what browsers count against the
# quota: UTF-16 code units), the oldest going first; named saves are never dropped.
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


def automatic_age(name: str) -> tuple[str, int] | None:
    """An automatic slot's time and number (sorting oldest first); None for a named save."""
    found = _AUTOMATIC_NAME.fullmatch(name)
    return None if found is None else (found[1], int(found[2] or 1))


def over_budget(sizes: Mapping[str, int], max_slots: int = MAX_AUTOMATIC_SLOTS,
                max_chars: int = MAX_AUTOMATIC_CHARS) -> list[str]:
    """Of automatic slots by name with their sizes, the oldest to drop so that the rest are
    within ``max_slots`` and ``max_chars``.  The newest is always kept, even alone over the
    budget: it is the game just put aside."""
    oldest_first = sorted(sizes, key=lambda name: automatic_age(name) or ("", 0))
    total, dropped = sum(sizes.values()), list[str]()
    for name in oldest_first[:-1]:
        if len(oldest_first) - len(dropped) <= max_slots and total <= max_chars:
            break
        dropped.append(name)
        total -= sizes[name]
    return dropped


def dropped_note(names: Sequence[str]) -> str:
    """What the player is told when automatic slots were dropped ("" if none were)."""
    if not names:
        return ""
    which = listing([_("“{name}”").format(name=name) for name in names])
    # Translators: {limit} is a number of games (10); {names} lists the deleted saves' names.
    return ngettext("Saves keeps at most {limit} games put aside by the table; the oldest one "
                    "was deleted: {names}. Your named saves are never deleted.",
                    "Saves keeps at most {limit} games put aside by the table; the oldest ones "
                    "were deleted: {names}. Your named saves are never deleted.",
                    len(names)).format(limit=MAX_AUTOMATIC_SLOTS, names=which)


def usage_note(used: int, refused: bool = False) -> str:
    """The Saves panel's word on storage: empty while there is room enough."""
    if used < NEARLY_FULL * QUOTA_CHARS and not refused:
        return ""
    share = min(100, round(100 * used / QUOTA_CHARS))
    # Translators: {used} and {quota} are sizes in megabytes; {share} a percentage.
    return _("Storage is nearly full: this site uses {used} MB of the browser's {quota} MB "
             "({share}%). Export the saves you want to keep, then delete them here to make "
             "room.").format(used=number(used / 2**20, 1), quota=QUOTA_CHARS // 2**20,
                             share=share)


# --- settings ---------------------------------------------------------------------------
DEFAULT_SETTINGS: dict[str, Any] = {
    "pace": 800,  # ms between the computer players' moves
    "animations": True,
    "four_colour": False,
    "shortcuts": True,
    "coach_note": False,  # after a costly play of yours, a quiet note with Undo
    "language": "",  # chosen in Settings; "" follows the browser's languages
}
MAX_PACE = 5000
SWITCHES = ("animations", "four_colour", "shortcuts", "coach_note")


def stored_object(text: str | None) -> dict[str, Any] | None:
    """A stored JSON object (settings, choices, statistics), read strictly; None when the
    entry is damaged or not an object (each reader then falls back to its defaults)."""
    try:
        data = parse_json(text or "{}", 3, STORED_ENTRY)
    except SaveError:
        return None
    return data if isinstance(data, dict) else None


def parse_settings(text: str | None) -> dict[str, Any]:
    """Settings read from storage: every key present, anything unreadable at its default."""
    out = dict(DEFAULT_SETTINGS)
    data = stored_object(text)
    if data is None:
        return out
    pace = data.get("pace")
    if isinstance(pace, str):  # ASCII digits only: int() refuses a superscript isdigit() allows
        pace = read_digits(pace, 4)
    if isinstance(pace, int) and not isinstance(pace, bool) and 0 <= pace <= MAX_PACE:
        out["pace"] = pace
    for key in SWITCHES:
        if isinstance(data.get(key), bool):
            out[key] = data[key]
    if data.get("language") in LANGUAGES:
        out["language"] = data["language"]
    return out


# --- the start form's last choices -----------------------------------------------------
MAX_CHOICE_CHARS = 40  # an option's value as the form writes it: a number or a word


def parse_choices(text: str | None) -> dict[str, Any]:
    """The start form's last choices as stored (keys ``game``, ``levels`` and the options'
    names), each checked on its own: a value that fails is left out (the form shows its
    default there) and the rest are kept, so a damaged entry never blocks the start."""
    data = stored_object(text)
    if data is None:
        return {}
    out: dict[str, Any] = {}
    game = data.get("game")
    if isinstance(game, str) and game in SPECS:
        out["game"] = game
    levels = data.get("levels")
    if isinstance(levels, list) and levels:
        out["levels"] = clean_levels(levels, min(len(levels), MAX_OPPONENTS))
    option_names = {o.name for spec in SPECS.values() for o in spec.form}
    for name in option_names & data.keys():
        value = data[name]
        if (isinstance(value, str) and len(value) <= MAX_CHOICE_CHARS) or isinstance(value, bool) \
                or (isinstance(value, int) and abs(value) < 10**MAX_CHOICE_CHARS):
            out[name] = value
    return out


# --- statistics -------------------------------------------------------------------------
Stats = dict[str, dict[str, int]]  # game -> played, won, best_score, streak, best_streak
_STAT_FIELDS = ("played", "won", "best_score", "streak", "best_streak")


def parse_stats(text: str | None) -> Stats:
    """Statistics read from storage: per game, whole numbers only; junk is dropped."""
    data = stored_object(text)
    if data is None:
        return {}
    out: Stats = {}
    for game, entry in data.items():
        if not isinstance(game, str) or not isinstance(entry, dict):
            continue
        clean = {k: v for k, v in entry.items()
                 if k in _STAT_FIELDS and isinstance(v, int) and not isinstance(v, bool)}
        if "played" in clean:
            out[game] = clean
    return out


def record_result(stats: Mapping[str, Mapping[str, int]], game: str, *, won: bool,
                  score: int) -> Stats:
    """The statistics after one finished match of ``game`` (a new dict; ``stats`` is kept)."""
    out = {g: dict(e) for g, e in stats.items()}
    entry = out.setdefault(game, {"played": 0, "won": 0, "streak": 0, "best_streak": 0})
    entry["played"] = entry.get("played", 0) + 1
    entry["won"] = entry.get("won", 0) + (1 if won else 0)
    entry["streak"] = entry.get("streak", 0) + 1 if won else 0
    entry["best_streak"] = max(entry.get("best_streak", 0), entry["streak"])
    entry["best_score"] = max(entry.get("best_score", score), score)
    return out


# --- one copy of the site's storage -----------------------------------------------------
class SiteStorage:
    """What the session keeps, under one copy of the site's keys (``Keys``)."""

    def __init__(self, store: Storage, keys: Keys) -> None:
        self.store, self.keys = store, keys
        self.dropped: list[str] = []  # automatic slots dropped over the budget, not told yet

    @property
    def problem(self) -> str:
        """Why the last write was refused ("" if it was not), in the player's language."""
        return _(self.store.problem) if self.store.problem else ""

    def slot_keys(self) -> list[str]:
        """The slot index: every slot's key, in order (the Saves list shows them).  Slots
        are written by ``write_slot`` (a name the player gave, an import) and by
        ``put_aside`` (the automatic ones, named by a label and the time)."""
        return self.store.keys(self.keys.slot)

    def slot_name(self, key: str) -> str:
        return key[len(self.keys.slot):]

    def slot_summaries(self, titles: Mapping[str, str]) -> list[dict[str, str]]:
        """The Saves list: a damaged slot is listed with its error (and can be deleted)."""
        return [slot_summary(k, self.store.get(k), titles, self.keys.slot)
                for k in self.slot_keys()]

    def read_slot(self, key: str) -> Slot:
        """A slot's game; SaveError saying why it cannot be had."""
        text = self.store.get(key)
        if text is None:
            raise SaveError(_("it is no longer there"))
        return read_slot(text)

    def write_slot(self, name: str, text: str) -> bool:
        return self.store.set(self.keys.slot + name, text)

    def remove(self, key: str) -> None:
        self.store.remove(key)

    def put_aside(self, label: str, text: str, stamp: str, in_use: str = "") -> str:
        """Keep ``text`` in a slot of its own, named by the time (``stamp``, to the second)
        and never overwriting another, within the budget of automatic slots (the oldest go,
        and are listed in ``dropped``; ``in_use``, this tab's game kept in a slot, never
        does); returns the slot's key."""
        when = stamp.replace("T", " ").removesuffix("Z")
        key = self.keys.slot + f"{label} {when}"
        number = 2
        while self.store.get(key) is not None:
            key = self.keys.slot + f"{label} {when} ({number})"
            number += 1
        self.store.set(key, text)
        sizes = {}
        for other in self.slot_keys():
            name = self.slot_name(other)
            if other != in_use and automatic_age(name) is not None:
                sizes[name] = len(other) + len(self.store.get(other) or "")
        for name in over_budget(sizes):
            self.store.remove(self.keys.slot + name)
            self.dropped.append(name)
        return key

    def take_dropped(self) -> str:
        """What the player has not yet been told about slots dropped over the budget."""
        names, self.dropped = self.dropped, []
        return dropped_note(names)

    def usage(self) -> str:
        """How full the site's storage is (every key, not only the table's), when nearly."""
        used = sum(len(key) + len(self.store.get(key) or "") for key in self.store.keys(""))
        return usage_note(used, refused=self.store.problem == FULL_STORAGE)

    def take_current(self, stamp: str) -> tuple[Slot | None, str]:
        """The game in progress as stored, and what to tell the player about it ("" when
        nothing went wrong).  A damaged one is kept in a slot of its own for inspection;
        one marked stale (its last move could not be written) is not offered."""
        if self.store.get(self.keys.stale) is not None:
            # What is stored is older than the game was (or gone): it must not be offered
            # as where the player left off.
            self.store.remove(self.keys.stale)
            return None, _(STALE)
        text = self.store.get(self.keys.current)
        if not text:
            return None, ""
        try:
            return read_slot(text), ""
        except GameError as exc:
            self.put_aside(DAMAGED, text, stamp)
            self.store.remove(self.keys.current)
            return None, _("The game in progress could not be resumed: {reason}").format(
                reason=exc)

    def write_current(self, key: str, text: str) -> None:
        """The game in progress after a move, under ``key`` (the current key, or this tab's
        slot once another tab took it).  If it cannot be written the older position is
        dropped, so a reload cannot resume it as if it were the latest, and a mark left so
        the reload can say why the game is gone."""
        if self.store.set(key, text):
            return
        self.store.remove(key)
        self.store.set(self.keys.stale, "1")

    def export_text(self, key: str, stats: Stats) -> str | None:
        """A slot's text with the statistics added (the export file carries them)."""
        text = self.store.get(key)
        if text is None:
            return None
        try:
            data = json.loads(text)
        except ValueError:
            return text
        if isinstance(data, dict):
            data["stats"] = stats
            return json.dumps(data, ensure_ascii=False)
        return text

    # --- settings, statistics, the start form's choices -----------------------------------
    def settings(self) -> dict[str, Any]:
        return parse_settings(self.store.get(self.keys.settings))

    def write_settings(self, settings: Mapping[str, Any]) -> None:
        self.store.set(self.keys.settings, json.dumps(dict(settings)))

    def stats(self) -> Stats:
        return parse_stats(self.store.get(self.keys.stats))

    def write_stats(self, stats: Stats) -> None:
        self.store.set(self.keys.stats, json.dumps(stats))

    def clear_stats(self) -> None:
        self.store.remove(self.keys.stats)

    def choices(self) -> dict[str, Any]:
        return parse_choices(self.store.get(self.keys.choices))

    def write_choices(self, game: str, levels: Iterable[str], options: Mapping[str, str]
                      ) -> None:
        self.store.set(self.keys.choices, json.dumps(
            {**self.choices(), "game": game, "levels": list(levels), **options}))
