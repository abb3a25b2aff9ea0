"""The card type and option parsing shared by every game."""

from __future__ import annotations

import pytest

from pygame_core import CardError, OptionError, new_game, parse_card, parse_cards
from pygame_core.cards import ALL_CARDS, full_pack, short_pack


@pytest.mark.parametrize(
    ("text", "code", "pretty"),
    [("Q♣", "QC", "Q♣"), ("QC", "QC", "Q♣"), ("qc", "QC", "Q♣"), ("10H", "10H", "10♥"),
     ("TH", "10H", "10♥"), ("A♠", "AS", "A♠"), ("2d", "2D", "2♦")],
)
def test_card_reads_both_styles_and_writes_both(text: str, code: str, pretty: str) -> None:
    card = parse_card(text)
    assert card.code == code and str(card) == pretty
    assert parse_card(str(card)) == card == parse_card(card.code)


@pytest.mark.parametrize("text", ["", "1C", "QX", "Q", "11H", "QCC", "♣Q"])
def test_bad_card_text_is_a_clear_error(text: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        parse_card(text)


def test_packs() -> None:
    assert len(set(full_pack())) == 52 and len(ALL_CARDS) == 52
    short = short_pack()
    assert len(short) == 32 and min(c.rank for c in short) == parse_card("7C").rank


def test_card_spoken_name() -> None:
    assert parse_card("QC").name == "queen of clubs"
    assert parse_card("10H").name == "ten of hearts"


def test_parse_cards_accepts_a_string_or_a_list() -> None:
    assert parse_cards("QC, 10H 2S") == parse_cards(["QC", "10H", "2S"])


def test_options_from_url_text_are_coerced_and_validated() -> None:
    game = new_game("avissinia", seed=1, partnership="1", target="31")
    assert game.options.partnership is True and game.options.target == 31
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        new_game("avissinia", seed=1, colour="red")
    with pytest.raises(OptionError, match="true or false"):
        new_game("avissinia", seed=1, partnership="maybe")
    with pytest.raises(OptionError, match="dealer must be"):
        new_game("avissinia", seed=1, dealer=7)
    with pytest.raises(OptionError, match="52 cards"):
        new_game("avissinia", seed=1, deck=full_pack()[:51])


@pytest.mark.parametrize("seed", [-1, 2**63, "12", 1.5, True])
def test_bad_seed_is_refused(seed: object) -> None:
    with pytest.raises(OptionError, match="seed"):
        new_game("avissinia", seed=seed)  # type: ignore[arg-type]


def test_unknown_game_is_refused() -> None:
    with pytest.raises(OptionError, match="unknown game 'snap'"):
        new_game("snap", seed=1)


def test_every_value_the_start_form_offers_is_one_the_engine_accepts() -> None:
    """The form's limits and the engine's are one fact seen twice: a number option's lowest
    and highest values, and every choice, must start a game (Abyssinia's form offered
    1,000,000 chips while the engine refused seven digits)."""
    from pygame_core.registry import SPECS

    for name, spec in SPECS.items():
        for option in spec.form:
            values = ([str(option.low), str(option.high)] if option.kind == "number"
                      else [value for value, _ in option.choices])
            assert values, (name, option.name)
            for value in values:
                new_game(name, seed=1, **{option.name: value})  # raises OptionError if refused
            if option.kind == "number":
                for outside in (option.low - 1, option.high + 1):
                    with pytest.raises(OptionError):
                        new_game(name, seed=1, **{option.name: str(outside)})


def test_a_match_taken_up_part_way_starts_from_its_scores_and_refuses_impossible_ones() -> None:
    """The options ``scores`` (Avissinia) and ``pips_before``/``rams_before`` (Avinas): a
    match taken up part-way, as the lessons' last deal is; saved like any option."""
    from pygame_core import new_game
    from pygame_core.base import OptionError
    from pygame_core.saves import dumps, load

    game = new_game("avissinia", seed=3, scores=[44, 50, 38, 46])
    assert game.observation(0)["scores"] == [44, 50, 38, 46]
    assert load(dumps(game)).observation(0)["scores"] == [44, 50, 38, 46]
    assert new_game("avissinia", seed=3).observation(0)["scores"] == [0, 0, 0, 0]
    partners = new_game("avissinia", seed=3, partnership=True, scores="30,20")
    assert partners.observation(0)["side_scores"] == [30, 20]
    for wrong in ([1, 2], [61, 0, 0, 0], [-1, 0, 0, 0]):
        with pytest.raises(OptionError):
            new_game("avissinia", seed=3, scores=wrong)
    avinas = new_game("avinas", seed=3, pips_before=[0, 10], rams_before=[4, 0])
    assert avinas.observation(0)["pips"] == [0, 10] and avinas.observation(0)["rams"] == [4, 0]
    assert load(dumps(avinas)).observation(0)["pips"] == [0, 10]
    for wrong in ({"pips_before": [12, 0]}, {"rams_before": [1, 1]}):
        with pytest.raises(OptionError):
            new_game("avinas", seed=3, **wrong)
