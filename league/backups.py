"""Backing up and restoring the whole database, for ``manage.py backup`` and ``restore``.

A *backup* is one file holding every table at one moment: on SQLite a copy of the database file
made through SQLite's online backup API (consistent even while scorers are saving: the copy is
of one committed state, never a half-written page), on PostgreSQL a ``pg_dump`` script (plain
SQL, which drops and recreates every table it holds). *Restoring* puts a backup's contents in
place of the database's: on SQLite through the same backup API in the other direction, on
PostgreSQL by running the script with ``psql`` in one transaction, so a failed restore leaves
the database as it was.

A backup holds the accounts' password hashes and every entry-link token, so it is written
readable by its owner only (0600), and it holds no sessions (``django_session``): a copy on a
USB stick must not sign anybody in. A restore ends every session (an older backup may hold
some): everybody signs in again.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.db import connection

from league.errors import Refused

PG_BIN = Path("/usr/lib/postgresql/15/bin")  # Debian's PostgreSQL 15 client tools
SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = "-- PostgreSQL database dump"


def pg_tool(name: str) -> str | None:
    """The path of PostgreSQL's ``name`` (pg_dump, psql), or None when it is not installed."""
    return shutil.which(name) or (str(PG_BIN / name) if (PG_BIN / name).exists() else None)


def _pg_command(name: str) -> tuple[list[str], dict[str, str]]:
    """``name`` with the database's address, and an environment with its password: never on
    the command line, where any user of the machine could read it."""
    tool = pg_tool(name)
    if tool is None:
        raise Refused(f"{name} is not installed: install PostgreSQL's client tools.")
    db = connection.settings_dict
    args = [tool, "--dbname", str(db["NAME"])]
    for option, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if db.get(key):
            args += [option, str(db[key])]
    env = {**os.environ}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    return args, env


SESSIONS = "django_session"


def _new_private_file(target: Path) -> None:
    """Make ``target`` empty, readable and writable by its owner only; refused if it is there
    already (made and checked in one step, so nothing written meanwhile is overwritten)."""
    if not target.parent.is_dir():
        raise Refused(f"There is no folder {target.parent} to write the backup in.")
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise Refused(
            f"{target} already exists: name a new file, so no backup is overwritten."
        ) from None
    os.close(descriptor)


def backup(target: Path) -> None:
    """Write a backup of the whole database, but the sessions, to ``target`` (a new file)."""
    _new_private_file(target)
    try:
        if connection.vendor == "sqlite":
            connection.ensure_connection()
            source = connection.connection
            copy = sqlite3.connect(target)
            try:
                with copy:
                    source.backup(copy)
                with copy:
                    copy.execute(f"DELETE FROM {SESSIONS}")
                copy.execute("VACUUM")  # the sessions' pages go too, not only their rows
            finally:
                copy.close()
            return
        args, env = _pg_command("pg_dump")
        args += ["--format=plain", "--clean", "--if-exists", "--no-owner", "--no-privileges"]
        args += [f"--exclude-table-data={SESSIONS}"]
        done = subprocess.run(
            [*args, "--file", str(target)], env=env, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise Refused(f"pg_dump failed: {done.stderr.strip()}")
    except BaseException:
        target.unlink(missing_ok=True)
        raise


def restore(source: Path) -> None:
    """Replace everything in the database with the backup in ``source``."""
    if not source.is_file():
        raise Refused(f"There is no backup file {source}.")
    with open(source, "rb") as file:
        head = file.read(64)
    if connection.vendor == "sqlite":
        if not head.startswith(SQLITE_MAGIC):
            raise Refused(f"{source} is not a SQLite backup (this site's database is SQLite).")
        backup_db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            tables = {r[0] for r in backup_db.execute("SELECT name FROM sqlite_master")}
            if "django_migrations" not in tables:
                raise Refused(f"{source} is a SQLite database, but not a Hicksheet backup.")
            connection.ensure_connection()
            with connection.connection:
                backup_db.backup(connection.connection)
        finally:
            backup_db.close()
        _end_sessions()
        return
    if PG_DUMP_MAGIC not in head.decode("utf-8", "replace"):
        raise Refused(f"{source} is not a PostgreSQL backup (this site's database is PostgreSQL).")
    connection.close()  # psql replaces tables this process may hold open
    args, env = _pg_command("psql")
    args += ["--quiet", "--no-psqlrc", "--single-transaction", "-v", "ON_ERROR_STOP=1"]
    done = subprocess.run([*args, "--file", str(source)], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise Refused(f"The restore failed and changed nothing: {done.stderr.strip()}")
    _end_sessions()


def _end_sessions() -> None:
    """Sign everybody out after a restore: a backup made before they were left out still
    holds the sessions of its day."""
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {SESSIONS}")
