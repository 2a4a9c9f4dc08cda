"""The evening's ranking and prize list read in a fixed number of queries whatever the field:
12 players and 48 over the same rounds (the marathon's 240 are in bench/bench_evenings.py)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.evenings import selectors, services
from league.models import Club, Fixture, Player, Role
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.builders import make_user

pytestmark = pytest.mark.django_db

ROUNDS = 3


def _played_evening(players: int, boss):
    """An evening of ``players`` (one late arrival, so that a round has an absent cell), every
    round drawn and each table typed from paper but the last round's first, still to play."""
    club = Club.objects.create(name=f"Club of {players}", slug=f"club-{players}")
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=ROUNDS),
        by=boss,
        held_on=datetime.date(2026, 11, 27),
        prize_words=["Meat parcel", "Wine", "Cheese"],
        booby_words="A pack of cards",
    )
    members = [Player.objects.create(club=club, name=f"Member {n:02d}") for n in range(players)]
    for member in members[:-1]:
        services.evening_check_in(competition=evening, player=member)
    for number in range(1, ROUNDS + 1):
        services.evening_draw_round(competition=evening, seed=number)
        if number == 1:
            services.evening_check_in(competition=evening, player=members[-1])
        fixtures = Fixture.objects.filter(competition=evening, round__number=number).order_by("id")
        for i, fixture in enumerate(fixtures):
            if number == ROUNDS and i == 0:
                continue
            services.evening_paper_result(fixture=fixture, scores=(1500 + 10 * i, 1172))
    return evening


def _queries(evening) -> tuple[int, selectors.Evening]:
    with CaptureQueriesContext(connection) as captured:
        view = selectors.evening(evening)
    return len(captured.captured_queries), view


def test_the_evening_reads_in_the_same_queries_for_12_players_and_for_48():
    boss = make_user("boss", Role.ORGANISER)
    small, small_view = _queries(_played_evening(12, boss))
    large, large_view = _queries(_played_evening(48, boss))
    assert small == large == 6
    for view, players in ((small_view, 12), (large_view, 48)):
        assert len(view.ranking) == players and view.drawn == ROUNDS
        assert any(c.how == "absent" for row in view.ranking for c in row.cells)
        assert any(c.how == "playing" for row in view.ranking for c in row.cells)
        # A table of the last round still plays: places and points, no prize yet.
        assert not view.finished and view.ranking[0].place == 1
        assert all(row.prize is None and not row.booby for row in view.ranking)


def test_the_ranking_page_of_a_bigger_field_asserts_its_queries(django_assert_num_queries):
    evening = _played_evening(48, make_user("boss", Role.ORGANISER))
    with django_assert_num_queries(6):
        view = selectors.evening(evening)
    # Round 1 before the late arrival: 47 players, 11 tables and 3 sitting out; then 12 tables.
    assert [len(r.tables) for r in view.rounds] == [11, 12, 12]
    assert [len(r.sitting_out) for r in view.rounds] == [3, 0, 0]
