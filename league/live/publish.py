"""Saying what changed: :func:`changed`, called by the services that write."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import ParamSpec, TypeVar

from django.db import connections
from django.utils import timezone

from league import plain_sql
from league.models import LiveEvent

P = ParamSpec("P")
R = TypeVar("R")

# PostgreSQL's channel for "a LiveEvent row was committed"; the payload is the row's id and
# its topics, so that the listening processes need not read the row.
CHANNEL = "hicksheet_live"


def changed(*topics: str | Iterable[str], using: str = "default") -> None:
    """Record that ``topics`` changed: one :class:`LiveEvent` row, written in the caller's
    transaction (so it is committed with the change, or rolled back with it, and costs no
    transaction of its own: on SQLite no second turn at the write lock) and, on PostgreSQL, a
    ``NOTIFY``, which PostgreSQL delivers when the transaction commits, in commit order."""
    names: set[str] = set()
    for topic in topics:
        names.update([topic] if isinstance(topic, str) else topic)
    if names:
        write_event(names, using=using)


def write_event(names: Iterable[str], *, using: str = "default") -> LiveEvent:
    joined = " ".join(sorted(set(names)))
    connection = connections[using]
    if connection.vendor != "postgresql":
        event = LiveEvent(topics=f" {joined} ")
        plain_sql.insert(event, using=using)  # its SQL written once: every deal saved writes one
        return event
    # The row and its NOTIFY (payload: the row's id and topics) in one statement, so one round
    # trip to the server: every deal saved writes one (make bench, saving a deal).
    event = LiveEvent(topics=f" {joined} ", at=timezone.now())
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(LiveEvent._meta.db_table)} ({quote('topics')}, {quote('at')}) "
            "VALUES (%s, %s) RETURNING id, pg_notify(%s::text, id::text || ' ' || %s::text)",
            [event.topics, event.at, CHANNEL, joined],
        )
        event.pk = cursor.fetchone()[0]
    event._state.adding = False
    event._state.db = using
    return event


def publishes(
    topics_of: Callable[..., Iterable[str]],
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate a service: when it returns (not when it raises), the topics ``topics_of``
    gives for its keyword arguments changed. For services whose every success changes the
    same pages, however they return. Put it under ``@transaction.atomic``, so that the event
    is part of the service's transaction."""

    def decorate(service: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(service)
        def wrapped(*args: P.args, **kwargs: P.kwargs) -> R:
            result = service(*args, **kwargs)
            changed(topics_of(**kwargs))
            return result

        return wrapped

    return decorate
