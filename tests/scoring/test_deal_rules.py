"""Deal scoring beyond the worked examples: validation messages and every rule switch."""

import pytest

from scoring import Deal, InvalidDeal, get_ruleset, score_deal


@pytest.mark.parametrize(
    ("preset", "deal", "field", "words"),
    [
        ("klaberjass", Deal(makers=0, card_points=(1, 50)), "card_points", "cannot happen"),
        ("clabber", Deal(makers=0, card_points=(161, 1)), "card_points", "cannot happen"),
        ("klaberjass", Deal(makers=0, card_points=(100, 70)), "card_points", "holds 162"),
        ("klaberjass", Deal(makers=0, card_points=(-5, 70)), "card_points", "from 0 to 162"),
        ("klaberjass", Deal(makers=0, card_points=(0, 0)), "card_points", "last trick"),
        ("klaberjass", Deal(makers=2, card_points=(60, 50)), "makers", "2 sides"),
        ("klaberjass", Deal(card_points=(60, 50)), "makers", "made trump"),
        ("klaberjass", Deal(makers=0), "card_points", "Enter the card points"),
        ("klaberjass", Deal(makers=0, card_points=(60,)), "card_points", "each of the 2"),
        ("klaberjass", Deal(makers=0, card_points=(60.5, 50)), "card_points", "whole"),
        ("klaberjass", Deal(makers=0, card_points=(60, 50), no_trump=True), "no_trump", "no-trump"),
        (
            "klaberjass",
            Deal(makers=0, card_points=(60, 50), melds=(("four_jacks",), ())),
            "melds",
            "does not pay for four jacks",
        ),
        (
            "klaberjass",
            Deal(makers=0, card_points=(60, 50), melds=(("run9",), ())),
            "melds",
            "not a meld",
        ),
        (
            "clabber",
            Deal(makers=0, card_points=(80, 82), melds=(("run3",), ("run3",))),
            "melds",
            "best meld",
        ),
        (
            "clabber",
            Deal(makers=0, card_points=(80, 82), melds=(("four_jacks", "four_jacks"), ())),
            "melds",
            "only one set",
        ),
        (
            "clabber",
            Deal(
                makers=0,
                card_points=(80, 82),
                melds=(("four_A", "four_K", "four_Q", "four_10"), ()),
            ),
            "melds",
            "holds only 12",
        ),
        (
            "klaberjass-4",
            Deal(makers=0, card_points=(100, 30), no_trump=True, belle=0),
            "belle",
            "no belle",
        ),
        (
            "klaberjass-4",
            Deal(makers=0, card_points=(100, 62), no_trump=True),
            "card_points",
            "add up to 130",
        ),
        ("klaberjass", Deal(makers=0, card_points=(60, 50), tricks=(5, 3)), "tricks", "9 tricks"),
        (
            "klaberjass",
            Deal(makers=0, card_points=(60, 50), tricks=(9, 0)),
            "card_points",
            "took no trick",
        ),
        ("klaberjass", Deal(makers=0, card_points=(60, 50), belle=3), "belle", "2 sides"),
        ("klaberjass", Deal(makers=0, renege=5), "renege", "2 sides"),
    ],
)
def test_impossible_deals_are_refused_with_a_field_and_words(preset, deal, field, words):
    with pytest.raises(InvalidDeal) as caught:
        score_deal(get_ruleset(preset), deal)
    assert caught.value.field == field
    assert words in str(caught.value)


def test_void_deal_scores_nothing_and_keeps_held_points():
    result = score_deal(get_ruleset("klaberjass-hang"), Deal(void=True), held=124)
    assert result.points == (0, 0)
    assert result.made is None
    assert result.held == 124
    assert result.void


def test_both_sides_reneging_is_a_void_deal():
    result = score_deal(get_ruleset("clabber"), Deal(makers=0, renege="both"))
    assert result.points == (0, 0)
    assert result.void


def test_renege_ignores_card_points_and_pays_the_award_override():
    rules = get_ruleset("clabber").replace(renege_award=100)
    result = score_deal(rules, Deal(makers=0, renege=1, card_points=(10, 152), belle=0))
    assert result.points == (120, 0)
    assert result.marks == ("120", "-")


def test_set_award_all_gives_the_opponents_both_sides_melds_and_belle():
    rules = get_ruleset("klaberjass")
    result = score_deal(rules, Deal(makers=0, card_points=(40, 70), melds=(("run3",), ()), belle=0))
    assert result.combined == (80, 70)
    assert result.made is True
    result = score_deal(rules, Deal(makers=0, card_points=(30, 80), melds=(("run3",), ()), belle=0))
    assert result.points == (0, 150)


def test_set_award_own_gives_the_opponents_their_own_only():
    result = score_deal(
        get_ruleset("clabber"), Deal(makers=1, card_points=(100, 62), melds=((), ("run3",)))
    )
    assert result.points == (100, 0)
    assert result.marks == ("100", "XX")


def test_an_opponents_zero_is_written_as_a_dash():
    result = score_deal(get_ruleset("clabber"), Deal(makers=0, card_points=(162, 0)))
    assert result.marks == ("162", "-")


def test_trickless_side_loses_its_melds_but_keeps_belle_in_klaberjass():
    rules = get_ruleset("klaberjass")
    result = score_deal(rules, Deal(makers=0, card_points=(120, 0), melds=((), ("run4",)), belle=1))
    assert result.combined == (120, 20)
    # With trick counts the check follows the tricks, not the points.
    result = score_deal(
        rules, Deal(makers=0, card_points=(120, 0), tricks=(8, 1), melds=((), ("run4",)), belle=1)
    )
    assert result.combined == (120, 70)


def test_trickless_side_keeps_its_melds_in_clabber():
    result = score_deal(
        get_ruleset("clabber"), Deal(makers=0, card_points=(162, 0), melds=((), ("run3",)))
    )
    assert result.combined == (162, 20)


def test_belle_and_a_run_with_the_same_king_and_queen_forty_dollar_dad():
    result = score_deal(
        get_ruleset("clabber"), Deal(makers=0, card_points=(72, 90), melds=(("run3",), ()), belle=0)
    )
    assert result.points == (112, 90)


def test_belle_scores_for_its_holder_whatever_the_other_melds():
    result = score_deal(
        get_ruleset("clabber"),
        Deal(makers=0, card_points=(100, 62), melds=(("run4",), ()), belle=1),
    )
    assert result.points == (150, 82)


def test_klaberjass_tie_own_and_klabberjass_100_tie_set():
    tie = Deal(makers=0, card_points=(62, 62))
    assert score_deal(get_ruleset("klaberjass"), tie).points == (0, 62)
    assert score_deal(get_ruleset("klabberjass-100"), tie).points == (0, 124)


def test_no_trump_deal_of_the_south_african_game():
    result = score_deal(
        get_ruleset("klaberjass-4"), Deal(makers=0, card_points=(70, 60), no_trump=True)
    )
    assert result.points == (70, 60)


def test_meld_values_per_preset():
    run5 = Deal(makers=0, card_points=(80, 30), melds=(("run5",), ()))
    assert score_deal(get_ruleset("klaberjass"), run5).points == (130, 30)
    assert score_deal(get_ruleset("klabberjass-100"), run5).points == (180, 30)
    assert score_deal(get_ruleset("zensa"), run5).points == (180, 30)
    with pytest.raises(InvalidDeal):
        score_deal(
            get_ruleset("zensa"), Deal(makers=0, card_points=(80, 30), melds=(("four_9",), ()))
        )


class TestThreeHand:
    rules = get_ruleset("klaberjass-3")

    def test_makers_beat_each_other_player(self):
        result = score_deal(self.rules, Deal(makers=2, card_points=(30, 40, 60)))
        assert result.points == (30, 40, 60)
        assert result.made

    def test_makers_who_do_not_beat_each_player_score_nothing(self):
        result = score_deal(self.rules, Deal(makers=2, card_points=(30, 60, 50)))
        assert result.points == (30, 60, 0)
        assert result.marks == ("30", "60", "XX")

    def test_a_tie_with_one_player_is_a_set(self):
        result = score_deal(self.rules, Deal(makers=0, card_points=(50, 50, 30)))
        assert result.points == (0, 50, 30)

    def test_three_hand_sums_need_not_reach_162(self):
        assert score_deal(self.rules, Deal(makers=0, card_points=(40, 30, 20))).made


def test_complete_card_points_fills_the_other_side_only_when_every_card_is_played():
    from scoring.deal import complete_card_points

    assert complete_card_points(get_ruleset("clabber"), [80, None]) == (80, 82)
    assert complete_card_points(get_ruleset("klaberjass-4"), [None, 50], no_trump=True) == (80, 50)
    assert complete_card_points(get_ruleset("klaberjass"), [80, None]) == (80, None)


@pytest.mark.parametrize(
    ("preset", "deal", "words"),
    [
        ("clabber", Deal(makers=0, renege=0, void=True), "nobody reneged"),
        ("clabber", Deal(renege=1, void=True), "nobody reneged"),
        ("klaberjass-3", Deal(renege=2, void=True), "every player"),
        ("clabber", Deal(makers=0, renege="both", card_points=(80, 82)), "leave the card points"),
        ("klaberjass-3", Deal(renege="both", card_points=(100, 62, 0)), "every player reneged"),
    ],
)
def test_contradictory_renege_is_refused_at_the_renege(preset, deal, words):
    with pytest.raises(InvalidDeal) as caught:
        score_deal(get_ruleset(preset), deal)
    assert caught.value.field == "renege"
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "deal",
    [
        Deal(void=True),
        Deal(void=True, renege="both"),
        Deal(renege="both"),
        Deal(makers=0, renege=1),
        Deal(makers=0, renege=1, card_points=(10, 152)),
    ],
)
def test_consistent_void_and_renege_deals_still_score(deal):
    assert score_deal(get_ruleset("clabber"), deal).points is not None
