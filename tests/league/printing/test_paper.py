"""A club's paper (issue 22, finding 9): Letter in the Americas, A4 elsewhere, unless the club
says otherwise; every PDF of the club's prints on it (the page size read back from the PDF),
and only an organiser sets it."""

from __future__ import annotations

import io

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from league.competitions import services as competitions_services
from league.errors import Refused
from league.models import Club, TournamentFormat
from league.paper import club_paper, paper_for_zone
from league.tournaments import services as tournaments_services
from tests.builders import fixtures_of, make_league, page, refused, start_game, tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db

BLANK = {"preset": "clabber", "sheets": "1"}


def paper_of(pdf: bytes) -> str:
    """ "A4" or "Letter", upright or on its side."""
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    size = sorted((float(box.width), float(box.height)))
    for name, paper in (("A4", A4), ("Letter", LETTER)):
        if size == pytest.approx(sorted(paper)):
            return name
    raise AssertionError(f"a page of {size}")


def club_in(zone: str, paper: str = "", name: str = "Evansville Clabber Club") -> Club:
    club = competitions_services.club_create(name=name)
    competitions_services.club_set_time_zone(club=club, time_zone=zone)
    competitions_services.club_set_paper_size(club=club, paper_size=paper)
    return club


def chosen_paper(client: Client, address: str) -> list[str]:
    menu = page(client, address).by_id("id_page_size")
    return [o.attrs["value"] for o in menu.iter("option") if "selected" in o.attrs]


@pytest.mark.parametrize(
    ("zone", "paper"),
    [
        ("America/Chicago", "Letter"),
        ("America/Bogota", "Letter"),
        ("Asia/Manila", "Letter"),
        ("America/Argentina/Buenos_Aires", "A4"),
        ("America/Sao_Paulo", "A4"),
        ("America/Lima", "A4"),
        ("US/Central", "Letter"),
        ("Pacific/Honolulu", "Letter"),
        ("Europe/Berlin", "A4"),
        ("Australia/Sydney", "A4"),
        ("Asia/Tokyo", "A4"),
    ],
)
def test_the_zone_says_the_paper(zone, paper):
    assert paper_for_zone(zone) == paper
    assert club_paper("", zone) == paper
    assert club_paper("A4", zone) == "A4" and club_paper("Letter", zone) == "Letter"


def test_a_club_without_a_zone_follows_the_server_s():
    assert paper_for_zone("") == "A4"  # the tests' server: UTC
    with override_settings(TIME_ZONE="America/New_York"):
        assert paper_for_zone("") == "Letter"


@pytest.mark.parametrize(
    ("zone", "setting", "paper"),
    [
        ("America/Chicago", "", "Letter"),
        ("Europe/Berlin", "", "A4"),
        ("America/Chicago", "A4", "A4"),  # the club's setting wins over its zone
        ("Europe/Berlin", "Letter", "Letter"),
    ],
)
def test_blank_sheets_print_on_the_club_s_paper(client, zone, setting, paper):
    club = club_in(zone, setting)
    address = reverse("printing:blank-sheets")
    # The form offers the club's paper first: named in the address, or the site's only club.
    assert chosen_paper(client, f"{address}?club={club.slug}") == [paper]
    assert chosen_paper(client, address) == [paper]
    # A link that names no paper prints on the club's; the form's choice wins.
    response = client.get(address, {**BLANK, "club": club.slug})
    assert response.status_code == 200
    assert paper_of(response.content) == paper
    other = "A4" if paper == "Letter" else "Letter"
    response = client.get(address, {**BLANK, "club": club.slug, "page_size": other})
    assert paper_of(response.content) == other


def test_a_competition_s_sheets_print_on_its_club_s_paper(client, organiser):
    league = make_league(organiser, club_name="Chicago Clabber Club")
    competitions_services.club_set_time_zone(club=league.club, time_zone="America/Chicago")
    club_in("Europe/Berlin", name="Berlin Skatclub")  # two clubs: none is the site's only one
    address = reverse("printing:blank-sheets")
    assert chosen_paper(client, address) == ["A4"]  # the server's zone (UTC)
    response = client.get(address, {**BLANK, "competition": league.pk})
    assert paper_of(response.content) == "Letter"
    assert client.get(address, {"club": "no-such-club"}).status_code == 404


def test_the_club_s_other_pdfs_print_on_its_paper(client, organiser):
    league = make_league(organiser)
    competitions_services.club_set_time_zone(club=league.club, time_zone="America/Chicago")
    game = competitions_services.fixture_start_game(fixture=fixtures_of(league)[0], by=organiser)
    cup = tournament(organiser, 4, TournamentFormat.SINGLE)
    tournaments_services.tournament_start(competition=cup)
    competitions_services.club_set_time_zone(club=cup.club, time_zone="America/Chicago")
    addresses = [
        reverse("printing:game-pdf", args=[game.pk]),
        reverse("printing:standings-pdf", args=[league.slug]),
        reverse("printing:bracket-pdf", args=[cup.slug]),
        reverse("printing:ranking-pdf", args=[cup.slug]),
    ]
    for address in addresses:
        assert paper_of(client.get(address).content) == "Letter", address
        assert paper_of(client.get(address, {"size": "A4"}).content) == "A4", address
    organiser_client = Client()
    organiser_client.force_login(organiser)
    tables = reverse("printing:round-tables-pdf", args=[cup.slug, 1])
    assert paper_of(organiser_client.get(tables).content) == "Letter"
    competitions_services.club_set_paper_size(club=cup.club, paper_size="A4")
    assert paper_of(organiser_client.get(tables).content) == "A4"
    # A casual game (no club) prints on the paper of the server's zone.
    casual = reverse("printing:game-pdf", args=[start_game(organiser).pk])
    assert paper_of(client.get(casual).content) == "A4"


def settings_post(paper: str, zone: str = "America/Chicago") -> dict[str, str]:
    return {"settings-time_zone": zone, "settings-paper_size": paper}


def test_an_organiser_sets_the_club_s_paper(organiser_client):
    club = club_in("America/Chicago")
    root = page(organiser_client, f"/clubs/{club.slug}/")
    assert root.by_id("club-paper").text == "Letter"
    response = organiser_client.post(f"/clubs/{club.slug}/settings/", settings_post("A4"))
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.paper_size == "A4"
    root = parse(organiser_client.get(response["Location"]).content)
    assert root.by_id("club-paper").text == "A4"
    chosen = [
        o.attrs["value"]
        for o in root.by_id("id_settings-paper_size").iter("option")
        if "selected" in o.attrs
    ]
    assert chosen == ["A4"]
    # Blank again: the zone's paper.
    organiser_client.post(f"/clubs/{club.slug}/settings/", settings_post(""))
    club.refresh_from_db()
    assert club.paper_size == ""


def test_a_paper_not_offered_is_refused_next_to_the_field(organiser_client):
    club = club_in("America/Chicago")
    response = organiser_client.post(f"/clubs/{club.slug}/settings/", settings_post("B5"))
    assert response.status_code == 400
    error = parse(response.content).by_id("settings-paper_size-error").text
    assert error == "Choose A4, Letter, or the time zone's paper."
    club.refresh_from_db()
    assert club.paper_size == ""
    with pytest.raises(Refused) as caught:
        competitions_services.club_set_paper_size(club=club, paper_size="Legal")
    assert caught.value.field == "paper_size"
    club.refresh_from_db()
    assert club.paper_size == ""


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_sets_the_club_s_paper(who, client, scorer_client):
    club = club_in("America/Chicago")
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post(f"/clubs/{club.slug}/settings/", settings_post("A4"))
    refused(response, login=who == "anonymous")
    club.refresh_from_db()
    assert club.paper_size == ""
