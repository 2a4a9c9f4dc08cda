"""django-tables2 tables: declarative columns over rows that are computed before they get here."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import pgettext_lazy


class PresetTable(tables.Table):
    """One row per preset: see :func:`league.views.preset_rows`."""

    name = tables.Column(
        verbose_name=pgettext_lazy("column: a preset's name", "Game"),
        linkify=lambda record: record["url"],
    )
    players = tables.Column(verbose_name=pgettext_lazy("column", "Players"))
    deck = tables.Column(verbose_name=pgettext_lazy("column", "Deck"))
    set_award = tables.Column(verbose_name=pgettext_lazy("column", "On a set, opponents score"))
    tie_rule = tables.Column(verbose_name=pgettext_lazy("column", "On a tie"))
    meld_tie = tables.Column(verbose_name=pgettext_lazy("column", "Equal melds"))
    target = tables.Column(
        verbose_name=pgettext_lazy("column: the score that ends a game", "Target")
    )

    class Meta:
        orderable = False
        attrs = {"class": "table", "id": "presets"}
