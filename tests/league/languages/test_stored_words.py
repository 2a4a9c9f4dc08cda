"""Words stored with a record are in the place's language, not in that of whoever wrote them:
a fixture's game title is the event's (else its club's) for every reader."""

from __future__ import annotations

from django.utils import translation

from league.competitions import services as competitions_services
from league.models import Club
from tests.builders import make_league


def test_a_fixtures_game_is_titled_in_the_events_language_whoever_starts_it(organiser):
    competition = make_league(organiser, name="Winterliga")
    Club.objects.filter(pk=competition.club_id).update(language="nl")
    competition.refresh_from_db()
    first, second = competition.fixtures.filter(round__number=1).order_by("id")[:2]
    with translation.override("de"):  # a German scorer starts it
        game = competitions_services.fixture_start_game(fixture=first, by=organiser)
    assert game.title == "Winterliga, ronde 1"
    competition.language = "es"  # the event differs from its club
    competition.save()
    with translation.override("de"):
        other = competitions_services.fixture_start_game(fixture=second, by=organiser)
    assert other.title == "Winterliga, ronda 1"
