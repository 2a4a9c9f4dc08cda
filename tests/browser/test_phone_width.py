"""Every kind of page of the demo on a phone 360 px wide: none is wider than the screen, every
tap target is finger-sized (44 x 44 px) and every input writes in 18 px text at least.

The pages are found by crawling from the home page (tests/crawl.py) as each kind of visitor:
signed out, a scorer and the organiser, so a page added later is looked at without being
listed here. The browser looks at one page of each kind and shape (a game being scored, a
finished game, a deal's correction...; tests/crawl.py says what those are), not at the 30
correction pages of one game that look alike. One browser context a visitor, signed in once
(the crawl's session is handed to the browser). Every page that fails is reported at once,
with the element that sticks out furthest, so one run shows all there is to fix. Wide tables
scroll in their own box with a hint (static/js/scroll-hint.js): the last tests here."""

from __future__ import annotations

import pytest
from django.test import Client

from league.games import services as games_services
from league.management.commands.demo import DEMO_PASSWORD, ORGANISER, SCORERS
from league.models import Role
from scoring import Deal
from tests.browser.phone import PHONE, problems
from tests.builders import add, make_user, signed_in, start_game

# The demo's tests share a worker: on SQLite the demo is built there once and each crawl made once.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("demo-copy")]

VISITORS = {"signed out": None, "scorer": SCORERS[0], "organiser": ORGANISER}


@pytest.mark.layout
@pytest.mark.parametrize("visitor", VISITORS)
def test_every_kind_of_page_fits_a_phone(demo, demo_pages, new_context, visitor):
    username = VISITORS[visitor]
    client = Client()
    if username:
        assert client.login(username=username, password=DEMO_PASSWORD)
    pages = demo_pages(client, username)
    assert len(pages) > 50, "the crawl found too few kinds of page to mean anything"
    context = new_context(client if username else None, viewport=PHONE, is_mobile=True)
    found = problems(context.new_page(), pages)
    assert not found, f"{visitor}, on {len(pages)} pages:\n" + "\n".join(found)


@pytest.fixture
def corrected_game(db):
    """A game with a correction, and an organiser's test client (an organiser sees the
    corrections table)."""
    organiser = make_user("olga", Role.ORGANISER)
    game = start_game(organiser)
    for points in ((90, 72), (60, 102), (100, 62)):
        add(game, organiser, makers=0, card_points=points)
    first = game.deals.get(number=1)
    games_services.game_correct_deal(
        game=game,
        number=1,
        expected_version=first.version,
        deal=Deal(makers=0, card_points=(70, 92)),
        by=organiser,
    )
    return game, signed_in(organiser)


def corrections(new_context, corrected_game, *, width: int, javascript: bool = True):
    """The game's page at ``width``: (document width, the box scrolls, the hint shows, the
    box is a keyboard stop)."""
    game, client = corrected_game
    context = new_context(
        client, viewport={"width": width, "height": 740}, java_script_enabled=javascript
    )
    page = context.new_page()
    page.goto(f"/games/{game.pk}/")
    box = page.locator("#audit .scroll")
    hint = page.locator("#audit .scroll-hint")
    return (
        page.evaluate("document.documentElement.scrollWidth"),
        box.evaluate("b => b.scrollWidth > b.clientWidth"),
        hint.is_visible(),
        box.get_attribute("tabindex") == "0",
    )


@pytest.mark.layout
def test_the_corrections_table_scrolls_in_its_own_box_on_a_phone(new_context, corrected_game):
    width, scrolls, hint, focusable = corrections(new_context, corrected_game, width=360)
    assert width <= 360 and scrolls
    assert hint and focusable


@pytest.mark.layout
def test_the_hint_shows_only_when_the_table_is_wider_than_its_box(new_context, corrected_game):
    width, scrolls, hint, focusable = corrections(new_context, corrected_game, width=1280)
    assert width <= 1280 and not scrolls
    assert not hint and not focusable


@pytest.mark.layout
def test_without_javascript_a_phone_still_shows_the_hint(new_context, corrected_game):
    width, scrolls, hint, focusable = corrections(
        new_context, corrected_game, width=360, javascript=False
    )
    assert width <= 360 and scrolls and hint and focusable
