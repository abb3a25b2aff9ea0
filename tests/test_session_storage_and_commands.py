"""The session package's one storage module and its command table: every key the session
writes is one ``Keys`` names, and every command a view or the page offers is in the table."""

from __future__ import annotations

import re
from pathlib import Path

from pygame_core.session.commands import COMMANDS, Session
from pygame_core.session.core import HUMAN
from pygame_core.session.storage import DictStorage, Keys

ROOT = Path(__file__).resolve().parents[1]


def played_session(keys: Keys) -> tuple[Session, DictStorage]:
    """A session that wrote everything it keeps: a dealt game played to its end, a named
    save, a setting, the start form's choices, the statistics, a game put aside."""
    store = DictStorage()
    session = Session(store, pace=0, stamp=lambda: "2026-01-01T00:00:00Z", keys=keys)
    session.command("start", fields={"game": "avissinia", "target": "1", "level-1": "easy",
                                     "level-2": "easy", "level-3": "easy"})
    session.set_setting("animations", False)
    session.command("save-as", fields={"save-name": "mine"})
    game = session.game
    assert game is not None
    session.other_tab_wrote(None)  # another tab took the game in progress: put aside
    while not game.is_over:
        if session.summary is not None:
            session.next_round()
        elif session.my_turn():
            session.human_play(game.observation(HUMAN)["legal"][0])
        else:
            session.step()
    return session, store


def test_every_key_the_session_writes_is_one_keys_names() -> None:
    keys = Keys.for_folder("/cards/index.html")
    _, store = played_session(keys)
    named = {keys.current, keys.settings, keys.stats, keys.choices, keys.stale}
    written = set(store.data)
    assert {keys.settings, keys.stats, keys.choices} <= written
    slots = {k for k in written if k.startswith(keys.slot)}
    assert keys.slot + "mine" in slots and len(slots) == 2  # the named save, the tab's
    assert written - slots <= named


def test_what_is_written_is_read_back_by_a_new_session() -> None:
    keys = Keys()
    first, store = played_session(keys)
    again = Session(store, keys=keys)
    assert again.settings["animations"] is False and again.stats == first.stats
    assert again.stats["avissinia"]["played"] == 1
    assert again.saved.choices()["levels"] == ["easy", "easy", "easy"]
    assert [s["name"] for s in again.saved.slot_summaries({})][-1] == "mine"


def test_every_command_offered_is_in_the_command_table() -> None:
    offered = set()
    for path in [*(ROOT / "pygame_core").rglob("*.py"), ROOT / "web" / "index.html"]:
        offered |= set(re.findall(r'data-cmd="([a-z-]+)"', path.read_text(encoding="utf-8")))
    main = (ROOT / "web" / "main.py").read_text(encoding="utf-8")
    shortcuts = re.search(r"SHORTCUTS = \{(.*?)\}", main, re.S)
    assert shortcuts is not None
    offered |= set(re.findall(r':\s*"([a-z-]+)"', shortcuts.group(1)))
    from pygame_core.session.replay_review import KEYS

    offered |= set(KEYS.values())
    assert {"next-round", "replay-forward", "hint", "undo"} <= offered
    assert offered - set(COMMANDS) == set()


def test_a_command_not_in_the_table_does_nothing() -> None:
    session = Session(DictStorage(), pace=0)
    assert session.command("no-such-command") is None
    assert session.command("load") is None  # a slot's command without its slot
