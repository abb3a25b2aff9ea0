"""The one interface every game offers, its errors, and its options.

A game is a state object.  Chance (shuffles, the first dealer) comes only from the
``random.Random(seed)`` the state owns, so ``(game, options, seed, actions)`` replays it
exactly: that tuple is the save (see ``saves.py``).
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from .i18n import _
from .save_format import save_dict

if TYPE_CHECKING:
    from .cards import Card


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalActionError(GameError):
    """An action that the rules do not allow now; the state is left unchanged."""


class OptionError(GameError):
    """A game option that is unknown or out of range."""


class Action(Protocol):
    """Actions are small frozen values whose ``str()`` parses back with ``parse_action``."""

    def __str__(self) -> str: ...


A = TypeVar("A", bound=Action)
OptionsT = TypeVar("OptionsT")

MAX_SEED = 2**63 - 1


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        # Translators: "seed" is the option's name, as a link writes it (not translated).
        raise OptionError(_("seed must be a whole number from 0 to {most}, not {given}").format(
            most=MAX_SEED, given=repr(seed)))
    return seed


MAX_OPTION_DIGITS = 7  # the largest option is 1,000,000 chips; a longer one is a typo or an attack


def read_digits(text: object, max_digits: int) -> int | None:
    """The number ``text`` spells in ASCII digits 0-9 (at most ``max_digits``), else None.

    ``str.isdigit`` alone accepts superscripts and other scripts' digits, which ``int``
    then reads or refuses unpredictably."""
    if isinstance(text, str) and 0 < len(text) <= max_digits and text.isascii() \
            and text.isdigit():
        return int(text)
    return None


def _whole_number(name: str, value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) < 10**MAX_OPTION_DIGITS:
            return value
    elif isinstance(value, str):
        text = value.strip()
        number = read_digits(text.removeprefix("-"), MAX_OPTION_DIGITS)
        if number is not None:
            return -number if text.startswith("-") else number
    # Translators: {name} is an option's name, as a link writes it (not translated).
    raise OptionError(_("option {name} must be a whole number of at most {digits} digits 0-9, "
                        "not {given}").format(name=name, digits=MAX_OPTION_DIGITS,
                                              given=short_repr(value)))


def short_repr(value: object) -> str:
    """A value for an error message, cut short: a hostile value can be megabytes long."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long for Python to print (over 4,300 digits)
        return _("a number thousands of digits long")
    return text if len(text) <= 60 else text[:57] + "..."


def _deck(value: object) -> tuple[Any, ...]:
    """A scripted pack, top card first: Card values or their texts, each card once."""
    from .cards import Card, CardError, parse_card

    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, (list, tuple)):
        # Translators: "deck" is the option's name, as a link writes it (not translated).
        raise OptionError(_("option deck must be a list of cards, not {given}").format(
            given=short_repr(value)))
    cards: list[Card] = []
    for item in value:
        try:
            card = item if isinstance(item, Card) else parse_card(item)
        except CardError as exc:
            raise OptionError(_("option deck: {reason}").format(reason=exc)) from exc
        if card in cards:
            # Translators: {card} is a card's code as a link writes it (QD).
            raise OptionError(_("option deck names {card} twice: each card goes in once").format(
                card=card.code))
        cards.append(card)
    return tuple(cards)


def _coerce(name: str, kind: Any, value: object) -> object:
    """Read one option value, from Python, a save or a URL's text, into the field's type."""
    if name == "deck":
        return _deck(value)
    kind = str(getattr(kind, "__name__", kind))  # annotations are strings here
    if kind.startswith("bool"):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
            return True
        if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
            return False
        raise OptionError(_("option {name} must be true or false, not {given}").format(
            name=name, given=short_repr(value)))
    if kind.startswith("int"):
        return _whole_number(name, value)
    if kind.startswith("tuple[int"):  # a few numbers: a list, or "1,2,3" from a link
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if isinstance(value, (list, tuple)) and len(value) <= 10:
            return tuple(_whole_number(name, v) for v in value)
        raise OptionError(_("option {name} must be a list of whole numbers, not {given}").format(
            name=name, given=short_repr(value)))
    if kind.startswith("str"):
        if isinstance(value, str):
            return value
        raise OptionError(_("option {name} must be text, not {given}").format(
            name=name, given=short_repr(value)))
    raise OptionError(_("option {name} cannot be set from outside").format(name=name))


def options_from(cls: type[OptionsT], values: Mapping[str, object]) -> OptionsT:
    """Build an options dataclass from keyword values or URL query text, validated.

    Unknown names and wrong types raise OptionError; each options class checks its own
    ranges in ``__post_init__``.
    """
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    if not isinstance(values, Mapping):
        raise OptionError(_("options must be names with values, not {given}").format(
            given=short_repr(values)))
    kwargs: dict[str, object] = {}
    for name, value in values.items():
        if name not in fields:
            known = ", ".join(sorted(fields))
            # Translators: {known} lists the game's options as a link writes them.
            raise OptionError(_("unknown option {name} (this game knows: {known})").format(
                name=short_repr(name), known=known))
        if value is None:
            continue
        kwargs[name] = _coerce(name, fields[name].type, value)
    try:
        return cls(**kwargs)
    except TypeError as exc:  # a field given a value of the wrong shape
        raise OptionError(str(exc)) from exc


class Game(ABC, Generic[A, OptionsT]):
    """Common state and behaviour; each game module subclasses it once."""

    NAME: ClassVar[str]
    TITLE: ClassVar[str]
    OPTIONS: ClassVar[type[Any]]
    # What ``deal_result`` measures, in words for the arena ("net chips"), and whether
    # results are only ever won (so a level's share of all of them means something).
    RESULT_WORDS: ClassVar[str] = "result"
    RESULTS_ONLY_WON: ClassVar[bool] = False

    def __init__(self, options: OptionsT, seed: int) -> None:
        self.options = options
        self.seed = check_seed(seed)
        self.rng = random.Random(seed)
        self.history: list[str] = []

    # --- the interface -------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the match is over (each game keeps the seat to
        act as ``player``)."""
        seat: int | None = getattr(self, "player", None)
        return None if self.is_over else seat

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Every action the current player may take, in a stable order."""

    @abstractmethod
    def illegal_reason(self, action: A) -> str | None:
        """Why ``action`` may not be taken now, or None if it may."""

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Carry out an action already checked by ``illegal_reason``."""

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> A:
        """Read an action's text form; raise IllegalActionError if it is not one."""

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """The match standing of each seat (a partnership's total for both partners)."""

    @property
    @abstractmethod
    def round_scores(self) -> list[int]:
        """Each seat's score in the current (or just finished) round or hand."""

    @property
    @abstractmethod
    def deals_finished(self) -> int:
        """Rounds, hands or deals finished so far, whichever the game is played in; every
        observation carries it as ``deals_finished``."""

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won the match (empty until it is over, and after a draw)."""

    @abstractmethod
    def observation(self, seat: int) -> Mapping[str, Any]:
        """What ``seat`` may know, as plain JSON-able data; hidden cards are censored.  Each
        game returns its own TypedDict (e.g. ``AvissiniaObservation``)."""

    @abstractmethod
    def full_state(self) -> dict[str, Any]:
        """Everything, as JSON-able data: for tests, digests and debugging, never players."""

    # --- shared behaviour ----------------------------------------------------------
    def apply(self, action: A | str) -> None:
        """Validate and carry out ``action`` (or its text form)."""
        if isinstance(action, str):
            action = self.parse_action(action)
        else:  # only this game's own actions: read back from their text, which must match
            try:
                text = str(action)
            except (TypeError, ValueError, AttributeError, IndexError, KeyError,
                    AssertionError) as exc:
                # Translators: {game} is the game's name (Avinas), {action} what was given.
                raise IllegalActionError(_("not an action of {game}: {action}").format(
                    game=_(self.TITLE), action=short_repr(action))) from exc
            try:
                parsed = self.parse_action(text)
            except IllegalActionError:
                parsed = None
            if parsed is None or parsed != action:
                raise IllegalActionError(_("not an action of {game}: {action}").format(
                    game=_(self.TITLE), action=short_repr(action)))
            action = parsed
        if self.is_over:
            # Translators: {action} is a move's text as typed (play 10H: not translated).
            raise IllegalActionError(_("{action}: the match is over").format(action=action))
        reason = self.illegal_reason(action)
        if reason is not None:
            # Translators: {action} is a move's text as typed, {reason} why it is illegal.
            raise IllegalActionError(_("{action}: {reason}").format(action=action,
                                                                    reason=reason))
        self._apply(action)
        self.history.append(str(action))

    def check_seat(self, seat: object) -> int:
        """``seat`` if it is one of this game's seats; GameError otherwise."""
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.num_players:
            raise GameError(_("no seat {seat}: this game has seats 0 to {last}").format(
                seat=short_repr(seat), last=self.num_players - 1))
        return seat

    def options_dict(self) -> dict[str, Any]:
        """The options as JSON-able data, only those that differ from the defaults."""
        default = self.OPTIONS()
        out: dict[str, Any] = {}
        for field in dataclasses.fields(self.options):  # type: ignore[arg-type]
            value = getattr(self.options, field.name)
            if value != getattr(default, field.name):
                if isinstance(value, tuple):  # a scripted deck: card codes
                    value = [getattr(v, "code", v) for v in value]
                out[field.name] = value
        return out

    def first_dealer(self, players: int) -> int:
        """The dealer the options name, else one drawn by the match's chance."""
        dealer: int | None = getattr(self.options, "dealer", None)
        return dealer if dealer is not None else self.rng.randrange(players)

    def pack_for_deal(self, given: list[Card] | None, fresh: Callable[[], list[Card]]
                      ) -> list[Card]:
        """The pack to deal: ``given`` (a scripted deck) as it is, else ``fresh()``
        shuffled by the match's chance."""
        if given is not None:
            return given
        pack = fresh()
        self.rng.shuffle(pack)
        return pack

    def deal_result(self) -> list[float]:
        """Each seat's result in the last finished deal, by the game's own measure (the
        arena compares levels by it)."""
        raise NotImplementedError(f"{self.NAME} does not measure a deal's result")

    def to_json(self) -> dict[str, Any]:
        return save_dict(self)

    # False on a copy that must stop when a deal is scored instead of dealing the next:
    # the table's picture of a finished deal (``deal_end``), a search's playout that ends
    # with the deal.  Play never sets it on the game itself.
    deal_next_hand = True

    def deal_end(self, action: A | str) -> Self:
        """A copy of this state with ``action`` played, stopped where the deal it ends was
        scored, before the next is dealt: the finished deal (its last trick, its last
        captures, its showdown) as the table shows it until the player asks for the next."""
        end = self.clone()
        end.deal_next_hand = False
        end.apply(action)
        return end

    # The lists that play changes in place, which ``clone`` must copy (one level deep, or
    # two for lists of lists); every other attribute is immutable or only ever replaced.
    MUTABLE_LISTS: ClassVar[tuple[str, ...]] = ()
    MUTABLE_NESTED_LISTS: ClassVar[tuple[str, ...]] = ()

    def clone(self) -> Self:
        """An independent copy: the search's inner loop calls this, so it copies only what
        play changes in place."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        # Seeded with 0, then given this state: Random() would first seed itself from
        # the system's entropy, a third of a clone's cost (more under Pyodide).
        other.rng = random.Random(0)
        other.rng.setstate(self.rng.getstate())
        other.history = list(self.history)
        for name in self.MUTABLE_LISTS:
            setattr(other, name, list(getattr(self, name)))
        for name in self.MUTABLE_NESTED_LISTS:
            setattr(other, name, [list(inner) for inner in getattr(self, name)])
        return other
