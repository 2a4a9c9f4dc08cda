"""Who may do what: a signed-in person's role (organiser or scorer)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Role(models.TextChoices):
    ORGANISER = "organiser", "Organiser"
    SCORER = "scorer", "Scorer"


class Profile(models.Model):
    """What a signed-in person may do: an organiser may write everywhere; a scorer only in
    the games they started or were named on."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.SCORER)

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()})"
