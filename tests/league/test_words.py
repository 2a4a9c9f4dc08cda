"""The words of the pages (issue 10, item 19): the void reasons a game offers, a result said
with the winner's score first, the possessive of a name ending in s, a tie that counts as a
set, the rule sources explained."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.competitions.forms import TypedResultForm
from league.errors import Refused
from league.games import services as games_services
from league.models import Competition, EntrantKind, Game, TournamentFormat
from league.tournaments import services as tournaments_services
from league.tournaments.presenters import format_name
from scoring import Deal, get_ruleset
from tests.builders import add, fixtures_of, make_league, page, play_by_links, start_game
from tests.builders import tournament as make_tournament
from tests.league.html import parse, rule_lines

pytestmark = pytest.mark.django_db


def void_options(client: Client, game: Game) -> list[str]:
    select = next(
        s
        for s in page(client, f"/games/{game.pk}/").iter("select")
        if s.attrs["name"] == "void_reason"
    )
    return [option.attrs["value"] for option in select.iter("option")]


# -- void reasons by game ---------------------------------------------------------------------
def test_the_deal_form_offers_a_schmeiss_in_klaberjass_and_not_in_evansville_clabber(
    scorer_client, scorer
):
    assert void_options(scorer_client, start_game(scorer)) == ["", "passed", "misdeal"]
    two_hand = start_game(scorer, "klaberjass", names=["Anna", "Carl"])
    assert void_options(scorer_client, two_hand) == ["", "passed", "schmeiss", "misdeal"]


def test_a_schmeiss_posted_to_a_clabber_game_is_refused_next_to_the_void_field(
    scorer_client, clabber_game
):
    response = scorer_client.post(
        reverse("games:deal-add", args=[clabber_game.pk]), {"void_reason": "schmeiss"}
    )
    assert response.status_code == 400
    error = parse(response.content).by_id("error-void").text
    assert "Evansville Clabber has no void deal for “schmeiss”" in error
    assert "everybody passed or misdeal" in error
    assert clabber_game.deals.count() == 0
    preview = scorer_client.post(
        reverse("games:deal-preview", args=[clabber_game.pk]), {"void_reason": "schmeiss"}
    ).json()
    assert not preview["valid"] and "no void deal" in preview["errors"]["void"]


def test_the_service_refuses_a_void_reason_the_game_does_not_know(scorer, clabber_game):
    with pytest.raises(Refused) as caught:
        games_services.game_add_deal(
            game=clabber_game, deal=Deal(void=True), by=scorer, void_reason="schmeiss"
        )
    assert caught.value.field == "void"
    assert clabber_game.deals.count() == 0


def test_a_misdeal_is_still_a_void_deal_in_clabber(scorer_client, clabber_game):
    response = scorer_client.post(
        reverse("games:deal-add", args=[clabber_game.pk]), {"void_reason": "misdeal"}
    )
    assert response.status_code == 302
    assert clabber_game.deals.get().void_reason == "misdeal"


# -- a result, the winner's score first -------------------------------------------------------
def test_a_won_game_says_the_winners_total_first(client, scorer):
    game = start_game(scorer)
    for _ in range(5):
        add(game, scorer, makers=1, card_points=(62, 100))
    assert "Carl & Dora won, 500 – 310" in page(client, "/games/").text
    assert (
        "Carl & Dora won, 500 – 310 . The game is closed."
        in page(client, f"/games/{game.pk}/").text
    )


def test_a_fixture_says_who_won_with_the_winners_score_first(client, organiser, scorer):
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    game = competitions_services.fixture_start_game(fixture=fixture, by=scorer)
    for _ in range(5):
        add(game, scorer, makers=1, card_points=(62, 100))
    away = game.side_names[1]
    root = page(client, reverse("competitions:fixture-detail", args=[league.slug, fixture.pk]))
    assert f"Played : {away} won, 500 – 310" in root.by_id("result").text
    assert f"{away} won, 500 – 310" in root.text  # the game's line


def test_an_entry_link_says_who_won_with_the_winners_score_first(client, organiser):
    competition = make_tournament(organiser, 2)
    tournaments_services.tournament_start(competition=competition)
    fixture = fixtures_of(competition)[0]
    play_by_links(fixture, winner=1)
    side = fixture.sides.get(side=0)
    root = page(client, reverse("tournaments:entry", args=[side.entry_token]))
    assert "P2 won, 240 – 20" in root.by_id("result").text


# -- the possessive of a name ending in s -----------------------------------------------------
def test_the_paper_sheet_help_says_the_jassers_total():
    form = TypedResultForm(games=1, side_names=("The Jassers", "Anna & Ben"), target=500)
    assert form.fields["scores"].help_text.startswith(
        "The Jassers’ total, then Anna & Ben’s, one line"
    )


# -- a tie that counts as a set ---------------------------------------------------------------
def test_a_clabber_tie_says_it_counts_as_a_set_in_the_preview_and_on_the_sheet(
    scorer_client, clabber_game, scorer
):
    preview = scorer_client.post(
        reverse("games:deal-preview", args=[clabber_game.pk]),
        {"makers": "0", "card_points_0": "81"},
    ).json()
    assert preview["summary"] == "Tie, which counts as a set (XX): the makers score nothing."
    add(clabber_game, scorer, makers=0, card_points=(81, 81))
    add(clabber_game, scorer, makers=0, card_points=(70, 92))
    sheet = page(scorer_client, f"/games/{clabber_game.pk}/")
    assert "tie: counts as a set" in sheet.by_id("deal-1").text
    assert "tie" not in sheet.by_id("deal-2").text  # a plain set is no tie


def test_a_klaberjass_tie_says_the_makers_score_nothing(scorer_client, scorer):
    game = start_game(scorer, "klaberjass", names=["Anna", "Carl"])
    preview = scorer_client.post(
        reverse("games:deal-preview", args=[game.pk]),
        {"makers": "0", "card_points_0": "62", "card_points_1": "62"},
    ).json()
    assert preview["summary"] == "Tie: the makers score nothing."


# -- the rules pages --------------------------------------------------------------------------
def test_the_rules_page_says_what_source_002_is_and_which_deals_are_void(client):
    root = page(client, "/rules/clabber/")
    game = rule_lines(root.by_id("game"))
    assert game["Source"].startswith(
        "Written from source 002, an encyclopedia article on Evansville Clabber"
    )
    sources = rule_lines(root.by_id("sources"))
    assert list(sources) == [
        "Source 000",
        "Source 001",
        "Source 002",
        "The Klaverjas rulebooks",
        "The Belote rulebooks",
    ]
    assert "Evansville Clabber" in sources["Source 002"]
    assert "in Spanish" in root.by_id("sources").text
    void = rule_lines(root.by_id("scoring"))["Void deal"]
    assert "misdeal" in void and "schmeiss" not in void
    assert (
        "schmeiss" in rule_lines(page(client, "/rules/klaberjass/").by_id("scoring"))["Void deal"]
    )
    assert "Source 001" in rule_lines(page(client, "/rules/").by_id("sources"))


def test_the_klaberjass_description_is_plain_english(client):
    text = page(client, "/rules/klaberjass/").text
    assert "the loser of a set deal's points go to" not in text
    assert "when the makers are set, the opponent scores both players' points" in text


# -- proof-reading: plurals, labels, no code words --------------------------------------------
def test_one_swiss_round_is_a_round_not_rounds():
    swiss = Competition(format=TournamentFormat.SWISS, swiss_rounds=1, games_per_match=1)
    assert format_name(swiss).startswith("Swiss, 1 round")
    swiss.swiss_rounds = 5
    assert format_name(swiss).startswith("Swiss, 5 rounds")


def test_drawing_one_round_of_a_rotation_says_1_round(organiser, organiser_client):
    club = competitions_services.club_create(name="Cup club")
    competition = competitions_services.competition_create(
        club=club,
        name="Cup",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.ROTATION,
        by=organiser,
    )
    for name in "ABCDEFGH":
        player = competitions_services.player_add(club=club, name=name)
        competitions_services.entrant_add(competition=competition, player=player)
    response = organiser_client.post(
        f"/c/{competition.slug}/draw/",
        {"draw-rounds": "1", "draw-days_between": "7"},
        follow=True,
    )
    assert "1 round drawn." in response.content.decode()


def test_the_competition_page_names_tie_breaks_and_the_preset_in_words(client, organiser):
    league = make_league(organiser)
    rules = page(client, f"/c/{league.slug}/").by_id("rules").text
    assert "match_points" not in rules and "point_difference" not in rules
    assert "No house rules: the preset as it is." in rules


def test_the_new_game_form_asks_on_a_set_and_on_a_tie(scorer_client):
    labels = [label.text for label in page(scorer_client, "/games/new/").iter("label")]
    assert any(text.startswith("On a set") for text in labels)
    assert any(text.startswith("On a tie") for text in labels)
    assert not any(text.startswith(("Set award", "Tie rule")) for text in labels)
