"""The rest of the family's deal form on a 360 x 740 phone, in a real Chromium: a klaverjas
deal entered with the roem buttons (+20, stuk) and a coinche deal with its bid and contrée,
each previewed and saved, the totals on the page after it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.models import Role
from tests.builders import make_user, signed_in, start_game

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}


def open_game(new_context, client, game):
    context = new_context(client=client, viewport=PHONE)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1']")
    return tab


def fits_the_phone(tab) -> None:
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width


def test_a_klaverjas_and_a_coinche_deal_on_a_phone(new_context):
    scorer = make_user("sam", Role.SCORER)
    client = signed_in(scorer)

    # A klaverjas to 1500 rather than a boom of 16: on main the game page's chart does not
    # yet draw a game without a target (issue 23, the sheets' part); the form is the same.
    klaverjas = start_game(scorer, "klaverjas", deals=None, target=1500)
    tab = open_game(new_context, client, klaverjas)
    fits_the_phone(tab)
    tab.check("#id_makers_0")
    tab.fill("#id_card_points_0", "90")
    expect(tab.locator("#id_card_points_1")).to_have_value("72")
    # Roem 30 cannot be made: the preview says so beside the roem, before anything is saved.
    tab.fill("#id_roem_0", "30")
    expect(tab.locator("#group-melds [data-error-for='melds']")).to_contain_text("30")
    tab.fill("#id_roem_0", "")
    expect(tab.locator("#group-melds [data-error-for='melds']")).to_have_count(0)
    plus20 = tab.locator("[data-roem-for='id_roem_0'] button.roem-add[data-add='20']")
    expect(plus20).to_be_visible()
    box = plus20.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    plus20.click()
    plus20.click()
    expect(tab.locator("#id_roem_0")).to_have_value("40")
    stuk = tab.locator("[data-roem-for='id_roem_0'] button.roem-stuk")
    stuk.click()
    expect(stuk).to_have_attribute("aria-pressed", "true")
    expect(tab.locator("#id_belle_1")).to_be_checked()  # "" Nobody is _0, the first side _1
    expect(tab.locator("#preview")).to_contain_text("150")  # 90 + 40 roem + 20 stuk
    tab.click("#save-deal")
    tab.wait_for_load_state()
    expect(tab.locator("#entry-score")).to_contain_text("Anna & Ben 150 · Carl & Dora 72")
    deal = klaverjas.deals.get()
    assert (deal.meld_points, deal.belle, deal.points) == ([40, 0], 0, [150, 72])

    coinche = start_game(scorer, "coinche")
    tab = open_game(new_context, client, coinche)
    fits_the_phone(tab)
    tab.check("#id_makers_0")
    tab.select_option("#id_bid", "100")
    tab.check("#id_contre_1")
    tab.fill("#id_card_points_0", "110")
    expect(tab.locator("#preview")).to_contain_text("Contract: 100, contrée (×2).")
    expect(tab.locator("#preview")).to_contain_text("520")
    tab.click("#save-deal")
    tab.wait_for_load_state()
    expect(tab.locator("#entry-score")).to_contain_text("Anna & Ben 520 · Carl & Dora 0")
    deal = coinche.deals.get()
    assert (deal.bid, deal.contre, deal.points) == ("100", 1, [520, 0])
