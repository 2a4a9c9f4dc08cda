"""django-tables2 tables: declarative columns over rows that are computed before they get here."""

import django_tables2 as tables


class PresetTable(tables.Table):
    """One row per preset: see :func:`league.views.preset_rows`."""

    name = tables.Column(verbose_name="Game", linkify=lambda record: record["url"])
    players = tables.Column()
    deck = tables.Column()
    set_award = tables.Column(verbose_name="On a set, opponents score")
    tie_rule = tables.Column(verbose_name="On a tie")
    target = tables.Column()

    class Meta:
        orderable = False
        attrs = {"class": "table", "id": "presets"}


class GameTable(tables.Table):
    """Games, newest first; every value is a stored column or a model property."""

    game = tables.Column(
        accessor="sides_text",
        verbose_name="Sides",
        linkify=("game-detail", [tables.A("pk")]),
        order_by=("side_names",),
    )
    title = tables.Column(verbose_name="Title")
    preset = tables.Column(verbose_name="Game")
    table = tables.Column(verbose_name="Table")
    deal_count = tables.Column(verbose_name="Deals")
    status = tables.Column(accessor="status_text", verbose_name="Standing", orderable=False)
    created_at = tables.DateTimeColumn(verbose_name="Started", format="j M Y H:i")

    class Meta:
        attrs = {"class": "table", "id": "games"}
        empty_text = "No games yet."
