"""The short JSON answers the phone's offline queue gets for a deal it sends (Accept:
application/json), on a game's page and on an entry link: saved (once, whatever the resends),
refused because the sheet moved on (a conflict the phone asks about), or wrong. A form sent
without that header gets the pages it always got."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

import scoring
from league.competitions import services as competitions_services
from league.games.ruleset_data import resolved_ruleset_data
from league.models import Deal, FixtureSide, Game, Role
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.builders import add, make_user, refused, tournament

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def form(number: int, key: uuid.UUID | None = None, **fields: str) -> dict[str, str]:
    data = {
        "entry_key": str(key or uuid.uuid4()),
        "number": str(number),
        "makers": "0",
        "card_points_0": "100",
    }
    data.update(fields)
    return data


def test_a_waiting_deal_is_saved_once_however_often_it_is_sent(scorer_client: Client, clabber_game):
    url = reverse("games:deal-add", args=[clabber_game.pk])
    key = uuid.uuid4()
    first = scorer_client.post(url, form(1, key), **JSON)
    again = scorer_client.post(url, form(1, key), **JSON)
    assert first.status_code == 200 and first.json() == {
        "saved": True,
        "created": True,
        "number": 1,
        "marks": ["100", "62"],
        "next_number": 2,
        "page": f"/games/{clabber_game.pk}/#entry",
    }
    assert again.status_code == 200 and again.json()["created"] is False
    assert again.json()["number"] == 1
    assert Deal.objects.filter(game=clabber_game).count() == 1


def test_a_deal_the_sheet_moved_past_is_a_conflict(scorer_client, clabber_game, scorer):
    add(clabber_game, scorer, makers=1, card_points=(62, 100))
    response = scorer_client.post(
        reverse("games:deal-add", args=[clabber_game.pk]), form(1), **JSON
    )
    answer = response.json()
    assert response.status_code == 409 and answer["conflict"] and not answer["saved"]
    assert answer["next_number"] == 2 and answer["existing"] == ["62", "100"]
    assert "Deal 1 was already entered" in answer["message"]
    assert Deal.objects.filter(game=clabber_game).count() == 1


def test_a_wrong_deal_is_refused_with_its_message(scorer_client, clabber_game):
    response = scorer_client.post(
        reverse("games:deal-add", args=[clabber_game.pk]),
        form(1, card_points_0="161"),
        **JSON,
    )
    assert response.status_code == 400 and not response.json()["saved"]
    assert "161" in response.json()["message"]
    assert Deal.objects.count() == 0


def test_without_the_header_the_page_flow_is_unchanged(scorer_client, clabber_game):
    response = scorer_client.post(reverse("games:deal-add", args=[clabber_game.pk]), form(1))
    assert response.status_code == 302 and response["Location"].endswith("#entry")


def test_an_outsider_or_a_visitor_gets_no_json_save(outsider_client, clabber_game):
    url = reverse("games:deal-add", args=[clabber_game.pk])
    refused(outsider_client.post(url, form(1), **JSON), login=False)
    refused(Client().post(url, form(1), **JSON), login=True)
    assert Deal.objects.count() == 0


def entry_link():
    organiser = make_user("director", Role.ORGANISER)
    competition = tournament(organiser, 2, rules=get_ruleset("klaberjass"))
    tournaments_services.tournament_start(competition=competition)
    fixture = competition.fixtures.get()
    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    sides = {s.side: s for s in FixtureSide.objects.filter(fixture=fixture)}
    return game, sides


def entry_form(number: int, key: uuid.UUID | None = None) -> dict[str, str]:
    return {**form(number, key), "card_points_1": "62"}


def test_an_entry_link_answers_the_queue_in_json(client: Client):
    game, sides = entry_link()
    url = reverse("tournaments:entry-deal", args=[sides[0].entry_token]) + f"?game={game.pk}"
    key = uuid.uuid4()
    assert client.post(url, entry_form(1, key), **JSON).json()["created"] is True
    again = client.post(url, entry_form(1, key), **JSON)
    assert again.status_code == 200 and again.json()["saved"] and not again.json()["created"]
    conflict = client.post(url, entry_form(1), **JSON)
    assert conflict.status_code == 409 and conflict.json()["conflict"]
    assert conflict.json()["next_number"] == 2
    assert "from another phone" in conflict.json()["message"]
    assert Deal.objects.filter(game=game).count() == 1


def test_an_entry_link_of_another_game_or_a_confirmed_match_is_closed(client: Client):
    game, sides = entry_link()
    token = sides[0].entry_token
    url = reverse("tournaments:entry-deal", args=[token])
    stale = client.post(url + f"?game={game.pk + 99}", entry_form(1), **JSON)
    assert stale.status_code == 409 and stale.json()["closed"]
    # The loser plays it out through its link, the winner confirms: the link is closed.
    while game.winner is None:
        tournaments_services.token_add_deal(
            side=sides[0], game=game, deal=scoring.Deal(makers=0, card_points=(150, 12))
        )
        game.refresh_from_db()
    tournaments_services.fixture_confirm(fixture=game.fixture, side=1)
    gone = client.post(url + f"?game={game.pk}", entry_form(9), **JSON)
    assert gone.status_code == 410 and gone.json()["closed"]
    assert Game.objects.get(pk=game.pk).deal_count == game.deal_count


def test_the_page_carries_the_rules_for_an_offline_preview(scorer_client, clabber_game):
    response = scorer_client.get(reverse("games:detail", args=[clabber_game.pk]))
    assert b'id="deal-state"' in response.content
    state = response.context["form"].offline
    # The whole ruleset, every field resolved: rules.js holds no presets of its own.
    assert state["rules"] == resolved_ruleset_data(clabber_game.rules) and state["queue"] is True
    assert state["rules"]["players"] == 4 and state["rules"]["deal_total"] == 162
    assert state["number"] == 1 and state["totals"] == [0, 0]


def test_a_form_with_a_forged_entry_key_is_answered_in_words(db) -> None:
    from league.models import Deal as DealRecord
    from league.models import Role
    from tests.builders import make_user, signed_in, start_game

    scorer = make_user("kit", Role.SCORER)
    game = start_game(scorer)
    response = signed_in(scorer).post(
        f"/games/{game.pk}/deals/",
        {"makers": "0", "card_points_0": "100", "card_points_1": "62", "entry_key": "nope"},
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 400
    said = response.json()["message"]
    assert said == "This form did not come from this page: reload it and enter the deal again."
    assert not DealRecord.objects.exists()
