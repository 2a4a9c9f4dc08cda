"""The stored result of a fixture, written again from its games whenever they change.

Words: a fixture's *result* (who won, games and points for and against, the per-side
statistics standings read) is written by :func:`fixture_recompute` alone, from the fixture's
games, from totals typed off a paper sheet, or from a forfeit or no-show. It is a write, kept
apart from :mod:`league.competitions.services` so that the game services can call it after a
deal without importing the competition services (which start games): no import cycle.
"""

from __future__ import annotations

from league.models import (
    Fixture,
    FixtureSide,
    FixtureStatus,
)

STAT_FIELDS = (
    "deals",
    "deals_as_makers",
    "made_as_makers",
    "sets_suffered",
    "sets_forced",
    "meld_points",
    "belles",
    "reneges",
)


def fixture_side_names(fixture: Fixture) -> list[str]:
    names: list[list[str]] = [[], []]
    for side in fixture.sides.select_related("entrant").order_by("side", "id"):
        names[side.side].append(side.entrant.name)
    return [" & ".join(n) for n in names]


def fixture_recompute(fixture: Fixture) -> Fixture:
    """Write the fixture's result and each side's statistics: the one place they are computed.

    Games count once finished; the match is over when ``games_per_match`` games are finished;
    more games won wins, equal is a draw.
    """
    competition = fixture.competition
    games_won = [0, 0]
    points = [0, 0]
    stats = [dict.fromkeys(STAT_FIELDS, 0), dict.fromkeys(STAT_FIELDS, 0)]
    if fixture.typed_scores:
        played = len(fixture.typed_scores)
        for a, b in fixture.typed_scores:
            games_won[0 if a > b else 1] += 1
            points[0] += a
            points[1] += b
    else:
        games = list(fixture.games.all())
        played = sum(game.winner is not None for game in games)
        for game in games:
            for side in (0, 1):
                for name in STAT_FIELDS:
                    stats[side][name] += game.side_stats[side][name] if game.side_stats else 0
            if game.winner is not None:
                games_won[game.winner] += 1
                points[0] += game.totals[0]
                points[1] += game.totals[1]
    if competition.best_of:
        # Best of N: over once a side has won a majority of the N.
        finished = max(games_won) > competition.games_per_match // 2
    else:
        finished = played >= competition.games_per_match
    # A forfeit decides the match whatever its length: the one score pair it stores stands
    # for the whole match.
    finished = finished or fixture.conceded_by is not None
    winner = None
    results = ["", ""]
    if finished:
        if fixture.conceded_by is not None:
            winner = 1 - fixture.conceded_by
        elif games_won[0] != games_won[1]:
            winner = 0 if games_won[0] > games_won[1] else 1
        results = ["draw", "draw"] if winner is None else ["loss", "loss"]
        if winner is not None:
            results[winner] = "win"
        if fixture.status == FixtureStatus.SCHEDULED:
            fixture.status = FixtureStatus.PLAYED
    elif fixture.status == FixtureStatus.PLAYED:
        # A correction reopened a game that had decided the match.
        fixture.status = FixtureStatus.SCHEDULED
    fixture.finished = finished
    fixture.winner = winner
    fixture.save(update_fields=["finished", "winner", "status"])
    rows = list(fixture.sides.all())
    for row in rows:
        mine, theirs = row.side, 1 - row.side
        row.result = results[mine]
        row.games_won, row.games_lost = games_won[mine], games_won[theirs]
        row.points_for, row.points_against = points[mine], points[theirs]
        for name in STAT_FIELDS:
            setattr(row, name, stats[mine][name])
    FixtureSide.objects.bulk_update(
        rows,
        ["result", "games_won", "games_lost", "points_for", "points_against", *STAT_FIELDS],
    )
    return fixture
