"""Issue 14 on a side's entry link: the side that starts the game says who deals first (a
select beside "Start the game", the first player unless changed; no JavaScript needed), and
the sheet shows who dealt each deal and who deals next, as the game's own page does."""

from __future__ import annotations

import pytest
from django.test import Client

from league.models import Game
from tests.builders import page
from tests.league.html import parse
from tests.league.tournaments.test_entry_sides import deal_form_post, match, url

pytestmark = pytest.mark.django_db


def test_the_starting_side_chooses_who_deals_first_and_the_sheet_follows_it(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    start = page(client, url("tournaments:entry", away)).by_id("start")
    select = start.by_id("id_first_dealer")
    options = {o.attrs["value"]: o.text for o in select.iter("option")}
    assert options == {"0": "P1", "1": "P2"}
    assert [o.attrs["value"] for o in select.iter("option") if "selected" in o.attrs] == ["0"]

    response = client.post(url("tournaments:entry-start", away), {"first_dealer": "1"})
    assert response.status_code == 302
    game = Game.objects.get(fixture=fixture)
    assert game.first_dealer == 1
    root = page(client, url("tournaments:entry", away))
    assert root.by_id("next-dealer").text == "Deals next: P2"

    client.post(url("tournaments:entry-deal", away), deal_form_post(client, away))
    for token in (away, home):  # both links' sheets name the dealer
        root = page(client, url("tournaments:entry", token))
        assert [td.text for td in root.by_id("deal-1").iter("td") if td.has_class("dealer")] == [
            "P2"
        ]
        assert root.by_id("next-dealer").text == "Deals next: P1"
    assert "Dealer" in [th.text for th in root.by_id("sheet").iter("th")]


def test_without_a_choice_the_first_player_deals(organiser):
    fixture, home, _ = match(organiser)
    assert Client().post(url("tournaments:entry-start", home)).status_code == 302
    assert Game.objects.get(fixture=fixture).first_dealer == 0


def test_a_dealer_not_at_the_table_is_refused_next_to_the_select_and_nothing_starts(organiser):
    fixture, home, _ = match(organiser)
    client = Client()
    response = client.post(url("tournaments:entry-start", home), {"first_dealer": "3"})
    assert response.status_code == 400
    root = parse(response.content)
    assert root.by_id("first_dealer-error").text == "Choose one of the players at this table."
    assert root.by_id("start").by_id("id_first_dealer") is not None
    assert not fixture.games.exists()
    fixture.refresh_from_db()
    assert fixture.entered_by is None


def test_the_other_side_cannot_change_who_deals_once_the_game_has_started(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    client.post(url("tournaments:entry-start", away), {"first_dealer": "1"})
    # The other side's page asks nothing; a start posted by hand starts no game and changes
    # no dealer.
    root = page(client, url("tournaments:entry", home))
    assert not any(e.attrs.get("id") == "id_first_dealer" for e in root.iter())
    assert (
        client.post(url("tournaments:entry-start", home), {"first_dealer": "0"}).status_code == 302
    )
    assert [g.first_dealer for g in fixture.games.all()] == [1]
