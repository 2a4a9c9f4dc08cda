"""Each side's chance of winning, before a game: on a fixture's page and on a side's entry link,
from the players' ratings (newcomers count as average), in whole percents; gone once the game
is under way or the match is over; the ratings read in one query."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openskill.models import PlackettLuce

from league.competitions import services as competitions_services
from league.games import services as games_services
from league.models import Competition, EntrantKind, Fixture
from league.tournaments import services as tournaments_services
from scoring import Deal, get_ruleset
from tests.builders import fixtures_of, make_league, page, play_by_links, rated, tournament

pytestmark = pytest.mark.django_db


def fixture_url(fixture: Fixture) -> str:
    return reverse("competitions:fixture-detail", args=[fixture.competition.slug, fixture.pk])


def entry_url(fixture: Fixture, side: int) -> str:
    return reverse("tournaments:entry", args=[fixture.sides.get(side=side).entry_token])


def chances_text(client: Client, address: str) -> str | None:
    root = page(client, address)
    found = [e for e in root.iter() if e.attrs.get("id") == "chances"]
    return found[0].text if found else None


def expected(home: list[tuple[float, float]], away: list[tuple[float, float]]) -> int:
    """The home side's whole percent, worked out with openskill itself."""
    model = PlackettLuce()
    teams = [[model.rating(mu=m, sigma=s) for m, s in side] for side in (home, away)]
    return round(100 * model.predict_win(teams)[0])


def members(fixture: Fixture, side: int):
    partnership = fixture.sides.get(side=side).entrant.partnership
    return partnership.first, partnership.second


NEWCOMER = (25.0, 25.0 / 3)


def test_a_fixture_page_shows_each_sides_chance_before_the_game(client, organiser):
    league = make_league(organiser, teams=4)
    fixture = fixtures_of(league)[0]
    home, away = fixture.sides.get(side=0).entrant.name, fixture.sides.get(side=1).entrant.name
    # Before anybody is rated: two newcomers a side, even.
    text = chances_text(client, fixture_url(fixture))
    assert text is not None and text.startswith(
        f"Chances of winning: {home} 50% · {away} 50% How is this worked out? "
        "From the skill the players' ratings show"
    )
    assert "a player with no rated game yet counts as average" in text
    a, b = members(fixture, 0)
    rated(a, 30, 2)
    rated(b, 28, 3)
    c, _ = members(fixture, 1)
    rated(c, 22, 3)  # the fourth player is still a newcomer
    percent = expected([(30, 2), (28, 3)], [(22, 3), NEWCOMER])
    assert 60 < percent < 100
    text = chances_text(client, fixture_url(fixture))
    assert f"{home} {percent}% · {away} {100 - percent}%" in text


def test_the_chances_go_once_a_deal_is_entered_and_after_a_result(client, organiser, scorer):
    league = make_league(organiser, teams=4)
    first, second = fixtures_of(league)[:2]
    game = competitions_services.fixture_start_game(fixture=first, by=scorer)
    # A game started but no deal yet: still before the game.
    assert chances_text(client, fixture_url(first)) is not None
    games_services.game_add_deal(game=game, deal=Deal(makers=0, card_points=(100, 62)), by=scorer)
    assert chances_text(client, fixture_url(first)) is None
    competitions_services.fixture_type_result(fixture=second, scores=[(512, 430)])
    assert chances_text(client, fixture_url(second)) is None


def test_a_longer_match_gives_the_chance_of_each_game(client, organiser):
    league = make_league(organiser, teams=2, games_per_match=3)
    text = chances_text(client, fixture_url(fixtures_of(league)[0]))
    assert text is not None and text.startswith("Chances of winning each game: Pair 1 50%")


def test_a_rotation_fixture_counts_all_four_players(client, organiser):
    club = competitions_services.club_create(name="Rotation club")
    competition = competitions_services.competition_create(
        club=club,
        name="Individual",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.ROTATION,
        by=organiser,
    )
    people = [competitions_services.player_add(club=club, name=n) for n in "ABCD"]
    for person in people:
        competitions_services.entrant_add(competition=competition, player=person)
    competitions_services.rotation_generate(competition=competition, rounds=1)
    fixture = competition.fixtures.get()
    strong = [s.entrant.player for s in fixture.sides.filter(side=0)]
    for person in strong:
        rated(person, 31, 2)
    percent = expected([(31, 2), (31, 2)], [NEWCOMER, NEWCOMER])
    names = [
        " & ".join(s.entrant.name for s in fixture.sides.filter(side=i).order_by("id"))
        for i in (0, 1)
    ]
    text = chances_text(client, fixture_url(fixture))
    assert f"{names[0]} {percent}% · {names[1]} {100 - percent}%" in text


def test_the_fixture_page_reads_the_ratings_in_one_query(client, organiser):
    counts = []
    for teams in (2, 8):
        league = make_league(
            organiser, teams=teams, name=f"League {teams}", club_name=f"Club {teams}"
        )
        fixture = fixtures_of(league)[0]
        for side in (0, 1):
            for player in members(fixture, side):
                rated(player, 26 + side, 3)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(fixture_url(fixture)).status_code == 200
        reading = [q for q in captured.captured_queries if "currentrating" in q["sql"].lower()]
        assert len(reading) == 1
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1], counts
    # Once over, the page has nothing to say and reads no rating.
    competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    with CaptureQueriesContext(connection) as captured:
        assert client.get(fixture_url(fixture)).status_code == 200
    assert not [q for q in captured.captured_queries if "currentrating" in q["sql"].lower()]


# -- a side's entry link ----------------------------------------------------------------------
def cup(organiser) -> Competition:
    competition = tournament(organiser, 2, name="Two-player cup")
    players = {p.name: p for p in competition.club.players.all()}
    rated(players["P2"], 29, 2)
    tournaments_services.tournament_start(competition=competition)
    return competition


def test_an_entry_link_shows_the_chances_until_the_match_is_played(organiser):
    competition = cup(organiser)
    fixture = competition.fixtures.get()
    names = {s.side: s.entrant.name for s in fixture.sides.all()}
    strong = 0 if names[0] == "P2" else 1
    percent = expected([(29, 2)], [NEWCOMER])
    home = percent if strong == 0 else 100 - percent
    for side in (0, 1):
        text = chances_text(Client(), entry_url(fixture, side))
        assert f"{names[0]} {home}% · {names[1]} {100 - home}%" in text
    play_by_links(fixture, winner=strong)
    for side in (0, 1):
        assert chances_text(Client(), entry_url(fixture, side)) is None


def test_the_entry_link_reads_the_ratings_in_one_query(organiser):
    competition = cup(organiser)
    fixture = competition.fixtures.get()
    with CaptureQueriesContext(connection) as captured:
        assert Client().get(entry_url(fixture, 0)).status_code == 200
    reading = [q for q in captured.captured_queries if "currentrating" in q["sql"].lower()]
    assert len(reading) == 1


def test_on_an_entry_link_how_the_chances_are_worked_out_is_folded(organiser):
    # Above "Start the game" a side reads its chance; the ratings' jargon waits behind a tap.
    fixture = cup(organiser).fixtures.get()
    root = page(Client(), entry_url(fixture, 0))
    chances = root.by_id("chances")
    how = chances.by_id("chances-how")
    assert how.tag == "details" and "open" not in how.attrs
    assert next(how.iter("summary")).text == "How is this worked out?"
    assert "cautious number of the rating lists" in next(how.iter("p")).text
    # Nothing of it outside the fold.
    outside = [p for p in chances.iter("p") if p not in list(how.iter("p"))]
    assert all("rating" not in p.text for p in outside)
