"""Migration 0016 turns the English stored before it into codes (who confirmed a result, who
acted on a match, through whom a deal was corrected, an abandoned game's deal count), keeps
what it cannot read as it was, and migrating back writes the English again."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("league", "0015_housekeeping")]
AFTER = [("league", "0016_stored_words_as_codes")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_the_latest_migration():
    """Afterwards the database is migrated forward again, for the tests after this one."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def rows_before_codes(apps):
    User = apps.get_model("auth", "User")
    Club = apps.get_model("league", "Club")
    Competition = apps.get_model("league", "Competition")
    Round = apps.get_model("league", "Round")
    Entrant = apps.get_model("league", "Entrant")
    Fixture = apps.get_model("league", "Fixture")
    FixtureSide = apps.get_model("league", "FixtureSide")
    MatchEvent = apps.get_model("league", "MatchEvent")
    Game = apps.get_model("league", "Game")
    DealAudit = apps.get_model("league", "DealAudit")
    olga = User.objects.create(username="olga")
    club = Club.objects.create(name="Crown", slug="crown")
    cup = Competition.objects.create(
        club=club,
        name="Cup",
        slug="cup",
        ruleset_data={},
        entrant_kind="players",
        created_by=olga,
    )
    night = Round.objects.create(competition=cup, number=1)
    Player = apps.get_model("league", "Player")
    anna, ben = (
        Entrant.objects.create(
            competition=cup, name=name, player=Player.objects.create(club=club, name=name)
        )
        for name in ("Anna", "Ben")
    )
    fixtures = {}
    for said in ("Ben", "director olga", "director olga (withdrawal)", "Zoltan", ""):
        fixture = Fixture.objects.create(competition=cup, round=night, confirmed_by=said)
        FixtureSide.objects.create(fixture=fixture, side=0, entrant=anna)
        FixtureSide.objects.create(fixture=fixture, side=1, entrant=ben)
        fixtures[said] = fixture.pk
    first = Fixture.objects.get(pk=fixtures["Ben"])
    game = Game.objects.create(
        preset="clabber",
        ruleset_data={},
        side_names=["Anna", "Ben"],
        created_by=olga,
        fixture=first,
    )
    events = {
        "take_over": MatchEvent.objects.create(fixture=first, kind="take_over", side=0, who="Anna"),
        "settled": MatchEvent.objects.create(fixture=first, kind="settled", who="director olga"),
        "abandon": MatchEvent.objects.create(
            fixture=first, kind="abandon", who="olga", words="5 deals entered"
        ),
        "abandon_fr": MatchEvent.objects.create(
            fixture=first, kind="abandon", who="olga", words="1 donne saisie"
        ),
        "dispute": MatchEvent.objects.create(
            fixture=first, kind="dispute", side=1, who="Ben", words="Deal 3 was ours"
        ),
    }
    audit = {
        via: DealAudit.objects.create(
            game=game, deal_number=1, action=action, before={}, by=olga, via=via
        ).pk
        for via, action in [
            ("entry link of Ben", "undo"),
            ("olga (nouveau premier donneur)", "edit"),
            ("entry link of Somebody Else", "undo"),
            ("", "delete"),
        ]
    }
    return fixtures, {k: e.pk for k, e in events.items()}, audit


@pytest.mark.django_db(transaction=True)
def test_english_stored_words_become_codes_and_back(back_to_the_latest_migration):
    fixtures, events, audit = rows_before_codes(migrate(BEFORE))

    new = migrate(AFTER)
    Fixture = new.get_model("league", "Fixture")
    confirmed = {
        said: Fixture.objects.values_list(
            "confirmed_by", "confirmed_side", "confirmed_by_name"
        ).get(pk=pk)
        for said, pk in fixtures.items()
    }
    assert confirmed == {
        "Ben": ("side", 1, ""),
        "director olga": ("director", None, "olga"),
        "director olga (withdrawal)": ("withdrawal", None, "olga"),
        "Zoltan": ("Zoltan", None, ""),  # no side of that name: kept as it was
        "": ("", None, ""),
    }
    MatchEvent = new.get_model("league", "MatchEvent")
    said = {
        k: MatchEvent.objects.values_list("side", "who", "words").get(pk=pk)
        for k, pk in events.items()
    }
    assert said == {
        "take_over": (0, "", ""),
        "settled": (None, "olga", ""),
        "abandon": (None, "olga", "5"),
        "abandon_fr": (None, "olga", "1"),
        "dispute": (1, "", "Deal 3 was ours"),
    }
    DealAudit = new.get_model("league", "DealAudit")
    via = {
        k: DealAudit.objects.values_list("via", "via_side").get(pk=pk) for k, pk in audit.items()
    }
    assert via == {
        "entry link of Ben": ("entry_link", 1),
        "olga (nouveau premier donneur)": ("first_dealer", None),
        "entry link of Somebody Else": ("entry link of Somebody Else", None),
        "": ("", None),
    }

    old = migrate(BEFORE)
    Fixture = old.get_model("league", "Fixture")
    assert {said: Fixture.objects.get(pk=pk).confirmed_by for said, pk in fixtures.items()} == {
        s: s for s in fixtures
    }
    MatchEvent = old.get_model("league", "MatchEvent")
    assert MatchEvent.objects.get(pk=events["take_over"]).who == "Anna"
    assert MatchEvent.objects.get(pk=events["settled"]).who == "director olga"
    assert MatchEvent.objects.get(pk=events["abandon"]).words == "5 deals entered"
    DealAudit = old.get_model("league", "DealAudit")
    assert DealAudit.objects.get(pk=audit["entry link of Ben"]).via == "entry link of Ben"
    assert DealAudit.objects.get(pk=audit["olga (nouveau premier donneur)"]).via == (
        "olga (a new first dealer)"
    )
