"""A season by periods and the evening's excused members on a phone 360 px wide: the season's
page with a column a period, its form with the periods and the excused rule, and the
evening page's excused section fit the screen, every control a finger's size."""

from __future__ import annotations

import pytest

from league.evenings import services
from league.models import Club, Player, Role
from scoring.evenings import SeasonRules
from tests.browser.phone import problems
from tests.builders import make_user, signed_in
from tests.league.evenings.test_setup_seasons import played_evening

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

PHONE = {"width": 360, "height": 740}


def test_periods_and_excuses_fit_a_phone(new_context):
    organiser = make_user("olga", Role.ORGANISER)
    club = Club.objects.create(name="Klaverjasclub 't Harde", slug="tharde")
    rules = SeasonRules(
        period_evenings=1, period_best=1, best_periods=2, absent="zero", excused="lowest"
    )
    season = services.season_create(club=club, name="Seizoen 2026-2027", rules=rules, by=organiser)
    evenings = [played_evening(club, organiser, season, night) for night in range(1, 4)]
    for name in ("Els Oosterhuis-van der Veen", "Fien"):
        player = Player.objects.create(club=club, name=name)
        services.evening_excuse(competition=evenings[-1], player=player)
    page = new_context(signed_in(organiser), viewport=PHONE).new_page()
    page.set_default_timeout(10_000)
    urls = [
        f"/clubs/{club.slug}/seasons/{season.pk}/",
        f"/clubs/{club.slug}/seasons/{season.pk}/edit/",
        f"/c/{evenings[-1].slug}/evening/",
        f"/c/{evenings[-1].slug}/evening/excused/",
    ]
    assert problems(page, urls) == []
