"""The data migration that takes back reneges stored on void deals (issue 9, item 8)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.db import models

from league.competitions import services as competitions_services
from league.competitions.results import fixture_recompute
from league.games import services as games_services
from league.models import Deal, FixtureSide, Game
from scoring import Deal as EngineDeal
from scoring import get_ruleset
from tests.builders import make_league

pytestmark = pytest.mark.django_db

migration = importlib.import_module("league.migrations.0004_void_deals_renege_nobody")


def test_a_void_deals_renege_is_cleared_and_taken_out_of_the_stored_statistics(organiser, scorer):
    league = make_league(organiser)
    fixture = league.fixtures.order_by("round__number", "id").first()
    game = competitions_services.fixture_start_game(fixture=fixture, by=scorer)
    for deal in (
        EngineDeal(makers=0, card_points=(100, 62)),
        EngineDeal(void=True),
        EngineDeal(makers=1, renege=1),
        EngineDeal(renege="both"),
    ):
        games_services.game_add_deal(game=game, deal=deal, by=scorer)
    while not game.finished:  # the fixture's statistics are written when its game ends
        games_services.game_add_deal(
            game=game, deal=EngineDeal(makers=0, card_points=(162, 0)), by=scorer
        )
    game.refresh_from_db()
    right_game = [dict(s) for s in game.side_stats]
    right_sides = list(FixtureSide.objects.filter(fixture=fixture).values_list("side", "reneges"))
    # What the code before the fix stored for "makers=0&renege=0&void_reason=misdeal", and for
    # "renege=both" with card points: the renege counted against side 0, the points kept.
    Deal.objects.filter(game=game, number=2).update(renege="0")
    Deal.objects.filter(game=game, number=4).update(card_points=[80, 82])
    game.side_stats[0]["reneges"] += 1
    game.save(update_fields=["side_stats"])
    FixtureSide.objects.filter(fixture=fixture, side=0).update(reneges=models.F("reneges") + 1)

    migration.repair_void_deal_reneges(apps, None)

    game = Game.objects.get(pk=game.pk)
    assert Deal.objects.get(game=game, number=2).renege == ""
    assert Deal.objects.get(game=game, number=4).card_points is None
    assert game.side_stats == right_game
    assert [s["reneges"] for s in game.side_stats] == [1, 2]
    sides = list(FixtureSide.objects.filter(fixture=fixture).values_list("side", "reneges"))
    assert sides == right_sides
    # What the repair left is what the services compute from the deals as they now are.
    games_services.game_recompute(game, list(game.deals.order_by("number")))
    assert game.side_stats == right_game
    fixture_recompute(fixture)
    assert list(FixtureSide.objects.filter(fixture=fixture).values_list("side", "reneges")) == sides


def test_the_repair_leaves_sound_deals_alone(scorer):
    game = games_services.game_create(
        rules=get_ruleset("clabber"),
        side_names=["Anna & Ben", "Carl & Dora"],
        by=scorer,
    )
    games_services.game_add_deal(game=game, deal=EngineDeal(makers=0, renege=0), by=scorer)
    before = Game.objects.get(pk=game.pk).side_stats
    migration.repair_void_deal_reneges(apps, None)
    assert Deal.objects.get(game=game).renege == "0"
    assert Game.objects.get(pk=game.pk).side_stats == before
