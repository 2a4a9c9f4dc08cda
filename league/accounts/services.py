"""Writes for accounts: what a signed-in person may do (their role)."""

from __future__ import annotations

from django.contrib.auth.models import User

from league.models import Profile, Role


def user_set_role(*, user: User, role: Role) -> Profile:
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"role": role})
    return profile
