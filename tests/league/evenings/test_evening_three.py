"""A table of three at a club evening: seated by the draw when the number does not fit, played
on paper by the club's rota, each player's own points typed by the director (one number a
player, by name), ranked like a side's total of a table of four. No entry link (no phone);
every page and paper that shows a table shows it."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.errors import Refused
from league.evenings import selectors, services
from league.models import Club, Competition, Fixture, FixtureSide, Player
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.builders import page, pdf_pages, refused

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit"]


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="KC De Pitslag", slug="pitslag", paper_size="A4")


def make_evening(club, by, names=NAMES, **rules) -> Competition:
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(**{"rounds": 2, "short": "table_of_three", **rules}),
        by=by,
        held_on=datetime.date(2026, 11, 27),
        prize_words=["Meat parcel", "Wine"],
        booby_words="A pack of cards",
    )
    for n in names:
        player = Player.objects.get_or_create(club=club, name=n)[0]
        services.evening_check_in(competition=evening, player=player)
    return evening


def three_of(evening, number=1) -> Fixture:
    return Fixture.objects.get(competition=evening, round__number=number, sides__side=2)


def four_of(evening, number=1) -> Fixture:
    return (
        Fixture.objects.filter(competition=evening, round__number=number)
        .exclude(pk=three_of(evening, number).pk)
        .get()
    )


def seated(fixture) -> list[str]:
    return [s.entrant.name for s in fixture.sides.order_by("side")]


@pytest.fixture
def evening(club, organiser) -> Competition:
    evening = make_evening(club, organiser)
    services.evening_draw_round(competition=evening, seed=1)
    return evening


def test_smoke(evening, organiser_client):
    three = three_of(evening)
    services.evening_three_result(fixture=three, scores=[1500, 1300, 1100])
    services.evening_paper_result(fixture=four_of(evening), scores=(1500, 1172))
    for address in [
        reverse("evenings:evening", args=[evening.slug]),
        reverse("screen:competition", args=[evening.slug]),
        reverse("printing:evening-seats", args=[evening.slug, 1]),
        reverse("printing:evening-booms", args=[evening.slug, 1]),
        reverse("printing:evening-results", args=[evening.slug]),
        reverse("printing:round-tables-pdf", args=[evening.slug, 1]),
    ]:
        r = organiser_client.get(address)
        print(address, r.status_code)
    services.evening_draw_round(competition=evening, seed=2)


def test_dump(evening, organiser_client):
    import re
    from tests.builders import pdf_pages as pp

    three = three_of(evening)
    services.evening_three_result(fixture=three, scores=[1500, 1300, 1100])
    for address in [
        reverse("evenings:evening", args=[evening.slug]),
        reverse("screen:competition", args=[evening.slug]),
    ]:
        r = organiser_client.get(address)
        text = re.sub(r"<[^>]+>", " ", r.content.decode())
        text = re.sub(r"\s+", " ", text)
        print(address, text[:6000])
    for address in [
        reverse("printing:evening-seats", args=[evening.slug, 1]),
        reverse("printing:evening-booms", args=[evening.slug, 1]),
        reverse("printing:evening-results", args=[evening.slug]),
        reverse("printing:round-tables-pdf", args=[evening.slug, 1]),
    ]:
        r = organiser_client.get(address)
        open("/tmp/three/" + address.rsplit("/", 1)[-1], "wb").write(r.content)
        print(address, pp(r.content))


def test_dump2(evening, organiser_client):
    import re

    three = three_of(evening)
    services.evening_three_result(fixture=three, scores=[1500, 1300, 1100])
    services.evening_paper_result(fixture=four_of(evening), scores=(1500, 1172))
    services.evening_draw_round(competition=evening, seed=2)
    for f in Fixture.objects.filter(round__number=2):
        if f.sides.filter(side=2).exists():
            services.evening_three_result(fixture=f, scores=[1000, 1400, 1200])
        else:
            services.evening_paper_result(fixture=f, scores=(1600, 1072))
    dirk = Player.objects.get(name=seated(three)[0])
    for address in [
        reverse("competitions:player-detail", args=[dirk.pk]),
        reverse("evenings:evening", args=[evening.slug]),
        f"/c/{evening.slug}/fixtures/",
        f"/c/{evening.slug}/",
        f"/c/{evening.slug}/standings/",
    ]:
        r = organiser_client.get(address, follow=True)
        text = re.sub(r"<[^>]+>", " ", r.content.decode())
        text = re.sub(r"\s+", " ", text)
        print(address, r.status_code, text[:3000])
