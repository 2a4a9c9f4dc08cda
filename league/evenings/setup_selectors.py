"""Reads of the pages that set club evenings up: the club's evenings as a list, each with
where it stands (not drawn yet, rounds drawn of how many, finished), in a fixed number of
queries whatever the number of evenings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from league.evenings.selectors import evenings_of_club
from league.models import Club, Competition, Fixture, FixtureStatus, Round, Season
from scoring.evenings import EveningRules, evening_rules_from_data


@dataclass(frozen=True)
class EveningLine:
    """One evening of the club's list: its ``rules``, ``drawn`` rounds, ``waiting`` tables
    of the drawn rounds without a result, and how many ``entrants`` checked in."""

    competition: Competition
    rules: EveningRules
    drawn: int
    waiting: int
    entrants: int

    @property
    def finished(self) -> bool:
        """Every round drawn and every table's result in (as the evening's page says)."""
        return self.drawn >= self.rules.rounds and not self.waiting

    @property
    def started(self) -> bool:
        return self.drawn > 0


def club_evening_lines(club: Club) -> list[EveningLine]:
    """The club's evenings, the latest night first. Three queries."""
    evenings = list(
        evenings_of_club(club.pk)
        .select_related("season")
        .annotate(entrant_count=Count("entrants", distinct=True))
    )
    ids = [e.pk for e in evenings]
    drawn = dict(
        Round.objects.filter(competition_id__in=ids)
        .values("competition_id")
        .annotate(n=Count("id"))
        .values_list("competition_id", "n")
    )
    waiting = dict(
        Fixture.objects.filter(competition_id__in=ids)
        .filter(Q(finished=False) | Q(status=FixtureStatus.VOID))
        .values("competition_id")
        .annotate(n=Count("id"))
        .values_list("competition_id", "n")
    )
    return [
        EveningLine(
            competition=e,
            rules=evening_rules_from_data(e.evening_rules),
            drawn=drawn.get(e.pk, 0),
            waiting=waiting.get(e.pk, 0),
            entrants=e.entrant_count,
        )
        for e in evenings
    ]


def club_seasons(club: Club) -> list[Season]:
    """The club's seasons, the latest first, each with how many evenings it has."""
    return list(
        club.seasons.annotate(evening_count=Count("evenings")).order_by("-created_at", "-id")
    )
