"""Every worked example of RULES.md, as a table of cases through the public API."""

import pytest

from scoring import Deal, InvalidDeal, game_winner, get_ruleset, play_game, score_deal

DEAL_CASES = [
    # (preset, deal, points, marks, made)
    ("klaberjass", Deal(makers=0, card_points=(55, 50)), (55, 50), ("55", "50"), True),
    ("klaberjass", Deal(makers=0, card_points=(55, 70)), (0, 125), ("XX", "125"), False),
    ("klaberjass", Deal(makers=0, card_points=(62, 62)), (0, 62), ("XX", "62"), False),
    ("clabber", Deal(makers=0, card_points=(90, 72)), (90, 72), ("90", "72"), True),
    (
        "clabber",
        Deal(makers=0, card_points=(80, 82), melds=(("run3",), ())),
        (100, 82),
        ("100", "82"),
        True,
    ),
    ("clabber", Deal(makers=0, card_points=(81, 81)), (0, 81), ("XX", "81"), False),
    ("clabber", Deal(makers=0, card_points=(70, 92)), (0, 92), ("XX", "92"), False),
    (
        "clabber",
        Deal(makers=0, card_points=(60, 102), melds=(("four_jacks",), ())),
        (260, 102),
        ("260", "102"),
        True,
    ),
    (
        "clabber",
        Deal(makers=0, renege=0, melds=((), ("run3",)), belle=1),
        (0, 202),
        ("-", "202"),
        None,
    ),
]


@pytest.mark.parametrize(("preset", "deal", "points", "marks", "made"), DEAL_CASES)
def test_worked_deal(preset, deal, points, marks, made):
    result = score_deal(get_ruleset(preset), deal)
    assert result.points == points
    assert result.marks == marks
    assert result.made is made


def test_hang_holds_tied_points_for_the_next_winner():
    rules = get_ruleset("klaberjass-hang")
    tie = score_deal(rules, Deal(makers=0, card_points=(62, 62)))
    assert tie.points == (0, 0)
    assert tie.held == 124
    game = play_game(
        rules, [Deal(makers=0, card_points=(62, 62)), Deal(makers=1, card_points=(40, 70))]
    )
    assert game.results[1].points == (40, 194)
    assert game.totals == (40, 194)
    assert game.held == 0


def test_clabber_card_points_must_add_up_to_162():
    with pytest.raises(InvalidDeal) as caught:
        score_deal(get_ruleset("clabber"), Deal(makers=0, card_points=(90, 60)))
    assert caught.value.field == "card_points"
    assert "must add up to 162" in str(caught.value)
    assert "150" in str(caught.value)


def test_klaberjass_does_not_play_every_card():
    result = score_deal(get_ruleset("klaberjass"), Deal(makers=0, card_points=(60, 50)))
    assert result.points == (60, 50)


def test_clabber_game_ends_when_a_side_reaches_500():
    rules = get_ruleset("clabber")
    # 4 × (100, 62) = (400, 248); then (80, 82) set → (400, 330); then made (100, 62).
    deals = [Deal(makers=0, card_points=(100, 62))] * 4
    game = play_game(rules, deals)
    assert game.totals == (400, 248) and game.winner is None
    deals.append(Deal(makers=0, card_points=(80, 82), melds=(("run3",), ())))  # 500 / 330
    game = play_game(rules, deals)
    assert game.totals == (500, 330)
    assert game.winner == 0


@pytest.mark.parametrize(
    ("totals", "winner"),
    [((480, 300), None), ((510, 300), 0), ((510, 505), 0), ((505, 510), 1), ((520, 520), None)],
)
def test_game_end_examples(totals, winner):
    assert game_winner(totals, 500) == winner


def test_equal_totals_over_the_target_play_on_until_one_is_higher():
    rules = get_ruleset("clabber").replace(target=300)
    deals = [
        Deal(makers=0, card_points=(120, 42)),
        Deal(makers=1, card_points=(42, 120)),  # 162 / 162
        Deal(makers=0, card_points=(90, 72)),  # 252 / 234
        Deal(makers=1, card_points=(72, 90)),  # 324 / 324: both over, equal
    ]
    game = play_game(rules, deals)
    assert game.totals == (324, 324)
    assert game.winner is None
    game = play_game(rules, [*deals, Deal(makers=0, card_points=(90, 72))])
    assert game.totals == (414, 396)
    assert game.winner == 0


def test_a_deal_after_the_game_is_over_is_refused():
    rules = get_ruleset("clabber").replace(target=100)
    with pytest.raises(InvalidDeal) as caught:
        play_game(rules, [Deal(makers=0, card_points=(120, 42))] * 2)
    assert caught.value.field == "game"
    assert "over" in str(caught.value)


def test_side_stats_count_what_each_side_did():
    from scoring.game import side_stats

    rules = get_ruleset("clabber")
    deals = [
        Deal(makers=0, card_points=(80, 82), melds=(("run3",), ()), belle=0),  # made 120 / 82
        Deal(makers=0, card_points=(70, 92)),  # set: XX / 92
        Deal(makers=1, renege=1, melds=(("run4",), ())),  # renege: 212 / 0
        Deal(void=True),
    ]
    game = play_game(rules, deals)
    ours, theirs = side_stats(rules, deals, game)
    assert ours.points == 120 + 0 + 212 and theirs.points == 82 + 92
    assert (ours.deals, ours.deals_as_makers, ours.made_as_makers, ours.sets_suffered) == (
        4,
        2,
        1,
        1,
    )
    assert (theirs.sets_forced, theirs.reneges, ours.reneges) == (1, 1, 0)
    assert (ours.meld_points, ours.belles, theirs.meld_points) == (70, 1, 0)
