"""A withdrawn entrant stays in the tables, marked "(withdrawn)": the standings page and its
CSV, the standings PDF, the results file, the room's screen, and a tournament's standings,
pools and ranking PDF."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.competitions import withdrawal as withdrawals
from league.models import Competition, FixtureStatus, TournamentFormat
from league.screen import presenters as screen
from league.tournaments import selectors as tournament_selectors
from league.tournaments import services as tournaments_services
from tests.builders import fixtures_of, make_league, open_fixtures, pdf_pages, play_by_links
from tests.builders import tournament as make_tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db

MARKED = "Pair 1 (withdrawn)"


def csv_rows(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


@pytest.fixture
def withdrawn_league(organiser) -> Competition:
    """Four pairs; Pair 1 withdraws having played nothing: every fixture of its is void, and
    it stays in the table with zeros."""
    league = make_league(organiser)
    played = next(
        f for f in fixtures_of(league) if not f.sides.filter(entrant__name="Pair 1").exists()
    )
    competitions_services.fixture_type_result(fixture=played, scores=[(512, 430)])
    withdrawals.entrant_withdraw_from_league(
        entrant=league.entrants.get(name="Pair 1"), by=organiser
    )
    assert league.fixtures.filter(status=FixtureStatus.VOID).count() == 3
    return league


def test_the_standings_page_and_its_csv_mark_the_withdrawn_entrant(withdrawn_league):
    address = reverse("competitions:standings", args=[withdrawn_league.slug])
    page = parse(Client().get(address).content)
    rows = [row.text for row in page.by_id("standings").iter("tr") if "Pair" in row.text]
    assert len(rows) == 4
    assert len([text for text in rows if MARKED in text]) == 1
    assert "Pair 2 (withdrawn)" not in page.text
    spreadsheet = csv_rows(Client().get(address, {"_export": "csv"}))
    line = next(row for row in spreadsheet if row[1].startswith("Pair 1"))
    assert line[1] == MARKED
    assert line[2:6] == ["0", "0", "0", "0"]  # played, won, drawn, lost: listed with zeros
    assert sum(row[1].endswith("(withdrawn)") for row in spreadsheet) == 1


def test_the_standings_pdf_marks_the_withdrawn_entrant(withdrawn_league):
    pdf = Client().get(reverse("printing:standings-pdf", args=[withdrawn_league.slug])).content
    lines = [" ".join(line.split()) for line in "\n".join(pdf_pages(pdf)).splitlines()]
    # The table's line (the chart's key names the pair too, unmarked).
    (line,) = [line for line in lines if MARKED in line]
    assert line.split()[4:8] == ["0", "0", "0", "0"]  # rank, "Pair 1 (withdrawn)", then P W D L
    assert not any("Pair 2 (withdrawn)" in line for line in lines)


def test_the_results_file_and_the_screen_mark_the_withdrawn_entrant(withdrawn_league):
    rows = csv_rows(Client().get(reverse("competitions:results-csv", args=[withdrawn_league.slug])))
    with_pair = [row for row in rows[1:] if "Pair 1" in row[3] or "Pair 1" in row[4]]
    assert len(with_pair) == 3
    assert all(MARKED in (row[3], row[4]) for row in with_pair)
    assert all(row[5] == "Void" for row in with_pair)
    shown = {row.name for row in screen.standing_rows(withdrawn_league)}
    assert MARKED in shown and "Pair 2" in shown


def test_a_tournament_s_standings_and_ranking_mark_a_withdrawn_entrant(organiser):
    swiss = make_tournament(organiser, 5, TournamentFormat.SWISS, swiss_rounds=3)
    tournaments_services.tournament_start(competition=swiss)
    for fixture in open_fixtures(swiss):
        play_by_links(fixture, 0)
    gone = swiss.entrants.get(name="P2")
    tournaments_services.entrant_withdraw(entrant=gone, by=organiser)
    page = parse(Client().get(reverse("competitions:standings", args=[swiss.slug])).content)
    assert "P2 (withdrawn)" in page.text and "P3 (withdrawn)" not in page.text
    ranking = pdf_pages(Client().get(f"/c/{swiss.slug}/ranking.pdf").content)[0]
    assert "P2 (withdrawn)" in ranking and "P3 (withdrawn)" not in ranking


def test_a_pool_table_marks_a_withdrawn_entrant(organiser):
    cup = make_tournament(organiser, 8, TournamentFormat.POOLS, pool_count=2, pool_top_k=2)
    tournaments_services.tournament_start(competition=cup)
    tournaments_services.entrant_withdraw(entrant=cup.entrants.get(name="P5"), by=organiser)
    names = [
        line.name for table in tournament_selectors.pool_standings(cup) for line in table.lines
    ]
    assert "P5 (withdrawn)" in names and "P1" in names and len(names) == 8
