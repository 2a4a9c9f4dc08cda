"""Hick sheets as PDF: a played game's score sheet, and blank sheets to fill in at the table.

Words, as on a paper hick sheet (RULES.md, "Sheet marks"):

- a *mark* is what is written in a side's points cell for one deal: the points (``"100"``),
  ``"XX"`` when that side made trump and was set, ``"-"`` for an opponents' zero;
- the *running total* is the side's score after that deal;
- *held* points are the points of tied deals under the ``hang`` tie rule, waiting for the
  winner of the next deal that is not void.

The rest of the family's sheets (:class:`~league.printing.sheet_data.SheetColumns`) keep more
columns: a side's points and *roem* apart (klaverjas, whose set mark is ``nat``), the
*contract* and its *factor* before the sides (coinche), and a column of the deal's *marks*
(``nat``, ``pit``; ``dedans``, ``capot``, ``litige``) after them. A game of a fixed number of
deals (a boom of 16) says so where others say their target, and its sheet numbers the rows of
the deals still to play.

A renderer takes a plain frozen dataclass and returns the PDF's bytes; the view builds the
dataclass from the game and the ruleset. The renderers read no database; their own words
(headings, labels) are in the active language (``translation.override`` around the call), the
dataclass's words as given.

A blank sheet may carry *entry links*: a QR code per side that opens the side's private page
for entering the deals on a phone (a tournament's ``/m/<token>/``), labelled with the side's
name and with the address printed under it for who has no camera at hand. Each code is drawn
once as a PDF form named ``qr-<hash of the address>`` and placed on its page, so a reader can
count them.

The typeface is DejaVu Sans (:mod:`league.fonts`), embedded: every Latin letter
of every language ("Dvořák", "Łukasz", "Œuvre"), Greek and Cyrillic; a character it lacks is
printed as its base letter or "?".
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    LongTable,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from league.charts.figures import game_chart, game_lines
from league.fonts import BOLD, FONT, printable, register
from league.printing.sheet_data import BlankSheet, EntryLink, GameSheet, SheetColumns, SheetRow
from scoring import PRESETS

__all__ = [
    "PAGE_SIZES",
    "BlankSheet",
    "EntryLink",
    "GameSheet",
    "SheetColumns",
    "SheetRow",
    "length_text",
    "render_blank_sheets",
    "render_game_sheet",
]

PAGE_SIZES: dict[str, tuple[float, float]] = {"A4": A4, "Letter": LETTER}


# --- look -------------------------------------------------------------------------------

MARGIN = 36.0  # half an inch: room for a printer's unprintable edge
register()
SET_RED = colors.HexColor("#B00000")
HEAD_BG = colors.HexColor("#DDDDDD")
STRIPE = colors.HexColor("#F3F3F3")
GRID = colors.HexColor("#888888")
FAINT = colors.HexColor("#666666")

_TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=16, leading=19)
_INFO = ParagraphStyle("info", fontName=FONT, fontSize=10, leading=13)
_TARGET = ParagraphStyle("target", fontName=BOLD, fontSize=11, leading=14)
_RULES_HEAD = ParagraphStyle("rules_head", fontName=BOLD, fontSize=9, leading=11)
_RULES = ParagraphStyle("rules", fontName=FONT, fontSize=8, leading=10)
_COL_HEAD = ParagraphStyle(
    "col_head", fontName=BOLD, fontSize=9, leading=11, alignment=1, splitLongWords=True
)
_NOTE = ParagraphStyle("note", fontName=FONT, fontSize=8, leading=9.5)
_RESULT = ParagraphStyle("result", fontName=BOLD, fontSize=13, leading=16)
_HELD = ParagraphStyle("held", fontName=FONT, fontSize=10, leading=13)
_OVERVIEW = ParagraphStyle("overview", fontName=BOLD, fontSize=9, leading=12, textColor=FAINT)
_SIGN = ParagraphStyle("sign", fontName=FONT, fontSize=10, leading=12)
_LINK_LABEL = ParagraphStyle("link_label", fontName=BOLD, fontSize=10, leading=12)
_LINK_HELP = ParagraphStyle("link_help", fontName=FONT, fontSize=7.5, leading=9, textColor=FAINT)
_MARKS = ParagraphStyle("marks", fontName=BOLD, fontSize=8, leading=9.5)
_MARKS_HEAD = ParagraphStyle("marks_head", fontName=BOLD, fontSize=7.5, leading=8.5, alignment=1)

#: What a set side's cell reads in every game (upper case): "XX", klaverjas "NAT".
SET_MARKS = frozenset(rules.set_mark.upper() for rules in PRESETS.values())


def _styled(commands: list[tuple[object, ...]]) -> TableStyle:
    """A table's style, its cells in our font (reportlab's default is Helvetica, which would be
    named among the page's fonts though no text is set in it)."""
    return TableStyle([("FONT", (0, 0), (-1, -1), FONT, 10), *commands])


def _page_size(name: str) -> tuple[float, float]:
    try:
        return PAGE_SIZES[name]
    except KeyError:
        raise ValueError(
            f"page size must be one of {', '.join(PAGE_SIZES)}, not {name!r}"
        ) from None


def _printable(text: str) -> str:
    """``text`` with every character the font cannot draw replaced by its base letter or "?"."""
    return printable(text)


def _esc(text: str) -> str:
    """User text as paragraph markup: printable, and escaped since names may hold "&" or "<"."""
    return escape(_printable(text))


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph of user text."""
    return Paragraph(_esc(text), style)


# --- pieces shared by both sheets ----------------------------------------------------------


def _header(
    *,
    title: str,
    info: list[str],
    length: str,
    ruleset_name: str,
    ruleset_lines: tuple[str, ...],
    width: float,
) -> Table:
    """Title, club/date/table and target on the left; the ruleset in a box on the right."""
    left: list[Flowable] = [_p(title, _TITLE), Spacer(1, 3)]
    left += [Paragraph(line, _INFO) for line in info]
    left.append(Spacer(1, 2))
    left.append(Paragraph(escape(length), _TARGET))
    right: list[Flowable] = [_p(_("Rules: %(rules)s") % {"rules": ruleset_name}, _RULES_HEAD)]
    right += [_p(line, _RULES) for line in ruleset_lines]
    table = Table([[left, right]], colWidths=[width * 0.55, width * 0.45])
    table.setStyle(
        _styled(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (0, 0), 0),
                ("BOX", (1, 0), (1, 0), 0.5, GRID),
                ("LEFTPADDING", (1, 0), (1, 0), 6),
                ("TOPPADDING", (1, 0), (1, 0), 4),
                ("BOTTOMPADDING", (1, 0), (1, 0), 5),
            ]
        )
    )
    return table


def length_text(target: int | None, deals: int | None) -> str:
    """How long the game lasts, as a sheet's header says it: "Target: 500"; a game of fixed
    deals "16 deals" (never "None"); both, "Target: 501 or 12 deals"."""
    if deals is None:
        return _("Target: %(target)s") % {"target": target}
    if target is None:
        return ngettext("%(count)d deal", "%(count)d deals", deals) % {"count": deals}
    return ngettext(
        "Target: %(target)s or %(count)d deal", "Target: %(target)s or %(count)d deals", deals
    ) % {"target": target, "count": deals}


def _labelled(label: str, value: str) -> str:
    """``"<b>Table:</b> 3"`` as paragraph markup; value escaped. The colon is the language's
    (French writes a space before it)."""
    colon = pgettext("after a label on a sheet: 'Table:' (French: ' :')", ":")
    return f"<b>{_esc(label)}{_esc(colon)}</b> {_esc(value)}"


def _club_label() -> str:
    return pgettext("label on a sheet", "Club")


def _date_label() -> str:
    return pgettext("label on a sheet", "Date")


def _table_word() -> str:
    return pgettext("label on a sheet: a card table", "Table")


def _to_fit(text: str, font: str, size: float, width: float, smallest: float = 6.0) -> float:
    """The size, at most ``size`` and at least ``smallest``, that ``text`` fits ``width`` in
    (a column heading in a longer language)."""
    needed = stringWidth(_printable(text), font, size)
    return size if needed <= width else max(smallest, size * width / needed)


#: The least width a sheet's note column keeps (points).
NOTE_ROOM = 90.0


@dataclass(frozen=True)
class _Layout:
    """Where a sheet's columns are: the deal (and, with a contract, the contract and its
    factor), then each side's points (and roem) and running total, then the marks column if
    any, then who made trump and the note. Part one's sheet: deal, two a side, note."""

    sides: int
    columns: SheetColumns = SheetColumns()

    @property
    def lead(self) -> int:
        return 3 if self.columns.contract else 1

    @property
    def per_side(self) -> int:
        return 3 if self.columns.roem else 2

    def side_col(self, side: int) -> int:
        return self.lead + self.per_side * side

    @property
    def marks_col(self) -> int | None:
        return self.side_col(self.sides) if self.columns.marks else None

    @property
    def note_col(self) -> int:
        return self.side_col(self.sides) + (1 if self.columns.marks else 0)

    @property
    def count(self) -> int:
        return self.note_col + 1

    def widths(self, width: float) -> list[float]:
        deal = 34.0
        lead = [deal] + ([46.0, 34.0] if self.columns.contract else [])
        if self.columns.roem:
            side = [40.0, 38.0, 50.0] if self.sides == 2 else [36.0, 32.0, 46.0]
        else:
            side = [48.0, 54.0] if self.sides == 2 else [44.0, 50.0]
        marks = [72.0] if self.columns.marks else []
        fixed = lead + side * self.sides + marks
        # A house's game of three that keeps every column: the figures' columns narrow so
        # that the note keeps room to be read (part one's never come near it).
        room = width - NOTE_ROOM
        if sum(fixed) > room:
            fixed = [w * room / sum(fixed) for w in fixed]
        return fixed + [width - sum(fixed)]


def _head_rows(
    names: list[Flowable | str], sides: int, columns: SheetColumns
) -> list[list[Flowable | str]]:
    """Two header rows: side names spanning their columns, then "Pts" (and "Roem") and
    "Total" under each; the contract and factor before them, the marks after them."""
    first: list[Flowable | str] = [pgettext("column heading: a deal of cards", "Deal")]
    second: list[Flowable | str] = [""]
    if columns.contract:
        first += [
            pgettext("column heading: the contract bid in a deal (coinche)", "Contract"),
            pgettext("column heading: the contract's factor, x2 contrée, x4 surcontrée", "Factor"),
        ]
        second += ["", ""]
    for name in names:
        first += [name, ""] + ([""] if columns.roem else [])
        second.append(pgettext("column heading: a side's points in one deal", "Pts"))
        if columns.roem:
            second.append(pgettext("column heading: a side's roem (melds) in one deal", "Roem"))
        second.append(pgettext("column heading: a side's running total (its score)", "Total"))
    if columns.marks:
        first.append(Paragraph(escape(_printable(" / ".join(columns.marks))), _MARKS_HEAD))
        second.append("")
    first.append(pgettext("column heading", "Made trump / note"))
    second.append("")
    return [first, second]


def _head_sizes(data: list[list[Flowable | str]], widths: list[float]) -> list[tuple[object, ...]]:
    """A smaller size for a heading in words wider than its column (or its two, spanned)."""
    style: list[tuple[object, ...]] = []
    for row, line in enumerate(data[:2]):
        for col, cell in enumerate(line):
            if not isinstance(cell, str) or not cell:
                continue
            room = widths[col] - 4
            if row == 0 and col == 0:
                room = widths[0] - 2
            size = _to_fit(cell, BOLD, 9, room)
            if size < 9:
                style.append(("FONT", (col, row), (col, row), BOLD, size))
    return style


def _grid_style(sides: int, body_rows: int, columns: SheetColumns) -> list[tuple[object, ...]]:
    """Table style for the two header rows, ``body_rows`` deals and the totals row after them."""
    layout = _Layout(sides, columns)
    last_col = layout.note_col
    ends = layout.side_col(sides)  # the first column after the sides'
    totals = 2 + body_rows
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 9),
        ("FONT", (0, 0), (-1, 1), BOLD, 9),
        ("BACKGROUND", (0, 0), (-1, 1), HEAD_BG),
        ("SPAN", (0, 0), (0, 1)),
        ("SPAN", (last_col, 0), (last_col, 1)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, 1), "CENTER"),
        ("ALIGN", (0, 2), (0, -1), "CENTER"),
        ("ALIGN", (1, 2), (ends - 1, -1), "RIGHT"),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
        ("LINEBELOW", (0, 1), (-1, 1), 1.0, colors.black),
        ("ROWBACKGROUNDS", (0, 2), (-1, totals - 1), [colors.white, STRIPE]),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("FONT", (0, totals), (-1, totals), BOLD, 10),
        ("LINEABOVE", (0, totals), (-1, totals), 1.2, colors.black),
    ]
    for col in range(1, layout.lead):
        # the contract and its factor: headings over both header rows, figures centred
        style.append(("SPAN", (col, 0), (col, 1)))
        style.append(("ALIGN", (col, 2), (col, -1), "CENTER"))
    for side in range(sides):
        # a heavier line left of each side's columns keeps the sides apart
        col = layout.side_col(side)
        style.append(("SPAN", (col, 0), (col + layout.per_side - 1, 0)))
        style.append(("LINEBEFORE", (col, 0), (col, -1), 1.0, colors.black))
        total = col + layout.per_side - 1
        style.append(("FONT", (total, 2), (total, -1), BOLD, 9))
    style.append(("LINEBEFORE", (ends, 0), (ends, -1), 1.0, colors.black))
    if layout.marks_col is not None:
        style.append(("SPAN", (layout.marks_col, 0), (layout.marks_col, 1)))
    return style


def _signed_for(name: str, width: float) -> str:
    """ "Signed for Anna & Ben:" in one line of ``width``: a name too long for it is cut short
    with an ellipsis (a line of its own that grew would take the deal rows' room)."""
    words = _("Signed for %(name)s:")
    name = _printable(name)
    text = words % {"name": name}
    while len(name) > 1 and stringWidth(text, _SIGN.fontName, _SIGN.fontSize) > width:
        name = name[:-1]
        text = words % {"name": name.rstrip() + "\u2026"}
    return text


def _signatures(names: list[str], width: float) -> Table:
    """One line per side to sign on: "Signed for Anna & Ben:" then a rule to write on."""
    rows = [[_p(_signed_for(name, width * 0.45 - 12), _SIGN), ""] for name in names]
    table = Table(rows, colWidths=[width * 0.45, width * 0.45], rowHeights=26)
    table.setStyle(
        _styled(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (0, -1), 0),
                ("LINEBELOW", (1, 0), (1, -1), 0.7, colors.black),
            ]
        )
    )
    table.hAlign = "LEFT"
    return table


class _NumberedCanvas(rl_canvas.Canvas):
    """A canvas that knows the page count, to print "page 2 of 3" in the footer."""

    footer = ""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, object]] = []

    def showPage(self) -> None:  # noqa: N802 - reportlab's name
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        count = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self._draw_footer(count)
            super().showPage()
        super().save()

    def _draw_footer(self, count: int) -> None:
        width = self._pagesize[0]
        self.saveState()
        self.setFont(FONT, 8)
        self.setFillColor(FAINT)
        self.drawString(MARGIN, MARGIN / 2, self.footer)
        self.drawRightString(
            width - MARGIN,
            MARGIN / 2,
            _printable(
                _("page %(page)d of %(count)d") % {"page": self._pageNumber, "count": count}
            ),
        )
        self.restoreState()


def _canvas_with_footer(footer: str) -> type[_NumberedCanvas]:
    return type("_FooterCanvas", (_NumberedCanvas,), {"footer": footer})


def _document(buffer: io.BytesIO, page_size: tuple[float, float], title: str) -> SimpleDocTemplate:
    return SimpleDocTemplate(
        buffer,
        pagesize=page_size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author="Hicksheet",
        creator="Hicksheet",
        # reportlab starts every page in Helvetica: start in ours, or Helvetica is named in
        # every page's fonts though nothing is drawn in it
        initialFontName=FONT,
        invariant=True,  # same sheet, same bytes: no creation date or random id inside
    )


# --- a played game -------------------------------------------------------------------------


def _check_game(sheet: GameSheet) -> int:
    sides = len(sheet.side_names)
    if sides not in (2, 3):
        raise ValueError(f"a sheet has 2 or 3 sides, not {sides}")
    if len(sheet.totals) != sides:
        raise ValueError(f"totals has {len(sheet.totals)} entries for {sides} sides")
    if sheet.winner is not None and not 0 <= sheet.winner < sides:
        raise ValueError(f"winner {sheet.winner} is not a side index")
    for row in sheet.rows:
        if len(row.marks) != sides or len(row.running) != sides:
            raise ValueError(f"deal {row.number}: marks and running totals need {sides} entries")
        if row.makers is not None and not 0 <= row.makers < sides:
            raise ValueError(f"deal {row.number}: makers {row.makers} is not a side index")
    return sides


def _note_cell(sheet: GameSheet, row: SheetRow) -> Paragraph | str:
    parts = []
    if row.makers is not None:
        parts.append(f"<b>{_esc(sheet.side_names[row.makers])}</b>")
    if row.note:
        # a void deal's note (no makers) in grey: what a sheet in ink writes in pencil
        note = _esc(row.note)
        parts.append(
            f'<font color="{FAINT.hexval()[2:]}">{note}</font>' if row.makers is None else note
        )
    if row.dealer:
        parts.append(_esc(_("dealt by %(name)s") % {"name": row.dealer}))
    return Paragraph(" \u2013 ".join(parts), _NOTE) if parts else ""


def render_game_sheet(sheet: GameSheet) -> bytes:
    """The game's hick sheet as PDF bytes; long games continue on further pages.

    Raises ValueError for a page size other than "A4" or "Letter", or for a sheet whose rows do
    not match its number of sides (a bug in the caller, not a user's mistake).
    """
    page_size = _page_size(sheet.page_size)
    sides = _check_game(sheet)
    buffer = io.BytesIO()
    doc = _document(buffer, page_size, sheet.title)
    width = doc.width - 12  # the frame keeps 6 points of padding each side

    info = []
    if sheet.club:
        info.append(_labelled(_club_label(), sheet.club))
    when_where = []
    if sheet.date:
        when_where.append(_labelled(_date_label(), sheet.date))
    if sheet.table:
        when_where.append(_labelled(_table_word(), sheet.table))
    if when_where:
        info.append("&nbsp;&nbsp;&nbsp;".join(when_where))

    story: list[Flowable] = [
        _header(
            title=sheet.title,
            info=info,
            length=length_text(sheet.target, sheet.deals),
            ruleset_name=sheet.ruleset_name,
            ruleset_lines=sheet.ruleset_lines,
            width=width,
        ),
        Spacer(1, 10),
    ]

    names: list[Flowable | str] = [_p(name, _COL_HEAD) for name in sheet.side_names]
    columns = sheet.columns
    layout = _Layout(sides, columns)
    data = _head_rows(names, sides, columns)
    # A game of fixed deals in play: the deals still to play as empty numbered rows.
    played = sheet.rows[-1].number if sheet.rows else 0
    finished = sheet.winner is not None or sheet.drawn
    to_play = range(played + 1, (sheet.deals or 0) + 1) if not finished else range(0)
    style = _grid_style(sides, len(sheet.rows) + len(to_play), columns)
    for i, row in enumerate(sheet.rows, start=2):
        line: list[Flowable | str] = [str(row.number)]
        if columns.contract:
            line += [_printable(row.contract), _printable(row.factor)]
        for side in range(sides):
            if columns.roem and len(row.points) == len(row.roem) == sides:
                line += [_printable(row.points[side]), _printable(row.roem[side])]
            elif columns.roem:
                line += [_printable(row.marks[side]), ""]
            else:
                line.append(_printable(row.marks[side]))
            line.append(str(row.running[side]))
            # A set as the sheet knows it (a dedans whose takers keep their belote writes
            # "20"); by its mark on a row that does not say.
            if row.sets[side] if row.sets else row.marks[side].strip().upper() in SET_MARKS:
                col = layout.side_col(side)
                style.append(("FONT", (col, i), (col, i), BOLD, 10))
                style.append(("TEXTCOLOR", (col, i), (col, i), SET_RED))
        if columns.marks:
            line.append(_p(row.marks_text, _MARKS) if row.marks_text else "")
        line.append(_note_cell(sheet, row))
        data.append(line)
    for number in to_play:
        data.append([str(number)] + [""] * (layout.count - 1))
    if to_play:
        first = 2 + len(sheet.rows)
        style.append(("TEXTCOLOR", (0, first), (0, first + len(to_play) - 1), FAINT))
    totals: list[Flowable | str] = [pgettext("row heading: the sides' totals", "Total")]
    totals += [""] * (layout.lead - 1)
    for side, total in enumerate(sheet.totals):
        if columns.roem and len(sheet.side_totals) == sides:
            totals += [str(n) for n in sheet.side_totals[side]]
        else:
            totals += [""] * (layout.per_side - 1)
        totals.append(str(total))
    totals += [""] * (layout.count - len(totals))
    data.append(totals)

    widths = layout.widths(width)
    style += _head_sizes(data, widths)
    grid = LongTable(data, colWidths=widths, repeatRows=2)
    grid.setStyle(TableStyle(style))
    story.append(grid)

    ending: list[Flowable] = [Spacer(1, 12), Paragraph(escape(_("Overview")), _OVERVIEW)]
    # the totals again, for when this block is pushed to a page of its own
    standing = ", ".join(
        _("%(side)s %(score)s") % {"side": name, "score": total}
        for name, total in zip(sheet.side_names, sheet.totals, strict=True)
    )
    if sheet.drawn:
        ending.append(_p(drawn_text(sheet.totals), _RESULT))
        ending.append(_p(_("Final score: %(scores)s") % {"scores": standing}, _HELD))
    elif sheet.winner is None:
        ending.append(Paragraph(escape(_("In progress")), _RESULT))
        if sheet.deals is not None:
            ending.append(
                Paragraph(
                    escape(
                        _("After deal %(deal)d of %(deals)d")
                        % {"deal": played, "deals": sheet.deals}
                    ),
                    _HELD,
                )
            )
        ending.append(_p(_("Totals so far: %(scores)s") % {"scores": standing}, _HELD))
        if sheet.next_dealer:
            ending.append(_p(_("Deals next: %(name)s") % {"name": sheet.next_dealer}, _HELD))
    else:
        winner = {"name": sheet.side_names[sheet.winner], "score": sheet.totals[sheet.winner]}
        ending.append(_p(_("Winner: %(name)s, %(score)s") % winner, _RESULT))
        ending.append(_p(_("Final score: %(scores)s") % {"scores": standing}, _HELD))
    if sheet.held > 0:
        held = ngettext(
            "Held: %(count)d point from tied deals, for the winner of the next deal",
            "Held: %(count)d points from tied deals, for the winner of the next deal",
            sheet.held,
        )
        ending.append(Paragraph(escape(held % {"count": sheet.held}), _HELD))
    ending += [Spacer(1, 6), _signatures(list(sheet.side_names), width)]
    story.append(KeepTogether(ending))
    if sheet.rows:
        # The game as a picture: the web page's chart, the same Drawing.
        chart = game_chart(
            [_printable(n) for n in sheet.side_names],
            game_lines(sheet.rows),
            sheet.target,
            width=min(width, 480),
            deals=sheet.deals,
            set_mark=sheet.set_mark,
        )
        story.append(
            KeepTogether(
                [Spacer(1, 14), Paragraph(escape(_("The game deal by deal")), _OVERVIEW), chart]
            )
        )

    footer = _printable(
        " \u00b7 ".join(
            part
            for part in (sheet.title, sheet.club, sheet.date, _table_label(sheet.table))
            if part
        )
    )
    doc.build(story, canvasmaker=_canvas_with_footer(footer))
    return buffer.getvalue()


def drawn_text(totals: Sequence[int]) -> str:
    """A drawn game's result: "Drawn, 1296 each"; "Drawn, 900 – 900 – 700" when a third side
    has less."""
    if len(set(totals)) == 1:
        return _("Drawn, %(total)s each") % {"total": totals[0]}
    return _("Drawn, %(scores)s") % {"scores": " \u2013 ".join(str(t) for t in totals)}


def _table_label(table: str) -> str:
    return pgettext("a card table", "Table %(table)s") % {"table": table} if table else ""


# --- blank sheets --------------------------------------------------------------------------


def _check_blank(sheet: BlankSheet) -> None:
    if sheet.sides not in (2, 3):
        raise ValueError(f"a sheet has 2 or 3 sides, not {sheet.sides}")
    if len(sheet.side_names) > sheet.sides:
        raise ValueError(f"{len(sheet.side_names)} names for {sheet.sides} sides")
    if _blank_rows(sheet) < 1:
        raise ValueError(f"deal_rows must be at least 1, not {_blank_rows(sheet)}")
    if len(sheet.entry_links) > sheet.sides:
        raise ValueError(f"{len(sheet.entry_links)} entry links for {sheet.sides} sides")
    for link in sheet.entry_links:
        if not link.url:
            raise ValueError(f"the entry link {link.label!r} has no address")


def _blank_rows(sheet: BlankSheet) -> int:
    """A blank sheet's deal rows: a game of fixed deals has one a deal (a boom, 16)."""
    return sheet.deals if sheet.deals is not None else sheet.deal_rows


def _blank_page(sheet: BlankSheet, width: float, height: float) -> list[Flowable]:
    """One sheet's flowables, the deal rows as tall as fits the page (at most 20 points)."""
    info = [_labelled(_table_word(), sheet.table or "__________")]
    if sheet.round_name:
        # The round's name says "Round 2" itself: no label before it.
        info.append(f"<b>{_esc(sheet.round_name)}</b>")
    info.append(_labelled(_date_label(), sheet.date or "____________________"))
    header = _header(
        title=sheet.title or _("Hick sheet"),
        info=info,
        length=length_text(sheet.target, sheet.deals),
        ruleset_name=sheet.ruleset_name,
        ruleset_lines=sheet.ruleset_lines,
        width=width,
    )
    names = list(sheet.side_names) + [""] * (sheet.sides - len(sheet.side_names))
    heads = [_p(name, _COL_HEAD) if name else "" for name in names]
    layout = _Layout(sheet.sides, sheet.columns)
    data = _head_rows(heads, sheet.sides, sheet.columns)
    columns = layout.widths(width)
    deal_rows = _blank_rows(sheet)
    for number in range(1, deal_rows + 1):
        data.append([str(number)] + [""] * (layout.count - 1))
    data.append([pgettext("row heading: the sides' totals", "Total")] + [""] * (layout.count - 1))
    style = _grid_style(sheet.sides, deal_rows, sheet.columns)
    style += _head_sizes(data, columns)
    style.append(("TEXTCOLOR", (0, 2), (0, -2), FAINT))

    blank_winner = _("Winner: %(name)s") % {"name": "______________________________"}
    result = Paragraph(escape(blank_winner), _RESULT)
    unnamed = [_("side %(number)d") % {"number": i} for i in range(1, len(names) + 1)]
    signatures = _signatures(
        [name or side for name, side in zip(names, unnamed, strict=True)], width
    )
    top: list[Flowable] = [header, Spacer(1, 10)]
    if sheet.entry_links:
        top += [_entry_links(sheet.entry_links, sheet.sides, width), Spacer(1, 8)]
    fixed = [*top, Spacer(1, 12), result, Spacer(1, 6), signatures]
    used = sum(f.wrap(width, height)[1] for f in fixed)
    # A long name wraps: its row grows to hold it (the cell's padding is 6 a side, 5 in all
    # above and below).
    name_width = sum(columns[layout.side_col(0) : layout.side_col(1)]) - 12
    names_height = max(
        (h.wrap(name_width, height)[1] for h in heads if isinstance(h, Paragraph)), default=0.0
    )
    first_row = max(16.0, names_height + 5)
    head_height, total_height = first_row + 16.0, 20.0
    row_height = min(20.0, (height - used - head_height - total_height - 4) / deal_rows)
    if row_height < 10:
        raise ValueError(f"{deal_rows} deal rows do not fit on one page")
    # short rows: a smaller deal number, centred without padding, so it stays inside its cell
    style += [
        ("FONT", (0, 2), (0, -2), FONT, min(9.0, row_height - 3)),
        ("TOPPADDING", (0, 2), (-1, -2), 0),
        ("BOTTOMPADDING", (0, 2), (-1, -2), 1),
    ]
    heights = [first_row, 16.0] + [row_height] * deal_rows + [total_height]
    grid = Table(data, colWidths=columns, rowHeights=heights)
    grid.setStyle(TableStyle(style))
    return [*top, grid, Spacer(1, 12), result, Spacer(1, 6), signatures]


QR_SIZE = 78.0  # points: about 27 mm, a code of 40-odd modules scans from a phone held above it
URL_SIZE = 7.5  # the largest size the printed address is set in; smaller if it must fit


class _QrCode(Flowable):
    """A QR code of ``url``, ``size`` points square, quiet zone included; see the module."""

    def __init__(self, url: str, size: float = QR_SIZE) -> None:
        super().__init__()
        self.url = url
        self.size = size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        name = "qr-" + hashlib.sha1(self.url.encode()).hexdigest()[:16]
        canvas = self.canv
        if not canvas.hasForm(name):
            canvas.beginForm(name, 0, 0, self.size, self.size)
            # Level M: a crease or a spot of beer across the code still reads.
            code = QrCodeWidget(self.url, barWidth=self.size, barHeight=self.size, barLevel="M")
            drawing = Drawing(self.size, self.size)
            drawing.initialFontName = FONT  # not Helvetica, which it would name among the fonts
            drawing.add(code)
            renderPDF.draw(drawing, canvas, 0, 0)
            canvas.endForm()
        canvas.doForm(name)


def _url_paragraph(url: str, width: float) -> Paragraph:
    """The address in one line if it fits at 5.5 points or more, else wrapped."""
    text = _printable(url)
    size = min(URL_SIZE, max(5.5, URL_SIZE * width / max(stringWidth(text, FONT, URL_SIZE), 1)))
    style = ParagraphStyle("url", fontName=FONT, fontSize=size, leading=size + 1.5)
    return Paragraph(escape(text), style)


def _entry_links(links: tuple[EntryLink, ...], sides: int, width: float) -> Table:
    """One cell a side: the code with its label and a word of help beside it, the address
    under it."""
    cell_width = width / sides
    cells: list[Flowable | str] = []
    for link in links:
        beside: list[Flowable] = [
            _p(link.label, _LINK_LABEL),
            Spacer(1, 3),
            Paragraph(
                escape(
                    _(
                        "Scan with a phone to enter the deals as you play, or to confirm the "
                        "other side’s result."
                    )
                ),
                _LINK_HELP,
            ),
        ]
        inner = Table(
            [[_QrCode(link.url), beside], [_url_paragraph(link.url, cell_width - 8), ""]],
            colWidths=[QR_SIZE + 6, cell_width - QR_SIZE - 14],
        )
        inner.setStyle(
            _styled(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("SPAN", (0, 1), (1, 1)),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (1, 0), (1, 0), 8),
                    ("BOTTOMPADDING", (0, 0), (0, 0), 1),
                ]
            )
        )
        cells.append(inner)
    cells += [""] * (sides - len(links))
    strip = Table([cells], colWidths=[cell_width] * sides)
    strip.setStyle(
        _styled(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("BOX", (0, 0), (-1, -1), 0.5, GRID),
                ("LINEBEFORE", (1, 0), (-1, 0), 0.5, GRID),
            ]
        )
    )
    return strip


def render_blank_sheets(
    sheets: Sequence[BlankSheet],
    page_size: str = "A4",
    *,
    title: str = "",
    footer: str = "",
) -> bytes:
    """Blank hick sheets as PDF bytes, one page per sheet, in the order given; ``title`` is the
    document's ("Blank hick sheets"), ``footer`` is printed at the foot of every page.

    Raises ValueError for a page size other than "A4" or "Letter", for no sheets at all, and for
    a sheet with other than 2 or 3 sides, more names (or entry links) than sides, an entry link
    without an address, or more deal rows than fit.
    """
    size = _page_size(page_size)
    if not sheets:
        raise ValueError("no sheets to render")
    for sheet in sheets:
        _check_blank(sheet)
    title = title or _("Blank hick sheets")
    footer = footer or _("Hicksheet blank sheet")
    buffer = io.BytesIO()
    doc = _document(buffer, size, title)
    # the frame's own padding (6 points each side) is not part of doc.height
    height = doc.height - 12
    story: list[Flowable] = []
    for i, sheet in enumerate(sheets):
        if i:
            story.append(PageBreak())
        story += _blank_page(sheet, doc.width - 12, height)
    doc.build(story, canvasmaker=_canvas_with_footer(_printable(footer)))
    return buffer.getvalue()
