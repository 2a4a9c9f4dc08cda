"""Withdrawing an entrant from a league season by the stated rule (fewer than half played:
every result voided; else the results stand and the rest is conceded), said before it is done,
audited, published, undone by bringing the entrant back; standings and tallies equal a fresh
recompute throughout; only organisers may."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import fixture_admin_services as admin
from league.competitions import selectors
from league.competitions import services as competitions_services
from league.competitions import withdrawal as withdrawals
from league.competitions.tallies import tallies_from_sides, tallies_rebuild
from league.errors import Refused
from league.models import (
    Competition,
    Entrant,
    EntrantKind,
    Fixture,
    FixtureStatus,
    LiveEvent,
    RecordChange,
)
from scoring import get_ruleset
from tests.builders import fixtures_of, make_league, query_count, tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def agrees_with_a_fresh_recompute(league: Competition) -> None:
    kept = selectors.kept_tallies(league)
    assert kept == tallies_from_sides(league.pk)
    standings = [(line.entrant_id, line.row) for line in selectors.competition_standings(league)]
    tallies_rebuild([league.pk])
    assert selectors.kept_tallies(league) == kept
    again = [(line.entrant_id, line.row) for line in selectors.competition_standings(league)]
    assert again == standings


def fixtures_with(entrant: Entrant) -> list[Fixture]:
    return list(Fixture.objects.filter(sides__entrant=entrant).order_by("round__number"))


def statuses(league: Competition) -> dict[int, tuple]:
    return {
        f.pk: (f.status, f.finished, f.conceded_by, f.typed_scores)
        for f in Fixture.objects.filter(competition=league)
    }


def url(name: str, league: Competition, entrant: Entrant | None = None) -> str:
    return reverse(name, args=[league.slug] + ([entrant.pk] if entrant is not None else []))


@pytest.fixture
def league(organiser) -> Competition:
    return make_league(organiser)  # four pairs: three fixtures each


@pytest.fixture
def pair(league) -> Entrant:
    return league.entrants.get(name="Pair 1")


def type_results(fixtures: list[Fixture]) -> None:
    for fixture in fixtures:
        competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])


def test_fewer_than_half_played_voids_every_result_of_the_entrant(league, pair, organiser_client):
    first, *rest = fixtures_with(pair)
    others = [f for f in fixtures_of(league) if f not in fixtures_with(pair)]
    type_results([first, others[0]])
    opponent = first.sides.exclude(entrant=pair).get().entrant_id
    assert selectors.kept_tallies(league)[opponent].played == 1

    page = parse(organiser_client.get(url("competitions:entrant-withdraw", league, pair)).content)
    assert "fewer than half of its fixtures" in page.by_id("withdrawal-rule").text
    said = page.by_id("what-it-does").text
    assert "Pair 1 has a result in 1 fixture of 3." in said
    assert "That is fewer than half: 1 result will be voided." in said
    assert "3 fixtures in all will count for nobody" in said
    assert "bring Pair 1 back" in page.text
    assert not Entrant.objects.get(pk=pair.pk).withdrawn  # a GET changes nothing

    LiveEvent.objects.all().delete()
    response = organiser_client.post(url("competitions:entrant-withdraw", league, pair))
    assert response.status_code == 302
    assert response["Location"] == url("competitions:withdrawals", league)
    pair.refresh_from_db()
    assert pair.withdrawn and pair.withdrawn_at is not None
    assert {f.status for f in fixtures_with(pair)} == {FixtureStatus.VOID}
    assert selectors.kept_tallies(league)[opponent].played == 0
    assert selectors.kept_tallies(league)[pair.pk].played == 0
    others[0].refresh_from_db()
    assert others[0].status == FixtureStatus.PLAYED  # other entrants' matches untouched
    agrees_with_a_fresh_recompute(league)
    record = RecordChange.objects.get(subject="entrant", subject_id=pair.pk, action="withdraw")
    assert record.after["outcome"] == "void"
    assert sorted(record.after["voided"]) == sorted(f.pk for f in fixtures_with(pair))
    assert RecordChange.objects.filter(subject="fixture", action="void").count() == 3
    topics = {t for e in LiveEvent.objects.all() for t in e.topics.split()}
    assert f"competition:{league.pk}" in topics
    listed = parse(organiser_client.get(response["Location"]).content)
    assert "withdrew on" in listed.by_id(f"entrant-{pair.pk}").text


def test_half_or_more_played_keeps_the_results_and_concedes_the_rest(
    league, pair, organiser_client
):
    played = fixtures_with(pair)[:2]
    open_ = fixtures_with(pair)[2]
    type_results(played)
    page = parse(organiser_client.get(url("competitions:entrant-withdraw", league, pair)).content)
    said = page.by_id("what-it-does").text
    assert "That is half or more: 2 results stand." in said
    assert "1 fixture still to play will be conceded to the opponent, 500 to 0." in said

    response = organiser_client.post(url("competitions:entrant-withdraw", league, pair))
    assert response.status_code == 302
    open_.refresh_from_db()
    side = open_.sides.get(entrant=pair).side
    assert (open_.status, open_.finished, open_.conceded_by) == (FixtureStatus.FORFEIT, True, side)
    assert open_.winner == 1 - side
    assert open_.typed_scores[0][1 - side] == 500 and open_.typed_scores[0][side] == 0
    for fixture in played:
        fixture.refresh_from_db()
        assert fixture.status == FixtureStatus.PLAYED
    assert selectors.kept_tallies(league)[pair.pk].played == 3
    agrees_with_a_fresh_recompute(league)


def test_bringing_the_entrant_back_puts_every_fixture_back_as_it_was(
    league, pair, organiser_client
):
    type_results(fixtures_with(pair)[:1])
    before = statuses(league)
    tallies = selectors.kept_tallies(league)
    organiser_client.post(url("competitions:entrant-withdraw", league, pair))
    assert statuses(league) != before
    response = organiser_client.post(url("competitions:entrant-return", league, pair))
    assert response.status_code == 302
    pair.refresh_from_db()
    assert not pair.withdrawn and pair.withdrawn_at is None
    assert statuses(league) == before
    assert selectors.kept_tallies(league) == tallies
    agrees_with_a_fresh_recompute(league)
    assert RecordChange.objects.filter(subject="entrant", action="return").count() == 1
    page = parse(organiser_client.get(response["Location"]).content)
    assert "Pair 1 is back in the league: 3 fixtures are as they were." in page.text


def test_bringing_back_a_conceding_entrant_reopens_only_what_it_conceded(
    league, pair, organiser, organiser_client
):
    played = fixtures_with(pair)[:2]
    type_results(played)
    before = statuses(league)
    withdrawals.entrant_withdraw_from_league(entrant=pair, by=organiser)
    withdrawals.entrant_return_to_league(entrant=pair, by=organiser)
    assert statuses(league) == before
    agrees_with_a_fresh_recompute(league)


def test_a_fixture_voided_by_a_withdrawal_is_restored_only_by_bringing_the_entrant_back(
    league, pair, organiser
):
    withdrawals.entrant_withdraw_from_league(entrant=pair, by=organiser)
    fixture = fixtures_with(pair)[0]
    with pytest.raises(Refused, match="bring Pair 1 back into the league"):
        admin.fixture_restore(fixture=fixture, by=organiser)
    fixture.refresh_from_db()
    assert fixture.status == FixtureStatus.VOID


def test_withdrawing_twice_is_refused_in_words_and_changes_nothing(league, pair, organiser_client):
    organiser_client.post(url("competitions:entrant-withdraw", league, pair))
    before = statuses(league), RecordChange.objects.count()
    response = organiser_client.post(url("competitions:entrant-withdraw", league, pair))
    assert response.status_code == 400
    assert "already withdrawn" in parse(response.content).by_id("error-summary").text
    assert (statuses(league), RecordChange.objects.count()) == before
    # Bringing back one who has not withdrawn is refused too.
    other = league.entrants.get(name="Pair 2")
    response = organiser_client.post(url("competitions:entrant-return", league, other))
    page = parse(organiser_client.get(response["Location"]).content)
    assert "Pair 2 has not withdrawn." in page.text


def test_tournaments_and_rotations_have_no_league_withdrawal(organiser, organiser_client):
    cup = tournament(organiser, 4)
    assert organiser_client.get(url("competitions:withdrawals", cup)).status_code == 404
    entrant = cup.entrants.first()
    assert (
        organiser_client.post(url("competitions:entrant-withdraw", cup, entrant)).status_code == 404
    )
    club = cup.club
    rotation = competitions_services.competition_create(
        club=club,
        name="Drive",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.ROTATION,
        by=organiser,
    )
    players = list(club.players.all())
    for player in players:
        competitions_services.entrant_add(competition=rotation, player=player)
    competitions_services.rotation_generate(competition=rotation, rounds=1)
    one = rotation.entrants.first()
    response = organiser_client.post(url("competitions:entrant-withdraw", rotation, one))
    assert response.status_code == 400
    assert "change partners" in parse(response.content).by_id("error-summary").text
    one.refresh_from_db()
    assert not one.withdrawn


ORGANISER_ONLY = [
    ("get", "competitions:withdrawals", False),
    ("get", "competitions:entrant-withdraw", True),
    ("post", "competitions:entrant-withdraw", True),
    ("post", "competitions:entrant-return", True),
]


@pytest.mark.parametrize(("method", "name", "with_entrant"), ORGANISER_ONLY)
def test_scorers_and_anonymous_visitors_withdraw_nobody(
    league, pair, scorer_client, method, name, with_entrant
):
    address = url(name, league, pair if with_entrant else None)
    before = statuses(league), RecordChange.objects.count()
    refused = getattr(scorer_client, method)(address)
    assert refused.status_code == 403
    assert "Only the club's organisers can" in parse(refused.content).by_id("refusal").text
    response = getattr(Client(), method)(address)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    pair.refresh_from_db()
    assert not pair.withdrawn
    assert (statuses(league), RecordChange.objects.count()) == before


def test_another_leagues_entrant_is_not_found(league, organiser, organiser_client):
    other = make_league(organiser, name="Summer league", club_name="Owensboro Clabber Club")
    stranger = other.entrants.first()
    for name in ("competitions:entrant-withdraw", "competitions:entrant-return"):
        assert organiser_client.post(url(name, league, stranger)).status_code == 404
    stranger.refresh_from_db()
    assert not stranger.withdrawn


def test_the_withdrawals_page_lists_every_entrant_in_a_fixed_number_of_queries(
    organiser, organiser_client, django_assert_num_queries
):
    small = make_league(organiser, teams=4)
    big = make_league(organiser, teams=9, name="Big league", club_name="Big Club")
    withdrawals.entrant_withdraw_from_league(entrant=big.entrants.first(), by=organiser)
    for league in (small, big):
        page = parse(organiser_client.get(url("competitions:withdrawals", league)).content)
        assert len(list(page.by_id("entrants").iter("li"))) == league.entrants.count()
    counted = query_count(organiser_client, url("competitions:withdrawals", small))
    with django_assert_num_queries(counted):
        organiser_client.get(url("competitions:withdrawals", big))


def test_the_message_after_a_withdrawal_says_what_was_done(league, pair, organiser_client):
    response = organiser_client.post(url("competitions:entrant-withdraw", league, pair))
    page = parse(organiser_client.get(response["Location"]).content)
    assert "Pair 1 has withdrawn from the league: 3 fixtures are void." in page.text
