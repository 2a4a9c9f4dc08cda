"""Writes for tournaments: seeding, starting, confirming results, advancing, withdrawing.

Words: a tournament is a :class:`~league.models.Competition` of kind ``tournament`` in one of
the formats (single or double elimination, Swiss, pools then a knockout, round robin). Each
fixture side gets a private *entry link* (``FixtureSide.entry_token``): the players of that side
enter their deals through it, and the *other* side confirms the result through theirs (or the
director does). Only a confirmed result advances the tournament: the bracket's next match
fills in, or the next Swiss round is paired, or the knockout after the pools is drawn.

The bracket itself is never stored: it is drawn again from the format and the seeds, and
worked out from the confirmed results by :func:`scoring.brackets.resolve`, so a correction or
a withdrawal can never leave stored slots out of step.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import F, Prefetch, Q

from league.competitions.selectors import (
    FixtureLine,
    competition_rounds,
    entrant_match_rows,
    finished_sides,
    fixture_line,
    fixtures_for_lines,
    match_points,
)
from league.models import (
    Club,
    Competition,
    Deal,
    Entrant,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    TournamentFormat,
)
from scoring.brackets import (
    BYE,
    Bracket,
    BracketMatch,
    BracketState,
    InvalidBracket,
    LoserOf,
    Nobody,
    PoolKnockout,
    Seed,
    Slot,
    WinnerOf,
    double_elimination,
    pools_then_knockout,
    resolve,
    single_elimination,
)
from scoring.standings import standings

#: Formats drawn as a bracket (from the start, or after the pools).
BRACKETS = (TournamentFormat.SINGLE, TournamentFormat.DOUBLE, TournamentFormat.POOLS)


def tournament_bracket(competition: Competition) -> Bracket | None:
    """The drawn bracket of an elimination tournament (the knockout, after pools)."""
    n = competition.entrants.count()
    if competition.format == TournamentFormat.SINGLE:
        return single_elimination(n, third_place=competition.third_place)
    if competition.format == TournamentFormat.DOUBLE:
        return double_elimination(n, reset=competition.final_reset)
    if competition.format == TournamentFormat.POOLS:
        return _pool_knockout(competition).bracket
    return None


def _pool_sizes(competition: Competition) -> list[int]:
    sizes: dict[int, int] = defaultdict(int)
    for pool in competition.entrants.values_list("pool", flat=True):
        sizes[pool] += 1
    return [sizes[p] for p in sorted(sizes)]


def _pool_knockout(competition: Competition) -> PoolKnockout:
    return pools_then_knockout(
        _pool_sizes(competition),
        competition.pool_top_k or 2,
        third_place=competition.third_place,
    )


def _results(competition: Competition) -> dict[str, int]:
    """Winner entrant id of each confirmed bracket match."""
    return dict(
        FixtureSide.objects.filter(
            fixture__competition=competition,
            fixture__confirmed_at__isnull=False,
            side=F("fixture__winner"),
        )
        .exclude(fixture__bracket_match="")
        .values_list("fixture__bracket_match", "entrant_id")
    )


def bracket_state(competition: Competition) -> BracketState[int] | None:
    """Where the bracket stands (None while there is none: a Swiss, or pools not finished)."""
    bracket = tournament_bracket(competition) if competition.format in BRACKETS else None
    if bracket is None:
        return None
    if competition.format == TournamentFormat.POOLS:
        if not competition.fixtures.exclude(bracket_match="").exists() and not _pools_done(
            competition
        ):
            return None
        seeds = _pool_knockout(competition).knockout_seeds(_pool_tables(competition))
    else:
        seeds = {e.seed: e.pk for e in competition.entrants.all()}
    withdrawn = list(
        competition.entrants.filter(withdrawn=True)
        .order_by("withdrawn_at", "id")
        .values_list("pk", flat=True)
    )
    return resolve(bracket, seeds, _results(competition), withdrawn=withdrawn)


def _pools_done(competition: Competition) -> bool:
    pool_fixtures = competition.fixtures.filter(pool__isnull=False)
    return pool_fixtures.exists() and not pool_fixtures.filter(confirmed_at__isnull=True).exists()


def _pool_tables(competition: Competition) -> list[list[int]]:
    """Each pool's entrants, best first: the same tables the public pages show, so the
    knockout's seeds can never differ from what the players read."""

    return [[line.entrant_id for line in table.lines] for table in pool_tables(competition)]


# -- entry links -----------------------------------------------------------------------------
def token_side(token: str) -> FixtureSide | None:
    """The fixture side an entry link belongs to, or None for a token that does not exist."""
    if not token or len(token) > 64:
        return None
    return (
        FixtureSide.objects.select_related("fixture__competition", "fixture__round", "entrant")
        .filter(entry_token=token)
        .first()
    )


def fixture_confirmed(fixture_id: int) -> bool:
    """Whether the fixture's result is confirmed, read afresh (one query)."""
    return Fixture.objects.filter(pk=fixture_id, confirmed_at__isnull=False).exists()


def running_game(fixture_id: int) -> Game | None:
    """The fixture's game being played, if any (one query)."""
    return (
        Game.objects.filter(fixture_id=fixture_id, winner__isnull=True)
        .order_by("created_at", "pk")
        .first()
    )


def deal_by_entry_key(fixture_id: int, key: uuid.UUID) -> Deal | None:
    """The deal of any game of the fixture saved from the form with this ``entry_key``."""
    return Deal.objects.filter(game__fixture_id=fixture_id, entry_key=key).first()


# -- a new tournament ---------------------------------------------------------------------------
def club_by_slug(slug: str) -> Club | None:
    """The club a new tournament is offered for (``?club=``), or None."""
    return Club.objects.filter(slug=slug).first() if slug else None


def clubs_exist() -> bool:
    return Club.objects.exists()


def pool_label(pool: int | None) -> str:
    """Pools are numbered from 0 in the database and from 1 on the page."""
    return "" if pool is None else f"Pool {pool + 1}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -- the bracket --------------------------------------------------------------------------------
@dataclass(frozen=True)
class BracketSide:
    """One side of a box: ``name`` is the entrant's, "bye", or "winner of W1-2" while it is not
    known; ``score`` the side's points (games won, in a match of several games)."""

    name: str
    seed: int | None = None
    entrant_id: int | None = None
    bye: bool = False
    won: bool = False
    lost: bool = False
    score: str = ""

    @property
    def known(self) -> bool:
        return self.entrant_id is not None


@dataclass(frozen=True)
class BracketBox:
    id: str
    title: str
    status: str  # scoring.brackets' status: waiting, ready, played, walkover, bye, not_needed
    status_text: str
    sides: tuple[BracketSide, BracketSide]
    fixture: Fixture | None = None
    games: tuple[Game, ...] = ()


@dataclass(frozen=True)
class BracketColumn:
    title: str
    boxes: tuple[BracketBox, ...]


@dataclass(frozen=True)
class BracketPart:
    title: str
    columns: tuple[BracketColumn, ...]


@dataclass(frozen=True)
class Placing:
    place: int
    name: str
    entrant_id: int


@dataclass(frozen=True)
class BracketView:
    """The bracket to draw. ``provisional``: the knockout of a pools tournament before the
    pools are over, its sides named by the pool place that will fill them."""

    parts: tuple[BracketPart, ...]
    champion: str | None
    finished: bool
    placings: tuple[Placing, ...]
    provisional: bool = False


def _winners_title(rnd: int, last: int, double: bool) -> str:
    prefix = "Winners' " if double else ""
    if rnd == last:
        return f"{prefix}final" if double else "Final"
    if rnd == last - 1:
        return f"{prefix}semi-finals" if double else "Semi-finals"
    if rnd == last - 2 and not double:
        return "Quarter-finals"
    return f"{prefix}round {rnd}" if double else f"Round {rnd}"


def _match_title(m: BracketMatch, last_winners: int, last_losers: int, kind: str) -> str:
    if m.section == "third":
        return "Third place"
    if m.section == "final":
        return "Reset (if needed)" if m.reset_of else "Grand final"
    if m.section == "losers":
        return "Losers' final" if m.round == last_losers else f"Losers' round {m.round}"
    return _winners_title(m.round, last_winners, kind == "double")


def _slot_text(slot: Slot, seed_names: dict[int, str]) -> str:
    if isinstance(slot, WinnerOf):
        return f"winner of {slot.match}"
    if isinstance(slot, LoserOf):
        return f"loser of {slot.match}"
    return seed_names.get(slot.number, f"seed {slot.number}")


def _fixture_scores(fixture: Fixture | None, line: FixtureLine | None, games: int) -> list[str]:
    """Each side's score: points (games won in a longer match); the running game's totals."""
    if fixture is None or line is None:
        return ["", ""]
    sides = {s.side: s for s in fixture.sides.all()}
    if fixture.finished and len(sides) == 2:
        if games > 1:
            return [str(sides[0].games_won), str(sides[1].games_won)]
        return [str(sides[0].points_for), str(sides[1].points_for)]
    running = line.running_game
    if running is not None:
        return [str(t) for t in running.display_totals[:2]]
    return ["", ""]


def _box_status(status: str, fixture: Fixture | None, line: FixtureLine | None) -> str:
    if status == "walkover":
        return "Walkover"
    if status == "bye":
        return "Bye"
    if status == "not_needed":
        return "Not needed"
    if status == "waiting":
        return "Waiting"
    if status == "played":
        if fixture is not None and fixture.status == FixtureStatus.FORFEIT:
            return "Forfeit"
        return "Played"
    # Ready: the fixture tells how far it has gone.
    if fixture is None or line is None:
        return "Ready"
    if fixture.finished:
        return "Finished, to confirm"
    if line.running_game is not None:
        return "In play" + (f", game {len(line.games)}" if len(line.games) > 1 else "")
    return "To play" + (f" at table {fixture.table}" if fixture.table else "")


def _elimination(competition: Competition, entrant_count: int) -> Bracket:
    if competition.format == TournamentFormat.DOUBLE:
        return double_elimination(entrant_count, reset=competition.final_reset)
    return single_elimination(entrant_count, third_place=competition.third_place)


def tournament_bracket_view(
    competition: Competition, entrants: list[Entrant] | None = None
) -> BracketView | None:
    """The bracket of an elimination tournament (or the knockout after the pools) as boxes in
    columns, with the placings once it is finished; None while there is nothing to draw (a
    Swiss or a round robin, an unseeded or too small field, pools not yet made)."""

    if competition.format not in (
        TournamentFormat.SINGLE,
        TournamentFormat.DOUBLE,
        TournamentFormat.POOLS,
    ):
        return None
    if entrants is None:
        entrants = list(competition.entrants.all())
    by_id = {e.pk: e for e in entrants}
    seed_names: dict[int, str] = {}
    state: BracketState[int] | None = None
    provisional = False
    try:
        if competition.format == TournamentFormat.POOLS:
            sizes: dict[int, int] = defaultdict(int)
            for e in entrants:
                if e.pool is not None:
                    sizes[e.pool] += 1
            if not sizes:
                return None  # the pools are made when the tournament starts
            knockout = pools_then_knockout(
                [sizes[p] for p in sorted(sizes)],
                competition.pool_top_k or 2,
                third_place=competition.third_place,
            )
            bracket = knockout.bracket
            for (pool, place), number in knockout.seeds.items():
                seed_names[number] = f"{pool_label(pool)}, {_ordinal(place)}"
            state = bracket_state(competition)
            provisional = state is None
        else:
            seeds = [e.seed for e in entrants]
            if len(entrants) < 2 or sorted(s or 0 for s in seeds) != list(
                range(1, len(entrants) + 1)
            ):
                return None  # seeds are given (or made) before the start
            bracket = _elimination(competition, len(entrants))
            state = bracket_state(competition)
    except InvalidBracket:
        return None

    lines: dict[str, tuple[Fixture, FixtureLine]] = {}
    if competition.started:
        fixtures = fixtures_for_lines().filter(competition=competition).exclude(bracket_match="")
        for fixture in fixtures:
            fixture.competition = competition
            lines[fixture.bracket_match] = (fixture, fixture_line(fixture))

    # Each entrant's seed in this bracket: its place in the draw (the knockout's own seed
    # after pools, where it differs from the seed the entrant started the pools with).
    seed_of: dict[int, int] = {}
    if state is not None:
        for m in bracket.matches:
            ms = state.matches[m.id]
            for slot, side in ((m.home, ms.home), (m.away, ms.away)):
                if isinstance(slot, Seed) and isinstance(side, int):
                    seed_of[side] = slot.number
    last_winners = max(m.round for m in bracket.matches if m.section == "winners")
    last_losers = max((m.round for m in bracket.matches if m.section == "losers"), default=0)
    games = competition.games_per_match

    def side_of(slot: Slot, value: object, won: bool, lost: bool, score: str) -> BracketSide:
        if isinstance(value, Nobody) or value is BYE:
            return BracketSide("bye", bye=True)
        if isinstance(value, int) and value in by_id:
            return BracketSide(
                by_id[value].name,
                seed=seed_of.get(value),
                entrant_id=value,
                won=won,
                lost=lost,
                score=score,
            )
        if isinstance(slot, Seed) and slot.number in seed_names:
            return BracketSide(seed_names[slot.number], seed=slot.number)
        return BracketSide(_slot_text(slot, seed_names))

    columns: dict[tuple[str, int], list[BracketBox]] = defaultdict(list)
    titles: dict[tuple[str, int], str] = {}
    for m in bracket.matches:
        fixture, line = lines.get(m.id, (None, None))
        if state is not None:
            ms = state.matches[m.id]
            status, home, away, winner = ms.status, ms.home, ms.away, ms.winner
        else:
            status, home, away, winner = "waiting", None, None, None
        scores = _fixture_scores(fixture, line, games)
        decided = status in ("played", "walkover", "bye")
        sides = (
            side_of(
                m.home,
                home,
                decided and winner == home,
                decided and winner != home,
                scores[0],
            ),
            side_of(
                m.away,
                away,
                decided and winner == away,
                decided and winner != away,
                scores[1],
            ),
        )
        box = BracketBox(
            id=m.id,
            title=_match_title(m, last_winners, last_losers, bracket.kind),
            status=status,
            status_text=_box_status(status, fixture, line),
            sides=sides,
            fixture=fixture,
            games=line.games if line is not None else (),
        )
        # The third-place match is drawn under the final, in the last winners' column.
        key = {
            "winners": ("winners", m.round),
            "third": ("winners", last_winners),
            "losers": ("losers", m.round),
            "final": ("final", m.round),
        }[m.section]
        if m.section != "third":
            titles[key] = box.title
        columns[key].append(box)

    part_titles = {
        "winners": "Winners' bracket" if bracket.kind == "double" else "",
        "losers": "Losers' bracket",
        "final": "Finals",
    }
    parts = []
    for part in ("winners", "losers", "final"):
        keys = sorted(k for k in columns if k[0] == part)
        if not keys:
            continue
        parts.append(
            BracketPart(
                part_titles[part],
                tuple(BracketColumn(titles.get(k, ""), tuple(columns[k])) for k in keys),
            )
        )
    champion = None
    placings: tuple[Placing, ...] = ()
    if state is not None:
        if state.champion is not None and state.champion in by_id:
            champion = by_id[state.champion].name
        placings = tuple(
            Placing(place, by_id[e].name, e) for place, e in state.placings if e in by_id
        )
    return BracketView(
        parts=tuple(parts),
        champion=champion,
        finished=state is not None and state.finished,
        placings=placings,
        provisional=provisional,
    )


# -- pools ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PoolLine:
    rank: int
    name: str
    entrant_id: int
    played: int
    won: int
    drawn: int
    lost: int
    match_points: int
    difference: int
    qualifies: bool


@dataclass(frozen=True)
class PoolTable:
    pool: int
    label: str
    lines: tuple[PoolLine, ...]


def pool_tables(competition: Competition, entrants: list[Entrant] | None = None) -> list[PoolTable]:
    """Each pool's table, by the competition's tie-break chain; the top ``pool_top_k`` marked
    as qualifying (two queries, or one with the entrants given)."""
    if entrants is None:
        entrants = list(competition.entrants.all())
    members: dict[int, list[int]] = defaultdict(list)
    names = {}
    for e in entrants:
        names[e.pk] = e.name
        if e.pool is not None:
            members[e.pool].append(e.pk)
    if not members:
        return []
    rows = entrant_match_rows(
        finished_sides(Q(fixture__competition=competition, fixture__pool__isnull=False))
    )
    top_k = competition.pool_top_k or 0
    tables = []
    for pool in sorted(members):
        mine = set(members[pool])
        table = standings(
            [r for r in rows if r.entrant in mine],
            entrants=members[pool],
            keys=competition.tiebreaks,
            points=match_points(competition),
        )
        tables.append(
            PoolTable(
                pool=pool,
                label=pool_label(pool),
                lines=tuple(
                    PoolLine(
                        rank=row.rank,
                        name=names[row.entrant],
                        entrant_id=row.entrant,
                        played=row.played,
                        won=row.won,
                        drawn=row.drawn,
                        lost=row.lost,
                        match_points=row.match_points,
                        difference=row.point_difference,
                        qualifies=position < top_k,
                    )
                    for position, row in enumerate(table)
                ),
            )
        )
    return tables


# -- the director's page ----------------------------------------------------------------------
def tournament_entrants(competition: Competition) -> list[Entrant]:
    """The entrants, best seed first (the unseeded after, by name)."""
    entrants = list(competition.entrants.all())
    entrants.sort(key=lambda e: (e.seed is None, e.seed or 0, e.name.casefold(), e.pk))
    return entrants


def table_status(fixture: Fixture, line: FixtureLine) -> tuple[str, str]:
    """What a table is doing, as a (key, words) pair: ``not-started``, ``in-play`` (with the
    running totals), ``awaiting`` (finished, its result to be confirmed) or ``confirmed``."""
    names = line.sides
    if fixture.confirmed_at is not None:
        how = f" by {fixture.confirmed_by}" if fixture.confirmed_by else ""
        if fixture.status in (FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW) and line.note:
            return "confirmed", f"Confirmed{how}: {line.note.lower()}"
        return "confirmed", f"Confirmed{how}"
    if fixture.finished:
        if fixture.entered_by in (0, 1):
            other = names[1 - fixture.entered_by]
            return "awaiting", f"Finished: waiting for {other} to confirm"
        return "awaiting", "Finished: waiting for the director to confirm"
    running = line.running_game
    if running is not None:
        totals = " – ".join(str(t) for t in running.display_totals)
        game = f"game {len(line.games)}, " if len(line.games) > 1 else ""
        return "in-play", f"In play: {game}{totals}"
    if line.games:
        return "in-play", f"Between games: game {len(line.games) + 1} to start"
    return "not-started", "Not started"


@dataclass(frozen=True)
class DirectorTable:
    line: FixtureLine
    status: str
    status_text: str
    tokens: tuple[tuple[str, str | None], ...]  # (side name, entry token) per side

    @property
    def fixture(self) -> Fixture:
        return self.line.fixture

    @property
    def can_confirm(self) -> bool:
        return self.status == "awaiting"


def director_rounds(competition: Competition) -> tuple[list, int]:
    """The rounds with a table still to confirm, each as ``(round, tables, sitting out)``, and
    the number of rounds all confirmed (five queries)."""
    open_rounds = []
    done = 0
    for night, lines, out in competition_rounds(competition):
        if all(line.fixture.confirmed_at is not None for line in lines):
            done += 1
            continue
        tables = []
        for line in lines:
            status, words = table_status(line.fixture, line)
            sides = sorted(line.fixture.sides.all(), key=lambda s: s.side)
            tokens = tuple((s.entrant.name, s.entry_token) for s in sides)
            tables.append(DirectorTable(line, status, words, tokens))
        open_rounds.append((night, tables, out))
    return open_rounds, done


# -- an entry link ----------------------------------------------------------------------------
@dataclass(frozen=True)
class EntryMatch:
    """An entry link's match: the side the link belongs to (``side``), the fixture's line,
    its games in the order played with their sheet rows, and the running game if any."""

    fixture: Fixture
    side: int
    line: FixtureLine
    games: tuple[tuple[Game, list], ...]
    next_token: str | None = None

    @property
    def running_game(self) -> Game | None:
        return self.line.running_game

    @property
    def mine(self) -> str:
        return self.line.sides[self.side]

    @property
    def theirs(self) -> str:
        return self.line.sides[1 - self.side]


def entry_match(side: FixtureSide) -> EntryMatch:
    """What an entry link's page shows (a fixed number of queries, one more per game)."""
    from league.games.selectors import deal_rows

    fixture = (
        Fixture.objects.select_related("competition__club", "round")
        .prefetch_related(
            Prefetch("sides", queryset=FixtureSide.objects.select_related("entrant")),
            Prefetch("games", queryset=Game.objects.prefetch_related("deals")),
        )
        .get(pk=side.fixture_id)
    )
    line = fixture_line(fixture)
    games = tuple((game, deal_rows(game, list(game.deals.all()))) for game in line.games)
    next_token = None
    if fixture.confirmed_at is not None:
        # The entrant's next match of the tournament, once the result has moved it on.
        next_token = (
            FixtureSide.objects.filter(
                entrant_id=side.entrant_id,
                fixture__confirmed_at__isnull=True,
                fixture__finished=False,
            )
            .exclude(fixture=fixture)
            .order_by("fixture__round__number", "fixture_id")
            .values_list("entry_token", flat=True)
            .first()
        )
    return EntryMatch(fixture, side.side, line, games, next_token)
