"""Brackets: draws worked by hand, results and walkovers, refusals, and properties (hypothesis)
over 2 to 128 entrants played out with random results and random withdrawals."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.brackets import (
    BYE,
    Bracket,
    BracketState,
    InvalidBracket,
    LoserOf,
    Seed,
    WinnerOf,
    _meeting_round,
    bracket_waves,
    double_elimination,
    pools_then_knockout,
    resolve,
    seed_order,
    seeding,
    single_elimination,
    split_into_pools,
)
from tests.properties import costly


def sides(bracket: Bracket) -> list[tuple[str, object, object]]:
    return [(m.id, m.home, m.away) for m in bracket.matches]


def seeds_of(n: int) -> dict[int, str]:
    return {i: f"E{i}" for i in range(1, n + 1)}


# -- seeding and the draw ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (1, [1]),
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_seed_order(size, order):
    assert seed_order(size) == order


@pytest.mark.parametrize("size", [0, 3, 6, 12, -4, 2.0, True, "8"])
def test_seed_order_refuses_a_size_that_is_not_a_power_of_two(size):
    with pytest.raises(InvalidBracket, match="power of two"):
        seed_order(size)


def test_seeding_in_order_or_by_a_reproducible_draw():
    assert seeding(["ann", "bob", "cy"]) == {1: "ann", 2: "bob", 3: "cy"}
    drawn = seeding(range(10), shuffle=True, seed=4)
    assert sorted(drawn) == list(range(1, 11)) and sorted(drawn.values()) == list(range(10))
    assert drawn == seeding(range(10), shuffle=True, seed=4)
    assert drawn != seeding(range(10))
    with pytest.raises(InvalidBracket, match="'bob' is listed twice"):
        seeding(["ann", "bob", "bob"])


def test_five_entrants_three_byes_to_the_top_seeds():
    bracket = single_elimination(5)
    assert sides(bracket) == [
        ("W1-1", Seed(4), Seed(5)),
        ("W2-1", Seed(1), WinnerOf("W1-1")),
        ("W2-2", Seed(2), Seed(3)),
        ("W3-1", WinnerOf("W2-1"), WinnerOf("W2-2")),
    ]
    assert bracket.final == "W3-1" and bracket.kind == "single"


def test_eight_with_a_third_place_match():
    bracket = single_elimination(8, third_place=True)
    assert [m.id for m in bracket.matches] == [
        *(f"W1-{k}" for k in range(1, 5)),
        "W2-1",
        "W2-2",
        "W3-1",
        "3P",
    ]
    third = bracket.match("3P")
    assert (third.section, third.home, third.away) == ("third", LoserOf("W2-1"), LoserOf("W2-2"))
    assert bracket.final == "W3-1"


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: single_elimination(1), "at least 2 entrants; got 1"),
        (lambda: single_elimination(0), "at least 2"),
        (lambda: single_elimination(True), "at least 2"),
        (lambda: double_elimination(1), "at least 2"),
        (lambda: single_elimination(3, third_place=True), "third-place match needs at least 4"),
    ],
)
def test_draws_refuse(call, words):
    with pytest.raises(InvalidBracket, match=words):
        call()


def test_double_elimination_of_two_three_and_four():
    assert sides(double_elimination(2)) == [
        ("W1-1", Seed(1), Seed(2)),
        ("GF", WinnerOf("W1-1"), LoserOf("W1-1")),
        ("GF2", LoserOf("GF"), WinnerOf("GF")),
    ]
    # Seed 1's bye leaves losers' round 1 empty; the round left is numbered 1.
    assert sides(double_elimination(3)) == [
        ("W1-1", Seed(2), Seed(3)),
        ("W2-1", Seed(1), WinnerOf("W1-1")),
        ("L1-1", LoserOf("W1-1"), LoserOf("W2-1")),
        ("GF", WinnerOf("W2-1"), WinnerOf("L1-1")),
        ("GF2", LoserOf("GF"), WinnerOf("GF")),
    ]
    assert sides(double_elimination(4, reset=False)) == [
        ("W1-1", Seed(1), Seed(4)),
        ("W1-2", Seed(2), Seed(3)),
        ("W2-1", WinnerOf("W1-1"), WinnerOf("W1-2")),
        ("L1-1", LoserOf("W1-1"), LoserOf("W1-2")),
        ("L2-1", WinnerOf("L1-1"), LoserOf("W2-1")),
        ("GF", WinnerOf("W2-1"), WinnerOf("L2-1")),
    ]
    assert double_elimination(2).match("GF2").reset_of == "GF"


def test_losers_come_in_reversed_then_with_halves_swapped():
    bracket = double_elimination(16)
    drop = {m.id: m.away for m in bracket.matches if m.section == "losers" and m.round % 2 == 0}
    assert drop == {
        "L2-1": LoserOf("W2-4"),
        "L2-2": LoserOf("W2-3"),
        "L2-3": LoserOf("W2-2"),
        "L2-4": LoserOf("W2-1"),
        "L4-1": LoserOf("W3-2"),
        "L4-2": LoserOf("W3-1"),
        "L6-1": LoserOf("W4-1"),
    }
    assert bracket.match("L1-1").home == LoserOf("W1-1")
    assert bracket.match("L1-1").away == LoserOf("W1-2")
    assert bracket.match("L3-1").home == WinnerOf("L2-1")
    assert bracket.match("GF").away == WinnerOf("L6-1")


# -- resolve ----------------------------------------------------------------------------------


def test_a_four_entrant_knockout_by_hand():
    bracket = single_elimination(4)
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di"}
    state = resolve(bracket, seeds)
    assert state.ready == ("W1-1", "W1-2")
    assert state.matches["W2-1"].status == "waiting"
    state = resolve(bracket, seeds, {"W1-1": "di"})
    assert state.matches["W2-1"].home == "di" and state.matches["W2-1"].away is None
    assert state.out_at == {"ann": "W1-1"}
    assert state.placings == () and not state.finished and state.champion is None
    state = resolve(bracket, seeds, {"W1-1": "di", "W1-2": "bob", "W2-1": "bob"})
    assert state.finished and state.champion == "bob"
    assert state.decided == ("W1-1", "W1-2", "W2-1") and state.ready == ()
    # The semi-final losers share 3rd, listed by seed.
    assert state.placings == ((1, "bob"), (2, "di"), (3, "ann"), (3, "cy"))


def test_the_third_place_match_splits_the_semi_final_losers():
    bracket = single_elimination(4, third_place=True)
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di"}
    results = {"W1-1": "ann", "W1-2": "cy", "W2-1": "cy"}
    state = resolve(bracket, seeds, results)
    assert state.ready == ("3P",) and state.champion == "cy" and not state.finished
    assert (state.matches["3P"].home, state.matches["3P"].away) == ("di", "bob")
    state = resolve(bracket, seeds, {**results, "3P": "di"})
    assert state.placings == ((1, "cy"), (2, "ann"), (3, "di"), (4, "bob"))


def test_double_elimination_with_a_reset():
    bracket = double_elimination(4)
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di"}
    results = {"W1-1": "ann", "W1-2": "bob", "W2-1": "ann", "L1-1": "cy", "L2-1": "bob"}
    state = resolve(bracket, seeds, results)
    assert (state.matches["L2-1"].home, state.matches["L2-1"].away) == ("cy", "bob")
    assert state.ready == ("GF",) and state.matches["GF2"].status == "waiting"
    # The winners' bracket champion wins the grand final: no reset.
    won = resolve(bracket, seeds, {**results, "GF": "ann"})
    assert won.finished and won.champion == "ann"
    assert won.matches["GF2"].status == "not_needed"
    assert won.placings == ((1, "ann"), (2, "bob"), (3, "cy"), (4, "di"))
    with pytest.raises(InvalidBracket, match="GF2 is not played"):
        resolve(bracket, seeds, {**results, "GF": "ann", "GF2": "ann"})
    # The losers' bracket champion wins it: both have lost once, and the reset decides.
    reset = resolve(bracket, seeds, {**results, "GF": "bob"})
    assert reset.ready == ("GF2",) and reset.champion is None and reset.out_at.get("ann") is None
    assert (reset.matches["GF2"].home, reset.matches["GF2"].away) == ("ann", "bob")
    done = resolve(bracket, seeds, {**results, "GF": "bob", "GF2": "bob"})
    assert done.champion == "bob" and done.out_at["ann"] == "GF2"
    assert done.placings == ((1, "bob"), (2, "ann"), (3, "cy"), (4, "di"))


def test_without_a_reset_the_grand_final_decides():
    bracket = double_elimination(4, reset=False)
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di"}
    results = {"W1-1": "ann", "W1-2": "bob", "W2-1": "ann", "L1-1": "cy", "L2-1": "bob"}
    state = resolve(bracket, seeds, {**results, "GF": "bob"})
    assert state.finished and state.champion == "bob" and state.out_at["ann"] == "GF"


def test_a_withdrawal_is_a_walkover_at_the_next_match():
    bracket = single_elimination(5)
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di", 5: "ed"}
    # Seed 1 withdraws before round 1: its round-2 match waits for its opponent, then is a
    # walkover.
    state = resolve(bracket, seeds, withdrawn=["ann"])
    assert state.matches["W2-1"].status == "waiting" and "ann" not in state.out_at
    state = resolve(bracket, seeds, {"W1-1": "ed"}, withdrawn=["ann"])
    w21 = state.matches["W2-1"]
    assert (w21.status, w21.winner, w21.loser, w21.out) == ("walkover", "ed", BYE, ("ann",))
    assert "W2-1" in state.decided and "W2-1" not in state.ready
    assert state.matches["W3-1"].home == "ed"
    # A result given before the withdrawal stands: cy beat bob, then withdrew.
    state = resolve(bracket, seeds, {"W1-1": "ed", "W2-2": "cy"}, withdrawn=["ann", "cy"])
    assert state.finished and state.champion == "ed"
    assert state.matches["W3-1"].status == "walkover"
    assert state.placings == ((1, "ed"), (2, "cy"), (3, "ann"), (3, "bob"), (5, "di"))


def test_two_withdrawn_entrants_due_to_meet():
    bracket = single_elimination(4)
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di"}
    # ann withdrew first: di had won W1-1 by walkover when di withdrew, so di forfeits the
    # final; the order is what tells them apart.
    state = resolve(bracket, seeds, {"W1-2": "bob"}, withdrawn=["ann", "di"])
    assert state.matches["W1-1"].winner == "di" and state.matches["W2-1"].out == ("di",)
    assert state.champion == "bob"
    assert state.placings == ((1, "bob"), (2, "di"), (3, "ann"), (3, "cy"))
    other = resolve(bracket, seeds, {"W1-2": "bob"}, withdrawn=["di", "ann"])
    assert other.matches["W1-1"].winner == "ann" and other.champion == "bob"
    # Everybody withdraws: the last to go still won its matches by walkover before.
    everyone = resolve(bracket, seeds, withdrawn=["ann", "bob", "cy", "di"])
    assert everyone.finished and everyone.champion == "di"


def test_a_walkover_loser_does_not_drop_into_the_losers_bracket():
    bracket = double_elimination(4)
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di"}
    state = resolve(bracket, seeds, {"W1-2": "bob"}, withdrawn=["di"])
    l11 = state.matches["L1-1"]
    assert (l11.home, l11.away, l11.status, l11.winner) == (BYE, "cy", "bye", "cy")
    assert state.out_at["di"] == "W1-1"
    state = resolve(
        bracket,
        seeds,
        {"W1-2": "bob", "W2-1": "bob", "L2-1": "ann", "GF": "bob"},
        withdrawn=["di"],
    )
    # di is placed with the losers of the losers' round it would have dropped into.
    assert state.placings == ((1, "bob"), (2, "ann"), (3, "cy"), (4, "di"))


@pytest.mark.parametrize(
    ("results", "withdrawn", "words"),
    [
        ({"W9-1": "ann"}, [], "no match 'W9-1'"),
        ({"W2-1": "ann"}, [], "No result can be given for W2-1 yet"),
        ({"W1-1": "bob"}, [], "'bob' is not in W1-1, which is 'ann' v 'di'"),
        ({}, ["zed"], "Withdrawn entrant 'zed' is not in the bracket"),
        ({}, ["ann", "ann"], "'ann' is listed twice"),
    ],
)
def test_resolve_refuses(results, withdrawn, words):
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di"}
    with pytest.raises(InvalidBracket, match=words):
        resolve(single_elimination(4), seeds, results, withdrawn=withdrawn)


def test_a_bye_has_no_result():
    seeds = {1: "ann", 2: "bob", 3: "cy", 4: "di"}
    with pytest.raises(InvalidBracket, match="L1-1 is a bye"):
        resolve(double_elimination(4), seeds, {"W1-2": "bob", "L1-1": "cy"}, withdrawn=["di"])


@pytest.mark.parametrize(
    ("seeds", "words"),
    [
        ({1: "a", 2: "b", 3: "c"}, "no entrant for seed 4"),
        ({1: "a", 2: "b", 3: "c", 4: "d", 5: "e"}, "no seed 5 in the bracket"),
        ({1: "a", 2: "b", 3: "a", 4: "d"}, "'a' holds seeds 1 and 3"),
        ({1: "a", 2: None, 3: "c", 4: "d"}, "Seed 2 has no entrant"),
    ],
)
def test_resolve_refuses_seeds_that_do_not_fit(seeds, words):
    with pytest.raises(InvalidBracket, match=words):
        resolve(single_elimination(4), seeds)


# -- pools ------------------------------------------------------------------------------------


def test_snake_seeded_pools():
    assert split_into_pools(range(1, 11), 3) == [[1, 6, 7], [2, 5, 8], [3, 4, 9, 10]]
    assert split_into_pools("abcd", 1) == [["a", "b", "c", "d"]]


@pytest.mark.parametrize(
    ("entrants", "pools", "words"),
    [
        (range(5), 3, "cannot make 3 pools"),
        (range(6), 0, "1 or more"),
        ([1, 2, 1, 3], 2, "1 is listed twice"),
    ],
)
def test_pools_refuse(entrants, pools, words):
    with pytest.raises(InvalidBracket, match=words):
        split_into_pools(entrants, pools)


def test_two_pools_cross_over():
    knockout = pools_then_knockout([4, 5], 2)
    assert dict(knockout.seeds) == {(0, 1): 1, (0, 2): 3, (1, 1): 2, (1, 2): 4}
    assert sides(knockout.bracket)[:2] == [("W1-1", Seed(1), Seed(4)), ("W1-2", Seed(2), Seed(3))]
    tables = [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4", "b5"]]
    # Pool A's winner meets pool B's runner-up, and the other way about.
    assert knockout.knockout_seeds(tables) == {1: "a1", 2: "b1", 3: "a2", 4: "b2"}
    with pytest.raises(InvalidBracket, match="tables of 2 pools"):
        knockout.knockout_seeds(tables[:1])
    with pytest.raises(InvalidBracket, match="place 2 qualifies"):
        knockout.knockout_seeds([["a1"], tables[1]])


@pytest.mark.parametrize(
    ("sizes", "top_k", "words"),
    [([], 2, "at least one pool"), ([4, 1], 2, "Pool 2 has 1 entrants"), ([4], 0, "1 or more")],
)
def test_pools_then_knockout_refuses(sizes, top_k, words):
    with pytest.raises(InvalidBracket, match=words):
        pools_then_knockout(sizes, top_k)


@pytest.mark.parametrize("pools", range(1, 17))
@pytest.mark.parametrize("top_k", range(1, 5))
def test_entrants_of_one_pool_meet_as_late_as_the_draw_allows(pools, top_k):
    if pools * top_k < 2:
        return
    knockout = pools_then_knockout([top_k + 1] * pools, top_k)
    assert sorted(knockout.seeds.values()) == list(range(1, pools * top_k + 1))
    # Pool winners hold the top seeds, so any byes are theirs.
    assert {knockout.seeds[(p, 1)] for p in range(pools)} == set(range(1, pools + 1))
    size = 1 << (pools * top_k - 1).bit_length()
    position = {s: i for i, s in enumerate(seed_order(size))}
    rounds = size.bit_length() - 1
    # k entrants of one pool can be kept apart until round rounds - ceil(log2 k) + 1 at best.
    best = rounds - (top_k - 1).bit_length() + 1
    for pool in range(pools):
        mine = [position[knockout.seeds[(pool, k)]] for k in range(1, top_k + 1)]
        for i, a in enumerate(mine):
            for b in mine[i + 1 :]:
                assert _meeting_round(a, b) >= best


# -- properties -------------------------------------------------------------------------------


def play(bracket, rnd, *, withdraw=0.0):
    """Play a bracket out: at each step, with chance ``withdraw`` an entrant still in withdraws,
    else every ready match is decided at random. Returns the final state, the results, the
    withdrawn in order, and each entrant's played losses."""
    seeds = seeds_of(bracket.entrants)
    results: dict[str, str] = {}
    withdrawn: list[str] = []
    for _ in range(20 * bracket.entrants):
        state = resolve(bracket, seeds, results, withdrawn=withdrawn)
        if state.finished:
            break
        assert state.ready, "an unfinished bracket always has a match to play"
        if rnd.random() < withdraw:
            still_in = [e for e in seeds.values() if e not in state.out_at and e not in withdrawn]
            withdrawn.append(rnd.choice(still_in))
            continue
        for match_id in state.ready:
            match = state.matches[match_id]
            results[match_id] = rnd.choice([match.home, match.away])
    else:
        raise AssertionError("the bracket never finished")
    losses = Counter(
        m.loser for m in state.matches.values() if m.status == "played" and m.loser is not BYE
    )
    return state, results, withdrawn, losses


def check_placings(state: BracketState, n: int) -> None:
    assert state.finished and state.champion is not None
    placed = [e for _, e in state.placings]
    assert sorted(placed) == sorted(seeds_of(n).values())
    assert state.placings[0] == (1, state.champion)
    places = [p for p, _ in state.placings]
    assert places == sorted(places)
    # Places count the entrants placed better: 1, 2, 3, 3, 5, ...
    for place, _ in state.placings:
        assert place == 1 + sum(1 for p in places if p < place)
    assert set(state.out_at) == set(placed) - {state.champion}


entrants = st.integers(2, 128)


@given(entrants, st.booleans())
def test_single_elimination_draw_properties(n, third):
    if third and n < 4:
        return
    bracket = single_elimination(n, third_place=third)
    size = 1 << (n - 1).bit_length()
    assert len(bracket.matches) == n - 1 + third
    placed = Counter(
        (slot.number, m.round) for m in bracket.matches for slot in (m.home, m.away)
        if isinstance(slot, Seed)
    )  # fmt: skip
    # Every entrant once, in a round-1 match or (a bye) straight into round 2.
    assert sorted(number for number, _ in placed) == list(range(1, n + 1))
    byes = {number for number, rnd in placed if rnd == 2}
    assert all(rnd in (1, 2) for _, rnd in placed)
    # Byes go to the top seeds, and only when n is not a power of two.
    assert byes == set(range(1, size - n + 1))
    assert (not byes) == (n == size)
    # Every winner goes on to exactly one match, bar the champion.
    fed = Counter(
        s.match for m in bracket.matches for s in (m.home, m.away) if isinstance(s, WinnerOf)
    )
    assert set(fed.values()) <= {1}
    assert set(fed) == {m.id for m in bracket.matches if m.section == "winners"} - {bracket.final}


@given(entrants, st.booleans())
def test_double_elimination_draw_properties(n, reset):
    bracket = double_elimination(n, reset=reset)
    assert len(bracket.matches) == 2 * n - 2 + reset
    seeds = sorted(
        s.number for m in bracket.matches for s in (m.home, m.away) if isinstance(s, Seed)
    )
    assert seeds == list(range(1, n + 1))
    # Every winners' bracket loser drops into exactly one match.
    dropped = Counter(
        s.match for m in bracket.matches for s in (m.home, m.away) if isinstance(s, LoserOf)
    )
    assert set(dropped.values()) == {1}
    winners = {m.id for m in bracket.matches if m.section == "winners"}
    assert winners <= set(dropped)
    # Every match comes after the matches its sides come from.
    seen: set[str] = set()
    for m in bracket.matches:
        for s in (m.home, m.away):
            assert isinstance(s, Seed) or s.match in seen
        seen.add(m.id)


@costly
@given(entrants, st.booleans(), st.randoms(use_true_random=False))
def test_single_elimination_played_out(n, third, rnd):
    third = third and n >= 4
    bracket = single_elimination(n, third_place=third)
    state, results, _, losses = play(bracket, rnd)
    check_placings(state, n)
    assert len(results) == n - 1 + third
    # One loss ends an entrant's event, bar the semi-final loser who loses the third-place match.
    twice = [state.matches["3P"].loser] if third else []
    assert [e for e, k in losses.items() if k != 1] == twice
    assert set(losses.values()) <= {1, 2}
    final = state.matches[bracket.final]
    assert state.placings[1] == (2, final.loser)
    if third:
        assert [e for p, e in state.placings if p in (3, 4)] == [
            state.matches["3P"].winner,
            state.matches["3P"].loser,
        ]


@costly
@given(entrants, st.booleans(), st.randoms(use_true_random=False))
def test_double_elimination_played_out(n, reset, rnd):
    bracket = double_elimination(n, reset=reset)
    state, results, _, losses = play(bracket, rnd)
    check_placings(state, n)
    reset_played = reset and state.matches["GF2"].status == "played"
    assert len(results) == 2 * n - 2 + reset_played
    winners_champion = state.matches["GF"].home
    unbeaten = state.champion == winners_champion and not reset_played
    assert losses[state.champion] == (0 if unbeaten else 1)
    for entrant, match_id in state.out_at.items():
        # Nobody goes out before losing twice, except the winners' bracket champion beaten
        # in a grand final without a reset.
        once = entrant == winners_champion and match_id == "GF"
        assert losses[entrant] == (1 if once else 2)


@costly
@given(
    entrants,
    st.sampled_from(["single", "third", "double", "double-no-reset"]),
    st.floats(0.0, 0.5),
    st.randoms(use_true_random=False),
)
def test_withdrawals_at_random_points_leave_one_champion(n, kind, chance, rnd):
    if kind == "third" and n < 4:
        kind = "single"
    bracket = {
        "single": lambda: single_elimination(n),
        "third": lambda: single_elimination(n, third_place=True),
        "double": lambda: double_elimination(n),
        "double-no-reset": lambda: double_elimination(n, reset=False),
    }[kind]()
    state, results, withdrawn, losses = play(bracket, rnd, withdraw=chance)
    check_placings(state, n)
    walkovers = [m for m in state.matches.values() if m.status == "walkover"]
    # Each withdrawal is one walkover, which ends that entrant's event, and nothing else is;
    # bar a champion that withdrew once its last match was won, which changes nothing.
    gone = [e for e in withdrawn if e != state.champion]
    assert sorted(w for m in walkovers for w in m.out) == sorted(gone)
    for entrant in gone:
        assert state.matches[state.out_at[entrant]].out == (entrant,)
    if kind.startswith("double"):
        winners_champion = state.matches["GF"].home
        for entrant, match_id in state.out_at.items():
            if entrant in withdrawn:
                continue
            once = kind == "double-no-reset" and entrant == winners_champion and match_id == "GF"
            assert losses[entrant] == (1 if once else 2)


@costly
@given(entrants, st.booleans(), st.randoms(use_true_random=False))
def test_all_but_one_withdrawing_at_the_start_leaves_that_one_champion(n, double, rnd):
    bracket = double_elimination(n) if double else single_elimination(n)
    stays = rnd.randint(1, n)
    withdrawn = [f"E{i}" for i in rnd.sample(range(1, n + 1), n) if i != stays]
    state = resolve(bracket, seeds_of(n), withdrawn=withdrawn)
    assert state.finished and state.champion == f"E{stays}"
    assert not any(m.status == "played" for m in state.matches.values())
    check_placings(state, n)


@pytest.mark.parametrize("n", [*range(2, 18), 31, 32, 33, 63, 64, 65, 100, 127, 128])
def test_every_kind_played_out_at_fixed_sizes(n):
    # Hypothesis favours small fields; these make sure the large ones are played out too.
    rnd = random.Random(n)
    for bracket in (
        single_elimination(n, third_place=n >= 4),
        double_elimination(n),
        double_elimination(n, reset=False),
    ):
        for chance in (0.0, 0.1, 0.4):
            state, _, withdrawn, _ = play(bracket, rnd, withdraw=chance)
            check_placings(state, n)
            walked = sorted(
                w for m in state.matches.values() for w in m.out if m.status == "walkover"
            )
            assert walked == sorted(e for e in withdrawn if e != state.champion)


# -- waves: the round each match is played in -------------------------------------------------


@pytest.mark.parametrize(
    ("bracket", "waves"),
    [
        (
            single_elimination(6, third_place=True),
            {"W1-1": 1, "W1-2": 1, "W2-1": 2, "W2-2": 2, "W3-1": 3, "3P": 3},
        ),
        (
            double_elimination(4),
            {"W1-1": 1, "W1-2": 1, "W2-1": 2, "L1-1": 2, "L2-1": 3, "GF": 4, "GF2": 5},
        ),
        (
            # Seeds 2 and 3 meet in W2-2 without waiting for anybody: round 1.
            double_elimination(5, reset=False),
            {
                "W1-1": 1,
                "W2-1": 2,
                "W2-2": 1,
                "W3-1": 3,
                "L1-1": 2,
                "L2-1": 3,
                "L3-1": 4,
                "GF": 5,
            },
        ),
        (pools_then_knockout([4, 4], 2).bracket, {"W1-1": 1, "W1-2": 1, "W2-1": 2}),
        (double_elimination(2), {"W1-1": 1, "GF": 2, "GF2": 3}),
    ],
)
def test_bracket_waves_by_hand(bracket, waves):
    assert bracket_waves(bracket) == waves


@given(entrants, st.sampled_from(["single", "third", "double", "double-no-reset"]))
def test_a_match_is_played_the_round_after_the_last_match_feeding_it(n, kind):
    if kind == "third" and n < 4:
        kind = "single"
    bracket = {
        "single": lambda: single_elimination(n),
        "third": lambda: single_elimination(n, third_place=True),
        "double": lambda: double_elimination(n),
        "double-no-reset": lambda: double_elimination(n, reset=False),
    }[kind]()
    waves = bracket_waves(bracket)
    assert list(waves) == [m.id for m in bracket.matches]
    for m in bracket.matches:
        fed_by = [s.match for s in (m.home, m.away) if isinstance(s, WinnerOf | LoserOf)]
        assert waves[m.id] == 1 + max((waves[f] for f in fed_by), default=0)
    # No round is empty, and the match that crowns the champion is played last.
    assert set(waves.values()) == set(range(1, max(waves.values()) + 1))
    assert waves[bracket.final] == max(w for i, w in waves.items() if i != "GF2")
    if kind == "single" and n & (n - 1) == 0:
        assert all(waves[m.id] == m.round for m in bracket.matches)
