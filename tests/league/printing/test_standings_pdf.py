"""The standings PDF: the renderer from plain data (no database), and the page that serves it.
The text is read back with pypdf in layout mode, so one entrant's line reads as one line."""

from __future__ import annotations

import dataclasses
import datetime
import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from league.competitions import services
from league.printing.pdf.standings import StandingsRow, StandingsSheet, render_standings
from scoring.standings import MatchPoints
from tests.builders import fixtures_of, make_league, names


def pdf_lines(content: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(content))
    text = "\n".join(page.extract_text(extraction_mode="layout") for page in reader.pages)
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


COLUMNS = ("P", "W", "D", "L", "Pts", "For", "Agst", "Diff", "Hicks", "Sets", "Made %")
SHEET = StandingsSheet(
    title="Winter league",
    club="Evansville Clabber Club",
    date="4 March 2026",
    ruleset_name="Evansville Clabber, games to 500",
    chain=("Pts (match points)", "Diff (game points scored minus game points conceded)"),
    columns=COLUMNS,
    rows=(
        StandingsRow(
            "1", "José & Zoë", ("3", "3", "0", "0", "6", "1500", "900", "+600", "1", "4", "88%")
        ),
        StandingsRow(
            "2=", "Anna & Ben", ("3", "1", "0", "2", "2", "1300", "1400", "-100", "3", "2", "70%")
        ),
        StandingsRow(
            "2=", "Carl & Dora", ("3", "1", "0", "2", "2", "1300", "1400", "-100", "2", "2", "–")
        ),
    ),  # fmt: skip
    legend="P played, W won.",
    note="Only each entrant’s best 8 nights count.",
    entrant_heading="Partnership",
)


def test_the_sheet_prints_title_club_date_rules_chain_and_every_line():
    content = render_standings(SHEET)
    assert content.startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(content))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((A4[1], A4[0]))  # on its side
    lines = pdf_lines(content)
    assert lines[0] == "Winter league"
    assert (
        "Evansville Clabber Club · Standings on 4 March 2026 · Evansville Clabber, games to 500"
        in lines
    )
    assert (
        "Order: Pts (match points), then Diff (game points scored minus game points conceded)."
        in lines
    )
    assert "Only each entrant’s best 8 nights count." in lines
    assert "# Partnership P W D L Pts For Agst Diff Hicks Sets Made %" in lines
    assert "1 José & Zoë 3 3 0 0 6 1500 900 +600 1 4 88%" in lines
    assert "2= Anna & Ben 3 1 0 2 2 1300 1400 -100 3 2 70%" in lines
    assert "2= Carl & Dora 3 1 0 2 2 1300 1400 -100 2 2 –" in lines
    assert "P played, W won." in lines
    assert lines[-1] == "Winter league · standings on 4 March 2026 · Hicksheet page 1 of 1"


def test_a_long_table_goes_on_over_pages_with_its_heading_repeated():
    rows = tuple(
        StandingsRow(str(n), f"Partnership number {n}", tuple(str(n) for _ in COLUMNS))
        for n in range(1, 121)
    )
    content = render_standings(dataclasses.replace(SHEET, rows=rows, page_size="Letter"))
    reader = PdfReader(io.BytesIO(content))
    assert len(reader.pages) > 2
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((LETTER[1], LETTER[0]))
    lines = pdf_lines(content)
    headings = [line for line in lines if line.startswith("# Partnership P W D L")]
    assert len(headings) == len(reader.pages)
    assert "120 Partnership number 120 " + " ".join(["120"] * len(COLUMNS)) in lines


def test_upright_pages_take_fewer_columns_and_every_latin_letter_prints():
    sheet = dataclasses.replace(
        SHEET,
        landscape=False,
        columns=("P", "W", "D", "L", "Pts", "Diff"),
        rows=(StandingsRow("1", "Dvořák & Łukasz <3", ("1",) * 6),),
    )
    content = render_standings(sheet)
    box = PdfReader(io.BytesIO(content)).pages[0].mediabox
    assert float(box.width) < float(box.height)
    assert "1 Dvořák & Łukasz <3 1 1 1 1 1 1" in pdf_lines(content)
    with pytest.raises(ValueError, match="11 columns do not fit"):
        render_standings(dataclasses.replace(SHEET, landscape=False))


def test_rows_that_do_not_fit_the_columns_are_a_bug():
    with pytest.raises(ValueError, match="2 values for 11 columns"):
        render_standings(dataclasses.replace(SHEET, rows=(StandingsRow("1", "X", ("1", "2")),)))
    with pytest.raises(ValueError, match="page size"):
        render_standings(dataclasses.replace(SHEET, page_size="A3"))
    with pytest.raises(ValueError, match="do not fit"):
        render_standings(dataclasses.replace(SHEET, columns=("x",) * 40, rows=()))


def test_an_empty_table_still_prints():
    lines = pdf_lines(render_standings(dataclasses.replace(SHEET, rows=())))
    assert "No entrants yet." in lines


# -- the page --------------------------------------------------------------------------------
@pytest.mark.django_db
def test_the_standings_pdf_of_a_league(organiser):
    league = make_league(
        organiser,
        points=MatchPoints(win=3, draw=1, loss=0),
        tiebreaks=["match_points", "buchholz", "points_for"],
    )
    first, second, *_ = fixtures_of(league)
    services.fixture_type_result(fixture=first, scores=[(512, 430)])
    services.fixture_concede(fixture=second, side=0, score=(500, 0))
    response = Client().get(reverse("printing:standings-pdf", args=[league.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert f"{league.slug}-standings.pdf" in response["Content-Disposition"]
    lines = pdf_lines(response.content)
    assert lines[0] == "Winter league"
    today = datetime.date.today()
    assert f"Evansville Clabber Club · Standings on {today.day} " in lines[1]
    assert lines[1].endswith("Evansville Clabber, games to 500")
    assert lines[2].startswith("Order: Pts (match points), then Buch (sum of the opponents'")
    head = next(line for line in lines if line.startswith("#"))
    assert head == "# Partnership P W D L Pts For Agst Diff Hicks Sets Made % Buch"
    table = [line for line in lines if re.match(r"^\d=? Pair \d", line)]
    # Two winners on 3 points (the forfeit's winner has fewer points for), two losers on 0.
    first_winner, first_loser = names(first)
    forfeit_loser, forfeit_winner = names(second)
    assert table == [
        f"1 {first_winner} 1 1 0 0 3 512 430 +82 0 0 – 0",
        f"2 {forfeit_winner} 1 1 0 0 3 500 0 +500 0 0 – 0",
        f"3 {first_loser} 1 0 0 1 0 430 512 -82 0 0 – 3",
        f"4 {forfeit_loser} 1 0 0 1 0 0 500 -500 0 0 – 3",
    ]
    letter = Client().get(reverse("printing:standings-pdf", args=[league.slug]), {"size": "Letter"})
    box = PdfReader(io.BytesIO(letter.content)).pages[0].mediabox
    assert float(box.width) == pytest.approx(LETTER[1])
    bad = Client().get(reverse("printing:standings-pdf", args=[league.slug]), {"size": "A0"})
    assert bad.status_code == 404
    assert Client().get(reverse("printing:standings-pdf", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_the_chain_s_own_keys_take_the_place_of_lesser_columns(organiser):
    chain = ["match_points", "head_to_head", "buchholz", "median_buchholz", "sonneborn_berger"]
    league = make_league(organiser, tiebreaks=[*chain, "games_won"])
    services.fixture_type_result(fixture=fixtures_of(league)[0], scores=[(512, 430)])
    for size in ("A4", "Letter"):
        response = Client().get(
            reverse("printing:standings-pdf", args=[league.slug]), {"size": size}
        )
        lines = pdf_lines(response.content)
        head = next(line for line in lines if line.startswith("#")).split()
        assert head[:4] == ["#", "Partnership", "P", "W"]
        assert head[-5:] == ["H2H", "Buch", "M-Buch", "S-B", "Games"]
        assert {"Pts", "Diff"} <= set(head) and not {"Sets", "Hicks"} & set(head)
        legend = next(line for line in lines if line.startswith("P played"))
        assert "Sets" not in legend


def test_a_heading_of_two_words_wraps_instead_of_widening_its_column():
    # "Mis ded." (French for Sets forced) takes the width of "ded." and wraps; one long word
    # of the same letters would take them all.
    from league.printing.pdf.standings import _widths

    two_words = dataclasses.replace(SHEET, columns=("Mis ded.", *COLUMNS[1:]))
    one_word = dataclasses.replace(SHEET, columns=("Misded.x", *COLUMNS[1:]))
    assert _widths(two_words, 800)[2] < _widths(one_word, 800)[2]
    pdf = render_standings(two_words)
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert "Mis" in text and "ded." in text


# -- the position chart on paper (issue 22, finding 8) ---------------------------------------
def _play_nights(league, nights):
    for i, fixture in enumerate(f for f in fixtures_of(league) if f.round.number <= nights):
        score = (500 + 7 * i, 200 + 11 * i) if i % 3 else (310 + 5 * i, 505)
        services.fixture_type_result(fixture=fixture, scores=[score])


@pytest.mark.django_db
def test_after_one_night_the_standings_are_one_page_without_a_chart(organiser):
    league = make_league(organiser, teams=10)
    _play_nights(league, 1)
    response = Client().get(reverse("printing:standings-pdf", args=[league.slug]))
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Positions" not in text and "The chart shows" not in text


@pytest.mark.django_db
def test_after_two_nights_the_chart_prints_with_its_top_8_note(organiser):
    league = make_league(organiser, teams=10)
    _play_nights(league, 2)
    response = Client().get(reverse("printing:standings-pdf", args=[league.slug]))
    text = " ".join(
        " ".join(page.extract_text().split())
        for page in PdfReader(io.BytesIO(response.content)).pages
    )
    assert "Positions night by night" in text
    assert "The chart shows the top 8 of 10 entrants; the table has them all." in text
