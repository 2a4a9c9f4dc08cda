"""A match: two sides over one game or several, and its result from its games.

Words:

- *match*: two sides, ``0`` (home) and ``1`` (away), meeting in a round: a league fixture, a
  tournament's bracket, pool or Swiss match. A side is an entrant (in a rotation, two players).
- *match format* (:class:`MatchFormat`): ``games`` games a match and how they decide it.
  *Fixed* (``best_of=False``): the match is over once ``games`` games are finished; the side
  that won more of them wins, equal is a draw. *Best of* (``best_of=True``): the match is over
  as soon as a side has won a majority of ``games`` (2 of 3, 3 of 5), so it is never drawn;
  ``games`` is odd. ``MatchFormat()`` is the one-game match: over when its game is won.
- *game outcome* (:class:`GameOutcome`): one game of the match as it stands: each side's
  totals, the winner (None while it is played) and each side's statistics
  (:data:`scoring.stats.STAT_FIELDS`). Only finished games count towards games won and game
  points; the statistics of every game count, finished or not.
- *paper sheet* (:func:`typed_games`): the totals of a match played on paper, one pair a game,
  each a finished game.
- *concession* (:class:`Concession`): a forfeit, or a no-show, by one side: the other side wins
  by the score the organiser chose. It decides the match whatever its format, and its one
  score stands for the whole match: one game won, those game points, no statistics. Games
  played before it (a withdrawal during a match) stay on the record but do not count.
- *result* (:class:`MatchResult`): whether the match is ``finished``, its ``winner`` (None: a
  draw, or not finished) and each side's :class:`SideResult`: ``win`` / ``draw`` / ``loss``
  (None while the match goes on) and the :data:`scoring.stats.MATCH_COUNTS` a standings row
  carries (games won and lost, game points for and against, the statistics).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from scoring.deal import most_points_in_a_deal
from scoring.errors import EngineError, gettext_noop
from scoring.formats import BEST_OF_ODD, MATCH_LENGTH, MAX_GAMES, InvalidFormat
from scoring.game import game_winner
from scoring.rules import Ruleset
from scoring.standings import Result
from scoring.stats import STAT_FIELDS, sum_stats, zero_stats

SIDES = (0, 1)


class InvalidMatch(EngineError):
    """A match result that cannot stand: typed totals that are not finished games, a forfeit
    that does not favour its winner. ``field`` names what to change (``scores``, ``side``,
    ``score``)."""


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class MatchFormat:
    """How long a match is: ``games`` games (1 to :data:`scoring.formats.MAX_GAMES`), all of
    them played (``best_of=False``) or until a side has won most of them (``best_of=True``,
    an odd number). Refuses anything else with :class:`scoring.formats.InvalidFormat`."""

    games: int = 1
    best_of: bool = False

    def __post_init__(self) -> None:
        if not _is_whole(self.games) or not 1 <= self.games <= MAX_GAMES:
            raise InvalidFormat(MATCH_LENGTH, "games_per_match", code="format.match_length")
        if self.best_of and self.games % 2 == 0:
            # A best of 2 that stands at 1-1 could never end.
            raise InvalidFormat(BEST_OF_ODD, "games_per_match", code="format.best_of_odd")

    @property
    def majority(self) -> int:
        """Games a side must win to take a best-of match (2 of 3)."""
        return self.games // 2 + 1


@dataclass(frozen=True)
class GameOutcome:
    """One game of a match as it stands. ``totals``: each side's points (may be empty for a
    game with no deal yet); ``winner``: 0 or 1 once the game is won, else None;
    ``side_stats``: each side's statistics, a mapping holding at least the
    :data:`~scoring.stats.STAT_FIELDS` (as :func:`scoring.game.side_stats` gives them, or as
    stored), or empty when the game has none."""

    totals: tuple[int, ...] = ()
    winner: int | None = None
    side_stats: tuple[Mapping[str, int], ...] = ()
    #: A finished game of a fixed number of deals (a boom, a partie) with equal totals: played,
    #: won by nobody; a match counts it as a drawn game.
    drawn: bool = False

    def __post_init__(self) -> None:
        # Accept lists (from JSON) but keep the outcome immutable.
        if not isinstance(self.totals, tuple):
            object.__setattr__(self, "totals", tuple(self.totals))
        if not isinstance(self.side_stats, tuple):
            object.__setattr__(self, "side_stats", tuple(self.side_stats))
        # What follows is a caller's bug, not a user's mistake.
        if self.winner is not None and (self.winner not in SIDES or len(self.totals) != 2):
            raise ValueError(
                f"a finished game has two totals and a winner 0 or 1, not {self.totals!r} "
                f"won by {self.winner!r}"
            )
        if self.side_stats and len(self.side_stats) != 2:
            raise ValueError(f"give each of the 2 sides' statistics, not {self.side_stats!r}")
        if self.drawn and (self.winner is not None or len(self.totals) != 2):
            raise ValueError(f"a drawn game has two totals and no winner, not {self.totals!r}")

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @classmethod
    def from_sheet(cls, totals: Sequence[int]) -> GameOutcome:
        """A finished game from the totals kept of it (side 0's first): the side with more
        points won it. For totals already checked when they were typed (:func:`typed_games`);
        equal totals can only be kept of a game of fixed deals: a drawn game."""
        a, b = totals
        if a == b:
            return cls(totals=(a, b), drawn=True)
        return cls(totals=(a, b), winner=0 if a > b else 1)


@dataclass(frozen=True)
class Concession:
    """A forfeit (or, with ``no_show``, a no-show) by ``side``: the other side wins the match
    by ``score``, the winner's points first, as the organiser chose it (``(500, 0)``).
    Refuses a side that is not 0 or 1, and a score that does not favour the winner, with an
    :class:`InvalidMatch` naming ``side`` or ``score``."""

    side: int
    score: tuple[int, int]
    no_show: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.score, tuple):
            object.__setattr__(self, "score", tuple(self.score))
        if self.side not in SIDES or not _is_whole(self.side):
            raise InvalidMatch(
                gettext_noop("Say which side forfeits."), "side", code="match.forfeit_side"
            )
        winner_points, loser_points = self.score
        if winner_points < 0 or loser_points < 0 or winner_points <= loser_points:
            raise InvalidMatch(
                gettext_noop("A forfeit score gives the winner more points than the loser."),
                "score",
                code="match.forfeit_score",
            )

    @property
    def winner(self) -> int:
        return 1 - self.side

    @property
    def side_scores(self) -> tuple[int, int]:
        """The score in side order (side 0's points first), as a sheet keeps totals."""
        winner_points, loser_points = self.score
        return (loser_points, winner_points) if self.side == 0 else (winner_points, loser_points)


def forfeit_score(target: int) -> tuple[int, int]:
    """The score a conceded match is given unless the organiser chooses another: the game's
    ``target`` to nothing, the winner's points first (a withdrawal's matches are given it)."""
    return (target, 0)


@dataclass(frozen=True)
class SideResult:
    """One side's part of a match result: ``result`` (``win``, ``draw``, ``loss``; None while
    the match goes on), games won and lost, game points for and against, and ``stats``: the
    :data:`~scoring.stats.STAT_FIELDS` summed over the match's games."""

    result: Result | None
    games_won: int
    games_lost: int
    points_for: int
    points_against: int
    stats: Mapping[str, int]

    def counts(self) -> dict[str, int]:
        """Every :data:`scoring.stats.MATCH_COUNTS` figure by name: what a stored result row or
        a :class:`scoring.standings.MatchRow` takes."""
        return {
            "games_won": self.games_won,
            "games_lost": self.games_lost,
            "points_for": self.points_for,
            "points_against": self.points_against,
            **{name: self.stats[name] for name in STAT_FIELDS},
        }


@dataclass(frozen=True)
class MatchResult:
    """A match as its games leave it. ``finished``: the match is over; ``winner``: the side
    that won it (None for a draw, or while it goes on); ``played``: the games that count as
    played (finished games, or the typed ones; a concession's one); ``sides``: each side's
    :class:`SideResult`; ``concession``: the forfeit that decided it, if one did."""

    finished: bool
    winner: int | None
    played: int
    sides: tuple[SideResult, SideResult]
    concession: Concession | None = None

    @property
    def drawn(self) -> bool:
        return self.finished and self.winner is None


def paper_ceiling(rules: Ruleset) -> int:
    """The highest total a side can have at the end of a game under ``rules``: the target plus
    twice the most one deal can score (:func:`scoring.deal.most_points_in_a_deal`).

    A game ends on the first deal that leaves one side alone on top at the target or past it.
    Before that deal every side was under the target, so a side ends under the target plus
    one deal's most. Twice that allows for a deal more when the sides were tied on top at the
    target, or for the points of a tied deal that hung and were taken with the next: more
    than any game played by these rules reaches (a game to 500 of Klaberjass: at most 1314),
    while a total of 100000 is a slip of the pen. A game of a fixed number of deals without a
    target (a boom of 16) ends below that many deals' most."""
    if rules.target is None:
        assert rules.deals is not None
        return rules.deals * most_points_in_a_deal(rules)
    return rules.target + 2 * most_points_in_a_deal(rules)


def typed_games(
    fmt: MatchFormat,
    scores: Sequence[Sequence[int]],
    target: int | None,
    *,
    ceiling: int | None = None,
) -> tuple[GameOutcome, ...]:
    """The games of a match played on paper, from its totals (one ``(side 0, side 1)`` pair a
    game, in order) under a game to ``target``. Each pair must be a finished game (a side on
    the target or more, ahead of the other), no total above ``ceiling`` when given (the
    ruleset's :func:`paper_ceiling`), and there must be one pair for each of ``fmt.games``;
    else :class:`InvalidMatch` (field ``scores``). With ``target`` None the game is a fixed
    number of deals (a boom): the higher total wins, equal totals are a drawn game."""
    expected = fmt.games
    if len(scores) != expected:
        raise InvalidMatch(
            gettext_noop(
                "This competition plays %(games)d game(s) a match: give %(games)d score(s), one "
                "a line."
            ),
            "scores",
            code="match.typed_count",
            params={"games": expected},
        )
    games = []
    for number, pair in enumerate(scores, start=1):
        a, b = pair
        if a < 0 or b < 0:
            raise InvalidMatch(
                gettext_noop("Game %(number)s: scores cannot be negative."),
                "scores",
                code="match.typed_negative",
                params={"number": number},
            )
        if ceiling is not None and max(a, b) > ceiling and target is None:
            raise InvalidMatch(
                gettext_noop(
                    "Game %(number)s: %(total)s is more than a game of these rules can reach (at "
                    "most %(ceiling)s): check the sheet."
                ),
                "scores",
                code="match.typed_too_high_deals",
                params={"number": number, "total": max(a, b), "ceiling": ceiling},
            )
        if target is None:
            games.append(
                GameOutcome(totals=(a, b), winner=None if a == b else int(b > a), drawn=a == b)
            )
            continue
        if ceiling is not None and max(a, b) > ceiling:
            raise InvalidMatch(
                gettext_noop(
                    "Game %(number)s: %(total)s is more than a game to %(target)s can reach by "
                    "these rules (at most %(ceiling)s): check the sheet."
                ),
                "scores",
                code="match.typed_too_high",
                params={"number": number, "total": max(a, b), "target": target, "ceiling": ceiling},
            )
        winner = game_winner((a, b), target)
        if winner is None:
            raise InvalidMatch(
                gettext_noop(
                    "Game %(number)s: a finished game has one side on %(target)s or more, ahead of"
                    " the other; %(a)s–%(b)s is not finished."
                ),
                "scores",
                code="match.typed_unfinished",
                params={"number": number, "target": target, "a": a, "b": b},
            )
        games.append(GameOutcome(totals=(a, b), winner=winner))
    return tuple(games)


def match_result(
    fmt: MatchFormat, games: Sequence[GameOutcome], *, concession: Concession | None = None
) -> MatchResult:
    """The result of a match of format ``fmt`` from its ``games`` (in any order), or from a
    ``concession``, which decides it whatever the games say (they are then not counted).

    Fixed format: over once ``fmt.games`` games are finished. Best of: over once a side has
    won a majority of ``fmt.games``. Over, the side that won more games wins; equal is a draw.
    """
    games_won = [0, 0]
    points = [0, 0]
    stats = [zero_stats(), zero_stats()]
    if concession is not None:
        played = 1
        games_won[concession.winner] = 1
        points = list(concession.side_scores)
        finished = True
        winner: int | None = concession.winner
    else:
        played = 0
        for side in SIDES:
            stats[side] = sum_stats(
                game.side_stats[side] if game.side_stats else None for game in games
            )
        for game in games:
            if game.winner is None and not game.drawn:
                continue
            played += 1
            if game.winner is not None:
                games_won[game.winner] += 1
            points[0] += game.totals[0]
            points[1] += game.totals[1]
        # Best of N: over once a side has won a majority of the N; else once N are played.
        finished = max(games_won) >= fmt.majority if fmt.best_of else played >= fmt.games
        winner = None
        if finished and games_won[0] != games_won[1]:
            winner = 0 if games_won[0] > games_won[1] else 1
    results: list[Result | None] = [None, None]
    if finished:
        results = ["draw", "draw"] if winner is None else ["loss", "loss"]
        if winner is not None:
            results[winner] = "win"
    return MatchResult(
        finished=finished,
        winner=winner,
        played=played,
        sides=(
            _side(results[0], games_won, points, stats[0], 0),
            _side(results[1], games_won, points, stats[1], 1),
        ),
        concession=concession,
    )


def _side(
    result: Result | None,
    games_won: list[int],
    points: list[int],
    stats: dict[str, int],
    side: int,
) -> SideResult:
    other = 1 - side
    return SideResult(
        result=result,
        games_won=games_won[side],
        games_lost=games_won[other],
        points_for=points[side],
        points_against=points[other],
        stats=MappingProxyType(stats),
    )
