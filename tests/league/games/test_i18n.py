"""The games' words in other languages: English stays as it was, whole sentences are one
message each (so a language can order them), the pages render in every language, and the
service worker keeps the scripts' words (/jsi18n/) for a deal page reloaded offline."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise

from league.errors import DealTaken
from league.forms_common import SET_AWARD_CHOICES
from league.games.forms import FIRST_DEALER_CHOICES, DealForm, GameForm
from league.models import Deal, VoidReason
from league.models.games import VOID_REASON_IN_SENTENCE
from league.wording import result_text
from scoring import VOID_REASON_LABELS
from tests.builders import add

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "es", "nl", "de", "fr"]


def test_english_result_sentences_are_as_before():
    assert result_text(["Mara & Nils", "Ode"], [716, 170], 0) == "Mara & Nils won, 716 – 170"
    assert result_text(["A", "B"], [170, 716], 1) == "B won, 716 – 170"
    assert result_text(["A", "B"], [500, 500], None) == "A draw, 500 – 500"
    assert result_text(["A", "B"], ["", ""], None) == "A draw"
    assert result_text(["A", "B"], ["", ""], 1) == "B won"


def test_void_reasons_read_as_the_engine_names_them():
    for reason in VoidReason:
        assert str(reason.label) == VOID_REASON_LABELS[reason.value]
        assert str(VOID_REASON_IN_SENTENCE[reason]) == VOID_REASON_LABELS[reason.value].lower()


def test_labels_made_at_import_follow_the_language_of_the_request():
    """Built once at import, they must not be frozen in whatever language was active then."""
    lazy = [
        GameForm.base_fields["side_0"].label,
        GameForm.base_fields["meld_entry"].help_text,
        FIRST_DEALER_CHOICES[0][1],
        SET_AWARD_CHOICES[0][1],
        DealForm.NOT_THIS_PAGE["invalid"],
    ]
    assert all(isinstance(text, Promise) for text in lazy)


def test_a_deal_taken_says_who_took_it_in_a_sentence_of_its_own(clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(100, 62))
    existing = Deal.objects.get(game=clabber_game)
    marks = " - ".join(existing.marks)
    phone = DealTaken(1, existing, 2, DealTaken.FROM_ANOTHER_PHONE)
    assert phone.said == (
        f"Deal 1 was already entered from another phone: {marks}. Nothing was saved."
    )
    assert phone.message == (
        f"{phone.said} The sheet shows it; if what you typed is another deal, save it as deal 2."
    )
    other = DealTaken(1, existing, 2)
    assert other.said.startswith("Deal 1 was already entered by somebody else:")
    gone = DealTaken(3, None, 2)
    assert gone.message == (
        "The sheet changed while you were entering: the next deal is now deal 2. Nothing was "
        "saved. Check the sheet, then save again."
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_pages_render_in_every_language(
    scorer_client: Client, clabber_game, scorer, language
):
    add(clabber_game, scorer, makers=0, card_points=(100, 62))
    scorer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    pages = [
        reverse("games:list"),
        reverse("games:new"),
        reverse("games:detail", args=[clabber_game.pk]),
        reverse("games:deal-edit", args=[clabber_game.pk, 1]),
        reverse("games:deal-delete", args=[clabber_game.pk, 1]),
    ]
    for url in pages:
        response = scorer_client.get(url)
        assert response.status_code == 200, url
        assert response.headers.get("Content-Language", language) == language
    detail = scorer_client.get(pages[2]).content.decode()
    # The offline queue finds the deal's heading by its mark, not by its English words.
    assert 'id="entry-heading" data-live data-live-unless="deal-form" data-deal-heading' in detail
    preview = scorer_client.post(
        reverse("games:deal-preview", args=[clabber_game.pk]),
        {"makers": "0", "card_points_0": "100"},
    ).json()
    assert preview["valid"] and preview["summary"]


def test_a_refusal_is_worded_in_the_language_active_when_it_is_made(clabber_game):
    with translation.override("de"):
        error = DealTaken(3, None, 2)
    assert "3" not in error.message and "2" in error.message


def test_the_service_worker_keeps_the_scripts_words_network_first(client: Client):
    body = client.get("/sw.js").content.decode()
    # Every language's catalog (/jsi18n/<language>/) is known by the address before the language.
    assert reverse("javascript-catalog", args=["de"]).startswith("/jsi18n/")
    assert 'var CATALOG = "/jsi18n/"' in body
    # Fetched afresh first, the kept copy without a network, as a page is.
    assert "if (isCatalog(url.pathname)) { event.respondWith(page(request, url, noCatalog))" in body
    # A page kept after its first visit keeps the catalog it names with it.
    assert "if (data.catalog)" in body and "kept.push(catalog)" in body
    assert "No network, and this page was not kept on this phone." in body
