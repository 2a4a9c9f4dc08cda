"""Ratings: how strong each player and each partnership is, learnt from the games they won and
lost. Pure Python, no Django; the maths is the openskill library's Plackett-Luce model.

Words:

- *player*: a player's id, an ``int`` (the database's key). *pair*: two partners of a
  four-hand partnership game as one entity, the ``frozenset`` of their two ids, so that
  ``{a, b}`` and ``{b, a}`` are the same pair.
- *side*: the players who win or lose a game together, a tuple of player ids: one player in
  two-hand, the two partners in four-hand partnerships, and three sides of one player each in
  three-hand. A game's ``sides`` are in the order the game keeps them (side 0, side 1, ...).
- *rating*: what the model believes of a player's (or a pair's) skill, a bell curve: ``mu`` is
  its middle, the best guess; ``sigma`` its width, how unsure the guess still is. A newcomer
  starts at ``mu`` 25 and ``sigma`` 8.33 (:data:`NEWCOMER`). Winning moves ``mu`` up, losing
  moves it down, the more so the more surprising the result was; every game played narrows
  ``sigma``.
- *conservative rating*: ``mu - 3 * sigma``, "at least this good, almost surely": under the
  model's bell curve a player's skill is above it with 99.87 % certainty. A newcomer's is 0; it
  rises as games make the model sure of a player, so one lucky win cannot put anybody at the
  top of the list. Lists and seedings sort by it. It is openskill's ``ordinal()``.
- *finished game*: a game with a winner. A Klaberjass game cannot end level: when two sides
  reach the target with the same total another deal is played (:mod:`scoring.game`), so there
  are no draws to rate. A game still going on (winner None), and an abandoned one, is not
  rated at all.
- *expected*: the chance the model gave a side of winning just before the game (openskill's
  ``predict_win``); *actual*: 1 for the winning side, 0 for the others (with explicit ranks,
  a first place shared by k sides is 1/k each).
- *change*: the conservative rating after a game less the one before. A loser's ``mu`` never
  rises, but its ``sigma`` narrows, so a loss the model expected can still nudge a conservative
  rating up a little.
- *history*: every rated game in order, each with a :class:`Change` for every player (and every
  pair, in partnership games).

How a game is rated:

- Two sides: openskill's ``PlackettLuce.rate`` on the two sides, the winner ranked first.
- Three or more sides with one winner (three-hand): the game only says that the winner beat
  each of the others, nothing about who of the others did better. So it is rated as duels, each
  the model's two-side ``rate`` from the ratings before the game: every loser takes the result
  of its duel with the winner, the winner the sum of its duels' changes to ``mu`` and the product
  of their narrowings of ``sigma``. (The model's own "losers tied for second" would treat a weak
  loser as having drawn with a strong one and raise its ``mu``.)
- Explicit ranks (lower is better, equal is level): the model's ``rate`` with those ranks, as
  it is. Only the caller who knows more than the winner (three-hand places by final totals)
  needs these; a side that came second of three may then gain.
- Partnerships: when every side is a pair, each pair is also rated as one entity against the
  other pairs, beside its players' own ratings (the pair rating says how well these two play
  together).

Model settings (:data:`MODEL`): openskill's defaults, except that ``sigma`` may never grow in
a game (``limit_sigma``): the model's ``tau`` widens every rating a little before each game so
ratings keep moving; with the limit a rating is never less sure after a game than before it.
"""

from __future__ import annotations

import contextlib
import gc
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from openskill.models import PlackettLuce
from openskill.models.weng_lin.common import phi_major

PlayerId = int
Pair = frozenset[int]
Entity = PlayerId | Pair
Side = tuple[PlayerId, ...]

MU = 25.0
"""A newcomer's ``mu`` (openskill's default)."""
SIGMA = MU / 3
"""A newcomer's ``sigma`` (openskill's default)."""
BETA = MU / 6
"""How much one game's result varies around the skills (openskill's default)."""
TAU = MU / 300
"""How much every rating widens before a game, so old ratings keep moving (openskill's
default)."""
Z = 3.0
"""How many ``sigma`` the conservative rating takes off ``mu``."""

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, limit_sigma=True)
"""The model every rating here follows. Its maths is done on plain numbers by
:func:`model_rate` and :func:`model_predict_win`, the same steps in the same order (so the
same floats to the last bit; a test checks it against ``MODEL.rate`` and ``predict_win``):
the model's own ``rate`` deep-copies every rating and gives each copy a fresh uuid4, most of
a rebuild's time. (Never pass ``limit_sigma`` to its ``rate``: that changes the model for every
later call.)"""

_BETA_SQUARED: float = MODEL.beta**2
_TWO_BETA_SQUARED: float = 2 * MODEL.beta**2
_TAU_SQUARED: float = MODEL.tau * MODEL.tau
_KAPPA: float = MODEL.kappa


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's or a pair's rating: ``mu`` the best guess of the skill, ``sigma`` how unsure
    it is (see the module's words)."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def conservative(self) -> float:
        """``mu - 3 * sigma``: a skill the player is almost surely above (openskill's
        ``ordinal()``). Sorts lists and seedings."""
        return self.mu - Z * self.sigma


Team = Sequence[Rating]


def _team_sums(team: Team) -> tuple[float, float]:
    """The model's rating of a team: its members' ``mu`` and ``sigma`` squared added up,
    strongest (by conservative rating) first, as the model adds them (the order only matters
    to the last bit, and only with three or more members)."""
    if len(team) > 2:
        team = sorted(team, key=lambda r: r.mu - Z * r.sigma, reverse=True)
    mu = 0.0
    sigma_squared = 0.0
    for member in team:
        mu += member.mu
        sigma_squared += member.sigma**2
    return mu, sigma_squared


def _widened(team: Team) -> list[float]:
    """Each member's ``sigma`` widened by ``tau``, as the model widens every rating before a
    game (its ``mu`` stays): plain numbers, not ratings, inside a rebuild's hottest steps."""
    return [math.sqrt(r.sigma * r.sigma + _TAU_SQUARED) for r in team]


def _wide_sums(team: Team, wide: Sequence[float]) -> tuple[float, float]:
    """:func:`_team_sums` of ``team`` with its members' widened ``sigma`` (:func:`_widened`):
    the same sums, in the same order, to the last bit."""
    order: Sequence[int] = range(len(team))
    if len(team) > 2:
        order = sorted(order, key=lambda i: team[i].mu - Z * wide[i], reverse=True)
    mu = 0.0
    sigma_squared = 0.0
    for i in order:
        mu += team[i].mu
        sigma_squared += wide[i] ** 2
    return mu, sigma_squared


def model_rate(teams: Sequence[Team], ranks: Sequence[float]) -> list[list[Rating]]:
    """The ratings after a game: ``MODEL.rate(teams, ranks=ranks)`` worked out on plain
    numbers (openskill 6's Plackett-Luce with the model's settings, no weights, no scores).
    Ranks are the model's: lower is better, and it keeps only their whole part."""
    k = len(teams)
    if k == 2 and int(ranks[0]) != int(ranks[1]):
        return _rate_duel(teams, ranks)
    # The model widens every rating by tau before the game.
    widened = [_widened(team) for team in teams]
    # Teams best rank first (a stable sort, as the model's), worked out in that order.
    order = sorted(range(k), key=ranks.__getitem__)
    rank = [int(ranks[i]) for i in order]
    sums = [_wide_sums(teams[i], widened[i]) for i in order]
    collective = 0.0
    for _, sigma_squared in sums:
        collective += sigma_squared + _BETA_SQUARED
    c = math.sqrt(collective)
    exps = [math.exp(mu / c) for mu, _ in sums]
    sum_q = [0.0] * k
    for i in range(k):
        for q in range(k):
            if rank[i] >= rank[q]:
                sum_q[q] += exps[i]
    shared = [rank.count(r) for r in rank]
    out: list[list[Rating]] = [[] for _ in teams]
    for i in range(k):
        omega = 0.0
        delta = 0.0
        for q in range(k):
            if rank[q] <= rank[i]:
                share = exps[i] / sum_q[q]
                delta += share * (1 - share) / shared[q]
                if q == i:
                    omega += (1 - share) / shared[q]
                else:
                    omega -= share / shared[q]
        team_sigma_squared = sums[i][1]
        omega *= team_sigma_squared / c
        delta *= team_sigma_squared / c**2
        delta *= math.sqrt(team_sigma_squared) / c  # the model's gamma
        index = order[i]
        out[index] = _rate_team(teams[index], widened[index], team_sigma_squared, omega, delta)
    return out


def _rate_team(
    team: Team, wide: Sequence[float], team_sigma_squared: float, omega: float, delta: float
) -> list[Rating]:
    """A team's members' ratings after the game from the team's ``omega`` (how far its ``mu``
    moves) and ``delta`` (how much its ``sigma`` narrows), each member's share by its own
    variance (``wide``: each member's widened ``sigma``); ``sigma`` never grows
    (``limit_sigma``)."""
    rated = []
    for before, sigma_wide in zip(team, wide, strict=True):
        weight = sigma_wide**2 / team_sigma_squared
        sigma = sigma_wide * math.sqrt(max(1 - weight * delta, _KAPPA))
        rated.append(Rating(before.mu + weight * omega, min(sigma, before.sigma)))
    return rated


def _rate_duel(teams: Sequence[Team], ranks: Sequence[float]) -> list[list[Rating]]:
    """:func:`model_rate` of two teams of different ranks: its steps with the loops unrolled
    and the steps that change nothing left out (adding 0.0, dividing by 1, a team's own share
    of its own sum, 1.0), for the same floats sooner: the rebuild's most frequent call."""
    swap = ranks[1] < ranks[0]
    better, worse = (teams[1], teams[0]) if swap else (teams[0], teams[1])
    wide_better = _widened(better)
    wide_worse = _widened(worse)
    mu_better, sigma_squared_better = _wide_sums(better, wide_better)
    mu_worse, sigma_squared_worse = _wide_sums(worse, wide_worse)
    c = math.sqrt((sigma_squared_better + _BETA_SQUARED) + (sigma_squared_worse + _BETA_SQUARED))
    exp_better = math.exp(mu_better / c)
    exp_worse = math.exp(mu_worse / c)
    both = exp_better + exp_worse
    share = exp_better / both
    omega = (1 - share) * (sigma_squared_better / c)
    delta = (
        share * (1 - share) * (sigma_squared_better / c**2) * (math.sqrt(sigma_squared_better) / c)
    )
    rated_better = _rate_team(better, wide_better, sigma_squared_better, omega, delta)
    share = exp_worse / both
    omega = -share * (sigma_squared_worse / c)
    delta = (
        share * (1 - share) * (sigma_squared_worse / c**2) * (math.sqrt(sigma_squared_worse) / c)
    )
    rated_worse = _rate_team(worse, wide_worse, sigma_squared_worse, omega, delta)
    return [rated_worse, rated_better] if swap else [rated_better, rated_worse]


def model_predict_win(teams: Sequence[Team]) -> list[float]:
    """Each team's chance of winning: ``MODEL.predict_win(teams)`` on plain numbers."""
    n = len(teams)
    sums = [_team_sums(team) for team in teams]
    if n == 2:
        (mu_a, sigma_a), (mu_b, sigma_b) = sums
        result = phi_major((mu_a - mu_b) / math.sqrt(_TWO_BETA_SQUARED + sigma_a + sigma_b))
        return [result, 1 - result]
    pairwise = [
        phi_major((mu_a - mu_b) / math.sqrt(_TWO_BETA_SQUARED + sigma_a + sigma_b))
        for a, (mu_a, sigma_a) in enumerate(sums)
        for b, (mu_b, sigma_b) in enumerate(sums)
        if a != b
    ]
    wins = [sum(pairwise[i * (n - 1) : (i + 1) * (n - 1)]) / (n - 1) for i in range(n)]
    total = sum(wins)
    return [w / total for w in wins]


NEWCOMER = Rating()
"""The rating of a player (or pair) with no rated game."""


@dataclass(frozen=True)
class Ratings:
    """Everybody's rating at one moment: ``players`` by id, ``pairs`` by the frozen pair. Whoever
    is missing has played no rated game and is a :data:`NEWCOMER`."""

    players: Mapping[PlayerId, Rating] = field(default_factory=dict)
    pairs: Mapping[Pair, Rating] = field(default_factory=dict)

    def player(self, player: PlayerId) -> Rating:
        return self.players.get(player, NEWCOMER)

    def pair(self, pair: Pair) -> Rating:
        return self.pairs.get(pair, NEWCOMER)


@dataclass(frozen=True)
class Change:
    """One player's (or one pair's) rating across one game.

    ``who``: the player id, or the pair; ``side``: the side index in the game; ``before`` and
    ``after``: the ratings; ``opponents``: each opponent (players on the other sides, or the
    other pairs) with its rating before the game; ``expected``: the chance the model gave this
    side of winning; ``actual``: 1 won, 0 lost.
    """

    game: int | None
    who: Entity
    side: int
    before: Rating
    after: Rating
    opponents: tuple[tuple[Entity, Rating], ...]
    expected: float
    actual: float

    @property
    def change(self) -> float:
        """The conservative rating after the game less the one before it."""
        return self.after.conservative - self.before.conservative

    @property
    def mu_change(self) -> float:
        return self.after.mu - self.before.mu


@dataclass(frozen=True)
class RatedGame:
    """What one game did: a :class:`Change` for every player (side by side, in seat order) and,
    when every side is a pair, for every pair (in side order; else empty)."""

    game: int | None
    players: tuple[Change, ...]
    pairs: tuple[Change, ...]


Outcome = int | Sequence[float]
"""Who won: the winning side's index, or ranks, one per side (lower is better, equal is level)."""


def _check(sides: Sequence[Side], outcome: Outcome) -> list[float]:
    """The ranks for ``outcome`` after checking the game makes sense (a bad game is a bug of
    the caller's, not a user's mistake: ValueError)."""
    if len(sides) < 2:
        raise ValueError(f"A game has at least two sides; got {len(sides)}.")
    seen: set[PlayerId] = set()
    for side in sides:
        if not side:
            raise ValueError("A side has at least one player.")
        for player in side:
            if player in seen:
                raise ValueError(f"Player {player} is on two sides (or twice on one).")
            seen.add(player)
    if isinstance(outcome, int):
        if not 0 <= outcome < len(sides):
            raise ValueError(f"Winner {outcome} is not a side of a {len(sides)}-side game.")
        return [0.0 if i == outcome else 1.0 for i in range(len(sides))]
    ranks = [float(r) for r in outcome]
    if len(ranks) != len(sides) or not all(math.isfinite(r) for r in ranks):
        raise ValueError(f"Ranks {list(outcome)} do not give one finite rank a side.")
    return ranks


def _lone_winner(ranks: Sequence[float]) -> int | None:
    best = min(ranks)
    firsts = [i for i, r in enumerate(ranks) if r == best]
    return firsts[0] if len(firsts) == 1 else None


def _actual(ranks: Sequence[float]) -> list[float]:
    best = min(ranks)
    shared = list(ranks).count(best)
    return [1.0 / shared if r == best else 0.0 for r in ranks]


def _rate_teams(
    teams: list[list[Rating]], ranks: list[float], by_winner: bool
) -> list[list[Rating]]:
    """New ratings for the teams: the model's ``rate``, or duels for a lone winner among
    three or more sides (see the module's words)."""
    winner = _lone_winner(ranks) if by_winner and len(teams) > 2 else None
    if winner is None:
        return model_rate(teams, ranks)
    out: list[list[Rating]] = [[] for _ in teams]
    mu_gain = [0.0] * len(teams[winner])
    narrowing = [1.0] * len(teams[winner])
    for loser in range(len(teams)):
        if loser == winner:
            continue
        won, lost = model_rate([teams[winner], teams[loser]], [0.0, 1.0])
        out[loser] = lost
        for j, (before, after) in enumerate(zip(teams[winner], won, strict=True)):
            mu_gain[j] += after.mu - before.mu
            narrowing[j] *= after.sigma / before.sigma
    out[winner] = [
        Rating(before.mu + gain, before.sigma * factor)
        for before, gain, factor in zip(teams[winner], mu_gain, narrowing, strict=True)
    ]
    return out


_new_object = object.__new__
_set_attribute = object.__setattr__


def _change(
    game: int | None,
    who: Entity,
    side: int,
    before: Rating,
    after: Rating,
    opponents: tuple[tuple[Entity, Rating], ...],
    expected: float,
    actual: float,
) -> Change:
    """``Change(game, who, side, before, after, opponents, expected, actual)``, the same
    object made in half the time: its attributes set in one step rather than one frozen
    ``__setattr__`` each (a rebuild makes one for every player and pair of every game)."""
    change = _new_object(Change)
    _set_attribute(
        change,
        "__dict__",
        {
            "game": game,
            "who": who,
            "side": side,
            "before": before,
            "after": after,
            "opponents": opponents,
            "expected": expected,
            "actual": actual,
        },
    )
    return change


def _changes(
    game: int | None,
    who: Sequence[Sequence[Entity]],
    before: list[list[Rating]],
    after: list[list[Rating]],
    expected: Sequence[float],
    actual: Sequence[float],
) -> tuple[Change, ...]:
    if len(who) == 2:  # most games, spelt out: each side's opponents are the other side
        members_0, members_1 = who
        before_0, before_1 = before
        after_0, after_1 = after
        opponents_1 = tuple(zip(members_0, before_0, strict=True))
        opponents_0 = tuple(zip(members_1, before_1, strict=True))
        expected_0, expected_1 = expected
        actual_0, actual_1 = actual
        changes = [
            _change(game, m, 0, b, a, opponents_0, expected_0, actual_0)
            for m, b, a in zip(members_0, before_0, after_0, strict=True)
        ]
        changes += [
            _change(game, m, 1, b, a, opponents_1, expected_1, actual_1)
            for m, b, a in zip(members_1, before_1, after_1, strict=True)
        ]
        return tuple(changes)
    # Each side's members with their ratings before: the opponents of the other sides.
    entries = [
        tuple(zip(members, ratings, strict=True))
        for members, ratings in zip(who, before, strict=True)
    ]
    changes = []
    for side, members in enumerate(who):
        opponents = tuple(e for other, es in enumerate(entries) if other != side for e in es)
        for member, rating_before, rating_after in zip(
            members, before[side], after[side], strict=True
        ):
            changes.append(
                _change(
                    game,
                    member,
                    side,
                    rating_before,
                    rating_after,
                    opponents,
                    expected[side],
                    actual[side],
                )
            )
    return tuple(changes)


def _rate(
    player: Callable[[PlayerId], Rating],
    pair: Callable[[Pair], Rating],
    sides: Sequence[Side],
    outcome: Outcome,
    game: int | None,
) -> RatedGame:
    """One game rated from the ratings ``player`` and ``pair`` look up: the one step both
    :func:`rate_game` and :func:`rebuild` take, so that the two always agree."""
    ranks = _check(sides, outcome)
    by_winner = isinstance(outcome, int)
    before = [[player(p) for p in side] for side in sides]
    after = _rate_teams(before, ranks, by_winner)
    expected = model_predict_win(before)
    actual = _actual(ranks)
    players = _changes(game, sides, before, after, expected, actual)
    pairs: tuple[Change, ...] = ()
    if all(len(side) == 2 for side in sides):
        keys = [frozenset(side) for side in sides]
        pairs_before = [[pair(k)] for k in keys]
        pairs_after = _rate_teams(pairs_before, ranks, by_winner)
        expected = model_predict_win(pairs_before)
        pairs = _changes(game, [[k] for k in keys], pairs_before, pairs_after, expected, actual)
    return RatedGame(game=game, players=players, pairs=pairs)


def rate_game(
    ratings: Ratings,
    sides: Sequence[Side],
    winner_or_ranks: Outcome,
    *,
    game: int | None = None,
) -> tuple[Ratings, RatedGame]:
    """Rate one finished game: the ratings after it (``ratings`` itself is left as it was) and
    what it changed for each player and pair.

    ``winner_or_ranks``: the winning side's index (a finished Klaberjass game always has one),
    or ranks, one per side, lower is better. ``game``: the game's id, kept in the record.
    """
    rated = _rate(ratings.player, ratings.pair, sides, winner_or_ranks, game)
    players = dict(ratings.players)
    players.update((c.who, c.after) for c in rated.players if isinstance(c.who, int))
    pairs = dict(ratings.pairs)
    pairs.update((c.who, c.after) for c in rated.pairs if isinstance(c.who, frozenset))
    return Ratings(players=players, pairs=pairs), rated


class Ordered(Protocol):
    """Anything that sorts (a datetime, a number): a game's ``played_at``."""

    def __lt__(self, other: Any, /) -> bool: ...


@dataclass(frozen=True)
class FinishedGame:
    """A game as :func:`rebuild` reads it: ``id``; ``played_at``, what puts games in order (ties
    go by ``id``); ``sides``; ``winner``, the winning side's index (None: not finished, not
    rated); ``ranks``, optional, one a side, lower better, taking the place of ``winner``."""

    id: int
    played_at: Ordered
    sides: tuple[Side, ...]
    winner: int | None
    ranks: tuple[float, ...] | None = None

    @property
    def outcome(self) -> Outcome | None:
        return self.ranks if self.ranks is not None else self.winner


def _order(game: FinishedGame) -> tuple[Ordered, int]:
    return (game.played_at, game.id)


@dataclass(frozen=True)
class Rebuilt:
    """The ratings after every rated game, and the ``history``: one :class:`RatedGame` each, in
    the order they were rated. ``last``: the ordering key of the last game rated."""

    ratings: Ratings
    history: tuple[RatedGame, ...]
    last: tuple[Ordered, int] | None = None


@contextlib.contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while ratings are worked out (and, in the league's
    services, written): a rebuild makes and holds millions of small objects (a change for
    every player and pair of every game), and the collector walked them all again and again,
    some two fifths of the rating's time (``make bench``). They hold no cycles; reference
    counting still frees whatever is dropped, and the collector runs again afterwards (or
    stays off for a caller who had turned it off)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def rebuild(games: Iterable[FinishedGame], start: Ratings | None = None) -> Rebuilt:
    """Every finished game, rated in order of ``played_at`` then ``id``, from ``start`` (the
    ratings before the first of them; None: nobody rated yet): the same games give the same
    numbers, whatever order they come in. Unfinished games are left out. The same as
    :func:`rate_next` one game at a time. ``history`` holds these games only."""
    players: dict[PlayerId, Rating] = dict(start.players) if start else {}
    pairs: dict[Pair, Rating] = dict(start.pairs) if start else {}
    history: list[RatedGame] = []
    last: tuple[Ordered, int] | None = None

    def player(p: PlayerId) -> Rating:
        return players.get(p, NEWCOMER)

    def pair(k: Pair) -> Rating:
        return pairs.get(k, NEWCOMER)

    with cycle_collector_paused():
        for game in sorted(games, key=_order):
            outcome = game.outcome
            if outcome is None:
                continue
            rated = _rate(player, pair, game.sides, outcome, game.id)
            for change in rated.players:
                who = change.who
                if isinstance(who, int):
                    players[who] = change.after
            for change in rated.pairs:
                who = change.who
                if isinstance(who, frozenset):
                    pairs[who] = change.after
            history.append(rated)
            last = _order(game)
    return Rebuilt(Ratings(players, pairs), tuple(history), last)


def rate_next(rebuilt: Rebuilt, game: FinishedGame) -> Rebuilt:
    """``rebuilt`` with one more game rated: the game just finished. It must come after every
    game already rated (else :func:`rebuild`: an earlier game changes every later one); an
    unfinished game changes nothing."""
    outcome = game.outcome
    if outcome is None:
        return rebuilt
    if rebuilt.last is not None and not rebuilt.last < _order(game):
        raise ValueError(f"Game {game.id} is not after the last game rated: rebuild instead.")
    ratings, rated = rate_game(rebuilt.ratings, game.sides, outcome, game=game.id)
    return Rebuilt(ratings, (*rebuilt.history, rated), _order(game))


def win_chances(ratings: Ratings, sides: Sequence[Side]) -> tuple[float, ...]:
    """Each side's chance of winning a game about to be played (the model's ``predict_win`` on
    the players' ratings); they add up to 1."""
    _check(sides, 0)
    return tuple(model_predict_win([[ratings.player(p) for p in side] for side in sides]))


@dataclass(frozen=True)
class ListRow:
    """One line of the rating list: ``place`` (equal conservative ratings share one), ``who``,
    the ``rating`` and its ``conservative`` value, ``games`` rated, distinct ``opponents`` met,
    and the ``trend``: the conservative rating's change over the last ``trend_games`` games."""

    place: int
    who: Entity
    rating: Rating
    conservative: float
    games: int
    opponents: int
    trend: float


def _key(who: Entity) -> tuple[int, ...]:
    return (who,) if isinstance(who, int) else tuple(sorted(who))


TREND_GAMES = 5
"""How many of an entity's last games its trend looks back over."""


@dataclass(frozen=True)
class Record:
    """What the rating list knows of one player or pair: its ``rating`` now, ``games`` rated,
    distinct ``opponents`` met (players, or pairs in the pair list) and its ``trend``: the
    conservative rating's change over its last :data:`TREND_GAMES` games."""

    who: Entity
    rating: Rating
    games: int
    opponents: int
    trend: float


def opponents_met(changes: Iterable[Change]) -> set[tuple[int, ...]]:
    """The distinct opponents in ``changes`` (one entity's), each as its sorted ids."""
    return {_key(other) for c in changes for other, _ in c.opponents}


def trend_of(changes: Sequence[Change], trend_games: int = TREND_GAMES) -> float:
    """The conservative rating's change over the last ``trend_games`` of ``changes`` (one
    entity's, in order); 0 with none."""
    recent = changes[-trend_games:] if trend_games > 0 else []
    if not recent:
        return 0.0
    return recent[-1].after.conservative - recent[0].before.conservative


def record_of(who: Entity, changes: Sequence[Change], trend_games: int = TREND_GAMES) -> Record:
    """The :class:`Record` of ``who`` from every change of its rating, in order (at least one)."""
    return Record(
        who=who,
        rating=changes[-1].after,
        games=len(changes),
        # The entities themselves, one to one with opponents_met's keys (a pair has two
        # players, so never reads as a player): a rebuild counts this for every entity.
        opponents=len({other for c in changes for other, _ in c.opponents}),
        trend=trend_of(changes, trend_games),
    )


def ranked(
    records: Iterable[Record], *, min_games: int = 10, min_opponents: int = 3
) -> tuple[ListRow, ...]:
    """The rating list: the records of at least ``min_games`` rated games against at least
    ``min_opponents`` different opponents (so that nobody tops it by playing one friend),
    best conservative rating first (then higher ``mu``, more games, lower id); equal
    conservative ratings share a place."""
    rows = [r for r in records if r.games >= min_games and r.opponents >= min_opponents]
    rows.sort(key=lambda r: (-r.rating.conservative, -r.rating.mu, -r.games, _key(r.who)))
    out: list[ListRow] = []
    for position, r in enumerate(rows, start=1):
        conservative = r.rating.conservative
        tied = out and out[-1].conservative == conservative
        place = out[-1].place if tied else position
        out.append(ListRow(place, r.who, r.rating, conservative, r.games, r.opponents, r.trend))
    return tuple(out)


def rating_list(
    rebuilt: Rebuilt,
    *,
    min_games: int = 10,
    min_opponents: int = 3,
    trend_games: int = TREND_GAMES,
    pairs: bool = False,
) -> tuple[ListRow, ...]:
    """The rating list of players (or, with ``pairs``, of partnerships) after ``rebuilt``'s
    games: :func:`ranked` of every rated entity's :func:`record_of`."""
    changes: dict[Entity, list[Change]] = {}
    for rated in rebuilt.history:
        for change in rated.pairs if pairs else rated.players:
            changes.setdefault(change.who, []).append(change)
    records = (record_of(who, mine, trend_games) for who, mine in changes.items())
    return ranked(records, min_games=min_games, min_opponents=min_opponents)


def seeding_rating(ratings: Ratings, entrant: Entity) -> Rating:
    """The rating an entrant is seeded by: a player's own; a pair's partnership rating once the
    pair has a rated game together; else the partners' ratings added up as the model adds up a
    side (``mu`` summed, ``sigma`` squared summed), less one newcomer's ``mu`` for each partner
    after the first, so that it reads on the one-entity scale of a partnership rating (two
    newcomers: ``mu`` 25, ``sigma`` 11.8, below any pair that has played)."""
    if isinstance(entrant, int):
        return ratings.player(entrant)
    known = ratings.pairs.get(entrant)
    if known is not None:
        return known
    partners = [ratings.player(p) for p in sorted(entrant)]
    return Rating(
        mu=sum(r.mu for r in partners) - MU * (len(partners) - 1),
        sigma=math.sqrt(sum(r.sigma**2 for r in partners)),
    )


def by_rating(ratings: Ratings, entrants: Iterable[Entity]) -> list[Entity]:
    """``entrants`` (players or pairs) strongest first by :func:`seeding_rating`'s conservative
    value (then ``mu``, then id): the order :func:`scoring.brackets.seeding` takes."""
    field_ = list(entrants)
    strength = {_key(e): seeding_rating(ratings, e) for e in field_}
    return sorted(
        field_,
        key=lambda e: (-strength[_key(e)].conservative, -strength[_key(e)].mu, _key(e)),
    )


def balanced_partners(
    ratings: Ratings, players: Iterable[PlayerId]
) -> list[tuple[PlayerId, PlayerId]]:
    """Partners for a rotating-partner night: the players by conservative rating, the strongest
    with the weakest, the second with the second weakest, and so on (strongest pair first). An
    odd number of players is a ValueError: somebody sits out first, the caller's choice."""
    order = by_rating(ratings, list(players))
    if len(order) % 2:
        raise ValueError(f"Balanced partners need an even number of players; got {len(order)}.")
    ids = [e for e in order if isinstance(e, int)]
    half = len(ids) // 2
    return [(ids[i], ids[-1 - i]) for i in range(half)]


def seeding_order(ratings: Ratings, entrants: Sequence[Entity]) -> list[int]:
    """Where in ``entrants`` (players or pairs, in the order they were entered) each seed's
    entrant is, seed 1 first: :func:`by_rating`'s order, strongest first by
    :func:`seeding_rating`'s conservative value, then ``mu``; entrants rated the same (newcomers
    above all) keep the order given rather than going by id."""
    strength = [seeding_rating(ratings, e) for e in entrants]
    return sorted(
        range(len(entrants)), key=lambda i: (-strength[i].conservative, -strength[i].mu, i)
    )


def whole_percents(chances: Sequence[float]) -> tuple[int, ...]:
    """Chances (adding up to 1) as whole percents that add up to 100, by largest remainders,
    none shown as 0 or 100 (a game is never certain): each at least 1, taken from the
    largest."""
    if not chances:
        return ()
    raw = [max(0.0, c) * 100 for c in chances]
    total = sum(raw) or 1.0
    raw = [r * 100 / total for r in raw]
    whole = [math.floor(r) for r in raw]
    by_remainder = sorted(range(len(raw)), key=lambda i: (-(raw[i] - whole[i]), i))
    for i in by_remainder[: 100 - sum(whole)]:
        whole[i] += 1
    if len(whole) <= 100:
        for i, value in enumerate(whole):
            if value < 1:
                largest = max(range(len(whole)), key=lambda j: (whole[j], -j))
                whole[largest] -= 1 - value
                whole[i] = 1
    return tuple(whole)
