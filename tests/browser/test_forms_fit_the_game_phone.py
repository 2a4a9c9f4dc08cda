"""On a 360 x 740 phone, in a real Chromium: the new-game form shows the side name boxes of
the chosen preset (two for klaverjas, three for three-hand klaberjass) and asks "melds scored
/ declared" only where melds are compared; the inline links of the game and rules pages are
44 px tall; after a refused save the wrong roem box and its message are above the sticky
Save/Preview bar."""

from __future__ import annotations

import pytest

from league.models import Role
from tests.browser.phone import PHONE
from tests.builders import make_user, signed_in, start_game

pytestmark = pytest.mark.django_db(transaction=True)

# The height of each link named, as the page lays it out.
LINK_HEIGHTS = """(words) => {
  const found = {};
  for (const a of document.querySelectorAll("main a")) {
    const text = a.textContent.trim();
    if (words.includes(text)) found[text] = a.getBoundingClientRect().height;
  }
  return found;
}"""

# The focused box, and whether it and its message end above the sticky bar.
CLEAR_OF_BAR = """() => {
  const field = document.activeElement;
  const message = document.getElementById(field.getAttribute("aria-describedby") || "");
  const bar = document.getElementById("deal-bar").getBoundingClientRect();
  const lowest = Math.max(field.getBoundingClientRect().bottom,
                          message ? message.getBoundingClientRect().bottom : 0);
  return {focused: field.id, message: Boolean(message), clear: lowest <= bar.top,
          top: field.getBoundingClientRect().top >= 0};
}"""


def side_boxes(tab) -> list[str]:
    return tab.eval_on_selector_all(
        "input[name^='side_']",
        "inputs => inputs.filter(i => i.offsetParent !== null && !i.disabled).map(i => i.name)",
    )


def test_forms_fit_the_game_on_a_phone(new_context):
    organiser = make_user("secretary", Role.ORGANISER)
    context = new_context(signed_in(organiser), viewport=PHONE)
    tab = context.new_page()

    tab.goto("/games/new/")
    tab.select_option("#id_preset", "klaverjas")
    assert side_boxes(tab) == ["side_0", "side_1"]
    assert not tab.is_visible("input[name='meld_entry']")
    tab.select_option("#id_preset", "klaberjass-3")
    assert side_boxes(tab) == ["side_0", "side_1", "side_2"]
    assert tab.is_visible("input[name='meld_entry']")
    tab.select_option("#id_preset", "belote")
    assert side_boxes(tab) == ["side_0", "side_1"]
    assert not tab.is_visible("input[name='meld_entry']")
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    game = start_game(organiser, "klaverjas", deals=None, target=1500)
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1']")
    words = ["PDF (A4)", "PDF (Letter)", "Abandon this game", game.rules.name]
    heights = tab.evaluate(LINK_HEIGHTS, words)
    assert set(heights) == set(words) and min(heights.values()) >= 44, heights
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Roem 30 cannot be made: the saved form comes back with the roem box focused, and it and
    # its message are above the Save/Preview bar.
    tab.check("#id_makers_0")
    tab.fill("#id_card_points_0", "90")
    tab.fill("#id_roem_0", "30")
    with tab.expect_navigation():
        tab.click("#save-deal")
    tab.wait_for_selector("#deal-form[data-ready='1']")
    tab.wait_for_function("document.activeElement && document.activeElement.id === 'id_roem_0'")
    seen = tab.evaluate(CLEAR_OF_BAR)
    assert seen == {"focused": "id_roem_0", "message": True, "clear": True, "top": True}, seen

    tab.goto("/rules/klaverjas/")
    heights = tab.evaluate(LINK_HEIGHTS, ["All presets"])
    assert heights.get("All presets", 0) >= 44, heights
