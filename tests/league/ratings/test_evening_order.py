"""A club evening's results rate in the order the evening played them, round by round, whether
a table played on its phone or was typed from paper (trial 30: rounds 2 and 3 typed from paper
were rated before round 1 played on a phone the same night); a table typed late rewinds only
what comes after it; other competitions' typed results keep their order (before the night's
games)."""

from __future__ import annotations

import datetime

import pytest

from league.competitions import services as competitions_services
from league.evenings import services
from league.models import Club, CurrentRating, Fixture, Player, RatedGame, Role
from league.ratings import selectors
from league.ratings.selectors import evening_order_key, typed_order_key
from league.ratings.services import ratings_rebuild
from league.tournaments import services as tournament_services
from scoring import Deal
from scoring.evenings import EveningRules
from scoring.ratings import FinishedGame, rebuild
from scoring.rules import PRESETS
from tests.builders import fixtures_of, make_league, make_user
from tests.league.ratings.test_services import finish, same_as_rebuild, snapshot, start

pytestmark = pytest.mark.django_db

NIGHT = datetime.date(2026, 11, 27)


@pytest.fixture
def boss():
    return make_user("boss", Role.ORGANISER)


def _evening(boss, players: int) -> Club:
    club = Club.objects.create(name="KC De Pitslag", slug="pitslag")
    competition = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=3),
        by=boss,
        held_on=NIGHT,
    )
    for name in ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit", "Hanna"][:players]:
        player = Player.objects.create(club=club, name=name)
        services.evening_check_in(competition=competition, player=player)
    return competition


def _draw(competition, number: int) -> list[Fixture]:
    services.evening_draw_round(competition=competition, number=number, seed=number)
    return list(
        Fixture.objects.filter(competition=competition, round__number=number).order_by("pk")
    )


def _play_on_the_phone(fixture: Fixture) -> None:
    """A boom of 16 deals from the table's phone: side 0 makes every deal, 100 of 162."""
    side = fixture.sides.filter(side=0).order_by("id").first()
    game = tournament_services.token_start_game(side=side)
    for _ in range(16):
        tournament_services.token_add_deal(
            side=side, game=game, deal=Deal(makers=0, card_points=(100, 62))
        )


def _rated_rounds() -> list[int]:
    """The round of each rated game, in the ratings' order."""
    rated = RatedGame.objects.select_related("fixture__round").order_by("played_at", "order_key")
    return [r.fixture.round.number for r in rated]


def _mus_rated_in(order: list[RatedGame]) -> dict[int, float]:
    """Each player's rating after the stored games rated afresh in ``order``."""
    games = [
        FinishedGame(i, 0, tuple(tuple(side) for side in r.sides), r.winner)
        for i, r in enumerate(order)
    ]
    mus = rebuild(games).ratings.players
    return {player: round(rating.mu, 9) for player, rating in mus.items()}


def test_an_evening_rates_round_by_round_phone_or_paper(boss, django_capture_on_commit_callbacks):
    competition = _evening(boss, players=4)
    with django_capture_on_commit_callbacks(execute=True):
        (first,) = _draw(competition, 1)
        _play_on_the_phone(first)
        (second,) = _draw(competition, 2)
        services.evening_paper_result(fixture=second, scores=(1012, 1700))
        (third,) = _draw(competition, 3)
        services.evening_paper_result(fixture=third, scores=(1500, 1212))
    assert _rated_rounds() == [1, 2, 3]
    # Every player's own history reads the evening's rounds in order.
    for player in Player.objects.all():
        rounds = [c.rated.fixture.round.number for c in selectors.history(player.pk)]
        assert rounds == [1, 2, 3]
    # The ratings kept are those of rating round 1, then 2, then 3; not those of the old order
    # (the typed rounds first), which gives other numbers (partners change every round).
    rated = RatedGame.objects.select_related("fixture__round")
    by_round = {r.fixture.round.number: r for r in rated}
    kept = {r.player_id: round(r.mu, 9) for r in CurrentRating.objects.filter(partner=None)}
    assert kept == _mus_rated_in([by_round[1], by_round[2], by_round[3]])
    assert kept != _mus_rated_in([by_round[2], by_round[3], by_round[1]])
    same_as_rebuild()


def test_a_table_typed_late_rewinds_only_what_comes_after_it(
    boss, django_capture_on_commit_callbacks
):
    competition = _evening(boss, players=8)
    with django_capture_on_commit_callbacks(execute=True):
        phone, paper = _draw(competition, 1)
        _play_on_the_phone(phone)
        services.evening_paper_result(fixture=paper, scores=(1700, 1012))
        early, late = _draw(competition, 2)
        services.evening_paper_result(fixture=early, scores=(1600, 1112))
        third = _draw(competition, 3)
        for fixture in third:
            services.evening_paper_result(fixture=fixture, scores=(1212, 1500))
    before = dict(RatedGame.objects.values_list("fixture_id", "pk"))
    with django_capture_on_commit_callbacks(execute=True):
        services.evening_paper_result(fixture=late, scores=(1400, 1312))
    assert _rated_rounds() == [1, 1, 2, 2, 3, 3]
    after = dict(RatedGame.objects.values_list("fixture_id", "pk"))
    # Round 1 and round 2's table typed before it are kept as they were; round 3, after it,
    # is rated again (new rows).
    kept = {f for f in before if after[f] == before[f]}
    assert kept == {phone.pk, paper.pk, early.pk}
    assert late.pk in after
    same_as_rebuild()


def test_an_evening_s_keys_go_by_round_then_paper_then_phone_below_the_other_keys():
    keys = [
        evening_order_key(1, fixture_id=9, index=0),
        evening_order_key(1, fixture_id=9, index=1),
        evening_order_key(1, fixture_id=12, index=0),
        evening_order_key(1, game_id=3),
        evening_order_key(1, game_id=40),
        evening_order_key(2, fixture_id=5, index=0),
        evening_order_key(2, game_id=1),
        evening_order_key(20, game_id=2**40),
        typed_order_key(1, 0),
        1,
    ]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert keys[0] >= -(2**63)  # a 64-bit key


def test_a_league_s_typed_results_keep_their_keys_before_the_night_s_games(
    organiser, django_capture_on_commit_callbacks
):
    league = make_league(organiser, teams=4, games_per_match=2)
    by_night: dict[datetime.date, list[Fixture]] = {}
    for fixture in fixtures_of(league):
        by_night.setdefault(fixture.round.date, []).append(fixture)
    played, typed = next(iter(by_night.values()))[:2]
    with django_capture_on_commit_callbacks(execute=True):
        finish(start(played, organiser), organiser, 0)
        competitions_services.fixture_type_result(fixture=typed, scores=[(510, 300), (280, 505)])
    rated = list(RatedGame.objects.order_by("played_at", "order_key"))
    assert [(r.fixture_id, r.order_key) for r in rated] == [
        (typed.pk, typed_order_key(typed.pk, 0)),
        (typed.pk, typed_order_key(typed.pk, 1)),
        (played.pk, rated[2].game_id),
    ]
    kept = snapshot()
    ratings_rebuild()
    assert snapshot() == kept
