"""Every page of the demo on a phone 360 px wide: none is wider than the screen, every tap
target is finger-sized (44 x 44 px) and every input writes in 18 px text at least.

The pages are found by crawling from the home page (tests/crawl.py) as each kind of visitor:
signed out, a scorer and the organiser, so a page added later is looked at without being
listed here. One browser, one browser context a visitor, signed in once (the crawl's session
is handed to the browser). Every page that fails is reported at once, with the element that
sticks out furthest, so one run shows all there is to fix. Wide tables scroll in their own box
with a hint (static/js/scroll-hint.js): the last tests here."""

from __future__ import annotations

import pytest
from django.test import Client

from league.games import services as games_services
from league.management.commands.demo import DEMO_PASSWORD, ORGANISER, SCORERS
from league.models import Role
from scoring import Deal
from tests.builders import add, make_user, signed_in, start_game
from tests.crawl import html_pages

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
VISITORS = {"signed out": None, "scorer": SCORERS[0], "organiser": ORGANISER}

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

# Things a finger taps, smaller than 44 x 44 px: the menu's links and buttons, every button and
# form control (a radio button or tick box counts with the label around it, which takes the
# tap too); and inputs whose text is smaller than 18 px.
CONTROLS = """() => {
  const found = [];
  const describe = (el, what) => {
    const words = (el.name || el.textContent.trim().split("\\n")[0] || el.value || "").trim();
    return `${el.tagName.toLowerCase()}${el.type ? "[" + el.type + "]" : ""} ` +
      `"${words.slice(0, 30)}": ${what}`;
  };
  for (const el of document.querySelectorAll(
      "nav a, nav button, button, input:not([type=hidden]), select, textarea")) {
    const choice = el.type === "checkbox" || el.type === "radio";
    const target = (choice && el.closest("label")) || el;
    const box = target.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;  // not shown
    if ((box.width < 43.5 || box.height < 43.5)) {
      found.push(describe(el, `${Math.round(box.width)} x ${Math.round(box.height)} px`));
    }
    const text = parseFloat(getComputedStyle(el).fontSize);
    if (el.matches("input:not([type=checkbox], [type=radio]), select, textarea") && text < 18) {
      found.push(describe(el, `${text} px text`));
    }
  }
  return found;
}"""


def test_every_page_fits_a_phone(demo, new_context):
    too_wide: list[str] = []
    too_small: dict[str, str] = {}  # a control and what is wrong: the first page it is on
    seen = 0
    for visitor, username in VISITORS.items():
        client = Client()
        if username:
            assert client.login(username=username, password=DEMO_PASSWORD)
        pages = html_pages(client)
        context = new_context(client if username else None, viewport=PHONE, is_mobile=True)
        page = context.new_page()
        for url in pages:
            page.goto(url)
            measured = page.evaluate(MEASURE)
            if measured["width"] > PHONE["width"]:
                worst = ", ".join(
                    f"{c['name']} ({c['width']} px wide, to {c['right']} px)"
                    for c in measured["culprits"]
                )
                too_wide.append(f"{visitor}: {url} is {measured['width']} px wide: {worst}")
            for control in page.evaluate(CONTROLS):
                too_small.setdefault(control, f"{visitor}: {url}")
        seen += len(pages)
        context.close()
    assert seen > 100, "the crawl found too few pages to mean anything"
    report = [f"{len(too_wide)} of {seen} pages are wider than a phone:", *too_wide]
    report += ["Controls too small for a finger or an older eye:"]
    report += [f"{control}, first on {where}" for control, where in too_small.items()]
    assert not too_wide and not too_small, "\n".join(report)


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


def test_the_corrections_table_scrolls_in_its_own_box_on_a_phone(new_context, corrected_game):
    width, scrolls, hint, focusable = corrections(new_context, corrected_game, width=360)
    assert width <= 360 and scrolls
    assert hint and focusable


def test_the_hint_shows_only_when_the_table_is_wider_than_its_box(new_context, corrected_game):
    width, scrolls, hint, focusable = corrections(new_context, corrected_game, width=1280)
    assert width <= 1280 and not scrolls
    assert not hint and not focusable


def test_without_javascript_a_phone_still_shows_the_hint(new_context, corrected_game):
    width, scrolls, hint, focusable = corrections(
        new_context, corrected_game, width=360, javascript=False
    )
    assert width <= 360 and scrolls and hint and focusable
