"""Many scorers on one game: 16 scorers, each on its own thread with its own connection, add 10
deals each to the same game at once. Every add must end in a saved deal: exactly 160 deals
numbered 1..160, none lost or doubled, no exception, and the game's totals those of its last
deal. On SQLite the scorers are 4 processes of 4 threads over a database file, as the server
serves a club laptop; on PostgreSQL, 16 threads of the test's own process."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import OperationalError, connection
from django.urls import reverse

from league.games import services
from league.models import Role
from scoring import Deal
from tests.builders import make_user, start_game
from tests.league.games.race import add_all, stored

ROOT = Path(__file__).resolve().parents[3]
PROCESSES = 4
THREADS = 16
DEALS_EACH = 10


def _child_env() -> dict[str, str]:
    # The site's own settings with a secret key given, so that no default meant for a
    # developer's machine is needed; the database file is named on the command line.
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "league.settings", "DEBUG": "0"}
    env.update(SECRET_KEY="race-test-" + "x" * 50, ALLOWED_HOSTS="testserver")
    env.pop("DATABASE_URL", None)
    return env


def _race(*args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.league.games.race", *args],
        cwd=ROOT,
        env=_child_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


def _on_sqlite_file(tmp_path: Path) -> tuple[int, list[str], dict[str, object]]:
    database, go = str(tmp_path / "race.sqlite3"), tmp_path / "go"
    ids = _race("setup", database)
    game, user = str(ids["game"]), str(ids["user"])
    each = str(THREADS // PROCESSES)
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.league.games.race", "add", database, game, user, each]
            + [str(DEALS_EACH), str(go)],
            cwd=ROOT,
            env=_child_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    go.touch()
    saved, errors = 0, []
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err[-3000:]
        told = json.loads(out.strip().splitlines()[-1])
        saved += told["saved"]
        errors += told["errors"]
    return saved, errors, _race("count", database, game)


@pytest.mark.django_db(transaction=True)
def test_sixteen_scorers_adding_to_one_game_at_once_all_save(tmp_path):
    if connection.vendor == "sqlite":
        saved, errors, game = _on_sqlite_file(tmp_path)
    else:
        user = make_user("sam", Role.SCORER)
        started = start_game(user, target=100_000)
        told = add_all(started.pk, user.pk, THREADS, DEALS_EACH)
        saved, errors, game = told["saved"], told["errors"], stored(started.pk)
    total = THREADS * DEALS_EACH
    assert errors == []
    assert saved == total
    assert game["numbers"] == list(range(1, total + 1))
    assert game["deal_count"] == total
    assert game["totals"] == game["last_running"]
    assert sum(game["totals"]) == total * 162


class _LockNotAvailable(Exception):
    sqlstate = "55P03"  # what psycopg's LockNotAvailable carries


@pytest.mark.django_db
def test_an_add_whose_lock_is_not_granted_in_time_asks_to_try_again(
    scorer_client, clabber_game, monkeypatch
):
    @contextlib.contextmanager
    def never_granted() -> Iterator[None]:
        # As SQLite's busy timeout or PostgreSQL's lock timeout ends a wait.
        try:
            raise _LockNotAvailable
        except _LockNotAvailable as cause:
            raise OperationalError("database is locked") from cause
        yield

    monkeypatch.setattr(services, "write_lock", never_granted)
    reply = scorer_client.post(
        reverse("games:deal-add", args=[clabber_game.pk]),
        {"makers": "0", "card_points_0": "90", "card_points_1": "72", "entry_key": uuid.uuid4()},
    )
    assert reply.status_code == 400
    assert "could not get its turn, so it was not saved. Press Save again." in reply.text
    assert clabber_game.deals.count() == 0


@pytest.mark.django_db
def test_an_operational_error_that_is_not_a_lock_is_still_raised(clabber_game, scorer, monkeypatch):
    @contextlib.contextmanager
    def broken() -> Iterator[None]:
        raise OperationalError("disk I/O error")
        yield

    monkeypatch.setattr(services, "write_lock", broken)
    with pytest.raises(OperationalError, match="disk I/O error"):
        services.game_add_deal(
            game=clabber_game, deal=Deal(makers=0, card_points=(90, 72)), by=scorer
        )
