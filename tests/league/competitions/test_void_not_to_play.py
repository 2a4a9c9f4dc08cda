"""A void fixture is never one to play: its game left unfinished takes no more deals (the game
page offers no form, and a deal posted anyway is refused with the reason), the club's screen
does not show its league as being played for it, the screen's next round has no seats for it,
and the games lists say the game stopped rather than "In play". Abandoning that game is still
allowed."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import fixture_admin_services as admin
from league.competitions import services as competitions_services
from league.errors import Refused
from league.games import services as games_services
from league.models import Competition, Fixture, Game
from league.screen import presenters as screen
from league.screen import selectors as screen_selectors
from scoring import Deal
from tests.builders import make_league, page, signed_in

pytestmark = pytest.mark.django_db


def in_play(organiser) -> tuple[Competition, Fixture, Game]:
    """A league whose first fixture has a game with one deal entered (no night dated today)."""
    league = make_league(organiser)
    fixture = league.fixtures.filter(round__number=1).order_by("id").first()
    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    games_services.game_add_deal(
        game=game, deal=Deal(makers=0, card_points=(100, 62)), by=organiser
    )
    game.refresh_from_db()
    return league, fixture, game


def test_a_void_fixture_s_game_takes_no_more_deals(organiser):
    league, fixture, game = in_play(organiser)
    client = signed_in(organiser)
    address = reverse("games:detail", args=[game.pk])
    before = page(client, address)
    assert "entry" in {e.attrs.get("id") for e in before.iter("section")}
    admin.fixture_void(fixture=fixture, by=organiser)

    after = page(client, address)
    assert "entry" not in {e.attrs.get("id") for e in after.iter("section")}
    assert "takes no more deals" in after.by_id("void-fixture").text
    assert "next-dealer" not in {e.attrs.get("id") for e in after.iter("p")}
    game.refresh_from_db()
    with pytest.raises(Refused, match="void: restore the fixture first"):
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(100, 62)), by=organiser
        )
    game.refresh_from_db()
    assert game.deal_count == 1
    # Abandoning it is still allowed: it was started for a fixture that should not have been.
    games_services.game_abandon(game=game, by=organiser)
    game.refresh_from_db()
    assert game.abandoned


def test_the_club_screen_does_not_show_a_league_for_a_void_fixture_s_game(organiser):
    league, fixture, _game = in_play(organiser)
    assert screen_selectors.club_events(league.club) == [league]
    admin.fixture_void(fixture=fixture, by=organiser)
    assert screen_selectors.club_events(league.club) == []
    html = page(Client(), reverse("screen:club", args=[league.club.slug]))
    assert "Nothing is being played right now." in html.text


def test_the_screen_s_next_round_has_no_seats_for_a_void_fixture(organiser):
    league = make_league(organiser)  # round 1 is the current round, round 2 the next

    def seats() -> list[object]:
        return [
            row
            for p in screen.competition_pages(league)
            if p.title == "Next: Round 2, seats"
            for row in p.rows
        ]

    assert len(seats()) == 2
    admin.fixture_void(fixture=league.fixtures.filter(round__number=2).first(), by=organiser)
    assert len(seats()) == 1


def test_the_games_lists_do_not_show_a_void_fixture_s_game_in_play(organiser):
    _league, fixture, _game = in_play(organiser)

    def row() -> str:
        rows = page(Client(), reverse("games:list")).iter("tr")
        return next(r.text for r in rows if "Pair 1" in r.text)

    assert "In play: 100 – 62" in row()
    admin.fixture_void(fixture=fixture, by=organiser)
    assert "Stopped at 100 – 62: its match is void" in row() and "In play" not in row()
    home = page(Client(), reverse("home")).text
    assert "Stopped at 100 – 62: its match is void" in home
