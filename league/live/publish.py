"""Saying what changed: :func:`changed`, called by the services that write."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import ParamSpec, TypeVar

from django.db import connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from league.models import LiveEvent

P = ParamSpec("P")
R = TypeVar("R")

# PostgreSQL's channel for "a LiveEvent row was committed" (its id is the payload).
CHANNEL = "hicksheet_live"


class _Pending:
    """The topics named so far in one transaction, written as one event when it commits."""

    def __init__(self, using: str) -> None:
        self.using = using
        self.names: set[str] = set()

    def flush(self) -> None:
        write_event(self.names, using=self.using)


def changed(*topics: str | Iterable[str], using: str = "default") -> None:
    """Record that ``topics`` changed. Inside a transaction the topics wait for the commit (and
    vanish with a rollback), and every topic named during one transaction goes into one event;
    outside one the event is written at once."""
    names: set[str] = set()
    for topic in topics:
        names.update([topic] if isinstance(topic, str) else topic)
    if not names:
        return
    connection = connections[using]
    if not connection.in_atomic_block:
        write_event(names, using=using)
        return
    pending: _Pending | None = getattr(connection, "_live_pending", None)
    if pending is None or not _still_registered(connection, pending):
        # The first change of this transaction, or the last one's callback went with a
        # rollback (Django drops a rolled-back block's callbacks).
        pending = _Pending(using)
        connection._live_pending = pending  # type: ignore[attr-defined]
        transaction.on_commit(pending.flush, using=using)
    pending.names |= names


def _still_registered(connection: BaseDatabaseWrapper, pending: _Pending) -> bool:
    return any(entry[1] == pending.flush for entry in connection.run_on_commit)


def write_event(names: Iterable[str], *, using: str = "default") -> LiveEvent:
    """Write one event naming ``names`` now (committed with the surrounding transaction, if
    any) and, on PostgreSQL, wake the listening processes."""
    event = LiveEvent.objects.using(using).create(topics=f" {' '.join(sorted(set(names)))} ")
    connection = connections[using]
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, str(event.pk)])
    return event


def publishes(
    topics_of: Callable[..., Iterable[str]],
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate a service: when it returns (not when it raises), the topics ``topics_of``
    gives for its keyword arguments changed. For services whose every success changes the
    same pages, however they return."""

    def decorate(service: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(service)
        def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
            result = service(*args, **kwargs)
            changed(topics_of(**kwargs))
            return result

        return wrapped

    return decorate
