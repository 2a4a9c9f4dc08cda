"""The house options of the new competition form on a phone (360 px), with JavaScript: only
the chosen game's options show (the others hidden and disabled, so not sent), the meld boxes of
the kinds it pays come first, and choosing a club whose usual game is another follows too."""

from __future__ import annotations

import pytest

from league.competitions import services as competitions_services
from league.models import Competition, EntrantKind, Role
from scoring import get_ruleset
from tests.builders import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def shown(page, name: str) -> bool:
    return page.is_visible(f"[name='{name}']") and page.is_enabled(f"[name='{name}']")


def paid_boxes(page) -> list[str]:
    return page.eval_on_selector_all("[data-melds-paid] input", "inputs => inputs.map(i => i.name)")


def test_only_the_chosen_game_s_options_show_and_are_sent(browser, live_server):
    organiser = make_user("secretary", Role.ORGANISER)
    abbey = competitions_services.club_create(name="Abbey club")
    thursday = competitions_services.club_create(name="Thursday club")
    competitions_services.competition_create(
        club=thursday,
        name="Booms",
        rules=get_ruleset("klaverjas"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto("/accounts/login/")
    page.fill("#id_username", "secretary")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")

    page.goto(f"/competitions/new/?club={abbey.slug}")
    page.wait_for_selector("#id_preset")
    # Two-hand Klaberjass: no family options at all, the runs' boxes first.
    page.click("#house-rules details > summary")
    assert not page.is_visible("[data-rule-options]")
    assert paid_boxes(page) == ["meld_run3", "meld_run4", "meld_run5"]

    # The club whose usual game is Klaverjas: its options, its melds.
    page.select_option("#id_club", str(thursday.pk))
    assert page.input_value("#id_preset") == "klaverjas"
    assert shown(page, "deals") and shown(page, "tegenpit")
    assert not shown(page, "surcontree") and not shown(page, "capot")
    assert "meld_four_7" in paid_boxes(page) and "meld_run5" not in paid_boxes(page)

    page.select_option("#id_preset", "coinche")
    assert shown(page, "surcontree") and shown(page, "capot") and shown(page, "rounding")
    assert not shown(page, "tegenpit") and not shown(page, "deals")
    assert "meld_four_9" in paid_boxes(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # A value left in a hidden option is not sent: the league is created without it.
    page.select_option("#id_preset", "klaverjas")
    page.select_option("#id_tegenpit", "off")
    page.select_option("#id_preset", "coinche")
    page.select_option("#id_surcontree", "3")
    page.fill("#id_name", "Coinche league")
    page.select_option("#id_entrant_kind", EntrantKind.PARTNERSHIPS)
    page.click("text=Create the competition")
    page.wait_for_selector("text=Coinche league created")
    competition = Competition.objects.get(name="Coinche league")
    assert competition.ruleset_data == {
        "preset": "coinche",
        "overrides": {"contre_factors": [2, 3]},
    }
    context.close()
