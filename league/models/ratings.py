"""Ratings (derived data): every rated game in the order of play, what it changed for each
player and pair, and each player's and pair's rating now.

Words (see :mod:`scoring.ratings` for the maths):

- *rated game*: a finished game of a fixture, in the order of play (its night's date, see
  :func:`league.ratings.selectors.played_at`, then a club evening's results round by round,
  then typed games before the games started that night, in the order started): a game whose
  deals were
  entered here (``game``), or one typed from a paper sheet (``typed_index``, the n-th pair of
  the fixture's ``typed_scores``). ``sides`` holds each side's player ids, ``winner`` the
  winning side. Casual games name their sides by free text, not by players, and are not rated.
- *rating change*: one player's (or, with ``partner``, one partnership's) rating before and
  after a rated game, with the opponents' ratings before it and the expected and actual
  result: why it moved.
- *current rating*: one player's (or pair's) rating after its last rated game, with its number
  of games, distinct opponents and trend, so that the rating lists read one row per entity.

Written only by :mod:`league.ratings.services` (after a fixture's result changes, or by
``manage.py rebuild_ratings``); a rebuild from scratch gives the same rows.
"""

from __future__ import annotations

from django.db import models

from league.models.clubs import Player
from league.models.competitions import Fixture
from league.models.games import Game


class RatedGame(models.Model):
    """A finished game of a fixture as the ratings took it, in the order of play
    (``played_at``, then ``order_key``)."""

    played_at = models.DateTimeField()
    # Ties of played_at go by this: the game's id, a typed game's key, or an evening's
    # round-by-round key (league.ratings.selectors: typed_order_key, evening_order_key).
    order_key = models.BigIntegerField()
    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    typed_index = models.PositiveSmallIntegerField(null=True, blank=True)
    sides = models.JSONField(help_text="Each side's player ids, in side order.")
    winner = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["played_at", "order_key"]
        constraints = [
            models.UniqueConstraint(fields=["played_at", "order_key"], name="rated_game_once")
        ]
        indexes = [models.Index(fields=["fixture"], name="rated_game_fixture")]

    def __str__(self) -> str:
        return f"rated game {self.order_key} at {self.played_at}"


class RatingChange(models.Model):
    """One player's (or pair's: ``partner`` set) rating before and after one rated game."""

    rated = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    # Set for a partnership's change: the pair is {player, partner}, player the lower id.
    partner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    side = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    expected = models.FloatField(help_text="The chance of winning the model gave the side.")
    actual = models.FloatField(help_text="1 won, 0 lost.")
    # One [ids, mu, sigma] an opponent (a player, or a pair of ids), their rating before.
    opponents = models.JSONField(default=list)

    class Meta:
        ordering = ["rated__played_at", "rated__order_key", "side", "player_id"]
        indexes = [
            models.Index(fields=["player", "partner"], name="rating_change_who"),
        ]

    def __str__(self) -> str:
        return f"rating change of {self.player_id} in {self.rated_id}"


class CurrentRating(models.Model):
    """A player's (or pair's: ``partner`` set) rating after its last rated game."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    partner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    conservative = models.FloatField(help_text="mu - 3 sigma, what the lists sort by.")
    games = models.PositiveIntegerField()
    opponents = models.PositiveIntegerField(help_text="How many different opponents.")
    trend = models.FloatField(help_text="The conservative rating's change over the last games.")
    last_played_at = models.DateTimeField()

    class Meta:
        ordering = ["-conservative", "-mu", "-games", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"], condition=models.Q(partner=None), name="rating_once_a_player"
            ),
            models.UniqueConstraint(
                fields=["player", "partner"],
                condition=~models.Q(partner=None),
                name="rating_once_a_pair",
            ),
        ]
        indexes = [models.Index(fields=["-conservative"], name="rating_conservative")]

    def __str__(self) -> str:
        return f"rating of {self.player_id}"
