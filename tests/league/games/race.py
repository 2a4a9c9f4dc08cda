"""Many scorers adding deals to ONE game at the same moment, each on its own thread with its own
database connection, as the server's threads do. Used by ``test_concurrency.py``: in the test's
own process on PostgreSQL, and on SQLite in child processes over a database file with the
site's settings (the SQLite test database is an in-memory one whose connections do not lock the
way a club laptop's file does; and a laptop runs several server processes, as uvicorn does)::

    python -m tests.league.games.race setup DATABASE_FILE        -> {"game": id, "user": id}
    python -m tests.league.games.race add DATABASE_FILE GAME USER THREADS DEALS GO_FILE
    python -m tests.league.games.race count DATABASE_FILE GAME
    python -m tests.league.games.race same DATABASE_FILE GAME USER THREADS GO_FILE

``same`` has every thread send a form for the same deal number (the game's next), as two
phones would after the same deal; its scorers are told it was saved or that it was already
entered.

``add`` waits for GO_FILE to exist before its threads start, so that every process starts
together, and prints what its scorers were told; ``count`` prints what the game holds.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import uuid
from pathlib import Path


def add_all(
    game_id: int, user_id: int, threads: int, deals_each: int, go: Path | None = None
) -> dict[str, object]:
    """``threads`` scorers each add ``deals_each`` deals to game ``game_id`` through the entry
    form's view, all released at once. Returns how many adds were answered with the redirect
    of a saved deal, and every other answer ("HTTP 400") or exception ("Kind: message")."""
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client

    saved = 0
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(threads)

    def scorer(n: int) -> None:
        nonlocal saved
        try:
            client = Client()
            client.force_login(User.objects.get(pk=user_id))
            # Waiting for the others holds no connection: PostgreSQL's pool lends a few (as a
            # request gives its back when it ends), and waiters holding them all would leave
            # the last scorers none to sign in with.
            connection.close()
            start.wait(timeout=60)
            for i in range(deals_each):
                makers = (n + i) % 2
                points = (90, 72) if makers == 0 else (72, 90)
                fields = {
                    "makers": str(makers),
                    "card_points_0": str(points[0]),
                    "card_points_1": str(points[1]),
                    "void_reason": "",
                    "entry_key": str(uuid.uuid4()),
                }
                try:
                    reply = client.post(f"/games/{game_id}/deals/", fields)
                except Exception as error:  # every kind counts: the test wants none
                    with lock:
                        errors.append(f"{type(error).__name__}: {error}")
                    continue
                with lock:
                    if reply.status_code == 302:
                        saved += 1
                    else:
                        errors.append(f"HTTP {reply.status_code}")
        finally:
            connection.close()  # this thread's own connection

    workers = [threading.Thread(target=scorer, args=(n,)) for n in range(threads)]
    if go is not None:
        deadline = time.monotonic() + 60
        while not go.exists() and time.monotonic() < deadline:
            time.sleep(0.005)
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return {"saved": saved, "errors": errors}


def add_same(game_id: int, user_id: int, threads: int, go: Path | None = None) -> dict[str, object]:
    """``threads`` scorers each send a form for deal 1 of game ``game_id`` (each with its own
    entry key), all released at once. Returns how many were saved (the redirect), how many
    were refused as already entered (400 naming deal 1), and every other answer."""
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client

    counts = {"saved": 0, "refused": 0}
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(threads)

    def scorer() -> None:
        try:
            client = Client()
            client.force_login(User.objects.get(pk=user_id))
            fields = {
                "makers": "0",
                "card_points_0": "90",
                "card_points_1": "72",
                "void_reason": "",
                "entry_key": str(uuid.uuid4()),
                "number": "1",
            }
            connection.close()  # waiting holds no connection of the pool (see add_all)
            start.wait(timeout=60)
            try:
                reply = client.post(f"/games/{game_id}/deals/", fields)
            except Exception as error:  # every kind counts: the test wants none
                with lock:
                    errors.append(f"{type(error).__name__}: {error}")
                return
            with lock:
                if reply.status_code == 302:
                    counts["saved"] += 1
                elif reply.status_code == 400 and b"Deal 1 was already entered" in reply.content:
                    counts["refused"] += 1
                else:
                    errors.append(f"HTTP {reply.status_code}")
        finally:
            connection.close()

    workers = [threading.Thread(target=scorer) for _ in range(threads)]
    if go is not None:
        deadline = time.monotonic() + 60
        while not go.exists() and time.monotonic() < deadline:
            time.sleep(0.005)
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return {**counts, "errors": errors}


def stored(game_id: int) -> dict[str, object]:
    """The game's deal numbers in order, its deal count and totals, and its last deal's
    running totals (the same as the totals when the sheet adds up)."""
    from league.models import Game

    game = Game.objects.get(pk=game_id)
    deals = list(game.deals.order_by("number"))
    return {
        "numbers": [d.number for d in deals],
        "deal_count": game.deal_count,
        "totals": list(game.totals),
        "last_running": list(deals[-1].running) if deals else [],
    }


def main(argv: list[str]) -> int:
    command, database, *rest = argv[1:]
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
    import django

    django.setup()
    result: dict[str, object]
    if command == "setup":
        from django.core.management import call_command

        from league.models import Role
        from tests.builders import make_user, start_game

        call_command("migrate", interactive=False, verbosity=0)
        user = make_user("sam", Role.SCORER)
        result = {"game": start_game(user, target=100_000).pk, "user": user.pk}
    elif command == "add":
        game, user, threads, deals, go = rest
        result = add_all(int(game), int(user), int(threads), int(deals), Path(go))
    elif command == "same":
        game, user, threads, go = rest
        result = add_same(int(game), int(user), int(threads), Path(go))
    else:
        result = stored(int(rest[0]))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
