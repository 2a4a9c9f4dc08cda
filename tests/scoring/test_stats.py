"""The figures of a side, named once (scoring.stats): every list of them agrees, the standings
sum each one, and the small helpers count as they say."""

import dataclasses

import pytest

from scoring.game import SIDE_STATS_FIELDS, SideStats
from scoring.standings import MatchRow, StandingRow, standings
from scoring.stats import (
    GAME_COUNTS,
    MATCH_COUNTS,
    STAT_FIELDS,
    STAT_LABELS,
    check_fields,
    made_percentage,
    sum_stats,
    zero_stats,
)

#: One match's counts, each a different number so a count summed into another shows.
COUNTS = {
    "games_won": 2,
    "games_lost": 1,
    "points_for": 913,
    "points_against": 807,
    "deals": 23,
    "deals_as_makers": 11,
    "made_as_makers": 6,
    "sets_suffered": 4,
    "sets_forced": 5,
    "meld_points": 170,
    "belles": 3,
    "reneges": 1,
}


def test_the_lists_are_one_list():
    assert MATCH_COUNTS == GAME_COUNTS + STAT_FIELDS
    assert tuple(COUNTS) == MATCH_COUNTS
    assert tuple(STAT_LABELS) == MATCH_COUNTS
    assert ("points", *STAT_FIELDS) == SIDE_STATS_FIELDS
    assert tuple(f.name for f in dataclasses.fields(SideStats)) == SIDE_STATS_FIELDS
    row_fields = [f.name for f in dataclasses.fields(MatchRow)]
    assert row_fields == ["entrant", "opponent", "night", "result", *MATCH_COUNTS, "forfeit"]
    standing_fields = {f.name for f in dataclasses.fields(StandingRow)}
    assert set(MATCH_COUNTS) <= standing_fields


@pytest.mark.parametrize("name", MATCH_COUNTS)
def test_the_table_sums_every_count(name):
    rows = [MatchRow(1, 2, 1, "win", **COUNTS), MatchRow(1, None, 2, "win", **COUNTS)]
    (line,) = [r for r in standings(rows, entrants=[1, 2]) if r.entrant == 1]
    assert getattr(line, name) == 2 * COUNTS[name]


@pytest.mark.parametrize("name", MATCH_COUNTS)
def test_a_row_refuses_a_negative_count_and_names_it(name):
    with pytest.raises(ValueError, match=f"{name} must be a whole number"):
        MatchRow(1, 2, 1, "win", **{**COUNTS, name: -1})


@pytest.mark.parametrize("name", STAT_FIELDS)
def test_every_statistic_has_a_label_a_person_reads(name):
    label = STAT_LABELS[name]
    assert label.heading and len(label.heading) <= 6
    assert label.description[0].isupper()


def test_sum_stats_reads_the_statistics_only_and_skips_empty_games():
    game = {"points": 510, **dict.fromkeys(STAT_FIELDS, 1)}
    assert sum_stats([game, None, {}, game]) == dict.fromkeys(STAT_FIELDS, 2)
    assert sum_stats([]) == zero_stats() == dict.fromkeys(STAT_FIELDS, 0)


@pytest.mark.parametrize(
    ("names", "words"),
    [
        (("deals", "belles"), "missing \\['deals_as_makers'"),
        ((*STAT_FIELDS, "hicks"), "extra \\['hicks'\\]"),
        (tuple(reversed(STAT_FIELDS)), "Somewhere lists"),
    ],
)
def test_a_list_that_drifted_is_a_bug_caught_at_import(names, words):
    with pytest.raises(AssertionError, match=words):
        check_fields("Somewhere", names, STAT_FIELDS)
    check_fields("Somewhere", STAT_FIELDS, STAT_FIELDS)


def test_the_made_percentage_is_a_share_of_the_deals_as_makers():
    assert made_percentage(6, 11) == pytest.approx(54.545, abs=0.001)
    assert made_percentage(3, 3) == 100
    # Made trump and never made it: 0%, which is not "never made trump" (None).
    assert made_percentage(0, 4) == 0
    assert made_percentage(0, 0) is None
