"""The room's screen in words: pages that fit a TV, each a panel of an event (its tables with
live scores, the next round's seats, the standings, the pool tables, the bracket, the final
places), and the round clock; and what the director sees of the room (the clock's controls,
the tables still playing).

Words:

- a *page* is what the screen shows at once; a panel longer than a page (a standings table of
  30 rows) is cut into pages ("1 of 3"), and the screen turns them in order; a page holds as
  many rows as fit with every name whole (:mod:`league.screen.fit`: a long name wraps, and
  its row takes the room of two);
- a bracket's boxes carry their codes ("W2-1", "3P"), as the side still to be known names them
  ("Winner of W2-1"), and its pages say what the codes mean;
- the *clock* of a round is "not set", "ready" (the full time, not started), running (the
  time left, "Time" once it is over) or "Paused";
- a table *still playing* is one of the round's matches not finished yet (not started ones
  included): the director waits for these before drawing the next round.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from league.competitions import selectors as competitions_selectors
from league.competitions.selectors import FixtureLine
from league.models import (
    Competition,
    CompetitionKind,
    Fixture,
    FixtureStatus,
    Round,
    TournamentFormat,
)
from league.screen import fit, selectors
from league.tournaments import presenters as tournament_presenters
from league.tournaments.bracket_codes import code_legend, legend_text, section_codes
from league.tournaments.presenters import BracketBox, BracketColumn, BracketDisplay
from scoring.formats import ELIMINATIONS

#: The most rows a page holds at the screen's type size: tables (two names a row), standings
#: lines; fewer when long names wrap (:mod:`league.screen.fit`).
TABLE_ROWS = 8
STANDING_ROWS = 10
#: The most boxes of a bracket column a page holds, and the columns side by side.
BRACKET_BOXES = 4
BRACKET_COLUMNS = 3


# -- the round clock --------------------------------------------------------------------------
def clock_text(seconds: int) -> str:
    """ "45:00", "4:09", "1:05:00"."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


@dataclass(frozen=True)
class Clock:
    """A round's clock as it stands at render time; ``ends_at_ms`` (running only) lets the
    page count down by itself."""

    round_number: int
    state: str  # "unset", "ready", "running", "paused", "over"
    minutes: int | None = None
    seconds_left: int = 0
    ends_at_ms: int | None = None

    @property
    def text(self) -> str:
        if self.state == "over":
            return pgettext("the round clock has run out", "Time")
        return "" if self.state == "unset" else clock_text(self.seconds_left)

    @property
    def note(self) -> str:
        if self.state == "ready":
            return pgettext("the round clock", "Not started")
        if self.state == "paused":
            return pgettext("the round clock", "Paused")
        if self.state == "unset":
            return _("No clock")
        return ""


def clock_of(night: Round, now: datetime.datetime | None = None) -> Clock:
    now = now or timezone.now()
    if night.clock_minutes is None:
        return Clock(night.number, "unset")
    minutes = night.clock_minutes
    if night.clock_ends_at is not None:
        left = max(0, round((night.clock_ends_at - now).total_seconds()))
        state = "running" if left > 0 else "over"
        ends = int(night.clock_ends_at.timestamp() * 1000)
        return Clock(night.number, state, minutes, left, ends)
    if night.clock_paused_left is not None:
        return Clock(night.number, "paused", minutes, night.clock_paused_left)
    return Clock(night.number, "ready", minutes, minutes * 60)


# -- the tables -------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableRow:
    """One match of a round on the screen: its table, both sides, their scores (a running
    game's totals while it is played) and how it stands."""

    table: str
    names: tuple[str, str]
    scores: tuple[str, str]
    state: str  # "in-play", "done", "waiting"
    state_text: str


def table_label(line: FixtureLine) -> str:
    fixture = line.fixture
    return fixture.table or fixture.bracket_match or "–"


def _conceded(fixture: Fixture) -> bool:
    return fixture.status in (FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW)


def table_row(line: FixtureLine, games_per_match: int, confirms: bool = True) -> TableRow:
    """The row's words are read from the fixture itself (never from another page's words,
    which are in the reader's language): short, for a narrow column read from across the
    room; the names are beside it. ``confirms``: results wait for the other side's
    confirmation (a tournament's entry links); a league's result is played once entered."""
    fixture = line.fixture
    running = line.running_game
    if fixture.status == FixtureStatus.VOID:
        state = "done"
        words = pgettext("fixture status", "Void")
    elif running is not None:
        state = "in-play"
        played = len(line.games)
        words = _("In play, game %(number)d") % {"number": played} if played > 1 else _("In play")
    elif fixture.finished:
        state = "done"
        if _conceded(fixture):
            words = fixture.get_status_display()  # "Forfeit", "No-show": not by whom
        elif confirms and fixture.confirmed_at is None:
            words = (
                _("Disputed: the director settles it")
                if fixture.disputed_at is not None
                else pgettext("a finished match", "To confirm")
            )
        else:
            words = pgettext("fixture status", "Played")
    elif line.games:
        state = "in-play"
        words = _("Game %(number)d to start") % {"number": len(line.games) + 1}
    else:
        state = "waiting"
        words = (
            tournament_presenters.conceded(fixture, line.sides)
            if _conceded(fixture)
            else pgettext("a match", "Not started")
        )
    scores = tournament_presenters.side_scores(line, games_per_match)
    return TableRow(table_label(line), line.sides, scores, state, str(words))


@dataclass(frozen=True)
class StillPlaying:
    """The current round's tables not finished yet, for the director."""

    tables: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        return len(self.tables)

    @property
    def text(self) -> str:
        if not self.tables:
            return _("Every table has finished.")
        n = len(self.tables)
        return ngettext(
            "Still to finish: %(count)d table (%(tables)s)",
            "Still to finish: %(count)d tables (%(tables)s)",
            n,
        ) % {"count": n, "tables": ", ".join(self.tables)}


def still_playing(lines: Sequence[FixtureLine]) -> StillPlaying:
    return StillPlaying(
        tuple(
            table_label(line)
            for line in lines
            if not line.fixture.finished and line.fixture.status != FixtureStatus.VOID
        )
    )


# -- standings --------------------------------------------------------------------------------
@dataclass(frozen=True)
class StandingRow:
    rank: str
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    points: int
    difference: str
    qualifies: bool = False


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def standing_rows(competition: Competition) -> list[StandingRow]:
    """The event's table, as the standings page ranks it (two queries)."""
    return [
        StandingRow(
            line.rank_text,
            line.shown_name,
            line.row.played,
            line.row.won,
            line.row.drawn,
            line.row.lost,
            line.row.match_points,
            _signed(line.row.point_difference),
        )
        for line in competitions_selectors.competition_standings(competition)
    ]


# -- pages ------------------------------------------------------------------------------------
def _table_height(row: TableRow) -> float:
    return fit.table_row_height(row.names, row.state_text)


def _standing_height(row: StandingRow) -> float:
    return fit.standing_row_height(row.name)


def _place_height(row: tuple[str, str]) -> float:
    return fit.place_row_height(row[1])


@dataclass(frozen=True)
class ScreenPage:
    """One page of the screen: ``kind`` says which of ``rows``, ``columns`` or ``text`` it
    draws ("tables", "standings", "bracket", "places", "note"; an evening's pages name their
    ``template``)."""

    event: str
    title: str
    kind: str
    rows: tuple[object, ...] = ()
    columns: tuple[BracketColumn, ...] = ()
    text: str = ""
    part: str = ""  # "2 of 3"
    clock: Clock | None = None
    still: StillPlaying = field(default_factory=StillPlaying)
    codes: str = ""  # a bracket's: "Match codes: W1-1: round 1, match 1; 3P: ..."
    #: A page drawn by a template of its own (a club evening's: league.screen.evening).
    template: str = ""


def part_text(number: int, count: int) -> str:
    """ "2 of 3": which page of a panel cut into pages."""
    return pgettext("page 2 of 3", "%(number)d of %(count)d") % {"number": number, "count": count}


R = TypeVar("R")


def _pages(
    event: str,
    title: str,
    kind: str,
    rows: Sequence[R],
    size: int,
    height: Callable[[R], float],
    room: float = fit.TABLE_ROOM,
) -> list[ScreenPage]:
    """A panel's ``rows`` on as many pages as they need: at most ``size`` a page, and no more
    than fit in its ``room`` (each row as tall as its ``height``, long names wrapped)."""
    chunks = fit.paginate(rows, height, room, size)
    n = len(chunks)
    return [
        ScreenPage(event, title, kind, chunk, part=part_text(k, n) if n > 1 else "")
        for k, chunk in enumerate(chunks, start=1)
    ]


def _box_height(box: BracketBox, columns: int = BRACKET_COLUMNS) -> float:
    # Reckoned at the narrowest, BRACKET_COLUMNS side by side (a box only gets wider), or
    # for a column on pages of its own, as wide as the page.
    return fit.box_height(box.names, (box.winner == 0, box.winner == 1), columns)


def _alone_height(box: BracketBox) -> float:
    return _box_height(box, 1)


def bracket_pages(event: str, display: BracketDisplay) -> list[ScreenPage]:
    """The bracket a few columns at a time, as many boxes as fit: a round of many matches
    (or of long names) on pages of its own, the later rounds side by side; each page says
    what the boxes' codes mean."""
    pages: list[ScreenPage] = []
    codes = legend_text(code_legend(section_codes(display.sections)))
    for section in display.sections:
        name = section.title or _("Bracket")
        group: list[BracketColumn] = []

        def flush(group: list[BracketColumn] = group, name: str = name) -> None:
            if group:
                columns = tuple(group)
                pages.append(ScreenPage(event, name, "bracket", columns=columns, codes=codes))
                group.clear()

        for column in section.columns:
            chunks = fit.paginate(column.boxes, _box_height, fit.BOX_ROOM, BRACKET_BOXES)
            if len(chunks) > 1:
                # On pages of its own, the whole width: long names take fewer lines.
                chunks = fit.paginate(column.boxes, _alone_height, fit.BOX_ROOM, BRACKET_BOXES)
                flush()
                for k, chunk in enumerate(chunks, start=1):
                    part = part_text(k, len(chunks)) if len(chunks) > 1 else ""
                    one = (BracketColumn(column.title, chunk),)
                    pages.append(
                        ScreenPage(event, name, "bracket", columns=one, part=part, codes=codes)
                    )
                continue
            group.append(column)
            if len(group) == BRACKET_COLUMNS:
                flush()
        flush()
    return pages


def competition_pages(
    competition: Competition, now: datetime.datetime | None = None
) -> list[ScreenPage]:
    """Every page of an event's panels, in the order the screen turns them: the tables now
    (with their live scores), the next round's seats, the standings or the pools, the
    bracket and the final places. A bounded number of queries whatever the tables."""
    event = competition.name
    is_tournament = competition.kind == CompetitionKind.TOURNAMENT
    if is_tournament and not competition.started:
        text = str(tournament_presenters.NOT_DRAWN)
        return [ScreenPage(event, _("Entrants"), "note", text=text)]
    current = selectors.current_round(competition)
    if current is None:
        draft = competition.rounds.filter(draft=True).order_by("number").first()
        text = (
            _("Round %(number)d is drawn: its tables show here once the director publishes them.")
            % {"number": draft.number}
            if draft is not None
            else _("The fixtures are not drawn yet.")
        )
        return [ScreenPage(event, _("Fixtures"), "note", text=text)]
    numbers = selectors.open_round_numbers(competition, current)
    upcoming = selectors.next_round(competition, current)
    wanted = numbers + ([upcoming.number] if upcoming is not None else [])
    rounds = selectors.rounds_with_tables(competition, wanted)
    games = competition.games_per_match
    clock = clock_of(current, now)
    playing = [line for night, lines, _seen in rounds if night.number in numbers for line in lines]
    bracket = is_tournament and competition.format in ELIMINATIONS
    if bracket:
        # A bracket's rounds are its matches as they are drawn: those still to confirm.
        playing = [line for line in playing if line.fixture.confirmed_at is None]
    still = still_playing(playing)

    pages: list[ScreenPage] = []
    title = (
        _("Matches to play")
        if bracket
        else _("Round %(number)d: tables") % {"number": current.number}
    )
    rows = [table_row(line, games, is_tournament) for line in playing]
    pages += _pages(event, title, "tables", rows, TABLE_ROWS, _table_height)
    for night, lines, _seen in rounds:
        if upcoming is not None and night.number == upcoming.number:
            # A void fixture is not played: it has no seats to take.
            seats = [
                table_row(line, games, is_tournament)
                for line in lines
                if line.fixture.status != FixtureStatus.VOID
            ]
            title = _("Next: Round %(number)d, seats") % {"number": night.number}
            pages += _pages(event, title, "tables", seats, TABLE_ROWS, _table_height)

    fmt = competition.format
    display = None
    if not is_tournament or fmt in (TournamentFormat.SWISS, TournamentFormat.ROUND_ROBIN):
        standings = standing_rows(competition)
        pages += _pages(
            event, _("Standings"), "standings", standings, STANDING_ROWS, _standing_height
        )
    elif fmt == TournamentFormat.POOLS:
        for table in tournament_presenters.pool_tables(competition):
            pool_rows = [
                StandingRow(
                    str(line.rank),
                    line.name,
                    line.played,
                    line.won,
                    line.drawn,
                    line.lost,
                    line.match_points,
                    _signed(line.difference),
                    line.qualifies,
                )
                for line in table.lines
            ]
            pages += _pages(
                event, table.name, "standings", pool_rows, STANDING_ROWS, _standing_height
            )
    if is_tournament and (fmt in ELIMINATIONS or fmt == TournamentFormat.POOLS):
        display = tournament_presenters.bracket_display(competition)
    if display is not None:
        if display.placings:
            places = [(p.place_text, p.name) for p in display.placings]
            pages += _pages(
                event,
                _("Final places"),
                "places",
                places,
                STANDING_ROWS,
                _place_height,
                fit.PLACE_ROOM,
            )
        pages += bracket_pages(event, display)
    # Every page of the event carries its clock and the tables still playing.
    return [replace(p, clock=clock, still=still) for p in pages]


# -- the director's side ----------------------------------------------------------------------
@dataclass(frozen=True)
class Room:
    """What the director sees of the room: the current round's clock and the tables still
    playing."""

    round: Round
    clock: Clock
    still: StillPlaying


def room(competition: Competition) -> Room | None:
    """None before there is a published round (a bounded number of queries)."""
    current = selectors.current_round(competition)
    if current is None:
        return None
    numbers = selectors.open_round_numbers(competition, current)
    lines = [
        line
        for _night, round_lines, _seen in selectors.rounds_with_tables(competition, numbers)
        for line in round_lines
        if line.fixture.confirmed_at is None or competition.format not in ELIMINATIONS
    ]
    return Room(current, clock_of(current), still_playing(lines))
