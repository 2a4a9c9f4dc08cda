"""PostgreSQL's connection pool (settings.DB_POOL_SIZE) and the live hub: the hub's listening
connection comes from the pool, and goes back to it not listening, so that the request that
gets it next does not collect the hub's notifications."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from league.live.hub import Event, Hub
from league.live.publish import write_event

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_hub_gives_its_connection_back_to_the_pool_not_listening() -> None:
    if connection.vendor != "postgresql" or connection.pool is None:
        pytest.skip("PostgreSQL's pool only")
    heard = threading.Event()

    def deliver(event: Event) -> None:
        heard.set()

    hub = Hub()
    hub.subscribe(frozenset({"games"}), deliver)
    try:
        # Written until the hub hears one: then it has listened (or read the table) at least
        # once; what matters below is what it leaves behind.
        for _ in range(50):
            with transaction.atomic():
                write_event(["games"])
            if heard.wait(0.2):
                break
        assert heard.is_set()
    finally:
        hub.stop()
    connection.close()
    pool = connection.pool
    taken = [pool.getconn() for _ in range(pool.get_stats()["pool_size"])]
    try:
        for raw in taken:
            assert raw.execute("SELECT pg_listening_channels()").fetchall() == []
            raw.rollback()
    finally:
        for raw in taken:
            pool.putconn(raw)
