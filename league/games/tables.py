"""django-tables2 tables: declarative columns over rows that are computed before they get here."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils import dateformat, timezone

from league.timezones import club_zone


def labelled(name: str) -> dict[str, dict[str, str]]:
    """A cell that names its column: on a phone the table stacks into one card a game, each
    line headed by this label (games.css), so the standing shows without sideways scrolling."""
    return {"td": {"data-label": name}}


class GameTable(tables.Table):
    """Games, newest first; every value is a stored column or a model property."""

    game = tables.Column(
        accessor="sides_text",
        verbose_name="Sides",
        linkify=("games:detail", [tables.A("pk")]),
        order_by=("side_names",),
    )
    title = tables.Column(verbose_name="Title", default="", attrs=labelled("Title"))
    preset = tables.Column(
        accessor="rules__name", verbose_name="Game", order_by=("preset",), attrs=labelled("Game")
    )
    table = tables.Column(verbose_name="Table", default="", attrs=labelled("Table"))
    deal_count = tables.Column(verbose_name="Deals", attrs=labelled("Deals"))
    status = tables.Column(
        accessor="status_text",
        verbose_name="Score",
        orderable=False,
        attrs=labelled("Score"),
    )
    created_at = tables.DateTimeColumn(
        verbose_name="Started", format="j M Y H:i", attrs=labelled("Started")
    )

    def render_created_at(self, value: Any, record: Any) -> str:
        """When the game started, on its club's clock (a casual game: the server's)."""
        zone = getattr(record, "club_time_zone", None)
        local = timezone.localtime(value, club_zone(zone) if zone else None)
        return dateformat.format(local, "j M Y H:i")

    class Meta:
        attrs = {"class": "table", "id": "games"}
        empty_text = "No games yet."
