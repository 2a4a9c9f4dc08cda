"""The kept ratings: rated as results come in, corrected when an old result changes, and always
the same as a rebuild from scratch (what ``manage.py rebuild_ratings`` writes)."""

from __future__ import annotations

import gc
import json
import math

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction

from league.competitions import services as competitions_services
from league.games import services as games_services
from league.models import CurrentRating, Fixture, Game, RatedGame, RatingChange
from league.ratings.services import opponents_json, ratings_rebuild, ratings_refresh
from scoring import Deal
from scoring.ratings import NEWCOMER, Rating
from tests.builders import fixtures_of, make_league

pytestmark = pytest.mark.django_db


def start(fixture: Fixture, by) -> Game:
    return competitions_services.fixture_start_game(fixture=fixture, by=by)


def finish(game: Game, by, winner: int) -> Game:
    """Deals at the table: ``winner`` makes 100 a deal to the other's 62 until it has won."""
    points = (100, 62) if winner == 0 else (62, 100)
    while game.winner is None:
        games_services.game_add_deal(game=game, deal=Deal(makers=winner, card_points=points), by=by)
    return game


def snapshot() -> tuple[list[tuple], list[tuple]]:
    """Everything the ratings keep, rounded past float noise."""
    current = sorted(
        (
            r.player_id,
            r.partner_id or 0,
            round(r.mu, 9),
            round(r.sigma, 9),
            r.games,
            r.opponents,
            round(r.trend, 9),
        )
        for r in CurrentRating.objects.all()
    )
    changes = sorted(
        (
            c.rated.order_key,
            c.player_id,
            c.partner_id or 0,
            round(c.mu_before, 9),
            round(c.mu_after, 9),
            round(c.sigma_after, 9),
            round(c.expected, 9),
            c.actual,
        )
        for c in RatingChange.objects.select_related("rated")
    )
    return current, changes


def same_as_rebuild() -> None:
    kept = snapshot()
    ratings_rebuild()
    assert snapshot() == kept


def test_each_finished_game_rates_its_players_and_pairs(
    organiser, django_capture_on_commit_callbacks
):
    league = make_league(organiser, teams=4)
    first = fixtures_of(league)[0]
    with django_capture_on_commit_callbacks(execute=True):
        game = start(first, organiser)
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(100, 62)), by=organiser
        )
    assert not RatedGame.objects.exists()  # a game in play is not rated
    with django_capture_on_commit_callbacks(execute=True):
        finish(game, organiser, 0)
    rated = RatedGame.objects.get()
    assert rated.game_id == game.pk and rated.winner == 0
    pair = first.sides.get(side=0).entrant.partnership
    winners = {pair.first_id, pair.second_id}
    changes = {(c.player_id, c.partner_id): c for c in RatingChange.objects.all()}
    assert len(changes) == 6  # four players, two pairs
    for (player, _partner), change in changes.items():
        won = player in winners
        assert change.actual == (1.0 if won else 0.0)
        assert change.expected == pytest.approx(0.5)
        assert (change.mu_after > NEWCOMER.mu) == won
        assert change.sigma_after < NEWCOMER.sigma
    assert CurrentRating.objects.filter(partner=None).count() == 4
    assert CurrentRating.objects.exclude(partner=None).count() == 2
    same_as_rebuild()


def test_games_finished_out_of_order_rate_in_the_order_played(
    organiser, django_capture_on_commit_callbacks
):
    league = make_league(organiser, teams=4)
    one, two, three = fixtures_of(league)[:3]
    with django_capture_on_commit_callbacks(execute=True):
        early, late = start(one, organiser), start(two, organiser)
        finish(late, organiser, 1)
        finish(early, organiser, 0)  # started first: rated first, the later one again after it
        finish(start(three, organiser), organiser, 0)
    order = list(RatedGame.objects.values_list("game_id", flat=True))
    assert order == sorted(order)
    same_as_rebuild()


def test_a_correction_of_an_old_game_updates_what_follows(
    organiser, django_capture_on_commit_callbacks
):
    league = make_league(organiser, teams=4)
    fixtures = fixtures_of(league)
    with django_capture_on_commit_callbacks(execute=True):
        games = [finish(start(f, organiser), organiser, i % 2) for i, f in enumerate(fixtures[:4])]
    before = snapshot()
    # The first game's deals after the first were wrongly entered: taken off, it goes on, and
    # the other side wins it.
    first = games[0]
    with django_capture_on_commit_callbacks(execute=True):
        while first.deal_count > 1:
            last = first.deals.get(number=first.deal_count)
            games_services.game_delete_deal(
                game=first, number=last.number, expected_version=last.version, by=organiser
            )
            first.refresh_from_db()
    assert first.winner is None
    assert not RatedGame.objects.filter(game=first).exists()
    with django_capture_on_commit_callbacks(execute=True):
        finish(first, organiser, 1)
    assert RatedGame.objects.get(game=first).winner == 1
    after = snapshot()
    assert after != before
    # A later game's players started it from different ratings.
    later = RatingChange.objects.filter(rated__game=games[3]).order_by("player_id")
    assert [round(c.mu_before, 9) for c in later] != [
        row[3] for row in before[1] if row[0] == games[3].pk
    ]
    same_as_rebuild()


def test_results_typed_from_paper_are_rated_and_a_forfeit_is_not(
    organiser, django_capture_on_commit_callbacks
):
    league = make_league(organiser, teams=4, games_per_match=2)
    one, two, three = fixtures_of(league)[:3]
    with django_capture_on_commit_callbacks(execute=True):
        competitions_services.fixture_type_result(fixture=one, scores=[(510, 300), (280, 505)])
        competitions_services.fixture_concede(fixture=two, side=0, score=(500, 0))
        finish(start(three, organiser), organiser, 0)
    typed = RatedGame.objects.filter(fixture=one).order_by("typed_index")
    assert [(g.typed_index, g.winner) for g in typed] == [(0, 0), (1, 1)]
    assert not RatedGame.objects.filter(fixture=two).exists()
    assert RatedGame.objects.filter(fixture=three).count() == 1
    same_as_rebuild()


def test_the_command_rebuilds_and_refresh_of_nothing_changed_writes_nothing(
    organiser, django_capture_on_commit_callbacks, capsys
):
    league = make_league(organiser, teams=4)
    with django_capture_on_commit_callbacks(execute=True):
        for f in fixtures_of(league)[:2]:
            finish(start(f, organiser), organiser, 0)
    kept = snapshot()
    assert ratings_refresh([f.pk for f in fixtures_of(league)]) == 0
    CurrentRating.objects.all().delete()
    call_command("rebuild_ratings")
    assert "2 games" in capsys.readouterr().out
    assert snapshot() == kept


def test_migrate_rates_an_install_that_has_games_but_no_ratings_yet(
    organiser, django_capture_on_commit_callbacks
):
    from league.apps import rate_history_once

    league = make_league(organiser, teams=4)
    with django_capture_on_commit_callbacks(execute=True):
        finish(start(fixtures_of(league)[0], organiser), organiser, 0)
    kept = snapshot()
    RatingChange.objects.all().delete()
    RatedGame.objects.all().delete()
    CurrentRating.objects.all().delete()
    rate_history_once()  # as after `migrate` of an upgrade
    assert snapshot() == kept
    CurrentRating.objects.all().delete()
    rate_history_once()  # ratings there: left alone
    assert not CurrentRating.objects.exists()


def test_games_rate_in_the_order_of_the_nights_however_they_were_entered(
    organiser, django_capture_on_commit_callbacks
):
    league = make_league(organiser, teams=4)
    by_round = {}
    for fixture in fixtures_of(league):
        by_round.setdefault(fixture.round.number, fixture)
    with django_capture_on_commit_callbacks(execute=True):
        finish(start(by_round[3], organiser), organiser, 0)  # played tonight, round 3
        finish(start(by_round[1], organiser), organiser, 1)  # round 1, started after it
        # Round 2's sheet typed in last, a week late.
        competitions_services.fixture_type_result(fixture=by_round[2], scores=[(505, 300)])
    order = [g.fixture.round.number for g in RatedGame.objects.select_related("fixture__round")]
    assert order == [1, 2, 3]
    dates = [g.played_at.date() for g in RatedGame.objects.all()]
    assert dates == [f.round.date for f in (by_round[1], by_round[2], by_round[3])]
    same_as_rebuild()


def test_results_after_a_rebuild_rate_on_what_it_wrote(
    organiser, django_capture_on_commit_callbacks
):
    # A rebuild writes its rows in bulk (COPY on PostgreSQL); the games after it are rated
    # on top of what it wrote, read back: the same as rating everything again.
    league = make_league(organiser, teams=4)
    fixtures = fixtures_of(league)
    with django_capture_on_commit_callbacks(execute=True):
        finish(start(fixtures[0], organiser), organiser, 0)
    ratings_rebuild()
    stored = RatingChange.objects.first()
    assert isinstance(stored.opponents, list) and isinstance(stored.opponents[0][0], list)
    with django_capture_on_commit_callbacks(execute=True):
        finish(start(fixtures[1], organiser), organiser, 1)
        finish(start(fixtures[2], organiser), organiser, 1)
    same_as_rebuild()


def test_a_rebuild_gives_the_cycle_collector_back_as_it_found_it(organiser):
    """A rebuild pauses Python's cycle collector while it rates and writes (for speed); it is
    running again afterwards, and stays off for a caller who had turned it off."""
    league = make_league(organiser, teams=2)
    finish(start(fixtures_of(league)[0], organiser), organiser, winner=0)
    assert gc.isenabled()
    assert ratings_rebuild() == 1
    assert gc.isenabled()
    gc.disable()
    try:
        assert ratings_rebuild() == 1
        assert not gc.isenabled()
    finally:
        gc.enable()


def _schema_of_the_rated_tables() -> list[tuple]:
    """The indexes (and on PostgreSQL the foreign keys) of the rated games and changes."""
    tables = [RatingChange._meta.db_table, RatedGame._meta.db_table]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE conrelid = ANY(%s::regclass[]) UNION ALL SELECT indexname, indexdef "
                "FROM pg_indexes WHERE tablename = ANY(%s) ORDER BY 1, 2",
                [tables, tables],
            )
        else:
            cursor.execute(
                "SELECT name, sql FROM sqlite_master WHERE tbl_name IN (%s, %s) ORDER BY name, sql",
                tables,
            )
        return cursor.fetchall()


def test_a_rebuild_leaves_the_tables_indexes_and_keys_as_it_found_them(organiser):
    # It takes them off while it writes every row (for speed) and makes them again after.
    league = make_league(organiser, teams=2)
    finish(start(fixtures_of(league)[0], organiser), organiser, winner=0)
    schema = _schema_of_the_rated_tables()
    assert any("rating_change_who" in str(row) for row in schema)
    assert ratings_rebuild() == 1
    assert _schema_of_the_rated_tables() == schema
    # The index on who is there and used: a player's changes read back.
    player = RatingChange.objects.order_by("pk").first().player_id
    assert RatingChange.objects.filter(player_id=player, partner=None).count() == 1
    # The uniqueness of a rated game stayed in force all along.
    game = RatedGame.objects.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        RatedGame.objects.create(
            played_at=game.played_at,
            order_key=game.order_key,
            fixture_id=game.fixture_id,
            sides=game.sides,
            winner=0,
        )


@pytest.mark.parametrize(
    "opponents",
    [
        (),
        ((7, Rating(25.0, 8.333333333333334)),),
        ((frozenset({12, 3}), Rating(-0.1, 1e-05)), (frozenset({4, 5}), Rating(1e16, 3.0))),
        ((1, Rating(math.nan, 1.0)), (2, Rating(math.inf, -math.inf))),
    ],
)
def test_opponents_are_written_as_json_writes_them(opponents):
    expected = json.dumps(
        [[[o] if isinstance(o, int) else sorted(o), r.mu, r.sigma] for o, r in opponents]
    )
    assert opponents_json(opponents) == expected
