"""Standings: a league or tournament table from plain result rows.

Words:

- *entrant*: who is ranked: a player or a partnership, named by its database id (an int).
- *match*: one entrant against another (or against nobody: a bye), played on one *night*
  (a round or match night, numbered by the caller).
- *row*: one entrant's side of one match (:class:`MatchRow`). A match between two entrants
  gives two rows, one for each side; the engine does not check that the two agree.
- *result*: ``win``, ``draw`` or ``loss``, as the caller decided it. A forfeit is counted as
  given: its result and figures are whatever the row says (``forfeit`` only lets a page count
  them).
- *bye*: a row with no opponent. It counts for the entrant's own figures (its result, usually
  a win, is as given) but it gives the entrant no opponent: it adds nothing to Buchholz,
  median Buchholz, Sonneborn-Berger or head-to-head.
- *match points*: what a result earns (:class:`MatchPoints`: 2 for a win, 1 for a draw, 0 for
  a loss by default).
- *hicks*: deals an entrant made trump and was set (``sets_suffered``).
- *tie-break key*: a named figure the table is ordered by (:data:`TIEBREAKS`). A *chain* is the
  keys in order: the field is split into groups by the first key, each group of entrants still
  tied is split by the next key, and so on.
- *best N nights*: with ``best_nights=N`` only each entrant's N best nights count, every figure
  and key included.
- *tally* (:class:`Tally`): one entrant's counted rows added up, with nothing that depends on
  the match points or on the other entrants: what a database can keep for each entrant and
  bring up to date when one of its matches changes. :func:`tally` makes them from rows and
  :func:`rank` orders a field from them; :func:`standings` is the one after the other, so a
  table ranked from kept tallies is the table ranked from the rows they were made from.

Readings where a choice had to be made:

- ``played`` counts every counted row, byes included, so ``won + drawn + lost == played``;
  ``byes`` says how many of them were byes.
- An empty chain is allowed: nobody is separated, so everybody shares rank 1.
- Entrants still tied after the whole chain share a rank (1, 2, 2, 4) and are listed by id.
- ``head_to_head`` is worked out inside each tied group as it is reached in the chain; an
  entrant alone in its group scores 0 there.
- ``made_percentage`` is None for an entrant that never made trump, and None ranks below every
  percentage.
- ``median_buchholz`` drops the highest and the lowest opponent score when the entrant had at
  least three opponents; with one or two it drops nothing (it is the Buchholz), since dropping
  both ends would leave nothing to compare early in an event.
- Best nights are ranked by the night's match points, then its point difference, then its
  points for; among nights equal on all three the earlier night counts.
- A row whose entrant or opponent is not among the entrants is refused: a withdrawn entrant
  whose results stand must still be listed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from scoring.errors import EngineError, Term, gettext_noop, pgettext
from scoring.stats import MATCH_COUNTS, check_fields, made_percentage

Result = Literal["win", "draw", "loss"]
RESULTS: tuple[str, ...] = ("win", "draw", "loss")


class InvalidStandings(EngineError):
    """Standings that cannot be worked out: an unknown or repeated tie-break key, match points
    out of order, or a row that does not fit the entrants."""


#: A match's result inside a sentence ("Match points for a win ...").
_RESULT_WORDS = {
    "win": pgettext("a match's result", "win"),
    "draw": pgettext("a match's result", "draw"),
    "loss": pgettext("a match's result", "loss"),
}


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class MatchPoints:
    """What a win, a draw and a loss earn: whole numbers, ``win >= draw >= loss >= 0``."""

    win: int = 2
    draw: int = 1
    loss: int = 0

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss"):
            value = getattr(self, name)
            if not _is_whole(value) or value < 0:
                raise InvalidStandings(
                    gettext_noop(
                        "Match points for a %(name)s must be a whole number, 0 or more; got "
                        "%(value)s."
                    ),
                    code="standings.match_points_whole",
                    params={"name": _RESULT_WORDS[name], "value": repr(value)},
                )
        if not self.win >= self.draw >= self.loss:
            raise InvalidStandings(
                gettext_noop(
                    "Match points must not reward a worse result: win %(win)s >= draw %(draw)s >= "
                    "loss %(loss)s does not hold."
                ),
                code="standings.match_points_order",
                params={"win": self.win, "draw": self.draw, "loss": self.loss},
            )

    def for_result(self, result: str) -> int:
        return self.win if result == "win" else self.draw if result == "draw" else self.loss


# Not frozen: a season's table builds tens of thousands of these, and a frozen dataclass's
# __init__ costs twice as much. Treat them as values all the same.
@dataclass(slots=True)
class MatchRow:
    """One entrant's side of one played match (a bye is a row with ``opponent`` None).

    ``night`` is the round or match-night number (for best N nights). The counts are this
    entrant's: ``points_for`` / ``points_against`` are game points scored by / against it,
    ``deals_as_makers`` the deals it made trump, ``made_as_makers`` how many of those it made,
    ``sets_suffered`` how many it was set (hicks), ``sets_forced`` the deals where an opponent
    made trump and was set. The counts are :data:`scoring.stats.MATCH_COUNTS`.
    """

    entrant: int
    opponent: int | None
    night: int
    result: Result
    games_won: int = 0
    games_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    deals: int = 0
    deals_as_makers: int = 0
    made_as_makers: int = 0
    sets_suffered: int = 0
    sets_forced: int = 0
    meld_points: int = 0
    belles: int = 0
    reneges: int = 0
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.result not in RESULTS:
            raise InvalidStandings(
                gettext_noop(
                    "Result %(result)s for entrant %(entrant)s on night %(night)s; a result is one"
                    " of %(results)s."
                ),
                code="standings.result_unknown",
                params={
                    "result": repr(self.result),
                    "entrant": self.entrant,
                    "night": self.night,
                    "results": ", ".join(RESULTS),
                },
            )
        if self.opponent is not None and self.opponent == self.entrant:
            raise InvalidStandings(
                gettext_noop("Entrant %(entrant)s cannot play against itself."),
                code="standings.self_play",
                params={"entrant": self.entrant},
            )
        counts = (
            self.games_won,
            self.games_lost,
            self.points_for,
            self.points_against,
            self.deals,
            self.deals_as_makers,
            self.made_as_makers,
            self.sets_suffered,
            self.sets_forced,
            self.meld_points,
            self.belles,
            self.reneges,
        )
        # A season's table builds tens of thousands of rows: one set and one min() check them
        # all; the slow loop below only runs to name the bad count.
        if {type(value) for value in counts} != {int} or min(counts) < 0:
            for name in MATCH_COUNTS:
                value = getattr(self, name)
                if not _is_whole(value) or value < 0:
                    raise InvalidStandings(
                        gettext_noop(
                            "%(name)s must be a whole number, 0 or more, for entrant %(entrant)s "
                            "on night %(night)s; got %(value)s."
                        ),
                        code="standings.count_whole",
                        params={
                            "name": name,
                            "entrant": self.entrant,
                            "night": self.night,
                            "value": repr(value),
                        },
                    )
        if not (
            self.made_as_makers + self.sets_suffered <= self.deals_as_makers
            and self.deals_as_makers + self.sets_forced <= self.deals
        ):
            raise InvalidStandings(
                gettext_noop(
                    "Deal counts do not add up for entrant %(entrant)s on night %(night)s: made "
                    "and set as makers must fit in the deals as makers, and those and the sets "
                    "forced must fit in the deals."
                ),
                code="standings.deal_counts",
                params={"entrant": self.entrant, "night": self.night},
            )


# The counts are written out in MatchRow (and checked in one expression in __post_init__) for
# speed; they must be the ones named in scoring.stats.
check_fields(
    "MatchRow",
    (
        f
        for f in MatchRow.__dataclass_fields__
        if f not in ("entrant", "opponent", "night", "result", "forfeit")
    ),
    MATCH_COUNTS,
)


@dataclass(frozen=True)
class StandingRow:
    """One line of the table.

    ``rank`` is shared by entrants the whole chain leaves tied (the caller shows ``=``).
    ``point_difference`` is ``points_for - points_against``; ``made_percentage`` is
    ``100 * made_as_makers / deals_as_makers``, None with no deals as makers.
    ``nights_counted`` is the number of different nights among the counted rows.
    ``keys`` holds the value of each tie-break key of the chain for this entrant, in chain
    order, so a page can show what separated the entrants (Buchholz and the like appear here
    only when they are in the chain).
    """

    rank: int
    entrant: int
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    forfeits: int
    match_points: int
    games_won: int
    games_lost: int
    points_for: int
    points_against: int
    point_difference: int
    deals: int
    deals_as_makers: int
    made_as_makers: int
    made_percentage: float | None
    sets_suffered: int
    sets_forced: int
    meld_points: int
    belles: int
    reneges: int
    nights_counted: int
    keys: Mapping[str, float | None] = field(hash=False)


@dataclass(slots=True)
class Tally:
    """An entrant's counted rows added up (see the module's words): what can be kept.

    ``nights`` is the number of different nights among the rows. ``beaten``, ``drawn_with``
    and ``lost_to`` are the opponents of the rows won, drawn and lost (byes left out), in id
    order, an opponent met twice with that result listed twice. The results are counted,
    not their match points, so a change of the match points needs no new tallies.
    """

    entrant: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    forfeits: int = 0
    games_won: int = 0
    games_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    deals: int = 0
    deals_as_makers: int = 0
    made_as_makers: int = 0
    sets_suffered: int = 0
    sets_forced: int = 0
    meld_points: int = 0
    belles: int = 0
    reneges: int = 0
    nights: int = 0
    beaten: tuple[int, ...] = ()
    drawn_with: tuple[int, ...] = ()
    lost_to: tuple[int, ...] = ()


#: The plain counts of a :class:`Tally` (all but ``entrant``, ``nights`` and the opponents).
TALLY_COUNTS: tuple[str, ...] = (
    "played",
    "won",
    "drawn",
    "lost",
    "byes",
    "forfeits",
    *MATCH_COUNTS,
)


class Record:
    """An entrant's tally with its match points, what tie-break keys read (``points``: what
    a result earns)."""

    __slots__ = (
        "entrant",
        *TALLY_COUNTS,
        "nights",
        "match_points",
        "beaten",
        "drawn_with",
        "lost_to",
        "points",
    )

    def __init__(self, tally: Tally, points: MatchPoints) -> None:
        # Written out, not a loop over TALLY_COUNTS: a table builds one a entrant, on every
        # live update of a page (a count left out here fails every standings test).
        t = tally
        self.entrant = t.entrant
        self.played, self.won, self.drawn, self.lost = t.played, t.won, t.drawn, t.lost
        self.byes, self.forfeits = t.byes, t.forfeits
        self.games_won, self.games_lost = t.games_won, t.games_lost
        self.points_for, self.points_against = t.points_for, t.points_against
        self.deals, self.deals_as_makers = t.deals, t.deals_as_makers
        self.made_as_makers, self.sets_suffered = t.made_as_makers, t.sets_suffered
        self.sets_forced, self.meld_points = t.sets_forced, t.meld_points
        self.belles, self.reneges = t.belles, t.reneges
        self.nights = t.nights
        self.match_points = tally.won * points.win + tally.drawn * points.draw
        self.match_points += tally.lost * points.loss
        self.beaten = tally.beaten
        self.drawn_with = tally.drawn_with
        self.lost_to = tally.lost_to
        self.points = points

    # mypy cannot see attributes set through setattr; declare them.
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    forfeits: int
    games_won: int
    games_lost: int
    points_for: int
    points_against: int
    deals: int
    deals_as_makers: int
    made_as_makers: int
    sets_suffered: int
    sets_forced: int
    meld_points: int
    belles: int
    reneges: int

    @property
    def point_difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def made_percentage(self) -> float | None:
        return made_percentage(self.made_as_makers, self.deals_as_makers)


check_fields(
    "StandingRow", (f for f in StandingRow.__dataclass_fields__ if f in MATCH_COUNTS), MATCH_COUNTS
)
check_fields("Record", (f for f in Record.__annotations__ if f in MATCH_COUNTS), MATCH_COUNTS)
check_fields("Tally", (f for f in Tally.__dataclass_fields__ if f in MATCH_COUNTS), MATCH_COUNTS)


#: What a key's ``compute`` is given: the entrant's record, the group of entrants still tied
#: with it (itself included) and every entrant's record.
Compute = Callable[[Record, frozenset[int], Mapping[int, Record]], float | None]


@dataclass(frozen=True)
class TieBreak:
    """A named tie-break key: ``compute`` gives an entrant's value (None ranks last);
    ``higher_is_better`` says which way the table runs. ``label`` is its short column
    heading ("Buch"), ``name`` what it is called in a sentence or a menu ("Buchholz"), and
    ``description`` the plain words of how it is worked out."""

    key: str
    label: str
    description: str
    higher_is_better: bool
    compute: Compute
    name: str


def _head_to_head(rec: Record, group: frozenset[int], records: Mapping[int, Record]) -> float:
    points = rec.points
    return float(
        points.win * sum(o in group for o in rec.beaten)
        + points.draw * sum(o in group for o in rec.drawn_with)
        + points.loss * sum(o in group for o in rec.lost_to)
    )


def _opponent_points(opponents: Iterable[int], records: Mapping[int, Record]) -> int:
    return sum(records[o].match_points for o in opponents)


def _buchholz(rec: Record, group: frozenset[int], records: Mapping[int, Record]) -> float:
    return float(
        _opponent_points(rec.beaten, records)
        + _opponent_points(rec.drawn_with, records)
        + _opponent_points(rec.lost_to, records)
    )


def _median_buchholz(rec: Record, group: frozenset[int], records: Mapping[int, Record]) -> float:
    scores = sorted(
        records[o].match_points for met in (rec.beaten, rec.drawn_with, rec.lost_to) for o in met
    )
    if len(scores) >= 3:
        scores = scores[1:-1]
    return float(sum(scores))


def _sonneborn_berger(rec: Record, group: frozenset[int], records: Mapping[int, Record]) -> float:
    # Twice the figure in whole numbers, halved once, so the sum is exact.
    doubled = 2 * _opponent_points(rec.beaten, records)
    doubled += _opponent_points(rec.drawn_with, records)
    return doubled / 2


def _figure(name: str) -> Compute:
    def compute(rec: Record, group: frozenset[int], records: Mapping[int, Record]) -> float:
        return float(getattr(rec, name))

    return compute


def _made_percentage(
    rec: Record, group: frozenset[int], records: Mapping[int, Record]
) -> float | None:
    return rec.made_percentage


_KEYS = (
    TieBreak(
        "match_points",
        pgettext("standings column, short", "Pts"),
        Term(gettext_noop("Match points.")),
        True,
        _figure("match_points"),
        Term(gettext_noop("Match points")),
    ),
    TieBreak(
        "wins",
        pgettext("standings column, short", "W"),
        Term(gettext_noop("Matches won.")),
        True,
        _figure("won"),
        Term(gettext_noop("Matches won")),
    ),
    TieBreak(
        "point_difference",
        pgettext("standings column, short", "Diff"),
        Term(gettext_noop("Game points scored minus game points conceded.")),
        True,
        _figure("point_difference"),
        Term(gettext_noop("Point difference")),
    ),
    TieBreak(
        "points_for",
        pgettext("standings column, short", "For"),
        Term(gettext_noop("Game points scored.")),
        True,
        _figure("points_for"),
        Term(gettext_noop("Game points for")),
    ),
    TieBreak(
        "points_against",
        pgettext("standings column, short", "Agst"),
        Term(gettext_noop("Game points conceded (fewer is better).")),
        False,
        _figure("points_against"),
        Term(gettext_noop("Fewest game points against")),
    ),
    TieBreak(
        "head_to_head",
        pgettext("standings column, short", "H2H"),
        Term(
            gettext_noop(
                "Match points earned in matches among the entrants still tied at this point."
            )
        ),
        True,
        _head_to_head,
        Term(gettext_noop("Head to head")),
    ),
    TieBreak(
        "fewest_hicks",
        pgettext("standings column, short", "Hicks"),
        Term(gettext_noop("Deals the entrant made trump and was set (fewer is better).")),
        False,
        _figure("sets_suffered"),
        Term(gettext_noop("Fewest hicks")),
    ),
    TieBreak(
        "most_sets_forced",
        pgettext("standings column, short", "Sets"),
        Term(gettext_noop("Deals an opponent made trump and was set.")),
        True,
        _figure("sets_forced"),
        Term(gettext_noop("Most sets forced")),
    ),
    TieBreak(
        "made_percentage",
        pgettext("standings column, short", "Made %"),
        Term(
            gettext_noop("Share of the deals as makers that were made; none made trump ranks last.")
        ),
        True,
        _made_percentage,
        Term(gettext_noop("Share of trumps made")),
    ),
    TieBreak(
        "meld_points",
        pgettext("standings column, short", "Meld"),
        Term(gettext_noop("Points scored for melds.")),
        True,
        _figure("meld_points"),
        Term(gettext_noop("Meld points")),
    ),
    TieBreak(
        "fewest_reneges",
        pgettext("standings column, short", "Ren"),
        Term(gettext_noop("Reneges (fewer is better).")),
        False,
        _figure("reneges"),
        Term(gettext_noop("Fewest reneges")),
    ),
    TieBreak(
        "games_won",
        pgettext("standings column, short", "Games"),
        Term(gettext_noop("Games won.")),
        True,
        _figure("games_won"),
        Term(gettext_noop("Games won")),
    ),
    TieBreak(
        "buchholz",
        pgettext("standings column, short", "Buch"),
        Term(gettext_noop("Sum of the opponents' match points (byes add nothing).")),
        True,
        _buchholz,
        Term(gettext_noop("Buchholz")),
    ),
    TieBreak(
        "median_buchholz",
        pgettext("standings column, short", "M-Buch"),
        Term(
            gettext_noop(
                "Buchholz without the highest and the lowest opponent (only with 3 or more "
                "opponents)."
            )
        ),
        True,
        _median_buchholz,
        Term(gettext_noop("Median Buchholz")),
    ),
    TieBreak(
        "sonneborn_berger",
        pgettext("standings column, short", "S-B"),
        Term(
            gettext_noop(
                "Match points of the opponents beaten, plus half of those of the opponents drawn "
                "with."
            )
        ),
        True,
        _sonneborn_berger,
        Term(gettext_noop("Sonneborn-Berger")),
    ),
)

#: Every tie-break key by name.
TIEBREAKS: Mapping[str, TieBreak] = MappingProxyType({t.key: t for t in _KEYS})

DEFAULT_KEYS: tuple[str, ...] = ("match_points", "point_difference", "points_for")


def validate_keys(keys: Sequence[str]) -> tuple[str, ...]:
    """The chain as a tuple, or :class:`InvalidStandings` for an unknown or repeated key."""
    if isinstance(keys, str):
        # A lone string is a sequence of letters; a caller meant a one-key chain.
        raise InvalidStandings(
            gettext_noop("Give the tie-break keys as a list, e.g. [%(keys)s]."),
            code="standings.keys_not_a_list",
            params={"keys": repr(keys)},
        )
    seen: set[str] = set()
    for key in keys:
        if key not in TIEBREAKS:
            raise InvalidStandings(
                gettext_noop("Unknown tie-break key %(key)s; the keys are %(keys)s."),
                code="standings.key_unknown",
                params={"key": repr(key), "keys": ", ".join(TIEBREAKS)},
            )
        if key in seen:
            raise InvalidStandings(
                gettext_noop("Tie-break key %(key)s is listed twice."),
                code="standings.key_twice",
                params={"key": repr(key)},
            )
        seen.add(key)
    return tuple(keys)


def _night_rank(rows: list[MatchRow], points: MatchPoints) -> tuple[int, int, int]:
    mp = sum(points.for_result(r.result) for r in rows)
    diff = sum(r.points_for - r.points_against for r in rows)
    return (-mp, -diff, -sum(r.points_for for r in rows))


def _best_rows(rows: list[MatchRow], n: int, points: MatchPoints) -> list[MatchRow]:
    by_night: dict[int, list[MatchRow]] = defaultdict(list)
    for row in rows:
        by_night[row.night].append(row)
    if len(by_night) <= n:
        return rows
    best = sorted(by_night, key=lambda night: (*_night_rank(by_night[night], points), night))
    return [row for night in best[:n] for row in by_night[night]]


def _tally(entrant: int, rows: Iterable[MatchRow]) -> Tally:
    t = Tally(entrant)
    nights: set[int] = set()
    met: tuple[list[int], list[int], list[int]] = ([], [], [])
    for row in rows:
        t.played += 1
        result = row.result
        at = 0 if result == "win" else 1 if result == "draw" else 2
        if at == 0:
            t.won += 1
        elif at == 1:
            t.drawn += 1
        else:
            t.lost += 1
        if row.opponent is None:
            t.byes += 1
        else:
            met[at].append(row.opponent)
        if row.forfeit:
            t.forfeits += 1
        nights.add(row.night)
        t.games_won += row.games_won
        t.games_lost += row.games_lost
        t.points_for += row.points_for
        t.points_against += row.points_against
        t.deals += row.deals
        t.deals_as_makers += row.deals_as_makers
        t.made_as_makers += row.made_as_makers
        t.sets_suffered += row.sets_suffered
        t.sets_forced += row.sets_forced
        t.meld_points += row.meld_points
        t.belles += row.belles
        t.reneges += row.reneges
    t.nights = len(nights)
    t.beaten, t.drawn_with, t.lost_to = (tuple(sorted(m)) for m in met)
    return t


def _entrant_ids(entrants: Iterable[int]) -> list[int]:
    ids = sorted(entrants)
    if len(set(ids)) != len(ids):
        twice = next(e for e, f in zip(ids, ids[1:], strict=False) if e == f)
        raise InvalidStandings(
            gettext_noop("Entrant %(twice)s is listed twice."),
            code="standings.entrant_twice",
            params={"twice": twice},
        )
    return ids


def tally(
    rows: Iterable[MatchRow],
    *,
    entrants: Iterable[int],
    points: MatchPoints = MatchPoints(),  # noqa: B008 - frozen, so one shared default is safe
    best_nights: int | None = None,
) -> dict[int, Tally]:
    """Every entrant's :class:`Tally` over its counted rows (all of them, or with
    ``best_nights`` its best nights: ``points`` rank the nights), by entrant.

    Raises :class:`InvalidStandings` for an entrant listed twice, a row whose entrant or
    opponent is not among ``entrants``, or a ``best_nights`` that is not a whole number of at
    least 1.
    """
    ids = _entrant_ids(entrants)
    if best_nights is not None and (not _is_whole(best_nights) or best_nights < 1):
        raise InvalidStandings(
            gettext_noop("Best nights must be a whole number, 1 or more; got %(best_nights)s."),
            code="standings.best_nights",
            params={"best_nights": repr(best_nights)},
        )
    known = set(ids)
    by_entrant: dict[int, list[MatchRow]] = {e: [] for e in ids}
    for row in rows:
        if row.entrant not in known:
            raise InvalidStandings(
                gettext_noop(
                    "A row for entrant %(entrant)s on night %(night)s, who is not an entrant."
                ),
                code="standings.row_not_entrant",
                params={"entrant": row.entrant, "night": row.night},
            )
        if row.opponent is not None and row.opponent not in known:
            raise InvalidStandings(
                gettext_noop(
                    "Entrant %(entrant)s played %(opponent)s on night %(night)s, who is not an "
                    "entrant."
                ),
                code="standings.opponent_not_entrant_night",
                params={"entrant": row.entrant, "opponent": row.opponent, "night": row.night},
            )
        by_entrant[row.entrant].append(row)
    return {
        e: _tally(e, own if best_nights is None else _best_rows(own, best_nights, points))
        for e, own in by_entrant.items()
    }


def rank(
    tallies: Iterable[Tally],
    *,
    keys: Sequence[str] = DEFAULT_KEYS,
    points: MatchPoints = MatchPoints(),  # noqa: B008 - frozen, so one shared default is safe
) -> list[StandingRow]:
    """The table of the entrants whose ``tallies`` are given (one each), best first, ordered
    by the chain ``keys``.

    Raises :class:`InvalidStandings` for an unknown or repeated key, an entrant given twice, or
    an opponent who is not among the entrants.
    """
    chain = validate_keys(keys)
    given = list(tallies)
    ids = _entrant_ids(t.entrant for t in given)
    records = {t.entrant: Record(t, points) for t in given}
    for t in given:
        for met in (t.beaten, t.drawn_with, t.lost_to):
            if not records.keys() >= set(met):
                opponent = next(o for o in met if o not in records)
                raise InvalidStandings(
                    gettext_noop("Entrant %(entrant)s played %(opponent)s, who is not an entrant."),
                    code="standings.opponent_not_entrant",
                    params={"entrant": t.entrant, "opponent": opponent},
                )

    values: dict[int, dict[str, float | None]] = {e: {} for e in ids}
    # No entrants yet: no group to rank (an empty one has no first member to start a run).
    groups: list[list[int]] = [ids] if ids else []
    for key in chain:
        tiebreak = TIEBREAKS[key]
        split: list[list[int]] = []
        for group in groups:
            members = frozenset(group)
            for e in group:
                values[e][key] = tiebreak.compute(records[e], members, records)
            if len(group) == 1:
                split.append(group)
                continue
            sign = -1.0 if tiebreak.higher_is_better else 1.0

            def order(e: int, key: str = key, sign: float = sign) -> tuple[bool, float]:
                v = values[e][key]
                return (v is None, 0.0 if v is None else sign * v)

            # Stable: equal values stay in id order.
            ranked = sorted(group, key=order)
            run = [ranked[0]]
            for e in ranked[1:]:
                if order(e) == order(run[0]):
                    run.append(e)
                else:
                    split.append(run)
                    run = [e]
            split.append(run)
        groups = split

    table: list[StandingRow] = []
    for group in groups:
        place = len(table) + 1
        for e in group:
            rec = records[e]
            table.append(
                StandingRow(
                    rank=place,
                    entrant=e,
                    played=rec.played,
                    won=rec.won,
                    drawn=rec.drawn,
                    lost=rec.lost,
                    byes=rec.byes,
                    forfeits=rec.forfeits,
                    match_points=rec.match_points,
                    games_won=rec.games_won,
                    games_lost=rec.games_lost,
                    points_for=rec.points_for,
                    points_against=rec.points_against,
                    point_difference=rec.point_difference,
                    deals=rec.deals,
                    deals_as_makers=rec.deals_as_makers,
                    made_as_makers=rec.made_as_makers,
                    made_percentage=rec.made_percentage,
                    sets_suffered=rec.sets_suffered,
                    sets_forced=rec.sets_forced,
                    meld_points=rec.meld_points,
                    belles=rec.belles,
                    reneges=rec.reneges,
                    nights_counted=rec.nights,
                    keys=MappingProxyType(values[e]),
                )
            )
    return table


def standings(
    rows: Iterable[MatchRow],
    *,
    entrants: Iterable[int],
    keys: Sequence[str] = DEFAULT_KEYS,
    points: MatchPoints = MatchPoints(),  # noqa: B008 - frozen, so one shared default is safe
    best_nights: int | None = None,
) -> list[StandingRow]:
    """The table: every entrant once, best first, ordered by the chain ``keys``: the
    entrants' :func:`tally` ranked by :func:`rank`.

    Entrants with no rows appear with everything 0. Raises :class:`InvalidStandings` for an
    unknown or repeated key, an entrant listed twice, a row whose entrant or opponent is not
    among ``entrants``, or a ``best_nights`` that is not a whole number of at least 1.
    """
    chain = validate_keys(keys)
    tallies = tally(rows, entrants=entrants, points=points, best_nights=best_nights)
    return rank(tallies.values(), keys=chain, points=points)


@dataclass(frozen=True)
class NightPositions:
    """Each entrant's rank after each night (what a "bump chart" draws).

    ``nights`` are the nights with at least one row, in order; ``ranks[e][i]`` is entrant
    ``e``'s rank in the table of the rows of every night up to and including ``nights[i]``
    (shared by entrants the chain leaves tied, as in :func:`standings`), so the last one is
    its rank in the table of all the rows.
    """

    nights: tuple[int, ...]
    ranks: Mapping[int, tuple[int, ...]]


def _added(before: Tally, night: Tally) -> Tally:
    """``before`` and the tally of one more night's rows, added up (a night ``before`` has
    no row of, so the nights add up too)."""
    total = Tally(before.entrant)
    for name in TALLY_COUNTS:
        setattr(total, name, getattr(before, name) + getattr(night, name))
    total.nights = before.nights + night.nights
    total.beaten = tuple(sorted(before.beaten + night.beaten))
    total.drawn_with = tuple(sorted(before.drawn_with + night.drawn_with))
    total.lost_to = tuple(sorted(before.lost_to + night.lost_to))
    return total


def _without(items: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    left = list(items)
    for item in gone:
        left.remove(item)
    return tuple(left)


def _subtracted(total: Tally, night: Tally) -> Tally:
    """``total`` less the tally of one of its nights (a night that stops counting)."""
    less = Tally(total.entrant)
    for name in TALLY_COUNTS:
        setattr(less, name, getattr(total, name) - getattr(night, name))
    less.nights = total.nights - night.nights
    less.beaten = _without(total.beaten, night.beaten)
    less.drawn_with = _without(total.drawn_with, night.drawn_with)
    less.lost_to = _without(total.lost_to, night.lost_to)
    return less


def positions_by_night(
    rows: Iterable[MatchRow],
    *,
    entrants: Iterable[int],
    keys: Sequence[str] = DEFAULT_KEYS,
    points: MatchPoints = MatchPoints(),  # noqa: B008 - frozen, so one shared default is safe
    best_nights: int | None = None,
) -> NightPositions:
    """Every entrant's rank after each night: the :func:`standings` of the rows of nights
    1..N, for each night N that has rows.

    Each entrant's rows of a night are tallied once and added to its tally of the nights
    before (a tally is a sum), so a season costs one pass over its rows and one :func:`rank`
    a night. With ``best_nights`` an entrant keeps its best nights so far (ranked as
    :func:`tally` ranks them, each night by its own rows); a new night better than the worst
    kept one takes its place, its tally subtracted. Raises :class:`InvalidStandings` as
    :func:`standings` does.
    """
    chain = validate_keys(keys)
    ids = _entrant_ids(entrants)
    given = list(rows)
    # Refused as the standings refuse them: an unknown entrant or opponent, a bad best_nights.
    tally(given, entrants=ids, points=points, best_nights=best_nights)
    by_night: dict[int, dict[int, list[MatchRow]]] = defaultdict(lambda: defaultdict(list))
    for row in given:
        by_night[row.night][row.entrant].append(row)
    nights = tuple(sorted(by_night))
    ranks: dict[int, list[int]] = {e: [] for e in ids}
    running = {e: Tally(e) for e in ids}
    # With best nights: each entrant's counted nights, as (the night's rank key, its tally).
    kept: dict[int, list[tuple[tuple[int, ...], Tally]]] = {e: [] for e in ids}
    for night in nights:
        for e, own in by_night[night].items():
            t = _tally(e, own)
            if best_nights is None:
                running[e] = _added(running[e], t)
                continue
            key = (*_night_rank(own, points), night)
            counted = kept[e]
            if len(counted) < best_nights:
                counted.append((key, t))
                running[e] = _added(running[e], t)
                continue
            worst = max(counted, key=lambda kt: kt[0])
            if key < worst[0]:
                counted.remove(worst)
                counted.append((key, t))
                running[e] = _added(_subtracted(running[e], worst[1]), t)
        for line in rank(running.values(), keys=chain, points=points):
            ranks[line.entrant].append(line.rank)
    return NightPositions(nights, MappingProxyType({e: tuple(r) for e, r in ranks.items()}))
