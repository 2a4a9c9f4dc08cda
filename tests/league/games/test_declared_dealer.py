"""Issue 14, the web side: declared melds entered at the table (the engine settles who scores
them), who deals each deal and who deals next, and the meld settings on the rules pages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.games import services
from league.models import Competition, Deal, DealAudit, Game, MeldEntry
from scoring import get_ruleset
from tests.builders import add, page, pdf_pages, refused, start_game
from tests.league.competitions.test_views import COMPETITION
from tests.league.html import parse, rule_lines
from tests.league.tournaments.test_views import new_post

pytestmark = pytest.mark.django_db


def declared_game(scorer, preset: str = "clabber", **overrides) -> Game:
    game = start_game(scorer, preset, **overrides)
    game.meld_entry = MeldEntry.DECLARED
    game.save(update_fields=["meld_entry"])
    return game


def declared_post(game: Game, **fields: str) -> dict[str, str]:
    data = {"number": str(game.deal_count + 1), "meld_entry": "declared", "makers": "0"}
    data.update(fields)
    return data


RUNS_TO_THE_KING = {
    "card_points_0": "80",
    "declared_0_0_meld": "run4",
    "declared_0_0_card": "K",
    "declared_0_0_trump": "on",
    "declared_1_0_meld": "run4",
    "declared_1_0_card": "K",
}


# -- declared melds ----------------------------------------------------------------------------
def test_declared_melds_are_saved_and_the_engine_decides_who_scores(scorer_client, scorer):
    game = declared_game(scorer)
    form = page(scorer_client, f"/games/{game.pk}/").by_id("declared")
    assert "Anna & Ben declared" in form.text and "Add another meld for Carl & Dora" in form.text

    response = scorer_client.post(
        reverse("games:deal-add", args=[game.pk]), declared_post(game, **RUNS_TO_THE_KING)
    )
    assert response.status_code == 302
    deal = Deal.objects.get(game=game)
    assert deal.declared == [
        [{"run": 4, "top": "K", "trump": True}],
        [{"run": 4, "top": "K", "trump": False}],
    ]
    # A run of four in trumps beats the same run in a plain suit: 80 + 50 against 82.
    assert deal.points == [130, 82]
    sheet = page(scorer_client, f"/games/{game.pk}/").by_id("deal-1")
    assert (
        "Anna & Ben score the melds: run of four to the king in trumps beats run of four to "
        "the king" in sheet.text
    )


def test_the_preview_says_who_wins_the_declared_melds_and_why(scorer_client, scorer):
    game = declared_game(scorer)
    data = declared_post(game, **RUNS_TO_THE_KING)
    data["declared_1_0_meld"], data["declared_1_0_card"] = "four", "A"
    json = scorer_client.post(reverse("games:deal-preview", args=[game.pk]), data).json()
    assert json["valid"]
    assert (
        json["melds"]
        == "Carl & Dora score the melds: four aces beats run of four to the king in trumps"
    )
    # Without JavaScript the Preview button says the same on the page.
    response = scorer_client.post(
        reverse("games:deal-add", args=[game.pk]), {**data, "preview": "1"}
    )
    assert "four aces beats run of four" in parse(response.content).by_id("preview").text
    assert not Deal.objects.exists()


def test_four_plain_runs_through_one_card_in_a_no_trump_deal_are_worded(scorer_client, scorer):
    """A no-trump deal has four plain suits: four runs through the king are a deal the engine
    scores, and its words (the preview, the sheet) must not refuse it as if three were plain.
    (The preview answered 500 before.)"""
    game = declared_game(scorer, "klaberjass-4")
    runs = {}
    for side in (0, 1):
        for row in (0, 1):
            runs[f"declared_{side}_{row}_meld"] = "run3"
            runs[f"declared_{side}_{row}_card"] = "K"
    data = declared_post(game, card_points_0="80", no_trump="on", **runs)
    json = scorer_client.post(reverse("games:deal-preview", args=[game.pk]), data).json()
    assert json["valid"] and json["melds"].startswith("Equal runs in plain suits: nobody")
    assert scorer_client.post(reverse("games:deal-add", args=[game.pk]), data).status_code == 302
    sheet = page(scorer_client, f"/games/{game.pk}/").by_id("deal-1")
    assert "Equal runs in plain suits: nobody scores melds" in sheet.text


def test_equal_plain_runs_score_nobody_in_clabber(scorer_client, scorer):
    game = declared_game(scorer)
    data = declared_post(game, **RUNS_TO_THE_KING)
    del data["declared_0_0_trump"]
    scorer_client.post(reverse("games:deal-add", args=[game.pk]), data)
    assert Deal.objects.get().points == [0, 82]  # 80 against 82: set, nobody's melds count


@pytest.mark.parametrize(
    ("fields", "error_id", "words"),
    [
        ({"declared_0_0_meld": "run4"}, "id_declared_0_0_card_error", "top card of the run"),
        ({"declared_0_0_card": "K"}, "id_declared_0_0_meld_error", "run's length or four"),
        ({"declared_0_0_meld": "run6", "declared_0_0_card": "J"}, "id_declared_0_0_meld_error", ""),
        (
            {"declared_0_0_meld": "run9", "declared_0_0_card": "A"},
            "id_declared_0_0_meld_error",
            "choose a meld",
        ),
    ],
)
def test_bad_declared_input_is_refused_next_to_its_row_and_nothing_saved(
    scorer_client, scorer, fields, error_id, words
):
    game = declared_game(scorer)
    response = scorer_client.post(
        reverse("games:deal-add", args=[game.pk]),
        declared_post(game, card_points_0="80", **fields),
    )
    assert response.status_code == 400
    assert words in parse(response.content).by_id(error_id).text
    assert not Deal.objects.exists()


def test_melds_no_hands_can_hold_are_refused_in_the_melds_group(scorer_client, scorer):
    game = declared_game(scorer)
    fours = {}
    for row, rank in enumerate(("J", "A", "K")):
        fours[f"declared_0_{row}_meld"], fours[f"declared_0_{row}_card"] = "four", rank
    response = scorer_client.post(
        reverse("games:deal-add", args=[game.pk]), declared_post(game, card_points_0="80", **fours)
    )
    assert response.status_code == 400
    assert "fours of a kind" in parse(response.content).by_id("error-melds").text
    assert not Deal.objects.exists()


def test_add_another_meld_shows_one_more_row_and_saves_nothing(scorer_client, scorer):
    game = declared_game(scorer)
    response = scorer_client.post(
        reverse("games:deal-add", args=[game.pk]),
        declared_post(game, card_points_0="80", declared_1_0_meld="run3", add_meld="1"),
    )
    root = parse(response.content)
    assert root.by_id("id_declared_1_1_meld") is not None
    assert 'value="run3" selected' in response.content.decode()
    assert not Deal.objects.exists()


def test_a_correction_keeps_the_declared_melds(scorer_client, scorer):
    game = declared_game(scorer)
    scorer_client.post(
        reverse("games:deal-add", args=[game.pk]), declared_post(game, **RUNS_TO_THE_KING)
    )
    edit = scorer_client.get(reverse("games:deal-edit", args=[game.pk, 1])).content.decode()
    assert 'name="declared_0_0_trump" id="id_declared_0_0_trump" checked' in edit
    assert '<option value="K" selected>' in edit
    # A correction of the card points only: the melds declared stay, and still decide.
    data = declared_post(game, **{**RUNS_TO_THE_KING, "card_points_0": "100"})
    data.update(number="", version="1")
    response = scorer_client.post(reverse("games:deal-edit", args=[game.pk, 1]), data)
    assert response.status_code == 302
    deal = Deal.objects.get()
    assert deal.points == [150, 62] and deal.declared[0][0]["trump"] is True


def test_outsiders_may_not_enter_declared_melds_or_change_the_settings(
    client, outsider_client, scorer
):
    game = declared_game(scorer)
    add_url = reverse("games:deal-add", args=[game.pk])
    settings_url = reverse("games:settings", args=[game.pk])
    for who, login in ((client, True), (outsider_client, False)):
        refused(who.post(add_url, declared_post(game, **RUNS_TO_THE_KING)), login=login)
        refused(who.post(settings_url, {"meld_entry": "scored", "first_dealer": "1"}), login=login)
    game.refresh_from_db()
    assert not Deal.objects.exists() and game.first_dealer == 0
    assert game.meld_entry == MeldEntry.DECLARED


# -- the game's settings -----------------------------------------------------------------------
def test_the_scorer_switches_to_declared_melds_and_chooses_who_dealt_first(scorer_client, scorer):
    game = start_game(scorer)
    root = page(scorer_client, f"/games/{game.pk}/")
    seats = [o.text for o in root.by_id("id_first_dealer").iter("option")]
    assert seats == ["Anna", "Carl", "Ben", "Dora"]
    assert "declared" not in root.by_id("deal-form").attrs.get("class", "")
    response = scorer_client.post(
        reverse("games:settings", args=[game.pk]), {"meld_entry": "declared", "first_dealer": "3"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.meld_entry == MeldEntry.DECLARED and game.first_dealer == 3
    root = page(scorer_client, f"/games/{game.pk}/")
    assert root.by_id("declared") is not None
    assert root.by_id("next-dealer").text == "Deals next: Dora"


def test_a_seat_the_table_has_not_got_is_refused(scorer_client, scorer):
    game = start_game(scorer, "klaberjass", names=["Anna", "Carl"])
    response = scorer_client.post(
        reverse("games:settings", args=[game.pk]), {"meld_entry": "scored", "first_dealer": "3"}
    )
    assert response.status_code == 400
    assert "players at this table" in parse(response.content).by_id("first_dealer-error").text
    game.refresh_from_db()
    assert game.first_dealer == 0


def test_a_new_game_records_who_deals_first(scorer_client):
    response = scorer_client.post(
        reverse("games:new"),
        {
            "preset": "clabber",
            "side_0": "Anna & Ben",
            "side_1": "Carl & Dora",
            "first_dealer": "p1",
            "meld_entry": "declared",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.first_dealer == 3 and game.meld_entry == MeldEntry.DECLARED
    response = scorer_client.post(
        reverse("games:new"),
        {"preset": "klaberjass", "side_0": "Anna", "side_1": "Carl", "first_dealer": "p1"},
    )
    assert response.status_code == 200
    assert "2 players" in parse(response.content).by_id("first_dealer-error").text
    assert Game.objects.count() == 1


# -- the dealer on the sheet and the PDF ------------------------------------------------------
def test_the_sheet_and_the_pdf_show_who_dealt_and_who_deals_next(client, scorer):
    game = start_game(scorer)
    add(game, scorer, makers=0, card_points=(90, 72))
    add(game, scorer, void=True)  # all passed: in clabber the same dealer deals again
    add(game, scorer, makers=1, card_points=(50, 112))
    root = page(client, f"/games/{game.pk}/")
    dealers = [
        next(c for c in root.by_id(f"deal-{n}").iter("td") if c.has_class("dealer")).text
        for n in (1, 2, 3)
    ]
    assert dealers == ["Anna", "Carl", "Carl"]
    assert root.by_id("next-dealer").text == "Deals next: Ben"

    text = "\n".join(pdf_pages(client.get(reverse("printing:game-pdf", args=[game.pk])).content))
    assert "dealt by Anna" in text and "dealt by Carl" in text
    assert "Deals next: Ben" in text


def test_partnerships_named_otherwise_get_first_and_second_seats(client, scorer):
    game = start_game(scorer, names=["The Aces", "Carl & Dora"])
    game.first_dealer = 2
    game.save(update_fields=["first_dealer"])
    assert page(client, f"/games/{game.pk}/").by_id("next-dealer").text == (
        "Deals next: The Aces (2nd)"
    )


def test_the_elder_hand_from_the_dealer_settles_equal_melds(scorer_client, scorer):
    # klabberjass-100: equal melds go to the elder hand, the player who did not deal.
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
    assert Deal.objects.get().points == [90, 60]  # Anna dealt: Carl is elder and scores 20
    # Carl dealt first after all: Anna was elder, and the game is scored again.
    response = scorer_client.post(
        reverse("games:settings", args=[game.pk]),
        {"meld_entry": "declared", "first_dealer": "1"},
        follow=True,
    )
    assert Deal.objects.get().points == [110, 40]
    # Never silently: the scorer is told which deal now scores otherwise, and it is audited.
    assert "the score of deal 1: check the sheet" in response.content.decode()
    audit = DealAudit.objects.get()
    assert (audit.deal_number, audit.before["points"], audit.after["points"]) == (
        1,
        [90, 60],
        [110, 40],
    )
    # The same dealer again changes nothing, and says nothing of scores.
    assert services.game_settings(game=game, by=scorer, meld_entry="declared", first_dealer=1) == []


# -- the rules pages and the competition forms ---------------------------------------------------
def test_rules_pages_show_the_meld_comparison_and_its_settings(client: Client):
    lines = rule_lines(page(client, "/rules/klabberjass-100/").by_id("scoring"))
    assert "the longer run wins, then the higher top card" in lines["Best meld"]
    assert "the side of the elder hand scores" in lines["Equal melds"]
    assert "every meld it declared" in lines["Melds on a renege"]
    lines = rule_lines(page(client, "/rules/clabber/").by_id("scoring"))
    assert "nobody scores melds" in lines["Equal melds"]
    presets = page(client, "/rules/").by_id("presets").text
    assert "the elder hand's side scores" in presets


def test_a_league_overrides_the_meld_settings_and_its_rules_page_shows_them(organiser_client):
    club = competitions_services.club_create(name="Thursday club")
    data = {**COMPETITION, "club": club.pk, "meld_tie": "elder", "renege_melds": "scored"}
    response = organiser_client.post("/competitions/new/", data)
    assert response.status_code == 302
    competition = Competition.objects.get()
    assert competition.rules == get_ruleset("clabber", meld_tie="elder", renege_melds="scored")
    root = page(organiser_client, reverse("competitions:rules", args=[competition.slug]))
    lines = rule_lines(root.by_id("scoring"))
    assert "changed" in next(d.text for d in root.iter("dt") if d.text.startswith("Equal melds"))
    assert "only if they would have won" in lines["Melds on a renege"]


def test_a_tournament_overrides_the_meld_settings(organiser_client):
    club = competitions_services.club_create(name="Thursday club")
    response = organiser_client.post(
        reverse("tournaments:new"), new_post(club, meld_tie="elder", renege_melds="scored")
    )
    assert response.status_code == 302
    rules = Competition.objects.get().rules
    assert rules.meld_tie == "elder" and rules.renege_melds == "scored"


def test_a_renege_says_whose_declared_melds_count_not_who_won_the_comparison(scorer_client, scorer):
    # Clabber, Anna & Ben renege; each side declared a run: theirs lapses, Carl & Dora score
    # 162 + their own 20 (renege_melds: own), and the note says so, not that the longer run won.
    game = declared_game(scorer)
    data = declared_post(
        game,
        renege="0",
        declared_0_0_meld="run4",
        declared_0_0_card="A",
        declared_0_0_trump="on",
        declared_1_0_meld="run3",
        declared_1_0_card="K",
    )
    del data["makers"]
    response = scorer_client.post(reverse("games:deal-add", args=[game.pk]), data)
    assert response.status_code == 302, response.content.decode()
    assert Deal.objects.get().points == [0, 182]
    note = page(scorer_client, f"/games/{game.pk}/").by_id("deal-1").text
    assert "melds that count (Anna & Ben's lapse): Carl & Dora: run of three to the king" in note
    assert "beats" not in note


def test_a_refused_deal_says_so_first_in_the_form_where_the_page_opens(scorer_client, scorer):
    # Three fours of a kind for one partnership: the message is by the melds, far down on a
    # phone; the top of the form, where the page opens, says the deal was not saved.
    game = declared_game(scorer)
    data = declared_post(
        game,
        card_points_0="80",
        declared_0_0_meld="four",
        declared_0_0_card="J",
        declared_0_1_meld="four",
        declared_0_1_card="A",
        declared_0_2_meld="four",
        declared_0_2_card="K",
    )
    response = scorer_client.post(reverse("games:deal-add", args=[game.pk]), data)
    assert response.status_code == 400
    form = parse(response.content).by_id("deal-form")
    ids = [e.attrs["id"] for e in form.iter() if "id" in e.attrs]
    assert ids.index("error-summary") < ids.index("group-makers")
    assert "cannot hold three fours of a kind" in form.by_id("group-melds").text
    assert not Deal.objects.exists()


def test_the_sheet_says_once_who_scores_equal_melds_as_the_elder_hand(scorer_client, scorer):
    # klabberjass-100 (meld_tie: elder): Anna dealt, so Carl is elder and scores the equal runs.
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
    note = page(scorer_client, f"/games/{game.pk}/").by_id("deal-1").text
    said = (
        # Klabberjass is played alone: one player a side, whatever the side is called.
        "Carl & Dora scores the melds as the elder hand's side: equal runs in plain suits "
        "(run of three to the queen each)"
    )
    assert said in " ".join(note.split())
    assert note.count("Carl & Dora") == 1 and note.count("elder hand") == 1


def test_the_printed_sheet_says_how_equal_melds_are_settled(client: Client, scorer):
    # Under klabberjass-100 the elder hand's side takes equal melds: that decides scores, so
    # the paper says it; clabber's says nobody scores them.
    for preset, words in (
        ("klabberjass-100", "Equal best melds: the elder hand's side scores them."),
        ("clabber", "Equal best melds: nobody scores."),
    ):
        game = declared_game(scorer, preset)
        pdf = client.get(reverse("printing:game-pdf", args=[game.pk])).content
        assert words in " ".join("\n".join(pdf_pages(pdf)).split())
