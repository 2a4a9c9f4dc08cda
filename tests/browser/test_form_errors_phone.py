"""On a phone (360 x 740), a form that comes back with errors opens at its error summary with
the cursor in the first wrong field, in view (the summary too when both fit on the screen):
the two forms the trials found reloading at the top with the error 1,400 px below (a new
competition with the wrong kind of entrants; a result typed from the paper sheet), with
JavaScript and without."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.competitions import services as competitions_services
from league.models import Role
from tests.browser.phone import PHONE
from tests.builders import fixtures_of, make_league, make_user, signed_in

pytestmark = pytest.mark.django_db(transaction=True)

# The focused element's id, and whether it and the summary are inside the screen.
SEEN = """() => {
    const inside = (el) => {
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
    };
    const field = document.activeElement;
    return {
        focused: field ? field.id : "",
        fieldInView: inside(field),
        summaryInView: inside(document.getElementById("error-summary")),
        scrolled: window.scrollY,
    };
}"""


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_first_wrong_field_is_focused_and_in_view_on_a_phone(
    new_context, live_server, javascript
):
    organiser = make_user("secretary", Role.ORGANISER)
    club = competitions_services.club_create(name="Abbey club")
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    context = new_context(signed_in(organiser), viewport=PHONE, java_script_enabled=javascript)
    page = context.new_page()

    # Clabber is played by partnerships: "Players" is the wrong kind of entrants.
    page.goto(f"/competitions/new/?club={club.slug}")
    page.fill("#id_name", "Spring league")
    page.select_option("#id_preset", "clabber")
    page.select_option("#id_entrant_kind", "players")
    page.click("form.competition-form button[type=submit]")
    page.wait_for_load_state()
    # The browser hands an autofocus field the cursor once the page is shown, which may come
    # after it has loaded: wait for it.
    expect(page.locator("#id_entrant_kind")).to_be_focused()
    seen = page.evaluate(SEEN)
    assert seen["focused"] == "id_entrant_kind", seen
    # The field is far below the summary at the form's top: the field is what is shown.
    assert seen["fieldInView"] and seen["scrolled"] > 0, seen

    # A result typed from the paper sheet, not two totals: far down the match's page.
    page.goto(f"/c/{league.slug}/fixtures/{fixture.pk}/")
    page.fill("#id_typed-scores", "512")
    page.click("#typed button[type=submit]")
    page.wait_for_load_state()
    expect(page.locator("#id_typed-scores")).to_be_focused()
    seen = page.evaluate(SEEN)
    assert seen["focused"] == "id_typed-scores", seen
    # Here the summary, just above, is in view too.
    assert seen["fieldInView"] and seen["summaryInView"], seen
