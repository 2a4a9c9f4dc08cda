"""Charts from plain points in a template: ``{% load charts %}`` then
``{% rating_chart points title=... label=... key=... %}`` (``points``: a list of
:class:`league.charts.drawing.RatingPoint`), rendered by ``includes/chart.html``; nothing
when there is no point."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import template

from league.charts.drawing import RatingPoint
from league.charts.figures import rating_figure

register = template.Library()


@register.inclusion_tag("includes/chart.html")
def rating_chart(
    points: Sequence[RatingPoint], title: str, label: str = "", key: str = "rating-chart"
) -> dict[str, Any]:
    """A rating's history: the line of its values over games or dates, the band from each
    point's low to high where given, the text alternative and the numbers."""
    return {"chart": rating_figure(points, title=str(title), label=str(label), key=key)}
