"""Club evenings at a marathon's size (issue 24): the draw, the ranking page's read, the season.

- The draw: a marathon of 240 players (60 tables) over 6 rounds, each round drawn by
  ``scoring.evenings.draw_individuals`` with the evening's history so far (as few repeated
  partners and opponents as the numbers allow). Target: every round under 1 s. The floor: a
  plain shuffle-and-cut of the same players into tables of four, with the repeats it makes
  counted against the same history (the least a draw that knows the history can do).
- The evening's ranking and prize list: ``league.evenings.selectors.evening`` on a database
  (SQLite and PostgreSQL, in a subprocess: ``bench.evenings_db``) holding that marathon, its
  6 rounds typed from paper through the services; its queries counted for 40 and for 240
  players (they must be the same: bounded whatever the field), and its time against a floor:
  one aggregate query of every entrant's points from the stored fixture sides. Also what
  typing the marathon's last table costs the director (the save, and the ratings' refresh
  that follows its commit).
- The season: ``scoring.evenings.season_standings`` for 30 evenings of a club of 300
  members (180-260 at each), the best 20 counting, at least 15 played, an absent evening
  scoring that evening's lowest. Target: well under a second (here: under 0.25 s). The floor:
  a plain sum of each member's evening totals.

Plain functions only, as the other benchmarks.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from bench.bench_http import Skipped, on_each_database
from bench.bench_standings import _env
from scoring.evenings import (
    EveningHistory,
    EveningRules,
    RoundDraw,
    SeasonRules,
    draw_individuals,
    season_standings,
)

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 240
ROUNDS = 6
DRAW_TARGET = 1.0  # seconds, a round of the marathon (issue 24)
SEASON_EVENINGS = 30
SEASON_MEMBERS = 300
SEASON_TARGET = 0.25  # seconds: "well under a second"
RUNS = 3
TIMEOUT = 900.0


def _best(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


# -- the draw -------------------------------------------------------------------------------------


def marathon(players: int = PLAYERS, rounds: int = ROUNDS) -> list[tuple[float, RoundDraw[int]]]:
    """Each round of the marathon drawn with the history of the rounds before: its time and
    its draw."""
    rules = EveningRules(rounds=rounds)
    history: EveningHistory[int] = EveningHistory()
    out = []
    for number in range(1, rounds + 1):
        started = time.perf_counter()
        draw = draw_individuals(rules, list(range(players)), history, seed=number)
        out.append((time.perf_counter() - started, draw))
        history.add(draw)
    return out


def shuffle_and_cut(players: int = PLAYERS, rounds: int = ROUNDS) -> list[tuple[float, int]]:
    """The floor: each round the players shuffled and cut into fours (seats 1 and 3 against 2
    and 4), the repeats counted against the history: its time and its repeated partners."""
    rng = random.Random(1)
    partnered: Counter[tuple[int, int]] = Counter()
    out = []
    for _ in range(rounds):
        started = time.perf_counter()
        people = list(range(players))
        rng.shuffle(people)
        repeats = 0
        for t in range(0, players - players % 4, 4):
            n, e, s, w = people[t : t + 4]
            for a, b in ((n, s), (e, w)):
                key = (a, b) if a < b else (b, a)
                repeats += partnered[key] > 0
                partnered[key] += 1
        out.append((time.perf_counter() - started, repeats))
    return out


def measure_draw(runs: int = RUNS) -> list[str]:
    best: list[float] = [float("inf")] * ROUNDS
    draws: list[RoundDraw[int]] = []
    for _ in range(runs):
        rounds = marathon()
        best = [min(b, t) for b, (t, _) in zip(best, rounds, strict=True)]
        draws = [d for _, d in rounds]
    floor: list[float] = [float("inf")] * ROUNDS
    floor_repeats = 0
    for _ in range(runs):
        cut = shuffle_and_cut()
        floor = [min(f, t) for f, (t, _) in zip(floor, cut, strict=True)]
        floor_repeats = sum(r for _, r in cut)
    slowest = max(best)
    repeats = sum(d.partner_repeats for d in draws)
    opponents = sum(d.opponent_repeats for d in draws)
    return [
        f"evenings: draw of a marathon, {PLAYERS} players ({PLAYERS // 4} tables), {ROUNDS} "
        "rounds with repeat-avoidance: "
        + ", ".join(f"{t * 1000:.0f}" for t in best)
        + f" ms a round; {repeats} repeated partners, {opponents} repeated opponents in all "
        f"(a shuffle-and-cut repeats {floor_repeats} partners)",
        f"evenings: the slowest round {slowest * 1000:.0f} ms (target < {DRAW_TARGET:g} s): "
        + ("within target" if slowest < DRAW_TARGET else "OVER TARGET")
        + f"; a shuffle-and-cut {max(floor) * 1e6:.0f} us a round, the draw "
        f"{slowest / max(floor):,.0f}x it",
    ]


# -- the season -----------------------------------------------------------------------------------


def season_totals(
    evenings: int = SEASON_EVENINGS, members: int = SEASON_MEMBERS, seed: int = 5
) -> list[dict[int, int]]:
    """Each evening's totals, a random 180-260 of the members present."""
    rng = random.Random(seed)
    people = list(range(members))
    out = []
    for _ in range(evenings):
        present = rng.sample(people, rng.randint(180, 260))
        out.append({m: rng.randint(3600, 5400) for m in present})
    return out


def plain_sum(evenings: list[dict[int, int]]) -> dict[int, int]:
    """The floor: each member's points over the season."""
    total: dict[int, int] = {}
    for evening in evenings:
        for member, points in evening.items():
            total[member] = total.get(member, 0) + points
    return total


def measure_season(runs: int = RUNS) -> list[str]:
    evenings = season_totals()
    rules = SeasonRules(aggregate="sum", best=20, minimum=15, absent="lowest")
    rows = season_standings(rules, evenings)
    took = _best(runs, lambda: season_standings(rules, evenings))
    floor = _best(runs, lambda: plain_sum(evenings))
    ranked = sum(1 for r in rows if r.ranked)
    return [
        f"evenings: season of {SEASON_EVENINGS} evenings, {len(rows)} members ({ranked} "
        f"ranked), best 20 of {SEASON_EVENINGS}: {took * 1000:.1f} ms (target < "
        f"{SEASON_TARGET:g} s): "
        + ("within target" if took < SEASON_TARGET else "OVER TARGET")
        + f"; a plain sum of the totals {floor * 1000:.2f} ms, the season {took / floor:.0f}x it",
    ]


# -- the ranking page's read, on a database ---------------------------------------------------


def report_database(name: str, r: dict) -> list[str]:
    queries = r["queries"]
    same = len(set(queries.values())) == 1
    ratio = r["selector"] / r["floor"]
    return [
        f"evenings {name}: the marathon's {r['rounds']} rounds typed from paper "
        f"({r['fixtures']} tables) through the services in {r['made']:.1f} s (the ratings "
        "rebuilt once after, not refreshed after each table: that took minutes)",
        f"evenings {name}: selectors.evening (ranking and prize list) "
        + ", ".join(f"{n} players {q} queries" for n, q in sorted(queries.items(), key=_num))
        + (": bounded" if same else ": NOT BOUNDED, the queries grow with the field"),
        f"evenings {name}: selectors.evening at {r['players']} players "
        f"{r['selector'] * 1000:.0f} ms (median); one aggregate of the fixture sides "
        f"{r['floor'] * 1000:.1f} ms; the selector {ratio:.0f}x it",
        f"evenings {name}: typing the marathon's last table from paper (its own transaction, "
        f"as the director does) {r['last_table']['save'] * 1000:.0f} ms, of which the ratings' "
        f"refresh after the commit {r['last_table']['ratings'] * 1000:.0f} ms",
    ]


def _num(item: tuple[str, int]) -> int:
    return int(item[0])


def bench_database(name: str, database: Callable[[Path], AbstractContextManager[str]]) -> list[str]:
    tmp = Path(tempfile.mkdtemp(prefix=f"hicksheet-bench-evenings-{name}-"))
    try:
        with database(tmp) as url:
            done = subprocess.run(
                [sys.executable, "-m", "bench.evenings_db"],
                cwd=ROOT,
                env=_env(url, tmp),
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
            if done.returncode != 0:
                raise RuntimeError(f"bench.evenings_db failed:\n{done.stderr[-2000:]}")
            return report_database(name, json.loads(done.stdout.strip().splitlines()[-1]))
    except Skipped as why:
        return [f"evenings {name}: skipped: {why}"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run() -> list[str]:
    return [*measure_draw(), *measure_season(), *on_each_database("evenings", bench_database)]


if __name__ == "__main__":
    print("\n".join(run()))
