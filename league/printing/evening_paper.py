"""What a club evening's papers print, built from the evening as it is read
(:mod:`league.evenings.selectors`): the sheets of :mod:`league.printing.pdf.evening`, the boom
sheets (blank score sheets filled in), and the rules in words.

Words as in :mod:`scoring.evenings`. The *rules line* is the evening's settings in one line a
reader at the club understands ("3 rounds of a boom of 16 deals; sit-out 1600; prizes by the
formula of four"); the season's likewise ("the sum of the best 5 evenings; at least 5
evenings to be ranked"). Everything here is built in the active language (the view's
``translation.override``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from league.engine_words import engine_word
from league.evenings.presenters import MISSED_MARK, missed_legend
from league.evenings.selectors import (
    Evening,
    RankingRow,
    RoundView,
    SeasonLine,
    SeasonView,
    people_lines,
    where_to_sit,
)
from league.evenings.words import clauses, evening_rules_line, season_rules_line
from league.evenings.words import number as _number
from league.games import selectors as games_selectors
from league.printing.pdf.evening import (
    ResultsRow,
    ResultsSheet,
    SeasonRow,
    SeasonSheet,
    SeatEntry,
    SeatsSheet,
    TableSlip,
)
from league.printing.sheet_data import BlankSheet
from league.rulebook.rules_box import rules_box_lines
from league.tournaments.presenters import round_name, ruleset_name
from scoring.evenings import THREE_SEATS, PeriodScore, season_rules_from_data

__all__ = [
    "boom_sheets",
    "evening_rules_line",
    "results_sheet",
    "season_rules_line",
    "season_sheet",
    "seats_sheet",
]


# -- the seats -------------------------------------------------------------------------------------


def _partners_line(seats: Sequence[tuple[int, str]], pairs: bool, sides: tuple[str, ...]) -> str:
    """ "1 Anna & 3 Ben against 2 Cor & 4 Dirk": seats 1 and 3 against 2 and 4; a pairs
    evening's, "Anna & Ben against Cor & Dirk"; a table of three's, each on their own."""
    if len(sides) == THREE_SEATS:
        seated = dict(seats)
        return _(
            "A table of three, typed from paper, each for their own points: "
            "1 %(seat1)s, 2 %(seat2)s, 3 %(seat3)s"
        ) % {"seat1": seated.get(1, ""), "seat2": seated.get(2, ""), "seat3": seated.get(3, "")}
    if pairs:
        first, second = sides
    else:
        seated = dict(seats)

        def side(a: int, b: int) -> str:
            if a in seated and b in seated:
                return pgettext(
                    "two partners with their seats: 1 Anna & 3 Ben",
                    "%(seat)d %(name)s & %(partner_seat)d %(partner)s",
                ) % {"seat": a, "name": seated[a], "partner_seat": b, "partner": seated[b]}
            one = a if a in seated else b
            if one not in seated:
                return "\u2013"
            return pgettext(
                "a player alone on a side, with the seat: 2 Cor", "%(seat)d %(name)s"
            ) % {
                "seat": one,
                "name": seated[one],
            }

        first, second = side(1, 3), side(2, 4)
    return pgettext(
        "a table's two sides: 1 Anna & 3 Ben against 2 Cor & 4 Dirk", "%(first)s against %(second)s"
    ) % {
        "first": first,
        "second": second,
    }


def seats_sheet(
    evening: Evening,
    view: RoundView,
    *,
    date: str,
    link: Callable[[str], str] | None,
    page_size: str = "A4",
) -> SeatsSheet:
    """The round's seat list and table slips; ``link`` makes a table's entry link's absolute
    address (None: no links printed, for a reader who may not have them)."""
    pairs = evening.rules.entrants == "pairs"
    slips = []
    for table in view.tables:
        seated = [(s.number, s.entrant.name) for s in table.seats if s.entrant is not None]
        slips.append(
            TableSlip(
                table=table.number,
                seats=tuple(
                    (str(s.number), s.entrant.name if s.entrant is not None else "")
                    for s in table.seats
                ),
                line=_partners_line(seated, pairs, table.side_names),
                link=link(table.entry_token) if link is not None and table.entry_token else "",
            )
        )
    return SeatsSheet(
        title=evening.competition.name,
        club=evening.competition.club.name,
        date=date,
        round_name=round_name(view.round.number),
        # Each player under their own name, a pair's with the pair's ("Dora Smit (Carl &
        # Dora)"); a pair has a table, not a seat each.
        lines=tuple(
            SeatEntry(
                line.label,
                line.table or "",
                str(line.seat) if line.seat is not None and line.table else "",
            )
            for line in where_to_sit(view)
        ),
        # Named as the list below names them (a pair's players each, with the pair's).
        sitting_out=tuple(line.label for line in people_lines(view.sitting_out)),
        slips=tuple(slips),
        seats=not pairs,
        page_size=page_size,
    )


def boom_sheets(evening: Evening, view: RoundView, *, date: str) -> tuple[BlankSheet, ...]:
    """A score sheet a table of the round (a boom sheet at a klaverjas evening), its sides'
    names, the table, the round, the evening and the date filled in."""
    rules = evening.competition.rules
    lines = rules_box_lines(rules)
    columns = games_selectors.sheet_columns(rules)
    return tuple(
        BlankSheet(
            ruleset_name=engine_word(rules.name),
            ruleset_lines=lines,
            # A table of three keeps a column a player (each plays for their own points).
            sides=len(table.side_names),
            side_names=table.side_names,
            table=table.number,
            target=rules.target,
            deals=rules.deals,
            columns=columns,
            title=evening.competition.name,
            round_name=round_name(view.round.number),
            date=date,
        )
        for table in view.tables
    )


# -- the results -----------------------------------------------------------------------------------


def _cell(points: int | None, how: str) -> str:
    if points is None:
        return "\u2026"
    if how == "sat_out":
        return pgettext("a round's points scored sitting out: 1600 s", "%(points)s s") % {
            "points": _number(points)
        }
    if how == "absent":
        return pgettext("a round's points scored while absent: 1450 a", "%(points)s a") % {
            "points": _number(points)
        }
    return _number(points)


def _places(rows: Sequence[RankingRow]) -> list[str]:
    """Places as printed: a shared place with "=" ("2=")."""
    counts: dict[int, int] = {}
    for row in rows:
        counts[row.place] = counts.get(row.place, 0) + 1
    return [f"{row.place}=" if counts[row.place] > 1 else str(row.place) for row in rows]


def _prize_text(row: RankingRow) -> str:
    if row.booby:
        if row.prize_words:
            return _("Booby prize: %(words)s") % {"words": row.prize_words}
        return _("Booby prize")
    if row.prize is None:
        return ""
    return row.prize_words or _("Prize %(number)d") % {"number": row.prize}


def _prize_line(row: RankingRow) -> str:
    name = row.entrant.name
    if row.booby:
        if row.prize_words:
            return _("Booby prize, %(words)s: %(name)s") % {"words": row.prize_words, "name": name}
        return _("Booby prize: %(name)s") % {"name": name}
    assert row.prize is not None
    if row.prize_words:
        return _("Prize %(number)d, %(words)s: %(name)s (place %(place)d)") % {
            "number": row.prize,
            "words": row.prize_words,
            "name": name,
            "place": row.place,
        }
    return _("Prize %(number)d: %(name)s (place %(place)d)") % {
        "number": row.prize,
        "name": name,
        "place": row.place,
    }


def results_sheet(evening: Evening, *, date: str, page_size: str = "A4") -> ResultsSheet:
    """The evening's ranking with each round's score, the total and the prizes."""
    rules = evening.rules
    ranking = evening.ranking
    places = _places(ranking)
    rows = tuple(
        ResultsRow(
            place=place,
            name=row.entrant.name,
            cells=tuple(_cell(c.points, c.how) for c in row.cells),
            # A total with a missed round's score in it: marked, the legend says why.
            total=_number(row.points) + (MISSED_MARK if row.missed_rounds else ""),
            prize=_prize_text(row),
            wins=str(row.wins),
            booby=row.booby,
        )
        for place, row in zip(places, ranking, strict=True)
    )
    prizes = sorted((r for r in ranking if r.prize is not None), key=lambda r: r.prize or 0)
    prizes += [r for r in ranking if r.booby]
    hows = {c.how for r in ranking for c in r.cells}
    legend = ""
    if hows & {"sat_out", "absent", "playing"}:
        legend = _(
            "s: sat out the round; a: missed the round (arrived later or left early); "
            "…: still playing."
        )
    missed = missed_legend(ranking)
    if missed:
        legend = f"{legend} {missed}" if legend else missed
    note = ""
    if evening.drawn and not evening.finished:
        # A ranking printed mid-evening is provisional (and has no prizes yet): say so, and
        # how far the evening is, in the tables still playing (an early draw's too).
        playing = sum(len(view.still_playing) for view in evening.rounds)
        numbers = {"count": playing, "drawn": evening.drawn, "rounds": rules.rounds}
        if playing:
            note = (
                ngettext(
                    "Provisional: %(count)d table still playing; "
                    "%(drawn)d of %(rounds)d rounds drawn.",
                    "Provisional: %(count)d tables still playing; "
                    "%(drawn)d of %(rounds)d rounds drawn.",
                    playing,
                )
                % numbers
            )
        else:
            note = _("Provisional: %(drawn)d of %(rounds)d rounds played.") % numbers
    return ResultsSheet(
        title=evening.competition.name,
        club=evening.competition.club.name,
        date=date,
        game=ruleset_name(evening.competition),
        rules=evening_rules_line(rules, evening.competition.rules),
        round_headings=tuple(
            pgettext("column heading: round N of an evening, short", "R%(number)d")
            % {"number": view.round.number}
            for view in evening.rounds
        ),
        rows=rows,
        prizes=tuple(_prize_line(r) for r in prizes),
        legend=legend,
        note=note,
        wins=rules.ranking == "wins_then_points",
        entrant_heading=_("Pair") if rules.entrants == "pairs" else _("Player"),
        page_size=page_size,
    )


# -- the season ------------------------------------------------------------------------------------


def _periods(periods: Sequence[PeriodScore]) -> str:
    """A member's periods in the counted column: "P1 19800, P2 (18200), ...", those that do
    not count towards the season in brackets."""
    return ", ".join(
        (
            pgettext("a period's score on the season's paper", "P%(number)d %(points)s")
            if p.in_season
            else pgettext("a period's score that does not count", "P%(number)d (%(points)s)")
        )
        % {"number": p.number, "points": _number(p.score)}
        for p in periods
    )


def season_sheet(view: SeasonView, *, date: str, page_size: str = "A4") -> SeasonSheet:
    """The season's standings: the ranked by place, then those not ranked yet."""
    rules = season_rules_from_data(view.season.rules)

    def row(place: str, line: SeasonLine) -> SeasonRow:
        r = line.row
        return SeasonRow(
            place=place,
            name=line.name,
            score=_number(r.score),
            played=str(r.played),
            counted=_periods(r.periods)
            if rules.has_periods
            else ", ".join(map(_number, r.counted)),
            total=_number(r.total),
        )

    ranked = [line for line in view.lines if line.row.ranked]
    counts: dict[int | None, int] = {}
    for line in ranked:
        counts[line.row.place] = counts.get(line.row.place, 0) + 1
    rows = tuple(
        row(f"{line.row.place}=" if counts[line.row.place] > 1 else str(line.row.place), line)
        for line in ranked
    )
    unranked = tuple(row("", line) for line in view.lines if not line.row.ranked)
    champion = ""
    if view.champion:
        total = max(
            (line.row.total for line in view.lines if line.name == view.champion), default=0
        )
        champion = _("Points champion: %(name)s (%(points)s points)") % {
            "name": view.champion,
            "points": _number(total),
        }
    # A season counts finished evenings (selectors.season_view): one in play is named apart.
    counted = len(view.counted_evenings)
    evenings = ngettext("%(count)d evening so far", "%(count)d evenings so far", counted) % {
        "count": counted
    }
    if view.in_play:
        evenings = ngettext(
            "%(count)d evening counted so far; in play, not counted yet: %(names)s",
            "%(count)d evenings counted so far; in play, not counted yet: %(names)s",
            counted,
        ) % {"count": counted, "names": ", ".join(c.name for c in view.in_play)}
    if rules.has_periods:
        evenings = clauses(
            [
                evenings,
                _("each period's score (P1, P2, ...); in brackets one that does not count"),
            ]
        )
    heading = ""
    if unranked:
        heading = (
            ngettext(
                "Not ranked yet: fewer than %(count)d evening played",
                "Not ranked yet: fewer than %(count)d evenings played",
                rules.minimum,
            )
            % {"count": rules.minimum}
            if rules.minimum
            else _("Not ranked yet")
        )
    return SeasonSheet(
        title=view.season.name,
        club=view.season.club.name,
        date=date,
        rules=season_rules_line(rules),
        evenings=evenings,
        champion=champion,
        rows=rows,
        unranked=unranked,
        unranked_heading=heading,
        page_size=page_size,
    )
