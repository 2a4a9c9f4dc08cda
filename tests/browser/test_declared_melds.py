"""Issue 14 on a 360 px phone: a deal entered with declared melds; the preview says who wins
them and why, and so does the sheet, with who dealt and who deals next."""

from __future__ import annotations

import pytest

from league.models import MeldEntry, Role
from tests.browser.test_deal_form import phone, sign_in
from tests.builders import make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_deal_with_declared_melds_on_a_phone(browser, live_server):
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer)
    game.meld_entry = MeldEntry.DECLARED
    game.save(update_fields=["meld_entry"])
    context = phone(browser, live_server)
    page = context.new_page()
    sign_in(page)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_selector("#deal-form[data-ready='1']")
    assert page.locator("#next-dealer").inner_text() == "Deals next: Anna"

    page.check("input[name='makers'][value='0']")
    page.select_option("#id_declared_0_0_meld", "run4")
    page.select_option("#id_declared_0_0_card", "K")
    page.check("#id_declared_0_0_trump")
    # A second meld for Carl & Dora: the row comes in place, nothing is saved.
    page.click("text=Add another meld for Carl & Dora")
    page.select_option("#id_declared_1_1_meld", "run4")
    page.select_option("#id_declared_1_1_card", "K")
    page.fill("#id_card_points_0", "80")
    melds = page.locator("#preview .preview-melds")
    melds.wait_for()
    assert melds.inner_text() == (
        "Anna & Ben score the melds: run of four to the king in trumps beats run of four to "
        "the king"
    )
    # Large enough to hit with a finger, and the page does not scroll sideways.
    for selector in ("#id_declared_0_0_meld", "#id_declared_0_0_card", ".declared-add"):
        assert page.locator(selector).first.bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.click("#save-deal")
    page.wait_for_selector("#deal-1")
    row = page.locator("#deal-1").inner_text()
    assert "Anna & Ben score the melds: run of four to the king in trumps beats" in row
    assert "130" in row and "Anna" in page.locator("#deal-1 td.dealer").inner_text()
    assert page.locator("#next-dealer").inner_text() == "Deals next: Carl"
    context.close()
