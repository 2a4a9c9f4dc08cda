"""Reads for editing, deleting and archiving a competition: what it has done so far (the
state :mod:`scoring.competition_changes` judges a change by) and what deleting it takes."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from league.models import Competition, Fixture, FixtureStatus, Game, Round
from scoring.competition_changes import CompetitionState


def competition_games(competition: Competition) -> Q:
    """The games of the competition's matches (abandoned games are off their match)."""
    return Q(fixture__competition=competition, abandoned_at__isnull=True)


def competition_state(competition: Competition) -> CompetitionState:
    """What the competition has done so far, counted (four queries)."""
    games = Game.objects.filter(competition_games(competition)).aggregate(
        games=Count("pk"), played=Count("pk", filter=Q(deal_count__gt=0))
    )
    results = Fixture.objects.filter(
        Q(finished=True)
        | Q(status__in=[FixtureStatus.PLAYED, FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW]),
        competition=competition,
    ).count()
    return CompetitionState(
        kind=competition.kind,
        format=competition.format,
        entrants=competition.entrants.count(),
        drawn=Round.objects.filter(competition=competition).exists(),
        started=competition.started,
        games=games["games"],
        played_games=games["played"],
        results=results,
    )


@dataclass(frozen=True)
class WhatGoes:
    """What deleting a competition takes with it: its rounds, matches (fixtures), entrants,
    and the games started for its matches without a deal entered."""

    rounds: int
    fixtures: int
    entrants: int
    games: int


def what_goes(competition: Competition) -> WhatGoes:
    return WhatGoes(
        rounds=competition.rounds.count(),
        fixtures=competition.fixtures.count(),
        entrants=competition.entrants.count(),
        games=Game.objects.filter(competition_games(competition)).count(),
    )


def competition_rounds(competition: Competition) -> list[Round]:
    """Its rounds in order, for their dates."""
    return list(competition.rounds.order_by("number"))
