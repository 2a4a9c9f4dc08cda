"""The rating engine (scoring/ratings.py): worked examples against openskill called directly,
rebuild against one game at a time, properties over generated games (hypothesis)."""

import math
import random
from datetime import datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scoring.ratings import (
    MODEL,
    MU,
    NEWCOMER,
    SIGMA,
    TAU,
    FinishedGame,
    Rating,
    Ratings,
    balanced_partners,
    by_rating,
    model_predict_win,
    model_rate,
    rate_game,
    rate_next,
    rating_list,
    rebuild,
    seeding_rating,
    win_chances,
)
from tests.properties import costly

START = datetime(2026, 1, 8, 19, 30)


def _game(number, sides, winner, minutes=None):
    at = START + timedelta(minutes=number if minutes is None else minutes)
    return FinishedGame(id=number, played_at=at, sides=tuple(sides), winner=winner)


# --- worked examples: the numbers are openskill's own ------------------------------------


def test_two_hand_game_is_openskills_rate():
    model = PlackettLuce(limit_sigma=True)
    anna, bert = model.rating(mu=30.0, sigma=4.0), model.rating(mu=24.0, sigma=6.0)
    [[anna_after], [bert_after]] = model.rate([[anna], [bert]], ranks=[1, 0])
    ratings = Ratings(players={1: Rating(30.0, 4.0), 2: Rating(24.0, 6.0)})

    after, rated = rate_game(ratings, [(1,), (2,)], 1, game=10)

    assert after.player(1) == Rating(anna_after.mu, anna_after.sigma)
    assert after.player(2) == Rating(bert_after.mu, bert_after.sigma)
    first, second = rated.players
    assert (first.who, first.side, first.actual, second.actual) == (1, 0, 0.0, 1.0)
    assert first.expected == model.predict_win([[anna], [bert]])[0]
    assert second.expected == model.predict_win([[anna], [bert]])[1]
    assert first.opponents == ((2, Rating(24.0, 6.0)),)
    assert first.change == pytest.approx(after.player(1).conservative - (30.0 - 12.0))
    assert rated.game == 10 and rated.pairs == ()
    assert ratings.players == {1: Rating(30.0, 4.0), 2: Rating(24.0, 6.0)}  # left as it was


def test_the_worked_numbers():
    # Two newcomers, one game: the figures a reader can check by hand against the library.
    after, rated = rate_game(Ratings(), [(1,), (2,)], 0)
    assert after.player(1).mu == pytest.approx(27.63539, abs=1e-5)
    assert after.player(2).mu == pytest.approx(22.36461, abs=1e-5)
    assert after.player(1).sigma == pytest.approx(8.06590, abs=1e-5)
    assert rated.players[0].expected == 0.5
    assert NEWCOMER.conservative == pytest.approx(0.0)


def test_four_hand_partnerships_rate_players_and_pairs():
    model = PlackettLuce(limit_sigma=True)
    r = {p: model.rating(mu=20.0 + 2 * p, sigma=5.0 + p / 2) for p in (1, 2, 3, 4)}
    ratings = Ratings(
        players={p: Rating(x.mu, x.sigma) for p, x in r.items()},
        pairs={frozenset({3, 4}): Rating(28.0, 3.0)},
    )
    [[a1, a2], [b1, b2]] = model.rate([[r[1], r[2]], [r[3], r[4]]], ranks=[0, 1])
    [[pa], [pb]] = model.rate([[model.rating()], [model.rating(mu=28.0, sigma=3.0)]], ranks=[0, 1])

    after, rated = rate_game(ratings, [(1, 2), (3, 4)], 0)

    assert [after.player(p) for p in (1, 2, 3, 4)] == [
        Rating(x.mu, x.sigma) for x in (a1, a2, b1, b2)
    ]
    assert after.pair(frozenset({2, 1})) == Rating(pa.mu, pa.sigma)
    assert after.pair(frozenset({3, 4})) == Rating(pb.mu, pb.sigma)
    assert [c.who for c in rated.pairs] == [frozenset({1, 2}), frozenset({3, 4})]
    assert rated.pairs[0].opponents == ((frozenset({3, 4}), Rating(28.0, 3.0)),)
    assert [c.who for c in rated.players[:2]] == [1, 2]
    assert {p for p, _ in rated.players[0].opponents} == {3, 4}


def test_three_hand_is_duels_with_the_winner():
    model = PlackettLuce(limit_sigma=True)
    w, a, b = (model.rating(mu=m, sigma=s) for m, s in ((20.0, 6.0), (35.0, 3.0), (15.0, 7.0)))
    [[w_a], [a_after]] = model.rate([[w], [a]], ranks=[0, 1])
    [[w_b], [b_after]] = model.rate([[w], [b]], ranks=[0, 1])
    ratings = Ratings(players={1: Rating(20.0, 6.0), 2: Rating(35.0, 3.0), 3: Rating(15.0, 7.0)})

    after, rated = rate_game(ratings, [(1,), (2,), (3,)], 0)

    assert after.player(2) == Rating(a_after.mu, a_after.sigma)
    assert after.player(3) == Rating(b_after.mu, b_after.sigma)
    assert after.player(1).mu == pytest.approx(20.0 + (w_a.mu - 20.0) + (w_b.mu - 20.0))
    assert after.player(1).sigma == pytest.approx(6.0 * (w_a.sigma / 6.0) * (w_b.sigma / 6.0))
    assert [c.expected for c in rated.players] == model.predict_win([[w], [a], [b]])
    assert [c.actual for c in rated.players] == [1.0, 0.0, 0.0]
    # The weak loser gains nothing from having "tied" with the strong one.
    assert after.player(3).mu < 15.0


def test_explicit_ranks_are_the_models_own():
    model = PlackettLuce(limit_sigma=True)
    teams = [[model.rating()], [model.rating(mu=30.0)], [model.rating(mu=20.0)]]
    expected = model.rate(teams, ranks=[1, 0, 2])
    after, rated = rate_game(
        Ratings(players={2: Rating(30.0, SIGMA), 3: Rating(20.0, SIGMA)}),
        [(1,), (2,), (3,)],
        (1, 0, 2),
    )
    assert [after.player(p) for p in (1, 2, 3)] == [Rating(t[0].mu, t[0].sigma) for t in expected]
    assert [c.actual for c in rated.players] == [0.0, 1.0, 0.0]


# --- the model's maths on plain numbers is openskill's, to the last bit --------------------


def _as_floats(teams):
    return [[(r.mu, r.sigma) for r in team] for team in teams]


def _assert_same_as_openskill(teams, ranks):
    """``model_rate`` and ``model_predict_win`` against the model's own ``rate`` and
    ``predict_win``: equal floats, not merely close (a rebuild repeats them 50,000 times)."""
    ours = model_rate(teams, ranks)
    model_teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams]
    theirs = MODEL.rate(model_teams, ranks=list(ranks))
    assert _as_floats(ours) == _as_floats(theirs)
    assert model_predict_win(teams) == MODEL.predict_win(model_teams)
    assert [[(r.mu, r.sigma) for r in team] for team in model_teams] == _as_floats(teams)


def _random_teams(rng, sides, size):
    return [
        [Rating(rng.uniform(-10.0, 60.0), rng.uniform(0.01, 15.0)) for _ in range(size())]
        for _ in range(sides)
    ]


@st.composite
def model_games(draw):
    sides = draw(st.integers(2, 4))
    ratings = st.builds(
        Rating,
        st.floats(-10.0, 60.0, allow_nan=False),
        st.floats(0.01, 15.0, allow_nan=False),
    )
    teams = draw(
        st.lists(st.lists(ratings, min_size=1, max_size=3), min_size=sides, max_size=sides)
    )
    # Whole ranks, ties among them, and fractions (the model keeps only the whole part).
    rank = st.integers(0, 3).map(float) | st.floats(-2.0, 4.0, allow_nan=False)
    ranks = draw(st.lists(rank, min_size=sides, max_size=sides))
    return teams, ranks


@given(model_games())
def test_the_models_maths_on_plain_numbers_is_openskills(game):
    teams, ranks = game
    _assert_same_as_openskill(teams, ranks)


def test_the_models_maths_on_plain_numbers_is_openskills_on_many_random_games():
    rng = random.Random(22)
    for _ in range(3000):
        sides = rng.choice((2, 2, 2, 3, 4))
        teams = _random_teams(rng, sides, lambda: rng.choice((1, 1, 2, 2, 3)))
        if rng.random() < 0.8:  # one winner, as the rebuild's games
            ranks = [1.0] * sides
            ranks[rng.randrange(sides)] = 0.0
        else:  # explicit ranks, ties too
            ranks = [float(rng.randrange(sides)) for _ in range(sides)]
        _assert_same_as_openskill(teams, ranks)


@pytest.mark.parametrize(
    "sides, outcome",
    [
        ([(1,)], 0),
        ([(1,), ()], 0),
        ([(1,), (1,)], 0),
        ([(1, 2), (3, 2)], 0),
        ([(1,), (2,)], 2),
        ([(1,), (2,)], -1),
        ([(1,), (2,)], (0, 1, 2)),
        ([(1,), (2,)], (0, math.nan)),
    ],
)
def test_a_game_that_makes_no_sense_is_refused(sides, outcome):
    with pytest.raises(ValueError):
        rate_game(Ratings(), sides, outcome)


# --- rebuild ------------------------------------------------------------------------------


def test_unfinished_games_are_not_rated_and_order_is_played_at_then_id():
    games = [
        _game(3, [(1,), (2,)], 1, minutes=5),
        _game(1, [(1,), (2,)], None),
        _game(2, [(1,), (2,)], 0, minutes=5),
        _game(4, [(1,), (3,)], 0, minutes=1),
    ]
    rebuilt = rebuild(games)
    assert [g.game for g in rebuilt.history] == [4, 2, 3]
    assert rebuild(reversed(games)) == rebuilt


player_ids = st.integers(min_value=1, max_value=9)


@st.composite
def game_lists(draw):
    """Finished (and some unfinished) games of two-hand, three-hand and four-hand shapes, some
    at the same moment."""
    games = []
    for number in range(draw(st.integers(min_value=0, max_value=25))):
        shape = draw(st.sampled_from(["two", "three", "four"]))
        size = {"two": 2, "three": 3, "four": 4}[shape]
        players = draw(st.lists(player_ids, min_size=size, max_size=size, unique=True))
        if shape == "four":
            sides = [tuple(players[:2]), tuple(players[2:])]
        else:
            sides = [(p,) for p in players]
        winner = draw(st.one_of(st.none(), st.integers(0, len(sides) - 1)))
        minutes = draw(st.integers(min_value=0, max_value=30))
        games.append(_game(number, sides, winner, minutes=minutes))
    return games


@costly
@given(game_lists())
def test_rebuild_is_the_same_as_one_game_at_a_time(games):
    rebuilt = rebuild(games)
    step = rebuild([])
    ratings = Ratings()
    for game in sorted(games, key=lambda g: (g.played_at, g.id)):
        step = rate_next(step, game)
        if game.winner is not None:
            ratings, _ = rate_game(ratings, game.sides, game.winner, game=game.id)
    assert step == rebuilt
    assert ratings == rebuilt.ratings


@costly
@given(game_lists(), st.randoms(use_true_random=False))
def test_rebuild_is_deterministic_whatever_the_input_order(games, rng):
    shuffled = list(games)
    rng.shuffle(shuffled)
    assert rebuild(shuffled) == rebuild(games)


def test_a_game_before_the_last_one_rated_needs_a_rebuild():
    rebuilt = rebuild([_game(5, [(1,), (2,)], 0)])
    with pytest.raises(ValueError, match="rebuild"):
        rate_next(rebuilt, _game(4, [(1,), (2,)], 0))
    assert rate_next(rebuilt, _game(6, [(1,), (2,)], None)) is rebuilt


# --- properties ---------------------------------------------------------------------------

ratings_st = st.builds(
    Rating,
    mu=st.floats(min_value=-10, max_value=60),
    sigma=st.floats(min_value=0.3, max_value=SIGMA),
)


@st.composite
def one_game(draw):
    shape = draw(st.sampled_from([(1, 1), (1, 1, 1), (2, 2)]))
    sides, next_id = [], 1
    for size in shape:
        sides.append(tuple(range(next_id, next_id + size)))
        next_id += size
    players = {p: draw(ratings_st) for side in sides for p in side}
    pairs = {frozenset(side): draw(ratings_st) for side in sides if len(side) == 2}
    winner = draw(st.integers(0, len(sides) - 1))
    return Ratings(players, pairs), sides, winner


@given(one_game())
def test_winners_never_fall_losers_never_rise_sigma_never_grows(game):
    ratings, sides, winner = game
    _, rated = rate_game(ratings, sides, winner)
    for change in rated.players + rated.pairs:
        if change.side == winner:
            assert change.after.mu >= change.before.mu
        else:
            assert change.after.mu <= change.before.mu
        assert change.after.sigma <= change.before.sigma


@given(one_game())
def test_the_changes_balance_as_the_model_says(game):
    # Plackett-Luce with two sides: each player's mu moves by its own variance (widened by
    # tau before the game) times one number for its side, +p/c for the winners and -p/c for
    # the losers (p: the losers' chance, c: the game's spread). So every winner's change per
    # unit of variance is the same, every loser's its opposite, and they sum to nothing.
    ratings, sides, winner = game
    if len(sides) != 2:
        return
    _, rated = rate_game(ratings, sides, winner)
    for changes in (rated.players, rated.pairs):
        if not changes:  # no pairs in a two-hand game
            continue
        per_variance = [(c.after.mu - c.before.mu) / (c.before.sigma**2 + TAU**2) for c in changes]
        won = [v for v, c in zip(per_variance, changes, strict=True) if c.side == winner]
        lost = [v for v, c in zip(per_variance, changes, strict=True) if c.side != winner]
        assert all(v > 0 for v in won) and all(v < 0 for v in lost)
        assert max(won) == pytest.approx(min(won)) and max(lost) == pytest.approx(min(lost))
        assert sum(per_variance) == pytest.approx(0.0, abs=1e-9)


@given(one_game())
def test_win_chances_add_up_to_one(game):
    ratings, sides, _ = game
    chances = win_chances(ratings, sides)
    assert len(chances) == len(sides)
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 <= c <= 1.0 for c in chances)
    if len(sides) == 2:
        assert chances[0] + chances[1] == pytest.approx(1.0, abs=1e-12)


def test_the_stronger_side_is_favoured():
    ratings = Ratings(players={1: Rating(35.0, 2.0), 2: Rating(20.0, 2.0)})
    strong, weak = win_chances(ratings, [(1,), (2,)])
    assert strong > 0.9 > 0.1 > weak
    assert win_chances(Ratings(), [(1,), (2,)]) == (0.5, 0.5)


# --- the rating list ----------------------------------------------------------------------


def _round_robin(players, rounds, start=0):
    """Every pair of ``players`` meets ``rounds`` times, the lower id winning."""
    games, number = [], start
    for _ in range(rounds):
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                games.append(_game(number, [(a,), (b,)], 0))
                number += 1
    return games


def test_the_list_needs_enough_games_against_enough_opponents():
    games = _round_robin([1, 2, 3, 4], 2)  # 6 games each, 3 opponents each
    games += [_game(100 + n, [(5,), (6,)], n % 2) for n in range(8)]  # 8 games, 1 opponent
    rebuilt = rebuild(games)

    listed = rating_list(rebuilt, min_games=6, min_opponents=3)
    assert [row.who for row in listed] == [1, 2, 3, 4]
    assert [row.games for row in listed] == [6, 6, 6, 6]
    assert [row.opponents for row in listed] == [3, 3, 3, 3]
    assert [row.place for row in listed] == [1, 2, 3, 4]

    assert {row.who for row in rating_list(rebuilt, min_games=7, min_opponents=1)} == {5, 6}
    assert {row.who for row in rating_list(rebuilt, min_games=6, min_opponents=1)} == {
        1,
        2,
        3,
        4,
        5,
        6,
    }
    assert rating_list(rebuilt, min_games=9, min_opponents=1) == ()


def test_the_list_is_sorted_by_conservative_rating_with_a_trend():
    rebuilt = rebuild(_round_robin([1, 2, 3], 4))
    listed = rating_list(rebuilt, min_games=1, min_opponents=1, trend_games=3)
    conservative = [row.conservative for row in listed]
    assert conservative == sorted(conservative, reverse=True)
    for row in listed:
        assert row.rating == rebuilt.ratings.player(row.who)
        mine = [c for g in rebuilt.history for c in g.players if c.who == row.who]
        assert row.trend == pytest.approx(sum(c.change for c in mine[-3:]))
    assert listed[0].trend > 0 > listed[-1].trend


def test_equal_ratings_share_a_place_and_pairs_have_their_list():
    games = [_game(n, [(1, 2), (3, 4)] if n % 2 else [(5, 6), (7, 8)], 0) for n in range(4)]
    rebuilt = rebuild(games)
    players = rating_list(rebuilt, min_games=2, min_opponents=2)
    assert [row.place for row in players] == [1, 1, 1, 1, 5, 5, 5, 5]
    assert [row.who for row in players[:4]] == [1, 2, 5, 6]
    pairs = rating_list(rebuilt, min_games=2, min_opponents=1, pairs=True)
    assert [row.who for row in pairs] == [
        frozenset({1, 2}),
        frozenset({5, 6}),
        frozenset({3, 4}),
        frozenset({7, 8}),
    ]
    assert [row.place for row in pairs] == [1, 1, 3, 3]
    assert rating_list(rebuilt, min_games=2, min_opponents=2, pairs=True) == ()


# --- seeding and partners -----------------------------------------------------------------


def test_seeding_by_rating_players_and_pairs():
    ratings = Ratings(
        players={1: Rating(35.0, 2.0), 2: Rating(30.0, 2.0), 3: Rating(20.0, 2.0)},
        pairs={frozenset({3, 4}): Rating(33.0, 1.0)},
    )
    assert by_rating(ratings, [3, 9, 1, 2]) == [1, 2, 3, 9]
    pair_12, pair_34, pair_56 = frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})
    # 3 and 4 have played together: their partnership rating counts, not 3's weak own.
    assert seeding_rating(ratings, pair_34) == Rating(33.0, 1.0)
    combined = seeding_rating(ratings, pair_12)
    assert combined.mu == pytest.approx(35.0 + 30.0 - MU)
    assert combined.sigma == pytest.approx(math.sqrt(8.0))
    assert by_rating(ratings, [pair_56, pair_34, pair_12]) == [pair_12, pair_34, pair_56]
    assert seeding_rating(ratings, pair_56).conservative < 0  # two newcomers seed last


def test_balanced_partners_pair_strong_with_weak():
    ratings = Ratings(players={p: Rating(20.0 + p, 2.0) for p in range(1, 7)})
    assert balanced_partners(ratings, [1, 2, 3, 4, 5, 6]) == [(6, 1), (5, 2), (4, 3)]
    with pytest.raises(ValueError):
        balanced_partners(ratings, [1, 2, 3])


def test_a_change_made_the_quick_way_is_the_dataclass_itself():
    from dataclasses import FrozenInstanceError, fields

    from scoring.ratings import Change, _change

    values = (
        7,
        frozenset((1, 2)),
        1,
        Rating(20.0, 6.0),
        Rating(21.0, 5.5),
        ((3, NEWCOMER),),
        0.4,
        1.0,
    )
    quick, slow = _change(*values), Change(*values)
    assert quick == slow and hash(quick) == hash(slow) and repr(quick) == repr(slow)
    assert [getattr(quick, f.name) for f in fields(Change)] == list(values)
    assert quick.change == slow.change
    with pytest.raises(FrozenInstanceError):
        quick.side = 0  # type: ignore[misc]
