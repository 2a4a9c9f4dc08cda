"""How much room a name takes on the room's screen (league.screen.fit), and the pages that
make room for long names (issue 22, finding 4): a long name wraps, and its page holds fewer
rows; a short one changes nothing."""

from __future__ import annotations

import pytest

from league.screen import fit, presenters
from league.screen.presenters import StandingRow, TableRow
from tests.builders import make_league

NAME_WIDTH = fit.TABLE_NAME_SHARE * fit.CONTENT_WIDTH - 2 * fit.CELL_PADDING


def test_a_name_wraps_at_spaces_and_after_hyphens_and_inside_a_word_only_if_it_must():
    size = fit.TABLE_TEXT
    assert fit.line_count("Anna & Ben", NAME_WIDTH, size) == 1
    assert fit.line_count("Betty Schmitt & Earl Mayer Betty Schmitt", NAME_WIDTH, size) == 2
    one_word = "x" * 60
    assert fit.line_count(one_word, NAME_WIDTH, size) == 3  # broken inside the word
    # A hyphen is a place to break: "Wiśniewska-" then "Müller" on the next line.
    width = fit.text_width("Anna Wiśniewska-", size) + 0.01
    assert fit.line_count("Anna Wiśniewska-Müller", width, size) == 2
    # Bold and letters from beyond ASCII are reckoned no narrower than plain ASCII.
    assert fit.text_width("Zoë", size) >= fit.text_width("Zoe", size)
    assert fit.text_width("Anna", size, bold=True) > fit.text_width("Anna", size)


def test_pages_hold_at_most_what_fits():
    heights = [1.0, 1.0, 5.0, 1.0]
    assert fit.paginate(heights, float, room=6.0, most=3) == [(1.0, 1.0), (5.0, 1.0)]
    assert fit.paginate(heights, float, room=100.0, most=3) == [(1.0, 1.0, 5.0), (1.0,)]
    assert fit.paginate([], float, room=6.0, most=3) == [()]  # an empty panel: one page
    assert fit.paginate([9.0], float, room=6.0, most=3) == [(9.0,)]  # too tall: its own page


def table_row(name: str) -> TableRow:
    return TableRow("1", (name, "Anna & Ben"), ("", ""), "waiting", "Not started")


def test_long_names_make_a_page_of_tables_hold_fewer_rows():
    short = [table_row(f"Pair {n}") for n in range(8)]
    pages = presenters._pages("Event", "Tables", "tables", short, 8, presenters._table_height)
    assert [len(p.rows) for p in pages] == [8]
    name = "Wilhelmina Montgomery-Wolfe & Maximilian Oberwachtmeister"
    long = [table_row(f"{name} {n}") for n in range(8)]
    pages = presenters._pages("Event", "Tables", "tables", long, 8, presenters._table_height)
    assert len(pages) > 1 and [p.part for p in pages][0] == f"1 of {len(pages)}"
    assert sum(len(p.rows) for p in pages) == 8
    for p in pages:
        assert sum(presenters._table_height(row) for row in p.rows) <= fit.TABLE_ROOM


def test_the_issue_s_name_wraps_in_the_tables_but_not_in_the_standings():
    # "Betty Schmitt & Ear...": the standings' name column holds it on one line.
    name = "Betty Schmitt & Earl Mayer"
    assert fit.standing_row_height(name) == fit.STANDING_ROW
    row = StandingRow("1", name, 1, 1, 0, 0, 2, "+10")
    assert presenters._standing_height(row) == fit.STANDING_ROW


@pytest.mark.django_db
def test_a_league_of_short_names_keeps_its_pages(organiser):
    league = make_league(organiser, teams=16)
    pages = presenters.competition_pages(league)
    tables = [p for p in pages if p.kind == "tables"]
    standings = [p for p in pages if p.kind == "standings"]
    assert [len(p.rows) for p in tables] == [8, 8]  # this round's eight, then the next's
    assert [len(p.rows) for p in standings] == [10, 6]
