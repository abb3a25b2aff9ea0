"""One spec per game: the facts everything generic reads (no game name compared elsewhere).

Importing this module imports no game: the modules are named, and loaded on first use.
The start form's options are data here too (``FormOption``), so the start screen, the
session reading the form and the page showing the chosen game's options need no game's
name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from .i18n import N_, _, ngettext, pgettext

# Seats on screen (RULINGS: the human is seat 0 at the bottom, then clockwise W, N, E).
# The English names, marked for translation: ``compass()`` and ``many()`` give them in the
# language in use (a seat's name is text a player reads).
# Translators: the seats' names; "You" is the player's own seat, used as a name
# ("You: 12 points").
COMPASS = (N_("You"), N_("West"), N_("North"), N_("East"))
# Abyssinia seats 2 to 8 round an oval: compass names would not fit, so names clockwise.
# Translators: the names of Abyssinia's computer players: keep them, or give names as
# short and as easy to tell apart in your language.
MANY = (N_("You"), N_("Ada"), N_("Ben"), N_("Cleo"), N_("Dan"), N_("Eve"), N_("Finn"),
        N_("Gus"))


def translated(names: tuple[str, ...]) -> tuple[str, ...]:
    """Seat names (``COMPASS``, ``MANY`` or a slice of them) in the language in use."""
    return tuple(_(name) for name in names)


def compass() -> tuple[str, ...]:
    return translated(COMPASS)


def many() -> tuple[str, ...]:
    return translated(MANY)


@dataclasses.dataclass(frozen=True)
class FormOption:
    """One option on the start screen, as the form shows and reads it.

    ``kind`` is ``radio`` (``choices`` of (value, label)), ``select`` (``choices`` of
    (value, label)) or ``number`` (``low`` to ``high``).  Values are text, read as a link's
    are (``options_from``).  ``words`` describes a chosen value in a save's summary:
    ``{count}`` stands for the value (``counted`` gives its plural forms); else the words
    are used when the value is not the default (``"partnership"``).  Every text here is an
    English message, translated where it is shown."""

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
    title_msg: str  # the English messages; ``title`` etc. give them translated
    engine: str  # module defining GAME
    view: str  # module defining render, narrate and turn_line
    opponents: str  # module defining SETUPS (easy, medium, hard)
    unit: str  # what one round is called: Round, Hand, Deal (``round_word`` translates)
    seat_msgs: tuple[str, ...]
    players: tuple[int, int]  # fewest and most players
    blurb_msg: str  # a sentence or two on the start screen: players, partnerships, length
    form: tuple[FormOption, ...] = ()  # start-form options
    players_option: str = ""  # the option that sets the number of players, if any
    # How replay links code the moves (replay_coding.model_for): "kinds" learns each kind of
    # action's frequency; "predicted" (Abyssinia) follows a frozen copy of medium's judgement.
    link_model: str = "kinds"

    @property
    def title(self) -> str:
        """The game's name in the language in use."""
        return _(self.title_msg)

    @property
    def blurb(self) -> str:
        return _(self.blurb_msg)

    @property
    def seat_names(self) -> tuple[str, ...]:
        return translated(self.seat_msgs)

    @property
    def round_word(self) -> str:
        """What one round is called (Round, Hand, Deal) in the language in use."""
        return unit_word(self.unit)

    def names_for(self, players: int) -> tuple[str, ...]:
        names = self.seat_names
        return names[:players] if players <= len(names) else names

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
            if "{count}" in option.words:
                text = str(value)
                count = int(text) if text.isascii() and text.isdigit() and len(text) < 8 \
                    else int(option.default)
                words.append(counted(option.words, count))
            elif str(value) != option.default:
                words.append(_(option.words))
        if not words:
            return ""
        # Translators: a saved game's options after its game's name: " (partnership)".
        return _(" ({options})").format(options=pgettext("list separator", ", ").join(words))


def counted(words: str, count: int) -> str:
    """An option's ``words`` with a count, in the plural form the count takes."""
    forms = {"{count} players": ngettext("{count} player", "{count} players", count)}
    return forms.get(words, words).format(count=count)


def unit_word(unit: str) -> str:
    """A game's round (``Round``, ``Hand``, ``Deal``: a spec's ``unit``) in the language in
    use, capitalised as a heading."""
    if unit == "Hand":
        return pgettext("avinas unit", "Hand")
    if unit == "Deal":
        return pgettext("abyssinia unit", "Deal")
    return pgettext("avissinia unit", "Round")


def _spec(name: str, title: str, round_word: str, seats: tuple[str, ...],
          players: tuple[int, int], blurb: str, form: tuple[FormOption, ...] = (),
          players_option: str = "", link_model: str = "kinds") -> GameSpec:
    return GameSpec(name, title, f"pygame_core.{name}", f"pygame_core.views.{name}",
                    f"pygame_core.opponents.{name}", round_word, seats, players, blurb, form,
                    players_option, link_model)


SPECS: dict[str, GameSpec] = {
    s.name: s for s in (
        _spec("avissinia", N_("Avissinia"), "Round", COMPASS, (4, 4),
              N_("Four players, each alone or you and North against West and East. Capture "
              "cards by matching ranks; the first to 61 points after a round wins, about "
              "15 minutes."),
              (FormOption("partnership", N_("Avissinia"), "radio", "0",
                          (("0", N_("Individual (each for their own)")),
                           ("1", N_("Partnership (you and North against West and East)"))),
                          words=N_("partnership")),)),
        _spec("avinas", N_("Avinas"), "Hand", COMPASS, (4, 4),
              N_("Four players in fixed partnerships, you and North against West and East, "
              "with 32 cards. Tricks and bids over several hands until a side has 12 pips, "
              "about 20 minutes.")),
        _spec("abyssinia", N_("Abyssinia"), "Deal", MANY, (2, 8),
              N_("Two to eight players, each for their own chips. Buy cards from the market, "
              "then bet; the match ends when fewer than two can pay to enter a deal: "
              "about 5 minutes with 41 starting chips, often hours with 100."),
              (FormOption("players", N_("Players"), "select", "4",
                          tuple((str(n), str(n)) for n in range(2, 9)),
                          words="{count} players"),
               FormOption("chips", N_("Starting chips"), "number", "100", low=41,
                          high=1_000_000, note=N_("A player needs 41 chips to enter a deal."))),
              players_option="players", link_model="predicted"),
    )
}


def spec(name: str) -> GameSpec:
    """The spec of ``name``; KeyError naming the games if there is none."""
    if name not in SPECS:
        raise KeyError(_("unknown game {name} (games: {games})").format(
            name=repr(name), games=", ".join(SPECS)))
    return SPECS[name]
