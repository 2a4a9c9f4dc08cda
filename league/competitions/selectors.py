"""Read shapes for clubs and competitions: standings, fixtures by round, records.

A *standing line* is one entrant's row of the table with its name and the values of the
competition's tie-break keys. Each selector reads in a fixed number of queries whatever the
number of entrants, fixtures or deals: the per-fixture statistics are stored on
``FixtureSide`` rows and each entrant's sums of them on its ``EntrantTally``, so the table is
one query over the entrants and a pure computation.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from django.core.cache import cache
from django.db.models import (
    Count,
    JSONField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    TextField,
)
from django.db.models.functions import Cast
from django.utils.translation import gettext, pgettext

from league.engine_words import engine_word
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Entrant,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    MatchEvent,
    Partnership,
    Player,
    Round,
    TournamentFormat,
)
from league.names import name_sort_key
from league.wording import DASH, result_text, winner_first, withdrawn_name
from scoring.standings import (
    TALLY_COUNTS,
    TIEBREAKS,
    MatchPoints,
    MatchRow,
    NightPositions,
    StandingRow,
    Tally,
    positions_by_night,
    rank,
    standings,
)
from scoring.stats import (
    ALL_TRICKS_FIELDS,
    MATCH_COUNTS,
    STAT_FIELDS,
    made_percentage,
    shown_all_tricks_fields,
)

_STATS = MATCH_COUNTS


@dataclass(frozen=True)
class StandingLine:
    """A standings row with the entrant's name and what to link it to (the entrant's player,
    or its partnership)."""

    row: StandingRow
    entrant_id: int
    name: str
    tied: bool
    player_id: int | None = None
    partnership_id: int | None = None
    withdrawn: bool = False

    @property
    def shown_name(self) -> str:
        """The name as the table prints it: marked once the entrant has withdrawn."""
        return withdrawn_name(self.name, self.withdrawn)

    @property
    def rank_text(self) -> str:
        return f"{self.row.rank}=" if self.tied else str(self.row.rank)


def match_points(competition: Competition) -> MatchPoints:
    return MatchPoints(
        win=competition.points_win, draw=competition.points_draw, loss=competition.points_loss
    )


def tiebreak_labels(keys: Iterable[str]) -> list[tuple[str, str]]:
    """Each key with its short name, in the reader's language (the engine marks its words)."""
    return [(key, engine_word(TIEBREAKS[key].label)) for key in keys]


def entrant_match_rows(fixture_sides: Iterable[Mapping[str, Any]]) -> list[MatchRow]:
    """One :class:`MatchRow` per entrant and finished fixture, from FixtureSide values.

    The opponent is the entrant on the other side when it is alone there (a rotation's tables
    of two against two have no single opponent).
    """
    sides = list(fixture_sides)
    # Who is on each side of each fixture; then every row in one pass. A big season has tens
    # of thousands of rows, so this stays plain: no dict or ** unpacking a row.
    lineups: dict[int, tuple[list[int], list[int], list[int]]] = {}
    for side in sides:
        lineups.setdefault(side["fixture_id"], ([], [], []))[side["side"]].append(
            side["entrant_id"]
        )
    conceded = (FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW)
    rows = []
    for side in sides:
        lineup = lineups[side["fixture_id"]]
        # A club evening's table of three (a third side, one player each) has no single
        # opponent either.
        others = lineup[1 - side["side"]] if not lineup[2] else []
        rows.append(
            MatchRow(
                entrant=side["entrant_id"],
                opponent=others[0] if len(others) == 1 else None,
                night=side["fixture__round__number"],
                result=side["result"],
                forfeit=side["fixture__status"] in conceded,
                games_won=side["games_won"],
                games_lost=side["games_lost"],
                points_for=side["points_for"],
                points_against=side["points_against"],
                deals=side["deals"],
                deals_as_makers=side["deals_as_makers"],
                made_as_makers=side["made_as_makers"],
                sets_suffered=side["sets_suffered"],
                sets_forced=side["sets_forced"],
                meld_points=side["meld_points"],
                belles=side["belles"],
                reneges=side["reneges"],
            )
        )
    return rows


def finished_sides(
    filters: Q, model: type[FixtureSide] = FixtureSide
) -> QuerySet[FixtureSide, dict[str, Any]]:
    """FixtureSide values of finished fixtures, as :func:`entrant_match_rows` reads them
    (``model``: the data migration's historical FixtureSide)."""
    # Unordered: the standings do not need an order, and sorting a big season's sides by the
    # models' default (round, table, side) spilled to disk on PostgreSQL.
    sides: QuerySet[FixtureSide, dict[str, Any]] = (
        model._default_manager.filter(filters, fixture__finished=True)
        .order_by()
        .values(
            "fixture_id",
            "side",
            "entrant_id",
            "result",
            "fixture__round__number",
            "fixture__status",
            *_STATS,
        )
    )
    return sides


#: The columns of an EntrantTally after ``entrant``, in :class:`Tally`'s order.
TALLY_COLUMNS: tuple[str, ...] = (*TALLY_COUNTS, "nights", "opponents")


def tally_from_values(entrant: int, values: Sequence[Any]) -> Tally:
    """A :class:`Tally` from an EntrantTally's ``TALLY_COLUMNS`` values; all None (no row:
    nothing finished yet) is a tally of zeros."""
    if values[0] is None:
        return Tally(entrant)
    beaten, drawn_with, lost_to = values[-1]
    return Tally(
        entrant,
        **dict(zip(TALLY_COLUMNS[:-1], values[:-1], strict=True)),
        beaten=tuple(beaten),
        drawn_with=tuple(drawn_with),
        lost_to=tuple(lost_to),
    )


def kept_tallies(competition: Competition) -> dict[int, Tally]:
    """Every entrant's kept tally (zeros with no row yet), by entrant id."""
    return {
        pk: tally_from_values(pk, values)
        for pk, *values in competition.entrants.order_by("pk").values_list(
            "pk", *(f"tally__{c}" for c in TALLY_COLUMNS)
        )
    }


#: An entrant as a standings line names it: name, player id, partnership id, withdrawn.
_Named = tuple[str, int | None, int | None, bool]


#: The table last worked out for each of the competitions asked for lately (the newest
#: :data:`TABLES_KEPT_MOST`), with what it was worked out from: every entrant's row as read
#: (its kept tally's opponents as their stored text) and the rules that rank them. Every
#: open page of a league asks for the same table again after each result (the live pages)
#: and between results; read rows equal to the kept ones are the same table, so ranking it
#: again (most of a big league's page: make bench) is left out. Kept in this process only.
_TABLES_KEPT: dict[int, tuple[tuple[Any, ...], list[StandingLine]]] = {}
_TABLES_KEPT_LOCK = threading.Lock()
TABLES_KEPT_MOST = 64


def competition_standings(competition: Competition) -> list[StandingLine]:
    """The table, ordered by the competition's tie-break chain.

    One query: each entrant with its kept tally (:mod:`league.competitions.tallies`), ranked
    by :func:`scoring.standings.rank` (or, when the rows read and the rules are those of the
    table last worked out, that table: :data:`_TABLES_KEPT`). With best N nights, which
    nights count depends on every night's figures, which no tally keeps: the table is then
    worked out from the finished fixture sides (two queries), as
    :func:`competition_standings_from_sides` does.
    """
    if competition.best_nights:
        return competition_standings_from_sides(competition)
    rows = tuple(
        competition.entrants.values_list(
            "id",
            "name",
            "player_id",
            "partnership_id",
            "withdrawn",
            *(f"tally__{c}" for c in TALLY_COLUMNS[:-1]),
            # As stored: decoded only when the table is worked out afresh.
            Cast("tally__opponents", TextField()),
        )
    )
    worked_from = (rows, tuple(competition.tiebreaks), match_points(competition))
    kept = _TABLES_KEPT.get(competition.pk)
    if kept is not None and kept[0] == worked_from:
        return list(kept[1])
    entrants: dict[int, _Named] = {}
    tallies = []
    for pk, name, player, partnership, withdrawn, *values in rows:
        entrants[pk] = (name, player, partnership, withdrawn)
        if values[-1] is not None:
            values[-1] = json.loads(values[-1])
        tallies.append(tally_from_values(pk, values))
    table = rank(tallies, keys=competition.tiebreaks, points=match_points(competition))
    lines = _lines(table, entrants)
    with _TABLES_KEPT_LOCK:
        _TABLES_KEPT.pop(competition.pk, None)
        _TABLES_KEPT[competition.pk] = (worked_from, lines)
        while len(_TABLES_KEPT) > TABLES_KEPT_MOST:
            del _TABLES_KEPT[next(iter(_TABLES_KEPT))]
    return list(lines)


def competition_standings_from_sides(competition: Competition) -> list[StandingLine]:
    """The table worked out from every finished fixture side of the competition (two
    queries): what the kept tallies must always agree with."""
    entrants: dict[int, _Named] = {
        pk: (name, player, partnership, withdrawn)
        for pk, name, player, partnership, withdrawn in competition.entrants.values_list(
            "id", "name", "player_id", "partnership_id", "withdrawn"
        )
    }
    rows = entrant_match_rows(finished_sides(Q(fixture__competition=competition)))
    table = standings(
        rows,
        entrants=entrants,
        keys=competition.tiebreaks,
        points=match_points(competition),
        best_nights=competition.best_nights,
    )
    return _lines(table, entrants)


def all_tricks_counts(competition: Competition) -> dict[int, dict[str, int]]:
    """Each entrant's pits and capots (:data:`scoring.stats.ALL_TRICKS_FIELDS`) over the
    games of the competition's finished fixtures, by entrant id; read only for a competition
    whose game counts them (:func:`scoring.stats.shown_all_tricks_fields`: one query), else
    empty (none). Every night counts, best nights or not."""
    if not shown_all_tricks_fields(competition.rules):
        return {}
    return _all_tricks_of(Q(fixture__competition=competition))


def _all_tricks_of(entrants: Q) -> dict[int, dict[str, int]]:
    """The pits and capots of the fixture sides ``entrants`` picks, summed by entrant (one
    query). Not kept on a fixture side: summed from each game's side statistics, where a game
    stored before they were counted reads 0. A typed, conceded or void fixture has no deals
    to count, nor an abandoned game."""
    rows = FixtureSide.objects.filter(
        entrants,
        Q(fixture__typed_scores__isnull=True) | Q(fixture__typed_scores=[]),
        # Finished games: won or drawn (one join: the conditions are on the same game).
        Q(fixture__games__winner__isnull=False) | Q(fixture__games__drawn=True),
        fixture__finished=True,
        fixture__conceded_by=None,
        fixture__games__abandoned_at=None,
    ).exclude(fixture__status=FixtureStatus.VOID)
    counts: dict[int, dict[str, int]] = {}
    for entrant, side, stats in rows.order_by().values_list(
        "entrant_id", "side", "fixture__games__side_stats"
    ):
        mine = counts.setdefault(entrant, dict.fromkeys(ALL_TRICKS_FIELDS, 0))
        if not isinstance(stats, list) or not 0 <= side < len(stats):
            continue
        for name in ALL_TRICKS_FIELDS:
            mine[name] += (stats[side] or {}).get(name, 0)
    return counts


#: Tournament formats without a position chart: a bracket has no standings to move up and down
#: in, and pools rank each pool apart (one line across pools would compare the incomparable).
NO_POSITIONS = (TournamentFormat.SINGLE, TournamentFormat.DOUBLE, TournamentFormat.POOLS)


def has_positions(competition: Competition) -> bool:
    """Whether the competition's standings have a position after each night worth drawing:
    a league season, a round robin or a Swiss tournament."""
    return competition.kind == CompetitionKind.LEAGUE or competition.format not in NO_POSITIONS


#: How long a season's positions are kept (seconds): a change of result changes the key anyway
#: (see :func:`competition_positions`); this bounds what a change the key cannot see could leave.
POSITIONS_KEPT = 600
_WORKING_OUT = threading.Lock()


def results_key(competition: Competition, lines: Sequence[StandingLine]) -> str:
    """A cache key that changes with the competition's results: the table's every figure as
    the page read it (the kept tallies), and the rules that rank them."""
    # The row's fields looked up once, not once a row (every standings page makes this key).
    names = [f.name for f in fields(lines[0].row) if f.name != "keys"] if lines else []
    figures = [
        (
            line.entrant_id,
            *(getattr(line.row, name) for name in names),
            *line.row.keys.values(),
        )
        for line in lines
    ]
    rules = (
        competition.tiebreaks,
        competition.points_win,
        competition.points_draw,
        competition.points_loss,
        competition.best_nights,
    )
    digest = hashlib.sha256(repr((rules, figures)).encode()).hexdigest()
    return f"positions:{competition.pk}:{digest}"


def competition_positions(
    competition: Competition, lines: Sequence[StandingLine]
) -> NightPositions | None:
    """The position of each entrant of ``lines`` (the competition's standings, every entrant)
    after each night: :func:`scoring.standings.positions_by_night` by the competition's chain,
    match points and best nights, so the last night's positions are the table's ranks. None
    where :func:`has_positions` says there are none.

    One query (the season's finished fixture sides) when worked out; kept in the cache
    (:data:`POSITIONS_KEPT` seconds) under a key made of the table's figures, so a result that
    changes the table is a new key: a season of 200 entrants and 173 nights takes about a
    second to work out (a third of it the query), a kept one nothing.
    """
    if not has_positions(competition):
        return None
    key = results_key(competition, lines)
    kept = cache.get(key)
    if kept is None:
        # A new result sends every open standings page to read it again at once: one of this
        # process's threads works the positions out, the others wait and read them kept
        # (working them out side by side would only share the same CPU).
        with _WORKING_OUT:
            kept = cache.get(key)
            if kept is None:
                rows = entrant_match_rows(finished_sides(Q(fixture__competition=competition)))
                positions = positions_by_night(
                    rows,
                    entrants=[line.entrant_id for line in lines],
                    keys=competition.tiebreaks,
                    points=match_points(competition),
                    best_nights=competition.best_nights,
                )
                kept = (positions.nights, dict(positions.ranks))
                cache.set(key, kept, POSITIONS_KEPT)
    nights, ranks = kept
    return NightPositions(nights, MappingProxyType(ranks))


def kept_all_tricks_counts(
    competition: Competition, lines: Sequence[StandingLine]
) -> dict[int, dict[str, int]]:
    """:func:`all_tricks_counts`, kept in the cache like the positions (under a key made of
    the table's figures, :func:`results_key`: a pit won or corrected away changes the points,
    so the key): a big league's every game is read once a result, not once a page."""
    if not shown_all_tricks_fields(competition.rules):
        return {}
    key = f"{results_key(competition, lines)}:all_tricks"
    kept: dict[int, dict[str, int]] | None = cache.get(key)
    if kept is None:
        kept = all_tricks_counts(competition)
        cache.set(key, kept, POSITIONS_KEPT)
    return kept


def _lines(table: list[StandingRow], entrants: Mapping[int, _Named]) -> list[StandingLine]:
    ranks: dict[int, int] = defaultdict(int)
    for row in table:
        ranks[row.rank] += 1
    return [
        StandingLine(
            row=row,
            entrant_id=row.entrant,
            name=entrants[row.entrant][0],
            tied=ranks[row.rank] > 1,
            player_id=entrants[row.entrant][1],
            partnership_id=entrants[row.entrant][2],
            withdrawn=entrants[row.entrant][3],
        )
        for row in table
    ]


@dataclass(frozen=True)
class FixtureLine:
    """A fixture as the fixtures page lists it; ``games`` in the order they were started."""

    fixture: Fixture
    sides: tuple[str, str]
    score: str
    games: tuple[Game, ...]
    note: str
    #: Who won, in words with the winner's score first ("Mara & Nils won, 520 – 215"), once
    #: the match is finished; "" before. ``score`` stays home first, for columns.
    result: str = ""

    @property
    def running_game(self) -> Game | None:
        if self.fixture.status == FixtureStatus.VOID:
            return None  # a void fixture's games are kept for the record, not played on
        return next((g for g in self.games if not g.finished), None)

    @property
    def has_deals(self) -> bool:
        return any(g.deal_count for g in self.games)

    @property
    def can_start_game(self) -> bool:
        """No result, typed or played, and no game running: the next game may start."""
        fixture = self.fixture
        if fixture.status == FixtureStatus.VOID:
            return False
        return not fixture.finished and not fixture.typed_scores and self.running_game is None


def _score(fixture: Fixture, sides: list[FixtureSide]) -> str:
    if fixture.status == FixtureStatus.VOID:
        return ""
    if not fixture.finished:
        running = [g for g in fixture.games.all() if not g.finished]
        if running:
            return gettext("in play: %(score)s") % {
                "score": " – ".join(str(t) for t in running[0].display_totals)
            }
        return ""
    first = next(s for s in sides if s.side == 0)
    if fixture.competition.games_per_match > 1:
        return (
            f"{first.games_won} – {first.games_lost} ({first.points_for} – {first.points_against})"
        )
    return f"{first.points_for} – {first.points_against}"


def _result(fixture: Fixture, sides: list[FixtureSide], names: tuple[str, str]) -> str:
    """A finished fixture's result in words, the winner's score first (:func:`result_text`):
    points in a match of one game, games and then points in a longer one."""
    first = next((s for s in sides if s.side == 0), None)
    if not fixture.finished or first is None:
        return ""
    winner = fixture.winner if fixture.winner in (0, 1) else None
    points = (first.points_for, first.points_against)
    if fixture.competition.games_per_match > 1:
        games = (first.games_won, first.games_lost)
        return f"{result_text(names, games, winner)} ({DASH.join(winner_first(points, winner))})"
    return result_text(names, points, winner)


def _fixture_line(fixture: Fixture) -> FixtureLine:
    """The line of a fixture read with :func:`fixtures_for_lines` (no further query)."""
    sides = list(fixture.sides.all())
    names = [" & ".join(s.entrant.name for s in sides if s.side == i) for i in (0, 1)]
    note = ""
    if fixture.status == FixtureStatus.VOID:
        note = gettext("Void: counts for nobody")
    elif fixture.status in (FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW):
        who = names[fixture.conceded_by or 0]
        if fixture.status == FixtureStatus.FORFEIT:
            note = gettext("Forfeit by %(side)s") % {"side": who}
        else:
            note = gettext("No-show by %(side)s") % {"side": who}
    elif fixture.typed_scores:
        note = gettext("from the paper sheet")
    games = sorted(fixture.games.all(), key=lambda g: (g.created_at, g.pk))
    third = [s for s in sides if s.side == 2]
    if third:
        # A club evening's table of three: each player for their own points. The pages of a
        # fixture read two sides, so the second and third are named together ("Ben v Cor"),
        # and the score is each player's in seat order.
        pair = (
            names[0],
            pgettext("a match: one side versus the other", "%(home)s v %(away)s")
            % {
                "home": names[1],
                "away": third[0].entrant.name,
            },
        )
        score = ""
        if fixture.finished and fixture.status != FixtureStatus.VOID:
            by_side = {s.side: s.points_for for s in sides}
            score = " – ".join(str(by_side.get(i, 0)) for i in range(3))
        return FixtureLine(fixture, pair, score, tuple(games), note)
    pair = (names[0], names[1])
    return FixtureLine(
        fixture, pair, _score(fixture, sides), tuple(games), note, _result(fixture, sides, pair)
    )


def fixtures_for_lines() -> QuerySet[Fixture]:
    """Fixtures with what a :class:`FixtureLine` reads (:meth:`FixtureQuerySet.for_lines`)."""
    return Fixture.objects.for_lines()


def match_events(fixture: Fixture) -> list[MatchEvent]:
    """What the sides and the director did to the match besides entering deals (entry taken
    over, a dispute and each side's words, a game abandoned), oldest first (one query)."""
    return list(fixture.events.all())


def fixture_line(fixture: Fixture) -> FixtureLine:
    """One fixture's line; read the fixture with :func:`fixtures_for_lines` to save queries."""
    return _fixture_line(fixture)


def _table_order(line: FixtureLine) -> tuple[int, str, int]:
    # Tables are text ("3", "Bar"): numbered tables in number order, 10 after 9.
    table = line.fixture.table
    return (int(table) if table.isdigit() else 1_000_000, table, line.fixture.pk)


#: What a fixture line reads of a game: not its ruleset or statistics, which are big JSON.
_GAME_FIELDS = (
    "id",
    "fixture_id",
    "side_names",
    "totals",
    "held",
    "winner",
    "drawn",
    "deal_count",
    "created_at",
)


def competition_rounds(
    competition: Competition, numbers: range | None = None, *, drafts: bool = False
) -> list[tuple[Round, list[FixtureLine], list[str]]]:
    """Every published round (or those ``numbers``; with ``drafts``, a Swiss round still
    under the director's review too) with its fixtures (sides, score, games) and who sits out
    (five queries)."""
    nights = competition.rounds.all() if drafts else competition.rounds.filter(draft=False)
    if numbers is not None:
        nights = nights.filter(number__gte=numbers.start, number__lt=numbers.stop)
    rounds = list(
        nights.prefetch_related(
            Prefetch(
                "fixtures",
                queryset=Fixture.objects.order_by().prefetch_related(
                    Prefetch("sides", queryset=FixtureSide.objects.select_related("entrant")),
                    Prefetch(
                        "games",
                        queryset=Game.objects.order_by("created_at", "id").only(*_GAME_FIELDS),
                    ),
                ),
            ),
            "sitting_out",
        )
    )
    result = []
    for night in rounds:
        fixtures = list(night.fixtures.all())
        for fixture in fixtures:
            # The competition in hand, rather than a copy joined onto every fixture row.
            fixture.competition = competition
            fixture.round = night
        lines = sorted((_fixture_line(f) for f in fixtures), key=_table_order)
        result.append((night, lines, [e.name for e in night.sitting_out.all()]))
    return result


def first_open_round(competition: Competition) -> int | None:
    """The number of the first round with a fixture still to finish (one query)."""
    return (
        competition.fixtures.filter(finished=False)
        .exclude(status=FixtureStatus.VOID)
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )


def _marked_side(fixture: Fixture, side: int) -> str:
    """A side's names, each withdrawn entrant marked (the sides read with the fixture)."""
    return " & ".join(
        withdrawn_name(s.entrant.name, s.entrant.withdrawn)
        for s in fixture.sides.all()
        if s.side == side
    )


def competition_fixture_rows(competition: Competition) -> list[dict[str, Any]]:
    """Results as flat rows, for the CSV export: one row a fixture, in round and table order.

    ``home_points`` / ``away_points`` are None and ``winner`` empty until the fixture has a
    result; ``games`` lists each finished game's totals (or the typed ones), home first.
    """
    rows = []
    for night, lines, _ in competition_rounds(competition):
        for line in lines:
            fixture = line.fixture
            home = next((s for s in fixture.sides.all() if s.side == 0), None)
            # A club evening's table of three types three numbers a game (one a player).
            three = any(s.side == 2 for s in fixture.sides.all())
            if fixture.typed_scores:
                games = ["-".join(str(n) for n in scores) for scores in fixture.typed_scores]
            else:
                games = [f"{g.totals[0]}-{g.totals[1]}" for g in line.games if g.finished]
            winner = ""
            if fixture.finished and not three:
                winner = "draw" if fixture.winner is None else line.sides[fixture.winner]
            rows.append(
                {
                    "round": night.number,
                    "date": (fixture.date or night.date or None),
                    "table": fixture.table,
                    "home": _marked_side(fixture, 0),
                    # The second and third players of a table of three, as its line names them.
                    "away": line.sides[1] if three else _marked_side(fixture, 1),
                    "status": fixture.get_status_display(),
                    "score": line.score,
                    "winner": winner,
                    "home_points": home.points_for if fixture.finished and home else None,
                    "away_points": home.points_against if fixture.finished and home else None,
                    "games": " ".join(games),
                    "note": line.note,
                }
            )
    return rows


#: What a record line counts: matches, then game points and the statistics (deals apart).
_RECORD_COUNTS = (
    "played",
    "won",
    "drawn",
    "lost",
    "points_for",
    "points_against",
    *(name for name in STAT_FIELDS if name != "deals"),
)


@dataclass(frozen=True)
class RecordLine:
    """One competition of a player's or partnership's record."""

    competition: Competition
    entrant: Entrant
    played: int
    won: int
    drawn: int
    lost: int
    points_for: int
    points_against: int
    deals_as_makers: int
    made_as_makers: int
    sets_suffered: int
    sets_forced: int
    meld_points: int
    belles: int
    reneges: int
    form: str
    #: Pits and capots (:data:`scoring.stats.ALL_TRICKS_FIELDS`): None where the
    #: competition's game does not count them (:func:`scoring.stats.shown_all_tricks_fields`).
    pits: int | None = None
    capots: int | None = None

    @property
    def made_percentage(self) -> str:
        made = made_percentage(self.made_as_makers, self.deals_as_makers)
        return "–" if made is None else f"{made:.0f}%"


def person_records(
    *, player: Player | None = None, partnership: Partnership | None = None
) -> list[RecordLine]:
    """A player's (alone, in partnerships, or in a rotation) or a partnership's statistics,
    one line per competition, with the form of the last five matches (three queries; a fourth
    for the pits and capots when a competition's game counts them)."""
    if player is not None:
        who = Q(player=player) | Q(partnership__first=player) | Q(partnership__second=player)
    else:
        who = Q(partnership=partnership)
    # Oldest competition first, as the made % chart numbers them.
    entrants = list(
        Entrant.objects.filter(who)
        .select_related("competition")
        .order_by("competition__created_at", "competition_id")
    )
    totals = {
        row["entrant_id"]: row
        for row in FixtureSide.objects.filter(entrant__in=entrants, fixture__finished=True)
        .values("entrant_id")
        .annotate(
            played=Count("id"),
            won=Count("id", filter=Q(result="win")),
            drawn=Count("id", filter=Q(result="draw")),
            lost=Count("id", filter=Q(result="loss")),
            **{name: Sum(name) for name in _STATS},
        )
    }
    letters = {
        "win": pgettext("form: a match won, one letter", "W"),
        "draw": pgettext("form: a match drawn, one letter", "D"),
        "loss": pgettext("form: a match lost, one letter", "L"),
    }
    recent: dict[int, list[str]] = defaultdict(list)
    for entrant_id, result in (
        FixtureSide.objects.filter(entrant__in=entrants, fixture__finished=True)
        .order_by("-fixture__round__number", "-fixture_id")
        .values_list("entrant_id", "result")
    ):
        if len(recent[entrant_id]) < 5:
            recent[entrant_id].append(letters.get(result, "?"))
    counted = {e.pk: shown_all_tricks_fields(e.competition.rules) for e in entrants}
    ids = [pk for pk, names in counted.items() if names]
    all_tricks = _all_tricks_of(Q(entrant_id__in=ids)) if ids else {}
    lines = []
    for entrant in entrants:
        t: Mapping[str, Any] = totals.get(entrant.pk, {})
        mine = all_tricks.get(entrant.pk, {})
        lines.append(
            RecordLine(
                competition=entrant.competition,
                entrant=entrant,
                form=" ".join(recent[entrant.pk]),
                **{name: t.get(name) or 0 for name in _RECORD_COUNTS},
                **{name: mine.get(name, 0) for name in counted[entrant.pk]},
            )
        )
    return lines


def person_games(
    *, player: Player | None = None, partnership: Partnership | None = None, limit: int = 10
) -> list[Game]:
    """The latest games of a player's (alone, in partnerships, or in a rotation) or a
    partnership's fixtures, newest first, with their competition (one query)."""
    if player is not None:
        who = Q(player=player) | Q(partnership__first=player) | Q(partnership__second=player)
    else:
        who = Q(partnership=partnership)
    fixtures = Fixture.objects.filter(sides__entrant__in=Entrant.objects.filter(who))
    return list(
        Game.objects.filter(fixture__in=fixtures)
        .select_related("fixture__competition", "fixture__round")
        .order_by("-created_at", "-id")[:limit]
    )


# -- clubs ------------------------------------------------------------------------------------
def club_list() -> QuerySet[Club]:
    """Every club with its number of members and of competitions."""
    return Club.objects.annotate(
        player_count=Count("players", distinct=True),
        # Leagues and tournaments, as the club's page lists them (not its evenings).
        competition_count=Count(
            "competitions",
            filter=~Q(competitions__kind=CompetitionKind.EVENING),
            distinct=True,
        ),
    )


def clubs_exist() -> bool:
    return Club.objects.exists()


def usual_games() -> dict[int, str]:
    """Each club's usual game: the preset its latest competition (league or tournament) is
    played by, by club id; a club without competitions is left out. One query."""
    latest = Competition.objects.filter(club=OuterRef("pk")).order_by("-created_at", "-id")
    rows = Club.objects.annotate(
        last_rules=Subquery(latest.values("ruleset_data")[:1], output_field=JSONField())
    ).values_list("pk", "last_rules")
    return {
        pk: rules["preset"]
        for pk, rules in rows
        if isinstance(rules, dict) and isinstance(rules.get("preset"), str)
    }


def form_club(slug: str) -> Club | None:
    """The club a new competition's form starts with: the address's ``?club=``, else the
    first club of the list (the one its menu shows chosen)."""
    return club_by_slug(slug) or Club.objects.first()


def club_by_slug(slug: str) -> Club | None:
    """The club of an address's ``?club=`` (a form's default), or None for none or a wrong one."""
    return Club.objects.filter(slug=slug).first() if slug else None


def club_members(club: Club) -> list[Player]:
    """The club's members who have not retired, by name (:func:`league.names.name_sort_key`,
    not code points)."""
    return sorted(club.players.filter(retired_at=None), key=lambda p: name_sort_key(p.name))


def club_partnerships(club: Club) -> list[Partnership]:
    """The club's partnerships that have not retired, by name, as :func:`club_members`."""
    return sorted(
        club.partnerships.filter(retired_at=None).select_related("first", "second"),
        key=lambda p: name_sort_key(str(p)),
    )


def club_competitions(club: Club) -> list[Competition]:
    """The club's leagues and tournaments (archived ones too). Its club evenings are not among
    them: they have a list of their own (``evenings:club-list``), read with their seasons."""
    return list(club.competitions.exclude(kind=CompetitionKind.EVENING))


def player_partnerships(player: Player) -> list[Partnership]:
    """The partnerships a member plays in, either seat."""
    return list(
        Partnership.objects.filter(Q(first=player) | Q(second=player)).select_related(
            "first", "second"
        )
    )


# -- competitions -----------------------------------------------------------------------------
def competition_entrants(competition: Competition) -> list[Entrant]:
    """The competition's entrants by name, as :func:`club_members`."""
    return sorted(competition.entrants.all(), key=lambda e: name_sort_key(e.name))


def round_count(competition: Competition) -> int:
    """How many rounds are drawn and published (0: the fixtures are not drawn yet)."""
    return competition.rounds.filter(draft=False).count()
