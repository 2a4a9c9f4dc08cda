"""The evenings benchmark's database work, run in a subprocess with ``bench.http_settings``:

``python -m bench.evenings_db`` migrates a fresh database, then for a field of 40 and of 240
players runs a club evening of 6 rounds through :mod:`league.evenings.services` (check in,
draw each round, type each table's two totals from paper), counts the queries of
``league.evenings.selectors.evening`` (with its ranking and prize list) on each, and times it
on the marathon beside the floor: one aggregate query of every entrant's points from the
stored fixture sides. It prints what it found as one line of JSON. The benchmark process
itself never imports Django.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import statistics
import sys
import time
from functools import partial

SIZES = (40, 240)
ROUNDS = 6
RUNS = 7
WARM_UP = 2


def make_evening(players: int) -> tuple[object, float, int, object]:
    """An evening of ``players`` over ``ROUNDS`` rounds, every table typed from paper but the
    last: the evening, the seconds it took, its number of tables and the last table."""
    from django.contrib.auth.models import User

    from league.competitions.services import club_create, player_add
    from league.evenings import services
    from league.models import Fixture
    from scoring import get_ruleset
    from scoring.evenings import EveningRules

    started = time.perf_counter()
    rng = random.Random(players)
    boss = User.objects.get_or_create(username="director")[0]
    club = club_create(name=f"Marathon club {players}")
    evening = services.evening_create(
        club=club,
        name="Marathon",
        rules=get_ruleset("klaverjas"),
        evening=EveningRules(rounds=ROUNDS, prizes="formula_of_four"),
        by=boss,
        held_on=datetime.date(2026, 12, 5),
        prize_words=[f"Prize {n}" for n in range(1, players // 4 + 5)],
        booby_words="A pack of cards",
    )
    for n in range(players):
        member = player_add(club=club, name=f"Player {n:03d}")
        services.evening_check_in(competition=evening, player=member)
    tables = 0
    last: Fixture | None = None
    for number in range(1, ROUNDS + 1):
        services.evening_draw_round(competition=evening, seed=number)
        fixtures = list(Fixture.objects.filter(competition=evening, round__number=number))
        if number == ROUNDS:
            fixtures, last = fixtures[:-1], fixtures[-1]
        for fixture in fixtures:
            services.evening_paper_result(fixture=fixture, scores=_boom(rng))
            tables += 1
    assert last is not None
    return evening, time.perf_counter() - started, tables + 1, last


def without_ratings_refresh(work):  # type: ignore[no-untyped-def]
    """``work()`` with the ratings' refresh after each result's commit left out, and every
    rating rebuilt once after: the same database, made in seconds. Refreshed after every
    table, the marathon's results took minutes: each typed table re-rated the evening's games
    typed before it (what one table costs: :func:`type_last_table`)."""
    from league.ratings import services as ratings

    refresh = ratings.ratings_refresh
    ratings.ratings_refresh = lambda ids: 0  # type: ignore[assignment]
    try:
        made = work()
    finally:
        ratings.ratings_refresh = refresh  # type: ignore[assignment]
    ratings.ratings_rebuild()
    return made


def _boom(rng: random.Random) -> tuple[int, int]:
    """A table's two totals from its sheet: 16 deals of 162 and some roem."""
    total = 16 * 162 + 10 * rng.randint(5, 40)
    first = rng.randint(total // 3, 2 * total // 3)
    return first, total - first


def type_last_table(fixture: object) -> dict[str, float]:
    """The evening's last table typed as the director types it (its own transaction), timed:
    the whole save, and the ratings' refresh that runs after its commit."""
    from league.evenings import services
    from league.ratings import services as ratings

    spent: list[float] = []
    refresh = ratings.ratings_refresh

    def timed_refresh(ids):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        try:
            return refresh(ids)
        finally:
            spent.append(time.perf_counter() - started)

    ratings.ratings_refresh = timed_refresh  # type: ignore[assignment]
    try:
        started = time.perf_counter()
        services.evening_paper_result(fixture=fixture, scores=_boom(random.Random(0)))  # type: ignore[arg-type]
        whole = time.perf_counter() - started
    finally:
        ratings.ratings_refresh = refresh  # type: ignore[assignment]
    return {"save": whole, "ratings": sum(spent)}


def queries_of(evening: object) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from league.evenings import selectors

    with CaptureQueriesContext(connection) as captured:
        view = selectors.evening(evening)  # type: ignore[arg-type]
        assert view.ranking and view.finished
    return len(captured.captured_queries)


def _timed(work) -> float:
    for _ in range(WARM_UP):
        work()
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.http_settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db.models import Sum

    from league.evenings import selectors
    from league.models import FixtureSide

    call_command("migrate", interactive=False, verbosity=0)
    queries: dict[str, int] = {}
    made = 0.0
    fixtures = 0
    marathon = None
    last_table: dict[str, float] = {}
    for size in SIZES:
        evening, seconds, tables, last = without_ratings_refresh(partial(make_evening, size))
        last_table = type_last_table(last)
        queries[str(size)] = queries_of(evening)
        marathon, made, fixtures = evening, seconds, tables

    def floor() -> object:
        return list(
            FixtureSide.objects.filter(fixture__competition=marathon)
            .values("entrant_id")
            .annotate(points=Sum("points_for"))
        )

    result = {
        "players": SIZES[-1],
        "rounds": ROUNDS,
        "fixtures": fixtures,
        "made": made,
        "queries": queries,
        "selector": _timed(lambda: selectors.evening(marathon)),  # type: ignore[arg-type]
        "floor": _timed(floor),
        "last_table": last_table,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
