"""The first steps to a first club night, for an organiser of a new install: make a club, add
its members, start a league or a tournament, print the sheets. The landing page after setup
(the games list) shows them, each a link, until the install has a competition; a step done is
left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from league.models import Club, Competition, Player


@dataclass(frozen=True)
class FirstStep:
    """One step: ``key`` names it for the page ("club", "members", "competition", "sheets")."""

    key: str
    words: str
    url: str


def first_steps() -> list[FirstStep]:
    """The steps still to take, in order; none once a competition exists (one query then,
    three at most before)."""
    if Competition.objects.exists():
        return []
    club = Club.objects.order_by("pk").first()
    steps = []
    if club is None:
        steps.append(
            FirstStep(
                "club", _("Make your club: give it its name."), reverse("competitions:club-list")
            )
        )
    if club is None or not Player.objects.filter(club=club).exists():
        steps.append(
            FirstStep(
                "members",
                _("Add the club's members, one by one or a list at once."),
                reverse("competitions:club-detail", args=[club.slug])
                if club is not None
                else reverse("competitions:club-list"),
            )
        )
    new_competition = reverse("competitions:new")
    if club is not None:
        new_competition += f"?club={club.slug}"
    steps.append(
        FirstStep(
            "competition", _("Start a league, or a tournament, for the club."), new_competition
        )
    )
    steps.append(
        FirstStep(
            "sheets", _("Print the score sheets for the night."), reverse("printing:blank-sheets")
        )
    )
    return steps
