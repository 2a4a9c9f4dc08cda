"""Deleting a deal from the middle of a game leaves every other deal dealt by whoever dealt it
at the table: the dealer column of the deals after it does not move round one seat (a deleted
deal is one entered by mistake; the cards of the deals after it were dealt as they were). The
next dealer stays who deals next; undoing the last deal still makes its dealer deal again."""

from __future__ import annotations

import pytest

from league.games import selectors
from league.games import services as games_services
from league.models import Game
from scoring import Deal, get_ruleset

pytestmark = pytest.mark.django_db

# Clabber, four seats: a void deal (everybody passed) is dealt again by the same dealer.
DEALS = [
    Deal(makers=0, card_points=(100, 62)),
    Deal(makers=1, card_points=(70, 92)),
    Deal(makers=None, void=True),
    Deal(makers=0, card_points=(90, 72)),
    Deal(makers=1, card_points=(82, 80)),
    Deal(makers=0, card_points=(101, 61)),
]


def dealt(game: Game) -> dict[int, int]:
    """Who dealt each deal, by the deal's row (its number changes when one before goes)."""
    game.refresh_from_db()
    deals = selectors.game_deals(game)
    return dict(zip((d.pk for d in deals), selectors.dealer_seats(game, deals), strict=False))


def next_seat(game: Game) -> int:
    game.refresh_from_db()
    return selectors.next_dealer(game)


@pytest.fixture
def game(scorer) -> Game:
    game = games_services.game_create(
        rules=get_ruleset("clabber"),
        side_names=["Anna & Ben", "Carl & Dora"],
        by=scorer,
        first_dealer=1,
    )
    for deal in DEALS:
        games_services.game_add_deal(game=game, deal=deal, by=scorer)
    return game


def delete(game: Game, number: int, by) -> None:
    version = game.deals.get(number=number).version
    games_services.game_delete_deal(game=game, number=number, expected_version=version, by=by)


@pytest.mark.parametrize("numbers", [[1], [2], [4], [3, 1], [1, 1, 2]])
def test_deleting_deals_keeps_every_other_deal_s_dealer(game, scorer, numbers):
    before = dealt(game)
    following = next_seat(game)
    gone = set()
    for number in numbers:
        gone.add(game.deals.get(number=number).pk)
        delete(game, number, scorer)
        assert dealt(game) == {pk: seat for pk, seat in before.items() if pk not in gone}
        assert next_seat(game) == following


def test_a_new_first_dealer_after_a_deletion_moves_every_dealer_alike(game, scorer):
    delete(game, 2, scorer)
    before = dealt(game)
    games_services.game_settings(game=game, by=scorer, meld_entry=game.meld_entry, first_dealer=3)
    shift = (3 - 1) % 4
    assert dealt(game) == {pk: (seat + shift) % 4 for pk, seat in before.items()}


def test_undoing_the_last_deal_makes_its_dealer_deal_again(game, scorer):
    last = game.deals.get(number=len(DEALS))
    its_dealer = dealt(game)[last.pk]
    games_services.game_undo_deal(
        game=game, number=len(DEALS), expected_version=last.version, by=scorer
    )
    assert next_seat(game) == its_dealer
