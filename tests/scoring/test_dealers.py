"""Who deals (RULES.md "Who deals"): a pure function of the deals."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    PRESETS,
    Deal,
    InvalidDeal,
    dealers,
    elder_seat,
    elder_side,
    get_ruleset,
    next_dealer,
)

PLAYED = Deal(makers=0, card_points=(80, 82))
VOID = Deal(void=True)
BOTH = Deal(renege="both")
ONE = Deal(renege=1)


@pytest.mark.parametrize(
    ("preset", "first", "deals", "seats"),
    [
        ("clabber", 0, [], (0,)),
        ("clabber", 0, [PLAYED, PLAYED, PLAYED, PLAYED], (0, 1, 2, 3, 0)),
        ("clabber", 3, [PLAYED], (3, 0)),
        # clabber: all passed / misdeal, or both sides reneged: the same dealer deals again
        ("clabber", 1, [VOID, PLAYED, BOTH, ONE], (1, 1, 2, 2, 3)),
        # the two-hand game: after a void deal the other player deals
        ("klaberjass", 0, [VOID, PLAYED, BOTH], (0, 1, 0, 1)),
        ("klaberjass-3", 2, [PLAYED, VOID], (2, 0, 1)),
        ("klaberjass-4", 0, [VOID, VOID], (0, 1, 2)),
    ],
)
def test_the_deal_passes_to_the_left_except_a_clabber_redeal(preset, first, deals, seats):
    assert dealers(PRESETS[preset], first, deals) == seats


@pytest.mark.parametrize(
    ("preset", "dealer", "seat", "side"),
    [
        ("clabber", 0, 1, 1),
        ("clabber", 3, 0, 0),
        ("clabber", 2, 3, 1),
        ("klaberjass", 0, 1, 1),  # the non-dealer
        ("klaberjass", 1, 0, 0),
        ("klaberjass-3", 2, 0, 0),
    ],
)
def test_the_elder_hand_is_the_player_to_the_dealers_left(preset, dealer, seat, side):
    rules = PRESETS[preset]
    assert elder_seat(rules, dealer) == seat
    assert elder_side(rules, dealer) == side


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True])
def test_an_unknown_seat_is_refused(seat):
    with pytest.raises(InvalidDeal) as caught:
        dealers(get_ruleset("clabber"), seat, [])
    assert caught.value.field == "dealer"


def test_only_clabber_redeals_by_the_same_dealer():
    assert {n for n, r in PRESETS.items() if r.redeal_by_same_dealer} == {"clabber"}


@given(
    st.sampled_from(sorted(PRESETS)),
    st.data(),
    st.lists(st.sampled_from([PLAYED, VOID, BOTH, ONE]), max_size=20),
)
def test_dealers_has_one_seat_a_deal_and_the_next_and_passes_left(name, data, deals):
    rules = PRESETS[name]
    first = data.draw(st.integers(0, rules.players - 1))
    seats = dealers(rules, first, deals)
    assert len(seats) == len(deals) + 1
    assert seats[0] == first
    for before, deal, after in zip(seats[:-1], deals, seats[1:], strict=True):
        assert 0 <= after < rules.players
        assert after == next_dealer(rules, before, deal)
        again = rules.redeal_by_same_dealer and (deal.void or deal.renege == "both")
        assert after == (before if again else (before + 1) % rules.players)
