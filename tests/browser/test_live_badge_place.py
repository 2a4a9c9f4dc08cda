"""The "Live" badge of a page that updates itself keeps out of the way of the messages at the
top of the page ("Round 1, table 1: moved."): on a 360 px phone it never lies over them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.models import Role
from tests.builders import fixtures_of, make_league, make_user, signed_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

PHONE = {"width": 360, "height": 740}


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def test_the_live_badge_never_covers_the_messages_on_a_phone(new_context) -> None:
    organiser = make_user("olga", Role.ORGANISER)
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    tab = new_context(client=signed_in(organiser), viewport=PHONE).new_page()
    tab.goto(f"/c/{league.slug}/fixtures/{fixture.pk}/")
    # Moved to where it is: a message comes back at the top of the fixtures page.
    with tab.expect_navigation():
        tab.click("#move button[type=submit]")
    badge = tab.locator("#live-status")
    expect(badge).to_have_attribute("data-state", "live")
    messages = tab.locator(".messages .message")
    expect(messages.first).to_be_visible()
    badge_box = badge.bounding_box()
    assert badge_box is not None
    for index in range(messages.count()):
        box = messages.nth(index).bounding_box()
        assert box is not None
        assert not overlap(badge_box, box), (badge_box, box)
