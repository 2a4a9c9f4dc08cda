"""The new-game and deal forms ask only what the chosen game has (JavaScript off): no melds
part for a game that pays no melds (classic belote), no "melds scored / declared" for a game
that takes roem as a number or pays no melds, a third side's name only for three sides (a
third name for a two-sided game is refused beside it)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.games.forms import GameForm, offers_meld_entry
from league.models import Game, MeldEntry
from scoring import get_ruleset
from tests.builders import add, page, start_game
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def deal_form_names(root) -> set[str]:
    return {
        e.attrs["name"]
        for tag in ("input", "select")
        for e in root.by_id("deal-form").iter(tag)
        if "name" in e.attrs
    }


@pytest.mark.parametrize("entry", [MeldEntry.SCORED, MeldEntry.DECLARED])
def test_the_belote_deal_form_has_no_melds_part(scorer_client, scorer, entry):
    game = start_game(scorer, "belote")
    Game.objects.filter(pk=game.pk).update(meld_entry=entry)
    root = page(scorer_client, f"/games/{game.pk}/")
    html = scorer_client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="group-melds"' not in html and "Announcements" not in html
    assert not {n for n in deal_form_names(root) if n.startswith(("meld_0", "declared_"))}
    # Belote-rebelote is still asked.
    assert "Belote-rebelote" in root.by_id("group-belle").text


def test_the_belote_correction_form_has_no_melds_part(scorer_client, scorer):
    game = start_game(scorer, "belote")
    add(game, scorer, makers=0, card_points=(100, 62), belle=0)
    html = scorer_client.get(reverse("games:deal-edit", args=[game.pk, 1])).content.decode()
    assert 'id="deal-form"' in html and 'id="group-melds"' not in html


def test_a_forged_meld_in_belote_is_refused_at_the_top(scorer_client, scorer):
    game = start_game(scorer, "belote")
    response = scorer_client.post(
        reverse("games:deal-add", args=[game.pk]),
        {"makers": "0", "card_points_0": "100", "meld_0_run3": "1"},
    )
    assert response.status_code == 400
    error = parse(response.content).by_id("error-game").text
    assert "pays for no melds" in error and "'run3'" in error
    assert game.deals.count() == 0


@pytest.mark.parametrize(
    ("preset", "offered"),
    [("klaverjas", False), ("belote", False), ("belote-annonces", True), ("clabber", True)],
)
def test_melds_scored_or_declared_is_asked_only_where_melds_are_compared(preset, offered):
    assert offers_meld_entry(get_ruleset(preset)) is offered
    rows = dict((f.name, presets) for f, presets in GameForm().start_rows)
    assert (preset in rows["meld_entry"].split()) is offered
    assert ("klaberjass-3" in rows["side_2"].split()) and preset not in rows["side_2"].split()


def test_the_new_game_page_marks_the_fields_of_some_presets(scorer_client):
    root = page(scorer_client, reverse("games:new"))
    wrappers = {e.attrs["data-presets"]: e for e in root.iter("div") if "data-presets" in e.attrs}
    by_field = {
        next(i.attrs["name"] for i in e.iter("input")): presets.split()
        for presets, e in wrappers.items()
    }
    assert "klaverjas" not in by_field["meld_entry"] and "coinche" in by_field["meld_entry"]
    assert by_field["side_2"] == ["klaberjass-3", "kalabriasz-3"]


def test_a_klaverjas_game_started_as_declared_is_scored(scorer_client):
    response = scorer_client.post(
        reverse("games:new"),
        {"preset": "klaverjas", "side_0": "A & B", "side_1": "C & D", "meld_entry": "declared"},
    )
    assert response.status_code == 302
    assert Game.objects.get().meld_entry == MeldEntry.SCORED


def test_a_third_side_for_a_four_hand_game_is_refused_beside_it(scorer_client):
    response = scorer_client.post(
        reverse("games:new"),
        {"preset": "klaverjas", "side_0": "A & B", "side_1": "C & D", "side_2": "E"},
    )
    assert response.status_code == 200
    assert "Klaverjas (Dutch) has two sides; leave this empty." in (
        parse(response.content).by_id("side_2-error").text
    )
    assert Game.objects.count() == 0


def test_a_klaverjas_game_s_settings_do_not_ask_how_melds_are_entered(scorer_client, scorer):
    game = start_game(scorer, "klaverjas")
    root = page(scorer_client, f"/games/{game.pk}/")
    settings = root.by_id("game-settings")
    assert "Who dealt first" in settings.text and "Melds are entered" not in settings.text
    assert not [e for e in settings.iter("input") if e.attrs.get("name") == "meld_entry"]
    response = scorer_client.post(
        reverse("games:settings", args=[game.pk]), {"meld_entry": "declared", "first_dealer": "1"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.meld_entry, game.first_dealer) == (MeldEntry.SCORED, 1)
