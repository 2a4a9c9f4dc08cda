"""Withdrawing an entrant from a league season, and bringing it back.

Words: the rule is :mod:`scoring.withdrawal`'s (fewer than half of its fixtures played: every
result of the entrant is voided; else its results stand and its fixtures still to play are
conceded to its opponents, by :func:`scoring.matches.forfeit_score`). A tournament's
entrant withdraws on the director's page instead (:func:`league.tournaments.services.
entrant_withdraw`), and a rotation (new partners each round) has no entrant to withdraw from a
table of four.

A fixture it voids or concedes may have a *game in progress* (started, not finished, with
deals or with none): the withdrawal abandons it (:func:`league.games.services.game_abandon`,
naming the withdrawing side): it is kept for the record, taken off its fixture, counts nowhere
and takes no more deals; its page says why. No game is ever deleted.

*Bringing back* undoes a withdrawal: the fixtures it voided are restored, and the ones it
conceded that are still as it left them go back to be played (afresh: the games it abandoned
stay abandoned). It is safe because a withdrawal
only ever changes fixtures it records (in its audit row's ``after``: ``voided`` and
``conceded``, fixture ids), and bringing back touches only those, and only while they are still
as the withdrawal left them. Every change is audited (subject ``entrant``, actions ``withdraw``
and ``return``; each fixture's own ``void``, ``restore`` or ``concede``; the abandoned games'
ids in the withdrawal's ``abandoned``) and published, to the games' pages as well.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.fixture_admin_services import audit_fixture, restore, void
from league.competitions.results import fixture_recompute
from league.competitions.services import fixture_concede
from league.competitions.tallies import tallies_deferred
from league.errors import Refused
from league.games.services import game_abandon
from league.live.publish import publishes
from league.live.topics import competition_topics
from league.models import (
    Competition,
    CompetitionKind,
    Entrant,
    EntrantKind,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    RecordChange,
)
from scoring.matches import forfeit_score
from scoring.withdrawal import FixtureOf, WithdrawalPlan, withdrawal_plan


def refuse_unless_withdrawable(entrant: Entrant) -> None:
    """A league entrant of one entrant a side, not withdrawn yet (else :class:`Refused`)."""
    competition = entrant.competition
    if competition.kind != CompetitionKind.LEAGUE:
        raise Refused(_("A tournament's entrant withdraws on the director's page."), None)
    if competition.entrant_kind == EntrantKind.ROTATION:
        raise Refused(
            _("Players change partners every round here: nobody can withdraw from a table."),
            None,
        )
    if entrant.withdrawn:
        raise Refused(_("%(name)s has already withdrawn.") % {"name": entrant.name}, None)


def withdrawal_preview(entrant: Entrant) -> WithdrawalPlan:
    """What withdrawing ``entrant`` would do now (one query): its fixtures that are not void,
    each played when it has a result."""
    rows = (
        FixtureSide.objects.filter(entrant=entrant)
        .exclude(fixture__status=FixtureStatus.VOID)
        .order_by("fixture__round__number", "fixture_id")
        .values_list("fixture_id", "fixture__finished")
    )
    return withdrawal_plan([FixtureOf(pk, finished) for pk, finished in rows])


def games_in_progress(plan: WithdrawalPlan) -> list[Game]:
    """The games in progress (started, not finished, not abandoned) of the fixtures ``plan``
    voids or concedes: those the withdrawal will abandon, by round and table (one query)."""
    return list(
        Game.objects.in_play()
        .filter(
            fixture_id__in=[*plan.voided, *plan.conceded],
            abandoned_at__isnull=True,
        )
        .select_related("fixture__round")
        .order_by("fixture__round__number", "fixture_id", "id")
    )


def _abandon_in_progress(fixture: Fixture, side: int, by: User) -> list[int]:
    """Abandon ``fixture``'s games in progress, as withdrawn by ``side``; their ids."""
    games = fixture.games.in_play().filter(abandoned_at__isnull=True).order_by("id")
    abandoned = []
    for game in games:
        game_abandon(game=game, by=by, withdrawn_side=side)
        abandoned.append(game.pk)
    return abandoned


def _audit_entrant(entrant: Entrant, action: str, after: dict[str, Any], by: User) -> None:
    RecordChange.objects.create(
        club_id=entrant.competition.club_id,
        subject="entrant",
        subject_id=entrant.pk,
        subject_name=entrant.name[:200],
        action=action,
        before={"withdrawn": action != "withdraw"},
        after={"withdrawn": action == "withdraw", **after},
        by=by,
    )


def _side_of(entrant: Entrant, fixture_id: int) -> int:
    return FixtureSide.objects.get(entrant=entrant, fixture_id=fixture_id).side


@transaction.atomic
@publishes(lambda entrant, **_: competition_topics(entrant.competition))
def entrant_withdraw_from_league(*, entrant: Entrant, by: User) -> WithdrawalPlan:
    """Withdraw ``entrant`` from its league by the rule (see the module); what it did."""
    Competition.objects.select_for_update().get(pk=entrant.competition_id)
    entrant = Entrant.objects.select_related("competition__club").get(pk=entrant.pk)
    refuse_unless_withdrawable(entrant)
    plan = withdrawal_preview(entrant)
    reason = {"withdrawal": entrant.pk}
    target = entrant.competition.rules.game_points
    locked = Fixture.objects.select_for_update().select_related("competition", "round")
    conceded = []
    abandoned: list[int] = []
    # Every fixture's lock first, the entrants' tallies once at the end (tallies_deferred).
    with tallies_deferred():
        for pk in plan.voided:
            fixture = locked.get(pk=pk)
            # Its unfinished games would otherwise stay open beside a void match.
            games = _abandon_in_progress(fixture, _side_of(entrant, pk), by)
            if games:
                abandoned += games
                fixture = locked.get(pk=pk)  # as the abandons left it
            void(fixture, by, **reason)
        for pk in plan.conceded:
            fixture = locked.get(pk=pk)
            if fixture.finished:
                continue  # its last deal was saved since the plan was read: the result stands
            conceded.append(pk)
            side = _side_of(entrant, pk)
            # A game in progress beside a forfeit would take deals for a decided match.
            abandoned += _abandon_in_progress(fixture, side, by)
            fixture_concede(
                fixture=fixture, side=side, score=forfeit_score(target), withdrawal=True
            )
            audit_fixture(
                fixture,
                "concede",
                {"status": str(FixtureStatus.SCHEDULED)},
                {"status": str(FixtureStatus.FORFEIT), "conceded_by": side, **reason},
                by,
            )
    entrant.withdrawn = True
    entrant.withdrawn_at = timezone.now()
    entrant.save(update_fields=["withdrawn", "withdrawn_at"])
    after = {
        "outcome": plan.outcome.value,
        "played": plan.played,
        "fixtures": plan.total,
        "voided": list(plan.voided),
        "conceded": conceded,
        "abandoned": abandoned,
    }
    _audit_entrant(entrant, "withdraw", after, by)
    finished_since = tuple(pk for pk in plan.conceded if pk not in conceded)
    return replace(plan, conceded=tuple(conceded), kept=plan.kept + finished_since)


def last_withdrawal(entrant: Entrant) -> dict[str, Any] | None:
    """What the entrant's latest withdrawal recorded (its audit row's ``after``), or None."""
    after = (
        RecordChange.objects.filter(subject="entrant", subject_id=entrant.pk, action="withdraw")
        .order_by("-at", "-id")
        .values_list("after", flat=True)
        .first()
    )
    return after if isinstance(after, dict) else None


def _ids(value: object) -> list[int]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)]


@transaction.atomic
@publishes(lambda entrant, **_: competition_topics(entrant.competition))
def entrant_return_to_league(*, entrant: Entrant, by: User) -> int:
    """Bring a withdrawn ``entrant`` back into its league: undo what its withdrawal did to
    fixtures still as it left them. How many fixtures were given back."""
    Competition.objects.select_for_update().get(pk=entrant.competition_id)
    entrant = Entrant.objects.select_related("competition__club").get(pk=entrant.pk)
    if not entrant.withdrawn:
        raise Refused(_("%(name)s has not withdrawn.") % {"name": entrant.name}, None)
    record = last_withdrawal(entrant)
    if record is None or entrant.competition.kind != CompetitionKind.LEAGUE:
        raise Refused(
            _("%(name)s did not withdraw from a league here: it cannot be undone.")
            % {"name": entrant.name},
            None,
        )
    entrant.withdrawn = False
    entrant.withdrawn_at = None
    entrant.save(update_fields=["withdrawn", "withdrawn_at"])
    reason = {"return": entrant.pk}
    back = 0
    mine = Fixture.objects.select_for_update().select_related("competition", "round")
    with tallies_deferred():
        for fixture in mine.filter(pk__in=_ids(record.get("voided")), sides__entrant=entrant):
            if fixture.status != FixtureStatus.VOID:
                continue  # restored or changed since: left as it is
            if any(s.entrant.withdrawn for s in fixture.sides.select_related("entrant")):
                continue  # its other side has withdrawn since: its withdrawal says
            restore(fixture, by, **reason)
            back += 1
        for fixture in mine.filter(pk__in=_ids(record.get("conceded")), sides__entrant=entrant):
            side = _side_of(entrant, fixture.pk)
            if fixture.status != FixtureStatus.FORFEIT or fixture.conceded_by != side:
                continue
            fixture.status = FixtureStatus.SCHEDULED
            fixture.conceded_by = None
            fixture.typed_scores = None
            fixture.save(update_fields=["status", "conceded_by", "typed_scores"])
            audit_fixture(
                fixture,
                "restore",
                {"status": str(FixtureStatus.FORFEIT), "conceded_by": side},
                {"status": str(FixtureStatus.SCHEDULED), **reason},
                by,
            )
            fixture_recompute(fixture)
            back += 1
    _audit_entrant(entrant, "return", {"fixtures": back}, by)
    return back
