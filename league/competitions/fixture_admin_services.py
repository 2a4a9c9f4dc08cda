"""An organiser's housekeeping of fixtures: move one to another date or table, swap the tables
of two fixtures of a round, void one typed by mistake and restore it.

Words: a *void* fixture (:attr:`FixtureStatus.VOID`) is kept for the record with whatever was
typed or played in it, and counts for nobody: :func:`fixture_recompute` gives it no result, so
the standings, the kept tallies and the ratings all leave it out. *Restoring* it gives it back
the status it had before it was voided, and its result again. Every change here is audited as a
:class:`~league.models.RecordChange` (subject ``fixture``; actions ``reschedule``, ``table``,
``void``, ``restore``) and published to the pages that follow the fixture and its event. A
user's mistake raises :class:`~league.errors.Refused` naming the field; nothing is saved.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from league.competitions.results import fixture_recompute, fixture_side_names
from league.errors import Refused
from league.live.publish import changed
from league.live.topics import fixture_topics
from league.models import (
    CompetitionKind,
    Fixture,
    FixtureStatus,
    Game,
    RecordChange,
    Round,
)
from league.names import clean_name
from scoring.fixture_dates import fixture_date_window

#: The longest table name a fixture keeps (its column's length).
TABLE_LENGTH = 20


def fixture_name(fixture: Fixture) -> str:
    """The fixture as the audit keeps its name, in no language: "3: Pair 1 – Pair 4" (its
    round's number, then its sides)."""
    # Two sides, or a club evening's table of three.
    return f"{fixture.round.number}: " + " – ".join(fixture_side_names(fixture))


def audit_fixture(
    fixture: Fixture, action: str, before: dict[str, Any], after: dict[str, Any], by: User
) -> RecordChange:
    """Record an organiser's change of ``fixture`` (``action`` is a code, see the model)."""
    return RecordChange.objects.create(
        club_id=fixture.competition.club_id,
        subject="fixture",
        subject_id=fixture.pk,
        subject_name=fixture_name(fixture)[:200],
        action=action,
        before=before,
        after=after,
        by=by,
    )


def _locked(fixture: Fixture) -> Fixture:
    locked = Fixture.objects.select_related("competition", "round").select_for_update()
    return locked.get(pk=fixture.pk)


def clean_table(table: str) -> str:
    """A table's name cleaned as every name is; refused (field ``table``) when too long."""
    cleaned = clean_name(table)
    if len(cleaned) > TABLE_LENGTH:
        raise Refused(
            _("A table's name is at most %(limit)d characters.") % {"limit": TABLE_LENGTH},
            "table",
        )
    return cleaned


def _set_table(fixture: Fixture, table: str) -> None:
    fixture.table = table
    fixture.save(update_fields=["table"])
    # The sheet of a game in play names its table too.
    Game.objects.in_play().filter(fixture=fixture).update(table=table)


def refuse_unless_near_the_competition(fixture: Fixture, day: datetime.date) -> None:
    """Refuse (field ``date``) a date further than a year from the competition's nights, or
    from today while its rounds have no dates (:mod:`scoring.fixture_dates`)."""
    nights = Round.objects.filter(competition_id=fixture.competition_id).values_list(
        "date", flat=True
    )
    first, last = fixture_date_window(nights, timezone.localdate())
    if first <= day <= last:
        return
    raise Refused(
        _(
            "Choose a date within a year of the competition's nights (or of today while its "
            "rounds have no dates): from %(first)s to %(last)s."
        )
        % {"first": date_format(first, "DATE_FORMAT"), "last": date_format(last, "DATE_FORMAT")},
        "date",
    )


def _iso(day: datetime.date | None) -> str | None:
    return day.isoformat() if day is not None else None


@transaction.atomic
def fixture_move(*, fixture: Fixture, date: datetime.date | None, table: str, by: User) -> Fixture:
    """Reschedule ``fixture`` to ``date`` (None: its round's night) and put it at ``table``
    (blank: keep its table). Refused once it has a result: its night is then history, and the
    ratings order its games by it."""
    fixture = _locked(fixture)
    table = clean_table(table) or fixture.table
    if fixture.finished and date != fixture.date:
        raise Refused(_("This fixture has a result; it cannot be moved."), "date")
    if date is not None and date != fixture.date:
        refuse_unless_near_the_competition(fixture, date)
    if date != fixture.date:
        before = {"date": _iso(fixture.date)}
        fixture.date = date
        fixture.save(update_fields=["date"])
        audit_fixture(fixture, "reschedule", before, {"date": _iso(date)}, by)
    if table != fixture.table:
        before = {"table": fixture.table}
        _set_table(fixture, table)
        audit_fixture(fixture, "table", before, {"table": table}, by)
    changed(fixture_topics(fixture))
    return fixture


@transaction.atomic
def fixtures_swap_tables(*, fixture: Fixture, other: Fixture, by: User) -> tuple[Fixture, Fixture]:
    """Each of two fixtures of the same round takes the other's table (and so do their games
    in play)."""
    if other.pk == fixture.pk:
        raise Refused(_("Choose another fixture of the round."), "other")
    first, second = sorted((fixture, other), key=lambda f: f.pk)  # locks in id order
    first, second = _locked(first), _locked(second)
    if first.round_id != second.round_id:
        raise Refused(_("Choose a fixture of the same round."), "other")
    tables = (first.table, second.table)
    _set_table(first, tables[1])
    _set_table(second, tables[0])
    for mine, before, after in ((first, tables[0], tables[1]), (second, tables[1], tables[0])):
        audit_fixture(mine, "table", {"table": before}, {"table": after}, by)
    changed(fixture_topics(first), fixture_topics(second))
    return (first, second) if first.pk == fixture.pk else (second, first)


def refuse_unless_league(fixture: Fixture) -> None:
    if fixture.competition.kind != CompetitionKind.LEAGUE:
        raise Refused(
            _("A tournament's match cannot be voided: its bracket goes on from the result."),
            None,
        )


def _games_changed(fixture: Fixture) -> None:
    """The pages of ``fixture``'s games follow its void and restore: a void match's game takes
    no deals (its page drops the deal form and says why)."""
    changed(f"game:{pk}" for pk in fixture.games.values_list("pk", flat=True))


def void(fixture: Fixture, by: User, **reason: Any) -> Fixture:
    """Void a locked ``fixture`` (inside the caller's transaction): kept, counting for nobody;
    ``reason`` is noted in the audit (a withdrawal names its entrant)."""
    before = {"status": str(fixture.status)}
    fixture.status = FixtureStatus.VOID
    fixture.save(update_fields=["status"])
    audit_fixture(fixture, "void", before, {"status": str(FixtureStatus.VOID), **reason}, by)
    _games_changed(fixture)
    return fixture_recompute(fixture)


@transaction.atomic
def fixture_void(*, fixture: Fixture, by: User) -> Fixture:
    """Void a league fixture typed by mistake: it stays on the fixtures list marked void, its
    games and typed scores kept, and counts for nobody (standings, tallies, ratings)."""
    fixture = _locked(fixture)
    refuse_unless_league(fixture)
    if fixture.status == FixtureStatus.VOID:
        raise Refused(_("This fixture is void already."), None)
    return void(fixture, by)


def status_before_void(fixture: Fixture) -> str:
    """The status ``fixture`` had when it was last voided (from the audit); without a record,
    what its stored result says."""
    record = (
        RecordChange.objects.filter(subject="fixture", subject_id=fixture.pk, action="void")
        .order_by("-at", "-id")
        .values_list("before", flat=True)
        .first()
    )
    status = record.get("status") if isinstance(record, dict) else None
    known = {str(s) for s in FixtureStatus} - {str(FixtureStatus.VOID)}
    if status in known:
        return str(status)
    return str(
        FixtureStatus.FORFEIT if fixture.conceded_by is not None else FixtureStatus.SCHEDULED
    )


def restore(fixture: Fixture, by: User, **reason: Any) -> Fixture:
    """Give a locked void ``fixture`` back the status it had (inside the caller's
    transaction) and its result again."""
    fixture.status = status_before_void(fixture)
    fixture.save(update_fields=["status"])
    audit_fixture(
        fixture,
        "restore",
        {"status": str(FixtureStatus.VOID)},
        {"status": str(fixture.status), **reason},
        by,
    )
    _games_changed(fixture)
    return fixture_recompute(fixture)


@transaction.atomic
def fixture_restore(*, fixture: Fixture, by: User) -> Fixture:
    """Undo :func:`fixture_void`. Refused while one of its entrants is withdrawn (its
    withdrawal voided it: putting the entrant back in the league restores it)."""
    fixture = _locked(fixture)
    if fixture.status != FixtureStatus.VOID:
        raise Refused(_("This fixture is not void."), None)
    gone = next(
        (s.entrant for s in fixture.sides.select_related("entrant") if s.entrant.withdrawn), None
    )
    if gone is not None:
        raise Refused(
            _(
                "%(name)s has withdrawn from the league; to restore this fixture, bring "
                "%(name)s back into the league."
            )
            % {"name": gone.name},
            None,
        )
    return restore(fixture, by)
