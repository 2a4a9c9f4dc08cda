"""Properties of the engine over generated deals (hypothesis)."""

from hypothesis import assume, given
from hypothesis import strategies as st

from scoring import PRESETS, Deal, InvalidDeal, game_winner, play_game, score_deal
from scoring.rules import MELD_CARDS, MELD_KINDS, PART_ONE_PRESETS

presets = st.sampled_from(sorted(PRESETS))
#: The deal properties below are part one's (who keeps what on a set); part two's games
#: (contracts, roem, capot) have their own in test_part_two.py.
part_one = st.sampled_from(sorted(PART_ONE_PRESETS))


@st.composite
def played_deals(draw, rules=None):
    """A deal that passes validation, for a ruleset drawn or given."""
    rules = rules or PRESETS[draw(part_one)]
    no_trump = rules.no_trump_allowed and draw(st.booleans())
    total = rules.card_total(no_trump)
    allowed = [v for v in range(0, total + 1) if v not in (1, total - 1)]
    if rules.all_cards_played:
        first = draw(st.sampled_from(allowed))
        points = (first, total - first)
    else:
        # Draw side by side within what the deck has left, so few draws are thrown away.
        drawn: list[int] = []
        for _ in range(rules.sides):
            left = total - sum(drawn)
            drawn.append(draw(st.sampled_from([v for v in allowed if v <= left])))
        points = tuple(drawn)
        assume(sum(points) >= 10)
    paid = [k for k in MELD_KINDS if k in rules.meld_values]
    melder = draw(st.sampled_from(range(rules.sides)))
    runs = [k for k in paid if k.startswith("run")]
    kinds = tuple(draw(st.lists(st.sampled_from(runs), max_size=2)))
    if sum(MELD_CARDS[k] for k in kinds) > rules.cards_each:
        kinds = kinds[:1]
    melds = tuple(kinds if side == melder else () for side in range(rules.sides))
    belle = None if no_trump else draw(st.one_of(st.none(), st.sampled_from(range(rules.sides))))
    makers = draw(st.sampled_from(range(rules.sides)))
    return rules, Deal(
        makers=makers, card_points=points, melds=melds, belle=belle, no_trump=no_trump
    )


@given(played_deals())
def test_made_pays_each_side_its_combined_points_and_set_makers_get_zero(case):
    rules, deal = case
    result = score_deal(rules, deal)
    if result.made:
        assert result.points == result.combined
        assert all(
            result.combined[deal.makers] > c
            for s, c in enumerate(result.combined)
            if s != deal.makers
        )
    elif not result.tied or rules.tie_rule != "hang":
        assert result.points[deal.makers] == 0
        assert result.marks[deal.makers] == "XX"


@given(played_deals())
def test_set_award_all_neither_loses_nor_creates_points(case):
    rules, deal = case
    if rules.set_award != "all":
        return
    result = score_deal(rules, deal)
    if result.made is False and not (result.tied and rules.tie_rule in ("own", "hang")):
        assert sum(result.points) == sum(result.combined)


@given(
    presets,
    st.integers(-1, 3),
    st.lists(st.integers(-20, 200), max_size=4),
    st.lists(st.lists(st.sampled_from([*MELD_KINDS, "junk"]), max_size=4), max_size=4),
    st.one_of(st.none(), st.integers(-1, 3)),
    st.booleans(),
    st.booleans(),
    st.one_of(st.none(), st.integers(-1, 3), st.just("both")),
)
def test_any_input_is_scored_or_refused_with_invalid_deal(
    name, makers, points, melds, belle, void, no_trump, renege
):
    rules = PRESETS[name]
    deal = Deal(
        makers=makers,
        card_points=tuple(points),
        melds=tuple(map(tuple, melds)),
        belle=belle,
        void=void,
        no_trump=no_trump,
        renege=renege,
    )
    try:
        result = score_deal(rules, deal)
    except InvalidDeal as error:
        assert error.message
    else:
        assert len(result.points) == rules.sides
        assert all(p >= 0 for p in result.points)


@given(st.sampled_from(["clabber", "klaberjass", "klaberjass-hang", "klaberjass-3"]), st.data())
def test_game_winner_is_the_first_side_over_the_target(name, data):
    rules = PRESETS[name].replace(target=300)
    deals = []
    game = play_game(rules, deals)
    while game.winner is None and len(deals) < 60:
        _, deal = data.draw(played_deals(rules))
        deals.append(deal)
        game = play_game(rules, deals)
    if game.winner is None:
        return
    before = game.running[-2] if len(game.running) > 1 else (0,) * rules.sides
    assert game_winner(before, rules.target) is None
    assert game.totals[game.winner] >= rules.target
    assert game.totals[game.winner] == max(game.totals)
    assert sum(game.running[-1]) == sum(sum(r.points) for r in game.results)
