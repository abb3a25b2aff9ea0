"""The lessons on the real page (issue 42): each is played from ``?learn=GAME`` to its end
by clicking only the lesson's own buttons (the test contract: ``data-lesson-next`` reads
on, ``data-lesson-move`` makes the play asked for, ``document.body.dataset.lesson`` is
"done" at the end), and one by keyboard alone, each step heard in the live region."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.lessons import LESSON_MODULES, lesson_for

from .conftest import open_page

pytestmark = pytest.mark.browser

GO = "[data-lesson-next], [data-lesson-move]"
# The step shown ("step 3 of 20") once its button is there, or "done".
SHOWN = f"""() => document.body.dataset.lesson === 'done' ? 'done' :
  (document.querySelector('{GO}') && document.querySelector('.lesson-count')
   ? document.querySelector('.lesson-count').textContent : '')"""


def next_shown(page: Any, last: str) -> str:
    """Wait for a step other than ``last`` (or the end) to be shown; return it."""
    page.wait_for_function(f"(s => s !== '' && s !== {last!r})(({SHOWN})())",
                           timeout=60_000)
    return str(page.evaluate(SHOWN))


@pytest.mark.parametrize("game", sorted(LESSON_MODULES))
def test_each_lesson_is_played_to_done_by_its_own_buttons(shared: Any, site: str,
                                                          game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    open_page(shared, site + f"?learn={game}&speed=0")
    assert shared.evaluate("document.body.dataset.lesson") == "on"
    assert f"learn={game}" in shared.url
    shown, steps = "", 0
    while True:
        shown = next_shown(shared, shown)
        if shown == "done":
            break
        steps += 1
        assert shown == f"step {steps} of {len(lesson.steps)}"
        step = lesson.steps[steps - 1]
        assert step.text in shared.inner_text(".lesson-text")
        button = shared.locator(GO)
        if step.move is None:
            assert button.get_attribute("data-lesson-next") is not None
        else:  # the asked-for play, beside its action; the table's own element marked
            assert button.get_attribute("data-action") == step.move
            assert shared.locator("#app [data-lesson-mark]").count() >= 1
        button.click()
    assert steps == len(lesson.steps)
    assert shared.evaluate("document.body.dataset.lesson") == "done"
    assert "Lesson complete" in shared.inner_text(".lesson")


def test_a_lesson_by_keyboard_alone_and_heard(new_context: Any, site: str) -> None:
    lesson = lesson_for("abyssinia")
    assert lesson is not None
    page = open_page(new_context(viewport={"width": 390, "height": 844}).new_page(),
                     site + "?learn=abyssinia&speed=0")
    shown = ""
    for number, step in enumerate(lesson.steps, 1):
        shown = next_shown(page, shown)
        assert shown == f"step {number} of {len(lesson.steps)}"
        # Focus is on the step's own button, so Enter reads on or makes the play.
        page.wait_for_function(
            "document.activeElement && document.activeElement.matches("
            f"'{GO}')", timeout=10_000)
        page.wait_for_function(
            "t => document.getElementById('live').textContent.includes(t)",
            arg=step.text, timeout=10_000)
        # The step fits the phone's one screen: the page never scrolls to follow it.
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight"), number
        page.keyboard.press("Enter")
    assert next_shown(page, shown) == "done"
    page.close()
