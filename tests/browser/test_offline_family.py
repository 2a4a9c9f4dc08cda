"""The rest of the family's deal preview with the phone offline (static/js/rules.js scores it
from the ruleset the page carries): a klaverjas deal's roem refused and scored, nat in the
game's own word; a coinche deal with its bid and contrée. Nothing reaches the server."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.models import Role
from tests.builders import make_user, signed_in, start_game

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}


def offline_game(new_context, client, game):
    context = new_context(client=client, viewport=PHONE)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1']")
    context.set_offline(True)
    return tab


def test_a_klaverjas_and_a_coinche_deal_previewed_offline(new_context):
    scorer = make_user("sam", Role.SCORER)
    client = signed_in(scorer)

    klaverjas = start_game(scorer, "klaverjas", deals=None, target=1500)
    tab = offline_game(new_context, client, klaverjas)
    tab.check("#id_makers_0")
    tab.fill("#id_card_points_0", "80")
    expect(tab.locator("#id_card_points_1")).to_have_value("82")
    tab.fill("#id_roem_0", "30")  # no items make 30: the engine's words, offline
    expect(tab.locator("#group-melds [data-error-for='melds']")).to_contain_text(
        "Roem 30 cannot be made"
    )
    tab.fill("#id_roem_0", "20")
    tab.fill("#id_roem_1", "50")
    # 80 + 20 against 82 + 50: nat, the opponents take 162 and both sides' roem.
    expect(tab.locator("#preview")).to_contain_text("Nat: the makers score nothing.")
    expect(tab.locator("#preview")).to_contain_text("232")
    assert klaverjas.deals.count() == 0

    coinche = start_game(scorer, "coinche")
    tab = offline_game(new_context, client, coinche)
    tab.check("#id_makers_0")
    tab.select_option("#id_bid", "100")
    tab.check("#id_contre_1")
    tab.fill("#id_card_points_0", "110")
    expect(tab.locator("#preview")).to_contain_text("Contract: 100, contrée (×2).")
    expect(tab.locator("#preview")).to_contain_text("520")
    tab.select_option("#id_bid", "120")  # 110 does not reach 120: the defenders take it all
    expect(tab.locator("#preview")).to_contain_text("Dedans")
    expect(tab.locator("#preview")).to_contain_text("560")
    assert coinche.deals.count() == 0
