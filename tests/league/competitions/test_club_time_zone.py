"""A club's time zone: set on the club's page by an organiser (a scorer is refused, a zone
the server does not know is told next to the field, nothing saved), and then every time of
the club's games, on the pages and on the printed sheet, is on the club's clock; a game of
no club, and the next request, stay on the server's."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from league.competitions import services as competitions_services
from league.errors import Refused
from league.models import Club, Game
from tests.builders import add, fixtures_of, make_league, page, pdf_pages, refused, start_game
from tests.league.html import parse

pytestmark = pytest.mark.django_db

# Friday 03:30 in Greenwich is still Thursday evening in Evansville (UTC-6 in January).
STARTED = datetime.datetime(2026, 1, 9, 3, 30, tzinfo=datetime.UTC)


def settings_post(zone: str) -> dict[str, str]:
    return {"settings-time_zone": zone}


@pytest.fixture
def club() -> Club:
    return competitions_services.club_create(name="Evansville Clabber Club")


def test_a_club_keeps_the_server_s_time_until_an_organiser_sets_its_own(organiser_client, club):
    root = page(organiser_client, f"/clubs/{club.slug}/")
    assert root.by_id("club-time-zone").text == "UTC"
    menu = root.by_id("id_settings-time_zone")
    assert next(menu.iter("option")).text == "The server's (UTC)"
    assert "America: Chicago" in menu.text and "America: Indiana, Vincennes" in menu.text

    response = organiser_client.post(
        f"/clubs/{club.slug}/settings/", settings_post("America/Chicago")
    )
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{club.slug}/#settings"
    club.refresh_from_db()
    assert club.time_zone == "America/Chicago"
    root = parse(organiser_client.get(response["Location"]).content)
    assert "times are now shown in America: Chicago time" in root.text
    assert root.by_id("club-time-zone").text == "America: Chicago"
    chosen = [
        o.attrs["value"]
        for o in root.by_id("id_settings-time_zone").iter("option")
        if "selected" in o.attrs
    ]
    assert chosen == ["America/Chicago"]
    # Back to the server's.
    organiser_client.post(f"/clubs/{club.slug}/settings/", settings_post(""))
    club.refresh_from_db()
    assert club.time_zone == ""


def test_a_zone_the_server_does_not_know_is_refused_next_to_the_field(organiser_client, club):
    response = organiser_client.post(f"/clubs/{club.slug}/settings/", settings_post("Mars/Olympus"))
    assert response.status_code == 400
    error = parse(response.content).by_id("settings-time_zone-error").text
    assert error == "“Mars/Olympus” is not a time zone this server knows: choose one from the list."
    club.refresh_from_db()
    assert club.time_zone == ""
    # The service says so too, to any other caller.
    with pytest.raises(Refused) as caught:
        competitions_services.club_set_time_zone(club=club, time_zone="America/Chikago")
    assert caught.value.field == "time_zone"
    assert caught.value.message.startswith("“America/Chikago” is not a time zone this server")
    club.refresh_from_db()
    assert club.time_zone == ""


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_sets_the_club_s_time_zone(who, client, scorer_client, club):
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post(f"/clubs/{club.slug}/settings/", settings_post("Europe/London"))
    refused(response, login=who == "anonymous")
    club.refresh_from_db()
    assert club.time_zone == ""
    assert b'id="club-settings"' not in user_client.get(f"/clubs/{club.slug}/").content


def test_a_club_s_games_show_its_clock_on_the_page_and_the_printed_sheet(organiser, scorer):
    league = make_league(organiser)
    competitions_services.club_set_time_zone(club=league.club, time_zone="America/Chicago")
    game = competitions_services.fixture_start_game(fixture=fixtures_of(league)[0], by=scorer)
    casual = start_game(scorer)
    add(game, scorer, makers=0, card_points=(100, 62))
    Game.objects.filter(pk__in=[game.pk, casual.pk]).update(created_at=STARTED)
    client = Client()

    meta = next(p for p in page(client, f"/games/{game.pk}/").iter("p") if p.has_class("meta"))
    assert "started 8 Jan 2026 21:30" in meta.text
    sheet = "\n".join(pdf_pages(client.get(f"/games/{game.pk}/sheet.pdf").content))
    assert "8 January 2026" in sheet and "9 January 2026" not in sheet

    # A game of no club is on the server's clock, though the same thread served a club's
    # page just before.
    meta = next(p for p in page(client, f"/games/{casual.pk}/").iter("p") if p.has_class("meta"))
    assert "started 9 Jan 2026 03:30" in meta.text
    sheet = "\n".join(pdf_pages(client.get(f"/games/{casual.pk}/sheet.pdf").content))
    assert "9 January 2026" in sheet
    assert timezone.get_current_timezone_name() == "UTC"


def test_the_games_list_shows_each_game_on_its_own_club_s_clock(organiser, scorer):
    league = make_league(organiser)
    competitions_services.club_set_time_zone(club=league.club, time_zone="America/Chicago")
    game = competitions_services.fixture_start_game(fixture=fixtures_of(league)[0], by=scorer)
    casual = start_game(scorer)
    Game.objects.filter(pk__in=[game.pk, casual.pk]).update(created_at=STARTED)
    rows = {
        tr.attrs.get("id", ""): tr.text
        for tr in page(Client(), "/games/").by_id("games").iter("tr")
    }
    started = {
        cell.text
        for cell in page(Client(), "/games/").by_id("games").iter("td")
        if cell.attrs.get("data-label") == "Started"
    }
    assert started == {"8 Jan 2026 21:30", "9 Jan 2026 03:30"}, rows


def test_a_huge_posted_zone_is_refused_without_repeating_it_whole(organiser_client, club):
    response = organiser_client.post(
        f"/clubs/{club.slug}/settings/", settings_post("Europe/" + "x" * 6000)
    )
    assert response.status_code == 400
    text = response.content.decode()
    assert "is not a time zone this server knows" in text and "x" * 100 not in text
    club.refresh_from_db()
    assert club.time_zone == ""
