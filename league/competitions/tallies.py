"""The kept tallies: each entrant's finished fixtures added up, written when they change.

Words: an entrant's *tally* (:class:`scoring.standings.Tally`, stored as
:class:`league.models.EntrantTally`) is what the standings rank: its results, game points and
statistics summed over its finished fixtures, and whom it met with what result. The standings
page reads the tallies (one row per entrant) instead of every fixture side of the season.

A tally is always worked out again in full from the entrant's stored fixture sides by the
same code as the table from the fixture sides (:func:`scoring.standings.tally`), never
patched by a difference, so it cannot drift: :func:`tallies_refresh` is called by
``fixture_recompute`` (the one writer of fixture results) for the entrants of a fixture whose
result counted before or counts now, and :func:`tallies_rebuild` writes every tally again
(the data migration, ``manage.py recompute_tallies``, a restore, the benchmark's bulk-written
season).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet

from league.competitions.selectors import entrant_match_rows, finished_sides
from league.models import Entrant, EntrantTally, FixtureSide
from scoring.standings import TALLY_COUNTS, Tally, tally


def _row(model: Any, t: Tally) -> Any:
    fields: dict[str, Any] = {name: getattr(t, name) for name in TALLY_COUNTS}
    return model(
        entrant_id=t.entrant,
        nights=t.nights,
        opponents=[list(t.beaten), list(t.drawn_with), list(t.lost_to)],
        **fields,
    )


def _tallies(sides: QuerySet[Any, dict[str, Any]], wanted: Iterable[int]) -> list[Tally]:
    """The tallies of the ``wanted`` entrants from ``sides`` (finished_sides values holding
    every finished fixture of theirs, and maybe others)."""
    want = set(wanted)
    rows = entrant_match_rows(sides)
    known = want | {r.entrant for r in rows} | {r.opponent for r in rows if r.opponent is not None}
    mine = [r for r in rows if r.entrant in want]
    return [t for t in tally(mine, entrants=known).values() if t.entrant in want]


def _write(model: Any, entrants: Iterable[int], tallies: Iterable[Tally]) -> None:
    model._default_manager.filter(entrant_id__in=list(entrants)).delete()
    # No row for a tally of zeros: an entrant with nothing finished reads as zeros anyway.
    model._default_manager.bulk_create(
        [_row(model, t) for t in tallies if t.played], batch_size=1000
    )


_deferred: ContextVar[set[int] | None] = ContextVar("tallies_deferred", default=None)


@contextmanager
def tallies_deferred() -> Iterator[None]:
    """Inside, :func:`tallies_refresh` only notes its entrants; they are written once, on
    leaving (still inside the caller's transaction). For a write that changes several
    fixtures (a withdrawal concedes them all): it takes every fixture's lock before any
    entrant's, as a deal's save does, so the two never wait on each other in a ring."""
    if _deferred.get() is not None:
        yield
        return
    noted: set[int] = set()
    token = _deferred.set(noted)
    try:
        yield
    finally:
        _deferred.reset(token)
    tallies_refresh(noted)


def tallies_refresh(entrants: Iterable[int]) -> None:
    """Write the tallies of ``entrants`` (ids) again from their stored fixture sides.

    Inside the caller's transaction: the entrants' rows are locked first (in id order, so two
    writers never wait on each other in a ring), so that two results of one entrant saved at
    once are both counted: the second waits, then reads the first's sides. Nothing takes
    another lock after these in the same transaction (see :func:`tallies_deferred`).
    """
    noted = _deferred.get()
    if noted is not None:
        noted.update(entrants)
        return
    ids = sorted(set(entrants))
    if not ids:
        return
    with transaction.atomic():
        list(Entrant.objects.select_for_update().filter(pk__in=ids).order_by("pk").values("pk"))
        # Their fixtures' ids first, then those fixtures' sides by id: one query with the
        # other as a subquery let PostgreSQL's planner, with statistics that took the tables
        # for empty (a vacuum after rolled-back writes, a restore), nest full scans in full
        # scans: seconds a result. Looked up by a list of ids, each is an index lookup.
        theirs = list(
            FixtureSide.objects.filter(entrant_id__in=ids, fixture__finished=True)
            .order_by()
            .values_list("fixture_id", flat=True)
            .distinct()
        )
        sides = finished_sides(Q(fixture_id__in=theirs))
        _write(EntrantTally, ids, _tallies(sides, ids))


def rebuild_with(
    side_model: Any,
    tally_model: Any,
    entrant_model: Any,
    competitions: Iterable[int] | None = None,
) -> int:
    """Write every tally of ``competitions`` (ids; None: all) again with these models (the
    data migration passes its historical ones). Returns how many entrants were written."""
    entrants: QuerySet[Any, Any] = entrant_model._default_manager.all()
    if competitions is not None:
        entrants = entrants.filter(competition_id__in=list(competitions))
    by_competition: dict[int, list[int]] = {}
    for pk, competition in entrants.values_list("pk", "competition_id"):
        by_competition.setdefault(competition, []).append(pk)
    for competition, ids in by_competition.items():
        sides = finished_sides(Q(fixture__competition_id=competition), side_model)
        _write(tally_model, ids, _tallies(sides, ids))
    return sum(len(ids) for ids in by_competition.values())


def tallies_from_sides(competition: int) -> dict[int, Tally]:
    """Every entrant's tally of ``competition`` (an id) worked out from its stored fixture
    sides now, by entrant: what the kept ones must equal."""
    ids = list(Entrant.objects.filter(competition_id=competition).values_list("pk", flat=True))
    sides = finished_sides(Q(fixture__competition_id=competition))
    made = {t.entrant: t for t in _tallies(sides, ids)}
    return {pk: made[pk] for pk in sorted(ids)}


@transaction.atomic
def tallies_rebuild(competitions: Iterable[int] | None = None) -> int:
    """Write every tally of ``competitions`` (ids; None: every competition) again."""
    return rebuild_with(FixtureSide, EntrantTally, Entrant, competitions)
