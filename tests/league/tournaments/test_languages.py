"""The tournament's words in another language: ordinals and dates come from the catalog (no
English suffix glued on), German keeps a noun's capital inside a sentence, and an
organiser-only page refuses in one whole sentence. English stays as it was."""

from __future__ import annotations

import datetime

from django.test import RequestFactory
from django.urls import resolve
from django.utils import translation

from league.access import ORGANISERS_ONLY, organisers_only
from league.forms_common import ordinal
from league.tournaments import presenters


def test_ordinals_in_english():
    got = [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112)]
    assert got == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th",
        "21st", "22nd", "23rd", "101st", "111th", "112th",
    ]  # fmt: skip


def test_a_printed_day_keeps_english_day_first():
    assert presenters.date_text(datetime.date(2026, 3, 14)) == "14 March 2026"
    assert presenters.date_text(None) == ""


def test_a_printed_day_names_its_month_in_the_language():
    with translation.override("de"):
        assert "März" in presenters.date_text(datetime.date(2026, 3, 14))


def test_german_keeps_a_nouns_capital_inside_a_sentence():
    assert presenters.in_sentence("Forfeit by Anna") == "forfeit by Anna"
    with translation.override("de"):
        assert presenters.in_sentence("Aufgabe von Anna") == "Aufgabe von Anna"


def test_an_organisers_page_refuses_in_one_whole_sentence():
    request = RequestFactory().post("/tournaments/new/")
    request.resolver_match = resolve("/tournaments/new/")
    assert organisers_only(request).message == "Only the club's organisers can create a tournament."
    request.resolver_match = None  # a page not named: the general words
    assert organisers_only(request).message == "Only the club's organisers can do this."
    for sentence in ORGANISERS_ONLY.values():
        assert str(sentence).startswith("Only the club's organisers can ")
        assert str(sentence).endswith(".")
