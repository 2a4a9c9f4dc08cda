"""The tournament's PDFs are linked from its pages, each where it exists and for who may open
it: the draw and the ranking for everybody once it has started, a round's table sheets (they
carry the entry links) for organisers only. Every link is followed and read back. The
director's page also shows each entry link as a QR code (read back module by module: no QR
decoder is installed) beside a copy button."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import EntrantKind, TournamentFormat
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.builders import (
    open_fixtures,
    page,
    pdf_pages,
    play_by_links,
    qr_codes,
    qr_encoded,
    signed_in,
    svg_qr_code,
    tournament,
)
from tests.league.html import Element

pytestmark = pytest.mark.django_db


def started(organiser, fmt=TournamentFormat.SINGLE, n=4, **options):
    competition = tournament(organiser, n, fmt, name="Spring Open", **options)
    tournaments_services.tournament_start(competition=competition)
    competition.refresh_from_db()
    return competition


def pdf_links(root: Element) -> dict[str, str]:
    """The page's links to PDFs, by their words."""
    return {a.text: a.attrs["href"] for a in root.iter("a") if ".pdf" in a.attrs.get("href", "")}


def read_pdf(client: Client, href: str) -> bytes:
    response = client.get(href)
    assert response.status_code == 200, href
    assert response["Content-Type"] == "application/pdf"
    return response.content


def test_the_director_links_every_pdf_and_each_opens(organiser):
    cup = started(organiser)
    client = signed_in(organiser)
    links = pdf_links(page(client, reverse("tournaments:director", args=[cup.slug])))
    assert set(links) == {
        "Bracket (PDF)",
        "Ranking (PDF)",
        "Table sheets with QR codes (PDF)",
    }
    assert "Spring Open" in pdf_pages(read_pdf(client, links["Bracket (PDF)"]))[0]
    assert "Spring Open" in pdf_pages(read_pdf(client, links["Ranking (PDF)"]))[0]
    pack = read_pdf(client, links["Table sheets with QR codes (PDF)"])
    # The pack's codes are the entry links of round 1, one a page.
    tokens = {side.entry_token for fixture in cup.fixtures.all() for side in fixture.sides.all()}
    expected = sorted(str(qr_encoded(f"http://testserver/m/{t}/")) for t in tokens)
    assert sorted(str(code) for codes in qr_codes(pack) for code in codes) == expected


def test_each_entry_link_shows_its_qr_code_and_a_copy_button(organiser):
    cup = started(organiser)
    root = page(signed_in(organiser), reverse("tournaments:director", args=[cup.slug]))
    shown = [div for div in root.iter("div") if div.has_class("entry-link")]
    assert len(shown) == 4  # two tables, a link a side
    for div in shown:
        (link,) = [a for a in div.iter("a") if a.has_class("entry-url")]
        url = link.attrs["href"]
        assert url.startswith("http://testserver/m/") and link.text == url
        (svg,) = div.iter("svg")
        assert svg_qr_code(svg) == qr_encoded(url)
        assert "entry link" in svg.attrs["aria-label"]
        (button,) = div.iter("button")
        # The copy button waits for its script; without it, the address is selectable text.
        assert button.attrs["data-copy"] == url and "hidden" in button.attrs
    scripts = [s.attrs.get("src", "") for s in root.iter("script")]
    assert any("copy-link" in src for src in scripts)


def test_the_bracket_page_links_the_pdfs_the_visitor_may_open(organiser, scorer):
    cup = started(organiser)
    address = reverse("tournaments:bracket", args=[cup.slug])
    for client in (Client(), signed_in(scorer)):
        links = pdf_links(page(client, address))
        assert set(links) == {"Bracket (PDF)", "Ranking (PDF)"}
        for href in links.values():
            read_pdf(client, href)
    organiser_client = signed_in(organiser)
    links = pdf_links(page(organiser_client, address))
    assert set(links) == {"Bracket (PDF)", "Ranking (PDF)", "Round 1 table sheets (PDF)"}
    read_pdf(organiser_client, links["Round 1 table sheets (PDF)"])


def test_the_fixtures_page_links_each_rounds_sheets_for_organisers(organiser, scorer):
    cup = started(organiser)
    for fixture in open_fixtures(cup):
        play_by_links(fixture, 0)
    address = reverse("competitions:fixtures", args=[cup.slug])
    assert set(pdf_links(page(Client(), address))) == {"Bracket (PDF)", "Ranking (PDF)"}
    assert set(pdf_links(page(signed_in(scorer), address))) == {"Bracket (PDF)", "Ranking (PDF)"}
    client = signed_in(organiser)
    root = page(client, address)
    for number in (1, 2):
        link = root.by_id(f"round-{number}-pack")
        assert link.text == "Table sheets with QR codes (PDF)"
        assert f"Round {number}" in pdf_pages(read_pdf(client, link.attrs["href"]))[0]


def test_a_league_links_its_round_sheets_and_no_bracket(organiser):
    club = competitions_services.club_create(name="League club")
    league = competitions_services.competition_create(
        club=club,
        name="Winter league",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
        by=organiser,
    )
    for name in ("Anna", "Bert", "Cora", "Dirk"):
        player = competitions_services.player_add(club=club, name=name)
        competitions_services.entrant_add(competition=league, player=player)
    competitions_services.fixtures_generate(competition=league)
    client = signed_in(organiser)
    links = pdf_links(page(client, reverse("competitions:fixtures", args=[league.slug])))
    assert set(links) == {"Table sheets (PDF)"}  # one link a round, the same words
    assert "Winter league" in pdf_pages(read_pdf(client, links["Table sheets (PDF)"]))[0]


def test_a_swiss_links_its_pairings_and_not_a_drawn_rounds_sheets(organiser):
    swiss = started(organiser, TournamentFormat.SWISS, n=5, swiss_rounds=3)
    client = signed_in(organiser)
    director = reverse("tournaments:director", args=[swiss.slug])
    # Round 1 is a draft: its sheets would carry links that do not open yet.
    assert set(pdf_links(page(client, director))) == {"Pairings (PDF)", "Ranking (PDF)"}
    assert client.get(f"/c/{swiss.slug}/rounds/1/tables.pdf").status_code == 404
    open_fixtures(swiss)  # publishes round 1
    links = pdf_links(page(client, director))
    assert "Table sheets with QR codes (PDF)" in links
    read_pdf(client, links["Table sheets with QR codes (PDF)"])


def test_before_the_start_no_pdf_is_offered(organiser):
    cup = tournament(organiser, 4, TournamentFormat.SINGLE)
    client = signed_in(organiser)
    assert pdf_links(page(client, reverse("tournaments:director", args=[cup.slug]))) == {}
    assert pdf_links(page(client, reverse("tournaments:bracket", args=[cup.slug]))) == {}
