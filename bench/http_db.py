"""The HTTP benchmark's database work, run in a subprocess with ``bench.http_settings``:

``python -m bench.http_db setup GAMES`` migrates, collects the static files, creates the bare
insert's table, a scorer and GAMES games (clabber to 100,000 so that none ends), and prints
``{"games": [ids...]}``. ``python -m bench.http_db count`` prints, per game, what is stored (the
deals' entry keys and numbers, the game's deal count and totals) and the bare table's row count,
so the benchmark can tell lost and doubled deals from what its clients were told.

The benchmark process itself never imports Django: other benchmarks share it.
"""

from __future__ import annotations

import json
import os
import sys

USERNAME = "bench-scorer"
PASSWORD = "bench-scorer-password-7431"
BARE_TABLE = "bench_row"
SIDES = ["North-South", "East-West"]


def _create_bare_table() -> None:
    from django.db import connection

    key = (
        "BIGSERIAL PRIMARY KEY"
        if connection.vendor == "postgresql"
        else ("INTEGER PRIMARY KEY AUTOINCREMENT")
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {BARE_TABLE} (id {key}, value VARCHAR(64) NOT NULL)"
        )


def setup(games: int) -> dict[str, object]:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    # Imported here, after django.setup(): the benchmark process imports this module for its
    # names and must not import Django.
    from league.accounts import services as accounts_services
    from league.games import services as games_services
    from league.models import Role
    from scoring import get_ruleset

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    _create_bare_table()
    user = get_user_model().objects.create_user(USERNAME, password=PASSWORD)
    accounts_services.user_set_role(user=user, role=Role.SCORER)
    rules = get_ruleset("clabber").replace(target=100_000)
    ids = [
        games_services.game_create(rules=rules, side_names=SIDES, by=user, table=str(n + 1)).pk
        for n in range(games)
    ]
    return {"games": ids}


def count() -> dict[str, object]:
    from django.db import connection

    from league.models import Game

    games = {}
    for game in Game.objects.prefetch_related("deals"):
        deals = list(game.deals.all())
        games[str(game.pk)] = {
            "keys": [str(d.entry_key) for d in deals],
            "numbers": [d.number for d in deals],
            "deal_count": game.deal_count,
            "totals": game.totals,
            "last_running": deals[-1].running if deals else [0] * len(game.side_names),
        }
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT COUNT(*) FROM {BARE_TABLE}")
        (bare_rows,) = cursor.fetchone()
    return {"games": games, "bare_rows": bare_rows}


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.http_settings")
    import django

    django.setup()
    if argv[1:2] == ["setup"]:
        result = setup(int(argv[2]))
    elif argv[1:2] == ["count"]:
        result = count()
    else:
        print(f"usage: {argv[0]} setup GAMES | count", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
