"""Positions night by night (scoring.standings.positions_by_night): the table after each night
is the table of the rows of that night and the nights before it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import TIEBREAKS, InvalidStandings, MatchPoints, MatchRow, standings
from scoring.standings import positions_by_night

OTHER = {"win": "loss", "draw": "draw", "loss": "win"}


def match(night, a, b, pa, pb):
    result = "win" if pa > pb else "loss" if pa < pb else "draw"
    return [
        MatchRow(a, b, night, result, int(pa > pb), int(pb > pa), pa, pb),
        MatchRow(b, a, night, OTHER[result], int(pb > pa), int(pa > pb), pb, pa),
    ]


def test_a_small_league_night_by_night():
    rows = [
        *match(1, 1, 2, 500, 300),  # 1 beats 2
        *match(1, 3, 4, 510, 200),  # 3 beats 4 by more
        *match(2, 1, 3, 200, 505),  # 3 beats 1
        *match(2, 2, 4, 500, 100),
        *match(4, 1, 4, 520, 100),  # night 3 had no result
        *match(4, 2, 3, 520, 500),
    ]
    positions = positions_by_night(rows, entrants=[1, 2, 3, 4])
    assert positions.nights == (1, 2, 4)
    # night 1: 3 (+310) before 1 (+200); night 2: 3 alone on 4 points, 2 (+200) before 1
    # (-105) on 2; night 4: 3, 1 and 2 all on 4 points, by point difference +595, +315, +220
    assert dict(positions.ranks) == {
        1: (2, 3, 2),
        2: (3, 2, 3),
        3: (1, 1, 1),
        4: (4, 4, 4),
    }


def test_an_entrant_without_a_result_is_ranked_and_ties_share_a_rank():
    rows = [*match(1, 1, 2, 500, 500)]
    positions = positions_by_night(rows, entrants=[1, 2, 3])
    assert dict(positions.ranks) == {1: (1,), 2: (1,), 3: (3,)}


def test_no_rows_no_nights():
    positions = positions_by_night([], entrants=[1, 2])
    assert positions.nights == () and dict(positions.ranks) == {1: (), 2: ()}


def test_refused_as_the_standings_are():
    with pytest.raises(InvalidStandings):
        positions_by_night(match(1, 1, 9, 500, 100), entrants=[1, 2])
    with pytest.raises(InvalidStandings):
        positions_by_night([], entrants=[1], keys=["no_such_key"])


@st.composite
def seasons(draw):
    ids = draw(st.lists(st.integers(1, 500), min_size=2, max_size=7, unique=True))
    rows = []
    for _ in range(draw(st.integers(0, 30))):
        a, b = draw(st.permutations(ids))[:2]
        night = draw(st.integers(1, 6))
        rows += match(
            night, a, b, draw(st.sampled_from([300, 500, 520])), draw(st.integers(0, 600))
        )
    for a in draw(st.lists(st.sampled_from(ids), max_size=2)):
        rows.append(MatchRow(a, None, draw(st.integers(1, 6)), "win", points_for=500))
    return rows, ids


@given(
    seasons(),
    st.lists(st.sampled_from(sorted(TIEBREAKS)), unique=True, max_size=4),
    st.one_of(st.none(), st.integers(1, 3)),
    st.sampled_from([MatchPoints(), MatchPoints(win=3, draw=1, loss=0)]),
)
def test_each_night_is_the_table_of_the_nights_up_to_it(season, keys, best, points):
    rows, ids = season
    # the entrants as a one-pass iterable, as a query's values would come
    positions = positions_by_night(
        rows, entrants=iter(ids), keys=keys, points=points, best_nights=best
    )
    assert positions.nights == tuple(sorted({r.night for r in rows}))
    for i, night in enumerate(positions.nights):
        table = standings(
            [r for r in rows if r.night <= night],
            entrants=ids,
            keys=keys,
            points=points,
            best_nights=best,
        )
        assert {e: r[i] for e, r in positions.ranks.items()} == {r.entrant: r.rank for r in table}
