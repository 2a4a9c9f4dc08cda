"""The tie-break menus of the competition form show each choice whole on a 360 px phone, in
every language: each menu as wide as the list (the up and down buttons on the row of its
label, not beside it), the chosen words wrapping onto a second line where they are wider."""

from __future__ import annotations

import pytest
from django.conf import settings

from league.competitions import services as competitions_services
from league.models import Role
from tests.builders import make_user, signed_in

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

PHONE = {"width": 360, "height": 740}

# Every choice of every menu, chosen in turn: the height its words take at the menu's width
# (a block of the menu's font and width, wrapping), and the height the menu gives them. A menu
# that shows its words on one line, cut, gives less.
CUT_CHOICES = """() => {
  const cut = [];
  for (const menu of document.querySelectorAll('#tiebreak-chain select')) {
    const style = getComputedStyle(menu);
    const padding = (side) => parseFloat(style['padding' + side]);
    const chosen = menu.value;
    for (const option of menu.options) {
      menu.value = option.value;
      const probe = document.createElement('div');
      probe.textContent = option.textContent;
      probe.style.cssText = 'position:absolute; visibility:hidden; white-space:normal;';
      probe.style.font = style.font;
      probe.style.lineHeight = style.lineHeight;
      probe.style.width = (menu.clientWidth - padding('Left') - padding('Right')) + 'px';
      document.body.appendChild(probe);
      const needed = probe.getBoundingClientRect().height;
      probe.remove();
      const given = menu.clientHeight - padding('Top') - padding('Bottom');
      if (needed > given + 0.5) {
        cut.push(`${menu.id}: "${option.textContent}" needs ${Math.round(needed)} px, ` +
                 `has ${Math.round(given)}`);
      }
    }
    menu.value = chosen;
  }
  return cut;
}"""

# The menus' widths: as wide as the chain's list (the buttons are not beside them).
WIDTHS = """() => [...document.querySelectorAll('#tiebreak-chain .chain-slot')].map(
  (slot) => [slot.querySelector('select').getBoundingClientRect().width,
             slot.getBoundingClientRect().width])"""


@pytest.mark.parametrize("language", ["en", "de", "es", "fr", "nl"])
def test_every_tiebreak_choice_shows_whole_on_a_phone(new_context, live_server, language) -> None:
    organiser = make_user("olga", Role.ORGANISER)
    competitions_services.club_create(name="Abbey club")
    context = new_context(client=signed_in(organiser), viewport=PHONE)
    context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    tab = context.new_page()
    tab.goto("/competitions/new/")
    tab.wait_for_selector("#tiebreak-chain[data-ready='1']")
    assert tab.get_attribute("html", "lang") == language
    widths = tab.evaluate(WIDTHS)
    assert widths and all(menu >= slot - 1 for menu, slot in widths), widths
    assert tab.evaluate(CUT_CHOICES) == []
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360
