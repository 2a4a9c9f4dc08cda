"""The deal form's page, as the server sends it (JavaScript off): every box's own message
shows beside it after a save, the rarer melds fold under "More melds", the sheet's deal
numbers lead to their correction, and the list of games is labelled for a phone."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Game
from league.tournaments import services as tournaments_services
from tests.builders import add, page, tournament
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

CARD_POINT_MESSAGES = [
    ("900", "No side takes more than 162 card points."),
    ("-5", "Card points cannot be below 0."),
    ("80.5", "Card points are a whole number."),
]


def deal_url(game: Game) -> str:
    return reverse("games:deal-add", args=[game.pk])


def beside(root: Element, field: str) -> str:
    """The message shown for the box ``field``: the element its aria-describedby names."""
    box = root.by_id(f"id_{field}")
    assert box.attrs.get("aria-invalid") == "true"
    return root.by_id(box.attrs["aria-describedby"]).text


@pytest.mark.parametrize(("typed", "message"), CARD_POINT_MESSAGES)
@pytest.mark.parametrize("button", [{}, {"preview": "1"}])
def test_a_card_points_box_shows_its_message_beside_it_after_a_save(
    scorer_client: Client, clabber_game: Game, typed, message, button
):
    response = scorer_client.post(
        deal_url(clabber_game), {"makers": "0", "card_points_0": typed, **button}
    )
    assert response.status_code == 400
    root = parse(response.content)
    assert root.by_id("id_card_points_0").attrs["value"] == typed
    assert beside(root, "card_points_0") == message
    # Beside the box: in the same field as it, not at the end of the form.
    box = root.by_id("id_card_points_0")
    field = next(d for d in root.iter("div") if d.has_class("points-field") and box in d.children)
    assert message in field.text
    assert clabber_game.deals.count() == 0


@pytest.mark.parametrize(
    ("field", "typed", "message"),
    [
        ("meld_0_run3", "5", "Anna & Ben: at most 4 of one meld."),
        ("meld_1_run4", "-1", "Carl & Dora: a meld count cannot be below 0."),
        ("meld_0_four_jacks", "5", "Anna & Ben: at most 4 of one meld."),
        ("meld_1_four_jacks", "1.5", "Carl & Dora: count each meld in whole numbers."),
    ],
)
def test_a_meld_count_shows_its_message_in_the_row_under_it(
    scorer_client: Client, clabber_game: Game, field, typed, message
):
    post = {"makers": "0", "card_points_0": "80", field: typed}
    response = scorer_client.post(deal_url(clabber_game), post)
    assert response.status_code == 400
    root = parse(response.content)
    assert beside(root, field) == message
    assert clabber_game.deals.count() == 0
    if "four_jacks" in field:
        # A rarer meld's message is not folded away under "More melds".
        assert "open" in root.by_id("more-melds").attrs


def test_a_box_the_engine_refuses_is_described_by_the_groups_message(
    scorer_client: Client, clabber_game: Game
):
    post = {"makers": "0", "card_points_0": "90", "card_points_1": "60"}
    root = parse(scorer_client.post(deal_url(clabber_game), post).content)
    assert "must add up to 162" in beside(root, "card_points_0")


def test_the_preview_names_the_box_each_message_belongs_to(
    scorer_client: Client, clabber_game: Game
):
    address = reverse("games:deal-preview", args=[clabber_game.pk])
    json = scorer_client.post(address, {"card_points_0": "900", "meld_1_run3": "5"}).json()
    assert json["errors"] == {
        "card_points_0": "No side takes more than 162 card points.",
        "meld_1_run3": "Carl & Dora: at most 4 of one meld.",
    }


def test_an_entry_links_form_shows_a_boxs_message_beside_it(organiser):
    competition = tournament(organiser, 2)
    tournaments_services.tournament_start(competition=competition)
    fixture = competition.fixtures.get()
    token = fixture.sides.get(side=0).entry_token
    client = Client()
    assert client.post(reverse("tournaments:entry-start", args=[token])).status_code == 302
    post = {"makers": "0", "card_points_0": "900", "meld_0_run3": "5"}
    response = client.post(reverse("tournaments:entry-deal", args=[token]), post)
    assert response.status_code == 400
    root = parse(response.content)
    assert beside(root, "card_points_0") == "No side takes more than 162 card points."
    assert beside(root, "meld_0_run3") == "P1: at most 4 of one meld."
    assert fixture.games.get().deals.count() == 0


def test_the_rarer_melds_fold_under_more_melds_until_one_has_a_count(
    scorer_client: Client, clabber_game: Game, scorer
):
    root = page(scorer_client, f"/games/{clabber_game.pk}/")
    more = root.by_id("more-melds")
    assert more.tag == "details" and "open" not in more.attrs
    folded = {i.attrs["name"] for i in more.iter("input")}
    assert "meld_0_four_jacks" in folded and "meld_0_run3" not in folded
    # A correction of a deal with four jacks shows them unfolded.
    add(clabber_game, scorer, makers=0, card_points=(80, 82), melds=(("four_jacks",), ()))
    root = page(scorer_client, reverse("games:deal-edit", args=[clabber_game.pk, 1]))
    assert "open" in root.by_id("more-melds").attrs


def test_the_meld_plus_buttons_are_hidden_until_the_script_shows_them(
    scorer_client: Client, clabber_game: Game
):
    root = page(scorer_client, f"/games/{clabber_game.pk}/")
    buttons = [b for b in root.iter("button") if b.has_class("meld-add")]
    assert buttons and all("hidden" in b.attrs for b in buttons)


def test_a_deals_number_on_the_sheet_leads_to_its_correction(
    scorer_client: Client, clabber_game: Game, scorer
):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    root = page(scorer_client, f"/games/{clabber_game.pk}/")
    first = next(iter(root.by_id("deal-1").iter()))
    assert first.tag == "th"
    link = next(first.iter("a"))
    assert link.attrs["href"] == reverse("games:deal-edit", args=[clabber_game.pk, 1])
    assert link.text == "1" and link.attrs["aria-label"] == "Correct deal 1"
    # Who may not score sees the number alone.
    root = page(Client(), f"/games/{clabber_game.pk}/")
    assert not list(root.by_id("deal-1").iter("a"))


def test_the_games_list_labels_each_cell_for_a_phone(clabber_game: Game):
    root = page(Client(), "/games/")
    labels = [td.attrs.get("data-label") for td in root.by_id("games").iter("td")]
    assert "Score" in labels and "Deals" in labels
