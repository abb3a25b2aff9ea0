"""Cards that move (web/motion.js): every redraw of the table is watched, and the card the
last move placed must be animated (Web Animations API) when motion is allowed, and never
when the system asks for reduced motion or the settings turn animations off.  A click
during a movement is played at once.  On a 360 x 640 phone the hand and the centre (the
centre pile, the trick, the market) lie on screen together in every game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_core.session.storage import Keys

from .conftest import STILL, open_page, play, settle
from .test_comforts import GAMES, audit
from .test_page import actions_of

pytestmark = pytest.mark.browser

SEEDS = {"avissinia": 77, "avinas": 12, "abyssinia": 9}

# After each movement: which card the last move placed (its element carries data-card) and
# how many animations run on it.  The placed card: the top of the pile it went to
# (Avissinia) or the card bought (Abyssinia), both drawn with the "last" class; in Avinas
# the mover's card in the trick, or its ghost flying to the trick's winner.
WATCH = """() => {
  if (window.motionLog) return;
  window.motionLog = [];
  // motion.js puts the new markup in at once and starts the movement in the next frame,
  // then says so with this event
  document.addEventListener('cardmotion:played', (event) => {
    const app = event.target;
    const table = app.querySelector('[data-motion]');
    if (!table) return;
    const mover = app.querySelector('.last-mover[data-seat]');
    const seat = mover ? mover.dataset.seat : undefined;
    let card = app.querySelector('.card.last[data-card]');
    if (!card && seat !== undefined)
      card = app.querySelector(`[data-spot="${seat}"] [data-card]`);
    if (!card && table.dataset.to) card = document.querySelector('#motion-layer [data-card]');
    window.motionLog.push({
      seat: seat === undefined ? null : Number(seat),
      card: card ? card.dataset.card : null,
      animated: card ? card.getAnimations().length : 0,
      highlighted: card ? card.classList.contains('just-moved') : false,
      anyAnimation: document.getAnimations().length,
    });
  });
}"""

MOVES = f"JSON.parse(localStorage.getItem('{Keys().current}')).save.actions.length"


def deal(site: str, game: str, pace: int = 800, extra: str = "") -> str:
    return f"{site}?game={game}&seed={SEEDS[game]}&speed={pace}{extra}"


def card_moves(page: Any) -> list[str]:
    """The human's moves that place a card (Abyssinia: a purchase)."""
    actions = actions_of(page)
    return [a for a in actions if len(a.split()) > 1 and a.split()[0] != "bid"] or actions


def play_to_log(page: Any, want: Any, rng: random.Random, limit: int = 200) -> dict[str, Any]:
    """Play on (random card moves for the human) until a redraw satisfies ``want``."""
    for _ in range(limit):
        found = [e for e in page.evaluate("window.motionLog.splice(0)") if want(e)]
        if found:
            return dict(found[0])
        page.wait_for_function("document.body.dataset.turn !== 'opponent'"
                               " || window.motionLog.length > 0", polling="raf",
                               timeout=60_000)
        if page.evaluate("window.motionLog.length > 0"):
            continue
        turn = settle(page)
        if turn == "summary":
            page.click("[data-cmd='next-round']")
        elif turn == "you":
            action = rng.choice(card_moves(page))
            play(page, action, force=True)
        else:
            raise AssertionError(f"the game reached {turn!r} first")
    raise AssertionError("no such redraw")


def placed(entry: dict[str, Any]) -> bool:
    return bool(entry["card"])


@pytest.mark.parametrize("game", GAMES)
def test_opponents_and_your_plays_move_their_cards(shared: Any, site: str, game: str) -> None:
    open_page(shared, deal(site, game))
    shared.evaluate(WATCH)
    rng = random.Random(1)
    theirs = play_to_log(shared, lambda e: placed(e) and e["seat"] not in (None, 0), rng)
    assert theirs["animated"] >= 1, f"{game}: an opponent's card did not move: {theirs}"
    mine = play_to_log(shared, lambda e: placed(e) and e["seat"] == 0, rng)
    assert mine["animated"] >= 1, f"{game}: your card did not move: {mine}"


@pytest.mark.parametrize("how", ["reduced-motion", "animations-off"])
def test_no_movement_when_asked_only_a_highlight(new_context: Any, site: str, how: str) -> None:
    context = new_context(reduced_motion="reduce" if how == "reduced-motion" else "no-preference")
    page = context.new_page()
    for game in GAMES:
        open_page(page, deal(site, game, 300))
        if how == "animations-off" and game == GAMES[0]:
            page.click("[data-cmd='settings']")
            page.uncheck("[data-setting='animations']")
            page.keyboard.press("Escape")
            assert page.evaluate("document.documentElement.classList.contains('no-anim')")
        page.evaluate(WATCH)
        rng = random.Random(2)
        theirs = play_to_log(page, lambda e: placed(e) and e["seat"] not in (None, 0), rng)
        mine = play_to_log(page, lambda e: placed(e) and e["seat"] == 0, rng)
        for entry in (theirs, mine):
            assert entry["anyAnimation"] == 0, f"{game}, {how}: {entry}"
            assert entry["highlighted"], f"{game}, {how}: the moved card is not highlighted"
    page.close()


def test_a_click_during_a_movement_is_played(shared: Any, site: str) -> None:
    game = GAMES[0]
    open_page(shared, deal(site, game, 1400))
    shared.evaluate(WATCH)
    rng = random.Random(3)
    for _ in range(40):
        # the human's turn comes while the last opponent's card is still flying
        shared.wait_for_function(
            "document.body.dataset.turn === 'you' || document.body.dataset.turn === 'summary'",
            timeout=60_000, polling="raf")
        moves = int(shared.evaluate(MOVES))
        clicked = shared.evaluate("""() => {
          if (document.body.dataset.turn !== 'you' || !document.getAnimations().length)
            return null;
          const move = document.querySelector('#app [data-action]');
          move.click();
          return move.dataset.action; }""")
        if clicked:
            shared.wait_for_function(f"{MOVES} > {moves}", timeout=10_000)
            return
        if shared.evaluate("document.body.dataset.turn") == "summary":
            shared.click("[data-cmd='next-round']")
        else:  # the movement had ended: play on and try at the next turn
            play(shared, rng.choice(actions_of(shared)), force=True)
    raise AssertionError("the human's turn never came during a movement")



# --- the redraw's task and the movement's frame -------------------------------------------
IDLE = """!window.cardMotion.pending() && !document.getAnimations().some(
  (a) => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition))"""
SAME_AGAIN = """async () => {
  const app = document.getElementById('app');
  const html = app.innerHTML;
  const cards = [...app.querySelectorAll('[data-card]')];
  const played = new Promise((done) => document.addEventListener('cardmotion:played', done,
                                                                  {once: true}));
  window.cardMotion.swap(app, html, {pace: 800});
  const now = [...app.querySelectorAll('[data-card]')];
  const result = {kept: now.length === cards.length && now.every((el, i) => el === cards[i]),
                  waiting: window.cardMotion.pending()};
  window.scrollBy(0, 60);  // as focusing a move may do before the frame comes
  await played;
  const own = document.getAnimations().filter((a) => !(a instanceof CSSAnimation)
                                                  && !(a instanceof CSSTransition));
  return {...result, scrolled: window.scrollY, moving: own.length};
}"""


def test_a_redraw_keeps_what_did_not_change_and_moves_in_the_next_frame(
        new_context: Any, site: str) -> None:
    """The same markup again: every card keeps its element, the movement waits for the next
    frame (the redraw's task lays nothing out for it), and a scroll in between moves no
    card.  (A window so short that even the zoomed table overflows it, so the page can
    scroll: at common sizes the table fits and nothing scrolls.)"""
    context = new_context(viewport={"width": 360, "height": 300})
    page = open_page(context.new_page(), deal(site, "avissinia", 800))
    assert settle(page) == "you"
    page.wait_for_function(IDLE, polling="raf", timeout=10_000)  # the last move has landed
    page.evaluate("window.scrollTo(0, 0)")
    found = page.evaluate(SAME_AGAIN)
    assert found["kept"], found
    assert found["waiting"], found
    assert found["scrolled"] > 0, f"the page did not scroll: {found}"
    assert found["moving"] == 0, f"cards moved though none changed place: {found}"
    page.close()

# --- a phone: the hand and the centre on screen together ---------------------------------
CENTRE = {"avissinia": ".centre .pile", "avinas": ".centre > .trick",
          "abyssinia": ".aby-market"}
HAND = {"avissinia": ".seat.south .hand", "avinas": ".seat.south .hand",
        "abyssinia": ".aby-seat.at-s .aby-hand"}
TOGETHER = """([a, b]) => {
  const one = document.querySelector(a), two = document.querySelector(b);
  two.scrollIntoView({block: 'end'});
  const r = [one.getBoundingClientRect(), two.getBoundingClientRect()];
  return {top: Math.min(r[0].top, r[1].top), bottom: Math.max(r[0].bottom, r[1].bottom),
          left: Math.min(r[0].left, r[1].left), right: Math.max(r[0].right, r[1].right),
          width: innerWidth, height: innerHeight}; }"""


# How much of each card you can play (or open the menu of its plays) a finger can reach:
# the widest run of points across it where the card itself is what a tap would hit.
TAP_WIDTHS = """(hand) => [...document.querySelectorAll(
    hand + ' [data-action], ' + hand + ' [popovertarget]')].map(card => {
  card.scrollIntoView({block: 'nearest'});
  const r = card.getBoundingClientRect();
  let widest = 0;
  for (let y = Math.ceil(r.top) + 2; y < r.bottom - 1; y += 4) {
    let hits = 0;
    for (let x = Math.ceil(r.left); x < r.right; x++) {
      const hit = document.elementFromPoint(x, y);
      if (hit && card.contains(hit)) hits++;
    }
    widest = Math.max(widest, hits);
  }
  return [card.dataset.action || card.getAttribute('popovertarget'), widest]; })"""


def assert_full_tap_targets(page: Any, game: str) -> None:
    """Every card in the hand that can be tapped shows at least 44 px of itself (the hand
    fans its cards on a phone; only the cards that cannot be played may overlap more)."""
    page.wait_for_function(STILL)
    widths = page.evaluate(TAP_WIDTHS, HAND[game])
    narrow = [(what, w) for what, w in widths if w < 44]
    assert not narrow, f"{game}: cards showing less than 44 px to a tap: {narrow}"


@pytest.mark.parametrize("game,extra", [(g, "") for g in GAMES]
                         + [("abyssinia", "&players=8")] * ("abyssinia" in GAMES))
def test_hand_and_centre_fit_a_small_phone(new_context: Any, site: str, game: str,
                                           extra: str) -> None:
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                          is_mobile=True)
    page = open_page(context.new_page(), deal(site, game, 0, extra))
    assert settle(page) == "you"
    box = page.evaluate(TOGETHER, [CENTRE[game], HAND[game]])
    assert box["top"] >= 0 and box["bottom"] <= box["height"] + 1, f"{game}{extra}: {box}"
    assert box["left"] >= 0 and box["right"] <= box["width"] + 1, f"{game}{extra}: {box}"
    assert_full_tap_targets(page, game)
    # one row: no card starts below another's middle (a focused card is lifted a little)
    spread = page.eval_on_selector_all(
        f"{HAND[game]} .card", """els => { const r = els.map(e => e.getBoundingClientRect());
          return Math.max(...r.map(x => x.top)) - Math.min(...r.map(x => x.top))
            - Math.min(...r.map(x => x.height)) / 2; }""")
    assert spread < 0, f"{game}: the hand wraps onto a second row"
    # and later, when every seat shows what it did since the player's last move (most after
    # a fold, when the others play out the deal)
    rng = random.Random(2)
    for _ in range(4):
        actions = actions_of(page)
        move = next((a for a in actions if a.startswith("fold")), rng.choice(actions))
        play(page, move, force=True)
        while settle(page) == "summary":
            page.click("[data-cmd='next-round']")
        if settle(page) != "you":
            break
        later = page.evaluate(TOGETHER, [CENTRE[game], HAND[game]])
        assert later["top"] >= 0 and later["bottom"] <= later["height"] + 1, f"{game}: {later}"
        assert_full_tap_targets(page, game)
    found = audit(page)
    assert not found, f"{game}{extra} at 360 px: axe-core finds {found}"
    # the top bar is one row: the title and one menu button that opens the tools
    assert page.evaluate("document.getElementById('bar').getBoundingClientRect().height") < 60
    assert not page.is_visible("[data-cmd='help']")
    page.click("#menu-button")
    assert page.get_attribute("#menu-button", "aria-expanded") == "true"
    page.click("[data-cmd='help']")
    page.wait_for_selector("#panel[open]")
    assert not page.is_visible("[data-cmd='settings']"), "the menu closes after a choice"
    page.close()


# --- the audit through a whole game ------------------------------------------------------
# Abyssinia's match ends when fewer than two can pay to enter (41): 48 chips keep it short.
WHOLE = {"abyssinia": "&players=3&chips=48"}


@pytest.mark.parametrize("game", GAMES)
def test_axe_core_through_a_whole_game(new_context: Any, site: str, game: str) -> None:
    """No violation of any severity at the start, mid-hand, on round summaries and at the
    end of a whole match on a phone (random moves for the human, instant opponents)."""
    width = 360
    context = new_context(viewport={"width": width, "height": 640})
    page = open_page(context.new_page(), deal(site, game, 0, WHOLE.get(game, "")))
    rng = random.Random(4)
    checked: set[str] = set()
    turns = 0
    for _ in range(3000):
        turn = settle(page)
        mid = turns in (0, 4) or turns % 15 == 0  # early (a short match) and then often
        point = {"you": f"turn {turns}" if mid else "", "over": "the end",
                 "summary": "a summary" if "a summary" not in checked else ""}.get(turn, "")
        if point:
            found = audit(page)
            assert not found, f"{game} at {width} px, {point}: axe-core finds {found}"
            checked.add(point)
        if turn == "over":
            break
        if turn == "summary":
            page.click("[data-cmd='next-round']")
        else:
            turns += 1
            play(page, rng.choice(actions_of(page)), force=True)
    assert "the end" in checked and "a summary" in checked and len(checked) >= 4, checked
