"""Swiss pairings and the table draw: rounds worked by hand, refusals, and properties
(hypothesis) over 2 to 128 entrants playing several rounds with random results."""

import random
from collections import Counter
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import scoring.swiss as swiss
from scoring.swiss import (
    InvalidPairing,
    SwissEntrant,
    SwissRound,
    greedy_pairings,
    swiss_pairings,
    table_draw,
)
from tests.properties import costly


def field(*entries):
    """Entrants from ``(id, score)`` or ``(id, score, rating)``."""
    return [SwissEntrant(*e) for e in entries]


def met(pairs):
    return {frozenset(p) for p in pairs}


# -- by hand ----------------------------------------------------------------------------------


def test_a_first_round_pairs_top_half_against_bottom_half():
    entrants = [SwissEntrant(f"P{i}", 0, rating=100 - i) for i in range(1, 9)]
    r = swiss_pairings(entrants)
    assert r == SwissRound(
        pairs=(("P1", "P5"), ("P2", "P6"), ("P3", "P7"), ("P4", "P8")),
        bye=None,
        rematches=0,
        floats=0,
    )
    # The floor pairs neighbours instead.
    assert greedy_pairings(entrants).pairs == (
        ("P1", "P2"),
        ("P3", "P4"),
        ("P5", "P6"),
        ("P7", "P8"),
    )


def test_score_groups_pair_within_themselves_and_the_odd_one_floats_down():
    # Three on 4 points, three on 2: the bottom of the top group meets the top of the next.
    entrants = field(("A", 4, 9), ("B", 4, 8), ("C", 4, 7), ("D", 2, 9), ("E", 2, 8), ("F", 2, 7))
    r = swiss_pairings(entrants)
    assert r.pairs == (("A", "B"), ("C", "D"), ("E", "F"))
    assert (r.floats, r.rematches) == (1, 0)


def test_a_rematch_is_avoided_by_floating():
    entrants = field(("A", 2), ("B", 2), ("C", 0), ("D", 0))
    r = swiss_pairings(entrants, history=[("B", "A")])
    assert r.pairs == (("A", "C"), ("B", "D")) or r.pairs == (("A", "D"), ("B", "C"))
    assert (r.rematches, r.floats) == (0, 2)


def test_rematches_only_when_nothing_else_will_do():
    entrants = field(("A", 0), ("B", 0), ("C", 0), ("D", 0))
    everybody = list(combinations("ABCD", 2))
    assert swiss_pairings(entrants, history=everybody).rematches == 2
    # A pair that met twice is worse than two that met once.
    r = swiss_pairings(entrants, history=[*everybody, ("A", "B"), ("A", "B")])
    assert ("A", "B") not in r.pairs and r.rematches == 2
    assert swiss_pairings(field(("A", 0), ("B", 0)), history=[("A", "B")]).rematches == 1


def test_the_bye_goes_to_the_lowest_ranked_who_has_not_had_one():
    entrants = field(("A", 4), ("B", 2), ("C", 2), ("D", 0), ("E", 0))
    assert swiss_pairings(entrants).bye == "E"
    assert swiss_pairings(entrants, byes=["E"]).bye == "D"
    assert swiss_pairings(entrants, byes=["E", "D", "C", "B"]).bye == "A"
    # Everybody has had one: the round starts again from the bottom.
    assert swiss_pairings(entrants, byes="ABCDE").bye == "E"


def test_the_bye_moves_up_rather_than_force_a_rematch_but_is_never_unfair():
    entrants = field(("A", 2), ("B", 2), ("C", 0))
    # C's bye would leave A and B to meet again; B takes it and A meets C.
    r = swiss_pairings(entrants, history=[("A", "B")])
    assert (r.bye, r.pairs, r.rematches) == ("B", (("A", "C"),), 0)
    # Only C is due a bye: fairness comes first, and A meets B again.
    r = swiss_pairings(entrants, history=[("A", "B")], byes=["A", "B"])
    assert (r.bye, r.pairs, r.rematches) == ("C", (("A", "B"),), 1)


def test_the_floor_paints_itself_into_a_corner():
    entrants = field(("A", 0), ("B", 0), ("C", 0), ("D", 0))
    history = [("A", "C"), ("C", "D"), ("B", "D")]
    greedy = greedy_pairings(entrants, history)
    assert (greedy.pairs, greedy.rematches) == ((("A", "B"), ("C", "D")), 1)
    matched = swiss_pairings(entrants, history)
    assert (matched.pairs, matched.rematches) == ((("A", "D"), ("B", "C")), 0)


def test_withdrawn_entrants_in_the_history_and_byes_are_ignored():
    entrants = field(("A", 2), ("B", 2), ("C", 0))
    r = swiss_pairings(entrants, history=[("A", "Gone"), ("Gone", "C")], byes=["Gone"])
    assert r.bye == "C" and r.pairs == (("A", "B"),)


def test_a_seed_draws_equal_entrants_at_random_and_the_same_way_each_time():
    entrants = [SwissEntrant(i) for i in range(16)]
    plain = swiss_pairings(entrants)
    assert plain.pairs[0] == (0, 8)
    drawn = swiss_pairings(entrants, seed=3)
    assert drawn == swiss_pairings(entrants, seed=3)
    assert drawn.pairs != plain.pairs
    assert sorted(e for p in drawn.pairs for e in p) == list(range(16))


def test_empty_and_single_fields():
    assert swiss_pairings([]) == SwissRound((), None, 0, 0)
    assert swiss_pairings(field(("A", 3))) == SwissRound((), "A", 0, 0)
    assert greedy_pairings(field(("A", 3))) == SwissRound((), "A", 0, 0)


@pytest.mark.parametrize(
    ("entrants", "history", "words"),
    [
        (field(("A", 0), ("A", 1)), [], "'A' is listed twice"),
        (field((None, 0), ("A", 1)), [], "None cannot be an entrant"),
        (field(("A", float("nan")), ("B", 0)), [], "score of 'A' must be a number; got nan"),
        (field(("A", "2"), ("B", 0)), [], "score of 'A' must be a number"),
        (field(("A", True), ("B", 0)), [], "score of 'A' must be a number"),
        (field(("A", 0, float("inf")), ("B", 0)), [], "rating of 'A'"),
        (field(("A", 0), ("B", 0)), [("A", "A")], "pairs 'A' with itself"),
    ],
)
def test_pairings_refuse(entrants, history, words):
    with pytest.raises(InvalidPairing, match=words):
        swiss_pairings(entrants, history)
    with pytest.raises(InvalidPairing, match=words):
        greedy_pairings(entrants, history)


# -- properties -------------------------------------------------------------------------------


def complete_without_rematch(ids, history, byes):
    """Whether the whole field has a complete pairing with no rematch and a fair bye."""
    seen = met(history)
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from(p for p in combinations(ids, 2) if frozenset(p) not in seen)
    if len(ids) % 2:
        counts = Counter(b for b in byes if b in ids)
        fewest = min(counts[e] for e in ids)
        graph.add_edges_from(("BYE", e) for e in ids if counts[e] == fewest)
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == graph.number_of_nodes()


def fewest_rematches(ids, history, byes):
    """The fewest rematches of any complete pairing with a fair bye, by a matching over the
    whole field."""
    seen = met(history)
    graph = nx.Graph()
    for a, b in combinations(ids, 2):
        graph.add_edge(a, b, weight=1 if frozenset((a, b)) in seen else 2)
    if len(ids) % 2:
        counts = Counter(b for b in byes if b in ids)
        fewest = min(counts[e] for e in ids)
        for e in ids:
            if counts[e] == fewest:
                graph.add_edge("BYE", e, weight=2)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(1 for a, b in matched if "BYE" not in (a, b) and frozenset((a, b)) in seen)


def check_round(r, entrants, history, byes, *, matched=True):
    ids = [e.id for e in entrants]
    placed = [e for pair in r.pairs for e in pair] + ([r.bye] if r.bye is not None else [])
    # Everybody exactly once, in a pair or on the bye; a bye only in an odd field.
    assert sorted(placed) == sorted(ids)
    assert (r.bye is not None) == (len(ids) % 2 == 1)
    counts = Counter(b for b in byes if b in ids)
    if r.bye is not None:
        # Fair: nobody has a bye while another has had fewer.
        assert counts[r.bye] == min(counts[e] for e in ids)
    seen = met(history)
    assert r.rematches == sum(1 for p in r.pairs if frozenset(p) in seen)
    score = {e.id: e.score for e in entrants}
    assert r.floats == sum(1 for a, b in r.pairs if score[a] != score[b])
    if r.rematches and matched:
        # No rematch that a complete pairing of the whole field could avoid.
        assert not complete_without_rematch(ids, history, byes)
        assert r.rematches == fewest_rematches(ids, history, byes)
    # Home is the better ranked, and pairs run best first.
    assert all(score[a] >= score[b] for a, b in r.pairs)
    homes = [score[a] for a, _ in r.pairs]
    assert homes == sorted(homes, reverse=True)


def play_event(n, rounds, rnd, *, pair=swiss_pairings, withdraw=0.0):
    """An event of n entrants over ``rounds`` rounds, random results (wins, now and then a
    draw), now and then an entrant withdrawing; every round checked."""
    entrants = {i: SwissEntrant(i, 0, rating=rnd.random()) for i in range(n)}
    history, byes = [], []
    for _ in range(rounds):
        if len(entrants) > 2 and rnd.random() < withdraw:
            del entrants[rnd.choice(sorted(entrants))]
        now = list(entrants.values())
        r = pair(now, history, byes)
        check_round(r, now, history, byes, matched=pair is swiss_pairings)
        bye_counts = Counter(b for b in [*byes, r.bye] if b in entrants)
        assert max(bye_counts[e] for e in entrants) - min(bye_counts[e] for e in entrants) <= 1
        points = Counter()
        for a, b in r.pairs:
            history.append((a, b))
            x = rnd.random()
            if x < 0.1:
                points[a] += 1
                points[b] += 1
            else:
                points[a if x < 0.55 else b] += 2
        if r.bye is not None:
            byes.append(r.bye)
            points[r.bye] += 2
        entrants = {i: SwissEntrant(i, e.score + points[i], e.rating) for i, e in entrants.items()}
    return history, byes


@costly
@given(st.integers(2, 128), st.integers(1, 9), st.randoms(use_true_random=False))
def test_swiss_rounds_properties(n, rounds, rnd):
    play_event(n, rounds, rnd, withdraw=0.1)


@costly
@given(st.integers(2, 16), st.randoms(use_true_random=False))
def test_small_fields_play_every_round_there_is(n, rnd):
    # Small fields run out of fresh opponents: rematches come, and only when forced.
    play_event(n, n + 2, rnd)


@pytest.mark.parametrize("n", [2, 3, 17, 32, 33, 64, 127, 128])
def test_long_events_at_fixed_sizes(n):
    # Hypothesis favours small fields; these make sure the large ones are played too.
    play_event(n, 8, random.Random(n), withdraw=0.1)


def test_an_odd_field_gives_everybody_one_bye_before_anybody_has_two():
    n = 7
    _, byes = play_event(n, 2 * n, random.Random(2))
    assert sorted(byes[:n]) == list(range(n)) and sorted(byes[n:]) == list(range(n))


def matching_cost(entrants, history, byes, r):
    f = swiss._Field(entrants, history, byes, None)
    costs = swiss._Costs(f)
    total = sum(costs.pair(*swiss._ordered(f.rank[a], f.rank[b])) for a, b in r.pairs)
    return total + (costs.bye(f.rank[r.bye]) if r.bye is not None else 0)


def all_pairings(people):
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for k, other in enumerate(rest):
        for more in all_pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *more]


@costly
@given(st.integers(2, 9), st.integers(0, 6), st.randoms(use_true_random=False))
def test_small_fields_get_the_cheapest_pairing_there_is(n, rounds, rnd):
    history, byes = play_event(n, rounds, rnd)
    entrants = [SwissEntrant(i, rnd.choice([0, 1, 2, 4]), rnd.random()) for i in range(n)]
    r = swiss_pairings(entrants, history, byes)
    counts = Counter(byes)
    fewest = min(counts[i] for i in range(n))
    best = None
    for bye in [i for i in range(n) if counts[i] == fewest] if n % 2 else [None]:
        rest = [i for i in range(n) if i != bye]
        for pairs in all_pairings(rest):
            cost = matching_cost(entrants, history, byes, SwissRound(tuple(pairs), bye, 0, 0))
            best = cost if best is None else min(best, cost)
    assert matching_cost(entrants, history, byes, r) == best


@costly
@given(st.integers(2, 64), st.integers(1, 9), st.randoms(use_true_random=False))
def test_the_greedy_floor_places_everybody_with_fair_byes(n, rounds, rnd):
    play_event(n, rounds, rnd, pair=greedy_pairings, withdraw=0.1)


# -- the table draw ---------------------------------------------------------------------------


def test_tables_follow_the_board_order_and_seats_alternate():
    pairs = [("a", "b"), ("c", "d"), ("e", "f")]
    draw = table_draw(pairs, four_hand=True)
    assert [(t.table, t.home, t.away, t.seats, t.returning) for t in draw] == [
        (1, "a", "b", ("N-S", "E-W"), 0),
        (2, "c", "d", ("E-W", "N-S"), 0),
        (3, "e", "f", ("N-S", "E-W"), 0),
    ]
    assert all(t.seats is None for t in table_draw(pairs))


def test_a_pair_moves_off_a_table_it_has_sat_at():
    pairs = [("a", "b"), ("c", "d"), ("e", "f")]
    draw = table_draw(pairs, {"a": {1}, "d": [2, 3]})
    assert [(t.table, t.home) for t in draw] == [(1, "c"), (2, "a"), (3, "e")]
    assert all(t.returning == 0 for t in draw)
    # Given table numbers: a and c change places.
    draw = table_draw([("a", "b"), ("c", "d")], {"a": {10}, "c": {11}}, tables=[10, 11, 12])
    assert [(t.table, t.home) for t in draw] == [(10, "c"), (11, "a")]
    # More tables than pairs: a spare table takes the move.
    draw = table_draw([("a", "b"), ("c", "d")], {"a": {10, 11}}, tables=[10, 11, 12])
    assert [(t.table, t.home, t.returning) for t in draw] == [(11, "c", 0), (12, "a", 0)]


def test_a_return_that_cannot_be_helped_is_counted():
    draw = table_draw([("a", "b")], {"a": {1}, "b": {1}})
    assert (draw[0].table, draw[0].returning) == (1, 2)


@pytest.mark.parametrize(
    ("pairs", "tables", "words"),
    [
        ([("a", "b"), ("b", "c")], None, "'b' is in two pairs"),
        ([("a", "a")], None, "'a' cannot be paired with itself"),
        ([("a", "b"), ("c", "d")], [1], "2 pairs need 2 tables; 1 given"),
        ([("a", "b")], [3, 3], "Table 3 is listed twice"),
    ],
)
def test_table_draw_refuses(pairs, tables, words):
    with pytest.raises(InvalidPairing, match=words):
        table_draw(pairs, tables=tables)


@costly
@given(
    st.integers(1, 64),
    st.integers(0, 6),
    st.integers(0, 4),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_table_draw_properties(pair_count, rounds, spare, four_hand, rnd):
    people = list(range(2 * pair_count))
    numbers = rnd.sample(range(1, 3 * (pair_count + spare) + 1), pair_count + spare)
    # Earlier rounds: everybody at one of the tables each round (or of other tables).
    previous: dict[int, set[int]] = {p: set() for p in people}
    for _ in range(rounds):
        rnd.shuffle(people)
        for k in range(0, len(people), 2):
            table = rnd.choice(numbers + [999])
            previous[people[k]].add(table)
            previous[people[k + 1]].add(table)
    rnd.shuffle(people)
    pairs = [(people[k], people[k + 1]) for k in range(0, len(people), 2)]
    draw = table_draw(pairs, previous, four_hand=four_hand, tables=numbers)
    # Every pair once, each at its own table from the list.
    assert sorted((t.home, t.away) for t in draw) == sorted(pairs)
    assert len({t.table for t in draw}) == len(draw)
    assert {t.table for t in draw} <= set(numbers)
    assert [t.table for t in draw] == [n for n in numbers if n in {t.table for t in draw}]
    for t in draw:
        assert t.returning == (t.table in previous[t.home]) + (t.table in previous[t.away])
        position = numbers.index(t.table)
        expected = (("N-S", "E-W") if position % 2 == 0 else ("E-W", "N-S")) if four_hand else None
        assert t.seats == expected
    # No swap of two pairs, nor a move to an empty table, lowers the returns.
    at = {t.table: t for t in draw}

    def returns(pair, table):
        return 0 if pair is None else (table in previous[pair[0]]) + (table in previous[pair[1]])

    for x, y in combinations(numbers, 2):
        p = (at[x].home, at[x].away) if x in at else None
        q = (at[y].home, at[y].away) if y in at else None
        assert returns(p, y) + returns(q, x) >= returns(p, x) + returns(q, y)
    # And with enough tables, nobody returns at all.
    h = max(len(previous[p] & set(numbers)) for p in people)
    c = max(sum(1 for p in people if n in previous[p]) for n in numbers)
    if len(numbers) >= 2 * h + c:
        assert all(t.returning == 0 for t in draw)


# -- the director's swap in a drawn round -----------------------------------------------------


def test_a_swap_trades_places_and_says_when_it_makes_a_rematch():
    pairs = (("A", "B"), ("C", "D"))
    # A and C met in round 1; the draw kept them apart.
    history = [("A", "C"), ("B", "D")]
    r = swiss.swap_entrants(pairs, None, "B", "C", history)
    assert r.pairs == (("A", "C"), ("B", "D")) and r.bye is None
    assert [(w.kind, set(w.entrants), w.times) for w in r.warnings] == [
        ("rematch", {"A", "C"}, 1),
        ("rematch", {"B", "D"}, 1),
    ]
    # A swap that makes only new pairs is free.
    free = swiss.swap_entrants(pairs, None, "B", "D", [("A", "C")])
    assert free.pairs == (("A", "D"), ("C", "B")) and free.warnings == ()
    assert swiss.meetings([("A", "C"), ("C", "A"), ("A", "B")], "C", "A") == 2


def test_a_swap_with_the_bye_warns_when_the_bye_is_no_longer_fair():
    pairs = (("A", "B"), ("C", "D"))
    r = swiss.swap_entrants(pairs, "E", "A", "E", history=[], byes=["A"])
    assert r.pairs == (("E", "B"), ("C", "D")) and r.bye == "A"
    assert [(w.kind, w.entrants, w.times) for w in r.warnings] == [("bye", ("A",), 1)]
    # Everybody has had one bye: a second is fair again.
    fair = swiss.swap_entrants(pairs, "E", "E", "B", byes=["A", "B", "C", "D", "E"])
    assert fair.bye == "B" and fair.warnings == ()


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        ("A", "A", "with itself"),
        ("A", "Z", "not in this round"),
        ("A", "B", "already play each other"),
    ],
)
def test_swaps_that_cannot_be_made(first, second, words):
    with pytest.raises(InvalidPairing, match=words):
        swiss.swap_entrants((("A", "B"), ("C", "D")), None, first, second)
