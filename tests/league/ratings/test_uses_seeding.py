"""Seeding a tournament by rating, from the director's page: the strongest first by conservative
rating, newcomers in the order they were entered; the director's alone, and only before the
draw."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.competitions import services as competitions_services
from league.games import services as games_services
from league.models import Competition, EntrantKind, TournamentFormat
from league.tournaments import services as tournaments_services
from scoring import Deal, get_ruleset
from tests.builders import fixtures_of, make_league, page, rated, refused, tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db

RATING = {"seed-method": "rating"}


def seeds(competition: Competition) -> list[str]:
    """The entrants' names, seed 1 first."""
    return list(competition.entrants.order_by("seed").values_list("name", flat=True))


def rated_cup(organiser, n: int = 6) -> Competition:
    """P1 ... Pn; P3 strongest, then P5, P6; P1 rated below a newcomer (it lost more than it
    won: conservative -1 against a newcomer's 0); the rest newcomers."""
    competition = tournament(organiser, n, name="Rated cup")
    players = {p.name: p for p in competition.club.players.all()}
    ratings = {"P3": (30, 2), "P5": (27, 3), "P1": (20, 7), "P6": (26, 3)}  # 24, 18, -1, 17
    for name, (mu, sigma) in ratings.items():
        if name in players:
            rated(players[name], mu, sigma)
    return competition


def seed_url(competition: Competition) -> str:
    return reverse("tournaments:seed", args=[competition.slug])


def director_url(competition: Competition) -> str:
    return reverse("tournaments:director", args=[competition.slug])


def test_the_organiser_seeds_by_rating_and_may_still_change_a_seed_by_hand(
    organiser, organiser_client
):
    competition = rated_cup(organiser)
    response = organiser_client.post(seed_url(competition), RATING)
    assert response.status_code == 302
    assert response["Location"].startswith(director_url(competition))
    # Strongest first; the newcomers P2 and P4 in the order they were entered; P1 last.
    assert seeds(competition) == ["P3", "P5", "P6", "P2", "P4", "P1"]
    # The director adjusts as before: by hand, the numbers now shown in the seeds' inputs.
    root = page(organiser_client, director_url(competition))
    shown = {
        tr.iter("label").__next__().text: tr.iter("input").__next__().attrs.get("value")
        for tr in root.by_id("seeding").iter("tr")
        if any(True for _ in tr.iter("input"))
    }
    assert shown == {"P3": "1", "P5": "2", "P6": "3", "P2": "4", "P4": "5", "P1": "6"}
    by_hand = {"seed-method": "manual"} | {
        f"seed-seed_{e.pk}": str({"P2": 5, "P4": 4}.get(e.name, e.seed))
        for e in competition.entrants.all()
    }
    assert organiser_client.post(seed_url(competition), by_hand).status_code == 302
    assert seeds(competition) == ["P3", "P5", "P6", "P4", "P2", "P1"]


def test_the_seeding_panel_shows_each_rating_and_says_what_by_rating_does(
    organiser, organiser_client
):
    competition = rated_cup(organiser)
    root = page(organiser_client, director_url(competition))
    seeding = root.by_id("seeding")
    ratings = {
        tr.iter("label").__next__().text: tr.iter("small").__next__().text
        for tr in seeding.iter("tr")
        if any(True for _ in tr.iter("small"))
    }
    assert ratings == {
        "P1": "rating \u22121.0",
        "P2": "newcomer",
        "P3": "rating 24.0",
        "P4": "newcomer",
        "P5": "rating 18.0",
        "P6": "rating 17.0",
    }
    assert "By rating: the strongest first" in seeding.text
    help_text = root.by_id("seed-by-rating-help").text
    assert "strongest first by cautious rating (the rating lists' number" in help_text
    assert "no rated game count as newcomers" in help_text
    assert "in the order they were entered" in help_text


def test_a_scorer_and_an_anonymous_visitor_may_not_seed_by_rating(organiser, scorer_client):
    competition = rated_cup(organiser)
    refused(scorer_client.post(seed_url(competition), RATING), login=False)
    refused(Client().post(seed_url(competition), RATING), login=True)
    assert not competition.entrants.filter(seed__isnull=False).exists()


def test_after_the_draw_seeding_by_rating_is_refused_with_the_reason(organiser, organiser_client):
    competition = rated_cup(organiser, 4)
    tournaments_services.tournament_start(competition=competition)
    before = seeds(competition)
    assert before == ["P1", "P2", "P3", "P4"]  # seeded in the order entered at the start
    response = organiser_client.post(seed_url(competition), RATING)
    assert response.status_code == 400
    messages = [li.text for li in parse(response.content).iter("li") if li.has_class("message")]
    assert messages == ["The tournament has started: the seeds are fixed."]
    assert seeds(competition) == before


def test_seeding_by_rating_takes_the_same_queries_for_any_number_of_entrants(
    organiser, organiser_client
):
    counts = []
    for n in (4, 12):
        competition = rated_cup(organiser, n)
        with CaptureQueriesContext(connection) as captured:
            assert organiser_client.post(seed_url(competition), RATING).status_code == 302
        counts.append(len(captured.captured_queries))
        reading = [q for q in captured.captured_queries if "currentrating" in q["sql"].lower()]
        assert len(reading) == 1  # every entrant's rating in one query
    assert counts[0] == counts[1], counts


def test_partnerships_are_seeded_by_their_pair_rating_else_their_players_combined(
    organiser, organiser_client
):
    club = competitions_services.club_create(name="Pairs club")
    competition = tournaments_services.tournament_create(
        club=club,
        name="Pairs cup",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        format=TournamentFormat.SINGLE,
        by=organiser,
    )
    people = {
        n: competitions_services.player_add(club=club, name=n)
        for n in ("Ann", "Ben", "Cas", "Dot", "Eve", "Fay")
    }
    pairs = {}
    for name, first, second in (
        ("Newcomers", "Eve", "Fay"),
        ("CD", "Cas", "Dot"),
        ("AB", "Ann", "Ben"),
    ):
        pairs[name] = competitions_services.partnership_add(
            club=club, first=people[first], second=people[second], name=name
        )
        competitions_services.entrant_add(competition=competition, partnership=pairs[name])
    for name in ("Ann", "Ben"):
        rated(people[name], 32, 2)  # together: 39 - 3 * 2.83 = 30.5
    for name in ("Cas", "Dot"):
        rated(people[name], 22, 4)  # together: 19 - 3 * 5.66 = 2.0
    assert organiser_client.post(seed_url(competition), RATING).status_code == 302
    assert seeds(competition) == ["AB", "CD", "Newcomers"]
    rated(people["Cas"], 40, 1.5, partner=people["Dot"])  # their pair rating: 35.5
    assert organiser_client.post(seed_url(competition), RATING).status_code == 302
    assert seeds(competition) == ["CD", "AB", "Newcomers"]


def test_games_won_in_the_club_league_put_a_partnership_on_top(
    organiser, organiser_client, django_capture_on_commit_callbacks
):
    """The whole way: games played at the table are rated, then seed the club's cup."""
    league = make_league(organiser, teams=4)
    with django_capture_on_commit_callbacks(execute=True):
        for fixture in fixtures_of(league):
            # Pair 3 wins every game it plays; otherwise the home side wins.
            names = {s.side: s.entrant.name for s in fixture.sides.all()}
            winner = 1 if names[1] == "Pair 3" else 0
            game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
            points = (100, 62) if winner == 0 else (62, 100)
            while game.winner is None:
                games_services.game_add_deal(
                    game=game, deal=Deal(makers=winner, card_points=points), by=organiser
                )
    cup = tournaments_services.tournament_create(
        club=league.club,
        name="Club cup",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        format=TournamentFormat.SINGLE,
        by=organiser,
    )
    for partnership in league.club.partnerships.order_by("id"):
        competitions_services.entrant_add(competition=cup, partnership=partnership)
    assert organiser_client.post(seed_url(cup), RATING).status_code == 302
    assert seeds(cup)[0] == "Pair 3"


def test_the_ratings_are_written_in_the_readers_number_format(organiser, organiser_client):
    competition = rated_cup(organiser)
    response = organiser_client.get(director_url(competition), HTTP_ACCEPT_LANGUAGE="de")
    seeding = parse(response.content).by_id("seeding").text
    assert "24,0" in seeding and "\u22121,0" in seeding and "24.0" not in seeding
