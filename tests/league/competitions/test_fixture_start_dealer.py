"""Issue 14: the "Start the game?" question of a fixture also asks who deals first (the
first player unless changed); the game starts with that dealer, a bad choice is refused next
to the select and nothing starts."""

from __future__ import annotations

import pytest

from league.models import Game
from tests.builders import fixtures_of, make_league, names
from tests.league.competitions.test_fixture_views import url
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def test_the_start_question_asks_who_deals_first(organiser, scorer_client):
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    start = url("competitions:fixture-start", league, fixture)
    select = parse(scorer_client.get(start).content).by_id("start").by_id("id_first_dealer")
    # A partnership game: seats go round the table, a partnership's players in the order
    # they sit (named as on the game's page), each with the team (issue 22: never "(1st)").
    one, two = names(fixture)
    first, second = (side.entrant.partnership for side in fixture.sides.order_by("side"))
    seats = [
        f"{first.first.name} ({one})",
        f"{second.first.name} ({two})",
        f"{first.second.name} ({one})",
        f"{second.second.name} ({two})",
    ]
    assert [o.text for o in select.iter("option")] == seats
    response = scorer_client.post(start, {"first_dealer": "1"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.first_dealer == 1
    sheet = parse(scorer_client.get(response["Location"]).content)
    assert sheet.by_id("next-dealer").text == f"Deals next: {second.first.name} ({two})"


def test_a_dealer_not_at_the_table_is_refused_and_nothing_starts(organiser, scorer_client):
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    response = scorer_client.post(
        url("competitions:fixture-start", league, fixture), {"first_dealer": "9"}
    )
    assert response.status_code == 400
    error = parse(response.content).by_id("first_dealer-error").text
    assert error == "Choose one of the players at this table."
    assert not Game.objects.exists()
