"""Melds as the table plays them (RULES.md "Melds a hand can hold", "Who scores melds: the
table's comparison", rule 2 of "Scoring one deal"): one table case a rule, then properties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    PRESETS,
    RANKS,
    Deal,
    Declared,
    InvalidDeal,
    InvalidRuleset,
    get_ruleset,
    meld_comparison,
    meld_winner,
    ruleset_from_data,
    score_deal,
    validate_deal,
)

run, four = Declared.run, Declared.four
CLABBER = get_ruleset("clabber")


def refusal(rules, deal):
    with pytest.raises(InvalidDeal) as caught:
        score_deal(rules, deal)
    with pytest.raises(InvalidDeal):
        validate_deal(rules, deal)
    return caught.value


# -- melds a hand can hold: kinds only -------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "melds", "words"),
    [
        # The examples: 480 / 82 and 230 / 82 used to be accepted.
        (
            "clabber",
            ("four_jacks", "four_A", "four_K"),
            "Two hands of six cards cannot hold three fours of a kind.",
        ),
        (
            "clabber",
            ("run4", "run4", "run4"),
            "Two hands of six cards cannot hold three runs of four.",
        ),
        (
            "clabber",
            ("four_A", "four_K", "run3"),
            "Two hands of six cards cannot hold four aces, four kings and a run of three.",
        ),
        (
            "klaberjass-4",
            ("run5", "run5", "run5"),
            "Two hands of eight cards cannot hold three runs of five.",
        ),
        (
            "clabber",
            ("run5", "run4", "run3"),
            "Two hands of six cards cannot hold a run of five, a run of four and a run of three.",
        ),
        ("clabber", ("run5", "four_A", "run3"), "cannot hold a run of five, four aces and a run"),
        ("klaberjass", ("run4", "run3", "run3"), "melds need 10 cards, but the side holds only 9"),
        ("zensa", ("four_A", "four_K", "run3"), "melds need 11 cards"),
        (
            "klaberjass-4",
            ("run5", "run5", "run4"),
            "Two hands of eight cards cannot hold two runs of five and a run of four.",
        ),
        ("clabber", ("four_A", "four_K", "four_Q", "four_10"), "holds only 12"),
    ],
)
def test_melds_no_hands_could_hold_are_refused_in_a_players_words(preset, melds, words):
    error = refusal(PRESETS[preset], Deal(makers=0, card_points=(80, 82), melds=(melds, ())))
    assert error.field == "melds"
    assert error.field == "melds"
    assert error.side == 0
    assert words in error.message


@pytest.mark.parametrize(
    ("preset", "melds", "points"),
    [
        ("clabber", ("four_jacks", "four_A"), (380, 82)),
        ("clabber", ("run3", "run3", "run3", "run3"), (160, 82)),
        ("clabber", ("run5", "run3", "run3"), (220, 82)),
        ("klaberjass-4", ("run5", "run5", "run3"), (200, 82)),
        ("klaberjass-4", ("run4", "run4", "run4", "run4"), (280, 82)),
        ("zensa", ("four_jacks", "four_A"), (380, 82)),
        ("klaberjass", ("run3", "run3", "run3"), (140, 82)),
    ],
)
def test_melds_two_hands_can_hold_are_accepted(preset, melds, points):
    rules = PRESETS[preset]
    assert score_deal(rules, Deal(makers=0, card_points=(80, 82), melds=(melds, ()))).points == (
        points
    )


# -- renege with both sides' melds -------------------------------------------------------


def test_renege_with_both_sides_melds_pays_the_innocent_side_its_own():
    # The example: team 0 reneges; each team declared a run of three.
    deal = Deal(makers=0, renege=0, melds=(("run3",), ("run3",)))
    result = score_deal(CLABBER, deal)
    assert result.points == (0, 182)
    assert result.marks == ("-", "182")
    declared = Deal(makers=0, renege=0, declared=((run(3, "K"),), (run(3, "K"),)))
    assert score_deal(CLABBER, declared).points == (0, 182)


def test_renege_keeps_belle_and_own_melds_of_the_innocent_side():
    deal = Deal(renege=0, melds=(("four_jacks",), ("run3",)), belle=1)
    assert score_deal(CLABBER, deal).points == (0, 202)


@pytest.mark.parametrize(
    ("melds", "points"),
    [
        ((("run3",), ("run3",)), (0, 162)),  # both entered melds: nothing to compare, none count
        (((), ("run3",)), (0, 182)),  # only the innocent side entered melds: they count
        ((("four_jacks",), ()), (0, 162)),
    ],
)
def test_renege_melds_scored_with_kinds_only(melds, points):
    rules = CLABBER.replace(renege_melds="scored")
    assert score_deal(rules, Deal(renege=0, melds=melds)).points == points


@pytest.mark.parametrize(
    ("declared", "points"),
    [
        (((run(3, "K"),), (run(4, "K"),)), (0, 212)),  # the innocent side would have won
        (((run(4, "K"),), (run(3, "K"),)), (0, 162)),  # the reneging side would have won
        (((run(3, "K"),), (run(3, "K"),)), (0, 162)),  # equal: nobody would have scored
        (((), (run(3, "K"),)), (0, 182)),
    ],
)
def test_renege_melds_scored_with_declared_melds(declared, points):
    rules = CLABBER.replace(renege_melds="scored")
    assert score_deal(rules, Deal(renege=0, declared=declared)).points == points


def test_renege_melds_own_ignores_the_comparison():
    deal = Deal(renege=0, declared=((four("A"),), (run(3, "K"),)))
    assert score_deal(CLABBER, deal).points == (0, 182)


def test_a_renege_still_refuses_melds_no_hands_could_hold():
    error = refusal(CLABBER, Deal(renege=0, melds=((), ("run4", "run4", "run4"))))
    assert error.side == 1


def test_without_a_renege_both_sides_scoring_melds_is_still_refused():
    error = refusal(CLABBER, Deal(makers=0, card_points=(80, 82), melds=(("run3",), ("run3",))))
    assert "best meld" in error.message


# -- the comparison ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "side0", "side1", "winner", "reason"),
    [
        # 1. the higher value wins
        ("clabber", [four("J")], [four("A")], 0, "four jacks beats four aces"),
        ("clabber", [run(5, "A", True)], [run(4, "A")], 0, None),
        ("clabber", [run(3, "A", True)], [run(4, "Q")], 1, None),
        ("clabber", [four("9")], [run(4, "A", True)], 0, None),
        # 2. runs of the same value: longer, then the higher top card, then trumps
        ("klaberjass", [run(5, "J")], [run(4, "A", True)], 0, None),
        ("clabber", [run(6, "A")], [run(5, "A", True)], 0, "run of six to the ace beats"),
        ("clabber", [run(4, "A")], [run(4, "K", True)], 0, None),
        (
            "clabber",
            [run(4, "K")],
            [run(4, "K", True)],
            1,
            "run of four to the king in trumps beats run of four to the king",
        ),
        # 3. fours of the same value by rank; a four beats a run of the same value
        ("clabber", [four("K")], [four("A")], 1, "four aces beats four kings"),
        ("clabber", [four("9")], [four("10")], 1, None),
        ("clabber", [four("Q")], [four("10")], 0, None),
        ("clabber", [run(5, "A", True)], [four("9")], 1, "four nines beats run of five"),
        # 4. still equal: meld_tie nobody (clabber)
        (
            "clabber",
            [run(3, "K")],
            [run(3, "K")],
            None,
            "equal runs in plain suits: nobody scores melds",
        ),
        # only the best melds are compared
        ("clabber", [run(3, "K"), run(3, "A")], [run(3, "A")], None, None),
        # a side with nothing declared never wins; nobody declared: nobody scores
        ("clabber", [], [run(3, "K")], 1, "only partnership 2 declared melds"),
        ("clabber", [], [], None, "nobody declared a meld"),
    ],
)
def test_the_table_comparison(preset, side0, side1, winner, reason):
    rules = PRESETS[preset]
    compared = meld_comparison(rules, (tuple(side0), tuple(side1)), elder=0)
    assert compared.winner == winner
    assert meld_winner(rules, (tuple(side0), tuple(side1)), elder=0) == winner
    if reason:
        assert reason in compared.reason


def test_meld_tie_elder_gives_equal_melds_to_the_elder_hands_side():
    rules = get_ruleset("klabberjass-100")
    assert rules.meld_tie == "elder"
    equal = ((run(3, "K"),), (run(3, "K"),))
    assert meld_winner(rules, equal, elder=1) == 1
    assert meld_winner(rules, equal, elder=0) == 0
    assert "elder hand" in meld_comparison(rules, equal, elder=1).reason
    with pytest.raises(InvalidDeal) as caught:
        meld_winner(rules, equal)
    assert caught.value.field == "elder"
    # The elder hand is needed only when it decides.
    assert meld_winner(rules, ((run(4, "K"),), (run(3, "K"),))) == 0
    assert meld_winner(CLABBER.replace(meld_tie="elder"), equal, elder=1) == 1


def test_score_deal_with_declared_melds():
    # DESIGN.md's example: a run of three in trumps against four aces; four aces win.
    runs, fours = (run(length=3, top="K", trump=True),), (four("A"),)
    deal = Deal(makers=0, card_points=(80, 82), declared=(runs, fours), elder=1)
    assert meld_winner(CLABBER, (runs, fours), elder=1) == 1
    assert score_deal(CLABBER, deal).points == (0, 182)
    # The winner scores all its melds; the other side none.
    deal = Deal(makers=0, card_points=(80, 82), declared=((four("J"), run(3, "A")), (four("9"),)))
    assert score_deal(CLABBER, deal).points == (300, 82)
    tie = Deal(makers=0, card_points=(80, 82), declared=((run(3, "K"),), (run(3, "K"),)))
    assert score_deal(CLABBER, tie).marks == ("XX", "82")
    result = score_deal(
        get_ruleset("klabberjass-100"),
        Deal(makers=0, card_points=(80, 62), declared=tie.declared, elder=0),
    )
    assert result.points == (100, 62)


def test_belle_stays_apart_from_the_comparison():
    deal = Deal(
        makers=0, card_points=(80, 82), declared=((run(3, "K", True),), (four("A"),)), belle=0
    )
    assert score_deal(CLABBER, deal).points == (0, 182)  # 80 + 20 belle = 100 < 182


def test_a_side_that_took_no_trick_wins_the_comparison_but_scores_no_melds():
    rules = get_ruleset("klaberjass")
    deal = Deal(makers=1, card_points=(0, 100), declared=((run(4, "A"),), (run(3, "K"),)))
    assert score_deal(rules, deal).points == (0, 100)


def test_three_hand_the_best_single_side_wins_and_a_tie_for_the_best_is_nobody():
    rules = get_ruleset("klaberjass-3")
    assert meld_winner(rules, ((run(3, "K"),), (run(4, "10"),), (run(3, "A"),))) == 1
    assert meld_winner(rules, ((run(4, "K"),), (run(4, "K"),), (run(3, "A"),))) is None
    elder = rules.replace(meld_tie="elder")
    assert meld_winner(elder, ((run(4, "K"),), (run(4, "K"),), ()), elder=2) == 0
    deal = Deal(makers=1, card_points=(30, 60, 40), declared=((), (run(4, "10"),), (run(3, "A"),)))
    assert score_deal(rules, deal).points == (30, 110, 40)


# -- declared melds the hands could not hold, and bad entries --------------------------------


@pytest.mark.parametrize(
    ("preset", "declared", "words", "side"),
    [
        (
            "clabber",
            ((four("J"), four("A"), four("K")), ()),
            "Two hands of six cards cannot hold three fours of a kind.",
            0,
        ),
        (
            "clabber",
            ((run(4, "A"), run(4, "A"), run(4, "A")), ()),
            "cannot hold three runs of four",
            0,
        ),
        # a run that needs a card of a rank the other side holds all four of
        ("clabber", ((run(3, "K", True),), (four("K"),)), "all four kings", 0),
        ("clabber", ((four("Q"), run(3, "A")), ()), "all four queens", 0),
        # two runs in trumps that need the same card
        ("clabber", ((run(3, "K", True),), (run(3, "Q", True),)), "Two runs in trumps", 1),
        # more plain runs through one rank than plain suits
        (
            "clabber",
            ((run(3, "K"), run(3, "K")), (run(3, "K"), run(3, "Q"))),
            "only three suits are plain",
            1,
        ),
        ("clabber", ((four("A"),), (four("A"),)), "only one set of four aces", 1),
        # ranks the deck does not have, melds the preset does not pay
        ("clabber", ((run(3, "10"),), ()), "without sevens and eights", 0),
        ("zensa", ((four("9"),), ()), "does not pay for four nines", 0),
        ("klaberjass", ((four("J"),), ()), "does not pay for four jacks", 0),
    ],
)
def test_declared_melds_that_cannot_be_are_refused(preset, declared, words, side):
    rules = PRESETS[preset]
    error = refusal(rules, Deal(makers=0, card_points=(80, 82), declared=declared, elder=0))
    assert words in error.message
    assert error.side == side


@pytest.mark.parametrize(
    "declared",
    [
        ((run(3, "K", True), run(3, "K")), (run(3, "K"), run(3, "Q"))),  # three plain, one trump
        ((four("9"), four("10")), (run(3, "A"), run(3, "A"))),
        ((run(3, "A", True), run(3, "K")), (run(3, "A"), run(3, "K"))),  # two a hand
    ],
)
def test_declared_melds_real_hands_can_hold_are_accepted(declared):
    score_deal(CLABBER, Deal(makers=0, card_points=(80, 82), declared=declared, elder=0))


def test_no_trump_deals_have_no_runs_in_trumps_but_four_plain_suits():
    rules = get_ruleset("klaberjass-4")
    trump = Deal(makers=0, card_points=(70, 60), no_trump=True, declared=((run(3, "K", True),), ()))
    assert "no trumps" in refusal(rules, trump).message
    four_suits = tuple((run(3, "K"), run(3, "K")) for _ in range(2))
    assert score_deal(
        rules, Deal(makers=0, card_points=(70, 60), no_trump=True, declared=four_suits)
    )


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: run(3, "8"), "nothing is below the seven"),
        (lambda: run(2, "K"), "3 to 8 cards"),
        (lambda: run(9, "A"), "3 to 8 cards"),
        (lambda: run(3, "X"), "not a card rank"),
        (lambda: Declared("pair", 2, "K"), "not a meld"),
    ],
)
def test_a_meld_that_cannot_exist_is_refused_when_built(make, words):
    with pytest.raises(InvalidDeal) as caught:
        make()
    assert words in caught.value.message
    assert caught.value.field == "declared"


def test_four_sevens_can_be_built_but_score_nothing_where_the_game_does_not_pay_them():
    # Declared.four("7") is a meld (klaverjas and klebias-norm pay it); clabber refuses it.
    assert four("7").kind == "four_7"
    error = refusal(CLABBER, Deal(makers=0, card_points=(80, 82), declared=((four("7"),), ())))
    assert error.code == "meld.four_low"
    assert "Four sevens score nothing in Evansville Clabber." in error.message


def test_declared_words_and_kinds():
    assert run(4, "K", True).describe() == "run of four to the king in trumps"
    assert four("A").describe() == "four aces"
    assert [run(3, "A").kind, run(4, "A").kind, run(6, "A").kind] == ["run3", "run4", "run5"]
    assert [four("J").kind, four("9").kind, four("10").kind] == ["four_jacks", "four_9", "four_10"]
    assert run(3, "k").top == "K" and four(10).rank == "10"
    assert run(3, "K").ranks == ("J", "Q", "K")
    assert RANKS == ("7", "8", "9", "10", "J", "Q", "K", "A")


def test_declared_and_melds_together_are_refused_and_lists_are_accepted():
    both = Deal(
        makers=0, card_points=(80, 82), melds=(("run3",), ()), declared=((run(3, "K"),), ())
    )
    assert refusal(CLABBER, both).field == "melds"
    listed = Deal(makers=0, card_points=(80, 82), declared=[[run(3, "K")], []])
    assert listed.declared == ((run(3, "K"),), ())
    assert score_deal(CLABBER, listed).points == (100, 82)
    assert refusal(CLABBER, Deal(makers=0, card_points=(80, 82), declared=(("run3",), ()))).field
    assert refusal(CLABBER, Deal(makers=0, card_points=(80, 82), elder=2)).field == "elder"


# -- ruleset fields ---------------------------------------------------------------------------


def test_presets_meld_tie_and_renege_melds():
    elder = ("klabberjass-100", "clob", "klabberjass-belote", "bela-100")
    counted = ("belote", "belote-annonces", "coinche")
    for name, rules in PRESETS.items():
        assert rules.meld_tie == ("elder" if name in elder else "nobody"), name
        expected = "counted" if name in counted else "none" if name == "klaverjas" else "own"
        assert rules.renege_melds == expected, name


def test_meld_tie_and_renege_melds_override_and_round_trip():
    rules = CLABBER.replace(meld_tie="elder", renege_melds="scored")
    assert rules.overrides() == {"meld_tie": "elder", "renege_melds": "scored"}
    assert ruleset_from_data(rules.to_data()) == rules
    # Data stored before these fields existed loads with the preset's defaults.
    old = ruleset_from_data({"preset": "klabberjass-100", "overrides": {"target": 1000}})
    assert (old.meld_tie, old.renege_melds) == ("elder", "own")
    with pytest.raises(InvalidRuleset, match="Meld tie must be one of nobody, elder"):
        CLABBER.replace(meld_tie="dealer")
    with pytest.raises(InvalidRuleset, match="Renege melds must be one of own, scored"):
        CLABBER.replace(renege_melds="all")
    with pytest.raises(InvalidRuleset, match="cannot be changed"):
        CLABBER.replace(redeal_by_same_dealer=False)


# -- properties ------------------------------------------------------------------------------

presets = st.sampled_from(sorted(PRESETS))
ranks = st.sampled_from(RANKS)


@st.composite
def declared_melds(draw):
    if draw(st.integers(0, 3)) == 0:
        return four(draw(st.sampled_from(["9", "10", "J", "Q", "K", "A"])))
    length = draw(st.sampled_from([3, 3, 3, 4, 4, 5, 6, 8]))
    top = draw(st.sampled_from(RANKS[length - 1 :]))
    return run(length, top, draw(st.booleans()))


def _comparable(rules, declared, elder):
    try:
        return meld_comparison(rules, declared, elder)
    except InvalidDeal:
        return None


side_melds = st.lists(declared_melds(), max_size=3).map(tuple)


@given(presets, side_melds, side_melds, st.sampled_from([0, 1]), st.booleans(), st.booleans())
def test_swapping_the_sides_swaps_the_winner(name, first, second, elder, elder_ties, mirror):
    rules = PRESETS[name]
    if rules.sides != 2:
        return
    if mirror:
        # The same plain runs on both sides: equal melds, settled by meld_tie.
        first = tuple(run(m.length, m.top) for m in first if m.form == "run")[:1]
        second = first
    rules = rules.replace(meld_tie="elder" if elder_ties else "nobody")
    there = _comparable(rules, (first, second), elder)
    back = _comparable(rules, (second, first), 1 - elder)
    assert (there is None) == (back is None)
    if there is not None and back is not None:
        assert back.winner == (None if there.winner is None else 1 - there.winner)


@given(presets, side_melds, side_melds, declared_melds(), st.sampled_from([0, 1]), st.booleans())
def test_adding_a_weaker_meld_never_changes_who_wins(name, first, second, extra, side, elder_ties):
    rules = PRESETS[name]
    if rules.sides != 2:
        return
    rules = rules.replace(meld_tie="elder" if elder_ties else "nobody")
    before = _comparable(rules, (first, second), 0)
    sides = [first, second]
    if before is None or not sides[side]:
        return
    best = before.best[side]
    added = (*sides[side], extra)
    sides[side] = added
    after = _comparable(rules, tuple(sides), 0)
    if after is None or after.best[side] != best:
        return  # impossible together, or not weaker
    assert after.winner == before.winner


@given(
    presets,
    st.lists(st.lists(declared_melds(), max_size=4), max_size=4),
    st.one_of(st.none(), st.integers(-1, 3)),
    st.one_of(st.none(), st.integers(-1, 3), st.just("both")),
    st.sampled_from(["nobody", "elder"]),
    st.sampled_from(["own", "scored"]),
    st.booleans(),
    st.integers(0, 162),
)
def test_whatever_is_declared_the_result_is_a_score_or_invalid_deal(
    name, declared, elder, renege, tie, renege_melds, no_trump, points
):
    rules = PRESETS[name].replace(meld_tie=tie, renege_melds=renege_melds)
    total = rules.card_total(no_trump)
    card_points = (
        (min(points, total), total - min(points, total))
        if rules.sides == 2
        else (points // 3, points // 3, points - 2 * (points // 3))
    )
    deal = Deal(
        makers=0,
        card_points=None if renege is not None else card_points,
        declared=tuple(map(tuple, declared)),
        elder=elder,
        renege=renege,
        no_trump=no_trump,
    )
    try:
        result = score_deal(rules, deal)
    except InvalidDeal as error:
        assert error.message
    else:
        assert len(result.points) == rules.sides
        assert all(p >= 0 for p in result.points)
