"""Setting a club evening up on a phone 360 px wide: the club's evenings, the new evening's
form (a belote concours chosen, then set up by its button), an evening changed, a season's
form and its standings fit the screen, every control a finger's size, and the form works in
the browser as the secretary uses it."""

from __future__ import annotations

import pytest

from league.evenings import services
from league.models import Club, Competition, Role
from scoring.evenings import SeasonRules
from tests.browser.phone import problems
from tests.builders import make_user, signed_in
from tests.league.evenings.test_setup_seasons import played_evening

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

PHONE = {"width": 360, "height": 740}


def test_the_setup_pages_fit_a_phone_and_set_a_concours_up(new_context):
    organiser = make_user("olga", Role.ORGANISER)
    club = Club.objects.create(name="Club de Belote de Pâques", slug="paques")
    season = services.season_create(
        club=club,
        name="Saison 2026-2027",
        rules=SeasonRules(aggregate="average", minimum=2),
        by=organiser,
    )
    first = played_evening(club, organiser, season, 1)
    played_evening(club, organiser, season, 2, names=["Anna", "Ben", "Cor", "Els"])
    page = new_context(signed_in(organiser), viewport=PHONE).new_page()
    page.set_default_timeout(10_000)
    urls = [
        f"/clubs/{club.slug}/evenings/",
        f"/clubs/{club.slug}/evenings/new/",
        f"/clubs/{club.slug}/evenings/new/?like=concours",
        f"/c/{first.slug}/evening/edit/",
        f"/clubs/{club.slug}/seasons/new/",
        f"/clubs/{club.slug}/seasons/{season.pk}/",
        f"/clubs/{club.slug}/seasons/{season.pk}/edit/",
    ]
    assert problems(page, urls) == []
    page.goto(f"/clubs/{club.slug}/evenings/new/")
    # The name typed first stays when a quick choice is pressed (a button of the form).
    page.fill("#id_name", "Concours de Pâques")
    page.click("#quick-choices button[value=concours]")
    page.wait_for_selector("#quick-choices button[value=concours][aria-current=true]")
    assert page.input_value("#id_name") == "Concours de Pâques"
    # Only the chosen game's options show (static/js/rule-options.js).
    assert page.locator("#id_capot").is_visible()
    assert not page.locator("#id_tegenpit").is_visible()
    # Enter in a field sets the evening up (not the first quick choice above the form).
    page.press("#id_name", "Enter")
    page.wait_for_url(lambda url: "/evening/" in url and "/new/" not in url)
    concours = Competition.objects.get(name="Concours de Pâques")
    assert concours.rules.preset == "belote" and concours.rules.deals == 12
    assert services.evening_rules(concours).entrants == "pairs"
