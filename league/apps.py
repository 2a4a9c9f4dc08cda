from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "Hicksheet league"

    def ready(self) -> None:
        # Pages show the engine's words (labels, refusals) in the reader's language.
        import league.engine_words  # noqa: F401
