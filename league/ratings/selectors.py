"""Reads for the ratings: the finished games to rate, the ratings kept, and the lists.

Words: a *rateable game* (:class:`Rateable`) is a finished game of a fixture as the ratings
take it: a game whose deals were entered here (not abandoned, with a winner), or a game typed
from a paper sheet (a pair of the fixture's ``typed_scores``; a forfeit's score is no game), of
a fixture that is not void.
Its *sides* are the players of each fixture side: one player, the two partners of a
partnership, or the two players of a rotating-partner side. Casual games name their sides by
free text, not by members, and are not rated.

Its *order* is ``(played_at, order_key)``: the night, then within the night the *order key*:
a club evening's results by round (:func:`evening_order_key`), then the other competitions'
games typed from paper (:func:`typed_order_key`), then their games entered here (the game's id).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Q

from league.models import (
    CompetitionKind,
    CurrentRating,
    Entrant,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    Partnership,
    Player,
    RatingChange,
)
from league.models.games import game_in_play
from scoring.ratings import Entity, FinishedGame, Pair, Rating, Ratings, Record, Side

#: How many typed games a fixture may have for their order keys to stay apart.
TYPED_KEY_SPAN = 64


@dataclass(frozen=True)
class Rateable:
    """A finished game of a fixture, in the ratings' order: ``(played_at, order_key)``."""

    played_at: dt.datetime
    order_key: int
    fixture_id: int
    game_id: int | None
    typed_index: int | None
    sides: tuple[Side, ...]
    #: The winning side's index; the number of sides (no side's index) for a drawn game: a
    #: boom that ended level (so a rated game keeps its one ``winner`` column).
    winner: int

    @property
    def order(self) -> tuple[dt.datetime, int]:
        return (self.played_at, self.order_key)

    @property
    def drawn(self) -> bool:
        return self.winner == len(self.sides)

    def finished(self) -> FinishedGame:
        """The game as :mod:`scoring.ratings` rates it: a drawn game as every side level."""
        if self.drawn:
            level = tuple(0.0 for _ in self.sides)
            return FinishedGame(self.order_key, self.played_at, self.sides, None, ranks=level)
        return FinishedGame(self.order_key, self.played_at, self.sides, self.winner)


#: Typed games' keys start here: far below any game's id (keys are 64-bit).
TYPED_KEY_FLOOR = -(2**62)


def typed_order_key(fixture_id: int, index: int) -> int:
    """The order key of the ``index``-th typed game of a fixture: negative, so that it never
    meets a game's id and comes before the night's games, and growing with the fixture, so
    that a table typed from paper after the others of its night sorts after them: rating it
    rewinds only the night's games started at the tables, not every typed table again (an
    evening types many; an evening's own keys are :func:`evening_order_key`'s)."""
    return TYPED_KEY_FLOOR + fixture_id * TYPED_KEY_SPAN + index


#: A club evening's keys start here, below every other typed game's (the lowest 64-bit key).
EVENING_KEY_FLOOR = -(2**63)
#: Each round of an evening has this many keys: rounds 0 to 1023 end at TYPED_KEY_FLOOR.
EVENING_ROUND_SPAN = 2**52
#: Within a round: tables typed from paper below this, games entered here (by id) above.
EVENING_GAMES_START = 2**51
#: The highest round number with keys of its own (an evening has at most 20: EveningRules).
EVENING_LAST_ROUND = 2**62 // EVENING_ROUND_SPAN - 1


def evening_order_key(
    round_number: int, *, game_id: int | None = None, fixture_id: int = 0, index: int = 0
) -> int:
    """The order key of a club evening's result: round by round, so that an evening rates in
    the order it was played, whether a table played on its phone (``game_id``) or was typed
    from paper (the ``index``-th pair of ``fixture_id``'s typed scores): round 2 typed from
    paper comes after round 1 played on a phone, not before it as every typed game of the
    night once did. Within a round its typed tables (growing with the fixture) and then its
    games (by id): a table typed late rewinds only what comes after it, that round's games and
    the later rounds, not the whole evening. Below every other key of the night, typed or
    not; two evenings of one night interleave by round, which changes nobody's numbers (each
    player plays one evening)."""
    base = EVENING_KEY_FLOOR + min(max(round_number, 0), EVENING_LAST_ROUND) * EVENING_ROUND_SPAN
    if game_id is not None:
        return base + EVENING_GAMES_START + game_id
    return base + fixture_id * TYPED_KEY_SPAN + index


def _sides_of(fixture_ids: Iterable[int]) -> dict[int, tuple[Side, ...]]:
    """Each fixture's sides as player ids (one query)."""
    players: dict[int, dict[int, list[int]]] = {}
    rows = (
        FixtureSide.objects.filter(fixture_id__in=list(fixture_ids))
        .order_by("fixture_id", "side", "id")
        .values_list(
            "fixture_id",
            "side",
            "entrant__player_id",
            "entrant__partnership__first_id",
            "entrant__partnership__second_id",
        )
    )
    for fixture, side, player, first, second in rows:
        members = players.setdefault(fixture, {}).setdefault(side, [])
        members.extend(p for p in (player, first, second) if p is not None)
    return {
        fixture: tuple(tuple(by_side[s]) for s in sorted(by_side))
        for fixture, by_side in players.items()
    }


def _well_formed(sides: tuple[Side, ...], winner: int) -> bool:
    """Whether the ratings can take a game with these sides: two or more, none empty, nobody
    twice, the winner one of them or the sides' number (a draw; a fixture half set up is not)."""
    everyone = [p for side in sides for p in side]
    return (
        len(sides) >= 2
        and all(sides)
        and len(set(everyone)) == len(everyone)
        and 0 <= winner <= len(sides)
    )


#: The hour a dated night's games count as played at (UTC): noon keeps the night's date the
#: same in every club's time zone.
NIGHT_HOUR = dt.time(12, tzinfo=dt.UTC)


def played_at(
    fixture_date: dt.date | None, round_date: dt.date | None, undated: dt.datetime
) -> dt.datetime:
    """When a fixture's games count as played: its night (the fixture's date if it was
    rescheduled, else its round's), so that a season's games rate in the order of its nights
    whether they were entered at the tables or typed from paper a week later (on one night:
    the typed ones first, then the others in the order they were started); ``undated`` (when
    the game started) for a fixture with no date."""
    day = fixture_date or round_date
    if day is None:
        return undated
    return dt.datetime.combine(day, NIGHT_HOUR)


def _since(since: tuple[dt.datetime, int]) -> Q:
    """The games that may come at or after ``since`` (a day's margin: the exact order is
    checked after reading)."""
    day = since[0].date() - dt.timedelta(days=1)
    undated = Q(fixture__date__isnull=True, fixture__round__date__isnull=True)
    return (
        Q(fixture__date__gte=day)
        | Q(fixture__date__isnull=True, fixture__round__date__gte=day)
        | (undated & Q(created_at__gte=since[0] - dt.timedelta(days=1)))
    )


def rateable_games(
    fixtures: Iterable[int] | None = None, since: tuple[dt.datetime, int] | None = None
) -> list[Rateable]:
    """The rateable games of ``fixtures`` (ids; None: every fixture), only those at or after
    ``since`` (an order) if given, in order. Three queries, whatever the number of games."""
    # Finished: won, or drawn (a boom that ended level).
    game_filter = Q(fixture__isnull=False, abandoned_at=None) & ~game_in_play()
    # A fixture with typed scores counts those, not its games (as its result does).
    game_filter &= Q(fixture__typed_scores__isnull=True) | Q(fixture__typed_scores=[])
    typed_filter = Q(conceded_by=None, typed_scores__isnull=False) & ~Q(typed_scores=[])
    # A void fixture counts for nobody: neither its games nor its typed scores are rated.
    game_filter &= ~Q(fixture__status=FixtureStatus.VOID)
    typed_filter &= ~Q(status=FixtureStatus.VOID)
    if fixtures is not None:
        ids = list(fixtures)
        game_filter &= Q(fixture_id__in=ids)
        typed_filter &= Q(pk__in=ids)
    if since is not None:
        game_filter &= _since(since)
    games = list(
        Game.objects.filter(game_filter).values_list(
            "pk",
            "created_at",
            "fixture_id",
            "winner",
            "fixture__date",
            "fixture__round__date",
            "fixture__competition__kind",
            "fixture__round__number",
        )
    )
    typed = list(
        Fixture.objects.filter(typed_filter).values(
            "pk",
            "typed_scores",
            "date",
            "round__date",
            "competition__created_at",
            "competition__kind",
            "round__number",
        )
    )
    sides = _sides_of({g[2] for g in games} | {f["pk"] for f in typed})
    out: list[Rateable] = []
    for pk, created_at, fixture_id, winner, fixture_date, round_date, kind, number in games:
        assert fixture_id is not None  # the filter's
        when = played_at(fixture_date, round_date, created_at)
        of = sides.get(fixture_id, ())
        key = pk
        if kind == CompetitionKind.EVENING and number is not None:
            key = evening_order_key(number, game_id=pk)
        # No winner in a finished game: it was drawn.
        out.append(
            Rateable(when, key, fixture_id, pk, None, of, len(of) if winner is None else winner)
        )
    for fixture in typed:
        when = played_at(
            fixture["date"], fixture["round__date"], fixture["competition__created_at"]
        )
        evening = fixture["competition__kind"] == CompetitionKind.EVENING
        number = fixture["round__number"]
        typed_scores: list[list[int]] = fixture["typed_scores"] or []
        for index, pair in enumerate(typed_scores[:TYPED_KEY_SPAN]):
            if len(pair) != 2:
                continue
            if evening and number is not None:
                key = evening_order_key(number, fixture_id=fixture["pk"], index=index)
            else:
                key = typed_order_key(fixture["pk"], index)
            # Equal totals: a drawn boom (a game to a target cannot be typed level).
            of = sides.get(fixture["pk"], ())
            winner = len(of) if pair[0] == pair[1] else (0 if pair[0] > pair[1] else 1)
            out.append(Rateable(when, key, fixture["pk"], None, index, of, winner))
    kept = [g for g in out if _well_formed(g.sides, g.winner)]
    if since is not None:
        kept = [g for g in kept if g.order >= since]
    kept.sort(key=lambda g: g.order)
    return kept


def ratings_of(players: Iterable[int], pairs: Iterable[Pair] = ()) -> Ratings:
    """The current ratings of ``players`` and ``pairs`` (one query; newcomers are left out and
    read as :data:`scoring.ratings.NEWCOMER`)."""
    wanted = set(players)
    wanted_pairs = {tuple(sorted(p)) for p in pairs}
    everyone = wanted | {p for pair in wanted_pairs for p in pair}
    found: dict[int, Rating] = {}
    found_pairs: dict[Pair, Rating] = {}
    rows = CurrentRating.objects.filter(player_id__in=everyone).values_list(
        "player_id", "partner_id", "mu", "sigma"
    )
    for player, partner, mu, sigma in rows:
        if partner is None:
            if player in wanted:
                found[player] = Rating(mu, sigma)
        elif (player, partner) in wanted_pairs:
            found_pairs[frozenset((player, partner))] = Rating(mu, sigma)
    return Ratings(found, found_pairs)


def rated_as(entrant: Entrant) -> Entity:
    """What the ratings know an entrant as: its player's id, or its partnership's pair (read
    from the ids the entrant row and its partnership already hold: no query once the
    partnership is selected with it)."""
    if entrant.player_id is not None:
        return entrant.player_id
    assert entrant.partnership is not None  # an entrant is a player or a partnership
    return frozenset((entrant.partnership.first_id, entrant.partnership.second_id))


def entrants_rated(entrants: Sequence[Entrant]) -> tuple[list[Entity], Ratings]:
    """Each entrant as the ratings know it (:func:`rated_as`), and the ratings of them all and
    of their players (one query)."""
    who = [rated_as(e) for e in entrants]
    players = {p for w in who for p in ((w,) if isinstance(w, int) else w)}
    return who, ratings_of(players, [w for w in who if isinstance(w, frozenset)])


def _record(row: CurrentRating) -> Record:
    who: int | Pair = (
        row.player_id if row.partner_id is None else frozenset((row.player_id, row.partner_id))
    )
    return Record(who, Rating(row.mu, row.sigma), row.games, row.opponents, row.trend)


def current_records(*, club: int | None = None, pairs: bool = False) -> list[tuple[Record, Any]]:
    """Every player's (or pair's) record, with its row (names selected): of ``club``'s members
    (a pair: both members), or of everybody. One query."""
    rows = CurrentRating.objects.select_related("player__club", "partner")
    rows = rows.filter(partner__isnull=not pairs)
    if club is not None:
        rows = rows.filter(player__club_id=club)
        if pairs:
            rows = rows.filter(partner__club_id=club)
    return [(_record(row), row) for row in rows]


def pair_record(first: int, second: int) -> Record | None:
    """The rating record of the pair of players ``first`` and ``second`` (either order); None
    before their first rated game together (one query)."""
    low, high = sorted((first, second))
    row = CurrentRating.objects.filter(player_id=low, partner_id=high).first()
    return None if row is None else _record(row)


def partnership_ids(pairs: Iterable[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """The partnership (its id) of each pair of players that has one, keyed by the pair's
    sorted ids (one query)."""
    wanted = {tuple(sorted(p)) for p in pairs}
    players = {p for pair in wanted for p in pair}
    found: dict[tuple[int, int], int] = {}
    rows = Partnership.objects.filter(first_id__in=players, second_id__in=players).values_list(
        "pk", "first_id", "second_id"
    )
    for pk, first, second in rows:
        key = (min(first, second), max(first, second))
        if key in wanted:
            found.setdefault(key, pk)
    return found


def list_settings() -> tuple[int, int]:
    """The overall list's minimum games and distinct opponents (settings)."""
    return (settings.HICKSHEET_RATING_MIN_GAMES, settings.HICKSHEET_RATING_MIN_OPPONENTS)


def history(player: int) -> list[RatingChange]:
    """Every change of ``player``'s own rating, oldest first, with its rated game, the game's
    fixture, round and competition (one query)."""
    return list(
        RatingChange.objects.filter(player_id=player, partner=None)
        .select_related("rated__fixture__round", "rated__fixture__competition", "rated__game")
        .order_by("rated__played_at", "rated__order_key")
    )


def player_names(ids: Sequence[int]) -> dict[int, str]:
    """The names of players ``ids`` (one query)."""
    return dict(Player.objects.filter(pk__in=list(ids)).values_list("pk", "name"))
