"""Sliced work: a computation written as a generator that yields between slices (an
opponent's ``think``, a review), so the page can hand control back to the browser between
them.  This is the one driver every caller shares; it sits at the bottom of the package."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, TypeVar, cast

T = TypeVar("T")


def drive(
    work: Generator[Any, None, T], go_on: Callable[[], bool] | None = None
) -> tuple[T | None, int]:
    """Run a sliced computation (a ``think``, a review).

    ``go_on`` is asked after each slice (the page yields to the browser there, and a
    time budget can stop the search there); returning False abandons the work.
    Returns the result (None if abandoned) and how many slices it yielded.
    """
    slices = 0
    while True:
        try:
            next(work)
        except StopIteration as done:
            result: T = done.value
            return result, slices
        slices += 1
        if go_on is not None and not go_on():
            work.close()
            return None, slices


def run_to_end(work: Generator[None, None, T]) -> T:
    """Drive a sliced computation to its result in one go."""
    result, _ = drive(work)
    return cast(T, result)
