"""A total that includes a missed round's score (a late arrival's rounds before they came, a
leaver's after) is marked on the evening's page, on the room's screen and on the results paper,
with a legend saying why (trial 30: a late arrival won the evening on a missed round's 1450,
and nobody could see why)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.evenings import selectors, services
from league.evenings.presenters import MISSED_MARK
from league.models import Club, Competition, Fixture, Player, Role
from league.screen import evening as evening_screen
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.builders import make_user, pdf_pages
from tests.league.html import parse

pytestmark = pytest.mark.django_db

LEGEND = "Includes a score for a round not played (arrived late or left early)."


def _evening(late: int) -> Competition:
    """Eight players play round 1 (typed from paper); ``late`` more arrive for round 2, their
    round 1 scored the evening's missed-round score (De Pitslag's fixed 1450)."""
    club = Club.objects.create(name="KC De Pitslag", slug="pitslag")
    competition = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=3, absent_score="fixed", absent_points=1450),
        by=make_user("boss", Role.ORGANISER),
        held_on=datetime.date(2026, 11, 27),
    )
    for i in range(8):
        player = Player.objects.create(club=club, name=f"Early {i}")
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, number=1, seed=1)
    for fixture in Fixture.objects.filter(competition=competition):
        services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    for i in range(late):
        player = Player.objects.create(club=club, name=f"Late {i}")
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, number=2, seed=2)
    return competition


@pytest.fixture
def evening() -> Competition:
    return _evening(late=4)


def _late(competition: Competition) -> set[int]:
    return {e.pk for e in selectors.evening(competition).entrants if e.name.startswith("Late")}


def test_the_page_marks_the_totals_with_a_missed_round_and_says_why(evening):
    response = Client().get(reverse("evenings:evening", args=[evening.slug]))
    assert response.status_code == 200
    root = parse(response.content)
    late = _late(evening)
    marked = set()
    for row in root.by_id("ranking-table").iter("tr"):
        if not row.attrs.get("id", "").startswith("rank-"):
            continue
        total = next(td for td in row.iter("td") if td.has_class("total"))
        if any(span.has_class("missed-mark") for span in total.iter("span")):
            assert MISSED_MARK in total.text and "includes 1 round not played" in total.text
            marked.add(int(row.attrs["id"].removeprefix("rank-")))
    assert marked == late
    assert LEGEND in root.by_id("missed-legend").text


def test_a_ranking_without_missed_rounds_has_no_mark_nor_legend():
    evening = _evening(late=0)
    response = Client().get(reverse("evenings:evening", args=[evening.slug]))
    root = parse(response.content)
    assert not any(s.has_class("missed-mark") for s in root.by_id("ranking-table").iter("span"))
    assert LEGEND not in response.content.decode()
    pages = evening_screen.evening_pages(evening)
    assert not any(getattr(p, "legend", "") for p in pages)


def test_the_screen_marks_them_and_keeps_the_legend_on_its_page(evening):
    pages = [
        p
        for p in evening_screen.evening_pages(evening)
        if getattr(p, "kind", "") == "evening-ranking"
    ]
    assert pages
    late_names = {f"Late {i}" for i in range(4)}
    lines = [line for page in pages for line in page.rows]
    assert {line.name for line in lines if line.mark == MISSED_MARK} == late_names
    assert all(line.mark == "" for line in lines if line.name not in late_names)
    for page in pages:
        assert (LEGEND in page.legend) == any(line.mark for line in page.rows)


def test_the_results_paper_marks_them_and_says_why(evening):
    response = Client().get(reverse("printing:evening-results", args=[evening.slug]))
    assert response.status_code == 200
    text = " ".join(" ".join(pdf_pages(response.content)).split())
    ranking = selectors.evening(evening).ranking
    for row in ranking:
        mark = MISSED_MARK if row.entrant.name.startswith("Late") else ""
        assert f"{row.entrant.name} " in text
        assert f" {row.points}{mark} " in text or text.endswith(f" {row.points}{mark}")
    assert LEGEND in text
