"""django-tables2 tables: declarative columns over rows that are computed before they get here."""

from __future__ import annotations

import django_tables2 as tables


class PresetTable(tables.Table):
    """One row per preset: see :func:`league.views.preset_rows`."""

    name = tables.Column(verbose_name="Game", linkify=lambda record: record["url"])
    players = tables.Column()
    deck = tables.Column()
    set_award = tables.Column(verbose_name="On a set, opponents score")
    tie_rule = tables.Column(verbose_name="On a tie")
    meld_tie = tables.Column(verbose_name="Equal melds")
    target = tables.Column()

    class Meta:
        orderable = False
        attrs = {"class": "table", "id": "presets"}
