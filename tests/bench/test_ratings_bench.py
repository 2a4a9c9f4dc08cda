"""The ratings benchmark's pieces, on a few games (the figures come from ``make bench``)."""

from bench.bench_ratings import bare_loop, games, measure
from scoring.ratings import rebuild


def test_the_benchmark_games_are_finished_and_in_order():
    finished = games(200)
    assert finished == games(200)
    assert all(g.winner is not None for g in finished)
    assert {len(g.sides) for g in finished} == {2, 3}
    assert len(rebuild(finished).history) == 200


def test_the_floor_rates_the_same_players_and_the_lines_say_so():
    finished = games(100)
    assert set(bare_loop(finished)) == set(rebuild(finished).ratings.players)
    lines = measure(100, runs=1)
    assert len(lines) == 2 and "100 games" in lines[0] and "x the floor" in lines[1]
