"""The kept tallies (each entrant's finished fixtures summed): after any writes they equal a
working out from the stored fixture sides, and the standings read from them are the table
worked out from the sides, in a number of queries that does not grow with the entrants."""

from __future__ import annotations

import io
import threading
import time

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.competitions import selectors
from league.competitions import services as competitions_services
from league.competitions.tallies import tallies_deferred, tallies_from_sides, tallies_rebuild
from league.errors import Refused
from league.games import services as games_services
from league.models import Competition, EntrantTally, Fixture, Game
from league.tournaments import services as tournaments_services
from scoring import Deal
from scoring.standings import TIEBREAKS, Tally
from tests.builders import make_league, open_fixtures, play_by_links, query_count, tournament
from tests.league.html import parse
from tests.properties import examples

pytestmark = pytest.mark.django_db


def play(fixture: Fixture, by, winner: int) -> Game:
    """A game at the table: ``winner`` makes 100 a deal to the other's 62 until it has won."""
    game = competitions_services.fixture_start_game(fixture=fixture, by=by)
    points = (100, 62) if winner == 0 else (62, 100)
    while game.winner is None:
        games_services.game_add_deal(game=game, deal=Deal(makers=winner, card_points=points), by=by)
    return game


def take_off_last(game: Game, by) -> None:
    last = game.deals.get(number=game.deal_count)
    games_services.game_delete_deal(
        game=game, number=last.number, expected_version=last.version, by=by
    )


def agree(competition: Competition) -> None:
    """The kept tallies are the ones worked out from the sides, and so is the table, for
    several chains and match points."""
    assert selectors.kept_tallies(competition) == tallies_from_sides(competition.pk)
    for chain, points in (
        (list(competition.tiebreaks), (2, 1, 0)),
        (["match_points", "head_to_head", "buchholz", "sonneborn_berger"], (3, 1, 0)),
        (["wins", "median_buchholz", "made_percentage", "fewest_hicks", "points_for"], (2, 1, 1)),
        ([], (2, 1, 0)),
    ):
        competition.tiebreaks = chain
        competition.points_win, competition.points_draw, competition.points_loss = points
        assert selectors.competition_standings(
            competition
        ) == selectors.competition_standings_from_sides(competition)


# One write: (kind, fixture index, a number the write reads as it likes).
writes = st.lists(
    st.tuples(
        st.sampled_from(["type", "forfeit", "no_show", "play", "take_off", "abandon", "draw"]),
        st.integers(0, 2),  # few fixtures, so that writes pile up on one
        st.integers(0, 1),
    ),
    min_size=1,
    max_size=10,
)


# Each example writes a league to the database (0.2 s): a sixteenth of the profile's examples
# (tests/properties.py), 25 in make test.
@settings(
    max_examples=examples(16),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(writes)
def test_after_any_writes_the_kept_tallies_are_the_fixture_sides_summed(organiser, steps):
    with transaction.atomic():
        # Two games a match: a match can be drawn, or half played.
        league = make_league(organiser, teams=5, name="Property league", games_per_match=2)
        fixtures = list(league.fixtures.order_by("pk"))
        for kind, index, side in steps:
            fixture = Fixture.objects.get(pk=fixtures[index % len(fixtures)].pk)
            game = fixture.games.order_by("-pk").first()
            try:
                if kind == "type":
                    scores = [(512, 430), (505, 80)] if side == 0 else [(200, 505), (0, 500)]
                    competitions_services.fixture_type_result(fixture=fixture, scores=scores)
                elif kind == "draw":
                    scores = [(512, 430), (200, 505)]
                    competitions_services.fixture_type_result(fixture=fixture, scores=scores)
                elif kind in ("forfeit", "no_show"):
                    competitions_services.fixture_concede(
                        fixture=fixture, side=side, score=(500, 0), no_show=kind == "no_show"
                    )
                elif kind == "play":
                    play(fixture, organiser, side)  # one game of the two
                elif kind == "take_off" and game is not None and game.deal_count:
                    # A correction that reopens a finished match: its last deal taken off.
                    take_off_last(game, organiser)
                elif kind == "abandon" and game is not None and game.abandoned_at is None:
                    games_services.game_abandon(game=game, by=organiser)
            except Refused:
                pass
            agree(Competition.objects.get(pk=league.pk))
        transaction.set_rollback(True)


def test_a_result_typed_then_taken_back_by_a_correction_leaves_no_trace(organiser):
    league = make_league(organiser, teams=4)
    first = league.fixtures.order_by("pk").first()
    game = play(first, organiser, 0)
    home, away = (s.entrant for s in first.sides.order_by("side"))
    kept = selectors.kept_tallies(league)
    assert (kept[home.pk].won, kept[away.pk].lost, kept[home.pk].beaten) == (1, 1, (away.pk,))
    assert kept[home.pk].points_for == game.totals[0] > 0
    take_off_last(game, organiser)
    assert EntrantTally.objects.filter(entrant__competition=league).count() == 0
    assert selectors.kept_tallies(league)[home.pk] == Tally(home.pk)


@pytest.mark.parametrize("fmt", ["swiss", "round_robin"])
def test_a_withdrawal_counts_its_forfeits_in_the_tallies(organiser, fmt):
    cup = tournament(organiser, 4, fmt, **({"swiss_rounds": 3} if fmt == "swiss" else {}))
    tournaments_services.tournament_start(competition=cup)
    first, second, *_ = open_fixtures(cup)
    play_by_links(first, 0)
    quitter = second.sides.get(side=1).entrant
    open_matches = quitter.fixture_sides.filter(fixture__finished=False).count()
    tournaments_services.entrant_withdraw(entrant=quitter, by=organiser)
    kept = selectors.kept_tallies(cup)
    assert kept[quitter.pk].lost == kept[quitter.pk].forfeits == open_matches
    assert kept == tallies_from_sides(cup.pk)
    assert selectors.competition_standings(cup) == selectors.competition_standings_from_sides(cup)


def test_deferred_tallies_are_written_once_on_leaving(organiser):
    league = make_league(organiser, teams=4)
    first, second = league.fixtures.order_by("pk")[:2]
    with tallies_deferred():
        competitions_services.fixture_type_result(fixture=first, scores=[(512, 430)])
        with tallies_deferred():
            competitions_services.fixture_concede(fixture=second, side=0, score=(500, 0))
        assert not EntrantTally.objects.exists()
    assert EntrantTally.objects.count() == 4
    assert selectors.kept_tallies(league) == tallies_from_sides(league.pk)


def test_best_nights_rank_from_the_fixture_sides(organiser):
    league = make_league(organiser, teams=4, best_nights=1)
    for fixture in league.fixtures.all():
        competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    table = selectors.competition_standings(league)
    assert {line.row.nights_counted for line in table} == {1}
    assert table == selectors.competition_standings_from_sides(league)


def test_recompute_tallies_writes_them_all_again(organiser):
    league = make_league(organiser, teams=4)
    other = make_league(organiser, teams=4, name="Summer league", club_name="Other club")
    for competition in (league, other):
        for fixture in competition.fixtures.all()[:4]:
            competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    kept = {c.pk: selectors.kept_tallies(c) for c in (league, other)}
    EntrantTally.objects.all().delete()
    out = io.StringIO()
    call_command("recompute_tallies", league.slug, stdout=out)
    assert out.getvalue() == "Wrote the tallies of 4 entrants.\n"
    assert selectors.kept_tallies(league) == kept[league.pk]
    assert not EntrantTally.objects.filter(entrant__competition=other).exists()
    call_command("recompute_tallies", stdout=out)
    assert selectors.kept_tallies(other) == kept[other.pk]
    with pytest.raises(CommandError, match="No competition nowhere"):
        call_command("recompute_tallies", "nowhere", stdout=out)
    assert tallies_rebuild() == 8


def test_the_data_migration_fills_the_tallies_with_its_own_models(organiser):
    from importlib import import_module

    league = make_league(organiser, teams=4)
    for fixture in league.fixtures.all():
        competitions_services.fixture_concede(fixture=fixture, side=1, score=(500, 0))
    kept = selectors.kept_tallies(league)
    EntrantTally.objects.all().delete()
    executor = MigrationExecutor(connection)
    state = executor.loader.project_state(("league", "0012_entrant_tallies"))
    import_module("league.migrations.0012_entrant_tallies").fill_tallies(state.apps, None)
    assert selectors.kept_tallies(league) == kept
    assert kept[league.fixtures.first().sides.get(side=0).entrant_id].won >= 1


def test_a_table_read_again_unchanged_is_not_ranked_again(
    organiser, monkeypatch, django_assert_num_queries
):
    league = make_league(organiser, teams=4)
    first, second = league.fixtures.order_by("pk")[:2]
    competitions_services.fixture_type_result(fixture=first, scores=[(512, 430)])
    ranked = []
    rank = selectors.rank
    monkeypatch.setattr(selectors, "rank", lambda *a, **k: ranked.append(1) or rank(*a, **k))
    table = selectors.competition_standings(league)
    # The same rows and rules: the kept table, read in one query, not ranked again.
    with django_assert_num_queries(1):
        assert selectors.competition_standings(league) == table
    assert len(ranked) == 1
    # A new result, a new name, new rules: ranked afresh, as the fixture sides give it (and
    # the last step, nothing new again: kept).
    competitions_services.fixture_type_result(fixture=second, scores=[(300, 512)])
    entrant = second.sides.get(side=1).entrant
    entrant.name = "Renamed pair"
    entrant.save()
    league.points_win = 3
    for step in range(3):
        if step == 1:
            league.tiebreaks = ["match_points", "points_for"]
        fresh = selectors.competition_standings(league)
        assert fresh == selectors.competition_standings_from_sides(league) != table
    assert "Renamed pair" in {line.name for line in fresh}
    assert len(ranked) == 3


def test_the_standings_page_reads_in_a_fixed_number_of_queries(
    client, organiser, django_assert_max_num_queries
):
    def season(teams: int, name: str) -> Competition:
        competition = make_league(
            organiser, teams=teams, name=name, club_name=f"Club {name}", tiebreaks=list(TIEBREAKS)
        )
        for fixture in competition.fixtures.all():
            competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
        return competition

    small, big = season(3, "Small"), season(12, "Big")
    few = query_count(client, f"/c/{small.slug}/standings/")
    with django_assert_max_num_queries(few):
        response = client.get(f"/c/{big.slug}/standings/")
    assert response.status_code == 200
    # the table's heading row and a row an entrant (the chart's numbers are a table of their own)
    assert len(list(parse(response.content).by_id("standings").iter("tr"))) == 13


@pytest.mark.django_db(transaction=True)
def test_two_results_of_one_entrant_saved_at_once_are_both_counted(organiser):
    # PostgreSQL lets two transactions write at once; SQLite runs one writer at a time.
    if connection.vendor != "postgresql":
        pytest.skip("the tests run on SQLite: set DATABASE_URL to a PostgreSQL server")
    league = make_league(organiser, teams=4)
    ours = league.entrants.order_by("pk").first()
    first, second = (s.fixture for s in ours.fixture_sides.order_by("fixture__round__number")[:2])
    written, release = threading.Event(), threading.Event()
    failures: list[str] = []

    def save(fixture: Fixture, scores: tuple[int, int], hold: bool) -> None:
        try:
            with transaction.atomic():
                competitions_services.fixture_type_result(fixture=fixture, scores=[scores])
                if hold:  # the first keeps its transaction open until the second waits
                    written.set()
                    release.wait(timeout=60)
        except Exception as error:  # the test wants none
            failures.append(f"{type(error).__name__}: {error}")
        finally:
            connection.close()

    a = threading.Thread(target=save, args=(first, (512, 430), True))
    b = threading.Thread(target=save, args=(second, (200, 505), False))
    a.start()
    assert written.wait(timeout=60)
    b.start()
    # Let the first commit once the second is queued behind it (or, if nothing queues it,
    # after a while: then the second has read without the first's result).
    for _ in range(400):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                break
        time.sleep(0.025)
    release.set()
    a.join(timeout=60)
    b.join(timeout=60)
    assert failures == []
    kept = selectors.kept_tallies(league)
    assert kept == tallies_from_sides(league.pk)
    assert kept[ours.pk].played == 2
