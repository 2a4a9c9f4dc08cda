"""Games typed from paper rate in the order they were typed within a night (their key grows
with the fixture: a table typed later no longer rewinds the night's earlier ones); migration
0018 makes an install with typed results forget its ratings, which ``migrate`` then rates
again from the history (league.apps.rate_history_once)."""

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


def _rated(apps, keys):
    RatedGame = apps.get_model("league", "RatedGame")
    olga = apps.get_model("auth", "User").objects.create(username="olga")
    club = apps.get_model("league", "Club").objects.create(name="Crown", slug="crown")
    cup = apps.get_model("league", "Competition").objects.create(
        club=club, name="Cup", slug="cup", ruleset_data={}, entrant_kind="players", created_by=olga
    )
    first = apps.get_model("league", "Round").objects.create(competition=cup, number=1)
    fixture = apps.get_model("league", "Fixture").objects.create(competition=cup, round=first)
    night = dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC)
    for key in keys:
        RatedGame.objects.create(
            played_at=night, order_key=key, fixture=fixture, sides=[[1], [2]], winner=0
        )


@pytest.mark.django_db(transaction=True)
def test_an_install_with_typed_results_rates_them_again(back_to_the_latest_migration):
    apps = migrate(BEFORE)
    # The old keys of typed games: -(fixture * 64 + index + 1); a game keeps its id.
    _rated(apps, [-(7 * 64 + 1), -(9 * 64 + 1), 31])
    apps = migrate(AFTER)
    assert not apps.get_model("league", "RatedGame").objects.exists()


@pytest.mark.django_db(transaction=True)
def test_an_install_without_typed_results_keeps_its_ratings(back_to_the_latest_migration):
    apps = migrate(BEFORE)
    _rated(apps, [31, 32])
    apps = migrate(AFTER)
    assert apps.get_model("league", "RatedGame").objects.count() == 2


def test_typed_keys_grow_with_the_fixture_below_every_game():
    keys = [typed_order_key(7, 0), typed_order_key(7, 1), typed_order_key(9, 0)]
    assert keys == sorted(keys) and keys[-1] < 0
