"""A game: deals until a side reaches the target.

Words: *totals* are each side's points so far; *held points* are the points of tied deals
waiting for a winner (tie rule ``hang``); the *winner* is the side that reached the target with
the highest total. When several sides reach the target in one deal with equal highest totals,
another deal is played (sources 001 and 002).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.deal import (
    Deal,
    DealResult,
    HeldOutcome,
    InvalidDeal,
    score_deal,
    side_names_for,
)
from scoring.errors import Term, gettext_noop
from scoring.rules import Ruleset
from scoring.stats import ALL_TRICKS_FIELDS, STAT_FIELDS, check_fields


@dataclass(frozen=True)
class GameResult:
    """A game as it stands after the deals given.

    ``results``: one :class:`DealResult` a deal; ``running``: each side's totals after each
    deal; ``totals``: the totals now; ``held``: points still held; ``winner``: the side that won,
    None while the game goes on.
    """

    totals: tuple[int, ...]
    winner: int | None
    results: tuple[DealResult, ...]
    running: tuple[tuple[int, ...], ...]
    held: int
    target: int | None
    #: True once the game has ended: a side won, or the last of a fixed number of deals
    #: (``Ruleset.deals``) was played.
    finished: bool = False
    #: True for a finished game of fixed deals whose highest totals are equal (no winner).
    drawn: bool = False
    #: How many deals the game has when fixed (a boom of 16), else None.
    deals: int | None = None

    def __post_init__(self) -> None:
        if self.winner is not None and not self.finished:
            object.__setattr__(self, "finished", True)


def game_winner(totals: Sequence[int], target: int | None) -> int | None:
    """The side that has won with these totals, or None while the game goes on (a game of
    fixed deals without a target: see :func:`game_end`)."""
    if target is None:
        return None
    reached = [side for side, total in enumerate(totals) if total >= target]
    if not reached:
        return None
    best = max(totals[side] for side in reached)
    leaders = [side for side in reached if totals[side] == best]
    return leaders[0] if len(leaders) == 1 else None


def game_end(rules: Ruleset, totals: Sequence[int], deals_played: int) -> tuple[bool, int | None]:
    """Whether a game has ended after ``deals_played`` deals with these totals, and its winner:
    the side that reached the target with the highest total; or, once the last of a fixed
    number of deals is played, the highest total (None when the highest totals are equal: a
    drawn game)."""
    winner = game_winner(totals, rules.target)
    if winner is not None:
        return True, winner
    if rules.deals is not None and deals_played >= rules.deals:
        best = max(totals)
        leaders = [side for side, total in enumerate(totals) if total == best]
        return True, leaders[0] if len(leaders) == 1 else None
    return False, None


def play_game(
    rules: Ruleset, deals: Iterable[Deal], *, side_names: Sequence[str] | None = None
) -> GameResult:
    """Score the deals in order and say where the game stands.

    A deal after the game has been won is an :class:`InvalidDeal` (field ``game``); an invalid
    deal's message is prefixed with its number so a scorer can find it. With ``side_names``
    (one a side) messages name the sides by them, the winner of a game that is over included.
    """
    names = side_names_for(rules, side_names)
    totals = [0] * rules.sides
    held = 0
    winner: int | None = None
    finished = False
    results: list[DealResult] = []
    running: list[tuple[int, ...]] = []
    for number, deal in enumerate(deals, start=1):
        if finished and winner is None:
            raise InvalidDeal(
                gettext_noop(
                    "The game is over: it was %(deals)d deals and ended in a draw, %(total)d "
                    "each. Deal %(number)d cannot be added."
                ),
                "game",
                code="game.over_drawn",
                params={"deals": number - 1, "total": max(totals), "number": number},
            )
        if winner is not None:
            who = (
                Term(gettext_noop("side %(number)d"), number=winner + 1)
                if names is None
                else names[winner]
            )
            raise InvalidDeal(
                gettext_noop(
                    "The game is over: %(who)s won with %(total)d. Deal %(number)d cannot be added."
                ),
                "game",
                code="game.over",
                params={"who": who, "total": totals[winner], "number": number},
            )
        try:
            result = score_deal(rules, deal, held=held, side_names=names)
        except InvalidDeal as error:
            raise InvalidDeal(
                gettext_noop("Deal %(number)d: %(message)s"),
                error.field,
                error.side,
                code="game.deal",
                params={"number": number, "message": error.term()},
            ) from None
        held = result.held
        totals = [t + p for t, p in zip(totals, result.points, strict=True)]
        results.append(result)
        running.append(tuple(totals))
        finished, winner = game_end(rules, totals, number)
    return GameResult(
        totals=tuple(totals),
        winner=winner,
        results=tuple(results),
        running=tuple(running),
        held=held,
        target=rules.target,
        finished=finished,
        drawn=finished and winner is None,
        deals=rules.deals,
    )


def stored_held_outcome(
    points: Sequence[int], made: bool | None, held: int, held_before: int
) -> HeldOutcome:
    """:attr:`DealResult.held_outcome` worked out again from what a sheet keeps of a scored
    deal: its ``points``, ``made`` and ``held`` as :func:`score_deal` gave them, and
    ``held_before``, what the deal before left held (0 for the first deal, or when unknown).

    A deal whose points hang scores nothing, is not made and leaves points held; a deal that
    leaves nothing held after some were held paid them to the side that scored most in it
    (the winner: the makers when made, else the opponent, or the side that did not renege).
    """
    if made is False and held and not any(points):
        return HeldOutcome(hung=held)
    if held_before and not held:
        taker = max(range(len(points)), key=lambda side: points[side])
        return HeldOutcome(taken_by=taker, taken=held_before)
    return HeldOutcome()


@dataclass(frozen=True)
class SideStats:
    """What one side did over a game's deals, for standings and player pages: ``points`` it
    scored, then the statistics of :data:`scoring.stats.STAT_FIELDS` (their words are there).

    ``deals``: deals scored (void ones included); ``deals_as_makers``: deals it made trump in
    (not void, no renege); ``made_as_makers``: of those, the ones it made; ``sets_suffered``:
    deals it was set in (hicks, ``XX``); ``sets_forced``: deals another side made trump in and
    was set; ``meld_points``: the meld points it scored (belle apart); ``belles``: deals it
    scored belle in; ``reneges``: deals it reneged in (``both`` counts for each side). Then the
    family's figures (:data:`scoring.stats.ALL_TRICKS_FIELDS`): ``pits``: deals it took every
    trick in where the game pays a bonus for it (klaverjas: pit); ``capots``: the same where
    it counts as a capot (belote, coinche).
    """

    points: int = 0
    deals: int = 0
    deals_as_makers: int = 0
    made_as_makers: int = 0
    sets_suffered: int = 0
    sets_forced: int = 0
    meld_points: int = 0
    belles: int = 0
    reneges: int = 0
    pits: int = 0
    capots: int = 0


#: The names of a :class:`SideStats`, as :func:`deal_stats` counts them.
SIDE_STATS_FIELDS: tuple[str, ...] = ("points", *STAT_FIELDS, *ALL_TRICKS_FIELDS)
# Written out above for mypy's sake; they must be the statistics named in scoring.stats.
check_fields("SideStats", SideStats.__dataclass_fields__, SIDE_STATS_FIELDS)


def deal_stats(rules: Ruleset, deal: Deal, result: DealResult) -> list[dict[str, int]]:
    """What one scored deal adds to each side's :class:`SideStats`, as plain counts."""
    counts = [dict.fromkeys(SIDE_STATS_FIELDS, 0) for _ in range(rules.sides)]
    for side, row in enumerate(counts):
        row["points"] = result.points[side]
        row["deals"] = 1
        row["reneges"] = int(deal.renege == "both" or deal.renege == side)
        if result.void:
            continue
        belle = rules.belle_value if deal.belle == side else 0
        row["belles"] = int(bool(belle))
        if deal.renege is not None:
            # Card points are ignored on a renege: what is combined is melds and belle.
            row["meld_points"] = result.combined[side] - belle
            continue
        assert deal.card_points is not None and deal.makers is not None
        # Every trick taken (as entered, or as the card points or tricks say: the result's),
        # where the game pays for it (the makers always; the opponents when the ruleset lets
        # them earn it too: tegenpit).
        took_all = (
            rules.all_tricks != "none"
            and result.all_tricks == side
            and (side == deal.makers or rules.all_tricks_defenders)
        )
        row["pits"] = int(took_all and rules.all_tricks == "bonus")
        row["capots"] = int(took_all and rules.all_tricks == "capot")
        # What the side's melds were worth: the pit's bonus is no meld (it is counted above).
        pit_bonus = rules.all_tricks_value if row["pits"] else 0
        row["meld_points"] = (
            result.meld_points[side] - belle - pit_bonus if result.meld_points else 0
        )
        # The makers lost the deal to another side: a set (XX, a klaverjas nat, a belote
        # dedans), whatever they kept (belote-rebelote under belle_on_set "kept"); a tie that
        # hangs or waits as a litige is no set.
        set_mark = result.made is False and result.winner is not None
        if deal.makers == side:
            row["deals_as_makers"] = 1
            row["made_as_makers"] = int(bool(result.made))
            row["sets_suffered"] = int(set_mark)
        else:
            row["sets_forced"] = int(set_mark)
    return counts


def add_stats(
    totals: Sequence[dict[str, int]], more: Sequence[dict[str, int]]
) -> list[dict[str, int]]:
    """Side by side sums of two lists of :class:`SideStats` counts (an empty list is zeros)."""
    if not totals:
        return [dict(row) for row in more]
    return [{k: a.get(k, 0) + v for k, v in b.items()} for a, b in zip(totals, more, strict=True)]


def side_stats(rules: Ruleset, deals: Sequence[Deal], game: GameResult) -> tuple[SideStats, ...]:
    """Each side's :class:`SideStats` over ``deals`` as :func:`play_game` scored them."""
    counts: list[dict[str, int]] = []
    for deal, result in zip(deals, game.results, strict=True):
        counts = add_stats(counts, deal_stats(rules, deal, result))
    if not counts:
        counts = [dict.fromkeys(SIDE_STATS_FIELDS, 0) for _ in range(rules.sides)]
    return tuple(SideStats(**row) for row in counts)
