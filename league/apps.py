from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def rate_history_once(**kwargs: Any) -> None:
    """After ``migrate``: an install that has finished games but no ratings yet (the ratings
    arrived with an upgrade, or a restore left them out) gets them, rated from its history."""
    from django.db import connection

    from league.models import Game, RatedGame
    from league.ratings.services import ratings_rebuild

    # Migrated back to before the ratings (a migration's test): nothing to rate into.
    if RatedGame._meta.db_table not in connection.introspection.table_names():
        return
    if RatedGame.objects.exists():
        return
    if Game.objects.finished().filter(fixture__isnull=False).exists() or (_typed_results_exist()):
        ratings_rebuild()


def _typed_results_exist() -> bool:
    from league.models import Fixture

    return Fixture.objects.filter(typed_scores__isnull=False, conceded_by=None).exists()


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "Hicksheet league"

    def ready(self) -> None:
        # Pages show the engine's words (labels, refusals) in the reader's language.
        import league.engine_words  # noqa: F401

        post_migrate.connect(rate_history_once, sender=self)
