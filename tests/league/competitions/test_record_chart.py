"""A player's page: the made % and hicks chart beside the record, with its numbers."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from league.competitions import services as competitions_services
from league.games import services as games_services
from league.models import TournamentFormat
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import open_fixtures, query_count, tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def cells(tr):
    return [c.text for c in tr.iter() if c.tag in ("th", "td")]


def anna_and_ben(organiser):
    cup = tournament(organiser, 2, TournamentFormat.ROUND_ROBIN, names=("Anna", "Ben"))
    tournaments_services.tournament_start(competition=cup)
    return cup, cup.entrants.get(name="Anna").player


def play(cup, organiser):
    """The match played out, Klaberjass to 150: Anna goes set, then Ben, then Anna makes it
    and wins."""
    fixture = open_fixtures(cup)[0]
    anna = fixture.sides.get(entrant__name="Anna").side
    ben = 1 - anna

    def cards(mine: int, theirs: int, makers: int) -> tuple[int, int]:
        return (mine, theirs) if makers == 0 else (theirs, mine)

    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    for makers, mine, theirs in ((anna, 30, 60), (ben, 20, 50), (anna, 120, 10)):
        deal = Deal(makers=makers, card_points=cards(mine, theirs, makers))
        games_services.game_add_deal(game=game, deal=deal, by=organiser)
    game.refresh_from_db()
    assert game.winner == anna
    fixture.refresh_from_db()
    assert fixture.finished


def test_a_players_page_shows_made_and_hicks(organiser):
    cup, anna = anna_and_ben(organiser)
    play(cup, organiser)
    html = Client().get(f"/players/{anna.pk}/").content.decode()
    assert not re.search(r"\sstyle=", html)
    page = parse(html)
    figure = page.by_id("made-chart")
    assert next(figure.iter("svg")).attrs["aria-labelledby"] == "made-chart-title made-chart-desc"
    # the record's columns: competition, P W D L For Agst, Makers, Made, Hicks ...
    row = cells(next(page.by_id("records").iter("tbody")))
    assert row[7:10] == ["2", "50%", "1"]
    numbers = [cells(tr) for tr in page.by_id("made-chart-numbers").iter("tr")]
    assert numbers == [
        ["Competition", "Made %", "Deals as makers", "Hicks"],
        ["Open", "50%", "2", "1"],
    ]
    caption = next(figure.iter("figcaption")).text
    assert "Made 50% of 2 deals as makers in all. Went set 1 time." in caption


def test_no_deal_as_makers_no_chart(organiser):
    _cup, anna = anna_and_ben(organiser)
    assert b"made-chart" not in Client().get(f"/players/{anna.pk}/").content


def test_the_chart_costs_no_query(organiser):
    cup, anna = anna_and_ben(organiser)
    before = query_count(Client(), f"/players/{anna.pk}/")
    play(cup, organiser)
    assert b"made-chart" in Client().get(f"/players/{anna.pk}/").content
    assert query_count(Client(), f"/players/{anna.pk}/") == before
