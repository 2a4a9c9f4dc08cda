"""Reads about accounts: whether the install is empty, the accounts and their roles, and which
sign-ins are locked out.

Words: a *lockout* stops every sign-in to one account (from anywhere) or from one address (to
any account) after ``AXES_FAILURE_LIMIT`` failed sign-ins within ``AXES_COOLOFF_TIME``; it
*ends* by itself that long after the last failure, or when an organiser lifts it. django-axes
keeps the failures (``AccessAttempt``: one row per account, address and browser).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Literal

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db.models import Max, Q, QuerySet, Sum
from django.utils import timezone

from league.models import Role

LockoutKind = Literal["account", "address"]


def install_is_empty() -> bool:
    """No account exists yet: the first visitor is offered the organiser's account."""
    return not get_user_model()._default_manager.exists()


def organisers() -> QuerySet[User]:
    """The accounts that may sign in and act as organisers (an organiser's role, or Django's
    superuser flag, which :func:`league.access.is_organiser` counts as one)."""
    return get_user_model()._default_manager.filter(
        Q(profile__role=Role.ORGANISER) | Q(is_superuser=True), is_active=True
    )


def organiser_names(limit: int = 3) -> list[str]:
    """The first few organisers' names, for a page that tells a person whom to ask."""
    return list(organisers().order_by("username").values_list("username", flat=True)[:limit])


@dataclass(frozen=True)
class Account:
    """One account as the accounts page shows it."""

    user: User
    role: str  # "Organiser" or "Scorer"
    is_organiser: bool


def accounts() -> list[Account]:
    """Every account, by name, with its role, in one query."""
    users = get_user_model()._default_manager.select_related("profile").order_by("username")
    found = []
    for user in users:
        profile = getattr(user, "profile", None)
        organiser = user.is_superuser or (profile is not None and profile.role == Role.ORGANISER)
        found.append(
            Account(user, str(Role.ORGANISER.label if organiser else Role.SCORER.label), organiser)
        )
    return found


@dataclass(frozen=True)
class Lockout:
    """One account or one address that may not sign in until ``ends``."""

    kind: LockoutKind
    who: str  # the username, or the address
    failures: int
    ends: datetime.datetime

    @property
    def minutes_left(self) -> int:
        return minutes_until(self.ends)


def minutes_until(moment: datetime.datetime) -> int:
    """Whole minutes from now until ``moment``, rounded up (at least 1)."""
    seconds = (moment - timezone.now()).total_seconds()
    return max(1, -int(-seconds // 60))


def _recent_attempts(now: datetime.datetime) -> Q:
    return Q(attempt_time__gte=now - settings.AXES_COOLOFF_TIME)


def lockouts() -> list[Lockout]:
    """Every account and address locked out now, the latest to end first."""
    now = timezone.now()
    recent = AccessAttempt.objects.filter(_recent_attempts(now))
    found: list[Lockout] = []
    params = settings.AXES_LOCKOUT_PARAMETERS
    for kind, field in (("account", "username"), ("address", "ip_address")):
        if field not in params:
            continue
        rows = (
            recent.exclude(**{f"{field}__isnull": True})
            .values(field)
            .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
            .filter(failures__gte=settings.AXES_FAILURE_LIMIT)
        )
        for row in rows:
            ends = row["last"] + settings.AXES_COOLOFF_TIME
            found.append(Lockout(kind, str(row[field]), row["failures"], ends))  # type: ignore[arg-type]
    return sorted(
        found, key=lambda lockout: (lockout.ends, lockout.kind, lockout.who), reverse=True
    )


def lockout_ends(*, username: str | None, address: str | None) -> datetime.datetime | None:
    """When the lockout that stops this sign-in ends (the later one, if both the account and
    the address are locked); None if neither is locked."""
    matching = [
        lockout
        for lockout in lockouts()
        if (lockout.kind == "account" and username and lockout.who == username)
        or (lockout.kind == "address" and address and lockout.who == address)
    ]
    return max((lockout.ends for lockout in matching), default=None)
