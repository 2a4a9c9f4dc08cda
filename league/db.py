"""Database helpers that differ by engine.

SQLite lets one writer in at a time; a writer that finds the database locked sleeps and polls,
backing off up to 100 ms a try, so with many scorers saving at once a few wait far longer than
the queue in front of them. :func:`write_lock` makes writers of the hot path queue in the
kernel instead (an advisory lock on a file beside the database), so each gets in as soon as the
one before leaves. PostgreSQL locks rows and needs none of it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator

from django.db import connection


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
