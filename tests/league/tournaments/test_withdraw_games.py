"""A director's withdrawal with games in progress: the director's page names each game in
progress of the matches it concedes before the director confirms; the withdrawal abandons them
(kept, counting nowhere, taking no deals; never deleted, even with no deal entered); their
pages still answer and say the entrant withdrew; the bracket moves on as it did."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.errors import Refused
from league.games import services as games_services
from league.models import (
    Competition,
    Entrant,
    Fixture,
    FixtureStatus,
    Game,
    RecordChange,
    TournamentFormat,
)
from league.tournaments import selectors
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import open_fixtures, play_by_links, refused, tournament
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

SHORT = Deal(makers=0, card_points=(90, 72))  # far from the target: the game goes on


def start(fixture: Fixture, by: User, deals: int) -> Game:
    game = competitions_services.fixture_start_game(fixture=fixture, by=by)
    for _ in range(deals):
        games_services.game_add_deal(game=game, deal=SHORT, by=by)
        game.refresh_from_db()
    game = Game.objects.get(pk=game.pk)
    assert game.winner is None and game.deal_count == deals
    return game


def fixtures_with(entrant: Entrant) -> list[Fixture]:
    return list(Fixture.objects.filter(sides__entrant=entrant).order_by("round__number", "id"))


def has_id(page: Element, id_: str) -> bool:
    return any(element.attrs.get("id") == id_ for element in page.iter())


def assert_abandoned_for_good(game: Game, client: Client, by: User, name: str) -> None:
    game.refresh_from_db()  # still there: never deleted
    assert game.abandoned and game.fixture_id is None and game.winner is None
    response = client.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200
    page = parse(response.content)
    said = page.by_id("abandoned").text
    assert "Abandoned" in said and f"when {name} withdrew from the tournament" in said
    assert not has_id(page, "entry")  # no deal form
    assert "no more deals can be saved" in page.by_id("entry-closed").text
    deals = game.deal_count
    with pytest.raises(Refused, match="abandoned"):
        games_services.game_add_deal(game=game, deal=SHORT, by=by)
    game.refresh_from_db()
    assert game.deal_count == deals


@pytest.fixture
def league_of_four(organiser) -> Competition:
    cup = tournament(organiser, 4, TournamentFormat.ROUND_ROBIN)
    tournaments_services.tournament_start(competition=cup)
    return cup


def test_the_director_is_shown_the_games_in_progress_then_they_are_abandoned(
    league_of_four, organiser, organiser_client, scorer, scorer_client
):
    cup = league_of_four
    quitter = cup.entrants.get(name="P4")
    first, second, third = fixtures_with(quitter)
    in_play = start(first, scorer, deals=1)
    no_deals = start(second, scorer, deals=0)
    address = reverse("tournaments:withdraw", args=[cup.slug])
    data = {"withdraw-entrant": str(quitter.pk)}

    # Nobody else may, confirmed or not.
    confirmed = {**data, "withdraw-confirm": str(quitter.pk)}
    refused(scorer_client.post(address, confirmed), login=False)
    refused(Client().post(address, confirmed), login=True)

    # The first press names the games and changes nothing.
    response = organiser_client.post(address, data)
    assert response.status_code == 200
    page = parse(response.content)
    listed = page.by_id("withdraw-games").text
    assert f"{in_play} (round {first.round.number}) is in play" in listed
    assert "after 1 deal: it will be abandoned" in listed
    assert f"{no_deals} (round {second.round.number}) was started with no deal" in listed
    assert has_id(page, f"withdraw-game-{in_play.pk}")
    assert has_id(page, f"withdraw-game-{no_deals.pk}")
    form = page.by_id("withdraw")
    assert any(
        e.attrs.get("name") == "withdraw-confirm" and e.attrs.get("value") == str(quitter.pk)
        for e in form.iter()
    )
    quitter.refresh_from_db()
    assert not quitter.withdrawn and not RecordChange.objects.exists()
    assert Game.objects.filter(pk__in=[in_play.pk, no_deals.pk], abandoned_at=None).count() == 2

    # The confirmation given for another entrant does not stand for this one.
    other = cup.entrants.get(name="P1")
    stale = {**data, "withdraw-confirm": str(other.pk)}
    assert organiser_client.post(address, stale).status_code == 200
    quitter.refresh_from_db()
    assert not quitter.withdrawn

    response = organiser_client.post(address, confirmed)
    assert response.status_code == 302
    said = parse(organiser_client.get(response["Location"]).content).text
    assert "2 games in progress are abandoned" in said
    for game in (in_play, no_deals):
        assert_abandoned_for_good(game, scorer_client, scorer, "P4")
    for fixture in (first, second, third):
        fixture.refresh_from_db()
        assert fixture.status == FixtureStatus.FORFEIT and fixture.confirmed_at
        assert not fixture.games.exists()  # no live game beside the forfeit
    record = RecordChange.objects.get(subject="entrant", action="withdraw")
    assert record.after["abandoned"] == [in_play.pk, no_deals.pk]


def test_a_started_game_with_no_deals_is_kept_and_the_bracket_moves_on(organiser, scorer):
    cup = tournament(organiser, 4, TournamentFormat.SINGLE)
    tournaments_services.tournament_start(competition=cup)
    first, second = open_fixtures(cup)
    quitter = second.sides.get(side=1).entrant
    stays = second.sides.get(side=0).entrant
    no_deals = start(second, scorer, deals=0)
    assert selectors.withdrawal_games(quitter) == [no_deals]

    tournaments_services.entrant_withdraw(entrant=quitter, by=organiser)
    no_deals.refresh_from_db()  # kept, not deleted
    assert no_deals.abandoned and no_deals.fixture_id is None
    assert selectors.withdrawal_games(quitter) == []
    second.refresh_from_db()
    assert second.status == FixtureStatus.FORFEIT and second.winner == 0 and second.confirmed_at
    assert not second.games.exists()
    play_by_links(first, 0)
    (final,) = open_fixtures(cup)
    assert stays.pk in set(final.sides.values_list("entrant_id", flat=True))
    play_by_links(final, 1)
    assert selectors.bracket_state(cup).finished


def test_a_withdrawal_with_no_game_in_progress_asks_nothing_more(league_of_four, organiser_client):
    cup = league_of_four
    quitter = cup.entrants.get(name="P4")
    address = reverse("tournaments:withdraw", args=[cup.slug])
    response = organiser_client.post(address, {"withdraw-entrant": str(quitter.pk)})
    assert response.status_code == 302
    quitter.refresh_from_db()
    assert quitter.withdrawn
    assert "abandoned" not in RecordChange.objects.get(action="withdraw").after


@pytest.mark.parametrize("confirm", ["abc", "9" * 40, "-1"])
def test_a_bad_confirmation_withdraws_nobody(league_of_four, organiser_client, scorer, confirm):
    cup = league_of_four
    quitter = cup.entrants.get(name="P4")
    game = start(fixtures_with(quitter)[0], scorer, deals=1)
    address = reverse("tournaments:withdraw", args=[cup.slug])
    data = {"withdraw-entrant": str(quitter.pk), "withdraw-confirm": confirm}
    assert organiser_client.post(address, data).status_code in (200, 400)
    quitter.refresh_from_db()
    game.refresh_from_db()
    assert not quitter.withdrawn and not game.abandoned
