"""Which void reasons each game knows, and the English the engine writes about named sides."""

from __future__ import annotations

import pytest

from scoring import (
    PRESETS,
    VOID_REASONS,
    Deal,
    InvalidDeal,
    InvalidRuleset,
    get_ruleset,
    score_deal,
)
from scoring.words import possessive

TWO_HAND = (
    "klaberjass",
    "klaberjass-hang",
    "klabberjass-100",
    "zensa",
    "derda",
    "bulka",
    "clob",
    "klabberjass-belote",
    "bela-100",
)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_schmeiss_is_a_two_hand_games_and_every_game_knows_a_pass_and_a_misdeal(preset):
    reasons = PRESETS[preset].void_reasons
    assert ("schmeiss" in reasons) == (preset in TWO_HAND)
    assert {"passed", "misdeal"} <= set(reasons) <= set(VOID_REASONS)


def test_evansville_clabber_has_no_schmeiss_whatever_its_house_rules():
    assert "schmeiss" not in get_ruleset("clabber", target=1000, tie_rule="own").void_reasons


def test_void_reasons_are_not_a_house_rule_and_unknown_ones_are_refused():
    with pytest.raises(InvalidRuleset, match="cannot be changed"):
        get_ruleset("clabber", void_reasons=("schmeiss",))
    with pytest.raises(InvalidRuleset, match="Void reasons must be some of"):
        PRESETS["clabber"].__class__(**{**PRESETS["clabber"].__dict__, "void_reasons": ("x",)})


@pytest.mark.parametrize(
    ("name", "owned"),
    [("The Jassers", "The Jassers'"), ("Anna & Ben", "Anna & Ben's"), ("CARDS", "CARDS'")],
)
def test_the_possessive_of_a_name_ending_in_s_takes_only_an_apostrophe(name, owned):
    assert possessive(name) == owned
    assert possessive(name, "’") == owned.replace("'", "’")


def test_the_engine_writes_the_possessive_of_a_side_called_the_jassers():
    rules = get_ruleset("clabber")
    melds = (("run5", "run5", "run5"), ())
    with pytest.raises(InvalidDeal) as caught:
        score_deal(
            rules,
            Deal(makers=0, card_points=(80, 82), melds=melds),
            side_names=("The Jassers", "Anna & Ben"),
        )
    assert caught.value.message.startswith("The Jassers' melds need")
