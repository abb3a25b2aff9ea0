"""One spec per game: the facts everything generic reads (no game name compared elsewhere).

Importing this module imports no game: the modules are named, and loaded on first use.
The start form's options are data here too (``FormOption``), so the start screen, the
session reading the form and the page showing the chosen game's options need no game's
name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

# Seats on screen (RULINGS: the human is seat 0 at the bottom, then clockwise W, N, E).
COMPASS = ("You", "West", "North", "East")
# Abyssinia seats 2 to 8 round an oval: compass names would not fit, so names clockwise.
MANY = ("You", "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus")


@dataclasses.dataclass(frozen=True)
class FormOption:
    """One option on the start screen, as the form shows and reads it.

    ``kind`` is ``radio`` (``choices`` of (value, label)), ``select`` (``choices`` of
    (value, label)) or ``number`` (``low`` to ``high``).  Values are text, read as a link's
    are (``options_from``).  ``words`` describes a chosen value in a save's summary:
    ``{}`` stands for the value; for a radio, the label's first word is used when the value
    is not the default (``"partnership"``)."""

    name: str
    label: str
    kind: str
    default: str
    choices: tuple[tuple[str, str], ...] = ()
    low: int = 0
    high: int = 0
    note: str = ""
    words: str = ""


@dataclasses.dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    engine: str  # module defining GAME
    view: str  # module defining render, narrate and turn_line
    opponents: str  # module defining SETUPS (easy, medium, hard)
    round_word: str  # what one round is called: Round, Hand, Deal
    seat_names: tuple[str, ...]
    players: tuple[int, int]  # fewest and most players
    blurb: str  # a sentence or two on the start screen: players, partnerships, length
    form: tuple[FormOption, ...] = ()  # start-form options
    players_option: str = ""  # the option that sets the number of players, if any
    # How replay links code the moves (replay_coding.model_for): "kinds" learns each kind of
    # action's frequency; "predicted" (Abyssinia) follows a frozen copy of medium's judgement.
    link_model: str = "kinds"

    def names_for(self, players: int) -> tuple[str, ...]:
        return self.seat_names[:players] if players <= len(self.seat_names) else self.seat_names

    def player_count(self, options: Mapping[str, object]) -> int:
        """How many players the options (as data or as the form's text) ask for; the
        default when they say nothing readable."""
        if not self.players_option:
            return self.players[0]
        default = next(int(o.default) for o in self.form if o.name == self.players_option)
        value = str(options.get(self.players_option, default))
        count = int(value) if value.isascii() and value.isdigit() and len(value) < 3 else default
        return count if self.players[0] <= count <= self.players[1] else default

    def describe_options(self, options: Mapping[str, object]) -> str:
        """A save's options in a few words (`` (partnership)``, `` (6 players)``)."""
        words = []
        for option in self.form:
            if not option.words:
                continue
            value = options.get(option.name, option.default)
            if isinstance(value, bool):
                value = "1" if value else "0"
            if not isinstance(value, (int, str)):
                value = option.default
            if "{}" in option.words:
                words.append(option.words.format(value))
            elif str(value) != option.default:
                words.append(option.words)
        return f" ({', '.join(words)})" if words else ""


def _spec(name: str, title: str, round_word: str, seats: tuple[str, ...],
          players: tuple[int, int], blurb: str, form: tuple[FormOption, ...] = (),
          players_option: str = "", link_model: str = "kinds") -> GameSpec:
    return GameSpec(name, title, f"pygame_core.{name}", f"pygame_core.views.{name}",
                    f"pygame_core.opponents.{name}", round_word, seats, players, blurb, form,
                    players_option, link_model)


SPECS: dict[str, GameSpec] = {
    s.name: s for s in (
        _spec("avissinia", "Avissinia", "Round", COMPASS, (4, 4),
              "Four players, each alone or you and North against West and East. Capture "
              "cards by matching ranks; the first to 61 points after a round wins, about "
              "15 minutes.",
              (FormOption("partnership", "Avissinia", "radio", "0",
                          (("0", "Individual (each for their own)"),
                           ("1", "Partnership (you and North against West and East)")),
                          words="partnership"),)),
        _spec("avinas", "Avinas", "Hand", COMPASS, (4, 4),
              "Four players in fixed partnerships, you and North against West and East, "
              "with 32 cards. Tricks and bids over several hands until a side has 12 pips, "
              "about 20 minutes."),
        _spec("abyssinia", "Abyssinia", "Deal", MANY, (2, 8),
              "Two to eight players, each for their own chips. Buy cards from the market, "
              "then bet; the match ends when fewer than two can pay to enter a deal: "
              "about 5 minutes with 41 starting chips, often hours with 100.",
              (FormOption("players", "Players", "select", "4",
                          tuple((str(n), str(n)) for n in range(2, 9)), words="{} players"),
               FormOption("chips", "Starting chips", "number", "100", low=41, high=1_000_000,
                          note="A player needs 41 chips to enter a deal.")),
              players_option="players", link_model="predicted"),
    )
}


def spec(name: str) -> GameSpec:
    """The spec of ``name``; KeyError naming the games if there is none."""
    if name not in SPECS:
        raise KeyError(f"unknown game {name!r} (games: {', '.join(SPECS)})")
    return SPECS[name]
