"""Swiss pairing time: round 6 of a 64, 256 and 1,024 entrant Swiss, by the weighted matching
(swiss_pairings) and by the greedy floor (greedy_pairings) on the same field.

Each field plays five rounds paired by swiss_pairings, with random results from a fixed seed
(a win 2 match points, a draw 1, about one match in seven drawn), then round 6 is paired both
ways and timed, best of three. The floor is the top-down greedy pairing with the same ranking
and bye rule, so the ratio says what the matching costs. Rematches and floats are given for
both; the last line counts the rematches of each deep into small events, where the greedy
floor paints itself into corners. Plain functions only: bench/run.py loads this module in a
way that breaks @dataclass.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from scoring.swiss import SwissEntrant, SwissRound, greedy_pairings, swiss_pairings

SIZES = (64, 256, 1024)
ROUNDS_PLAYED = 5


def _play(n: int, rounds: int, seed: int) -> tuple[list[SwissEntrant[int]], list, list]:
    """n entrants after ``rounds`` rounds of a Swiss: the field, the history, the byes."""
    rng = random.Random(seed)
    rating = {i: rng.random() for i in range(n)}
    score = dict.fromkeys(range(n), 0)
    history: list[tuple[int, int]] = []
    byes: list[int] = []
    for _ in range(rounds):
        entrants = [SwissEntrant(i, score[i], rating[i]) for i in range(n)]
        paired = swiss_pairings(entrants, history, byes)
        for a, b in paired.pairs:
            history.append((a, b))
            x = rng.random()
            if x < 0.15:
                score[a] += 1
                score[b] += 1
            else:
                score[a if x < 0.575 else b] += 2
        if paired.bye is not None:
            byes.append(paired.bye)
            score[paired.bye] += 2
    return [SwissEntrant(i, score[i], rating[i]) for i in range(n)], history, byes


def _timed(
    runs: int, pair: Callable[..., SwissRound[int]], *args: object
) -> tuple[float, SwissRound[int]]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = pair(*args)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def run() -> list[str]:
    lines = []
    for n in SIZES:
        entrants, history, byes = _play(n, ROUNDS_PLAYED, seed=n)
        t_match, matched = _timed(3, swiss_pairings, entrants, history, byes)
        t_floor, floor = _timed(3, greedy_pairings, entrants, history, byes)
        lines.append(
            f"swiss {n:>5} entrants, round {ROUNDS_PLAYED + 1}: "
            f"matching {t_match * 1000:8.1f} ms ({matched.rematches} rematches, "
            f"{matched.floats} floats)  greedy floor {t_floor * 1000:6.1f} ms "
            f"({floor.rematches} rematches, {floor.floats} floats)  "
            f"{t_match / t_floor:.0f}x the floor"
        )
    deep = {"matching": 0, "greedy": 0}
    events = 10
    for seed in range(events):
        entrants, history, byes = _play(16, 11, seed)
        deep["matching"] += swiss_pairings(entrants, history, byes).rematches
        deep["greedy"] += greedy_pairings(entrants, history, byes).rematches
    lines.append(
        f"swiss    16 entrants, round 12, {events} events: rematches matching "
        f"{deep['matching']}, greedy floor {deep['greedy']}"
    )
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
