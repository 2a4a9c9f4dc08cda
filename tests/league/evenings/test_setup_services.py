"""The service that changes an evening after it was set up (evening_edit): what it refuses
once a round is drawn or anybody is checked in, and the audit of what it changed."""

from __future__ import annotations

import dataclasses
import datetime

import pytest

from league.errors import Refused
from league.evenings import services
from league.models import Club, Competition, Player, RecordChange
from scoring.evenings import EveningRules, SeasonRules
from scoring.rules import PRESETS, get_ruleset

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="KJC De Pitslag", slug="pitslag")


@pytest.fixture
def evening(club, organiser) -> Competition:
    return services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=3),
        by=organiser,
        held_on=datetime.date(2026, 11, 27),
    )


def edit(competition, by, **changes):
    values = {
        "name": competition.name,
        "held_on": competition.held_on,
        "season": competition.season,
        "prize_words": competition.prize_words,
        "booby_words": competition.booby_words,
        "rules": competition.rules,
        "evening": services.evening_rules(competition),
    }
    values.update(changes)
    return services.evening_edit(competition=competition, by=by, **values)


def draw_first_round(competition) -> None:
    for i in range(4):
        player = Player.objects.create(club=competition.club, name=f"Player {i}")
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, seed=1)


def test_an_edit_that_changes_nothing_is_not_audited(evening, organiser):
    edit(evening, organiser)
    assert not RecordChange.objects.exists()


def test_an_edit_audits_only_what_changed(evening, organiser):
    edit(evening, organiser, name="Friday drive!", prize_words=["Ham"])
    change = RecordChange.objects.get()
    assert (change.subject, change.action, change.subject_id) == ("competition", "edit", evening.pk)
    assert change.before == {"name": "Friday drive", "prize_words": []}
    assert change.after == {"name": "Friday drive!", "prize_words": ["Ham"]}


def test_once_a_round_is_drawn_the_game_and_the_sit_out_score_stay(evening, organiser):
    draw_first_round(evening)
    with pytest.raises(Refused) as caught:
        edit(evening, organiser, rules=get_ruleset("klaverjas", deals=12))
    assert caught.value.field == "preset"
    rules = services.evening_rules(evening)
    with pytest.raises(Refused) as caught:
        edit(evening, organiser, evening=dataclasses.replace(rules, sit_out_points=1500))
    assert caught.value.field == "sit_out_points"
    # More rounds and other prizes may change.
    edit(evening, organiser, evening=dataclasses.replace(rules, rounds=4, prizes="none"))
    evening.refresh_from_db()
    assert services.evening_rules(evening).rounds == 4
    # Fewer rounds than those drawn may not.
    services.evening_draw_round(competition=evening, seed=2)
    with pytest.raises(Refused) as caught:
        edit(evening, organiser, evening=dataclasses.replace(rules, rounds=1))
    assert caught.value.field == "rounds"
    assert services.evening_rules(evening).rounds == 4
    assert not RecordChange.objects.filter(after__has_key="rules").exists()


def test_a_season_of_another_club_and_a_blank_name_are_refused(evening, organiser):
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    theirs = services.season_create(club=other, name="2026", rules=SeasonRules(), by=organiser)
    with pytest.raises(Refused) as caught:
        edit(evening, organiser, season=theirs)
    assert caught.value.field == "season"
    with pytest.raises(Refused) as caught:
        edit(evening, organiser, name="  ")
    assert caught.value.field == "name"
    with pytest.raises(Refused) as caught:
        edit(evening, organiser, booby_words="x" * 500)
    assert caught.value.field == "booby_words"
    evening.refresh_from_db()
    assert evening.season is None and evening.name == "Friday drive"
