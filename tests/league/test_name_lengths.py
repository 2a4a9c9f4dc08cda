"""Names are measured as they are stored: a name that grows under Unicode normalisation (one
U+FDFA becomes 18 letters under NFKC) is refused next to its field, nothing saved, never a 500,
on every form that takes a name (league.forms_common.NameField); a game's side names have the
length a sheet prints in full; a game's table and a side's words for the director are cleaned
like every other name (issue 22, findings 11 and 13)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import Club, Competition, Fixture, Game, MatchEvent, Partnership, Player
from league.names import SIDE_NAME_MAX
from league.tournaments import services as tournaments_services
from tests.builders import make_league, tournament
from tests.league.competitions.test_views import COMPETITION
from tests.league.html import parse
from tests.league.tournaments.test_views import new_post

pytestmark = pytest.mark.django_db

GROWS = "\ufdfa" * 20  # 20 characters typed, 360 once normalised
RLO, ZWSP, LRI, PDI = "\u202e", "\u200b", "\u2066", "\u2069"


def refused_by(response, field: str) -> str:
    """The message next to ``field`` on a page that came back with an error (not a 500)."""
    assert response.status_code in (200, 400), response.status_code
    return parse(response.content).by_id(f"{field}-error").text


def test_a_club_name_that_grows_is_refused(organiser_client):
    message = refused_by(organiser_client.post("/clubs/", {"name": GROWS}), "name")
    assert "at most 100 characters" in message
    assert not Club.objects.exists()


@pytest.fixture
def club(db) -> Club:
    return competitions_services.club_create(name="Crown")


def test_a_member_name_that_grows_is_refused(organiser_client, club):
    response = organiser_client.post(f"/clubs/{club.slug}/players/", {"player-name": GROWS})
    assert "at most 80 characters" in refused_by(response, "player-name")
    assert not Player.objects.exists()


def test_a_team_name_that_grows_is_refused(organiser_client, club):
    anna = competitions_services.player_add(club=club, name="Anna")
    ben = competitions_services.player_add(club=club, name="Ben")
    response = organiser_client.post(
        f"/clubs/{club.slug}/partnerships/",
        {"partnership-first": anna.pk, "partnership-second": ben.pk, "partnership-name": GROWS},
    )
    assert "at most 80 characters" in refused_by(response, "partnership-name")
    assert not Partnership.objects.exists()


def test_a_competition_name_that_grows_is_refused(organiser_client, club):
    response = organiser_client.post(
        "/competitions/new/", {**COMPETITION, "club": club.pk, "name": GROWS}
    )
    assert "at most 120 characters" in refused_by(response, "name")
    assert not Competition.objects.exists()


def test_a_tournament_name_that_grows_is_refused(organiser_client, club):
    response = organiser_client.post(reverse("tournaments:new"), new_post(club, name=GROWS))
    assert "at most 120 characters" in refused_by(response, "name")
    assert not Competition.objects.exists()


@pytest.mark.parametrize(
    ("field", "most"), [("title", 120), ("side_0", SIDE_NAME_MAX), ("side_1", SIDE_NAME_MAX)]
)
def test_a_game_name_that_grows_is_refused(scorer_client, field, most):
    data = {"preset": "clabber", "side_0": "Anna", "side_1": "Ben", field: GROWS}
    response = scorer_client.post(reverse("games:new"), data)
    assert f"at most {most} characters" in refused_by(response, field)
    assert not Game.objects.exists()


def test_a_side_name_longer_than_a_sheet_prints_is_refused(scorer_client):
    data = {"preset": "clabber", "side_0": "W" * (SIDE_NAME_MAX + 1), "side_1": "Ben"}
    response = scorer_client.post(reverse("games:new"), data)
    assert f"at most {SIDE_NAME_MAX} characters" in refused_by(response, "side_0")
    assert not Game.objects.exists()
    # As long as a sheet prints, it is a game whose PDF prints.
    data["side_0"] = "W" * SIDE_NAME_MAX
    assert scorer_client.post(reverse("games:new"), data).status_code == 302
    game = Game.objects.get()
    pdf = scorer_client.get(reverse("printing:game-pdf", args=[game.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF-")


def test_a_game_table_is_cleaned_like_a_name(scorer_client):
    data = {"preset": "clabber", "side_0": "Anna", "side_1": "Ben"}
    data["table"] = f"{RLO}7{ZWSP} {LRI}b{PDI}"
    assert scorer_client.post(reverse("games:new"), data).status_code == 302
    assert Game.objects.get().table == "7 b"


def test_a_game_table_that_grows_is_refused(scorer_client):
    data = {"preset": "clabber", "side_0": "Anna", "side_1": "Ben", "table": "\ufdfa" * 2}
    assert "at most 20 characters" in refused_by(
        scorer_client.post(reverse("games:new"), data), "table"
    )
    assert not Game.objects.exists()


def test_a_moved_fixtures_table_is_cleaned_and_measured(organiser, organiser_client):
    league = make_league(organiser)
    fixture = league.fixtures.order_by("id").first()
    address = reverse("competitions:fixture-move", args=[league.slug, fixture.pk])
    response = organiser_client.post(address, {"move-date": "", "move-table": "\ufdfa" * 2})
    assert "at most 20 characters" in refused_by(response, "move-table")
    response = organiser_client.post(address, {"move-date": "", "move-table": f"{RLO}9{ZWSP}"})
    assert response.status_code == 302
    assert Fixture.objects.get(pk=fixture.pk).table == "9"


def test_blank_sheets_measure_names_as_they_print(client):
    response = client.get(
        reverse("printing:blank-sheets"),
        {"preset": "clabber", "sheets": "1", "page_size": "A4", "names": f"{GROWS}, Carl"},
    )
    assert response.status_code == 400
    assert "at most 80" in parse(response.content).by_id("names-error").text
    response = client.get(
        reverse("printing:blank-sheets"),
        {"preset": "clabber", "sheets": "1", "page_size": "A4", "names": f"{RLO}Anna{ZWSP}, Ben"},
    )
    assert response.status_code == 200 and response.content.startswith(b"%PDF-")


def test_a_sides_words_for_the_director_are_cleaned_keeping_their_lines(organiser):
    competition = tournament(organiser, 2, name="Spring cup")
    tournaments_services.tournament_start(competition=competition)
    fixture = competition.fixtures.order_by("id").first()
    tokens = {s.side: s.entry_token for s in fixture.sides.all()}
    client = Client()
    win = {"makers": "0", "card_points_0": "120", "card_points_1": "42"}
    client.post(reverse("tournaments:entry-start", args=[tokens[1]]))
    client.post(reverse("tournaments:entry-deal", args=[tokens[1]]), win)
    words = f"Deal 1{ZWSP} was ours.\r\n{RLO}Deal 2\u200d too.\n\n\n\nAsk Ben."
    response = client.post(reverse("tournaments:entry-dispute", args=[tokens[0]]), {"words": words})
    assert response.status_code == 302
    kept = MatchEvent.objects.get(kind=MatchEvent.Kind.DISPUTE).words
    assert kept == "Deal 1 was ours.\nDeal 2 too.\n\nAsk Ben."
    # Invisible characters alone are no words.
    response = client.post(
        reverse("tournaments:entry-dispute", args=[tokens[0]]), {"words": f"{ZWSP}{RLO}\n"}
    )
    assert "Say what was not as you played it" in refused_by(response, "words")
