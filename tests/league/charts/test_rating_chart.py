"""The rating history chart from plain points, through its template tag (the ratings' pages
will give it their points)."""

from __future__ import annotations

import datetime
import re

from django.template import Context, Template

from league.charts.drawing import RatingPoint
from tests.league.html import parse

TEMPLATE = Template('{% load charts %}{% rating_chart points title="Rating" label="mu" %}')


def test_the_tag_renders_the_chart_the_words_and_the_numbers():
    points = [
        RatingPoint(datetime.date(2026, 1, 8), 25.0, 16.0, 34.0),
        RatingPoint(datetime.date(2026, 1, 15), 28.25, 21.0, 35.5),
        RatingPoint(datetime.date(2026, 1, 22), 27.0, 20.5, 33.5),
    ]
    html = TEMPLATE.render(Context({"points": points}))
    assert not re.search(r"\sstyle=", html)
    page = parse(html)
    figure = page.by_id("rating-chart")
    svg = next(figure.iter("svg"))
    assert svg.attrs["aria-labelledby"] == "rating-chart-title rating-chart-desc"
    assert next(figure.iter("figcaption")).text == (
        "Rating. From 25.0 to 27.0 over 3 dates; the highest, 28.2, on 15 Jan 2026."
    )
    rows = [[c.text for c in tr.iter() if c.tag in ("th", "td")] for tr in figure.iter("tr")]
    assert rows[0] == ["Date", "mu", "Low", "High"]
    assert rows[2] == ["15 Jan 2026", "28.2", "21.0", "35.5"]
    assert {"2026-01-08", "2026-01-22", "mu"} <= {t.text for t in svg.iter("text")}
    assert len(list(svg.iter("polygon"))) == 1  # the band


def test_no_points_nothing():
    assert TEMPLATE.render(Context({"points": []})).strip() == ""
