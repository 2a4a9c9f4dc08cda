"""What the room's screen reads: which round of an event is being played now, its tables (and
the next round's), and which of a club's events are on tonight. Public: never a drafted round
(a Swiss round under the director's review). A bounded number of queries whatever the number
of tables."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from league.competitions import selectors as competitions_selectors
from league.competitions.selectors import FixtureLine
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Fixture,
    FixtureStatus,
    Game,
    Round,
    TournamentFormat,
)
from scoring.formats import ELIMINATIONS

#: Every status but void: a void fixture counts for nobody, and is never played out.
_NOT_VOID = [s for s in FixtureStatus if s != FixtureStatus.VOID]


def _open(competition: Competition) -> Q:
    """A fixture still to be played out: a tournament's until its result is confirmed, a
    league's until it is finished."""
    if competition.kind == CompetitionKind.TOURNAMENT:
        return Q(fixtures__confirmed_at__isnull=True)
    # A void fixture counts for nobody: it is never still to be played out.
    return Q(fixtures__finished=False, fixtures__status__in=_NOT_VOID)


def current_round(competition: Competition) -> Round | None:
    """The round being played now: a league's night dated today, else one with a game in
    play; else the first round with a match still to play out; else the last round (up to
    four queries; published rounds only)."""
    rounds = competition.rounds.filter(draft=False).order_by("number")
    if competition.kind == CompetitionKind.LEAGUE:
        today = rounds.filter(date=timezone.localdate()).first()
        if today is not None:
            return today
        playing = rounds.filter(
            fixtures__games__isnull=False,
            fixtures__games__winner__isnull=True,
            fixtures__games__drawn=False,
            fixtures__status__in=_NOT_VOID,
        ).first()
        if playing is not None:
            return playing
    first_open = rounds.filter(_open(competition)).first()
    return first_open or rounds.last()


def open_round_numbers(competition: Competition, current: Round) -> list[int]:
    """The rounds whose tables the screen shows as being played: the current one, and for a
    bracket every round with a match still to confirm (a bracket draws a match as soon as its
    sides are known, in a round of its own)."""
    if competition.kind != CompetitionKind.TOURNAMENT or competition.format not in ELIMINATIONS:
        return [current.number]
    numbers = list(
        competition.rounds.filter(draft=False)
        .filter(_open(competition))
        .order_by("number")
        .values_list("number", flat=True)
        .distinct()
    )
    return numbers or [current.number]


def rounds_with_tables(
    competition: Competition, numbers: list[int]
) -> list[tuple[Round, list[FixtureLine], list[str]]]:
    """Those rounds (published), with their tables' lines (five queries)."""
    if not numbers:
        return []
    span = range(min(numbers), max(numbers) + 1)
    return [
        night
        for night in competitions_selectors.competition_rounds(competition, span)
        if night[0].number in numbers
    ]


def next_round(competition: Competition, current: Round) -> Round | None:
    """The published round after the current one, where rounds are drawn ahead (a league, a
    round robin, the pools); None for a bracket or a Swiss, drawn from results."""
    if competition.kind == CompetitionKind.TOURNAMENT and competition.format not in (
        TournamentFormat.ROUND_ROBIN,
        TournamentFormat.POOLS,
    ):
        return None
    return (
        competition.rounds.filter(draft=False, number__gt=current.number).order_by("number").first()
    )


def club_events(club: Club) -> list[Competition]:
    """The club's events on tonight: a league with a night dated today or a game in play, a
    tournament started with a match still to confirm, a club evening held today or with a
    drawn round's table still playing (one query); none archived."""
    today = timezone.localdate()
    night_today = Round.objects.filter(competition=OuterRef("pk"), date=today, draft=False)
    # A void fixture's game left unfinished is kept for the record, not in play.
    game_in_play = Game.objects.in_play().filter(
        fixture__competition=OuterRef("pk"),
        fixture__round__draft=False,
        fixture__status__in=_NOT_VOID,
    )
    match_open = Fixture.objects.filter(
        competition=OuterRef("pk"), confirmed_at__isnull=True, round__draft=False
    )
    table_open = Fixture.objects.filter(
        competition=OuterRef("pk"), finished=False, status__in=_NOT_VOID
    )
    evening = CompetitionKind.EVENING
    return list(
        club.competitions.select_related("club")
        .filter(archived_at__isnull=True)
        .filter(
            Exists(night_today)
            | Exists(game_in_play)
            | Q(Exists(match_open), kind=CompetitionKind.TOURNAMENT, started=True)
            | Q(Exists(table_open), kind=evening)
            | Q(held_on=today, kind=evening)
        )
        .order_by("created_at", "id")
    )
