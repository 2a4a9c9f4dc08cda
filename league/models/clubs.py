"""A club, its members (players) and their partnerships for four-hand games."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.languages import validate_language
from league.timezones import validate_time_zone


class Club(models.Model):
    """A card club: its members (players), their partnerships and its competitions."""

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    # Its clock: an IANA zone name ("America/Chicago"); blank for the server's TIME_ZONE.
    time_zone = models.CharField(
        max_length=64, blank=True, default="", validators=[validate_time_zone]
    )
    # Its language (a code of settings.LANGUAGES): what its pages speak to a reader who asked
    # for none this site speaks, and its screen and PDFs; blank for the site's LANGUAGE_CODE.
    language = models.CharField(
        max_length=12, blank=True, default="", validators=[validate_language]
    )
    # Who the club's rating list shows: members with at least this many rated games against
    # at least this many different opponents, so that nobody tops it by playing one friend.
    rating_min_games = models.PositiveSmallIntegerField(
        default=10, validators=[MinValueValidator(1), MaxValueValidator(1000)]
    )
    rating_min_opponents = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(1), MaxValueValidator(100)]
    )
    # The paper the club's blank sheets print on ("A4" or "Letter"); blank: from its time zone
    # (Letter in the Americas, A4 elsewhere).
    paper_size = models.CharField(max_length=8, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A member of a club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=80)
    # Set when the member left the club: kept in history, statistics and ratings, but off the
    # lists a new game, entrant or partnership is picked from; cleared when they come back.
    retired_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_name_once_a_club")
        ]

    def __str__(self) -> str:
        return self.name


class Partnership(models.Model):
    """Two players who play together in four-hand games."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="partnerships")
    first = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    name = models.CharField(max_length=80, blank=True, help_text=_("Optional team name."))
    # Set when the pair no longer plays together (as a member's retired_at).
    retired_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(first=models.F("second")), name="partnership_of_two"
            ),
            models.UniqueConstraint(fields=["first", "second"], name="partnership_once"),
        ]

    def __str__(self) -> str:
        return self.name or self.players_text

    @property
    def players_text(self) -> str:
        return f"{self.first.name} & {self.second.name}"
