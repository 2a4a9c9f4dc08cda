"""Hick sheet PDFs: render plain sheet data, read the text back, and check what a person sees.

No database: the renderers take frozen dataclasses (their own words in the active language,
English here). The text is read back with pypdf in layout mode, so one deal's row comes back
as one line: "3  XX  156  92  280  ...".
"""

from __future__ import annotations

import dataclasses
import io

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from league.printing.pdf.sheets import (
    BlankSheet,
    GameSheet,
    SheetRow,
    render_blank_sheets,
    render_game_sheet,
)

AB, CD = "Anna & Ben", "Carl & Dora"
CLABBER_LINES = (
    "Target 500",
    "Set: opponents score their own points",
    "Tie: as a set",
    "Renege: 162 + own melds and belle",
    "Override: target 500 (club rule)",
)

# An Evansville Clabber game as it would be written at the table: (marks, makers, note).
CLABBER_DEALS: tuple[tuple[tuple[str, str], int | None, str], ...] = (
    (("96", "66"), 0, ""),
    (("60", "122"), 1, "melds: run of 3"),
    (("XX", "92"), 0, "set"),
    (("-", "-"), None, "void: misdeal"),
    (("110", "52"), 0, "belle"),
    (("182", "-"), None, "renege by Carl & Dora"),
    (("50", "132"), 1, "belle"),
    (("81", "XX"), 1, "tie: set"),
)


def rows_from(deals) -> tuple[SheetRow, ...]:
    """Sheet rows with running totals added up from the marks, as a scorer would."""
    totals = [0] * len(deals[0][0])
    rows = []
    for number, (marks, makers, note) in enumerate(deals, start=1):
        for side, mark in enumerate(marks):
            totals[side] += int(mark) if mark.isdigit() else 0
        rows.append(SheetRow(number, tuple(marks), tuple(totals), makers, note))
    return tuple(rows)


def clabber_game(**changes) -> GameSheet:
    rows = rows_from(CLABBER_DEALS)
    sheet = GameSheet(
        title="Evansville Clabber",
        ruleset_name="clabber",
        ruleset_lines=CLABBER_LINES,
        side_names=(AB, CD),
        target=500,
        rows=rows,
        totals=rows[-1].running,
        winner=0,
        table="3",
        date="2026-11-29",
        club="Westside Card Club",
    )
    return dataclasses.replace(sheet, **changes)


def pages(pdf: bytes) -> list[str]:
    """Each page's text, laid out as on the page."""
    assert pdf.startswith(b"%PDF-")
    return [p.extract_text(extraction_mode="layout") for p in PdfReader(io.BytesIO(pdf)).pages]


def text(pdf: bytes) -> str:
    return "\n".join(pages(pdf))


def deal_lines(page_text: str) -> dict[int, list[str]]:
    """Deal number -> the words of its row (marks and running totals first). The chart under
    the grid is left out: its axis reads as a line of numbers too."""
    found = {}
    for line in page_text.split("The game deal by deal")[0].splitlines():
        words = line.split()
        if words and words[0].isdigit() and len(words) >= 5:
            found[int(words[0])] = words[1:]
    return found


def styled_words(pdf: bytes) -> list[tuple[str, str, tuple[float, ...]]]:
    """(text, font name, fill colour) of every piece of text on every page."""
    out: list[tuple[str, str, tuple[float, ...]]] = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        fill: list[tuple[float, ...]] = [(0.0, 0.0, 0.0)]

        def before(op, args, cm, tm, fill=fill):
            if op == b"rg":
                fill[0] = tuple(float(a) for a in args)

        def visit(txt, cm, tm, font, size, fill=fill):
            if txt.strip() and font is not None:
                # an embedded subset's name starts with its tag: "ABCDEF+DejaVuSans"
                name = str(font["/BaseFont"]).lstrip("/").split("+", 1)[-1]
                out.append((txt.strip(), name, fill[0]))

        page.extract_text(visitor_operand_before=before, visitor_text=visit)
    return out


# --- a played game --------------------------------------------------------------------------


def test_the_sample_game_adds_up():
    sheet = clabber_game()
    assert sheet.totals == (579, 464)
    assert [r.running for r in sheet.rows][-2] == (498, 464)


def test_each_deal_reads_as_written_with_running_totals():
    sheet = clabber_game()
    rows = deal_lines(text(render_game_sheet(sheet)))
    assert sorted(rows) == [1, 2, 3, 4, 5, 6, 7, 8]
    for row in sheet.rows:
        (ab_mark, cd_mark), (ab_total, cd_total) = row.marks, row.running
        assert rows[row.number][:4] == [ab_mark, str(ab_total), cd_mark, str(cd_total)]
    assert rows[3][:4] == ["XX", "156", "92", "280"]
    assert rows[4][:4] == ["-", "156", "-", "280"]


def test_set_marks_are_all_there_and_stand_out():
    sheet = clabber_game()
    pdf = render_game_sheet(sheet)
    expected = sum(mark == "XX" for row in sheet.rows for mark in row.marks)
    assert expected == 2
    assert text(pdf).split().count("XX") == expected
    sets = [(font, fill) for word, font, fill in styled_words(pdf) if word == "XX"]
    assert len(sets) == expected
    for font, (red, green, blue) in sets:
        assert font == "DejaVuSans-Bold"
        assert red > 0.5 and green < 0.2 and blue < 0.2
    # a plain mark is neither bold nor red
    plain = [(font, fill) for word, font, fill in styled_words(pdf) if word == "60"]
    assert plain == [("DejaVuSans", (0.0, 0.0, 0.0))]


def test_header_shows_where_when_and_which_rules():
    page = pages(render_game_sheet(clabber_game()))[0]
    for expected in ("Evansville Clabber", "Club: Westside Card Club", "Date: 2026-11-29"):
        assert expected in page
    assert "Table: 3" in page
    assert "Target: 500" in page
    assert "Rules: clabber" in page
    for line in CLABBER_LINES:
        assert line in page


def test_side_names_head_their_columns_and_notes_say_who_made_trump():
    page = pages(render_game_sheet(clabber_game()))[0]
    head = next(line for line in page.splitlines() if AB in line)
    assert CD in head
    assert head.index(AB) < head.index(CD)
    assert "Made trump / note" in page
    assert page.count("Pts") == 2 and page.count("Total") >= 3
    rows = deal_lines(page)
    assert " ".join(rows[1][4:]) == AB
    assert " ".join(rows[2][4:]) == f"{CD} \u2013 melds: run of 3"
    assert " ".join(rows[4][4:]) == "void: misdeal"
    assert " ".join(rows[6][4:]) == "renege by Carl & Dora"
    assert " ".join(rows[8][4:]) == f"{CD} \u2013 tie: set"


def test_totals_winner_and_signature_lines():
    page = pages(render_game_sheet(clabber_game()))[0]
    total_line = next(line for line in page.splitlines() if line.split()[:1] == ["Total"])
    assert total_line.split() == ["Total", "579", "464"]
    assert "Winner: Anna & Ben, 579" in page
    assert "In progress" not in page
    assert "Held" not in page
    assert "Signed for Anna & Ben:" in page
    assert "Signed for Carl & Dora:" in page
    lines = page.splitlines()
    assert lines.index(next(x for x in lines if "Winner:" in x)) < lines.index(
        next(x for x in lines if "Signed for Anna" in x)
    )


def test_a_game_in_progress_with_held_points():
    sheet = clabber_game(rows=clabber_game().rows[:5], totals=(266, 332), winner=None, held=124)
    page = pages(render_game_sheet(sheet))[0]
    assert "In progress" in page
    assert "Totals so far: Anna & Ben 266, Carl & Dora 332" in page
    assert "Winner" not in page
    assert "Held: 124 points" in page
    assert sorted(deal_lines(page)) == [1, 2, 3, 4, 5]


def test_a_long_game_continues_on_more_pages_with_the_head_repeated():
    deals = tuple((("20", "XX" if n % 7 == 0 else "-"), n % 2, "") for n in range(1, 71))
    rows = rows_from(deals)
    sheet = clabber_game(
        side_names=("Anna", "Ben"), rows=rows, totals=rows[-1].running, winner=None, target=5000
    )
    texts = pages(render_game_sheet(sheet))
    assert len(texts) >= 2
    for number, page in enumerate(texts, start=1):
        assert f"page {number} of {len(texts)}" in page
    table_pages = [page for page in texts if deal_lines(page)]
    assert len(table_pages) >= 2
    for page in table_pages:
        head = next(line for line in page.splitlines() if "Anna" in line and "Ben" in line)
        assert head.split() == ["Deal", "Anna", "Ben", "Made", "trump", "/", "note"]
        assert "Pts" in page
    seen: list[int] = []
    for page in texts:
        seen += sorted(deal_lines(page))
    assert seen == list(range(1, 71))
    assert text(render_game_sheet(sheet)).split().count("XX") == 10
    # the overview after the grid's last deal (the chart may follow on a page of its own)
    ending = next(i for i, page in enumerate(texts) if "Signed for Anna:" in page)
    assert ending >= texts.index(table_pages[-1])
    assert "Totals so far: Anna 1400, Ben 0" in texts[ending]
    assert "Signed for Ben:" in texts[ending]
    assert "The game deal by deal" in texts[-1]


def test_three_sides():
    deals = ((("XX", "60", "40"), 0, "set"), (("88", "-", "30"), 0, ""))
    rows = rows_from(deals)
    names = ("Anna", "Ben", "Carl")
    sheet = clabber_game(
        side_names=names, rows=rows, totals=rows[-1].running, winner=None, ruleset_name="3-hand"
    )
    page = pages(render_game_sheet(sheet))[0]
    assert deal_lines(page)[1][:6] == ["XX", "0", "60", "60", "40", "40"]
    assert deal_lines(page)[2][:6] == ["88", "88", "-", "60", "30", "70"]
    assert page.count("Pts") == 3
    for name in names:
        assert f"Signed for {name}:" in page


@pytest.mark.parametrize(("name", "size"), [("A4", A4), ("Letter", LETTER)])
def test_page_sizes_match_reportlab(name, size):
    game = PdfReader(io.BytesIO(render_game_sheet(clabber_game(page_size=name))))
    blank = PdfReader(io.BytesIO(render_blank_sheets([BlankSheet("clabber", (), 2)], name)))
    for reader in (game, blank):
        box = reader.pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.01)


def test_a4_and_letter_differ():
    a4 = PdfReader(io.BytesIO(render_game_sheet(clabber_game(page_size="A4")))).pages[0]
    letter = PdfReader(io.BytesIO(render_game_sheet(clabber_game(page_size="Letter")))).pages[0]
    assert (a4.mediabox.width, a4.mediabox.height) != (
        letter.mediabox.width,
        letter.mediabox.height,
    )


@pytest.mark.parametrize("size", ["A5", "a4", "letter", "", "Legal"])
def test_other_page_sizes_are_refused(size):
    with pytest.raises(ValueError, match="page size"):
        render_game_sheet(clabber_game(page_size=size))
    with pytest.raises(ValueError, match="page size"):
        render_blank_sheets([BlankSheet("clabber", (), 2)], size)


def test_names_outside_ascii_and_markup_characters_come_through():
    names = ("José Muñoz & Zoë", "<Tom> & Åsa Ødegård")
    sheet = clabber_game(side_names=names, club="Café Köln", winner=1, totals=(464, 579))
    page = pages(render_game_sheet(sheet))[0]
    for name in names:
        assert f"Signed for {name}:" in page
    assert "Club: Café Köln" in page
    assert "Winner: <Tom> & Åsa Ødegård, 579" in page
    blank = text(render_blank_sheets([BlankSheet("clabber", (), 2, side_names=names)]))
    assert "José Muñoz & Zoë" in blank and "<Tom> & Åsa Ødegård" in blank


def test_every_latin_letter_prints_and_a_character_the_font_lacks_is_a_question_mark():
    sheet = clabber_game(side_names=("Łukasz Dvořák & Œdipe Ŧ", "Дима & Zoë 王"))
    page = pages(render_game_sheet(sheet))[0]
    assert "Signed for Łukasz Dvořák & Œdipe Ŧ:" in page
    assert "Signed for Дима & Zoë ?:" in page
    assert "\u25a0" not in page  # no black boxes


def test_sheets_that_do_not_add_up_are_refused():
    good = clabber_game()
    bad_row = dataclasses.replace(good.rows[0], marks=("96",))
    with pytest.raises(ValueError, match="deal 1"):
        render_game_sheet(dataclasses.replace(good, rows=(bad_row,) + good.rows[1:]))
    with pytest.raises(ValueError, match="2 or 3 sides"):
        render_game_sheet(dataclasses.replace(good, side_names=("Anna",), totals=(1,)))
    with pytest.raises(ValueError, match="winner"):
        render_game_sheet(dataclasses.replace(good, winner=2))


def test_same_sheet_same_bytes():
    assert render_game_sheet(clabber_game()) == render_game_sheet(clabber_game())


# --- blank sheets ---------------------------------------------------------------------------


def test_one_page_per_blank_sheet_with_prefilled_names_and_table():
    sheets = [
        BlankSheet("clabber", CLABBER_LINES, 2, side_names=(AB, CD), table="3"),
        BlankSheet("clabber", CLABBER_LINES, 2, side_names=("Eve & Finn",), table="4"),
        BlankSheet("clabber", CLABBER_LINES, 2),
    ]
    texts = pages(render_blank_sheets(sheets, "Letter"))
    assert len(texts) == 3
    assert AB in texts[0] and CD in texts[0] and "Table: 3" in texts[0]
    assert "Signed for Anna & Ben:" in texts[0] and "Signed for Carl & Dora:" in texts[0]
    assert "Eve & Finn" in texts[1] and "Table: 4" in texts[1]
    assert "Signed for Eve & Finn:" in texts[1] and "Signed for side 2:" in texts[1]
    assert "Table: ____" in texts[2] and "Signed for side 1:" in texts[2]
    for page in texts:
        assert "Hick sheet" in page
        assert "Target: 500" in page and "Rules: clabber" in page
        for line in CLABBER_LINES:
            assert line in page
        assert page.count("Pts") == 2
        assert "Made trump / note" in page and "Winner:" in page and "Date:" in page
        first_words = [line.split()[0] for line in page.splitlines() if line.strip()]
        assert [int(w) for w in first_words if w.isdigit()] == list(range(1, 31))


def test_a_three_sided_blank_sheet_has_three_name_columns():
    sheet = BlankSheet(
        "klaberjass-3",
        ("Target 250", "Set: each other player scores their own"),
        3,
        side_names=("Anna", "Ben", "Carl"),
        target=250,
        title="Three-hand, round 2",
        deal_rows=24,
    )
    (page,) = pages(render_blank_sheets([sheet]))
    head = next(line for line in page.splitlines() if "Anna" in line)
    assert head.split() == ["Deal", "Anna", "Ben", "Carl", "Made", "trump", "/", "note"]
    assert page.count("Pts") == 3 and page.count("Total") >= 4
    assert "Three-hand, round 2" in page and "Target: 250" in page
    for name in ("Anna", "Ben", "Carl"):
        assert f"Signed for {name}:" in page


def test_many_deal_rows_still_fit_one_page_and_too_many_are_refused():
    texts = pages(render_blank_sheets([BlankSheet("clabber", (), 3, deal_rows=45)], "Letter"))
    assert len(texts) == 1
    assert "45" in texts[0].split()
    with pytest.raises(ValueError, match="do not fit"):
        render_blank_sheets([BlankSheet("clabber", (), 2, deal_rows=200)])


@pytest.mark.parametrize(
    "sheet",
    [
        BlankSheet("clabber", (), 4),
        BlankSheet("clabber", (), 2, side_names=("A", "B", "C")),
        BlankSheet("clabber", (), 2, deal_rows=0),
    ],
)
def test_bad_blank_sheets_are_refused(sheet):
    with pytest.raises(ValueError):
        render_blank_sheets([sheet])


def test_no_blank_sheets_is_refused():
    with pytest.raises(ValueError):
        render_blank_sheets([])
