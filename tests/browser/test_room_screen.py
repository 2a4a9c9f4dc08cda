"""The room's screen on a TV (1920 x 1080) and a small projector (1280 x 720): every page of
every panel of the demo's events fits with no scrolling, the pages turn by themselves (with
JavaScript and without), and the round clock counts down and shows when it is paused."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.management.commands.demo import ORGANISER
from league.models import Club, Competition
from league.screen import services as screen_services
from league.screen.selectors import current_round
from tests.builders import make_league

# The demo's tests share a worker: on SQLite the demo is built there once and each crawl made once.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("demo-copy")]

SCREENS = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]

# The document, and the shown page's parts, against the window: nothing may be cut off or
# scroll (the parts clip what overflows, so each is measured against its own box too).
MEASURE = """() => {
  const root = document.documentElement;
  const out = [];
  if (root.scrollHeight > innerHeight) out.push(`page ${root.scrollHeight} px tall`);
  if (root.scrollWidth > innerWidth) out.push(`page ${root.scrollWidth} px wide`);
  const shown = [...document.querySelectorAll(".screen-page")].filter((p) => !p.hidden);
  if (shown.length !== 1) out.push(`${shown.length} pages shown`);
  for (const page of shown) {
    for (const part of [page, ...page.querySelectorAll(
        ".screen-body-part, .screen-head, .screen-column, .screen-boxes")]) {
      if (part.scrollHeight > part.clientHeight + 1 || part.scrollWidth > part.clientWidth + 1) {
        out.push(`${part.className}: ${part.scrollWidth} x ${part.scrollHeight} in ` +
                 `${part.clientWidth} x ${part.clientHeight}`);
      }
    }
    const box = page.getBoundingClientRect();
    if (box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5) out.push("page outside");
  }
  return out;
}"""


def screens() -> list[str]:
    return [reverse("screen:club", args=[club.slug]) for club in Club.objects.all()] + [
        reverse("screen:competition", args=[c.slug]) for c in Competition.objects.all()
    ]


@pytest.fixture
def big_league(demo):
    """Besides the demo, a league of 20 partnerships with long names: pages of tables and of
    standings, and names that must wrap rather than push the page wide or tall."""
    organiser = User.objects.get(username=ORGANISER)
    league = make_league(organiser, teams=20, name="Big league", club_name="Big club")
    for entrant in league.entrants.all():
        entrant.name = f"{entrant.name} Featherstonehaugh-Cholmondeley & Marjoribanks"
        entrant.save(update_fields=["name"])
    return league


@pytest.mark.layout
def test_every_page_of_every_screen_fits_a_tv_and_a_small_projector(big_league, new_context):
    problems = []
    checked = 0
    for size in SCREENS:
        context = new_context(viewport=size)
        page = context.new_page()
        for address in screens():
            page.goto(f"{address}?seconds=600")
            count = page.locator(".screen-page").count()
            for panel in range(count):
                page.goto(f"{address}?seconds=600&panel={panel}")
                found = page.evaluate(MEASURE)
                checked += 1
                problems += [f"{size['width']}: {address} panel {panel}: {p}" for p in found]
        context.close()
    assert checked > 10, "too few pages to mean anything"
    assert not problems, "\n".join(problems)


@pytest.fixture
def league(db) -> Competition:
    """A league of six pairs with round 1's results in: a screen of several pages (tonight's
    tables, the standings) and a round whose clock runs. Its own, not the demo: on
    PostgreSQL the demo is built again for each test (54 s), and what these tests watch is
    the screen's script, not the data."""
    from league.competitions import services as competitions_services
    from league.models import Role
    from tests.builders import make_user

    league = make_league(make_user("olga", Role.ORGANISER), teams=6, name="Winter league 2026")
    for fixture in league.fixtures.filter(round__number=1):
        competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    return league


def test_the_screen_turns_its_pages(league, new_context):
    page = new_context(viewport=SCREENS[1]).new_page()
    page.goto(reverse("screen:competition", args=[league.slug]) + "?seconds=1")
    first = page.locator(".screen-page:not([hidden])").get_attribute("id")
    page.wait_for_function(
        "(first) => document.querySelector('.screen-page:not([hidden])').id !== first", arg=first
    )
    assert page.locator(".screen-page:not([hidden])").count() == 1


def test_without_javascript_the_screen_moves_on_to_the_next_panel(league, new_context):
    page = new_context(viewport=SCREENS[1], java_script_enabled=False).new_page()
    page.goto(reverse("screen:competition", args=[league.slug]) + "?seconds=1")
    page.wait_for_url("**panel=1**")
    assert page.locator(".screen-page:not([hidden])").get_attribute("id") == "screen-page-1"


def test_the_clock_counts_down_and_shows_when_it_is_paused(league, new_context):
    night = current_round(league)
    screen_services.round_clock_set(night=night, minutes=30)
    screen_services.round_clock_start(night=night)
    page = new_context(viewport=SCREENS[0]).new_page()
    address = reverse("screen:competition", args=[league.slug]) + "?seconds=600"
    page.goto(address)
    clock = page.locator(".screen-page:not([hidden]) .clock-time")
    first = clock.text_content()
    assert first.startswith(("30:00", "29:5"))
    page.wait_for_function(
        "(first) => document.querySelector('.screen-page:not([hidden]) .clock-time')"
        ".textContent !== first",
        arg=first,
    )
    later = clock.text_content()
    assert later < first  # "29:58" < "29:59": the same width, counting down

    screen_services.round_clock_pause(night=night)
    page.goto(address)
    shown = page.locator(".screen-page:not([hidden]) .clock")
    assert "Paused" in shown.text_content()
    held = page.locator(".screen-page:not([hidden]) .clock-time").text_content()
    assert held.startswith("29:")


# What live.js does on an event (the lead's script): fetch the page again, put each part
# marked data-live in place, and say so.
SWAP = """async () => {
  const html = await (await fetch(location.href)).text();
  const fresh = new DOMParser().parseFromString(html, "text/html");
  for (const part of document.querySelectorAll("[data-live][id]")) {
    const next = fresh.getElementById(part.id);
    if (next) part.innerHTML = next.innerHTML;
  }
  document.dispatchEvent(new CustomEvent("live:updated"));
}"""


def test_after_a_live_swap_the_screen_shows_the_news_and_keeps_turning(league, new_context):
    night = current_round(league)
    screen_services.round_clock_set(night=night, minutes=30)
    screen_services.round_clock_start(night=night)
    page = new_context(viewport=SCREENS[1]).new_page()
    page.goto(reverse("screen:competition", args=[league.slug]) + "?seconds=2")
    assert page.locator(".clock").first.get_attribute("data-state") == "running"
    screen_services.round_clock_pause(night=night)
    page.evaluate(SWAP)
    shown = page.locator(".screen-page:not([hidden])")
    assert shown.count() == 1
    assert "Paused" in shown.locator(".clock").text_content()
    before = shown.get_attribute("id")
    page.wait_for_function(
        "(before) => document.querySelector('.screen-page:not([hidden])').id !== before",
        arg=before,
    )
    assert page.locator(".screen-page:not([hidden])").count() == 1


def test_the_directors_page_counts_the_running_clock_down(new_context) -> None:
    import re

    from playwright.sync_api import expect

    from league.models import Role
    from tests.builders import make_user, signed_in

    organiser = make_user("olga", Role.ORGANISER)
    league = make_league(organiser)
    night = league.rounds.get(number=1)
    screen_services.round_clock_set(night=night, minutes=2)
    screen_services.round_clock_start(night=league.rounds.get(number=1))
    tab = new_context(signed_in(organiser), viewport={"width": 360, "height": 740}).new_page()
    tab.goto(f"/c/{league.slug}/")
    # The page was drawn with 2:00 left; the script takes it down a second at a time.
    expect(tab.locator("#clock-now")).to_have_text(re.compile(r"^Running: 1:5\d left\.$"))
