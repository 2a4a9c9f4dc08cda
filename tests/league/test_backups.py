"""``manage.py backup`` and ``restore``: a club night backed up, restored into an EMPTY database
(no migrations run there), gives the same standings, deals and accounts. Each step is its own
``manage.py`` process with the site's settings, as an organiser would run it: on SQLite over
database files, on PostgreSQL (when the tests run on it) over two fresh databases of the
tests' server."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.db import connection

from league import backups
from league.backups import pg_tool
from league.errors import Refused

ROOT = Path(__file__).resolve().parents[2]

SUMMARY = """
import json
from django.contrib.auth.models import User
from league.competitions.selectors import competition_standings
from league.models import Competition, Deal, Game
leagues = Competition.objects.filter(kind="league").order_by("slug")
print(json.dumps({
    "standings": {
        c.slug: [[line.rank_text, line.name, repr(line.row)] for line in competition_standings(c)]
        for c in leagues
    },
    "deals": sorted([d.game_id, d.number, d.points] for d in Deal.objects.all()),
    "games": sorted([g.pk, g.totals, g.winner] for g in Game.objects.all()),
    "users": sorted(User.objects.values_list("username", flat=True)),
}))
"""


def manage(database_url: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "league.settings", "DEBUG": "0"}
    env.update(DATABASE_URL=database_url, SECRET_KEY="backup-test-" + "x" * 50)
    env.update(ALLOWED_HOSTS="127.0.0.1")
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if check:
        assert done.returncode == 0, done.stderr[-3000:]
    return done


def last_line(database_url: str, code: str) -> str:
    """What ``code`` printed last in ``manage.py shell`` (which first says what it imported)."""
    return manage(database_url, "shell", "-c", code).stdout.strip().splitlines()[-1]


def summary(database_url: str) -> dict[str, object]:
    out = manage(database_url, "shell", "-c", SUMMARY).stdout
    result = json.loads(out.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


SIGNED_IN = """
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
store = SessionStore()
store["_auth_user_id"] = "1"
store.create()
print(Session.objects.count())
"""
SESSIONS = "from django.contrib.sessions.models import Session; print(Session.objects.count())"


def round_trip(source: str, empty: str, backup: Path) -> None:
    manage(source, "migrate", "--noinput")
    manage(source, "demo")
    before = summary(source)
    assert before["standings"] and before["deals"]
    # Somebody signed in while the backup is made: the backup holds the password hashes, but
    # no session that a copy of it could sign in with, and only its owner may read it.
    assert last_line(source, SIGNED_IN) == "1"
    assert "Backed up to" in manage(source, "backup", str(backup)).stdout
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert "Restored" in manage(empty, "restore", str(backup), "--yes").stdout
    assert summary(empty) == before
    assert last_line(empty, SESSIONS) == "0"
    assert last_line(source, SESSIONS) == "1"  # the site's own stay


def test_a_sqlite_backup_restored_into_an_empty_database_gives_the_same_standings(tmp_path):
    round_trip(
        f"sqlite:///{tmp_path / 'club.sqlite3'}",
        f"sqlite:///{tmp_path / 'empty.sqlite3'}",
        tmp_path / "backup.sqlite3",
    )


@pytest.mark.django_db(transaction=True)  # CREATE DATABASE runs outside a transaction
def test_a_postgresql_backup_restored_into_an_empty_database_gives_the_same_standings(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("the tests run on SQLite: set DATABASE_URL to a PostgreSQL server")
    for tool in ("pg_dump", "psql"):
        if pg_tool(tool) is None:
            pytest.skip(f"{tool} is not installed (PostgreSQL's client tools)")
    db = connection.settings_dict
    server = f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}"
    names = [f"backup_test_{uuid.uuid4().hex[:8]}_{part}" for part in ("club", "empty")]
    with connection.cursor() as cursor:
        for name in names:
            cursor.execute(f"CREATE DATABASE {name}")
    try:
        round_trip(f"{server}/{names[0]}", f"{server}/{names[1]}", tmp_path / "backup.sql")
    finally:
        with connection.cursor() as cursor:
            for name in names:
                cursor.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_backup_never_overwrites_and_restore_refuses_what_is_not_a_backup(tmp_path):
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    manage(url, "migrate", "--noinput")
    existing = tmp_path / "taken.sqlite3"
    existing.write_bytes(b"keep me")
    done = manage(url, "backup", str(existing), check=False)
    assert done.returncode != 0 and "already exists" in done.stderr
    assert existing.read_bytes() == b"keep me"
    notes = tmp_path / "notes.txt"
    notes.write_text("-- PostgreSQL database dump\n")
    done = manage(url, "restore", str(notes), "--yes", check=False)
    assert done.returncode != 0 and "is not a SQLite backup" in done.stderr
    done = manage(url, "restore", str(tmp_path / "missing.sqlite3"), "--yes", check=False)
    assert done.returncode != 0 and "There is no backup file" in done.stderr


def test_a_restore_signs_everybody_out_even_from_an_older_backup_that_has_sessions(tmp_path):
    source, older = tmp_path / "club.sqlite3", tmp_path / "older.sqlite3"
    manage(f"sqlite:///{source}", "migrate", "--noinput")
    assert last_line(f"sqlite:///{source}", SIGNED_IN) == "1"
    # A backup as they were made before sessions were left out: the whole file.
    with sqlite3.connect(source) as live, sqlite3.connect(older) as copy:
        live.backup(copy)
    empty = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    assert "Restored" in manage(empty, "restore", str(older), "--yes").stdout
    assert last_line(empty, SESSIONS) == "0"


@pytest.mark.django_db(transaction=True)  # the backup reads what is committed
def test_a_backup_made_here_is_private_holds_no_session_and_is_never_overwritten(tmp_path):
    # The same as the manage.py runs above, in this process (where coverage sees it).
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite backup: the PostgreSQL one is the round trip above")
    SessionStore(None).create()
    target = tmp_path / "night.sqlite3"
    backups.backup(target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    with sqlite3.connect(target) as copy:
        assert copy.execute("SELECT count(*) FROM django_session").fetchone() == (0,)
        assert copy.execute("SELECT count(*) FROM django_migrations").fetchone()[0] > 0
    assert Session.objects.count() == 1  # the site's own sessions stay
    with pytest.raises(Refused, match="already exists"):
        backups.backup(target)
    with pytest.raises(Refused, match="There is no folder"):
        backups.backup(tmp_path / "missing" / "night.sqlite3")
