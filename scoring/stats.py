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

- the family's figures (:data:`ALL_TRICKS_FIELDS`), counted by the engine beside the
  statistics and kept in each game's side statistics, not in a match's stored counts:

  - ``pits``: deals the side took every trick in where the game pays a bonus for it (the
    klaverjas *pit*, ``all_tricks: bonus``);
  - ``capots``: the same where every trick counts as a *capot* (belote, coinche:
    ``all_tricks: capot``).

- the games' own words (:func:`stat_labels`): in klaverjas a set is a *nat*, so the hicks
  (``sets_suffered``) read *Nat*, and the meld points *Roem* (each side's own melds,
  ``meld_scoring: each``). A nat is no figure of its own: it is the klaverjas name of a set.

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
from scoring.rules import Ruleset

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

#: The family's figures of every trick taken (see the module's words): counted per game side,
#: shown only for a ruleset that pays for every trick (:func:`shown_all_tricks_fields`).
ALL_TRICKS_FIELDS: tuple[str, ...] = ("pits", "capots")

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

#: Headings and descriptions of the figures of every trick taken (:data:`ALL_TRICKS_FIELDS`).
ALL_TRICKS_LABELS: Mapping[str, StatLabel] = MappingProxyType(
    {
        "pits": StatLabel(
            pgettext("standings column, short", "Pits"),
            Term(gettext_noop("Pits: deals where the side took every trick")),
        ),
        "capots": StatLabel(
            pgettext("standings column, short", "Capots"),
            Term(gettext_noop("Capots: deals where the side took every trick")),
        ),
    }
)

#: The klaverjas words (``set_mark`` "nat", each side's own roem) for the figures that have
#: them, in place of :data:`STAT_LABELS`'.
_KLAVERJAS_LABELS: Mapping[str, StatLabel] = MappingProxyType(
    {
        "sets_suffered": StatLabel(
            pgettext("standings column, short: klaverjas", "Nat"),
            Term(gettext_noop("Nat: deals as makers that were set")),
        ),
        "meld_points": StatLabel(
            pgettext("standings column, short: klaverjas", "Roem"),
            Term(gettext_noop("Roem: the points of the side's melds")),
        ),
    }
)


def shown_all_tricks_fields(rules: Ruleset) -> tuple[str, ...]:
    """The figures of every trick taken (:data:`ALL_TRICKS_FIELDS`) a competition of ``rules``
    shows: pits where the game pays a bonus for every trick, capots where it counts as a
    capot, none where it is nothing (clabber): no column that can only read 0."""
    return {"bonus": ("pits",), "capot": ("capots",)}.get(rules.all_tricks, ())


def stat_labels(rules: Ruleset) -> Mapping[str, StatLabel]:
    """The labels of the figures a competition of ``rules`` shows: :data:`STAT_LABELS`, then
    those of :func:`shown_all_tricks_fields`, in the words of its game: klaverjas
    (``set_mark`` "nat") heads the hicks *Nat* and, with each side's own melds
    (``meld_scoring: each``), the meld points *Roem*."""
    labels = dict(STAT_LABELS)
    if rules.set_mark == "nat":
        labels["sets_suffered"] = _KLAVERJAS_LABELS["sets_suffered"]
        if rules.meld_scoring == "each":
            labels["meld_points"] = _KLAVERJAS_LABELS["meld_points"]
    for name in shown_all_tricks_fields(rules):
        labels[name] = ALL_TRICKS_LABELS[name]
    return MappingProxyType(labels)


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


def sum_all_tricks(rows: Iterable[Mapping[str, int] | None]) -> dict[str, int]:
    """The :data:`ALL_TRICKS_FIELDS` of ``rows`` (games' side statistics) added up; a row
    stored before they were counted lacks them and adds 0."""
    total = dict.fromkeys(ALL_TRICKS_FIELDS, 0)
    for row in rows:
        if not row:
            continue
        for name in ALL_TRICKS_FIELDS:
            total[name] += row.get(name, 0)
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
