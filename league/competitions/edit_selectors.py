"""Reads for editing, deleting and archiving a competition: what it has done so far (the
state :mod:`scoring.competition_changes` judges a change by) and what deleting it takes."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q

from league.games.selectors import engine_deals
from league.models import Competition, Deal, Fixture, FixtureStatus, Game, Round
from scoring import Ruleset
from scoring.competition_changes import CompetitionState, PlayedGame


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


def played_games_under(competition: Competition, rules: Ruleset) -> list[PlayedGame]:
    """The competition's played games as a rescore under ``rules`` sees them (their deals as
    the engine scores them by those rules, their winner and totals as stored): two queries."""
    games = Game.objects.filter(competition_games(competition), deal_count__gt=0).prefetch_related(
        Prefetch("deals", queryset=Deal.objects.order_by("number"))
    )
    played = []
    for game in games.order_by("pk"):
        # Read, never saved: who dealt, and so the elder hand, follows the new rules.
        game.ruleset_data = rules.to_data()
        game.preset = rules.preset
        game.__dict__.pop("rules", None)
        deals = list(game.deals.all())
        played.append(
            PlayedGame(
                name=str(game),
                deals=tuple(engine_deals(game, deals)),
                winner=game.winner,
                totals=tuple(game.totals),
                side_names=tuple(game.side_names) if game.side_names else None,
            )
        )
    return played
