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

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext

from league.engine_words import engine_word
from league.evenings.selectors import (
    Evening,
    RankingRow,
    RoundView,
    SeasonLine,
    SeasonView,
    where_to_sit,
)
from league.game_words import a_game_of_deals
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
from scoring import Ruleset
from scoring.evenings import EveningRules, SeasonRules, season_rules_from_data

__all__ = [
    "boom_sheets",
    "evening_rules_line",
    "results_sheet",
    "season_rules_line",
    "season_sheet",
    "seats_sheet",
]


def _number(value: int | float) -> str:
    """A figure as the language writes it ("4400"; an average "4400.5", "4400,5"), as the
    clubs write scores: without a thousands separator."""
    if isinstance(value, float) and not value.is_integer():
        return formats.number_format(value, 1, use_l10n=True)
    return formats.number_format(int(value), 0, use_l10n=True)


def _clauses(parts: Sequence[str]) -> str:
    """Clauses of a rules line joined as the language joins them ("; ")."""
    return pgettext("between two clauses of a rules line", "; ").join(p for p in parts if p)


# -- the rules in words --------------------------------------------------------------------------


def _a_game(rules: Ruleset) -> str:
    if rules.target is None and rules.deals is not None:
        return a_game_of_deals(rules)
    return _("a game to %(target)s") % {"target": rules.target}


def _round_score(how: str, points: int, fixed: str, average: str, lowest: str, zero: str) -> str:
    """The words of a round's score by its rule (``fixed`` takes the points)."""
    words = {"fixed": fixed, "round_average": average, "round_lowest": lowest, "zero": zero}
    return words[how] % {"points": _number(points)}


def evening_rules_line(evening: EveningRules, game: Ruleset) -> str:
    """The evening's rules in one line: "3 rounds of a boom of 16 deals; partners drawn each
    round; sit-out 1600; a missed round 1450; prizes by the formula of four; a booby prize"."""
    parts = [
        ngettext("%(count)d round of %(game)s", "%(count)d rounds of %(game)s", evening.rounds)
        % {"count": evening.rounds, "game": _a_game(game)}
    ]
    if evening.entrants == "individuals":
        parts.append(_("partners drawn each round"))
    else:
        parts.append(
            {
                "lot": _("fixed pairs drawn by lot each round"),
                "ranking": _("fixed pairs, the first round by lot, then by the ranking"),
                "movement": _("fixed pairs in a movement: odd pairs stay, even pairs move up"),
            }[evening.pair_draw]
        )
    if evening.short == "table_of_three":
        parts.append(_("a table of three when the number does not fit"))
    elif evening.short == "substitute":
        parts.append(_("a substitute fills in when the number does not fit"))
    elif evening.sit_out_pits:
        parts.append(
            ngettext(
                "sit-out %(points)s and %(pits)d pit",
                "sit-out %(points)s and %(pits)d pits",
                evening.sit_out_pits,
            )
            % {"points": _number(evening.sit_out_points), "pits": evening.sit_out_pits}
        )
    else:
        parts.append(
            _round_score(
                evening.sit_out_score,
                evening.sit_out_points,
                _("sit-out %(points)s"),
                _("a sit-out scores the round's average"),
                _("a sit-out scores the round's lowest"),
                _("a sit-out scores 0"),
            )
        )
    parts.append(
        _round_score(
            evening.absent_score,
            evening.absent_points,
            _("a missed round %(points)s"),
            _("a missed round scores the round's average"),
            _("a missed round scores the round's lowest"),
            _("a missed round scores 0"),
        )
    )
    if evening.ranking == "wins_then_points":
        parts.append(_("ranked by wins, then points"))
    parts.append(
        {
            "formula_of_four": _("prizes by the formula of four"),
            "per_four": _("a prize for every four entrants"),
            "every_entrant": _("a prize for every entrant"),
            "places": ngettext(
                "a prize for the first place",
                "prizes for the first %(count)d places",
                evening.prize_places,
            )
            % {"count": evening.prize_places},
            "none": _("no prizes"),
        }[evening.prizes]
    )
    if evening.booby_prize:
        parts.append(_("a booby prize for the lowest total"))
    return _clauses(parts)


def season_rules_line(rules: SeasonRules) -> str:
    """The season's rules in one line: "the sum of the best 5 evenings; at least 5 evenings
    to be ranked; a missed evening counts as its lowest score"."""
    if rules.best is None:
        how = (
            _("the sum of every evening")
            if rules.aggregate == "sum"
            else _("the average of every evening")
        )
    elif rules.aggregate == "sum":
        how = npgettext(
            "a season's rule: the sum of the best evenings",
            "the best evening only",
            "the sum of the best %(count)d evenings",
            rules.best,
        ) % {"count": rules.best}
    else:
        how = npgettext(
            "a season's rule: the average of the best evenings",
            "the best evening only",
            "the average of the best %(count)d evenings",
            rules.best,
        ) % {"count": rules.best}
    parts = [how[:1].upper() + how[1:]]
    if rules.minimum:
        parts.append(
            ngettext(
                "at least %(count)d evening to be ranked",
                "at least %(count)d evenings to be ranked",
                rules.minimum,
            )
            % {"count": rules.minimum}
        )
    absent = {
        "lowest": _("a missed evening counts as its lowest score"),
        "fixed": _("a missed evening counts %(points)s") % {"points": _number(rules.absent_points)},
        "zero": _("a missed evening counts 0"),
        "none": "",
    }[rules.absent]
    parts.append(absent)
    return _clauses(parts)


# -- the seats -------------------------------------------------------------------------------------


def _partners_line(seats: Sequence[tuple[int, str]], pairs: bool, sides: tuple[str, str]) -> str:
    """ "1 Anna & 3 Ben against 2 Cor & 4 Dirk": seats 1 and 3 against 2 and 4; a pairs
    evening's, "Anna & Ben against Cor & Dirk"."""
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
        lines=tuple(
            SeatEntry(
                line.name,
                line.table or "",
                str(line.seat) if line.seat is not None and line.table else "",
            )
            for line in where_to_sit(view)
        ),
        sitting_out=tuple(e.name for e in view.sitting_out),
        slips=tuple(slips),
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
            sides=2,
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
            total=_number(row.points),
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
            "\u2026: still playing."
        )
    note = ""
    if not evening.finished:
        note = _("The evening is still being played: %(drawn)d of %(rounds)d rounds drawn.") % {
            "drawn": evening.drawn,
            "rounds": rules.rounds,
        }
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
            counted=", ".join(_number(s) for s in r.counted),
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
    evenings = ngettext(
        "%(count)d evening so far", "%(count)d evenings so far", len(view.evenings)
    ) % {"count": len(view.evenings)}
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
