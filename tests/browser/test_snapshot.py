"""A return visit starts Python from the memory snapshot the service worker keeps (from the
second visit on: a first visit never downloads it), and behaves exactly as a normal start:
the same deal for a seed, fresh seeds otherwise, saves and offline play; a damaged snapshot
falls back to the normal start."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core import new_game

from .conftest import LOAD_TIMEOUT, READY, actions_of, open_page, play, settle
from .moves import SNAPSHOT_KEPT, SNAPSHOT_STORED
from .test_page import current, engine_hand, hand

pytestmark = [pytest.mark.browser, pytest.mark.snapshot]

START = "document.documentElement.dataset.pythonStart"
# Overwrite the stored snapshot with bytes that are not one (a damaged or truncated copy).
DAMAGE = """caches.keys().then(async keys => {
  for (const key of keys) {
    const cache = await caches.open(key);
    for (const request of await cache.keys()) {
      if (/snapshot-[0-9a-f]+\\.bin$/.test(request.url))
        await cache.put(request, new Response(new Uint8Array(1000)));
    }
  }
  return true;
})"""


def visited(context: Any, url: str) -> Any:
    """A page that has been opened twice: the snapshot policy (sw.js) keeps the snapshot
    from the second visit on, never on the first."""
    page = open_page(context.new_page(), url)
    assert page.evaluate(START) == "bootstrap"  # a first visit never waits for it
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=LOAD_TIMEOUT)
    assert not page.evaluate(SNAPSHOT_STORED)
    reload(page)
    assert page.evaluate(START) == "bootstrap"
    page.wait_for_function(SNAPSHOT_KEPT, polling=100, timeout=LOAD_TIMEOUT)
    return page


def reload(page: Any, url: str | None = None) -> None:
    page.goto(url) if url else page.reload()
    page.wait_for_function(READY, timeout=LOAD_TIMEOUT)


def test_a_return_visit_deals_the_same_deal_from_the_snapshot(new_context: Any,
                                                              site: str) -> None:
    seed = 4343
    url = site + f"?game=avissinia&seed={seed}&speed=0"
    page = visited(new_context(), url)
    reload(page)
    assert page.evaluate(START) == "snapshot"
    assert settle(page) == "you"
    engine = new_game("avissinia", seed=seed)
    assert hand(page) == engine_hand(engine.observation(0)["hand"])
    assert sorted(actions_of(page)) == sorted(current(page).observation(0)["legal"])
    # a move is saved, and the next snapshot start resumes it
    play(page, actions_of(page)[0])
    settle(page)
    played = current(page).history
    assert played
    reload(page)
    assert page.evaluate(START) == "snapshot"
    settle(page)
    assert current(page).history[: len(played)] == played
    page.close()


def test_fresh_deals_from_the_snapshot_get_fresh_seeds(new_context: Any, site: str) -> None:
    """The snapshot holds the random generator's state: it is reseeded at every start."""
    page = visited(new_context(), site + "?speed=0")
    seeds = set()
    for _ in range(2):
        reload(page, site + "?game=avinas&speed=0")
        assert page.evaluate(START) == "snapshot"
        seeds.add(current(page).seed)
    assert len(seeds) == 2
    page.close()


def test_offline_from_the_snapshot(new_context: Any, site: str) -> None:
    context = new_context()
    page = visited(context, site + "?game=abyssinia&players=3&seed=12&speed=0")
    context.set_offline(True)
    try:
        reload(page)
        assert page.evaluate(START) == "snapshot"
        assert settle(page) in ("you", "summary")
    finally:
        context.set_offline(False)
    page.close()


def test_a_damaged_snapshot_falls_back_to_the_normal_start(new_context: Any,
                                                           site: str) -> None:
    page = visited(new_context(), site + "?game=avissinia&seed=77&speed=0")
    assert page.evaluate(DAMAGE)
    reload(page)
    assert page.evaluate(START) == "bootstrap"
    assert settle(page) == "you"
    engine = new_game("avissinia", seed=77)
    assert hand(page) == engine_hand(engine.observation(0)["hand"])
    # The damaged copy was dropped and a good one kept again: the next start restores it.
    page.wait_for_function(SNAPSHOT_KEPT, polling=100, timeout=LOAD_TIMEOUT)
    reload(page)
    assert page.evaluate(START) == "snapshot"
    page.close()


def test_snapshot_is_off_when_the_address_says_so(new_context: Any, site: str) -> None:
    page = visited(new_context(), site + "?game=avissinia&seed=78&speed=0")
    reload(page, site + "?game=avissinia&seed=78&speed=0&snapshot=0")
    assert page.evaluate(START) == "bootstrap"
    page.close()
