"""What every game's opponents share."""

from __future__ import annotations

from math import comb

import pytest

from pygame_core.opponents import chance_of_any, make_opponent


@pytest.mark.parametrize(
    ("unseen", "drawn", "good"), [(40, 18, 3), (10, 5, 1), (8, 8, 2), (30, 6, 0)]
)
def test_chance_of_any_is_the_hypergeometric_complement(unseen: int, drawn: int, good: int) -> None:
    exact = 1 - comb(unseen - good, drawn) / comb(unseen, drawn)
    assert chance_of_any(unseen, drawn, good) == pytest.approx(exact)


def test_unknown_level_and_game_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown opponent level"):
        make_opponent("avissinia", "grandmaster", 1, 1)
    with pytest.raises(ValueError, match="no opponents"):
        make_opponent("snap", "easy", 1, 1)
