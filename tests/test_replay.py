"""Replay links and the replay stepper (pygame_core/replay.py)."""

from __future__ import annotations

import base64
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import GAMES, new_game
from pygame_core import replay_coding as coding
from pygame_core.base import GameError
from pygame_core.opponents import make_opponent
from pygame_core.replay import (
    Replay,
    ReplayError,
    ReplayStepper,
    decode,
    decode_fragment,
    encode,
    fragment,
)


def random_match(name: str, seed: int, moves: int | None = None, **options: Any) -> Any:
    """A match of random legal moves (to the end, or for ``moves`` moves)."""
    game = new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def matches() -> dict[str, Any]:
    return {
        "avissinia": random_match("avissinia", 5),
        "avinas": random_match("avinas", 6, moves=400),
        "abyssinia": random_match("abyssinia", 7, moves=600, players=6),
    }


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_link_replays_the_same_moves_and_scores(matches: dict[str, Any], name: str) -> None:
    game = matches[name]
    replay = decode(encode(game))
    assert replay.game == name
    assert replay.seed == game.seed
    assert replay.options == game.options_dict()
    assert replay.actions == tuple(game.history)
    again = replay.final_game()
    assert again.full_state() == game.full_state()
    assert again.scores == game.scores


def test_the_link_carries_options_and_a_scripted_deck() -> None:
    game = new_game("avissinia", seed=3, partnership=True, target=21)
    assert decode(encode(game)).options == {"partnership": True, "target": 21}
    assert decode(encode(new_game("avinas", seed=9))).options == {}
    from pygame_core.cards import full_pack

    pack = [c.code for c in full_pack()]
    random.Random(1).shuffle(pack)
    fixed = new_game("avissinia", seed=4, deck=pack)
    fixed.apply(fixed.legal_actions()[0])
    back = decode(encode(fixed))
    assert back.options["deck"] == pack
    assert back.final_game().full_state() == fixed.full_state()


def test_forced_moves_cost_nothing_and_a_log_is_denser_than_a_byte_a_move(
    matches: dict[str, Any],
) -> None:
    game = matches["avinas"]
    assert len(encode(game)) < len(game.history)  # under a character a move
    # An empty log adds nothing to the header: version, flags, name, seed, no options,
    # a count of 0 and the 4-byte check.
    start = encode(new_game("avinas", seed=6))
    assert len(base64.urlsafe_b64decode(start + "==")) == 2 + 7 + 1 + 1 + 1 + 4


def test_the_fragment_round_trips_and_ignores_other_keys(matches: dict[str, Any]) -> None:
    game = matches["avissinia"]
    text = fragment(game)
    assert text.startswith("replay=")
    replay = decode_fragment("#other=1&" + text)
    assert replay is not None and replay.actions == tuple(game.history)
    assert decode_fragment("#game=avinas") is None
    assert decode_fragment("") is None


def reencode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda s: "", "empty"),
        (lambda s: s[: len(s) // 2], "cut short|damaged|altered"),
        (lambda s: s[:-1] + ("A" if s[-1] != "A" else "B"), "altered|damaged"),
        (lambda s: s[:5] + "%20" + s[5:], "do not belong"),
        (lambda s: "x" * 200_001, "too long"),
        (lambda s: reencode(bytes([9]) + base64.urlsafe_b64decode(s + "==")[1:]), "version 9"),
        (lambda s: reencode(bytes([0]) + base64.urlsafe_b64decode(s + "==")[1:]), "version 0"),
    ],
)
@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_damaged_link_says_what_is_wrong(
    matches: dict[str, Any], damage: Any, words: str, version: int
) -> None:
    import re

    link = encode(matches["avissinia"], version=version)
    with pytest.raises(ReplayError, match=re.compile(words, re.I)):
        decode(damage(link))


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_link_with_a_valid_check_but_bad_contents_is_refused(version: int) -> None:
    """A forged check (recomputed after the edit) still cannot smuggle in a bad match."""
    from pygame_core import replay as codec

    def forge(body: bytes) -> str:
        head = bytes((version, 0))
        return reencode(head + body + codec._check(head, body))

    name = b"avinas"
    good = codec._varint(len(name)) + name + codec._varint(1) + codec._varint(2) + b"{}"
    with pytest.raises(ReplayError, match="game this site does not have"):
        decode(forge(b"\x05chess" + good[7:]))
    with pytest.raises(ReplayError, match="settings"):
        opts = b'{"target":0}'
        decode(forge(codec._varint(9) + b"avissinia" + b"\x01" + codec._varint(len(opts))
                     + opts + b"\x00"))
    with pytest.raises(ReplayError, match="more than its moves"):
        decode(forge(good + codec._varint(0) + b"\x05"))
    short = codec._varint(9) + b"avissinia" + codec._varint(1) + codec._varint(0)
    # An empty log: the first moves only, over within 500; version 3 sees sooner that the
    # code cannot hold 5,000 moves.
    with pytest.raises(ReplayError, match=r"ends after|fewer moves than it says"):
        decode(forge(short + codec._varint(5_000)))
    with pytest.raises(ReplayError, match="claims 50,001 moves"):
        decode(forge(short + codec._varint(codec.MAX_ACTIONS + 1)))
    with pytest.raises(ReplayError, match="out of range"):
        decode(forge(short + b"\xff" * 10))


# Options nested 20,000 deep: Python's JSON reader recursed until Pyodide died.
NESTED_OPTIONS_LINK = ("AgHtwaENACAMADBmeBI1icEs4RoEp_IGom3PPVdW3BMDAAAAAAAAAAAAAAAAAAAAAAAAgC"
                       "-0B6TskxY")


def forged_link(name: str, options: bytes, count: int, log: bytes, version: int = 3) -> str:
    """A link with a valid check, as anyone can write one."""
    from pygame_core import replay as codec

    body = b"".join((codec._varint(len(name)), name.encode(), codec._varint(7),
                     codec._varint(len(options)), options, codec._varint(count), log))
    head = bytes((version, 0))
    return reencode(head + body + codec._check(head, body))


def test_a_replay_links_options_are_read_with_limits_and_as_data() -> None:
    with pytest.raises(ReplayError, match="nests deeper"):
        decode(NESTED_OPTIONS_LINK)
    # Options are checked against the game's own, never passed as keyword arguments.
    for options in (b'{"seed":1}', b'{"name":"x"}', b'{"players":2}'):
        with pytest.raises(ReplayError, match="settings this site does not accept"):
            decode(forged_link("avissinia", options, 0, b""))
    with pytest.raises(ReplayError, match="not valid JSON"):
        decode(forged_link("avinas", b'{"target": NaN}', 0, b""))
    # The game's options in its own spelling, whatever spelling the link used.
    assert decode(forged_link("avissinia", b'{"partnership":"1"}', 0, b"")).options == {
        "partnership": True}


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("log", [b"\xff" * 8, b"\x00" * 8, b"\x55" * 40])
def test_a_version_3_link_that_claims_more_moves_than_its_code_holds_is_refused_at_once(
    name: str, log: bytes
) -> None:
    """Garbage decodes to moves for as long as a count says; version 3 notices the decoder
    reading past its code long before, instead of playing up to 50,000 moves first."""
    from pygame_core import replay as codec

    seen: list[int] = []
    original = codec._play

    def counting(game: Any, number: int, action: str) -> None:
        seen.append(number)
        original(game, number, action)

    codec._play = counting  # type: ignore[assignment]
    try:
        with pytest.raises(ReplayError, match=r"fewer moves than it says|ends after"):
            decode(forged_link(name, b"", codec.MAX_ACTIONS, log))
    finally:
        codec._play = original  # type: ignore[assignment]
    assert len(seen) < 3_000


def test_encoding_an_illegal_log_is_refused() -> None:
    with pytest.raises(ReplayError, match="move 1"):
        encode(Replay("avinas", {}, 1, ("play 7H",)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_text_gives_a_replay_or_a_replay_error(text: str) -> None:
    try:
        replay = decode(text)
    except ReplayError:
        return
    assert isinstance(replay, Replay)


def played_match(name: str, seed: int, moves: int, level: str = "easy", **options: Any) -> Any:
    """``moves`` moves of a match played by the computer at ``level`` in every seat."""
    game = new_game(name, seed=seed, **options)
    players = [make_opponent(name, level, s, seed) for s in range(game.num_players)]
    while not game.is_over and len(game.history) < moves:
        seat = game.current_player
        game.apply(players[seat].decide(game.observation(seat)))
    return game


_LINK = encode(random_match("avissinia", 11, moves=120))
_LINKS = [
    _LINK,
    encode(random_match("avissinia", 11, moves=120), version=1),
    encode(played_match("abyssinia", 12, 300, players=5)),
    encode(random_match("abyssinia", 13, moves=200, players=3)),
    encode(random_match("avinas", 14, moves=150)),
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(_LINKS),
    st.lists(
        st.tuples(st.integers(0, len(_LINK)), st.sampled_from(["flip", "drop", "insert"]),
                  st.sampled_from(list("AZaz09-_Qw"))),
        min_size=1, max_size=4,
    )
)
def test_an_edited_link_is_refused(link: str, edits: Any) -> None:
    chars = list(link)
    for at, kind, char in edits:
        at = min(at, len(chars) - 1) if chars else 0
        if kind == "flip" and chars:
            chars[at] = char
        elif kind == "drop" and chars:
            del chars[at]
        else:
            chars.insert(at, char)
    edited = "".join(chars)
    if edited == link:  # the edits undid each other
        return
    with pytest.raises(ReplayError):
        decode(edited)


@pytest.mark.parametrize("link", _LINKS)
def test_every_cut_of_a_link_is_refused(link: str) -> None:
    for end in range(len(link)):
        with pytest.raises(ReplayError):
            decode(link[:end])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_LINKS[2:]), st.data())
def test_a_forged_log_gives_a_replay_or_a_replay_error(link: str, data: Any) -> None:
    """Damage behind a recomputed check (so only the decoding itself can notice): the
    decoder never fails otherwise, never hangs, and gives back only what it would write."""
    from pygame_core import replay as codec

    raw = base64.urlsafe_b64decode(link + "==")
    head, body = raw[:2], raw[2:-codec.CHECK_BYTES]
    assert head[1] == 0  # not deflated: the body is the plain one
    at = data.draw(st.integers(len(body) - 12, len(body)))  # within the log
    kind = data.draw(st.sampled_from(["flip", "cut", "extend"]))
    if kind == "flip" and at < len(body):
        body = body[:at] + bytes([body[at] ^ data.draw(st.integers(1, 255))]) + body[at + 1:]
    elif kind == "cut":
        body = body[:at]
    else:
        body = body[:at] + data.draw(st.binary(min_size=1, max_size=4)) + body[at:]
    try:
        replay = decode(reencode(head + body + codec._check(head, body)))
    except ReplayError:
        return
    assert encode(replay) == reencode(head + body + codec._check(head, body))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 2**63 - 1), st.integers(0, 150))
def test_every_game_round_trips_any_seed(name: str, seed: int, moves: int) -> None:
    game = random_match(name, seed, moves=moves)
    for version in (1, 2, 3):
        assert decode(encode(game, version=version)) == Replay.of(game)


# --- versions ---------------------------------------------------------------------------------
# Links written by earlier copies of the site, with the moves they hold: (game, options,
# seed, moves of ``random_match`` or ``played_match``, the link).  They must keep opening.
OLD_LINKS = [
    ("avissinia", {"partnership": True}, 21, 60,
     "AQAJYXZpc3NpbmlhFRR7InBhcnRuZXJzaGlwIjp0cnVlfTyLVvhiKs2XGoR1SwCHRNb7w5I"),
    ("abyssinia", {"players": 3}, 22, 80,
     "AQAJYWJ5c3NpbmlhFg17InBsYXllcnMiOjN9UP3gS8bcpb35Bi7vYhnuB_xkoZs"),
    ("avinas", {}, 23, 70, "AQAGYXZpbmFzFwBGftEJfR3ojiajKHTlEMENVIE"),
    ("avissinia", {"partnership": True}, 21, 60,
     "AgAJYXZpc3NpbmlhFRR7InBhcnRuZXJzaGlwIjp0cnVlfTxFYooJnmx1TYFglsXdCzyAdQvlFw"),
    ("abyssinia", {"players": 3}, 22, 80,
     "AgAJYWJ5c3NpbmlhFg17InBsYXllcnMiOjN9UAXrYQWRATPEuVyUteqC-UmHHMVjC5h7lP3boUY"),
    ("avinas", {}, 23, 70, "AgAGYXZpbmFzFwBGsEpsblnJWJ1tjd3eIBmACIpuKA"),
    ("avissinia", {"partnership": True}, 21, 60,
     "AwAJYXZpc3NpbmlhFRR7InBhcnRuZXJzaGlwIjp0cnVlfTxFYooJnmx1TYFglsXdCzyAARlU5g"),
    ("abyssinia", {"players": 3}, 22, 80,
     "AwAJYWJ5c3NpbmlhFg17InBsYXllcnMiOjN9UAXrYQWRATPEuVyUteqC-UmHHMVjC5h7lK14HIQ"),
    ("avinas", {}, 23, 70, "AwAGYXZpbmFzFwBGsEpsblnJWJ1tjd3eIBmA1PfizQ"),
]
PLAYED_LINKS = [  # version 2, a match of the easy and of the medium level (400 moves)
    ("easy", "AgAJYWJ5c3NpbmlhHwCQAwAGAd1PHmE1S8C1shEa3OCi47e7"),
    ("medium", "AgAJYWJ5c3NpbmlhHwCQA1VTgaJQwzHyaYsYAxyBgA"),
]


@pytest.mark.parametrize(("name", "options", "seed", "moves", "link"), OLD_LINKS)
def test_links_of_every_version_still_open_and_are_still_written(
    name: str, options: dict[str, Any], seed: int, moves: int, link: str
) -> None:
    game = random_match(name, seed, moves=moves, **options)
    assert decode(link) == Replay.of(game)
    # Written the same way again: a change of the coder or of a model would change the
    # meaning of every link already shared, so it needs a new version instead.
    assert encode(game, version=base64.urlsafe_b64decode(link[:4])[0]) == link


@pytest.mark.parametrize(("level", "link"), PLAYED_LINKS)
def test_a_match_the_predictor_foresees_costs_almost_nothing(level: str, link: str) -> None:
    game = played_match("abyssinia", 31, 400, level=level, players=4)
    assert decode(link) == Replay.of(game)
    assert encode(game, version=2) == link  # the frozen predictor has not moved
    assert len(link) * 2 < len(encode(game, version=1))  # the header is most of it


def test_the_coder_round_trips_any_symbols() -> None:
    rng = random.Random(5)
    for _ in range(50):
        steps = []
        for _ in range(rng.randrange(0, 300)):
            total = rng.randrange(1, coding.MAX_TOTAL)
            low = rng.randrange(total)
            steps.append((low, rng.randrange(low + 1, total + 1), total))
        for keep_zeros in (False, True):
            encoder = coding.Encoder()
            for step in steps:
                encoder.code(*step)
            data = encoder.finish(keep_zeros)
            if not keep_zeros:
                assert not data or data[-1]  # the shortest spelling: no trailing zero byte
            decoder = coding.Decoder(data)
            for low, high, total in steps:
                assert low <= decoder.target(total) < high
                decoder.take(low, high, total)
                # A code that keeps its zeros holds every bit its symbols need.
                assert not keep_zeros or not decoder.overrun()


def test_the_predictors_arithmetic_is_exact() -> None:
    import math

    for x in [0.0, -0.1, -0.25, -1.0, -3.7, -12.5, -39.9]:
        assert coding._exp(x) == pytest.approx(math.exp(x), rel=1e-8)
    assert coding._exp(0.0) == 1.0
    assert coding._exp(-40.0) == coding._exp(-100.0) == 0.0  # a share of nothing


# --- the stepper --------------------------------------------------------------------------
def test_each_step_matches_the_engine(matches: dict[str, Any]) -> None:
    game = matches["avissinia"]
    stepper = ReplayStepper(decode(encode(game)))
    fresh = new_game("avissinia", seed=game.seed)
    states = [fresh.full_state()]
    for action in game.history:
        fresh.apply(action)
        states.append(fresh.full_state())
    assert stepper.steps == len(game.history)
    for step in range(stepper.steps + 1):  # forward
        assert stepper.go(step).full_state() == states[step]
    for step in range(stepper.steps, -1, -7):  # back, across checkpoints
        stepper.go(step)
        assert stepper.state().full_state() == states[step]
    stepper.go(40)
    assert stepper.back().full_state() == states[39]
    assert stepper.forward().full_state() == states[40]
    assert stepper.go(10**6).full_state() == states[-1]
    assert stepper.go(-5).full_state() == states[0]


def test_deal_starts_and_jumps(matches: dict[str, Any]) -> None:
    game = matches["avinas"]
    stepper = ReplayStepper(game)
    assert stepper.deal_starts[0] == 0
    assert stepper.deals == game.deals_finished + (0 if game.is_over else 1)
    for deal, start in enumerate(stepper.deal_starts):
        state = stepper.jump_to_deal(deal)
        assert stepper.step == start
        assert state.deals_finished == deal
        first, last = stepper.deal_range(deal)
        assert stepper.jump_to_deal(deal, end=True) is not None and stepper.step == last
        assert stepper.deal_of() == deal
        if deal:
            assert stepper.deal_of(first + 1) == deal
            assert stepper.deal_of(first) == deal - 1  # a deal's last step shows its summary
    with pytest.raises(ReplayError, match="no deal"):
        stepper.jump_to_deal(stepper.deals)
    # The link to one finished deal: the match up to its end.
    end = stepper.deal_range(1)[1]
    cut = decode(encode(stepper.replay.up_to(end)))
    assert cut.actions == tuple(game.history[:end])
    assert ReplayStepper(cut).go(end).full_state() == stepper.go(end).full_state()


def test_the_view_shows_every_hand_or_only_the_chosen_seat(matches: dict[str, Any]) -> None:
    game = matches["avissinia"]
    stepper = ReplayStepper(game)
    stepper.go(3)
    state = stepper.state()
    open_view = stepper.view(seat=2, face_up=True)
    assert open_view["seat"] == 2 and open_view["legal"] == []
    assert open_view["face_up"] == state.full_state()["hands"]
    assert open_view["replay"]["step"] == 3
    closed = stepper.view(seat=2, face_up=False)
    assert "face_up" not in closed
    assert closed["hand"] == state.full_state()["hands"][2]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_shows_its_hands_face_up(matches: dict[str, Any], name: str) -> None:
    stepper = ReplayStepper(matches[name])
    stepper.go(5)
    hands = stepper.view(face_up=True)["face_up"]
    assert len(hands) == stepper.state().num_players
    assert all(isinstance(c, str) for hand in hands for c in hand)
    assert any(hands)


def test_a_stepper_refuses_a_bad_log() -> None:
    with pytest.raises(ReplayError, match="move 1"):
        ReplayStepper(Replay("avissinia", {}, 1, ("trail 2C", "bogus")))
    assert issubclass(ReplayError, GameError)


def test_a_tally_plus_a_card_is_the_tally_of_the_larger_hand() -> None:
    from pygame_core.cards import full_pack

    rng = random.Random(8)
    for _ in range(2_000):
        pack = full_pack()
        rng.shuffle(pack)
        cut = rng.randrange(0, 4)
        hand, card = pack[:cut], pack[cut]
        if rng.random() < 0.5 and hand:  # a flush draw now and then
            hand = [c for c in full_pack() if c.suit == 2][:cut]
            card = next(c for c in full_pack() if c.suit == 2 and c not in hand)
        counter = coding._Counter(pack[10:])
        assert counter.plus(counter.tally(hand), card) == counter.tally([*hand, card])
        assert counter.value(counter.tally([*hand, card])) == counter.both([*hand, card])
