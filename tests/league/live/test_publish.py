"""What a write says changed: events committed (or rolled back) with it, naming the pages it
moves."""

from __future__ import annotations

import pytest
from django.db import transaction

from league.games import services as games_services
from league.live.publish import changed
from league.models import Deal as DealRecord
from league.models import LiveEvent, Role
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import add, make_user, open_fixtures, start_game, tournament

pytestmark = pytest.mark.django_db(transaction=True)


def topics_written() -> list[set[str]]:
    return [set(e.topics.split()) for e in LiveEvent.objects.order_by("pk")]


def test_the_events_of_a_transaction_are_committed_with_it() -> None:
    with transaction.atomic():
        changed("game:1")
        changed(["games", "game:1"], "fixture:2")
    assert topics_written() == [{"game:1"}, {"game:1", "games", "fixture:2"}]


def test_a_rolled_back_change_is_not_announced_and_later_ones_still_are() -> None:
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        changed("game:1")
        raise ZeroDivisionError
    assert not LiveEvent.objects.exists()
    with transaction.atomic():
        try:
            with transaction.atomic():  # a savepoint, rolled back
                changed("game:7")
                raise ZeroDivisionError
        except ZeroDivisionError:
            pass
        changed("game:8")
    assert topics_written() == [{"game:8"}]


def test_outside_a_transaction_the_event_is_written_at_once() -> None:
    changed("games")
    changed("games")
    assert topics_written() == [{"games"}, {"games"}]


def test_a_deal_moves_its_game_match_and_live_scores_and_a_result_moves_the_standings() -> None:
    director = make_user("director", Role.ORGANISER)
    competition = tournament(director, 2, name="Night")
    tournaments_services.tournament_start(competition=competition)
    (fixture,) = open_fixtures(competition)
    side = fixture.sides.get(side=1)
    game = tournaments_services.token_start_game(side=side)
    LiveEvent.objects.all().delete()

    tournaments_services.token_add_deal(
        side=side, game=game, deal=Deal(makers=0, card_points=(90, 72))
    )
    (deal_event,) = topics_written()
    play_topics = {f"competition:{competition.pk}:play", f"club:{competition.club_id}"}
    assert {f"game:{game.pk}", "games", f"fixture:{fixture.pk}", *play_topics} == deal_event
    # A deal of an unfinished game moves no standings.
    assert f"competition:{competition.pk}" not in deal_event

    while game.winner is None:
        tournaments_services.token_add_deal(
            side=side, game=game, deal=Deal(makers=1, card_points=(10, 152))
        )
        game.refresh_from_db()
    # The deal that won the game decided the match: the standings move.
    assert f"competition:{competition.pk}" in topics_written()[-1]
    LiveEvent.objects.all().delete()
    tournaments_services.fixture_confirm(fixture=fixture, side=0)
    confirmed = set().union(*topics_written())
    assert {f"fixture:{fixture.pk}", f"competition:{competition.pk}"} <= confirmed


def test_a_correction_and_an_undo_of_a_casual_game_are_announced() -> None:
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer)
    add(game, scorer, makers=0, card_points=(100, 62))
    LiveEvent.objects.all().delete()
    record = DealRecord.objects.get(game=game, number=1)
    games_services.game_correct_deal(
        game=game,
        number=1,
        deal=Deal(makers=0, card_points=(90, 72)),
        expected_version=record.version,
        by=scorer,
    )
    games_services.game_undo_deal(
        game=game, number=1, expected_version=record.version + 1, by=scorer
    )
    assert topics_written() == [{f"game:{game.pk}", "games"}] * 2


def test_a_failed_save_announces_nothing() -> None:
    scorer = make_user("sam", Role.SCORER)
    game = start_game(scorer)
    LiveEvent.objects.all().delete()
    with pytest.raises(Exception):  # noqa: B017 - whatever the engine says, nothing is written
        add(game, scorer, makers=0, card_points=(500, 62))
    assert not LiveEvent.objects.exists()
