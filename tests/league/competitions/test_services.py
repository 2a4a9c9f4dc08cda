"""Clubs, competitions, fixtures and their results, through the services."""

from __future__ import annotations

import datetime

import pytest

from league.competitions import selectors
from league.competitions import services as competitions_services
from league.errors import Refused
from league.games import services as games_services
from league.models import EntrantKind, FixtureSide, FixtureStatus
from scoring import Deal, get_ruleset
from scoring.standings import MatchPoints

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return competitions_services.club_create(name="Evansville Clabber Club")


def players(club, *names):
    return [competitions_services.player_add(club=club, name=n) for n in names]


def clabber_league(club, organiser, teams=4, **kwargs):
    competition = competitions_services.competition_create(
        club=club,
        name="Winter league",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
        **kwargs,
    )
    people = players(club, *[f"Player {i}" for i in range(teams * 2)])
    for i in range(teams):
        pair = competitions_services.partnership_add(
            club=club, first=people[2 * i], second=people[2 * i + 1]
        )
        competitions_services.entrant_add(competition=competition, partnership=pair)
    return competition


def test_club_players_and_partnerships_refuse_duplicates(club):
    anna, ben = players(club, "Anna", "Ben")
    with pytest.raises(Refused, match="already has a member"):
        competitions_services.player_add(club=club, name="anna")
    competitions_services.partnership_add(club=club, first=anna, second=ben)
    with pytest.raises(Refused, match="already a partnership"):
        competitions_services.partnership_add(club=club, first=ben, second=anna)
    with pytest.raises(Refused, match="two different players"):
        competitions_services.partnership_add(club=club, first=anna, second=anna)


def test_a_competition_refuses_an_unknown_tiebreak_and_the_wrong_entrants(club, organiser):
    with pytest.raises(Refused) as caught:
        competitions_services.competition_create(
            club=club,
            name="X",
            rules=get_ruleset("clabber"),
            entrant_kind=EntrantKind.PARTNERSHIPS,
            by=organiser,
            tiebreaks=["luck"],
        )
    assert caught.value.field == "tiebreaks" and "luck" in caught.value.message
    with pytest.raises(Refused, match="played by partnerships"):
        competitions_services.competition_create(
            club=club,
            name="X",
            rules=get_ruleset("clabber"),
            entrant_kind=EntrantKind.PLAYERS,
            by=organiser,
        )
    with pytest.raises(Refused, match="played alone"):
        competitions_services.competition_create(
            club=club,
            name="X",
            rules=get_ruleset("klaberjass"),
            entrant_kind=EntrantKind.PARTNERSHIPS,
            by=organiser,
        )


def test_round_robin_fixtures_with_byes_and_dates(club, organiser):
    league = clabber_league(club, organiser, teams=5)
    rounds = competitions_services.fixtures_generate(
        competition=league, first_date=datetime.date(2026, 12, 3)
    )
    assert len(rounds) == 5
    assert [r.date for r in rounds][:2] == [datetime.date(2026, 12, 3), datetime.date(2026, 12, 10)]
    assert league.fixtures.count() == 10
    pairs = {frozenset(f.sides.values_list("entrant_id", flat=True)) for f in league.fixtures.all()}
    assert len(pairs) == 10  # every pair once
    assert sorted(r.sitting_out.count() for r in rounds) == [1] * 5
    with pytest.raises(Refused, match="already drawn"):
        competitions_services.fixtures_generate(competition=league)


def test_results_from_games_typed_sheets_and_forfeits_make_the_table(club, organiser, scorer):
    league = clabber_league(club, organiser, teams=4, points=MatchPoints(win=3, draw=1, loss=0))
    competitions_services.fixtures_generate(competition=league)
    first, second, third, *_ = league.fixtures.order_by("round__number", "table")
    # A game played at the table decides the first fixture.
    game = competitions_services.fixture_start_game(fixture=first, by=scorer)
    for _ in range(3):
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(100, 62), melds=(("run3",), ())), by=scorer
        )
    assert game.fixture.finished is False
    games_services.game_add_deal(game=game, deal=Deal(makers=1, card_points=(100, 62)), by=scorer)
    games_services.game_add_deal(game=game, deal=Deal(makers=0, card_points=(150, 12)), by=scorer)
    first.refresh_from_db()
    assert first.finished and first.winner == 0
    winner_side = first.sides.get(side=0)
    assert (winner_side.result, winner_side.points_for, winner_side.sets_forced) == ("win", 610, 1)
    assert winner_side.meld_points == 60
    # The second from a paper sheet, the third by forfeit.
    competitions_services.fixture_type_result(fixture=second, scores=[(480, 512)])
    competitions_services.fixture_concede(fixture=third, side=0, score=(500, 0))
    third.refresh_from_db()
    assert third.status == FixtureStatus.FORFEIT and third.winner == 1
    table = selectors.competition_standings(league)
    assert [line.row.match_points for line in table][:3] == [3, 3, 3]
    assert sum(line.row.played for line in table) == 6
    assert FixtureSide.objects.filter(result="win").count() == 3


def test_a_typed_result_must_be_a_finished_game(club, organiser):
    league = clabber_league(club, organiser, teams=2)
    competitions_services.fixtures_generate(competition=league)
    fixture = league.fixtures.get()
    with pytest.raises(Refused, match="not finished"):
        competitions_services.fixture_type_result(fixture=fixture, scores=[(400, 300)])
    with pytest.raises(Refused, match="1 game"):
        competitions_services.fixture_type_result(fixture=fixture, scores=[(500, 300), (500, 200)])
    fixture.refresh_from_db()
    assert not fixture.finished


def test_a_rotation_pairs_players_with_changing_partners(club, organiser):
    competition = competitions_services.competition_create(
        club=club,
        name="Individual",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.ROTATION,
        by=organiser,
    )
    for person in players(club, *[f"P{i}" for i in range(9)]):
        competitions_services.entrant_add(competition=competition, player=person)
    rounds = competitions_services.rotation_generate(competition=competition, rounds=4)
    assert len(rounds) == 4
    for night in rounds:
        assert night.fixtures.count() == 2 and night.sitting_out.count() == 1
    competition.refresh_from_db()
    assert competition.rotation_repeats["partners"] == 0


def test_a_player_can_be_in_one_partnership_of_a_competition(club, organiser):
    league = competitions_services.competition_create(
        club=club,
        name="One seat each",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    ann, bob, cara = players(club, "Ann", "Bob", "Cara")
    competitions_services.entrant_add(
        competition=league,
        partnership=competitions_services.partnership_add(club=club, first=ann, second=bob),
    )
    second = competitions_services.partnership_add(club=club, first=ann, second=cara)
    with pytest.raises(Refused, match="one partnership of a competition"):
        competitions_services.entrant_add(competition=league, partnership=second)
    assert league.entrants.count() == 1


def test_a_correction_that_reopens_the_deciding_game_reopens_the_fixture(club, organiser, scorer):
    league = clabber_league(club, organiser, teams=2)
    competitions_services.fixtures_generate(competition=league)
    fixture = league.fixtures.get()
    game = competitions_services.fixture_start_game(fixture=fixture, by=scorer)
    for _ in range(4):  # 4 x 162 = 648: over 500 at the fourth deal
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(162, 0)), by=scorer
        )
    fixture.refresh_from_db()
    assert fixture.finished and fixture.status == FixtureStatus.PLAYED
    last = game.deals.get(number=4)
    games_services.game_correct_deal(
        game=game,
        number=4,
        expected_version=last.version,
        by=scorer,
        deal=Deal(makers=0, card_points=(0, 162)),  # now a set: 486 / 162
    )
    fixture.refresh_from_db()
    assert not fixture.finished and fixture.status == FixtureStatus.SCHEDULED
