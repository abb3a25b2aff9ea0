"""The table session under CPython: what only the browser tests reached before."""

from __future__ import annotations

import json
from typing import Any

from pygame_core import new_game
from pygame_core.opponents import make_opponent
from pygame_core.registry import SPECS, spec
from pygame_core.session import storage
from pygame_core.session.commands import Session
from pygame_core.session.core import HUMAN, Table, finish_work
from pygame_core.session.storage import DictStorage, Keys, WebStorage
from pygame_core.slices import drive
from pygame_core.views import GAME_TITLES

STATS_KEY = Keys().stats


def table(**data: str) -> Table:
    return Table(DictStorage(dict(data)), pace=0, stamp=lambda: "2026-12-01T21:00:00Z")


def run_computers(t: Table) -> None:
    while t.waiting_for_computer():
        t.step()


def test_a_link_starts_its_deal_and_saves_it() -> None:
    t = table()
    effects = t.start_from_address({"game": "avissinia", "seed": "7"})
    assert t.game is not None and t.game.seed == 7 and effects.draw
    assert storage.read_slot(t.saved.store.get(Keys().current) or "").game.seed == 7


def test_a_broken_link_explains_and_starts_nothing() -> None:
    t = table()
    t.start_from_address({"game": "chess"})
    assert t.game is None and "does not work" in t.notice


def test_a_damaged_stored_game_is_put_aside() -> None:
    t = table(**{Keys().current: '{"kind": "cardtable.slot", broken'})
    t.start_from_address({})
    assert t.game is None and "could not be resumed" in t.notice
    damaged = t.saved.store.keys(Keys().slot + "Damaged game")
    assert len(damaged) == 1 and t.saved.store.get(Keys().current) is None


def test_a_link_to_another_deal_keeps_the_unfinished_game() -> None:
    t = table()
    t.start_from_address({"game": "avinas", "seed": "3"})
    run_computers(t)
    t.human_play(t.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    again = Table(t.saved.store, pace=0)
    again.start_from_address({"game": "avissinia", "seed": "5"})
    assert again.game is not None and again.game.NAME == "avissinia"
    assert again.saved.store.keys(Keys().slot + "Unfinished game")


def test_the_stored_game_resumes_where_it_was() -> None:
    t = table()
    t.start_from_address({"game": "abyssinia", "seed": "2"})
    run_computers(t)
    t.human_play(t.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    again = Table(t.saved.store, pace=0)
    again.start_from_address({})
    assert again.game is not None and again.game.history == t.game.history  # type: ignore[union-attr]


def test_a_human_move_out_of_turn_or_illegal_does_nothing() -> None:
    t = table()
    t.start_from_address({"game": "avissinia", "seed": "11"})
    run_computers(t)
    moves = len(t.game.history)  # type: ignore[union-attr]
    assert not t.human_play("nonsense").draw
    assert len(t.game.history) == moves  # type: ignore[union-attr]


def test_the_computer_steps_schedule_the_next_at_the_pace() -> None:
    t = Table(DictStorage(), pace=800)
    effects = t.new_deal("avinas", {}, [], seed=4)
    if t.waiting_for_computer():
        assert effects.schedule_ms == 800
    run_computers(t)
    assert t.my_turn() or t.summary is not None or t.game.is_over  # type: ignore[union-attr]


def test_a_step_can_be_abandoned_between_slices() -> None:
    t = table()
    t.new_deal("avissinia", {}, ["hard", "hard", "hard"], seed=1)
    while t.my_turn():
        t.human_play(t.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    moves = len(t.game.history)  # type: ignore[union-attr]
    t.step(go_on=lambda: False)
    assert len(t.game.history) == moves  # type: ignore[union-attr]


def test_undo_takes_back_the_last_play_and_restores_the_hand() -> None:
    t = table()
    t.start_from_address({"game": "avissinia", "seed": "9"})
    assert t.undo().say == "There is no play of yours to undo."
    run_computers(t)
    hand = t.game.observation(HUMAN)["hand"]  # type: ignore[union-attr]
    t.human_play(t.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    run_computers(t)
    assert t.undo_available()
    effects = t.undo()
    assert "took back" in " ".join(effects.announce)
    assert t.my_turn() and t.game.observation(HUMAN)["hand"] == hand  # type: ignore[union-attr]


def test_hint_is_a_legal_move_with_a_reason() -> None:
    t = table()
    t.start_from_address({"game": "abyssinia", "seed": "6"})
    run_computers(t)
    hint = t.hint()
    assert hint is not None
    assert hint[0] in t.game.observation(HUMAN)["legal"] and hint[1]  # type: ignore[union-attr]


def test_statistics_count_a_finished_match_and_post_game_over() -> None:
    t = table()
    t.new_deal("avissinia", {"target": 1}, ["easy"] * 3, seed=2)
    posts = []
    while not t.game.is_over:  # type: ignore[union-attr]
        if t.summary is not None:
            t.next_round()
        elif t.my_turn():
            posts += t.human_play(t.game.observation(HUMAN)["legal"][0]).post  # type: ignore[union-attr]
        else:
            posts += t.step().post
    assert [p["type"] for p in posts if "protocol" not in p] == ["game over"]
    stats = json.loads(t.saved.store.get(STATS_KEY) or "{}")
    assert stats["avissinia"]["played"] == 1
    assert not t.undo_available()


def test_save_as_and_load_a_slot() -> None:
    t = table()
    t.new_deal("avinas", {}, ["easy"] * 3, seed=8)
    assert t.save_as("").say == "Give the save a name first."
    assert "Saved as" in t.save_as("mine").say
    other = Table(t.saved.store, pace=0)
    assert "Loaded" in other.load_slot(Keys().slot + "mine").say
    assert other.game is not None and other.game.seed == 8
    assert "cannot be loaded" in other.load_slot(Keys().slot + "gone").say


def test_the_shared_driver_counts_slices_and_decide_agrees() -> None:
    game = new_game("avissinia", seed=3)
    obs = game.observation(game.current_player or 0)
    hard = make_opponent("avissinia", "hard", game.current_player or 0, 3)
    action, slices = drive(hard.think(obs))
    assert action in obs["legal"] and slices > 0
    again = make_opponent("avissinia", "hard", game.current_player or 0, 3)
    assert again.decide(obs) in obs["legal"]


def test_the_registry_names_every_game_and_its_modules() -> None:
    import importlib.util

    for name, s in SPECS.items():
        assert spec(name) is s
        for module in (s.engine, s.view, s.opponents):
            assert importlib.util.find_spec(module) is not None
        low, high = s.players
        assert new_game(name, seed=0).num_players in range(low, high + 1)


class FullStorage(DictStorage):
    """Storage with a quota, as localStorage has: a write that would pass ``capacity``
    characters is refused (removing an entry frees its room)."""

    capacity: int | None = None

    def set(self, key: str, text: str) -> bool:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.capacity is not None and used + len(key) + len(text) > self.capacity:
            self.problem = "full"
            return False
        return super().set(key, text)


def test_full_storage_never_leaves_a_stale_game_to_resume() -> None:
    store = FullStorage()
    t = Table(store, pace=0)
    t.start_from_address([("game", "avinas"), ("seed", "5")])
    run_computers(t)
    store.capacity = sum(len(k) + len(v) for k, v in store.data.items())  # full now
    t.human_play(t.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    again = Table(store, pace=0)
    again.start_from_address([])
    assert again.game is None, "an older position was offered as the game in progress"
    assert "could not be saved" in again.notice


def test_slots_put_aside_in_the_same_second_do_not_overwrite_each_other() -> None:
    t = table()
    keys = {t.put_aside("Damaged game", f"text {i}") for i in range(3)}
    assert len(keys) == 3
    assert sorted(t.saved.store.get(k) for k in keys) == ["text 0", "text 1", "text 2"]


def test_another_tab_never_overwrites_this_tabs_game() -> None:
    store = DictStorage()
    mine, theirs = Table(store, pace=0), Table(store, pace=0)
    mine.start_from_address([("game", "avissinia"), ("seed", "21")])
    theirs.start_from_address([("game", "avinas"), ("seed", "22")])  # the other tab
    effects = mine.other_tab_wrote(store.get(Keys().current))
    assert "another tab" in effects.say
    run_computers(mine)
    mine.human_play(mine.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    kept = storage.read_slot(store.get(mine.current_key) or "").game
    assert kept.NAME == "avissinia" and kept.history == mine.game.history  # type: ignore[union-attr]
    assert storage.read_slot(store.get(Keys().current) or "").game.NAME == "avinas"


def test_the_same_game_written_by_another_tab_changes_nothing() -> None:
    store = DictStorage()
    mine = Table(store, pace=0)
    mine.start_from_address([("game", "avissinia"), ("seed", "23")])
    assert mine.other_tab_wrote(store.get(Keys().current)).say == ""
    assert mine.current_key == Keys().current


def test_a_site_in_a_subfolder_keeps_its_own_keys() -> None:
    assert Keys.for_folder("/").current == Keys().current == Keys().current
    assert Keys.for_folder("/index.html").current == Keys().current
    sub, other = Keys.for_folder("/games/cards/"), Keys.for_folder("/games/beta/index.html")
    assert sub.current != other.current and Keys().current not in (sub.current, other.current)


def test_a_repeated_key_in_the_address_is_refused() -> None:
    t = table()
    t.start_from_address([("game", "avissinia"), ("seed", "1"), ("seed", "2")])
    assert t.game is None and "twice" in t.notice


def test_the_start_form_deals_or_shows_the_engines_words() -> None:
    t = Session(DictStorage(), pace=0)
    t.start_from_form({"game": "abyssinia", "players": "3", "chips": "x", "level-1": "easy"})
    assert t.game is None and t.screen == "start" and "Cannot deal" in t.html()
    t.start_from_form({"game": "abyssinia", "players": "3", "chips": "50", "level-1": "easy",
                       "level-2": "hard"})
    assert t.game is not None and t.game.num_players == 3 and t.levels == ["easy", "hard"]
    assert t.screen == "table" and t.turn() in ("you", "opponent")


def test_a_damaged_slot_is_listed_and_can_be_deleted() -> None:
    t = Session(DictStorage({Keys().slot + "bad": "{nope", Keys().slot + "x": "[]"}))
    summaries = t.saved.slot_summaries(GAME_TITLES)
    assert [s["name"] for s in summaries] == ["bad", "x"] and all(s["error"] for s in summaries)
    t.command("delete", Keys().slot + "bad")
    assert [s["name"] for s in t.saved.slot_summaries(GAME_TITLES)] == ["x"]


class FakeLocalStorage:
    """localStorage's methods over a dict; ``quota`` makes writes throw as a full one does,
    ``blocked`` makes every access throw as a storage-blocking frame does."""

    def __init__(self, quota: int = 10**9, blocked: bool = False) -> None:
        self.items: dict[str, str] = {}
        self.quota, self.blocked = quota, blocked

    def _check(self) -> None:
        if self.blocked:
            raise RuntimeError("SecurityError: access denied")

    def getItem(self, key: str) -> str | None:
        self._check()
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self._check()
        if sum(map(len, self.items.values())) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self._check()
        self.items.pop(key, None)

    def key(self, i: int) -> str | None:
        self._check()
        return list(self.items)[i] if i < len(self.items) else None

    @property
    def length(self) -> int:
        self._check()
        return len(self.items)


def test_blocked_storage_plays_and_says_it_cannot_save() -> None:
    store = WebStorage(FakeLocalStorage(blocked=True), "probe")
    assert not store.ok and "cannot be saved" in store.problem
    t = Session(store, pace=0)
    t.start_from_address([("game", "avissinia"), ("seed", "3")])
    assert t.game is not None and store.keys("") == [] and store.get("x") is None


def test_full_storage_says_so_and_recovers() -> None:
    local = FakeLocalStorage(quota=10)
    store = WebStorage(local, "probe")
    assert store.ok and not store.set("k", "x" * 11) and "full" in store.problem
    local.quota = 100
    assert store.set("k", "x" * 11) and store.problem == "" and store.keys("k") == ["k"]


def test_the_computers_plays_since_your_last_move_are_on_the_table() -> None:
    t = Session(DictStorage(), pace=0)
    t.start_from_address([("game", "avissinia"), ("seed", "31")])
    run_computers(t)
    t.human_play(t.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    run_computers(t)
    recent = t.recent()
    assert sorted(seat for seat, _ in recent) == [1, 2, 3]  # each of the others once
    assert all(text for _, text in recent) and recent[0][1] in t.html()


def test_the_start_screen_remembers_the_last_choices() -> None:
    store = DictStorage()
    Session(store, pace=0).start_from_form(
        {"game": "abyssinia", "players": "5", "chips": "60", "level-1": "hard",
         "level-2": "easy", "level-3": "easy", "level-4": "easy"})
    later = Session(store, pace=0)
    page = later.html()
    assert 'value="abyssinia" checked' in page and 'value="60"' in page


# --- the host page's protocol (README, "Embedding") ----------------------------------
def screens() -> Session:
    return Session(DictStorage(), pace=0, stamp=lambda: "2026-12-01T21:00:00Z")


def play_to_the_end(t: Table) -> list[dict[str, object]]:
    """Play a match (the human takes the first legal move); every message posted."""
    posted: list[dict[str, object]] = []
    while t.game is not None and not t.game.is_over:
        if t.summary is not None:
            t.next_round()
        elif t.waiting_for_computer():
            posted += t.step().post
        else:
            posted += t.human_play(t.game.observation(HUMAN)["legal"][0]).post
    return posted


def test_a_match_posts_each_deal_and_the_end_in_the_readmes_shape() -> None:
    t = screens()
    t.start_from_address({"game": "avissinia", "seed": "8", "target": "1"})
    posted = play_to_the_end(t)
    game = t.game
    assert game is not None
    ours = [m for m in posted if m.get("protocol") == "card-table"]
    deals = [m for m in ours if m["type"] == "deal-over"]
    assert [m["deal"] for m in deals] == list(range(1, game.deals_finished + 1))
    assert deals[-1]["scores"] == game.scores and deals[-1]["round_scores"] == game.round_scores
    assert ours[-1] == {"protocol": "card-table", "type": "game-over", "game": "avissinia",
                        "winners": game.winners, "scores": game.scores,
                        "you_won": HUMAN in game.winners}
    assert [m["type"] for m in posted].count("game over") == 1  # the old message stays


def test_commands_are_taken_only_from_the_parent_and_its_origin() -> None:
    from pygame_core.session.host import accepts_command, parent_origin

    host = "http://host.example:8001"
    new = {"protocol": "card-table", "command": "new-game"}
    assert accepts_command(new, True, "http://else.example", None, False)
    assert accepts_command(new, True, host, host, True)
    assert not accepts_command(new, True, "http://else.example", host, True)
    assert not accepts_command(new, False, host, host, True)  # not the parent window
    assert not accepts_command({"command": "new-game"}, True, host, host, True)
    assert not accepts_command({**new, "command": "quit"}, True, host, host, True)
    assert parent_origin(host) == host and parent_origin(None) is None
    for bad in ("javascript:alert(1)", "http://a/b", "host.example", "http://"):
        assert parent_origin(bad) is None
        assert not accepts_command(new, True, bad, parent_origin(bad), True)


def test_a_new_game_command_is_read_as_a_link_and_keeps_the_game_in_progress() -> None:
    t = screens()
    t.start_from_address({"game": "avinas", "seed": "3"})
    run_computers(t)
    t.human_play(t.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    effects = t.host_command({"protocol": "card-table", "command": "new-game",
                              "game": "avissinia", "seed": 5,
                              "options": {"partnership": 1}, "levels": ["easy"] * 3})
    assert effects.draw and t.game is not None and t.game.NAME == "avissinia"
    assert t.game.seed == 5 and t.game.options_dict() == {"partnership": True}
    assert t.levels == ["easy"] * 3
    assert t.saved.store.keys(t.keys.slot + "Unfinished game")
    fresh = t.host_command({"protocol": "card-table", "command": "new-game"})
    assert fresh.draw and t.game.NAME == "avissinia"  # the current game, a fresh deal


def test_a_bad_new_game_command_is_answered_with_an_error_and_changes_nothing() -> None:
    t = screens()
    t.start_from_address({"game": "avinas", "seed": "3"})
    before = t.game
    for bad in ({"game": "chess"}, {"seed": "x"}, {"options": {"colour": 1}},
                {"options": {"parent": "http://evil.example"}}, {"options": [1]},
                {"levels": ["superhuman"]}, {"seed": [1]}):
        effects = t.host_command({"protocol": "card-table", "command": "new-game", **bad})
        assert t.game is before and not effects.draw
        [error] = effects.post
        assert error["type"] == "error" and error["command"] == "new-game"
        assert isinstance(error["message"], str) and error["message"]


def test_pause_stops_the_computer_players_and_resume_starts_them_again() -> None:
    t = screens()
    t.start_from_address({"game": "avinas", "seed": "3"})
    assert t.waiting_for_computer()  # seed 3: a computer player leads
    t.host_command({"protocol": "card-table", "command": "pause"})
    assert not t.waiting_for_computer() and t.step().post == [] and not t.game.history
    assert t.next_delay() is None
    resumed = t.host_command({"protocol": "card-table", "command": "resume"})
    assert resumed.schedule_ms == 0 and t.waiting_for_computer()


def test_ready_names_the_deal_on_the_table() -> None:
    t = screens()
    assert t.ready_message() == {"protocol": "card-table", "type": "ready", "game": None,
                                 "options": {}, "seed": None}
    t.start_from_address({"game": "avissinia", "seed": "4", "partnership": "1"})
    assert t.ready_message() == {"protocol": "card-table", "type": "ready",
                                 "game": "avissinia", "options": {"partnership": True},
                                 "seed": 4}


# --- replay links -------------------------------------------------------------------------
def test_a_replay_link_opens_the_final_table_read_only_and_saves_nothing() -> None:
    played = screens()
    played.start_from_address({"game": "avissinia", "seed": "8", "target": "1"})
    play_to_the_end(played)
    assert played.game is not None
    fragment = played.replay_fragment()
    assert fragment is not None and fragment.startswith("replay=")
    assert 'data-cmd="copy-replay"' in played.panel_html("history", {}, "avissinia")
    viewer = screens()
    effects = finish_work(viewer.open_replay("#" + fragment))
    assert effects is not None and effects.draw and viewer.at_table()
    game = viewer.game
    assert game is not None and game.history == played.game.history
    assert game.scores == played.game.scores and game.is_over
    assert "A replay" in viewer.narration and viewer.turn() == "over"
    assert not viewer.my_turn() and not viewer.waiting_for_computer()
    assert viewer.saved.store.get(viewer.keys.current) is None  # nothing saved, no stats
    assert viewer.saved.store.get(viewer.keys.stats) is None
    assert viewer.open_replay("#other=1") is None and viewer.open_replay("") is None


def test_a_replay_link_is_read_in_slices_behind_the_loading_screen(monkeypatch: Any) -> None:
    """A long match's link takes seconds to read on the page: it is read as background work
    that hands control back every few moves, and nothing is drawn until it is read."""
    from pygame_core import replay

    played = screens()
    played.start_from_address({"game": "avissinia", "seed": "8", "target": "1"})
    play_to_the_end(played)
    moves = len(played.game.history)  # type: ignore[union-attr]
    assert moves > 40
    viewer = screens()
    effects = viewer.open_replay(played.replay_fragment() or "")
    assert effects is not None and not effects.draw and effects.work is not None
    assert viewer.game is None and "Opening the replay" in effects.update["loading-text"]
    monkeypatch.setattr(replay, "SLICE_SECONDS", 0.0)  # a slice every 16 moves
    result, slices = drive(effects.work.steps)
    assert slices >= moves // 16 - 1
    assert effects.work.done(result).draw and viewer.at_table()
    assert viewer.game is not None and viewer.game.history == played.game.history  # type: ignore[union-attr]


def test_a_replay_link_of_an_unfinished_match_plays_nothing() -> None:
    played = screens()
    played.start_from_address({"game": "avinas", "seed": "3"})
    run_computers(played)
    played.human_play(played.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    viewer = screens()
    finish_work(viewer.open_replay(played.replay_fragment() or ""))
    assert viewer.game is not None and viewer.game.history == played.game.history  # type: ignore[union-attr]
    legal = viewer.game.observation(HUMAN)["legal"]
    assert viewer.human_play(legal[0] if legal else "x").draw is False
    assert viewer.step().post == [] and viewer.game.history == played.game.history  # type: ignore[union-attr]


def test_a_damaged_replay_link_explains_itself_on_the_start_screen() -> None:
    played = screens()
    played.start_from_address({"game": "avissinia", "seed": "8", "target": "1"})
    play_to_the_end(played)
    fragment = played.replay_fragment() or ""
    for damaged in (fragment[:-3] + ("AAA" if not fragment.endswith("AAA") else "BBB"),
                    "replay=", "replay=%%%", fragment[: len(fragment) // 2]):
        viewer = screens()
        effects = finish_work(viewer.open_replay(damaged))
        assert effects is not None and effects.draw
        assert viewer.game is None and not viewer.at_table()
        assert "This replay link does not work" in viewer.html()


# --- the page's commands, settings and start form (web/main.py only carries them out) ---
def at_your_turn(query: dict[str, str]) -> Session:
    t = Session(DictStorage(), pace=0, stamp=lambda: "2026-12-01T21:00:00Z")
    t.start_from_address(query)
    run_computers(t)
    return t


def test_panel_commands_give_the_dialogs_html() -> None:
    t = at_your_turn({"game": "avinas", "seed": "4"})
    help_panel = t.command("help", None, {})
    assert help_panel is not None and "How to play Avinas" in (help_panel.panel or "")
    # on the start screen, help is about the game chosen in the form
    t.show("start")
    chosen = t.command("help", None, {"game": "abyssinia"})
    assert chosen is not None and "How to play Abyssinia" in (chosen.panel or "")
    settings = t.command("settings")
    assert settings is not None and 'data-setting="animations"' in (settings.panel or "")
    closing = t.command("panel-close")
    assert closing is not None and closing.close_panel and closing.panel is None
    assert t.command("no-such-command") is None


def test_copy_and_export_commands_say_what_to_copy_and_download() -> None:
    t = at_your_turn({"game": "avissinia", "seed": "12", "partnership": "1"})
    copied = t.command("copy-link")
    assert copied is not None and copied.copy.startswith("?game=avissinia&seed=12")
    t.human_play(t.game.observation(HUMAN)["legal"][0])  # type: ignore[union-attr]
    replay = t.command("copy-replay")
    assert replay is not None and replay.copy.startswith("#replay=")
    t.save_as("my <game>")
    exported = t.command("export", Keys().slot + "my <game>")
    assert exported is not None and exported.download is not None
    name, text = exported.download
    assert name == "cardtable-my--game-.json" and '"stats"' in text
    assert t.command("export", Keys().slot + "gone") is None


def test_settings_are_kept_and_bad_values_change_nothing() -> None:
    store = DictStorage()
    t = Session(store)
    assert t.pace == 800  # the player's own pace: the default until one is chosen
    t.set_setting("pace", "300")
    t.set_setting("animations", False)
    t.set_setting("pace", "²")  # not ASCII digits
    t.set_setting("pace", "123")  # not a pace the page offers
    t.set_setting("colour", True)  # not a setting
    again = Session(store)
    assert again.pace == 300 and again.settings["animations"] is False
    assert "colour" not in again.settings


def test_a_hint_is_background_work_for_this_position_only() -> None:
    t = at_your_turn({"game": "avissinia", "seed": "21"})
    effects = t.command("hint")
    assert effects is not None and effects.work is not None
    assert t.hint_shown() == ("Thinking about a hint…", "", "")
    assert effects.work.still()
    result, _ = drive(effects.work.steps)
    assert effects.work.done(result).draw
    note, action, why = t.hint_shown() or ("", "", "")
    legal = t.game.observation(HUMAN)["legal"]  # type: ignore[union-attr]
    assert note == "" and action in legal and why
    t.human_play(action)  # the table moves on: the hint is for the position it was asked in
    assert t.hint_shown() is None and not effects.work.still()
    not_yours = Session(DictStorage(), pace=0)
    assert not_yours.command("hint").say == "Hints are given on your turn."  # type: ignore[union-attr]


def test_the_start_form_layout_follows_the_choices() -> None:
    t = Session(DictStorage(), pace=0)
    game, seats = t.start_layout({"game": "abyssinia", "players": "6"})
    assert game == "abyssinia" and [s for s, _, shown in seats if shown] == [1, 2, 3, 4, 5]
    game, seats = t.start_layout({"game": "avissinia", "players": "6"})
    assert game == "avissinia" and [n for _, n, shown in seats if shown] == list(
        SPECS["avissinia"].seat_names[1:])
    # an unknown game or a hostile count falls back to a game and its own count
    game, seats = t.start_layout({"game": "chess", "players": "٣"})
    assert game in SPECS and sum(shown for _, _, shown in seats) == 3


def test_the_start_form_deals_with_the_games_options_as_data() -> None:
    t = Session(DictStorage(), pace=0)
    t.command("start", None, {"game": "abyssinia", "players": "3", "chips": "60",
                              "level-1": "hard", "level-2": "easy"})
    assert t.game is not None and t.game.num_players == 3 and t.levels == ["hard", "easy"]
    t.command("start", None, {"game": "abyssinia", "players": "3", "chips": "7"})
    refused = t.html()  # the form again, as it was filled in, with the engine's words
    assert "Cannot deal that game" in refused and "chips" in refused and 'value="7"' in refused
    assert t.game.num_players == 3  # the game in progress is still there
    t.command("start", None, {"game": "avissinia", "partnership": "1"})
    assert t.game.NAME == "avissinia" and t.game.options.partnership


def test_an_imported_file_that_cannot_be_read_is_explained_in_saves() -> None:
    t = Session(DictStorage(), pace=0)
    t.import_file(OSError("permission denied"), "x.json")
    assert t.screen == "saves" and "x.json cannot be read" in t.html()
    t.import_file("{not json", "y.json")
    assert t.screen == "saves" and "y.json cannot be imported" in t.html()
    good = new_game("avinas", seed=5)
    t.import_file(json.dumps(good.to_json()), "z.json")
    assert t.screen == "table" and t.game is not None and t.game.seed == 5
