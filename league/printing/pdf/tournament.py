"""A tournament's printed documents: the table pack of a round, the bracket, the final ranking.

A renderer takes a plain frozen dataclass and returns the PDF's bytes. The dataclasses are
:mod:`league.tournaments.presenters`' (built once there for the pages and the paper, words
and all); this module imports them only to name their types, reads no database, and draws
what it is given, its own few words (headings) in the active language.

What it draws (see the presenters for the words):

- a *table pack*: one blank hick sheet a table of a round, pre-filled
  (:class:`~league.printing.pdf.sheets.BlankSheet` does the drawing);
- a *box*: one match of a bracket, two lines, home above away, each a name (or what will fill
  it, in grey, slanted) and a score, the winner's line in bold on grey; over the box its id,
  its tag and its label ("W2-1 · In play at table 1");
- a box's *feeds*: the lines that join it to the boxes of the same section whose winners come
  into it. A side that comes from elsewhere (a seed, the loser of another match) has no line;
- a *section*: a part of the bracket drawn on its own, its *columns* its rounds; under the
  sections, what the boxes' codes mean ("Match codes: W1-1: round 1, match 1; ...");
- *pairings*: the rounds of a format that is not a bracket, one line a table;
- the *ranking*: the final order, places from the bracket, or the standings.

A bracket is laid out as a tree from its last match back: a box fed by two boxes sits half
way between them, a box fed by one sits level with it, and a box fed by none takes the next
two of evenly spaced slots, top to bottom. So round 1's boxes are evenly spaced, each later
box sits between the two it comes from, a seed with a bye meets a round-1 winner level with
that match, and a losers' bracket's dropped losers come in on straight lines. A section too
wide or too tall for the page is drawn smaller, as one piece.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    LongTable,
    Paragraph,
    Spacer,
    TableStyle,
)

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
    render_blank_sheets,
)

if TYPE_CHECKING:  # the types only: no Django when the renderers run
    from league.tournaments.presenters import (
        BracketBox,
        BracketSection,
        BracketSheet,
        PairingRound,
        RankingSheet,
        TablePack,
    )

__all__ = [
    "render_bracket",
    "render_ranking",
    "render_table_pack",
]


# --- the table pack ------------------------------------------------------------------------


def render_table_pack(pack: TablePack) -> bytes:
    """The round's sheets as PDF bytes, one page a table.

    Raises ValueError for a pack without sheets, and as :func:`render_blank_sheets` does.
    """
    if not pack.sheets:
        raise ValueError("a table pack needs at least one sheet")
    return render_blank_sheets(
        pack.sheets,
        pack.page_size,
        title=_("%(title)s: %(round)s, table sheets")
        % {"title": pack.title, "round": pack.round_name},
        footer=f"{pack.title} \u00b7 {pack.round_name} \u00b7 Hicksheet",
    )


# --- the bracket ---------------------------------------------------------------------------


# look of the bracket, in points
BOX_WIDTH = 132.0  # at the least; wider, up to MAX_BOX_WIDTH, when few rounds leave room
MAX_BOX_WIDTH = 210.0
LINE_HEIGHT = 13.0  # one name line of a box
BOX_HEIGHT = 2 * LINE_HEIGHT
LABEL_HEIGHT = 9.0  # the label over a box
COLUMN_GAP = 24.0
SLOT = (BOX_HEIGHT + LABEL_HEIGHT + 7) / 2  # two slots: one box of round 1 and its label
COLUMN_TITLE = 16.0
NAME_SIZE = 8.5
LABEL_SIZE = 6.5
WINNER_BG = colors.HexColor("#E6E6E6")
SLANT = 12.0  # degrees: the slant of a name still to come (the font has no italic face)
SECTION_SPACE = 12.0  # under a section
FIRST_PAGE_SHRINK = 0.8

_TITLE = ParagraphStyle("t_title", fontName=BOLD, fontSize=20, leading=24)
_INFO = ParagraphStyle("t_info", fontName=FONT, fontSize=10.5, leading=14)
_CHAMPION = ParagraphStyle("t_champion", fontName=BOLD, fontSize=14, leading=18)
_TITLE_2 = ParagraphStyle("t_title_2", fontName=BOLD, fontSize=14, leading=18)
_SECTION = ParagraphStyle("t_section", fontName=BOLD, fontSize=12, leading=15)
_NOTE = ParagraphStyle("t_note", fontName=FONT, fontSize=9, leading=12, textColor=FAINT)
_CELL = ParagraphStyle("t_cell", fontName=FONT, fontSize=10, leading=12)
_CELL_BOLD = ParagraphStyle("t_cell_bold", fontName=BOLD, fontSize=10, leading=12)
_CELL_HEAD = ParagraphStyle("t_cell_head", fontName=BOLD, fontSize=9.5, leading=11)
_CELL_HEAD_CENTRED = ParagraphStyle(
    "t_cell_head_centred", parent=_CELL_HEAD, alignment=1, splitLongWords=False
)


@dataclass(frozen=True)
class _Placed:
    box: BracketBox
    x: float  # left edge
    top: float  # top edge, measured down from the top of the section


@dataclass(frozen=True)
class _Layout:
    box_width: float
    width: float
    height: float
    titles: tuple[tuple[float, str], ...]  # x of each column, its title
    boxes: tuple[_Placed, ...]


def _layout(section: BracketSection, box_width: float = BOX_WIDTH) -> _Layout:
    """Where every box of ``section`` goes (see the module). ValueError for a box that feeds
    a box it does not come before, feeds two boxes, or is fed by one that is not there."""
    column_of: dict[str, int] = {}
    boxes: dict[str, BracketBox] = {}
    for index, column in enumerate(section.columns):
        for box in column.boxes:
            if box.id in boxes:
                raise ValueError(f"box {box.id} is in the bracket twice")
            boxes[box.id] = box
            column_of[box.id] = index
    fed: dict[str, str] = {}
    for box in boxes.values():
        for feed in box.feeds:
            if feed is None:
                continue
            if feed not in boxes:
                raise ValueError(f"box {box.id} is fed by {feed}, which is not in its section")
            if column_of[feed] >= column_of[box.id]:
                raise ValueError(f"box {box.id} is fed by {feed}, which is not to its left")
            if feed in fed:
                raise ValueError(f"box {feed} feeds both {fed[feed]} and {box.id}")
            fed[feed] = box.id
    centre: dict[str, float] = {}
    slots = 0

    def place(box_id: str) -> float:
        nonlocal slots
        feeders = [place(feed) for feed in boxes[box_id].feeds if feed is not None]
        if not feeders:
            feeders = [(slots + 0.5) * SLOT, (slots + 1.5) * SLOT]
            slots += 2
        centre[box_id] = sum(feeders) / len(feeders)
        return centre[box_id]

    for column in section.columns:
        for box in column.boxes:
            if box.id not in fed:
                place(box.id)

    # The top box's label sits just under the column titles.
    first = min((c - BOX_HEIGHT / 2 for c in centre.values()), default=0.0)
    shift = COLUMN_TITLE + LABEL_HEIGHT - first
    placed = tuple(
        _Placed(
            box=boxes[box_id],
            x=column_of[box_id] * (box_width + COLUMN_GAP),
            top=c - BOX_HEIGHT / 2 + shift,
        )
        for box_id, c in centre.items()
    )
    width = len(section.columns) * (box_width + COLUMN_GAP) - COLUMN_GAP
    height = max((p.top + BOX_HEIGHT for p in placed), default=COLUMN_TITLE) + 2
    titles = tuple(
        (i * (box_width + COLUMN_GAP), column.title) for i, column in enumerate(section.columns)
    )
    return _Layout(
        box_width=box_width, width=max(width, 0.0), height=height, titles=titles, boxes=placed
    )


def _fit(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut short with an ellipsis so that it fits ``width``."""
    text = _printable(text)
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "\u2026", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


class _BracketDrawing(Flowable):
    """One section of a bracket, drawn at ``scale``."""

    def __init__(self, layout: _Layout, scale: float) -> None:
        super().__init__()
        self.layout = layout
        self.scale = scale

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.layout.width * self.scale, self.layout.height * self.scale

    def draw(self) -> None:
        canvas, layout = self.canv, self.layout
        canvas.saveState()
        canvas.scale(self.scale, self.scale)
        height = layout.height

        def down(y: float) -> float:  # the layout measures down from the top
            return height - y

        canvas.setFont(BOLD, 9)
        canvas.setFillColor(colors.black)
        for x, title in layout.titles:
            canvas.drawString(x, down(COLUMN_TITLE - 5), _fit(title, BOLD, 9, layout.box_width))
        by_id = {p.box.id: p for p in layout.boxes}
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.8)
        for placed in layout.boxes:
            for side, feed in enumerate(placed.box.feeds):
                if feed is None:
                    continue
                source = by_id[feed]
                start_x = source.x + layout.box_width
                start_y = down(source.top + BOX_HEIGHT / 2)
                end_y = down(placed.top + LINE_HEIGHT * (side + 0.5))
                middle = placed.x - COLUMN_GAP / 2
                path = canvas.beginPath()
                path.moveTo(start_x, start_y)
                path.lineTo(middle, start_y)
                path.lineTo(middle, end_y)
                path.lineTo(placed.x, end_y)
                canvas.drawPath(path, stroke=1, fill=0)
        for placed in layout.boxes:
            self._box(placed, down)
        canvas.restoreState()

    def _box(self, placed: _Placed, down: Callable[[float], float]) -> None:
        canvas, box, x = self.canv, placed.box, placed.x
        width = self.layout.box_width
        bottom = down(placed.top + BOX_HEIGHT)
        canvas.setFillColor(colors.white)
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.8)
        canvas.rect(x, bottom, width, BOX_HEIGHT, stroke=1, fill=1)
        if box.winner is not None:
            canvas.setFillColor(WINNER_BG)
            line_bottom = down(placed.top + LINE_HEIGHT * (box.winner + 1))
            canvas.rect(x, line_bottom, width, LINE_HEIGHT, stroke=0, fill=1)
            canvas.rect(x, bottom, width, BOX_HEIGHT, stroke=1, fill=0)
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.4)
        middle = down(placed.top + LINE_HEIGHT)
        canvas.line(x, middle, x + width, middle)
        label = " \u00b7 ".join(part for part in (box.id, box.tag, box.label) if part)
        canvas.setFillColor(FAINT)
        canvas.setFont(FONT, LABEL_SIZE)
        canvas.drawString(x + 1, down(placed.top - 2.5), _fit(label, FONT, LABEL_SIZE, width))
        for side in (0, 1):
            won = box.winner == side
            baseline = down(placed.top + LINE_HEIGHT * (side + 1) - 4)
            score = _printable(box.scores[side])
            score_font = BOLD if won else FONT
            score_width = stringWidth(score, score_font, NAME_SIZE) if score else 0.0
            font = BOLD if won else FONT
            room = width - 8 - (score_width + 6 if score else 0)
            name = _fit(box.names[side], font, NAME_SIZE, room)
            if box.known[side]:
                canvas.setFillColor(colors.black)
                canvas.setFont(font, NAME_SIZE)
                canvas.drawString(x + 4, baseline, name)
            else:
                # what will fill the line, in grey and slanted as if in italics
                canvas.saveState()
                canvas.setFillColor(FAINT)
                canvas.setFont(font, NAME_SIZE)
                canvas.translate(x + 4, baseline)
                canvas.skew(0, SLANT)
                canvas.drawString(0, 0, _fit(box.names[side], font, NAME_SIZE, room - 2))
                canvas.restoreState()
            if score:
                canvas.setFillColor(colors.black)
                canvas.setFont(score_font, NAME_SIZE)
                canvas.drawRightString(x + width - 4, baseline, score)


def _frame(size: tuple[float, float]) -> tuple[float, float]:
    # sheets._document's margins, and the 6 points of padding a frame keeps each side
    return size[0] - 2 * MARGIN - 12, size[1] - 2 * MARGIN - 12


def _heading(title: str, lines: list[str], champion: str | None) -> list[Flowable]:
    story: list[Flowable] = [Paragraph(_esc(title), _TITLE), Spacer(1, 3)]
    story += [Paragraph(line, _INFO) for line in lines if line]
    if champion is not None:
        story += [Spacer(1, 4), Paragraph(champion, _CHAMPION)]
    story.append(Spacer(1, 8))
    return story


def _pairings(rounds: tuple[PairingRound, ...], width: float) -> list[Flowable]:
    table, score, note = 40.0, 90.0, 120.0
    name = (width - table - score - note) / 2
    story: list[Flowable] = []
    for night in rounds:
        head = [
            Paragraph(_esc(pgettext("column heading: a card table", "Table")), _CELL_HEAD_CENTRED),
            Paragraph(
                _esc(pgettext("column heading: the first side of a match", "Home")), _CELL_HEAD
            ),
            Paragraph(_esc(_("Score")), _CELL_HEAD_CENTRED),
            Paragraph(
                _esc(pgettext("column heading: the second side of a match", "Away")), _CELL_HEAD
            ),
            "",
        ]
        data: list[list[Flowable | str]] = [head]
        for row in night.rows:
            cells: list[Flowable | str] = [_printable(row.table)]
            for side in (0, 1):
                style = _CELL_BOLD if row.winner == side else _CELL
                cells.append(Paragraph(_esc(row.names[side]), style))
                if side == 0:
                    cells.append(_printable(row.score))
            cells.append(Paragraph(_esc(row.note), _NOTE) if row.note else "")
            data.append(cells)
        grid = LongTable(data, colWidths=[table, name, score, name, note], repeatRows=1)
        grid.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 10),
                    ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("ALIGN", (0, 0), (0, -1), "CENTER"),
                    ("ALIGN", (2, 0), (2, -1), "CENTER"),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, GRID),
                    ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
                    ("TOPPADDING", (0, 0), (-1, -1), 2),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                ]
            )
        )
        block: list[Flowable] = [Paragraph(_esc(night.title), _SECTION), Spacer(1, 3), grid]
        if night.sitting_out:
            sitting = _("Sitting out: %(names)s") % {"names": ", ".join(night.sitting_out)}
            block.append(Paragraph(_esc(sitting), _NOTE))
        block.append(Spacer(1, 10))
        # KeepTogether moves a round to the next page rather than split it, and lets one
        # longer than a page run on, its heading row repeated.
        story.append(KeepTogether(block))
    return story


def render_bracket(sheet: BracketSheet) -> bytes:
    """The bracket (or the pairings) as PDF bytes, on a page on its side.

    Raises ValueError for a page size other than "A4" or "Letter", or for boxes whose feeds
    do not make a bracket (bugs of the caller).
    """
    size = landscape(_page_size(sheet.page_size))
    width, height = _frame(size)
    # One box width for every section, so that their columns line up.
    columns = max((len(section.columns) for section in sheet.sections), default=1)
    box_width = min(MAX_BOX_WIDTH, max(BOX_WIDTH, (width + COLUMN_GAP) / columns - COLUMN_GAP))
    layouts = [(section, _layout(section, box_width)) for section in sheet.sections]
    buffer = io.BytesIO()
    doc = _document(buffer, size, _("%(title)s: bracket") % {"title": sheet.title})

    info = [
        " \u00b7 ".join(_esc(part) for part in (sheet.club, sheet.date) if part),
        " \u00b7 ".join(_esc(part) for part in (sheet.format_name, sheet.ruleset_name) if part),
    ]
    champion = None
    if sheet.champion:
        champion = _esc(_("Champion: %(name)s") % {"name": sheet.champion})
    elif sheet.sections:
        champion = _esc(_("Champion: still to be decided"))
    story = _heading(sheet.title, info, champion)
    if sheet.note:
        story += [Paragraph(_esc(sheet.note), _INFO), Spacer(1, 8)]
    # What the heading leaves of the first page: the first section goes there if it is drawn
    # no smaller than FIRST_PAGE_SHRINK of the size it would have on a page of its own.
    left = height - sum(f.wrap(width, height)[1] for f in story)
    for index, (section, layout) in enumerate(layouts):
        around = (_SECTION.leading + 4 if section.title else 0.0) + SECTION_SPACE + 2
        across = width / max(layout.width, 1.0)
        scale = min(1.0, across, (height - around) / max(layout.height, 1.0))
        if index == 0:
            here = min(1.0, across, (left - around) / max(layout.height, 1.0))
            if here >= FIRST_PAGE_SHRINK * scale:
                scale = here
        block: list[Flowable] = []
        if section.title:
            block += [Paragraph(_esc(section.title), _SECTION), Spacer(1, 4)]
        block += [_BracketDrawing(layout, scale), Spacer(1, SECTION_SPACE)]
        story.append(KeepTogether(block))
    if sheet.sections and sheet.codes:
        story += [Paragraph(_esc(sheet.codes), _INFO), Spacer(1, SECTION_SPACE)]
    if sheet.rounds:
        if sheet.sections:
            story.append(CondPageBreak(height / 3))
        if sheet.rounds_title:
            story += [Paragraph(_esc(sheet.rounds_title), _TITLE_2), Spacer(1, 6)]
        story += _pairings(sheet.rounds, width)
    if not sheet.sections and not sheet.rounds:
        story.append(Paragraph(_esc(_("Nothing is drawn yet.")), _INFO))

    on = _("bracket on %(date)s") % {"date": sheet.date}
    footer = _printable(f"{sheet.title} \u00b7 {on} \u00b7 Hicksheet")
    doc.build(story, canvasmaker=_canvas_with_footer(footer))
    return buffer.getvalue()


# --- the ranking ---------------------------------------------------------------------------


PLACE_WIDTH = 48.0  # at the least; as wide as the heading in a longer language
CELL_PADDING = 6.0  # reportlab's default left and right padding of a cell
MIN_ENTRANT_WIDTH = 150.0
TEXT_SIZE = 11.0
_ROW = ParagraphStyle("t_row", fontName=FONT, fontSize=TEXT_SIZE, leading=TEXT_SIZE + 2)
_ROW_BOLD = ParagraphStyle("t_row_bold", fontName=BOLD, fontSize=TEXT_SIZE, leading=TEXT_SIZE + 2)
MEDALS = 3  # the first three places are printed in bold


def _ranking_widths(sheet: RankingSheet, width: float) -> list[float]:
    """Place; each value column as wide as its heading or its widest value; the names take
    what is left (at least MIN_ENTRANT_WIDTH, else ValueError)."""
    values = [
        max(
            [stringWidth(c, BOLD, _CELL_HEAD.fontSize), stringWidth("000", BOLD, TEXT_SIZE)]
            + [stringWidth(_printable(row.values[i]), BOLD, TEXT_SIZE) for row in sheet.rows]
        )
        + 2 * CELL_PADDING
        for i, c in enumerate(sheet.columns)
    ]
    heading = stringWidth(_place_heading(), BOLD, _CELL_HEAD.fontSize) + 2 * CELL_PADDING
    place = max(PLACE_WIDTH, heading)
    name = width - place - sum(values)
    if name < MIN_ENTRANT_WIDTH:
        raise ValueError(f"{len(sheet.columns)} columns do not fit across the page")
    return [place, name, *values]


def _place_heading() -> str:
    return _printable(pgettext("column heading: a place in the ranking", "Place"))


def _numeric(text: str) -> bool:
    return text.lstrip("+-\u2013").replace(".", "", 1).isdigit() or text in ("", "\u2013")


def render_ranking(sheet: RankingSheet) -> bytes:
    """The ranking as PDF bytes.

    Raises ValueError for a page size other than "A4" or "Letter", a row whose values do not
    match the columns, or more columns than fit (bugs of the caller).
    """
    size = _page_size(sheet.page_size)
    for row in sheet.rows:
        if len(row.values) != len(sheet.columns):
            raise ValueError(f"{row.name}: {len(row.values)} values for {len(sheet.columns)}")
    try:
        widths = _ranking_widths(sheet, _frame(size)[0])
    except ValueError:
        # A long tie-break chain: the page on its side, where the columns fit, or a bug.
        size = landscape(size)
        widths = _ranking_widths(sheet, _frame(size)[0])
    buffer = io.BytesIO()
    doc = _document(buffer, size, f"{sheet.title}: {sheet.heading}")

    info = [
        f"<b>{_esc(sheet.heading)}</b>",
        " \u00b7 ".join(_esc(part) for part in (sheet.club, sheet.date) if part),
        " \u00b7 ".join(_esc(part) for part in (sheet.format_name, sheet.ruleset_name) if part),
    ]
    champion = _esc(_("Champion: %(name)s") % {"name": sheet.champion}) if sheet.champion else None
    story = _heading(sheet.title, info, champion)
    if sheet.note:
        story += [Paragraph(_esc(sheet.note), _NOTE), Spacer(1, 6)]

    head: list[Flowable | str] = [
        Paragraph(escape(_place_heading()), _CELL_HEAD),
        Paragraph(_esc(sheet.entrant_heading), _CELL_HEAD),
        *(Paragraph(_esc(c), _CELL_HEAD_CENTRED) for c in sheet.columns),
    ]
    data: list[list[Flowable | str]] = [head]
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, TEXT_SIZE),
        ("FONT", (0, 1), (0, -1), BOLD, TEXT_SIZE),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 1), (0, -1), "RIGHT"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 1.0, colors.black),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
    ]
    for column in range(len(sheet.columns)):
        # figures to the right, words ("Semi-final") to the left
        if all(_numeric(row.values[column]) for row in sheet.rows):
            style.append(("ALIGN", (2 + column, 1), (2 + column, -1), "RIGHT"))
    for index, row in enumerate(sheet.rows, start=1):
        medal = row.place.rstrip("=").isdigit() and int(row.place.rstrip("=")) <= MEDALS
        name = Paragraph(_esc(row.name), _ROW_BOLD if medal else _ROW)
        data.append([_printable(row.place), name, *(_printable(v) for v in row.values)])
        if medal:
            style.append(("FONT", (2, index), (-1, index), BOLD, TEXT_SIZE))
    if not sheet.rows:
        nobody = Paragraph(_esc(_("No entrants yet.")), _ROW)
        data.append(["", nobody] + [""] * len(sheet.columns))
    grid = LongTable(data, colWidths=widths, repeatRows=1)
    grid.setStyle(TableStyle(style))
    story.append(grid)

    footer = " \u00b7 ".join((sheet.title, sheet.heading, sheet.date, "Hicksheet"))
    footer = _printable(footer)
    doc.build(story, canvasmaker=_canvas_with_footer(footer))
    return buffer.getvalue()
