"""The figures of a side, named once (scoring.stats): every list of them agrees, the standings
sum each one, and the small helpers count as they say."""

import dataclasses

import pytest

from scoring import Deal, get_ruleset, play_game, score_deal
from scoring.game import SIDE_STATS_FIELDS, SideStats, deal_stats, side_stats
from scoring.standings import MatchRow, StandingRow, standings
from scoring.stats import (
    ALL_TRICKS_FIELDS,
    ALL_TRICKS_LABELS,
    GAME_COUNTS,
    MATCH_COUNTS,
    STAT_FIELDS,
    STAT_LABELS,
    check_fields,
    made_percentage,
    shown_all_tricks_fields,
    stat_labels,
    sum_all_tricks,
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
    assert ("points", *STAT_FIELDS, *ALL_TRICKS_FIELDS) == SIDE_STATS_FIELDS
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


# -- the family's figures: roem, pits, nats, capots ---------------------------------------------
def counted(preset: str, deal: Deal) -> list[dict[str, int]]:
    rules = get_ruleset(preset)
    return deal_stats(rules, deal, score_deal(rules, deal))


def test_a_klaverjas_pit_is_counted_apart_from_the_roem():
    """Every trick to the makers: a pit (its 100 is no roem), the roem as entered."""
    makers, others = counted(
        "klaverjas", Deal(makers=0, card_points=(162, 0), meld_points=(40, 0), all_tricks=0)
    )
    assert (makers["pits"], makers["capots"], makers["meld_points"]) == (1, 0, 40)
    assert (others["pits"], others["meld_points"]) == (0, 0)
    # Every card point to the makers is every trick, entered as such or not.
    makers, _ = counted("klaverjas", Deal(makers=0, card_points=(162, 0), meld_points=(20, 0)))
    assert (makers["pits"], makers["meld_points"]) == (1, 20)


def test_a_klaverjas_nat_is_a_set_of_the_makers():
    """A nat (the makers did not beat the others) counts as a set: hicks for the makers (read
    *Nat*), a set forced for the others; each side's roem is its own."""
    makers, others = counted(
        "klaverjas", Deal(makers=0, card_points=(60, 102), meld_points=(20, 50))
    )
    assert (makers["deals_as_makers"], makers["made_as_makers"], makers["sets_suffered"]) == (
        1,
        0,
        1,
    )
    assert others["sets_forced"] == 1
    assert (makers["meld_points"], others["meld_points"]) == (20, 50)


def test_a_belote_capot_and_a_dedans_that_keeps_the_belote():
    makers, others = counted("belote", Deal(makers=0, card_points=(162, 0), all_tricks=0))
    assert (makers["capots"], makers["pits"], others["capots"]) == (1, 0, 0)
    # Dedans: the takers keep belote-rebelote, and are set all the same.
    makers, others = counted("belote", Deal(makers=0, card_points=(60, 102), belle=0))
    assert (makers["sets_suffered"], makers["belles"], others["sets_forced"]) == (1, 1, 1)


def test_clabber_counts_no_pit_nor_capot_and_its_sets_as_before():
    makers, others = counted("clabber", Deal(makers=0, card_points=(60, 102)))
    assert (makers["sets_suffered"], others["sets_forced"]) == (1, 1)
    assert all(row[name] == 0 for row in (makers, others) for name in ALL_TRICKS_FIELDS)


def test_a_boom_of_sixteen_level_deals_is_a_drawn_game_with_its_figures():
    rules = get_ruleset("klaverjas")
    deals = [Deal(makers=n % 2, card_points=(81, 81)) for n in range(16)]
    game = play_game(rules, deals)
    assert game.finished and game.drawn and game.winner is None
    sides = side_stats(rules, deals, game)
    assert [s.deals for s in sides] == [16, 16]
    assert [s.pits for s in sides] == [0, 0]


def test_stored_side_statistics_without_the_new_figures_read_as_zeros():
    old = {"points": 510, **dict.fromkeys(STAT_FIELDS, 1)}
    new = {**old, "pits": 2, "capots": 1}
    assert sum_all_tricks([old, None, new, {}]) == {"pits": 2, "capots": 1}
    assert sum_stats([old, new]) == dict.fromkeys(STAT_FIELDS, 2)


@pytest.mark.parametrize(
    ("preset", "shown", "hicks", "meld"),
    [
        ("klaverjas", ("pits",), "Nat", "Roem"),
        ("belote", ("capots",), "Hicks", "Meld"),
        ("coinche", ("capots",), "Hicks", "Meld"),
        ("clabber", (), "Hicks", "Meld"),
    ],
)
def test_each_game_heads_its_figures_in_its_own_words(preset, shown, hicks, meld):
    rules = get_ruleset(preset)
    assert shown_all_tricks_fields(rules) == shown
    labels = stat_labels(rules)
    assert (labels["sets_suffered"].heading, labels["meld_points"].heading) == (hicks, meld)
    assert [n for n in labels if n in ALL_TRICKS_FIELDS] == list(shown)
    for name in shown:
        assert labels[name] == ALL_TRICKS_LABELS[name]
        assert len(labels[name].heading) <= 6 and labels[name].description[0].isupper()
