"""The meld checks refuse exactly what no real deal gives (issue 23, "Exactness"; RULES.md "Melds
a hand can hold" and part two's klebias-norm and klaverjas).

The findings of the comparison with an independent Clabber engine, each as a test; belle
against the other side's melds; a renege with both sides' melds checked together; three of a
kind and the ménage; klaverjas roem as a number. Then two cross-checks: real random hands
(and tricks, for klaverjas) are always accepted, and for clabber an independent exhaustive
search over concrete cards agrees with the check on every pair of meld lists up to three
melds a side, with and without belle.
"""

from __future__ import annotations

import functools
import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    RANKS,
    Deal,
    Declared,
    InvalidDeal,
    check_declared,
    check_hands,
    check_meld_points,
    get_ruleset,
    meld_comparison,
    melds_possible,
    score_deal,
)
from scoring import melds as melds_module

run, four, three = Declared.run, Declared.four, Declared.three
CLABBER = get_ruleset("clabber")
KLEBIAS = get_ruleset("klebias-norm")
KLAVERJAS = get_ruleset("klaverjas")


def refused(rules, kinds, **given_args):
    with pytest.raises(InvalidDeal) as caught:
        check_hands(rules, kinds, **given_args)
    assert not melds_possible(rules, kinds, **given_args)
    return caught.value


def refused_declared(rules, declared, **given_args):
    with pytest.raises(InvalidDeal) as caught:
        check_declared(rules, declared, **given_args)
    return caught.value


# -- the findings ---------------------------------------------------------------------------

FINDINGS = [
    (
        "four_jacks",
        "run4",
        "Four jacks and a run of four cannot both be: every run of four from the nine to the "
        "ace holds a jack.",
    ),
    (
        "four_Q",
        "run5",
        "Four queens and a run of five cannot both be: every run of five from the nine to the "
        "ace holds a queen.",
    ),
    (
        "four_K",
        "run5",
        "Four kings and a run of five cannot both be: every run of five from the nine to the "
        "ace holds a king.",
    ),
    ("four_Q", "run4", "every run of four from the nine to the ace holds a queen"),
    ("four_10", "run5", "every run of five from the nine to the ace holds a ten"),
]


@pytest.mark.parametrize(("four_kind", "run_kind", "words"), FINDINGS)
@pytest.mark.parametrize("across", [False, True])
def test_clabber_fours_that_every_run_needs_are_refused_with_the_run(
    four_kind, run_kind, words, across
):
    kinds = ((four_kind,), (run_kind,)) if across else ((four_kind, run_kind), ())
    error = refused(CLABBER, kinds)
    assert error.code == "meld.run_blocked"
    assert error.field == "melds"
    assert error.side == (1 if across else 0)
    assert words in error.message


@pytest.mark.parametrize(
    "kinds",
    [
        (("four_A", "run5"), ()),  # ten to ace? no: nine to king
        (("four_9", "run5"), ()),  # ten to ace
        (("four_jacks", "run3"), ()),  # queen, king, ace
        (("four_K", "run4"), ()),  # nine to queen
        (("four_jacks", "four_A"), ()),
        (("run3",) * 4, ()),
        (("run5", "run3", "run3"), ()),
        (("run5", "run5"), ("run5", "run5")),  # one a suit, one a hand
        (("four_9",), ("four_A", "run4")),
    ],
)
def test_what_real_clabber_hands_hold_is_still_accepted(kinds):
    check_hands(CLABBER, kinds)
    assert melds_possible(CLABBER, kinds)


def test_the_larger_decks_runs_avoid_any_one_four():
    # In 7..A a run of four need not hold any one rank; a run of five always holds the ten and
    # the jack.
    rules = get_ruleset("klaberjass-4").replace(meld_values={"four_jacks": 200, "four_10": 100})
    check_hands(rules, (("four_jacks", "run4"), ()))
    assert refused(rules, (("four_jacks",), ("run5",))).code == "meld.run_blocked"
    assert refused(rules, (("four_10", "run5"), ())).code == "meld.run_blocked"


# -- a renege: both sides' melds, together -------------------------------------------------


@pytest.mark.parametrize(
    ("kinds", "code"),
    [
        ((("four_jacks",), ("run4",)), "meld.run_blocked"),
        ((("four_K", "four_A"), ("run5",)), "meld.run_blocked"),
        ((("four_10", "run3", "run3"), ("run3", "run3", "run3")), "meld.cannot_all_be"),
        ((("run3", "run3", "run5"), ("four_A", "run3", "run3")), "meld.cannot_all_be"),
    ],
)
def test_a_renege_checks_both_sides_melds_together(kinds, code):
    # Each side's melds alone are fine.
    check_hands(CLABBER, (kinds[0], ()))
    check_hands(CLABBER, ((), kinds[1]))
    assert refused(CLABBER, kinds).code == code
    with pytest.raises(InvalidDeal) as caught:
        score_deal(CLABBER, Deal(makers=0, renege=1, melds=kinds))
    assert caught.value.code == code
    assert caught.value.field == "melds"


def test_the_joint_refusal_names_each_sides_melds():
    error = refused(CLABBER, (("four_10", "run3", "run3"), ("run3", "run3", "run3")))
    assert error.message == (
        "These melds cannot all be held in one deal: four tens and two runs of three "
        "(partnership 1); three runs of three (partnership 2). Each meld lies in one player's "
        "hand, and a card counts in one meld only."
    )
    with pytest.raises(InvalidDeal) as named:
        check_hands(
            CLABBER, (("four_10", "run3", "run3"), ("run3", "run3", "run3")), ("Us", "Them")
        )
    assert "(Us); three runs of three (Them)." in named.value.message


# -- belle against the melds ----------------------------------------------------------------


@pytest.mark.parametrize(("kind", "card"), [("four_K", "king"), ("four_Q", "queen")])
def test_belle_is_refused_when_the_other_side_holds_all_four_of_its_rank(kind, card):
    error = refused(CLABBER, ((), (kind,)), belle=0)
    assert error.field == "belle"
    assert error.code == "meld.belle_taken"
    assert f"the {card} of trumps is in partnership 2's four {card}s" in error.message
    # Belle is held, not melded: the holder's own four kings or queens are fine.
    check_hands(CLABBER, ((kind,), ()), belle=0)
    with pytest.raises(InvalidDeal) as caught:
        score_deal(CLABBER, Deal(makers=0, card_points=(80, 82), melds=((), (kind,)), belle=0))
    assert caught.value.field == "belle"


def test_belle_takes_two_places_in_one_hand_unless_a_meld_of_that_hand_holds_it():
    # Four kings in one hand, four queens in the other: the queen of trumps cannot be beside
    # the king of trumps.
    error = refused(CLABBER, (("four_K", "four_Q"), ()), belle=0)
    assert error.code == "meld.belle_cannot"
    assert error.field == "belle"
    check_hands(CLABBER, (("four_K", "four_Q"), ()))
    # A run of five in trumps holds both (nine to king); four runs of three leave no room.
    check_hands(CLABBER, (("run5", "run5"), ("run3", "run3")), belle=0)
    check_hands(get_ruleset("klaberjass"), (("run3", "run3", "run3"), ()), belle=0)


@pytest.mark.parametrize(
    ("other", "refused_belle"),
    [
        (run(3, "K", True), True),  # jack, queen, king of trumps
        (run(3, "A", True), True),  # queen, king, ace
        (run(4, "Q", True), True),
        (run(3, "J", True), False),  # nine, ten, jack of trumps
        (run(3, "K"), False),  # a plain suit
        (four("K"), True),
        (four("Q"), True),
        (four("A"), False),
    ],
)
def test_declared_belle_against_the_other_sides_melds(other, refused_belle):
    declared = ((), (other,))
    if refused_belle:
        error = refused_declared(CLABBER, declared, belle=0)
        assert error.field == "belle"
        assert error.code == "meld.belle_taken"
        with pytest.raises(InvalidDeal):
            score_deal(CLABBER, Deal(makers=0, card_points=(80, 82), declared=declared, belle=0))
    else:
        check_declared(CLABBER, declared, belle=0)
    # The same meld of belle's own side is fine ("forty-dollar dad": K-Q-J of trumps + belle).
    check_declared(CLABBER, ((other,), ()), belle=0)


def test_declared_melds_with_ranks_known_are_checked_together_with_belle():
    # Three aces take three suits; two runs to the ace need two more aces.
    sides = ((three("A"), run(3, "A")), (run(3, "A", True),))
    rules = KLEBIAS
    error = refused_declared(rules, sides)
    assert error.code == "meld.cannot_all_be"
    assert error.field == "declared"
    check_declared(rules, ((three("A"), run(3, "A")), ()))
    # One hand of nine cards: three runs and belle, when one run in trumps holds it.
    klaberjass = get_ruleset("klaberjass")
    check_declared(klaberjass, ((run(3, "K", True), run(3, "J"), run(3, "A")), ()), belle=0)
    assert (
        refused_declared(
            klaberjass, ((run(3, "J", True), run(3, "J"), run(3, "A")), ()), belle=0
        ).code
        == "meld.belle_cannot"
    )


def test_a_no_trump_deal_has_no_belle():
    rules = get_ruleset("klaberjass-4")
    assert refused(rules, (("run3",), ()), belle=0, no_trump=True).field == "belle"


# -- three of a kind and the ménage (klebias-norm) ------------------------------------------


def test_three_of_a_kind_as_kinds():
    check_hands(KLEBIAS, (("three_A", "three_K", "three_7"), ("three_Q",)))
    assert refused(KLEBIAS, (("three_A",), ("three_A",))).code == "meld.rank_twice"
    assert refused(KLEBIAS, (("four_A",), ("three_A",))).code == "meld.rank_twice"
    # Three kings leave one king: one run through the king at most.
    check_hands(KLEBIAS, (("three_K", "run3"), ()))


def test_menage_as_kinds():
    check_hands(KLEBIAS, (("menage", "run3"), ("four_A",)))
    error = refused(KLEBIAS, (("menage",), ()), belle=0)
    assert (error.field, error.code) == ("belle", "meld.menage_belle")
    assert "The ménage already counts the belle" in error.message
    error = refused(KLEBIAS, (("menage",), ()), belle=1)
    assert (error.field, error.code) == ("belle", "meld.belle_taken")
    assert refused(KLEBIAS, (("menage",), ("menage",))).code == "meld.menage_twice"
    for kind in ("four_K", "four_Q", "four_jacks"):
        assert refused(KLEBIAS, (("menage",), (kind,))).code == "meld.menage_four"
    assert refused(KLEBIAS, (("menage",), ()), no_trump=True).code == "meld.no_trump_menage"


def test_declared_three_and_menage():
    assert three("A").kind == "three_A"
    assert three("A").describe() == "three aces"
    assert three("A").ranks == ("A",)
    menage = run(3, "K", trump=True)
    assert menage.kind == "run3"
    assert menage.kind_in(KLEBIAS) == "menage"
    assert menage.kind_in(CLABBER) == "run3"
    assert run(3, "K").kind_in(KLEBIAS) == "run3"
    assert run(4, "K", True).kind_in(KLEBIAS) == "run4"
    error = refused_declared(KLEBIAS, ((menage,), ()), belle=0)
    assert error.code == "meld.menage_belle"
    check_declared(CLABBER, ((menage,), ()), belle=0)
    assert refused_declared(CLABBER, ((three("A"),), ())).code == "meld.not_paid"
    assert refused_declared(KLEBIAS, ((three("A"),), (four("A"),))).code == "meld.rank_twice"
    with pytest.raises(InvalidDeal):
        Declared("three", 4, "A")


def test_fours_of_sevens_and_eights_where_the_game_pays_them():
    check_declared(KLEBIAS, ((four("7"), four("8")), ()))
    check_hands(KLAVERJAS, (("four_7",), ("four_8",)))
    error = refused_declared(CLABBER, ((four("8"),), ()))
    assert error.code == "meld.four_low"
    assert error.message == "Four eights score nothing in Evansville Clabber."
    assert refused(CLABBER, (("four_7",), ())).code == "meld.four_low"


@pytest.mark.parametrize(
    ("side0", "side1", "winner"),
    [
        ((four("A"),), (run(4, "K", True),), 0),  # 50 each: the four of a kind
        ((three("K"),), (run(3, "A", True),), 0),  # 20 each: the three of a kind
        ((three("K"),), (three("A"),), 1),  # the higher rank
        ((four("9"),), (run(3, "K", True),), 0),  # 50 against the ménage's 50
        ((run(4, "A"),), (run(3, "K", True),), 0),  # runs of 50: the longer
        ((run(3, "K", True),), (three("A"),), 0),  # the ménage's 50 beats 20
    ],
)
def test_klebias_comparison_fours_and_threes_before_runs(side0, side1, winner):
    assert meld_comparison(KLEBIAS, (side0, side1)).winner == winner


# -- melds scored inside tricks (klaverjas) ---------------------------------------------------


def test_klaverjas_kinds_lie_in_tricks():
    check_hands(KLAVERJAS, (("run4",) * 4, ("run4",) * 4))  # two a suit, one a trick
    error = refused(KLAVERJAS, (("run4",) * 5, ("run4",) * 4))
    assert error.code == "meld.too_many_items"
    check_hands(KLAVERJAS, (("four_jacks", "run4"), ()))  # seven to ten
    assert refused(KLAVERJAS, (("four_jacks", "four_10"), ("run4",))).code == "meld.run_blocked"
    five = KLAVERJAS.replace(meld_values={"run5": 100})
    assert refused(five, (("run5",), ())).code == "meld.run_in_trick"
    # Belle stacks with any roem: it is no place in a hand.
    check_hands(KLAVERJAS, ((), ("four_K", "four_Q")), belle=0)


@pytest.mark.parametrize(
    "points",
    [(20, 0), (40, 0), (50, 0), (60, 0), (70, 0), (0, 20), (20, 20), (70, 50), (0, 0), (920, 0)],
)
def test_klaverjas_roem_that_items_make_is_accepted(points):
    check_meld_points(KLAVERJAS, points)


@pytest.mark.parametrize("points", [(10, 0), (30, 0), (0, 30), (20, 10), (940, 0)])
def test_klaverjas_roem_no_items_make_is_refused(points):
    with pytest.raises(InvalidDeal) as caught:
        check_meld_points(KLAVERJAS, points)
    assert caught.value.field == "meld_points"
    assert caught.value.code == "meld.points_impossible"
    assert caught.value.side == next(s for s, v in enumerate(points) if v in (10, 30, 940))


def test_klaverjas_roem_30_in_a_scorers_words():
    with pytest.raises(InvalidDeal) as caught:
        check_meld_points(KLAVERJAS, (30, 0))
    assert caught.value.message == (
        "Roem 30 cannot be made: roem comes in 20 (a run of three or stuk), 50 (a run of "
        "four), 100 (four of a kind) and 200 (four jacks)."
    )
    with pytest.raises(InvalidDeal) as caught:
        score_deal(KLAVERJAS, Deal(makers=0, card_points=(90, 72), meld_points=(30, 0)))
    assert caught.value.field == "meld_points"


def test_klaverjas_roem_holds_eight_items_and_one_stuk_between_both_sides():
    # Four jacks and the seven other fours (8 tricks) and the stuk: 920; then nothing else.
    check_meld_points(KLAVERJAS, (900, 20))
    with pytest.raises(InvalidDeal) as caught:
        check_meld_points(KLAVERJAS, (900, 50))
    assert caught.value.code == "meld.points_together"
    # 8 runs of four, 4 a side.
    check_meld_points(KLAVERJAS, (200, 200))
    with pytest.raises(InvalidDeal):
        check_meld_points(KLAVERJAS, (450, 450))  # nine items at least
    # Only one stuk: 20 + 20 is two runs of three, but 20 and 20 with no run...
    check_meld_points(KLAVERJAS.replace(meld_values={"run3": None}), (20, 0))
    with pytest.raises(InvalidDeal):
        check_meld_points(KLAVERJAS.replace(meld_values={"run3": None}), (20, 20))
    # Belle given: that side's stuk is scored apart, and no number holds another.
    with pytest.raises(InvalidDeal):
        check_meld_points(KLAVERJAS.replace(meld_values={"run3": None}), (20, 0), belle=0)
    with pytest.raises(InvalidDeal):
        check_meld_points(KLAVERJAS, (920, 0), belle=0)


@pytest.mark.parametrize("value", [-20, 20.5, True, "20", None])
def test_roem_is_a_whole_number_zero_or_more(value):
    with pytest.raises(InvalidDeal) as caught:
        check_meld_points(KLAVERJAS, (value, 0))
    assert caught.value.code == "meld.points_whole"
    with pytest.raises(InvalidDeal) as caught:
        check_meld_points(KLAVERJAS, (20,))
    assert caught.value.code == "meld.points_count"


# -- real hands are always accepted -----------------------------------------------------------

SUITS = range(4)


def _runs(ranks_held):
    """Maximal runs (length 3 or more) in sorted rank indexes: (length, top index)."""
    found, start = [], None
    ranks_held = sorted(ranks_held)
    for i, rank in enumerate(ranks_held):
        if start is None:
            start = rank
        if i + 1 == len(ranks_held) or ranks_held[i + 1] != rank + 1:
            if rank - start + 1 >= 3:
                found.append((rank - start + 1, rank))
            start = None
    return found


def _hand_melds(rules, hand, rng, no_trump):
    """What one real hand may declare: some of its fours of a kind (that the game pays), then
    the maximal runs of the cards left. As kinds and as :class:`Declared`."""
    kinds, declared = [], []
    left = set(hand)
    for rank in range(len(RANKS)):
        kind = "four_jacks" if RANKS[rank] == "J" else f"four_{RANKS[rank]}"
        held = all((s, rank) in hand for s in SUITS)
        if kind in rules.meld_values and held and rng.random() < 0.8:
            kinds.append(kind)
            declared.append(four(RANKS[rank]))
            left -= {(s, rank) for s in SUITS}
    for suit in SUITS:
        for length, top in _runs([r for s, r in left if s == suit]):
            kind = f"run{min(length, 5)}"
            if kind in rules.meld_values:
                kinds.append(kind)
                declared.append(run(length, RANKS[top], trump=suit == 0 and not no_trump))
    return kinds, declared


HAND_GAMES = ["clabber", "klaberjass", "klaberjass-4", "klaberjass-3", "zensa"]


def _deck(rng, lowest, order):
    """The cards in dealing order: shuffled (``order`` None), or in order by suit or by rank
    with ``order`` random swaps, so that many hands are full of runs or fours."""
    deck = [(s, r) for s in SUITS for r in range(lowest, len(RANKS))]
    if order is None:
        rng.shuffle(deck)
        return deck
    by_rank, swaps = order
    if by_rank:
        deck.sort(key=lambda card: (card[1], card[0]))
    for _ in range(swaps):
        i, j = rng.randrange(len(deck)), rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


orders = st.one_of(st.none(), st.tuples(st.booleans(), st.integers(0, 12)))


@given(st.sampled_from(HAND_GAMES), st.integers(0, 2**32 - 1), orders, st.booleans())
def test_what_real_hands_hold_is_accepted(preset, seed, order, keep_belle):
    rules = get_ruleset(preset)
    rng = random.Random(seed)
    deck = _deck(rng, RANKS.index("9") if rules.deck_size == 24 else 0, order)
    no_trump = rules.no_trump_allowed and rng.random() < 0.3
    kinds = [[] for _ in range(rules.sides)]
    declared = [[] for _ in range(rules.sides)]
    belle = None
    for seat in range(rules.players):
        hand = set(deck[seat * rules.cards_each : (seat + 1) * rules.cards_each])
        side = seat % rules.sides
        hand_kinds, hand_declared = _hand_melds(rules, hand, rng, no_trump)
        kinds[side] += hand_kinds
        declared[side] += hand_declared
        if not no_trump and {(0, RANKS.index("K")), (0, RANKS.index("Q"))} <= hand:
            belle = side
    belle = belle if keep_belle else None
    sides = tuple(map(tuple, kinds))
    check_hands(rules, sides, belle=belle, no_trump=no_trump)
    assert melds_possible(rules, sides, belle=belle, no_trump=no_trump)
    check_declared(rules, tuple(map(tuple, declared)), belle=belle, no_trump=no_trump)


@given(st.integers(0, 2**32 - 1), orders, st.booleans())
def test_what_real_klaverjas_tricks_hold_is_accepted(seed, order, keep_belle):
    """Roem lies in tricks: deal the 32 cards into 8 tricks of four, one card a player, and
    score each trick's run or four of a kind for the side that took it (chosen at random)."""
    rules = KLAVERJAS
    rng = random.Random(seed)
    deck = _deck(rng, 0, order)
    kinds = [[], []]
    declared = [[], []]
    points = [0, 0]
    for trick in range(8):
        cards = deck[trick * 4 : trick * 4 + 4]
        side = rng.randrange(2)
        if len({r for _, r in cards}) == 1:
            rank = RANKS[cards[0][1]]
            kind = "four_jacks" if rank == "J" else f"four_{rank}"
            items = [(kind, four(rank))]
        else:
            items = []
            for suit in SUITS:
                for length, top in _runs([r for s, r in cards if s == suit]):
                    items.append((f"run{length}", run(length, RANKS[top], trump=suit == 0)))
        for kind, meld in items:
            kinds[side].append(kind)
            declared[side].append(meld)
            points[side] += rules.meld_values[kind]
    # The stuk: the king and queen of trumps in one player's hand (card i of each trick).
    belle = None
    for seat in range(4):
        hand = {deck[trick * 4 + seat] for trick in range(8)}
        if {(0, RANKS.index("K")), (0, RANKS.index("Q"))} <= hand:
            belle = seat % 2
    sides = (tuple(kinds[0]), tuple(kinds[1]))
    check_hands(rules, sides, belle=belle)
    check_declared(rules, (tuple(declared[0]), tuple(declared[1])), belle=belle)
    if belle is not None and not keep_belle:
        points[belle] += rules.belle_value  # the stuk inside the number
        belle = None
    check_meld_points(rules, tuple(points), belle=belle)


# -- an independent exhaustive search (clabber) ------------------------------------------------

LOW, CAPACITY = RANKS.index("9"), 6
CLABBER_KINDS = ("run3", "run4", "run5", "four_jacks", "four_9", "four_A", "four_10", "four_K")
CLABBER_KINDS += ("four_Q",)


def _card(suit, rank):
    return 1 << (suit * 8 + rank)


BELLE_CARDS = _card(0, RANKS.index("K")) | _card(0, RANKS.index("Q"))


def _concrete_melds():
    """Every meld of a 24-card deck as (kind, cards): a run of five is five cards."""
    found = []
    for length in (3, 4, 5):
        for suit in SUITS:
            for low in range(LOW, len(RANKS) - length + 1):
                cards = sum(_card(suit, r) for r in range(low, low + length))
                found.append((f"run{length}", cards))
    for rank in range(LOW, len(RANKS)):
        kind = "four_jacks" if RANKS[rank] == "J" else f"four_{RANKS[rank]}"
        found.append((kind, sum(_card(s, rank) for s in SUITS)))
    return found


def _hand_contents(belle):
    """What one hand of six holds: (its melds' kinds, the cards they and belle take)."""
    melds = _concrete_melds()
    contents = {((), 0)}
    contents |= {((kind,), cards) for kind, cards in melds}
    for (k1, c1), (k2, c2) in itertools.combinations(melds, 2):
        if not c1 & c2 and (c1 | c2).bit_count() <= CAPACITY:
            contents.add((tuple(sorted((k1, k2))), c1 | c2))
    if belle:
        contents = {
            (kinds, cards | BELLE_CARDS)
            for kinds, cards in contents
            if (cards | BELLE_CARDS).bit_count() <= CAPACITY
        }
    return contents


def _side_contents(belle):
    """A partnership's two hands: melds (up to three) -> every set of cards they may take."""
    found = {}
    for kinds_a, cards_a in _hand_contents(belle):
        for kinds_b, cards_b in _hand_contents(False):
            if not cards_a & cards_b and len(kinds_a) + len(kinds_b) <= 3:
                found.setdefault(tuple(sorted(kinds_a + kinds_b)), set()).add(cards_a | cards_b)
    return found


@functools.cache
def _possible_pairs(belle):
    """Every pair of meld lists (up to three a side) some clabber deal holds."""
    first = _side_contents(belle == 0)
    second = _side_contents(belle == 1)
    everything = [(kinds, cards) for kinds, all_cards in second.items() for cards in all_cards]
    pairs = set()
    for kinds_0, all_cards in first.items():
        found = set()
        for cards_0 in all_cards:
            for kinds_1, cards_1 in everything:
                if kinds_1 not in found and not cards_0 & cards_1:
                    found.add(kinds_1)
        pairs |= {(kinds_0, kinds_1) for kinds_1 in found}
    return pairs


@pytest.mark.parametrize("belle", [None, 0, 1])
def test_clabber_check_agrees_with_an_exhaustive_search_over_cards(belle):
    possible = _possible_pairs(belle)
    lists = [
        tuple(c)
        for n in range(4)
        for c in itertools.combinations_with_replacement(sorted(CLABBER_KINDS), n)
    ]
    disagree = [
        (first, second)
        for first in lists
        for second in lists
        if melds_possible(CLABBER, (first, second), belle=belle) != ((first, second) in possible)
    ]
    assert disagree == []
    # What the exhaustive search refuses is the bulk of the pairs: the test has teeth.
    assert len(possible) < len(lists) ** 2 // 20


def test_the_check_is_cached_and_a_deal_without_melds_costs_nothing():
    melds_module._kinds_cached.cache_clear()
    check_hands(CLABBER, ((), ()))
    check_hands(CLABBER, (("run3",), ()))
    check_hands(CLABBER, (("run3",), ()))
    assert melds_module._kinds_cached.cache_info().hits == 1
