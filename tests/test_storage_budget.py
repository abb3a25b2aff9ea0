"""The storage budget of the slots the session keeps by itself (issue 46)."""

from __future__ import annotations

import itertools

from pygame_core.session import storage
from pygame_core.session.commands import Session
from pygame_core.session.core import HUMAN
from pygame_core.session.storage import DictStorage, Keys, SiteStorage

SLOT = Keys().slot


def stamped(n: int) -> str:
    return f"2026-12-06T{n // 3600:02}:{n // 60 % 60:02}:{n % 60:02}Z"


def table() -> Session:
    moments = itertools.count()
    return Session(DictStorage(), pace=0, stamp=lambda: stamped(next(moments)))


def new_game_after_one_move(t: Session, seed: int) -> str:
    """What an embedding page's new-game command does after one move of each game."""
    while t.waiting_for_computer():
        t.step()
    if t.my_turn() and t.game is not None:
        t.human_play(t.game.observation(HUMAN)["legal"][0])
    return t.host_command({"protocol": "card-table", "command": "new-game",
                           "game": "avissinia", "seed": seed}).say


def automatic(t: Session) -> list[str]:
    return [k for k in t.saved.slot_keys() if storage.automatic_age(t.saved.slot_name(k))]


def test_many_new_games_keep_the_automatic_slots_within_their_cap_and_the_named_saves() -> None:
    t = table()
    t.start_from_address({"game": "avissinia", "seed": "1"})
    t.save_as("my best game")
    said = [new_game_after_one_move(t, seed) for seed in range(2, 40)]
    t.save_as("Unfinished business")  # a named save that reads a bit like a label
    said += [new_game_after_one_move(t, seed) for seed in range(40, 60)]
    kept = automatic(t)
    assert len(kept) == storage.MAX_AUTOMATIC_SLOTS
    assert sum(len(k) + len(t.saved.store.get(k) or "") for k in kept) \
        <= storage.MAX_AUTOMATIC_CHARS
    assert t.saved.store.get(SLOT + "my best game") is not None
    assert t.saved.store.get(SLOT + "Unfinished business") is not None
    # The newest are kept; each drop was told to the player, naming what went.
    latest = sorted(k[len(SLOT):] for k in kept)
    told = [s for s in said if "deleted" in s]
    assert len(told) == 58 - storage.MAX_AUTOMATIC_SLOTS
    assert all(name not in " ".join(told) for name in latest)
    assert "named saves are never deleted" in told[0]


def test_the_oldest_go_first_and_the_size_counts() -> None:
    sizes = {f"Unfinished game 2026-12-06 04:0{m}:00": 100 for m in range(5)}
    sizes["Damaged game 2026-12-06 04:00:00 (2)"] = 100
    assert storage.over_budget(sizes, max_slots=4, max_chars=10**6) == [
        "Unfinished game 2026-12-06 04:00:00", "Damaged game 2026-12-06 04:00:00 (2)"]
    assert storage.over_budget(sizes, max_slots=10, max_chars=250) == [
        "Unfinished game 2026-12-06 04:00:00", "Damaged game 2026-12-06 04:00:00 (2)",
        "Unfinished game 2026-12-06 04:01:00", "Unfinished game 2026-12-06 04:02:00"]
    # alone over the budget, the newest (the game just put aside) stays
    assert storage.over_budget({"Unfinished game 2026-12-06 04:00:00": 10**7}) == []


def test_this_tabs_game_kept_in_a_slot_is_never_dropped() -> None:
    saved = SiteStorage(DictStorage(), Keys())
    slot = SLOT + "Game from another tab 2026-12-06 00:00:00"
    saved.store.set(slot, "this tab's game")
    for n in range(1, 20):
        saved.put_aside("Unfinished game", "x", f"2026-12-06T00:00:{n:02}Z", in_use=slot)
    assert len(saved.dropped) == 19 - storage.MAX_AUTOMATIC_SLOTS
    assert saved.store.get(slot) == "this tab's game"
    assert "“Unfinished game 2026-12-06 00:00:01”" in saved.take_dropped()
    assert saved.take_dropped() == "", "each drop is told once"


def test_the_saves_panel_says_how_full_storage_is_when_it_is_nearly() -> None:
    t = table()
    t.start_from_address({"game": "avissinia", "seed": "1"})
    t.show("saves")
    assert "nearly full" not in t.html()
    t.saved.store.set(SLOT + "big", "x" * int(0.85 * storage.QUOTA_CHARS))
    shown = t.html()
    assert "Storage is nearly full" in shown and "uses 4.3 MB of the browser" in shown
    assert 'data-cmd="export"' in shown and 'data-cmd="delete"' in shown
