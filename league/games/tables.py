"""django-tables2 tables: declarative columns over rows that are computed before they get here."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils import formats, timezone
from django.utils.functional import Promise as StrPromise
from django.utils.translation import gettext_lazy, pgettext_lazy

from league.timezones import club_zone


def labelled(name: str | StrPromise) -> dict[str, dict[str, str | StrPromise]]:
    """A cell that names its column: on a phone the table stacks into one card a game, each
    line headed by this label (games.css), so the standing shows without sideways scrolling."""
    return {"td": {"data-label": name}}


class GameTable(tables.Table):
    """Games, newest first; every value is a stored column or a model property."""

    game = tables.Column(
        accessor="sides_text",
        verbose_name=gettext_lazy("Sides"),
        linkify=("games:detail", [tables.A("pk")]),
        order_by=("side_names",),
    )
    title = tables.Column(
        verbose_name=gettext_lazy("Title"), default="", attrs=labelled(gettext_lazy("Title"))
    )
    preset = tables.Column(
        accessor="rules__name",
        verbose_name=pgettext_lazy("column: the kind of game played", "Game"),
        order_by=("preset",),
        attrs=labelled(pgettext_lazy("column: the kind of game played", "Game")),
    )
    table = tables.Column(
        verbose_name=pgettext_lazy("column: a card table", "Table"),
        default="",
        attrs=labelled(pgettext_lazy("column: a card table", "Table")),
    )
    deal_count = tables.Column(
        verbose_name=pgettext_lazy("column: deals of cards", "Deals"),
        attrs=labelled(pgettext_lazy("column: deals of cards", "Deals")),
    )
    status = tables.Column(
        accessor="status_text",
        verbose_name=pgettext_lazy("column", "Score"),
        orderable=False,
        attrs=labelled(pgettext_lazy("column", "Score")),
    )
    created_at = tables.DateTimeColumn(
        verbose_name=pgettext_lazy("column: when a game started", "Started"),
        short=True,
        attrs=labelled(pgettext_lazy("column: when a game started", "Started")),
    )

    def render_created_at(self, value: Any, record: Any) -> str:
        """When the game started, on its club's clock (a casual game: the server's), in the
        language's short form."""
        zone = getattr(record, "club_time_zone", None)
        local = timezone.localtime(value, club_zone(zone) if zone else None)
        return formats.date_format(local, "SHORT_DATETIME_FORMAT")

    class Meta:
        attrs = {"class": "table", "id": "games"}
        empty_text = gettext_lazy("No games yet.")
