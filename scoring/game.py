"""A game: deals until a side reaches the target.

Words: *totals* are each side's points so far; *held points* are the points of tied deals
waiting for a winner (tie rule ``hang``); the *winner* is the side that reached the target with
the highest total. When several sides reach the target in one deal with equal highest totals,
another deal is played (sources 001 and 002).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scoring.deal import Deal, DealResult, InvalidDeal, score_deal
from scoring.rules import Ruleset


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
    target: int

    @property
    def finished(self) -> bool:
        return self.winner is not None


def game_winner(totals: Sequence[int], target: int) -> int | None:
    """The side that has won with these totals, or None while the game goes on."""
    reached = [side for side, total in enumerate(totals) if total >= target]
    if not reached:
        return None
    best = max(totals[side] for side in reached)
    leaders = [side for side in reached if totals[side] == best]
    return leaders[0] if len(leaders) == 1 else None


def play_game(rules: Ruleset, deals: Iterable[Deal]) -> GameResult:
    """Score the deals in order and say where the game stands.

    A deal after the game has been won is an :class:`InvalidDeal` (field ``game``); an invalid
    deal's message is prefixed with its number so a scorer can find it.
    """
    totals = [0] * rules.sides
    held = 0
    winner: int | None = None
    results: list[DealResult] = []
    running: list[tuple[int, ...]] = []
    for number, deal in enumerate(deals, start=1):
        if winner is not None:
            raise InvalidDeal(
                f"The game is over: side {winner + 1} won with {totals[winner]}. Deal {number} "
                "cannot be added.",
                "game",
            )
        try:
            result = score_deal(rules, deal, held=held)
        except InvalidDeal as error:
            raise InvalidDeal(f"Deal {number}: {error.message}", error.field, error.side) from None
        held = result.held
        totals = [t + p for t, p in zip(totals, result.points, strict=True)]
        results.append(result)
        running.append(tuple(totals))
        winner = game_winner(totals, rules.target)
    return GameResult(
        totals=tuple(totals),
        winner=winner,
        results=tuple(results),
        running=tuple(running),
        held=held,
        target=rules.target,
    )
