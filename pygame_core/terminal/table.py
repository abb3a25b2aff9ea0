"""The terminal's loop over a table session, and the table drawn in text."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..registry import SPECS
from ..session.commands import Session
from ..session.core import HUMAN
from ..views import game_view
from ..words import hint_text
from . import abyssinia, avinas, avissinia
from .draw import (
    TABLE_HEIGHT,
    WIDTH,
    card,
    clip,
    columns,
    lines_of,
    numbered,
    seat_line,
    wrapped,
)


class GameText(Protocol):
    """A game's terminal renderer: what its observation shows, in short text."""

    def header(self, obs: Mapping[str, Any], names: Sequence[str]) -> str: ...

    def seat(self, obs: Mapping[str, Any], where: int, names: Sequence[str]) -> list[str]: ...

    def centre(self, obs: Mapping[str, Any], names: Sequence[str]) -> list[str]: ...

    def hand(self, obs: Mapping[str, Any]) -> list[str]: ...

    def option(self, action: str, obs: Mapping[str, Any], names: Sequence[str]) -> str: ...

    def standing(self, obs: Mapping[str, Any], names: Sequence[str]) -> str: ...


RENDERERS: dict[str, GameText] = {"avissinia": avissinia, "avinas": avinas,
                                  "abyssinia": abyssinia}
COMMANDS_LINE = "number: play it · h hint · u undo · ? help · q quit"
PROMPT = "your play> "
HELP = """\
Type the number of a play (or its words, e.g. "trail 7C") and press Enter.
  h  a hint: the hard computer level's play for you, and why
  u  undo your last play (and the computer players' plays after it)
  ?  this help
  q  quit (the match is not saved)
At the end of a round, hand or deal, Enter deals the next one.
The seat marked ▶ is to play; the lines above your seat are the others' plays
since your last one."""

Ask = Callable[[str], str]
Say = Callable[[str], None]


def seat_names(table: Session) -> tuple[str, ...]:
    assert table.game is not None
    names = SPECS[table.game.NAME].seat_names
    return tuple(names[s % len(names)] for s in range(table.game.num_players))


def _options(table: Session, obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    text = RENDERERS[str(obs["game"])]
    legal = obs.get("legal", []) if table.my_turn() else []
    return [text.option(str(action), obs, names) for action in legal]


def draw_table(table: Session) -> list[str]:
    """The table as lines of text: the header, a line per other seat, the centre, the
    others' plays since the human's, the human's seat and hand, the turn, the options."""
    assert table.game is not None
    obs = table.game.observation(HUMAN)
    text, names = RENDERERS[table.game.NAME], seat_names(table)
    current = obs.get("current_player")
    top = [clip(f"── {text.header(obs, names)} ".ljust(WIDTH, "─"))]
    seats = [seat_line(names[s], text.seat(obs, s, names), to_play=current == s)
             for s in range(1, len(names))]
    centre = [clip(line) for line in text.centre(obs, names)]
    mine = [seat_line(names[HUMAN], text.seat(obs, HUMAN, names), to_play=current == HUMAN)]
    mine += wrapped("  Hand:", [card(c) for c in text.hand(obs)] or ["none"], most=2)
    if table.summary is not None:
        unit = SPECS[table.game.NAME].round_word
        turn = [clip(f"{unit} {table.summary + 1} is over. {text.standing(obs, names)}"),
                f"Enter: the next {unit.lower()} · q quit"]
    elif table.game.is_over:
        turn = [clip(text.standing(obs, names))]
    else:
        turn = wrapped("", table.turn_line().split(), most=2)
    options = columns(numbered(_options(table, obs, names)))
    keys = [COMMANDS_LINE] if table.my_turn() else []
    fixed = top + seats + centre + mine + turn + options + keys
    if table.summary is not None:  # how the deal was scored, instead of the plays
        view = game_view(table.game.NAME)
        story = view.deal_story(obs, table.summary, names) if view is not None else []
        recent = [line for sentence in story for line in lines_of(sentence)]
    else:
        recent = [line for _, words in table.recent() for line in lines_of(words)]
    room = max(TABLE_HEIGHT - len(fixed), 1)
    if table.summary is not None and len(recent) > room:  # the story's opening lines
        recent = [*recent[:room - 1], "  … (? opens the rules' scoring)"]
    elif len(recent) > room:  # the latest plays, and how many lines of them are left out
        kept = recent[len(recent) - room + 1:]
        recent = [f"  … {len(recent) - len(kept)} lines of earlier plays", *kept]
    return top + seats + centre + recent + mine + turn + options + keys


def answer(table: Session, said: str, say: Say) -> str:
    """What the human typed on their turn: ``quit``, ``changed`` (a play or an undo: the
    table is drawn again) or ``said`` (a hint, the help, a mistake: the same table)."""
    assert table.game is not None
    obs = table.game.observation(HUMAN)
    legal: list[str] = list(obs["legal"])
    words = said.strip()
    if words.lower() in ("q", "quit"):
        return "quit"
    if words.lower() in ("h", "hint"):
        found = table.hint()
        if found is None or found[0] not in legal:
            say("No hint for this turn.")
        else:
            label = _options(table, obs, seat_names(table))[legal.index(found[0])]
            say(hint_text(f"{legal.index(found[0]) + 1} {label}", found[1]))
        return "said"
    if words.lower() in ("u", "undo"):
        effects = table.undo()
        say(effects.say or table.narration)
        return "changed"
    if words.lower() in ("?", "help"):
        say(HELP)
        return "said"
    action = legal[int(words) - 1] if words.isdigit() and 0 < int(words) <= len(legal) \
        else words
    if action not in legal:
        say(f"Not a play or a command: {words!r}. Type a number from 1 to {len(legal)}, "
            "or ? for help.")
        return "said"
    table.human_play(action)
    say("\n".join(lines_of(table.narration, "» ")))  # the move echoed
    return "changed"


def play(table: Session, ask: Ask, say: Say, *, auto: bool = False) -> int:
    """Play the table's match at the terminal (``auto``: the computer takes seat 0 too,
    whose opponent must then be in ``table.opponents``)."""
    redraw = True
    while table.game is not None and not table.game.is_over:
        game = table.game
        try:
            if table.summary is not None:
                say("\n".join(draw_table(table)))
                if not auto and ask("next> ").strip().lower() in ("q", "quit"):
                    return 0
                table.next_round()
            elif auto and game.current_player == HUMAN:
                table.play(table.opponents[HUMAN].decide(game.observation(HUMAN)))
                say("\n".join(lines_of(table.narration)))
            elif not table.my_turn():
                moves = len(game.history)
                table.step()
                if len(game.history) == moves:  # nobody can move: say so, never spin
                    say("error: the table is stuck (no player can move).")
                    return 1
                if auto:
                    say("\n".join(lines_of(table.narration)))
            else:
                if redraw:
                    say("\n".join(draw_table(table)))
                said = answer(table, ask(PROMPT), say)
                if said == "quit":
                    return 0
                redraw = said == "changed"
        except EOFError:
            return 0
    if table.game is not None:
        say("\n".join(draw_table(table)))
        winners = [seat_names(table)[s] for s in table.game.winners]
        say(f"Match over. Winners: {', '.join(winners) or 'none (a draw)'}.")
    return 0
