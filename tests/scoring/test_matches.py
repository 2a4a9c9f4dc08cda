"""A match's result from its games (scoring.matches): formats worked by hand, paper sheets,
forfeits, refusals, and a property that it decides exactly as league's fixture_recompute did."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.formats import InvalidFormat
from scoring.matches import (
    Concession,
    GameOutcome,
    InvalidMatch,
    MatchFormat,
    forfeit_score,
    match_result,
    typed_games,
)
from scoring.standings import MatchRow
from scoring.stats import MATCH_COUNTS, STAT_FIELDS

ONE = MatchFormat()
FIXED_2 = MatchFormat(games=2)
FIXED_3 = MatchFormat(games=3)
BEST_OF_3 = MatchFormat(games=3, best_of=True)
BEST_OF_5 = MatchFormat(games=5, best_of=True)


def won(a, b):
    return GameOutcome(totals=(a, b), winner=0 if a > b else 1)


def stats(n):
    return {"points": 999, **dict.fromkeys(STAT_FIELDS, n)}


RUNNING = GameOutcome(totals=(120, 80), winner=None, side_stats=(stats(1), stats(2)))


@pytest.mark.parametrize(
    ("fmt", "games", "finished", "winner", "results", "games_won", "points"),
    [
        (ONE, [], False, None, (None, None), (0, 0), (0, 0)),
        (ONE, [RUNNING], False, None, (None, None), (0, 0), (0, 0)),
        (ONE, [won(300, 510)], True, 1, ("loss", "win"), (0, 1), (300, 510)),
        (FIXED_2, [won(510, 300), won(300, 505)], True, None, ("draw", "draw"), (1, 1), (810, 805)),
        # A fixed number of games is played out, decided or not.
        (FIXED_3, [won(510, 300), won(505, 300)], False, None, (None, None), (2, 0), (1015, 600)),
        (
            FIXED_3,
            [won(512, 430), won(300, 505), won(501, 20)],
            True,
            0,
            ("win", "loss"),
            (2, 1),
            (1313, 955),
        ),
        # Best of: over once a side has most of them; games still being played do not count.
        (BEST_OF_3, [won(510, 300), won(505, 300)], True, 0, ("win", "loss"), (2, 0), (1015, 600)),
        (BEST_OF_3, [won(510, 300), won(300, 505)], False, None, (None, None), (1, 1), (810, 805)),
        (
            BEST_OF_3,
            [won(510, 300), won(300, 505), RUNNING],
            False,
            None,
            (None, None),
            (1, 1),
            (810, 805),
        ),
        (
            BEST_OF_5,
            [won(0, 500), won(500, 0), won(0, 500), won(0, 500)],
            True,
            1,
            ("loss", "win"),
            (1, 3),
            (500, 1500),
        ),
    ],
)
def test_a_match_result_by_hand(fmt, games, finished, winner, results, games_won, points):
    result = match_result(fmt, games)
    assert (result.finished, result.winner) == (finished, winner)
    assert tuple(side.result for side in result.sides) == results
    assert tuple(side.games_won for side in result.sides) == games_won
    assert tuple(side.games_lost for side in result.sides) == games_won[::-1]
    assert tuple(side.points_for for side in result.sides) == points
    assert tuple(side.points_against for side in result.sides) == points[::-1]
    assert result.drawn == (finished and winner is None)


def test_statistics_count_every_game_even_one_still_played():
    games = [
        GameOutcome((510, 300), 0, (stats(3), stats(4))),
        GameOutcome((), None, ()),  # started, no deal yet
        RUNNING,
    ]
    home, away = match_result(BEST_OF_3, games).sides
    assert dict(home.stats) == dict.fromkeys(STAT_FIELDS, 4)
    assert dict(away.stats) == dict.fromkeys(STAT_FIELDS, 6)


@pytest.mark.parametrize("fmt", [ONE, FIXED_2, BEST_OF_3, BEST_OF_5])
@pytest.mark.parametrize("no_show", [False, True])
def test_a_concession_decides_the_match_by_the_chosen_score(fmt, no_show):
    # A withdrawal during the match: the game played stays on the record but does not count.
    games = [GameOutcome((40, 510), 1, (stats(5), stats(5)))]
    result = match_result(fmt, games, concession=Concession(1, (1000, 0), no_show=no_show))
    assert (result.finished, result.winner, result.played) == (True, 0, 1)
    home, away = result.sides
    assert (home.result, home.games_won, home.games_lost, home.points_for) == ("win", 1, 0, 1000)
    assert (away.result, away.games_won, away.points_for, away.points_against) == (
        "loss",
        0,
        0,
        1000,
    )
    assert dict(home.stats) == dict(away.stats) == dict.fromkeys(STAT_FIELDS, 0)
    assert result.concession.no_show is no_show


@pytest.mark.parametrize(
    ("side", "score", "field", "message"),
    [
        (2, (500, 0), "side", "Say which side forfeits."),
        (True, (500, 0), "side", "Say which side forfeits."),
        (0, (0, 500), "score", "A forfeit score gives the winner more points than the loser."),
        (0, (500, 500), "score", "A forfeit score gives the winner more points than the loser."),
        (1, (500, -1), "score", "A forfeit score gives the winner more points than the loser."),
    ],
)
def test_a_forfeit_that_cannot_stand_is_refused(side, score, field, message):
    with pytest.raises(InvalidMatch) as caught:
        Concession(side, score)
    assert (caught.value.field, caught.value.message, str(caught.value)) == (
        field,
        message,
        message,
    )


@pytest.mark.parametrize(("side", "scores"), [(0, (0, 500)), (1, (500, 0))])
def test_a_concession_s_score_in_side_order(side, scores):
    assert Concession(side, (500, 0)).side_scores == scores
    assert Concession(side, [500, 0]).score == (500, 0)


def test_typed_totals_become_finished_games():
    games = typed_games(FIXED_3, [(512, 430), [300, 505], (501, 20)], target=500)
    assert [(g.totals, g.winner) for g in games] == [
        ((512, 430), 0),
        ((300, 505), 1),
        ((501, 20), 0),
    ]
    assert match_result(FIXED_3, games).winner == 0


@pytest.mark.parametrize(
    ("fmt", "scores", "message"),
    [
        (
            FIXED_3,
            [(512, 430)],
            "This competition plays 3 game(s) a match: give 3 score(s), one a line.",
        ),
        (
            ONE,
            [(512, 430), (501, 0)],
            "This competition plays 1 game(s) a match: give 1 score(s), one a line.",
        ),
        (ONE, [(-5, 500)], "Game 1: scores cannot be negative."),
        (
            FIXED_2,
            [(510, 300), (400, 300)],
            "Game 2: a finished game has one side on 500 or more, ahead of the other; "
            "400\u2013300 is not finished.",
        ),
        (
            ONE,
            [(500, 500)],
            "Game 1: a finished game has one side on 500 or more, ahead of the other; "
            "500\u2013500 is not finished.",
        ),
    ],
)
def test_typed_totals_that_are_not_finished_games_are_refused(fmt, scores, message):
    with pytest.raises(InvalidMatch) as caught:
        typed_games(fmt, scores, target=500)
    assert (caught.value.field, caught.value.message) == ("scores", message)


@pytest.mark.parametrize(
    ("games", "best_of", "message"),
    [
        (0, False, "A match is from 1 to 15 games."),
        (16, False, "A match is from 1 to 15 games."),
        ("3", False, "A match is from 1 to 15 games."),
        (2, True, "A best-of match is an odd number of games: 1, 3, 5..."),
    ],
)
def test_a_match_format_that_could_not_be_played_is_refused(games, best_of, message):
    with pytest.raises(InvalidFormat) as caught:
        MatchFormat(games=games, best_of=best_of)
    assert (caught.value.field, caught.value.message) == ("games_per_match", message)


def test_game_outcomes_that_make_no_sense_are_a_caller_s_bug():
    for make in (
        lambda: GameOutcome((500,), 0),
        lambda: GameOutcome((500, 0), 2),
        lambda: GameOutcome((500, 0), 0, (stats(1),)),
        lambda: GameOutcome((500, 500), 0, drawn=True),
    ):
        with pytest.raises(ValueError):
            make()
    # equal totals are kept only of a game of fixed deals: a drawn game
    assert GameOutcome.from_sheet((1296, 1296)) == GameOutcome((1296, 1296), drawn=True)
    assert GameOutcome.from_sheet([430, 512]) == GameOutcome((430, 512), 1)
    assert GameOutcome([1, 2], None, [stats(1), stats(1)]).totals == (1, 2)


def test_a_side_s_counts_are_a_standings_row():
    home_stats = {**stats(1), "deals": 9, "deals_as_makers": 4}
    away_stats = {**stats(2), "deals": 9, "deals_as_makers": 5}
    result = match_result(ONE, [GameOutcome((510, 300), 0, (home_stats, away_stats))])
    home, away = result.sides
    assert tuple(home.counts()) == MATCH_COUNTS
    row = MatchRow(7, 8, 1, home.result, **home.counts())
    assert (row.games_won, row.points_for, row.points_against, row.deals) == (1, 510, 300, 9)
    assert MatchRow(8, 7, 1, away.result, **away.counts()).reneges == 2


# -- the same decisions as league's fixture_recompute -------------------------------------------


def recompute_today(games_per_match, best_of, typed_scores, conceded_by, games):
    """league/services/competitions.py fixture_recompute as it was, without the database:
    the reference match_result must agree with."""
    games_won = [0, 0]
    points = [0, 0]
    stat = [dict.fromkeys(STAT_FIELDS, 0), dict.fromkeys(STAT_FIELDS, 0)]
    if typed_scores:
        played = len(typed_scores)
        for a, b in typed_scores:
            games_won[0 if a > b else 1] += 1
            points[0] += a
            points[1] += b
    else:
        played = sum(game["winner"] is not None for game in games)
        for game in games:
            for side in (0, 1):
                for name in STAT_FIELDS:
                    stat[side][name] += game["side_stats"][side][name] if game["side_stats"] else 0
            if game["winner"] is not None:
                games_won[game["winner"]] += 1
                points[0] += game["totals"][0]
                points[1] += game["totals"][1]
    if best_of:  # noqa: SIM108 - kept word for word as league wrote it
        finished = max(games_won) > games_per_match // 2
    else:
        finished = played >= games_per_match
    finished = finished or conceded_by is not None
    winner = None
    results = ["", ""]
    if finished:
        if conceded_by is not None:
            winner = 1 - conceded_by
        elif games_won[0] != games_won[1]:
            winner = 0 if games_won[0] > games_won[1] else 1
        results = ["draw", "draw"] if winner is None else ["loss", "loss"]
        if winner is not None:
            results[winner] = "win"
    rows = [
        {
            "result": results[mine],
            "games_won": games_won[mine],
            "games_lost": games_won[1 - mine],
            "points_for": points[mine],
            "points_against": points[1 - mine],
            **stat[mine],
        }
        for mine in (0, 1)
    ]
    return finished, winner, rows


formats = st.one_of(
    st.builds(MatchFormat, st.integers(1, 15), st.just(False)),
    st.builds(MatchFormat, st.sampled_from([1, 3, 5, 7, 9, 11, 13, 15]), st.just(True)),
)
side_stats = st.one_of(
    st.just([]),
    st.lists(
        st.fixed_dictionaries({n: st.integers(0, 30) for n in STAT_FIELDS}), min_size=2, max_size=2
    ),
)
finished_totals = st.tuples(st.integers(0, 2000), st.integers(0, 2000)).filter(
    lambda t: t[0] != t[1]
)


@st.composite
def stored_games(draw):
    """A fixture's games as the database keeps them: finished ones, and maybe one in play."""
    games = [
        {"totals": list(t), "winner": 0 if t[0] > t[1] else 1, "side_stats": draw(side_stats)}
        for t in draw(st.lists(finished_totals, max_size=15))
    ]
    if draw(st.booleans()):
        totals = draw(st.one_of(st.just([]), st.lists(st.integers(0, 499), min_size=2, max_size=2)))
        games.append({"totals": totals, "winner": None, "side_stats": draw(side_stats)})
    return draw(st.permutations(games))


@given(formats, stored_games())
def test_games_decide_as_fixture_recompute_did(fmt, games):
    result = match_result(
        fmt, [GameOutcome(g["totals"], g["winner"], g["side_stats"]) for g in games]
    )
    finished, winner, rows = recompute_today(fmt.games, fmt.best_of, None, None, games)
    assert (result.finished, result.winner) == (finished, winner)
    for side, row in zip(result.sides, rows, strict=True):
        assert {"result": side.result or "", **side.counts()} == row


@given(formats, st.lists(finished_totals, min_size=1, max_size=15))
def test_typed_totals_decide_as_fixture_recompute_did(fmt, typed):
    result = match_result(fmt, [GameOutcome.from_sheet(t) for t in typed])
    finished, winner, rows = recompute_today(fmt.games, fmt.best_of, typed, None, [])
    assert (result.finished, result.winner) == (finished, winner)
    for side, row in zip(result.sides, rows, strict=True):
        assert {"result": side.result or "", **side.counts()} == row


@given(
    formats,
    st.sampled_from([0, 1]),
    st.tuples(st.integers(1, 2000), st.integers(0, 2000)).filter(lambda s: s[0] > s[1]),
    stored_games(),
)
def test_a_concession_decides_as_fixture_recompute_did(fmt, side, score, games):
    concession = Concession(side, score)
    result = match_result(
        fmt,
        [GameOutcome(g["totals"], g["winner"], g["side_stats"]) for g in games],
        concession=concession,
    )
    # fixture_concede stored the score in side order as the one typed pair.
    typed = [list(concession.side_scores)]
    finished, winner, rows = recompute_today(fmt.games, fmt.best_of, typed, side, games)
    assert (result.finished, result.winner) == (finished, winner) == (True, 1 - side)
    for mine, row in zip(result.sides, rows, strict=True):
        assert {"result": mine.result, **mine.counts()} == row


@given(formats, st.lists(finished_totals, max_size=15))
def test_played_game_by_game_a_best_of_is_never_drawn_and_results_mirror(fmt, totals):
    mirror = {"win": "loss", "draw": "draw", "loss": "win", None: None}
    games = []
    for pair in totals:  # no game is started once the match is over
        games.append(GameOutcome.from_sheet(pair))
        result = match_result(fmt, games)
        home, away = result.sides
        assert mirror[home.result] == away.result
        assert (home.result is None) == (not result.finished)
        if result.finished:
            break
    else:
        assert len(games) < fmt.games
        return
    assert len(games) <= fmt.games
    if fmt.best_of:
        assert result.winner is not None
        assert max(home.games_won, away.games_won) == fmt.majority
    else:
        assert len(games) == fmt.games


def test_a_forfeit_is_given_as_the_target_to_nothing():
    assert forfeit_score(500) == (500, 0)
    assert forfeit_score(1000) == (1000, 0)
    # A score a concession takes: the winner's points first.
    assert Concession(0, forfeit_score(500)).side_scores == (0, 500)
