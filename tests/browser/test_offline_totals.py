"""Offline on a phone (360 x 740), with deals waiting to send: the sheet's Total row counts
them, as the waiting rows above it and the score line do, and Undo (which takes off the last
deal the server has, not a waiting one) is not offered until they are sent. Then the server's
figures and Undo come back. On a game's page and on an entry link's."""

from __future__ import annotations

import pytest

import scoring
from league.models import FixtureSide, Role
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.browser.phone import PHONE
from tests.builders import add, make_user, signed_in, start_game, tournament

pytestmark = pytest.mark.django_db(transaction=True)


def totals(tab) -> list[str]:
    return [c.strip() for c in tab.locator("#sheet tfoot tr.totals td[colspan]").all_inner_texts()]


def undo_shown(tab) -> bool:
    return tab.locator("#undo-deal").is_visible()


def save_offline(tab, makers: int, points: tuple[int, int], waiting: int) -> None:
    tab.check(f"#id_makers_{makers}")
    tab.fill("#id_card_points_0", str(points[0]))
    tab.fill("#id_card_points_1", str(points[1]))
    tab.click("#save-deal")
    tab.wait_for_selector(f"#offline-status[data-waiting='{waiting}']")


def test_on_a_game_page_the_total_counts_waiting_deals_and_undo_waits(new_context):
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer)  # Evansville Clabber
    add(game, scorer, makers=0, card_points=(100, 62))  # deal 1: 100 - 62, on the server
    context = new_context(client=signed_in(scorer), viewport=PHONE)
    tab = context.new_page()
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1'][data-queue-ready='1']")
    assert totals(tab) == ["100", "62"] and undo_shown(tab)

    context.set_offline(True)
    save_offline(tab, 1, (60, 102), 1)
    save_offline(tab, 0, (90, 72), 2)
    # 100 + 60 + 90 and 62 + 102 + 72, as the last waiting row says.
    assert totals(tab) == ["250", "236"]
    assert tab.inner_text("#waiting-3 td.running >> nth=0") == "250"
    assert not undo_shown(tab)

    context.set_offline(False)
    tab.wait_for_selector("#deal-3")
    tab.wait_for_selector("#offline-status", state="hidden")
    assert totals(tab) == ["250", "236"]
    assert undo_shown(tab) and "Undo deal 3" in tab.inner_text("#undo-deal")


def test_on_an_entry_link_the_total_counts_waiting_deals_and_undo_waits(new_context):
    organiser = make_user("director", Role.ORGANISER)
    competition = tournament(organiser, 2, name="Club night", rules=get_ruleset("klaberjass"))
    tournaments_services.tournament_start(competition=competition)
    fixture = competition.fixtures.get()
    side = FixtureSide.objects.get(fixture=fixture, side=0)
    game = tournaments_services.token_start_game(side=side)
    tournaments_services.token_add_deal(
        side=side, game=game, deal=scoring.Deal(makers=0, card_points=(90, 72))
    )
    context = new_context(viewport=PHONE)
    tab = context.new_page()
    tab.goto(f"/m/{side.entry_token}/")
    tab.wait_for_selector("#deal-form[data-ready='1'][data-queue-ready='1']")
    assert totals(tab) == ["90", "72"] and undo_shown(tab)

    context.set_offline(True)
    save_offline(tab, 1, (60, 102), 1)
    save_offline(tab, 0, (100, 62), 2)
    assert totals(tab) == ["250", "236"]
    assert not undo_shown(tab)


def test_a_waiting_partnerships_melds_are_said_in_the_plural(new_context):
    """The conflict box words a waiting deal: a partnership "meld", as the sheet's notes agree
    their verbs with two people (Evansville Clabber)."""
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer)
    context = new_context(client=signed_in(scorer), viewport=PHONE)
    tab = context.new_page()
    tab.goto(f"/games/{game.pk}/")
    tab.wait_for_selector("#deal-form[data-ready='1'][data-queue-ready='1']")
    context.set_offline(True)
    tab.check("#id_makers_0")
    tab.fill("#id_card_points_0", "100")
    tab.fill("#id_meld_0_run3", "1")
    tab.click("#save-deal")
    tab.wait_for_selector("#offline-status[data-waiting='1']")
    # Meanwhile another phone enters deal 1.
    add(game, scorer, makers=1, card_points=(60, 102))
    context.set_offline(False)
    said = tab.wait_for_selector("#offline-conflict:not([hidden])").inner_text()
    assert "Anna & Ben meld " in said and "Anna & Ben melds" not in said
