"""A tournament's printed documents: a round's table pack, the bracket and the final ranking.

- ``/c/<slug>/rounds/<number>/tables.pdf``: one hick sheet a table of the round, with each
  side's entry link as a QR code. The links let whoever holds them enter and confirm results,
  so only an organiser may print the pack (signed out: the sign-in page; a scorer: 403), and
  the response is not to be cached. Any competition's round prints; sides without an entry
  link (a league's) get no code.
- ``/c/<slug>/bracket.pdf``: the bracket as it stands (a Swiss, a round robin and the pools
  print their rounds' pairings). Public.
- ``/c/<slug>/ranking.pdf``: the places from the bracket, or the standings. Public.

All three take ``?size=Letter`` (A4 by default). The sheets are built here from the services'
and selectors' reads; the renderers in :mod:`league.pdf.tournament` only draw.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from datetime import date as Date

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.dateformat import format as format_date

from league.competitions import selectors as competitions_selectors
from league.games import selectors as games_selectors
from league.models import (
    Competition,
    CompetitionKind,
    EntrantKind,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Round,
    TournamentFormat,
)
from league.printing.pdf.sheets import BlankSheet, EntryLink
from league.printing.pdf.tournament import (
    BracketBox,
    BracketColumn,
    BracketSection,
    BracketSheet,
    PairingRound,
    PairingRow,
    RankingRow,
    RankingSheet,
    TablePack,
)
from league.tournaments import selectors as tournaments_selectors
from scoring.brackets import BYE, Bracket, BracketMatch, BracketState, LoserOf, Seed, WinnerOf
from scoring.standings import TIEBREAKS

ELIMINATION = (TournamentFormat.SINGLE, TournamentFormat.DOUBLE)


# -- words -----------------------------------------------------------------------------------
def _when(day: Date | None) -> str:
    return format_date(day, "j F Y") if day else ""


def _today() -> str:
    return _when(timezone.localdate())


def pool_name(pool: int) -> str:
    """Pools are numbered from 0 in the database and from 1 in print, as on the pages."""
    return f"Pool {pool + 1}"


def format_name(competition: Competition) -> str:
    """The format with its options, as a reader wants it: "Single elimination, with a
    third-place match; matches best of 3"."""
    fmt = competition.format
    words = competition.get_format_display()
    if fmt == TournamentFormat.SINGLE and competition.third_place:
        words += ", with a third-place match"
    elif fmt == TournamentFormat.DOUBLE and competition.final_reset:
        words += ", with a reset if the grand final is lost by the unbeaten side"
    elif fmt == TournamentFormat.SWISS and competition.swiss_rounds:
        words += f", {competition.swiss_rounds} rounds"
    elif fmt == TournamentFormat.POOLS:
        words = (
            f"{competition.pool_count or 2} pools, the top {competition.pool_top_k or 2} of each "
            "to a knockout"
        )
        if competition.third_place:
            words += " with a third-place match"
    n = competition.games_per_match
    if n > 1:
        words += f"; matches best of {n}" if competition.best_of else f"; {n} games a match"
    return words


def ruleset_name(competition: Competition) -> str:
    rules = competition.rules
    return f"{rules.name}, games to {rules.target}"


def entrant_heading(competition: Competition) -> str:
    return "Partnership" if competition.entrant_kind == EntrantKind.PARTNERSHIPS else "Player"


_FROM_THE_END = {0: ("final", "final"), 1: ("semi-final", "semi-finals")}


_FROM_THE_END[2] = ("quarter-final", "quarter-finals")


def round_title(bracket: Bracket, match: BracketMatch, plural: bool = False) -> str:
    """What a bracket match (or its round, ``plural``) is called: "Semi-final", "Round 1",
    "Winners' final", "Losers' round 2", "Third-place match", "Grand final"."""
    if match.section == "third":
        return "Third-place match"
    if match.section == "final":
        return "Grand final" if match.reset_of is None else "Grand final reset"
    if match.section == "losers":
        last_losers = max(m.round for m in bracket.matches if m.section == "losers")
        return "Losers' final" if match.round == last_losers else f"Losers' round {match.round}"
    last = max(m.round for m in bracket.matches if m.section == "winners")
    name = _FROM_THE_END.get(last - match.round)
    text = name[1 if plural else 0] if name else f"round {match.round}"
    if bracket.kind == "double":
        return f"Winners' {text}"
    return text[0].upper() + text[1:]


def _table_key(table: str, pk: int) -> tuple[int, str, int]:
    # Tables are text ("3", "Bar"): numbered tables in number order, 10 after 9.
    return (int(table) if table.isdigit() else 1_000_000, table, pk)


def _side_names(sides: Sequence[FixtureSide]) -> tuple[str, str]:
    """Each side's name; a rotation's side of two players reads "Anna & Ben"."""
    names: dict[int, list[str]] = defaultdict(list)
    for side in sides:
        names[side.side].append(side.entrant.name)
    return (" & ".join(names[0]), " & ".join(names[1]))


def _scores(
    fixture: Fixture, sides: Sequence[FixtureSide], competition: Competition
) -> tuple[tuple[str, str], bool]:
    """The fixture's scores as printed, home first, and whether a game is in play: the games
    won in a match of several games, else the points; a running game's totals so far."""
    if fixture.finished:
        by_side = {s.side: s for s in sides}
        if 0 not in by_side or 1 not in by_side:
            return ("", ""), False
        if competition.games_per_match > 1:
            return (str(by_side[0].games_won), str(by_side[1].games_won)), False
        return (str(by_side[0].points_for), str(by_side[1].points_for)), False
    running = [g for g in fixture.games.all() if g.winner is None]
    if running:
        totals = running[0].display_totals
        return (str(totals[0]), str(totals[1])), True
    return ("", ""), False


def _status(fixture: Fixture, in_play: bool) -> str:
    """A word on how a fixture stands, for the line or the box it is printed in."""
    if fixture.status in (FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW):
        return fixture.get_status_display().lower()
    if in_play:
        return "in play"
    if (
        fixture.finished
        and fixture.confirmed_at is None
        and fixture.competition.kind == (CompetitionKind.TOURNAMENT)
    ):
        return "to be confirmed"
    return ""


def _fixtures(competition: Competition) -> list[Fixture]:
    """The competition's fixtures with their sides' entrants and games (three queries)."""
    fixtures = list(
        competition.fixtures.select_related("round").prefetch_related(
            Prefetch("sides", queryset=FixtureSide.objects.select_related("entrant")), "games"
        )
    )
    for fixture in fixtures:
        fixture.competition = competition  # in hand: no query a fixture
    return fixtures


# -- the table pack --------------------------------------------------------------------------
def table_pack(
    competition: Competition, night: Round, link: Callable[[str], str], page_size: str = "A4"
) -> TablePack:
    """One sheet a table of ``night``, in table order; ``link`` makes an entry token's
    absolute address."""
    fixtures = sorted(
        night.fixtures.prefetch_related(
            Prefetch("sides", queryset=FixtureSide.objects.select_related("entrant"))
        ),
        key=lambda f: _table_key(f.table, f.pk),
    )
    rules = competition.rules
    lines = games_selectors.ruleset_lines(rules)
    bracket = None
    if any(f.bracket_match for f in fixtures):
        bracket = tournaments_selectors.tournament_bracket(competition)
    round_name = f"Round {night.number}"
    sheets = []
    for fixture in fixtures:
        sides = list(fixture.sides.all())
        names = _side_names(sides)
        tokens: dict[int, str] = {}
        for side in sides:
            if side.entry_token:
                tokens.setdefault(side.side, side.entry_token)
        what = ""
        if fixture.bracket_match and bracket is not None and fixture.bracket_match in bracket.by_id:
            what = round_title(bracket, bracket.by_id[fixture.bracket_match])
        elif fixture.pool is not None:
            what = pool_name(fixture.pool)
        # A copy of the sheet for each side, each carrying only that side's link: the other
        # side confirms the result with its own, so one side must not hold both.
        for side in [s for s in (0, 1) if s in tokens] or [None]:
            sheets.append(
                BlankSheet(
                    ruleset_name=rules.name,
                    ruleset_lines=lines,
                    sides=2,
                    side_names=names,
                    table=fixture.table,
                    target=rules.target,
                    title=competition.name,
                    round_name=f"{round_name} \u00b7 {what}" if what else round_name,
                    date=_when(fixture.date or night.date),
                    entry_links=()
                    if side is None
                    else (EntryLink(f"For {names[side]} only", link(tokens[side])),),
                )
            )
    return TablePack(
        title=competition.name, round_name=round_name, sheets=tuple(sheets), page_size=page_size
    )


# -- the bracket -----------------------------------------------------------------------------
def _placeholder(slot: Seed | WinnerOf | LoserOf) -> str:
    if isinstance(slot, Seed):
        return f"Seed {slot.number}"
    if isinstance(slot, WinnerOf):
        return f"Winner of {slot.match}"
    return f"Loser of {slot.match}"


def _box(
    match: BracketMatch,
    state: BracketState[int],
    names: dict[int, str],
    fixture: Fixture | None,
    section: set[str],
) -> BracketBox:
    now = state.matches[match.id]
    printed: list[str] = []
    known: list[bool] = []
    for side, slot in ((now.home, match.home), (now.away, match.away)):
        if side is None:
            printed.append(_placeholder(slot))
            known.append(False)
        elif side is BYE:
            printed.append("bye")
            known.append(False)
        else:
            printed.append(names.get(side, "?"))  # type: ignore[arg-type]
            known.append(True)
    winner = None
    if now.winner is not None and now.winner is not BYE:
        winner = 0 if now.winner == now.home else 1
    scores, label = ("", ""), ""
    if now.status == "not_needed":
        label = "not needed"
    elif now.status == "bye":
        label = "bye"
    elif now.status == "walkover":
        label = "walkover"
    if fixture is not None:
        sides = list(fixture.sides.all())
        scores, in_play = _scores(fixture, sides, fixture.competition)
        words = [w for w in (_status(fixture, in_play),) if w]
        if fixture.table and not fixture.confirmed_at:
            words.insert(0, f"Table {fixture.table}")
        label = " \u00b7 ".join([label, *words]) if label else " \u00b7 ".join(words)
    if match.section == "third":
        label = " \u00b7 ".join(w for w in ("third place", label) if w)
    feeds = tuple(
        slot.match if isinstance(slot, WinnerOf) and slot.match in section else None
        for slot in (match.home, match.away)
    )
    return BracketBox(
        id=match.id,
        names=(printed[0], printed[1]),
        scores=scores,
        winner=winner,
        known=(known[0], known[1]),
        label=label,
        feeds=(feeds[0], feeds[1]),
    )


def _sections(
    bracket: Bracket,
    state: BracketState[int],
    names: dict[int, str],
    by_match: dict[str, Fixture],
    knockout_title: str = "",
) -> tuple[BracketSection, ...]:
    """The bracket's sections, a column a round (see league.pdf.tournament)."""
    groups: list[tuple[str, list[list[BracketMatch]]]] = []

    def columns(section: str) -> list[list[BracketMatch]]:
        rounds: dict[int, list[BracketMatch]] = defaultdict(list)
        for m in bracket.matches:
            if m.section == section:
                rounds[m.round].append(m)
        return [rounds[r] for r in sorted(rounds)]

    winners = columns("winners")
    if bracket.kind == "single":
        # The third-place match goes under the final.
        winners[-1] += [m for m in bracket.matches if m.section == "third"]
        groups.append((knockout_title, winners))
    else:
        # The grand final (and its reset) right of the winners' final, which feeds it.
        winners += [[m] for m in bracket.matches if m.section == "final"]
        groups.append(("Winners' bracket and grand final", winners))
        groups.append(("Losers' bracket", columns("losers")))
    sections = []
    for title, cols in groups:
        if not cols:
            continue
        ids = {m.id for col in cols for m in col}
        built = []
        for col in cols:
            first = col[0]
            if first.section == "final":
                heading = "Grand final" if first.reset_of is None else "Reset, if needed"
            elif first.section == "losers":
                heading = f"Round {first.round}"
            else:
                heading = round_title(bracket, first, plural=True)
            built.append(
                BracketColumn(
                    heading,
                    tuple(_box(m, state, names, by_match.get(m.id), ids) for m in col),
                )
            )
        sections.append(BracketSection(title, tuple(built)))
    return tuple(sections)


def _pairing_rounds(
    competition: Competition, fixtures: list[Fixture], rounds: list[Round]
) -> tuple[PairingRound, ...]:
    by_round: dict[int, list[Fixture]] = defaultdict(list)
    for fixture in fixtures:
        by_round[fixture.round_id].append(fixture)
    printed = []
    for night in rounds:
        rows = []
        for fixture in sorted(by_round.get(night.pk, []), key=lambda f: _table_key(f.table, f.pk)):
            sides = list(fixture.sides.all())
            scores, in_play = _scores(fixture, sides, competition)
            notes = [pool_name(fixture.pool)] if fixture.pool is not None else []
            status = _status(fixture, in_play)
            if status and fixture.conceded_by is not None:
                status += f" by {_side_names(sides)[fixture.conceded_by]}"
            notes += [status] if status else []
            rows.append(
                PairingRow(
                    table=fixture.table,
                    names=_side_names(sides),
                    scores=scores,
                    winner=fixture.winner if fixture.finished else None,
                    note=", ".join(notes),
                )
            )
        if not rows:
            continue
        title = f"Round {night.number}"
        if night.date:
            title += f" \u00b7 {_when(night.date)}"
        printed.append(
            PairingRound(
                title=title,
                rows=tuple(rows),
                sitting_out=tuple(e.name for e in night.sitting_out.all()),
            )
        )
    return tuple(printed)


def bracket_sheet(competition: Competition, date: str, page_size: str = "A4") -> BracketSheet:
    """The draw as it stands: the bracket's sections, and the pairings of the rounds that are
    not bracket matches (a Swiss, a round robin, the pools)."""
    fixtures = _fixtures(competition)
    names = dict(competition.entrants.values_list("pk", "name"))
    sections: tuple[BracketSection, ...] = ()
    champion, note = "", ""
    fmt = competition.format
    state = tournaments_selectors.bracket_state(competition) if competition.started else None
    if state is not None:
        bracket = tournaments_selectors.tournament_bracket(competition)
        assert bracket is not None
        by_match = {f.bracket_match: f for f in fixtures if f.bracket_match}
        title = "Knockout" if fmt == TournamentFormat.POOLS else ""
        sections = _sections(bracket, state, names, by_match, title)
        if state.champion is not None:
            champion = names[state.champion]
    elif not competition.started:
        note = "The draw is made when the tournament starts."
    elif fmt == TournamentFormat.POOLS:
        note = "The knockout is drawn when every pool match is confirmed."
    rounds: tuple[PairingRound, ...] = ()
    if fmt not in ELIMINATION:
        rounds = _pairing_rounds(
            competition,
            [f for f in fixtures if not f.bracket_match],
            list(competition.rounds.prefetch_related("sitting_out")),
        )
    return BracketSheet(
        title=competition.name,
        club=competition.club.name,
        date=date,
        ruleset_name=ruleset_name(competition),
        format_name=format_name(competition),
        sections=sections,
        rounds=rounds,
        champion=champion,
        note=note,
        rounds_title="Pool matches" if fmt == TournamentFormat.POOLS else "",
        page_size=page_size,
    )


# -- the ranking -----------------------------------------------------------------------------
def _shared(places: Sequence[int]) -> list[str]:
    """Places as printed: "3=" for a place two or more share."""
    count = Counter(places)
    return [f"{p}=" if count[p] > 1 else str(p) for p in places]


def _records(competition: Competition) -> dict[int, Counter[str]]:
    """Each entrant's matches won and lost (one query)."""
    records: dict[int, Counter[str]] = defaultdict(Counter)
    for entrant, result in FixtureSide.objects.filter(
        fixture__competition=competition, fixture__finished=True
    ).values_list("entrant_id", "result"):
        records[entrant][result] += 1
    return records


def _placing_rows(
    competition: Competition, bracket: Bracket, state: BracketState[int], names: dict[int, str]
) -> list[RankingRow]:
    """The bracket's placings, or while it goes on the entrants still in and then the others,
    furthest first."""
    records = _records(competition)
    withdrawn = set(competition.entrants.filter(withdrawn=True).values_list("pk", flat=True))
    order = {m.id: i for i, m in enumerate(bracket.matches)}

    def row(place: str, entrant: int) -> RankingRow:
        out = state.out_at.get(entrant)
        went = round_title(bracket, bracket.by_id[out]) if out else "\u2013"
        if entrant in withdrawn:
            went += " (withdrew)"
        record = records.get(entrant, Counter())
        return RankingRow(place, names[entrant], (str(record["win"]), str(record["loss"]), went))

    if state.finished:
        places = _shared([place for place, _ in state.placings])
        return [row(p, e) for p, (_, e) in zip(places, state.placings, strict=True)]
    still_in = [e for e in names if e not in state.out_at]
    out = sorted(state.out_at, key=lambda e: (-order[state.out_at[e]], names[e].casefold()))
    return [row("", e) for e in sorted(still_in, key=lambda e: names[e].casefold())] + [
        row("", e) for e in out
    ]


def _standing_columns(competition: Competition) -> tuple[tuple[str, Callable], ...]:
    columns: list[tuple[str, Callable]] = [
        ("P", lambda r: r.played),
        ("W", lambda r: r.won),
        ("D", lambda r: r.drawn),
        ("L", lambda r: r.lost),
        ("Pts", lambda r: r.match_points),
        ("Diff", lambda r: f"{r.point_difference:+d}" if r.point_difference else "0"),
    ]
    shown = {"match_points", "wins", "point_difference"}
    for key in competition.tiebreaks:
        if key in shown or key not in TIEBREAKS:
            continue

        def value(r, key=key):  # r: a row of scoring.standings
            figure = r.keys.get(key)
            if figure is None:
                return "\u2013"
            return str(int(figure)) if float(figure).is_integer() else f"{figure:.1f}"

        columns.append((TIEBREAKS[key].label, value))
    return tuple(columns)


def _finished(competition: Competition, fixtures: Sequence[Fixture]) -> bool:
    """Every match played and confirmed, and (a Swiss) every round drawn."""
    if not competition.started or not fixtures:
        return False
    if any(not f.finished or f.confirmed_at is None for f in fixtures):
        return False
    if competition.format == TournamentFormat.SWISS:
        return len({f.round_id for f in fixtures}) >= (competition.swiss_rounds or 0)
    return True


def ranking_sheet(competition: Competition, date: str, page_size: str = "A4") -> RankingSheet:
    """The places from the bracket (the knockout's, then the pools' order for the rest), or
    the standings of a Swiss or a round robin."""
    fmt = competition.format
    names = dict(competition.entrants.values_list("pk", "name"))
    state = tournaments_selectors.bracket_state(competition) if competition.started else None
    champion, note = "", ""
    if fmt in ELIMINATION or (state is not None and state.finished):
        columns: tuple[str, ...] = ("Won", "Lost", "Went out at")
        rows: list[RankingRow] = []
        if state is None:
            heading = "Not started yet"
            note = "The places are given once the bracket is played out."
            rows = [RankingRow("", name, ("0", "0", "\u2013")) for name in sorted(names.values())]
        else:
            bracket = tournaments_selectors.tournament_bracket(competition)
            assert bracket is not None
            if fmt == TournamentFormat.POOLS:
                qualified = {e for e in names if e in state.out_at or e == state.champion}
                in_bracket = {e: n for e, n in names.items() if e in qualified}
                rows = _placing_rows(competition, bracket, state, in_bracket)
                rows += _pool_rows(competition, names, qualified, len(rows))
            else:
                rows = _placing_rows(competition, bracket, state, names)
            if state.finished:
                heading = "Final ranking"
                if state.champion is not None:
                    champion = names[state.champion]
            else:
                left = (
                    len(state.matches)
                    - len(state.decided)
                    - sum(1 for m in state.matches.values() if m.status == "not_needed")
                )
                heading = "Not finished yet"
                note = (
                    f"The bracket is not finished: {left} match{'es' if left != 1 else ''} "
                    "still to play. The entrants still in come first, then the others, those "
                    "who went furthest first; the places are given once the final is confirmed."
                )
    else:
        lines = competitions_selectors.competition_standings(competition)
        picked = _standing_columns(competition)
        columns = tuple(heading for heading, _ in picked)
        rows = [
            RankingRow(line.rank_text, line.name, tuple(str(get(line.row)) for _, get in picked))
            for line in lines
        ]
        done = _finished(competition, list(competition.fixtures.all()))
        if fmt == TournamentFormat.POOLS:
            heading = "Pool standings so far"
            note = "All pools in one table; the final ranking comes from the knockout."
        else:
            heading = "Final standings" if done else "Standings so far"
        if done and lines and not lines[0].tied and fmt != TournamentFormat.POOLS:
            champion = lines[0].name
        chain = ", then ".join(TIEBREAKS[k].label for k in competition.tiebreaks if k in TIEBREAKS)
        note = " ".join(part for part in (note, f"Order: {chain}.") if part)
    return RankingSheet(
        title=competition.name,
        club=competition.club.name,
        date=date,
        ruleset_name=ruleset_name(competition),
        format_name=format_name(competition),
        heading=heading,
        columns=columns,
        rows=tuple(rows),
        champion=champion,
        note=note,
        entrant_heading=entrant_heading(competition),
        page_size=page_size,
    )


def _pool_rows(
    competition: Competition, names: dict[int, str], qualified: set[int], placed: int
) -> list[RankingRow]:
    """The entrants out in the pools, after the knockout's: in the order of the table (their
    pool matches only), the places going on from the knockout's."""
    records = _records(competition)
    table = competitions_selectors.competition_standings(competition)
    lines = [line for line in table if line.entrant_id not in qualified]
    ranks = [line.row.rank for line in lines]
    # Their places count on from the knockout's, shared where the table ties them.
    places = [placed + 1 + ranks.index(rank) for rank in ranks]
    pools = dict(competition.entrants.values_list("pk", "pool"))
    rows = []
    for place, line in zip(_shared(places), lines, strict=True):
        record = records.get(line.entrant_id, Counter())
        pool = pools.get(line.entrant_id)
        went = pool_name(pool) if pool is not None else "pools"
        values = (str(record["win"]), str(record["loss"]), went)
        rows.append(RankingRow(place, names[line.entrant_id], values))
    return rows
