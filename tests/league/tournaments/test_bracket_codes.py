"""The bracket's match codes explained (issue 22, finding 17): "W1-1", "L1-1", "3P", "GF" are
named in words in a short legend on the bracket page, its PDF and the room's screen."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from league.models import TournamentFormat
from league.tournaments import services as tournaments_services
from league.tournaments.bracket_codes import code_legend, legend_text
from tests.builders import page, tournament

SINGLE = ["W1-1", "W1-2", "W2-1", "3P"]
DOUBLE = ["W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF", "GF2"]


def test_a_single_elimination_s_codes_are_its_rounds_and_the_third_place():
    legend = code_legend(SINGLE)
    assert [entry.text for entry in legend] == [
        "W1-1: round 1, match 1",
        "3P: the match for third place",
    ]
    assert legend_text(legend) == (
        "Match codes: W1-1: round 1, match 1; 3P: the match for third place."
    )


def test_a_double_elimination_names_each_side_and_the_finals():
    assert [entry.text for entry in code_legend(DOUBLE)] == [
        "W1-1: winners' bracket, round 1, match 1",
        "L1-1: losers' bracket, round 1, match 1",
        "GF: the grand final",
        "GF2: the grand final's reset, if the losers' bracket's winner wins the grand final",
    ]


def test_no_codes_no_legend():
    assert code_legend([]) == ()
    assert legend_text(()) == ""
    assert code_legend(["odd"]) == ()  # a code of no known kind is left out, not guessed at


@pytest.mark.django_db
def test_the_bracket_page_its_pdf_and_the_screen_explain_the_codes(organiser):
    cup = tournament(organiser, 4, TournamentFormat.SINGLE, third_place=True)
    tournaments_services.tournament_start(competition=cup)
    root = page(Client(), reverse("tournaments:bracket", args=[cup.slug]))
    assert [li.text for li in root.by_id("bracket-codes").iter("li")] == [
        "W1-1: round 1, match 1",
        "3P: the match for third place",
    ]
    pdf = Client().get(reverse("printing:bracket-pdf", args=[cup.slug])).content
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Match codes: W1-1: round 1, match 1; 3P: the match for third place." in text
    screen = Client().get(reverse("screen:competition", args=[cup.slug])).content.decode()
    assert '<span class="box-code">W2-1</span>' in screen  # the final, "Winner of W1-1" v ...
    assert "Match codes: W1-1: round 1, match 1; 3P: the match for third place." in screen


@pytest.mark.django_db
def test_a_double_elimination_page_explains_its_losers_and_finals(organiser):
    cup = tournament(organiser, 4, TournamentFormat.DOUBLE)
    tournaments_services.tournament_start(competition=cup)
    root = page(Client(), reverse("tournaments:bracket", args=[cup.slug]))
    entries = [li.text for li in root.by_id("bracket-codes").iter("li")]
    assert entries[:3] == [
        "W1-1: winners' bracket, round 1, match 1",
        "L1-1: losers' bracket, round 1, match 1",
        "GF: the grand final",
    ]


@pytest.mark.django_db
def test_a_swiss_has_no_codes_to_explain(organiser):
    swiss = tournament(organiser, 4, TournamentFormat.SWISS, swiss_rounds=2)
    tournaments_services.tournament_start(competition=swiss)
    response = Client().get(reverse("tournaments:bracket", args=[swiss.slug]))
    assert b"bracket-codes" not in response.content
