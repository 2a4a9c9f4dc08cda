"""Brackets: single and double elimination, seeding, byes, pools then a knockout.

Words:

- *entrant*: a player or a partnership, any hashable value the caller chooses (a database id).
- *seed*: an entrant's number in the draw, 1 the best. Seeds come from the caller: by hand, by
  a random draw, or from a standings table (:func:`seeding`).
- *bracket size*: the power of two at or above the number of entrants.
- *bye*: a seed with nobody to meet in round 1. Byes go to the top seeds (seeds 1 to
  ``size - entrants``), and only when the number of entrants is not a power of two.
  A bye is not a match: the seed is placed straight into round 2 (a ``Seed(n)`` slot there),
  so every match of a :class:`Bracket` is one that is meant to be played, and a single
  elimination of n entrants has n - 1 matches. (Byes that withdrawals bring later are worked
  out by :func:`resolve`; the bracket itself never changes.)
- *slot*: where a side of a match comes from: :class:`Seed`, :class:`WinnerOf` or
  :class:`LoserOf` another match.
- *match ids*: ``W<round>-<k>`` in the winners' bracket, ``L<round>-<k>`` in the losers'
  bracket (k counts from 1, top of the draw first), ``3P`` the third-place match, ``GF`` the
  grand final, ``GF2`` its reset. The final of a single elimination is its last ``W`` match.
- *wave*: the round of the tournament a match is played in (:func:`bracket_waves`): 1 for
  the matches between seeds, then one more than the latest match feeding it.
- *section*: ``winners``, ``losers``, ``third`` or ``final`` (the grand final and its reset).
- *winners' bracket*: the draw every entrant starts in. In a double elimination its losers drop
  into the *losers' bracket*: the losers of round 1 meet each other, and the losers of each
  later round come in against the survivors there, in the usual interleaved order (see
  :func:`double_elimination`). The winners' bracket champion meets the losers' bracket champion
  in the *grand final*; when the losers' bracket champion wins it, both have lost once and the
  *reset* (``GF2``) decides, if the bracket has one.
- *withdrawn*: an entrant that will play no more (withdrew, or a no-show that the director
  treats as final). It forfeits its next undecided match, a *walkover*: the opponent goes on
  without playing (once known, if it is not yet), and the withdrawn entrant is out there; in a
  double elimination it does not drop into the losers' bracket. A result already given stands,
  even when one of its sides has since withdrawn: it was played before the withdrawal. See
  :func:`resolve` for two withdrawn entrants due to meet.
- :data:`BYE`: nobody, the side left empty where a walkover's loser would have dropped (into
  the losers' bracket or the third-place match); the match is then a bye for its other side.
- *no-show* and *forfeit* of a single match: a result, the opponent the winner; the caller
  gives it in ``results`` like any other.
- *placings*: the final ranking, given once the bracket is finished. An entrant is placed by
  how far it went: the champion 1st, the other finalist 2nd, then the semi-final losers
  (3rd and 4th by the third-place match when there is one, else sharing 3rd), then each
  round's losers sharing the next place. In a double elimination the entrants that went out
  in the same losers' round share a place. Places are counted as in a standings table: one
  more than the number of entrants placed better (1, 2, 3, 3, 5, ...). A withdrawn entrant is
  placed with the losers of the match it went out at (in a double elimination, of the losers'
  round it would have dropped into).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from types import MappingProxyType
from typing import Generic, Literal, TypeAlias, TypeVar

from scoring.errors import EngineError, Term, gettext_noop

T = TypeVar("T", bound=Hashable)

Section = Literal["winners", "losers", "third", "final"]
Kind = Literal["single", "double"]
#: What a match is at the moment: ``waiting`` for a side, ``ready`` to play, ``played`` (a
#: result was given), ``walkover`` (decided without play: a side withdrew), ``bye`` (decided
#: without play: nobody on a side), ``not_needed`` (a reset after the winners' bracket
#: champion won the grand final).
Status = Literal["waiting", "ready", "played", "walkover", "bye", "not_needed"]
DECIDED: frozenset[str] = frozenset({"played", "walkover", "bye"})


class InvalidBracket(EngineError):
    """A bracket that cannot be drawn or worked out: too few entrants, seeds that do not fit,
    a result for a match that is not ready, a winner who is not in the match."""


class Nobody(Enum):
    """The type of :data:`BYE`."""

    BYE = "bye"

    def __repr__(self) -> str:
        return "BYE"


#: Nobody: the side left empty where a walkover's loser would have dropped.
BYE = Nobody.BYE


@dataclass(frozen=True)
class Seed:
    """The entrant with seed ``number`` (1 the best)."""

    number: int


@dataclass(frozen=True)
class WinnerOf:
    """The winner of match ``match``."""

    match: str


@dataclass(frozen=True)
class LoserOf:
    """The loser of match ``match`` (double elimination, the third-place match, the reset)."""

    match: str


Slot = Seed | WinnerOf | LoserOf


@dataclass(frozen=True)
class BracketMatch:
    """One match of a bracket. ``reset_of`` names the grand final this match is the reset of:
    it is played only when that final's away side (the losers' bracket champion) wins it."""

    id: str
    section: Section
    round: int
    home: Slot
    away: Slot
    reset_of: str | None = None


@dataclass(frozen=True)
class Bracket:
    """A drawn bracket: ``matches`` in an order where every match comes after the matches its
    sides come from (winners' rounds, losers' rounds, then ``3P``, ``GF``, ``GF2``).
    ``final`` is the match whose winner is the champion (``GF`` in a double elimination,
    unless the reset is played)."""

    kind: Kind
    entrants: int
    matches: tuple[BracketMatch, ...]
    final: str

    @cached_property
    def by_id(self) -> Mapping[str, BracketMatch]:
        return MappingProxyType({m.id: m for m in self.matches})

    def match(self, match_id: str) -> BracketMatch:
        try:
            return self.by_id[match_id]
        except KeyError:
            raise InvalidBracket(
                gettext_noop("There is no match %(match_id)s in this bracket."),
                code="bracket.match_unknown",
                params={"match_id": repr(match_id)},
            ) from None


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def seed_order(size: int) -> list[int]:
    """The seeds in draw order for a bracket of ``size`` (a power of two): neighbours in the
    list meet in round 1, ``1 v size``, ``size/2 v size/2 + 1``, ... so that seeds 1 and 2 can
    only meet in the final, seeds 1 to 4 only from the semi-finals on, and so on.

    >>> seed_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    if not _is_whole(size) or size < 1 or size & (size - 1):
        raise InvalidBracket(
            gettext_noop("A bracket's size is a power of two (1, 2, 4, 8, ...); got %(size)s."),
            code="bracket.size",
            params={"size": repr(size)},
        )
    order = [1]
    while len(order) < size:
        # Each seed meets its mirror in a draw twice as large: the sum is one more than its size.
        total = 2 * len(order) + 1
        order = [s for t in order for s in (t, total - t)]
    return order


def seeding(
    entrants: Sequence[T], *, shuffle: bool = False, seed: int | None = None
) -> dict[int, T]:
    """Seed numbers for ``entrants``: in the order given (a manual seeding, or a standings table:
    ``seeding([row.entrant for row in table])``), or with ``shuffle`` a random draw, the same
    one for the same ``seed``."""
    field_ = list(entrants)
    if len(set(field_)) != len(field_):
        twice = next(e for i, e in enumerate(field_) if e in field_[:i])
        raise InvalidBracket(
            gettext_noop("Entrant %(twice)s is listed twice."),
            code="bracket.entrant_twice",
            params={"twice": repr(twice)},
        )
    if shuffle:
        random.Random(seed).shuffle(field_)
    return {number: entrant for number, entrant in enumerate(field_, start=1)}


def _size_for(entrants: int) -> int:
    if not _is_whole(entrants) or entrants < 2:
        raise InvalidBracket(
            gettext_noop("A bracket needs at least 2 entrants; got %(entrants)s."),
            code="bracket.too_few",
            params={"entrants": repr(entrants)},
        )
    return 1 << (entrants - 1).bit_length()


def _winners_draft(size: int) -> list[BracketMatch]:
    """The whole winners' bracket of ``size``, phantom seeds included, ids by position."""
    order = seed_order(size)
    matches = [
        BracketMatch(f"W1-{k}", "winners", 1, Seed(order[2 * k - 2]), Seed(order[2 * k - 1]))
        for k in range(1, size // 2 + 1)
    ]
    count, rnd = size // 4, 2
    while count:
        matches += [
            BracketMatch(
                f"W{rnd}-{k}",
                "winners",
                rnd,
                WinnerOf(f"W{rnd - 1}-{2 * k - 1}"),
                WinnerOf(f"W{rnd - 1}-{2 * k}"),
            )
            for k in range(1, count + 1)
        ]
        count, rnd = count // 2, rnd + 1
    return matches


def _drop_order(losers: list[Slot], drop: int) -> list[Slot]:
    # A winners' round's losers come into the losers' bracket reversed, then with the halves
    # swapped, turn about: a dropped loser then meets survivors from the far part of the draw,
    # not the entrants it met (or whose opponents it met) just before.
    if drop % 2:
        return losers[::-1]
    half = len(losers) // 2
    return losers[half:] + losers[:half]


def _losers_draft(size: int) -> list[BracketMatch]:
    """The whole losers' bracket of ``size`` (at least 4), ids by position."""
    rounds = size.bit_length() - 1  # of the winners' bracket
    matches = [
        BracketMatch(f"L1-{k}", "losers", 1, LoserOf(f"W1-{2 * k - 1}"), LoserOf(f"W1-{2 * k}"))
        for k in range(1, size // 4 + 1)
    ]
    for drop in range(1, rounds):
        # Losers' round 2*drop: the survivors meet the losers of winners' round drop + 1.
        count = size >> (drop + 1)
        dropped = _drop_order([LoserOf(f"W{drop + 1}-{k}") for k in range(1, count + 1)], drop)
        rnd = 2 * drop
        matches += [
            BracketMatch(f"L{rnd}-{k}", "losers", rnd, WinnerOf(f"L{rnd - 1}-{k}"), dropped[k - 1])
            for k in range(1, count + 1)
        ]
        if drop < rounds - 1:
            # Losers' round 2*drop + 1: the survivors meet each other.
            matches += [
                BracketMatch(
                    f"L{rnd + 1}-{k}",
                    "losers",
                    rnd + 1,
                    WinnerOf(f"L{rnd}-{2 * k - 1}"),
                    WinnerOf(f"L{rnd}-{2 * k}"),
                )
                for k in range(1, count // 2 + 1)
            ]
    return matches


def _prune(draft: list[BracketMatch], entrants: int) -> list[BracketMatch]:
    """The draft without the matches that have a phantom side (seeds above ``entrants``, and
    the losers of matches that are byes): their real side, if any, goes straight on."""
    through: dict[str, Slot | None] = {}
    kept: list[BracketMatch] = []

    def real(slot: Slot) -> Slot | None:
        if isinstance(slot, Seed):
            return slot if slot.number <= entrants else None
        if slot.match in through:
            # A bye has a winner (its one real side) but no loser.
            return through[slot.match] if isinstance(slot, WinnerOf) else None
        return slot

    for match in draft:
        home, away = real(match.home), real(match.away)
        if home is None or away is None:
            through[match.id] = away if home is None else home
        else:
            kept.append(replace(match, home=home, away=away))
    return kept


def _renumber(matches: list[BracketMatch]) -> list[BracketMatch]:
    """Ids counted again over the matches kept, and the losers' rounds that are left numbered
    from 1 without gaps (with few entrants whole losers' rounds are byes)."""
    new_id: dict[str, str] = {}
    count: dict[tuple[str, int], int] = {}
    losers_rounds = sorted({m.round for m in matches if m.section == "losers"})
    losers_round = {old: new for new, old in enumerate(losers_rounds, start=1)}
    renumbered = []
    for m in matches:
        if m.section in ("winners", "losers"):
            rnd = m.round if m.section == "winners" else losers_round[m.round]
            k = count[(m.section, rnd)] = count.get((m.section, rnd), 0) + 1
            new_id[m.id] = f"{m.section[0].upper()}{rnd}-{k}"
            m = replace(m, round=rnd)
        else:
            new_id[m.id] = m.id

        def moved(slot: Slot) -> Slot:
            if isinstance(slot, Seed):
                return slot
            return type(slot)(new_id[slot.match])

        renumbered.append(replace(m, id=new_id[m.id], home=moved(m.home), away=moved(m.away)))
    return renumbered


def single_elimination(entrants: int, *, third_place: bool = False) -> Bracket:
    """A knockout of ``entrants`` seeds (at least 2): n - 1 matches, one more with
    ``third_place`` (the semi-final losers meet in ``3P``; needs at least 4 entrants).

    Seeds are placed by :func:`seed_order`; byes go to the top seeds, who start in round 2.
    """
    size = _size_for(entrants)
    if third_place and entrants < 4:
        raise InvalidBracket(
            gettext_noop("A third-place match needs at least 4 entrants; got %(entrants)s."),
            code="bracket.third_place",
            params={"entrants": entrants},
        )
    matches = _renumber(_prune(_winners_draft(size), entrants))
    rounds = size.bit_length() - 1
    final = next(m for m in matches if m.round == rounds)
    if third_place:
        semis = [m.id for m in matches if m.round == rounds - 1]
        matches.append(BracketMatch("3P", "third", rounds, LoserOf(semis[0]), LoserOf(semis[1])))
    return Bracket("single", entrants, tuple(matches), final.id)


def double_elimination(entrants: int, *, reset: bool = True) -> Bracket:
    """A double elimination of ``entrants`` seeds (at least 2): nobody goes out before losing
    twice, except the winners' bracket champion when it loses a grand final with no reset.

    The winners' bracket is :func:`single_elimination`'s. Its round-1 losers meet in losers'
    round 1 (the losers of W1-1 and W1-2, of W1-3 and W1-4, ...); the losers of each later
    winners' round come in against the survivors, reversed the first time, with the halves
    swapped the next, and so on, so that a dropped loser does not meet again at once the part
    of the draw it came from. Losers' rounds that would be all byes are skipped and the rest
    numbered from 1. ``GF`` is the grand final; with ``reset`` a ``GF2`` is played when the
    losers' bracket champion wins ``GF``. There are 2n - 2 matches, 2n - 1 with the reset.
    """
    size = _size_for(entrants)
    rounds = size.bit_length() - 1
    draft = _winners_draft(size)
    champion_of_losers: Slot
    if size >= 4:
        draft += _losers_draft(size)
        champion_of_losers = WinnerOf(f"L{2 * rounds - 2}-1")
    else:
        # Two entrants: the loser of the only match is the losers' bracket.
        champion_of_losers = LoserOf("W1-1")
    draft.append(BracketMatch("GF", "final", 1, WinnerOf(f"W{rounds}-1"), champion_of_losers))
    if reset:
        draft.append(BracketMatch("GF2", "final", 2, LoserOf("GF"), WinnerOf("GF"), "GF"))
    matches = _renumber(_prune(draft, entrants))
    return Bracket("double", entrants, tuple(matches), "GF")


def bracket_waves(bracket: Bracket) -> dict[str, int]:
    """The round each match of a bracket is played in: 1 for matches between seeds, else one
    more than the latest match feeding it, so the winners' and losers' brackets interleave as
    they are played (a tournament's rounds, numbered from 1; after pools the caller counts on
    from the pools' last round)."""
    waves: dict[str, int] = {}
    for match in bracket.matches:  # listed after the matches that feed them
        sources = [
            slot.match for slot in (match.home, match.away) if isinstance(slot, WinnerOf | LoserOf)
        ]
        waves[match.id] = 1 + max((waves[s] for s in sources), default=0)
    return waves


# -- pools ------------------------------------------------------------------------------------


def split_into_pools(entrants: Sequence[T], pools: int) -> list[list[T]]:
    """``entrants`` (best seed first) dealt into ``pools`` pools by snake seeding: seeds 1 to
    P into pools 1 to P, the next P back from pool P to pool 1, and so on, so the pools are
    as even as the seeding allows. Each pool needs at least 2 entrants."""
    field_ = list(entrants)
    if len(set(field_)) != len(field_):
        twice = next(e for i, e in enumerate(field_) if e in field_[:i])
        raise InvalidBracket(
            gettext_noop("Entrant %(twice)s is listed twice."),
            code="bracket.entrant_twice",
            params={"twice": repr(twice)},
        )
    if not _is_whole(pools) or pools < 1:
        raise InvalidBracket(
            gettext_noop("The number of pools must be a whole number, 1 or more; got %(pools)s."),
            code="bracket.pool_count",
            params={"pools": repr(pools)},
        )
    if len(field_) < 2 * pools:
        raise InvalidBracket(
            gettext_noop(
                "%(count)s entrants cannot make %(pools)s pools of at least 2 entrants each."
            ),
            code="bracket.pools_too_small",
            params={"count": len(field_), "pools": pools},
        )
    dealt: list[list[T]] = [[] for _ in range(pools)]
    for i, entrant in enumerate(field_):
        lap, k = divmod(i, pools)
        dealt[k if lap % 2 == 0 else pools - 1 - k].append(entrant)
    return dealt


@dataclass(frozen=True)
class PoolKnockout:
    """The knockout after the pools: ``bracket`` a :func:`single_elimination` of the qualifiers,
    ``seeds[(pool, place)]`` the knockout seed of the entrant finishing ``place`` (from 1) in
    pool ``pool`` (from 0, in the order the pools were given)."""

    bracket: Bracket
    seeds: Mapping[tuple[int, int], int] = field(hash=False)

    def knockout_seeds(self, tables: Sequence[Sequence[T]]) -> dict[int, T]:
        """The knockout's seeds from the pools' final tables (each pool's entrants, best
        first), ready for :func:`resolve`."""
        pools = 1 + max(pool for pool, _ in self.seeds)
        if len(tables) != pools:
            raise InvalidBracket(
                gettext_noop("Expected the tables of %(pools)s pools; got %(count)s."),
                code="bracket.pool_tables",
                params={"pools": pools, "count": len(tables)},
            )
        seeds: dict[int, T] = {}
        for (pool, place), number in self.seeds.items():
            if len(tables[pool]) < place:
                raise InvalidBracket(
                    gettext_noop(
                        "Pool %(pool)s's table has %(count)s entrants; place %(place)s qualifies."
                    ),
                    code="bracket.pool_place",
                    params={"pool": pool + 1, "count": len(tables[pool]), "place": place},
                )
            seeds[number] = tables[pool][place - 1]
        return dict(sorted(seeds.items()))


def _meeting_round(a: int, b: int) -> int:
    # Positions in the draw (from 0): two seeds can meet in round r when their positions agree
    # on every bit above bit r - 1.
    return (a ^ b).bit_length()


def pools_then_knockout(
    pool_sizes: Sequence[int], top_k: int, *, third_place: bool = False
) -> PoolKnockout:
    """The knockout of the top ``top_k`` of each pool, cross-seeded.

    Seeds go by place first: the pool winners take seeds 1 to P (pool order), the runners-up
    the next P, and so on, so byes fall to pool winners. Within each place after the first the
    pools are given their seeds so that entrants of the same pool meet as late as the draw
    allows (with two pools: A's winner meets B's runner-up in the semi-final, and A's two
    cannot meet before the final); among equally good ways, the one nearest pool order.

    The seeds are given place by place, each place by a least-cost assignment, so "as late as
    the draw allows" is checked rather than proved: for 1 to 16 pools of 1 to 4 qualifiers
    the k qualifiers of a pool never meet before round ``R - ceil(log2 k) + 1`` of R, the best
    any draw can do (the tests check it; it also holds for up to 32 pools of 6).
    """
    sizes = list(pool_sizes)
    if not sizes:
        raise InvalidBracket(
            gettext_noop("A knockout after pools needs at least one pool."), code="bracket.no_pool"
        )
    if not _is_whole(top_k) or top_k < 1:
        raise InvalidBracket(
            gettext_noop("The number qualifying from each pool must be 1 or more; got %(top_k)s."),
            code="bracket.pool_top_k",
            params={"top_k": repr(top_k)},
        )
    for i, size in enumerate(sizes):
        if not _is_whole(size) or size < top_k:
            raise InvalidBracket(
                gettext_noop(
                    "Pool %(pool)s has %(size)s entrants; %(top_k)s are to qualify from each pool."
                ),
                code="bracket.pool_size",
                params={"pool": i + 1, "size": repr(size), "top_k": top_k},
            )
    pools = len(sizes)
    qualifiers = pools * top_k
    bracket = single_elimination(qualifiers, third_place=third_place)
    size = _size_for(qualifiers)
    position = {s: p for p, s in enumerate(seed_order(size))}
    rounds = size.bit_length() - 1
    seeds: dict[tuple[int, int], int] = {(pool, 1): pool + 1 for pool in range(pools)}
    for place in range(2, top_k + 1):
        numbers = [(place - 1) * pools + k + 1 for k in range(pools)]
        # Meeting in round r costs qualifiers^(rounds - r): one earlier meeting outweighs any
        # number of later ones.
        cost: dict[tuple[int, int], int] = {}
        for pool in range(pools):
            mates = [n for (p, _), n in seeds.items() if p == pool]
            for k, number in enumerate(numbers):
                clash = sum(
                    (qualifiers + 1) ** (rounds - _meeting_round(position[number], position[m]))
                    for m in mates
                )
                cost[(pool, k)] = clash * (pools + 1) + abs(k - pool)
        for pool, k in _assignment(pools, cost):
            seeds[(pool, place)] = numbers[k]
    return PoolKnockout(bracket, MappingProxyType(dict(sorted(seeds.items()))))


def _assignment(n: int, cost: Mapping[tuple[int, int], int]) -> list[tuple[int, int]]:
    """Rows 0..n-1 matched to columns 0..n-1 at the least total ``cost[(row, column)]``."""
    import networkx as nx

    top = max(cost.values()) + 1
    graph = nx.Graph()
    for (row, col), c in cost.items():
        graph.add_edge(("row", row), ("col", col), weight=top - c)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = []
    for a, b in matched:
        row, col = (a, b) if a[0] == "row" else (b, a)
        pairs.append((row[1], col[1]))
    return sorted(pairs)


# -- the state of a bracket ---------------------------------------------------------------------


#: A side of a match as things stand: the entrant, BYE (nobody) or None (not known yet).
Side: TypeAlias = "T | Nobody | None"


@dataclass(frozen=True)
class MatchState(Generic[T]):
    """A match as things stand. ``home`` / ``away``: the entrant, :data:`BYE` (nobody), or
    None (not known yet). ``winner`` / ``loser`` likewise, once decided (the loser of a
    walkover or a bye is :data:`BYE`: the withdrawn entrant goes no further). ``out``: the
    entrants that went out of the event at this match."""

    id: str
    status: Status
    home: Side[T]
    away: Side[T]
    winner: Side[T] = None
    loser: Side[T] = None
    out: tuple[T, ...] = ()


@dataclass(frozen=True)
class BracketState(Generic[T]):
    """Where a bracket stands. ``matches`` in bracket order; ``ready``: the ids of the matches
    to be played now; ``decided``: those played or settled without play; ``out_at``: the
    match each entrant went out at; ``champion``: None until decided (and when everybody left
    in the final withdrew); ``placings``: ``(place, entrant)`` best first, every entrant once,
    given when ``finished`` (empty before)."""

    matches: Mapping[str, MatchState[T]] = field(hash=False)
    ready: tuple[str, ...]
    decided: tuple[str, ...]
    out_at: Mapping[T, str] = field(hash=False)
    champion: T | None
    finished: bool
    placings: tuple[tuple[int, T], ...]


def _check_seeds(bracket: Bracket, seeds: Mapping[int, T]) -> dict[T, int]:
    expected = set(range(1, bracket.entrants + 1))
    if set(seeds) != expected:
        missing = sorted(expected - set(seeds))
        extra = sorted(set(seeds) - expected, key=repr)
        words: list[str] = []
        if missing:
            words.append(
                Term(
                    gettext_noop("no entrant for seed %(seeds)s"),
                    seeds=", ".join(map(str, missing)),
                )
            )
        if extra:
            words.append(
                Term(
                    gettext_noop("no seed %(seeds)s in the bracket"),
                    seeds=", ".join(map(repr, extra)),
                )
            )
        problems = (
            words[0]
            if len(words) == 1
            else Term(gettext_noop("%(first)s; %(second)s"), first=words[0], second=words[1])
        )
        raise InvalidBracket(
            gettext_noop("The bracket has seeds 1 to %(entrants)s: %(problems)s."),
            code="bracket.seeds",
            params={"entrants": bracket.entrants, "problems": problems},
        )
    number: dict[T, int] = {}
    for n in sorted(seeds):
        entrant = seeds[n]
        if entrant is None or isinstance(entrant, Nobody):
            raise InvalidBracket(
                gettext_noop("Seed %(seed)s has no entrant."),
                code="bracket.seed_empty",
                params={"seed": n},
            )
        if entrant in number:
            raise InvalidBracket(
                gettext_noop("Entrant %(entrant)s holds seeds %(first)s and %(seed)s."),
                code="bracket.seed_twice",
                params={"entrant": repr(entrant), "first": number[entrant], "seed": n},
            )
        number[entrant] = n
    return number


def _exit_keys(bracket: Bracket, consumer: Mapping[str, str]) -> dict[str, tuple[int, int]]:
    """How far an entrant that goes out at each match got (higher is further): the round; the
    third-place match's loser just above the semi-final, its winner above that; the grand
    final above every losers' round. A match whose loser goes on to another match places
    whoever goes out there (by walkover) as that match does: in a double elimination, with
    the losers of the losers' round it would have dropped into."""
    last_losers = max((m.round for m in bracket.matches if m.section == "losers"), default=0)
    semi = max(m.round for m in bracket.matches if m.section == "winners") - 1
    keys: dict[str, tuple[int, int]] = {}
    for m in reversed(bracket.matches):
        if m.id in consumer:
            keys[m.id] = keys[consumer[m.id]]
        elif m.section == "third":
            keys[m.id] = (semi, 1)
        elif m.section == "final":
            keys[m.id] = (last_losers + 1, 0)
        else:
            keys[m.id] = (m.round, 0)
    return keys


class _Pass(Generic[T]):
    """One pass over a bracket in order: every match's sides, status and outcome, given the
    results and the match each withdrawn entrant forfeits."""

    def __init__(
        self,
        bracket: Bracket,
        seeds: Mapping[int, T],
        results: Mapping[str, T],
        forfeits: Mapping[str, T],
        consumer: Mapping[str, str],
        exit_key: Mapping[str, tuple[int, int]],
        *,
        strict: bool,
    ) -> None:
        self.strict = strict
        self.states: dict[str, MatchState[T]] = {}
        self.out_at: dict[T, str] = {}
        self.out_key: dict[T, tuple[int, int]] = {}
        for m in bracket.matches:
            self.states[m.id] = self._match(bracket, m, seeds, results, forfeits, consumer)
            for entrant in self.states[m.id].out:
                self.out_at[entrant] = m.id
                self.out_key[entrant] = exit_key[m.id]

    def _side(self, slot: Slot, seeds: Mapping[int, T]) -> Side[T]:
        if isinstance(slot, Seed):
            return seeds[slot.number]
        before = self.states[slot.match]
        return before.winner if isinstance(slot, WinnerOf) else before.loser

    def _match(
        self,
        bracket: Bracket,
        m: BracketMatch,
        seeds: Mapping[int, T],
        results: Mapping[str, T],
        forfeits: Mapping[str, T],
        consumer: Mapping[str, str],
    ) -> MatchState[T]:
        result = results.get(m.id)
        if m.reset_of is not None:
            final = self.states[m.reset_of]
            if final.status in DECIDED and not (
                final.status == "played" and final.winner == final.away
            ):
                if result is not None:
                    raise InvalidBracket(
                        gettext_noop(
                            "%(match)s is not played: the winners' bracket champion won %(final)s."
                        ),
                        code="bracket.reset_not_needed",
                        params={"match": m.id, "final": m.reset_of},
                    )
                return MatchState(m.id, "not_needed", None, None)
        home, away = self._side(m.home, seeds), self._side(m.away, seeds)
        if home is None or away is None:
            # Before every withdrawal is applied, a result may follow a walkover still to come.
            if result is not None and self.strict:
                raise InvalidBracket(
                    gettext_noop(
                        "No result can be given for %(match)s yet: its sides are not both known."
                    ),
                    code="bracket.not_ready",
                    params={"match": m.id},
                )
            return MatchState(m.id, "waiting", home, away)
        if result is not None:
            if isinstance(home, Nobody) or isinstance(away, Nobody):
                raise InvalidBracket(
                    gettext_noop("%(match)s is a bye: nobody plays it."),
                    code="bracket.bye",
                    params={"match": m.id},
                )
            if result != home and result != away:
                raise InvalidBracket(
                    gettext_noop("%(result)s is not in %(match)s, which is %(home)s v %(away)s."),
                    code="bracket.result_not_a_side",
                    params={
                        "result": repr(result),
                        "match": m.id,
                        "home": repr(home),
                        "away": repr(away),
                    },
                )
            loser = away if result == home else home
            goes_on = m.id in consumer and (
                bracket.match(consumer[m.id]).reset_of is None or result == away
            )
            return MatchState(
                m.id, "played", home, away, result, loser, () if goes_on else (loser,)
            )
        walker = forfeits.get(m.id)
        if walker is not None:
            # The withdrawn entrant goes no further: not into the losers' bracket either.
            winner = away if walker == home else home
            return MatchState(m.id, "walkover", home, away, winner, BYE, (walker,))
        if isinstance(home, Nobody) or isinstance(away, Nobody):
            return MatchState(m.id, "bye", home, away, away if home is BYE else home, BYE)
        return MatchState(m.id, "ready", home, away)


def resolve(
    bracket: Bracket,
    seeds: Mapping[int, T],
    results: Mapping[str, T] = MappingProxyType({}),
    *,
    withdrawn: Sequence[T] = (),
) -> BracketState[T]:
    """Work a bracket out from its seeds, the results so far and the entrants withdrawn.

    ``seeds`` gives the entrant of every seed 1 to ``bracket.entrants``; ``results`` the winner
    of each match decided at the table (by its id); ``withdrawn`` the entrants that will play
    no more, in the order they withdrew.

    Each withdrawal takes effect at the entrant's next undecided match, as the bracket stands
    with every result given and the withdrawals before it: the entrant forfeits that match
    (a walkover), now or once its opponent is known. The order matters only when two withdrawn
    entrants were to meet: the one that withdrew later had already won that match by walkover
    when it withdrew, and forfeits its next one. So no match is forfeited by both sides, and a
    bracket always has a champion, even if it is the last entrant to withdraw. A withdrawal by
    an entrant already out, or by the champion, changes nothing.

    Raises :class:`InvalidBracket` for seeds that do not fit, a withdrawn entrant who is not
    seeded or is listed twice, a result for an unknown match, for a match whose sides are not
    both known yet, for a bye or an unneeded reset, or naming a winner who is not one of the
    two sides.
    """
    seed_of = _check_seeds(bracket, seeds)
    listed: set[T] = set()
    for entrant in withdrawn:
        if entrant not in seed_of:
            raise InvalidBracket(
                gettext_noop("Withdrawn entrant %(entrant)s is not in the bracket."),
                code="bracket.withdrawn_unknown",
                params={"entrant": repr(entrant)},
            )
        if entrant in listed:
            raise InvalidBracket(
                gettext_noop("Withdrawn entrant %(entrant)s is listed twice."),
                code="bracket.withdrawn_twice",
                params={"entrant": repr(entrant)},
            )
        listed.add(entrant)
    for match_id in results:
        bracket.match(match_id)
    consumer = {
        slot.match: m.id
        for m in bracket.matches
        for slot in (m.home, m.away)
        if isinstance(slot, LoserOf)
    }
    exit_key = _exit_keys(bracket, consumer)
    forfeits: dict[str, T] = {}
    for entrant in withdrawn:
        done = _Pass(bracket, seeds, results, forfeits, consumer, exit_key, strict=False)
        upcoming = next(
            (
                s.id
                for s in done.states.values()
                if s.status in ("waiting", "ready") and entrant in (s.home, s.away)
            ),
            None,
        )
        if upcoming is not None:
            forfeits[upcoming] = entrant
    done = _Pass(bracket, seeds, results, forfeits, consumer, exit_key, strict=True)
    states, out_at, out_key = done.states, done.out_at, done.out_key

    last = states[bracket.final]
    reset = next((m for m in bracket.matches if m.reset_of == bracket.final), None)
    if reset is not None and states[reset.id].status != "not_needed":
        last = states[reset.id]
    champion = None
    if last.status in DECIDED and not isinstance(last.winner, Nobody):
        champion = last.winner
    # The third-place match's winner goes no further either, a place above its loser.
    third = states.get("3P")
    if third is not None and third.status in DECIDED and not isinstance(third.winner, Nobody):
        assert third.winner is not None
        out_at[third.winner] = "3P"
        out_key[third.winner] = (exit_key["3P"][0], 2)
    finished = all(s.status in DECIDED or s.status == "not_needed" for s in states.values())
    placings: tuple[tuple[int, T], ...] = ()
    if finished:
        top = (len(bracket.matches) + 2, 0)
        keys = dict(out_key)
        if champion is not None:
            keys[champion] = top
        if len(keys) != len(seed_of):  # pragma: no cover - a finished bracket places everybody
            raise AssertionError("a finished bracket left entrants unplaced")
        ranked = sorted(keys, key=lambda e: (tuple(-k for k in keys[e]), seed_of[e]))
        placings = tuple(
            (1 + sum(1 for other in keys.values() if other > keys[e]), e) for e in ranked
        )
    return BracketState(
        matches=MappingProxyType(states),
        ready=tuple(i for i, s in states.items() if s.status == "ready"),
        decided=tuple(i for i, s in states.items() if s.status in DECIDED),
        out_at=MappingProxyType(out_at),
        champion=champion,
        finished=finished,
        placings=placings,
    )
