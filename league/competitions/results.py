"""The stored result of a fixture, written again from its games whenever they change.

Words: a fixture's *result* (who won, games and points for and against, the per-side
statistics standings read) is written by :func:`fixture_recompute` alone, from the fixture's
games, from totals typed off a paper sheet, or from a forfeit or no-show (a void fixture's is
nothing: it counts for nobody). It is a write, kept
apart from :mod:`league.competitions.services` so that the game services can call it after a
deal without importing the competition services (which start games): no import cycle. When
the fixture's result counts (it is finished) or counted, its entrants' kept tallies are
written again in the same transaction (:mod:`league.competitions.tallies`).
"""

from __future__ import annotations

from league.competitions.tallies import tallies_refresh
from league.live.publish import changed
from league.live.topics import fixture_topics
from league.models import (
    Fixture,
    FixtureSide,
    FixtureStatus,
)
from league.ratings.services import refresh_after_commit
from scoring.evenings import THREE_SEATS, three_table_result
from scoring.matches import Concession, GameOutcome, MatchFormat, match_result
from scoring.stats import MATCH_COUNTS


def fixture_side_names(fixture: Fixture) -> list[str]:
    """Each side's name ("Anna & Ben"): two, or three at a club evening's table of three."""
    names: list[list[str]] = [[], [], []]
    for side in fixture.sides.select_related("entrant").order_by("side", "id"):
        names[side.side].append(side.entrant.name)
    if not names[2]:
        names.pop()
    return [" & ".join(n) for n in names]


def fixture_recompute(fixture: Fixture) -> Fixture:
    """Write the fixture's result and each side's statistics: the one place they are computed.

    Who won and when the match is over are :func:`scoring.matches.match_result`'s to say;
    this stores what it returns.
    """
    rows = list(FixtureSide.objects.filter(fixture=fixture))
    if any(row.side == THREE_SEATS - 1 for row in rows):
        return _three_recompute(fixture, rows)
    competition = fixture.competition
    fmt = MatchFormat(competition.games_per_match, competition.best_of)
    concession = None
    games: list[GameOutcome] = []
    if fixture.status == FixtureStatus.VOID:
        # Typed by mistake, or voided by a withdrawal: its games and typed scores are kept
        # for the record, and its result is nothing (unfinished, no statistics), so that it
        # counts for nobody in the standings, the tallies and the ratings.
        pass
    elif fixture.conceded_by is not None:
        # A forfeit keeps its score in side order, as the one typed pair.
        assert fixture.typed_scores is not None  # fixture_concede stores the two together
        pair, side = fixture.typed_scores[0], fixture.conceded_by
        concession = Concession(side, (pair[1 - side], pair[side]))
    elif fixture.typed_scores:
        games = [GameOutcome.from_sheet(pair) for pair in fixture.typed_scores]
    else:
        games = [
            GameOutcome(tuple(g.totals), g.winner, tuple(g.side_stats), drawn=g.drawn)
            for g in fixture.games.all()
        ]
    result = match_result(fmt, games, concession=concession)
    finished, winner = result.finished, result.winner
    if finished:
        if fixture.status == FixtureStatus.SCHEDULED:
            fixture.status = FixtureStatus.PLAYED
    elif fixture.status == FixtureStatus.PLAYED:
        # A correction reopened a game that had decided the match.
        fixture.status = FixtureStatus.SCHEDULED
    # Whether the result counted before: a finished fixture's sides carry a result.
    counted = fixture.finished or any(row.result for row in rows)
    fixture.finished = finished
    fixture.winner = winner
    fixture.save(update_fields=["finished", "winner", "status"])
    for row in rows:
        mine = result.sides[row.side]
        row.result = mine.result or ""
        for name, value in mine.counts().items():
            setattr(row, name, value)
    FixtureSide.objects.bulk_update(rows, ["result", *MATCH_COUNTS])
    if counted or finished:
        # The standings read the entrants' kept tallies: write them again with this result.
        tallies_refresh(row.entrant_id for row in rows)
    # The ratings follow every change of a game's result, once it is committed.
    refresh_after_commit([fixture.pk])
    changed(fixture_topics(fixture))
    return fixture


def _three_recompute(fixture: Fixture, rows: list[FixtureSide]) -> Fixture:
    """A club evening's table of three (three sides of one player each), typed from paper
    (``typed_scores``: one row of three numbers, a player each in seat order): each seat's
    points, against and result are :func:`scoring.evenings.three_table_result`'s; no
    statistics of deals (none were entered). No single side won the table (``winner`` None).
    Not typed yet, or void: unfinished, nothing counted. Its sides take part in the tallies
    like a table of four's; the ratings leave it out (they rate games of two sides)."""
    typed = fixture.typed_scores or []
    counts = fixture.status != FixtureStatus.VOID and len(typed) == 1 and len(typed[0]) == 3
    seats = three_table_result(typed[0]) if counts else None
    was_counted = fixture.finished or any(row.result for row in rows)
    fixture.finished = seats is not None
    fixture.winner = None
    if seats is not None and fixture.status == FixtureStatus.SCHEDULED:
        fixture.status = FixtureStatus.PLAYED
    elif seats is None and fixture.status == FixtureStatus.PLAYED:
        fixture.status = FixtureStatus.SCHEDULED
    fixture.save(update_fields=["finished", "winner", "status"])
    for row in rows:
        for name in MATCH_COUNTS:
            setattr(row, name, 0)
        row.result = ""
        if seats is not None:
            seat = seats[row.side]
            row.result = seat.result
            row.points_for = seat.points
            row.points_against = seat.against
            row.games_won = int(seat.result == "win")
            row.games_lost = int(seat.result == "loss")
    FixtureSide.objects.bulk_update(rows, ["result", *MATCH_COUNTS])
    if was_counted or seats is not None:
        tallies_refresh(row.entrant_id for row in rows)
    refresh_after_commit([fixture.pk])
    changed(fixture_topics(fixture))
    return fixture
