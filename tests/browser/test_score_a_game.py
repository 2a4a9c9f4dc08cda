"""A scorer runs a whole game in a real browser: sets up the club, starts a game, enters deals
with the keyboard, sees a set marked XX, finishes the game and downloads the sheet PDF."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from league.models import Game, Role
from tests.builders import PASSWORD as USER_PASSWORD
from tests.builders import add, make_user, start_game

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "club-night-password-7"


def enter_deal_by_keyboard(page, makers: int, card_points: int, meld: str | None = None):
    """Choose the makers with the space bar, type one side's card points, press Enter."""
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.focus(f"#id_makers_{makers}")
    page.keyboard.press("Space")
    if meld:
        if not page.is_visible(f"#id_{meld}"):
            page.click("#more-melds summary")  # a rarer meld is folded under "More melds"
        page.focus(f"#id_{meld}")
        page.keyboard.type("1")
    page.focus("#id_card_points_0")
    page.keyboard.type(str(card_points))
    page.keyboard.press("Enter")
    page.wait_for_load_state()


def test_a_scorer_runs_a_game_from_the_first_visit_to_the_printed_sheet(page, tmp_path):
    # An empty install: the first visitor creates the organiser account.
    page.goto("/setup/")
    page.fill("#id_username", "secretary")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main button[type=submit]")
    assert "you are this club's organiser" in page.content()

    page.goto("/games/new/")
    page.select_option("#id_preset", "clabber")
    page.fill("#id_side_0", "Anna & Ben")
    page.fill("#id_side_1", "Carl & Dora")
    page.fill("#id_table", "2")
    page.click("text=House rules (optional)")
    page.fill("#id_target", "300")
    page.click("text=Start the game")
    game = Game.objects.get()
    assert page.url.endswith(f"/games/{game.pk}/")

    # The other side's card points fill in, and the preview says what the deal will score.
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.focus("#id_makers_0")
    page.keyboard.press("Space")
    page.focus("#id_card_points_0")
    page.keyboard.type("70")
    assert page.input_value("#id_card_points_1") == "92"
    page.wait_for_selector("#preview >> text=Set (XX)")
    page.keyboard.press("Enter")
    page.wait_for_selector("#deal-1")
    assert page.inner_text("#deal-1 td.mark-set") == "XX"

    enter_deal_by_keyboard(page, makers=0, card_points=90)
    assert "90" in page.inner_text("#deal-2")

    # An impossible deal is refused next to the card points, and nothing is saved.
    page.focus("#id_makers_0")
    page.keyboard.press("Space")
    page.focus("#id_card_points_0")
    page.keyboard.type("161")
    page.keyboard.press("Enter")
    page.wait_for_selector("#error-card_points")
    assert "cannot happen" in page.inner_text("#error-card_points")
    assert game.deals.count() == 2

    # Carl & Dora make it with four jacks: 122 + 200 takes them past 300.
    page.goto(f"/games/{game.pk}/")
    enter_deal_by_keyboard(page, makers=1, card_points=40, meld="meld_1_four_jacks")
    page.wait_for_selector("text=Carl & Dora won")
    assert page.query_selector("#deal-form") is None
    game.refresh_from_db()
    assert game.winner == 1 and game.totals == [130, 486]

    # The sheet PDF, fetched with the browser's session, reads back names, marks and winner.
    response = page.request.get(f"/games/{game.pk}/sheet.pdf")
    assert response.headers["content-type"] == "application/pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
    assert "Anna & Ben" in text and "Carl & Dora" in text and "XX" in text
    assert "Winner: Carl & Dora" in text

    # On a phone the sheet and the form stay usable at 360 px: nothing widens the page.
    page.set_viewport_size({"width": 360, "height": 800})
    new_game = page.goto("/games/new/")
    assert new_game.ok
    page.goto(f"/games/{game.pk}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(tmp_path / "sheet-360.png"), full_page=True)
    assert (tmp_path / "sheet-360.png").stat().st_size > 10_000


def test_a_corrections_preview_scores_with_the_points_held_before_its_deal(page):
    # klaberjass-hang: deal 2 is a tie that holds 162 for the next winner. Deal 1's correction
    # page previews, as the scorer types, what saving gives: the held 162 are not deal 1's.
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer, "klaberjass-hang", names=["Anna", "Carl"])
    add(game, scorer, makers=0, card_points=(100, 62))
    add(game, scorer, makers=0, card_points=(81, 81))
    page.goto("/accounts/login/")
    page.fill("#id_username", "sam")
    page.fill("#id_password", USER_PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_load_state()

    page.goto(f"/games/{game.pk}/deals/1/")
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.fill("#id_card_points_0", "90")
    page.wait_for_selector("#preview >> text=Made.")
    assert page.inner_text("#preview").split() == ["Made.", "Anna:", "90", "Carl:", "62"]
    with page.expect_navigation():
        page.click("#save-deal")
    assert game.deals.get(number=1).points == [90, 62]
