"""A page that updates itself says "Offline" when the phone loses the network and "Live" again
as soon as the network is back, not only when the next change arrives (a quiet table may send
none for minutes, and "Offline" would send the scorer looking for a fault)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.models import Role
from tests.builders import make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_live_badge_comes_back_when_the_network_does(new_context) -> None:
    game = start_game(make_user("sam", Role.SCORER))
    context = new_context(viewport={"width": 360, "height": 740})
    tab = context.new_page()
    tab.goto(f"/games/{game.pk}/")
    status = tab.locator("#live-status")
    expect(status).to_have_attribute("data-state", "live")

    context.set_offline(True)
    expect(status).to_have_attribute("data-state", "offline")
    context.set_offline(False)
    # Nothing changed on the game meanwhile: no event comes to say it.
    expect(status).to_have_attribute("data-state", "live", timeout=5_000)
    expect(status).to_have_text("Live")
