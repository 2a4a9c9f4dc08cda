"""The organiser's download of a whole club's data: everything of the club, nothing of another
club, no entry-link tokens; organisers only (sign in first, then 403 for a scorer)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from league.competitions import services as competitions_services
from league.games import services as games_services
from league.models import FixtureSide
from scoring import Deal
from tests.builders import fixtures_of, make_league, page, refused

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(organiser):
    competition = make_league(organiser)
    fixture = fixtures_of(competition)[0]
    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    for _ in range(2):
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(100, 62)), by=organiser
        )
    for n, side in enumerate(FixtureSide.objects.filter(fixture=fixture)):
        side.entry_token = f"secret-token-{n}"
        side.save(update_fields=["entry_token"])
    other = make_league(organiser, name="Summer cup", club_name="Another Club")
    competitions_services.fixture_start_game(fixture=fixtures_of(other)[0], by=organiser)
    return competition


def export_url(league) -> str:
    return reverse("competitions:club-export", args=[league.club.slug])


def test_an_organiser_downloads_the_whole_club(organiser_client, league):
    reply = organiser_client.get(export_url(league))
    assert reply.status_code == 200
    assert reply["Content-Type"] == "application/json; charset=utf-8"
    assert reply["Content-Disposition"] == f'attachment; filename="{league.club.slug}.json"'
    data = json.loads(reply.content)
    assert data["format"] == "hicksheet-club-export/1"
    assert data["club"]["fields"]["name"] == "Evansville Clabber Club"
    assert len(data["players"]) == 8 and len(data["partnerships"]) == 4
    assert [c["fields"]["name"] for c in data["competitions"]] == ["Winter league"]
    assert len(data["entrants"]) == 4 and data["rounds"] and data["fixtures"]
    assert len(data["games"]) == 1 and len(data["deals"]) == 2
    assert [d["fields"]["points"] for d in data["deals"]] == [[100, 62], [100, 62]]
    assert all("entry_token" not in side["fields"] for side in data["fixture_sides"])
    assert b"secret-token" not in reply.content
    assert b"Another Club" not in reply.content and b"Summer cup" not in reply.content


def test_the_club_page_offers_the_download_to_organisers_only(
    organiser_client, scorer_client, client, league
):
    address = reverse("competitions:club-detail", args=[league.club.slug])
    links = [a.attrs.get("href") for a in page(organiser_client, address).iter("a")]
    assert export_url(league) in links
    for other in (scorer_client, client):
        assert export_url(league) not in [
            a.attrs.get("href") for a in page(other, address).iter("a")
        ]


def test_a_scorer_is_refused_and_a_visitor_is_sent_to_sign_in(scorer_client, client, league):
    refused(scorer_client.get(export_url(league)), login=False)
    refused(client.get(export_url(league)), login=True)


def test_an_unknown_club_is_not_found(organiser_client, league):
    assert (
        organiser_client.get(reverse("competitions:club-export", args=["nope"])).status_code == 404
    )
