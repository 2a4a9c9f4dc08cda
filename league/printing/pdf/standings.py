"""The league table as a PDF, to pin on the club's notice board.

A renderer takes a plain frozen dataclass (:class:`StandingsSheet`) and returns the PDF's
bytes; it reads no database (the view builds the sheet from the standings, in the active
language, as the renderer's own few words are). The
page is A4 (or Letter) on its side by default, the figures in 12-point type so the table reads
from a step away; a long table goes on over further pages with its heading row repeated.

Words: the *chain* is the competition's tie-break keys in order, printed under the title so
a reader knows why two entrants on the same points stand as they do; a *tied* rank is printed
with "=" ("2=").
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape as turned
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, LongTable, Paragraph, Spacer, TableStyle

from league.charts.figures import PositionLines
from league.fonts import BOLD, FONT
from league.printing.pdf.sheets import (
    FAINT,
    GRID,
    HEAD_BG,
    MARGIN,
    STRIPE,
    _canvas_with_footer,
    _document,
    _esc,
    _page_size,
    _printable,
)

__all__ = ["StandingsRow", "StandingsSheet", "fits", "render_standings"]


@dataclass(frozen=True)
class StandingsRow:
    """One entrant's line: its rank as printed ("1", "2="), its name, then one value per
    column of the sheet, already as text ("62%", "+40", "-")."""

    rank: str
    name: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class StandingsSheet:
    """A competition's table as it stands on ``date``, ready to print."""

    title: str  # the competition
    club: str
    date: str  # as printed: "4 March 2026"
    ruleset_name: str  # "Evansville Clabber, to 500"
    chain: tuple[str, ...]  # the tie-break keys in order, as read: "Pts (match points)"
    columns: tuple[str, ...]  # the headings of the value columns
    rows: tuple[StandingsRow, ...]
    legend: str = ""  # what the short headings mean
    bold: tuple[str, ...] = ("Pts",)  # the columns printed in bold, by heading
    note: str = ""  # e.g. "Each entrant's best 8 nights count."
    entrant_heading: str = "Entrant"
    page_size: str = "A4"  # "A4" or "Letter"
    landscape: bool = True
    # the leaders' positions night by night (round by round): a chart, from the second on
    positions: PositionLines | None = None

    def without(self, heading: str) -> StandingsSheet:
        """The same sheet without the column ``heading`` (to make the others fit)."""
        if heading not in self.columns:
            return self
        keep = [i for i, c in enumerate(self.columns) if c != heading]
        return replace(
            self,
            columns=tuple(self.columns[i] for i in keep),
            rows=tuple(
                replace(row, values=tuple(row.values[i] for i in keep)) for row in self.rows
            ),
        )


TEXT_SIZE = 12.0
_TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=20, leading=24)
_INFO = ParagraphStyle("info", fontName=FONT, fontSize=11, leading=14)
_CHAIN = ParagraphStyle("chain", fontName=FONT, fontSize=10, leading=13)
_LEGEND = ParagraphStyle("legend", fontName=FONT, fontSize=8.5, leading=11, textColor=FAINT)
_NAME = ParagraphStyle("name", fontName=FONT, fontSize=TEXT_SIZE, leading=TEXT_SIZE + 2)
_HEAD = ParagraphStyle(
    "head", fontName=BOLD, fontSize=TEXT_SIZE - 1, leading=TEXT_SIZE, alignment=1
)

RANK_WIDTH = 34.0
MIN_NAME_WIDTH = 150.0
CELL_PADDING = 6.0  # reportlab's default left and right padding of a cell


def _check(sheet: StandingsSheet) -> None:
    for row in sheet.rows:
        if len(row.values) != len(sheet.columns):
            raise ValueError(
                f"{row.name}: {len(row.values)} values for {len(sheet.columns)} columns"
            )


def _widths(sheet: StandingsSheet, width: float) -> list[float]:
    """Rank; each value column as wide as its heading's longest word (a heading of two words
    wraps: "Set erzw.", "Mis ded."), its widest value or a signed three-figure number; the
    name takes what is left (at least MIN_NAME_WIDTH, else ValueError)."""
    values = [
        max(
            [
                stringWidth(_printable(word), BOLD, _HEAD.fontSize)
                # a short mark stays with its word ("Made %" on one line)
                for word in re.split(r"\s+(?=\S{3,})", heading.strip()) or [heading]
            ]
            + [stringWidth("-000", BOLD, TEXT_SIZE)]
            + [
                stringWidth(_printable(row.values[i]), BOLD, TEXT_SIZE)
                for row in sheet.rows
                if len(row.values) == len(sheet.columns)
            ]
        )
        + 2 * CELL_PADDING
        for i, heading in enumerate(sheet.columns)
    ]
    name = width - RANK_WIDTH - sum(values)
    if name < MIN_NAME_WIDTH:
        raise ValueError(f"{len(sheet.columns)} columns do not fit across the page; print fewer")
    return [RANK_WIDTH, name, *values]


def _paper(sheet: StandingsSheet) -> tuple[float, float]:
    size = _page_size(sheet.page_size)
    return turned(size) if sheet.landscape else size


def _frame_width(size: tuple[float, float]) -> float:
    # The margins of sheets._document, and the 6 points of padding a frame keeps each side.
    return size[0] - 2 * MARGIN - 12


def fits(sheet: StandingsSheet) -> bool:
    """Whether the sheet's columns fit across its page."""
    try:
        _widths(sheet, _frame_width(_paper(sheet)))
    except ValueError:
        return False
    return True


def render_standings(sheet: StandingsSheet) -> bytes:
    """The standings as PDF bytes.

    Raises ValueError for a page size other than "A4" or "Letter", a row whose values do not
    match the columns, or more columns than fit across the page (bugs of the caller).
    """
    size = _paper(sheet)
    _check(sheet)
    buffer = io.BytesIO()
    doc = _document(buffer, size, _("%(title)s: standings") % {"title": sheet.title})
    width = _frame_width(size)

    info = " \u00b7 ".join(
        _esc(part)
        for part in (
            sheet.club,
            _("Standings on %(date)s") % {"date": sheet.date},
            sheet.ruleset_name,
        )
        if part
    )
    story: list[Flowable] = [Paragraph(_esc(sheet.title), _TITLE), Spacer(1, 4)]
    story.append(Paragraph(info, _INFO))
    if sheet.chain:
        then = pgettext("between two tie-break keys of the order", ", then ")
        chain = then.join(sheet.chain)
        label, _sep, rest = (_("Order: %(chain)s.") % {"chain": chain}).partition(":")
        story.append(Paragraph(f"<b>{_esc(label)}:</b>{_esc(rest)}", _CHAIN))
    if sheet.note:
        story.append(Paragraph(_esc(sheet.note), _CHAIN))
    story.append(Spacer(1, 8))

    head: list[Flowable | str] = [
        Paragraph(_esc(pgettext("column heading: the rank", "#")), _HEAD),
        Paragraph(_esc(sheet.entrant_heading), _HEAD),
        *(Paragraph(_esc(c), _HEAD) for c in sheet.columns),
    ]
    data: list[list[Flowable | str]] = [head]
    for row in sheet.rows:
        data.append([_printable(row.rank), Paragraph(_esc(row.name), _NAME), *row.values])
    if not sheet.rows:
        nobody = Paragraph(_esc(_("No entrants yet.")), _NAME)
        data.append(["", nobody] + [""] * len(sheet.columns))
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, TEXT_SIZE),
        ("FONT", (0, 1), (0, -1), BOLD, TEXT_SIZE),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"),
        ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 1.0, colors.black),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
    ]
    for index, heading in enumerate(sheet.columns, start=2):
        if heading in sheet.bold:
            style.append(("FONT", (index, 1), (index, -1), BOLD, TEXT_SIZE))
    grid = LongTable(data, colWidths=_widths(sheet, width), repeatRows=1)
    grid.setStyle(TableStyle(style))
    story.append(grid)
    if sheet.legend:
        story += [Spacer(1, 6), Paragraph(_esc(sheet.legend), _LEGEND)]
    if sheet.positions is not None and sheet.positions.nights:
        # The standings page's chart, the same Drawing, its names in the PDF's letters.
        lines = replace(sheet.positions, names=tuple(_printable(n) for n in sheet.positions.names))
        chart: list[Flowable] = [Spacer(1, 14), Paragraph(_esc(lines.title), _INFO)]
        if lines.shown_note:  # "The chart shows the top 8 of 12 entrants; ..."
            chart.append(Paragraph(_esc(lines.shown_note), _LEGEND))
        chart += [Spacer(1, 4), lines.drawing(width=min(width, 600), height=300)]
        story.append(KeepTogether(chart))

    on = _("standings on %(date)s") % {"date": sheet.date}
    footer = _printable(f"{sheet.title} \u00b7 {on} \u00b7 Hicksheet")
    doc.build(story, canvasmaker=_canvas_with_footer(footer))
    return buffer.getvalue()
