"""A withdrawal with games in progress (finding 1) and open pages following a void, a restore
and a withdrawal (finding 9): the confirmation names each game in progress of the fixtures it
voids or concedes and says it will be abandoned; the withdrawal abandons them (kept, counting
nowhere, taking no deals; never deleted); their pages still answer and say so; bringing the
entrant back gives the fixtures back to be played and says the games stay abandoned. The
games' pages (``game:<id>``) follow a void, a restore and a withdrawal, and the room's screen
after a void and a restore reads as a fresh load."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.competitions import fixture_admin_services as admin
from league.competitions import selectors
from league.competitions import services as competitions_services
from league.competitions import withdrawal as withdrawals
from league.errors import Refused
from league.games import services as games_services
from league.live import topics as live_topics
from league.models import Competition, Entrant, Fixture, FixtureStatus, Game, LiveEvent
from league.screen import presenters as screen_presenters
from league.stored_words import event_notes
from scoring import Deal
from tests.builders import fixtures_of, make_league
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

NOW = datetime.datetime(2026, 12, 2, 20, 0, tzinfo=datetime.UTC)


@pytest.fixture
def league(organiser) -> Competition:
    return make_league(organiser)  # four pairs: three fixtures each


@pytest.fixture
def pair(league) -> Entrant:
    return league.entrants.get(name="Pair 1")


def fixtures_with(entrant: Entrant) -> list[Fixture]:
    return list(Fixture.objects.filter(sides__entrant=entrant).order_by("round__number"))


def start(fixture: Fixture, by: User, deals: int) -> Game:
    game = competitions_services.fixture_start_game(fixture=fixture, by=by)
    for _ in range(deals):
        games_services.game_add_deal(game=game, deal=Deal(makers=0, card_points=(100, 62)), by=by)
        game.refresh_from_db()
    return Game.objects.get(pk=game.pk)


def url(name: str, league: Competition, entrant: Entrant) -> str:
    return reverse(name, args=[league.slug, entrant.pk])


def has_id(page: Element, id_: str) -> bool:
    return any(element.attrs.get("id") == id_ for element in page.iter())


def topics() -> set[str]:
    return {t for e in LiveEvent.objects.all() for t in e.topics.split()}


def line_of(fixture: Fixture) -> selectors.FixtureLine:
    return selectors.fixture_line(selectors.fixtures_for_lines().get(pk=fixture.pk))


def assert_abandoned_for_good(game: Game, client: Client, scorer: User) -> None:
    game.refresh_from_db()
    assert game.abandoned and game.fixture_id is None and game.winner is None
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    page = parse(response.content)
    said = page.by_id("abandoned").text
    assert "Abandoned" in said and "when Pair 1 withdrew from the league" in said
    assert not has_id(page, "entry")  # no deal form
    assert "no more deals can be saved" in page.by_id("entry-closed").text
    deals = game.deal_count
    with pytest.raises(Refused, match="abandoned"):
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(100, 62)), by=scorer
        )
    game.refresh_from_db()
    assert game.deal_count == deals


def test_a_voiding_withdrawal_abandons_the_games_in_progress_and_says_so_before(
    league, pair, organiser_client, scorer, scorer_client
):
    first, second, _third = fixtures_with(pair)
    in_play = start(first, scorer, deals=2)
    no_deals = start(second, scorer, deals=0)

    page = parse(organiser_client.get(url("competitions:entrant-withdraw", league, pair)).content)
    listed = page.by_id("in-progress").text
    assert "(round 1) is in play, " in listed and "after 2 deals: it will be abandoned" in listed
    assert "(round 2) was started with no deal entered: it will be abandoned" in listed
    assert has_id(page, f"in-progress-{in_play.pk}")
    assert has_id(page, f"in-progress-{no_deals.pk}")
    assert "The games abandoned here stay abandoned." in page.by_id("bring-back").text

    LiveEvent.objects.all().delete()
    response = organiser_client.post(url("competitions:entrant-withdraw", league, pair))
    assert response.status_code == 302
    said = parse(organiser_client.get(response["Location"]).content).text
    assert "2 games in progress are abandoned" in said
    assert {f"game:{in_play.pk}", f"game:{no_deals.pk}"} <= topics()
    for game in (in_play, no_deals):
        assert_abandoned_for_good(game, scorer_client, scorer)
    for fixture in (first, second):
        fixture.refresh_from_db()
        assert fixture.status == FixtureStatus.VOID
        line = line_of(fixture)
        assert not line.games  # the fixtures list shows no game in play
        assert screen_presenters.table_row(line, 1, confirms=False).state != "in-play"
    assert withdrawals.last_withdrawal(pair)["abandoned"] == [in_play.pk, no_deals.pk]

    response = organiser_client.post(url("competitions:entrant-return", league, pair))
    said = parse(organiser_client.get(response["Location"]).content).text
    assert "The 2 games abandoned when Pair 1 withdrew stay abandoned" in said
    for fixture in (first, second):
        fixture.refresh_from_db()
        assert (fixture.status, fixture.finished) == (FixtureStatus.SCHEDULED, False)
        assert not fixture.games.exists()  # played afresh
    for game in (in_play, no_deals):
        assert_abandoned_for_good(game, scorer_client, scorer)


def test_a_conceding_withdrawal_abandons_the_game_in_play_beside_the_forfeit(
    league, pair, organiser, organiser_client, scorer, scorer_client
):
    played = fixtures_with(pair)[:2]
    for fixture in played:
        competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    open_ = fixtures_with(pair)[2]
    game = start(open_, scorer, deals=3)
    page = parse(organiser_client.get(url("competitions:entrant-withdraw", league, pair)).content)
    assert "after 3 deals: it will be abandoned" in page.by_id("in-progress").text

    plan = withdrawals.entrant_withdraw_from_league(entrant=pair, by=organiser)
    assert plan.conceded == (open_.pk,)
    open_.refresh_from_db()
    assert (open_.status, open_.finished) == (FixtureStatus.FORFEIT, True)
    assert Game.objects.filter(pk=game.pk).exists()  # never deleted
    assert_abandoned_for_good(game, scorer_client, scorer)
    line = line_of(open_)
    assert not line.games
    assert screen_presenters.table_row(line, 1, confirms=False).state != "in-play"
    # The match's notes say who abandoned the game, and why.
    notes = event_notes(selectors.match_events(open_), line.sides)
    assert [(n.kind, n.who, n.words) for n in notes] == [
        ("abandon", "olga (Pair 1 withdrew)", "3 deals entered")
    ]

    withdrawals.entrant_return_to_league(entrant=pair, by=organiser)
    open_.refresh_from_db()
    assert (open_.status, open_.finished) == (FixtureStatus.SCHEDULED, False)
    assert_abandoned_for_good(game, scorer_client, scorer)


def test_a_withdrawal_without_games_in_progress_lists_none(league, pair, organiser_client):
    page = parse(organiser_client.get(url("competitions:entrant-withdraw", league, pair)).content)
    assert not has_id(page, "in-progress")
    assert "every fixture this changes goes back as it was" in page.by_id("bring-back").text


# -- open pages follow a void and a restore (finding 9) -----------------------------------------
def test_a_void_and_a_restore_reach_the_pages_of_the_fixtures_games(
    league, organiser, scorer, scorer_client
):
    fixture = fixtures_of(league)[0]
    game = start(fixture, scorer, deals=1)
    # The game's page follows its own topic, and its live part holds what a void changes.
    assert live_topics.game_page(game) == [f"game:{game.pk}"]

    LiveEvent.objects.all().delete()
    admin.fixture_void(fixture=fixture, by=organiser)
    assert {f"game:{game.pk}", f"fixture:{fixture.pk}", f"competition:{league.pk}"} <= topics()
    assert f"club:{league.club_id}" in topics()  # the room's screen follows its club
    page = parse(scorer_client.get(reverse("games:detail", args=[game.pk])).content)
    assert not has_id(page, "entry")
    assert "match is void" in page.by_id("game-live").text
    assert "match is void" in page.by_id("entry-closed").text

    LiveEvent.objects.all().delete()
    admin.fixture_restore(fixture=fixture, by=organiser)
    assert {f"game:{game.pk}", f"competition:{league.pk}", f"club:{league.club_id}"} <= topics()
    page = parse(scorer_client.get(reverse("games:detail", args=[game.pk])).content)
    assert has_id(page, "entry")
    assert page.by_id("entry-closed").text.strip() == ""


def test_the_rooms_screen_after_a_void_and_a_restore_reads_as_a_fresh_load(league, organiser):
    round_one = [f for f in fixtures_of(league) if f.round.number == 1]
    competitions_services.fixture_type_result(fixture=round_one[1], scores=[(512, 430)])

    def screen() -> list[tuple]:
        return [
            (page.title, page.rows, page.text, page.still.text)
            for page in screen_presenters.competition_pages(league, NOW)
        ]

    fresh = screen()
    titles = [title for title, *_ in fresh]
    assert "Round 1: tables" in titles and "Next: Round 2, seats" in titles
    assert any("Still to finish: 1 table" in still for *_, still in fresh)
    admin.fixture_void(fixture=round_one[0], by=organiser)
    voided = screen()
    assert "Round 2: tables" in [title for title, *_ in voided]
    assert "Next: Round 3, seats" in [title for title, *_ in voided]
    admin.fixture_restore(fixture=round_one[0], by=organiser)
    assert screen() == fresh


def test_withdrawal_restore_and_screen_after_bringing_back_read_as_a_fresh_load(
    league, pair, organiser
):
    before = [
        (page.title, page.rows, page.still.text)
        for page in screen_presenters.competition_pages(league, NOW)
    ]
    LiveEvent.objects.all().delete()
    withdrawals.entrant_withdraw_from_league(entrant=pair, by=organiser)
    assert f"club:{league.club_id}" in topics()
    withdrawals.entrant_return_to_league(entrant=pair, by=organiser)
    after = [
        (page.title, page.rows, page.still.text)
        for page in screen_presenters.competition_pages(league, NOW)
    ]
    assert after == before
