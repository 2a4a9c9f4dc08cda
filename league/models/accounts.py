"""Who may do what: a signed-in person's role (organiser or scorer)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class Role(models.TextChoices):
    ORGANISER = "organiser", gettext_lazy("Organiser")
    SCORER = "scorer", gettext_lazy("Scorer")


class Profile(models.Model):
    """What a signed-in person may do: an organiser may write everywhere; a scorer only in
    the games they started or were named on."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.SCORER)

    def __str__(self) -> str:
        return f"{self.user} ({self.get_role_display()})"


class Installation(models.Model):
    """The one row that says this install has had its first organiser (set up at ``/setup/``).

    Its primary key is always 1 (a check constraint), so the database itself lets only one
    first-run setup through: of any number of setups at once, the first to insert the row wins
    and every other one fails on the key, whatever each of them had read before.
    """

    SINGLETON = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLETON)
    first_organiser = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    set_up_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(id=1), name="installation_is_one_row")
        ]

    def __str__(self) -> str:
        return f"set up {self.set_up_at:%Y-%m-%d}"
