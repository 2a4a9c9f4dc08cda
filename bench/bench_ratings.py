"""Rebuilding every rating from scratch: 51,900 random finished games (a big league's years)
through ``scoring.ratings.rebuild``, against a bare loop over the same games.

The games (fixed seed): 300 players; 40 % two-hand, 20 % three-hand, 40 % four-hand
partnerships among 150 fixed pairs; a random winner. The floor is the least a rebuild can do:
the same games in the same order, one openskill ``PlackettLuce.rate`` call each on ratings
kept in a dict (no checks, no pair ratings, no win chances, no history records). The ratio says
what the engine's records and partnership ratings cost on top of the model (target: 5x,
issue 22). Best of three.
Plain functions only: bench/run.py loads this module in a way that breaks @dataclass.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from scoring.ratings import MODEL, FinishedGame, rebuild

GAMES = 51_900
TARGET_RATIO = 5.0  # the rebuild against the bare loop (issue 22)
PLAYERS = 300


def games(n: int = GAMES, seed: int = 1) -> list[FinishedGame]:
    """``n`` finished games in play order, one minute apart."""
    rng = random.Random(seed)
    players = list(range(1, PLAYERS + 1))
    pairs = [(players[i], players[i + 1]) for i in range(0, PLAYERS, 2)]
    start = datetime(2020, 1, 1, 19, 0)
    out = []
    for number in range(n):
        kind = rng.random()
        if kind < 0.4:
            sides = tuple((p,) for p in rng.sample(players, 2))
        elif kind < 0.6:
            sides = tuple((p,) for p in rng.sample(players, 3))
        else:
            sides = tuple(rng.sample(pairs, 2))
        out.append(
            FinishedGame(
                id=number,
                played_at=start + timedelta(minutes=number),
                sides=sides,
                winner=rng.randrange(len(sides)),
            )
        )
    return out


def bare_loop(finished: list[FinishedGame]) -> dict[int, object]:
    """The floor: the model's ``rate`` once a game, ratings in a dict."""
    ratings: dict[int, object] = {}
    for game in finished:
        teams = [[ratings.get(p) or MODEL.rating() for p in side] for side in game.sides]
        ranks = [0.0 if i == game.winner else 1.0 for i in range(len(game.sides))]
        rated = MODEL.rate(teams, ranks=ranks)  # type: ignore[arg-type]
        for side, team in zip(game.sides, rated, strict=True):
            for player, rating in zip(side, team, strict=True):
                ratings[player] = rating
    return ratings


def _best(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def measure(n: int = GAMES, runs: int = 3) -> list[str]:
    finished = games(n)
    rebuilt = rebuild(finished)
    t_rebuild = _best(runs, lambda: rebuild(finished))
    t_floor = _best(runs, lambda: bare_loop(finished))
    return [
        f"ratings: rebuild of {n:,} games ({len(rebuilt.ratings.players)} players, "
        f"{len(rebuilt.ratings.pairs)} pairs) {t_rebuild:6.2f} s, "
        f"{t_rebuild / n * 1e6:5.0f} us a game",
        f"ratings: bare openskill loop {t_floor:6.2f} s  "
        f"rebuild {t_rebuild / t_floor:.1f}x the floor (target <= {TARGET_RATIO:g}x): "
        + ("within target" if t_rebuild <= TARGET_RATIO * t_floor else "OVER TARGET"),
    ]


def run() -> list[str]:
    return measure()
