"""Issue 14 on a side's entry link, 360 px wide: the side chooses who deals first as it starts
the game, enters a deal, and the sheet with its dealer column and "Deals next" still fits the
phone."""

from __future__ import annotations

import pytest

from league.models import Game, Role
from tests.browser.test_entry_links import fits, phone, save, started_match, type_deal
from tests.builders import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_entry_link_with_the_dealer_column_fits_a_phone(browser, live_server):
    organiser = make_user("director", Role.ORGANISER)
    fixture, _, away = started_match(organiser)
    context, tab = phone(browser, live_server)
    tab.goto(away)
    fits(tab)
    tab.select_option("#id_first_dealer", "1")
    with tab.expect_navigation():
        tab.click("#start-game")
    assert Game.objects.get(fixture=fixture).first_dealer == 1
    assert tab.inner_text("#next-dealer") == "Deals next: P2"
    type_deal(tab, 0, (120, 42))  # waits for #deal-form[data-ready='1']
    save(tab)
    tab.wait_for_selector("#deal-form[data-ready='1']")
    assert tab.inner_text("#deal-1 td.dealer") == "P2"
    assert tab.inner_text("#next-dealer") == "Deals next: P1"
    fits(tab)
    # The numbers and the dealer stay in view; only the notes scroll in from the right.
    right = tab.evaluate(
        "document.querySelector('#deal-1 td.dealer').getBoundingClientRect().right"
    )
    assert right <= 360
    context.close()
