"""The live evenings benchmark's database work, run in a subprocess with ``bench.http_settings``:

``python -m bench.evenings_live_db setup PLAYERS`` migrates a fresh database, collects the static
files, creates the director (an organiser who signs in as ``bench.http_db``'s scorer does), a
club and an evening of PLAYERS checked in, draws its first round, and prints, as one line of
JSON, the evening's slug, its round's tables (fixture ids) and which page of the room's screen
is the ranking's. ``python -m bench.evenings_live_db last FIXTURE A B`` types the round's last
table from paper through the service (its own transaction, as the director's POST does), timed
whole and its ratings' refresh after the commit alone, then times bare updates of that fixture's
row (each its own transaction): the floor. The benchmark process itself never imports Django.
"""

from __future__ import annotations

import datetime
import json
import os
import statistics
import sys
import time

from bench.http_db import PASSWORD, USERNAME


def setup(players: int) -> dict[str, object]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from league.accounts import services as accounts_services
    from league.competitions.services import club_create, player_add
    from league.evenings import services
    from league.models import Fixture, Role
    from league.screen import pages as screen_pages
    from scoring import get_ruleset
    from scoring.evenings import EveningRules

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    boss = get_user_model().objects.create_user(USERNAME, password=PASSWORD)
    accounts_services.user_set_role(user=boss, role=Role.ORGANISER)
    club = club_create(name="Marathon club")
    evening = services.evening_create(
        club=club,
        name="Marathon",
        rules=get_ruleset("klaverjas"),
        evening=EveningRules(rounds=6, prizes="formula_of_four"),
        by=boss,
        held_on=datetime.date(2026, 12, 5),
        prize_words=[f"Prize {n}" for n in range(1, players // 4 + 5)],
        booby_words="A pack of cards",
    )
    for n in range(players):
        member = player_add(club=club, name=f"Player {n:03d}")
        services.evening_check_in(competition=evening, player=member)
    services.evening_draw_round(competition=evening, seed=1)
    fixtures = list(
        Fixture.objects.filter(competition=evening, round__number=1)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    kinds = [page.kind for page in screen_pages.event_pages(evening)]
    ranking = kinds.index("evening-ranking") if "evening-ranking" in kinds else 0
    return {
        "slug": evening.slug,
        "competition": evening.pk,
        "fixtures": fixtures,
        "screen_pages": len(kinds),
        "ranking_panel": ranking,
    }


FLOOR_RUNS = 21


def last(fixture_id: int, scores: tuple[int, int]) -> dict[str, object]:
    """The round's last table typed through the service, timed (and its ratings' refresh), and
    the floor: the same fixture's row updated bare, each in its own transaction (the median)."""
    from django.db import transaction

    from league.evenings import services
    from league.models import Fixture
    from league.ratings import services as ratings

    fixture = Fixture.objects.select_related("competition").get(pk=fixture_id)
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
        services.evening_paper_result(fixture=fixture, scores=scores)
        save = time.perf_counter() - started
    finally:
        ratings.ratings_refresh = refresh  # type: ignore[assignment]
    times = []
    for _ in range(FLOOR_RUNS):
        started = time.perf_counter()
        with transaction.atomic():
            Fixture.objects.filter(pk=fixture_id).update(table=fixture.table)
        times.append(time.perf_counter() - started)
    return {"save": save, "ratings": sum(spent), "floor": statistics.median(times)}


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.http_settings")
    import django

    django.setup()
    if argv[1:2] == ["setup"]:
        result = setup(int(argv[2]))
    elif argv[1:2] == ["last"]:
        result = last(int(argv[2]), (int(argv[3]), int(argv[4])))
    else:
        print(f"usage: {argv[0]} setup PLAYERS | last FIXTURE A B", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
