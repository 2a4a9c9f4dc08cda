"""An organiser's housekeeping of fixtures: move one (date, table: the game in play follows),
swap two fixtures' tables, void one typed by mistake and restore it. Each audited, published,
refused with nothing changed for a scorer and an anonymous visitor; bad input shown next to
its field; a void fixture counts for nobody (standings, tallies, ratings) exactly as a fresh
recompute says; hostile input never answers 500."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.competitions import fixture_admin_services as admin
from league.competitions import selectors
from league.competitions import services as competitions_services
from league.competitions.tallies import tallies_from_sides, tallies_rebuild
from league.errors import Refused
from league.games import services as games_services
from league.models import (
    Competition,
    CurrentRating,
    Fixture,
    FixtureStatus,
    Game,
    LiveEvent,
    RecordChange,
)
from league.ratings.selectors import rateable_games
from league.ratings.services import ratings_rebuild, ratings_refresh
from league.screen import presenters as screen_presenters
from league.screen import selectors as screen_selectors
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import fixtures_of, make_league, open_fixtures, tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def url(name: str, competition: Competition, fixture: Fixture | None = None) -> str:
    args = [competition.slug] + ([fixture.pk] if fixture is not None else [])
    return reverse(name, args=args)


def state(fixture: Fixture) -> tuple:
    fixture.refresh_from_db()
    return (fixture.status, fixture.finished, fixture.date, fixture.table, fixture.typed_scores)


def start(fixture: Fixture, by: User, deals: int = 1) -> Game:
    game = competitions_services.fixture_start_game(fixture=fixture, by=by)
    for _ in range(deals):
        games_services.game_add_deal(game=game, deal=Deal(makers=0, card_points=(100, 62)), by=by)
    return game


def agrees_with_a_fresh_recompute(league: Competition) -> None:
    """The kept tallies (what the standings read) are those worked out from the stored sides,
    and writing them all again (``manage.py recompute_tallies``) changes nothing."""
    kept = selectors.kept_tallies(league)
    assert kept == tallies_from_sides(league.pk)
    standings = [(line.entrant_id, line.row) for line in selectors.competition_standings(league)]
    tallies_rebuild([league.pk])
    assert selectors.kept_tallies(league) == kept
    again = [(line.entrant_id, line.row) for line in selectors.competition_standings(league)]
    assert again == standings


def current_ratings() -> list[tuple]:
    rows = CurrentRating.objects.values_list("player_id", "partner_id", "mu", "sigma")
    return sorted((p, q or 0, round(m, 9), round(s, 9)) for p, q, m, s in rows)


def topics() -> set[str]:
    return {t for e in LiveEvent.objects.all() for t in e.topics.split()}


@pytest.fixture
def league(organiser) -> Competition:
    return make_league(organiser)


# -- void and restore ---------------------------------------------------------------------------
def test_voiding_a_played_fixture_takes_it_out_of_the_standings_and_restoring_brings_it_back(
    league, organiser_client
):
    fixture, other = fixtures_of(league)[:2]
    competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    competitions_services.fixture_type_result(fixture=other, scores=[(300, 501)])
    home = fixture.sides.get(side=0).entrant_id
    assert selectors.kept_tallies(league)[home].played == 1

    # The confirmation says what it does before anything is done.
    page = parse(organiser_client.get(url("competitions:fixture-void", league, fixture)).content)
    assert "counts for nobody" in page.text
    assert "will be taken out of the standings" in page.by_id("void-result").text
    assert state(fixture)[0] == FixtureStatus.PLAYED

    LiveEvent.objects.all().delete()
    response = organiser_client.post(url("competitions:fixture-void", league, fixture))
    assert response.status_code == 302
    assert response["Location"].endswith(f"#fixture-{fixture.pk}")
    assert state(fixture)[:2] == (FixtureStatus.VOID, False)
    fixture.refresh_from_db()
    assert fixture.typed_scores == [[512, 430]]  # kept for the record
    assert selectors.kept_tallies(league)[home].played == 0
    assert {f"fixture:{fixture.pk}", f"competition:{league.pk}"} <= topics()
    agrees_with_a_fresh_recompute(league)
    record = RecordChange.objects.get(subject="fixture", subject_id=fixture.pk, action="void")
    assert (record.before, record.after["status"]) == ({"status": "played"}, "void")
    assert record.club_id == league.club_id and record.by.username == "olga"

    # The list and the page say so; the page offers to restore it, not to type a result.
    row = parse(Client().get(url("competitions:fixtures", league)).content)
    assert "Void: counts for nobody" in row.by_id(f"fixture-{fixture.pk}").text
    address = url("competitions:fixture-detail", league, fixture)
    detail = parse(organiser_client.get(address).content)
    assert "Restore it" in detail.by_id("restore").text
    assert not [f for f in detail.iter("form") if f.attrs.get("id") in ("typed", "concede")]

    response = organiser_client.post(url("competitions:fixture-restore", league, fixture))
    assert response.status_code == 302
    assert state(fixture)[:2] == (FixtureStatus.PLAYED, True)
    assert selectors.kept_tallies(league)[home].played == 1
    assert RecordChange.objects.filter(subject_id=fixture.pk, action="restore").count() == 1
    agrees_with_a_fresh_recompute(league)


def test_a_void_fixture_takes_no_result_and_starts_no_game_until_restored(league, organiser):
    fixture = fixtures_of(league)[0]
    admin.fixture_void(fixture=fixture, by=organiser)
    for write in (
        lambda: competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)]),
        lambda: competitions_services.fixture_concede(fixture=fixture, side=0, score=(500, 0)),
        lambda: competitions_services.fixture_start_game(fixture=fixture, by=organiser),
    ):
        with pytest.raises(Refused, match="void"):
            write()
    assert state(fixture)[:2] == (FixtureStatus.VOID, False)
    assert not Game.objects.exists()
    admin.fixture_restore(fixture=fixture, by=organiser)
    assert state(fixture)[0] == FixtureStatus.SCHEDULED


def test_a_void_fixture_with_a_game_in_play_keeps_it_and_its_deals_count_for_nobody(
    league, organiser, scorer
):
    fixture = fixtures_of(league)[0]
    game = start(fixture, scorer, deals=2)
    admin.fixture_void(fixture=fixture, by=organiser)
    # Its game is kept, not played on: a deal entered after the void is refused.
    with pytest.raises(Refused, match="void"):
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(100, 62)), by=scorer
        )
    game.refresh_from_db()
    assert game.deal_count == 2
    assert state(fixture)[:2] == (FixtureStatus.VOID, False)
    assert all(t.played == 0 for t in selectors.kept_tallies(league).values())
    agrees_with_a_fresh_recompute(league)
    admin.fixture_restore(fixture=fixture, by=organiser)
    while game.winner is None:  # restored, the game goes on and counts
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(100, 62)), by=scorer
        )
        game.refresh_from_db()
    assert state(fixture)[:2] == (FixtureStatus.PLAYED, True)
    agrees_with_a_fresh_recompute(league)


def test_the_ratings_leave_a_void_fixture_out_as_a_rebuild_does(league, organiser):
    fixture, other = fixtures_of(league)[:2]
    competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    competitions_services.fixture_type_result(fixture=other, scores=[(512, 430)])
    ratings_refresh([fixture.pk, other.pk])
    assert {g.fixture_id for g in rateable_games()} == {fixture.pk, other.pk}

    admin.fixture_void(fixture=fixture, by=organiser)
    ratings_refresh([fixture.pk])  # what fixture_recompute asks for once committed
    assert {g.fixture_id for g in rateable_games()} == {other.pk}
    refreshed = current_ratings()
    ratings_rebuild()
    rebuilt = current_ratings()
    assert refreshed == rebuilt
    assert len(rebuilt) == 6  # four players and two pairs of the one fixture still counted


def test_a_tournament_match_is_not_voided(organiser, organiser_client):
    cup = tournament(organiser, 4)
    tournaments_services.tournament_start(competition=cup)
    fixture = open_fixtures(cup)[0]
    before = state(fixture)
    page = parse(organiser_client.get(url("competitions:fixture-void", cup, fixture)).content)
    assert "cannot be voided" in page.by_id("error-summary").text
    assert not [f for f in page.iter("form") if f.attrs.get("id") == "void"]
    response = organiser_client.post(url("competitions:fixture-void", cup, fixture))
    assert response.status_code == 400
    assert state(fixture) == before
    assert not RecordChange.objects.exists()


def test_voiding_twice_or_restoring_what_is_not_void_is_refused_in_words(
    league, organiser_client, organiser
):
    fixture = fixtures_of(league)[0]
    response = organiser_client.post(url("competitions:fixture-restore", league, fixture))
    assert response.status_code == 302
    page = parse(organiser_client.get(response["Location"]).content)
    assert "This fixture is not void." in page.text
    admin.fixture_void(fixture=fixture, by=organiser)
    response = organiser_client.post(url("competitions:fixture-void", league, fixture))
    assert response.status_code == 400
    assert "void already" in parse(response.content).by_id("error-summary").text
    assert RecordChange.objects.filter(action="void").count() == 1


# -- tables and dates --------------------------------------------------------------------------
def test_swapping_tables_moves_both_fixtures_and_the_game_in_play(league, organiser_client, scorer):
    first, second = [f for f in fixtures_of(league) if f.round.number == 1]
    game = start(first, scorer)
    tables = (first.table, second.table)
    page = parse(organiser_client.get(url("competitions:fixture-tables", league, first)).content)
    options = [o.attrs.get("value") for o in page.by_id("id_swap-other").iter("option")]
    assert options == ["", str(second.pk)]  # the round's other fixtures only

    LiveEvent.objects.all().delete()
    response = organiser_client.post(
        url("competitions:fixture-tables", league, first), {"swap-other": str(second.pk)}
    )
    assert response.status_code == 302
    assert (state(first)[3], state(second)[3]) == (tables[1], tables[0])
    game.refresh_from_db()
    assert game.table == tables[1]
    changes = RecordChange.objects.filter(subject="fixture", action="table")
    assert sorted((c.subject_id, c.before["table"], c.after["table"]) for c in changes) == sorted(
        [(first.pk, tables[0], tables[1]), (second.pk, tables[1], tables[0])]
    )
    assert {f"fixture:{first.pk}", f"fixture:{second.pk}", f"competition:{league.pk}"} <= topics()


@pytest.mark.parametrize("other", ["", "abc", "99999999999999999999999", "-1", "0", "same", "late"])
def test_a_swap_with_a_fixture_not_of_the_round_shows_the_error_by_the_field(
    league, organiser_client, other
):
    first = fixtures_of(league)[0]
    late = next(f for f in fixtures_of(league) if f.round.number == 2)
    value = {"same": str(first.pk), "late": str(late.pk)}.get(other, other)
    before = state(first), state(late)
    response = organiser_client.post(
        url("competitions:fixture-tables", league, first), {"swap-other": value}
    )
    assert response.status_code == 400
    page = parse(response.content)
    assert page.by_id("swap-other-error").text
    assert page.by_id("error-summary")
    assert (state(first), state(late)) == before
    assert not RecordChange.objects.exists()


def test_a_swap_with_no_fixture_chosen_says_so_once_naming_what_to_choose(league, organiser_client):
    first = fixtures_of(league)[0]
    response = organiser_client.post(url("competitions:fixture-tables", league, first), {})
    assert response.status_code == 400
    html = response.content.decode()
    # One summary (the shared one), not a second sentence of the page's own above it.
    assert html.count("Not saved: put right what is marked below.") == 1
    page = parse(response.content)
    summary = page.by_id("error-summary")
    assert [a.attrs["href"] for a in summary.iter("a")] == ["#id_swap-other"]
    assert summary.text.count("Choose the fixture to swap tables with.") == 1
    assert page.by_id("swap-other-error").text == "Choose the fixture to swap tables with."
    back = page.by_id("back")
    assert back.attrs["href"] == url("competitions:fixture-detail", league, first)
    assert back.text == "Back to the fixture"


def test_moving_a_fixture_is_audited_and_its_game_in_play_changes_table(
    league, organiser_client, scorer
):
    fixture = fixtures_of(league)[0]
    game = start(fixture, scorer)
    old_table = fixture.table
    response = organiser_client.post(
        url("competitions:fixture-move", league, fixture),
        {"move-date": "2026-01-15", "move-table": " Bar\u202e "},
    )
    assert response.status_code == 302
    assert state(fixture)[2:4] == (datetime.date(2026, 1, 15), "Bar")
    game.refresh_from_db()
    assert game.table == "Bar"
    moved = RecordChange.objects.get(subject_id=fixture.pk, action="reschedule")
    assert (moved.before, moved.after) == ({"date": None}, {"date": "2026-01-15"})
    table = RecordChange.objects.get(subject_id=fixture.pk, action="table")
    assert (table.before, table.after) == ({"table": old_table}, {"table": "Bar"})


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"move-date": "2026-02-30", "move-table": "9"}, "move-date"),
        ({"move-date": "next thursday", "move-table": "9"}, "move-date"),
        ({"move-date": "", "move-table": "T" * 21}, "move-table"),
        ({"move-date": "", "move-table": "\ufdfa" * 2}, "move-table"),  # grows when cleaned
    ],
)
def test_a_bad_date_or_table_shows_the_error_by_the_field_and_saves_nothing(
    league, organiser_client, data, field
):
    fixture = fixtures_of(league)[0]
    before = state(fixture)
    response = organiser_client.post(url("competitions:fixture-move", league, fixture), data)
    assert response.status_code == 400
    assert parse(response.content).by_id(f"{field}-error").text
    assert state(fixture) == before
    assert not RecordChange.objects.exists()


# -- who may -----------------------------------------------------------------------------------
WRITES = {
    "competitions:fixture-void": {},
    "competitions:fixture-restore": {},
    "competitions:fixture-tables": {"swap-other": "SECOND"},
}


@pytest.mark.parametrize("view", WRITES)
def test_scorers_and_anonymous_visitors_change_nothing(league, scorer_client, view, organiser):
    first, second = [f for f in fixtures_of(league) if f.round.number == 1]
    if view == "competitions:fixture-restore":
        admin.fixture_void(fixture=first, by=organiser)
    data = {k: str(second.pk) if v == "SECOND" else v for k, v in WRITES[view].items()}
    before = state(first), state(second), RecordChange.objects.count()
    for method in ("get", "post"):
        response = getattr(scorer_client, method)(url(view, league, first), data)
        assert response.status_code in (403, 405)
        response = getattr(Client(), method)(url(view, league, first), data)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    assert (state(first), state(second), RecordChange.objects.count()) == before


def test_the_fixture_page_and_list_link_the_housekeeping_for_organisers_only(
    league, organiser_client, scorer_client
):
    fixture = fixtures_of(league)[0]
    detail = url("competitions:fixture-detail", league, fixture)
    page = parse(organiser_client.get(detail).content)
    links = {a.attrs.get("href") for a in page.by_id("housekeeping").iter("a")}
    assert {
        url("competitions:fixture-tables", league, fixture),
        url("competitions:fixture-void", league, fixture),
        url("competitions:withdrawals", league),
    } <= links
    listed = parse(organiser_client.get(url("competitions:fixtures", league)).content)
    assert listed.by_id("withdrawals").attrs["href"] == url("competitions:withdrawals", league)
    for client in (scorer_client, Client()):
        text = client.get(detail).content.decode()
        assert url("competitions:fixture-void", league, fixture) not in text
        listed_text = client.get(url("competitions:fixtures", league)).content.decode()
        assert url("competitions:withdrawals", league) not in listed_text


def test_another_competitions_fixture_is_not_found(organiser, organiser_client):
    league = make_league(organiser)
    other = make_league(organiser, name="Summer league", club_name="Owensboro Clabber Club")
    fixture = fixtures_of(other)[0]
    for view in WRITES:
        assert organiser_client.post(url(view, league, fixture)).status_code == 404
    assert state(fixture)[0] == FixtureStatus.SCHEDULED


def test_the_rooms_screen_shows_a_void_fixture_as_done_and_moves_on_past_it(league, organiser):
    first, second = [f for f in fixtures_of(league) if f.round.number == 1]
    competitions_services.fixture_type_result(fixture=second, scores=[(512, 430)])
    assert screen_selectors.current_round(league).number == 1
    admin.fixture_void(fixture=first, by=organiser)
    line = selectors.fixture_line(selectors.fixtures_for_lines().get(pk=first.pk))
    row = screen_presenters.table_row(line, 1, confirms=False)
    assert (row.state, row.state_text) == ("done", "Void")
    assert screen_presenters.still_playing([line]).count == 0
    assert screen_selectors.current_round(league).number == 2


@pytest.mark.parametrize(
    "address",
    [
        "/c/{slug}/fixtures/99999999999999999999999/void/",
        "/c/{slug}/fixtures/99999999999999999999999/tables/",
        "/c/{slug}/fixtures/99999999999999999999999/restore/",
        "/c/{slug}/entrants/99999999999999999999999/withdraw/",
        "/c/{slug}/entrants/99999999999999999999999/return/",
        "/c/nobody/withdrawals/",
    ],
)
def test_hostile_addresses_are_not_found_never_an_error(league, organiser_client, address):
    for method in ("get", "post"):
        response = getattr(organiser_client, method)(address.format(slug=league.slug))
        assert response.status_code in (404, 405)
    assert not RecordChange.objects.exists()


def test_the_only_fixture_of_a_round_has_no_table_to_swap_with(organiser, organiser_client):
    league = make_league(organiser, teams=3)  # one fixture a round, one pair sitting out
    fixture = fixtures_of(league)[0]
    page = parse(organiser_client.get(url("competitions:fixture-tables", league, fixture)).content)
    assert "the only fixture of its round" in page.by_id("no-others").text
    response = organiser_client.post(
        url("competitions:fixture-tables", league, fixture), {"swap-other": str(fixture.pk)}
    )
    assert response.status_code == 400
    assert not RecordChange.objects.exists()


@pytest.mark.parametrize("day", ["1999-01-01", "0001-01-01", "9999-12-31"])
def test_a_date_far_from_the_competitions_nights_is_refused_by_the_field(
    league, organiser_client, day
):
    fixture = fixtures_of(league)[0]
    before = state(fixture)
    response = organiser_client.post(
        url("competitions:fixture-move", league, fixture), {"move-date": day, "move-table": ""}
    )
    assert response.status_code == 400
    error = parse(response.content).by_id("move-date-error").text
    assert "within a year of the competition's nights" in error
    assert state(fixture) == before
    assert not RecordChange.objects.exists()


def test_a_date_within_a_year_of_the_nights_is_taken(league, organiser):
    fixture = fixtures_of(league)[0]
    last = max(league.rounds.values_list("date", flat=True))
    admin.fixture_move(
        fixture=fixture, date=last + datetime.timedelta(days=300), table="", by=organiser
    )
    assert state(fixture)[2] == last + datetime.timedelta(days=300)
