"""A deal's dealer kept where it no longer follows from the deals before it (one of them was
deleted): the deal passes on from it as from any other."""

from __future__ import annotations

from scoring import Deal, get_ruleset
from scoring.dealers import dealers

CLABBER = get_ruleset("clabber")
PLAYED = Deal(makers=0, card_points=(100, 62))
PASSED = Deal(makers=None, void=True)


def test_a_kept_dealer_deals_and_the_deal_passes_on_from_them():
    deals = [PLAYED, PLAYED, PASSED, PLAYED]
    assert dealers(CLABBER, 1, deals) == (1, 2, 3, 3, 0)
    assert dealers(CLABBER, 1, deals, [None, 0]) == (1, 0, 1, 1, 2)
    assert dealers(CLABBER, 1, deals, [None, None, None, 3]) == (1, 2, 3, 3, 0)
    # Shorter than the deals: the rest follow.
    assert dealers(CLABBER, 1, deals, [2]) == (2, 3, 0, 0, 1)
