"""Side names: with ``side_names`` the engine's messages name the sides as the scorer knows
them, word for word what the deal form made of the numbered message until now; without them
nothing changes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import PRESETS, Deal, InvalidDeal, get_ruleset, play_game, score_deal, validate_deal
from scoring.rules import MELD_KINDS

PAIRS = ("Anna & Ben", "Carl & Dora")
NAMES = {2: PAIRS, 3: ("Anna", "Ben", "Carl")}


def named_today(message: str, side_names) -> str:
    """league/forms.py DealForm._named as it was: the reference the engine must now match."""
    for word in ("partnership", "player"):
        for index, name in enumerate(side_names):
            message = message.replace(f"{word.capitalize()} {index + 1}", name)
            message = message.replace(f"{word} {index + 1}", name)
    return message


def refusal(rules, deal, **names) -> InvalidDeal:
    with pytest.raises(InvalidDeal) as caught:
        score_deal(rules, deal, **names)
    return caught.value


@pytest.mark.parametrize(
    ("preset", "deal", "numbered", "named"),
    [
        (
            "clabber",
            Deal(makers=0, card_points=(170, -8)),
            "Partnership 1 has 170 card points; a side takes from 0 to 162.",
            "Anna & Ben has 170 card points; a side takes from 0 to 162.",
        ),
        (
            "clabber",
            Deal(makers=0, card_points=(160, 1)),
            "Partnership 2 has 1 card points, which cannot happen: no card is worth 1, so no "
            "side ends with 1 or 161.",
            "Carl & Dora has 1 card points, which cannot happen: no card is worth 1, so no "
            "side ends with 1 or 161.",
        ),
        (
            "klaberjass",
            Deal(makers=0, card_points=(80, "x")),
            "Card points must be whole numbers; player 2 has 'x'.",
            "Card points must be whole numbers; Carl & Dora has 'x'.",
        ),
        (
            "klaberjass",
            Deal(makers=0, card_points=(100, 40), tricks=(9, 0)),
            "Player 2 took no trick but has 40 card points.",
            "Carl & Dora took no trick but has 40 card points.",
        ),
        (
            "clabber",
            Deal(makers=0, card_points=(80, 82), melds=(("run3",), ("run3",))),
            "Only the side with the best meld scores melds: partnership 1 and partnership 2 "
            "cannot both score them (belle is scored apart).",
            "Only the side with the best meld scores melds: Anna & Ben and Carl & Dora cannot "
            "both score them (belle is scored apart).",
        ),
        (
            "klaberjass",
            Deal(makers=0, card_points=(80, 82), melds=(("run5", "run5"), ())),
            "Player 1's melds need 10 cards, but the side holds only 9: a card counts in one "
            "meld only.",
            "Anna & Ben's melds need 10 cards, but the side holds only 9: a card counts in one "
            "meld only.",
        ),
        (
            "klaberjass",
            Deal(makers=0, card_points=(80, 82), melds=("run3", ())),
            "Player 1's melds must be a list of meld kinds.",
            "Anna & Ben's melds must be a list of meld kinds.",
        ),
        (
            # A message that names no side reads the same either way.
            "clabber",
            Deal(makers=0, card_points=(90, 60)),
            "Evansville Clabber plays every card: card points must add up to 162, these add up "
            "to 150.",
            "Evansville Clabber plays every card: card points must add up to 162, these add up "
            "to 150.",
        ),
    ],
)
def test_messages_name_the_sides_when_names_are_given(preset, deal, numbered, named):
    rules = PRESETS[preset]
    plain = refusal(rules, deal)
    assert plain.message == str(plain) == numbered
    given_names = refusal(rules, deal, side_names=PAIRS)
    assert given_names.message == str(given_names) == named
    assert (given_names.field, given_names.side) == (plain.field, plain.side)
    with pytest.raises(InvalidDeal, match="^" + named.replace("(", r"\(").replace(")", r"\)")):
        validate_deal(rules, deal, side_names=list(PAIRS))


def test_a_name_is_written_as_given_even_at_the_start_of_a_sentence():
    error = refusal(
        PRESETS["klaberjass"], Deal(makers=0, card_points=(170, 0)), side_names=("de Vries", "b")
    )
    assert error.message.startswith("de Vries has 170 card points")


@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(-1, 3),
    st.lists(st.integers(-20, 200), max_size=4),
    st.lists(st.lists(st.sampled_from([*MELD_KINDS, "junk"]), max_size=4), max_size=4),
    st.one_of(st.none(), st.integers(-1, 3)),
    st.booleans(),
    st.one_of(st.none(), st.lists(st.integers(-1, 9), min_size=2, max_size=3)),
    st.one_of(st.none(), st.integers(-1, 3), st.just("both")),
)
def test_any_refusal_reads_as_the_form_made_it_read(
    name, makers, points, melds, belle, no_trump, tricks, renege
):
    rules = PRESETS[name]
    names = NAMES[rules.sides]
    deal = Deal(
        makers=makers,
        card_points=tuple(points),
        melds=tuple(map(tuple, melds)),
        belle=belle,
        no_trump=no_trump,
        tricks=None if tricks is None else tuple(tricks),
        renege=renege,
    )
    try:
        plain = score_deal(rules, deal)
    except InvalidDeal as error:
        named = refusal(rules, deal, side_names=names)
        assert named.message == named_today(error.message, names)
        assert (named.field, named.side) == (error.field, error.side)
    else:
        assert score_deal(rules, deal, side_names=names) == plain


def test_play_game_names_the_sides_in_a_deal_s_message_and_in_game_over():
    rules = get_ruleset("clabber", target=200)
    won = [Deal(makers=0, card_points=(120, 42)), Deal(makers=0, card_points=(120, 42))]
    with pytest.raises(InvalidDeal) as caught:
        play_game(rules, [won[0], Deal(makers=1, card_points=(1, 161))], side_names=PAIRS)
    assert caught.value.message.startswith("Deal 2: Anna & Ben has 1 card points")
    assert (caught.value.field, caught.value.side) == ("card_points", 0)

    with pytest.raises(InvalidDeal) as caught:
        play_game(rules, [*won, won[0]])
    assert caught.value.message == (
        "The game is over: side 1 won with 240. Deal 3 cannot be added."
    )
    with pytest.raises(InvalidDeal) as caught:
        play_game(rules, [*won, won[0]], side_names=PAIRS)
    assert caught.value.message == (
        "The game is over: Anna & Ben won with 240. Deal 3 cannot be added."
    )
    assert play_game(rules, won, side_names=PAIRS) == play_game(rules, won)


@pytest.mark.parametrize("names", [("Anna",), ("A", "B", "C"), "AB"])
def test_names_that_do_not_fit_the_sides_are_a_caller_s_bug(names):
    rules = PRESETS["clabber"]
    deal = Deal(makers=0, card_points=(80, 82))
    for call in (
        lambda: score_deal(rules, deal, side_names=names),
        lambda: validate_deal(rules, deal, side_names=names),
        lambda: play_game(rules, [deal], side_names=names),
    ):
        with pytest.raises(ValueError, match="needs 2 side names") as caught:
            call()
        assert not isinstance(caught.value, InvalidDeal)
