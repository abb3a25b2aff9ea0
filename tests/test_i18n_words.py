"""The words outside the views in the player's language (issue 45): the terminal's lines,
the coach's reasons, the session's messages and the engines' refusals go through the
translation layer (under the pseudo-language every one is between its marks), the
terminal speaks the environment's language (tests/test_i18n.py checks the catalogues)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pygame_core import i18n
from pygame_core.__main__ import environment_language
from pygame_core.abyssinia import phase_words
from pygame_core.base import GameError
from pygame_core.coach import hint_work
from pygame_core.engines import new_game
from pygame_core.links import read_link
from pygame_core.replay import ReplayError, decode
from pygame_core.session.commands import Session
from pygame_core.session.core import HUMAN
from pygame_core.session.storage import DictStorage
from pygame_core.slices import run_to_end
from pygame_core.terminal.table import RENDERERS, seat_names
from pygame_core.words import hint_text

MARKED = re.compile(re.escape(i18n.PSEUDO_OPEN) + r".*" + re.escape(i18n.PSEUDO_CLOSE), re.S)



def marked(text: str) -> bool:
    """All of ``text`` between the pseudo-language's marks."""
    return bool(MARKED.fullmatch(text))


def table_for(name: str, options: dict[str, Any]) -> Session:
    table = Session(DictStorage(), pace=0)
    table.new_deal(name, options, ["easy"] * (options.get("players", 4) - 1), seed=5)
    return table


@pytest.mark.parametrize(("name", "options"), [("avissinia", {}), ("avinas", {}),
                                               ("abyssinia", {"players": 4})])
def test_the_terminal_lines_are_translated(pseudo: None, name: str,
                                           options: dict[str, Any]) -> None:
    table = table_for(name, options)
    game = table.game
    assert game is not None
    for _move in range(12):  # into the play, where the centre and the seats have words
        table.play(game.legal_actions()[0])
    obs = game.observation(HUMAN)
    text, names = RENDERERS[name], seat_names(table)
    assert all(marked(seat) for seat in names)
    assert marked(text.header(obs, names)), text.header(obs, names)
    assert marked(text.standing(obs, names))
    for seat in range(len(names)):
        fields = [f for f in text.seat(obs, seat, names) if f]
        # Abyssinia shows the others' bought cards as they are: only cards, no words.
        words = [f for f in fields if re.search(r"[a-z]{2}", f)]
        assert words and all(marked(f) for f in words), fields


def test_the_coach_speaks_through_the_layer(pseudo: None) -> None:
    game = new_game("avissinia", seed=1)
    while game.current_player != HUMAN or len(game.observation(HUMAN)["legal"]) < 2:
        game.apply(game.legal_actions()[0])
    found = run_to_end(hint_work("avissinia", game.observation(HUMAN)))
    assert found is not None
    said = hint_text("1 trail", found[1])
    assert marked(said) and "Why" in said
    # Every clause of the reason is a message of its own, and so is their list.
    assert marked(found[1])


def test_refusals_are_translated(pseudo: None) -> None:
    with pytest.raises(GameError) as link:
        read_link([("game", "avinas"), ("seed", "x")])
    assert marked(str(link.value)) and "seed must be a whole number" in str(link.value)
    with pytest.raises(ReplayError) as replay:
        decode("!!")
    assert marked(str(replay.value))
    game = new_game("avinas", seed=2)
    with pytest.raises(GameError) as move:
        game.apply("bid 99")
    assert marked(str(move.value))


def test_abyssinias_phase_in_words() -> None:
    game = new_game("abyssinia", seed=4, players=3)
    obs = game.observation(0)
    assert phase_words(obs) == obs["phase_text"] == "purchase round 1"  # English: the same
    obs = {**obs, "phase": "bet", "round": 2}
    assert phase_words(obs) == "betting round 2"


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANGUAGE": "lt:en", "LANG": "el_GR.UTF-8"}, "lt"),
    ({"LANGUAGE": "fr:el"}, "el"),
    ({"LC_ALL": "el_GR.UTF-8", "LANG": "lt_LT.UTF-8"}, "el"),
    ({"LANG": "lt_LT.UTF-8"}, "lt"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_terminal_speaks_the_environments_language(environ: dict[str, str],
                                                       language: str) -> None:
    assert environment_language(environ) == language
