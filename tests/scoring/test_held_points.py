"""Held points (tie rule ``hang``): each deal's result says who took how many held points, or
how many hang, so a sheet only has to word it; and the same can be read back from what a
sheet stores of a deal."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Deal, get_ruleset, play_game
from scoring.deal import HeldOutcome
from scoring.game import stored_held_outcome

TIE = Deal(makers=0, card_points=(62, 62))


@pytest.mark.parametrize(
    ("deals", "outcomes"),
    [
        # The sheet of tests/league: "tie: 124 held", then "Bob takes the 124 held".
        (
            [TIE, Deal(makers=1, card_points=(40, 70))],
            [HeldOutcome(hung=124), HeldOutcome(taken_by=1, taken=124)],
        ),
        # A second tie holds both; a void deal leaves them held; set makers pay the opponent.
        (
            [
                TIE,
                Deal(makers=1, card_points=(50, 50)),
                Deal(void=True),
                Deal(makers=0, card_points=(40, 70)),
            ],
            [
                HeldOutcome(hung=124),
                HeldOutcome(hung=224),
                HeldOutcome(),
                HeldOutcome(taken_by=1, taken=224),
            ],
        ),
        # Made: the makers take them; then nothing is held, so nothing is taken.
        (
            [TIE, Deal(makers=0, card_points=(100, 40)), Deal(makers=0, card_points=(100, 40))],
            [HeldOutcome(hung=124), HeldOutcome(taken_by=0, taken=124), HeldOutcome()],
        ),
        # A renege: the side that did not renege takes them; both reneging is void.
        (
            [TIE, Deal(renege="both"), Deal(renege=0)],
            [HeldOutcome(hung=124), HeldOutcome(), HeldOutcome(taken_by=1, taken=124)],
        ),
    ],
)
def test_who_takes_the_held_points(deals, outcomes):
    game = play_game(get_ruleset("klaberjass-hang"), deals)
    assert [r.held_outcome for r in game.results] == outcomes
    before = [0, *(r.held for r in game.results)]
    stored = [
        stored_held_outcome(list(r.points), r.made, r.held, held)
        for r, held in zip(game.results, before, strict=False)
    ]
    assert stored == outcomes


@pytest.mark.parametrize("tie_rule", ["own", "set"])
def test_a_tie_that_does_not_hang_holds_nothing(tie_rule):
    rules = get_ruleset("klaberjass", tie_rule=tie_rule)
    (result,) = play_game(rules, [TIE]).results
    assert result.tied and result.held_outcome == HeldOutcome()


@st.composite
def hang_deals(draw, rules):
    """Deals that often tie, and voids and reneges between them."""
    kind = draw(st.sampled_from(["tie", "tie", "played", "void", "renege"]))
    if kind == "void":
        return Deal(void=True)
    if kind == "renege":
        return Deal(renege=draw(st.sampled_from([0, 1, "both"])))
    total = rules.card_total()
    makers = draw(st.sampled_from([0, 1]))
    if kind == "tie":
        if rules.all_cards_played:
            return Deal(makers=makers, card_points=(total // 2, total // 2))
        half = draw(st.integers(5, total // 2).filter(lambda v: v != 1))
        return Deal(makers=makers, card_points=(half, half))
    first = draw(st.integers(10, total - 10))
    second = total - first if rules.all_cards_played else draw(st.integers(0, total - first))
    if second in (1, total - 1):
        second = 0
    return Deal(makers=makers, card_points=(first, second))


@given(st.sampled_from(["klaberjass-hang", "clabber", "klaberjass-4"]), st.data())
def test_what_a_sheet_stores_tells_the_same_as_the_engine(name, data):
    rules = get_ruleset(name, tie_rule="hang", target=100_000)
    deals = data.draw(st.lists(hang_deals(rules), max_size=25))
    game = play_game(rules, deals)
    held_before = 0
    for result in game.results:
        outcome = result.held_outcome
        assert stored_held_outcome(result.points, result.made, result.held, held_before) == (
            outcome
        )
        # Held points are never lost or made up: what hangs is taken later, or still held.
        if outcome.taken:
            assert outcome.taken == held_before and result.held == 0
            assert result.points[outcome.taken_by] >= outcome.taken
        if outcome.hung:
            assert result.points == (0, 0) and result.held > held_before
        held_before = result.held
    assert held_before == game.held
