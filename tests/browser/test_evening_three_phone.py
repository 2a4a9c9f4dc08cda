"""A table of three typed on the director's phone, 360 px wide and without JavaScript: its
three fields (one a player, by name) fit, a number above what one side can reach is told
beside the table with nothing saved, and the three numbers typed rank the three."""

from __future__ import annotations

import datetime

import pytest
from playwright.sync_api import expect

from league.evenings import services
from league.models import Club, Fixture, Player, Role
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.browser.phone import PHONE, problems
from tests.builders import make_user, signed_in

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit Jan van der Heijden-Smit"]


def test_a_table_of_three_typed_on_a_phone_without_javascript(new_context) -> None:
    director = make_user("director", Role.ORGANISER)
    club = Club.objects.create(name="KC De Pitslag", slug="pitslag")
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=1, short="table_of_three"),
        by=director,
        held_on=datetime.date(2026, 11, 27),
    )
    for name in NAMES:
        player = Player.objects.create(club=club, name=name)
        services.evening_check_in(competition=evening, player=player)
    services.evening_draw_round(competition=evening, seed=1)
    three = Fixture.objects.get(competition=evening, sides__side=2)
    names = [s.entrant.name for s in three.sides.order_by("side")]
    phone = new_context(
        signed_in(director), viewport=PHONE, is_mobile=True, java_script_enabled=False
    ).new_page()
    address = f"/c/{evening.slug}/evening/"
    phone.goto(address)
    table = phone.locator(f"#table-{three.pk}")
    expect(table).to_contain_text("Typed from paper")
    table.locator("summary", has_text="Result from paper").click()
    for i, score in enumerate((1500, 99_000, 1100)):
        table.locator(f"#id_table-{three.pk}-side{i}").fill(str(score))
    table.locator("button", has_text="Save the result").click()
    expect(phone.locator(f"#table-{three.pk}-error")).to_contain_text("check the sheet")
    # The refused page (its form open, the message by it) fits the phone too.
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert Fixture.objects.get(pk=three.pk).typed_scores is None
    table = phone.locator(f"#table-{three.pk}")
    table.locator(f"#id_table-{three.pk}-side1").fill("1300")
    table.locator("button", has_text="Save the result").click()
    expect(phone.locator(".messages")).to_contain_text(f"Table {three.table}: result saved.")
    expect(phone.locator("#ranking-table")).to_contain_text(names[0])
    expect(phone.locator("#ranking-table")).to_contain_text("1500")
    assert problems(phone, [address]) == []
