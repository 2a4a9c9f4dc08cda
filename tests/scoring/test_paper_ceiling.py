"""How high a paper sheet's total can be (scoring.matches.paper_ceiling): the most one deal can
score bounds every deal the engine scores, a real game's totals pass, a slip of the pen (a
total of 100000 in a game to 500) is refused with the reason."""

import pytest

from scoring import PRESETS, Deal, get_ruleset, play_game, score_deal
from scoring.deal import most_points_in_a_deal
from scoring.matches import InvalidMatch, MatchFormat, paper_ceiling, typed_games
from scoring.rules import PART_ONE_PRESETS

ONE = MatchFormat()
KLABERJASS = get_ruleset("klaberjass")


def test_a_total_no_game_to_500_can_reach_is_refused_saying_why():
    with pytest.raises(InvalidMatch) as caught:
        typed_games(ONE, [(100000, 2)], 500, ceiling=paper_ceiling(KLABERJASS))
    assert caught.value.field == "scores"
    assert caught.value.code == "match.typed_too_high"
    assert caught.value.message == (
        "Game 1: 100000 is more than a game to 500 can reach by these rules (at most 1314): "
        "check the sheet."
    )


def test_the_loser_s_total_is_bounded_too():
    with pytest.raises(InvalidMatch):
        typed_games(ONE, [(5000, 5100)], 500, ceiling=paper_ceiling(KLABERJASS))


def test_the_ceiling_of_klaberjass_is_the_target_and_twice_a_deal_s_most():
    # 162 card points (or the renege award), 18 cards in runs of four at 50 a run, a belle.
    assert most_points_in_a_deal(KLABERJASS) == 162 + 18 * 50 // 4 + 20
    assert paper_ceiling(KLABERJASS) == 500 + 2 * 407
    assert paper_ceiling(KLABERJASS.replace(target=1000)) == 1000 + 2 * 407


@pytest.mark.parametrize("preset", sorted(PART_ONE_PRESETS))
def test_a_real_game_that_ends_high_is_accepted(preset):
    rules = PRESETS[preset]
    # Makers one short of the target, then a big last deal: the highest a game usually ends.
    rest = rules.sides - 1
    deals = [Deal(makers=0, card_points=(162,) + (0,) * rest, melds=(("run3",),) + ((),) * rest)]
    deals *= 2
    game = play_game(rules, deals)
    while not game.finished:
        deals.append(
            Deal(
                makers=0,
                card_points=(152, 10) + (0,) * (rest - 1),
                melds=(("run4",),) + ((),) * rest,
                belle=0,
            )
        )
        game = play_game(rules, deals)
    games = typed_games(ONE, [game.totals[:2]], rules.target, ceiling=paper_ceiling(rules))
    assert games[0].winner == 0
    assert max(game.totals) <= paper_ceiling(rules)


@pytest.mark.parametrize("preset", sorted(PART_ONE_PRESETS))
def test_no_deal_scores_more_than_its_most(preset):
    rules = PRESETS[preset]
    best = max(rules.meld_values, key=lambda kind: rules.meld_values[kind])
    rest = rules.sides - 1
    cards, melds = (162,) + (0,) * rest, ((best,),) + ((),) * rest
    deals = [
        Deal(makers=0, card_points=cards, melds=melds, belle=0),
        Deal(makers=1, card_points=cards, melds=melds, belle=0),  # set: all to one side
        Deal(card_points=(80, 82) + (0,) * (rest - 1), melds=melds, belle=0, renege=1),
    ]
    for deal in deals:
        result = score_deal(rules, deal)
        assert max(result.points) <= most_points_in_a_deal(rules)
