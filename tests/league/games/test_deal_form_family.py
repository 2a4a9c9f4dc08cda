"""The deal form of the rest of the family (RULES.md part two), as the server sends it
(JavaScript off): klaverjas roem as a number a side, pit and nat; belote's belote-rebelote,
capot, dedans and litige; coinche's bid and contrée before the card points; klebias-norm's
bonuses and meld kinds. Every refusal shows beside its field and saves nothing."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Game
from scoring import PRESETS
from tests.builders import add, page, start_game
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db


def deal_url(game: Game) -> str:
    return reverse("games:deal-add", args=[game.pk])


def preview_url(game: Game) -> str:
    return reverse("games:deal-preview", args=[game.pk])


def names(root: Element) -> set[str]:
    return {
        e.attrs["name"]
        for tag in ("input", "select")
        for e in root.by_id("deal-form").iter(tag)
        if "name" in e.attrs
    }


def refused(client: Client, game: Game, post: dict[str, str], group: str) -> str:
    """Post ``post`` as a save: refused (400), nothing saved; the message shown at the end of
    ``group``'s part of the form (``#group-<group>`` holds ``#error-<group>``)."""
    response = client.post(deal_url(game), post)
    assert response.status_code == 400
    assert game.deals.count() == 0
    root = parse(response.content)
    error = root.by_id(f"error-{group}")
    assert error.attrs["data-error-for"] == group
    assert error in list(root.by_id(f"group-{group}").iter("p"))
    assert "error-summary" in response.content.decode()
    return error.text


def beside(root: Element, field: str) -> str:
    """The message a box is described by (its aria-describedby)."""
    box = root.by_id(f"id_{field}")
    assert box.attrs.get("aria-invalid") == "true"
    return root.by_id(box.attrs["aria-describedby"]).text


# -- klaverjas --------------------------------------------------------------------------------
@pytest.fixture
def klaverjas(scorer) -> Game:
    return start_game(scorer, "klaverjas")


def test_klaverjas_asks_each_sides_roem_as_a_number_with_pit_and_stuk(scorer_client, klaverjas):
    root = page(scorer_client, f"/games/{klaverjas.pk}/")
    fields = names(root)
    assert {"roem_0", "roem_1", "all_tricks", "belle", "card_points_0"} <= fields
    assert not any(n.startswith("meld_") and n != "meld_entry" for n in fields)
    assert "bid" not in fields and "contre" not in fields
    box = root.by_id("id_roem_0")
    assert box.attrs["inputmode"] == "numeric" and box.attrs["type"] == "number"
    # The quick buttons: hidden until roem.js shows them; the box works without them.
    buttons = root.by_id("roem").iter("span")
    group = next(s for s in buttons if s.has_class("roem-buttons"))
    assert "hidden" in group.attrs
    assert [b.text for b in group.iter("button")] == ["+20", "+50", "+100", "+200", "stuk"]
    assert "Stuk" in root.by_id("group-belle").text
    assert "Pit" in root.by_id("group-all_tricks").text


def test_a_klaverjas_deal_with_roem_and_stuk_is_saved(scorer_client, klaverjas):
    post = {"makers": "0", "card_points_0": "90", "roem_0": "20", "belle": "0"}
    assert scorer_client.post(deal_url(klaverjas), post).status_code == 302
    deal = klaverjas.deals.get()
    assert deal.card_points == [90, 72]
    assert deal.meld_points == [20, 0]
    assert deal.belle == 0
    assert deal.points == [130, 72]
    assert deal.meld_scored == [40, 0]


def test_a_pit_fills_the_card_points_and_scores_100_more(scorer_client, klaverjas):
    post = {"makers": "0", "all_tricks": "0", "roem_0": "40"}
    assert scorer_client.post(deal_url(klaverjas), post).status_code == 302
    deal = klaverjas.deals.get()
    assert deal.all_tricks == 0 and deal.card_points == [162, 0]
    assert deal.points == [302, 0]


def test_nat_is_said_in_the_preview(scorer_client, klaverjas):
    post = {"makers": "0", "card_points_0": "80", "roem_1": "20"}
    json = scorer_client.post(preview_url(klaverjas), post).json()
    assert json["valid"] and json["summary"] == "Nat: the makers score nothing."
    assert [s["points"] for s in json["sides"]] == [0, 182]
    pit = {"makers": "0", "all_tricks": "0", "roem_0": "40"}
    summary = scorer_client.post(preview_url(klaverjas), pit).json()["summary"]
    assert summary == "Made. Pit: Anna & Ben took every trick."


def test_roem_30_is_refused_beside_its_box(scorer_client, klaverjas):
    post = {"makers": "0", "card_points_0": "90", "roem_0": "30"}
    message = refused(scorer_client, klaverjas, post, "melds")
    assert "30" in message
    root = parse(scorer_client.post(deal_url(klaverjas), post).content)
    assert beside(root, "roem_0") == message
    assert root.by_id("id_roem_0").attrs["value"] == "30"


def test_roem_for_a_side_that_took_no_trick_is_refused(scorer_client, klaverjas):
    post = {"makers": "0", "card_points_0": "162", "roem_1": "20"}
    message = refused(scorer_client, klaverjas, post, "melds")
    assert "took no trick" in message
    root = parse(scorer_client.post(deal_url(klaverjas), post).content)
    assert beside(root, "roem_1") == message


def test_a_pit_with_the_other_side_holding_card_points_is_refused(scorer_client, klaverjas):
    post = {"makers": "0", "card_points_0": "150", "all_tricks": "0"}
    message = refused(scorer_client, klaverjas, post, "all_tricks")
    assert "took every trick" in message and "12" in message


def test_a_roem_box_that_is_not_a_number_says_so_beside_it(scorer_client, klaverjas):
    post = {"makers": "0", "card_points_0": "90", "roem_0": "abc"}
    response = scorer_client.post(deal_url(klaverjas), post)
    assert response.status_code == 400
    assert beside(parse(response.content), "roem_0") == "Roem is a whole number."
    assert klaverjas.deals.count() == 0


def test_a_klaverjas_correction_offers_and_prefills_roem_and_pit(scorer_client, klaverjas, scorer):
    add(klaverjas, scorer, makers=0, card_points=(162, 0), meld_points=(40, 0), all_tricks=0)
    edit = reverse("games:deal-edit", args=[klaverjas.pk, 1])
    root = page(scorer_client, edit)
    assert root.by_id("id_roem_0").attrs["value"] == "40"
    assert "checked" in root.by_id("id_all_tricks_1").attrs  # "" Nobody is _0, side 0 is _1
    post = {"makers": "0", "card_points_0": "100", "roem_0": "50", "version": "1"}
    assert scorer_client.post(edit, post).status_code == 302
    deal = klaverjas.deals.get()
    assert deal.meld_points == [50, 0] and deal.all_tricks is None
    assert deal.points == [150, 62]


# -- belote -----------------------------------------------------------------------------------
def test_belote_speaks_belote(scorer_client, scorer):
    game = start_game(scorer, "belote-annonces")
    root = page(scorer_client, f"/games/{game.pk}/")
    assert "Belote-rebelote" in root.by_id("group-belle").text
    assert "Capot" in root.by_id("group-all_tricks").text
    melds = root.by_id("group-melds").text
    assert "Announcements" in melds and "Tierce (run of 3)" in melds
    assert "Carré of jacks" in melds and "quinte, carré" in melds
    assert "bid" not in names(root)


def test_a_belote_capot_with_belote_is_saved(scorer_client, scorer):
    game = start_game(scorer, "belote")
    post = {"makers": "0", "all_tricks": "0", "belle": "0"}
    assert scorer_client.post(deal_url(game), post).status_code == 302
    deal = game.deals.get()
    assert (deal.all_tricks, deal.belle, deal.card_points) == (0, 0, [162, 0])
    assert deal.points == [272, 0]


@pytest.mark.parametrize(
    ("post", "summary"),
    [
        (
            {"makers": "0", "card_points_0": "70", "belle": "0"},
            "Dedans: the takers score only their belote-rebelote.",
        ),
        (
            {"makers": "0", "card_points_0": "81"},
            "Litige: the defenders score theirs; the takers' 81 are held for the winner of "
            "the next deal.",
        ),
    ],
)
def test_dedans_and_litige_are_said_in_the_preview(scorer_client, scorer, post, summary):
    game = start_game(scorer, "belote")
    assert scorer_client.post(preview_url(game), post).json()["summary"] == summary


def test_declared_announcements_are_offered_in_belote_words_and_compared(scorer_client, scorer):
    game = start_game(scorer, "belote-annonces")
    Game.objects.filter(pk=game.pk).update(meld_entry="declared")
    root = page(scorer_client, f"/games/{game.pk}/")
    offered = [o.text for o in root.by_id("id_declared_0_0_meld").iter("option")]
    assert offered[1:4] == ["Tierce (run of 3)", "Quarte (run of 4)", "Quinte (run of 5 or more)"]
    assert "Quinte (run of 8)" in offered and offered[-1] == "Carré"
    # RULES.md: takers 90 + tierce vs defenders 72 + cinquante: only the defenders' 50
    # counts, 90 vs 122, dedans: 0 / 212.
    post = {
        "meld_entry": "declared",
        "makers": "0",
        "card_points_0": "90",
        "declared_0_0_meld": "run3",
        "declared_0_0_card": "K",
        "declared_1_0_meld": "run4",
        "declared_1_0_card": "A",
    }
    json = scorer_client.post(preview_url(game), post).json()
    # The takers hold no belote-rebelote here: they keep nothing on dedans.
    assert json["summary"] == "Dedans: the takers score nothing."
    assert scorer_client.post(deal_url(game), post).status_code == 302
    assert game.deals.get().points == [0, 212]


# -- coinche ----------------------------------------------------------------------------------
@pytest.fixture
def coinche(scorer) -> Game:
    return start_game(scorer, "coinche")


def test_coinche_asks_the_contract_before_the_card_points(scorer_client, coinche):
    root = page(scorer_client, f"/games/{coinche.pk}/")
    html = str(scorer_client.get(f"/games/{coinche.pk}/").content)
    assert html.index('id="group-contract"') < html.index('id="group-card_points"')
    bids = [o.attrs["value"] for o in root.by_id("id_bid").iter("option")]
    assert bids[:3] == ["", "80", "90"] and bids[-2:] == ["250", "capot"]
    assert "95" not in bids
    contre = [i.attrs["value"] for i in root.by_id("group-contre").iter("input")]
    assert contre == ["0", "1", "2"]
    assert "Surcontrée (×4)" in root.by_id("group-contre").text
    assert {"all_tricks", "belle", "meld_0_run3"} <= names(root)


def test_a_coinche_deal_with_a_bid_and_contree_is_saved(scorer_client, coinche):
    post = {"makers": "0", "bid": "100", "contre": "1", "card_points_0": "110"}
    json = scorer_client.post(preview_url(coinche), post).json()
    assert json["summary"] == "Made. Contract: 100, contrée (×2)."
    assert scorer_client.post(deal_url(coinche), post).status_code == 302
    deal = coinche.deals.get()
    assert (deal.bid, deal.contre, deal.card_points) == ("100", 1, [110, 52])
    assert deal.points == [520, 0]


def test_a_coinche_correction_prefills_the_contract(scorer_client, coinche, scorer):
    add(coinche, scorer, makers=0, card_points=(110, 52), bid=100, contre=2)
    root = page(scorer_client, reverse("games:deal-edit", args=[coinche.pk, 1]))
    selected = [o for o in root.by_id("id_bid").iter("option") if "selected" in o.attrs]
    assert [o.attrs["value"] for o in selected] == ["100"]
    assert "checked" in root.by_id("id_contre_2").attrs


@pytest.mark.parametrize(
    ("post", "group", "words"),
    [
        ({"bid": "95"}, "bid", "95 is not a bid"),
        ({"bid": "70"}, "bid", "70 is not a bid"),
        ({"bid": "lots"}, "bid", "Choose the bid from the list."),
        ({"bid": ""}, "bid", "Enter the contract"),
        ({"bid": "100", "contre": "3"}, "contre", "doubled at most twice"),
        ({"bid": "100", "contre": "x"}, "contre", "Choose none, contrée or surcontrée."),
    ],
)
def test_a_forged_bid_or_doubling_is_refused_beside_it(scorer_client, coinche, post, group, words):
    post = {"makers": "0", "card_points_0": "110", **post}
    assert words in refused(scorer_client, coinche, post, group)


# -- klebias-norm -----------------------------------------------------------------------------
@pytest.fixture
def klebias(scorer) -> Game:
    return start_game(scorer, "klebias-norm")


def test_klebias_norm_offers_its_bonuses_and_folds_its_rarer_melds(scorer_client, klebias):
    root = page(scorer_client, f"/games/{klebias.pk}/")
    fields = names(root)
    assert {"bimah", "bonuses_0", "bonuses_1"} <= fields
    bonuses = root.by_id("group-bonuses").text
    assert "Shlomo HaMelech (20)" in bonuses and "Cleopatra (20)" in bonuses
    threes = root.by_id("three-melds")
    assert threes.tag == "details" and "open" not in threes.attrs
    assert "meld_0_three_A" in {i.attrs["name"] for i in threes.iter("input")}
    more = {i.attrs["name"] for i in root.by_id("more-melds").iter("input")}
    assert {"meld_0_menage", "meld_0_four_7"} <= more and "meld_0_three_A" not in more
    assert "meld_0_run3" not in more and "meld_0_run3" in fields


def test_a_klebias_norm_deal_on_the_bimah_is_saved(scorer_client, klebias):
    # The defenders' Cleopatra counts against the makers: 90 vs 74 + 20, set.
    set_ = {"makers": "0", "card_points_0": "90", "bimah": "on", "bonuses_1": "cleopatra"}
    json = scorer_client.post(preview_url(klebias), set_).json()
    assert [s["points"] for s in json["sides"]] == [0, 184]
    post = {"makers": "0", "card_points_0": "90", "bimah": "on"}
    assert scorer_client.post(deal_url(klebias), post).status_code == 302
    deal = klebias.deals.get()
    assert deal.card_points == [90, 74]
    assert deal.bonuses == [["bimah"], []]
    assert deal.points == [130, 74]


def test_a_klebias_norm_menage_is_counted(scorer_client, klebias):
    post = {"makers": "0", "card_points_0": "90", "meld_0_menage": "1"}
    assert scorer_client.post(deal_url(klebias), post).status_code == 302
    assert klebias.deals.get().points == [140, 74]


def test_a_klebias_norm_correction_prefills_the_bonuses(scorer_client, klebias, scorer):
    add(klebias, scorer, makers=0, card_points=(90, 74), bonuses=(("bimah", "shlomo"), ()))
    edit = reverse("games:deal-edit", args=[klebias.pk, 1])
    root = page(scorer_client, edit)
    assert "checked" in root.by_id("id_bimah").attrs
    assert "checked" in root.by_id("id_bonuses_0_0").attrs  # Shlomo HaMelech
    assert "checked" not in root.by_id("id_bonuses_0_1").attrs
    post = {"makers": "0", "card_points_0": "90", "bonuses_0": "cleopatra", "version": "1"}
    assert scorer_client.post(edit, post).status_code == 302
    deal = klebias.deals.get()
    assert deal.bonuses == [["cleopatra"], []] and deal.points == [110, 74]


def test_an_unknown_bonus_forged_is_refused_beside_the_bonuses(scorer_client, klebias):
    post = {"makers": "0", "card_points_0": "90", "bonuses_0": "jackpot"}
    assert "no bonus 'jackpot'" in refused(scorer_client, klebias, post, "bonuses")


def test_a_forged_bimah_for_the_defenders_is_refused(scorer_client, klebias):
    post = {"makers": "0", "card_points_0": "90", "bonuses_1": "bimah"}
    assert "only the makers" in refused(scorer_client, klebias, post, "bonuses")


def test_four_sevens_forged_in_clabber_are_refused_beside_the_melds(scorer_client, clabber_game):
    post = {"makers": "0", "card_points_0": "90", "meld_0_four_7": "1"}
    assert "'four_7'" in refused(scorer_client, clabber_game, post, "melds")


# -- who may ----------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["klaverjas", "coinche"])
def test_a_stranger_cannot_enter_a_family_deal(scorer, outsider_client, preset):
    game = start_game(scorer, preset)
    post = {"makers": "0", "card_points_0": "110", "bid": "100", "roem_0": "20"}
    assert outsider_client.post(deal_url(game), post).status_code == 403
    assert outsider_client.post(preview_url(game), post).status_code == 403
    assert Client().post(deal_url(game), post).status_code == 302  # to sign in
    assert game.deals.count() == 0
    sheet = outsider_client.get(reverse("games:detail", args=[game.pk]))
    assert b"deal-form" not in sheet.content


# -- part one is as it was --------------------------------------------------------------------
def test_a_part_one_form_has_none_of_the_familys_fields(scorer_client, clabber_game):
    fields = names(page(scorer_client, f"/games/{clabber_game.pk}/"))
    family = {"roem_0", "all_tricks", "bid", "contre", "bimah", "bonuses_0"}
    assert not fields & family
    assert {"meld_0_run3", "meld_1_four_jacks", "belle", "renege"} <= fields


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_offers_what_its_ruleset_plays(scorer_client, scorer, preset):
    game = start_game(scorer, preset)
    rules = game.rules
    fields = names(page(scorer_client, f"/games/{game.pk}/"))
    sides = range(rules.sides)
    assert ({f"roem_{i}" for i in sides} <= fields) == (rules.meld_scoring == "each")
    assert ("all_tricks" in fields) == (rules.all_tricks != "none")
    assert ({"bid", "contre"} <= fields) == rules.bidding
    assert ("bimah" in fields) == ("bimah" in rules.bonus_values)
    offered = {n.removeprefix("meld_0_") for n in fields if n.startswith("meld_0_")}
    paid = set() if rules.meld_scoring == "each" else set(rules.meld_values)
    assert offered == paid
