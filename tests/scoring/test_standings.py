"""Standings: hand-worked tables, every tie-break key, refusals, and properties (hypothesis)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import TIEBREAKS, InvalidStandings, MatchPoints, MatchRow, standings, validate_keys
from scoring.standings import StandingRow, Tally, rank, tally
from tests.scoring import standings_before_tallies as oracle

OTHER = {"win": "loss", "draw": "draw", "loss": "win"}


def match(night, a, b, pa, pb, **extra):
    """Both rows of a match of one game, decided by the game points."""
    result = "win" if pa > pb else "loss" if pa < pb else "draw"
    return [
        MatchRow(a, b, night, result, int(pa > pb), int(pb > pa), pa, pb, **extra),
        MatchRow(b, a, night, OTHER[result], int(pb > pa), int(pa > pb), pb, pa, **extra),
    ]


def played(night, a, b, result):
    """Both rows of a match given only its result (for a's side)."""
    return [MatchRow(a, b, night, result), MatchRow(b, a, night, OTHER[result])]


def bye(night, a, **extra):
    return MatchRow(a, None, night, "win", **extra)


def order(table):
    return [r.entrant for r in table]


def ranks(table):
    return [r.rank for r in table]


def column(table, key):
    return {r.entrant: r.keys[key] for r in table}


# A small league, three nights, worked by hand:
#   1: W 510-300, W 500-450, L 380-502  -> 4 pts, diff +138
#   2: L 300-510, L 420-501, W 502-400  -> 2 pts, diff -189
#   3: W 505-480, L 450-500, L 400-502  -> 2 pts, diff -127
#   4: L 480-505, W 501-420, W 502-380  -> 4 pts, diff +178
LEAGUE = [
    *match(1, 1, 2, 510, 300),
    *match(1, 3, 4, 505, 480),
    *match(2, 1, 3, 500, 450),
    *match(2, 2, 4, 420, 501),
    *match(3, 1, 4, 380, 502),
    *match(3, 2, 3, 502, 400),
]


def test_a_small_league_by_hand():
    table = standings(LEAGUE, entrants=[1, 2, 3, 4])
    assert order(table) == [4, 1, 3, 2]
    assert ranks(table) == [1, 2, 3, 4]
    first = table[0]
    assert (first.played, first.won, first.drawn, first.lost, first.match_points) == (3, 2, 0, 1, 4)
    assert (first.points_for, first.points_against, first.point_difference) == (1483, 1305, 178)
    assert (first.games_won, first.games_lost, first.nights_counted) == (2, 1, 3)
    assert dict(first.keys) == {"match_points": 4, "point_difference": 178, "points_for": 1483}
    assert list(first.keys) == ["match_points", "point_difference", "points_for"]


def test_three_points_for_a_win():
    rows = [*played(1, 1, 2, "win"), *played(2, 2, 3, "draw"), *played(3, 3, 1, "draw")]
    table = standings(rows, entrants=[1, 2, 3], points=MatchPoints(win=3, draw=1, loss=0))
    assert [(r.entrant, r.match_points) for r in table] == [(1, 4), (3, 2), (2, 1)]


# 1 beat 2 by 60, lost to 3 by 20; 2 beat 3 by 100: all 2 pts, 1 and 2 both +40, 3 at -80.
TWO_WAY = [*match(1, 1, 2, 500, 440), *match(2, 1, 3, 480, 500), *match(3, 2, 3, 500, 400)]


def test_head_to_head_breaks_a_tie_that_point_difference_leaves():
    without = standings(TWO_WAY, entrants=[1, 2, 3], keys=["match_points", "point_difference"])
    assert (order(without), ranks(without)) == ([1, 2, 3], [1, 1, 3])
    chain = ["match_points", "point_difference", "head_to_head"]
    table = standings(TWO_WAY, entrants=[1, 2, 3], keys=chain)
    assert (order(table), ranks(table)) == ([1, 2, 3], [1, 2, 3])
    # Worked inside the tied group {1, 2}: 1's loss to 3 does not count, nor 2's win over 3.
    assert column(table, "head_to_head") == {1: 2, 2: 0, 3: 0}


def test_head_to_head_with_three_tied():
    # 1 beat 2 and drew 3, 2 drew 3: among the three, 1 has 3, 3 has 2, 2 has 1. Against 4,
    # 1 lost, 2 won, 3 drew, so all three have 3 points; 4 has 3 as well plus a bye win.
    rows = [
        *played(1, 1, 2, "win"),
        *played(1, 3, 4, "draw"),
        *played(2, 1, 3, "draw"),
        *played(2, 2, 4, "win"),
        *played(3, 2, 3, "draw"),
        *played(3, 4, 1, "win"),
        bye(4, 4),
    ]
    plain = standings(rows, entrants=[1, 2, 3, 4], keys=["match_points"])
    assert (order(plain), ranks(plain)) == ([4, 1, 2, 3], [1, 2, 2, 2])
    table = standings(rows, entrants=[1, 2, 3, 4], keys=["match_points", "head_to_head"])
    assert (order(table), ranks(table)) == ([4, 1, 3, 2], [1, 2, 3, 4])
    assert column(table, "head_to_head") == {4: 0, 1: 3, 3: 2, 2: 1}


def test_a_cycle_stays_tied_and_shares_the_rank():
    rows = [*played(1, 1, 2, "win"), *played(2, 2, 3, "win"), *played(3, 3, 1, "win")]
    table = standings(rows, entrants=[3, 1, 2], keys=["match_points", "head_to_head"])
    assert (order(table), ranks(table)) == ([1, 2, 3], [1, 1, 1])


def test_shared_ranks_skip_and_an_entrant_without_rows_is_listed():
    rows = [
        *played(1, 1, 2, "win"),
        *played(1, 3, 4, "win"),
        *played(2, 1, 3, "win"),
        *played(2, 2, 4, "win"),
    ]
    table = standings(rows, entrants=[1, 2, 3, 4, 9], keys=["match_points"])
    assert order(table) == [1, 2, 3, 4, 9]
    assert ranks(table) == [1, 2, 2, 4, 4]
    idle = table[-1]
    assert (idle.played, idle.match_points, idle.nights_counted) == (0, 0, 0)
    assert idle.made_percentage is None


def test_an_empty_chain_ties_everybody():
    table = standings(LEAGUE, entrants=[4, 3, 2, 1], keys=[])
    assert (order(table), ranks(table)) == ([1, 2, 3, 4], [1, 1, 1, 1])
    assert all(dict(r.keys) == {} for r in table)


def nights(entrant, *results):
    """One entrant's nights against a stand-in 99: (points for, points against, meld)."""
    rows = []
    for night, (pf, pa, meld) in enumerate(results, start=1):
        result = "win" if pf > pa else "loss" if pf < pa else "draw"
        rows.append(MatchRow(entrant, 99, night, result, points_for=pf, points_against=pa,
                             meld_points=meld))  # fmt: skip
    return rows


# Night 1 W +100, 2 L, 3 W +50, 4 D, 5 W +100 again with more melds.
FIVE_NIGHTS = nights(1, (500, 400, 10), (300, 500, 0), (500, 450, 0), (450, 450, 0), (500, 400, 20))


@pytest.mark.parametrize(
    ("best", "counted", "points", "pf", "meld"),
    [
        (None, 5, 7, 2250, 30),
        (1, 1, 2, 500, 10),  # nights 1 and 5 are equal: the earlier counts
        (2, 2, 4, 1000, 30),
        (3, 3, 6, 1500, 30),  # night 3 (W +50) before night 4 (D)
        (4, 4, 7, 1950, 30),
        (9, 5, 7, 2250, 30),
    ],
)
def test_best_nights(best, counted, points, pf, meld):
    table = standings(FIVE_NIGHTS, entrants=[1, 99], best_nights=best)
    row = next(r for r in table if r.entrant == 1)
    assert (row.nights_counted, row.played, row.match_points) == (counted, counted, points)
    assert (row.points_for, row.meld_points) == (pf, meld)


def test_best_nights_ranks_nights_by_points_then_difference_then_points_for():
    rows = nights(1, (500, 450, 0), (600, 550, 1), (400, 300, 2))
    # All wins; night 3 has the best difference, then nights 1 and 2 are +50 and 600 > 500.
    table = standings(rows, entrants=[1, 99], best_nights=2)
    assert table[0].meld_points == 3


def test_a_night_of_two_matches_counts_as_one_night():
    rows = [
        MatchRow(1, 2, 1, "win", points_for=500, points_against=100),
        MatchRow(1, 3, 1, "loss", points_for=100, points_against=500),
        MatchRow(1, 2, 2, "win", points_for=500, points_against=400),
    ]
    table = standings(rows, entrants=[1, 2, 3], best_nights=1)
    assert (table[0].played, table[0].match_points, table[0].points_for) == (1, 2, 500)


def test_byes_count_for_the_entrant_only():
    table = standings([bye(1, 1, points_for=500), *played(2, 1, 2, "loss")], entrants=[1, 2])
    one = next(r for r in table if r.entrant == 1)
    assert (one.played, one.won, one.lost, one.byes, one.match_points) == (2, 1, 1, 1, 2)
    assert one.points_for == 500


def test_forfeits_are_counted_as_given():
    rows = [
        MatchRow(1, 2, 1, "win", games_won=2, points_for=1000, forfeit=True),
        MatchRow(2, 1, 1, "loss", games_lost=2, points_against=1000, forfeit=True),
    ]
    table = standings(rows, entrants=[1, 2])
    assert [(r.entrant, r.match_points, r.forfeits, r.games_won) for r in table] == [
        (1, 2, 1, 2),
        (2, 0, 1, 0),
    ]


# A three-round Swiss of five, one bye a round (points 2/1/0):
#   round 1: 1 beat 2, 3 drew 4, 5 bye;  round 2: 1 beat 3, 5 beat 2, 4 bye;
#   round 3: 1 drew 5, 4 beat 2, 3 bye.
# Scores: 1: 5, 2: 0, 3: 3, 4: 5, 5: 5.
SWISS = [
    *played(1, 1, 2, "win"),
    *played(1, 3, 4, "draw"),
    bye(1, 5),
    *played(2, 1, 3, "win"),
    *played(2, 5, 2, "win"),
    bye(2, 4),
    *played(3, 1, 5, "draw"),
    *played(3, 4, 2, "win"),
    bye(3, 3),
]


@pytest.mark.parametrize(
    ("key", "values"),
    [
        # 1: 2 (0) + 3 (3) + 5 (5); 3 and 4 had a bye, which adds nothing.
        ("buchholz", {1: 8, 2: 15, 3: 10, 4: 3, 5: 5}),
        # Three opponents: drop the highest and the lowest. Two: nothing dropped.
        ("median_buchholz", {1: 3, 2: 5, 3: 10, 4: 3, 5: 5}),
        # 1: beat 2 (0) + beat 3 (3) + half of drawn-with 5 (5).
        ("sonneborn_berger", {1: 5.5, 2: 0, 3: 2.5, 4: 1.5, 5: 2.5}),
    ],
)
def test_swiss_tie_breaks_by_hand(key, values):
    table = standings(SWISS, entrants=range(1, 6), keys=["match_points", key])
    assert column(table, key) == values
    assert [r.match_points for r in table] == [5, 5, 5, 3, 0]


def test_swiss_order_by_buchholz():
    table = standings(SWISS, entrants=range(1, 6), keys=["match_points", "buchholz"])
    assert (order(table), ranks(table)) == ([1, 5, 4, 3, 2], [1, 2, 3, 4, 5])


def test_every_key_is_computed_for_everybody_even_once_separated():
    keys = ["match_points", "sonneborn_berger", "buchholz", "head_to_head"]
    table = standings(SWISS, entrants=range(1, 6), keys=keys)
    assert all(list(r.keys) == keys for r in table)
    assert column(table, "buchholz") == {1: 8, 2: 15, 3: 10, 4: 3, 5: 5}


def solo(entrant, **figures):
    deals = figures.pop("deals", 20)
    return MatchRow(entrant, None, 1, figures.pop("result", "win"), deals=deals, **figures)


@pytest.mark.parametrize(
    ("key", "better", "worse"),
    [
        ("wins", {}, {"result": "draw"}),
        ("points_for", {"points_for": 510}, {"points_for": 500}),
        ("points_against", {"points_against": 100}, {"points_against": 200}),
        ("point_difference", {"points_for": 300}, {"points_for": 400, "points_against": 200}),
        ("fewest_hicks", {"deals_as_makers": 5, "sets_suffered": 1},
         {"deals_as_makers": 5, "sets_suffered": 2}),
        ("most_sets_forced", {"sets_forced": 3}, {"sets_forced": 2}),
        ("made_percentage", {"deals_as_makers": 4, "made_as_makers": 3},
         {"deals_as_makers": 3, "made_as_makers": 2}),
        ("made_percentage", {"deals_as_makers": 4}, {}),  # never made trump ranks last
        ("meld_points", {"meld_points": 70}, {"meld_points": 50}),
        ("fewest_reneges", {}, {"reneges": 1}),
        ("games_won", {"games_won": 2}, {"games_won": 1}),
    ],
)  # fmt: skip
def test_each_key_ranks_the_better_entrant_first(key, better, worse):
    for first, second in ((1, 2), (2, 1)):
        rows = [solo(first, **dict(better)), solo(second, **dict(worse))]
        assert order(standings(rows, entrants=[1, 2], keys=[key])) == [first, second]


def test_made_percentage_is_a_percentage():
    table = standings([solo(1, deals_as_makers=3, made_as_makers=2)], entrants=[1])
    assert table[0].made_percentage == pytest.approx(66.6666667)


def test_the_registry():
    assert set(TIEBREAKS) == {
        "match_points", "wins", "point_difference", "points_for", "points_against",
        "head_to_head", "fewest_hicks", "most_sets_forced", "made_percentage", "meld_points",
        "fewest_reneges", "games_won", "buchholz", "median_buchholz", "sonneborn_berger",
    }  # fmt: skip
    fewer = {k for k, t in TIEBREAKS.items() if not t.higher_is_better}
    assert fewer == {"points_against", "fewest_hicks", "fewest_reneges"}
    assert all(t.key == k and t.label and t.description for k, t in TIEBREAKS.items())


def test_unknown_key_is_refused_with_the_list():
    with pytest.raises(InvalidStandings) as refused:
        standings(LEAGUE, entrants=[1, 2, 3, 4], keys=["match_points", "goal_average"])
    message = str(refused.value)
    assert "'goal_average'" in message
    assert all(key in message for key in TIEBREAKS)


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        (["wins", "wins"], "listed twice"),
        ("match_points", "as a list"),
        (["Match_Points"], "Unknown tie-break key"),
    ],
)
def test_bad_chains_are_refused(keys, words):
    with pytest.raises(InvalidStandings, match=words):
        validate_keys(keys)


def test_validate_keys_returns_the_chain():
    assert validate_keys(["head_to_head", "buchholz"]) == ("head_to_head", "buchholz")
    assert validate_keys([]) == ()


@pytest.mark.parametrize(
    ("points", "words"),
    [
        ({"win": 1, "draw": 2}, "worse result"),
        ({"draw": 0, "loss": 1}, "worse result"),
        ({"loss": -1}, "0 or more"),
        ({"win": 1.5}, "whole number"),
        ({"draw": True}, "whole number"),
    ],
)
def test_bad_match_points_are_refused(points, words):
    with pytest.raises(InvalidStandings, match=words):
        MatchPoints(**points)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: MatchRow(1, 2, 1, "won"), "one of win, draw, loss"),
        (lambda: MatchRow(1, 1, 1, "win"), "against itself"),
        (lambda: MatchRow(1, 2, 1, "win", points_for=-5), "points_for must be"),
        (lambda: MatchRow(1, 2, 1, "win", deals=2.5), "deals must be"),
        (lambda: MatchRow(1, 2, 1, "win", deals=3, deals_as_makers=4), "do not add up"),
        (lambda: MatchRow(1, 2, 1, "win", deals=3, deals_as_makers=2, made_as_makers=3),
         "do not add up"),
    ],
)  # fmt: skip
def test_bad_rows_are_refused(make, words):
    with pytest.raises(InvalidStandings, match=words):
        make()


@pytest.mark.parametrize(
    ("rows", "entrants", "best", "words"),
    [
        (played(1, 1, 5, "win"), [1, 2], None, "played 5 on night 1, who is not an entrant"),
        ([MatchRow(7, None, 1, "win")], [1, 2], None, "entrant 7 on night 1, who is not"),
        ([], [1, 2, 1], None, "Entrant 1 is listed twice"),
        ([], [1, 2], 0, "Best nights"),
    ],
)
def test_rows_that_do_not_fit_are_refused(rows, entrants, best, words):
    with pytest.raises(InvalidStandings, match=words):
        standings(rows, entrants=entrants, best_nights=best)


def test_a_big_league_is_ranked_in_full():
    # How fast is for `make bench` (the standings figure), not for a timed test.
    rng = random.Random(7)
    field = list(range(1000, 1200))
    rows = []
    for night in range(1, 201):
        rng.shuffle(field)
        for a, b in zip(field[::2], field[1::2], strict=True):
            # Few distinct scores, so big groups stay tied deep into the chain.
            rows += match(night, a, b, rng.choice([400, 500]), rng.choice([400, 500]))
    assert len(rows) == 40_000
    chain = ["match_points", "head_to_head", "buchholz", "median_buchholz", "sonneborn_berger"]
    table = standings(rows, entrants=field, keys=chain, best_nights=150)
    assert sorted(row.entrant for row in table) == sorted(field)
    assert [row.rank for row in table] == sorted(row.rank for row in table)
    assert table[0].rank == 1
    assert all(row.nights_counted == 150 for row in table)
    points = [row.match_points for row in table]
    assert points == sorted(points, reverse=True)


# -- properties ------------------------------------------------------------------------------


@st.composite
def leagues(draw, with_byes=True):
    """(rows, entrants): mirrored matches between distinct ids, and maybe some byes."""
    ids = draw(st.lists(st.integers(1, 10_000), min_size=1, max_size=8, unique=True))
    rows = []
    if len(ids) >= 2:
        for _ in range(draw(st.integers(0, 20))):
            a, b = draw(st.permutations(ids))[:2]
            night = draw(st.integers(1, 5))
            result = draw(st.sampled_from(["win", "draw", "loss"]))
            gw, gl = draw(st.integers(0, 3)), draw(st.integers(0, 3))
            pf, pa = draw(st.integers(0, 1000)), draw(st.integers(0, 1000))
            made, sets = draw(st.integers(0, 5)), draw(st.integers(0, 5))
            rows.append(MatchRow(a, b, night, result, gw, gl, pf, pa, deals=20,
                                 deals_as_makers=made + sets, made_as_makers=made,
                                 sets_suffered=sets, sets_forced=sets))  # fmt: skip
            rows.append(MatchRow(b, a, night, OTHER[result], gl, gw, pa, pf, deals=20,
                                 deals_as_makers=sets, sets_suffered=sets,
                                 sets_forced=sets, meld_points=pf % 7))  # fmt: skip
    if with_byes:
        for a in draw(st.lists(st.sampled_from(ids), max_size=3)):
            rows.append(MatchRow(a, None, draw(st.integers(1, 5)), "win", points_for=500))
    return rows, ids


chains = st.lists(st.sampled_from(sorted(TIEBREAKS)), unique=True, max_size=5)
bests = st.one_of(st.none(), st.integers(1, 4))


def better_or_equal(key, a, b):
    if b is None:
        return True
    if a is None:
        return False
    return a >= b if TIEBREAKS[key].higher_is_better else a <= b


@given(leagues(), chains, bests)
def test_every_entrant_once_and_ranks_in_order(league, chain, best):
    rows, ids = league
    table = standings(rows, entrants=ids, keys=chain, best_nights=best)
    assert sorted(order(table)) == sorted(ids)
    assert table[0].rank == 1
    for i, (before, row) in enumerate(zip(table, table[1:], strict=False), start=1):
        assert row.rank == before.rank or row.rank == i + 1
        # Tied entrants are equal on every key of the chain (they were never split), and
        # entrants split by the chain differ on some key.
        if row.rank == before.rank:
            assert before.entrant < row.entrant
            assert dict(before.keys) == dict(row.keys)
        else:
            assert dict(before.keys) != dict(row.keys)
        if chain:
            assert better_or_equal(chain[0], before.keys[chain[0]], row.keys[chain[0]])
    for row in table:
        assert row.won + row.drawn + row.lost == row.played
        assert row.point_difference == row.points_for - row.points_against
        assert list(row.keys) == chain


@given(leagues(with_byes=False), chains)
def test_without_byes_games_won_and_lost_balance(league, chain):
    rows, ids = league
    table = standings(rows, entrants=ids, keys=chain)
    assert sum(r.games_won for r in table) == sum(r.games_lost for r in table)
    assert sum(r.points_for for r in table) == sum(r.points_against for r in table)
    assert sum(r.won for r in table) == sum(r.lost for r in table)


@given(leagues(), chains, bests, st.randoms(use_true_random=False))
def test_the_order_of_the_rows_does_not_matter(league, chain, best, rnd):
    rows, ids = league
    shuffled = list(rows)
    rnd.shuffle(shuffled)
    ids_shuffled = list(ids)
    rnd.shuffle(ids_shuffled)
    assert standings(rows, entrants=ids, keys=chain, best_nights=best) == standings(
        shuffled, entrants=ids_shuffled, keys=chain, best_nights=best
    )


# -- tallies: the table from per-entrant sums is the table from the rows ---------------------

match_points = st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)).map(
    lambda p: MatchPoints(*sorted(p, reverse=True))
)


def plain(table):
    """A table as plain values (the old module's rows are of its own class)."""
    return [
        tuple(
            dict(getattr(r, f)) if f == "keys" else getattr(r, f)
            for f in StandingRow.__dataclass_fields__
        )
        for r in table
    ]


@given(leagues(), chains, bests, match_points)
def test_the_table_is_the_one_worked_out_before_tallies_were_kept(league, chain, best, points):
    rows, ids = league
    old = oracle.standings(rows, entrants=ids, keys=chain, points=points, best_nights=best)
    assert plain(standings(rows, entrants=ids, keys=chain, points=points, best_nights=best)) == (
        plain(old)
    )


@given(leagues(), chains, match_points, st.randoms(use_true_random=False))
def test_ranking_kept_tallies_gives_the_table_of_the_rows(league, chain, points, rnd):
    rows, ids = league
    # What a database keeps: the tallies without the match points, read back in any order.
    kept = list(tally(rows, entrants=ids).values())
    rnd.shuffle(kept)
    assert rank(kept, keys=chain, points=points) == standings(
        rows, entrants=ids, keys=chain, points=points
    )
    assert tally(rows, entrants=ids) == tally(rows, entrants=ids, points=points)


def test_a_tally_lists_the_opponents_by_result():
    rows = [*played(1, 1, 2, "win"), *played(2, 1, 2, "win"), *played(3, 1, 3, "draw")]
    rows += [*played(4, 4, 1, "win"), bye(5, 1)]
    (one,) = [t for t in tally(rows, entrants=[1, 2, 3, 4]).values() if t.entrant == 1]
    assert one == Tally(
        1, played=5, won=3, drawn=1, lost=1, byes=1, nights=5,
        beaten=(2, 2), drawn_with=(3,), lost_to=(4,),
    )  # fmt: skip


def test_ranking_refuses_an_opponent_who_is_not_an_entrant():
    with pytest.raises(InvalidStandings, match="Entrant 1 played 7, who is not an entrant"):
        rank([Tally(1, played=1, won=1, beaten=(7,)), Tally(2)])
    with pytest.raises(InvalidStandings, match="Entrant 2 is listed twice"):
        rank([Tally(2), Tally(2)])


def test_nobody_to_rank_is_an_empty_table():
    assert rank([], keys=["match_points", "buchholz"]) == []
