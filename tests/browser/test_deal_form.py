"""The deal form on a 360 x 740 phone, in a real Chromium: a box's message after a save (with
and without JavaScript), Enter after a meld's "+", Save and the preview in view while the card
points are typed, 44 px tap targets, and the sheet's corrections within reach."""

from __future__ import annotations

import pytest

from league.models import Game, Role
from league.tournaments import services as tournaments_services
from tests.builders import PASSWORD, add, make_user, start_game, tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def scorer():
    return make_user("sam", Role.SCORER)


@pytest.fixture
def organiser():
    return make_user("olga", Role.ORGANISER)


def phone(browser, live_server, *, javascript: bool = True):
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, java_script_enabled=javascript
    )
    context.set_default_timeout(10_000)
    return context


def sign_in(page, username: str = "sam") -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_load_state()


def box(page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def in_view(page, selector: str) -> bool:
    b = box(page, selector)
    return (
        b["y"] >= 0
        and b["y"] + b["height"] <= PHONE["height"]
        and b["x"] >= 0
        and (b["x"] + b["width"] <= PHONE["width"])
    )


# -- a box's message after a save (item 2) -----------------------------------------------------
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("card_points_0", "900", "No side takes more than 162 card points."),
        ("card_points_0", "-5", "Card points cannot be below 0."),
        ("card_points_0", "80.5", "Card points are a whole number."),
        ("meld_0_run3", "5", "Anna & Ben: at most 4 of one meld."),
    ],
)
def test_a_boxs_message_shows_beside_it_after_enter(
    browser, live_server, scorer, javascript, field, typed, message
):
    game = start_game(scorer)
    context = phone(browser, live_server, javascript=javascript)
    page = context.new_page()
    sign_in(page)
    page.goto(f"/games/{game.pk}/")
    if javascript:
        page.wait_for_selector("#deal-form[data-ready='1']")
    page.check("#id_makers_0")
    if field != "card_points_0":
        page.fill("#id_card_points_0", "80")
    page.fill(f"#id_{field}", typed)
    with page.expect_navigation():
        page.press(f"#id_{field}", "Enter")
    # The page the server sent back: the value kept, its message beside the box, nothing saved.
    assert page.input_value(f"#id_{field}") == typed
    error = page.locator(f"#id_{field}_error")
    assert error.is_visible() and error.inner_text() == message
    assert page.get_attribute(f"#id_{field}", "aria-describedby") == f"id_{field}_error"
    assert game.deals.count() == 0
    if javascript:
        # The script keeps the message until the box is put right.
        page.wait_for_selector("#deal-form[data-ready='1']")
        assert error.is_visible()
        page.fill(f"#id_{field}", "1" if field.startswith("meld") else "81")
        error.wait_for(state="hidden")
    context.close()


# -- Enter after a "+" (item 3) ------------------------------------------------------------------
def test_enter_after_a_meld_plus_saves_the_deal_and_adds_no_meld(browser, live_server, scorer):
    game = start_game(scorer)
    context = phone(browser, live_server)
    page = context.new_page()
    sign_in(page)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.check("#id_makers_0")
    page.fill("#id_card_points_0", "90")
    plus = page.locator("button.meld-add[data-for='id_meld_0_run3']")
    plus.click()
    assert page.input_value("#id_meld_0_run3") == "1"
    assert page.evaluate("document.activeElement.classList.contains('meld-add')")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_selector("#deal-1")
    deal = Game.objects.get(pk=game.pk).deals.get()
    assert deal.melds == [["run3"], []]
    context.close()


def test_enter_on_a_choice_saves_the_deal(browser, live_server, scorer):
    game = start_game(scorer)
    context = phone(browser, live_server)
    page = context.new_page()
    sign_in(page)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.fill("#id_card_points_0", "90")
    page.focus("#id_makers_0")
    page.keyboard.press("Space")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_selector("#deal-1")
    assert game.deals.count() == 1
    context.close()


# -- Save and the preview in view (item 7) -------------------------------------------------------
def check_bar_in_view_while_typing(page) -> None:
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.locator("#id_makers_0").check()
    page.fill("#id_card_points_1", "72")  # some games fill it in, others ask for both
    page.locator("#id_card_points_0").click()
    page.keyboard.press("Control+A")
    page.keyboard.type("90")
    page.wait_for_selector("#preview .preview-summary")
    assert in_view(page, "#id_card_points_0")
    assert in_view(page, "#preview .preview-summary")
    assert in_view(page, "#save-deal")
    # The bar does not cover the box being typed in.
    assert (
        box(page, "#id_card_points_0")["y"] + box(page, "#id_card_points_0")["height"]
        <= box(page, "#deal-bar")["y"]
    )
    # At the end of the form the bar hides no box: it sits after the last one.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    last = box(page, "#group-unusual")
    assert last["y"] + last["height"] <= box(page, "#deal-bar")["y"]


@pytest.mark.layout
def test_on_a_phone_save_and_the_preview_stay_in_view_while_typing(browser, live_server, scorer):
    game = start_game(scorer)
    for _ in range(3):
        add(game, scorer, makers=0, card_points=(90, 72))
    context = phone(browser, live_server)
    page = context.new_page()
    sign_in(page)
    page.goto(f"/games/{game.pk}/")
    check_bar_in_view_while_typing(page)
    # "More melds" is folded: the form is short enough to reach Save by scrolling little.
    assert not page.locator("#id_meld_0_four_jacks").is_visible()
    page.click("#more-melds summary")
    assert page.locator("#id_meld_0_four_jacks").is_visible()
    context.close()


@pytest.mark.layout
def test_on_an_entry_link_save_and_the_preview_stay_in_view(browser, live_server, organiser):
    competition = tournament(organiser, 2)
    tournaments_services.tournament_start(competition=competition)
    side = competition.fixtures.get().sides.get(side=0)
    tournaments_services.token_start_game(side=side)
    context = phone(browser, live_server)
    page = context.new_page()
    page.goto(f"/m/{side.entry_token}/")
    check_bar_in_view_while_typing(page)
    context.close()


# -- tap targets, text size, headings (item 8) ---------------------------------------------------
@pytest.mark.layout
def test_on_a_phone_the_deal_forms_controls_are_big_enough(browser, live_server, scorer):
    game = start_game(scorer)
    context = phone(browser, live_server)
    page = context.new_page()
    sign_in(page)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_selector("#deal-form[data-ready='1']")
    page.click("#group-unusual summary")
    if page.locator("#more-melds").count():
        page.click("#more-melds summary")
    targets = {
        "side choice": "#group-makers label.choice",
        "belle choice": "#group-belle label.choice",
        "renege choice": "#group-unusual label.choice",
        "meld +": "button.meld-add",
        "folded heading": "#deal-form summary",
        "Save": "#save-deal",
        "Preview": "button[name=preview]",
        "meld box": "table.melds input",
    }
    for what, selector in targets.items():
        found = page.locator(selector)
        assert found.count() > 0, what
        for i in range(found.count()):
            b = found.nth(i).bounding_box()
            assert b and b["width"] >= 44 and b["height"] >= 44, (what, i, b)
    sizes = page.eval_on_selector_all(
        "#deal-form input:not([type=hidden]):not([type=radio]):not([type=checkbox]), "
        "#deal-form select",
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))",
    )
    assert sizes and min(sizes) >= 18
    # A heading that wraps to two lines sits inside its box, below the top border.
    for i in range(page.locator("#deal-form fieldset").count()):
        fieldset = page.locator("#deal-form fieldset").nth(i)
        legend = fieldset.locator("> legend")
        border = float(fieldset.evaluate("e => parseFloat(getComputedStyle(e).borderTopWidth)"))
        assert legend.bounding_box()["y"] >= fieldset.bounding_box()["y"] + border, i
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()


# -- the sheet and the games list (item 10) ------------------------------------------------------
@pytest.mark.layout
def test_on_a_phone_a_deals_correction_and_a_games_score_are_in_reach(browser, live_server, scorer):
    game = start_game(scorer)
    add(game, scorer, makers=0, card_points=(90, 72))
    add(game, scorer, makers=1, card_points=(40, 122))
    context = phone(browser, live_server)
    page = context.new_page()
    sign_in(page)
    page.goto(f"/games/{game.pk}/")
    link = page.get_by_role("link", name="Correct deal 2")
    b = link.bounding_box()
    assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]
    assert b["width"] >= 44 and b["height"] >= 44
    link.click()
    page.wait_for_url(f"**/games/{game.pk}/deals/2/")

    page.goto("/games/")
    standing = page.locator("#games td[data-label=Score]").first
    assert "In play" in standing.inner_text()
    b = standing.bounding_box()
    assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    context.close()
