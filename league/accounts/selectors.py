"""Reads about accounts: whether the install is empty, the accounts and their roles, and which
sign-ins are locked out.

Words: a *lockout* (a pause) stops sign-ins to one account from one address after
``AXES_FAILURE_LIMIT`` failed sign-ins within ``AXES_COOLOFF_TIME`` (to one account from
anywhere, when ``LOGIN_LOCKOUT_BY`` is ``username``), or every sign-in from one address (to any
account) after ``LOGIN_ADDRESS_FAILURE_LIMIT`` failures; it *ends* by itself that long after the
failure that started it (sign-ins tried meanwhile are not counted), or when an organiser lifts
it. django-axes keeps the failures (``AccessAttempt``: one row per account, address and
browser); the rule is :mod:`league.accounts.throttle`.
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
    """One account (from one address, or from anywhere if ``address`` is None) or one address
    that may not sign in until ``ends``."""

    kind: LockoutKind
    who: str  # the username, or the address
    failures: int
    ends: datetime.datetime
    address: str | None = None  # for an account: the address it is paused on

    @property
    def minutes_left(self) -> int:
        return minutes_until(self.ends)


def minutes_until(moment: datetime.datetime) -> int:
    """Whole minutes from now until ``moment``, rounded up (at least 1)."""
    seconds = (moment - timezone.now()).total_seconds()
    return max(1, -int(-seconds // 60))


def _recent_attempts(now: datetime.datetime) -> Q:
    return Q(attempt_time__gte=now - settings.AXES_COOLOFF_TIME)


def _accounts_by_address() -> bool:
    return ["username", "ip_address"] in settings.AXES_LOCKOUT_PARAMETERS


def lockouts() -> list[Lockout]:
    """Every account and address locked out now, the latest to end first."""
    now = timezone.now()
    recent = AccessAttempt.objects.filter(_recent_attempts(now))
    found: list[Lockout] = []
    by_address = _accounts_by_address()
    groups: list[tuple[LockoutKind, list[str], int]] = [
        (
            "account",
            ["username", "ip_address"] if by_address else ["username"],
            settings.AXES_FAILURE_LIMIT,
        )
    ]
    if "ip_address" in settings.AXES_LOCKOUT_PARAMETERS:
        groups.append(("address", ["ip_address"], settings.LOGIN_ADDRESS_FAILURE_LIMIT))
    for kind, fields, limit in groups:
        rows = (
            recent.exclude(**{f"{fields[0]}__isnull": True})
            .values(*fields)
            .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
            .filter(failures__gte=limit)
        )
        for row in rows:
            ends = row["last"] + settings.AXES_COOLOFF_TIME
            address = str(row["ip_address"]) if kind == "account" and by_address else None
            found.append(Lockout(kind, str(row[fields[0]]), row["failures"], ends, address))
    return sorted(
        found,
        key=lambda lockout: (lockout.ends, lockout.kind, lockout.who, lockout.address or ""),
        reverse=True,
    )


def lockouts_of(*, username: str | None, address: str | None) -> list[Lockout]:
    """The lockouts that stop this sign-in: its account (on this address) and its address."""
    return [
        lockout
        for lockout in lockouts()
        if (
            lockout.kind == "account"
            and username
            and lockout.who == username
            and lockout.address in (None, address)
        )
        or (lockout.kind == "address" and address and lockout.who == address)
    ]


def lockout_ends(*, username: str | None, address: str | None) -> datetime.datetime | None:
    """When the lockout that stops this sign-in ends (the later one, if both the account on
    this address and the address are locked); None if neither is locked."""
    matching = lockouts_of(username=username, address=address)
    return max((lockout.ends for lockout in matching), default=None)
