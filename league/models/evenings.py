"""Club evenings' seasons.

Words (``scoring.evenings``): an *evening* (a klaverjas *drive*, a belote *concours*) is a
:class:`~league.models.Competition` of kind ``evening``: its entrants are the players (or
pairs) checked in at the door, its rounds are drawn one at a time on the night, each table of
a round is a fixture. A *season* is a club's evenings added up by its rule
(``scoring.evenings.SeasonRules``, kept as plain data in ``rules``): the sum or average of
the best k, a minimum attendance, what a missed evening counts.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from league.models.clubs import Club


class Season(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    rules = models.JSONField(default=dict, blank=True, help_text="scoring.evenings.SeasonRules")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_once_a_club")
        ]

    def __str__(self) -> str:
        return self.name
