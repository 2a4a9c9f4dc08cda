"""The builders: plain series in, a reportlab ``Drawing`` out. Nothing here reads a database.

Every builder draws in units that are points on paper and CSS pixels on a page (the SVG is
scaled to the width it is given, keeping its shape): :data:`WIDTH` by :data:`HEIGHT` by
default, so that an 11-unit label still reads at about 10 px on a 360 px phone. The text is
set in DejaVu Sans, the PDFs' face (the SVG asks for the page's own font instead).

Each builder names the shapes a reader of the chart would point at (``drawing.target``, the
line of side 0 as ``drawing.line_0``, its set marks as ``drawing.sets_0``...), so that a test
can check that a point lands where it should; :class:`Plot` maps a value to its place.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.lib.attrmap import AttrMap, AttrMapValue
from reportlab.lib.validators import isAnything
from reportlab.pdfbase.pdfmetrics import stringWidth

from league.fonts import FONT, register

__all__ = [
    "HEIGHT",
    "ChartDrawing",
    "PALETTE",
    "WIDTH",
    "Plot",
    "RatingPoint",
    "SeasonFigures",
    "game_progress",
    "made_and_hicks_by_season",
    "nice_ticks",
    "positions_by_night",
    "rating_history",
    "short",
]

WIDTH = 320.0  # a 360 px phone's column, less the page's margins: drawn at its own size there
HEIGHT = 230.0
TEXT = 12.0  # labels
SMALL = 11.0  # tick labels

#: Line colours told apart by most colour-blind readers too (Okabe and Ito), black and grey
#: last; lines past the eighth repeat them with a dash.
PALETTE = tuple(
    colors.HexColor(c)
    for c in (
        "#0072B2",
        "#D55E00",
        "#009E73",
        "#CC79A7",
        "#E69F00",
        "#56B4E9",
        "#000000",
        "#7F7F7F",
    )
)
INK = colors.HexColor("#1D2421")
MUTED = colors.HexColor("#5B6660")
GRIDLINE = colors.HexColor("#D9D6CB")
SET_RED = colors.HexColor("#B00000")
BAND = colors.HexColor("#CFE3F1")


class ChartDrawing(Drawing):
    """A Drawing that keeps its plotting areas (:class:`Plot`), for whoever checks where a
    value was drawn."""

    _attrMap = AttrMap(
        BASE=Drawing,
        plot=AttrMapValue(isAnything, desc="the Plot of the chart"),
        made_plot=AttrMapValue(isAnything, desc="the Plot of the made % bars"),
        hicks_plot=AttrMapValue(isAnything, desc="the Plot of the hicks bars"),
    )


def _font() -> str:
    register()
    return str(FONT)


def short(text: str, width: float, size: float = TEXT) -> str:
    """``text`` cut (with "…") to fit ``width`` units at ``size``."""
    font = _font()
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def nice_ticks(low: float, high: float, count: int = 5, whole: bool = False) -> list[float]:
    """Round values (1, 2, 2.5 or 5 times a power of ten apart) from ``low`` to at least
    ``high``, about ``count`` of them; ``whole``: whole numbers only (positions)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(
        m * power
        for m in (1, 2, 2.5, 5, 10)
        if m * power >= raw and not (whole and not float(m * power).is_integer())
    )
    if step < 1 and float(low).is_integer() and float(high).is_integer():
        step = 1
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value < high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 10))
    return ticks


def _label(value: float) -> str:
    """An axis number in the reader's form ("2.5", "2,5"), with a minus sign ("−5")."""
    shown = formats.number_format(abs(value), 0 if float(value).is_integer() else 1)
    return ("\u2212" if value < 0 else "") + shown


@dataclass(frozen=True)
class Plot:
    """The plotting area (``left``, ``bottom``, ``width``, ``height``, in drawing units) and
    the values at its edges; ``flip`` puts ``y_low`` at the top (a rank: 1 on top)."""

    left: float
    bottom: float
    width: float
    height: float
    x_low: float
    x_high: float
    y_low: float
    y_high: float
    flip: bool = False

    def x(self, value: float) -> float:
        span = self.x_high - self.x_low or 1
        return self.left + (value - self.x_low) / span * self.width

    def y(self, value: float) -> float:
        span = self.y_high - self.y_low or 1
        share = (value - self.y_low) / span
        return self.bottom + ((1 - share) if self.flip else share) * self.height


def _axes(
    plot: Plot,
    x_ticks: Sequence[tuple[float, str]],
    y_ticks: Sequence[tuple[float, str]],
    font: str,
) -> Group:
    """Grid lines at the y ticks, the x axis, and the tick labels."""
    group = Group()
    for value, text in y_ticks:
        y = plot.y(value)
        group.add(Line(plot.left, y, plot.left + plot.width, y, strokeColor=GRIDLINE))
        group.add(
            String(
                plot.left - 4,
                y - SMALL / 3,
                text,
                fontName=font,
                fontSize=SMALL,
                fillColor=MUTED,
                textAnchor="end",
            )
        )
    group.add(Line(plot.left, plot.bottom, plot.left + plot.width, plot.bottom, strokeColor=MUTED))
    for value, text in x_ticks:
        x = plot.x(value)
        group.add(Line(x, plot.bottom, x, plot.bottom - 3, strokeColor=MUTED))
        group.add(
            String(
                x,
                plot.bottom - 3 - SMALL,
                text,
                fontName=font,
                fontSize=SMALL,
                fillColor=MUTED,
                textAnchor="middle",
            )
        )
    return group


def _axis_title(drawing: Drawing, plot: Plot, text: str, font: str) -> None:
    drawing.add(
        String(
            plot.left + plot.width / 2,
            2,
            text,
            fontName=font,
            fontSize=SMALL,
            fillColor=MUTED,
            textAnchor="middle",
        ),
        name="x_title",
    )


def _every(count: int, room: float, label_width: float) -> int:
    """Label every n-th of ``count`` x ticks so that labels do not run into each other."""
    fits = max(1, int(room // max(label_width, 1)))
    return max(1, math.ceil(count / fits))


def _x_ticks(first: int, last: int, room: float) -> list[tuple[float, str]]:
    """Whole-number x ticks from ``first`` to ``last``, thinned to fit ``room``."""
    step = _every(last - first + 1, room, 26)
    # round steps (1, 2, 5, 10...) read better than 3 or 7
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, step) if s >= step)
    values = [v for v in range(first, last + 1) if v % step == 0 or v == first]
    return [(v, str(v)) for v in values]


def _legend(
    drawing: Drawing,
    entries: Sequence[tuple[str, object, bool]],
    top: float,
    font: str,
    width: float,
) -> float:
    """A line each: a swatch (a line, or an × when the flag is set) and the words. Returns
    the y below the legend."""
    y = top
    for text, colour, cross in entries:
        y -= TEXT + 3
        if cross:
            drawing.add(_cross(9, y + TEXT / 3, colour))
        else:
            drawing.add(
                Line(2, y + TEXT / 3, 16, y + TEXT / 3, strokeColor=colour, strokeWidth=2.5)
            )
        drawing.add(
            String(22, y, short(text, width - 24), fontName=font, fontSize=TEXT, fillColor=INK)
        )
    return y


def _cross(x: float, y: float, colour: object, size: float = 4.5) -> Group:
    """An × centred on (x, y): the sheet's XX, a set."""
    return Group(
        Line(x - size, y - size, x + size, y + size, strokeColor=colour, strokeWidth=2),
        Line(x - size, y + size, x + size, y - size, strokeColor=colour, strokeWidth=2),
    )


def _value(x: float, y: float, text: str, font: str) -> String:
    """A bar's figure, just above it."""
    return String(x, y + 3, text, fontName=font, fontSize=SMALL, fillColor=INK, textAnchor="middle")


def _colour(index: int) -> object:
    return PALETTE[index % len(PALETTE)]


def _dash(index: int) -> list[float] | None:
    return None if index < len(PALETTE) else [4, 2]


def _target_line(drawing: Drawing, plot: Plot, target: int, font: str) -> None:
    """The dashed line at the game's target, labelled at its right end."""
    y = plot.y(target)
    drawing.add(
        Line(
            plot.left,
            y,
            plot.left + plot.width,
            y,
            strokeColor=SET_RED,
            strokeWidth=1.2,
            strokeDashArray=[5, 3],
        ),
        name="target",
    )
    drawing.add(
        String(
            plot.left + plot.width,
            y + 3,
            pgettext("chart: the game's target", "target %(target)s") % {"target": target},
            fontName=font,
            fontSize=SMALL,
            fillColor=SET_RED,
            textAnchor="end",
        ),
        name="target_label",
    )


# -- a game ---------------------------------------------------------------------------------
def game_progress(
    names: Sequence[str],
    totals: Sequence[Sequence[int]],
    sets: Sequence[Sequence[int]],
    target: int | None,
    *,
    deals: int | None = None,
    set_mark: str = "XX",
    width: float = WIDTH,
    height: float = HEIGHT,
) -> ChartDrawing:
    """Each side's running total deal by deal, the target, and an × where a side's makers
    were set (``set_mark``: what the sheet writes then, XX or nat, named in the legend). A
    game of fixed deals (``deals``, a boom of 16) has no target (``target`` None: no target
    line) and its x axis runs to its last deal.

    ``totals[s][i]`` is side ``s``'s total after deal ``i + 1`` (each line starts at 0 before
    deal 1); ``sets[s]`` the numbers of the deals side ``s`` made trump in and was set;
    ``target`` the game's target. Names: ``line_<s>`` (a PolyLine), ``sets_<s>`` (a Group of
    ×s, one a set deal), ``target`` (the Line at the target), ``plot`` (the :class:`Plot`).
    """
    font = _font()
    drawing = ChartDrawing(width, height)
    played = max((len(t) for t in totals), default=0)
    last = max(played, deals or 0)
    legend = [(name, _colour(s), False) for s, name in enumerate(names)]
    if any(sets):
        legend.append(
            (
                _("a deal in which the makers were set (XX)")
                if set_mark == "XX"
                else _("a deal in which the makers were set (%(mark)s)") % {"mark": set_mark},
                INK,
                True,
            )
        )
    bottom_of_legend = _legend(drawing, legend, height, font, width)
    top = max(max(t) for t in totals if t) if any(totals) else 0
    y_ticks = nice_ticks(0, max(top, target or 0), 4)
    left = 8 + max(stringWidth(_label(v), font, SMALL) for v in y_ticks)
    plot = Plot(
        left=left,
        bottom=12 + 2 * SMALL,
        width=width - left - 10,
        height=bottom_of_legend - 14 - (12 + 2 * SMALL),
        x_low=0,
        x_high=max(last, 1),
        y_low=0,
        y_high=y_ticks[-1],
    )
    drawing.plot = plot
    drawing.add(_axes(plot, _x_ticks(0, last, plot.width), [(v, _label(v)) for v in y_ticks], font))
    _axis_title(drawing, plot, pgettext("chart axis", "deal"), font)
    if target is not None:
        _target_line(drawing, plot, target, font)
    for s, side in enumerate(totals):
        points = [(plot.x(0), plot.y(0))] + [
            (plot.x(i + 1), plot.y(total)) for i, total in enumerate(side)
        ]
        flat = [c for point in points for c in point]
        drawing.add(
            PolyLine(
                flat,
                strokeColor=_colour(s),
                strokeWidth=2.5,
                strokeLineJoin=1,
                strokeDashArray=[6, 3] if s == 2 else None,
            ),
            name=f"line_{s}",
        )
        marks = Group()
        for number in sets[s] if s < len(sets) else ():
            if 1 <= number <= len(side):
                marks.add(_cross(plot.x(number), plot.y(side[number - 1]), _colour(s)))
        drawing.add(marks, name=f"sets_{s}")
    return drawing


# -- a season's positions ---------------------------------------------------------------------
def positions_by_night(
    names: Sequence[str],
    nights: Sequence[int],
    ranks: Sequence[Sequence[int]],
    *,
    axis: str = "",
    width: float = WIDTH,
    height: float = HEIGHT,
) -> ChartDrawing:
    """A bump chart: each entrant's position (1 at the top) after each night (``axis``: the
    word under the steps, "night" unless given: "round" for a tournament's).

    ``ranks[e][i]`` is entrant ``e``'s position after ``nights[i]``; the entrants come in
    the order their labels are stacked at the right (best last position first). Each line
    ends in a label, "3 Anna & Ben", moved up or down just enough not to overlap another.
    Names: ``line_<e>`` (a PolyLine), ``label_<e>`` (its String), ``plot``.
    """
    font = _font()
    drawing = ChartDrawing(width, height)
    worst = max((max(r) for r in ranks if r), default=1)
    count = len(nights)
    label_room = min(200.0, width * 0.38)
    # Every place while they fit (a small field reads 1, 2, 3, ...); else round steps.
    y_ticks = [1.0] + [v for v in nice_ticks(0, worst, 4, whole=True) if v > 1]
    if worst <= 10:
        y_ticks = [float(v) for v in range(1, int(worst) + 1)]
    if y_ticks[-1] > worst:
        y_ticks = [v for v in y_ticks if v <= worst] or [1.0]
    left = 8 + max(stringWidth(_label(v), font, SMALL) for v in y_ticks)
    plot = Plot(
        left=left,
        bottom=12 + 2 * SMALL,
        width=width - left - label_room - 6,
        height=height - 8 - (12 + 2 * SMALL),
        x_low=nights[0] if nights else 0,
        x_high=nights[-1] if count > 1 else (nights[0] + 1 if nights else 1),
        # half a place of room above the first and below the last
        y_low=0.5,
        y_high=max(worst, 2) + 0.5,
        flip=True,
    )
    drawing.plot = plot
    x_ticks = _x_ticks(nights[0], nights[-1], plot.width) if nights else []
    drawing.add(_axes(plot, x_ticks, [(v, _label(v)) for v in y_ticks], font))
    _axis_title(drawing, plot, axis or pgettext("chart axis", "night"), font)
    ends: list[float] = []
    lines: list[tuple[int, list[float]]] = []
    for e, line in enumerate(ranks):
        points = [(plot.x(n), plot.y(r)) for n, r in zip(nights, line, strict=True)]
        flat = [c for point in points for c in point]
        if len(points) == 1:  # one night: a short stroke to be seen
            flat = [flat[0] - 3, flat[1], flat[0] + 3, flat[1]]
        lines.append((e, flat))
        ends.append(points[-1][1] if points else plot.y(1))
    for e, flat in reversed(lines):  # the leader's line drawn last, on top of the others
        drawing.add(
            PolyLine(
                flat,
                strokeColor=_colour(e),
                strokeWidth=2.5,
                strokeLineJoin=1,
                strokeDashArray=_dash(e),
            ),
            name=f"line_{e}",
        )
    # Labels stacked in order from the top, each at least a line below the one above.
    gap = TEXT + 1
    placed: list[float] = []
    for end in ends:
        y = end - TEXT / 3
        if placed and y > placed[-1] - gap:
            y = placed[-1] - gap
        placed.append(y)
    # Pushed off the bottom: lift the whole stack back in.
    low = plot.bottom - SMALL
    if placed and placed[-1] < low:
        lift = low - placed[-1]
        placed = [p + lift for p in placed]
        for i in range(1, len(placed)):
            placed[i] = min(placed[i], placed[i - 1] - gap)
    text_x = plot.left + plot.width + 6
    for e, (name, y) in enumerate(zip(names, placed, strict=True)):
        rank = ranks[e][-1] if ranks[e] else 0
        text = short(f"{rank} {name}", label_room, TEXT)
        drawing.add(
            String(text_x, y, text, fontName=font, fontSize=TEXT, fillColor=_colour(e)),
            name=f"label_{e}",
        )
        if abs(y + TEXT / 3 - ends[e]) > 2:  # moved: a thin leader to its line's end
            drawing.add(
                Line(
                    plot.left + plot.width,
                    ends[e],
                    text_x - 1,
                    y + TEXT / 3,
                    strokeColor=_colour(e),
                    strokeWidth=0.6,
                )
            )
    return drawing


# -- a player --------------------------------------------------------------------------------
@dataclass(frozen=True)
class RatingPoint:
    """One point of a rating's history: ``at`` a game's index or a date, its ``value``, and
    optionally a band from ``low`` to ``high`` (e.g. mu - 3 sigma to mu + 3 sigma)."""

    at: int | datetime.date
    value: float
    low: float | None = None
    high: float | None = None


def _x_of(at: int | datetime.date) -> float:
    return float(at.toordinal() if isinstance(at, datetime.date) else at)


def rating_history(
    points: Sequence[RatingPoint],
    *,
    label: str = "",
    width: float = WIDTH,
    height: float = HEIGHT,
) -> ChartDrawing:
    """A number over games or dates as a line, with its band (where the points give one)
    shaded behind it. ``label`` names the line in a legend (none when empty). Names:
    ``line`` (a PolyLine), ``band`` (a Polygon, absent without a band), ``plot``."""
    font = _font()
    drawing = ChartDrawing(width, height)
    top = height
    if label:
        top = _legend(drawing, [(label, PALETTE[0], False)], height, font, width)
    xs = [_x_of(p.at) for p in points]
    banded = [p for p in points if p.low is not None and p.high is not None]
    values = [p.value for p in points] + [
        v for p in banded for v in (p.low, p.high) if v is not None
    ]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    y_ticks = nice_ticks(math.floor(low), math.ceil(high), 4)
    left = 8 + max(stringWidth(_label(v), font, SMALL) for v in y_ticks)
    plot = Plot(
        left=left,
        bottom=12 + 2 * SMALL,
        width=width - left - 10,
        height=top - 14 - (12 + 2 * SMALL),
        x_low=min(xs) if xs else 0,
        x_high=max(xs) if len(set(xs)) > 1 else (xs[0] + 1 if xs else 1),
        y_low=y_ticks[0],
        y_high=y_ticks[-1],
    )
    drawing.plot = plot
    dates = bool(points) and isinstance(points[0].at, datetime.date)
    if dates:
        chosen = sorted({points[0].at, points[-1].at}, key=_x_of)
        x_ticks = [
            (_x_of(d), d.isoformat() if isinstance(d, datetime.date) else str(d)) for d in chosen
        ]
    elif points:
        x_ticks = _x_ticks(int(min(xs)), int(max(xs)), plot.width)
    else:
        x_ticks = []
    drawing.add(_axes(plot, x_ticks, [(v, _label(v)) for v in y_ticks], font))
    if not dates:
        _axis_title(drawing, plot, pgettext("chart axis", "game"), font)
    if banded:
        upper = [(plot.x(_x_of(p.at)), plot.y(p.high)) for p in banded if p.high is not None]
        lower = [(plot.x(_x_of(p.at)), plot.y(p.low)) for p in banded if p.low is not None]
        outline = upper + lower[::-1]
        drawing.add(
            Polygon(
                [c for point in outline for c in point],
                fillColor=BAND,
                strokeColor=None,
                strokeWidth=0,
            ),
            name="band",
        )
    flat = [c for p, x in zip(points, xs, strict=True) for c in (plot.x(x), plot.y(p.value))]
    if len(points) == 1:
        flat = [flat[0] - 3, flat[1], flat[0] + 3, flat[1]]
    drawing.add(
        PolyLine(flat, strokeColor=PALETTE[0], strokeWidth=2.5, strokeLineJoin=1), name="line"
    )
    return drawing


@dataclass(frozen=True)
class SeasonFigures:
    """One season (a competition) of a player's record: a short ``label``, the share of the
    deals made as makers (``made``, 0 to 100; None with no deal as makers) and the deals
    made trump in and set (``hicks``)."""

    label: str
    made: float | None
    hicks: int


def _bar(plot: Plot, middle: float, width: float, value: float, colour: object) -> Rect:
    """A bar of ``plot`` from 0 up to ``value``, ``width`` wide, centred on ``middle``."""
    return Rect(
        middle - width / 2,
        plot.y(0),
        width,
        plot.y(value) - plot.y(0),
        fillColor=colour,
        strokeColor=None,
    )


def made_and_hicks_by_season(
    seasons: Sequence[SeasonFigures],
    *,
    width: float = WIDTH,
    height: float = 260.0,
) -> ChartDrawing:
    """Two bar charts one above the other, a bar a season in the same order: the made %
    (0 to 100) on top, the number of hicks below. The bars are numbered and the seasons'
    names listed under the charts by their numbers, one a line (a name under its bar would be
    cut to a few letters on a phone). Names: ``made_<i>`` and ``hicks_<i>`` (the bars, Rects;
    no made bar for a season without deals as makers), ``key_<i>`` (the names),
    ``made_plot`` and ``hicks_plot``."""
    font = _font()
    key_line = SMALL + 4
    base = key_line * len(seasons) + 4  # the charts stand on the list of names
    drawing = ChartDrawing(width, height + base)
    for i, season in enumerate(seasons):
        drawing.add(
            String(
                2,
                base - key_line * (i + 1),
                short(f"{i + 1}  {season.label}", width - 4, SMALL),
                fontName=font,
                fontSize=SMALL,
                fillColor=INK,
            ),
            name=f"key_{i}",
        )
    count = max(len(seasons), 1)
    panel = (height - 2 * (TEXT + 4) - (2 * SMALL + 8)) / 2
    y_made = [0.0, 25.0, 50.0, 75.0, 100.0]
    y_hicks = nice_ticks(0, max([s.hicks for s in seasons] + [1]), 3)
    made_ticks = [(v, f"{_label(v)}%") for v in y_made]
    hicks_ticks = [(v, _label(v)) for v in y_hicks]
    left = 8 + max(stringWidth(t, font, SMALL) for _v, t in [*made_ticks, *hicks_ticks])
    inner = width - left - 10
    made_plot = Plot(left, base + height - TEXT - 6 - panel, inner, panel - 12, 0, count, 0, 100)
    hicks_plot = Plot(
        left, base + 2 * SMALL + 8, inner, panel - TEXT - 18, 0, count, 0, y_hicks[-1]
    )
    drawing.made_plot, drawing.hicks_plot = made_plot, hicks_plot
    drawing.add(
        String(
            2,
            base + height - TEXT,
            short(_("Made %: deals as makers that were made"), width - 4),
            fontName=font,
            fontSize=TEXT,
            fillColor=INK,
        ),
    )
    drawing.add(
        String(
            2,
            made_plot.bottom - SMALL - TEXT - 6,
            short(_("Hicks: deals as makers that were set"), width - 4),
            fontName=font,
            fontSize=TEXT,
            fillColor=INK,
        ),
    )
    drawing.add(_axes(made_plot, [], made_ticks, font))
    drawing.add(_axes(hicks_plot, [], hicks_ticks, font))
    slot = inner / count
    bar = min(slot * 0.6, 40)
    for i, season in enumerate(seasons):
        middle = made_plot.x(i + 0.5)
        if season.made is not None:
            drawing.add(_bar(made_plot, middle, bar, season.made, PALETTE[0]), name=f"made_{i}")
            drawing.add(_value(middle, made_plot.y(season.made), f"{season.made:.0f}%", font))
        drawing.add(_value(middle, hicks_plot.y(season.hicks), str(season.hicks), font))
        drawing.add(_bar(hicks_plot, middle, bar, season.hicks, PALETTE[1]), name=f"hicks_{i}")
        drawing.add(
            String(
                middle,
                base + 4,
                str(i + 1),
                fontName=font,
                fontSize=SMALL,
                fillColor=MUTED,
                textAnchor="middle",
            ),
        )
    return drawing
