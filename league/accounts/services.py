"""Every write. Each service is keyword-only, runs in one transaction, validates through the
engine, and raises a :class:`scoring.InvalidDeal` (or a subclass below) for a user's mistake,
leaving the database as it was.

Words: an *entry key* is the token an entry form carries, so that the same form sent twice adds
one deal; a deal's *version* counts its corrections, so that a correction made from a stale
form is refused instead of overwriting somebody else's.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from league.models import Profile, Role


def user_set_role(*, user: AbstractBaseUser, role: Role) -> Profile:
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"role": role})
    return profile
