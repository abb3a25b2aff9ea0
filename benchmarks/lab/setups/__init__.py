"""The lab's setups, added to the opponents' registry by one call: ``register()``.

Beside each game's easy, medium and hard (``pygame_core.opponents``), the lab can make
``random`` (a uniformly random legal action: the floor of the ladder), ``hard-2026`` (the
hard level as it was, the baseline every change is measured against), every research
setup measured in the experiments (``experiments/``), and the oracles (``oracles.py``).
Old runs name their levels as they were then; every name still resolves here, so every
recorded run replays.
"""

from __future__ import annotations

from collections.abc import Callable

from pygame_core.opponents import Opponent, register_setup

from . import abyssinia, avinas, avissinia

SETUPS: dict[str, dict[str, Callable[[str, int, int], Opponent]]] = {
    "avissinia": avissinia.SETUPS, "avinas": avinas.SETUPS, "abyssinia": abyssinia.SETUPS,
}


def register() -> None:
    """Add the lab's setups and oracles to the registry (again: nothing changes)."""
    from ..oracles import ORACLES

    for game, setups in SETUPS.items():
        register_setup(game, "random", Opponent)
        for name, setup in {**setups, **ORACLES[game]}.items():
            register_setup(game, name, setup)
