"""The printed documents: the table pack (:func:`table_pack`), the bracket sheet
(:func:`bracket_sheet`) and the ranking (:func:`ranking_sheet`)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from league.competitions import selectors as competitions_selectors
from league.engine_words import engine_word
from league.games import selectors as games_selectors
from league.models import (
    Competition,
    Entrant,
    FixtureSide,
    FixtureStatus,
    Round,
    TournamentFormat,
)
from league.names import name_sort_key
from league.printing.sheet_data import BlankSheet, EntryLink
from league.rulebook.rules_box import rules_box_lines
from league.tournaments import selectors
from league.tournaments.bracket_codes import code_legend, legend_text, section_codes
from league.tournaments.presenters.bracket import BracketSection, bracket_display
from league.tournaments.presenters.pairings import PairingRound, pairing_rounds, pairings_title
from league.tournaments.presenters.words import (
    NOT_DRAWN,
    date_text,
    entrant_heading,
    format_name,
    match_name,
    place_texts,
    pool_name,
    round_name,
    round_title,
    ruleset_name,
)
from scoring.brackets import Bracket, BracketState
from scoring.formats import ELIMINATIONS, rounds_played_out
from scoring.standings import TIEBREAKS, StandingRow


# -- the table pack ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TablePack:
    """The sheets of one round, one a table, in table order."""

    title: str  # the tournament
    round_name: str  # "Round 2"
    sheets: tuple[BlankSheet, ...]
    page_size: str = "A4"


def _side_names(sides: Sequence[FixtureSide]) -> tuple[str, ...]:
    """Each side's name; a rotation's side of two players reads "Anna & Ben"; a club
    evening's table of three has three sides of one player each."""
    names: dict[int, list[str]] = defaultdict(list)
    for side in sides:
        names[side.side].append(side.entrant.name)
    count = max(2, max(names, default=0) + 1)
    return tuple(" & ".join(names[i]) for i in range(count))


def table_pack(
    competition: Competition, night: Round, link: Callable[[str], str], page_size: str = "A4"
) -> TablePack:
    """One sheet a table of ``night``, in table order; ``link`` makes an entry token's
    absolute address. Any competition's round prints; sides without an entry link (a
    league's) get no code. A void fixture is left out: nobody plays it."""
    fixtures = [f for f in selectors.round_fixtures(night) if f.status != FixtureStatus.VOID]
    rules = competition.rules
    lines = rules_box_lines(rules)
    bracket = None
    if any(f.bracket_match for f in fixtures):
        bracket = selectors.tournament_bracket(competition)
    title = round_name(night.number)
    sheets = []
    for fixture in fixtures:
        sides = list(fixture.sides.all())
        names = _side_names(sides)
        tokens: dict[int, str] = {}
        for fixture_side in sides:
            if fixture_side.entry_token:
                tokens.setdefault(fixture_side.side, fixture_side.entry_token)
        what = match_name(fixture, bracket)
        # A copy of the sheet for each side, each carrying only that side's link: the other
        # side confirms the result with its own, so one side must not hold both.
        linked: list[int | None] = [s for s in (0, 1) if s in tokens]
        for side in linked or [None]:
            sheets.append(
                BlankSheet(
                    ruleset_name=engine_word(rules.name),
                    ruleset_lines=lines,
                    sides=len(names),
                    side_names=names,
                    table=fixture.table,
                    target=rules.target,
                    deals=rules.deals,
                    columns=games_selectors.sheet_columns(rules),
                    title=competition.name,
                    round_name=f"{title} \u00b7 {what}" if what else title,
                    date=date_text(fixture.date or night.date),
                    entry_links=()
                    if side is None
                    else (
                        EntryLink(
                            _("For %(name)s only") % {"name": names[side]}, link(tokens[side])
                        ),
                    ),
                )
            )
    return TablePack(
        title=competition.name, round_name=title, sheets=tuple(sheets), page_size=page_size
    )


# -- the bracket sheet ------------------------------------------------------------------------
@dataclass(frozen=True)
class BracketSheet:
    """A tournament's draw as it stands, to print: bracket ``sections`` and/or the
    ``rounds``' pairings (a Swiss, a round robin, the pools before the knockout)."""

    title: str
    club: str
    date: str  # as printed: "4 March 2026"
    ruleset_name: str  # "Evansville Clabber, games to 500"
    format_name: str  # "Single elimination, with a third-place match; one game a match"
    sections: tuple[BracketSection, ...] = ()
    rounds: tuple[PairingRound, ...] = ()
    champion: str = ""  # "" while undecided (or for a format without one)
    note: str = ""
    rounds_title: str = ""  # over the pairings, when there are sections too: "Pool matches"
    page_size: str = "A4"
    codes: str = ""  # what the boxes' codes mean: "Match codes: W1-1: round 1, match 1; ..."


def bracket_sheet(competition: Competition, date: str, page_size: str = "A4") -> BracketSheet:
    """The draw as it stands: the bracket's sections, and the pairings of the rounds that are
    not bracket matches (a Swiss, a round robin, the pools). The same boxes and pairings as
    the public page."""
    fmt = competition.format
    sections: tuple[BracketSection, ...] = ()
    champion, note = "", ""
    display = bracket_display(competition) if competition.started else None
    if display is not None and not display.provisional:
        sections = display.print_sections(
            pgettext("a part of a bracket", "Knockout") if fmt == TournamentFormat.POOLS else ""
        )
        champion = display.champion
    elif not competition.started:
        note = _(NOT_DRAWN)
    elif fmt == TournamentFormat.POOLS:
        note = _("The knockout is drawn when every pool match is confirmed.")
    return BracketSheet(
        title=competition.name,
        club=competition.club.name,
        date=date,
        ruleset_name=ruleset_name(competition),
        format_name=format_name(competition),
        sections=sections,
        rounds=pairing_rounds(competition),
        champion=champion,
        note=note,
        # Pools: a heading between the knockout and the pool matches (or where it will be).
        rounds_title=pairings_title(competition) if fmt == TournamentFormat.POOLS else "",
        page_size=page_size,
        codes=legend_text(code_legend(section_codes(sections))),
    )


# -- the ranking ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RankingRow:
    """One entrant's line: its place as printed ("1", "3="), name, then one value a column."""

    place: str
    name: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class RankingSheet:
    """The tournament's ranking, ready to print: on a page upright, or on its side when the
    columns need the room."""

    title: str
    club: str
    date: str
    ruleset_name: str
    format_name: str
    heading: str  # "Final ranking", "Standings so far", "Not finished yet"
    columns: tuple[str, ...]
    rows: tuple[RankingRow, ...]
    champion: str = ""
    note: str = ""
    entrant_heading: str = "Entrant"
    page_size: str = "A4"


def _placing_rows(
    bracket: Bracket,
    state: BracketState[int],
    entrants: Mapping[int, Entrant],
    records: Mapping[int, Counter[str]],
) -> list[RankingRow]:
    """The bracket's placings, or while it goes on the entrants still in and then the others,
    furthest first."""
    order = {m.id: i for i, m in enumerate(bracket.matches)}

    def row(place: str, entrant: int) -> RankingRow:
        out = state.out_at.get(entrant)
        went = round_title(bracket, bracket.by_id[out]) if out else "\u2013"
        if entrants[entrant].withdrawn:
            went = _("%(round)s (withdrew)") % {"round": went}
        record = records.get(entrant, Counter())
        name = entrants[entrant].name
        return RankingRow(place, name, (str(record["win"]), str(record["loss"]), went))

    if state.finished:
        places = place_texts([place for place, _ in state.placings])
        return [row(p, e) for p, (_, e) in zip(places, state.placings, strict=True)]
    still_in = [e for e in entrants if e not in state.out_at]
    out = sorted(
        state.out_at, key=lambda e: (-order[state.out_at[e]], name_sort_key(entrants[e].name))
    )
    return [row("", e) for e in sorted(still_in, key=lambda e: name_sort_key(entrants[e].name))] + [
        row("", e) for e in out
    ]


def _pool_rows(
    competition: Competition,
    entrants: Mapping[int, Entrant],
    records: Mapping[int, Counter[str]],
    qualified: set[int],
    placed: int,
) -> list[RankingRow]:
    """The entrants out in the pools, after the knockout's: in the order of the table (their
    pool matches only), the places going on from the knockout's."""
    table = competitions_selectors.competition_standings(competition)
    lines = [line for line in table if line.entrant_id not in qualified]
    ranks = [line.row.rank for line in lines]
    # Their places count on from the knockout's, shared where the table ties them.
    places = [placed + 1 + ranks.index(rank) for rank in ranks]
    rows = []
    for place, line in zip(place_texts(places), lines, strict=True):
        record = records.get(line.entrant_id, Counter())
        pool = entrants[line.entrant_id].pool
        went = pool_name(pool) if pool is not None else pgettext("went out in the", "pools")
        values = (str(record["win"]), str(record["loss"]), went)
        rows.append(RankingRow(place, line.shown_name, values))
    return rows


def _standing_columns(
    competition: Competition,
) -> tuple[tuple[str, Callable[[StandingRow], object]], ...]:
    columns: list[tuple[str, Callable[[StandingRow], object]]] = [
        (pgettext("standings column: matches played", "P"), lambda r: r.played),
        (pgettext("standings column: won", "W"), lambda r: r.won),
        (pgettext("standings column: drawn", "D"), lambda r: r.drawn),
        (pgettext("standings column: lost", "L"), lambda r: r.lost),
        (pgettext("standings column: match points", "Pts"), lambda r: r.match_points),
        (
            pgettext("standings column: point difference", "Diff"),
            lambda r: f"{r.point_difference:+d}" if r.point_difference else "0",
        ),
    ]
    shown = {"match_points", "wins", "point_difference"}
    for key in competition.tiebreaks:
        if key in shown or key not in TIEBREAKS:
            continue

        def value(r: StandingRow, key: str = key) -> str:
            figure = r.keys.get(key)
            if figure is None:
                return "\u2013"
            if float(figure).is_integer():
                return str(int(figure))
            return formats.number_format(figure, 1)

        columns.append((engine_word(TIEBREAKS[key].label), value))
    return tuple(columns)


def ranking_sheet(competition: Competition, date: str, page_size: str = "A4") -> RankingSheet:
    """The places from the bracket (the knockout's, then the pools' order for the rest), or
    the standings of a Swiss or a round robin."""
    fmt = competition.format
    entrants = {e.pk: e for e in selectors.tournament_entrants(competition)}
    state = selectors.bracket_state(competition) if competition.started else None
    champion, note = "", ""
    if fmt in ELIMINATIONS or (state is not None and state.finished):
        columns: tuple[str, ...] = (
            pgettext("ranking column: matches won", "Won"),
            pgettext("ranking column: matches lost", "Lost"),
            pgettext("ranking column: the round an entrant went out at", "Went out at"),
        )
        rows: list[RankingRow] = []
        if state is None:
            heading = _("Not started yet")
            note = _("The places are given once the bracket is played out.")
            names = sorted((e.name for e in entrants.values()), key=name_sort_key)
            rows = [RankingRow("", name, ("0", "0", "\u2013")) for name in names]
        else:
            bracket = selectors.tournament_bracket(competition)
            assert bracket is not None
            records = selectors.entrant_records(competition)
            if fmt == TournamentFormat.POOLS:
                qualified = {e for e in entrants if e in state.out_at or e == state.champion}
                in_bracket = {e: entrant for e, entrant in entrants.items() if e in qualified}
                rows = _placing_rows(bracket, state, in_bracket, records)
                rows += _pool_rows(competition, entrants, records, qualified, len(rows))
            else:
                rows = _placing_rows(bracket, state, entrants, records)
            if state.finished:
                heading = _("Final ranking")
                if state.champion is not None:
                    champion = entrants[state.champion].name
            else:
                left = (
                    len(state.matches)
                    - len(state.decided)
                    - sum(1 for m in state.matches.values() if m.status == "not_needed")
                )
                heading = _("Not finished yet")
                note = ngettext(
                    "The bracket is not finished: %(count)d match still to play. The entrants "
                    "still in come first, then the others, those who went furthest first; the "
                    "places are given once the final is confirmed.",
                    "The bracket is not finished: %(count)d matches still to play. The entrants "
                    "still in come first, then the others, those who went furthest first; the "
                    "places are given once the final is confirmed.",
                    left,
                ) % {"count": left}
    else:
        lines = competitions_selectors.competition_standings(competition)
        picked = _standing_columns(competition)
        columns = tuple(heading for heading, _ in picked)
        rows = [
            RankingRow(
                line.rank_text, line.shown_name, tuple(str(get(line.row)) for _, get in picked)
            )
            for line in lines
        ]
        progress = selectors.fixture_progress(competition)
        done = rounds_played_out(
            fmt,
            swiss_rounds=competition.swiss_rounds,
            rounds_drawn=progress.rounds,
            matches=progress.matches,
            open_matches=progress.open,
        )
        if fmt == TournamentFormat.POOLS:
            heading = _("Pool standings so far")
            note = _("All pools in one table; the final ranking comes from the knockout.")
        else:
            heading = _("Final standings") if done else _("Standings so far")
        if done and lines and not lines[0].tied and fmt != TournamentFormat.POOLS:
            champion = lines[0].name
        then = pgettext("between the tie-breaks of an order: A, then B", ", then ")
        chain = then.join(
            engine_word(TIEBREAKS[k].label) for k in competition.tiebreaks if k in TIEBREAKS
        )
        order = _("Order: %(chain)s.") % {"chain": chain}
        note = " ".join(part for part in (note, order) if part)
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
