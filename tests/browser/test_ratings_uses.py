"""The ratings' uses on a phone 360 px wide, without JavaScript: the director seeds a cup by
rating (each entrant's rating beside its seed), a fixture's page and a side's entry link show
the chances before the game, and the organiser draws a rotation with partners balanced by
rating. No page is wider than the screen, and the new controls are finger-sized."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import EntrantKind, Role
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.builders import make_league, make_user, rated, signed_in, tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
LONG = "Wilhelmina Cornelia van der Westhuizen-Oppenheimer"

# Whether the page fits the screen; else the elements that stick out past its right edge while
# their parent does not.
WIDE = """() => {
  const screen = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= screen) return [];
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    [...el.classList].map((c) => "." + c).join("");
  return [...document.body.querySelectorAll("*")]
    .filter((el) => el.getBoundingClientRect().right > screen + 0.5 &&
      el.parentElement.getBoundingClientRect().right <= screen + 0.5)
    .map((el) => name(el) + " " + Math.round(el.getBoundingClientRect().right));
}"""

# A control's tap target: the label around a tick box or radio button, else the control.
TAP = """(selector) => {
  const el = document.querySelector(selector);
  const box = (el.closest("label") || el).getBoundingClientRect();
  return [box.width, box.height];
}"""


def fits(page) -> None:
    assert page.evaluate(WIDE) == [], page.url


def finger_sized(page, selector: str) -> None:
    width, height = page.evaluate(TAP, selector)
    assert width >= 43.5 and height >= 43.5, (selector, width, height)


def test_the_ratings_uses_on_a_phone_without_javascript(new_context):
    organiser = make_user("olga", Role.ORGANISER)
    client = signed_in(organiser)
    context = new_context(client, viewport=PHONE, java_script_enabled=False)
    page = context.new_page()

    # Seeding a cup by rating.
    cup = tournament(organiser, 5, name="Rated cup", names=(LONG, "Bert", "Cora", "Dirk", "Eve"))
    players = {p.name: p for p in cup.club.players.all()}
    rated(players["Cora"], 30, 2)
    rated(players[LONG], 17, 6)  # conservative -1: below the newcomers' 0
    page.goto(reverse("tournaments:director", args=[cup.slug]))
    fits(page)
    finger_sized(page, "input[name=seed-method][value=rating]")
    page.check("input[name=seed-method][value=rating]")
    with page.expect_navigation():
        page.click("#seeding button[type=submit]")
    fits(page)
    seeds = dict(cup.entrants.values_list("name", "seed"))
    assert seeds == {"Cora": 1, "Bert": 2, "Dirk": 3, "Eve": 4, LONG: 5}

    # The chances before a game: a fixture's page and both entry links.
    league = make_league(organiser, teams=2, name="Rated league", club_name="Rated club")
    fixture = league.fixtures.get()
    for side in fixture.sides.all():
        partnership = side.entrant.partnership
        partnership.name = f"{LONG} & {partnership.second.name}"
        partnership.save()
        side.entrant.name = partnership.name
        side.entrant.save()
        rated(partnership.first, 28 + side.side, 2)
    page.goto(reverse("competitions:fixture-detail", args=[league.slug, fixture.pk]))
    assert "Chances of winning" in page.inner_text("#chances")
    fits(page)
    started = tournament(organiser, 2, name="Two", names=(LONG, "Bert"))
    tournaments_services.tournament_start(competition=started)
    for side in started.fixtures.get().sides.all():
        page.goto(reverse("tournaments:entry", args=[side.entry_token]))
        assert "Chances of winning" in page.inner_text("#chances")
        fits(page)

    # A rotation drawn with partners balanced by rating.
    club = competitions_services.club_create(name="Individual club")
    rotation = competitions_services.competition_create(
        club=club,
        name="Thursday individual",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.ROTATION,
        by=organiser,
    )
    for i, name in enumerate("ABCDEFGH"):
        person = competitions_services.player_add(club=club, name=name)
        rated(person, 20 + i, 2)
        competitions_services.entrant_add(competition=rotation, player=person)
    page.goto(reverse("competitions:detail", args=[rotation.slug]))
    fits(page)
    finger_sized(page, "#id_draw-balance")
    page.fill("#id_draw-rounds", "2")
    page.click("label[for=id_draw-balance]")  # the label takes the tap
    with page.expect_navigation():
        page.click("#draw button[type=submit]")
    night = rotation.rounds.get(number=1)
    partners = {
        frozenset(s.entrant.name for s in f.sides.filter(side=side))
        for f in night.fixtures.all()
        for side in (0, 1)
    }
    assert partners == {frozenset("HA"), frozenset("GB"), frozenset("FC"), frozenset("ED")}
