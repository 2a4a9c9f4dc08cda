"""The site's menu on a phone (360 x 740): folded behind one finger-sized "Menu" button, without
JavaScript too, so that it no longer takes a third of every screen; at a desktop's width it is
all there at once, without the button (issue 22, finding 17)."""

from __future__ import annotations

import pytest

from league.models import Role
from tests.browser.phone import PHONE
from tests.builders import make_user, signed_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

HEADER = """() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
    return {
        header: document.querySelector('.site-header').getBoundingClientRect().height,
        summary: box(document.querySelector('#site-menu > summary')),
    };
}"""


@pytest.mark.parametrize("javascript", [True, False])
def test_on_a_phone_the_menu_folds_behind_one_button(new_context, javascript):
    organiser = make_user("secretary", Role.ORGANISER)  # the longest menu: every link
    context = new_context(
        signed_in(organiser), viewport=PHONE, is_mobile=True, java_script_enabled=javascript
    )
    page = context.new_page()
    page.goto("/rules/")
    nav = page.locator("nav[aria-label=Main]")
    assert not nav.is_visible()
    measured = page.evaluate(HEADER)
    assert measured["header"] <= 0.1 * PHONE["height"], measured  # was a third of the screen
    width, height = measured["summary"]
    assert width >= 43.5 and height >= 43.5, measured
    page.click("#site-menu > summary")
    assert nav.is_visible()
    assert nav.get_by_role("link", name="Games").is_visible()
    page.get_by_role("link", name="Games").click()
    page.wait_for_url("**/games/")


def test_at_a_desktops_width_the_menu_is_open_without_a_button(new_context):
    context = new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto("/rules/")
    assert page.locator("nav[aria-label=Main]").get_by_role("link", name="Games").is_visible()
    assert not page.locator("#site-menu > summary").is_visible()
