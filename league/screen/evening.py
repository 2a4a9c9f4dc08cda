"""A club evening on the room's screen: "where do I sit" for the round being played, the running
ranking, and the prize list once the evening is over; each page with the round's clock (when
the director set one) and the tables still playing.

Words (:mod:`league.evenings.selectors`): the *current round* is the last one drawn; it is
*being played* until every table's result is in. A *seat line* is a player's name (at a pairs
evening with the pair's) with its table and seat, or the words that it sits out. The pages
turn as every screen's do (:mod:`league.screen.presenters`), each holding what fits with every
name whole (:mod:`league.screen.fit`). One read of the evening (a fixed number of queries,
whatever the field).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from league.evenings import selectors as evening_selectors
from league.evenings.presenters import MISSED_MARK, missed_legend
from league.evenings.selectors import Evening, RankingRow, RoundView
from league.models import Competition
from league.screen import fit
from league.screen.presenters import Clock, ScreenPage, StillPlaying, clock_of, part_text

#: The template that draws an evening's pages (inside ``screen/screen.html``).
TEMPLATE = "screen/evening_page.html"
#: Rows a list of "where do I sit" holds at most (two lists a page); fewer when names wrap.
SEAT_ROWS = 10
#: Rows of the ranking and of the prize list a page holds at most.
RANKING_ROWS = 10
#: Up to this many rounds the ranking has a column a round; beyond, the rounds played.
ROUND_COLUMNS = 4
#: Up to this many tables still playing are named ("Tables 3 and 7"); beyond, counted.
NAMED_TABLES = 8


@dataclass(frozen=True)
class EveningPage(ScreenPage):
    """A page of an evening's screen: ``kind`` is ``evening-seats`` (``rows``: the lists side
    by side, each a tuple of :class:`SeatRow`), ``evening-ranking`` (:class:`RankingLine`) or
    ``evening-prizes`` (:class:`PrizeLine`); ``drawn``: the lists have a table column (not
    before the first draw, when they list who is checked in); ``seats``: and a seat column
    (drawn partners; pairs have a table only); ``rounds``: the round numbers the ranking has
    a column for; ``wins``: the ranking shows wins (they rank first); ``played``: the rounds
    each played (instead of a column a round); ``legend``: what the mark beside a total
    means ("" with no mark on the page)."""

    template: str = TEMPLATE
    drawn: bool = True
    seats: bool = True
    rounds: tuple[int, ...] = ()
    wins: bool = False
    played: bool = False
    legend: str = ""


@dataclass(frozen=True)
class SeatRow:
    """A line of "where do I sit": the name, its table and seat, or ``words`` for a sit-out."""

    name: str
    table: str = ""
    seat: str = ""
    words: str = ""


@dataclass(frozen=True)
class RoundPoints:
    """What an entrant scored in a round, as the ranking shows it ("–" while its table plays);
    ``how``: played, sat_out, absent, playing."""

    text: str
    how: str


@dataclass(frozen=True)
class RankingLine:
    """A line of the ranking; ``mark``: beside the total when it includes a missed round's
    score (:data:`league.evenings.presenters.MISSED_MARK`, said under the list), else ""."""

    place: str
    name: str
    rounds: tuple[RoundPoints, ...]
    played: int
    wins: int
    points: int
    mark: str = ""


@dataclass(frozen=True)
class PrizeLine:
    """A line of the prize list: the place, the name, the points, and the prize in the club's
    words (the booby prize's last)."""

    place: str
    name: str
    points: int
    words: str
    booby: bool = False


@dataclass(frozen=True)
class TablesStillPlaying(StillPlaying):
    """The current round's tables whose result is not in yet, named while they are few."""

    @property
    def text(self) -> str:
        n = len(self.tables)
        if n == 0:
            return _("Every table has finished.")
        if n == 1:
            return _("Table %(table)s still playing") % {"table": self.tables[0]}
        if n <= NAMED_TABLES:
            return _("Tables %(tables)s and %(last)s still playing") % {
                "tables": ", ".join(self.tables[:-1]),
                "last": self.tables[-1],
            }
        return ngettext("%(count)d table still playing", "%(count)d tables still playing", n) % {
            "count": n
        }


def sits_out_words() -> str:
    """What a sit-out's line says in place of a table: short, so that it fits the table's
    narrow column on one line (the page's title names the round). Every line is one
    player's (a pair's two have a line each), so the verb is of one person."""
    return pgettext("said of one player, beside the name, in a round's seat list", "sits out")


def seat_rows(view: RoundView) -> list[SeatRow]:
    """Every player of the round in alphabetical order of their own name (a pair's player
    with the pair's name: "Dora Smit (Carl & Dora)"), with the table and seat."""
    words = sits_out_words()
    return [
        SeatRow(line.label, line.table, str(line.seat) if line.seat else "")
        if line.table is not None
        else SeatRow(line.label, words=words)
        for line in evening_selectors.where_to_sit(view)
    ]


def _place(row: RankingRow, shared: set[int]) -> str:
    return f"{row.place}=" if row.place in shared else str(row.place)


def _shared_places(ranking: Sequence[RankingRow]) -> set[int]:
    seen: set[int] = set()
    shared: set[int] = set()
    for row in ranking:
        (shared if row.place in seen else seen).add(row.place)
    return shared


def ranking_lines(evening: Evening, columns: bool) -> list[RankingLine]:
    shared = _shared_places(evening.ranking)
    return [
        RankingLine(
            _place(row, shared),
            row.entrant.name,
            tuple(RoundPoints("–" if c.points is None else str(c.points), c.how) for c in row.cells)
            if columns
            else (),
            row.rounds_played,
            row.wins,
            row.points,
            MISSED_MARK if row.missed_rounds else "",
        )
        for row in evening.ranking
    ]


def prize_lines(evening: Evening) -> list[PrizeLine]:
    """The prizes in order, then the booby prize (shared by a tie for the lowest total)."""
    shared = _shared_places(evening.ranking)
    prizes = sorted((r for r in evening.ranking if r.prize is not None), key=lambda r: r.prize or 0)
    lines = [
        PrizeLine(
            _place(row, shared),
            row.entrant.name,
            row.points,
            row.prize_words or _("Prize %(number)d") % {"number": row.prize},
        )
        for row in prizes
    ]
    for row in evening.ranking:
        if row.booby:
            words = (
                _("Booby prize: %(prize)s") % {"prize": row.prize_words}
                if row.prize_words
                else _("Booby prize")
            )
            lines.append(PrizeLine(_place(row, shared), row.entrant.name, row.points, words, True))
    return lines


def _parts(pages: list[EveningPage]) -> list[EveningPage]:
    n = len(pages)
    if n < 2:
        return pages
    return [replace(p, part=part_text(k, n)) for k, p in enumerate(pages, start=1)]


def seat_pages(
    event: str, title: str, rows: Sequence[SeatRow], seats: bool, drawn: bool = True
) -> list[EveningPage]:
    """The names in lists that fit, top to bottom then the next list, two lists a page."""

    def height(row: SeatRow) -> float:
        return fit.seat_row_height(row.name, row.words, seats, drawn)

    lists = fit.paginate(rows, height, fit.TABLE_ROOM, SEAT_ROWS)
    pages = [
        EveningPage(
            event,
            title,
            "evening-seats",
            tuple(lists[k : k + fit.SEAT_LISTS]),
            drawn=drawn,
            seats=seats and drawn,
        )
        for k in range(0, len(lists), fit.SEAT_LISTS)
    ]
    return _parts(pages)


def ranking_pages(event: str, title: str, evening: Evening) -> list[EveningPage]:
    # A column a round while the evening has few (its columns fixed from the first round).
    columns = evening.rules.rounds <= ROUND_COLUMNS
    rounds = tuple(v.round.number for v in evening.rounds) if columns else ()
    wins = evening.rules.ranking == "wins_then_points"
    share = fit.ranking_name_share(len(rounds), wins, not columns)
    lines = ranking_lines(evening, columns)
    legend = missed_legend(evening.ranking)
    # The legend under the list takes its room from the rows of every page (the marks may
    # be on any of them).
    room = fit.TABLE_ROOM - (fit.legend_height(legend) if legend else 0.0)
    chunks = fit.paginate(
        lines, lambda line: fit.ranking_row_height(line.name, share), room, RANKING_ROWS
    )
    kind = "evening-ranking"
    pages = [
        EveningPage(
            event,
            title,
            kind,
            chunk,
            rounds=rounds,
            wins=wins,
            played=not columns,
            legend=legend if any(line.mark for line in chunk) else "",
        )
        for chunk in chunks
    ]
    return _parts(pages)


def prize_pages(event: str, evening: Evening) -> list[EveningPage]:
    lines = prize_lines(evening)
    if not lines:
        return []
    chunks = fit.paginate(
        lines,
        lambda line: fit.prize_row_height(line.name, line.words),
        fit.TABLE_ROOM,
        RANKING_ROWS,
    )
    return _parts([EveningPage(event, _("Prizes"), "evening-prizes", chunk) for chunk in chunks])


def _note(event: str, title: str, text: str) -> ScreenPage:
    return ScreenPage(event, title, "note", text=text)


def checked_in_pages(event: str, evening: Evening) -> list[ScreenPage]:
    """Before the first draw: who is checked in, in alphabetical order (a player sees they
    are in), or that nobody is yet; a pair's players each under their own name, as where to
    sit lists them (Dora finds herself under D)."""
    entrants = evening.playing_next()
    names = [SeatRow(line.label) for line in evening_selectors.people_lines(entrants)]
    count = len(entrants)
    if not count:
        return [_note(event, _("Checking in"), _("Nobody is checked in yet."))]
    if evening.rules.entrants == "pairs":
        title = ngettext("%(count)d pair checked in", "%(count)d pairs checked in", count)
    else:
        title = ngettext("%(count)d player checked in", "%(count)d players checked in", count)
    return list(seat_pages(event, title % {"count": count}, names, seats=False, drawn=False))


def evening_pages(
    competition: Competition, now: datetime.datetime | None = None
) -> list[ScreenPage]:
    """Every page of the evening's screen in the order it turns them: before the first draw,
    who is checked in; while a round is played, where everyone sits and the running ranking;
    between rounds, that the next is drawn soon; at the end, the prize list and the final
    ranking."""
    evening = evening_selectors.evening(competition)
    event = competition.name
    rounds = evening.rules.rounds
    current = evening.current
    if current is None:
        return checked_in_pages(event, evening)
    number = current.round.number
    pages: list[ScreenPage] = []
    if evening.finished:
        pages += prize_pages(event, evening)
        pages += ranking_pages(event, _("Final ranking"), evening)
        return pages
    ranking_title = _("Ranking, round %(number)d of %(rounds)d") % {
        "number": number,
        "rounds": rounds,
    }
    clock: Clock | None = None
    if current.finished:
        title = _("Round %(number)d of %(rounds)d: finished") % {"number": number, "rounds": rounds}
        text = _("Round %(number)d is drawn next: where everyone sits shows here.") % {
            "number": number + 1
        }
        pages.append(_note(event, title, text))
    else:
        title = _("Round %(number)d of %(rounds)d: where to sit") % {
            "number": number,
            "rounds": rounds,
        }
        pairs = evening.rules.entrants == "pairs"
        pages += seat_pages(event, title, seat_rows(current), not pairs)
        clock = clock_of(current.round, now)
    if any(c.how == "played" for row in evening.ranking for c in row.cells):
        pages += ranking_pages(event, ranking_title, evening)
    still = TablesStillPlaying(tuple(t.number for t in current.still_playing))
    return [replace(p, clock=clock, still=still) for p in pages]
