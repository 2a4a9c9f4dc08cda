"""The round clock's writes: the director sets a round's minutes, starts the clock, pauses
it, resumes it and resets it. The room's screen counts down from what is stored here.

The clock of a round (:class:`~league.models.Round`) is one of four states, read from its
fields: *not set* (no ``clock_minutes``), *ready* (minutes, neither of the others: it shows
the full time), *running* (``clock_ends_at``: the moment it runs out; past it, *over*) and
*paused* (``clock_paused_left``: the seconds it had left). Each write names the event's topics
(:func:`league.live.publish.changed`) so open screens follow at once.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.errors import Refused
from league.live.publish import changed
from league.live.topics import competition_topics
from league.models import Round

#: The longest round the clock takes, in minutes (a whole club night).
MAX_MINUTES = 600


def _locked(night: Round) -> Round:
    # Two directors' tabs pressing at once: one after the other, each seeing the other's write.
    locked = Round.objects.select_for_update().select_related("competition").get(pk=night.pk)
    return locked


def _saved(night: Round) -> Round:
    night.full_clean()
    night.save(update_fields=["clock_minutes", "clock_ends_at", "clock_paused_left"])
    changed(*competition_topics(night.competition))
    return night


@transaction.atomic
def round_clock_set(*, night: Round, minutes: int) -> Round:
    """Give the round's clock ``minutes``, stopped at the full time (ready to start)."""
    if not 1 <= minutes <= MAX_MINUTES:
        raise Refused(
            _("Give the round between 1 and %(most)d minutes.") % {"most": MAX_MINUTES}, "minutes"
        )
    night = _locked(night)
    night.clock_minutes = minutes
    night.clock_ends_at = None
    night.clock_paused_left = None
    return _saved(night)


@transaction.atomic
def round_clock_start(*, night: Round, now: datetime.datetime | None = None) -> Round:
    """Start the clock from the full time, or resume it from where it was paused."""
    night = _locked(night)
    if night.clock_minutes is None:
        raise Refused(_("Set the round's minutes first."), "minutes")
    if night.clock_ends_at is not None:
        raise Refused(_("The clock is running already."))
    left = night.clock_paused_left
    seconds = left if left is not None else night.clock_minutes * 60
    night.clock_ends_at = (now or timezone.now()) + datetime.timedelta(seconds=seconds)
    night.clock_paused_left = None
    return _saved(night)


@transaction.atomic
def round_clock_pause(*, night: Round, now: datetime.datetime | None = None) -> Round:
    """Stop the running clock, keeping the time it has left (none, once it is over)."""
    night = _locked(night)
    if night.clock_ends_at is None:
        raise Refused(_("The clock is not running."))
    left = (night.clock_ends_at - (now or timezone.now())).total_seconds()
    night.clock_paused_left = max(0, round(left))
    night.clock_ends_at = None
    return _saved(night)


@transaction.atomic
def round_clock_reset(*, night: Round) -> Round:
    """Stop the clock and put it back to the round's full time."""
    night = _locked(night)
    if night.clock_minutes is None:
        raise Refused(_("Set the round's minutes first."), "minutes")
    night.clock_ends_at = None
    night.clock_paused_left = None
    return _saved(night)
