"""The replay view, the Review panel and the Embed dialog, as the session drives them
(pygame_core/session/replay_review.py, views/embed.py, the Session in session/)."""

from __future__ import annotations

import html as htmllib
import json
import random
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from html_helpers import HOSTILE, Tags

from pygame_core import new_game
from pygame_core.avissinia import scripted_deck
from pygame_core.cards import parse_cards
from pygame_core.replay import ReplayStepper, fragment
from pygame_core.review import Decision, Review
from pygame_core.session.commands import Session
from pygame_core.session.core import Effects, finish_work
from pygame_core.session.replay_review import KEYS, DealReview, ReplayView
from pygame_core.session.storage import DictStorage
from pygame_core.views import embed

# Seat 0 leads holding two nines; the centre's top run is two nines (tests/test_review.py):
# trailing the 2♣ instead of taking them is the known blunder.
BLUNDER_DECK = [c.code for c in scripted_deck(
    3, {0: parse_cards("9H 9D 2C 5D 3H 4C")}, parse_cards("6D KC 9S 9C"))]


def blunder_match() -> Any:
    game = new_game("avissinia", seed=1, dealer=3, deck=BLUNDER_DECK, target=1)
    game.apply("trail 2C")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


class Seats(HTMLParser):
    """The data-card codes inside each seat's section (``data-seat``), and all of them."""

    def __init__(self, markup: str) -> None:
        super().__init__()
        self.stack: list[int | None] = []
        self.by_seat: dict[int, list[str]] = {}
        self.all: list[str] = []
        self.feed(markup)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        seat = int(a["data-seat"] or 0) if tag == "section" and "data-seat" in a else None
        inherited = next((s for s in reversed(self.stack) if s is not None), None)
        if tag not in Tags.VOID:
            self.stack.append(seat)
        if "data-card" in a:
            code = str(a["data-card"])
            self.all.append(code)
            where = seat if seat is not None else inherited
            if where is not None:
                self.by_seat.setdefault(where, []).append(code)

    def handle_endtag(self, tag: str) -> None:
        if tag not in Tags.VOID and self.stack:
            self.stack.pop()


def random_match(name: str, seed: int, moves: int, **options: Any) -> Any:
    game = new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < moves:
        game.apply(rng.choice(game.legal_actions()))
    return game


def table_with(game: Any) -> tuple[Session, DictStorage]:
    store = DictStorage()
    table = Session(store, pace=300, stamp=lambda: "2026-01-01T00:00:00Z")
    table.begin(game, ["easy"] * (game.num_players - 1))
    return table, store


def drive(effects: Effects | None, limit: int = 100_000) -> list[Effects]:
    """Run the session's sliced work as the page does (without waiting): every Effects."""
    done: list[Effects] = []
    while effects is not None and effects.work is not None:
        work, steps = effects.work, 0
        while True:
            try:
                next(work.steps)
                steps += 1
                assert steps < limit
            except StopIteration as end:
                effects = work.done(end.value)
                break
        done.append(effects)
    return done


MATCHES = [("avissinia", 5, 60, {}), ("avinas", 6, 70, {}),
           ("abyssinia", 7, 40, {"players": 5})]


@pytest.mark.parametrize(("name", "seed", "moves", "options"), MATCHES)
def test_stepping_shows_the_engines_state_at_every_step(
    name: str, seed: int, moves: int, options: dict[str, Any]
) -> None:
    game = random_match(name, seed, moves, **options)
    table, store = table_with(game)
    before, saved = game.to_json(), dict(store.data)
    effects = finish_work(table.command("replay-open", "all"))
    assert effects is not None and effects.draw and effects.close_panel
    assert table.turn() == "replay" and table.animated() and not table.at_table()
    view = table.replay
    assert view is not None and view.step == 0
    stepper = ReplayStepper(game)  # the reference, computed apart from the page's
    for step in [*range(0, stepper.steps + 1, 1), *range(stepper.steps - 1, -1, -3)]:
        while view.step != step:
            table.command("replay-forward" if view.step < step else "replay-back")
        stepper.go(step)
        hidden = "hand" in stepper.view(0)
        assert view.display() == stepper.view(0, face_up=hidden)
        markup = table.html()
        Tags().feed(markup)  # well nested
        cards = Seats(markup)
        assert f"Move {step} of {stepper.steps}" in markup
        assert "data-action" not in markup  # watched, not played
        hands = (stepper.view(0, face_up=True)["face_up"] if hidden
                 else stepper.view(0)["hands"])
        for seat, hand in enumerate(hands):
            assert set(hand) <= set(cards.by_seat.get(seat, [])), (step, seat)
    assert game.to_json() == before and store.data == saved  # nothing played, nothing saved


@pytest.mark.parametrize(("name", "seed", "moves"), [("avissinia", 5, 30), ("avinas", 6, 45)])
def test_one_seats_view_shows_that_hand_only(name: str, seed: int, moves: int) -> None:
    game = random_match(name, seed, moves)
    table, _ = table_with(game)
    finish_work(table.command("replay-open", "all"))
    view = table.replay
    assert view is not None
    stepper = ReplayStepper(game)
    for step in (3, moves - 2):
        table.command("replay-deal", "0")
        while view.step < step:
            table.command("replay-forward")
        stepper.go(step)
        for seat in range(4):
            table.command("replay-view", str(seat))
            assert view.viewer == seat
            seen = stepper.view(seat, face_up=False)
            assert "face_up" not in seen
            markup = table.html()
            cards = Seats(markup)
            assert set(seen["hand"]) <= set(cards.by_seat[seat])
            # Known to all (exposed), or to you as dealer (seen from seat 0's place only).
            known = seen.get("exposed", []) + (seen.get("dealer_saw", []) if seat == 0 else [])
            exposed = {str(e["card"]) for e in known}
            for other in range(4):
                if other != seat:
                    hidden = set(stepper.view(other, face_up=False)["hand"]) - exposed
                    assert not hidden & set(cards.all), (seat, other)
            assert f'data-key="{seat}" aria-pressed="true"' in markup
        table.command("replay-view", "all")
        assert view.viewer is None and view.display() == stepper.view(0, face_up=True)


def test_jumps_keys_and_leaving_return_to_the_game_untouched() -> None:
    game = random_match("avinas", 6, 400)
    table, store = table_with(game)
    before, saved, summary, turn = game.to_json(), dict(store.data), table.summary, table.turn()
    finish_work(table.command("replay-open", "deal:1"))
    view = table.replay
    assert view is not None
    stepper = ReplayStepper(game)
    assert view.step == stepper.deal_range(1)[0]
    # A deal's first step is the one before's last: opened there, the new deal as dealt.
    assert 'id="summary"' not in table.html() and "hand 2 of" in view.where()
    table.command("replay-back")  # the same step, with the finished hand's summary
    assert view.step == stepper.deal_range(1)[0] and "hand 1 of" in view.where()
    assert 'id="summary"' in table.html() and 'data-cmd="next-round"' not in table.html()
    table.command("replay-forward")  # past the summary, as "Next hand" does
    assert view.step == stepper.deal_range(1)[0] and "hand 2 of" in view.where()
    table.command("replay-forward")
    assert view.step == stepper.deal_range(1)[0] + 1
    table.command("replay-back")
    assert 'id="summary"' not in table.html() and "hand 2 of" in view.where()
    table.command("replay-deal", "1:end")
    assert view.step == stepper.deal_range(1)[1]
    at_end = table.html()  # the deal's summary, as the table showed it, steps on instead
    assert 'id="summary"' in at_end and 'data-cmd="next-round"' not in at_end
    table.command("replay-end")
    assert view.step == stepper.steps
    table.command("replay-start")
    assert view.step == 0
    assert table.key_command("ArrowRight") == "replay-forward"
    assert table.key_command("ArrowLeft") == "replay-back"
    assert table.key_command("Home") == "replay-start" and table.key_command("End") == "replay-end"
    assert table.key_command("u") == ""  # undo would touch the game: nothing in a replay
    assert table.key_command("h") == "" and table.key_command("r") is None
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowUp"):
        table.command(KEYS[key])
    assert view.step == 2
    html = table.html()
    assert 'data-cmd="next-round"' not in html and 'data-cmd="rematch"' not in html
    effects = table.command("replay-close")
    assert effects is not None and effects.draw
    assert table.replay is None and table.screen == "table"
    assert table.key_command("ArrowRight") is None
    assert game.to_json() == before and store.data == saved and table.summary == summary
    assert table.turn() == turn
    assert effects.schedule_ms == table.next_delay()


def test_playing_steps_at_the_pace_and_pauses() -> None:
    game = random_match("avissinia", 2, 12)
    table, _ = table_with(game)
    table.pace = 400
    finish_work(table.command("replay-open", "all"))
    view = table.replay
    assert view is not None
    effects = table.command("replay-play")
    assert effects is not None and effects.work is not None and view.playing
    assert next(effects.work.steps) == 400  # waits the pace before each step
    assert 'data-cmd="replay-play"' in table.html() and "Pause" in table.html()
    ticks = drive(effects)
    assert view.step == 12 and not view.playing  # played to the end, then stopped
    assert len(ticks) == 12 and ticks[-1].work is None
    # Paused: a pending step does nothing.
    table.command("replay-start")
    effects = table.command("replay-play")
    assert effects is not None and effects.work is not None
    pending = effects.work
    table.command("replay-play")  # pause
    assert not view.playing
    with pytest.raises(StopIteration) as end:
        next(pending.steps)
        next(pending.steps)
    assert pending.done(end.value.value).work is None and view.step == 0


def test_a_replay_link_leaves_to_the_start_screen() -> None:
    game = blunder_match()
    table = Session(DictStorage())
    assert finish_work(table.open_replay("#" + fragment(game))) is not None
    assert 'data-cmd="replay-open"' in table.html()
    finish_work(table.command("replay-open", "all"))
    assert table.replay is not None and table.replay.from_link
    assert "Leave the replay" in table.html()
    table.command("replay-close")
    assert table.screen == "start" and table.game is None and table.turn() == "menu"


def test_a_known_blunder_is_marked_in_the_review_panel() -> None:
    game = blunder_match()
    table = Session(DictStorage())
    finish_work(table.open_replay("#" + fragment(game)))
    assert 'data-cmd="review" data-key="0"' in table.html()  # on the result dialog
    assert 'data-cmd="review" data-key="0"' in table.panel_html("history", {}, "")
    effects = table.command("review", "0")
    assert effects is not None and effects.work is not None
    assert 'data-state="running"' in (effects.panel or "")  # the Review panel opens
    running = table.panel_html("review", {}, "")
    assert 'data-state="running"' in running and "<progress" in running
    updates = drive(effects)
    assert len(updates) > 2  # progress shown as it went
    assert all("review-out" in u.update for u in updates)
    final = updates[-1]
    assert 'data-state="done"' in final.update["review-out"]
    assert final.announce and "marked" in final.announce[0]
    panel = table.panel_html("review", {}, "")
    Tags().feed(panel)
    assert "expected values" in panel
    first = panel.index('class="review-mark"')
    assert "You trailed 2♣" in panel[first:first + 400]
    assert 'data-key="step:0"' in panel[first:first + 800]
    # Its button opens the replay at that decision.
    finish_work(table.command("replay-open", "step:0"))
    assert table.replay is not None and table.replay.step == 0
    # Asked again: the same review, not a second run.
    again = table.command("review", "0")
    assert again is not None and again.work is None
    assert 'data-state="done"' in (again.panel or "")


def test_the_review_says_when_nothing_is_marked_and_refuses_an_unfinished_deal() -> None:
    clean = DealReview("avinas", 2, done=5, total=5, result=Review(0, []))
    body = str(clean.html())
    assert "No costly mistakes found in this hand" in body and "expected values" in body
    decision = Decision(step=7, deal=2, played="play 7S", best="play AS", cost=3.0,
                        stderr=0.5, worlds=32, unit="pips", means={}, played_words=HOSTILE,
                        best_words="You played A♠", marked=True)
    marked = str(DealReview("avinas", 2, result=Review(0, [decision])).html())
    assert HOSTILE not in marked and htmllib.escape(HOSTILE) in marked
    assert 'data-key="step:7"' in marked and "Review of your play: hand 3" in marked
    table, _ = table_with(new_game("avinas", seed=3))
    effects = table.command("review", "0")
    assert effects is not None and effects.work is None and "finished" in effects.say


def test_a_summary_offers_the_review_of_its_deal() -> None:
    game = new_game("avinas", seed=6)
    while game.deals_finished == 0:
        game.apply(game.legal_actions()[0])
    table, _ = table_with(new_game("avinas", seed=game.seed))
    table.begin(game, ["easy"] * 3)
    table.summary = game.deals_finished - 1
    markup = table.html()
    assert f'data-cmd="review" data-key="{game.deals_finished - 1}"' in markup
    assert markup.index('data-cmd="review"') < markup.index('data-cmd="next-round"')
    table.summary = None
    assert 'data-cmd="review"' not in table.html()  # only once the deal is scored


# --- the Embed dialog ------------------------------------------------------------------
SITE_HREF = "https://example.org/games/cards/index.html?game=avinas&seed=4#x"


def embed_table(game: Any) -> Session:
    table, _ = table_with(game)
    table.site = SITE_HREF
    return table


def test_the_site_is_the_pages_folder() -> None:
    assert embed.site_folder(SITE_HREF) == "https://example.org/games/cards/"
    assert embed.site_folder("https://example.org/") == "https://example.org/"
    assert embed.site_folder("http://127.0.0.1:8000/?a=1") == "http://127.0.0.1:8000/"


def frame_params(snippet: str) -> dict[str, str]:
    src = htmllib.unescape(snippet.split('src="', 1)[1].split('"', 1)[0])
    assert src.startswith("https://example.org/games/cards/?")
    return dict(parse_qsl(urlsplit(src).query))


def test_a_fixed_deal_carries_its_seed_and_a_fresh_one_none() -> None:
    game = new_game("avissinia", seed=1234, partnership=True)
    table = embed_table(game)
    panel = table.panel_html("embed", {}, "")
    Tags().feed(panel)
    assert "seed 1234" in panel and 'value="fixed" checked' in panel
    copied = table.command("embed-copy", "iframe")
    assert copied is not None
    params = frame_params(copied.copy)
    assert params == {"embed": "1", "game": "avissinia", "seed": "1234", "partnership": "1",
                      "levels": "easy,easy,easy"}
    assert 'width="960" height="720"' in copied.copy
    table.form_input("embed", {"deal": "fresh", "width": "640", "height": "480"})
    fresh = table.command("embed-copy", "iframe")
    assert fresh is not None and "seed" not in frame_params(fresh.copy)
    assert 'width="640" height="480"' in fresh.copy
    two = table.command("embed-copy", "element")
    assert two is not None
    script, element = two.copy.split("\n")
    assert script == '<script src="https://example.org/games/cards/embed.js"></script>'
    assert element.startswith('<card-table game="avissinia" partnership="1"')
    assert 'width="640" height="480"' in element and "seed=" not in element


def test_sizes_are_read_and_kept_in_range_with_a_live_preview() -> None:
    table = embed_table(new_game("avinas", seed=3))
    update = table.form_input("embed", {"deal": "fixed", "width": "1200", "height": "300"})
    out = update.update["embed-out"]
    assert "Preview of the frame's shape: 1200 by 300 pixels" in out
    assert "width: 240px; height: 60px" in out  # the frame's proportions, scaled
    bad = table.form_input("embed", {"deal": "fixed", "width": "99999", "height": "x1"})
    out = bad.update["embed-out"]
    assert "kept between 200 and 4000" in out and 'width="4000" height="300"' in htmllib.unescape(
        out)
    assert embed.read_form({"width": "-5"}).width == embed.DEFAULT_WIDTH
    assert embed.read_form({"width": ""}).problem == ""
    assert table.form_input("other", {}).update == {}


def test_every_value_in_a_snippet_is_escaped() -> None:
    params = {"game": "avinas", "note": HOSTILE}
    form = embed.EmbedForm()
    for make in (embed.iframe_snippet, embed.element_snippet):
        snippet = make('https://x.org/"cards"/', params, HOSTILE, form)
        assert HOSTILE not in snippet and "<img" not in snippet
        assert '"cards"' not in snippet and "&quot;cards&quot;" in snippet
        Tags().feed(snippet)
    shown = str(embed.output_html("https://x.org/", params, HOSTILE, form))
    # The snippet, escaped again to be shown as text: no tag of it is markup in the dialog.
    tags = Tags()
    tags.feed(shown)
    assert not any(tag in ("iframe", "card-table", "script", "img") for tag, _ in tags.tags)


def test_without_a_game_only_a_fresh_deal_is_offered() -> None:
    table = Session(DictStorage())
    table.site = SITE_HREF
    panel = table.panel_html("embed", {}, "abyssinia")
    assert 'value="fixed" disabled' in panel and 'value="fresh" checked' in panel
    copied = table.command("embed-copy", "element")
    assert copied is not None and 'game="abyssinia"' in copied.copy and "seed" not in copied.copy


def test_replay_view_strip_names_every_control() -> None:
    view = ReplayView(ReplayStepper(random_match("avissinia", 3, 20)).replay, step=0)
    tags = Tags()
    tags.feed(view.html())
    buttons = [a for tag, a in tags.tags if tag == "button"]
    commands = {a.get("data-cmd") for a in buttons}
    assert {"replay-start", "replay-back", "replay-play", "replay-forward", "replay-end",
            "replay-deal", "replay-view", "replay-close"} <= commands
    start = next(a for a in buttons if a.get("data-cmd") == "replay-start")
    assert "disabled" in start  # nothing before the start
    assert json.dumps(view.display())  # JSON-able, as an observation is
