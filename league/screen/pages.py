"""Which pages a screen shows: a club evening's (:mod:`league.screen.evening`), else a league's
or a tournament's (:mod:`league.screen.presenters`); and a club night's, every event of the
club on tonight one after the other."""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _

from league.models import Club, Competition, CompetitionKind
from league.screen import evening, presenters, selectors
from league.screen.presenters import ScreenPage


def event_pages(competition: Competition, now: datetime.datetime | None = None) -> list[ScreenPage]:
    """Every page of the event's screen, in the order the screen turns them."""
    if competition.kind == CompetitionKind.EVENING:
        return evening.evening_pages(competition, now)
    return presenters.competition_pages(competition, now)


def club_pages(club: Club, now: datetime.datetime | None = None) -> list[ScreenPage]:
    """The pages of every event of the club on tonight, one event after the other."""
    pages: list[ScreenPage] = []
    for competition in selectors.club_events(club):
        pages += event_pages(competition, now)
    return pages or [
        ScreenPage(club.name, _("Tonight"), "note", text=_("Nothing is being played right now."))
    ]
