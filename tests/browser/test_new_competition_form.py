"""The new competition form on a phone (360 px): the table's tie-breaks are chosen from
menus in words and put in order with the up and down buttons; choosing another club chooses
its usual game, unless the game was chosen by hand. The page is no wider than the phone."""

from __future__ import annotations

import pytest

from league.competitions import services as competitions_services
from league.models import Competition, EntrantKind, Role
from scoring import get_ruleset
from tests.builders import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def menus(page) -> list[str]:
    """The words chosen in each tie-break menu, in order ("" for none)."""
    return page.eval_on_selector_all(
        "#tiebreak-chain select",
        "ss => ss.map(s => s.value ? s.options[s.selectedIndex].textContent : '')",
    )


def test_tiebreaks_are_ordered_with_up_and_down_on_a_phone(browser, live_server):
    organiser = make_user("secretary", Role.ORGANISER)
    abbey = competitions_services.club_create(name="Abbey club")
    thursday = competitions_services.club_create(name="Thursday club")
    competitions_services.competition_create(
        club=thursday,
        name="Singles",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
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
    page.wait_for_selector("#tiebreak-chain[data-ready='1']")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Another club: its usual game is chosen; a game chosen by hand stays chosen.
    page.select_option("#id_club", str(thursday.pk))
    assert page.input_value("#id_preset") == "klaberjass"
    page.select_option("#id_preset", "clabber")
    page.select_option("#id_club", str(abbey.pk))
    page.select_option("#id_club", str(thursday.pk))
    assert page.input_value("#id_preset") == "clabber"

    assert menus(page)[:4] == [
        "Match points (Pts)",
        "Point difference (Diff)",
        "Game points for (For)",
        "",
    ]
    # Buchholz chosen 4th, then moved up twice: it is now 2nd, the others one place down.
    page.select_option("#id_tiebreaks_3", "buchholz")
    up = page.get_by_role("button", name="Move the 4th tie-break up")
    assert up.is_enabled()
    box = up.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    up.click()
    # Focus follows the tie-break: the next press moves it on.
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == (
        "Move the 3rd tie-break up"
    )
    page.keyboard.press("Enter")
    assert menus(page)[:4] == [
        "Match points (Pts)",
        "Buchholz (Buch)",
        "Point difference (Diff)",
        "Game points for (For)",
    ]
    assert page.inner_text("#tiebreak-chain .chain-status") == "Buchholz (Buch) is now 2nd."
    assert page.get_by_role("button", name="Move the 1st tie-break up").is_disabled()
    # And down again, once.
    page.get_by_role("button", name="Move the 2nd tie-break down").click()
    assert menus(page)[1:3] == ["Point difference (Diff)", "Buchholz (Buch)"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.fill("#id_name", "Spring league")
    page.select_option("#id_entrant_kind", EntrantKind.PARTNERSHIPS)
    page.click("text=Create the competition")
    page.wait_for_selector("text=Spring league created")
    competition = Competition.objects.get(name="Spring league")
    assert competition.club == thursday
    assert competition.ruleset_data["preset"] == "clabber"
    assert competition.tiebreaks == ["match_points", "point_difference", "buchholz", "points_for"]
    context.close()
