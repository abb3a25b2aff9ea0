"""One spec per game: the facts everything generic reads (no game name compared elsewhere).

Importing this module imports no game: the modules are named, and loaded on first use.
"""

from __future__ import annotations

import dataclasses

# Seats on screen (RULINGS: the human is seat 0 at the bottom, then clockwise W, N, E).
COMPASS = ("You", "West", "North", "East")
# Abyssinia seats 2 to 8 round an oval: compass names would not fit, so names clockwise.
MANY = ("You", "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus")


@dataclasses.dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    engine: str  # module defining GAME
    view: str  # module defining render and narrate
    opponents: str  # module defining LEVEL_CLASSES
    round_word: str  # what one round is called: Round, Hand, Deal
    seat_names: tuple[str, ...]
    players: tuple[int, int]  # fewest and most players
    form_options: tuple[tuple[str, object], ...] = ()  # start-form options and defaults

    def names_for(self, players: int) -> tuple[str, ...]:
        return self.seat_names[:players] if players <= len(self.seat_names) else self.seat_names


def _spec(name: str, title: str, round_word: str, seats: tuple[str, ...],
          players: tuple[int, int], form: tuple[tuple[str, object], ...]) -> GameSpec:
    return GameSpec(name, title, f"pygame_core.{name}", f"pygame_core.views.{name}",
                    f"pygame_core.opponents.{name}", round_word, seats, players, form)


SPECS: dict[str, GameSpec] = {
    s.name: s for s in (
        _spec("avissinia", "Avissinia", "Round", COMPASS, (4, 4), (("partnership", False),)),
        _spec("avinas", "Avinas", "Hand", COMPASS, (4, 4), ()),
        _spec("abyssinia", "Abyssinia", "Deal", MANY, (2, 8), (("players", 4), ("chips", 100))),
    )
}


def spec(name: str) -> GameSpec:
    """The spec of ``name``; KeyError naming the games if there is none."""
    if name not in SPECS:
        raise KeyError(f"unknown game {name!r} (games: {', '.join(SPECS)})")
    return SPECS[name]
