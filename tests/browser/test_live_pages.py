"""Pages that update themselves, in a real Chromium against the live server: a deal saved on
one phone shows on the other phone, on the game's sheet, and (once the match is decided) on
the standings and the rounds page, each within 2 s, without a reload and without touching
what somebody is typing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.models import FixtureSide, Game, Role, TournamentFormat
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import make_user, open_fixtures, tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
SOON = 2_000  # ms: the "within 2 s"


def opened(new_context, address: str):
    tab = new_context(viewport=PHONE).new_page()
    tab.goto(address)
    # Proof that the page was never reloaded: a reload forgets this.
    tab.evaluate("window.stayedOpen = true")
    tab.wait_for_selector("#live-status[data-state='live']")
    return tab


def still_open(tab) -> bool:
    return tab.evaluate("window.stayedOpen === true")


def test_a_deal_and_a_result_reach_every_open_page_without_a_reload(new_context) -> None:
    director = make_user("director", Role.ORGANISER)
    competition = tournament(director, 2, TournamentFormat.ROUND_ROBIN, name="Friday")
    tournaments_services.tournament_start(competition=competition)
    (fixture,) = open_fixtures(competition)
    tokens = {s.side: s.entry_token for s in FixtureSide.objects.filter(fixture=fixture)}
    entering = fixture.sides.get(side=1)
    game = tournaments_services.token_start_game(side=entering)

    sheet = opened(new_context, f"/games/{game.pk}/")
    confirming = opened(new_context, f"/m/{tokens[0]}/")
    standings = opened(new_context, f"/c/{competition.slug}/standings/")
    rounds = opened(new_context, f"/c/{competition.slug}/bracket/")
    fixtures = opened(new_context, f"/c/{competition.slug}/fixtures/")
    screen = new_context(viewport={"width": 1280, "height": 720}).new_page()
    screen.goto(f"/c/{competition.slug}/screen/?seconds=600")
    screen.evaluate("window.stayedOpen = true")
    assert "No results yet" in standings.inner_text("#standings-live")

    # The entering side's phone saves deal 1 from its form.
    phone = new_context(viewport=PHONE).new_page()
    phone.goto(f"/m/{tokens[1]}/")
    phone.wait_for_selector("#deal-form[data-ready='1']")
    phone.check("#id_makers_0")
    phone.fill("#id_card_points_0", "90")
    phone.fill("#id_card_points_1", "72")
    with phone.expect_navigation():
        phone.click("#save-deal")

    for tab in (sheet, confirming):
        tab.wait_for_selector("#deal-1", timeout=SOON)
    expect(fixtures.locator("#rounds-live")).to_contain_text("In play", timeout=SOON)
    game.refresh_from_db()
    running = " – ".join(str(total) for total in game.totals)
    expect(screen.locator("#screen-pages")).to_contain_text(running, timeout=SOON)
    assert all(still_open(tab) for tab in (sheet, confirming, fixtures, screen))

    # Somebody on the confirming phone is typing words of a dispute when the match ends: the
    # sheet beside it moves on, their words stay.
    while game.winner is None:
        tournaments_services.token_add_deal(
            side=entering, game=game, deal=Deal(makers=1, card_points=(10, 152))
        )
        game.refresh_from_db()
    tournaments_services.fixture_confirm(fixture=fixture, director=director)
    expect(standings.locator("#standings-live")).not_to_contain_text("No results yet", timeout=SOON)
    final = " – ".join(str(total) for total in game.totals)
    expect(rounds.locator("#bracket-live")).to_contain_text(final, timeout=SOON)
    confirming.wait_for_selector("#result", timeout=SOON)
    assert "confirmed" in confirming.inner_text("#result")
    assert all(still_open(tab) for tab in (sheet, confirming, standings, rounds, fixtures))
    assert Game.objects.get().deal_count == game.deal_count


def test_a_part_being_typed_in_is_left_alone_and_refreshed_once_left(new_context) -> None:
    director = make_user("director", Role.ORGANISER)
    competition = tournament(director, 2, TournamentFormat.ROUND_ROBIN, name="Friday")
    tournaments_services.tournament_start(competition=competition)
    (fixture,) = open_fixtures(competition)
    entering = fixture.sides.get(side=1)
    game = tournaments_services.token_start_game(side=entering)
    tournaments_services.token_add_deal(
        side=entering, game=game, deal=Deal(makers=0, card_points=(90, 72))
    )
    # The director's page: its tables are a live part with forms in it.
    from tests.builders import signed_in

    tab = new_context(signed_in(director), viewport={"width": 1280, "height": 900}).new_page()
    tab.goto(f"/c/{competition.slug}/director/")
    tab.wait_for_selector("#live-status[data-state='live']")
    # A page just opened hears of the changes made in the seconds before it (the setup's):
    # let that first look pass before typing.
    tab.wait_for_timeout(1_500)
    tab.evaluate(
        "() => { const box = document.createElement('input');"
        " box.id = 'typing'; document.querySelector('#director-live').appendChild(box); }"
    )
    tab.fill("#typing", "half a thought")
    tournaments_services.token_add_deal(
        side=entering, game=game, deal=Deal(makers=0, card_points=(80, 82))
    )
    tab.wait_for_timeout(1_500)
    assert tab.input_value("#typing") == "half a thought"  # kept: somebody is using it
    tab.fill("#typing", "")
    tab.locator("#typing").blur()
    # Left alone: the next look swaps in the page as it now is (the box was never the server's).
    tab.wait_for_selector("#typing", state="detached", timeout=SOON)


def test_a_deal_form_being_filled_keeps_its_deal_and_an_untouched_one_moves_on(
    new_context,
) -> None:
    from tests.builders import add, signed_in, start_game

    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer, "klaberjass")
    tab = new_context(signed_in(scorer), viewport=PHONE).new_page()
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1']")
    expect(tab.locator("#live-status")).to_have_attribute("data-state", "live")
    tab.wait_for_timeout(1_500)  # the first look of a page just opened (see above)
    tab.fill("#id_card_points_0", "90")

    add(game, scorer, makers=0, card_points=(90, 72))  # another phone saves deal 1
    tab.wait_for_selector("#deal-1", timeout=SOON)  # the sheet follows...
    # ...while the form being filled keeps its deal: heading, score and number together.
    assert tab.inner_text("#entry-heading") == "Deal 1"
    assert tab.input_value("#deal-form input[name='number']") == "1"

    # Left untouched, the form moves on to the next deal.
    tab.fill("#id_card_points_0", "")
    tab.locator("#id_card_points_0").blur()
    expect(tab.locator("#entry-heading")).to_have_text("Deal 2", timeout=SOON)
    expect(tab.locator("#deal-form input[name='number']")).to_have_value("2", timeout=SOON)
