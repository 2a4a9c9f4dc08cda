"""The pools and the pairings of a format that is not a bracket (Swiss, round robin, pools)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from league.competitions import selectors as competitions_selectors
from league.competitions.selectors import FixtureLine
from league.models import Competition, Entrant, TournamentFormat
from league.tournaments import selectors
from league.tournaments.presenters.words import (
    date_text,
    fixture_status,
    pool_name,
    round_name,
    score_text,
    side_scores,
)
from league.tournaments.selectors import PoolLine
from scoring.formats import ELIMINATIONS


# -- pools and pairings -----------------------------------------------------------------------
@dataclass(frozen=True)
class PoolTable:
    pool: int  # from 0
    name: str  # "Pool 1"
    lines: tuple[PoolLine, ...]


def pool_tables(
    competition: Competition, entrants: list[Entrant] | None = None
) -> tuple[PoolTable, ...]:
    """Each pool's table, named (see :func:`league.tournaments.selectors.pool_standings`)."""
    return tuple(
        PoolTable(table.pool, pool_name(table.pool), table.lines)
        for table in selectors.pool_standings(competition, entrants)
    )


@dataclass(frozen=True)
class PairingRow:
    """One table of a round: the two sides, their scores, the winner once confirmed, and a
    note on the pool and how it stands ("Pool 1 · In play", "Forfeit by Anna")."""

    table: str
    names: tuple[str, str]
    scores: tuple[str, str] = ("", "")
    winner: int | None = None
    note: str = ""
    games: tuple[int, ...] = ()  # the ids of its games, for links to their sheets
    confirmed: bool = False

    @property
    def score(self) -> str:
        return score_text(self.scores)


@dataclass(frozen=True)
class PairingRound:
    title: str  # "Round 1", "Round 1 · 7 March 2026"
    rows: tuple[PairingRow, ...]
    sitting_out: tuple[str, ...] = ()
    number: int = 0


def pairings_title(competition: Competition) -> str:
    if competition.format == TournamentFormat.POOLS:
        return _("Pool matches")
    return _("Pairings")


def _pairing_row(line: FixtureLine, games_per_match: int) -> PairingRow:
    fixture = line.fixture
    notes = [pool_name(fixture.pool)] if fixture.pool is not None else []
    status = fixture_status(fixture, line.running_game, line.sides)
    notes += [status] if status else []
    confirmed = fixture.confirmed_at is not None
    return PairingRow(
        table=fixture.table,
        names=line.sides,
        scores=side_scores(line, games_per_match),
        # As in a bracket, a winner only once the result is confirmed.
        winner=fixture.winner if confirmed else None,
        note=" \u00b7 ".join(notes),
        games=tuple(game.pk for game in line.games),
        confirmed=confirmed,
    )


def pairing_rounds(competition: Competition) -> tuple[PairingRound, ...]:
    """The rounds of a Swiss, a round robin or the pools (not the knockout's), a line a table
    in table order; none for an elimination (five queries, none for an elimination)."""
    if competition.format in ELIMINATIONS:
        return ()
    printed = []
    for night, lines, sitting_out in competitions_selectors.competition_rounds(competition):
        rows = tuple(
            _pairing_row(line, competition.games_per_match)
            for line in lines
            if not line.fixture.bracket_match
        )
        if not rows:
            continue
        title = round_name(night.number)
        if night.date:
            title += f" \u00b7 {date_text(night.date)}"
        printed.append(PairingRound(title, rows, tuple(sitting_out), night.number))
    return tuple(printed)
