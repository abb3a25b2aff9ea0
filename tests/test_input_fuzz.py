"""Property: whatever comes in through any door of the package (a replay link, a share link,
a stored entry of any key, a page command with its key and fields, a host page's message),
damaged or forged, is either accepted as legitimate or refused with the package's own
error or message; nothing else ever escapes.  ``benchmarks/fuzz_inputs.py`` runs the same
mutations and prints the counts per surface (with the slowest input of each)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from input_fuzz import SURFACES, Surface, outcome

SAMPLES = {surface.name: surface.samples() for surface in SURFACES}
EXAMPLES = {"replay link": 300, "share link": 300, "stored entry": 150, "page command": 120,
            "host message": 150}


@pytest.mark.parametrize("surface", SURFACES, ids=[s.name for s in SURFACES])
def test_a_mutated_input_is_accepted_or_refused_with_the_packages_own_error(
    surface: Surface,
) -> None:
    @settings(max_examples=EXAMPLES[surface.name], deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(sample=st.sampled_from(SAMPLES[surface.name]), seed=st.integers(0, 2**32 - 1))
    def check(sample: Any, seed: int) -> None:
        result = outcome(surface, surface.mutate(random.Random(seed), sample))
        event(result)
        assert result in ("accepted", "refused"), result

    check()


@pytest.mark.parametrize("surface", SURFACES[:3], ids=[s.name for s in SURFACES[:3]])
def test_the_real_inputs_are_accepted(surface: Surface) -> None:
    assert {outcome(surface, sample) for sample in SAMPLES[surface.name]} == {"accepted"}
