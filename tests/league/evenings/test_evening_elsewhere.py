"""A club evening among the features every competition has: the club's data download carries
it (its rules, night, season, penalties; no entry-link token), the club's page and the list
of clubs count leagues and tournaments only (an evening has the club's evenings list), a
tournament is not seeded from an evening, and the competition pages an evening's slug can
reach answer without a server error."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from league.competitions import services as competitions_services
from league.errors import Refused
from league.evenings import services
from league.models import Club, EntrantKind, Fixture, FixtureSide, Player, Role
from league.tournaments.forms import SeedForm
from scoring.evenings import EveningRules, SeasonRules
from scoring.rules import PRESETS
from tests.builders import make_user, signed_in, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss():
    return make_user("boss", Role.ORGANISER)


@pytest.fixture
def evening(boss):
    club = Club.objects.create(name="Cafe de Lijst", slug="lijst")
    season = services.season_create(club=club, name="2026-27", rules=SeasonRules(), by=boss)
    competition = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=2, renege_penalty=100),
        by=boss,
        held_on=datetime.date(2026, 11, 27),
        season=season,
        prize_words=["Meat parcel"],
    )
    for name in ["Anna", "Ben", "Cor", "Dirk"]:
        player = Player.objects.create(club=club, name=name)
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, seed=1)
    fixture = Fixture.objects.get(competition=competition)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1192))
    services.evening_penalise(entrant=competition.entrants.first(), round_number=1)
    competitions_services.competition_create(
        club=club,
        name="Winter league",
        rules=PRESETS["klaverjas"],
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=boss,
    )
    return competition


def test_the_club_s_download_carries_the_evening_and_its_season_without_tokens(boss, evening):
    reply = signed_in(boss).get(reverse("competitions:club-export", args=[evening.club.slug]))
    data = json.loads(reply.content)
    (exported,) = [c for c in data["competitions"] if c["fields"]["kind"] == "evening"]
    fields = exported["fields"]
    assert fields["evening_rules"]["renege_penalty"] == 100
    assert fields["held_on"] == "2026-11-27" and fields["prize_words"] == ["Meat parcel"]
    assert [s["fields"]["name"] for s in data["seasons"]] == ["2026-27"]
    assert fields["season"] == data["seasons"][0]["pk"]
    assert any(e["fields"]["penalties"] for e in data["entrants"])
    assert len(data["fixture_sides"]) == 4 and data["rounds"][0]["fields"]["number"] == 1
    assert all("entry_token" not in side["fields"] for side in data["fixture_sides"])
    for token in FixtureSide.objects.values_list("entry_token", flat=True):
        assert token.encode() not in reply.content


def test_the_club_s_page_and_the_list_of_clubs_leave_evenings_to_their_own_list(evening):
    client = Client()
    club_page = client.get(reverse("competitions:club-detail", args=[evening.club.slug]))
    assert b"Winter league" in club_page.content
    assert b"Friday drive" not in club_page.content
    clubs = client.get(reverse("competitions:club-list")).content.decode()
    assert re.search(r"1 competition\b", clubs)


def test_a_tournament_is_not_seeded_from_an_evening(boss, evening):
    cup = tournament(boss, 4)
    cup.club = evening.club
    cup.save()
    form = SeedForm(competition=cup, entrants=list(cup.entrants.all()))
    offered = list(form.fields["from_competition"].queryset.values_list("name", flat=True))
    assert offered == ["Winter league"]


def _competition_routes(patterns=None, prefix="", namespace=""):
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _competition_routes(entry.url_patterns, route, entry.namespace or namespace)
        elif (
            isinstance(entry, URLPattern)
            and namespace in ("competitions", "tournaments", "ratings")
            and route.startswith("c/<slug:slug>/")
        ):
            yield route


def test_the_competition_pages_of_an_evening_answer_without_a_server_error(boss, evening):
    fixture = Fixture.objects.get(competition=evening)
    values = {
        "slug": evening.slug,
        "fixture_id": str(fixture.pk),
        "entrant_id": str(evening.entrants.first().pk),
        "number": "1",
    }
    client = signed_in(boss)
    client.raise_request_exception = False
    walked = list(_competition_routes())
    assert "c/<slug:slug>/standings/" in walked
    errors = []
    for route in walked:
        address = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values.get(m[1], "1"), route)
        status = client.get(address).status_code
        if status >= 500:
            errors.append((status, address))
    assert errors == []


def test_a_league_s_draw_is_refused_on_an_evening(boss, evening):
    # An evening draws its rounds one at a time; a league's whole schedule on it would not be
    # its rounds (whatever form posts to the league's draw).
    fresh = services.evening_create(
        club=evening.club,
        name="Next Friday",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(),
        by=boss,
    )
    for name in ["Anna", "Ben", "Cor", "Dirk"]:
        services.evening_check_in(
            competition=fresh, player=Player.objects.get(club=evening.club, name=name)
        )
    with pytest.raises(Refused, match="one at a time"):
        competitions_services.rotation_generate(competition=fresh, rounds=3)
    with pytest.raises(Refused, match="one at a time"):
        competitions_services.fixtures_generate(competition=fresh)
    response = signed_in(boss).post(
        reverse("competitions:draw", args=[fresh.slug]),
        {"draw-rounds": "3", "draw-days_between": "7"},
    )
    assert response.status_code == 400 and b"one at a time" in response.content
    assert not fresh.rounds.exists()
