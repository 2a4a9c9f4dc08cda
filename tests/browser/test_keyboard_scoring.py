"""Keyboard scoring on a phone (360 x 740): after a deal is saved with Enter, the cursor is in
the next deal's first field ("Made trump"), in view, on a game's page and on an entry link's,
so that the next deal is typed without tabbing from the top of the page (the trials counted
27 tabs after 5 deals). A refused deal puts the cursor in the field that is wrong."""

from __future__ import annotations

import pytest

from league.models import Role
from league.tournaments import services as tournaments_services
from tests.browser.phone import PHONE
from tests.builders import make_user, signed_in, start_game, tournament

pytestmark = pytest.mark.django_db(transaction=True)

# The focused element's name and id, and whether it is inside the screen.
FOCUSED = """() => {
    const el = document.activeElement;
    const r = el.getBoundingClientRect();
    return {name: el.name || "", id: el.id || "", inView: r.top >= 0 && r.bottom <= innerHeight};
}"""


def save_by_keyboard(page, card_points: int) -> None:
    """From where the cursor is (a "Made trump" choice): Space chooses it, the card points
    typed (both sides' where not every card is played), Enter saves."""
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.keyboard.press("Space")
    page.focus("#id_card_points_0")
    page.keyboard.type(str(card_points))
    if not page.input_value("#id_card_points_1"):  # a game where not every card is played
        page.focus("#id_card_points_1")
        page.keyboard.type(str(162 - card_points))
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_selector("#deal-form[data-ready='1']")


def check_keyboard_run(page, deals: int) -> None:
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.focus("#id_makers_0")
    for number in range(1, deals + 1):
        save_by_keyboard(page, 90)
        page.wait_for_selector(f"#deal-{number}", state="attached")
        focused = page.evaluate(FOCUSED)
        assert focused["name"] == "makers", (number, focused)
        assert focused["inView"], (number, focused)


def test_after_enter_the_next_deals_first_field_has_the_cursor(new_context):
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer)
    page = new_context(signed_in(scorer), viewport=PHONE).new_page()
    page.goto(f"/games/{game.pk}/")
    check_keyboard_run(page, 3)

    # A refused deal (more card points than there are): the cursor in the card points.
    page.keyboard.press("Space")
    page.focus("#id_card_points_0")
    page.keyboard.type("900")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_selector("#deal-form[data-ready='1']")
    focused = page.evaluate(FOCUSED)
    assert focused["id"] == "id_card_points_0" and focused["inView"], focused


def test_on_an_entry_link_after_enter_the_next_deal_has_the_cursor(new_context):
    competition = tournament(make_user("olga", Role.ORGANISER), 2)
    tournaments_services.tournament_start(competition=competition)
    side = competition.fixtures.get().sides.get(side=0)
    tournaments_services.token_start_game(side=side)
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"/m/{side.entry_token}/")
    check_keyboard_run(page, 1)  # a second such deal would win the game to 150
