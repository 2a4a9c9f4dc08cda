"""Swiss: pairing a round within score groups, fair byes, and the table draw.

Words:

- *entrant*: a player or a partnership that plays as one side (:class:`SwissEntrant`): its
  ``id`` (any hashable value, a database id), its ``score`` (match points so far, any number,
  higher is better) and its ``rating`` (anything that orders entrants of equal score: a rating,
  or minus a seeding rank; higher first).
- *ranking*: score, then rating, then the order the entrants were given; with ``seed`` the
  entrants equal on both are put in a random order instead (the same for the same seed),
  which is how a first round is drawn at random.
- *score group*: the entrants with one score. Groups are counted apart in ranking order: the
  top group, the next one down, and so on.
- *history*: the pairs that have already met, in either order. A *rematch* is a pair of the
  round that is in the history.
- *float*: a pair whose two entrants are from different score groups.
- *bye*: with an odd number of entrants, one sits the round out. The caller scores it (a win,
  usually) and adds it to ``byes`` for the next round. A bye is *fair*: it goes only to an
  entrant with the fewest byes so far, so nobody has a second before everybody has had one.
- *home* / *away*: the better-ranked entrant of a pair is home. Pairs are listed best first
  (board order), by their home entrant's ranking.
- Withdrawals, no-shows and late entries: the field is whoever the caller passes this round. A
  withdrawn entrant is left out (and so is a no-show who is not to be paired: it gets no bye);
  history and byes naming entrants not in the field are ignored. A forfeited match is a result
  like any other; leave its pair out of the history if the two may meet again.

How a round is paired: a maximum weight matching (networkx, maximum cardinality) over the
entrants and, when their number is odd, a *bye* node joined only to the entrants due a bye.
Every pair costs, each level outweighing everything below it put together:

1. a rematch, per earlier meeting;
2. for the bye: how many entrants are ranked below the one who gets it (the lowest-ranked
   entrant due a bye takes it, unless that would force a rematch);
3. a float: the square of the number of score groups between the two, so floats are few and
   short;
4. within a score group, the distance from the usual Swiss pairing, the top half against the
   bottom half in order (1 v h+1, 2 v h+2, ... for a group of 2h or 2h+1); across groups, how
   far the two are from the facing edges of their groups, so the bottom of a group floats
   down to meet the top of the next.

The matching is run over *candidate* pairs only, since a whole field of 1,024 has half a
million pairs and networkx is pure Python: each entrant's :data:`WINDOW` nearest in the
ranking, and the :data:`WINDOW` either side of its usual partner in its score group, rematches
left out. When those allow no complete pairing the window is widened, up to the whole field;
only when the whole field has no complete pairing without a rematch are rematches let in, at
their cost.

What is guaranteed, for any field, history and byes:

- Every entrant is in exactly one pair, or is the bye; there is a bye only when the number of
  entrants is odd.
- The bye is fair (above), always.
- No rematch when a complete pairing without one (and with a fair bye) exists; otherwise the
  fewest rematches the whole field allows. ``rematches`` and ``floats`` are the true counts.
- The pairing is the cheapest among the candidate pairs by the costs above; in a field of up
  to ``WINDOW + 1`` entrants every pair is a candidate, so it is the cheapest there is.
- The same entrants, history, byes and seed always give the same round.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import isfinite
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from scoring.errors import EngineError, gettext_noop, pgettext

T = TypeVar("T", bound=Hashable)

#: How many neighbours in the ranking (and around the usual partner) each entrant is first
#: offered to the matching. 8 pairs a 1,024 field after five rounds with nothing widened.
WINDOW = 8


class InvalidPairing(EngineError):
    """A round that cannot be paired or drawn: an entrant listed twice, a score that is not a
    number, a pair of an entrant with itself, too few tables."""


@dataclass(frozen=True)
class SwissEntrant(Generic[T]):
    """An entrant as the round sees it: ``score`` its match points, ``rating`` what orders
    entrants of equal score (higher first)."""

    id: T
    score: float = 0
    rating: float = 0


@dataclass(frozen=True)
class SwissRound(Generic[T]):
    """A paired round: ``pairs`` best first, each ``(home, away)``; ``bye`` the entrant sitting
    out (None with an even field); ``rematches`` the pairs that met before; ``floats`` the
    pairs across score groups."""

    pairs: tuple[tuple[T, T], ...]
    bye: T | None
    rematches: int
    floats: int


def _number(value: object, what: str, who: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not isfinite(value):
        raise InvalidPairing(
            gettext_noop("The %(what)s of %(who)s must be a number; got %(value)s."),
            code="swiss.not_a_number",
            params={"what": what, "who": repr(who), "value": repr(value)},
        )
    return float(value)


class _Field(Generic[T]):
    """The entrants in ranking order (index 0 the best), their score groups, who has met whom
    and how many byes each has had."""

    def __init__(
        self,
        entrants: Sequence[SwissEntrant[T]],
        history: Iterable[tuple[T, T]],
        byes: Iterable[T],
        seed: int | None,
    ) -> None:
        listed = list(entrants)
        seen: set[T] = set()
        for e in listed:
            if e.id is None:
                raise InvalidPairing(
                    gettext_noop("None cannot be an entrant: it stands for no bye."),
                    code="swiss.none_entrant",
                )
            if e.id in seen:
                raise InvalidPairing(
                    gettext_noop("Entrant %(entrant)s is listed twice."),
                    code="swiss.entrant_twice",
                    params={"entrant": repr(e.id)},
                )
            seen.add(e.id)
        scores = [_number(e.score, pgettext("a Swiss entrant's", "score"), e.id) for e in listed]
        ratings = [_number(e.rating, pgettext("a Swiss entrant's", "rating"), e.id) for e in listed]
        tiebreak = list(range(len(listed)))
        if seed is not None:
            random.Random(seed).shuffle(tiebreak)
        order = sorted(range(len(listed)), key=lambda i: (-scores[i], -ratings[i], tiebreak[i]))
        self.ids: list[T] = [listed[i].id for i in order]
        self.scores: list[float] = [scores[i] for i in order]
        self.n = len(order)
        self.rank: dict[T, int] = {e: r for r, e in enumerate(self.ids)}

        # Score groups: group[i] counts the groups above entrant i; start and size per group.
        self.group: list[int] = []
        self.start: list[int] = []
        self.size: list[int] = []
        for i, score in enumerate(self.scores):
            if i == 0 or score != self.scores[i - 1]:
                self.start.append(i)
                self.size.append(0)
            self.group.append(len(self.start) - 1)
            self.size[-1] += 1

        self.met: Counter[tuple[int, int]] = Counter()
        for pair in history:
            a, b = pair
            if a == b:
                raise InvalidPairing(
                    gettext_noop("The history pairs %(entrant)s with itself."),
                    code="swiss.history_self",
                    params={"entrant": repr(a)},
                )
            if a in self.rank and b in self.rank:
                self.met[_ordered(self.rank[a], self.rank[b])] += 1
        counted = Counter(e for e in byes if e in self.rank)
        self.byes: list[int] = [counted[e] for e in self.ids]

    def due_a_bye(self) -> list[int]:
        fewest = min(self.byes)
        return [i for i in range(self.n) if self.byes[i] == fewest]

    def round(self, pairs: Iterable[tuple[int, int]], bye: int | None) -> SwissRound[T]:
        ordered = sorted(_ordered(a, b) for a, b in pairs)
        return SwissRound(
            pairs=tuple((self.ids[a], self.ids[b]) for a, b in ordered),
            bye=None if bye is None else self.ids[bye],
            rematches=sum(1 for p in ordered if self.met[p]),
            floats=sum(1 for a, b in ordered if self.group[a] != self.group[b]),
        )


def _ordered(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class _Costs:
    """The costs of the module docstring as whole numbers (so the matching is exact), each
    level's unit larger than the most the levels below can add up to."""

    def __init__(self, field: _Field[Any]) -> None:
        n = field.n
        self.field = field
        pairs = n // 2 + 1
        most_minor = pairs * n
        self.float_unit = most_minor + 1
        groups = len(field.start)
        most_float = pairs * self.float_unit * (groups - 1) ** 2 + most_minor
        self.bye_unit = most_float + 1
        self.rematch_unit = self.bye_unit * n + most_float + 1
        # Fewest pairs meeting again first, then fewest meetings in all (a third meeting of one
        # pair is worse than a second of another, but not worse than two rematches).
        most_met = max(field.met.values(), default=0)
        self.rematch_pair_unit = self.rematch_unit * (pairs * most_met + 1)

    def pair(self, a: int, b: int) -> int:
        f = self.field
        ga, gb = f.group[a], f.group[b]
        if ga == gb:
            minor = abs((b - a) - f.size[ga] // 2)
        else:
            minor = (f.start[ga] + f.size[ga] - 1 - a) + (b - f.start[gb])
        met = f.met[(a, b)]
        return (
            self.rematch_pair_unit * (met > 0)
            + self.rematch_unit * met
            + self.float_unit * (gb - ga) ** 2
            + minor
        )

    def bye(self, a: int) -> int:
        return self.bye_unit * (self.field.n - 1 - a)


def _candidates(field: _Field[Any], window: int, rematches: bool) -> set[tuple[int, int]]:
    """Each entrant's ``window`` nearest in the ranking below it, and the ``window`` nearest
    either side of its usual partner in its score group; pairs that have met are passed over
    (not counted) unless ``rematches``, so late rounds get as many candidates as early ones."""
    n = field.n
    met = field.met

    def fresh(a: int, b: int) -> bool:
        return rematches or not met[_ordered(a, b)]

    if window >= n - 1:
        return {(a, b) for a in range(n) for b in range(a + 1, n) if fresh(a, b)}
    found: set[tuple[int, int]] = set()

    def nearest(a: int, around: int, low: int, high: int) -> None:
        # Out from `around` within [low, high), alternately down and up, `window` fresh ones.
        taken = 0
        for d in range(high - low):
            for b in (around + d, around - d) if d else (around,):
                if low <= b < high and b != a and fresh(a, b):
                    found.add(_ordered(a, b))
                    taken += 1
            if taken >= window:
                return

    for a in range(n):
        taken = 0
        for b in range(a + 1, n):
            if fresh(a, b):
                found.add((a, b))
                taken += 1
                if taken == window:
                    break
        g = field.group[a]
        start, size = field.start[g], field.size[g]
        half = size // 2
        here = a - start
        usual = start + (here + half if here < half else here - half)
        nearest(a, usual, start, start + size)
    return found


def _matching(
    field: _Field[Any], costs: _Costs, edges: Iterable[tuple[int, int]], bye_to: list[int]
) -> tuple[list[tuple[int, int]], int | None] | None:
    """The cheapest complete pairing over ``edges`` (with the bye node joined to ``bye_to``
    when the field is odd), or None when the edges allow none."""
    # Imported here so that `import scoring` stays light for the web process.
    import networkx as nx

    weighted = [(a, b, costs.pair(a, b)) for a, b in edges]
    bye_node = field.n
    if field.n % 2:
        weighted += [(a, bye_node, costs.bye(a)) for a in bye_to]
    if not weighted:
        return ([], None) if field.n == 0 else None
    # Heaviest for the cheapest; every weight positive.
    top = max(c for _, _, c in weighted) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(field.n + field.n % 2))
    graph.add_weighted_edges_from((a, b, top - c) for a, b, c in weighted)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matched) != graph.number_of_nodes():
        return None
    pairs: list[tuple[int, int]] = []
    bye = None
    for a, b in matched:
        a, b = _ordered(a, b)
        if b == bye_node and field.n % 2:
            bye = a
        else:
            pairs.append((a, b))
    return pairs, bye


def swiss_pairings(
    entrants: Sequence[SwissEntrant[T]],
    history: Iterable[tuple[T, T]] = (),
    byes: Iterable[T] = (),
    *,
    seed: int | None = None,
) -> SwissRound[T]:
    """Pair the next round of a Swiss: within score groups, no rematch while that can be
    avoided, a fair bye. See the module docstring for the method and what is guaranteed.

    ``history`` holds the pairs already played, ``byes`` who has had a bye (once per bye).
    Raises :class:`InvalidPairing` for an entrant listed twice or None, a score or rating
    that is not a finite number, or a history pair of an entrant with itself.
    """
    field = _Field(entrants, history, byes, seed)
    if field.n == 0:
        return SwissRound((), None, 0, 0)
    if field.n == 1:
        return field.round([], 0)
    costs = _Costs(field)
    due = field.due_a_bye() if field.n % 2 else []
    window = WINDOW
    while True:
        found = _matching(field, costs, _candidates(field, window, False), due)
        if found is not None:
            break
        if window >= field.n - 1:
            # Not even the whole field pairs without a rematch: the fewest rematches, then.
            found = _matching(field, costs, _candidates(field, field.n, True), due)
            assert found is not None  # every pair is a candidate: a complete pairing exists
            break
        window *= 4
    pairs, bye = found
    return field.round(pairs, bye)


def greedy_pairings(
    entrants: Sequence[SwissEntrant[T]],
    history: Iterable[tuple[T, T]] = (),
    byes: Iterable[T] = (),
    *,
    seed: int | None = None,
) -> SwissRound[T]:
    """The floor :func:`swiss_pairings` is measured against: the same ranking and the same
    fair bye (the lowest-ranked entrant due one), then top down, each unpaired entrant with
    the next one below it that it has not met, or the next one if it has met them all. Fast,
    but it can paint itself into a corner: the last pairs are left with rematches that a
    matching would avoid."""
    field = _Field(entrants, history, byes, seed)
    bye = field.due_a_bye()[-1] if field.n % 2 else None
    rest = [i for i in range(field.n) if i != bye]
    pairs: list[tuple[int, int]] = []
    while rest:
        a = rest.pop(0)
        k = next((k for k, b in enumerate(rest) if not field.met[(a, b)]), 0)
        pairs.append((a, rest.pop(k)))
    return field.round(pairs, bye)


# -- the director's swap in a drawn round ------------------------------------------------------


def meetings(history: Iterable[tuple[T, T]], first: T, second: T) -> int:
    """How many times ``first`` and ``second`` have met in ``history`` (pairs in either
    order): a pair of a round that has met before is a *rematch*."""
    return sum(1 for a, b in history if {a, b} == {first, second} and a != b)


@dataclass(frozen=True)
class SwapWarning(Generic[T]):
    """What a swap does that the draw would have avoided, for the director to confirm:

    - ``rematch``: the two ``entrants`` of a pair the swap makes have met ``times`` before;
    - ``bye``: ``entrants[0]`` would sit out having had ``times`` byes already, while an
      entrant of the round has had fewer (the bye is no longer fair).
    """

    kind: str
    entrants: tuple[T, ...]
    times: int


@dataclass(frozen=True)
class SwappedRound(Generic[T]):
    """A drawn round after a swap: ``pairs`` in the order given (each pair at its table), the
    ``bye``, and the :class:`SwapWarning` of what the swap made (none: a swap to make freely)."""

    pairs: tuple[tuple[T, T], ...]
    bye: T | None
    warnings: tuple[SwapWarning[T], ...]


def swap_entrants(
    pairs: Sequence[tuple[T, T]],
    bye: T | None,
    first: T,
    second: T,
    history: Iterable[tuple[T, T]] = (),
    byes: Iterable[T] = (),
) -> SwappedRound[T]:
    """Swap two entrants of a drawn round: each takes the other's place (its table and side,
    or the bye). ``history`` and ``byes`` as for :func:`swiss_pairings`, the earlier rounds
    only. The pairs the swap makes are checked for rematches, and a new bye for fairness.

    Raises :class:`InvalidPairing` for an entrant not in the round, an entrant swapped with
    itself, or two entrants who already play each other.
    """
    if first == second:
        raise InvalidPairing(
            gettext_noop("%(entrant)s cannot be swapped with itself."),
            code="swiss.swap_self",
            params={"entrant": repr(first)},
        )
    where: dict[T, tuple[int, int]] = {}
    for table, pair in enumerate(pairs):
        for side, entrant in enumerate(pair):
            where[entrant] = (table, side)
    for entrant in (first, second):
        if entrant not in where and entrant != bye:
            raise InvalidPairing(
                gettext_noop("%(entrant)s is not in this round."),
                code="swiss.not_in_round",
                params={"entrant": repr(entrant)},
            )
    if first in where and second in where and where[first][0] == where[second][0]:
        raise InvalidPairing(
            gettext_noop("%(entrant)s and %(second)s already play each other."),
            code="swiss.already_paired",
            params={"entrant": repr(first), "second": repr(second)},
        )
    swapped = {first: second, second: first}
    new_pairs = tuple((swapped.get(home, home), swapped.get(away, away)) for home, away in pairs)
    new_bye = swapped.get(bye, bye) if bye is not None else None
    played = list(history)
    warnings: list[SwapWarning[T]] = []
    for old, new in zip(pairs, new_pairs, strict=True):
        if set(old) != set(new) and (times := meetings(played, *new)):
            warnings.append(SwapWarning("rematch", new, times))
    if new_bye != bye and new_bye is not None:
        had = Counter(byes)
        in_round = [e for pair in new_pairs for e in pair] + [new_bye]
        if had[new_bye] > min(had[e] for e in in_round):
            warnings.append(SwapWarning("bye", (new_bye,), had[new_bye]))
    return SwappedRound(new_pairs, new_bye, tuple(warnings))


# -- the table draw -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TableAssignment(Generic[T]):
    """A pair at its table. ``seats`` (four-hand games only): where the home and the away
    partnership sit, ``("N-S", "E-W")`` or ``("E-W", "N-S")``. ``returning``: how many of the
    two have sat at this table before (0 wherever the draw could avoid it)."""

    table: int
    home: T
    away: T
    seats: tuple[str, str] | None
    returning: int


def table_draw(
    pairs: Sequence[tuple[T, T]],
    previous_tables: Mapping[T, Collection[int]] = MappingProxyType({}),
    *,
    four_hand: bool = False,
    tables: Sequence[int] | None = None,
) -> list[TableAssignment[T]]:
    """Put each pair at a table, so that nobody sits at a table it has sat at before where that
    can be helped.

    ``pairs`` in board order; ``previous_tables[e]`` the table numbers entrant e has sat at;
    ``tables`` the table numbers in use, in order (1 to the number of pairs by default; more
    tables than pairs leaves some empty). Pairs start in board order (the first pair at the
    first table) and a pair at a table one of its entrants has used swaps with the nearest
    pair (or empty table) for which the swap lowers the number of returns, until no swap
    does. So no single swap of two pairs, or move to an empty table, would lower the returns,
    and nobody returns at all when there are at least ``2h + c`` tables, h the most tables any
    one entrant has sat at and c the most entrants of this round that have sat at any one
    table (after r rounds of two entrants a table, 4r tables are enough).

    With ``four_hand`` each side is a partnership: the home side sits North-South at the 1st,
    3rd, 5th, ... table of ``tables`` and East-West at the others, so the sides taking North
    alternate down the room. Returned in table order. Raises :class:`InvalidPairing` for an
    entrant in two pairs, a pair of an entrant with itself, too few tables, or a table listed
    twice.
    """
    seen: set[T] = set()
    for home, away in pairs:
        if home == away:
            raise InvalidPairing(
                gettext_noop("%(entrant)s cannot be paired with itself."),
                code="swiss.pair_self",
                params={"entrant": repr(home)},
            )
        for e in (home, away):
            if e in seen:
                raise InvalidPairing(
                    gettext_noop("Entrant %(entrant)s is in two pairs."),
                    code="swiss.entrant_in_two_pairs",
                    params={"entrant": repr(e)},
                )
            seen.add(e)
    numbers = list(range(1, len(pairs) + 1)) if tables is None else list(tables)
    if len(set(numbers)) != len(numbers):
        twice = next(t for i, t in enumerate(numbers) if t in numbers[:i])
        raise InvalidPairing(
            gettext_noop("Table %(twice)s is listed twice."),
            code="swiss.table_twice",
            params={"twice": repr(twice)},
        )
    if len(numbers) < len(pairs):
        raise InvalidPairing(
            gettext_noop("%(pairs)s pairs need %(pairs)s tables; %(given)s given."),
            code="swiss.tables_count",
            params={"pairs": len(pairs), "given": len(numbers)},
        )

    used = [
        (frozenset(previous_tables.get(home, ())), frozenset(previous_tables.get(away, ())))
        for home, away in pairs
    ]

    def returning(p: int | None, t: int) -> int:
        if p is None:
            return 0
        number = numbers[t]
        return (number in used[p][0]) + (number in used[p][1])

    # at[t]: the pair at the t-th table, None for an empty one.
    at: list[int | None] = [*range(len(pairs)), *([None] * (len(numbers) - len(pairs)))]

    def better_table(t: int, p: int) -> int | None:
        # Nearest tables first: the room keeps the board order as far as it can.
        for d in range(1, len(at)):
            for u in (t - d, t + d):
                if 0 <= u < len(at):
                    q = at[u]
                    if returning(p, u) + returning(q, t) < returning(p, t) + returning(q, u):
                        return u
        return None

    # Each swap lowers the number of returns, so this ends.
    improved = True
    while improved:
        improved = False
        for t, p in enumerate(at):
            if p is not None and returning(p, t):
                u = better_table(t, p)
                if u is not None:
                    at[t], at[u] = at[u], p
                    improved = True

    draw = []
    for t, p in enumerate(at):
        if p is None:
            continue
        home, away = pairs[p]
        seats = (("N-S", "E-W") if t % 2 == 0 else ("E-W", "N-S")) if four_hand else None
        draw.append(TableAssignment(numbers[t], home, away, seats, returning(p, t)))
    return draw
