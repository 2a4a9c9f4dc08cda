"""django-tables2 tables: declarative columns over rows that are computed before they get here."""

from __future__ import annotations

import django_tables2 as tables


class GameTable(tables.Table):
    """Games, newest first; every value is a stored column or a model property."""

    game = tables.Column(
        accessor="sides_text",
        verbose_name="Sides",
        linkify=("games:detail", [tables.A("pk")]),
        order_by=("side_names",),
    )
    title = tables.Column(verbose_name="Title")
    preset = tables.Column(accessor="rules__name", verbose_name="Game", order_by=("preset",))
    table = tables.Column(verbose_name="Table")
    deal_count = tables.Column(verbose_name="Deals")
    status = tables.Column(accessor="status_text", verbose_name="Standing", orderable=False)
    created_at = tables.DateTimeColumn(verbose_name="Started", format="j M Y H:i")

    class Meta:
        attrs = {"class": "table", "id": "games"}
        empty_text = "No games yet."
