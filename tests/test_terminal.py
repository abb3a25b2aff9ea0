"""The terminal table (``python3 -m pygame_core``), driven with scripted input: the drawn
table fits 80x24 and shows the hand, each option is listed once with a number, the move is
echoed, and hint, undo, help and quit do what they say."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from pygame_core.__main__ import main as cli
from pygame_core.cards import parse_card
from pygame_core.opponents import make_opponent
from pygame_core.session.commands import Session
from pygame_core.session.storage import DictStorage
from pygame_core.terminal import HELP, draw_table, play
from pygame_core.terminal.draw import HEIGHT, TABLE_HEIGHT, WIDTH

SETUPS = [("avissinia", {}), ("avinas", {}), ("abyssinia", {"players": 4}),
          ("abyssinia", {"players": 8})]


def table_for(name: str, options: dict[str, Any], seed: int = 3) -> Session:
    table = Session(DictStorage(), pace=0)
    seats = options.get("players", 4) - 1
    table.new_deal(name, options, ["easy"] * seats, seed=seed)
    return table


class Terminal:
    """Scripted answers in, everything said kept (a table drawn is one ``say``)."""

    def __init__(self, answers: list[str]) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.said: list[str] = []
        self.asked = 0

    def ask(self, prompt: str) -> str:
        self.asked += 1
        return next(self.answers)  # StopIteration: the loop asked more than the script has

    def say(self, text: str) -> None:
        self.said.append(text)

    def tables(self) -> list[str]:
        return [text for text in self.said if text.startswith("── ")]


def hand_shown(table: Session) -> str:
    assert table.game is not None
    obs = table.game.observation(0)
    codes = obs["hand"] if "hand" in obs else obs["hands"][0]
    return " ".join(str(parse_card(c)) for c in codes)


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_a_few_moves_draw_a_table_that_fits_and_echoes_each_move(
        name: str, options: dict[str, Any]) -> None:
    table = table_for(name, options)
    terminal = Terminal(["1", "1", "1", "q"])
    assert play(table, terminal.ask, terminal.say) == 0
    assert terminal.asked == 4  # q ends it: nothing asked after
    drawn = terminal.tables()
    assert len(drawn) >= 3
    for text in drawn:
        lines = text.split("\n")
        assert len(lines) <= TABLE_HEIGHT, text  # with the echo and the prompt: 24 rows
        assert all(len(line) <= WIDTH for line in lines), text
        assert re.search(r"^\s+Hand: ", text, re.M), text
    assert hand_shown(table) in drawn[-1]
    echoes = [text for text in terminal.said if text.startswith("» ")]
    assert len(echoes) == 3 and all(len(e) > 3 for e in echoes)
    assert all(len(line) <= WIDTH for text in terminal.said for line in text.split("\n"))
    assert TABLE_HEIGHT + 2 <= HEIGHT


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_each_option_is_listed_once_with_its_number(name: str, options: dict[str, Any]) -> None:
    table = table_for(name, options)
    while not table.my_turn():
        table.step()
    assert table.game is not None
    legal = table.game.observation(0)["legal"]
    text = "\n".join(draw_table(table))
    numbers = [int(n) for n in re.findall(r"(?:^|\s{2})\s?(\d+) \S", text.split("Hand:")[1])]
    assert sorted(numbers) == list(range(1, len(legal) + 1)), text
    labels = re.findall(r"(?:^|\s{2})\s?\d+ (.+?)(?=\s{2}|$)", text.split("Hand:")[1], re.M)
    assert len(labels) == len(set(labels)) == len(legal), text


def test_hint_undo_help_and_a_mistake() -> None:
    table = table_for("avissinia", {}, seed=4)
    terminal = Terminal(["h", "?", "not a move", "2", "u", "q"])
    assert play(table, terminal.ask, terminal.say) == 0
    said = terminal.said
    hint = next(text for text in said if text.startswith("Hint: "))
    assert re.match(r"Hint: \d+ .+\. Why: .+\.", hint)
    assert HELP in said and "h  a hint" in HELP and "q  quit" in HELP
    assert any(text.startswith("Not a play or a command: 'not a move'") for text in said)
    # Hint, help and a mistake keep the same table: it is drawn again only after a move.
    assert len(terminal.tables()) == 3  # at the start, after the move, after the undo
    assert "You took back your last play." in said
    assert all(seat != 0 for _, seat, _ in table.entries)  # the undone move is gone


def test_end_of_input_quits_quietly() -> None:
    table = table_for("avinas", {})
    terminal = Terminal([])

    def closed(prompt: str) -> str:
        raise EOFError

    assert play(table, closed, terminal.say) == 0
    assert len(terminal.tables()) == 1


def test_the_computer_plays_every_seat_to_the_end_with_auto() -> None:
    table = table_for("abyssinia", {"players": 3, "chips": 41}, seed=2)
    table.opponents[0] = make_opponent("abyssinia", "easy", 0, 2)
    terminal = Terminal([])
    assert play(table, terminal.ask, terminal.say, auto=True) == 0
    assert table.game is not None and table.game.is_over and terminal.asked == 0
    assert terminal.said[-1].startswith("Match over. Winners: ")
    # Long plays in words (a showdown's) wrap within 80 columns rather than being cut.
    showdowns = [text for text in terminal.said if "Showdown:" in text.split("\n")[0]]
    assert showdowns and all(text.endswith(".") for text in showdowns)
    assert all(len(line) <= WIDTH for text in terminal.said for line in text.split("\n"))
    # Between deals the table tells how the deal was scored, its halves and hands.
    assert any("Deal 1 is over" in text and "The pot of" in text for text in terminal.said)


def test_help_lists_the_commands_readme_documents(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli(["--help"])
    out = capsys.readouterr().out
    for command in ("play", "simulate", "benchmarks.lab arena", "build.py", "h hint",
                    "u undo", "q quit"):
        assert command in out, command
