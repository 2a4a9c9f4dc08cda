"""Every page of the demo on a phone 360 px wide: none is wider than the screen.

The pages are found by crawling from the home page (tests/crawl.py) as each kind of visitor:
signed out, a scorer and the organiser, so a page added later is looked at without being
listed here. One browser, one browser context a visitor, signed in once (the crawl's session
cookie is handed to the browser). Every page too wide is reported at once, with the element
that sticks out furthest, so one run shows all there is to fix."""

from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

from league.games import services as games_services
from league.models import Role
from scoring import Deal
from tests.builders import add, make_user, signed_in, start_game
from tests.crawl import html_pages

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
PASSWORD = "hicksheet-demo"
VISITORS = {"signed out": None, "scorer": "table1", "organiser": "secretary"}

# The document's width, and the elements that make it wide: those that stick out past the
# screen's right edge while their parent does not, leaving out what a box that scrolls
# sideways (overflow-x other than visible) holds, which does not widen the page.
MEASURE = """() => {
  const screen = document.documentElement.clientWidth;
  const width = document.documentElement.scrollWidth;
  if (width <= screen) return {width, culprits: []};
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    [...el.classList].map((c) => "." + c).join("");
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== "visible") return true;
    }
    return false;
  };
  const culprits = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.right > screen + 0.5 && el.parentElement.getBoundingClientRect().right <= screen + 0.5
        && !clipped(el)) {
      culprits.push({name: name(el), right: Math.round(box.right), width: Math.round(box.width)});
    }
  }
  culprits.sort((a, b) => b.right - a.right);
  return {width, culprits: culprits.slice(0, 3)};
}"""


def share_session(context, client: Client, live_server) -> None:
    """Sign the browser in as the test client is: its session cookie, once for the context."""
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )


@pytest.fixture
def demo(settings):
    # The demo creates its accounts each run; the default hasher is slow on purpose.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("demo", stdout=io.StringIO())


def test_no_page_is_wider_than_a_phone(demo, browser, live_server):
    too_wide: list[str] = []
    seen = 0
    for visitor, username in VISITORS.items():
        client = Client()
        if username:
            assert client.login(username=username, password=PASSWORD)
        pages = html_pages(client)
        context = browser.new_context(
            base_url=live_server.url, viewport=PHONE, is_mobile=True, has_touch=True
        )
        if username:
            share_session(context, client, live_server)
        page = context.new_page()
        page.set_default_timeout(10_000)
        for url in pages:
            page.goto(url)
            measured = page.evaluate(MEASURE)
            if measured["width"] > PHONE["width"]:
                worst = ", ".join(
                    f"{c['name']} ({c['width']} px wide, to {c['right']} px)"
                    for c in measured["culprits"]
                )
                too_wide.append(f"{visitor}: {url} is {measured['width']} px wide: {worst}")
        seen += len(pages)
        context.close()
    assert seen > 100, "the crawl found too few pages to mean anything"
    assert not too_wide, f"{len(too_wide)} of {seen} pages are wider than a phone:\n" + "\n".join(
        too_wide
    )


@pytest.fixture
def corrected_game(db):
    """A game with a correction and a deletion, seen by an organiser (who sees the corrections
    table), and that organiser's test client."""
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


def corrections(browser, live_server, corrected_game, *, width: int, javascript: bool = True):
    """The game's page at ``width``: (document width, the box scrolls, the hint shows, the
    box is a keyboard stop)."""
    game, client = corrected_game
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": width, "height": 740},
        java_script_enabled=javascript,
    )
    share_session(context, client, live_server)
    page = context.new_page()
    page.goto(f"/games/{game.pk}/")
    box = page.locator("#audit .scroll")
    hint = page.locator("#audit .scroll-hint")
    result = (
        page.evaluate("document.documentElement.scrollWidth"),
        box.evaluate("b => b.scrollWidth > b.clientWidth"),
        hint.is_visible(),
        box.get_attribute("tabindex") == "0",
    )
    context.close()
    return result


def test_the_corrections_table_scrolls_in_its_own_box_on_a_phone(
    browser, live_server, corrected_game
):
    width, scrolls, hint, focusable = corrections(browser, live_server, corrected_game, width=360)
    assert width <= 360 and scrolls
    assert hint and focusable


def test_the_hint_shows_only_when_the_table_is_wider_than_its_box(
    browser, live_server, corrected_game
):
    width, scrolls, hint, focusable = corrections(browser, live_server, corrected_game, width=1280)
    assert width <= 1280 and not scrolls
    assert not hint and not focusable


def test_without_javascript_a_phone_still_shows_the_hint(browser, live_server, corrected_game):
    width, scrolls, hint, focusable = corrections(
        browser, live_server, corrected_game, width=360, javascript=False
    )
    assert width <= 360 and scrolls and hint and focusable
