"""Score-entry pages: each write view works for who may and is refused for who may not."""

from __future__ import annotations

import io
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from league.competitions import services
from league.competitions import services as competitions_services
from league.models import DealAudit, Game
from tests.builders import add, start_game
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def deal_url(game: Game) -> str:
    return reverse("games:deal-add", args=[game.pk])


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


# -- accounts ---------------------------------------------------------------------------------


# -- starting a game --------------------------------------------------------------------------
def test_a_scorer_starts_a_game_with_house_rules(scorer_client: Client, scorer):
    response = scorer_client.post(
        reverse("games:new"),
        {
            "preset": "clabber",
            "side_0": "Anna & Ben",
            "side_1": "Carl & Dora",
            "table": "4",
            "target": "1000",
            "set_award": "",
            "tie_rule": "",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.rules.target == 1000 and game.side_names == ["Anna & Ben", "Carl & Dora"]
    assert game.created_by == scorer


def test_starting_a_game_needs_a_sign_in(client: Client):
    response = client.post(
        reverse("games:new"), {"preset": "clabber", "side_0": "A", "side_1": "B"}
    )
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    ("post", "field", "words"),
    [
        ({"preset": "clabber", "side_0": "A"}, "side_1", "name partnership 2"),
        (
            {"preset": "klaberjass-3", "side_0": "A", "side_1": "B", "tie_rule": "hang"},
            "tie_rule",
            "exactly two sides",
        ),
        ({"preset": "clabber", "side_0": "A", "side_1": "B", "side_2": "C"}, "side_2", "two sides"),
        ({"preset": "clabber", "side_0": "A", "side_1": "a"}, "side_1", "different name"),
    ],
)
def test_a_bad_game_is_refused_next_to_its_field(scorer_client, post, field, words):
    response = scorer_client.post(reverse("games:new"), post)
    assert response.status_code == 200
    error = parse(response.content).by_id(f"{field}-error")
    assert words in error.text
    assert Game.objects.count() == 0


# -- entering deals ---------------------------------------------------------------------------
def test_a_scorer_enters_a_deal_with_one_sides_card_points(scorer_client, clabber_game):
    response = scorer_client.post(
        deal_url(clabber_game),
        {"makers": "0", "card_points_0": "80", "meld_0_run3": "1", "entry_key": str(uuid.uuid4())},
    )
    assert response.status_code == 302
    deal = clabber_game.deals.get()
    assert deal.card_points == [80, 82] and deal.points == [100, 82]
    sheet = parse(scorer_client.get(reverse("games:detail", args=[clabber_game.pk])).content)
    row = sheet.by_id("deal-1").text
    assert "100" in row and "82" in row and "Anna & Ben" in row


def test_a_set_is_marked_xx_on_the_sheet(scorer_client, clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(70, 92))
    sheet = parse(Client().get(reverse("games:detail", args=[clabber_game.pk])).content)
    cells = [
        td for td in sheet.by_id("deal-1").iter("td") if "mark-set" in td.attrs.get("class", "")
    ]
    assert [c.text for c in cells] == ["XX"]


def test_an_impossible_deal_is_refused_next_to_the_card_points(scorer_client, clabber_game):
    response = scorer_client.post(
        deal_url(clabber_game), {"makers": "0", "card_points_0": "90", "card_points_1": "60"}
    )
    assert response.status_code == 400
    error = parse(response.content).by_id("error-card_points")
    assert "must add up to 162, these add up to 150" in error.text
    assert clabber_game.deals.count() == 0


def test_melds_on_both_sides_are_refused_next_to_the_melds(scorer_client, clabber_game):
    response = scorer_client.post(
        deal_url(clabber_game),
        {"makers": "0", "card_points_0": "80", "meld_0_run3": "1", "meld_1_run3": "1"},
    )
    assert response.status_code == 400
    error = parse(response.content).by_id("error-melds").text
    assert "best meld" in error and "Anna & Ben and Carl & Dora cannot both" in error
    assert clabber_game.deals.count() == 0


@pytest.mark.parametrize(
    ("post", "group", "words"),
    [
        ({"makers": "0", "renege": "0", "void_reason": "misdeal"}, "renege", "nobody reneged"),
        (
            {"renege": "both", "card_points_0": "80", "card_points_1": "82"},
            "renege",
            "leave the card points empty",
        ),
        ({"renege": "both", "card_points_1": "82"}, "renege", "leave the card points empty"),
        (
            {"makers": "0", "card_points_0": "80", "meld_0_run9": "1"},
            "melds",
            "no meld 'run9'",
        ),
        (
            {"makers": "0", "card_points_0": "80", "meld_2_run3": "1"},
            "melds",
            "no side '2'",
        ),
        (
            {"makers": "0", "card_points_0": "80", "card_points_5": "40"},
            "card_points",
            "no side '5'",
        ),
    ],
)
def test_a_contradictory_or_stray_deal_input_is_refused_next_to_its_field(
    scorer_client, clabber_game, post, group, words
):
    response = scorer_client.post(deal_url(clabber_game), post)
    assert response.status_code == 400
    assert words in parse(response.content).by_id(f"error-{group}").text
    assert clabber_game.deals.count() == 0


def test_an_empty_stray_field_is_harmless(scorer_client, clabber_game):
    post = {"makers": "0", "card_points_0": "80", "meld_2_run3": ""}
    assert scorer_client.post(deal_url(clabber_game), post).status_code == 302
    assert clabber_game.deals.count() == 1


def test_a_resent_form_adds_one_deal(scorer_client, clabber_game):
    post = {"makers": "0", "card_points_0": "90", "entry_key": str(uuid.uuid4())}
    scorer_client.post(deal_url(clabber_game), post)
    response = scorer_client.post(deal_url(clabber_game), post, follow=True)
    assert clabber_game.deals.count() == 1
    assert "already saved" in response.content.decode()


def test_preview_shows_the_score_and_saves_nothing(scorer_client, clabber_game):
    response = scorer_client.post(
        deal_url(clabber_game), {"makers": "0", "card_points_0": "70", "preview": "1"}
    )
    assert response.status_code == 200
    preview = parse(response.content).by_id("preview").text
    assert "Set (XX)" in preview and "92" in preview
    assert clabber_game.deals.count() == 0
    json = scorer_client.post(
        reverse("games:deal-preview", args=[clabber_game.pk]),
        {"makers": "0", "card_points_0": "70"},
    ).json()
    assert json["valid"] and [s["mark"] for s in json["sides"]] == ["XX", "92"]
    bad = scorer_client.post(
        reverse("games:deal-preview", args=[clabber_game.pk]), {"makers": "0", "card_points_0": "1"}
    ).json()
    assert not bad["valid"] and "cannot happen" in bad["errors"]["card_points"]


def test_an_outsider_cannot_enter_or_preview_deals(outsider_client, clabber_game):
    post = {"makers": "0", "card_points_0": "90"}
    assert outsider_client.post(deal_url(clabber_game), post).status_code == 403
    assert (
        outsider_client.post(
            reverse("games:deal-preview", args=[clabber_game.pk]), post
        ).status_code
        == 403
    )
    assert Client().post(deal_url(clabber_game), post).status_code == 302
    assert clabber_game.deals.count() == 0
    sheet = outsider_client.get(reverse("games:detail", args=[clabber_game.pk]))
    assert sheet.status_code == 200 and b"deal-form" not in sheet.content


def test_a_missing_game_is_404(scorer_client):
    assert scorer_client.post(reverse("games:deal-add", args=[999]), {}).status_code == 404
    assert Client().get(reverse("games:detail", args=[999])).status_code == 404


def test_a_won_game_is_closed(scorer_client, scorer):
    game = start_game(scorer, target=150)
    add(game, scorer, makers=0, card_points=(100, 62))
    add(game, scorer, makers=0, card_points=(100, 62))
    page = scorer_client.get(reverse("games:detail", args=[game.pk]))
    assert b"Anna &amp; Ben won" in page.content and b"deal-form" not in page.content
    response = scorer_client.post(deal_url(game), {"makers": "1", "card_points_0": "62"})
    assert response.status_code == 400
    assert game.deals.count() == 2


def test_the_sheet_page_reads_in_a_fixed_number_of_queries(
    scorer, organiser, django_assert_max_num_queries
):
    clabber_game = start_game(scorer, target=100_000)
    client = Client()
    client.force_login(organiser)  # the organiser's page reads the most: form and audit too
    for _ in range(3):
        add(clabber_game, scorer, makers=0, card_points=(90, 72))
    with CaptureQueriesContext(connection) as few:
        client.get(reverse("games:detail", args=[clabber_game.pk]))
    for _ in range(20):
        add(clabber_game, scorer, makers=1, card_points=(10, 152))
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(reverse("games:detail", args=[clabber_game.pk]))


def test_saving_a_deal_reads_and_writes_in_a_fixed_few_queries(scorer_client, clabber_game):
    """The hot path of a club night: the session, the user with their role, the game (with its
    club's clock, and the right to score it), then the game's update, the deal and its live
    event (on PostgreSQL the event and its NOTIFY in one statement), within the transaction's
    own statements (a savepoint here, in the test's transaction)."""
    url = deal_url(clabber_game)
    scorer_client.post(url, {"makers": "0", "card_points_0": "90", "number": "1"})
    with CaptureQueriesContext(connection) as queries:
        response = scorer_client.post(url, {"makers": "1", "card_points_0": "62", "number": "2"})
    assert response.status_code == 302 and clabber_game.deals.count() == 2
    statements = [q["sql"].split()[0].upper() for q in queries.captured_queries]
    work = [s for s in statements if s not in {"SAVEPOINT", "RELEASE", "BEGIN", "COMMIT"}]
    assert work == ["SELECT", "SELECT", "SELECT", "UPDATE", "INSERT", "INSERT"], statements
    assert len(statements) <= 8, statements


# -- corrections ------------------------------------------------------------------------------
def test_a_scorer_corrects_an_earlier_deal_and_the_organiser_sees_the_audit(
    scorer_client, organiser_client, clabber_game, scorer
):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    add(clabber_game, scorer, makers=0, card_points=(100, 62))
    url = reverse("games:deal-edit", args=[clabber_game.pk, 1])
    form = scorer_client.get(url)
    assert form.status_code == 200 and b'value="90"' in form.content
    response = scorer_client.post(url, {"makers": "0", "card_points_0": "70", "version": "1"})
    assert response.status_code == 302
    clabber_game.refresh_from_db()
    assert clabber_game.totals == [100, 154]
    page = parse(organiser_client.get(reverse("games:detail", args=[clabber_game.pk])).content)
    audit = page.by_id("audit").text
    assert "sam" in audit and "90 / 72" in audit and "XX / 92" in audit
    assert (
        b'id="audit"'
        not in scorer_client.get(reverse("games:detail", args=[clabber_game.pk])).content
    )


def test_the_second_of_two_corrections_is_told_and_keeps_its_input(
    scorer_client, clabber_game, scorer
):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    url = reverse("games:deal-edit", args=[clabber_game.pk, 1])
    scorer_client.post(url, {"makers": "0", "card_points_0": "100", "version": "1"})
    response = scorer_client.post(url, {"makers": "0", "card_points_0": "80", "version": "1"})
    assert response.status_code == 409
    body = response.content.decode()
    assert "changed by somebody else" in body and 'value="80"' in body
    assert clabber_game.deals.get().card_points == [100, 62]


def test_an_outsider_cannot_correct_or_delete(outsider_client, clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    edit = reverse("games:deal-edit", args=[clabber_game.pk, 1])
    delete = reverse("games:deal-delete", args=[clabber_game.pk, 1])
    assert outsider_client.get(edit).status_code == 403
    assert (
        outsider_client.post(
            edit, {"makers": "0", "card_points_0": "100", "version": "1"}
        ).status_code
        == 403
    )
    assert outsider_client.post(delete, {"version": "1"}).status_code == 403
    assert clabber_game.deals.get().card_points == [90, 72]
    assert DealAudit.objects.count() == 0


def hang_game_with_a_tie_after_deal_1(scorer) -> Game:
    """klaberjass-hang: deal 1 made by Anna & Ben, 100 / 62; deal 2 a tie, 81 all, that holds
    162 for the winner of deal 3."""
    game = start_game(scorer, "klaberjass-hang")
    add(game, scorer, makers=0, card_points=(100, 62))
    add(game, scorer, makers=0, card_points=(81, 81))
    assert game.held == 162
    return game


DEAL_1 = {"makers": "0", "card_points_0": "100", "card_points_1": "62", "version": "1"}


def test_a_corrections_preview_scores_what_saving_it_gives_when_a_later_tie_holds_points(
    scorer_client, scorer
):
    # The held points a deal is scored with are those held before it, not the game's now: deal
    # 1 was played with nothing held, so its makers score 100, not 100 + 162.
    game = hang_game_with_a_tie_after_deal_1(scorer)
    edit = reverse("games:deal-edit", args=[game.pk, 1])
    preview_url = (
        parse(scorer_client.get(edit).content).by_id("deal-form").attrs["data-preview-url"]
    )
    preview = scorer_client.post(preview_url, DEAL_1).json()
    assert preview["valid"], preview
    assert [(s["points"], s["mark"]) for s in preview["sides"]] == [(100, "100"), (62, "62")]
    assert preview["held"] == 0
    # The Preview button (no script) says the same.
    page = scorer_client.post(edit, {**DEAL_1, "preview": "1"})
    assert page.status_code == 200
    assert parse(page.content).by_id("preview").text == "Made. Anna & Ben: 100 Carl & Dora: 62"
    # And saving gives what the preview showed.
    assert scorer_client.post(edit, DEAL_1).status_code == 302
    assert game.deals.get(number=1).points == [s["points"] for s in preview["sides"]]


def test_the_next_deals_preview_pays_out_the_points_the_game_holds(scorer_client, scorer):
    game = hang_game_with_a_tie_after_deal_1(scorer)
    preview_url = (
        parse(scorer_client.get(reverse("games:detail", args=[game.pk])).content)
        .by_id("deal-form")
        .attrs["data-preview-url"]
    )
    preview = scorer_client.post(preview_url, DEAL_1).json()
    assert [s["points"] for s in preview["sides"]] == [262, 62] and preview["held"] == 0
    assert scorer_client.post(deal_url(game), DEAL_1).status_code == 302
    assert game.deals.get(number=3).points == [262, 62]


def test_a_preview_of_a_correction_to_a_deal_the_game_has_not_got_says_so(
    scorer_client, clabber_game, scorer
):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    preview_url = reverse("games:deal-preview", args=[clabber_game.pk])
    for number in ("2", "0", "x", "99999999999999999999"):
        response = scorer_client.post(f"{preview_url}?deal={number}", {"makers": "0"})
        assert response.status_code == 200, number
        json = response.json()
        assert not json["valid"] and "no deal" in json["errors"]["game"], number


def test_an_organiser_deletes_a_deal(organiser_client, clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    add(clabber_game, scorer, makers=0, card_points=(70, 92))
    delete = reverse("games:deal-delete", args=[clabber_game.pk, 1])
    assert b"Delete deal 1" in organiser_client.get(delete).content
    assert organiser_client.post(delete, {"version": "1"}).status_code == 302
    clabber_game.refresh_from_db()
    assert clabber_game.totals == [0, 92] and clabber_game.deal_count == 1


# -- printing ---------------------------------------------------------------------------------
def test_the_game_sheet_pdf_shows_names_points_and_set_marks(clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    add(clabber_game, scorer, makers=1, card_points=(100, 62))
    response = Client().get(reverse("printing:game-pdf", args=[clabber_game.pk]) + "?size=Letter")
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Anna & Ben" in text and "Carl & Dora" in text
    assert "XX" in text and "190" in text and "72" in text
    assert "Signed for Anna & Ben" in text
    assert (
        Client().get(reverse("printing:game-pdf", args=[clabber_game.pk]) + "?size=A3").status_code
        == 404
    )


def test_blank_sheets_for_a_club_night(client: Client):
    response = client.get(
        reverse("printing:blank-sheets"),
        {
            "preset": "clabber",
            "sheets": "3",
            "first_table": "5",
            "page_size": "A4",
            "names": "Anna & Ben, Carl & Dora",
        },
    )
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 3
    assert "Anna & Ben" in reader.pages[0].extract_text()
    assert "7" in reader.pages[2].extract_text()
    bad = client.get(
        reverse("printing:blank-sheets"),
        {"preset": "clabber", "sheets": "2", "page_size": "A4", "names": "A, B, C"},
    )
    assert bad.status_code == 400 and b"has 2" in bad.content


def test_the_game_list_links_every_game(clabber_game):
    page = parse(Client().get(reverse("games:list")).content)
    assert f"/games/{clabber_game.pk}/" in {a.attrs.get("href") for a in page.iter("a")}


def test_blank_sheets_can_carry_a_competitions_house_rules(client: Client, organiser):
    from league.models import EntrantKind
    from scoring import get_ruleset

    club = competitions_services.club_create(name="Sheet club")
    league = services.competition_create(
        club=club,
        name="Short league",
        rules=get_ruleset("clabber", target=300),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    response = client.get(
        reverse("printing:blank-sheets"),
        {"preset": "clabber", "competition": league.pk, "sheets": "1", "page_size": "A4"},
    )
    text = pdf_text(response.content)
    assert "300" in text and "Target: 500" not in text


def test_the_game_list_names_the_game(clabber_game):
    page = parse(Client().get(reverse("games:list")).content)
    assert "Evansville Clabber" in page.by_id("games").text
