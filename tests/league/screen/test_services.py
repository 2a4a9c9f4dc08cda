"""The round clock's writes: each state from the one before, a refusal where the press makes
no sense (nothing saved), and every write said to the event's open pages."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from league.errors import Refused
from league.models import LiveEvent
from league.screen import presenters, services
from tests.builders import make_league

pytestmark = pytest.mark.django_db

NOW = timezone.make_aware(datetime.datetime(2026, 12, 1, 20, 0))


def test_the_clock_runs_pauses_with_its_time_left_and_resumes_from_it(organiser):
    night = make_league(organiser).rounds.get(number=1)
    night = services.round_clock_set(night=night, minutes=45)
    assert presenters.clock_of(night, NOW).text == "45:00"
    services.round_clock_start(night=night, now=NOW)
    night.refresh_from_db()
    later = NOW + datetime.timedelta(minutes=10, seconds=30)
    assert presenters.clock_of(night, later).text == "34:30"
    services.round_clock_pause(night=night, now=later)
    night.refresh_from_db()
    assert (night.clock_paused_left, night.clock_ends_at) == (34 * 60 + 30, None)
    clock = presenters.clock_of(night, later + datetime.timedelta(hours=1))
    assert (clock.state, clock.text, clock.note) == ("paused", "34:30", "Paused")
    services.round_clock_start(night=night, now=later + datetime.timedelta(hours=1))
    night.refresh_from_db()
    assert night.clock_ends_at == later + datetime.timedelta(hours=1, minutes=34, seconds=30)
    over = presenters.clock_of(night, night.clock_ends_at + datetime.timedelta(seconds=1))
    assert (over.state, over.text) == ("over", "Time")


def test_presses_that_make_no_sense_are_refused_and_change_nothing(organiser):
    night = make_league(organiser).rounds.get(number=1)
    with pytest.raises(Refused, match="Set the round's minutes first"):
        services.round_clock_start(night=night)
    with pytest.raises(Refused, match="not running"):
        services.round_clock_pause(night=night)
    services.round_clock_set(night=night, minutes=20)
    services.round_clock_start(night=night)
    with pytest.raises(Refused, match="running already"):
        services.round_clock_start(night=night)
    with pytest.raises(Refused) as error:
        services.round_clock_set(night=night, minutes=0)
    assert error.value.field == "minutes"
    night.refresh_from_db()
    assert night.clock_minutes == 20 and night.clock_ends_at is not None


# Committed for real: each write is its own transaction, as on the site.
@pytest.mark.django_db(transaction=True)
def test_every_clock_write_tells_the_events_pages(organiser):
    league = make_league(organiser)
    night = league.rounds.get(number=1)
    before = LiveEvent.objects.count()
    services.round_clock_set(night=night, minutes=30)
    services.round_clock_start(night=night)
    services.round_clock_pause(night=night)
    services.round_clock_reset(night=night)
    events = list(LiveEvent.objects.order_by("id")[before:])
    assert len(events) == 4
    for event in events:
        assert f" competition:{league.pk} " in event.topics
        assert f" club:{league.club_id} " in event.topics
