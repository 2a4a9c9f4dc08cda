"""Two phones (here eight: 4 processes of 2 threads on SQLite, as the server serves a club laptop;
threads of the test's process on PostgreSQL) send a form for the same deal at the same moment:
one deal is saved, every other sender is told deal 1 was already entered, nothing else."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from league.models import Role
from tests.builders import make_user, start_game
from tests.league.games.race import add_same, stored
from tests.league.games.test_concurrency import ROOT, _child_env, _race

PROCESSES = 4
THREADS = 2


def _on_sqlite_file(tmp_path: Path) -> tuple[dict[str, object], dict[str, object]]:
    database, go = str(tmp_path / "race.sqlite3"), tmp_path / "go"
    ids = _race("setup", database)
    game, user = str(ids["game"]), str(ids["user"])
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.league.games.race", "same", database, game, user]
            + [str(THREADS), str(go)],
            cwd=ROOT,
            # The refusal is a page with the stylesheets: named as they are, not collected.
            env={**_child_env(), "DEBUG": "1"},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    go.touch()
    told: dict[str, object] = {"saved": 0, "refused": 0, "errors": []}
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err[-3000:]
        one = json.loads(out.strip().splitlines()[-1])
        told = {key: told[key] + one[key] for key in told}  # type: ignore[operator]
    return told, _race("count", database, game)


@pytest.mark.django_db(transaction=True)
def test_the_same_deal_sent_from_many_phones_at_once_is_saved_once(tmp_path):
    if connection.vendor == "sqlite":
        told, game = _on_sqlite_file(tmp_path)
    else:
        user = make_user("sam", Role.SCORER)
        started = start_game(user, target=100_000)
        told, game = add_same(started.pk, user.pk, PROCESSES * THREADS), stored(started.pk)
    assert told["errors"] == []
    assert told["saved"] == 1
    assert told["refused"] == PROCESSES * THREADS - 1
    assert game["numbers"] == [1] and game["deal_count"] == 1
