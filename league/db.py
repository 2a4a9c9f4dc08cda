"""Database helpers that differ by engine.

SQLite lets one writer in at a time; a writer that finds the database locked sleeps and polls,
backing off up to 100 ms a try, so with many scorers saving at once a few wait far longer than
the queue in front of them. :func:`write_lock` makes writers of the hot path queue in the
kernel instead (an advisory lock on a file beside the database), so each gets in as soon as the
one before leaves. PostgreSQL locks rows and needs none of it.

A lock *not granted* is a write that gave up waiting (:func:`lock_not_granted`): SQLite's busy
timeout, or PostgreSQL's lock timeout or deadlock detector choosing it. Nothing of it was saved,
and the same write sent again will work.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator

from django.db import OperationalError, connection

# PostgreSQL's SQLSTATEs: lock_not_available (a lock timeout, NOWAIT), deadlock_detected,
# serialization_failure.
_PG_LOCK_STATES = frozenset({"55P03", "40P01", "40001"})


@contextlib.contextmanager
def write_lock() -> Iterator[None]:
    if connection.vendor != "sqlite":
        yield
        return
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        yield  # an in-memory database (tests) has one connection per thread and no file
        return
    # A fresh descriptor each time: flock excludes open file descriptions, so threads of one
    # process exclude each other too.
    fd = os.open(f"{name}.writelock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def lock_not_granted(error: OperationalError) -> bool:
    """Whether ``error`` says the write waited for a lock and gave up (see above)."""
    cause = error.__cause__
    if connection.vendor == "sqlite":
        return "database is locked" in str(error) or "database table is locked" in str(error)
    return getattr(cause, "sqlstate", None) in _PG_LOCK_STATES
