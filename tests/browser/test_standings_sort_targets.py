"""The standings' sort headings on a phone (360 x 740): each is a tap target of 44 x 44 px
at least (the whole heading takes the tap), and the page stays as wide as the phone (the
table scrolls in its own box)."""

from __future__ import annotations

import pytest

from league.competitions import services as competitions_services
from league.models import Role
from tests.browser.phone import PHONE
from tests.builders import fixtures_of, make_league, make_user

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

# Each sort link's size, with its heading's words.
SORT_LINKS = """() => [...document.querySelectorAll('#standings thead th a')].map(a => {
    const r = a.getBoundingClientRect();
    return {words: a.textContent.trim(), width: r.width, height: r.height};
})"""


def test_each_sort_heading_is_a_44_px_target_on_a_phone(browser, live_server):
    organiser = make_user("secretary", Role.ORGANISER)
    league = make_league(organiser, teams=4)
    for fixture in fixtures_of(league)[:2]:
        competitions_services.fixture_type_result(fixture=fixture, scores=[(1012, 987)])

    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    page = context.new_page()
    seen = {}
    for sort in ("", "?sort=-made"):
        page.goto(f"/c/{league.slug}/standings/{sort}")
        seen[sort] = (
            page.evaluate(SORT_LINKS),
            page.evaluate("document.documentElement.scrollWidth"),
        )
    context.close()
    for sort, (links, width) in seen.items():
        assert len(links) >= 5, sort
        small = [
            f"{link['words']}: {link['width']:.0f} x {link['height']:.0f}"
            for link in links
            if link["width"] < 43.5 or link["height"] < 43.5
        ]
        assert small == [], sort
        assert width <= PHONE["width"], sort
