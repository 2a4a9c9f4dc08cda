"""The sessions: Django's database sessions, read with one plain query.

Every request of a signed-in person reads their session; Django's own store builds and
compiles an ORM query for it each time, most of the read (make bench: saving a deal). The
query here is written once; what it reads, and everything else, is Django's.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


class SessionStore(db.SessionStore):
    def load(self) -> dict[str, Any]:
        """The session's data, if its key is stored and has not expired; else nothing, and
        no key (as Django's store does)."""
        model = self.model
        connection = connections[router.db_for_read(model)]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_session_sql(connection.vendor), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return {}
        return self.decode(row[0])


@functools.cache
def _session_sql(vendor: str) -> str:
    """The unexpired session with a key (the parameters: the key, and now)."""
    from django.contrib.sessions.models import Session

    quote = connections[router.db_for_read(Session)].ops.quote_name
    return (
        f"SELECT {quote('session_data')} FROM {quote(Session._meta.db_table)} "
        f"WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s"
    )
