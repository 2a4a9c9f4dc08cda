"""Database models.

Words (see RULES.md and DESIGN.md):

- *game*: deals until a side reaches the target, scored by the ruleset copied onto the game
  when it started, so that a later change of a league's rules never rewrites history.
- *side*: who scores together (a player, or a partnership in four-hand games), by index from 0.
- *deal*: what the scorer entered (makers, card points, melds, belle, renege, void, no-trump)
  and what the engine gave for it (points, marks, running totals), kept so that sheets and
  standings read without re-scoring; ``league.services.game_recompute`` is the one place that
  writes the engine's columns.
- *audit*: one row per correction (an edit or a deletion of a deal): who, when, before, after.
"""

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
