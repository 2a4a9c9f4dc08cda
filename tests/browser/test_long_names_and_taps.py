"""On a phone (360 x 740): a name with no space in it (a member renamed to 80 W's, a team name
of four U+FDFA, the widest ligature there is) breaks rather than widen the pages that show it
(the trial measured 2,274 px); and the links the trial found under 44 px tall (breadcrumbs, the
"Back ..." links of the housekeeping pages, a fixture's "Manage", a club's member and
partnership links) are finger-sized, as is each choice of an event's language, seen whole."""

from __future__ import annotations

import pytest

from league.competitions import member_services
from league.models import Partnership, Role
from tests.browser.phone import PHONE
from tests.builders import fixtures_of, make_league, make_user, signed_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

WIDE_MEMBER = "W" * 80
WIDE_TEAM = "\ufdfa" * 4

# The page's width, and the elements sticking out past the screen's right edge.
WIDTH = """() => ({
    width: document.documentElement.scrollWidth,
    out: [...document.body.querySelectorAll("*")]
        .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
        .slice(0, 3).map((el) => el.tagName + "." + el.className),
})"""

# Each element's box (width, height) for the selectors given, the first match of each.
BOXES = """(selectors) => selectors.map((selector) => {
    const el = document.querySelector(selector);
    if (!el) return [selector, null];
    const box = el.getBoundingClientRect();
    return [selector, [Math.round(box.width), Math.round(box.height), Math.round(box.right)]];
})"""


def test_long_names_fit_a_phone_and_its_links_are_finger_sized(new_context, live_server):
    organiser = make_user("secretary", Role.ORGANISER)
    league = make_league(organiser)
    club = league.club
    member = club.players.get(name="Player 1a")
    pair = club.partnerships.get(name="Pair 2")
    # Through the services, so the club's records list them too.
    member_services.player_rename(player=member, name=WIDE_MEMBER, by=organiser)
    member_services.partnership_rename(partnership=pair, name=WIDE_TEAM, by=organiser)
    # A name is kept in NFKC form, which spells the ligature out in words: stored as typed
    # (a name from before the cleaning), it is one unbreakable glyph after another.
    Partnership.objects.filter(pk=pair.pk).update(name=WIDE_TEAM)
    fixture = fixtures_of(league)[0]
    context = new_context(signed_in(organiser), viewport=PHONE)
    page = context.new_page()

    widths = {}
    for address in (
        f"/players/{member.pk}/",
        f"/partnerships/{pair.pk}/",
        f"/clubs/{club.slug}/",
        f"/clubs/{club.slug}/records/",
    ):
        page.goto(address)
        assert WIDE_MEMBER in page.content() or WIDE_TEAM in page.content(), address
        widths[address] = page.evaluate(WIDTH)
    assert {a: w["width"] for a, w in widths.items()} == dict.fromkeys(widths, 360), widths

    boxes = {}
    for address, selectors in (
        (f"/clubs/{club.slug}/", ["#members ul.names a", "#partnerships ul.names a"]),
        (f"/clubs/{club.slug}/records/", ["a.tap"]),
        (f"/c/{league.slug}/edit/", ["a.tap"]),
        (f"/c/{league.slug}/delete/", ["a.tap"]),
        (f"/c/{league.slug}/fixtures/", ["a.fx-manage"]),
        (f"/c/{league.slug}/fixtures/{fixture.pk}/tables/", [".crumbs a", "#back"]),
        (f"/c/{league.slug}/", ["#event-language label.choice"]),
    ):
        page.goto(address)
        for selector, box in page.evaluate(BOXES, selectors):
            boxes[f"{address} {selector}"] = box
    small = {where: box for where, box in boxes.items() if box is None or box[1] < 44}
    assert small == {}, small
    # Each choice of the event's language is seen whole on the screen (a menu cut it).
    page.goto(f"/c/{league.slug}/")
    rights = page.eval_on_selector_all(
        "#event-language label.choice", "els => els.map(el => el.getBoundingClientRect().right)"
    )
    assert len(rights) == 6 and max(rights) <= 360, rights
    assert page.evaluate(WIDTH)["width"] == 360
    context.close()
