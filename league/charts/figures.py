"""What a page shows of each chart (a :class:`Figure`): the inline SVG of the chart's one
Drawing, a title, the text alternative and the numbers as a table. Plain data in (names,
totals, ranks: what the page's selectors already read), no query; the words in the active
language.

``templates/includes/chart.html`` renders a figure: the SVG, the title and text alternative as
its caption, and the table under it in a ``<details>`` ("The numbers") that prints open.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from django.utils import formats
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from league.charts import drawing
from league.charts.drawing import RatingPoint, SeasonFigures
from league.charts.svg import inline_svg
from scoring import PRESETS
from scoring.deal import SET_MARK
from scoring.stats import made_percentage

__all__ = [
    "MAX_LINES",
    "Figure",
    "GameLine",
    "NumbersTable",
    "PositionLines",
    "SeasonRecord",
    "SheetLine",
    "game_figure",
    "game_lines",
    "made_and_hicks_figure",
    "position_lines",
    "positions_figure",
    "rating_figure",
    "set_deals",
]

#: What a set side's mark reads in every game: "XX", and the Dutch "nat".
SET_MARKS = frozenset(rules.set_mark for rules in PRESETS.values()) | {SET_MARK}

#: The most lines a position chart draws: more cannot be told apart on a phone.
MAX_LINES = 8

#: The fewest nights (rounds) a position chart is drawn for: after one, each line is a single
#: point that says no more than the table beside it (and on paper takes a page of its own).
MIN_NIGHTS = 2


@dataclass(frozen=True)
class NumbersTable:
    """The chart's numbers: ``headings`` over the columns, each row's first cell a row
    heading."""

    caption: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Figure:
    """A chart as a page shows it; ``key`` is unique on the page (the figure's id, and the
    prefix of the SVG's ids)."""

    key: str
    title: str
    summary: str  # the text alternative: a sentence or two
    svg: SafeString
    table: NumbersTable


def _listed(items: Sequence[str]) -> str:
    """ "3", "3 and 7", "3, 7 and 9"."""
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def _figure(
    key: str, title: str, summary: str, chart: drawing.ChartDrawing, table: NumbersTable
) -> Figure:
    return Figure(
        key, title, summary, inline_svg(chart, key=key, title=title, description=summary), table
    )


# -- a game ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameLine:
    """One deal of a game as the chart reads it: its number, each side's running total after
    it and each side's mark (``XX`` for set makers); ``sets``: per side, whether its makers
    went set (not made, and not a tie that held points), None when not known (then the set
    mark says it)."""

    number: int
    running: tuple[int, ...]
    marks: tuple[str, ...]
    sets: tuple[bool, ...] | None = None

    def went_set(self, side: int) -> bool:
        """Whether ``side``'s makers went set in this deal: a belote dedans whose takers
        keep their belote-rebelote writes "20", not a set mark, and is a set all the same."""
        if self.sets:
            return self.sets[side]
        return self.marks[side] in SET_MARKS


class SheetLine(Protocol):
    """A sheet's row as the chart reads it: the page's DealRow, the PDF's SheetRow."""

    @property
    def number(self) -> int: ...
    @property
    def running(self) -> Sequence[int]: ...
    @property
    def marks(self) -> Sequence[str]: ...
    @property
    def sets(self) -> Sequence[bool]: ...


def game_lines(rows: Sequence[SheetLine]) -> list[GameLine]:
    """:class:`GameLine` of a sheet's rows."""
    return [
        GameLine(r.number, tuple(r.running), tuple(r.marks), tuple(r.sets) or None) for r in rows
    ]


def set_deals(lines: Sequence[GameLine], sides: int) -> list[list[int]]:
    """For each side, the numbers of the deals its makers were set in (:meth:`GameLine.went_set`:
    not made and not a tie that held points, whatever the sheet writes)."""
    return [[line.number for line in lines if line.went_set(s)] for s in range(sides)]


def game_chart(
    names: Sequence[str],
    lines: Sequence[GameLine],
    target: int | None,
    *,
    deals: int | None = None,
    set_mark: str | None = None,
    **size: float,
) -> drawing.ChartDrawing:
    """The game's Drawing (for the page and the printed sheet alike); ``deals``: a game of
    that many deals (its x axis runs to the last); ``set_mark``: what the game calls a set
    ("XX", "nat", "dedans"; by default the set mark the sheet wrote)."""
    sides = len(names)
    totals = [[line.running[s] for line in lines] for s in range(sides)]
    if set_mark is None:
        # The legend names the mark the sheet writes: "nat" in a klaverjas game, else XX.
        written = {mark for line in lines for mark in line.marks if mark in SET_MARKS}
        set_mark = next(iter(sorted(written - {SET_MARK})), SET_MARK)
    return drawing.game_progress(
        names, totals, set_deals(lines, sides), target, deals=deals, set_mark=set_mark, **size
    )


def _scores(names: Sequence[str], totals: Sequence[int]) -> str:
    return ", ".join(
        pgettext("a side and its total", "%(side)s %(total)s") % {"side": n, "total": t}
        for n, t in zip(names, totals, strict=True)
    )


def _fixed_deals_result(
    names: Sequence[str], lines: Sequence[GameLine], deals: int, winner: int | None, drawn: bool
) -> str:
    """Where a game of fixed deals stands: after which deal of how many, and at the end who
    won or that it was drawn."""
    last = lines[-1].running
    values = {"deal": lines[-1].number, "deals": deals, "scores": _scores(names, last)}
    if drawn:
        if len(set(last)) == 1:
            return _("After deal %(deal)s of %(deals)s the game was drawn, %(total)s each.") % {
                **values,
                "total": last[0],
            }
        return _("After deal %(deal)s of %(deals)s the game was drawn: %(scores)s.") % values
    if winner is not None:
        return _("After deal %(deal)s of %(deals)s, %(side)s won with %(total)s: %(scores)s.") % {
            **values,
            "side": names[winner],
            "total": last[winner],
        }
    return _("After deal %(deal)s of %(deals)s: %(scores)s.") % values


def _game_summary(
    names: Sequence[str],
    lines: Sequence[GameLine],
    target: int | None,
    winner: int | None,
    deals: int | None = None,
    drawn: bool = False,
) -> str:
    last = lines[-1].running
    parts = []
    if deals is not None and (target is None or winner is None or drawn):
        parts.append(_fixed_deals_result(names, lines, deals, winner, drawn))
    elif winner is not None and target is not None:
        reached = next(
            (line.number for line in lines if line.running[winner] >= target), lines[-1].number
        )
        parts.append(
            _("%(side)s reached %(total)s at deal %(deal)s and won.")
            % {"side": names[winner], "total": last[winner], "deal": reached}
        )
    else:
        parts.append(
            _("After deal %(deal)s: %(scores)s; the target is %(target)s.")
            % {"deal": lines[-1].number, "scores": _scores(names, last), "target": target}
        )
    # Who leads at the end, and since when (strictly ahead of every other side).
    best = max(last)
    if list(last).count(best) == 1 and len(lines) > 1:
        leader = list(last).index(best)
        since = lines[-1].number
        for line in reversed(lines):
            others = [t for s, t in enumerate(line.running) if s != leader]
            if line.running[leader] > max(others):
                since = line.number
            else:
                break
        if since > lines[0].number:
            parts.append(
                _("%(side)s led from deal %(deal)s.") % {"side": names[leader], "deal": since}
            )
        else:
            parts.append(_("%(side)s led throughout.") % {"side": names[leader]})
    for s, set_in in enumerate(set_deals(lines, len(names))):
        if set_in:
            parts.append(
                ngettext(
                    "%(side)s went set once (deal %(deals)s).",
                    "%(side)s went set %(count)d times (deals %(deals)s).",
                    len(set_in),
                )
                % {
                    "side": names[s],
                    "count": len(set_in),
                    "deals": _listed([str(d) for d in set_in]),
                }
            )
    if not any(set_deals(lines, len(names))):
        parts.append(_("Nobody went set."))
    return " ".join(parts)


def game_figure(
    names: Sequence[str],
    lines: Sequence[GameLine],
    target: int | None,
    winner: int | None = None,
    key: str = "game-chart",
    *,
    deals: int | None = None,
    drawn: bool = False,
    set_mark: str | None = None,
) -> Figure | None:
    """The game's figure; None for a game with no deal yet (nothing to draw). A row without a
    mark and a total for every side (never written so by the services) is left out rather
    than break the page. ``target`` None and ``deals``: a game of that many deals (no target
    line; ``drawn`` when it ended level)."""
    lines = [line for line in lines if len(line.running) == len(line.marks) == len(names)]
    if not lines:
        return None
    title = _("The game deal by deal")
    table = NumbersTable(
        caption=_("Each side's total after each deal (XX: the makers were set)")
        if set_mark in (None, SET_MARK)
        # The game's own word for a set ("nat", "dedans"), as the cells say it.
        else _("Each side's total after each deal (%(mark)s: the makers were set)")
        % {"mark": set_mark},
        headings=(pgettext("noun, a deal of cards", "Deal"), *names),
        rows=tuple(
            (
                str(line.number),
                *(
                    f"{total} ({set_mark or mark})" if line.went_set(s) else str(total)
                    for s, (total, mark) in enumerate(zip(line.running, line.marks, strict=True))
                ),
            )
            for line in lines
        ),
    )
    return _figure(
        key,
        title,
        _game_summary(names, lines, target, winner, deals, drawn),
        game_chart(names, lines, target, deals=deals, set_mark=set_mark),
        table,
    )


# -- a season's positions ---------------------------------------------------------------------
@dataclass(frozen=True)
class PositionLines:
    """The lines of a position chart: the entrants drawn (best last position first), the
    nights, each entrant's position after each night; ``field``: how many entrants there are
    in all. ``by_round``: the steps are a tournament's rounds (a Swiss's, played in one
    afternoon), so the words say "round" where a league season's say "night"."""

    names: tuple[str, ...]
    nights: tuple[int, ...]
    ranks: tuple[tuple[int, ...], ...]
    field: int
    by_round: bool = False

    @property
    def title(self) -> str:
        """ "Positions night by night", or "round by round"."""
        if self.by_round:
            return _("Positions round by round")
        return _("Positions night by night")

    @property
    def shown_note(self) -> str:
        """ "The chart shows the top 8 of 12 entrants; ...": "" when it shows every one."""
        if self.field <= len(self.names):
            return ""
        return _(
            "The chart shows the top %(shown)s of %(field)s entrants; the table has them all."
        ) % {"shown": len(self.names), "field": self.field}

    def drawing(self, **size: float) -> drawing.ChartDrawing:
        axis = pgettext("chart axis", "round") if self.by_round else pgettext("chart axis", "night")
        return drawing.positions_by_night(self.names, self.nights, self.ranks, axis=axis, **size)


def position_lines(
    table: Sequence[tuple[int, str]],
    ranks: Mapping[int, Sequence[int]],
    nights: Sequence[int],
    shown: int = MAX_LINES,
    *,
    by_round: bool = False,
) -> PositionLines | None:
    """The lines of the first ``shown`` entrants of ``table`` (entrant ids and names in the
    standings' order: the leaders), from ``ranks`` (each entrant's position after each of
    ``nights``: :class:`scoring.standings.NightPositions`); ``by_round`` for a tournament's
    rounds. None until there are :data:`MIN_NIGHTS` nights: a chart of one says nothing, on
    the page or on paper."""
    if len(nights) < MIN_NIGHTS or not table:
        return None
    top = list(table)[:shown]
    return PositionLines(
        names=tuple(name for _e, name in top),
        nights=tuple(nights),
        ranks=tuple(tuple(ranks[e]) for e, _name in top),
        field=len(table),
        by_round=by_round,
    )


def _positions_summary(lines: PositionLines) -> str:
    parts = []
    rounds = lines.by_round
    night = lines.nights[-1]
    leaders = [i for i, r in enumerate(lines.ranks) if r[-1] == 1]
    if len(leaders) == 1:
        first = leaders[0]
        ranks = lines.ranks[first]
        # how many nights, counted back from the last, it has been first after
        streak = next((i for i, r in enumerate(reversed(ranks)) if r != 1), len(ranks))
        since = lines.nights[len(ranks) - streak]
        values = {"name": lines.names[first], "night": night, "since": since}
        if streak == 1 and len(ranks) > 1:
            words = (
                _("%(name)s went top after round %(night)s.")
                if rounds
                else _("%(name)s went top after night %(night)s.")
            )
        elif since == lines.nights[0]:
            words = (
                _("%(name)s is first after round %(night)s and has led after every round.")
                if rounds
                else _("%(name)s is first after night %(night)s and has led after every night.")
            )
        else:
            words = (
                _("%(name)s is first after round %(night)s, and has led since round %(since)s.")
                if rounds
                else _(
                    "%(name)s is first after night %(night)s, and has led since night %(since)s."
                )
            )
        parts.append(words % values)
    elif leaders:
        words = (
            _("%(names)s share first place after round %(night)s.")
            if rounds
            else _("%(names)s share first place after night %(night)s.")
        )
        parts.append(words % {"names": _listed([lines.names[i] for i in leaders]), "night": night})
    climbs = [(r[0] - r[-1], i) for i, r in enumerate(lines.ranks) if len(r) > 1]
    if climbs:
        climb, who = max(climbs, key=lambda c: (c[0], -c[1]))
        if climb > 0:
            parts.append(
                _("%(name)s climbed the most, from %(start)s to %(end)s.")
                % {
                    "name": lines.names[who],
                    "start": lines.ranks[who][0],
                    "end": lines.ranks[who][-1],
                }
            )
    if lines.shown_note:
        parts.append(lines.shown_note)
    return " ".join(parts)


def positions_figure(lines: PositionLines | None, key: str = "positions-chart") -> Figure | None:
    """The position chart's figure; None without lines (before the second night)."""
    if lines is None or not lines.nights or not lines.names:
        return None
    if lines.by_round:
        caption = _("Position after each round")
        step = pgettext("noun: a round of a tournament", "Round")
    else:
        caption = _("Position after each night")
        step = pgettext("noun: a night of the season", "Night")
    table = NumbersTable(
        caption=caption,
        headings=(step, *lines.names),
        rows=tuple(
            (str(night), *(str(r[i]) for r in lines.ranks)) for i, night in enumerate(lines.nights)
        ),
    )
    return _figure(key, lines.title, _positions_summary(lines), lines.drawing(), table)


# -- a player --------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeasonRecord:
    """One competition of a player's record, as the made % and hicks chart reads it."""

    name: str
    deals_as_makers: int
    made_as_makers: int
    hicks: int

    @property
    def made(self) -> float | None:
        return made_percentage(self.made_as_makers, self.deals_as_makers)


#: How many deals as makers a competition needs to be named the best made %.
BEST_FROM = 5


def made_and_hicks_figure(
    seasons: Sequence[SeasonRecord], key: str = "made-chart"
) -> Figure | None:
    """A player's made % and hicks, competition by competition (in the order given: oldest
    first); None when no competition has a deal as makers."""
    # A competition without a deal as makers (not started, or typed from paper) says nothing.
    seasons = [s for s in seasons if s.deals_as_makers]
    if not seasons:
        return None
    made = sum(s.made_as_makers for s in seasons)
    as_makers = sum(s.deals_as_makers for s in seasons)
    hicks = sum(s.hicks for s in seasons)
    # The best made % of a competition with a handful of deals as makers says little.
    rated = [s for s in seasons if s.made is not None and s.deals_as_makers >= BEST_FROM]
    summary = [
        ngettext(
            "Made %(made).0f%% of %(deals)d deal as makers in all.",
            "Made %(made).0f%% of %(deals)d deals as makers in all.",
            as_makers,
        )
        % {"made": 100 * made / as_makers, "deals": as_makers},
        ngettext("Went set %(hicks)d time.", "Went set %(hicks)d times.", hicks) % {"hicks": hicks}
        if hicks
        else _("Never went set."),
    ]
    if len(rated) > 1:
        best = max(rated, key=lambda s: s.made or 0)
        summary.append(
            _("The best made %% was in %(name)s (%(made).0f%%).")
            % {"name": best.name, "made": best.made}
        )
    table = NumbersTable(
        caption=_("Made % and hicks in each competition"),
        headings=(
            _("Competition"),
            pgettext("standings column heading (short)", "Made %"),
            _("Deals as makers"),
            pgettext("standings column heading (short)", "Hicks"),
        ),
        rows=tuple(
            (
                s.name,
                "–" if s.made is None else _percent(s.made),
                str(s.deals_as_makers),
                str(s.hicks),
            )
            for s in seasons
        ),
    )
    chart = drawing.made_and_hicks_by_season(
        [SeasonFigures(s.name, s.made, s.hicks) for s in seasons]
    )
    return _figure(key, _("Made % and hicks by competition"), " ".join(summary), chart, table)


def _at_text(at: int | datetime.date) -> str:
    return (
        formats.date_format(at, "SHORT_DATE_FORMAT") if isinstance(at, datetime.date) else str(at)
    )


def _one(value: float) -> str:
    """A rating in the reader's number form, one decimal ("12.3", "12,3", "−1.5")."""
    shown = round(value, 1)
    return ("\u2212" if shown < 0 else "") + formats.number_format(abs(shown), 1)


def _percent(value: float) -> str:
    """A percentage in the reader's form ("62%", "62 %")."""
    return _("%(number)s%%") % {"number": formats.number_format(round(value), 0)}


def rating_figure(
    points: Sequence[RatingPoint],
    *,
    title: str,
    label: str = "",
    key: str = "rating-chart",
) -> Figure | None:
    """A rating's history (a point a game or a date, with its band where given); None with no
    point. ``label`` names the line in the chart's legend and the table's column."""
    if not points:
        return None
    by_date = isinstance(points[0].at, datetime.date)
    first, last = points[0], points[-1]
    high = max(points, key=lambda p: p.value)
    values = {
        "first": _one(first.value),
        "last": _one(last.value),
        "count": len(points),
        "high": _one(high.value),
        "at": _at_text(high.at),
    }
    if by_date:
        summary = _(
            "From %(first)s to %(last)s over %(count)s dates; the highest, %(high)s, on %(at)s."
        )
    else:
        summary = ngettext(
            "From %(first)s to %(last)s over %(count)s game; the highest, %(high)s, after game "
            "%(at)s.",
            "From %(first)s to %(last)s over %(count)s games; the highest, %(high)s, after game "
            "%(at)s.",
            len(points),
        )
    summary %= values
    banded = any(p.low is not None and p.high is not None for p in points)
    headings: tuple[str, ...] = (
        pgettext("chart table heading", "Date") if by_date else pgettext("chart axis", "game"),
        label or pgettext("chart table heading", "Value"),
    )
    if banded:
        headings += (
            pgettext("chart table heading", "Low"),
            pgettext("chart table heading", "High"),
        )
    rows = tuple(
        (
            _at_text(p.at),
            _one(p.value),
            *(
                ("" if p.low is None else _one(p.low), "" if p.high is None else _one(p.high))
                if banded
                else ()
            ),
        )
        for p in points
    )
    table = NumbersTable(caption=title, headings=headings, rows=rows)
    return _figure(key, title, summary, drawing.rating_history(points, label=label), table)
