"""Club evenings and seasons: the drive and the concours, the maths only (no Django).

Words (``../shared/reference/family-and-evenings.md`` sections 2.4 and 3):

- *evening*: one club night (a klaverjas *drive*, a belote *concours*) of a few *rounds*; each
  round every table plays one game of the evening's preset (a *boom* of 16 or 12 deals, a
  *partie* of 12, or to a target).
- *entrant*: who is ranked: a player at an individual evening (partners drawn each round), a
  pair or team at a pairs evening (*koppels*, *doublettes*). Any hashable id.
- *draw*: who sits where in a round: :class:`RoundDraw`. Individuals: two partners opposite
  against two; pairs: pair against pair.
- *sit-out* (*uitloter*, *au pot*): an entrant without a table in a round because the number
  does not fit; it gets the evening's sit-out score (:class:`EveningRules`). A *substitute*
  (*invaller*) fills a seat instead when the evening says so; a *table of three* seats three.
- *absent*: an entrant who arrived late or left early misses rounds; each missed round scores
  the evening's absent score.
- *ranking*: the evening's order: total points, or wins first then points; ties broken by the
  named rules in order (``first_round``: the better first round; ``against``: fewer points
  against; ``shared``: the same place).
- *prize list*: the places that win a prize by the club's formula (the *formula of four*:
  places 1-4, then 8, 12, 16, ...; one prize per four players; every team; a number of
  places), plus the *booby prize* (*poedelprijs*) for the lowest total.
- *season*: a club's evenings added up by its rule (:class:`SeasonRules`): the sum or the
  average of the best k, a minimum attendance, absent evenings scored as the evening's lowest,
  a fixed number or 0, an *excused* absence (the director marked the member excused for the
  evening) by a rule of its own; or by *periods* (a run of evenings, e.g. six weeks: the best
  k evenings of each period count, and the season is the best m periods); the *points
  champion* (*puntenkampioen*) has the most points however many evenings.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Generic, Literal, TypeVar

from scoring.errors import EngineError, Term, gettext_noop
from scoring.matches import paper_ceiling
from scoring.pairing import _matched_partners, _pair, _tables
from scoring.rules import Ruleset
from scoring.swiss import SwissEntrant, swiss_pairings

T = TypeVar("T", bound=Hashable)

Entrants = Literal["individuals", "pairs"]
PairDraw = Literal["lot", "ranking", "movement"]
Short = Literal["sit_out", "table_of_three", "substitute"]
FixedOrAverage = Literal["fixed", "round_average", "round_lowest", "zero"]
Ranking = Literal["points", "wins_then_points"]
Prizes = Literal["formula_of_four", "per_four", "every_entrant", "places", "none"]
TieBreak = Literal["first_round", "against", "shared"]

ENTRANTS: tuple[str, ...] = ("individuals", "pairs")
PAIR_DRAWS: tuple[str, ...] = ("lot", "ranking", "movement")
SHORTS: tuple[str, ...] = ("sit_out", "table_of_three", "substitute")
ROUND_SCORES: tuple[str, ...] = ("fixed", "round_average", "round_lowest", "zero")
RANKINGS: tuple[str, ...] = ("points", "wins_then_points")
PRIZES: tuple[str, ...] = ("formula_of_four", "per_four", "every_entrant", "places", "none")
TIE_BREAKS: tuple[str, ...] = ("first_round", "against", "shared")


#: A setting in a club's words, for a refusal that names it.
_SETTING_WORDS: dict[str, Term] = {
    "entrants": Term(gettext_noop("Who plays")),
    "pair_draw": Term(gettext_noop("How pairs are drawn")),
    "short": Term(gettext_noop("When the number does not fit")),
    "sit_out_score": Term(gettext_noop("The sit-out score")),
    "absent_score": Term(gettext_noop("The score of a missed round")),
    "ranking": Term(gettext_noop("The ranking")),
    "prizes": Term(gettext_noop("The prizes")),
    "rounds": Term(gettext_noop("Rounds")),
    "sit_out_points": Term(gettext_noop("Points for a sit-out")),
    "sit_out_pits": Term(gettext_noop("Pits for a sit-out")),
    "absent_points": Term(gettext_noop("Points for a missed round")),
    "prize_places": Term(gettext_noop("Places with a prize")),
    "renege_penalty": Term(gettext_noop("Points a renege costs the player")),
    "tie_breaks": Term(gettext_noop("Ties broken by")),
    "sit_out_once": Term(gettext_noop("Sitting out at most once")),
    "booby_prize": Term(gettext_noop("The booby prize")),
}


class InvalidEvening(EngineError):
    """An evening or season that cannot be run as set: a rule out of range, too few players,
    an entrant twice."""


@dataclass(frozen=True)
class EveningRules:
    """How a club runs its evening. Each field is a setting a club chooses in words.

    ``sit_out_score``: what a sit-out scores for the round: ``fixed`` (``sit_out_points``,
    e.g. 1600, or a belote concours' half of 1944), ``round_average`` (the round's average
    score), ``round_lowest`` or ``zero``; ``sit_out_pits``: pits (mars) it is credited with
    (KJC De Pitslag: 1600 and a mars). ``absent_score`` likewise for a round missed by a late
    arrival or a leaver (``absent_points``, e.g. 1450).

    ``renege_penalty``: individual reneges (a Part-two option, Cafe de Lijst): the points a
    player who reneges loses from their evening total, their partner keeping the game's score;
    0 (off): a renege is scored in the game as usual (the deal goes to the other side).
    """

    entrants: Entrants = "individuals"
    rounds: int = 3
    pair_draw: PairDraw = "ranking"
    short: Short = "sit_out"
    sit_out_score: FixedOrAverage = "fixed"
    sit_out_points: int = 1600
    sit_out_pits: int = 0
    #: At most once an evening where the numbers allow (AOBK Zwanenburg's blind stone).
    sit_out_once: bool = True
    absent_score: FixedOrAverage = "fixed"
    absent_points: int = 1450
    ranking: Ranking = "points"
    tie_breaks: tuple[TieBreak, ...] = ("first_round", "against", "shared")
    prizes: Prizes = "formula_of_four"
    prize_places: int = 0
    booby_prize: bool = True
    renege_penalty: int = 0

    def __post_init__(self) -> None:
        choices = (
            ("entrants", ENTRANTS),
            ("pair_draw", PAIR_DRAWS),
            ("short", SHORTS),
            ("sit_out_score", ROUND_SCORES),
            ("absent_score", ROUND_SCORES),
            ("ranking", RANKINGS),
            ("prizes", PRIZES),
        )
        for name, allowed in choices:
            value = getattr(self, name)
            if value not in allowed:
                raise InvalidEvening(
                    gettext_noop("%(field)s must be one of %(choices)s, not %(value)s."),
                    field=name,
                    code="evening.choice",
                    params={
                        "field": _SETTING_WORDS[name],
                        "choices": ", ".join(allowed),
                        "value": repr(value),
                    },
                )
        for name, low, high in (
            ("rounds", 1, 20),
            ("sit_out_points", 0, 100_000),
            ("sit_out_pits", 0, 20),
            ("absent_points", 0, 100_000),
            ("prize_places", 0, 1_000),
            ("renege_penalty", 0, 1_000),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise InvalidEvening(
                    gettext_noop("%(field)s must be a whole number from %(low)d to %(high)d."),
                    field=name,
                    code="evening.number",
                    params={"field": _SETTING_WORDS[name], "low": low, "high": high},
                )
        unknown = [t for t in self.tie_breaks if t not in TIE_BREAKS]
        if unknown:
            raise InvalidEvening(
                gettext_noop("Unknown tie-break %(value)s; the tie-breaks are %(choices)s."),
                field="tie_breaks",
                code="evening.tie_break",
                params={"value": repr(unknown[0]), "choices": ", ".join(TIE_BREAKS)},
            )
        if self.entrants == "pairs" and self.short == "table_of_three":
            raise InvalidEvening(
                gettext_noop("A pairs evening has no table of three: a pair sits out or plays."),
                field="short",
                code="evening.pairs_three",
            )

    def to_data(self) -> dict[str, object]:
        """The rules as plain data (JSON), read back by :func:`evening_rules_from_data`."""
        data: dict[str, object] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["tie_breaks"] = list(self.tie_breaks)
        return data


def evening_rules_from_data(data: Mapping[str, object] | None) -> EveningRules:
    """:class:`EveningRules` from plain data (unknown keys ignored, missing ones default)."""
    known = {f.name for f in fields(EveningRules)}
    values = {k: v for k, v in (data or {}).items() if k in known}
    if "tie_breaks" in values and isinstance(values["tie_breaks"], (list, tuple)):
        values["tie_breaks"] = tuple(values["tie_breaks"])
    return EveningRules(**values)  # type: ignore[arg-type]


#: What may still change once a round of the evening is drawn: the prize list's settings and
#: the number of rounds (not below those drawn). Everything else decides who sits where and
#: what a round scores, which the drawn rounds already followed.
CHANGEABLE_ONCE_DRAWN: tuple[str, ...] = ("rounds", "prizes", "prize_places", "booby_prize")


def evening_rules_change_refusal(
    old: EveningRules,
    new: EveningRules,
    rounds_drawn: int,
    *,
    game_changed: bool = False,
    checked_in: int = 0,
) -> InvalidEvening | None:
    """Why an evening's rules cannot change from ``old`` to ``new`` (None: they can).

    Before any round is drawn every setting may change, except who plays (individuals or
    pairs) once anybody is checked in (``checked_in``): they checked in as one or the other.
    Once ``rounds_drawn`` rounds are drawn only :data:`CHANGEABLE_ONCE_DRAWN` may, and the
    rounds not below those drawn; the game (``game_changed``: another preset or house rule)
    neither. The refusal's ``field`` names the setting."""
    if old.entrants != new.entrants and (checked_in or rounds_drawn):
        return InvalidEvening(
            gettext_noop(
                "%(field)s cannot change once anybody is checked in: they checked in as "
                "players or as pairs."
            ),
            field="entrants",
            code="evening.change_entrants",
            params={"field": _SETTING_WORDS["entrants"]},
        )
    if not rounds_drawn:
        return None
    if game_changed:
        return InvalidEvening(
            gettext_noop("The game cannot change once a round is drawn."),
            field="preset",
            code="evening.change_game",
        )
    if new.rounds < rounds_drawn:
        return InvalidEvening(
            gettext_noop(
                "%(count)d rounds are drawn already: the evening cannot have fewer rounds."
            ),
            field="rounds",
            code="evening.change_rounds",
            params={"count": rounds_drawn},
        )
    for f in fields(EveningRules):
        if f.name in CHANGEABLE_ONCE_DRAWN or getattr(old, f.name) == getattr(new, f.name):
            continue
        return InvalidEvening(
            gettext_noop("%(field)s cannot change once a round is drawn."),
            field=f.name,
            code="evening.change_drawn",
            params={"field": _SETTING_WORDS[f.name]},
        )
    return None


def in_round(joined_round: int, left_after_round: int | None, round_number: int) -> bool:
    """Whether an entrant who joined at ``joined_round`` (a late arrival joins from the next
    round drawn) and left after ``left_after_round`` (None: stays) plays round
    ``round_number``; a round outside scores the evening's absent score."""
    return joined_round <= round_number and (
        left_after_round is None or round_number <= left_after_round
    )


def check_paper_total(rules: Ruleset, scores: Sequence[int]) -> None:
    """Check one table's two totals typed from a paper sheet against what the game can add up
    to: a game of a fixed number of deals (a boom of 16, a partie of 12) deals ``deals`` x
    the cards' total (162); above that is what was melded (roem, belote and rebelote...),
    which comes in tens. Neither side's total may pass the most such a game can reach
    (:func:`scoring.matches.paper_ceiling`: ``deals`` x the most one deal can score, melds,
    pit and capot included): 99999 is a slip of the pen, said as such. The words are the
    same for every game of the family (no game's own word for melds: a belote concours has
    no roem). Raises :class:`InvalidEvening` naming what does not add up; a game to a
    target, or one that rounds its deals, is not checked."""
    if rules.deals is None or rules.rounding != "none":
        return
    ceiling = paper_ceiling(rules)
    highest = max(scores, default=0)
    if highest > ceiling:
        raise InvalidEvening(
            gettext_noop(
                "A total of %(total)d is more than a game of %(deals)d deals can reach (at "
                "most %(most)d a side): check the sheet."
            ),
            code="evening.paper_ceiling",
            params={"total": highest, "deals": rules.deals, "most": ceiling},
        )
    base = rules.deals * rules.card_total()
    total = sum(scores)
    if total < base:
        raise InvalidEvening(
            gettext_noop(
                "The two totals add up to %(total)d, less than %(deals)d deals of %(cards)d "
                "(%(base)d): check the sheet."
            ),
            code="evening.paper_short",
            params={
                "total": total,
                "deals": rules.deals,
                "cards": rules.card_total(),
                "base": base,
            },
        )
    if (total - base) % 10:
        raise InvalidEvening(
            gettext_noop(
                "The two totals add up to %(total)d: above %(base)d (%(deals)d deals of "
                "%(cards)d) is what was melded, %(melds)d points, which come in tens: check "
                "the sheet."
            ),
            code="evening.paper_melds",
            params={
                "total": total,
                "deals": rules.deals,
                "cards": rules.card_total(),
                "base": base,
                "melds": total - base,
            },
        )


# -- a table of three ---------------------------------------------------------------------------
#
# Neither RULES.md nor the club sources say how a table of three's points compare with a table
# of four's (KJC De Pitslag keeps "rota lists for 3-player tables" without describing them). The
# reading taken here, as a club would expect it: the three play the round by the club's own rota
# on paper, each comes out with their own points for the round, and the director types the three
# numbers from the paper sheet. Each number is that player's round score, as a side's total is
# for each of a table of four's two partners.

#: A table of three's seats: one player each, no partner.
THREE_SEATS = 3


@dataclass(frozen=True)
class ThreeSeat:
    """One player's round at a table of three: ``points`` (their own number from the paper
    sheet), ``against`` (the average of the other two's, rounded down: what the ``against``
    tie-break reads, of the size a four-hand side has against it) and ``result``: ``win``
    for the highest number alone, ``draw`` for a highest shared, ``loss`` for the others."""

    points: int
    against: int
    result: Literal["win", "draw", "loss"]


def three_table_most(rules: Ruleset) -> int:
    """The most one player of a table of three may be typed with for a round of ``rules``'
    game: what one side of a table of four can reach in the same game
    (:func:`scoring.matches.paper_ceiling`, the bound :func:`check_paper_total` uses). A
    player who plays every deal of the round alone, or by the rota, cannot score more than a
    side can: it is all the cards, last tricks, pits and roem that game can give."""
    return paper_ceiling(rules)


def check_three_scores(rules: Ruleset, scores: Sequence[int]) -> None:
    """Check a table of three's numbers typed from paper: one a player, each a whole number
    from 0 to :func:`three_table_most`. Raises :class:`InvalidEvening` with ``field``
    ``side0``, ``side1`` or ``side2`` (the seat whose number is wrong), or ``scores`` when
    there are not three."""
    if len(scores) != THREE_SEATS:
        raise InvalidEvening(
            gettext_noop("A table of three has three scores, one a player."),
            field="scores",
            code="evening.three_count",
        )
    most = three_table_most(rules)
    for seat, value in enumerate(scores):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            raise InvalidEvening(
                gettext_noop(
                    "A player's score at a table of three is a whole number from 0 to "
                    "%(most)d, the most one side of a table of four can reach: check the sheet."
                ),
                field=f"side{seat}",
                code="evening.three_score",
                params={"most": most},
            )


def three_table_result(scores: Sequence[int]) -> tuple[ThreeSeat, ThreeSeat, ThreeSeat]:
    """Each player's :class:`ThreeSeat` from a table of three's checked numbers, in seat
    order."""
    a, b, c = scores
    top = max(scores)
    leaders = sum(1 for s in scores if s == top)

    def seat(mine: int, others: tuple[int, int]) -> ThreeSeat:
        result: Literal["win", "draw", "loss"] = "loss"
        if mine == top:
            result = "win" if leaders == 1 else "draw"
        return ThreeSeat(points=mine, against=sum(others) // 2, result=result)

    return (seat(a, (b, c)), seat(b, (a, c)), seat(c, (a, b)))


# -- the draw -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundDraw(Generic[T]):
    """One round's seats. ``tables[t]`` is table t+1's seats in order round the table: four
    players (seats 1 and 3 partners against 2 and 4) at an individual evening, three at a
    table of three, two pairs at a pairs evening; a substitute's seat is None. ``sitting_out``:
    the entrants without a table this round (they score the sit-out score)."""

    tables: tuple[tuple[T | None, ...], ...]
    sitting_out: tuple[T, ...] = ()
    #: Partnerships and opponents this round repeats from earlier rounds (the draw keeps them
    #: as few as the numbers allow).
    partner_repeats: int = 0
    opponent_repeats: int = 0

    def seat_of(self, entrant: T) -> tuple[int, int] | None:
        """``(table, seat)``, both from 1, or None for a sit-out."""
        for t, seats in enumerate(self.tables, start=1):
            if entrant in seats:
                return t, seats.index(entrant) + 1
        return None


@dataclass
class EveningHistory(Generic[T]):
    """What earlier rounds of the evening (or the season, when a club wants that) did: pairs
    who partnered, pairs who faced each other, who sat out, who sat at a table of three.

    ``missed``: rounds an entrant was not there for (it arrived late, or was away and came
    back); they score the absent score. For the fairness of who sits out next, a missed
    round counts as a round without a table, like a sit-out (:meth:`without_table`): a late
    arrival is not the first to sit out, having missed rounds already."""

    partnered: Counter[tuple[T, T]] = field(default_factory=Counter)
    faced: Counter[tuple[T, T]] = field(default_factory=Counter)
    sat_out: Counter[T] = field(default_factory=Counter)
    three: Counter[T] = field(default_factory=Counter)
    missed: Counter[T] = field(default_factory=Counter)

    def without_table(self, entrant: T) -> int:
        """Rounds ``entrant`` had no table in: sat out or missed (who sits out goes by it)."""
        return self.sat_out[entrant] + self.missed[entrant]

    def add(self, draw: RoundDraw[T], entrants: Entrants = "individuals") -> None:
        """Count a round that was played."""
        self.sat_out.update(draw.sitting_out)
        for seats in draw.tables:
            people = [s for s in seats if s is not None]
            if entrants == "pairs" or len(seats) != 4:
                if len(seats) == 3:
                    self.three.update(people)
                for i, first in enumerate(people):
                    for second in people[i + 1 :]:
                        self.faced[_key(first, second)] += 1
                continue
            n, e, s_, w = seats  # seats 1 and 3 partners against 2 and 4
            for x, y in ((n, s_), (e, w)):
                if x is not None and y is not None:
                    self.partnered[_key(x, y)] += 1
            for x in (n, s_):
                for y in (e, w):
                    if x is not None and y is not None:
                        self.faced[_key(x, y)] += 1


def _key(a: T, b: T) -> tuple[T, T]:
    return (a, b) if repr(a) <= repr(b) else (b, a)


def _distinct(entrants: Sequence[T]) -> list[T]:
    seen: set[T] = set()
    for e in entrants:
        if e in seen or e is None:
            raise InvalidEvening(
                gettext_noop("%(who)s is listed twice (or is empty): each entrant once."),
                code="evening.entrant_twice",
                params={"who": repr(e)},
            )
        seen.add(e)
    return list(entrants)


def draw_individuals(
    rules: EveningRules,
    players: Sequence[T],
    history: EveningHistory[T] | None = None,
    *,
    seed: int,
) -> RoundDraw[T]:
    """Draw a round of an individual evening: partners opposite, as few repeated partners and
    then opponents as the numbers allow, the players in a random order for ``seed`` (the
    numbered stones). When the number is not a multiple of four: sit-outs (those who sat out
    or missed rounds least first, so at most once an evening while others have not: a round
    missed counts as one sat out, :attr:`EveningHistory.missed`), tables of three (those
    who sat at one least), or substitutes (the last table's empty seats are None)."""
    people = _distinct(players)
    history = history or EveningHistory()
    if len(people) < 4 and rules.short != "substitute":
        raise InvalidEvening(
            gettext_noop("A round needs at least four players. Checked in: %(count)d."),
            code="evening.too_few",
            params={"count": len(people)},
        )
    rng = random.Random(seed)
    rng.shuffle(people)
    rest = len(people) % 4
    threes: list[tuple[T | None, ...]] = []
    if rest and rules.short == "table_of_three" and len(people) >= 3 * (4 - rest):
        count = 4 - rest
        order = sorted(people, key=lambda p: history.three[p])
        chosen = order[: 3 * count]
        people = [p for p in people if p not in chosen]
        threes = [tuple(chosen[3 * i : 3 * i + 3]) for i in range(count)]
        rest = 0
    substitutes = 0
    if rest and rules.short == "substitute":
        substitutes = 4 - rest
        rest = 0
    n = len(people) + substitutes
    index = {p: i for i, p in enumerate(people)}
    partnered: Counter[tuple[int, int]] = Counter()
    faced: Counter[tuple[int, int]] = Counter()
    for (a, b), times in history.partnered.items():
        if a in index and b in index:
            partnered[_pair(index[a], index[b])] = times
    for (a, b), times in history.faced.items():
        if a in index and b in index:
            faced[_pair(index[a], index[b])] = times
    sat = [history.without_table(p) for p in people] + [10**6] * substitutes
    scale = 4 * n * (rules.rounds + 1) + 1
    partners, sitting = _matched_partners(n, sat, partnered, faced, scale)
    tables, _ = _tables(partners, faced, scale)

    def who(i: int) -> T | None:
        return people[i] if i < len(people) else None

    seated = tuple((who(a), who(c), who(b), who(d)) for (a, b), (c, d) in tables)
    partner_repeats = sum(1 for a, b in partners if partnered[_pair(a, b)])
    opponent_repeats = sum(
        1 for (a, b), (c, d) in tables for x in (a, b) for y in (c, d) if faced[_pair(x, y)]
    )
    return RoundDraw(
        tables=(*seated, *threes),
        sitting_out=tuple(people[i] for i in sitting),
        partner_repeats=partner_repeats,
        opponent_repeats=opponent_repeats,
    )


def draw_pairs(
    rules: EveningRules,
    pairs: Sequence[T],
    round_number: int,
    history: EveningHistory[T] | None = None,
    *,
    seed: int,
    points: Mapping[T, int] | None = None,
) -> RoundDraw[T]:
    """Draw a round of a pairs evening (``round_number`` from 1). The first round is by lot;
    later rounds by the evening's ``pair_draw``: ``lot`` again, ``ranking`` (the pairs by
    ``points`` so far, 1 against 2, 3 against 4, no rematch while one can be avoided: a Swiss
    pairing), or ``movement`` (the pairs in the order given: odd-numbered pairs stay at their
    table, even ones move one table up each round). With an odd number one pair sits out
    (*au pot*), never twice before every pair has once (a round a pair missed counts as one
    it sat out: :attr:`EveningHistory.missed`)."""
    teams = _distinct(pairs)
    history = history or EveningHistory()
    met = [(a, b) for (a, b), times in history.faced.items() for _ in range(times) if a != b]
    # A round missed counts as a bye already had: a late pair is not the first au pot.
    byes = [p for p in teams for _ in range(history.without_table(p))]
    if rules.pair_draw == "movement" and round_number > 1:
        return _movement(teams, round_number)
    by_ranking = rules.pair_draw == "ranking" and round_number > 1
    scores = points or {}
    entrants = [
        SwissEntrant(team, score=scores.get(team, 0) if by_ranking else 0) for team in teams
    ]
    paired = swiss_pairings(entrants, met, byes, seed=seed + round_number)
    return RoundDraw(
        tables=tuple((home, away) for home, away in paired.pairs),
        sitting_out=() if paired.bye is None else (paired.bye,),
        opponent_repeats=paired.rematches,
    )


def _movement(teams: list[T], round_number: int) -> RoundDraw[T]:
    tables = len(teams) // 2
    staying = teams[0 : 2 * tables : 2]  # pairs 1, 3, 5, ... keep their table
    moving = teams[1 : 2 * tables : 2]  # pairs 2, 4, 6, ... move one table up each round
    shift = (round_number - 1) % tables if tables else 0
    moved = moving[-shift:] + moving[:-shift] if shift else moving
    sitting = tuple(teams[2 * tables :])
    return RoundDraw(tables=tuple(zip(staying, moved, strict=True)), sitting_out=sitting)


# -- scores of a round --------------------------------------------------------------------------


def round_score(rule: FixedOrAverage, fixed: int, played: Sequence[int]) -> int:
    """What a sit-out or an absent entrant scores for a round, by ``rule``: the ``fixed``
    number, the average (rounded down) or the lowest of the scores ``played`` that round, or
    0. With nobody's score to go by, the fixed number."""
    if rule == "zero":
        return 0
    if rule == "fixed" or not played:
        return fixed
    if rule == "round_lowest":
        return min(played)
    return sum(played) // len(played)


def missed_round_against(played_against: Sequence[int]) -> int:
    """The points against a sit-out or an absentee counts for a round it had no table in: the
    average (rounded down) of what the round's players had against them, 0 with nobody's to
    go by. Counting 0 would let a round sat out win the ``against`` tie-break (trial 29: the
    prize went to the player who sat out)."""
    if not played_against:
        return 0
    return sum(played_against) // len(played_against)


# -- the evening's ranking ----------------------------------------------------------------------


@dataclass(frozen=True)
class RoundScore:
    """One entrant's round: ``points`` it scored (its side's total of the game, roem
    included), ``against`` the other side's, ``won`` whether its side scored more, ``roem``
    (the part of the points that is roem, for the statistics), and how it came: ``played``,
    ``sat_out`` or ``absent``."""

    points: int
    against: int = 0
    won: bool = False
    roem: int = 0
    how: Literal["played", "sat_out", "absent"] = "played"


@dataclass(frozen=True)
class Placed(Generic[T]):
    """An entrant's line in the evening's ranking: ``place`` (shared places are equal),
    ``points``, ``wins``, ``against`` and ``first_round`` (what the tie-breaks look at),
    ``rounds`` played, and the prize it won (``prize``: its number in the prize list from 1,
    ``booby`` for the lowest total)."""

    entrant: T
    place: int
    points: int
    wins: int
    against: int
    first_round: int
    rounds: int
    prize: int | None = None
    booby: bool = False
    penalties: int = 0


def evening_ranking(
    rules: EveningRules,
    scores: Mapping[T, Sequence[RoundScore]],
    penalties: Mapping[T, int] | None = None,
    *,
    final: bool = True,
) -> tuple[Placed[T], ...]:
    """The evening's ranking from each entrant's rounds, with the prize list applied: by total
    points (or wins first), ties broken by the evening's tie-breaks in order; what they leave
    equal shares a place when ``shared`` is among them, else keeps the order given.

    ``final``: whether the evening is finished (every round drawn and every table's result
    in). Prizes and the booby prize are given only then: a running ranking has places and
    points but no prize (in round 1 everyone still at a table has 0, and the lowest total is
    whoever has not finished yet).

    ``penalties``: the points each entrant loses from its total for its own reneges (an
    evening with a ``renege_penalty``; its partner keeps the round's points). An evening
    without one counts none: its reneges were scored in the game."""
    lost = penalties if penalties is not None and rules.renege_penalty else {}
    rows = []
    for order, (entrant, rounds) in enumerate(scores.items()):
        points = sum(r.points for r in rounds) - lost.get(entrant, 0)
        wins = sum(1 for r in rounds if r.won)
        against = sum(r.against for r in rounds)
        first = rounds[0].points if rounds else 0
        played = sum(1 for r in rounds if r.how == "played")
        rows.append((entrant, points, wins, against, first, played, order))

    def key(row: tuple[T, int, int, int, int, int, int]) -> tuple[int, ...]:
        _, points, wins, against, first, _, _ = row
        main = (wins, points) if rules.ranking == "wins_then_points" else (points,)
        tail: list[int] = []
        for rule in rules.tie_breaks:
            if rule == "first_round":
                tail.append(first)
            elif rule == "against":
                tail.append(-against)
        return (*main, *tail)

    rows.sort(key=lambda r: (key(r), -r[6]), reverse=True)
    shared = "shared" in rules.tie_breaks
    placed: list[Placed[T]] = []
    for i, row in enumerate(rows):
        place = i + 1
        if shared and i and key(rows[i - 1]) == key(row):
            place = placed[-1].place
        entrant, points, wins, against, first, played, _ = row
        placed.append(
            Placed(
                entrant,
                place,
                points,
                wins,
                against,
                first,
                played,
                penalties=lost.get(entrant, 0),
            )
        )
    return _with_prizes(rules, placed) if final else tuple(placed)


def prize_places(rules: EveningRules, entrants: int) -> tuple[int, ...]:
    """The places that win a prize among ``entrants``: the formula of four (1 to 4, then 8,
    12, 16, ...), one prize per four players (at least one), every entrant, the first
    ``prize_places``, or none."""
    if entrants <= 0 or rules.prizes == "none":
        return ()
    if rules.prizes == "every_entrant":
        return tuple(range(1, entrants + 1))
    if rules.prizes == "per_four":
        return tuple(range(1, max(1, entrants // 4) + 1))
    if rules.prizes == "places":
        return tuple(range(1, min(rules.prize_places, entrants) + 1))
    first = list(range(1, min(4, entrants) + 1))
    return (*first, *range(8, entrants + 1, 4))


def _with_prizes(rules: EveningRules, placed: list[Placed[T]]) -> tuple[Placed[T], ...]:
    """Each place's prize, numbered in order, and the booby prize. The booby prize goes to the
    last place (the lowest total, its ties broken by the evening's tie-breaks; a shared last
    place shares it) whatever the places' prizes: where the formula would also give that
    place a prize (the formula of four's 16th of 16, every entrant), the last takes the booby
    prize instead, as a club's prize table reads (nobody wins both). No booby prize when
    everybody shares the last place."""
    winners = set(prize_places(rules, len(placed)))
    last = max((r.place for r in placed), default=0)
    booby = rules.booby_prize and any(r.place != last for r in placed)
    out: list[Placed[T]] = []
    prize = 0
    for row in placed:
        if booby and row.place == last:
            out.append(_replace(row, prize=None, booby=True))
            continue
        number = None
        if row.place in winners:
            prize += 1
            number = prize
        out.append(_replace(row, prize=number))
    return tuple(out)


def _replace(row: Placed[T], **changes: object) -> Placed[T]:
    return replace(row, **changes)  # type: ignore[arg-type]


# -- the season ---------------------------------------------------------------------------------


#: What an evening missed counts as (:class:`SeasonRules`).
MissedScore = Literal["lowest", "fixed", "zero", "none"]
MISSED_SCORES: tuple[str, ...] = ("lowest", "fixed", "zero", "none")


@dataclass(frozen=True)
class SeasonRules:
    """How a club adds its evenings up: ``aggregate`` ``sum`` or ``average`` of the ``best``
    evenings (None: all), a ``minimum`` number of evenings played to be ranked, and what an
    evening missed counts as when it is counted at all.

    An evening missed without an excuse counts as ``absent``: ``lowest`` (that evening's
    lowest score), ``fixed`` (``absent_points``), ``zero``, or ``none`` (not counted: the
    best k are of the evenings played). An *excused* absence (the director marked the member
    excused for that evening) counts as ``excused``: ``absent`` (like any evening missed), or
    one of the same four with its own ``excused_points``: the Laarderwegkwartier scores an
    excused absentee the evening's lowest and an unexcused one 0; KJV De Daele a timely
    excused absence 5000.

    *Periods* (``'t Harde``): with ``period_evenings`` set, the season's evenings in order
    fall into periods of that many evenings (the last may be shorter); a member's *period
    score* is the sum (the average, with ``aggregate`` ``average``) of their best
    ``period_best`` evenings of the period (None: all), and the season's score the sum
    (average) of their best ``best_periods`` periods (None: all). 't Harde: 7 periods of 6
    evenings, the best 4 of a period count, the season is the best 5 periods. ``best`` (the
    best evenings of the whole season) does not go with periods: a period has its own best."""

    aggregate: Literal["sum", "average"] = "sum"
    best: int | None = None
    minimum: int = 0
    absent: MissedScore = "none"
    absent_points: int = 0
    excused: Literal["absent", "lowest", "fixed", "zero", "none"] = "absent"
    excused_points: int = 0
    period_evenings: int | None = None
    period_best: int | None = None
    best_periods: int | None = None

    def __post_init__(self) -> None:
        if self.aggregate not in ("sum", "average") or self.absent not in MISSED_SCORES:
            raise InvalidEvening(
                gettext_noop("A season adds its evenings up by sum or average."),
                code="season.choice",
            )
        if self.excused != "absent" and self.excused not in MISSED_SCORES:
            raise InvalidEvening(
                gettext_noop("Choose what an excused evening counts as."),
                "excused",
                code="season.excused",
            )
        if self.best is not None and (not _whole(self.best) or self.best < 1):
            raise InvalidEvening(
                gettext_noop("The best evenings counted must be at least one."),
                "best",
                code="season.best",
            )
        if not _whole(self.minimum) or self.minimum < 0:
            raise InvalidEvening(
                gettext_noop("The minimum attendance is a whole number, 0 or more."),
                "minimum",
                code="season.minimum",
            )
        for name in ("absent_points", "excused_points"):
            value = getattr(self, name)
            if not _whole(value) or value < 0:
                raise InvalidEvening(
                    gettext_noop("Points for an evening missed are a whole number, 0 or more."),
                    name,
                    code="season.points",
                )
        self._check_periods()

    def _check_periods(self) -> None:
        if self.period_evenings is None:
            if self.period_best is not None or self.best_periods is not None:
                raise InvalidEvening(
                    gettext_noop("Say how many evenings a period has."),
                    "period_evenings",
                    code="season.period_missing",
                )
            return
        if not _whole(self.period_evenings) or self.period_evenings < 1:
            raise InvalidEvening(
                gettext_noop("A period has at least one evening."),
                "period_evenings",
                code="season.period_evenings",
            )
        if self.best is not None:
            raise InvalidEvening(
                gettext_noop(
                    "With periods, the best evenings count within each period: leave the "
                    "season's best evenings blank."
                ),
                "best",
                code="season.best_with_periods",
            )
        if self.period_best is not None and (
            not _whole(self.period_best) or not 1 <= self.period_best <= self.period_evenings
        ):
            raise InvalidEvening(
                gettext_noop(
                    "The best evenings of a period are at least one and at most the "
                    "%(count)d evenings a period has."
                ),
                "period_best",
                code="season.period_best",
                params={"count": self.period_evenings},
            )
        if self.best_periods is not None and (
            not _whole(self.best_periods) or self.best_periods < 1
        ):
            raise InvalidEvening(
                gettext_noop("The best periods counted must be at least one."),
                "best_periods",
                code="season.best_periods",
            )

    @property
    def has_periods(self) -> bool:
        """Whether the season adds up by periods."""
        return self.period_evenings is not None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def season_rules_from_data(data: Mapping[str, object] | None) -> SeasonRules:
    """:class:`SeasonRules` from plain data (unknown keys ignored, missing ones default)."""
    known = {f.name for f in fields(SeasonRules)}
    return SeasonRules(**{k: v for k, v in (data or {}).items() if k in known})  # type: ignore[arg-type]


def season_rules_to_data(rules: SeasonRules) -> dict[str, object]:
    """The season's rules as plain data (JSON)."""
    return {f.name: getattr(rules, f.name) for f in fields(rules)}


@dataclass(frozen=True)
class PeriodScore:
    """A member's period of the season: its ``number`` (1, 2, ...), ``score`` (the sum or
    average of the best evenings of it), the evening scores ``counted`` in it (best first),
    and whether it is one of the best periods the season counts (``in_season``)."""

    number: int
    score: float
    counted: tuple[int, ...]
    in_season: bool


@dataclass(frozen=True)
class SeasonRow(Generic[T]):
    """A member's line in the season: ``score`` by the season's rule, ``counted`` the
    evening scores it is made of, ``played`` evenings, ``total`` every point however many
    evenings (the points champion's measure), ``ranked`` whether the minimum is met, and
    ``place`` among the ranked (None for one who is not); ``periods`` each period's score
    when the season has periods (empty otherwise)."""

    member: T
    score: float
    counted: tuple[int, ...]
    played: int
    total: int
    ranked: bool
    place: int | None = None
    periods: tuple[PeriodScore, ...] = ()


def _best(scores: Sequence[int], k: int | None) -> list[int]:
    out = sorted(scores, reverse=True)
    return out if k is None else out[:k]


def _aggregate(rules: SeasonRules, scores: Sequence[float]) -> float:
    if rules.aggregate == "average":
        return sum(scores) / len(scores) if scores else 0.0
    return float(sum(scores))


def missed_score(rules: SeasonRules, evening: Mapping[T, int], *, excused: bool) -> int | None:
    """What an evening missed counts as for a member (None: not counted), by whether they
    were excused from it. An evening nobody played (none of its totals known) counts for
    nobody."""
    how: str = rules.absent
    points = rules.absent_points
    if excused and rules.excused != "absent":
        how, points = rules.excused, rules.excused_points
    if how == "none" or not evening:
        return None
    if how == "fixed":
        return points
    if how == "lowest":
        return min(evening.values())
    return 0


def period_scores(rules: SeasonRules, scores: Sequence[int | None]) -> tuple[PeriodScore, ...]:
    """A member's periods from their score of each evening of the season, in order (None: an
    evening that does not count for them), by the season's periods (:class:`SeasonRules`);
    empty for a season without periods. The best periods are marked ``in_season``; with an
    average, a period without any evening counted is none of them."""
    size = rules.period_evenings
    if size is None:
        return ()
    periods: list[PeriodScore] = []
    for number, start in enumerate(range(0, len(scores), size), start=1):
        chunk = [s for s in scores[start : start + size] if s is not None]
        best = _best(chunk, rules.period_best)
        periods.append(PeriodScore(number, _aggregate(rules, best), tuple(best), False))
    candidates = [p for p in periods if p.counted or rules.aggregate == "sum"]
    ranked = sorted(candidates, key=lambda p: (-p.score, p.number))
    chosen = {
        p.number for p in (ranked if rules.best_periods is None else ranked[: rules.best_periods])
    }
    return tuple(replace(p, in_season=p.number in chosen) for p in periods)


def season_standings(
    rules: SeasonRules,
    evenings: Sequence[Mapping[T, int]],
    *,
    excused: Sequence[frozenset[T] | set[T]] = (),
    guests: frozenset[T] | set[T] = frozenset(),
) -> tuple[SeasonRow[T], ...]:
    """The season from each evening's totals, the evenings in order (one mapping a member's
    total an evening, members absent left out; an empty mapping keeps an evening's place,
    the periods' among them, while it is not counted yet). ``excused[i]``: who was excused
    from evening i; an evening missed counts by :func:`missed_score`. Ranked first by score,
    then by total; members below the minimum follow, unranked.

    A season counts finished evenings only: a running evening's totals are not final (players
    still at their tables have 0), so the caller leaves it out (or passes it empty) until its
    last result is in.

    ``guests``: who played as guests, not members of the club: their totals are the
    evening's (its lowest score is the lowest of everyone who played), but the season is the
    members' and gives them no line."""
    members: list[T] = []
    seen: set[T] = set(guests)
    for evening in evenings:
        for m in evening:
            if m not in seen:
                seen.add(m)
                members.append(m)
    rows: list[SeasonRow[T]] = []
    for m in members:
        scores: list[int | None] = []
        played = 0
        total = 0
        for i, evening in enumerate(evenings):
            if m in evening:
                scores.append(evening[m])
                played += 1
                total += evening[m]
            else:
                is_excused = i < len(excused) and m in excused[i]
                scores.append(missed_score(rules, evening, excused=is_excused))
        periods = period_scores(rules, scores)
        if periods:
            chosen = [p for p in periods if p.in_season]
            score = _aggregate(rules, [p.score for p in chosen])
            counted = _best([s for p in chosen for s in p.counted], None)
        else:
            counted = _best([s for s in scores if s is not None], rules.best)
            score = _aggregate(rules, counted)
        rows.append(
            SeasonRow(
                m,
                score,
                tuple(counted),
                played,
                total,
                played >= rules.minimum,
                periods=periods,
            )
        )
    ranked = sorted((r for r in rows if r.ranked), key=lambda r: (-r.score, -r.total))
    out: list[SeasonRow[T]] = []
    for i, row in enumerate(ranked):
        place = i + 1
        if i and (ranked[i - 1].score, ranked[i - 1].total) == (row.score, row.total):
            place = out[-1].place or place
        out.append(_season_replace(row, place))
    out.extend(r for r in rows if not r.ranked)
    return tuple(out)


def _season_replace(row: SeasonRow[T], place: int) -> SeasonRow[T]:
    return replace(row, place=place)


def points_champion(rows: Sequence[SeasonRow[T]]) -> T | None:
    """The *puntenkampioen*: the most points over the season however many evenings (None when
    nobody played; the first of equals)."""
    if not rows:
        return None
    return max(rows, key=lambda r: r.total).member


__all__ = [
    "EveningHistory",
    "EveningRules",
    "InvalidEvening",
    "PeriodScore",
    "Placed",
    "RoundDraw",
    "RoundScore",
    "SeasonRow",
    "SeasonRules",
    "draw_individuals",
    "draw_pairs",
    "check_paper_total",
    "check_three_scores",
    "evening_ranking",
    "evening_rules_change_refusal",
    "evening_rules_from_data",
    "in_round",
    "missed_round_against",
    "missed_score",
    "period_scores",
    "points_champion",
    "prize_places",
    "round_score",
    "season_rules_from_data",
    "season_rules_to_data",
    "season_standings",
    "three_table_most",
    "three_table_result",
    "ThreeSeat",
]
