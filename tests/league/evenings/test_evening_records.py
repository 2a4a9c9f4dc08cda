"""What a club evening adds to a member's record: the games played at its tables (started
from a table's entry link) and the tables typed from paper count in the member's statistics
(games, points, roem) and are rated as a rotation league's are: drawn partners as the two
players they are."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from league.competitions import selectors as competition_selectors
from league.evenings import selectors, services
from league.models import Club, CurrentRating, Fixture, Player, RatedGame, Role
from league.ratings.services import ratings_rebuild
from league.tournaments import services as tournament_services
from scoring import Deal
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.builders import make_user

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit", "Hanna"]


@pytest.fixture
def boss():
    return make_user("boss", Role.ORGANISER)


def _evening(boss) -> tuple[Club, object]:
    club = Club.objects.create(name="KC De Pitslag", slug="pitslag")
    competition = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=1),
        by=boss,
        held_on=datetime.date(2026, 11, 27),
    )
    for name in NAMES:
        player = Player.objects.create(club=club, name=name)
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, seed=7)
    return club, competition


def _play_at_the_table(fixture: Fixture) -> None:
    """A boom of 16 deals entered from the table's phone (side 0's entry link): side 0 makes
    every deal with 100 of 162 and 20 roem; side 1 takes 62."""
    side = fixture.sides.filter(side=0).order_by("id").first()
    game = tournament_services.token_start_game(side=side)
    for _ in range(16):
        tournament_services.token_add_deal(
            side=side,
            game=game,
            deal=Deal(makers=0, card_points=(100, 62), meld_points=(20, 0)),
        )
    game.refresh_from_db()
    assert game.winner == 0


def _players(fixture: Fixture, side: int) -> list[Player]:
    return [s.entrant.player for s in fixture.sides.filter(side=side).select_related("entrant")]


def test_an_evening_s_games_count_in_the_members_statistics_and_ratings(
    boss, django_capture_on_commit_callbacks
):
    club, competition = _evening(boss)
    at_table, on_paper = Fixture.objects.filter(competition=competition).order_by("table")
    with django_capture_on_commit_callbacks(execute=True):
        _play_at_the_table(at_table)
        services.evening_paper_result(fixture=on_paper, scores=(1700, 1012))
    at_table.refresh_from_db()
    on_paper.refresh_from_db()
    assert at_table.finished and on_paper.finished

    # The statistics: one game each, its points and roem, as the evening's ranking has them.
    ranking = {row.entrant.player_id: row for row in selectors.evening(competition).ranking}
    winner = _players(at_table, 0)[0]
    (line,) = competition_selectors.person_records(player=winner)
    assert line.competition == competition
    assert (line.played, line.won, line.lost) == (1, 1, 0)
    assert line.points_for == 16 * (100 + 20) == ranking[winner.pk].points
    assert line.meld_points == 16 * 20 == ranking[winner.pk].roem
    # Both partners of the side: each the side's game, points and roem.
    for partner in _players(at_table, 0):
        (line,) = competition_selectors.person_records(player=partner)
        assert (line.played, line.won, line.points_for, line.meld_points) == (1, 1, 1920, 320)
    loser = _players(at_table, 1)[0]
    (line,) = competition_selectors.person_records(player=loser)
    assert (line.played, line.lost, line.points_for, line.meld_points) == (1, 1, 16 * 62, 0)
    typed = _players(on_paper, 0)[1]
    (line,) = competition_selectors.person_records(player=typed)
    assert (line.played, line.won, line.points_for) == (1, 1, 1700)
    assert line.points_for == ranking[typed.pk].points
    assert line.meld_points == ranking[typed.pk].roem == 0  # paper gives totals only

    # The ratings: both tables rated once the result is in, each side as its two players.
    rated = list(RatedGame.objects.order_by("order_key"))
    assert {r.fixture_id for r in rated} == {at_table.pk, on_paper.pk}
    for r in rated:
        fixture = at_table if r.fixture_id == at_table.pk else on_paper
        assert r.sides == [[p.pk for p in _players(fixture, s)] for s in (0, 1)]
        assert r.winner == 0
    for player in Player.objects.filter(club=club):
        mine = CurrentRating.objects.get(player=player, partner=None)
        assert mine.games == 1
    # Rebuilt from nothing, the ratings are the same (what rebuild_ratings does).
    before = {
        (r.player_id, r.partner_id): (round(r.mu, 6), r.games) for r in CurrentRating.objects.all()
    }
    ratings_rebuild()
    after = {
        (r.player_id, r.partner_id): (round(r.mu, 6), r.games) for r in CurrentRating.objects.all()
    }
    assert after == before


def test_the_member_s_page_and_the_ratings_pages_show_the_evening(
    boss, client, django_capture_on_commit_callbacks
):
    club, competition = _evening(boss)
    at_table, on_paper = Fixture.objects.filter(competition=competition).order_by("table")
    with django_capture_on_commit_callbacks(execute=True):
        _play_at_the_table(at_table)
        services.evening_paper_result(fixture=on_paper, scores=(1700, 1012))
    player = _players(on_paper, 0)[0]
    page = client.get(reverse("competitions:player-detail", args=[player.pk]))
    assert page.status_code == 200 and competition.name.encode() in page.content
    history = client.get(reverse("ratings:player-history", args=[player.pk]))
    assert history.status_code == 200 and competition.name.encode() in history.content
    for address in (reverse("ratings:list"), reverse("ratings:club-list", args=[club.slug])):
        assert client.get(address).status_code == 200


def test_a_pairs_evening_s_tables_count_for_both_players_of_each_pair(
    boss, django_capture_on_commit_callbacks
):
    club = Club.objects.create(name="Belote de Cassis", slug="cassis")
    competition = services.evening_create(
        club=club,
        name="Concours",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(entrants="pairs", rounds=1),
        by=boss,
        held_on=datetime.date(2026, 11, 28),
    )
    players = [Player.objects.create(club=club, name=n) for n in NAMES[:4]]
    for first, second in (players[:2], players[2:]):
        services.evening_check_in_pair(competition=competition, first=first, second=second)
    services.evening_draw_round(competition=competition, seed=1)
    fixture = Fixture.objects.get(competition=competition)
    with django_capture_on_commit_callbacks(execute=True):
        services.evening_paper_result(fixture=fixture, scores=(1700, 1012))
    (rated,) = RatedGame.objects.filter(fixture=fixture)
    assert sorted(map(sorted, rated.sides)) == sorted(
        [sorted(p.pk for p in players[:2]), sorted(p.pk for p in players[2:])]
    )
    for player in players:
        (line,) = competition_selectors.person_records(player=player)
        assert line.played == 1 and line.points_for in (1700, 1012)
