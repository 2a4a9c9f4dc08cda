"""The house options of the families of games on the new-game, new competition, new
tournament and edit forms (league.forms_common.RULE_OPTIONS): the presets grouped by the
number of players; each family's options stored as the engine's overrides; an option of
another family refused beside its field, nothing saved; the meld boxes of the chosen game
first; the organiser may, a scorer and a stranger may not; an edit's audit sentence says a
new field's change in words."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from league.competitions import services as competitions_services
from league.competitions.edit_forms import initial_of
from league.competitions.record_sentences import Where, change_sentence
from league.forms_common import RULE_OPTIONS, rule_family
from league.models import Competition, EntrantKind, Game, RecordChange, TournamentFormat
from scoring import PRESETS, get_ruleset
from tests.builders import page, refused
from tests.league.html import parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return competitions_services.club_create(name="De Hoop")


def league_post(club, **changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "Winter klaverjassen",
        "club": club.pk,
        "preset": "klaverjas",
        "entrant_kind": "partnerships",
        "games_per_match": "1",
        "points_win": "2",
        "points_draw": "1",
        "points_loss": "0",
        "tiebreaks_0": "match_points",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def tournament_post(club, **changes: object) -> dict[str, str]:
    data = {
        "name": "Coinche cup",
        "club": str(club.pk),
        "preset": "coinche",
        "entrant_kind": "",
        "format": TournamentFormat.SINGLE,
        "games_per_match": "1",
    }
    data.update({k: str(v) for k, v in changes.items()})
    return data


def error_at(response, field: str) -> str:
    return parse(response.content).by_id(f"{field}-error").text


# -- the menu ---------------------------------------------------------------------------------
def test_the_game_menu_groups_every_preset_by_its_players(organiser_client, club):
    root = page(organiser_client, f"/competitions/new/?club={club.slug}")
    groups = {
        group.attrs["label"]: [o.attrs["value"] for o in group.iter("option")]
        for group in root.by_id("id_preset").iter("optgroup")
    }
    assert list(groups) == [
        "Two players",
        "Three players, each alone",
        "Four players in partnerships",
    ]
    assert sorted(sum(groups.values(), [])) == sorted(PRESETS)
    assert groups["Three players, each alone"] == ["klaberjass-3", "kalabriasz-3"]
    assert "Klaverjas (Dutch)" in root.by_id("id_preset").text
    families = json.loads(root.by_id("id_preset").attrs["data-families"])
    assert families["klaverjas"] == "klaverjas" and families["coinche"] == "coinche"
    assert families["belote-annonces"] == "belote" and families["clabber"] == ""


def test_every_option_says_which_games_it_is_for(organiser_client, club):
    root = page(organiser_client, f"/competitions/new/?club={club.slug}")
    rows = [div for div in root.iter("div") if div.has_class("rule-option")]
    assert [div.attrs["data-families"] for div in rows] == [
        " ".join(option.families) for option in RULE_OPTIONS
    ]
    tegenpit = next(div for div in rows if div.attrs["data-families"] == "klaverjas")
    assert "Klaverjas only." in tegenpit.text
    assert "Tegenpit: the opponents taking every trick earn the pit too" in tegenpit.text


def test_the_meld_boxes_of_the_chosen_game_come_first(organiser_client, club):
    root = page(organiser_client, f"/competitions/new/?club={club.slug}")
    # No competition yet: the menu's first game, two-hand Klaberjass, pays runs only.
    boxes = [
        i.attrs["name"] for i in root.iter("input") if i.attrs.get("name", "").startswith("meld_")
    ]
    first = next(d for d in root.iter("div") if "data-melds-paid" in d.attrs)
    shown = [i.attrs["name"] for i in first.iter("input")]
    assert shown == ["meld_run3", "meld_run4", "meld_run5"]
    assert len(boxes) == len(shown) + len(
        [i for d in root.iter("div") if "data-melds-unpaid" in d.attrs for i in d.iter("input")]
    )
    box = next(d for d in first.iter("div") if d.has_class("meld-value"))
    assert "klaverjas" in box.attrs["data-paid-by"].split()  # a run of three pays there too


# -- creating ---------------------------------------------------------------------------------
def test_a_klaverjas_league_of_booms_of_12_and_nat_162_only(organiser_client, club):
    response = organiser_client.post(
        "/competitions/new/",
        league_post(club, deals="12", set_award="cards", tegenpit="off", renege_melds="counted"),
    )
    assert response.status_code == 302
    competition = Competition.objects.get()
    assert competition.ruleset_data == {
        "preset": "klaverjas",
        "overrides": {
            "set_award": "cards",
            "renege_melds": "counted",
            "deals": 12,
            "all_tricks_defenders": False,
        },
    }
    rules = page(organiser_client, f"/c/{competition.slug}/rules/")
    assert "12 deals" in rules.by_id("changes").text


def test_a_belote_partie_of_12_deals_has_no_target(organiser_client, club):
    response = organiser_client.post(
        "/competitions/new/",
        league_post(club, preset="belote", deals="12", capot="250", belle_on_set="lost"),
    )
    assert response.status_code == 302
    rules = Competition.objects.get().rules
    assert (rules.deals, rules.target) == (12, None)
    assert (rules.all_tricks_value, rules.belle_on_set) == (250, "lost")


@pytest.mark.parametrize(
    ("preset", "option", "value", "words"),
    [
        ("clabber", "surcontree", "3", "This rule is an option of Coinche, not of Evansville"),
        ("coinche", "tegenpit", "off", "This rule is an option of Klaverjas, not of Coinche"),
        ("klaverjas", "capot", "250", "This rule is an option of Belote and Coinche, not of"),
        ("belote", "contract", "90", "This rule is an option of Kalabriasz, not of Belote"),
    ],
)
def test_an_option_of_another_game_is_refused_beside_it(
    organiser_client, club, preset, option, value, words
):
    response = organiser_client.post(
        "/competitions/new/", league_post(club, preset=preset, **{option: value})
    )
    assert response.status_code == 400
    assert words in error_at(response, option)
    assert "leave it as the preset says" in error_at(response, option)
    assert not Competition.objects.exists()


def test_an_option_the_engine_refuses_is_told_beside_it(organiser_client, club):
    response = organiser_client.post(
        "/competitions/new/", league_post(club, preset="kalabriasz-4", contract="5000")
    )
    assert response.status_code == 400
    assert "1000" in error_at(response, "contract")
    assert not Competition.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_creates_a_league_with_options(who, client, scorer_client, club):
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post("/competitions/new/", league_post(club, deals="12"))
    refused(response, login=who == "anonymous")
    assert not Competition.objects.exists()


def test_a_coinche_tournament_with_surcontree_by_three(organiser_client, club):
    response = organiser_client.post(
        reverse("tournaments:new"),
        tournament_post(club, surcontree="3", made_when="reach", target="1500"),
    )
    assert response.status_code == 302
    competition = Competition.objects.get()
    assert competition.ruleset_data == {
        "preset": "coinche",
        "overrides": {"target": 1500, "made_when": "reach", "contre_factors": [2, 3]},
    }
    assert competition.entrant_kind == EntrantKind.PARTNERSHIPS


def test_a_tournament_option_of_another_game_is_refused(organiser_client, club):
    response = organiser_client.post(
        reverse("tournaments:new"), tournament_post(club, preset="klaverjas", surcontree="3")
    )
    assert response.status_code == 400
    assert "This rule is an option of Coinche" in error_at(response, "surcontree")
    assert not Competition.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_creates_a_tournament_with_options(who, client, scorer_client, club):
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post(reverse("tournaments:new"), tournament_post(club, surcontree="3"))
    refused(response, login=who == "anonymous")
    assert not Competition.objects.exists()


def test_a_klaverjas_game_of_12_deals_without_tegenpit(scorer_client):
    post = {
        "preset": "klaverjas",
        "side_0": "Anna & Ben",
        "side_1": "Carl & Dora",
        "deals": "12",
        "tegenpit": "off",
    }
    response = scorer_client.post(reverse("games:new"), post)
    assert response.status_code == 302
    rules = Game.objects.get().rules
    assert (rules.deals, rules.all_tricks_defenders) == (12, False)


def test_a_game_option_of_another_game_is_refused(scorer_client):
    post = {"preset": "clabber", "side_0": "A", "side_1": "B", "rounding": "ten"}
    response = scorer_client.post(reverse("games:new"), post)
    assert response.status_code == 200
    assert "This rule is an option of Belote and Coinche" in error_at(response, "rounding")
    assert not Game.objects.exists()


def test_the_new_game_page_folds_the_options_with_the_house_rules(scorer_client):
    root = page(scorer_client, reverse("games:new"))
    fold = next(d for d in root.iter("details") if d.has_class("group"))
    names = {e.attrs.get("name") for e in fold.iter() if e.tag in ("input", "select")}
    assert {"target", "set_award", "tie_rule", "deals", "tegenpit", "surcontree"} <= names
    assert "open" not in fold.attrs


# -- editing ----------------------------------------------------------------------------------
def test_the_edit_form_shows_the_options_and_the_audit_says_a_change_in_words(
    organiser_client, organiser, club
):
    competition = competitions_services.competition_create(
        club=club,
        name="Winter klaverjassen",
        rules=get_ruleset("klaverjas", deals=12),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    initial = initial_of(competition, [])
    assert initial["deals"] == 12 and "tegenpit" not in initial
    data = {k: ("" if v is None else v) for k, v in initial.items() if k != "tiebreaks"}
    data.update({f"tiebreaks_{i}": key for i, key in enumerate(initial["tiebreaks"])})
    data["tegenpit"] = "off"
    response = organiser_client.post(f"/c/{competition.slug}/edit/", data)
    assert response.status_code == 302
    competition.refresh_from_db()
    assert competition.rules.all_tricks_defenders is False and competition.rules.deals == 12
    change = RecordChange.objects.filter(subject="competition", action="edit").latest("pk")
    words = change_sentence(change, Where(), lambda: "unread")
    assert (
        "Every trick for the opponents earned by the opponents too (tegenpit) → earned by the "
        "makers only" in words
    )


def test_every_family_has_an_option_and_every_option_a_family_that_plays_it():
    families = {rule_family(rules) for rules in PRESETS.values()} - {""}
    assert families == {"klaverjas", "belote", "coinche", "kalabriasz"}
    for option in RULE_OPTIONS:
        assert set(option.families) <= families


def test_the_audit_says_a_bonus_and_a_doubling_change_in_words():
    from league.competitions.record_sentences import _rules_changes

    klebias = get_ruleset("klebias-norm")
    assert _rules_changes(
        klebias.to_data(), klebias.replace(bonus_values={"bimah": 50}).to_data()
    ) == ["Bimah 40 → 50"]
    coinche = get_ruleset("coinche")
    assert _rules_changes(
        coinche.to_data(), coinche.replace(contre_factors=(2, 3), rounding="none").to_data()
    ) == [
        "Rounding to the nearest ten → none",
        "Contrée and surcontrée contrée ×2, surcontrée ×4 → contrée ×2, surcontrée ×3",
    ]
