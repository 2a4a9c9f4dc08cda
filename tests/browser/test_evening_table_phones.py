"""Two phones at one club evening table, 360 px wide, in a real Chromium (trial 28, finding 8):
the phone left watching does not keep stale forms. When the other phone starts the game its
"Start the game" goes; when the last deal is saved its deal form goes, under "The game is
over". Both without a reload (the forms' part is swapped by the live updates)."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from league.evenings import services
from league.models import Club, Competition, FixtureSide, Player, Role
from league.tournaments import services as tournaments_services
from scoring import Deal
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.browser.phone import PHONE
from tests.builders import make_user

pytestmark = pytest.mark.django_db(transaction=True)

SOON = 3_000  # ms


def _drawn_drive() -> Competition:
    """A Friday drive of four, its first round drawn: one table."""
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
    for name in ["Anna", "Ben", "Cor", "Dirk"]:
        services.evening_check_in(
            competition=evening, player=Player.objects.create(club=club, name=name)
        )
    services.evening_draw_round(competition=evening, seed=1)
    return evening


def _watching(new_context, token: str):
    tab = new_context(viewport=PHONE).new_page()
    tab.goto(f"/m/{token}/")
    tab.evaluate("window.stayedOpen = true")  # a reload forgets it
    tab.wait_for_selector("#live-status[data-state='live']")
    return tab


def test_the_watching_phone_loses_its_stale_forms(new_context) -> None:
    evening = _drawn_drive()
    sides = FixtureSide.objects.filter(fixture__competition=evening).order_by("side", "id")
    seat1, seat3, seat2 = sides[0], sides[1], sides[2]

    other_side = _watching(new_context, seat2.entry_token)
    expect(other_side.locator("#start-game")).to_be_visible()
    game = tournaments_services.token_start_game(side=seat1)
    expect(other_side.locator("#start")).to_have_count(0, timeout=SOON)
    expect(other_side.locator("#they-enter")).to_be_visible()
    assert other_side.evaluate("window.stayedOpen === true")

    # The same side's other seat enters too: its deal form goes with the game's last deal.
    partner = _watching(new_context, seat3.entry_token)
    expect(partner.locator("#deal-form")).to_be_visible()
    for _ in range(16):
        tournaments_services.token_add_deal(
            side=seat1, game=game, deal=Deal(makers=0, card_points=(100, 62))
        )
    expect(partner.locator("#deal-form")).to_have_count(0, timeout=SOON)
    expect(partner.locator("#result")).to_contain_text("The game is over")
    assert partner.evaluate("window.stayedOpen === true")
    assert partner.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_page_left_open_after_the_game_is_told_it_is_over_without_a_refusal(
    new_context,
) -> None:
    """Trial 29: a table's page open from before its result came in asked what each deal
    typed would score, and the server answered 410 at each keystroke (a refusal in the log).
    Now the answer is a plain "the result is in", shown in the form, and asked once."""
    evening = _drawn_drive()
    seat1 = FixtureSide.objects.filter(fixture__competition=evening).order_by("side", "id")[0]
    game = tournaments_services.token_start_game(side=seat1)
    tab = new_context(viewport=PHONE).new_page()
    # A phone whose live updates never came (its stream dropped): the deal form stays.
    tab.add_init_script("delete window.EventSource")
    tab.goto(f"/m/{seat1.entry_token}/")
    tab.wait_for_selector("#deal-form[data-ready='1']")
    for _ in range(16):
        tournaments_services.token_add_deal(
            side=seat1, game=game, deal=Deal(makers=0, card_points=(100, 62))
        )
    answers: list[int] = []
    tab.on("response", lambda r: answers.append(r.status) if r.url.endswith("/preview/") else None)
    with tab.expect_response(lambda r: r.url.endswith("/preview/")) as asked:
        tab.fill("#id_card_points_0", "90")
    assert asked.value.status == 200 and asked.value.json()["over"] is True
    expect(tab.locator("#deal-form")).to_contain_text("result is in", timeout=SOON)
    tab.fill("#id_card_points_0", "91")
    tab.wait_for_timeout(600)  # past the script's pause before asking
    assert answers == [200]
