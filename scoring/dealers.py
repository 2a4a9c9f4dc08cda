"""Who deals: the dealer of each deal of a game, worked out from the deals (RULES.md, "Who
deals").

Words:

- *seat*: a player's place at the table, numbered 0 to ``rules.players - 1`` in order round
  the table to the left. The side of a seat is ``seat % rules.sides`` (partners sit across:
  seats 0 and 2 are side 0, seats 1 and 3 side 1).
- *dealer*: the seat that deals; the deal passes to the left (seat + 1) after every deal.
- *elder hand*: the player to the dealer's left, who leads first (in the two-hand game, the
  non-dealer); under ``meld_tie: elder`` that player's side wins equal melds.

Readings: a deal is dealt again by the same dealer (``rules.redeal_by_same_dealer``, clabber)
when it is void for any reason (everybody passed, a misdeal) or both sides reneged; a renege by
one side is a deal played, and the deal passes.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.deal import Deal
from scoring.errors import InvalidDeal, gettext_noop
from scoring.rules import Ruleset


def _check_seat(rules: Ruleset, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise InvalidDeal(
            gettext_noop(
                "%(game)s has %(seats)d seats, numbered 0 to %(last)d: %(value)s is not one of "
                "them."
            ),
            "dealer",
            code="dealer.seat",
            params={
                "game": rules.name,
                "seats": rules.players,
                "last": rules.players - 1,
                "value": repr(seat),
            },
        )
    return seat


def seat_side(rules: Ruleset, seat: int) -> int:
    """The side the player in ``seat`` plays for."""
    return _check_seat(rules, seat) % rules.sides


def elder_seat(rules: Ruleset, dealer: int) -> int:
    """The elder hand: the seat to the dealer's left."""
    return (_check_seat(rules, dealer) + 1) % rules.players


def elder_side(rules: Ruleset, dealer: int) -> int:
    """The side of the elder hand when ``dealer`` deals (what ``Deal.elder`` takes)."""
    return elder_seat(rules, dealer) % rules.sides


def deals_again(rules: Ruleset, deal: Deal) -> bool:
    """Whether the same dealer deals the next deal after ``deal``."""
    return rules.redeal_by_same_dealer and (deal.void or deal.renege == "both")


def next_dealer(rules: Ruleset, dealer: int, deal: Deal) -> int:
    """Who deals after ``dealer`` dealt ``deal``."""
    dealer = _check_seat(rules, dealer)
    return dealer if deals_again(rules, deal) else (dealer + 1) % rules.players


def dealers(
    rules: Ruleset,
    first_dealer: int,
    deals: Sequence[Deal],
    dealt_by: Sequence[int | None] = (),
) -> tuple[int, ...]:
    """The dealer's seat of each deal, then of the next deal: ``len(deals) + 1`` seats.

    ``first_dealer`` is the seat that dealt the first deal. ``dealt_by`` (as long as
    ``deals`` or shorter) keeps, for a deal, the seat that dealt it where that no longer
    follows from the deals before it (one of them was deleted: the cards after it were still
    dealt by who dealt them), ``None`` where it follows; the deal passes on from there. An
    unknown seat is an :class:`InvalidDeal` (field ``dealer``).
    """
    dealer = _check_seat(rules, first_dealer)
    seats = []
    for index, deal in enumerate(deals):
        kept = dealt_by[index] if index < len(dealt_by) else None
        if kept is not None:
            dealer = _check_seat(rules, kept)
        seats.append(dealer)
        dealer = next_dealer(rules, dealer, deal)
    seats.append(dealer)
    return tuple(seats)


__all__ = [
    "dealers",
    "deals_again",
    "elder_seat",
    "elder_side",
    "next_dealer",
    "seat_side",
]
