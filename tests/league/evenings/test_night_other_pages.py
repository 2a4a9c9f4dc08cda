"""The pages every competition has, reached with a club evening's address: each answers
something sensible (the page, a redirect to the evening page, a refusal or a 404), never a
500, for GET and for a POST with nothing in it."""

from __future__ import annotations

import datetime

import pytest
from django.urls import URLPattern, reverse

from league.competitions import urls as competitions_urls
from league.evenings import services
from league.models import Club, Fixture, Player
from league.printing import urls as printing_urls
from league.screen import urls as screen_urls
from league.tournaments import urls as tournaments_urls
from scoring.evenings import EveningRules
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db


def _competition_pages() -> list[tuple[str, URLPattern]]:
    pages = []
    for namespace, module in (
        ("competitions", competitions_urls),
        ("tournaments", tournaments_urls),
        ("printing", printing_urls),
        ("screen", screen_urls),
    ):
        for pattern in module.urlpatterns:
            if str(pattern.pattern).startswith("c/<slug:slug>/"):
                pages.append((namespace, pattern))
    # Deleting last: the other pages need the evening.
    return sorted(pages, key=lambda page: page[1].name in ("delete", "archive"))


def test_every_competition_page_of_an_evening_answers_without_failing(organiser, organiser_client):
    club = Club.objects.create(name="KC De Pitslag", slug="pitslag")
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=3),
        by=organiser,
        held_on=datetime.date(2026, 11, 27),
    )
    for name in ["Anna", "Ben", "Cor", "Dirk", "Els"]:
        player = Player.objects.create(club=club, name=name)
        entrant = services.evening_check_in(competition=evening, player=player)
    services.evening_draw_round(competition=evening, seed=1)
    fixture = Fixture.objects.get(competition=evening)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    values = {"slug": evening.slug, "fixture_id": fixture.pk, "number": 1, "entrant_id": entrant.pk}
    pages = _competition_pages()
    assert len(pages) > 30
    answers = {}
    for namespace, pattern in pages:
        kwargs = {key: values[key] for key in pattern.pattern.converters}
        address = reverse(f"{namespace}:{pattern.name}", kwargs=kwargs)
        got = organiser_client.get(address).status_code
        posted = organiser_client.post(address).status_code
        answers[f"{namespace}:{pattern.name}"] = (got, posted)
        assert got < 500 and posted < 500, (address, got, posted)
    assert answers["competitions:detail"][0] == 302
    assert answers["competitions:edit"] == (302, 302)
    response = organiser_client.get(reverse("competitions:edit", args=[evening.slug]))
    assert response["Location"] == reverse("evenings:edit", args=[evening.slug])
