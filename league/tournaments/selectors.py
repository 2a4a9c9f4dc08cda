"""Reads for tournaments: queries, and the data they return (no words: those are made by
:mod:`league.tournaments.presenters`, once for the pages and the PDFs). The words of a
tournament (entry link, confirmation, bracket drawn again from the seeds) are defined in
:mod:`league.tournaments.services`.
"""

from __future__ import annotations

import uuid
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Count, F, Prefetch, Q, QuerySet
from django.utils.translation import pgettext

from league.competitions.selectors import (
    FixtureLine,
    entrant_match_rows,
    finished_sides,
    fixture_line,
    fixtures_for_lines,
    match_points,
)
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Deal,
    Entrant,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    MatchEvent,
    Round,
    TournamentFormat,
)
from league.names import name_sort_key
from league.stored_words import EventNote, event_notes
from league.wording import withdrawn_name
from scoring.brackets import (
    Bracket,
    BracketState,
    InvalidBracket,
    PoolKnockout,
    double_elimination,
    pools_then_knockout,
    resolve,
    single_elimination,
)
from scoring.formats import KNOCKOUTS, MatchProgress, event_finished, pools_finished
from scoring.standings import standings

#: Formats drawn as a bracket (from the start, or after the pools).
BRACKETS = KNOCKOUTS


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
        if pool is not None:  # every entrant has one once the pools are drawn
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
        if not competition.fixtures.exclude(bracket_match="").exists() and not pools_done(
            competition
        ):
            return None
        seeds = _pool_knockout(competition).knockout_seeds(_pool_tables(competition))
    else:
        # Every entrant is seeded once the tournament starts (its start seeds any that are not).
        seeds = {e.seed: e.pk for e in competition.entrants.all() if e.seed is not None}
    withdrawn = list(
        competition.entrants.filter(withdrawn=True)
        .order_by("withdrawn_at", "id")
        .values_list("pk", flat=True)
    )
    return resolve(bracket, seeds, _results(competition), withdrawn=withdrawn)


def tournament_finished(competition: Competition) -> bool:
    """Whether the tournament is over, its places final (:func:`scoring.formats.event_finished`;
    one query for a Swiss or a round robin, the bracket's for a knockout)."""
    if competition.format in BRACKETS:
        state = bracket_state(competition) if competition.started else None
        finished = state is not None and state.finished
        return event_finished(
            competition.format, started=competition.started, bracket_finished=finished
        )
    matches = [
        MatchProgress(number, finished, confirmed is not None)
        for number, finished, confirmed in competition.fixtures.values_list(
            "round__number", "finished", "confirmed_at"
        )
    ]
    return event_finished(
        competition.format,
        started=competition.started,
        matches=matches,
        swiss_rounds=competition.swiss_rounds,
    )


def swiss_history(competition: Competition, before: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Who has met whom (entrant id pairs, once a meeting) and who has sat out (once a bye) in
    the rounds numbered below ``before`` (two queries)."""
    by_fixture: dict[int, list[int]] = defaultdict(list)
    for fixture_id, entrant in FixtureSide.objects.filter(
        fixture__competition=competition, fixture__round__number__lt=before
    ).values_list("fixture_id", "entrant_id"):
        by_fixture[fixture_id].append(entrant)
    history = [(pair[0], pair[1]) for pair in by_fixture.values() if len(pair) == 2]
    byes = list(
        Round.sitting_out.through.objects.filter(
            round__competition=competition, round__number__lt=before
        ).values_list("entrant_id", flat=True)
    )
    return history, byes


def round_entrants(night: Round) -> list[Entrant]:
    """The round's entrants, table by table (home first), then who sits out (two queries)."""
    seats = FixtureSide.objects.filter(fixture__round_id=night.pk).select_related(
        "entrant__partnership__first", "entrant__partnership__second", "fixture"
    )
    ordered = sorted(seats, key=lambda s: (_table_key(s.fixture), s.side))
    out = Entrant.objects.filter(
        pk__in=night.sitting_out.through.objects.filter(round_id=night.pk).values("entrant_id")
    ).select_related("partnership__first", "partnership__second")
    return [s.entrant for s in ordered] + sorted(out, key=lambda e: name_sort_key(e.name))


def published_round_numbers(competition: Competition) -> list[int]:
    """The numbers of the published rounds that have tables, in order (one query)."""
    return list(
        competition.rounds.filter(draft=False, fixtures__isnull=False)
        .distinct()
        .order_by("number")
        .values_list("number", flat=True)
    )


def draft_round(competition: Competition) -> Round | None:
    """The round drawn and not yet published, if any (one query)."""
    return competition.rounds.filter(draft=True).order_by("number").first()


def pools_done(competition: Competition) -> bool:
    """Every pool match is played and confirmed (so the knockout can be drawn)."""
    confirmed = competition.fixtures.filter(pool__isnull=False).values_list(
        "confirmed_at", flat=True
    )
    return pools_finished(at is not None for at in confirmed)


def _pool_tables(competition: Competition) -> list[list[int]]:
    """Each pool's entrants, best first: the same tables the public pages show, so the
    knockout's seeds can never differ from what the players read."""

    return [[line.entrant_id for line in table.lines] for table in pool_standings(competition)]


# -- entry links -----------------------------------------------------------------------------
def token_side(token: str) -> FixtureSide | None:
    """The fixture side an entry link belongs to, or None for a token that does not exist."""
    return FixtureSide.objects.of_entry_link(token).first()


def fixture_confirmed(fixture_id: int) -> bool:
    """Whether the fixture's result is confirmed, read afresh (one query)."""
    return Fixture.objects.filter(pk=fixture_id, confirmed_at__isnull=False).exists()


#: Why an entry link takes no more writes (:func:`entry_closed`).
CLOSED_CONFIRMED = "confirmed"
CLOSED_RESULT_IN = "result_in"


def entry_closed(fixture_id: int) -> str:
    """Why the fixture's entry links take no more writes, read afresh (one query):
    :data:`CLOSED_CONFIRMED` (its result is confirmed), :data:`CLOSED_RESULT_IN` (a club
    evening's table whose result is in: its game finished or its totals typed from paper;
    nobody confirms at an evening, so from then on only the director corrects it), or ""
    (open)."""
    row = (
        Fixture.objects.filter(pk=fixture_id)
        .values("confirmed_at", "finished", "typed_scores", "competition__kind")
        .first()
    )
    if row is None:
        return ""
    if row["confirmed_at"] is not None:
        return CLOSED_CONFIRMED
    if row["competition__kind"] == CompetitionKind.EVENING and (
        row["finished"] or row["typed_scores"] is not None
    ):
        return CLOSED_RESULT_IN
    return ""


def running_game(fixture_id: int) -> Game | None:
    """The fixture's game being played, if any (one query)."""
    return Game.objects.in_play().filter(fixture_id=fixture_id).order_by("created_at", "pk").first()


def side_enters(side: FixtureSide) -> bool:
    """Whether this side enters its match's deals (or may: nobody does yet), read afresh."""
    entered_by = Fixture.objects.filter(pk=side.fixture_id).values_list("entered_by", flat=True)
    return entered_by.first() in (None, side.side)


@dataclass(frozen=True)
class DisputedMatch:
    fixture: Fixture
    sides: str  # "Anna v Bert"
    events: list[EventNote]


def disputed_matches(competition: Competition) -> list[DisputedMatch]:
    """The competition's matches whose result a side disputed, not yet settled by the
    director, with their events (two queries)."""
    fixtures = list(
        competition.fixtures.filter(disputed_at__isnull=False, confirmed_at__isnull=True)
        .select_related("round")
        .prefetch_related(
            Prefetch("sides", queryset=FixtureSide.objects.select_related("entrant")),
            "events",
        )
    )
    matches = []
    for fixture in fixtures:
        names: list[list[str]] = [[], []]
        for side in fixture.sides.all():
            names[side.side].append(side.entrant.name)
        versus = pgettext("between the two sides of a match: Anna v Bert", "v")
        side_names = [" & ".join(n) for n in names]
        sides = f" {versus} ".join(side_names)
        events = event_notes(list(fixture.events.all()), side_names)
        matches.append(DisputedMatch(fixture, sides, events))
    return matches


def fixture_game(fixture_id: int, game_id: int) -> Game | None:
    """The fixture's game ``game_id``, or None when it is not this fixture's (one query)."""
    return Game.objects.filter(fixture_id=fixture_id, pk=game_id).first()


def match_events(fixture: Fixture) -> list[MatchEvent]:
    """The match's events (entry taken over, disputes with their words, games abandoned),
    oldest first (one query)."""
    return list(MatchEvent.objects.filter(fixture=fixture))


def deal_by_entry_key(fixture_id: int, key: uuid.UUID) -> Deal | None:
    """The deal of any game of the fixture saved from the form with this ``entry_key``."""
    return Deal.objects.filter(game__fixture_id=fixture_id, entry_key=key).first()


def entry_fixture(fixture_id: int) -> Fixture:
    """An entry link's fixture with its competition, round, sides (their entrants with their
    partnerships) and games with their deals (four queries)."""
    return (
        Fixture.objects.select_related("competition__club", "round")
        .prefetch_related(
            Prefetch("sides", queryset=FixtureSide.objects.select_related("entrant__partnership")),
            Prefetch("games", queryset=Game.objects.prefetch_related("deals")),
        )
        .get(pk=fixture_id)
    )


def people_on_side(fixture: Fixture, side: int) -> int:
    """How many people play on ``side`` of ``fixture``: a partnership is two, a player one (a
    rotation's side of two players, "Anna & Ben", two). A sentence about a side agrees its verb
    with this ("Anna enters", "Anna & Ben enter"). Uses the fixture's sides as prefetched."""
    return sum(2 if s.entrant.partnership_id else 1 for s in fixture.sides.all() if s.side == side)


def games_in_progress(fixtures: QuerySet[Fixture]) -> list[Game]:
    """The games in progress (started, not finished, not abandoned) of ``fixtures``, by round
    and table (one query)."""
    return list(
        Game.objects.in_play()
        .filter(fixture__in=fixtures, abandoned_at__isnull=True)
        .select_related("fixture__round")
        .order_by("fixture__round__number", "fixture_id", "id")
    )


def withdrawal_games(entrant: Entrant) -> list[Game]:
    """The games in progress that withdrawing ``entrant`` would abandon: those of its matches
    still open (not finished, not void), which the withdrawal concedes."""
    return games_in_progress(
        Fixture.objects.filter(sides__entrant=entrant, finished=False).exclude(
            status=FixtureStatus.VOID
        )
    )


def entrant_people(entrant: Entrant) -> int:
    """How many people an entrant is (a partnership two, a player one), for a verb to agree."""
    return 2 if entrant.partnership_id else 1


def next_entry_token(entrant_id: int, after: int) -> str | None:
    """The entry token of the entrant's next open match, other than fixture ``after`` (not one
    of a drawn round still under the director's review: its link opens once published)."""
    return (
        FixtureSide.objects.filter(
            entrant_id=entrant_id,
            fixture__confirmed_at__isnull=True,
            fixture__finished=False,
            fixture__round__draft=False,
        )
        .exclude(fixture_id=after)
        .order_by("fixture__round__number", "fixture_id")
        .values_list("entry_token", flat=True)
        .first()
    )


# -- a new tournament ---------------------------------------------------------------------------
def clubs_exist() -> bool:
    return Club.objects.exists()


# -- the entrants -------------------------------------------------------------------------------
def tournament_entrants(competition: Competition) -> list[Entrant]:
    """The entrants, best seed first (the unseeded after, by name), each with its partnership
    (one query)."""
    entrants = list(competition.entrants.select_related("partnership"))
    entrants.sort(key=lambda e: (e.seed is None, e.seed or 0, name_sort_key(e.name), e.pk))
    return entrants


def entrant_records(competition: Competition) -> dict[int, Counter[str]]:
    """Each entrant's finished matches by result (``win``, ``loss``, ``draw``; one query)."""
    records: dict[int, Counter[str]] = defaultdict(Counter)
    for entrant, result in FixtureSide.objects.filter(
        fixture__competition=competition, fixture__finished=True
    ).values_list("entrant_id", "result"):
        records[entrant][result] += 1
    return records


@dataclass(frozen=True)
class FixtureProgress:
    """How far a competition's fixtures have gone: how many there are, how many are still
    open (not finished, or finished and not confirmed), and in how many rounds they are."""

    matches: int
    open: int
    rounds: int


def fixture_progress(competition: Competition) -> FixtureProgress:
    """The competition's :class:`FixtureProgress` (one query)."""
    counts = competition.fixtures.order_by().aggregate(
        matches=Count("id"),
        open=Count("id", filter=Q(finished=False) | Q(confirmed_at__isnull=True)),
        rounds=Count("round", distinct=True),
    )
    return FixtureProgress(counts["matches"], counts["open"], counts["rounds"])


# -- a round's tables ---------------------------------------------------------------------------
def _table_key(fixture: Fixture) -> tuple[int, str, int]:
    # Tables are text ("3", "Bar"): numbered tables in number order, 10 after 9.
    table = fixture.table
    return (int(table) if table.isdigit() else 1_000_000, table, fixture.pk)


def round_fixtures(night: Round) -> list[Fixture]:
    """The round's fixtures with their sides' entrants, in table order (two queries)."""
    fixtures = night.fixtures.prefetch_related(
        Prefetch("sides", queryset=FixtureSide.objects.select_related("entrant"))
    )
    return sorted(fixtures, key=_table_key)


# -- the bracket --------------------------------------------------------------------------------
@dataclass(frozen=True)
class BracketData:
    """What a tournament's bracket is drawn from: the drawn ``bracket``; its ``state`` (None
    for the knockout of a pools tournament while the pools go on); the ``entrants`` by id;
    ``pool_places``: after pools, the pool (from 0) and place (from 1) each knockout seed comes
    from; ``lines``: the fixture of each bracket match made so far, by match id."""

    bracket: Bracket
    state: BracketState[int] | None
    entrants: Mapping[int, Entrant]
    pool_places: Mapping[int, tuple[int, int]]
    lines: Mapping[str, FixtureLine]


def _elimination(competition: Competition, entrant_count: int) -> Bracket:
    if competition.format == TournamentFormat.DOUBLE:
        return double_elimination(entrant_count, reset=competition.final_reset)
    return single_elimination(entrant_count, third_place=competition.third_place)


def bracket_data(
    competition: Competition, entrants: list[Entrant] | None = None
) -> BracketData | None:
    """The bracket of an elimination tournament (or the knockout after the pools) and what
    stands in it; None while there is nothing to draw (a Swiss or a round robin, an unseeded
    or too small field, pools not yet made). A fixed number of queries, fewer with the
    ``entrants`` given."""
    if competition.format not in BRACKETS:
        return None
    if entrants is None:
        entrants = list(competition.entrants.all())
    pool_places: dict[int, tuple[int, int]] = {}
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
            pool_places = {number: place for place, number in knockout.seeds.items()}
        else:
            seeds = sorted(e.seed or 0 for e in entrants)
            if len(entrants) < 2 or seeds != list(range(1, len(entrants) + 1)):
                return None  # seeds are given (or made) before the start
            bracket = _elimination(competition, len(entrants))
        state = bracket_state(competition)
    except InvalidBracket:
        return None
    lines: dict[str, FixtureLine] = {}
    if competition.started:
        fixtures = fixtures_for_lines().filter(competition=competition).exclude(bracket_match="")
        for fixture in fixtures:
            fixture.competition = competition  # in hand: no query a fixture
            lines[fixture.bracket_match] = fixture_line(fixture)
    return BracketData(bracket, state, {e.pk: e for e in entrants}, pool_places, lines)


# -- pools ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PoolLine:
    """An entrant's line of its pool's table; ``qualifies`` for a place in the knockout."""

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
class PoolStanding:
    """One pool's table (``pool`` numbered from 0), best first."""

    pool: int
    lines: tuple[PoolLine, ...]


def pool_standings(
    competition: Competition, entrants: list[Entrant] | None = None
) -> list[PoolStanding]:
    """Each pool's table, by the competition's tie-break chain; the top ``pool_top_k`` marked
    as qualifying (two queries, or one with the entrants given)."""
    if entrants is None:
        entrants = list(competition.entrants.all())
    members: dict[int, list[int]] = defaultdict(list)
    names = {}
    for e in entrants:
        names[e.pk] = withdrawn_name(e.name, e.withdrawn)
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
            PoolStanding(
                pool=pool,
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
