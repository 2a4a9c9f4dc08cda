"""A knockout run in a real browser: the organiser creates a four-player cup, enters and seeds
the players and starts it; each match is played through the loser's entry link (no account:
start the game, enter the deals with the keyboard until it ends) and confirmed through the
winner's; the bracket page then names the champion, and stays within a phone's width."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from league.accounts import services
from league.competitions import services as competitions_services
from league.models import Competition, Role

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "director-password-8"
NAMES = ["Anna", "Bert", "Cora", "Dirk"]


def enter_deal_by_keyboard(page, makers: int, points: tuple[int, int]) -> None:
    """Klaberjass: choose the makers with the space bar, type both sides' card points (not
    every card is played, so neither is filled in), press Enter."""
    page.focus(f"#id_makers_{makers}")
    page.keyboard.press("Space")
    page.focus("#id_card_points_0")
    page.keyboard.type(str(points[0]))
    page.keyboard.press("Tab")
    page.keyboard.type(str(points[1]))
    with page.expect_navigation():
        page.keyboard.press("Enter")


def entry_links(page) -> list[tuple[str, str]]:
    """The director's open tables: (table id, entry link of side 1, of side 2)."""
    tables = []
    for card in page.query_selector_all("li.director-table"):
        links = [a.get_attribute("href") for a in card.query_selector_all("a.entry-url")]
        if links:
            tables.append((card.get_attribute("id"), *links))
    return tables


def test_a_knockout_from_the_new_tournament_form_to_the_champion(page, browser, live_server):
    organiser = User.objects.create_user("director", password=PASSWORD)
    services.user_set_role(user=organiser, role=Role.ORGANISER)
    club = competitions_services.club_create(name="Thursday club")
    for name in NAMES:
        competitions_services.player_add(club=club, name=name)

    page.goto("/accounts/login/")
    page.fill("#id_username", "director")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")

    # The organiser creates the cup: Klaberjass to 200, one game a match.
    page.goto(f"/tournaments/new/?club={club.slug}")
    page.fill("#id_name", "Spring cup")
    page.select_option("#id_preset", "klaberjass")
    page.fill("#id_target", "200")
    page.select_option("#id_format", "single")
    page.click("text=Create the tournament")
    cup = Competition.objects.get()
    assert page.url.endswith(f"/c/{cup.slug}/director/")

    for name in NAMES:
        page.select_option("#id_entrant-player", label=name)
        page.click("#add-entrant button[type=submit]")
        page.wait_for_selector(f"text={name} entered.")
    # Seeds by hand: the order entered.
    for number, entrant in enumerate(cup.entrants.order_by("id"), start=1):
        page.fill(f"#id_seed-seed_{entrant.pk}", str(number))
    page.click("text=Save the seeds")
    page.wait_for_selector("text=Seeds saved.")
    page.click("text=Start the tournament")
    page.wait_for_selector("text=The tournament has started")

    # Players open their links in a browser of their own, signed in to nothing.
    players = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 800})
    table = players.new_page()
    table.set_default_timeout(10_000)
    played = 0
    while tables := entry_links(page):
        for _card, home_link, away_link in tables:
            # The home side (the better seed) wins: the away side enters, the home confirms.
            table.goto(away_link)
            table.click("#start-game")
            table.wait_for_selector("#deal-form")
            while table.query_selector("#deal-form") is not None:
                enter_deal_by_keyboard(table, makers=0, points=(120, 42))
            assert "Waiting for" in table.inner_text("#waiting")
            assert table.evaluate("document.documentElement.scrollWidth") <= 360

            table.goto(home_link)
            table.click("#confirm-result")
            table.wait_for_selector("text=Result confirmed")
            assert "The result is confirmed" in table.inner_text("#result")
            played += 1
        page.reload()
    assert played == 3

    page.goto(f"/c/{cup.slug}/bracket/")
    assert page.inner_text("#champion") == "Champion: Anna"
    places = [li.inner_text() for li in page.query_selector_all("#placings li")]
    assert places[:2] == ["1 Anna", "2 Bert"]
    assert "won" in page.get_attribute("#match-W2-1 li.side:first-child", "class")

    # On a phone the bracket scrolls inside its box; the page itself does not widen.
    page.set_viewport_size({"width": 360, "height": 800})
    page.reload()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    players.close()
