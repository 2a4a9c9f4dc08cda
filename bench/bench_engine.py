"""Engine throughput: deals a second through score_deal and play_game.

The floor is the same loop doing only the tuple arithmetic a sheet needs (adding each deal's
points to the totals), measured in the same run, so the ratio says what the rules cost.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from scoring import Deal, get_ruleset, play_game, score_deal

DEALS = 20_000


def _deals(seed: int = 7) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(DEALS):
        first = rng.choice([v for v in range(0, 163) if v not in (1, 161)])
        melds = rng.choice([((), ()), (("run3",), ()), ((), ("run4",))])
        deals.append(
            Deal(
                makers=rng.randrange(2),
                card_points=(first, 162 - first),
                melds=melds,
                belle=rng.choice([None, 0, 1]),
            )
        )
    return deals


def _best_of(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def run() -> list[str]:
    rules = get_ruleset("clabber").replace(target=10_000)
    deals = _deals()

    def floor() -> None:
        totals = (0, 0)
        for deal in deals:
            assert deal.card_points is not None
            totals = (totals[0] + deal.card_points[0], totals[1] + deal.card_points[1])

    def scored() -> None:
        for deal in deals:
            score_deal(rules, deal)

    games = [deals[i : i + 10] for i in range(0, DEALS, 10)]  # a game is about ten deals

    def game() -> None:
        for one in games:
            play_game(rules, one)

    t_floor = _best_of(5, floor)
    t_score = _best_of(5, scored)
    t_game = _best_of(5, game)
    rate = lambda t: f"{DEALS / t:,.0f} deals/s"  # noqa: E731
    return [
        f"engine floor (tuple arithmetic only): {rate(t_floor)}",
        f"engine score_deal: {rate(t_score)}  ({t_score / t_floor:.1f}x the floor)",
        f"engine play_game:  {rate(t_game)}  ({t_game / t_floor:.1f}x the floor)",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
