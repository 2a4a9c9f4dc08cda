"""Migration 0018 rewrites the order keys of games typed from paper so that they grow with the
fixture (a table typed later sorts after the night's earlier ones, and rating it no longer
rewinds them all); a game started at a table keeps its key, and migrating back restores the
old keys."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from league.ratings.selectors import typed_order_key

BEFORE = [("league", "0017_family_deals")]
AFTER = [("league", "0018_club_evenings")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_the_latest_migration():
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_typed_keys_grow_with_the_fixture_and_come_back(back_to_the_latest_migration):
    apps = migrate(BEFORE)
    RatedGame = apps.get_model("league", "RatedGame")
    night = dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC)
    # The old keys: -(fixture * 64 + index + 1); a game started at a table keeps its id.
    old = {(7, 0): -(7 * 64 + 1), (9, 0): -(9 * 64 + 1), (9, 1): -(9 * 64 + 2)}
    olga = apps.get_model("auth", "User").objects.create(username="olga")
    club = apps.get_model("league", "Club").objects.create(name="Crown", slug="crown")
    cup = apps.get_model("league", "Competition").objects.create(
        club=club, name="Cup", slug="cup", ruleset_data={}, entrant_kind="players", created_by=olga
    )
    first = apps.get_model("league", "Round").objects.create(competition=cup, number=1)
    fixture = apps.get_model("league", "Fixture").objects.create(competition=cup, round=first)
    for key in [*old.values(), 31]:
        RatedGame.objects.create(
            played_at=night, order_key=key, fixture=fixture, sides=[[1], [2]], winner=0
        )
    apps = migrate(AFTER)
    keys = sorted(apps.get_model("league", "RatedGame").objects.values_list("order_key", flat=True))
    assert keys == [typed_order_key(7, 0), typed_order_key(9, 0), typed_order_key(9, 1), 31]
    apps = migrate(BEFORE)
    back = sorted(apps.get_model("league", "RatedGame").objects.values_list("order_key", flat=True))
    assert back == sorted([*old.values(), 31])
