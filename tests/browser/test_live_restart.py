"""The server is restarted in the middle of the evening (as ``make run`` serves it: uvicorn,
ASGI, its own database file): an open sheet reconnects by itself and catches up on the deal
saved while the server was down, without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.live_site import Site

GAME = """
from django.contrib.auth.models import User
from league.games import services
from scoring import get_ruleset
user = User.objects.create_user("scorer")
game = services.game_create(rules=get_ruleset("klaberjass"), side_names=["Ann", "Bob"], by=user)
print(game.pk)
"""

DEAL = """
from django.contrib.auth.models import User
from league.games import services
from league.models import Game
from scoring import Deal
game = Game.objects.get(pk={game})
deal = Deal(makers=0, card_points=({points}, {rest}))
services.game_add_deal(game=game, deal=deal, by=User.objects.get())
"""


@pytest.fixture
def site(tmp_path):
    site = Site(tmp_path)
    site.prepare()
    yield site
    site.stop()


def test_an_open_sheet_reconnects_after_a_restart_and_catches_up(browser, site) -> None:
    site.start(workers=2)
    game = int(site.python(GAME))
    context = browser.new_context(base_url=site.url, viewport={"width": 360, "height": 740})
    tab = context.new_page()
    tab.goto(f"/games/{game}/")
    tab.evaluate("window.stayedOpen = true")
    expect(tab.locator("#live-status")).to_have_attribute("data-state", "live")

    # Live while it runs: a deal saved by another process shows within 2 s.
    site.python(DEAL.format(game=game, points=90, rest=72))
    expect(tab.locator("#deal-1")).to_be_visible(timeout=2_000)

    site.stop()
    expect(tab.locator("#live-status")).to_have_attribute("data-state", "offline")
    # Saved while this page's server was down (by another server of the same database).
    site.python(DEAL.format(game=game, points=100, rest=62))
    site.start(workers=2)
    expect(tab.locator("#deal-2")).to_be_visible(timeout=10_000)
    expect(tab.locator("#live-status")).to_have_attribute("data-state", "live")
    assert tab.evaluate("window.stayedOpen === true")
    context.close()
