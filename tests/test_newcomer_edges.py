"""The rough edges a newcomer met (issue 43): a replay link's read-only table, the
replay's notice, a blind buy's spoken name, seat names' capitals, the keys typed in a
start form's radio buttons."""

from __future__ import annotations

import html as htmllib
import random
import re
from typing import Any

from pygame_core import new_game
from pygame_core.registry import SPECS
from pygame_core.replay import fragment
from pygame_core.session.commands import Session, takes_typing
from pygame_core.session.core import finish_work
from pygame_core.session.storage import DictStorage
from pygame_core.views import render_table
from pygame_core.words import sentence


def played(name: str, seed: int, until: Any) -> Any:
    """A random match of ``name`` played until ``until(game)`` holds on the human's turn."""
    game = new_game(name, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if game.current_player == 0 and until(game):
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no such turn in {name} seed {seed}")



def test_an_unfinished_match_from_its_replay_link_is_plainly_read_only() -> None:
    game = played("avinas", 3, lambda g: len(g.history) > 40)
    assert game.current_player == 0  # the human's turn when the link was made
    table = Session(DictStorage())
    finish_work(table.open_replay("#" + fragment(game)))
    html = table.html()
    steps = len(game.history)
    assert f"<strong>Replay</strong>, read-only: step {steps:,} of {steps:,}." in html
    assert "data-action" not in html  # no card or button that does nothing
    assert "to play</span>" not in html and "Your turn" not in html
    assert table.turn() == "replay" and not table.my_turn()
    assert not table.undo_available()  # Undo would turn the replay into a live game
    assert table.command("undo") is not None and table.read_only
    assert table.game is not None and len(table.game.history) == steps
    assert "read-only" in table.turn_line() and "Your turn" not in table.turn_line()


def test_a_live_table_has_no_replay_banner_and_keeps_its_turn() -> None:
    game = played("avinas", 3, lambda g: len(g.history) > 40)
    table = Session(DictStorage())
    table.begin(game, ["easy"] * 3)
    html = table.html()
    assert "read-only" not in html and "data-action" in html
    assert table.turn() == "you" and table.turn_line().startswith("Your turn")


def test_preparing_the_replay_is_cleared_once_shown_and_after_escape() -> None:
    game = played("avissinia", 4, lambda g: len(g.history) > 30)
    table = Session(DictStorage())
    table.begin(game, ["easy"] * 3)
    asked = table.command("replay-open", "all")
    assert asked is not None and asked.say == "Preparing the replay…"
    shown = finish_work(asked)
    assert shown is not None and table.replaying() and shown.update.get("notice") == ""
    left = table.command(table.key_command("Escape") or "")
    assert left is not None and left.update.get("notice") == "" and not table.replaying()
    # Escape while the replay is still being prepared clears it too.
    waiting = table.command("replay-open", "all")
    assert waiting is not None and waiting.say
    gone = table.command("replay-close")
    assert gone is not None and gone.update.get("notice") == ""


def test_a_blind_buy_is_named_apart_from_the_pack_count() -> None:
    game = played("abyssinia", 2, lambda g: "buy blind" in g.observation(0)["legal"])
    html = render_table(game.observation(0))
    button = re.search(r'<button[^>]*data-action="buy blind"[^>]*>(.*?)</button>', html)
    assert button is not None
    # Named by its content, as the hint reads it (no aria-label that could disagree with
    # what is shown: axe-core's label-content-name-mismatch).
    assert "aria-label" not in button.group(0).split(">")[0]
    spoken = htmllib.unescape(re.sub(r"<[^>]+>", "", button.group(1)))
    assert spoken.startswith("Buy blind (price on the card), Pack: ") and "card)Pack" not in spoken


def test_a_capture_from_a_seat_keeps_its_name_capitalised() -> None:
    game = played("avissinia", 0, lambda g: any(
        a.endswith(" 3") for a in g.observation(0)["legal"]))
    html = htmllib.unescape(render_table(game.observation(0)))
    assert "Take East's" in html and "east's" not in html
    assert sentence("take East's 2 cards") == "Take East's 2 cards" and sentence("") == ""


def test_shortcut_keys_pass_through_radio_buttons_but_not_text_fields() -> None:
    assert not takes_typing("INPUT", "radio") and not takes_typing("input", "checkbox")
    assert not takes_typing("BUTTON") and not takes_typing("DIV")
    assert takes_typing("INPUT", "text") and takes_typing("INPUT", "") and takes_typing(
        "input", "number")
    assert takes_typing("SELECT") and takes_typing("textarea")


def test_every_game_on_the_start_screen_says_how_long_a_match_takes() -> None:
    html = Session(DictStorage()).html()
    for spec in SPECS.values():
        about = re.search(rf'id="about-{spec.name}">([^<]*)<', html)
        assert about is not None and "minutes" in about.group(1), spec.name
