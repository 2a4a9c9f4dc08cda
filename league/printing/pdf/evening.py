"""A club evening's printed papers, and its season's standings.

A renderer takes a plain frozen dataclass and returns the PDF's bytes; it reads no database.
:mod:`league.printing.evening_paper` builds the dataclasses from the evening (words and all,
in the active language); the renderers add only their own few headings.

What is printed (words as in :mod:`scoring.evenings`):

- the *seats* of a round (:class:`SeatsSheet`): first the *seat list* to pin up, every name
  in alphabetical order with its table and seat (the sit-outs too, with a dash; at a pairs
  evening each player's own name with the pair's, and the table only), in two
  columns a page read downwards; then a *table slip* a table (:class:`TableSlip`), to lay on
  the table: its number, its four seats' names, the partners opposite ("1 Anna & 3 Ben
  against 2 Cor & 4 Dirk") and, for a reader who may have them, the table's entry link as a
  QR code with its address. Three slips a page, a dashed line to cut between them;
- the *boom sheets* are the blank score sheets (:func:`~league.printing.pdf.sheets.
  render_blank_sheets`), filled in: no renderer here;
- the *results* (:class:`ResultsSheet`): the evening's ranking, a column a round, the total
  and the prize; the prize list under it, the booby prize last;
- the *season* (:class:`SeasonSheet`): place, name, score by the season's rule, evenings
  played, the scores counted and every point; the members not ranked yet (too few
  evenings) under a line.

A name too long for its cell wraps in a paragraph; in the seat list, whose rows keep one
height so that the pages can be counted before drawing, it is cut short with an ellipsis.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    LongTable,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from league.fonts import BOLD, FONT
from league.printing.pdf.sheets import (
    FAINT,
    GRID,
    HEAD_BG,
    QR_SIZE,
    STRIPE,
    _canvas_with_footer,
    _document,
    _esc,
    _page_size,
    _printable,
    _QrCode,
)

__all__ = [
    "ResultsRow",
    "ResultsSheet",
    "SeatEntry",
    "SeasonRow",
    "SeasonSheet",
    "SeatsSheet",
    "TableSlip",
    "render_evening_results",
    "render_evening_seats",
    "render_season",
]


# --- the sheets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatEntry:
    """A line of the seat list: a name, its table and seat ("" for who sits out)."""

    name: str
    table: str
    seat: str


@dataclass(frozen=True)
class TableSlip:
    """A table's slip: its ``seats`` in order as (seat, name), the partners opposite in one
    ``line`` ("1 Anna & 3 Ben against 2 Cor & 4 Dirk"), and the table's entry ``link``
    (absolute; "" when the reader may not have it)."""

    table: str
    seats: tuple[tuple[str, str], ...]
    line: str
    link: str = ""


@dataclass(frozen=True)
class SeatsSheet:
    """A round's seat list and table slips."""

    title: str  # the evening
    club: str
    date: str  # as printed
    round_name: str  # "Round 2"
    lines: tuple[SeatEntry, ...]
    sitting_out: tuple[str, ...]
    slips: tuple[TableSlip, ...]
    page_size: str = "A4"
    #: The seat list has a seat column (drawn partners); a pairs evening's has the table only.
    seats: bool = True


@dataclass(frozen=True)
class ResultsRow:
    """A line of the evening's results, as printed: ``place`` ("2="), one ``cells`` a round
    ("1520", "1600 s"), the ``total``, ``wins`` ("" when the ranking does not count them),
    and the ``prize`` it wins in words ("" for none)."""

    place: str
    name: str
    cells: tuple[str, ...]
    total: str
    prize: str = ""
    wins: str = ""
    booby: bool = False


@dataclass(frozen=True)
class ResultsSheet:
    """The evening's results: the heading's lines, the ranking, the prize list."""

    title: str
    club: str
    date: str
    game: str  # "Klaverjas (Dutch)"
    rules: str  # "3 rounds of a boom of 16 deals; sit-out 1600; prizes by the formula of four"
    round_headings: tuple[str, ...]  # "R1", "R2", ...
    rows: tuple[ResultsRow, ...]
    prizes: tuple[str, ...] = ()  # the prize list, one line a prize, the booby prize last
    legend: str = ""  # what the marks in the cells mean
    note: str = ""  # "Still playing: round 3." while not finished
    wins: bool = False  # a column of wins (the ranking counts wins first)
    entrant_heading: str = ""  # "Player" or "Pair"
    page_size: str = "A4"


@dataclass(frozen=True)
class SeasonRow:
    """A line of the season: place ("" for one not ranked yet), name, score by the season's
    rule, evenings played, the scores counted, every point."""

    place: str
    name: str
    score: str
    played: str
    counted: str
    total: str


@dataclass(frozen=True)
class SeasonSheet:
    """A season's standings: the ranked, then (under a line headed ``unranked_heading``) the
    members not ranked yet."""

    title: str  # the season
    club: str
    date: str  # printed on
    rules: str  # "The sum of the best 5 evenings; at least 5 evenings to be ranked"
    evenings: str  # "7 evenings: ..."
    champion: str  # "Points champion: Anna (12 345)"; "" for none yet
    rows: tuple[SeasonRow, ...]
    unranked: tuple[SeasonRow, ...] = ()
    unranked_heading: str = ""
    page_size: str = "A4"


# --- look --------------------------------------------------------------------------------------

_TITLE = ParagraphStyle("e_title", fontName=BOLD, fontSize=18, leading=22)
_INFO = ParagraphStyle("e_info", fontName=FONT, fontSize=10.5, leading=14)
_NOTE = ParagraphStyle("e_note", fontName=FONT, fontSize=9, leading=12, textColor=FAINT)
_SECTION = ParagraphStyle("e_section", fontName=BOLD, fontSize=12, leading=15)
_CELL = ParagraphStyle("e_cell", fontName=FONT, fontSize=10, leading=12)
_CELL_BOLD = ParagraphStyle("e_cell_bold", fontName=BOLD, fontSize=10, leading=12)
_CELL_FAINT = ParagraphStyle("e_cell_faint", parent=_CELL, textColor=FAINT)
_HEAD = ParagraphStyle("e_head", fontName=BOLD, fontSize=9.5, leading=11)
_HEAD_CENTRED = ParagraphStyle("e_head_c", parent=_HEAD, alignment=1)
_SLIP_TABLE = ParagraphStyle("e_slip_table", fontName=BOLD, fontSize=30, leading=34)
_SLIP_INFO = ParagraphStyle("e_slip_info", fontName=FONT, fontSize=10, leading=13)
_SLIP_SEAT = ParagraphStyle("e_slip_seat", fontName=FONT, fontSize=13, leading=16)
_SLIP_LINE = ParagraphStyle("e_slip_line", fontName=BOLD, fontSize=12, leading=15)
_SLIP_HELP = ParagraphStyle("e_slip_help", fontName=FONT, fontSize=8, leading=10, textColor=FAINT)

PADDING = 6.0  # a frame's padding each side, and a cell's left and right padding
SEAT_ROW = 17.0  # a line of the seat list
SEAT_HEAD = 20.0  # its heading row
SEAT_SIZE = 11.5  # a name in the seat list, at the most
SMALLEST_SEAT_SIZE = 9.0  # ... and at the least, before a name is cut short
SEAT_GAP = 14.0  # between the two columns of the seat list
SLIPS_A_PAGE = 3
URL_SIZE = 11.0  # a slip's address, at the most


def _frame(size: tuple[float, float]) -> tuple[float, float]:
    # sheets._document's margins (36) and the 6 points of padding a frame keeps each side
    return size[0] - 72 - 2 * PADDING, size[1] - 72 - 2 * PADDING


def _fit(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut short with an ellipsis so that it fits ``width``."""
    text = _printable(text)
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "\u2026", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def _widest(heading: str, values: Sequence[str], font: str = FONT) -> float:
    """A column as wide as its heading (bold, as the heading row sets it) or its widest
    value (in ``font`` at 10 points), and its padding."""
    widths = [stringWidth(_printable(heading), BOLD, _HEAD.fontSize) + 1]
    widths += [stringWidth(_printable(v), font, 10) for v in values]
    return float(max(widths)) + 2 * PADDING


def _heading(title: str, lines: Sequence[str]) -> list[Flowable]:
    story: list[Flowable] = [Paragraph(_esc(title), _TITLE), Spacer(1, 3)]
    story += [Paragraph(_esc(line), _INFO) for line in lines if line]
    story.append(Spacer(1, 8))
    return story


def _table_heading() -> str:
    return pgettext("column heading: a card table", "Table")


def _seat_heading() -> str:
    return pgettext("column heading: a seat at a card table", "Seat")


def _name_heading() -> str:
    return pgettext("column heading: a player's name", "Name")


def _place_heading() -> str:
    return pgettext("column heading: a place in the ranking", "Place")


# --- the seats -------------------------------------------------------------------------------


class _CutLine(Flowable):
    """A dashed line across the frame, to cut the slips apart on."""

    def __init__(self, width: float) -> None:
        super().__init__()
        self.width = width

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, 14.0

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.setStrokeColor(GRID)
        self.canv.setDash(4, 3)
        self.canv.setLineWidth(0.6)
        self.canv.line(0, 7, self.width, 7)
        self.canv.restoreState()


def _seat_columns(width: float, seats: bool = True) -> tuple[float, float, float]:
    """One column's name, table and seat widths (0 without a seat column): the numbers as
    wide as their headings."""
    number = max(
        stringWidth(_printable(_table_heading()), BOLD, 9.5),
        stringWidth(_printable(_seat_heading()), BOLD, 9.5) if seats else 0.0,
        stringWidth("000", BOLD, SEAT_SIZE),
    )
    number += 2 * PADDING
    seat = number if seats else 0.0
    return width - number - seat, number, seat


def _seat_layout(lines: Sequence[SeatEntry], width: float, seats: bool = True) -> tuple[int, float]:
    """How many columns the seat list takes across a page (two; one when a name would not
    fit two at SMALLEST_SEAT_SIZE) and the size its names are set in."""
    for columns in (2, 1):
        column = (width - SEAT_GAP * (columns - 1)) / columns
        name_width = _seat_columns(column, seats)[0] - 2 * PADDING
        widest = max((stringWidth(_printable(e.name), FONT, 1) for e in lines), default=0.0)
        size = min(SEAT_SIZE, name_width / widest) if widest else SEAT_SIZE
        if size >= SMALLEST_SEAT_SIZE or columns == 1:
            return columns, max(size, SMALLEST_SEAT_SIZE)
    raise AssertionError("unreachable")


def _seat_list_page(
    lines: Sequence[SeatEntry], columns: int, size: float, width: float, seats: bool = True
) -> Table:
    """A page of the seat list: ``columns`` columns read downwards, the first the longest;
    each a name, its table and (``seats``) its seat."""
    per_column = max(1, -(-len(lines) // columns))
    groups = [lines[i * per_column : (i + 1) * per_column] for i in range(columns)]
    column = (width - SEAT_GAP * (columns - 1)) / columns
    name_w, table_w, seat_w = _seat_columns(column, seats)
    head: list[Flowable | str] = [
        Paragraph(_esc(_name_heading()), _HEAD),
        Paragraph(_esc(_table_heading()), _HEAD_CENTRED),
    ]
    if seats:
        head.append(Paragraph(_esc(_seat_heading()), _HEAD_CENTRED))
    span = len(head)  # a group's columns
    widths: list[float] = []
    first: list[Flowable | str] = []
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, size),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    for index, group in enumerate(groups):
        at = index * (span + 1)  # a group's first column: name, table, (seat,) then a gap
        end = at + span - 1
        if index:
            widths.append(SEAT_GAP)
            first.append("")
        widths += [name_w, table_w, seat_w][:span]
        first += head if group else [""] * span
        if not group:
            continue
        last = len(group)
        style += [
            ("FONT", (at + 1, 1), (end, last), BOLD, SEAT_SIZE),
            ("ALIGN", (at + 1, 0), (end, last), "CENTER"),
            ("BACKGROUND", (at, 0), (end, 0), HEAD_BG),
            ("ROWBACKGROUNDS", (at, 1), (end, last), [colors.white, STRIPE]),
            ("LINEBELOW", (at, 0), (end, last), 0.4, GRID),
            ("BOX", (at, 0), (end, last), 0.8, colors.black),
        ]
    rows: list[list[Flowable | str]] = [first]
    for i in range(per_column):
        row: list[Flowable | str] = []
        for index, group in enumerate(groups):
            if index:
                row.append("")
            if i >= len(group):
                row += [""] * span
                continue
            entry = group[i]
            row += [
                _fit(entry.name, FONT, size, name_w - 2 * PADDING),
                _printable(entry.table or "\u2013"),
                _printable(entry.seat or "\u2013"),
            ][:span]
        rows.append(row)
    grid = Table(rows, colWidths=widths, rowHeights=[SEAT_HEAD] + [SEAT_ROW] * per_column)
    grid.setStyle(TableStyle(style))
    grid.hAlign = "LEFT"
    return grid


def _name_list(names: Sequence[str]) -> str:
    """Names one after another: "Anna, Ben"; with semicolons when a name has a comma of its
    own ("Dora Smit, with Carl Visser; Carl Visser, with Dora Smit")."""
    return ("; " if any("," in name for name in names) else ", ").join(names)


def _seat_list(sheet: SeatsSheet, width: float, height: float) -> list[Flowable]:
    """The seat list over as many pages as it needs, each page's columns filled before the
    next page begins (rows of one height, so the count is exact)."""
    heading = _heading(
        _("%(evening)s: %(round)s, where to sit")
        % {"evening": sheet.title, "round": sheet.round_name},
        [" \u00b7 ".join(part for part in (sheet.club, sheet.date) if part)],
    )
    note: list[Flowable] = []
    if sheet.sitting_out:
        note = [
            Paragraph(
                _esc(_("Sitting out: %(names)s") % {"names": _name_list(sheet.sitting_out)}),
                _SECTION,
            ),
            Spacer(1, 6),
        ]
    columns, size = _seat_layout(sheet.lines, width, sheet.seats)
    first = height - sum(f.wrap(width, height)[1] for f in heading)
    first -= sum(f.wrap(width, height)[1] for f in note)
    per_first = max(1, int((first - SEAT_HEAD - 2) // SEAT_ROW))
    per_next = max(1, int((height - SEAT_HEAD - 2) // SEAT_ROW))
    story: list[Flowable] = [*heading, *note]
    lines = list(sheet.lines)
    start = 0
    while True:
        per_page = columns * (per_next if start else per_first)
        chunk = lines[start : start + per_page]
        if start:
            story.append(PageBreak())
        story.append(_seat_list_page(chunk, columns, size, width, sheet.seats))
        start += len(chunk)
        if start >= len(lines):
            break
    return story


def _url_line(url: str, width: float) -> Paragraph:
    """The table's address across the slip, as large as fits one line (at most URL_SIZE), to
    type on a phone without a camera."""
    text = _printable(url)
    size = min(URL_SIZE, max(6.0, URL_SIZE * width / max(stringWidth(text, BOLD, URL_SIZE), 1)))
    return Paragraph(
        escape(text), ParagraphStyle("e_url", fontName=BOLD, fontSize=size, leading=size + 2)
    )


def _slip(slip: TableSlip, sheet: SeatsSheet, width: float) -> Flowable:
    """One table's slip, ``width`` inside its box."""
    info = " \u00b7 ".join(part for part in (sheet.title, sheet.round_name, sheet.date) if part)
    top = Table(
        [
            [
                Paragraph(
                    _esc(pgettext("a card table", "Table %(table)s") % {"table": slip.table}),
                    _SLIP_TABLE,
                ),
                Paragraph(_esc(info), _SLIP_INFO),
            ]
        ],
        colWidths=[width * 0.45, width * 0.55],
    )
    top.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (0, 0), 0),
            ]
        )
    )
    labels = [_("Seat %(seat)s") % {"seat": seat} for seat, _name in slip.seats]
    seat_rows = [
        [Paragraph(_esc(label), _SLIP_SEAT), Paragraph(_esc(name or "\u2013"), _SLIP_SEAT)]
        for label, (_seat, name) in zip(labels, slip.seats, strict=True)
    ]
    label = max([70.0, *(stringWidth(_printable(text), FONT, 13) + 8 for text in labels)])
    text_width = width - QR_SIZE - 16 if slip.link else width
    seats = Table(seat_rows, colWidths=[label, text_width - label])
    seats.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ]
        )
    )
    body: list[Flowable] = [seats, Spacer(1, 6), Paragraph(_esc(slip.line), _SLIP_LINE)]
    if slip.link:
        scan = Paragraph(
            _esc(_("Scan the code with a phone to enter this table's deals as you play, or open:")),
            _SLIP_HELP,
        )
        inner = Table(
            [[body, _QrCode(slip.link)], [[scan, _url_line(slip.link, width)], ""]],
            colWidths=[text_width, QR_SIZE + 16],
        )
        inner.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("SPAN", (0, 1), (1, 1)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        content: list[Flowable] = [top, Spacer(1, 4), inner]
    else:
        content = [top, Spacer(1, 4), *body]
    box = Table([[content]], colWidths=[width])
    box.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
                ("LEFTPADDING", (0, 0), (-1, -1), 10),
                ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    return box


def render_evening_seats(sheet: SeatsSheet) -> bytes:
    """The round's seat list, then its table slips (a new page, three a page).

    Raises ValueError for a page size other than "A4" or "Letter" (a bug of the caller)."""
    size = _page_size(sheet.page_size)
    width, height = _frame(size)
    buffer = io.BytesIO()
    doc = _document(
        buffer,
        size,
        _("%(evening)s: %(round)s, seats") % {"evening": sheet.title, "round": sheet.round_name},
    )
    story = _seat_list(sheet, width, height)
    for index, slip in enumerate(sheet.slips):
        if index % SLIPS_A_PAGE == 0:
            story.append(PageBreak())
        else:
            story.append(_CutLine(width))
        # Inner width: the box's padding of 10 a side.
        story.append(KeepTogether([_slip(slip, sheet, width - 20)]))
    footer = " \u00b7 ".join(part for part in (sheet.title, sheet.round_name, "Hicksheet"))
    doc.build(story, canvasmaker=_canvas_with_footer(_printable(footer)))
    return buffer.getvalue()


# --- the results -----------------------------------------------------------------------------

MIN_NAME = 120.0


def _unbroken(cell: str) -> str:
    """A round's cell kept on one line ("1600 s" with a space that does not break)."""
    return cell.replace(" ", "\u00a0")


def _results_widths(sheet: ResultsSheet, width: float, compact: bool) -> list[float] | None:
    """Place, name, a column a round (``compact``: one for them all), wins, total, prize;
    None when the name would be left less than MIN_NAME."""
    place = _widest(_place_heading(), [r.place for r in sheet.rows], BOLD)
    wins = [_widest(_("Wins"), [r.wins for r in sheet.rows])] if sheet.wins else []
    total = _widest(_("Total"), [r.total for r in sheet.rows], BOLD)
    prize = (
        min(130.0, _widest(_("Prize"), [r.prize for r in sheet.rows])) if _prizes(sheet) else 0.0
    )
    fixed = place + sum(wins) + total + prize
    prizes = [prize] if _prizes(sheet) else []
    if compact:
        name = max(MIN_NAME, (width - fixed) * 0.35)
        return [place, name, width - fixed - name, *wins, total, *prizes]
    rounds = [
        _widest(h, [r.cells[i] for r in sheet.rows]) for i, h in enumerate(sheet.round_headings)
    ]
    name = width - fixed - sum(rounds)
    if name < MIN_NAME:
        return None
    return [place, name, *rounds, *wins, total, *prizes]


def _prizes(sheet: ResultsSheet) -> bool:
    """The results have a Prize column: some row wins one (not while the evening is still
    played, when nobody has won anything yet, nor at an evening without prizes)."""
    return any(row.prize for row in sheet.rows)


def render_evening_results(sheet: ResultsSheet) -> bytes:
    """The evening's ranking with its prizes, on a page on its side when the rounds need it;
    the rounds of an evening of more than fit even so in one column, in order ("1520 ·
    1600 s · 1300").

    Raises ValueError for a page size other than "A4" or "Letter", or a row whose cells do
    not match the rounds (bugs of the caller)."""
    size = _page_size(sheet.page_size)
    for row in sheet.rows:
        if len(row.cells) != len(sheet.round_headings):
            raise ValueError(f"{row.name}: {len(row.cells)} cells for the rounds")
    compact = False
    widths = _results_widths(sheet, _frame(size)[0], compact)
    if widths is None:
        size = landscape(size)
        widths = _results_widths(sheet, _frame(size)[0], compact)
    if widths is None:
        compact = True
        widths = _results_widths(sheet, _frame(size)[0], compact)
    assert widths is not None  # a compact table always fits
    prizes = _prizes(sheet)
    buffer = io.BytesIO()
    doc = _document(buffer, size, _("%(evening)s: results") % {"evening": sheet.title})
    story = _heading(
        sheet.title,
        [
            " \u00b7 ".join(part for part in (sheet.club, sheet.date) if part),
            sheet.game,
            sheet.rules,
        ],
    )
    if sheet.note:
        story += [Paragraph(_esc(sheet.note), _INFO), Spacer(1, 6)]
    heads = [
        _place_heading(),
        sheet.entrant_heading or _name_heading(),
        *([_("Rounds")] if compact else sheet.round_headings),
        *([_("Wins")] if sheet.wins else []),
        _("Total"),
        *([_("Prize")] if prizes else []),
    ]
    data: list[list[Flowable | str]] = [
        [
            Paragraph(
                _esc(h), _HEAD if i == 1 or (prizes and i == len(heads) - 1) else _HEAD_CENTRED
            )
            for i, h in enumerate(heads)
        ]
    ]
    total_col = len(heads) - (2 if prizes else 1)
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 10),
        ("FONT", (0, 1), (0, -1), BOLD, 10),
        ("FONT", (total_col, 1), (total_col, -1), BOLD, 10),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"),
        ("ALIGN", (2, 1), (total_col, -1), "RIGHT"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 1.0, colors.black),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    for row in sheet.rows:
        winner = bool(row.prize) and not row.booby
        data.append(
            [
                _printable(row.place),
                Paragraph(_esc(row.name), _CELL_BOLD if winner else _CELL),
                *(
                    [Paragraph(_esc(" \u00b7 ".join(_unbroken(c) for c in row.cells)), _CELL)]
                    if compact
                    else [_printable(c) for c in row.cells]
                ),
                *([_printable(row.wins)] if sheet.wins else []),
                _printable(row.total),
                *([Paragraph(_esc(row.prize), _CELL)] if prizes else []),
            ]
        )
    if not sheet.rows:
        data.append(
            ["", Paragraph(_esc(_("Nothing is drawn yet.")), _CELL)] + [""] * (len(heads) - 2)
        )
    grid = LongTable(data, colWidths=widths, repeatRows=1)
    grid.setStyle(TableStyle(style))
    story.append(grid)
    if sheet.legend:
        story += [Spacer(1, 4), Paragraph(_esc(sheet.legend), _NOTE)]
    if sheet.prizes:
        block: list[Flowable] = [Spacer(1, 10), Paragraph(_esc(_("Prizes")), _SECTION)]
        block += [Paragraph(_esc(line), _INFO) for line in sheet.prizes]
        story.append(KeepTogether(block))
    footer = " \u00b7 ".join(part for part in (sheet.title, sheet.date, "Hicksheet") if part)
    doc.build(story, canvasmaker=_canvas_with_footer(_printable(footer)))
    return buffer.getvalue()


# --- the season ------------------------------------------------------------------------------


def render_season(sheet: SeasonSheet) -> bytes:
    """The season's standings; the members not ranked yet under a line.

    Raises ValueError for a page size other than "A4" or "Letter" (a bug of the caller)."""
    size = _page_size(sheet.page_size)
    width = _frame(size)[0]
    buffer = io.BytesIO()
    doc = _document(buffer, size, _("%(season)s: standings") % {"season": sheet.title})
    story = _heading(
        sheet.title,
        [
            " \u00b7 ".join(part for part in (sheet.club, sheet.date) if part),
            sheet.rules,
            sheet.evenings,
        ],
    )
    if sheet.champion:
        story += [Paragraph(_esc(sheet.champion), _SECTION), Spacer(1, 8)]
    heads = [
        _place_heading(),
        _name_heading(),
        pgettext("column heading: a member's season score by the season's rule", "Score"),
        pgettext("column heading: evenings played", "Played"),
        pgettext("column heading: the evening scores that count", "Counted"),
        pgettext("column heading: every point of the season", "Total"),
    ]
    everything = (*sheet.rows, *sheet.unranked)

    place = _widest(heads[0], [r.place for r in everything], BOLD)
    score = _widest(heads[2], [r.score for r in everything], BOLD)
    played = _widest(heads[3], [r.played for r in everything])
    total = _widest(heads[5], [r.total for r in everything])
    rest = width - place - score - played - total
    name, counted = rest * 0.45, rest * 0.55
    data: list[list[Flowable | str]] = [
        [Paragraph(_esc(h), _HEAD if i in (1, 4) else _HEAD_CENTRED) for i, h in enumerate(heads)]
    ]
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 10),
        ("FONT", (0, 1), (0, -1), BOLD, 10),
        ("FONT", (2, 1), (2, -1), BOLD, 10),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"),
        ("ALIGN", (2, 1), (3, -1), "RIGHT"),
        ("ALIGN", (5, 1), (5, -1), "RIGHT"),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 1.0, colors.black),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]

    def line(row: SeasonRow, style: ParagraphStyle = _CELL) -> list[Flowable | str]:
        return [
            _printable(row.place),
            Paragraph(_esc(row.name), style),
            _printable(row.score),
            _printable(row.played),
            Paragraph(_esc(row.counted), style),
            _printable(row.total),
        ]

    data += [line(row) for row in sheet.rows]
    if sheet.unranked:
        at = len(data)
        data.append([Paragraph(_esc(sheet.unranked_heading), _CELL_BOLD)] + [""] * 5)
        style += [
            ("SPAN", (0, at), (-1, at)),
            ("LINEABOVE", (0, at), (-1, at), 2.0, colors.black),
            ("BACKGROUND", (0, at), (-1, at), HEAD_BG),
            ("TEXTCOLOR", (0, at + 1), (-1, -1), FAINT),
        ]
        data += [line(row, _CELL_FAINT) for row in sheet.unranked]
    if not everything:
        data.append(["", Paragraph(_esc(_("No evenings played yet.")), _CELL)] + [""] * 4)
    grid = LongTable(data, colWidths=[place, name, score, played, counted, total], repeatRows=1)
    grid.setStyle(TableStyle(style))
    story.append(grid)
    footer = " \u00b7 ".join(part for part in (sheet.title, sheet.date, "Hicksheet") if part)
    doc.build(story, canvasmaker=_canvas_with_footer(_printable(footer)))
    return buffer.getvalue()
