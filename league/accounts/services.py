"""Writes for accounts: the first organiser of an empty install, what a signed-in person may do
(their role), disabling and enabling an account, setting a password, and lifting a sign-in
lockout (words in :mod:`league.accounts.selectors`).

A *disabled* account (Django's ``is_active`` off) cannot sign in, and its open sessions end at
their next request (:class:`league.access.ProfileBackend` reads no inactive user); its games,
deals and audit lines stay as they are."""

from __future__ import annotations

from axes.utils import reset as axes_reset
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.accounts.selectors import LockoutKind, organisers
from league.errors import Refused
from league.models import Installation, Profile, Role

ALREADY_SET_UP = gettext_lazy(
    "Hicksheet is already set up: sign in, or ask the club's organiser for an account."
)


def user_set_role(*, user: User, role: Role) -> Profile:
    profile, _created = Profile.objects.update_or_create(user=user, defaults={"role": role})
    return profile


def user_set_active(*, user: User, active: bool, by: User) -> User:
    """Enable or disable ``user``'s account, ``by`` an organiser. Refused for one's own account
    and for the last organiser who could still sign in: somebody must be able to manage the
    club (and to enable accounts again)."""
    if active:
        user.is_active = True
        user.save(update_fields=["is_active"])
        return user
    if user.pk == by.pk:
        raise Refused(
            _("You cannot disable your own account: another organiser can, if it must be."), None
        )
    with transaction.atomic():
        # The organisers' rows are locked (PostgreSQL), so that two organisers disabling each
        # other at once cannot both pass the count and leave the club with none.
        remaining = list(organisers().select_for_update(of=("self",)).values_list("pk", flat=True))
        if user.pk in remaining and len(remaining) == 1:
            raise Refused(
                _(
                    "%(name)s is the last organiser: make another account an organiser first, "
                    "or nobody could manage the accounts."
                )
                % {"name": user},
                None,
            )
        user.is_active = False
        user.save(update_fields=["is_active"])
    return user


def user_set_password(*, user: User, password: str) -> User:
    """A new password for ``user``, set by an organiser (the form has checked it against the
    password rules). The account's sessions end: it signs in again with the new password."""
    user.set_password(password)
    user.save(update_fields=["password"])
    return user


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
            raise Refused(str(ALREADY_SET_UP)) from None
        raise Refused(
            _("There is already an account called %(name)s.") % {"name": username}, "username"
        ) from None
    return user


def lockout_lift(*, kind: LockoutKind, who: str) -> int:
    """Let an account (``kind`` "account", ``who`` its username) or an address sign in again at
    once: its failed sign-ins are forgotten. How many records were removed; 0 if it was not
    locked (lifted already, or ended by itself)."""
    if kind == "account":
        return int(axes_reset(username=who))
    if kind == "address":
        return int(axes_reset(ip=who))
    raise Refused(_("Choose an account or an address to let in again."), "kind")
