"""Reads of club evenings and seasons: the tables of a round, where each player sits, the
evening's ranking with its prizes, the season's standings, a member's evenings.

Words as in :mod:`league.evenings.services` and :mod:`scoring.evenings`. A *round cell* is
what an entrant scored in one round and how (played, sat out, absent, or still playing).
Every read here makes a fixed number of queries whatever the size of the field.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, QuerySet
from django.utils.translation import pgettext

from league.models import (
    Competition,
    CompetitionKind,
    Entrant,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    Partnership,
    Player,
    RecordChange,
    Round,
    Season,
)
from league.names import name_sort_key
from scoring.evenings import (
    THREE_SEATS,
    EveningRules,
    RoundScore,
    SeasonRow,
    evening_ranking,
    evening_rules_from_data,
    in_round,
    missed_round_against,
    points_champion,
    round_score,
    season_rules_from_data,
    season_standings,
)


def evenings_of_club(club_id: int) -> QuerySet[Competition]:
    """The club's evenings, the latest night first."""
    return Competition.objects.filter(club_id=club_id, kind=CompetitionKind.EVENING).order_by(
        "-held_on", "-created_at", "-id"
    )


def same_night(competition: Competition) -> list[str]:
    """The names of the club's other evenings (not archived) on ``competition``'s night: a
    second evening made for one night is most often a slip (one query; none without a
    night)."""
    if competition.held_on is None:
        return []
    return list(
        evenings_of_club(competition.club_id)
        .filter(held_on=competition.held_on, archived_at=None)
        .exclude(pk=competition.pk)
        .values_list("name", flat=True)
    )


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat (``number`` from 1 round the table; None for a substitute)."""

    number: int
    entrant: Entrant | None


@dataclass(frozen=True)
class Table:
    """One table of a round: its fixture, its seats in order, the sides' names, its scores
    when finished (``scores``, one a side), and whether a game is under way at it.

    A *table of three* (:attr:`three`) has three sides of one player each, in seat order,
    and three scores: each player's own points for the round, typed from the paper sheet
    (it has no entry link: no phone plays it)."""

    fixture: Fixture
    number: str
    seats: tuple[Seat, ...]
    side_names: tuple[str, ...]
    scores: tuple[int, ...] | None
    playing: bool
    entry_token: str | None

    @property
    def finished(self) -> bool:
        return self.scores is not None

    @property
    def three(self) -> bool:
        return len(self.side_names) == THREE_SEATS


@dataclass(frozen=True)
class RoundView:
    """A drawn round: its tables in order and who sits out."""

    round: Round
    tables: tuple[Table, ...]
    sitting_out: tuple[Entrant, ...]

    @property
    def finished(self) -> bool:
        return all(t.finished for t in self.tables)

    @property
    def still_playing(self) -> tuple[Table, ...]:
        return tuple(t for t in self.tables if not t.finished)


@dataclass(frozen=True)
class RoundCell:
    """An entrant's round: ``points`` (None while its table plays) and ``how``: ``played``,
    ``sat_out``, ``absent`` or ``playing``."""

    points: int | None
    how: str


@dataclass(frozen=True)
class RankingRow:
    """A line of the evening's ranking: the entrant, its place (shared places equal), total
    points, wins, rounds played, one cell a drawn round, and its prize: ``prize`` (its number
    in the prize list from 1) with the club's words for it, or ``booby``. Prizes are given only
    once the evening is finished (:func:`scoring.evenings.evening_ranking`'s ``final``): while
    it runs ``prize`` is None and ``booby`` False for everyone."""

    entrant: Entrant
    place: int
    points: int
    wins: int
    rounds_played: int
    cells: tuple[RoundCell, ...]
    prize: int | None
    prize_words: str
    booby: bool
    roem: int
    #: Points lost for the entrant's own reneges (an evening with a renege penalty): the
    #: pages show "-100"; ``points`` is already net of them.
    penalties: int = 0

    @property
    def missed_rounds(self) -> int:
        """How many rounds of ``points`` are a missed round's score (the evening's absent
        score: rounds before a late arrival came, or after a leaver left), not points played:
        the ranking marks them, so that nobody is surprised when a late arrival ranks high."""
        return sum(1 for cell in self.cells if cell.how == "absent")


@dataclass(frozen=True)
class PenaltyLine:
    """A penalty given at the evening: who, in which round, the points lost and why (the
    code ``renege``)."""

    entrant: Entrant
    round: int
    points: int
    why: str


@dataclass(frozen=True)
class Evening:
    """What the director's page, the room's screen and the PDFs read of an evening."""

    competition: Competition
    rules: EveningRules
    entrants: tuple[Entrant, ...]
    rounds: tuple[RoundView, ...]
    ranking: tuple[RankingRow, ...] = ()
    booby_words: str = ""

    @property
    def drawn(self) -> int:
        return len(self.rounds)

    @property
    def current(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        """Every round drawn and every table's result in."""
        return _finished(self.rules, self.rounds)

    @property
    def next_round(self) -> int | None:
        return self.drawn + 1 if self.drawn < self.rules.rounds else None

    @property
    def penalty_lines(self) -> tuple[PenaltyLine, ...]:
        """The penalties given so far, by round then name (none when the evening scores
        reneges in the game)."""
        if not self.rules.renege_penalty:
            return ()
        lines = [
            PenaltyLine(e, line["round"], line["points"], str(line.get("why", "")))
            for e in self.entrants
            for line in e.penalties or []
            if isinstance(line, dict)
            and isinstance(line.get("round"), int)
            and isinstance(line.get("points"), int)
        ]
        return tuple(sorted(lines, key=lambda p: p.round))

    def playing_next(self) -> tuple[Entrant, ...]:
        """Who would be drawn for the next round."""
        number = self.drawn + 1
        return tuple(
            e
            for e in self.entrants
            if not e.withdrawn and in_round(e.joined_round, e.left_after_round, number)
        )


def _table(fixture: Fixture, pairs: bool, playing: set[int]) -> Table:
    by_side: list[list[Entrant]] = [[], [], []]
    token = None
    for side in fixture.sides.all():
        by_side[min(side.side, THREE_SEATS - 1)].append(side.entrant)
        if token is None and side.side == 0:
            token = side.entry_token
    if not by_side[2]:
        by_side.pop()
    if pairs or len(by_side) == THREE_SEATS:
        seats = tuple(Seat(i + 1, side[0] if side else None) for i, side in enumerate(by_side))
    else:
        a = (by_side[0] + [None, None])[:2]
        b = (by_side[1] + [None, None])[:2]
        seats = (Seat(1, a[0]), Seat(2, b[0]), Seat(3, a[1]), Seat(4, b[1]))
    names = tuple(" & ".join(e.name for e in side) for side in by_side)
    finished = fixture.finished and fixture.status != FixtureStatus.VOID
    scores = None
    if finished:
        points = {s.side: s.points_for for s in fixture.sides.all()}
        scores = tuple(points.get(i, 0) for i in range(len(by_side)))
    return Table(
        fixture=fixture,
        number=fixture.table,
        seats=seats,
        side_names=names,
        scores=scores,
        playing=fixture.pk in playing,
        entry_token=token,
    )


def evening(competition: Competition, *, with_ranking: bool = True) -> Evening:
    """The evening as it stands: its entrants, its drawn rounds with their tables, and (when
    asked) its ranking with prizes. Six queries whatever the field."""
    return evenings_read([competition], with_ranking=with_ranking)[competition.pk]


def _finished(rules: EveningRules, rounds: Sequence[RoundView]) -> bool:
    """Every round drawn and every table's result in (:attr:`Evening.finished`)."""
    return len(rounds) >= rules.rounds and all(r.finished for r in rounds)


def _table_order(number: str) -> tuple[int, str]:
    return (int(number), "") if number.isdigit() else (10**6, number)


def _cells(
    rules: EveningRules, entrants: Sequence[Entrant], rounds: Sequence[RoundView]
) -> dict[int, list[tuple[RoundCell, RoundScore | None]]]:
    """Each entrant's round cells, with the engine's round score where one is known."""
    played: dict[int, dict[int, RoundScore]] = defaultdict(dict)  # round -> entrant -> score
    playing: dict[int, set[int]] = defaultdict(set)
    for view in rounds:
        n = view.round.number
        for table in view.tables:
            sides = list(table.fixture.sides.all())
            if table.scores is None:
                playing[n].update(s.entrant_id for s in sides)
                continue
            for s in sides:
                played[n][s.entrant_id] = RoundScore(
                    points=s.points_for,
                    against=s.points_against,
                    won=s.result == "win",
                    roem=s.meld_points,
                )
    # What the round's players scored: a sit-out's or an absentee's average or lowest.
    round_scores = {n: [r.points for r in by_entrant.values()] for n, by_entrant in played.items()}
    round_scores.update({v.round.number: [] for v in rounds if v.round.number not in played})
    # A round without a table counts the round's usual points against, not 0: else sitting
    # out would win the "fewer points against" tie-break.
    round_against = {
        n: missed_round_against([r.against for r in by_entrant.values()])
        for n, by_entrant in played.items()
    }
    out: dict[int, list[tuple[RoundCell, RoundScore | None]]] = {}
    for e in entrants:
        cells: list[tuple[RoundCell, RoundScore | None]] = []
        for view in rounds:
            n = view.round.number
            scores = round_scores[n]
            if e.pk in played[n]:
                score = played[n][e.pk]
                cells.append((RoundCell(score.points, "played"), score))
            elif e.pk in playing[n]:
                cells.append((RoundCell(None, "playing"), None))
            elif any(s.pk == e.pk for s in view.sitting_out):
                if not view.finished and rules.sit_out_score in ("round_average", "round_lowest"):
                    cells.append((RoundCell(None, "playing"), None))
                    continue
                points = round_score(rules.sit_out_score, rules.sit_out_points, scores)
                cells.append(
                    (
                        RoundCell(points, "sat_out"),
                        RoundScore(points=points, against=round_against.get(n, 0), how="sat_out"),
                    )
                )
            else:
                if not view.finished and rules.absent_score in ("round_average", "round_lowest"):
                    cells.append((RoundCell(None, "playing"), None))
                    continue
                points = round_score(rules.absent_score, rules.absent_points, scores)
                cells.append(
                    (
                        RoundCell(points, "absent"),
                        RoundScore(points=points, against=round_against.get(n, 0), how="absent"),
                    )
                )
        out[e.pk] = cells
    return out


def _ranking(
    competition: Competition,
    rules: EveningRules,
    entrants: Sequence[Entrant],
    rounds: Sequence[RoundView],
    *,
    final: bool,
) -> tuple[RankingRow, ...]:
    if not rounds:
        return ()
    cells = _cells(rules, entrants, rounds)
    by_id = {e.pk: e for e in entrants}
    # Entrants who joined after the last round drawn have no round yet: not ranked.
    ranked = {
        e.pk: [score for _, score in cells[e.pk] if score is not None]
        for e in entrants
        if e.joined_round <= len(rounds)
    }
    penalties = {e.pk: penalty_total(e) for e in entrants if e.pk in ranked}
    placed = evening_ranking(rules, ranked, penalties, final=final)
    words = list(competition.prize_words or [])
    rows = []
    for p in placed:
        e = by_id[p.entrant]
        prize_words = ""
        if p.prize is not None and p.prize <= len(words):
            prize_words = words[p.prize - 1]
        elif p.booby:
            prize_words = competition.booby_words
        rows.append(
            RankingRow(
                entrant=e,
                place=p.place,
                points=p.points,
                wins=p.wins,
                rounds_played=p.rounds,
                cells=tuple(c for c, _ in cells[e.pk]),
                prize=p.prize,
                prize_words=prize_words,
                booby=p.booby,
                roem=sum(s.roem for _, s in cells[e.pk] if s is not None),
                penalties=p.penalties,
            )
        )
    return tuple(rows)


def penalty_total(entrant: Entrant) -> int:
    """The points ``entrant`` loses from its evening total for its reneges (what
    ``Entrant.penalties`` holds; a malformed line counts nothing)."""
    total = 0
    for line in entrant.penalties or []:
        points = line.get("points") if isinstance(line, dict) else None
        if isinstance(points, int) and not isinstance(points, bool) and points > 0:
            total += points
    return total


@dataclass(frozen=True)
class SeatLine:
    """A line of "where do I sit": one player's own ``name`` (each player of a pair has a
    line of their own, so that Dora finds herself under D), the ``pair`` they play in (its
    name; "" at an evening of drawn partners), their ``table`` (None: sits out) and ``seat``
    (None for a sit-out, and for a pair's player: the game gives a pair a table, not a seat
    each)."""

    name: str
    table: str | None
    seat: int | None
    pair: str = ""
    #: A pair's other player, when the pair has no team name of its own.
    partner: str = ""

    @property
    def label(self) -> str:
        """The name as the lists show it: "Dora Smit (Westsiders)" for a pair's player when the
        pair has a team name, else "Dora Smit, with Carl Visser" (the pair's name would repeat
        hers)."""
        if not self.pair:
            return self.name
        if self.partner:
            return pgettext(
                "a player's name with their partner's: Dora Smit, with Carl Visser",
                "%(name)s, with %(partner)s",
            ) % {"name": self.name, "partner": self.partner}
        return pgettext(
            "a player's name with the name of the pair they play in: Dora Smit (Westsiders)",
            "%(name)s (%(pair)s)",
        ) % {"name": self.name, "pair": self.pair}


def _people(entrant: Entrant) -> list[tuple[str, str, str]]:
    """An entrant's people as (own name, pair's name, partner's name when the pair has no team
    name): a pair's two players, or one player."""
    pair = entrant.partnership if entrant.partnership_id is not None else None
    if pair is None:
        return [(entrant.name, "", "")]
    first, second = pair.first.name, pair.second.name
    if pair.name:
        return [(first, entrant.name, ""), (second, entrant.name, "")]
    return [(first, entrant.name, second), (second, entrant.name, first)]


def people_lines(entrants: Iterable[Entrant]) -> tuple[SeatLine, ...]:
    """Entrants' people in alphabetical order of their own name, as where to sit lists them
    (a pair's players each under their own name, with the pair's), without a table: who is
    checked in before the first draw, who sits out a round."""
    lines = [
        SeatLine(name, None, None, pair, partner)
        for e in entrants
        for name, pair, partner in _people(e)
    ]
    return tuple(
        sorted(lines, key=lambda line: (name_sort_key(line.name), name_sort_key(line.pair)))
    )


def where_to_sit(view: RoundView) -> tuple[SeatLine, ...]:
    """Every player of a round in alphabetical order of their own name with their table and
    seat, sit-outs too (a pair's players each under their own name, with the pair's)."""
    lines = [
        SeatLine(name, table.number, None if pair else seat.number, pair, partner)
        for table in view.tables
        for seat in table.seats
        if seat.entrant is not None
        for name, pair, partner in _people(seat.entrant)
    ]
    lines.extend(
        SeatLine(name, None, None, pair, partner)
        for e in view.sitting_out
        for name, pair, partner in _people(e)
    )
    return tuple(
        sorted(lines, key=lambda line: (name_sort_key(line.name), name_sort_key(line.pair)))
    )


# -- seasons ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonLine:
    """A line of the season: who (``key``: ``("player", id)`` or ``("pair", id)``), their
    name, and the engine's row (score, evenings counted and played, total, place)."""

    key: tuple[str, int]
    name: str
    row: SeasonRow[tuple[str, int]]


@dataclass(frozen=True)
class SeasonView:
    """A season as its page and its PDF show it: every evening of it (``evenings``, the
    first night first), the standings (``lines``) and the points champion, made of the
    ``counted_evenings`` (the finished ones); ``in_play``: the evenings under way (a round
    drawn, not finished), listed as in play, not counted yet."""

    season: Season
    evenings: tuple[Competition, ...]
    lines: tuple[SeasonLine, ...]
    champion: str | None = None
    counted_evenings: tuple[Competition, ...] = field(default=())
    in_play: tuple[Competition, ...] = field(default=())


# -- guests ---------------------------------------------------------------------------------
#: The subjects of the club's records (:class:`RecordChange`) a guest can be: a player, and a
#: pair made at the door with a guest in it. The keys are the season's (:func:`_who`).
_SUBJECTS = {"player": "player", "pair": "partnership"}


def guests_among(retired: Iterable[tuple[str, int]]) -> set[tuple[str, int]]:
    """Which of these retired players and pairs (``("player", id)``, ``("pair", id)``) are
    *guests*: made at an evening's door and kept as retired from the start
    (:func:`league.evenings.services.evening_check_in_guest`), never retired by the club's
    "Retire" (which records it); a member who left the club has that record. One query
    (none for nobody)."""
    keys = set(retired)
    if not keys:
        return set()
    by_club = Q()
    for kind, subject in _SUBJECTS.items():
        ids = [pk for who, pk in keys if who == kind]
        if ids:
            by_club |= Q(subject=subject, subject_id__in=ids)
    recorded = {
        (kind, pk)
        for subject, pk in RecordChange.objects.filter(by_club, action="retire").values_list(
            "subject", "subject_id"
        )
        for kind in _SUBJECTS
        if _SUBJECTS[kind] == subject
    }
    return keys - recorded


def is_guest(record: Player | Partnership) -> bool:
    """Whether a player (or a pair) is a guest of its club (:func:`guests_among`), not a
    member, retired or not. One query for a retired one, none for a member."""
    if record.retired_at is None:
        return False
    key = ("player" if isinstance(record, Player) else "pair", record.pk)
    return key in guests_among([key])


def _who(entrant: Entrant) -> tuple[str, int]:
    if entrant.player_id is not None:
        return ("player", entrant.player_id)
    return ("pair", entrant.partnership_id or 0)


def season_view(season: Season) -> SeasonView:
    """The season's standings from its finished evenings' totals, by the season's rules;
    the points champion. Seven queries whatever the number of evenings
    (:func:`evenings_read`), one more when any who played is retired (a guest?).

    Guests (:func:`guests_among`) are not members of the season: their evenings' totals
    count for those evenings (the lowest score of one), but they have no line. A club ranks
    its members; a guest who joins the club later (brought back in) has their evenings.

    The rule: a season counts finished evenings (every round drawn and every table's result
    in, :attr:`Evening.finished`; :func:`scoring.evenings.season_standings`). An evening
    still being played is left out (its players at their tables have 0 so far, its places
    are not final) and listed as in play, not counted yet; one not drawn yet is neither."""
    rules = season_rules_from_data(season.rules)
    evenings = list(season.evenings.order_by("held_on", "created_at", "id"))
    views = evenings_read(evenings)
    counted = [c for c in evenings if views[c.pk].finished]
    in_play = [c for c in evenings if views[c.pk].drawn and not views[c.pk].finished]
    totals: list[dict[tuple[str, int], int]] = []
    names: dict[tuple[str, int], str] = {}
    pair_players: dict[tuple[str, int], tuple[int, int]] = {}
    retired: set[tuple[str, int]] = set()
    # An evening in play keeps its place (empty, counting for nobody yet), so that the
    # periods of a season with periods do not shift while it is played.
    for competition in evenings:
        view = views[competition.pk]
        if not view.drawn:
            continue
        evening_totals: dict[tuple[str, int], int] = {}
        for row in view.ranking if view.finished else ():
            who = _who(row.entrant)
            evening_totals[who] = row.points
            names[who] = row.entrant.name
            pair = row.entrant.partnership
            if pair is not None:
                pair_players[who] = (pair.first_id, pair.second_id)
            record = row.entrant.player or pair
            if record is not None and record.retired_at is not None:
                retired.add(who)
        totals.append(evening_totals)
    excused = [
        _excused_keys(competition, pair_players)
        for competition in evenings
        if views[competition.pk].drawn
    ]
    rows = season_standings(rules, totals, excused=excused, guests=guests_among(retired))
    champion = points_champion(rows)
    lines = tuple(SeasonLine(r.member, names[r.member], r) for r in rows)
    return SeasonView(
        season,
        tuple(evenings),
        lines,
        champion=names.get(champion) if champion is not None else None,
        counted_evenings=tuple(counted),
        in_play=tuple(in_play),
    )


def _excused_keys(
    competition: Competition, pair_players: dict[tuple[str, int], tuple[int, int]]
) -> frozenset[tuple[str, int]]:
    """Who the season takes as excused from an evening: each member marked excused, and each
    pair one of whose players is (the pair could not come because of them)."""
    ids = {pk for pk in competition.excused or [] if isinstance(pk, int)}
    keys = {("player", pk) for pk in ids}
    keys.update(key for key, players in pair_players.items() if ids.intersection(players))
    return frozenset(keys)


@dataclass(frozen=True)
class Excused:
    """The evening's excused absences: ``members`` marked excused (by name; none checked in),
    and ``to_mark`` the club's active members an organiser may still mark (neither checked
    in, alone or in a pair, nor excused)."""

    members: tuple[Player, ...]
    to_mark: tuple[Player, ...]


def evening_excused(view: Evening) -> Excused:
    """Who is excused from the evening and who may still be marked: one query."""
    competition = view.competition
    ids = {pk for pk in competition.excused or [] if isinstance(pk, int)}
    playing = {e.player_id for e in view.entrants if e.player_id is not None}
    for e in view.entrants:
        if e.partnership is not None:
            playing.update((e.partnership.first_id, e.partnership.second_id))
    players = sorted(
        Player.objects.filter(club_id=competition.club_id).filter(
            Q(retired_at=None) | Q(pk__in=ids)
        ),
        key=lambda p: name_sort_key(p.name),
    )
    return Excused(
        members=tuple(p for p in players if p.pk in ids and p.pk not in playing),
        to_mark=tuple(
            p for p in players if p.retired_at is None and p.pk not in ids and p.pk not in playing
        ),
    )


@dataclass(frozen=True)
class MemberEvening:
    """One evening of a member: the evening, their place of how many, points, prize.
    ``finished``: False while the evening is in play (its place is the running one, and no
    prize is given yet)."""

    competition: Competition
    place: int
    of: int
    points: int
    prize_words: str
    prize: int | None
    booby: bool
    finished: bool = True


def member_evenings(player: Player) -> tuple[MemberEvening, ...]:
    """A member's evenings (alone or in a pair), the latest first, with place and prize.
    Seven queries whatever the number of evenings (:func:`evenings_read`)."""
    competitions = (
        Competition.objects.filter(kind=CompetitionKind.EVENING, entrants__player=player)
        | Competition.objects.filter(
            kind=CompetitionKind.EVENING, entrants__partnership__first=player
        )
        | Competition.objects.filter(
            kind=CompetitionKind.EVENING, entrants__partnership__second=player
        )
    ).distinct()
    out = []
    ordered = list(competitions.order_by("-held_on", "-id"))
    views = evenings_read(ordered)
    for competition in ordered:
        view = views[competition.pk]
        for row in view.ranking:
            e = row.entrant
            if e.player_id == player.pk or (
                e.partnership is not None
                and player.pk in (e.partnership.first_id, e.partnership.second_id)
            ):
                out.append(
                    MemberEvening(
                        competition,
                        row.place,
                        len(view.ranking),
                        row.points,
                        row.prize_words,
                        row.prize,
                        row.booby,
                        finished=view.finished,
                    )
                )
    return tuple(out)


def _with_pair(entrants: QuerySet[Entrant]) -> QuerySet[Entrant]:
    """Entrants with their pair's two players (where to sit names each), in the same query."""
    return entrants.select_related("partnership__first", "partnership__second")


def evenings_read(
    competitions: Sequence[Competition], *, with_ranking: bool = True
) -> dict[int, Evening]:
    """Evenings as they stand (their rankings computed when ``with_ranking``), by
    competition id, in six queries whatever their number and field: one evening's page, a
    season's standings and a member's evenings alike."""
    ids = [c.pk for c in competitions]
    if not ids:
        return {}
    entrants: dict[int, list[Entrant]] = defaultdict(list)
    # A pair's two players too: the lists name each (where to sit, the check-in list).
    for entrant in Entrant.objects.filter(competition_id__in=ids).select_related(
        "player", "partnership__first", "partnership__second"
    ):
        entrants[entrant.competition_id].append(entrant)
    rounds: dict[int, list[Round]] = defaultdict(list)
    for night in (
        Round.objects.filter(competition_id__in=ids)
        .prefetch_related(
            Prefetch("sitting_out", queryset=_with_pair(Entrant.objects.order_by("name")))
        )
        .order_by("number")
    ):
        rounds[night.competition_id].append(night)
    sides = Prefetch(
        "sides",
        queryset=FixtureSide.objects.select_related(
            "entrant__partnership__first", "entrant__partnership__second"
        ).order_by("side", "id"),
    )
    fixtures: dict[int, list[Fixture]] = defaultdict(list)
    for fixture in (
        Fixture.objects.filter(competition_id__in=ids)
        .select_related("round")
        .prefetch_related(sides)
        .order_by("round__number", "id")
    ):
        fixtures[fixture.competition_id].append(fixture)
    playing = set(
        Game.objects.in_play()
        .filter(fixture__competition_id__in=ids, abandoned_at__isnull=True)
        .values_list("fixture_id", flat=True)
    )
    out: dict[int, Evening] = {}
    for competition in competitions:
        rules = evening_rules_from_data(competition.evening_rules)
        field = sorted(entrants[competition.pk], key=lambda e: name_sort_key(e.name))
        pairs = rules.entrants == "pairs"
        by_round: dict[int, list[Table]] = defaultdict(list)
        for fixture in fixtures[competition.pk]:
            by_round[fixture.round_id].append(_table(fixture, pairs, playing))
        views = tuple(
            RoundView(
                round=r,
                tables=tuple(sorted(by_round[r.pk], key=lambda t: _table_order(t.number))),
                sitting_out=tuple(r.sitting_out.all()),
            )
            for r in rounds[competition.pk]
        )
        out[competition.pk] = Evening(
            competition,
            rules,
            tuple(field),
            views,
            ranking=(
                _ranking(competition, rules, field, views, final=_finished(rules, views))
                if with_ranking
                else ()
            ),
            booby_words=competition.booby_words,
        )
    return out
