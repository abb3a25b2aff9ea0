"""Property: a real save of any game, damaged in any of many ways (the slot wrapper too), is
either refused with SaveError or loads to a legitimate game; nothing else ever happens.
``benchmarks/fuzz_saves.py`` runs the same mutations and prints the counts; so does
``pytest tests/test_saves_fuzz.py --hypothesis-show-statistics``."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from save_mutations import MUTATIONS, outcome, real_saves

SAVES = real_saves()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(save=st.sampled_from(SAVES), mutate=st.sampled_from(MUTATIONS),
       seed=st.integers(0, 2**32 - 1))
def test_a_mutated_save_is_refused_with_save_error_or_loads_a_legitimate_game(
    save: dict[str, object], mutate: object, seed: int
) -> None:
    text = mutate(random.Random(seed), save)  # type: ignore[operator]
    result = outcome(text)
    event(result)  # the counts: pytest --hypothesis-show-statistics
    assert result in ("refused", "loaded")


def test_the_unmutated_saves_all_load() -> None:
    import json

    from save_mutations import wrap

    assert {outcome(json.dumps(s)) for s in SAVES} == {"loaded"}
    assert {outcome(wrap(s)) for s in SAVES} == {"loaded"}
