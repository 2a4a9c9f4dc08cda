"""A club evening table's entry links once its result is in (trial 28, findings 1 and 8).

Nobody confirms a table at an evening: its result counts as soon as its game is over or its
totals are typed from paper. From then on its links change nothing (410, in the evening's
words) and only the director corrects it: on the game's sheet, or by typing the paper result
again. Before the game is over, the entering phone may still undo its last deal.
"""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from league.evenings import services
from league.models import Club, Competition, Fixture, FixtureSide, Game
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import page
from tests.league.evenings.test_night_views import checked_in, make_evening, url
from tests.league.html import parse

pytestmark = pytest.mark.django_db

RESULT_IN = "This table's result is in: ask the director to correct it."


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="KC De Pitslag", slug="pitslag")


@pytest.fixture
def evening(club, organiser) -> Competition:
    competition = make_evening(club, organiser)
    checked_in(competition, ["Anna", "Ben", "Cor", "Dirk"])
    services.evening_draw_round(competition=competition, seed=1)
    return competition


def _sides(evening) -> tuple[FixtureSide, FixtureSide]:
    fixture = Fixture.objects.get(competition=evening)
    first = FixtureSide.objects.filter(fixture=fixture, side=0).order_by("id").first()
    other = FixtureSide.objects.filter(fixture=fixture, side=1).order_by("id").first()
    return first, other


def _entry(token: str, action: str = "") -> str:
    return reverse(f"tournaments:entry{'-' + action if action else ''}", args=[token])


def _play(side: FixtureSide, deals: int) -> Game:
    game = tournaments_services.token_start_game(side=side)
    for _ in range(deals):
        tournaments_services.token_add_deal(
            side=side, game=game, deal=Deal(makers=0, card_points=(100, 62))
        )
    return game


def _undo(game: Game) -> dict[str, str]:
    last = game.deals.order_by("-number").first()
    return {"game": str(game.pk), "number": str(last.number), "version": str(last.version)}


def test_before_the_game_is_over_the_phone_may_undo_its_last_deal(evening):
    side, _ = _sides(evening)
    game = _play(side, 3)
    entry = page(Client(), _entry(side.entry_token))
    words = entry.by_id("undo").text
    # No side confirms at an evening: the page does not say "until Cor & Dirk confirm".
    assert "confirm" not in words
    assert "the result counts in the evening's ranking" in words
    response = Client().post(_entry(side.entry_token, "undo"), _undo(game))
    assert response.status_code == 302
    assert game.deals.count() == 2


def test_a_finished_tables_links_change_nothing(evening, organiser):
    side, other = _sides(evening)
    game = _play(side, 16)
    fixture = Fixture.objects.get(competition=evening)
    assert fixture.finished
    entry = page(Client(), _entry(side.entry_token))
    assert "undo" not in {e.attrs.get("id") for e in entry.iter()}
    assert "counts in the evening's ranking" in entry.by_id("result").text
    for token in (side.entry_token, other.entry_token):
        response = Client().post(_entry(token, "undo"), _undo(game))
        assert response.status_code == 410
        assert RESULT_IN in parse(response.content).by_id("entry-error").text
        response = Client().post(_entry(token, "take-over"))
        assert response.status_code == 410
    assert game.deals.count() == 16
    # A page left open from before asking what a deal would score: told the game is over in
    # a plain answer (no 4xx logged as a refusal at every keystroke), and to stop asking.
    preview = Client().post(_entry(side.entry_token, "preview"), {"makers": "0"})
    assert preview.status_code == 200
    assert preview.json() == {"valid": False, "over": True, "errors": {"game": RESULT_IN}}
    # The finished game's page itself has no deal form and no preview script to ask.
    body = Client().get(_entry(side.entry_token)).content.decode()
    assert "deal-entry.js" not in body and "data-preview-url" not in body
    # Straight to the service (a page open from before): refused in the same words.
    with pytest.raises(Exception, match="result is in"):
        tournaments_services.token_undo_deal(
            side=side, game=game, number=16, expected_version=game.deals.get(number=16).version
        )


def test_the_last_deal_sent_again_is_told_it_was_saved_not_that_the_link_closed(evening):
    side, _ = _sides(evening)
    game = _play(side, 15)
    key = str(uuid.uuid4())
    post = {
        "entry_key": key,
        "number": "16",
        "makers": "0",
        "card_points_0": "100",
        "card_points_1": "62",
    }
    address = _entry(side.entry_token, "deal") + f"?game={game.pk}"
    assert Client().post(address, post).status_code == 302
    assert Fixture.objects.get(competition=evening).finished
    # The offline queue's resend (its answer was lost): saved already, not "closed".
    again = Client().post(address, post, HTTP_ACCEPT="application/json")
    assert again.status_code == 200, again.content
    assert game.deals.count() == 16
    # A new deal on the closed table is refused in the evening's words.
    post["entry_key"] = str(uuid.uuid4())
    gone = Client().post(address, post, HTTP_ACCEPT="application/json")
    assert gone.status_code == 410 and RESULT_IN in gone.content.decode()


def test_the_director_still_corrects_a_finished_table_on_its_games_sheet(evening, organiser_client):
    side, _ = _sides(evening)
    game = _play(side, 16)
    edit = reverse("games:deal-edit", args=[game.pk, 16])
    version = game.deals.get(number=16).version
    post = {"makers": "0", "card_points_0": "90", "version": str(version)}
    assert organiser_client.post(edit, post).status_code == 302
    fixture = Fixture.objects.get(competition=evening)
    points = dict(fixture.sides.values_list("side", "points_for").distinct())
    assert points == {0: 15 * 100 + 90, 1: 15 * 62 + 72}


def test_a_table_typed_from_paper_closes_its_links_and_is_typed_again_by_the_director(
    evening, organiser_client
):
    side, _ = _sides(evening)
    fixture = Fixture.objects.get(competition=evening)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    response = Client().post(_entry(side.entry_token, "start"), {"first_dealer": "0"})
    assert response.status_code == 410
    assert RESULT_IN in parse(response.content).by_id("entry-error").text
    assert not Game.objects.filter(fixture=fixture).exists()
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk),
        {f"table-{fixture.pk}-side0": "1172", f"table-{fixture.pk}-side1": "1500"},
    )
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.typed_scores == [[1172, 1500]]


# -- finding 8: a phone left open follows which forms the table needs ---------------------------


def _forms(token: str):
    entry = page(Client(), _entry(token))
    part = entry.by_id("entry-forms")
    ids = {e.attrs.get("id") for e in part.iter()}
    return part.attrs.get("data-live-state"), "data-live-reload" in part.attrs, ids


def test_the_forms_part_says_its_state_so_a_watching_phone_swaps_it(evening):
    side, other = _sides(evening)
    seat3 = FixtureSide.objects.filter(fixture=side.fixture, side=0).order_by("id").last()
    state, reload, ids = _forms(other.entry_token)
    assert (state, reload) == ("start-0", False) and "start-game" in ids
    game = _play(side, 0)
    # The other side's phone: the start form goes (the game has started; its side confirms).
    state, reload, ids = _forms(other.entry_token)
    assert (state, reload) == ("none", False) and "start" not in ids
    # The same side's other seat: a deal form comes, and with it a reload for its scripts.
    state, reload, ids = _forms(seat3.entry_token)
    assert (state, reload) == (f"deal-{game.pk}", True) and "deal-form" in ids
    for _ in range(16):
        tournaments_services.token_add_deal(
            side=side, game=game, deal=Deal(makers=0, card_points=(100, 62))
        )
    # After the last deal: no deal form is left on either seat's page.
    for token in (side.entry_token, seat3.entry_token):
        state, _, ids = _forms(token)
        assert state == "none" and "deal-form" not in ids
