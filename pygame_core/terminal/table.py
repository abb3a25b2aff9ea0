"""The terminal's loop over a table session, and the table drawn in text."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..i18n import N_, _, listing, ngettext
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
# Translators: the terminal's commands; the letters h, u, ? and q are what the player types
# (not translated).
COMMANDS_LINE = N_("number: play it · h hint · u undo · ? help · q quit")
PROMPT = N_("your play> ")
# Translators: the terminal's help; the letters h, u, ? and q are what the player types, and
# "trail 7C" a play's words as typed (not translated).
HELP = N_("""\
Type the number of a play (or its words, e.g. "trail 7C") and press Enter.
  h  a hint: the hard computer level's play for you, and why
  u  undo your last play (and the computer players' plays after it)
  ?  this help
  q  quit (the match is not saved)
At the end of a round, hand or deal, Enter deals the next one.
The seat marked ▶ is to play; the lines above your seat are the others' plays
since your last one.""")

Ask = Callable[[str], str]
Say = Callable[[str], None]


def seat_names(table: Session) -> tuple[str, ...]:
    assert table.game is not None
    names = SPECS[table.game.NAME].seat_names
    return tuple(_(names[s % len(names)]) for s in range(table.game.num_players))


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
    # Translators: the label before the human's cards at the terminal.
    mine += wrapped("  " + _("Hand:"), [card(c) for c in text.hand(obs)] or [_("none")],
                    most=2)
    if table.summary is not None:
        turn = [clip(_over(table.game.NAME, table.summary + 1, text.standing(obs, names))),
                _next(table.game.NAME)]
    elif table.game.is_over:
        turn = [clip(text.standing(obs, names))]
    else:
        turn = wrapped("", table.turn_line().split(), most=2)
    options = columns(numbered(_options(table, obs, names)))
    keys = [_(COMMANDS_LINE)] if table.my_turn() else []
    fixed = top + seats + centre + mine + turn + options + keys
    if table.summary is not None:  # how the deal was scored, instead of the plays
        view = game_view(table.game.NAME)
        story = view.deal_story(obs, table.summary, names) if view is not None else []
        recent = [line for sentence in story for line in lines_of(sentence)]
    else:
        recent = [line for _seat, words in table.recent() for line in lines_of(words)]
    room = max(TABLE_HEIGHT - len(fixed), 1)
    if table.summary is not None and len(recent) > room:  # the story's opening lines
        recent = [*recent[:room - 1], "  … " + _("(? opens the rules' scoring)")]
    elif len(recent) > room:  # the latest plays, and how many lines of them are left out
        kept = recent[len(recent) - room + 1:]
        left_out = len(recent) - len(kept)
        recent = ["  … " + ngettext("{count} line of earlier plays",
                                    "{count} lines of earlier plays", left_out).format(
            count=left_out), *kept]
    return top + seats + centre + recent + mine + turn + options + keys


def _over(game: str, number: int, standing: str) -> str:
    """The deal's end at the terminal: "Round 2 is over. Scores: ..."."""
    # Translators: {number} counts Avissinia's rounds (Avinas's hands, Abyssinia's deals);
    # {standing} is e.g. "Scores: You 12, West 9".
    if game == "avissinia":
        return _("Round {number} is over. {standing}").format(number=number, standing=standing)
    if game == "avinas":
        return _("Hand {number} is over. {standing}").format(number=number, standing=standing)
    return _("Deal {number} is over. {standing}").format(number=number, standing=standing)


def _next(game: str) -> str:
    """What Enter does at the deal's end (q is what the player types)."""
    if game == "avissinia":
        return _("Enter: the next round · q quit")
    if game == "avinas":
        return _("Enter: the next hand · q quit")
    return _("Enter: the next deal · q quit")


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
            say(_("No hint for this turn."))
        else:
            label = _options(table, obs, seat_names(table))[legal.index(found[0])]
            say(hint_text(f"{legal.index(found[0]) + 1} {label}", found[1]))
        return "said"
    if words.lower() in ("u", "undo"):
        effects = table.undo()
        say(effects.say or table.narration)
        return "changed"
    if words.lower() in ("?", "help"):
        say(_(HELP))
        return "said"
    action = legal[int(words) - 1] if words.isdigit() and 0 < int(words) <= len(legal) \
        else words
    if action not in legal:
        # Translators: {said} is what the player typed; {count} the number of plays offered.
        say(_("Not a play or a command: {said}. Type a number from 1 to {count}, or ? for "
              "help.").format(said=repr(words), count=len(legal)))
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
                if not auto and ask(_("next> ")).strip().lower() in ("q", "quit"):
                    return 0
                table.next_round()
            elif auto and game.current_player == HUMAN:
                table.play(table.opponents[HUMAN].decide(game.observation(HUMAN)))
                say("\n".join(lines_of(table.narration)))
            elif not table.my_turn():
                moves = len(game.history)
                table.step()
                if len(game.history) == moves:  # nobody can move: say so, never spin
                    say(_("error: the table is stuck (no player can move)."))
                    return 1
                if auto:
                    say("\n".join(lines_of(table.narration)))
            else:
                if redraw:
                    say("\n".join(draw_table(table)))
                said = answer(table, ask(_(PROMPT)), say)
                if said == "quit":
                    return 0
                redraw = said == "changed"
        except EOFError:
            return 0
    if table.game is not None:
        say("\n".join(draw_table(table)))
        winners = [seat_names(table)[s] for s in table.game.winners]
        if winners:
            # Translators: {winners} lists the winning seats' names.
            say(_("Match over. Winners: {winners}.").format(winners=listing(winners)))
        else:
            say(_("Match over. Winners: none (a draw)."))
    return 0
