"""Migration 0005 cleans the names stored before names were cleaned, and keeps look-alikes
apart rather than merging them; and migrating back that far leaves migrate's ratings hook
nothing to do."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

ZWSP = "\u200b"
RLO = "\u202e"
BEFORE = [("league", "0005_first_run_installation")]
AFTER = [("league", "0006_clean_stored_names")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_the_latest_migration():
    """The test takes the database back to migration 0005: afterwards it is migrated forward
    again, so that the tests that come after it on this worker, in any order, find every
    table and column of today."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_stored_names_are_cleaned_and_look_alikes_kept_apart(back_to_the_latest_migration):
    old = migrate(BEFORE)
    User = old.get_model("auth", "User")
    Club = old.get_model("league", "Club")
    Player = old.get_model("league", "Player")
    Game = old.get_model("league", "Game")
    club = Club.objects.create(name=f"{RLO}Crown ", slug="crown")
    Player.objects.create(club=club, name=f"Anna{ZWSP}")
    anna = Player.objects.create(club=club, name="Anna")
    Player.objects.create(club=club, name="Ben  \u00a0Berg")
    game = Game.objects.create(
        preset="clabber",
        ruleset_data={},
        side_names=[f"Anna{ZWSP}", "Anna"],
        title=f"Final{RLO}",
        created_by=User.objects.create(username="u"),
    )

    new = migrate(AFTER)
    club = new.get_model("league", "Club").objects.get()
    assert (club.name, club.slug) == ("Crown", "crown")
    players = dict(new.get_model("league", "Player").objects.values_list("pk", "name"))
    # The name that was already clean keeps it; the look-alike is told apart.
    assert players[anna.pk] == "Anna"
    assert sorted(players.values()) == ["Anna", "Anna (2)", "Ben Berg"]
    game = new.get_model("league", "Game").objects.get(pk=game.pk)
    assert game.side_names == ["Anna (2)", "Anna"] and game.title == "Final"


@pytest.mark.django_db(transaction=True)
def test_migrating_back_before_the_ratings_rates_nothing(back_to_the_latest_migration):
    from league.apps import rate_history_once

    migrate(BEFORE)
    # migrate's hook, as after `migrate league 0005`: there is no table to rate into.
    rate_history_once()
    assert "league_ratedgame" not in connection.introspection.table_names()
