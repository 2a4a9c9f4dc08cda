"""The charts on a phone 360 px wide: the game sheet's and the standings' fit the screen (no
sideways scroll), their labels read at 10 px or more, the CSP refuses nothing, and "The numbers"
is a finger-sized tap that opens the table, which prints open."""

from __future__ import annotations

import pytest

from league.competitions import services as competitions_services
from league.models import Role
from tests.builders import add, fixtures_of, make_league, make_user, start_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

PHONE = {"width": 360, "height": 740}

MEASURE = """(key) => {
  const figure = document.getElementById(key);
  const svg = figure.querySelector("svg");
  const texts = [...svg.querySelectorAll("text")].map((t) => t.getBoundingClientRect().height);
  const summary = figure.querySelector("summary").getBoundingClientRect();
  return {
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
    svg: svg.getBoundingClientRect().width,
    svgRight: svg.getBoundingClientRect().right,
    smallestText: Math.min(...texts),
    summary: [summary.width, summary.height],
  };
}"""


def check(browser, live_server, address: str, key: str) -> None:
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    page = context.new_page()
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    page.goto(address)
    seen = page.evaluate(MEASURE, key)
    # printed, the numbers show though nobody opened them
    page.emulate_media(media="print")
    printed = page.locator(f"#{key}-numbers table").is_visible()
    page.emulate_media(media="screen")
    closed = page.locator(f"#{key}-numbers table").is_visible()
    page.click(f"#{key}-numbers summary")
    table_shown = page.locator(f"#{key}-numbers table").is_visible()
    context.close()
    assert seen["page"] <= seen["screen"], seen
    assert seen["svgRight"] <= seen["screen"] and seen["svg"] >= 300, seen
    assert seen["smallestText"] >= 10, seen
    assert seen["summary"][1] >= 43.5, seen
    assert table_shown and printed and not closed
    assert refused == []


def test_the_game_sheet_with_its_chart_fits_a_phone(browser, live_server):
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer, names=["Margaret & Bartholomew", "Carl & Dora"])
    for n in range(6):
        add(game, scorer, makers=n % 2, card_points=(100, 62) if n % 5 else (60, 102))
    check(browser, live_server, f"/games/{game.pk}/", "game-chart")


def test_the_standings_with_their_chart_fit_a_phone(browser, live_server):
    organiser = make_user("olga", Role.ORGANISER)
    league = make_league(organiser, teams=10)
    for entrant in league.entrants.all():  # long names, as clubs write them
        entrant.name = f"{entrant.name}: Margaret Featherstonehaugh & Bartholomew"
        entrant.save()
    for i, fixture in enumerate(f for f in fixtures_of(league) if f.round.number <= 5):
        score = (300 + i, 510 + i) if i % 3 == 1 else (500 + 7 * i, 200 + i)
        competitions_services.fixture_type_result(fixture=fixture, scores=[score])
    check(browser, live_server, f"/c/{league.slug}/standings/", "positions-chart")
