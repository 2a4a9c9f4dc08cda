"""The banner at the top of a fixture's page says what the match is doing in one phrase: a
game in play is "In play: 100 – 62" (never "Scheduled: in play: ..."), a result is the
result."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.games import services as games_services
from scoring import Deal
from tests.builders import fixtures_of, make_league
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def banner(fixture) -> str:
    address = reverse("competitions:fixture-detail", args=[fixture.competition.slug, fixture.pk])
    # The page's text with the label's colon back against it ("In play: ...").
    return parse(Client().get(address).content).by_id("result").text.replace(" :", ":")


def test_a_match_with_a_game_in_play_says_in_play_and_the_score(organiser, scorer):
    fixture = fixtures_of(make_league(organiser))[0]
    game = competitions_services.fixture_start_game(fixture=fixture, by=scorer)
    assert banner(fixture) == "In play: 0 – 0"

    games_services.game_add_deal(game=game, deal=Deal(makers=0, card_points=(100, 62)), by=scorer)
    assert banner(fixture) == f"In play: {' – '.join(map(str, game.display_totals))}"


def test_a_match_not_started_says_scheduled(organiser):
    fixture = fixtures_of(make_league(organiser))[0]
    assert banner(fixture) == "Scheduled"
