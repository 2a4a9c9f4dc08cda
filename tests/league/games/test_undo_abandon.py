"""The game page's new writes: a form is for one deal number (a deal somebody else entered
first is refused, saying what it was, the input kept); undo the last deal in one tap (audited);
an organiser abandons a game started by mistake (audited, the fixture unplayed again); and a
league or tournament game's sheet links back to its match and competition. Each write is tried
by who may (it works) and who may not (refused, nothing changed)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import DealAudit, FixtureStatus, Game, MatchEvent
from tests.builders import add, fixtures_of, make_league, page, refused, signed_in
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

DEAL = {"makers": "0", "card_points_0": "90", "card_points_1": "72", "void_reason": ""}


def url(name: str, *args) -> str:
    return reverse(name, args=list(args))


def hidden(root: Element, form_id: str) -> dict[str, str]:
    """The form's hidden fields and the numbers typed in it (what it sends untouched)."""
    form = root.by_id(form_id)
    return {
        i.attrs["name"]: i.attrs.get("value", "")
        for i in form.iter("input")
        if i.attrs.get("type") in ("hidden", "number")
    }


def has_id(root: Element, id_: str) -> bool:
    return any(e.attrs.get("id") == id_ for e in root.iter())


# -- one deal number a form ---------------------------------------------------------------------
def test_a_deal_two_scorers_entered_is_saved_once_and_the_second_keeps_its_input(
    scorer_client, organiser_client, clabber_game
):
    detail = url("games:detail", clabber_game.pk)
    first = hidden(page(scorer_client, detail), "deal-form")
    second = hidden(page(organiser_client, detail), "deal-form")
    assert first["number"] == second["number"] == "1"
    assert (
        scorer_client.post(url("games:deal-add", clabber_game.pk), {**first, **DEAL}).status_code
        == 302
    )
    typed = {**second, **DEAL, "card_points_0": "100", "card_points_1": "62"}
    response = organiser_client.post(url("games:deal-add", clabber_game.pk), typed)
    assert response.status_code == 400
    root = parse(response.content)
    assert (
        "Deal 1 was already entered by somebody else: 90 - 72. Nothing was saved."
        in root.by_id("error-game").text
    )
    kept = hidden(root, "deal-form")
    assert (kept["card_points_0"], kept["card_points_1"], kept["number"]) == ("100", "62", "2")
    assert has_id(root, "deal-1") and not has_id(root, "deal-2")
    assert clabber_game.deals.count() == 1
    # The first scorer's form sent again is the same deal (its entry key), not a refusal.
    again = scorer_client.post(
        url("games:deal-add", clabber_game.pk), {**first, **DEAL}, follow=True
    )
    assert "already saved" in again.content.decode()
    assert clabber_game.deals.count() == 1


# -- undo -----------------------------------------------------------------------------------------
def test_a_scorer_undoes_the_last_deal_in_one_tap_and_it_is_audited(
    scorer_client, organiser_client, clabber_game, scorer
):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    add(clabber_game, scorer, makers=1, card_points=(40, 122))
    root = page(scorer_client, url("games:detail", clabber_game.pk))
    assert "Undo deal 2" in root.by_id("undo-deal").text
    form = hidden(root, "undo")
    response = scorer_client.post(url("games:deal-undo", clabber_game.pk), form, follow=True)
    assert "Deal 2 undone" in response.content.decode()
    clabber_game.refresh_from_db()
    assert clabber_game.deal_count == 1 and list(
        clabber_game.deals.values_list("number", flat=True)
    ) == [1]
    audit = DealAudit.objects.get()
    assert (audit.action, audit.deal_number, audit.by) == ("undo", 2, scorer)
    assert (
        "Undone" in page(organiser_client, url("games:detail", clabber_game.pk)).by_id("audit").text
    )
    # The same tap again (deal 2 is gone): nothing undone, said so.
    response = scorer_client.post(url("games:deal-undo", clabber_game.pk), form, follow=True)
    assert "Nothing was undone" in response.content.decode()
    assert clabber_game.deals.count() == 1


def test_undo_takes_off_only_the_last_deal_it_showed(scorer_client, clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    form = hidden(page(scorer_client, url("games:detail", clabber_game.pk)), "undo")
    add(clabber_game, scorer, makers=0, card_points=(90, 72))  # somebody else, meanwhile
    response = scorer_client.post(url("games:deal-undo", clabber_game.pk), form, follow=True)
    assert "no longer the last deal" in response.content.decode()
    assert clabber_game.deals.count() == 2 and not DealAudit.objects.exists()


def test_an_outsider_or_a_visitor_cannot_undo(outsider_client, clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    form = {"number": "1", "version": "1"}
    refused(outsider_client.post(url("games:deal-undo", clabber_game.pk), form), login=False)
    refused(Client().post(url("games:deal-undo", clabber_game.pk), form), login=True)
    assert not has_id(page(outsider_client, url("games:detail", clabber_game.pk)), "undo")
    assert clabber_game.deals.count() == 1
    assert signed_in(scorer).get(url("games:deal-undo", clabber_game.pk)).status_code == 405


# -- a league game's sheet, and abandoning it ------------------------------------------------------
def test_a_league_games_sheet_links_back_to_its_match_and_competition(
    scorer, scorer_client, organiser
):
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    game = competitions_services.fixture_start_game(fixture=fixture, by=scorer)
    root = page(scorer_client, url("games:detail", game.pk))
    links = [a.attrs.get("href") for a in root.by_id("game-place").iter("a")]
    assert links == [
        url("competitions:detail", league.slug),
        url("competitions:fixture-detail", league.slug, fixture.pk),
    ]
    assert "Winter league" in root.by_id("game-place").text


def test_an_organiser_abandons_a_game_started_by_mistake(organiser, organiser_client, scorer):
    league = make_league(organiser)
    fixture = fixtures_of(league)[0]
    game = competitions_services.fixture_start_game(fixture=fixture, by=scorer)
    add(game, scorer, makers=0, card_points=(90, 72))
    detail = url("games:detail", game.pk)
    root = page(organiser_client, detail)
    assert root.by_id("abandon").attrs["href"] == url("games:abandon", game.pk)
    # It asks first: the GET changes nothing.
    root = page(organiser_client, url("games:abandon", game.pk))
    assert "Abandon this game?" in next(root.iter("h1")).text
    game.refresh_from_db()
    assert not game.abandoned
    response = organiser_client.post(url("games:abandon", game.pk))
    assert response.status_code == 302
    assert response["Location"] == url("competitions:fixture-detail", league.slug, fixture.pk)
    game.refresh_from_db()
    fixture.refresh_from_db()
    assert game.abandoned and game.abandoned_by == organiser and game.fixture_id is None
    assert fixture.status == FixtureStatus.SCHEDULED and not fixture.games.exists()
    event = MatchEvent.objects.get()
    assert (event.kind, event.game, event.who) == ("abandon", game, "olga")
    assert event.words == str(game.deal_count)  # a count, worded for each reader
    # The match starts afresh; the abandoned game is gone from the lists, and marked on its page.
    root = page(organiser_client, url("competitions:fixture-detail", league.slug, fixture.pk))
    assert "Start the game" in root.by_id("start-game").text
    assert "abandoned a game" in root.by_id("match-events").text
    assert detail not in organiser_client.get(url("games:list")).content.decode()
    root = page(organiser_client, detail)
    assert "Abandoned by olga" in root.by_id("abandoned").text
    assert (
        not has_id(root, "deal-form") and not has_id(root, "undo") and not has_id(root, "abandon")
    )
    assert url("competitions:fixture-detail", league.slug, fixture.pk) in [
        a.attrs.get("href") for a in root.by_id("game-place").iter("a")
    ]
    # It takes no more deals.
    response = organiser_client.post(url("games:deal-add", game.pk), DEAL)
    assert response.status_code == 400 and game.deals.count() == 1


def test_only_an_organiser_may_abandon_a_game(scorer, scorer_client, clabber_game):
    abandon = url("games:abandon", clabber_game.pk)
    assert not has_id(page(scorer_client, url("games:detail", clabber_game.pk)), "abandon")
    refused(scorer_client.get(abandon), login=False)
    refused(scorer_client.post(abandon), login=False)
    refused(Client().post(abandon), login=True)
    clabber_game.refresh_from_db()
    assert not clabber_game.abandoned
    assert Game.objects.filter(abandoned_at__isnull=True).count() == 1


def test_after_a_save_or_an_undo_the_notice_and_the_score_are_where_the_page_opens(
    scorer_client, clabber_game, scorer
):
    # The page opens at the next deal's form (#entry): what was just undone is said there,
    # with the game's score, so that a phone shows both without scrolling up.
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    add(clabber_game, scorer, makers=1, card_points=(40, 122))
    form = hidden(page(scorer_client, url("games:detail", clabber_game.pk)), "undo")
    response = scorer_client.post(url("games:deal-undo", clabber_game.pk), form)
    assert response["Location"].endswith("#entry")
    root = page(scorer_client, response["Location"])
    entry = root.by_id("entry")
    assert "Deal 2 undone" in entry.text
    assert root.by_id("entry-score").text == "Score: Anna & Ben 90 · Carl & Dora 72"
