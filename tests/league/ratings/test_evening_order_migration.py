"""Migration 0019: an install whose ratings hold a club evening's results (rated in the old
order, its typed tables before its phones') forgets its ratings, which ``migrate`` then rates
again from the history (league.apps.rate_history_once); an install without rated evenings
keeps them (one query)."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.league.ratings.test_typed_keys_migration import (
    back_to_the_latest_migration,  # noqa: F401 (a fixture)
    migrate,
)

BEFORE = [("league", "0018_club_evenings")]
AFTER = [("league", "0019_evening_round_order")]


def _rated(apps, kind: str) -> None:
    olga = apps.get_model("auth", "User").objects.create(username="olga")
    club = apps.get_model("league", "Club").objects.create(name="Crown", slug="crown")
    night = apps.get_model("league", "Competition").objects.create(
        club=club,
        name="Friday",
        slug="friday",
        ruleset_data={},
        entrant_kind="players",
        created_by=olga,
        kind=kind,
    )
    first = apps.get_model("league", "Round").objects.create(competition=night, number=1)
    fixture = apps.get_model("league", "Fixture").objects.create(competition=night, round=first)
    apps.get_model("league", "RatedGame").objects.create(
        played_at=dt.datetime(2026, 11, 27, 12, tzinfo=dt.UTC),
        order_key=31,
        fixture=fixture,
        sides=[[1], [2]],
        winner=0,
    )


@pytest.mark.django_db(transaction=True)
def test_an_install_with_rated_evenings_rates_them_again(back_to_the_latest_migration):  # noqa: F811
    apps = migrate(BEFORE)
    _rated(apps, "evening")
    apps = migrate(AFTER)
    assert not apps.get_model("league", "RatedGame").objects.exists()


@pytest.mark.django_db(transaction=True)
def test_an_install_without_rated_evenings_keeps_its_ratings(back_to_the_latest_migration):  # noqa: F811
    apps = migrate(BEFORE)
    _rated(apps, "league")
    apps = migrate(AFTER)
    assert apps.get_model("league", "RatedGame").objects.count() == 1
