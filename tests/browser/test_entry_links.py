"""The two entry links of a match on two phones (two browser contexts, 360 px wide): one side
enters, the other is told it confirms; the same deal typed on both phones is saved once; entry
can be taken over; the entering side undoes its last deal in one tap; the confirming side
disputes the result with its words instead of confirming. And a league game started from the
fixtures page: asked first, linked back to its match, abandoned by the organiser."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from league.competitions import services as competitions_services
from league.models import Deal, FixtureSide, Game, Role
from league.tournaments import services as tournaments_services
from tests.builders import PASSWORD, fixtures_of, make_league, make_user, tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}


def phone(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    return context, tab


def fits(tab) -> None:
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def type_deal(tab, makers: int, points: tuple[int, int]) -> None:
    """Klaberjass: the makers and both sides' card points (not every card is played)."""
    tab.wait_for_selector("#deal-form[data-ready='1']")
    tab.check(f"#id_makers_{makers}")
    tab.fill("#id_card_points_0", str(points[0]))
    tab.fill("#id_card_points_1", str(points[1]))


def save(tab) -> None:
    with tab.expect_navigation():
        tab.click("#save-deal")


def started_match(organiser: User):
    competition = tournament(organiser, 2, name="Swiss night")
    tournaments_services.tournament_start(competition=competition)
    fixture = competition.fixtures.get()
    tokens = {s.side: s.entry_token for s in FixtureSide.objects.filter(fixture=fixture)}
    return fixture, f"/m/{tokens[0]}/", f"/m/{tokens[1]}/"


def test_both_links_type_deal_1_it_is_saved_once_and_one_side_enters(browser, live_server):
    organiser = make_user("director", Role.ORGANISER)
    fixture, home, away = started_match(organiser)
    # The director started the game: both phones show the form for deal 1, as in the issue.
    competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    (one, first), (two, second) = phone(browser, live_server), phone(browser, live_server)
    first.goto(away)
    second.goto(home)
    assert "Deal 1" in first.inner_text("#entry") and "Deal 1" in second.inner_text("#entry")
    type_deal(first, 0, (120, 42))
    type_deal(second, 0, (120, 42))
    save(first)
    save(second)
    said = second.inner_text("#entry-error")
    assert "Deal 1 was already entered from another phone: 120 - 42" in said
    # Both pages show the sheet as it is: one deal. The second phone is told who enters.
    assert second.locator("#deal-2").count() == 0 and second.locator("#deal-1").count() == 1
    assert "P2 enters the deals; you confirm the result." in second.inner_text("#they-enter")
    assert second.locator("#deal-form").count() == 0
    fits(second)
    first.reload()
    assert first.locator("#deal-2").count() == 0
    assert Deal.objects.count() == 1

    # The home side takes over entry deliberately: asked, then it enters and the away confirms.
    second.click("text=Enter the deals yourselves instead")
    assert "Agree it at the table first" in second.inner_text("#take-over")
    with second.expect_navigation():
        second.click("#take-over-entry")
    assert "Deal 2" in second.inner_text("#entry")
    fits(second)
    first.reload()
    assert "P1 enters the deals" in first.inner_text("#they-enter")
    assert first.locator("#deal-form").count() == 0
    one.close()
    two.close()


def test_undo_the_last_deal_then_the_other_side_disputes_the_result(browser, live_server):
    organiser = make_user("director", Role.ORGANISER)
    fixture, home, away = started_match(organiser)
    (one, enters), (two, confirms) = phone(browser, live_server), phone(browser, live_server)
    enters.goto(away)
    with enters.expect_navigation():
        enters.click("#start-game")
    type_deal(enters, 1, (42, 120))  # a slip: the wrong side made it
    save(enters)
    assert "Undo deal 1" in enters.inner_text("#undo-deal")
    fits(enters)
    with enters.expect_navigation():
        enters.click("#undo-deal")
    assert "Deal 1 undone (42 - 120)" in enters.inner_text(".messages")
    assert enters.locator("#deal-1").count() == 0 and "Deal 1" in enters.inner_text("#entry")
    for _ in range(2):
        type_deal(enters, 0, (120, 42))
        save(enters)
    assert "Waiting for P1 to confirm" in enters.inner_text("#waiting")

    confirms.goto(home)
    assert confirms.locator("#confirm-result").is_visible()
    confirms.click("text=This is not what we played")
    confirms.fill("#id_words", "Deal 2 was ours: 42 - 120.")
    with confirms.expect_navigation():
        confirms.click("#dispute-send")
    assert "The result is disputed" in confirms.inner_text("#match-events")
    assert "Deal 2 was ours: 42 - 120." in confirms.inner_text("#match-events")
    assert confirms.locator("#confirm-result").count() == 0
    fits(confirms)
    fixture.refresh_from_db()
    assert fixture.disputed_at is not None and fixture.confirmed_at is None
    one.close()
    two.close()


def test_a_league_game_asked_for_linked_back_and_abandoned(browser, live_server):
    organiser = make_user("olga", Role.ORGANISER)
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    context, tab = phone(browser, live_server)
    tab.goto("/accounts/login/")
    tab.fill("#id_username", "olga")
    tab.fill("#id_password", PASSWORD)
    with tab.expect_navigation():
        tab.click("main button[type=submit]")

    tab.goto(f"/c/{league.slug}/fixtures/{fixture.pk}/")
    with tab.expect_navigation():
        tab.click("#start-game")
    # Asked first: who plays, and a button; nothing started yet.
    assert "Start the game?" in tab.inner_text("h1")
    assert "Pair" in tab.inner_text("#start-who")
    assert not Game.objects.exists()
    fits(tab)
    with tab.expect_navigation():
        tab.click("#start-game")
    game = Game.objects.get()
    assert tab.url.endswith(f"/games/{game.pk}/")
    assert "Winter league" in tab.inner_text("#game-place")
    fits(tab)

    with tab.expect_navigation():
        tab.click("#abandon")
    assert "Abandon this game?" in tab.inner_text("h1")
    fits(tab)
    with tab.expect_navigation():
        tab.click("#abandon-game")
    assert tab.url.endswith(f"/c/{league.slug}/fixtures/{fixture.pk}/")
    assert "Start the game" in tab.inner_text("#start-game")
    game.refresh_from_db()
    assert game.abandoned and game.fixture_id is None
    fits(tab)
    context.close()
