"""The main pages for people who use a keyboard, a screen reader or older eyes.

axe (axe-playwright-python, which ships axe-core's script: nothing is fetched) finds no
serious or critical violation on the home page, a game being scored, a finished game's sheet,
the standings, the bracket, the director's page and an entry link's page, on a phone and on a
desktop. Every page starts with a "Skip to content" link, and what has the keyboard's focus
wears a ring that can be seen."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.test import Client

from league.management.commands.demo import DEMO_PASSWORD, OPEN, ORGANISER
from league.models import Competition, Game

# The demo's tests share a worker: on SQLite the demo is built there once and each crawl made once.
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.layout,
    pytest.mark.xdist_group("demo-copy"),
]

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def main_pages() -> dict[str, tuple[str, bool]]:
    """The demo's main pages: what they are, their address and whether the organiser looks."""
    running = Game.objects.filter(fixture__isnull=True, winner__isnull=True).first()
    finished = Game.objects.filter(fixture__isnull=True, winner__isnull=False).first()
    assert running and finished
    league = Competition.objects.get(name="Winter league 2026")
    cup = Competition.objects.get(name=OPEN)
    semi = cup.fixtures.get(bracket_match="W2-1")
    return {
        "home": ("/", False),
        "a game being scored": (f"/games/{running.pk}/", True),
        "a finished game's sheet": (f"/games/{finished.pk}/", False),
        "standings": (f"/c/{league.slug}/standings/", False),
        "bracket": (f"/c/{cup.slug}/bracket/", False),
        "director": (f"/c/{cup.slug}/director/", True),
        "entry link": (f"/m/{semi.sides.get(side=0).entry_token}/", False),
    }


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_axe_finds_no_serious_violation_on_the_main_pages(demo, new_context, viewport):
    organiser = Client()
    assert organiser.login(username=ORGANISER, password=DEMO_PASSWORD)
    pages = {
        False: new_context(viewport=viewport).new_page(),
        True: new_context(organiser, viewport=viewport).new_page(),
    }
    axe = Axe()
    found = []
    for what, (url, as_organiser) in main_pages().items():
        page = pages[as_organiser]
        page.goto(url)
        if page.locator("#deal-form").count():
            page.wait_for_selector("#deal-form[data-ready='1']")
        results = axe.run(page)
        for violation in results.response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                targets = "; ".join(
                    " ".join(node["target"][-1:]) for node in violation["nodes"][:5]
                )
                found.append(f"{what} ({url}): {violation['id']}: {violation['help']}: {targets}")
    assert not found, "\n".join(found)


def test_the_first_tab_reaches_skip_to_content_which_moves_to_the_page(live_server, new_context):
    page = new_context(viewport=PHONE).new_page()
    page.goto("/")
    page.keyboard.press("Tab")
    skip = page.locator(":focus")
    assert skip.inner_text() == "Skip to content"
    box = skip.bounding_box()
    assert box and box["y"] >= 0 and box["height"] >= 44  # shown once it has the focus
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "content"
    assert page.evaluate("document.activeElement.tagName") == "MAIN"


def test_the_skip_link_hides_until_the_keyboard_reaches_it(live_server, new_context):
    page = new_context(viewport=PHONE).new_page()
    page.goto("/")
    box = page.locator(".skip-link").bounding_box()
    assert box is None or box["y"] + box["height"] <= 0


RING = """() => {
  const style = getComputedStyle(document.activeElement);
  return [style.outlineStyle, parseFloat(style.outlineWidth), style.boxShadow];
}"""


def test_the_keyboard_focus_wears_a_ring_that_can_be_seen(live_server, new_context):
    page = new_context(viewport=PHONE).new_page()
    page.goto("/")
    rings = []
    for _ in range(3):  # the skip link, the site's name, the "Menu" button (folded on a phone)
        page.keyboard.press("Tab")
        rings.append((page.evaluate("document.activeElement.outerHTML"), page.evaluate(RING)))
    assert "<summary" in rings[2][0]
    page.keyboard.press("Enter")  # the menu opens, and the keyboard goes on through its links
    for _ in range(6):
        page.keyboard.press("Tab")
        rings.append((page.evaluate("document.activeElement.outerHTML"), page.evaluate(RING)))
    page.goto("/accounts/login/")  # the name field has the focus
    rings.append((page.evaluate("document.activeElement.outerHTML"), page.evaluate(RING)))
    for html, (style, width, shadow) in rings:
        # Chromium's own ring is a thin "auto" outline, hard to see on the green menu.
        assert style == "solid" and width >= 3 and shadow != "none", html
    assert "Log in" in rings[8][0] and 'name="username"' in rings[9][0]
