"""A secretary on a phone (360 px) enters the club's people: one member typed and Enter, and
the cursor is back in the name field for the next without a tap; then the rest of the list
pasted in one go, the names the club has already listed by name; then every partnership
entered in a competition with one button. No page is wider than the phone."""

from __future__ import annotations

import pytest

from league.competitions import services as competitions_services
from league.models import Competition, EntrantKind, Role
from scoring import get_ruleset
from tests.builders import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def active_id(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_secretary_enters_the_clubs_people_on_a_phone(browser, live_server):
    organiser = make_user("secretary", Role.ORGANISER)
    club = competitions_services.club_create(name="Thursday club")
    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto("/accounts/login/")
    page.fill("#id_username", "secretary")
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("main button[type=submit]")
    page.click("#site-menu > summary")  # the menu is folded on a phone
    assert page.locator("#signed-in").inner_text() == "Signed in as secretary"

    page.goto(f"/clubs/{club.slug}/")
    page.fill("#id_player-name", "Anna")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_selector("text=Anna is a member of Thursday club.")
    # Back with the cursor in the name field: the next name is typed straight away.
    assert active_id(page) == "id_player-name"
    page.keyboard.type("Ben")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_selector("text=Ben is a member of Thursday club.")
    assert active_id(page) == "id_player-name"
    assert fits_the_phone(page)

    # The rest of the list, pasted (Anna is on it again).
    page.fill("#id_members-names", "Carl\nDora\nanna\n\n")
    with page.expect_navigation():
        page.click("#add-members button[type=submit]")
    page.wait_for_selector("text=2 members added: Carl and Dora.")
    assert page.locator("text=Already members, not added again: Anna.").is_visible()
    assert [p.name for p in club.players.order_by("id")] == ["Anna", "Ben", "Carl", "Dora"]
    assert fits_the_phone(page)

    anna, ben, carl, dora = club.players.order_by("id")
    competitions_services.partnership_add(club=club, first=anna, second=ben)
    competitions_services.partnership_add(club=club, first=carl, second=dora)
    competition = competitions_services.competition_create(
        club=club,
        name="Winter",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    page.goto(f"/c/{competition.slug}/")
    assert fits_the_phone(page)
    button = page.locator("#add-all-entrants button")
    assert button.bounding_box()["height"] >= 44
    with page.expect_navigation():
        button.click()
    page.wait_for_selector("text=2 partnerships entered.")
    assert Competition.objects.get().entrants.count() == 2
    assert fits_the_phone(page)
    context.close()
