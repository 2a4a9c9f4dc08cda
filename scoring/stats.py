"""The figures kept for each side of a game and of a match: named once, here.

Words:

- *statistics* (:data:`STAT_FIELDS`): what a side did over a game's deals, counted by the
  engine (:class:`scoring.game.SideStats`) and summed over a match's games:

  - ``deals``: deals scored, void ones included;
  - ``deals_as_makers``: deals the side made trump in (not void, no renege);
  - ``made_as_makers``: of those, the ones it made;
  - ``sets_suffered``: deals it made trump in and was set (*hicks*, ``XX`` on the sheet);
  - ``sets_forced``: deals another side made trump in and was set;
  - ``meld_points``: the meld points it scored (belle apart);
  - ``belles``: deals it scored belle in;
  - ``reneges``: deals it reneged in (``both`` counts for each side).

- the *made %* (:func:`made_percentage`): of the deals a side made trump in, the share it
  made, in per cent; none for a side that never made trump.

- *match counts* (:data:`MATCH_COUNTS`): one entrant's figures of one match, what a standings
  row (:class:`scoring.standings.MatchRow`) carries and the table sums: ``games_won``,
  ``games_lost``, ``points_for`` and ``points_against`` (game points scored by and against
  it), then the statistics.

Every list of these figures elsewhere (the engine's :class:`~scoring.game.SideStats`, the
standings' :class:`~scoring.standings.MatchRow` and :class:`~scoring.standings.StandingRow`, a
stored result's columns) is these names; the scoring side checks its own lists against them
when imported, so a figure added here and forgotten there fails at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from scoring.errors import Term, gettext_noop, pgettext

#: A side's statistics over a game's deals (see the module's words), in display order.
STAT_FIELDS: tuple[str, ...] = (
    "deals",
    "deals_as_makers",
    "made_as_makers",
    "sets_suffered",
    "sets_forced",
    "meld_points",
    "belles",
    "reneges",
)

#: Games and game points of one match, for one entrant.
GAME_COUNTS: tuple[str, ...] = ("games_won", "games_lost", "points_for", "points_against")

#: The counts one entrant's side of a match carries, summed by a standings table.
MATCH_COUNTS: tuple[str, ...] = (*GAME_COUNTS, *STAT_FIELDS)


@dataclass(frozen=True)
class StatLabel:
    """How a page heads a figure: ``heading`` a short column heading, ``description`` the
    plain words behind it (a heading's tooltip, a key under a printed table)."""

    heading: str
    description: str


#: Headings and descriptions of every match count, as the standings pages print them.
STAT_LABELS: Mapping[str, StatLabel] = MappingProxyType(
    {
        "games_won": StatLabel(
            pgettext("standings column, short", "Games"), Term(gettext_noop("Games won"))
        ),
        "games_lost": StatLabel(
            pgettext("standings column, short", "Lost"), Term(gettext_noop("Games lost"))
        ),
        "points_for": StatLabel(
            pgettext("standings column, short", "For"), Term(gettext_noop("Game points for"))
        ),
        "points_against": StatLabel(
            pgettext("standings column, short", "Agst"), Term(gettext_noop("Game points against"))
        ),
        "deals": StatLabel(
            pgettext("standings column, short", "Deals"), Term(gettext_noop("Deals played"))
        ),
        "deals_as_makers": StatLabel(
            pgettext("standings column, short", "Trump"),
            Term(gettext_noop("Deals as makers (made trump)")),
        ),
        "made_as_makers": StatLabel(
            pgettext("standings column, short", "Made"),
            Term(gettext_noop("Deals as makers that were made")),
        ),
        "sets_suffered": StatLabel(
            pgettext("standings column, short", "Hicks"),
            Term(gettext_noop("Hicks: deals as makers that were set")),
        ),
        "sets_forced": StatLabel(
            pgettext("standings column, short", "Sets"),
            Term(gettext_noop("Sets forced: opponents' deals as makers set")),
        ),
        "meld_points": StatLabel(
            pgettext("standings column, short", "Meld"), Term(gettext_noop("Meld points"))
        ),
        "belles": StatLabel(
            pgettext("standings column, short", "Belles"), Term(gettext_noop("Belles scored"))
        ),
        "reneges": StatLabel(
            pgettext("standings column, short", "Ren"), Term(gettext_noop("Reneges"))
        ),
    }
)


def zero_stats() -> dict[str, int]:
    """One side's statistics before any deal: every :data:`STAT_FIELDS` name at 0."""
    return dict.fromkeys(STAT_FIELDS, 0)


def sum_stats(rows: Iterable[Mapping[str, int] | None]) -> dict[str, int]:
    """The :data:`STAT_FIELDS` of ``rows`` added up. A row may hold other keys (they are not
    read) or be None or empty (a game without deals: it adds nothing)."""
    total = zero_stats()
    for row in rows:
        if not row:
            continue
        for name in STAT_FIELDS:
            total[name] += row[name]
    return total


def made_percentage(made_as_makers: int, deals_as_makers: int) -> float | None:
    """The made %: ``made_as_makers`` of ``deals_as_makers`` in per cent (100 * made / deals);
    None when the side never made trump, so that no share of nothing passes for 0%."""
    if not deals_as_makers:
        return None
    return 100 * made_as_makers / deals_as_makers


def check_fields(owner: str, names: Iterable[str], expected: tuple[str, ...]) -> None:
    """Raise (a bug, at import time) when a hand-written list of figures has drifted from the
    one defined here: ``names`` must be ``expected``, in the same order."""
    listed = tuple(names)
    if listed != expected:
        missing = [n for n in expected if n not in listed]
        extra = [n for n in listed if n not in expected]
        raise AssertionError(
            f"{owner} lists {listed}, not {expected} (missing {missing}, extra {extra})"
        )
