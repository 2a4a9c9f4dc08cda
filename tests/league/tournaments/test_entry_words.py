"""An entry link's sentences about the other side agree with how many people it is: one
player ("Gus Wagner enters the deals", "until Gus Wagner confirms the result") or two (a
partnership: "Ann & Ben enter the deals", "until Ann & Ben confirm the result")."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import Competition, EntrantKind, FixtureSide, TournamentFormat
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.builders import page, tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db

#: The makers win a deal by 120 to 42 (Klaberjass or Evansville Clabber).
WIN = {"makers": "0", "card_points_0": "120", "card_points_1": "42"}


def pairs_tournament(organiser) -> Competition:
    """A knockout of two partnerships: "Ann & Ben" and "Cas & Dee"."""
    club = competitions_services.club_create(name="Pairs club")
    competition = tournaments_services.tournament_create(
        club=club,
        name="Pairs cup",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        format=TournamentFormat.SINGLE,
        by=organiser,
    )
    for first, second in (("Ann", "Ben"), ("Cas", "Dee")):
        one = competitions_services.player_add(club=club, name=first)
        two = competitions_services.player_add(club=club, name=second)
        pair = competitions_services.partnership_add(
            club=club, first=one, second=two, name=f"{first} & {second}"
        )
        competitions_services.entrant_add(competition=competition, partnership=pair)
    return competition


def entering_from_away(competition: Competition) -> tuple[str, str]:
    """Start the match from its away side's link and enter one deal there: (home, away)."""
    tournaments_services.tournament_start(competition=competition)
    fixture = competition.fixtures.order_by("id").first()
    sides = {s.side: s.entry_token for s in FixtureSide.objects.filter(fixture=fixture)}
    client = Client()
    client.post(reverse("tournaments:entry-start", args=[sides[1]]))
    form = page(client, reverse("tournaments:entry", args=[sides[1]])).by_id("deal-form")
    hidden = {i.attrs["name"]: i.attrs.get("value", "") for i in form.iter("input")}
    posted = {"entry_key": hidden["entry_key"], "number": hidden["number"], **WIN}
    assert (
        client.post(reverse("tournaments:entry-deal", args=[sides[1]]), posted).status_code == 302
    )
    return sides[0], sides[1]


def words(client: Client, token: str) -> tuple[str, str, str]:
    """The link's page: who enters, the take-over's words, and the note under Undo ("" if none)."""
    root = page(client, reverse("tournaments:entry", args=[token]))
    undo = [e for e in root.iter("small") if "undo it" in e.text]
    return (
        " ".join(root.by_id("they-enter").text.split()),
        " ".join(root.by_id("take-over").text.split()),
        " ".join(undo[0].text.split()) if undo else "",
    )


def refusal(token: str) -> str:
    """What the other side's link is told when it tries to save a deal."""
    response = Client().post(reverse("tournaments:entry-deal", args=[token]), WIN)
    assert response.status_code == 409
    return " ".join(parse(response.content).by_id("entry-error").text.split())


def test_one_player_a_side_enters_and_confirms(organiser):
    competition = tournament(organiser, 2, names=("Fritz Bauer", "Gus Wagner"))
    home, away = entering_from_away(competition)
    client = Client()
    they_enter, take_over, _ = words(client, home)
    assert "Gus Wagner enters the deals; you confirm the result." in they_enter
    assert "enter the deals here and Gus Wagner confirms the result." in take_over
    assert "Gus Wagner enters the deals of this match" in refusal(home)
    # The entering side's Undo: the note reads on from the button, in lower case.
    root = page(client, reverse("tournaments:entry", args=[away]))
    note = " ".join(root.by_id("undo").text.split())
    assert "You can undo it until Fritz Bauer confirms the result." in note
    assert "Until" not in note


def test_a_partnership_enters_and_confirms(organiser):
    competition = pairs_tournament(organiser)
    home, away = entering_from_away(competition)
    client = Client()
    they_enter, take_over, _ = words(client, home)
    assert "Cas & Dee enter the deals; you confirm the result." in they_enter
    assert "enter the deals here and Cas & Dee confirm the result." in take_over
    assert "Cas & Dee enter the deals of this match" in refusal(home)
    root = page(client, reverse("tournaments:entry", args=[away]))
    assert "You can undo it until Ann & Ben confirm the result." in " ".join(
        root.by_id("undo").text.split()
    )


def withdrawn_message(client: Client, competition: Competition) -> str:
    """Withdraw the tournament's first entrant (after its start), and the message said."""
    tournaments_services.tournament_start(competition=competition)
    entrant = competition.entrants.order_by("name").first()
    address = reverse("tournaments:withdraw", args=[competition.slug])
    response = client.post(address, {"withdraw-entrant": str(entrant.pk)}, follow=True)
    return " ".join(response.content.decode().split())


def test_a_player_has_withdrawn_and_a_partnership_have(organiser, organiser_client):
    players = tournament(organiser, 2, names=("Fritz Bauer", "Gus Wagner"))
    assert "Fritz Bauer has withdrawn; open matches are conceded." in withdrawn_message(
        organiser_client, players
    )
    pairs = pairs_tournament(organiser)
    assert "Ann &amp; Ben have withdrawn; open matches are conceded." in withdrawn_message(
        organiser_client, pairs
    )
