"""A club evening's screen follows the night by itself (issue 24), in a real Chromium against
the live server: a check-in at the door, the draw, a table's result typed from paper each show
on the open screen without a reload, within the time every live page keeps."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from league.evenings import services
from league.models import Club, Fixture, Player, Role
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.browser.test_live_pages import SOON
from tests.builders import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_check_in_a_draw_and_a_result_reach_the_open_screen(new_context) -> None:
    director = make_user("director", Role.ORGANISER)
    club = Club.objects.create(name="KC De Pitslag", slug="pitslag")
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=3),
        by=director,
        held_on=datetime.date(2026, 11, 27),
    )
    players = [Player.objects.create(club=club, name=n) for n in ("Anna", "Ben", "Cor", "Dirk")]
    for player in players[:3]:
        services.evening_check_in(competition=evening, player=player)

    screen = new_context(viewport={"width": 1280, "height": 720}).new_page()
    screen.goto(f"/c/{evening.slug}/screen/?seconds=600")
    screen.evaluate("window.stayedOpen = true")
    screen.wait_for_selector("#live-status[data-state='live']")
    pages = screen.locator("#screen-pages")
    expect(pages).to_contain_text("3 players checked in")

    services.evening_check_in(competition=evening, player=players[3])
    expect(pages).to_contain_text("4 players checked in", timeout=SOON)
    services.evening_draw_round(competition=evening, seed=1)
    expect(pages).to_contain_text("Round 1 of 3: where to sit", timeout=SOON)
    expect(pages).to_contain_text("Table 1 still playing", timeout=SOON)
    fixture = Fixture.objects.get(competition=evening)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    expect(pages).to_contain_text("Round 1 of 3: finished", timeout=SOON)
    assert screen.evaluate("window.stayedOpen === true")
