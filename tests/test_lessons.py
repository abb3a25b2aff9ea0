"""The lessons (``pygame_core.lessons``): each game's script is a real game on its
scripted deck that reaches every rule on its list, asks only for legal plays, and ends.
Each rule a step names is checked in play, from the engine's state, by ``CHECKS``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pygame_core.base import IllegalActionError
from pygame_core.lessons import HUMAN, LESSON_MODULES, Lesson, LessonRun, cards_of, lesson_for
from pygame_core.lessons import abyssinia as aby
from pygame_core.lessons import avinas as avi
from pygame_core.lessons import avissinia as avs

GAMES = sorted(LESSON_MODULES)


class Seen:
    """A step as played: the state when it was shown, and after its play (if any)."""

    def __init__(self, run: LessonRun, before: dict[str, Any], after: dict[str, Any],
                 move: str | None, legal: list[str]) -> None:
        self.run, self.before, self.after, self.move = run, before, after, move
        self.legal = legal  # the human's legal actions when the step was shown


Check = Callable[[Seen], None]


def follow(lesson: Lesson, check: Callable[[Seen, str], None] | None = None) -> LessonRun:
    """Play a lesson through as the page does: the others move when the lesson lets them,
    the asked-for play is made at each step that asks for one, Next at the others."""
    run = LessonRun(lesson)
    game = run.game
    for _ in range(2000):
        if run.done:
            break
        while run.others_to_move():
            run.play_other()
        step = run.step
        assert step is not None and run.showing()
        before = game.full_state()
        legal = list(game.observation(HUMAN)["legal"])
        if step.move is not None:
            assert game.current_player == HUMAN, step.text
            assert step.move in game.observation(HUMAN)["legal"], step.text
            run.play(step.move)
        else:
            assert run.next()
        for rule in step.rules:
            if check is not None:
                check(Seen(run, before, game.full_state(), step.move, legal), rule)
    assert run.done
    return run


def run_checks(checks: dict[str, Check]) -> Callable[[Seen, str], None]:
    def check(seen: Seen, rule: str) -> None:
        checks[rule](seen)
    return check


# --- Avissinia ------------------------------------------------------------------------
def _centre_capture(seen: Seen) -> None:
    assert seen.move is not None and seen.move.endswith(" centre")
    card = seen.move.split()[1]
    assert seen.before["centre"][-1][:-1] == card[:-1]
    taken = len(seen.before["centre"]) - len(seen.after["centre"])
    assert taken >= 1 and seen.after["piles"][HUMAN][-1] == card


def _pile_capture(seen: Seen) -> None:
    # The rule text's example: on a pile ending 4-7-7 a 7 takes the 7-7 and leaves the 4.
    assert seen.move == "capture 7C pile 1"
    west_before, west_after = seen.before["piles"][1], seen.after["piles"][1]
    assert [c[:-1] for c in west_before[-3:]] == ["4", "7", "7"]
    assert west_after == west_before[:-2] and west_after[-1][:-1] == "4"
    assert seen.after["piles"][HUMAN][-3:] == [*west_before[-2:], "7C"]


def _add(seen: Seen) -> None:
    assert seen.move is not None and seen.move.startswith("add ")
    assert seen.after["piles"][HUMAN] == [*seen.before["piles"][HUMAN], seen.move.split()[1]]
    assert seen.after["centre"] == seen.before["centre"]


def _trail(seen: Seen) -> None:
    assert seen.move is not None and seen.move.startswith("trail ")
    assert seen.after["centre"] == [*seen.before["centre"], seen.move.split()[1]]


def _second_six(seen: Seen) -> None:
    assert seen.before["deal"] == 2 and seen.before["stock"] == 0
    assert seen.before["hand_counts"] == [6, 6, 6, 6]


def _round_scoring(seen: Seen) -> None:
    record = seen.before["rounds"][0]
    for seat in range(4):  # every card 1, a jack 3
        cards, jacks = record["cards"][seat], record["jacks"][seat]
        assert record["points"][seat] == cards - jacks + 3 * jacks
    assert record["points"][HUMAN] == 19 and record["jacks"][HUMAN] == 0
    assert record["cards"][3] == 8 and record["jacks"][3] == 4 and record["points"][3] == 16


def _race(seen: Seen) -> None:
    # The match was taken up at 44, 50, 38 and 46: this round takes you and East past 61
    # together, and the higher score wins it.
    assert seen.run.lesson.options["scores"] == [44, 50, 38, 46]
    assert seen.before["target"] == 61 and seen.before["is_over"]
    assert seen.before["scores"] == [63, 52, 38, 62] and seen.before["deals_finished"] == 1
    assert seen.run.game.winners == [HUMAN]


def _partnership(seen: Seen) -> None:
    from pygame_core.engines import new_game

    options = {k: v for k, v in avs.LESSON.options.items() if k != "scores"}  # 4 sides'
    game = new_game("avissinia", seed=1, partnership=True, **options)
    run = LessonRun(avs.LESSON, game)  # the same deal, played as partners
    while not game.deals_finished:
        if run.others_to_move():
            run.play_other()
        else:
            game.apply(game.legal_actions()[0])
    points = game.rounds[0]["points"]
    assert game.scores == [points[0] + points[2], points[1] + points[3]] * 2


AVISSINIA: dict[str, Check] = {
    avs.CENTRE_CAPTURE: _centre_capture, avs.PILE_CAPTURE: _pile_capture, avs.ADD: _add,
    avs.TRAILING: _trail, avs.SECOND_SIX: _second_six, avs.SCORING: _round_scoring,
    avs.RACE: _race, avs.PARTNERSHIP: _partnership,
}


# --- Abyssinia ------------------------------------------------------------------------
def _ante(seen: Seen) -> None:
    assert seen.before["pot"] == 3 and seen.before["paid"] == [1, 1, 1]
    assert seen.before["chips"] == [99, 99, 99]


def _market(seen: Seen) -> None:
    market = [m["card"] for m in seen.before["market"]]
    bought = seen.after["hands"][HUMAN][-1]
    assert seen.move == "buy blind" and bought not in market
    assert market == [m["card"] for m in seen.after["market"]]  # the market stays
    assert bought == "AD" and seen.after["chips"][HUMAN] == seen.before["chips"][HUMAN] - 4


def _check(seen: Seen) -> None:
    assert seen.move == "check" and seen.before["outstanding"] == 0
    assert seen.after["pot"] == seen.before["pot"]


def _bet(seen: Seen) -> None:
    # Ada's bet that this step answers: the round's outstanding amount was 1.
    assert seen.before["outstanding"] == 1 and seen.before["raises"] == 0


def _call(seen: Seen) -> None:
    assert seen.move == "call"
    assert seen.after["pot"] == seen.before["pot"] + 1


def _raise(seen: Seen) -> None:
    assert seen.move == "raise" and seen.before["raises"] == 2
    assert seen.after["raises"] == 3 and seen.after["current_player"] == 1
    assert seen.run.game.observation(1)["legal"] == ["call", "fold"]  # no fourth raise


def _fold(seen: Seen) -> None:
    assert seen.before["status"][2] == "folded" and seen.before["hands"][2] == \
        ["KD", "JC", "QH"]


def _five_rounds(seen: Seen) -> None:
    assert seen.before["round"] == 5 and seen.after["deals_finished"] == 1
    record = seen.after["deals"][0]
    assert [len(h) for h in record["hands"]] == [5, 5, 3]


def _high_low(seen: Seen) -> None:
    record = seen.before["deals"][0]
    assert record["high_winners"] == [1] and record["high_hand"] == "three nines"
    assert record["low_winners"] == [HUMAN] and record["low_hand"] == "seven-five low"


def _split(seen: Seen) -> None:
    record = seen.before["deals"][0]
    assert record["pot"] == 41 and record["high_share"][1] == 21
    assert record["low_share"][HUMAN] == 20


ABYSSINIA: dict[str, Check] = {
    aby.ANTE: _ante, aby.MARKET: _market, aby.CHECKING: _check, aby.BETTING: _bet,
    aby.CALLING: _call, aby.RAISING: _raise, aby.FOLDING: _fold,
    aby.FIVE_ROUNDS: _five_rounds, aby.HIGH_LOW: _high_low, aby.SPLIT: _split,
}


# --- Avinas -----------------------------------------------------------------------------
def _cards_and_rankings(seen: Seen) -> None:
    from pygame_core.avinas import card_strength

    dealt = [c for hand in seen.before["dealt"] for c in hand]
    assert len(set(dealt)) == 32 and seen.before["hand_counts"] == [8, 8, 8, 8]
    assert {c[:-1] for c in dealt} == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    hearts = 2  # trumps as the lesson's first hand has them, high to low
    trumps = cards_of("QC 7H QS QH QD JC JS JH JD AH 10H KH 9H 8H")
    strengths = [card_strength(c, hearts) for c in trumps]
    assert strengths == sorted(strengths, reverse=True)
    plain = [card_strength(c, hearts) for c in cards_of("AS 10S KS 9S 8S 7S")]
    assert plain == sorted(plain, reverse=True) and max(plain) < min(strengths)


def _specials(seen: Seen) -> None:
    assert seen.before["dealt"][1][3] == "7S" and seen.before["dealt"][HUMAN][7] == "7H"
    shown = {(e["seat"], e["card"]) for e in seen.before["exposed"]}
    assert {(1, "7S"), (HUMAN, "7H")} <= shown and seen.before["sevens"] == 2


def _declarer(seen: Seen) -> None:
    assert seen.before["declarer"] == HUMAN and seen.before["trump"] == "H"
    assert seen.before["kind"] == "sevens"


def _knock(seen: Seen) -> None:
    assert seen.legal == ["knock", "no knock"] and seen.move == "knock"
    assert seen.after["knock"] == HUMAN and seen.after["phase"] == "knock back"


def _only_trumps(seen: Seen) -> None:
    """Only trumps were legal, though the hand held a plain card too."""
    from pygame_core.avinas import is_trump
    from pygame_core.cards import parse_card

    hand = seen.before["hands"][HUMAN]
    trumps = [f"play {c}" for c in hand if is_trump(parse_card(c), 2)]
    assert sorted(seen.legal) == sorted(trumps) and len(trumps) < len(hand)


def _trump_lead(seen: Seen) -> None:
    assert seen.before["trick_number"] == 1 and seen.before["trick"] == []
    _only_trumps(seen)
    assert seen.move == "play JH" and seen.after["trick"][0] == {"seat": 0, "card": "JH"}


def _face_down(seen: Seen) -> None:
    assert seen.before["facedown"] and seen.before["trick_number"] == 2
    assert seen.before["trick"][0] == {"seat": 2, "card": "AS"}
    assert seen.before["signal"] == 1 and seen.before["signal_from"] == 2


def _following(seen: Seen) -> None:
    assert seen.before["facedown"] and seen.move == "play QS"  # followed as a trump lead
    _only_trumps(seen)


def _no_sevens(seen: Seen) -> None:
    record = seen.after["hand_history"][2]
    assert record["kind"] == "no sevens" and record["declarer"] == HUMAN
    assert record["bid"] == 5 and record["declarer_trumps"] >= 5
    assert record["stopped_after"] == 5 and record["declarer_won"]
    assert record["points"][0] >= 61


def _card_points(seen: Seen) -> None:
    record = seen.before["hand_history"][0]
    assert record["points"] == [120, 0]


def _rams(seen: Seen) -> None:
    first, second = seen.before["hand_history"][:2]
    assert first["knock"] == HUMAN and first["tricks"] == [8, 0] and first["declarer_won"]
    assert first["rams"] == {"side": 1, "scored": 4, "cancelled": 0, "written": 4}
    assert second["kind"] == "sevens" and second["declarer"] == 1 and second["declarer_won"]
    assert second["rams"] == {"side": 0, "scored": 2, "cancelled": 2, "written": 0}
    assert seen.before["rams"] == [0, 2]


def _pips(seen: Seen) -> None:
    record = seen.before["hand_history"][2]
    assert record["points"][1] == 5 and record["pips"] == [0, 2]
    # Taken up with East-West at 10 pips: never cancelled, they add up to 12.
    assert seen.before["pips"] == [0, 12] and seen.before["rams"] == [0, 2]


def _match_end(seen: Seen) -> None:
    # East-West reached 12 pips and You & North have none: the match is over, won by you.
    assert seen.before["pip_target"] == 12 and seen.before["is_over"]
    assert seen.before["pips"] == [0, 12] and seen.run.game.winners == [0, 2]


AVINAS: dict[str, Check] = {
    avi.CARDS: _cards_and_rankings, avi.SPECIALS: _specials, avi.DECLARER: _declarer,
    avi.KNOCKING: _knock, avi.TRUMP_LEAD: _trump_lead, avi.FACE_DOWN: _face_down,
    avi.FOLLOWING: _following, avi.NO_SEVENS: _no_sevens,
    avi.CARD_POINTS: _card_points, avi.RAMS: _rams, avi.PIPS: _pips,
    avi.MATCH_END: _match_end,
}

CHECKS: dict[str, dict[str, Check]] = {
    "avissinia": AVISSINIA, "abyssinia": ABYSSINIA, "avinas": AVINAS}


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_on_the_list_is_shown_and_checked(game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    assert lesson.shown_rules() == list(lesson.rules) or \
        sorted(lesson.shown_rules()) == sorted(lesson.rules)
    assert set(CHECKS[game]) == set(lesson.rules)
    follow(lesson, run_checks(CHECKS[game]))


@pytest.mark.parametrize("game", GAMES)
def test_each_step_is_one_or_two_sentences_and_each_play_says_why(game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    for step in lesson.steps:
        assert 1 <= step.text.count(". ") + 1 <= 3 and len(step.text) <= 240, step.text
        assert (step.why != "") == (step.move is not None), step.text


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_is_the_same_every_time(game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    assert follow(lesson).game.history == follow(lesson).game.history


@pytest.mark.parametrize("game", GAMES)
def test_no_play_a_lesson_asks_for_is_one_the_coach_marks(game: str) -> None:
    """The coach note is on during lessons: it must never tell a learner off for the play
    the lesson asked for (the coach's analysis is seeded by the position, so this is what
    the page would say)."""
    coach = pytest.importorskip("pygame_core.coach")
    from pygame_core.slices import drive

    lesson = lesson_for(game)
    assert lesson is not None
    run = LessonRun(lesson)
    marked = []
    while not run.done:
        while run.others_to_move():
            run.play_other()
        step = run.step
        assert step is not None
        if step.move is None:
            run.next()
            continue
        note, _ = drive(coach.note_work(game, run.game.observation(HUMAN), step.move))
        if note:
            marked.append((step.move, note))
        run.play(step.move)
    assert marked == []


def test_the_lesson_refuses_any_other_play() -> None:
    run = LessonRun(avs.LESSON)
    run.next()
    run.next()
    step = run.step
    assert step is not None and step.move == "capture 9C centre"
    other = next(a for a in run.game.observation(HUMAN)["legal"] if a != step.move)
    with pytest.raises(IllegalActionError):
        run.play(other)
    assert not run.next()  # a step that asks for a play is not read past
    run.play(step.move)
    assert run.index == 3


# --- the lessons at the page's table (the session, under CPython) ------------------------
def _session() -> Any:
    from pygame_core.session.commands import Session
    from pygame_core.session.storage import DictStorage

    return Session(DictStorage(), pace=0, stamp=lambda: "2026-12-06T18:00:00Z")


def _through(session: Any, limit: int = 200) -> list[str]:
    """Follow the lesson shown as a player clicking only its buttons would; returns what
    was sent to the live region."""
    import re

    said: list[str] = []
    for _ in range(limit):
        if session.lesson_state() != "on":
            break
        while session.waiting_for_computer():
            said += session.step().announce
        page = session.html()
        step = session.lesson.step
        if step.place != "table":  # the part the step speaks of is marked on the table
            assert page.count("data-lesson-place") == 1, (step.place, step.text)
        asked = re.search(r'data-action="([^"]*)" data-lesson-move', page)
        if asked:
            assert page.count("data-lesson-mark") >= 1  # the table's own element, marked
            effects = session.human_play(asked.group(1))
        else:
            assert "data-lesson-next" in page
            effects = session.command("lesson-next")
        assert effects.draw
        said += effects.announce
    return said


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_is_played_to_its_end_at_the_table(game: str) -> None:
    session = _session()
    said = session.start_from_address([("learn", game), ("speed", "0")]).announce
    assert session.lesson_state() == "on" and session.address({}) == f"learn={game}"
    lesson = lesson_for(game)
    assert lesson is not None
    said += _through(session)
    assert session.lesson_state() == "done"
    assert 'data-cmd="lesson-off"' in session.html()
    for number, step in enumerate(lesson.steps, 1):  # every step read out, in order
        assert sum(line.startswith(f"Step {number} of ") and step.text in line
                   for line in said) == 1
    # Nothing was saved while the lesson ran; the deal is saved once it is over.
    assert session.saved.store.get(session.keys.current) is not None
    assert session.game.history == follow(lesson).game.history[:len(session.game.history)]


def test_a_lesson_keeps_the_game_in_progress_and_leaving_returns_to_it() -> None:
    session = _session()
    session.new_deal("avissinia", {}, ["easy"] * 3, seed=5)
    session.human_play(session.game.observation(HUMAN)["legal"][0]) \
        if session.my_turn() else session.step()
    before = session.saved.store.get(session.keys.current)
    session.command("lesson", "abyssinia")
    assert session.lesson_state() == "on" and session.game.NAME == "abyssinia"
    assert 'data-lesson-next' in session.html() and "Restart" in session.html()
    session.command("lesson-next")
    assert session.saved.store.get(session.keys.current) == before
    session.command("lesson-leave")
    assert session.screen == "start" and session.game is not None
    assert session.game.NAME == "avissinia" and session.lesson is None
    assert "Continue Avissinia" in session.html()


def test_a_lesson_refuses_other_plays_restarts_and_can_be_switched_off() -> None:
    session = _session()
    session.command("lesson", "avissinia")
    coach_on = getattr(session, "coach_note_on", None)  # the coach's switch, where merged
    assert coach_on is None or coach_on()  # the coach note is on during a lesson
    assert session.human_play("trail 9C").say.startswith("In this lesson")
    assert session.command("hint").say.startswith("In a lesson")
    assert not session.undo_available()
    for _ in range(2):
        session.command("lesson-next")
    assert session.lesson.index == 2
    session.command("lesson-restart")
    assert session.lesson.index == 0 and not session.game.history
    session.command("lesson-next")
    session.command("lesson-next")
    session.human_play("capture 9C centre")
    effects = session.command("lesson-off")
    assert session.lesson is None and effects.draw and effects.schedule_ms is not None
    assert coach_on is None or not coach_on()  # back to the player's setting: off
    assert all(o.level != "lesson" for o in session.opponents.values())
    assert "data-lesson" not in session.html() and session.lesson_state() == ""
    assert session.saved.store.get(session.keys.current) is not None


def test_the_lessons_commands_do_nothing_outside_a_lesson() -> None:
    session = _session()
    session.new_deal("avinas", {}, ["easy"] * 3, seed=9)
    history = list(session.game.history)
    for name in ("lesson-next", "lesson-leave", "lesson-off", "lesson-restart"):
        effects = session.command(name)
        assert effects is not None and not effects.draw
    assert session.game.NAME == "avinas" and session.game.history == history
    assert session.screen == "table" and session.lesson is None
    session.command("lesson", "chess")  # a lesson that is not there: said on the start screen
    assert session.screen == "start" and "There is no lesson" in session.html()


def test_the_start_screen_offers_a_lesson_per_game_and_bad_links_say_why() -> None:
    session = _session()
    session.start_from_address([])
    page = session.html()
    assert "Learn to play" in page
    for game in GAMES:
        assert f'data-cmd="lesson" data-key="{game}"' in page
    session = _session()
    session.start_from_address([("learn", "poker")])
    assert session.lesson is None and "no lesson for &#x27;poker" in session.html()
    session = _session()
    session.start_from_address([("learn", "avinas"), ("learn", "avinas")])
    assert session.lesson is None and "twice" in session.html()
