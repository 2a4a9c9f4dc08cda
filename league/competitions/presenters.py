"""A league table in words: the rows the standings page and the standings PDF both show (the
rank "2=", "+40", "62%", "–" where there is no value), the heading of the entrant column, the
tie-break chain and the best-nights note, so that the page and the paper never disagree."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, ngettext

from league.charts.figures import Figure, SeasonRecord, made_and_hicks_figure
from league.competitions.selectors import RecordLine, StandingLine
from league.engine_words import engine_word
from league.models import Competition, EntrantKind
from league.names import name_sort_key
from scoring.standings import TIEBREAKS
from scoring.stats import ALL_TRICKS_FIELDS, ALL_TRICKS_LABELS

#: Tie-break keys that are a column of the table already (key: column).
KEY_COLUMNS = {
    "match_points": "match_points",
    "wins": "won",
    "point_difference": "difference",
    "points_for": "points_for",
    "points_against": "points_against",
    "fewest_hicks": "hicks",
    "most_sets_forced": "sets_forced",
    "made_percentage": "made",
    "meld_points": "meld_points",
    "fewest_reneges": "reneges",
}


def _figure(value: float | None) -> str:
    if value is None:
        return "–"
    # One decimal in the reader's form: "1.5", "1,5".
    return str(int(value)) if float(value).is_integer() else number_format(value, 1)


def _number(value: float | None) -> float | int | None:
    """A figure for a spreadsheet: whole as an int, else to one decimal; None stays None."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else round(value, 1)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.0f}%"


def extra_keys(chain: Sequence[str]) -> list[str]:
    """The chain's keys that have no column of their own, in chain order."""
    return [key for key in chain if key not in KEY_COLUMNS]


_PK = 2_147_483_647  # no real id: reversed once, then swapped for each entrant's


class EntrantUrls:
    """The entrants' pages (a partnership's, or a player's), each URL reversed once a table
    rather than once a row: a big league's table is read on every live update."""

    def __init__(self) -> None:
        self.partnership = reverse("competitions:partnership-detail", args=[_PK])
        self.player = reverse("competitions:player-detail", args=[_PK])

    def __call__(self, line: StandingLine) -> str | None:
        if line.partnership_id is not None:
            return self.partnership.replace(str(_PK), str(line.partnership_id))
        if line.player_id is not None:
            return self.player.replace(str(_PK), str(line.player_id))
        return None


def entrant_url(line: StandingLine) -> str | None:
    """The entrant's page: its partnership's, or its player's."""
    return EntrantUrls()(line)


def standing_rows(
    lines: Sequence[StandingLine],
    chain: Sequence[str],
    all_tricks: Mapping[int, Mapping[str, int]] | None = None,
) -> list[dict[str, Any]]:
    """The table's rows as plain values: the text a person reads, and for the columns whose
    text is not a number (rank "2=", "62%", "+40", "–") a ``<column>_value`` to sort by and,
    but for the rank, a ``<column>_number`` for a spreadsheet (None where there is no value).
    ``all_tricks``: each entrant's pits and capots by entrant id, for a game that counts them
    (:func:`league.competitions.selectors.all_tricks_counts`); a row has them only then."""
    extras = extra_keys(chain)
    url = EntrantUrls()
    rows = []
    for position, line in enumerate(lines):
        r = line.row
        row: dict[str, Any] = {
            "position": position,
            "rank": line.rank_text,
            "rank_value": r.rank,
            "tied": line.tied,
            "entrant": line.shown_name,
            "sort_name": name_sort_key(line.name),
            "url": url(line),
            "played": r.played,
            "won": r.won,
            "drawn": r.drawn,
            "lost": r.lost,
            "match_points": r.match_points,
            "points_for": r.points_for,
            "points_against": r.points_against,
            "difference": _signed(r.point_difference),
            "difference_value": r.point_difference,
            "difference_number": r.point_difference,
            "deals": r.deals,
            "deals_as_makers": r.deals_as_makers,
            "made": _percent(r.made_percentage),
            "made_value": -1.0 if r.made_percentage is None else r.made_percentage,
            "made_number": _number(r.made_percentage),
            "hicks": r.sets_suffered,
            "sets_forced": r.sets_forced,
            "meld_points": r.meld_points,
            "belles": r.belles,
            "reneges": r.reneges,
            "nights": r.nights_counted,
        }
        if all_tricks is not None:
            mine = all_tricks.get(line.entrant_id, {})
            for name in ALL_TRICKS_FIELDS:
                row[name] = row[f"{name}_value"] = mine.get(name, 0)
        for key in extras:
            value = r.keys.get(key)
            row[f"key_{key}"] = _figure(value)
            row[f"key_{key}_value"] = float("-inf") if value is None else value
            row[f"key_{key}_number"] = _number(value)
        rows.append(row)
    return rows


def record_all_tricks(records: Sequence[RecordLine]) -> dict[str, tuple[str, str]]:
    """The pits and capots columns of a record (heading, description) by figure: only those
    one of its competitions counts, so that a clabber player's record has none."""
    return {
        name: (engine_word(label.heading), engine_word(label.description))
        for name, label in ALL_TRICKS_LABELS.items()
        if any(getattr(line, name) is not None for line in records)
    }


def entrant_heading(competition: Competition) -> str:
    if competition.entrant_kind == EntrantKind.PARTNERSHIPS:
        return gettext("Partnership")
    return gettext("Player")


def describe_key(key: str) -> str:
    """A key as the chain is read: "Pts (match points)"."""
    tiebreak = TIEBREAKS[key]
    # The engine's words, marked there, in the reader's language.
    words = engine_word(tiebreak.description).rstrip(".")
    # Lower case inside the brackets, but for a name ("Buchholz"), an abbreviation, or German,
    # whose nouns keep their capital.
    german = (get_language() or "").startswith("de")
    if not (german or words.startswith(("Buchholz", "Sonneborn")) or words[:2].isupper()):
        words = words[0].lower() + words[1:]
    return gettext("%(name)s (%(description)s)") % {
        "name": engine_word(tiebreak.label),
        "description": words,
    }


def best_note(competition: Competition) -> str:
    if not competition.best_nights:
        return ""
    n = competition.best_nights
    return ngettext(
        "Only each entrant’s best night counts.",
        "Only each entrant’s best %(count)d nights count.",
        n,
    ) % {"count": n}


def made_and_hicks_chart(records: Sequence[RecordLine]) -> Figure | None:
    """A player's or partnership's made % and hicks, competition by competition, oldest
    first (from the record's lines: no query); None while no competition has a deal as
    makers."""
    ordered = sorted(records, key=lambda r: (r.competition.created_at, r.competition.pk))
    return made_and_hicks_figure(
        [
            SeasonRecord(
                name=line.competition.name,
                deals_as_makers=line.deals_as_makers,
                made_as_makers=line.made_as_makers,
                hicks=line.sets_suffered,
            )
            for line in ordered
        ]
    )
