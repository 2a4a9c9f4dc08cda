"""A Swiss round drawn, reviewed and published on a phone (360 px): the director starts the
tournament (round 1 is drawn as a draft), swaps two entrants, publishes; after round 1 is
played, a swap that makes a rematch is shown with its warning and made only once the box is
ticked; every page stays within the phone's width."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from league.accounts import services as accounts_services
from league.models import FixtureSide, Role, TournamentFormat
from tests.builders import open_fixtures, play_by_links, tournament

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "director-password-8"


def pairs(page, number: int) -> list[list[str]]:
    rows = page.query_selector_all(f"#round-{number} li.pairing .pair")
    return [row.inner_text().split(" v ") for row in rows]


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_draw_swap_and_publish_a_swiss_round_on_a_phone(page):
    organiser = User.objects.create_user("director", password=PASSWORD)
    accounts_services.user_set_role(user=organiser, role=Role.ORGANISER)
    swiss = tournament(
        organiser,
        4,
        TournamentFormat.SWISS,
        names=("Anna", "Bert", "Cora", "Dirk"),
        swiss_rounds=3,
    )
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto("/accounts/login/")
    page.fill("#id_username", "director")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")

    page.goto(f"/c/{swiss.slug}/director/")
    page.click("text=Start the tournament")
    page.wait_for_selector("#round-1 .draft-tag")
    assert "not published" in page.inner_text("#draft-note")
    assert page.query_selector("#round-1 a.entry-url") is None
    (a, b), (c, d) = pairs(page, 1)
    fits(page)

    # Swap the two away sides: a new pairing, no warning.
    page.select_option("#id_swap-first", label=b)
    page.select_option("#id_swap-second", label=d)
    page.click("#swap button[type=submit]")
    page.wait_for_selector(f"text={b} and {d} swapped.")
    assert pairs(page, 1) == [[a, d], [c, b]]
    fits(page)

    page.click("#publish button[type=submit]")
    page.wait_for_selector("text=Round 1 is published")
    links = page.query_selector_all("#round-1 a.entry-url")
    assert len(links) == 4
    # Each link has its QR code to show, and (the page being on localhost) a copy button.
    page.click("#round-1 .entry-qr summary >> nth=0")
    assert page.is_visible("#round-1 svg.qr >> nth=0")
    assert page.is_visible("#round-1 button.copy-link >> nth=0")
    fits(page)

    # Round 1 is played; round 2 is drawn as a draft.
    for fixture in open_fixtures(swiss, publish=False):
        play_by_links(fixture, 0)
    met = {}
    for fixture in swiss.fixtures.filter(round__number=1):
        x, y = (s.entrant.name for s in fixture.sides.order_by("side").select_related("entrant"))
        met[x], met[y] = y, x
    page.reload()
    page.wait_for_selector("#round-2 .draft-tag")
    (p, q), (r, s) = pairs(page, 2)
    first, second = (q, met[p]) if met[p] in (r, s) else (p, met[q])

    page.select_option("#id_swap-first", label=first)
    page.select_option("#id_swap-second", label=second)
    page.click("#swap button[type=submit]")
    page.wait_for_selector("#swap-warning")
    assert "have already played each other" in page.inner_text("#swap-warning")
    assert pairs(page, 2) == [[p, q], [r, s]]  # nothing swapped yet
    fits(page)
    page.check("#id_swap-confirm")
    page.click("#swap button[type=submit]")
    page.wait_for_selector(f"text={first} and {second} swapped.")
    assert pairs(page, 2) != [[p, q], [r, s]]

    page.click("#publish button[type=submit]")
    page.wait_for_selector("text=Round 2 is published")
    tokens = FixtureSide.objects.filter(fixture__round__number=2).values_list(
        "entry_token", flat=True
    )
    page.goto(f"/m/{tokens[0]}/")
    page.wait_for_selector("#start-game")
    fits(page)
