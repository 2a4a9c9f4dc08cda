"""A game's sheet in a template: ``{% load sheets %}`` then
``{% sheet_layout rules rows totals as layout %}`` gives the columns the game keeps beyond part
one's (roem, contract, marks: :class:`league.games.selectors.SheetLayout`) and the totals of
each; ``includes/sheet.html`` draws the sheet with it."""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from league.games.selectors import DealRow, SheetLayout
from league.games.selectors import sheet_layout as build_layout
from scoring import Ruleset

register = template.Library()


@register.simple_tag
def sheet_layout(rules: Ruleset, rows: Sequence[DealRow], totals: Sequence[int]) -> SheetLayout:
    """The sheet's :class:`~league.games.selectors.SheetLayout` (no query)."""
    return build_layout(rules, rows, list(totals))
