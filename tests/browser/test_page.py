"""The built page in a real browser: loading, playing, saves, links, embedding, offline."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pygame_core import new_game
from pygame_core.cards import parse_card
from pygame_core.session import storage
from pygame_core.session.storage import Keys

from .conftest import LOAD_TIMEOUT, READY, actions_of, open_page, play, settle

pytestmark = pytest.mark.browser

SEED = 4242
DEAL = f"?game=avissinia&seed={SEED}&speed=0"
STORAGE = """() => Object.fromEntries(Object.keys(localStorage)
    .filter(k => k.startsWith('cardtable:')).map(k => [k, localStorage.getItem(k)]))"""



def hand(page: Any) -> list[str]:
    labels = page.eval_on_selector_all(
        ".seat.south .hand .card", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    return sorted(str(label).split(":")[0] for label in labels)



def engine_hand(codes: list[str]) -> list[str]:
    return sorted(parse_card(c).name for c in codes)


def current(page: Any) -> Any:
    text = page.evaluate(STORAGE)[Keys().current]
    return storage.read_slot(text).game


def play_until(page: Any, stop: str, rng: random.Random, limit: int = 400) -> str:
    """Click random legal moves (and "next round") until data-turn is ``stop``."""
    for _ in range(limit):
        turn = settle(page)
        if turn == stop:
            return turn
        if turn == "summary":
            page.click("[data-cmd='next-round']")
        elif turn == "you":
            actions = actions_of(page)
            assert actions, "the human's turn offers no moves"
            play(page, rng.choice(actions))
        else:
            raise AssertionError(f"unexpected turn {turn!r}")
    raise AssertionError(f"never reached {stop!r}")


def test_ready_and_the_dealt_hand_is_the_engines(shared: Any, site: str) -> None:
    open_page(shared, site + DEAL)
    assert settle(shared) == "you"
    engine = new_game("avissinia", seed=SEED)
    assert hand(shared) == engine_hand(engine.observation(0)["hand"])
    # what the page shows is what its own saved game says
    game = current(shared)
    obs = game.observation(0)
    assert hand(shared) == engine_hand(obs["hand"])
    actions = actions_of(shared)
    assert sorted(actions) == sorted(obs["legal"])


def test_a_whole_round_is_played_by_clicking(shared: Any) -> None:
    assert play_until(shared, "summary", random.Random(1)) == "summary"
    assert "Round 1 is over" in shared.inner_text("#summary")
    game = current(shared)
    assert len(game.rounds) == 1
    totals = game.rounds[0]["totals"]
    text = shared.inner_text("#summary")
    assert all(str(t) in text for t in totals)
    assert shared.eval_on_selector_all("[data-action]", "els => els.length") == 0
    # The dialog shows over the finished round: every hand played out, nobody to play, and
    # the turn line in the dialog's words; the next round is dealt only once it is closed.
    assert hand(shared) == [] and shared.query_selector(".seat.to-play") is None
    assert shared.inner_text("#turn-line").startswith("Round 1 is over")
    shared.click("[data-cmd='next-round']")
    assert settle(shared) in ("you", "opponent", "over")
    assert len(hand(shared)) == 6


def test_reload_resumes_the_same_state(shared: Any) -> None:
    before = current(shared)
    shown = hand(shared)
    shared.reload()
    shared.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    assert settle(shared) == "you"
    after = current(shared)
    assert after.history == before.history
    assert hand(shared) == shown


def test_copy_link_gives_the_deal(shared: Any) -> None:
    shared.click("[data-cmd='copy-link']")
    shared.wait_for_selector("#notice:not([hidden])")
    assert f"game=avissinia&seed={SEED}" in shared.inner_text("#notice")


def test_a_corrupt_save_is_reported_and_the_others_survive(shared: Any) -> None:
    good = new_game("avissinia", seed=11)
    for _ in range(7):
        good.apply(good.legal_actions()[0])
    text = storage.wrap_save(good, ["easy", "hard", "medium"], "Good", "2025-01-02T03:04:05")
    tampered = json.loads(text)
    tampered["save"]["seed"] = 12
    slots = {
        Keys().slot + "Good": text,
        Keys().slot + "Broken": '{"kind": "cardtable.slot", oops',
        Keys().slot + "Tampered": json.dumps(tampered),
        Keys().slot + "<img src=x onerror=alert(1)>": text,
    }
    shared.evaluate("s => { for (const k in s) localStorage.setItem(k, s[k]); }", slots)
    shared.click("[data-cmd='saves']")
    listing = shared.inner_text(".saves")
    assert "Broken" in listing and "cannot be read" in listing
    assert "<img src=x onerror=alert(1)>" in listing  # shown as text, not markup
    assert shared.eval_on_selector_all(".saves img", "els => els.length") == 0
    # an altered save is reported in the list itself (its header is checked there), and
    # offers no Load, only Delete
    assert "altered" in listing
    assert not shared.query_selector(f"[data-cmd='load'][data-key='{Keys().slot}Tampered']")
    stored = shared.evaluate(STORAGE)
    assert all(stored[k] == v for k, v in slots.items())
    shared.click(f"[data-cmd='load'][data-key='{Keys().slot}Good']")
    settle(shared)
    assert current(shared).history[: len(good.history)] == good.history
    # a damaged game in progress: reported on reopening, kept aside, nothing else harmed
    shared.evaluate(f"localStorage.setItem('{Keys().current}', 'garbage')")
    shared.goto(shared.url.split("?")[0] + "?speed=0")
    shared.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    assert "could not be resumed" in shared.inner_text(".start")
    stored = shared.evaluate(STORAGE)
    assert all(stored[k] == v for k, v in slots.items())
    assert any(k.startswith(Keys().slot + "Damaged") for k in stored)


def test_blocked_storage_still_plays(new_context: Any, site: str) -> None:
    context = new_context()
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('blocked', 'SecurityError'); }});"
    )
    page = open_page(context.new_page(), site + "?game=avissinia&seed=5&speed=0")
    rng = random.Random(2)
    for _ in range(3):
        assert settle(page) == "you"
        actions = actions_of(page)
        play(page, rng.choice(actions))
    settle(page)
    assert "cannot be saved" in page.inner_text(".table-notice")
    page.close()


def test_full_storage_still_plays_and_says_so(new_context: Any, site: str) -> None:
    context = new_context()
    # Storage works for the page's probe, then every save hits the quota.
    context.add_init_script(
        "const realSetItem = Storage.prototype.setItem;"
        "Storage.prototype.setItem = function (key, value) {"
        " if (key.endsWith('probe')) return realSetItem.call(this, key, value);"
        " throw new DOMException('full', 'QuotaExceededError'); };"
    )
    page = open_page(context.new_page(), site + "?game=avissinia&seed=6&speed=0")
    rng = random.Random(3)
    for _ in range(2):
        assert settle(page) == "you"
        play(page, rng.choice(actions_of(page)))
    settle(page)
    assert "storage is full" in page.inner_text(".table-notice")
    assert page.evaluate("localStorage.getItem('cardtable:current')") is None
    page.close()


def test_share_link_reproduces_the_deal_and_a_broken_one_explains(
    new_context: Any, site: str
) -> None:
    link = "?game=avissinia&seed=99&partnership=1&speed=0"
    page = open_page(new_context().new_page(), site + link)
    settle(page)
    engine = new_game("avissinia", seed=99, partnership=True)
    assert hand(page) == engine_hand(engine.observation(0)["hand"])
    assert "You & North" in page.inner_text(".board")
    game = current(page)
    assert game.options.partnership and game.seed == 99
    for link, words in (
        ("?game=chess&seed=1", "unknown game"),
        ("?game=avissinia&seed=abc", "seed"),
        ("?game=avissinia&seed=1&partnership=maybe", "partnership"),
    ):
        open_page(page, site + link)
        assert "This link does not work" in page.inner_text(".start .message")
        assert words in page.inner_text(".start .message")
        assert page.is_visible("[data-cmd='start']")
    page.close()


def test_start_screen_deals_a_game(new_context: Any, site: str) -> None:
    page = open_page(new_context().new_page(), site + "?speed=0")
    page.check("input[name='partnership'][value='1']")
    page.select_option("select[name='level-2']", "easy")
    page.click("[data-cmd='start']")
    settle(page)
    game = current(page)
    assert game.options.partnership
    assert "game=avissinia" in page.url and "partnership=1" in page.url
    page.close()


def test_embedded_table_talks_to_its_parent(new_context: Any, site: str) -> None:
    page = new_context().new_page()
    host = '<!doctype html><link rel="icon" href="data:,"><title>host</title><body></body>'
    page.route(site + "host.html", lambda route: route.fulfill(body=host, content_type="text/html"))
    page.goto(site + "host.html")  # someone's page that embeds the table
    page.evaluate(
        """src => { window.messages = [];
        addEventListener('message', e => window.messages.push(e.data));
        const f = document.createElement('iframe');
        f.src = src; f.style.width = '900px'; f.style.height = '700px';
        document.body.appendChild(f); }""",
        site + "?game=avissinia&seed=8&target=1&speed=0&embed=1",
    )
    page.wait_for_function("window.messages.some(m => m.type === 'ready')", timeout=LOAD_TIMEOUT)
    frame = page.frames[1]
    assert frame.evaluate("getComputedStyle(document.querySelector('.bar')).display") == "none"
    play_until(frame, "over", random.Random(3))
    page.wait_for_function("window.messages.some(m => m.type === 'game over')")
    over = page.evaluate("window.messages.find(m => m.type === 'game over')")
    assert over["game"] == "avissinia" and over["winners"] and len(over["scores"]) == 4
    page.close()


def test_offline_after_one_visit(new_context: Any, site: str) -> None:
    context = new_context()
    page = open_page(context.new_page(), site + "?game=avissinia&seed=3&speed=0")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    settle(page)
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
        assert settle(page) == "you"
        actions = actions_of(page)
        play(page, actions[0])
        settle(page)
    finally:
        context.set_offline(False)
    page.close()


def test_a_new_version_is_offered_and_the_game_survives_the_update(
    browser_instance: Any, site: str, tmp_path: Any
) -> None:
    """Publish a new build under a running page: it is offered, not forced, and taking it
    keeps the game in progress."""
    import http.server
    import shutil
    import threading

    from .conftest import Watch, _build_module

    build = _build_module()
    folder = tmp_path / "site"
    shutil.copytree(build.DIST, folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), build.make_handler(folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    watch = Watch(base)
    context = browser_instance.new_context()
    watch.attach(context)
    try:
        page = open_page(context.new_page(), base + "?game=avissinia&seed=9&speed=0")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        assert settle(page) == "you"
        play(page, actions_of(page)[0])
        settle(page)
        before = current_of(page)
        assert before.history
        # Publish: the new build's worker differs (a new cache name, as build.py makes).
        worker = (folder / "sw.js").read_text()
        (folder / "sw.js").write_text(worker.replace('PREFIX + "', 'PREFIX + "next-'))
        page.reload()
        page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
        page.wait_for_selector("#update:not([hidden])", timeout=60_000)
        assert current_of(page).history == before.history, "the offer changed nothing yet"
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("sw.js")
        with page.expect_navigation(timeout=60_000):
            page.click("#update-button")
        page.wait_for_function(READY, timeout=LOAD_TIMEOUT)
        settle(page)
        assert current_of(page).history == before.history, "the update lost the game"
        assert page.is_hidden("#update")
        page.wait_for_function(
            "caches.keys().then(k => k.some(n => n.includes(' next-')))",
            timeout=30_000,
        )
        watch.check()
    finally:
        context.close()
        server.shutdown()


def current_of(page: Any) -> Any:
    """The game in progress, as the page keeps it in localStorage."""
    text = page.evaluate(f"localStorage.getItem({Keys().current!r})")
    return storage.read_slot(text).game


def test_the_site_works_from_a_subfolder(browser_instance: Any, site: str, tmp_path: Any) -> None:
    """A static host may put the site anywhere: every address in it must be relative."""
    import http.server
    import shutil
    import threading

    from .conftest import Watch, _build_module

    build = _build_module()
    shutil.copytree(build.DIST, tmp_path / "games" / "cards")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), build.make_handler(tmp_path))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    watch = Watch(base + "games/cards")  # nothing may be fetched from outside the folder
    context = browser_instance.new_context()
    watch.attach(context)
    try:
        page = open_page(context.new_page(), base + "games/cards/?game=avinas&seed=4&speed=0")
        assert settle(page) in ("you", "summary")
        assert actions_of(page) or settle(page) == "summary"
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        scope = page.evaluate("navigator.serviceWorker.controller.scriptURL")
        assert scope == base + "games/cards/sw.js"
        watch.check()
    finally:
        context.close()
        server.shutdown()
