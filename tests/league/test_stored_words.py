"""Who confirmed a result, who did something to a match, through whom a deal was corrected and
how many deals an abandoned game had are stored as codes and names, never as a sentence in
the writer's language: each reader sees them in their own language (league.stored_words),
with a side named as it is now, and the English pages read as they always did."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.competitions import selectors as competitions_selectors
from league.competitions import services as competitions_services
from league.games import services as games_services
from league.models import DealAudit, Fixture, FixtureSide, MatchEvent
from league.stored_words import audit_who, confirmed_by_words, event_words
from league.tournaments import presenters as tournaments_presenters
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import fixtures_of, make_league, page, signed_in, start_game
from tests.league.games.test_declared_dealer import declared_game, declared_post
from tests.league.tournaments.test_entry_sides import match as match_tokens

pytestmark = pytest.mark.django_db


def match(organiser) -> tuple[Fixture, FixtureSide, FixtureSide]:
    """A started tournament's first match, with its two sides."""
    fixture, *_ = match_tokens(organiser)
    return fixture, fixture.sides.get(side=0), fixture.sides.get(side=1)


def reader(user=None, language: str = "en") -> Client:
    client = signed_in(user) if user is not None else Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def test_an_abandoned_game_s_deals_are_counted_in_each_reader_s_language(organiser, scorer):
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    game = competitions_services.fixture_start_game(fixture=fixture, by=scorer)
    for _ in range(2):
        games_services.game_add_deal(
            game=game, deal=Deal(makers=0, card_points=(100, 62)), by=scorer
        )
    with translation.override("fr"):  # the organiser reads French
        games_services.game_abandon(game=game, by=organiser)

    event = MatchEvent.objects.get()
    assert (event.who, event.words) == ("olga", "2")
    address = reverse("competitions:fixture-detail", args=[league.slug, fixture.pk])
    english = page(reader(), address).by_id("match-events").text
    assert "olga : abandoned a game" in english and "(2 deals entered)" in english
    french = page(reader(language="fr"), address).by_id("match-events").text
    assert "(2 donnes saisies)" in french and "deals entered" not in french


def test_a_result_confirmed_by_a_side_names_the_side_as_it_is_now(organiser):
    fixture, home, away = match(organiser)
    client = Client()
    client.post(reverse("tournaments:entry-start", args=[away.entry_token]))
    game = fixture.games.get()
    while not Fixture.objects.get(pk=fixture.pk).finished:
        tournaments_services.token_add_deal(
            side=away, game=game, deal=Deal(makers=1, card_points=(10, 152))
        )
    tournaments_services.fixture_confirm(fixture=fixture, side=0)

    fixture.refresh_from_db()
    assert (fixture.confirmed_by, fixture.confirmed_side) == (Fixture.CONFIRMED_BY_SIDE, 0)
    entry = reverse("tournaments:entry", args=[away.entry_token])
    assert "The result is confirmed by P1." in page(client, entry).text
    home.entrant.name = "Pat & Quinn"
    home.entrant.save(update_fields=["name"])
    assert "The result is confirmed by Pat & Quinn." in page(client, entry).text


def test_the_director_s_confirmation_reads_as_before_in_english(organiser):
    fixture, home, away = match(organiser)
    tournaments_services.token_start_game(side=away)
    game = fixture.games.get()
    while not Fixture.objects.get(pk=fixture.pk).finished:
        tournaments_services.token_add_deal(
            side=away, game=game, deal=Deal(makers=1, card_points=(10, 152))
        )
    tournaments_services.token_dispute(side=home, words="Deal 3 was ours")
    tournaments_services.fixture_confirm(fixture=fixture, director=organiser)

    fixture.refresh_from_db()
    assert (fixture.confirmed_by, fixture.confirmed_by_name) == ("director", "olga")
    settled = MatchEvent.objects.get(kind=MatchEvent.Kind.SETTLED)
    assert (settled.side, settled.who) == (None, "olga")
    assert confirmed_by_words(fixture, ["P1", "P2"]) == "director olga"
    line = competitions_selectors.fixture_line(fixture)
    assert tournaments_presenters.table_status(fixture, line) == (
        "confirmed",
        "Confirmed by director olga",
    )
    address = reverse("competitions:fixture-detail", args=[fixture.competition.slug, fixture.pk])
    notes = page(reader(organiser), address).by_id("match-events").text
    assert "P1 : disputed the result" in notes and "director olga : settled the dispute" in notes


def test_an_undo_from_an_entry_link_is_audited_as_the_link_of_a_side(organiser):
    fixture, home, away = match(organiser)
    tournaments_services.token_start_game(side=away)
    game = fixture.games.get()
    tournaments_services.token_add_deal(
        side=away, game=game, deal=Deal(makers=1, card_points=(10, 152))
    )
    with translation.override("de"):
        tournaments_services.token_undo_deal(side=away, game=game, number=1, expected_version=1)
    audit = DealAudit.objects.get()
    assert (audit.via, audit.via_side) == (DealAudit.VIA_ENTRY_LINK, 1)
    sheet = page(reader(organiser), reverse("games:detail", args=[game.pk]))
    assert "entry link of P2" in sheet.by_id("audit").text


def test_a_new_first_dealer_s_rescoring_is_worded_for_each_reader(scorer, scorer_client):
    game = declared_game(scorer, "klabberjass-100")
    data = declared_post(game, card_points_0="90", card_points_1="40")
    data.update(
        {
            "declared_0_0_meld": "run3",
            "declared_0_0_card": "Q",
            "declared_1_0_meld": "run3",
            "declared_1_0_card": "Q",
        }
    )
    scorer_client.post(reverse("games:deal-add", args=[game.pk]), data)
    with translation.override("nl"):
        games_services.game_settings(game=game, by=scorer, meld_entry="declared", first_dealer=1)
    audit = DealAudit.objects.get()
    assert audit.via == DealAudit.VIA_FIRST_DEALER
    assert audit_who(audit, game.side_names) == "sam (a new first dealer)"
    with translation.override("fr"):
        assert audit_who(audit, game.side_names) == "sam (nouveau premier donneur)"


def test_a_correction_by_a_person_names_them(scorer, organiser):
    game = start_game(scorer)
    games_services.game_add_deal(game=game, deal=Deal(makers=0, card_points=(100, 62)), by=scorer)
    games_services.game_delete_deal(game=game, number=1, expected_version=1, by=organiser)
    assert audit_who(DealAudit.objects.get(), game.side_names) == "olga"


def test_words_from_before_the_codes_that_could_not_be_read_show_as_stored():
    fixture = Fixture(confirmed_by="Zoltan")
    assert confirmed_by_words(fixture, ["P1", "P2"]) == "Zoltan"
    event = MatchEvent(kind=MatchEvent.Kind.ABANDON, who="olga", words="cinq donnes")
    assert event_words(event) == "cinq donnes"
