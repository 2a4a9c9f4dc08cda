"""Fixtures: who plays whom, round by round.

Words:

- *entrant*: a player or a partnership that plays as one side all through (league matches).
- *round*: the matches played at the same time (a match night, a tournament round).
- *bye*: an entrant that plays nobody in a round, written ``(entrant, None)``.
- *cycle*: one full round robin: every entrant meets every other once.
- *home* / *away*: the first and the second of a pair; a league may use it for the venue or
  for who deals first.
- *rotation*: an individual four-hand event. Players change partners every round; a *table*
  is ``((a, b), (c, d))``, a and b partners against c and d.
- *sitting out*: the players without a table in a round (``len(players) % 4`` of them).
- *partner repeats* / *opponent repeats*: how many times a pair of players met again as
  partners / as opponents beyond their first time: a pair that partnered three times counts 2.

How a rotation is drawn: round by round, greedily. Partnerships come either from the circle
method's 1-factorization of the players (when ``n % 4`` is 0; of the players and a phantom
when it is 1, the phantom's partner sitting out), each factor once a cycle, or from a maximum
weight matching that picks each round's sit-outs and partnerships together, fewest repeated
partnerships first. The partnerships are then paired into tables by a maximum weight matching,
fewest repeated opponents first. Each way is drawn and the draw with the fewest partner
repeats, then the fewest opponent repeats, is kept.

A *balanced* rotation (``strongest_first``: the players by rating, strongest first) is drawn
the matched way only: the sit-outs as there (the ratings play no part in who sits out), then
the players present are partnered by a maximum weight matching that takes fewest repeated
partnerships first, as always, and then the most balanced partnerships: the least sum of the
products of the partners' places in ``strongest_first``. Among partnerships not yet played
that is the strongest with the weakest, the second with the second weakest, and so on (in the
first round exactly :func:`scoring.ratings.balanced_partners`); once those have played
together, the most balanced of those that are new. The tables are then paired as usual.

What is guaranteed, for ``n`` players (at least 4) and ``rounds`` rounds of a
:func:`rotation`:

- Every player is at exactly one table or sitting out in every round, and ``n % 4`` players
  sit out each round.
- Sit-outs are spread evenly: after every round the players' sit-out counts differ by at most
  1, so nobody sits out a second time before everybody has sat out once.
- When ``n % 4`` is 0 or 1: ``partner_repeats == min_partner_repeats(n, rounds)`` for every
  number of rounds (the circle draw reaches it, and no draw kept has more). In particular no
  partnership repeats in a rotation of up to ``n - 1`` rounds (``n`` rounds when ``n`` is odd).
- For every ``n``: no partnership repeats in the first ``(n - n % 4) // 2`` rounds. (While
  every present player has had fewer than half of the present players as partners, the unused
  partnerships contain a perfect matching, by Dirac's theorem, and the matching finds it.)
- A balanced rotation keeps the sit-out promise and that no partnership repeats in the
  first ``(n - n % 4) // 2`` rounds; the fewest partner repeats over more rounds is not
  promised (it takes no circle draw).
- When ``n % 4`` is 2 or 3 nothing more is promised; over 4 to 24 players and 1 to 12 rounds
  the tests check that the minimum is reached there too.
- ``partner_repeats`` and ``opponent_repeats`` are the true counts of the draw returned.
  Opponent repeats are only kept low, greedily: :func:`min_opponent_repeats` is a lower bound
  that is often not reached.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T", bound=Hashable)

#: Two partners against two partners.
Table = tuple[tuple[T, T], tuple[T, T]]


def _distinct(items: Sequence[Any], what: str) -> list[Any]:
    listed = list(items)
    seen: set[Any] = set()
    for item in listed:
        if item in seen:
            raise ValueError(f"{what.capitalize()} {item!r} is listed twice.")
        seen.add(item)
    return listed


def round_robin(entrants: Sequence[T], *, double: bool = False) -> list[list[tuple[T, T | None]]]:
    """Every entrant against every other once (twice with ``double``), by the circle method.

    Returns the rounds, each a list of ``(home, away)`` pairs; with an odd number of entrants
    each round ends with one bye ``(entrant, None)``, and each entrant has one bye a cycle.
    In a cycle an entrant's home and away counts differ by at most 1 (by exactly 0 when the
    number of entrants is odd). ``double`` adds a second cycle, the same rounds with home and
    away swapped. The same entrants in the same order always give the same fixtures.
    """
    field = _distinct(entrants, "entrant")
    if any(e is None for e in field):
        raise ValueError("None cannot be an entrant: it stands for a bye.")
    if len(field) < 2:
        raise ValueError("A round robin needs at least two entrants.")
    # One entrant stays put while the rest turn around a circle of odd size m. With an odd
    # field the one who stays put is the bye, so nobody's bye costs them a home or away game.
    if len(field) % 2:
        circle, fixed = field, None
    else:
        circle, fixed = field[:-1], field[-1]
    m = len(circle)
    cycle: list[list[tuple[T, T | None]]] = []
    for r in range(m):
        pairs: list[tuple[T, T | None]] = []
        if fixed is not None:
            pairs.append((fixed, circle[r]) if r % 2 else (circle[r], fixed))
        for k in range(1, (m - 1) // 2 + 1):
            a, b = circle[(r + k) % m], circle[(r - k) % m]
            # Odd distances home, even away: over a cycle each circle entrant is home and
            # away equally often against the rest of the circle.
            pairs.append((a, b) if k % 2 else (b, a))
        if fixed is None:
            pairs.append((circle[r], None))
        cycle.append(pairs)
    if not double:
        return cycle
    second: list[list[tuple[T, T | None]]] = [
        [(a, None) if b is None else (b, a) for a, b in pairs] for pairs in cycle
    ]
    return cycle + second


@dataclass(frozen=True)
class Rotation(Generic[T]):
    """A drawn rotation: ``rounds[r]`` is round r's tables, ``sitting_out[r]`` who sits it
    out (in the order the players were given); the repeat counts are over all the rounds."""

    rounds: tuple[tuple[Table[T], ...], ...]
    sitting_out: tuple[tuple[T, ...], ...]
    partner_repeats: int
    opponent_repeats: int


def _presences(n: int, rounds: int) -> list[int]:
    # With sit-outs spread evenly, the first `extra` players (in some order) sit out once more.
    sit_outs, extra = divmod((n % 4) * rounds, n)
    return [rounds - sit_outs - (1 if i < extra else 0) for i in range(n)]


def _check_counts(n: int, rounds: int) -> None:
    if n < 4:
        raise ValueError(f"A four-hand rotation needs at least 4 players; got {n}.")
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        raise ValueError(f"The number of rounds must be a whole number, 0 or more; got {rounds!r}.")


def min_partner_repeats(n: int, rounds: int) -> int:
    """The fewest partner repeats any rotation of ``n`` players over ``rounds`` rounds can have.

    A player at a table in R_i rounds has R_i partners among n - 1 others, so at least
    ``R_i - (n - 1)`` of those partnerships are repeats; each repeat is counted by both of its
    players, hence ``ceil(sum(max(0, R_i - (n - 1))) / 2)``, with the R_i of an even spread of
    sit-outs (an uneven spread only raises the sum: each term is convex in R_i and the R_i add
    up to ``rounds * (n - n % 4)`` either way). It is never less than the plain count bound,
    partnerships played less pairs there are: ``rounds * (n - n % 4) / 2 - n * (n - 1) / 2``.
    """
    _check_counts(n, rounds)
    excess = sum(max(0, r - (n - 1)) for r in _presences(n, rounds))
    return (excess + 1) // 2


def min_opponent_repeats(n: int, rounds: int) -> int:
    """The fewest opponent repeats the counts allow: as :func:`min_partner_repeats`, with two
    opponents a round, ``ceil(sum(max(0, 2 * R_i - (n - 1))) / 2)``. A lower bound, not always
    reached."""
    _check_counts(n, rounds)
    excess = sum(max(0, 2 * r - (n - 1)) for r in _presences(n, rounds))
    return (excess + 1) // 2


def _max_weight_matching(
    nodes: Sequence[int], weights: dict[tuple[int, int], int]
) -> list[tuple[int, int]]:
    # Imported here so that `import scoring` stays light for the web process, which never
    # draws a rotation.
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    for (a, b), w in weights.items():
        graph.add_edge(a, b, weight=w)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matched) != len(nodes):  # pragma: no cover - the graphs here always have one
        raise AssertionError("no perfect matching")
    return sorted((min(a, b), max(a, b)) for a, b in matched)


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _circle_partners(n: int, factor: int) -> tuple[list[tuple[int, int]], list[int]]:
    # n % 4 == 0: factor f of the circle 1-factorization of the n players. n % 4 == 1: of n + 1
    # points, the extra one a phantom fixed in the middle; its partner (player f) sits out.
    phantom = n % 2 == 1
    m = n if phantom else n - 1
    partners = [_pair((factor + k) % m, (factor - k) % m) for k in range(1, (m - 1) // 2 + 1)]
    if phantom:
        return partners, [factor]
    return [*partners, _pair(factor, n - 1)], []


def _matched_partners(
    n: int,
    sat: list[int],
    partnered: Counter[tuple[int, int]],
    faced: Counter[tuple[int, int]] | None,
    scale: int,
) -> tuple[list[tuple[int, int]], list[int]]:
    seats = n % 4
    least = min(sat) if sat else 0
    due = [i for i in range(n) if sat[i] == least]
    if len(due) <= seats:
        # Everybody who has sat out least must go now; the rest come from the next pass.
        forced, eligible = due, [i for i in range(n) if sat[i] != least]
    else:
        forced, eligible = [], due
    phantoms = list(range(n, n + seats - len(forced)))
    players = [i for i in range(n) if i not in forced]
    top = 3 * scale * scale
    weights: dict[tuple[int, int], int] = {}
    for x, a in enumerate(players):
        for b in players[x + 1 :]:
            times = partnered[(a, b)]
            # Fewest repeats first, then the least repeated pairs, then (given `faced`) pairs
            # that have already faced each other: partnering them leaves fresh pairs to face.
            bonus = faced[(a, b)] if faced is not None else 0
            weights[(a, b)] = top - (scale * scale * (times > 0) + scale * times - bonus)
    for p in phantoms:
        for a in eligible:
            weights[(a, p)] = top
    partners: list[tuple[int, int]] = []
    sitting = list(forced)
    for a, b in _max_weight_matching([*players, *phantoms], weights):
        if b >= n:
            sitting.append(a)
        else:
            partners.append((a, b))
    return partners, sorted(sitting)


def _tables(
    partners: list[tuple[int, int]], faced: Counter[tuple[int, int]], scale: int
) -> tuple[list[tuple[tuple[int, int], tuple[int, int]]], int]:
    """The partnerships paired into tables, and what the pairing costs (lower is better)."""
    top = 5 * scale
    weights: dict[tuple[int, int], int] = {}
    for x, (a, b) in enumerate(partners):
        for y in range(x + 1, len(partners)):
            c, d = partners[y]
            times = [faced[_pair(p, q)] for p in (a, b) for q in (c, d)]
            # Fewest repeated opponents first, then the least repeated.
            weights[(x, y)] = top - (scale * sum(t > 0 for t in times) + sum(times))
    matched = _max_weight_matching(range(len(partners)), weights)
    cost = sum(top - weights[(x, y)] for x, y in matched)
    tables = [(min(partners[x], partners[y]), max(partners[x], partners[y])) for x, y in matched]
    return sorted(tables), cost


def _repeats(counts: Counter[tuple[int, int]]) -> int:
    return sum(c - 1 for c in counts.values() if c > 1)


@dataclass
class _Draw:
    tables: list[list[tuple[tuple[int, int], tuple[int, int]]]]
    sitting: list[list[int]]
    partnered: Counter[tuple[int, int]]
    faced: Counter[tuple[int, int]]

    def add(self, partners: list[tuple[int, int]], sitting: list[int], tables: list[Any]) -> None:
        self.tables.append(tables)
        self.sitting.append(sitting)
        self.partnered.update(partners)
        for (a, b), (c, d) in tables:
            self.faced.update(_pair(p, q) for p in (a, b) for q in (c, d))

    @property
    def repeats(self) -> tuple[int, int]:
        return _repeats(self.partnered), _repeats(self.faced)


_FACTORS_TRIED = 16


def _draw_circle(n: int, rounds: int, scale: int) -> _Draw:
    draw = _Draw([], [], Counter(), Counter())
    factors: list[int] = []
    for _ in range(rounds):
        # Each factor once a cycle keeps the partnerships (and the phantom's sit-outs) exact;
        # within the cycle, take the factor whose tables repeat fewest opponents. Trying more
        # than the next _FACTORS_TRIED of them costs time for hardly any gain.
        factors = factors or list(range(n if n % 2 else n - 1))
        options = []
        for f in factors[:_FACTORS_TRIED]:
            partners, sitting = _circle_partners(n, f)
            tables, cost = _tables(partners, draw.faced, scale)
            options.append((cost, f, partners, sitting, tables))
        _, chosen, partners, sitting, tables = min(options, key=lambda o: o[:2])
        factors.remove(chosen)
        draw.add(partners, sitting, tables)
    return draw


def _draw_matched(n: int, rounds: int, scale: int, partner_faced: bool) -> _Draw:
    draw = _Draw([], [], Counter(), Counter())
    sat = [0] * n
    for _ in range(rounds):
        faced = draw.faced if partner_faced else None
        partners, sitting = _matched_partners(n, sat, draw.partnered, faced, scale)
        for i in sitting:
            sat[i] += 1
        tables, _ = _tables(partners, draw.faced, scale)
        draw.add(partners, sitting, tables)
    return draw


def _balanced_partners(
    present: list[int], partnered: Counter[tuple[int, int]], place: list[int], rounds: int
) -> list[tuple[int, int]]:
    """The present players as partners: fewest repeated partnerships first, then the least
    repeated, then the most balanced, the least sum of the products of the partners' places
    (0 the strongest). That sum is least when the pairs are nested: the strongest with the
    weakest, the second with the second weakest, and so on (the rearrangement inequality)."""
    n = len(place)
    # A matching's products add up to less than `spread` (n / 2 pairs, each below n * n), and
    # its `spread * times` to less than `repeat`: each term outweighs everything after it.
    spread = n**3 + 1
    repeat = spread * (rounds * n + 1)
    top = 2 * repeat + spread * (rounds + 1) + n * n
    weights: dict[tuple[int, int], int] = {}
    for x, a in enumerate(present):
        for b in present[x + 1 :]:
            times = partnered[(a, b)]
            cost = repeat * (times > 0) + spread * times + place[a] * place[b]
            weights[(a, b)] = top - cost
    return _max_weight_matching(present, weights)


def _draw_balanced(n: int, rounds: int, scale: int, place: list[int]) -> _Draw:
    # Who sits out is chosen as in the matched draw, the ratings aside; then the players
    # present are partnered by _balanced_partners.
    draw = _Draw([], [], Counter(), Counter())
    sat = [0] * n
    for _ in range(rounds):
        partners, sitting = _matched_partners(n, sat, draw.partnered, None, scale)
        for i in sitting:
            sat[i] += 1
        present = sorted(p for pair in partners for p in pair)
        partners = _balanced_partners(present, draw.partnered, place, rounds)
        tables, _ = _tables(partners, draw.faced, scale)
        draw.add(partners, sitting, tables)
    return draw


def rotation(
    players: Sequence[T], rounds: int, *, strongest_first: Sequence[T] | None = None
) -> Rotation[T]:
    """Draw ``rounds`` rounds of four-hand tables with partners changing every round.

    Needs at least 4 distinct players (``ValueError`` otherwise). The same players in the same
    order always give the same draw. See the module docstring for what is guaranteed.

    ``strongest_first``: the same players, strongest first (by rating), to balance the
    partnerships: each round pairs the strongest with the weakest as far as partnerships not
    yet played allow (see the module docstring).
    """
    people = _distinct(players, "player")
    n = len(people)
    _check_counts(n, rounds)
    # Large enough that one repeat outweighs any spread of counts within a round.
    scale = 4 * n * (rounds + 1) + 1
    if strongest_first is not None:
        order = _distinct(strongest_first, "player")
        if len(order) != n or set(order) != set(people):
            raise ValueError("strongest_first must list the same players, each once.")
        position = {p: i for i, p in enumerate(order)}
        return _rotation(people, _draw_balanced(n, rounds, scale, [position[p] for p in people]))
    # Greedy round by round, so no one way wins everywhere: draw each and keep the one with
    # the fewest partner repeats, then the fewest opponent repeats (the first of equals).
    # With n % 4 in (0, 1) the circle draw has the fewest partner repeats possible, so the one
    # kept has them too.
    draws = [_draw_matched(n, rounds, scale, True), _draw_matched(n, rounds, scale, False)]
    if n % 4 in (0, 1):
        draws.insert(0, _draw_circle(n, rounds, scale))
    return _rotation(people, min(draws, key=lambda d: d.repeats))


def _rotation(people: list[T], draw: _Draw) -> Rotation[T]:
    p_repeats, o_repeats = draw.repeats
    return Rotation(
        rounds=tuple(
            tuple(((people[a], people[b]), (people[c], people[d])) for (a, b), (c, d) in tables)
            for tables in draw.tables
        ),
        sitting_out=tuple(tuple(people[i] for i in sitting) for sitting in draw.sitting),
        partner_repeats=p_repeats,
        opponent_repeats=o_repeats,
    )
