"""A table of three at a club evening, the maths: what one player may be typed with, the
checks of the three numbers, and each player's round (points, against, won) from them."""

from __future__ import annotations

import pytest

from scoring.evenings import (
    EveningHistory,
    EveningRules,
    InvalidEvening,
    ThreeSeat,
    check_three_scores,
    draw_individuals,
    three_table_most,
    three_table_result,
)
from scoring.matches import paper_ceiling
from scoring.rules import PRESETS, get_ruleset

KLAVERJAS = PRESETS["klaverjas"]


def test_a_player_may_score_what_one_side_of_a_table_of_four_can_reach():
    most = three_table_most(KLAVERJAS)
    assert most == paper_ceiling(KLAVERJAS)
    # A boom of 16 deals: all the cards and more, but not a slip of the pen.
    assert 16 * 162 < most < 99_999
    # A game to a target has a bound too (the paper check of two totals skips its sums).
    assert three_table_most(get_ruleset("belote")) > 0


@pytest.mark.parametrize(
    ("scores", "field"),
    [
        ((1500, -1, 1100), "side1"),
        ((1500, 1300, 10**6), "side2"),
        ((True, 1300, 1100), "side0"),
        ((1500.5, 1300, 1100), "side0"),
        ((1500, 1300), "scores"),
        ((1500, 1300, 1100, 900), "scores"),
    ],
)
def test_three_numbers_each_a_whole_number_up_to_the_bound(scores, field):
    with pytest.raises(InvalidEvening) as caught:
        check_three_scores(KLAVERJAS, scores)
    assert caught.value.field == field


def test_the_bound_itself_and_zero_are_allowed_and_named_when_passed():
    most = three_table_most(KLAVERJAS)
    check_three_scores(KLAVERJAS, (most, 0, 1234))
    with pytest.raises(InvalidEvening) as caught:
        check_three_scores(KLAVERJAS, (most + 1, 0, 1234))
    assert str(most) in caught.value.message and caught.value.code == "evening.three_score"


def test_each_player_counts_their_own_points_against_the_average_of_the_other_two():
    assert three_table_result((1500, 1300, 1100)) == (
        ThreeSeat(1500, 1200, "win"),
        ThreeSeat(1300, 1300, "loss"),
        ThreeSeat(1100, 1400, "loss"),
    )


def test_a_shared_highest_number_is_a_draw_for_those_who_share_it():
    seats = three_table_result((1400, 1400, 1001))
    assert [s.result for s in seats] == ["draw", "draw", "loss"]
    assert seats[0].against == (1400 + 1001) // 2


def test_the_draw_seats_three_at_a_table_and_the_next_round_seats_other_players_there():
    rules = EveningRules(short="table_of_three", rounds=3)
    history: EveningHistory[int] = EveningHistory()
    first = draw_individuals(rules, list(range(7)), history, seed=1)
    assert sorted(len(t) for t in first.tables) == [3, 4]
    history.add(first)
    trio = next(set(t) for t in first.tables if len(t) == 3)
    assert all(history.three[p] == 1 for p in trio)
    second = draw_individuals(rules, list(range(7)), history, seed=2)
    # Who sat at a table of three least sits at the next one.
    assert not trio & next(set(t) for t in second.tables if len(t) == 3)


def test_a_pairs_evening_has_no_table_of_three():
    with pytest.raises(InvalidEvening) as caught:
        EveningRules(entrants="pairs", short="table_of_three")
    assert caught.value.field == "short"
