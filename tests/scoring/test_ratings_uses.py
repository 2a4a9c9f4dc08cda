"""The ratings put to use, without a database: the seeding order, chances as whole percents, and
a rotation whose partners are balanced by rating."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.pairing import rotation
from scoring.ratings import (
    Rating,
    Ratings,
    balanced_partners,
    by_rating,
    seeding_order,
    whole_percents,
    win_chances,
)
from tests.properties import costly


# -- the seeding order ------------------------------------------------------------------------
def test_seeding_order_is_by_rating_with_newcomers_in_the_order_given():
    ratings = Ratings(
        players={
            3: Rating(30, 2),  # conservative 24
            5: Rating(27, 3),  # 18
            1: Rating(20, 7),  # -1: below a newcomer's 0
            9: Rating(26, 2),  # 20
            8: Rating(25, 1),  # 22
        },
    )
    entrants = [1, 7, 3, 2, 5, 9, 8]  # 7 and 2 are newcomers, entered in that order
    order = [entrants[i] for i in seeding_order(ratings, entrants)]
    assert order == [3, 8, 9, 5, 7, 2, 1]
    # by_rating agrees except among equals, which it orders by id (2 before 7).
    assert by_rating(ratings, entrants) == [3, 8, 9, 5, 2, 7, 1]


def test_seeding_order_of_partnerships_pair_rating_first_then_partners_combined():
    a, b, c, d, e, f = 1, 2, 3, 4, 5, 6
    players = {a: Rating(32, 2), b: Rating(32, 2), c: Rating(22, 4), d: Rating(22, 4)}
    ab, cd, ef = frozenset((a, b)), frozenset((c, d)), frozenset((e, f))
    entrants = [ef, cd, ab]
    # No pair rating: the partners combined, ab 39 - 3 * 2.83 = 30.5, cd 19 - 3 * 5.66 = 2.0,
    # two newcomers 25 - 3 * 11.8 = -10.4.
    alone = Ratings(players=players)
    assert [entrants[i] for i in seeding_order(alone, entrants)] == [ab, cd, ef]
    # c and d have played together, and well: their pair rating (40 - 4.5 = 35.5) counts.
    together = Ratings(players=players, pairs={cd: Rating(40, 1.5)})
    assert [entrants[i] for i in seeding_order(together, entrants)] == [cd, ab, ef]
    assert [entrants[i] for i in seeding_order(together, entrants)] == by_rating(together, entrants)


@given(st.lists(st.tuples(st.floats(0, 50), st.floats(0.5, 9)), min_size=1, max_size=12))
def test_seeding_order_is_by_rating_when_no_two_are_rated_the_same(values):
    ratings = Ratings(players={i: Rating(mu, s) for i, (mu, s) in enumerate(values)})
    entrants = list(range(len(values)))[::-1]
    keys = {(r.conservative, r.mu) for r in ratings.players.values()}
    if len(keys) == len(values):
        order = [entrants[i] for i in seeding_order(ratings, entrants)]
        assert order == by_rating(ratings, entrants)


# -- chances as whole percents ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("chances", "percents"),
    [
        ((0.5, 0.5), (50, 50)),
        ((0.624, 0.376), (62, 38)),
        ((0.9999, 0.0001), (99, 1)),  # never 100 to 0
        ((0.0, 1.0), (1, 99)),
        ((1 / 3, 1 / 3, 1 / 3), (34, 33, 33)),
        ((0.996, 0.002, 0.002), (98, 1, 1)),
        ((), ()),
    ],
)
def test_whole_percents(chances, percents):
    assert whole_percents(chances) == percents


@given(st.lists(st.floats(0, 1), min_size=2, max_size=4).filter(lambda c: sum(c) > 0))
def test_whole_percents_add_up_to_100_each_at_least_1(chances):
    total = sum(chances)
    percents = whole_percents([c / total for c in chances])
    assert sum(percents) == 100 and all(1 <= p <= 99 for p in percents)
    for p, c in zip(percents, chances, strict=True):
        assert abs(p - 100 * c / total) < len(chances) + 1


def test_the_stronger_side_has_the_better_chance():
    ratings = Ratings(players={1: Rating(30, 2), 2: Rating(30, 2), 3: Rating(22, 3)})
    home, away = whole_percents(win_chances(ratings, [(1, 2), (3, 4)]))
    assert home > 50 > away and home + away == 100


# -- a balanced rotation ----------------------------------------------------------------------
def _partners(tables) -> set[frozenset]:
    return {frozenset(side) for table in tables for side in table}


def _cost(pairs, place) -> int:
    return sum(place[a] * place[b] for a, b in (tuple(p) for p in pairs))


def _matchings(players):
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        for more in _matchings(rest[:i] + rest[i + 1 :]):
            yield [frozenset((first, other)), *more]


def test_the_first_round_is_balanced_partners_and_later_rounds_the_most_balanced_new_ones():
    ratings = Ratings(players={p: Rating(20 + 3 * p, 2) for p in range(8)})  # 7 strongest
    players = list(range(8))
    order = by_rating(ratings, players)
    rot = rotation(players, 4, strongest_first=order)
    assert _partners(rot.rounds[0]) == {frozenset(p) for p in balanced_partners(ratings, players)}
    assert _partners(rot.rounds[0]) == {frozenset((7, 0)), frozenset((6, 1)), frozenset((5, 2)),
                                        frozenset((4, 3))}  # fmt: skip
    place = {p: i for i, p in enumerate(order)}
    played: set[frozenset] = set()
    for tables in rot.rounds:
        partners = _partners(tables)
        assert not partners & played  # new partners every round
        best = min(_cost(m, place) for m in _matchings(players) if not set(m) & played)
        assert _cost(partners, place) == best
        played |= partners


def test_a_balanced_rotation_refuses_another_list_of_players():
    with pytest.raises(ValueError, match="same players"):
        rotation("ABCD", 2, strongest_first="ABCE")
    with pytest.raises(ValueError, match="listed twice"):
        rotation("ABCD", 2, strongest_first="ABCA")


def test_a_balanced_rotation_is_not_the_usual_one_and_is_deterministic():
    players = list(range(12))
    balanced = rotation(players, 3, strongest_first=players)
    assert balanced == rotation(players, 3, strongest_first=players)
    assert _partners(balanced.rounds[0]) == {frozenset((i, 11 - i)) for i in range(6)}
    assert balanced.rounds != rotation(players, 3).rounds


@costly
@given(st.integers(4, 20), st.integers(1, 10), st.randoms(use_true_random=False))
def test_balanced_rotation_properties(n, rounds, rng):
    players = [f"P{i}" for i in range(n)]
    order = players[:]
    rng.shuffle(order)
    rot = rotation(players, rounds, strongest_first=order)
    assert len(rot.rounds) == len(rot.sitting_out) == rounds
    sat: Counter[str] = Counter()
    seen: set[frozenset] = set()
    no_repeat_rounds = (n - n % 4) // 2
    for r, (tables, out) in enumerate(zip(rot.rounds, rot.sitting_out, strict=True)):
        at_tables = [p for table in tables for side in table for p in side]
        assert sorted(at_tables + list(out)) == sorted(players)
        assert len(out) == n % 4
        sat.update(out)
        counts = [sat[p] for p in players]
        assert max(counts) - min(counts) <= 1  # sit-outs by turns, as always
        partners = _partners(tables)
        if r < no_repeat_rounds:
            assert not partners & seen
        if r == 0:
            present = [p for p in order if p not in out]
            half = len(present) // 2
            assert partners == {frozenset((present[i], present[-1 - i])) for i in range(half)}
        seen |= partners
    partner_counts = Counter(
        frozenset(side) for tables in rot.rounds for table in tables for side in table
    )
    assert rot.partner_repeats == sum(c - 1 for c in partner_counts.values() if c > 1)


def test_matchings_helper_counts():
    # 8 players have 7 * 5 * 3 = 105 ways to pair up: the brute force above sees them all.
    assert sum(1 for _ in _matchings(list(range(8)))) == 105
    assert len(list(itertools.islice(_matchings([1, 2]), 5))) == 1
