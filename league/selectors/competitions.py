"""Read shapes for clubs and competitions: standings, fixtures by round, records.

A *standing line* is one entrant's row of the table with its name and the values of the
competition's tie-break keys. Each selector reads in a fixed number of queries whatever the
number of entrants, fixtures or deals: the per-fixture statistics are stored on
``FixtureSide`` rows, so the table is one query over those and a pure computation.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet, Sum

from league.models import (
    Competition,
    Entrant,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    Partnership,
    Player,
    Round,
)
from scoring.standings import TIEBREAKS, MatchPoints, MatchRow, StandingRow, standings

__all__ = [
    "FixtureLine",
    "RecordLine",
    "StandingLine",
    "competition_fixture_rows",
    "competition_rounds",
    "competition_standings",
    "entrant_match_rows",
    "person_records",
    "tiebreak_labels",
]

_STATS = (
    "games_won",
    "games_lost",
    "points_for",
    "points_against",
    "deals",
    "deals_as_makers",
    "made_as_makers",
    "sets_suffered",
    "sets_forced",
    "meld_points",
    "belles",
    "reneges",
)


@dataclass(frozen=True)
class StandingLine:
    """A standings row with the entrant's name and link."""

    row: StandingRow
    entrant_id: int
    name: str
    tied: bool

    @property
    def rank_text(self) -> str:
        return f"{self.row.rank}=" if self.tied else str(self.row.rank)


def match_points(competition: Competition) -> MatchPoints:
    return MatchPoints(
        win=competition.points_win, draw=competition.points_draw, loss=competition.points_loss
    )


def tiebreak_labels(keys: Iterable[str]) -> list[tuple[str, str]]:
    return [(key, TIEBREAKS[key].label) for key in keys]


def entrant_match_rows(fixture_sides: Iterable[dict]) -> list[MatchRow]:
    """One :class:`MatchRow` per entrant and finished fixture, from FixtureSide values.

    The opponent is the entrant on the other side when it is alone there (a rotation's tables
    of two against two have no single opponent).
    """
    by_fixture: dict[int, list[dict]] = defaultdict(list)
    for side in fixture_sides:
        by_fixture[side["fixture_id"]].append(side)
    rows = []
    for sides in by_fixture.values():
        entrants_by_side: dict[int, list[int]] = defaultdict(list)
        for side in sides:
            entrants_by_side[side["side"]].append(side["entrant_id"])
        for side in sides:
            others = entrants_by_side[1 - side["side"]]
            rows.append(
                MatchRow(
                    entrant=side["entrant_id"],
                    opponent=others[0] if len(others) == 1 else None,
                    night=side["fixture__round__number"],
                    result=side["result"],
                    forfeit=side["fixture__status"]
                    in (FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW),
                    **{name: side[name] for name in _STATS},
                )
            )
    return rows


def _finished_sides(filters: Q) -> QuerySet:
    return FixtureSide.objects.filter(filters, fixture__finished=True).values(
        "fixture_id",
        "side",
        "entrant_id",
        "result",
        "fixture__round__number",
        "fixture__status",
        *_STATS,
    )


def competition_standings(competition: Competition) -> list[StandingLine]:
    """The table, ordered by the competition's tie-break chain (two queries)."""
    names = dict(competition.entrants.values_list("id", "name"))
    rows = entrant_match_rows(_finished_sides(Q(fixture__competition=competition)))
    table = standings(
        rows,
        entrants=names,
        keys=competition.tiebreaks,
        points=match_points(competition),
        best_nights=competition.best_nights,
    )
    ranks = defaultdict(int)
    for row in table:
        ranks[row.rank] += 1
    return [
        StandingLine(
            row=row, entrant_id=row.entrant, name=names[row.entrant], tied=ranks[row.rank] > 1
        )
        for row in table
    ]


@dataclass(frozen=True)
class FixtureLine:
    """A fixture as the fixtures page lists it."""

    fixture: Fixture
    sides: tuple[str, str]
    score: str
    games: tuple[Game, ...]
    note: str


def _score(fixture: Fixture, sides: list[FixtureSide]) -> str:
    if not fixture.finished:
        running = [g for g in fixture.games.all() if g.winner is None]
        if running:
            return "in play: " + " – ".join(str(t) for t in running[0].display_totals)
        return ""
    first = next(s for s in sides if s.side == 0)
    if fixture.competition.games_per_match > 1:
        return (
            f"{first.games_won} – {first.games_lost} ({first.points_for} – {first.points_against})"
        )
    return f"{first.points_for} – {first.points_against}"


def competition_rounds(
    competition: Competition,
) -> list[tuple[Round, list[FixtureLine], list[str]]]:
    """Every round with its fixtures (sides, score, games) and who sits out (four queries)."""
    rounds = list(
        competition.rounds.prefetch_related(
            Prefetch(
                "fixtures",
                queryset=Fixture.objects.select_related("competition").prefetch_related(
                    Prefetch("sides", queryset=FixtureSide.objects.select_related("entrant")),
                    "games",
                ),
            ),
            "sitting_out",
        )
    )
    result = []
    for night in rounds:
        lines = []
        for fixture in night.fixtures.all():
            sides = list(fixture.sides.all())
            names = [" & ".join(s.entrant.name for s in sides if s.side == i) for i in (0, 1)]
            note = ""
            if fixture.status in (FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW):
                who = names[fixture.conceded_by or 0]
                note = f"{fixture.get_status_display()} by {who}"
            elif fixture.typed_scores:
                note = "from the paper sheet"
            lines.append(
                FixtureLine(
                    fixture,
                    (names[0], names[1]),
                    _score(fixture, sides),
                    tuple(fixture.games.all()),
                    note,
                )
            )
        result.append((night, lines, [e.name for e in night.sitting_out.all()]))
    return result


def competition_fixture_rows(competition: Competition) -> list[dict]:
    """Results as flat rows, for the CSV export."""
    rows = []
    for night, lines, _ in competition_rounds(competition):
        for line in lines:
            rows.append(
                {
                    "round": night.number,
                    "date": (line.fixture.date or night.date or ""),
                    "table": line.fixture.table,
                    "home": line.sides[0],
                    "away": line.sides[1],
                    "status": line.fixture.get_status_display(),
                    "score": line.score,
                    "note": line.note,
                }
            )
    return rows


@dataclass(frozen=True)
class RecordLine:
    """One competition of a player's or partnership's record."""

    competition: Competition
    entrant: Entrant
    played: int
    won: int
    drawn: int
    lost: int
    points_for: int
    points_against: int
    deals_as_makers: int
    made_as_makers: int
    sets_suffered: int
    sets_forced: int
    meld_points: int
    belles: int
    reneges: int
    form: str

    @property
    def made_percentage(self) -> str:
        if not self.deals_as_makers:
            return "–"
        return f"{100 * self.made_as_makers / self.deals_as_makers:.0f}%"


def person_records(
    *, player: Player | None = None, partnership: Partnership | None = None
) -> list[RecordLine]:
    """A player's (alone, in partnerships, or in a rotation) or a partnership's statistics,
    one line per competition, with the form of the last five matches (three queries)."""
    if player is not None:
        who = Q(player=player) | Q(partnership__first=player) | Q(partnership__second=player)
    else:
        who = Q(partnership=partnership)
    entrants = list(Entrant.objects.filter(who).select_related("competition"))
    totals = {
        row["entrant_id"]: row
        for row in FixtureSide.objects.filter(entrant__in=entrants, fixture__finished=True)
        .values("entrant_id")
        .annotate(
            played=Count("id"),
            won=Count("id", filter=Q(result="win")),
            drawn=Count("id", filter=Q(result="draw")),
            lost=Count("id", filter=Q(result="loss")),
            **{name: Sum(name) for name in _STATS},
        )
    }
    recent: dict[int, list[str]] = defaultdict(list)
    for entrant_id, result in (
        FixtureSide.objects.filter(entrant__in=entrants, fixture__finished=True)
        .order_by("-fixture__round__number", "-fixture_id")
        .values_list("entrant_id", "result")
    ):
        if len(recent[entrant_id]) < 5:
            recent[entrant_id].append({"win": "W", "draw": "D", "loss": "L"}.get(result, "?"))
    lines = []
    for entrant in entrants:
        t = totals.get(entrant.pk, {})
        lines.append(
            RecordLine(
                competition=entrant.competition,
                entrant=entrant,
                form=" ".join(recent[entrant.pk]),
                **{
                    name: t.get(name) or 0
                    for name in (
                        "played",
                        "won",
                        "drawn",
                        "lost",
                        "points_for",
                        "points_against",
                        "deals_as_makers",
                        "made_as_makers",
                        "sets_suffered",
                        "sets_forced",
                        "meld_points",
                        "belles",
                        "reneges",
                    )
                },
            )
        )
    return lines


def person_games(
    *, player: Player | None = None, partnership: Partnership | None = None, limit: int = 10
) -> list[Game]:
    """The latest games of a player's (alone, in partnerships, or in a rotation) or a
    partnership's fixtures, newest first, with their competition (one query)."""
    if player is not None:
        who = Q(player=player) | Q(partnership__first=player) | Q(partnership__second=player)
    else:
        who = Q(partnership=partnership)
    fixtures = Fixture.objects.filter(sides__entrant__in=Entrant.objects.filter(who))
    return list(
        Game.objects.filter(fixture__in=fixtures)
        .select_related("fixture__competition", "fixture__round")
        .order_by("-created_at", "-id")[:limit]
    )


__all__ += ["person_games"]
