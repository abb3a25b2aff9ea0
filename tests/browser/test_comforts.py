"""The comforts in a real browser: keyboard-only play, the axe-core audit, phones to wide
screens, reduced motion, the live region, settings, hints, undo, statistics.

The keyboard and audit tests run for every game whose table view and opponents exist
(importable under CPython when the tests are collected): Avissinia today, and Avinas and
Abyssinia as soon as their tables land.  axe-core comes from web/node_modules (a dev
dependency pinned in web/package-lock.json); it is injected here and never shipped in dist/.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_core.opponents import MODULES as OPPONENT_MODULES
from pygame_core.session import history, storage
from pygame_core.session.storage import Keys
from pygame_core.views import VIEWS

from .conftest import LOAD_TIMEOUT, READY, ROOT, STILL, open_page, play
from .test_page import STORAGE, actions_of, current, hand, settle

pytestmark = pytest.mark.browser

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
# Not test_page's deal: the shared page's storage outlives this module (cleared at its end).
SEEDS = {"avissinia": 4343, "avinas": 31, "abyssinia": 17}
ROVING = ".hand, [data-roving]"
MOVE = "[data-action], [popovertarget]"  # a play, or a card that opens its plays' menu


def playable_games() -> list[str]:
    """Games with a table view of their own and computer opponents to play against."""
    games = []
    for name, module in VIEWS.items():
        try:
            importlib.import_module(module)
            importlib.import_module(OPPONENT_MODULES[name])
        except ModuleNotFoundError:
            continue
        games.append(name)
    return games


GAMES = playable_games()


@pytest.fixture(scope="module", autouse=True)
def _forget_on_the_shared_page(shared_holder: dict[str, Any]) -> Iterator[None]:
    """The other browser tests share the page: leave its storage as an empty one."""
    yield
    page = shared_holder.get("page")
    if page is not None and not shared_holder["crashed"] and page.url.startswith("http"):
        page.evaluate("localStorage.clear()")


def deal(site: str, game: str, extra: str = "") -> str:
    return f"{site}?game={game}&seed={SEEDS.get(game, 5)}&speed=0{extra}"


# --- axe-core -------------------------------------------------------------------------
def audit(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (every rule axe runs by default)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=Path(AXE).read_text())
    found: list[dict[str, Any]] = page.evaluate(
        """() => axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(
            v => ({id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))})))"""
    )
    return found


def assert_accessible(page: Any, where: str) -> None:
    bad = [v for v in audit(page) if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: axe-core finds {json.dumps(bad, indent=1)}"


def test_axe_core_is_pinned_and_not_shipped() -> None:
    package = json.loads((ROOT / "web" / "package.json").read_text())
    pinned = {**package.get("dependencies", {}), **package.get("devDependencies", {})}
    assert pinned["axe-core"][0].isdigit(), "axe-core must be pinned to an exact version"
    assert AXE.exists()
    assert not list((ROOT / "dist").rglob("axe*.js"))


def test_start_screen_passes_axe(new_context: Any, site: str) -> None:
    page = open_page(new_context().new_page(), site + "?speed=0")
    assert page.evaluate("document.body.dataset.turn") == "menu"
    assert_accessible(page, "start screen")
    page.click("[data-cmd='help']")
    page.wait_for_selector("#panel[open]")
    assert_accessible(page, "start screen with the help open")
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_table_passes_axe(shared: Any, site: str, game: str) -> None:
    open_page(shared, deal(site, game))
    settle(shared)
    assert_accessible(shared, f"{game} table")
    # hidden cards are never named: every card back is hidden from assistive technology
    named_backs = shared.eval_on_selector_all(
        ".card.back", "els => els.filter(e => !e.closest('[aria-hidden=true]')).length")
    assert named_backs == 0
    # every face-up card has a spoken name
    unnamed = shared.eval_on_selector_all(
        ".card:not(.back)", "els => els.filter(e => !e.closest('[aria-hidden=true]')"
        " && !(e.getAttribute('aria-label') || '').includes(' of ')).length")
    assert unnamed == 0
    for panel in ("help", "settings", "history"):
        shared.click(f"[data-cmd='{panel}']")
        shared.wait_for_selector("#panel[open]")
        assert_accessible(shared, f"{game} table with the {panel} panel open")
        shared.keyboard.press("Escape")
        shared.wait_for_selector("#panel:not([open])", state="attached")


# --- the keyboard alone -----------------------------------------------------------------
FOCUS_STATE = """target => {
  const a = document.activeElement;
  let t = [...document.querySelectorAll('[data-action]')].find(e => e.dataset.action === target);
  if (!t) return 'missing';
  if (a === t) return 'on';
  const menu = t.closest('[popover]');
  if (menu && !menu.matches(':popover-open')) {  // a card with several plays: its card first
    t = [...document.querySelectorAll('[popovertarget]')]
      .find(e => e.getAttribute('popovertarget') === menu.id && !menu.contains(e));
    if (a === t) return 'opener';
  }
  const g = t.closest('ROVING');
  if (g && a && a !== document.body && g.contains(a) && a.matches(MOVE)) return 'group';
  return 'away';
}""".replace("ROVING", ROVING).replace("MOVE", repr(MOVE))
IN_OPEN_MENU = "document.activeElement && document.activeElement.closest(':popover-open')"


def key_play(page: Any, action: str) -> None:
    """Reach ``action`` with Tab and the arrow keys, then press Enter (no mouse); a play
    in a card's menu is reached through its card: Enter there opens the menu."""
    for _ in range(150):
        state = page.evaluate(FOCUS_STATE, action)
        if state in ("on", "opener"):
            outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
            assert outline != "none", "the focused move shows no focus"
            page.keyboard.press("Enter")
            if state == "on":
                return
            page.wait_for_function(IN_OPEN_MENU)
            continue
        assert state != "missing", f"{action} is not on the page"
        page.keyboard.press("ArrowRight" if state == "group" else "Tab")
    raise AssertionError(f"the keyboard never reached {action!r}")


def one_tab_stop_per_group(page: Any) -> bool:
    return bool(page.evaluate(
        f"""() => [...document.querySelectorAll('{ROVING}')].every(g => {{
            const items = [...g.querySelectorAll({MOVE!r})];
            return items.length === 0 || items.filter(e => e.tabIndex === 0).length === 1; }})"""
    ))


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hand_with_the_keyboard_alone(shared: Any, site: str, game: str) -> None:
    open_page(shared, deal(site, game))
    start = history.round_of(current(shared).observation(0))
    rng = random.Random(8)
    plays = 0
    for _ in range(600):
        turn = settle(shared)
        if turn in ("summary", "over"):
            break
        if history.round_of(current(shared).observation(0)) > start:
            break
        assert turn == "you", turn
        assert one_tab_stop_per_group(shared)
        before = len(current(shared).history)
        key_play(shared, rng.choice(actions_of(shared)))
        shared.wait_for_function(
            f"() => document.body.dataset.turn !== 'you' || "
            f"JSON.parse(localStorage.getItem('{Keys().current}')).save.actions.length > {before}")
        plays += 1
    else:
        raise AssertionError("the hand never ended")
    assert plays > 0
    if settle(shared) == "summary":
        shared.keyboard.press("n")  # the next round, by its key
        assert settle(shared) in ("you", "over")


# --- phones to wide screens --------------------------------------------------------------
NO_SCROLL = "document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"
OUT_OF_VIEW = """() => { const w = document.documentElement.clientWidth;
  return [...document.querySelectorAll('.bar button, .bar select, .table-tools button, '
      + '[data-action], [data-cmd]')]
    .filter(e => e.offsetParent !== null && !e.closest('dialog'))
    .filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > w + 0.5; })
    .map(e => e.outerHTML.slice(0, 80)); }"""
SMALL_TARGETS = """() => [...document.querySelectorAll('[data-action], [popovertarget]')]
  .filter(e => e.checkVisibility())  // not the plays of a card's menu while it is shut
  .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
  .map(e => e.dataset.action || e.getAttribute('popovertarget'))"""


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_layout_from_phone_to_wide_screen(new_context: Any, site: str, size: tuple[int, int]
                                          ) -> None:
    width, height = size
    touch = width < 600
    context = new_context(viewport={"width": width, "height": height}, has_touch=touch,
                          is_mobile=touch)
    page = open_page(context.new_page(), site + "?speed=0")
    assert page.evaluate(NO_SCROLL), "the start screen scrolls sideways"
    for game in GAMES:
        open_page(page, deal(site, game))
        assert settle(page) == "you"
        # Measured once the dealt cards have glided to their places (a card in flight is
        # drawn smaller and elsewhere for a moment).
        page.wait_for_function(STILL)
        assert page.evaluate(NO_SCROLL), f"{game} at {width}px scrolls sideways"
        assert page.evaluate(OUT_OF_VIEW) == []
        assert page.evaluate(SMALL_TARGETS) == [], "moves smaller than 44 px"
        if touch:  # a tap plays (nothing depends on hover)
            moves = len(current(page).history)
            play(page, actions_of(page)[0], tap=True)
            page.wait_for_function(
                f"JSON.parse(localStorage.getItem('{Keys().current}')).save.actions.length"
                f" > {moves}")
            settle(page)
            assert page.evaluate(NO_SCROLL)
        if page.is_visible("#menu-button"):  # a phone: the tools are behind one button
            page.click("#menu-button")
        page.click("[data-cmd='help']")
        page.wait_for_selector("#panel[open]")
        assert page.evaluate(NO_SCROLL), "the help panel scrolls sideways"
        assert page.is_visible("[data-cmd='panel-close']")
        page.keyboard.press("Escape")
    page.close()


# --- motion -----------------------------------------------------------------------------
DURATIONS = """() => [...document.querySelectorAll('*')].flatMap(e => {
  const s = getComputedStyle(e);
  return [s.transitionDuration, s.animationDuration].join(',').split(',')
    .map(d => parseFloat(d)).filter(d => d > 0).map(() => e.tagName + '.' + e.className); })"""


def test_reduced_motion_is_honoured(new_context: Any, site: str) -> None:
    context = new_context(reduced_motion="reduce")
    page = open_page(context.new_page(), site + "?game=avissinia&seed=3&speed=300")
    page.wait_for_selector(".badge.thinking, [data-action]")
    assert page.evaluate(DURATIONS) == []
    page.emulate_media(reduced_motion="no-preference")
    assert page.evaluate(DURATIONS) != [], "the cards have transitions when motion is allowed"
    page.close()


# --- the shared table: live region, settings, hint, undo, statistics ---------------------
def test_the_live_region_announces_each_play(shared: Any, site: str) -> None:
    open_page(shared, deal(site, "avissinia"))
    settle(shared)
    live = shared.locator("#live")
    assert live.get_attribute("aria-live") == "polite"
    assert shared.locator("#app [aria-live]").count() == 0  # one place speaks
    play(shared, actions_of(shared)[0])
    settle(shared)
    entries = history.history_entries(current(shared))
    mine = [text for _, seat, text in entries if seat == 0][-1]
    assert mine.startswith("You ")
    said = shared.inner_text("#live")
    assert mine in said
    others = [text for _, seat, text in entries if seat != 0]
    assert others[-1] in said


def test_settings_survive_a_reload(shared: Any) -> None:
    shared.click("[data-cmd='settings']")
    shared.wait_for_selector("#panel[open]")
    shared.check("#set-four-colour")
    shared.uncheck("#set-animations")
    shared.select_option("#set-pace", "300")
    shared.keyboard.press("Escape")
    assert {"no-anim", "four-colour"} <= set(
        shared.evaluate("document.documentElement.className").split())
    shared.reload()
    shared.wait_for_function(READY, timeout=LOAD_TIMEOUT)
    settle(shared)
    classes = set(shared.evaluate("document.documentElement.className").split())
    assert {"no-anim", "four-colour"} <= classes
    stored = json.loads(shared.evaluate(STORAGE)[Keys().settings])
    assert stored["pace"] == 300 and stored["four_colour"] and not stored["animations"]
    assert shared.evaluate(DURATIONS) == [], "animations are off"
    clubs = shared.eval_on_selector_all(
        ".card.suit-clubs", "els => els.map(e => getComputedStyle(e).color)")
    diamonds = shared.eval_on_selector_all(
        ".card.suit-diamonds", "els => els.map(e => getComputedStyle(e).color)")
    assert set(clubs) <= {"rgb(27, 122, 47)"} and set(diamonds) <= {"rgb(20, 83, 184)"}
    assert clubs or diamonds
    shared.click("[data-cmd='settings']")
    assert shared.is_checked("#set-four-colour") and not shared.is_checked("#set-animations")
    # back to the defaults for the tests that follow
    shared.check("#set-animations")
    shared.uncheck("#set-four-colour")
    shared.keyboard.press("Escape")


def test_hint_suggests_a_legal_move(shared: Any) -> None:
    assert settle(shared) == "you"
    legal = current(shared).observation(0)["legal"]
    shared.keyboard.press("h")
    shared.wait_for_selector(".hinted", timeout=30_000)
    suggested = shared.get_attribute(".hinted", "data-action")
    assert suggested in legal
    assert "Why:" in shared.inner_text("#hint")
    assert shared.evaluate("document.activeElement.dataset.action") == suggested


def test_undo_restores_your_hand(shared: Any) -> None:
    assert settle(shared) == "you"
    before_hand = hand(shared)
    before = current(shared).history
    play(shared, actions_of(shared)[-1])
    settle(shared)
    assert hand(shared) != before_hand
    shared.keyboard.press("u")
    shared.wait_for_function(
        f"JSON.parse(localStorage.getItem('{Keys().current}')).save.actions.length"
        f" === {len(before)}")
    assert settle(shared) == "you"
    assert hand(shared) == before_hand
    assert current(shared).history == before
    shared.keyboard.press("r")  # the hand history is there to review
    shared.wait_for_selector("#panel[open] .history, #panel[open] #panel-body p")
    shared.keyboard.press("Escape")


def test_statistics_count_a_finished_match_and_go_into_exports(
    new_context: Any, site: str
) -> None:
    page = open_page(new_context().new_page(), site + "?game=avissinia&seed=8&target=1&speed=0")
    rng = random.Random(4)
    for _ in range(100):
        turn = settle(page)
        if turn == "over":
            break
        if turn == "summary":
            page.keyboard.press("n")
            continue
        play(page, rng.choice(actions_of(page)))
    assert settle(page) == "over"
    game = current(page)
    stats = json.loads(page.evaluate(STORAGE)[Keys().stats])
    assert stats["avissinia"]["played"] == 1
    assert stats["avissinia"]["won"] == (1 if 0 in game.winners else 0)
    page.click("[data-cmd='stats']")
    assert "Avissinia" in page.inner_text("#panel-body table")
    page.keyboard.press("Escape")
    page.click("[data-cmd='saves']")
    page.fill("#save-name", "Finished")
    page.click("[data-cmd='save-as']")
    with page.expect_download() as download:
        page.click(f"[data-cmd='export'][data-key='{Keys().slot}Finished']")
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["stats"]["avissinia"]["played"] == 1
    assert storage.read_slot(json.dumps(exported)).game.history == game.history
    page.click("[data-cmd='stats']")
    page.click("[data-cmd='reset-stats']")
    assert Keys().stats not in page.evaluate(STORAGE)
    page.close()
