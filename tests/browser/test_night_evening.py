"""A club evening run from the director's phone, in a real Chromium 360 px wide: members are
checked in with one tap each (the filter box narrows the list), round 1 is drawn, a table's
result is typed from its paper sheet, and the ranking shows; a reader's phone follows each
check-in and the result without a reload. Without JavaScript the same night runs by plain
forms (the whole list shows, the filter box stays hidden)."""

from __future__ import annotations

import datetime

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from league.evenings import services
from league.models import Club, Fixture, Player, Role
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.browser.phone import PHONE, problems
from tests.builders import make_user, signed_in

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els"]


def _evening(rounds: int = 1):
    """A one-round evening by default: its first round's result finishes it, and the prize
    list is given (prizes come once the evening is finished)."""
    director = make_user("director", Role.ORGANISER)
    club = Club.objects.create(name="KC De Pitslag", slug="pitslag")
    for name in NAMES:
        Player.objects.create(club=club, name=name)
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=rounds),
        by=director,
        held_on=datetime.date(2026, 11, 27),
        prize_words=["Meat parcel"],
    )
    return director, evening


def _run_the_night(phone, evening, *, javascript: bool) -> None:
    address = f"/c/{evening.slug}/evening/"
    phone.goto(address)
    if javascript:
        expect(phone.locator("#check-in-filter-box")).to_be_visible()
        phone.fill("#check-in-filter", "di")
        expect(phone.locator("#members-to-check-in li:visible")).to_have_count(1)
        phone.fill("#check-in-filter", "")
    else:
        expect(phone.locator("#check-in-filter-box")).to_be_hidden()
    for name in NAMES[:4]:
        phone.locator("#members-to-check-in li", has_text=name).locator("button").click()
        expect(phone.locator(".messages")).to_contain_text(f"{name} checked in.")
    expect(phone.locator("#checked-in-title")).to_contain_text("(4)")
    expect(phone.locator("#draw-count")).to_contain_text("4 players")
    phone.click("#draw-button")
    expect(phone.locator(".messages")).to_contain_text("Round 1 is drawn.")
    fixture = Fixture.objects.get(competition=evening)
    table = phone.locator(f"#table-{fixture.pk}")
    expect(table).to_contain_text("against")
    table.locator("summary", has_text="Result from paper").click()
    table.locator(f"#id_table-{fixture.pk}-side0").fill("1000")
    table.locator(f"#id_table-{fixture.pk}-side1").fill("1000")
    table.locator("button", has_text="Save the result").click()
    expect(phone.locator(f"#table-{fixture.pk}-error")).to_contain_text("less than 16 deals of 162")
    table = phone.locator(f"#table-{fixture.pk}")
    table.locator(f"#id_table-{fixture.pk}-side0").fill("1500")
    table.locator(f"#id_table-{fixture.pk}-side1").fill("1172")
    table.locator("button", has_text="Save the result").click()
    expect(phone.locator(".messages")).to_contain_text("Table 1: result saved.")
    expect(phone.locator("#ranking-table tbody tr")).to_have_count(4)
    expect(phone.locator("#ranking-table")).to_contain_text("1500")
    expect(phone.locator("#ranking-table")).to_contain_text("Meat parcel")
    assert problems(phone, [address]) == []
    if javascript:  # axe runs in the page
        serious = [
            f"{v['id']}: {v['help']}: {[n['target'] for n in v['nodes'][:3]]}"
            for v in Axe().run(phone).response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert serious == []


def test_a_night_on_a_phone_with_a_reader_following_live(new_context) -> None:
    director, evening = _evening()
    reader = new_context(viewport=PHONE).new_page()
    reader.goto(f"/c/{evening.slug}/evening/")
    reader.evaluate("window.stayedOpen = true")
    reader.wait_for_selector("#live-status[data-state='live']")
    phone = new_context(signed_in(director), viewport=PHONE, is_mobile=True).new_page()
    _run_the_night(phone, evening, javascript=True)
    # The reader saw every check-in and the result come in, without a reload.
    expect(reader.locator("#checked-in")).to_contain_text("Dirk", timeout=3_000)
    expect(reader.locator("#ranking-table")).to_contain_text("1500", timeout=3_000)
    assert reader.evaluate("window.stayedOpen === true")


def test_a_night_on_a_phone_without_javascript(new_context) -> None:
    director, evening = _evening()
    phone = new_context(
        signed_in(director), viewport=PHONE, is_mobile=True, java_script_enabled=False
    ).new_page()
    _run_the_night(phone, evening, javascript=False)
