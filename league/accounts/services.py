"""Writes for accounts: the first organiser of an empty install, what a signed-in person may do
(their role), and lifting a sign-in lockout (words in :mod:`league.accounts.selectors`)."""

from __future__ import annotations

from axes.utils import reset as axes_reset
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from league.accounts.selectors import LockoutKind
from league.errors import Refused
from league.models import Installation, Profile, Role

ALREADY_SET_UP = "Hicksheet is already set up: sign in, or ask the club's organiser for an account."


def user_set_role(*, user: User, role: Role) -> Profile:
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"role": role})
    return profile


def first_organiser_create(*, username: str, password: str) -> User:
    """The first organiser of an empty install. Exactly one setup ever succeeds: the
    :class:`~league.models.Installation` row is inserted first, in the same transaction as
    the account, and its fixed key refuses every later (or simultaneous) insert; the loser's
    account is rolled back with it. Refused once the install has its organiser."""
    try:
        with transaction.atomic():
            # Inserted before anything else, so that a concurrent setup waits on (PostgreSQL)
            # or queues behind (SQLite's write lock) this row rather than on a username.
            installation = Installation(id=Installation.SINGLETON)
            installation.save(force_insert=True)
            user = get_user_model()._default_manager.create_user(username, password=password)
            user_set_role(user=user, role=Role.ORGANISER)
            installation.first_organiser = user
            installation.save(update_fields=["first_organiser"])
    except IntegrityError:
        if Installation.objects.exists():
            raise Refused(ALREADY_SET_UP) from None
        raise Refused(f"There is already an account called {username}.", "username") from None
    return user


def lockout_lift(*, kind: LockoutKind, who: str) -> int:
    """Let an account (``kind`` "account", ``who`` its username) or an address sign in again at
    once: its failed sign-ins are forgotten. How many records were removed; 0 if it was not
    locked (lifted already, or ended by itself)."""
    if kind == "account":
        return int(axes_reset(username=who))
    if kind == "address":
        return int(axes_reset(ip=who))
    raise Refused("Choose an account or an address to let in again.", "kind")
