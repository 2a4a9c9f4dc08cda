"""The builders, with plain data: each point lands where its value says."""

from __future__ import annotations

import datetime

import pytest
from reportlab.graphics.shapes import Group, Line

from league.charts import drawing
from league.charts.drawing import RatingPoint, SeasonFigures


def pairs(polyline):
    points = polyline.points
    return list(zip(points[::2], points[1::2], strict=True))


def cross_centre(cross: Group) -> tuple[float, float]:
    first: Line = cross.contents[0]
    return ((first.x1 + first.x2) / 2, (first.y1 + first.y2) / 2)


def test_nice_ticks():
    assert drawing.nice_ticks(0, 500, 4) == [0, 200, 400, 600]
    assert drawing.nice_ticks(0, 100, 4) == [0, 25, 50, 75, 100]
    assert drawing.nice_ticks(0, 3, 3) == [0, 1, 2, 3]


def test_short_cuts_a_long_name_to_fit():
    assert drawing.short("Anna", 100) == "Anna"
    cut = drawing.short("Margaret Featherstonehaugh & Bartholomew", 80)
    assert cut.endswith("…") and len(cut) < 20


def test_the_game_lines_start_at_zero_and_follow_the_totals():
    chart = drawing.game_progress(
        ["Anna & Ben", "Carl & Dora"], [[100, 100, 300, 520], [82, 174, 174, 250]], [[2], []], 500
    )
    plot = chart.plot
    assert pairs(chart.line_0) == [
        (plot.x(0), plot.y(0)),
        (plot.x(1), plot.y(100)),
        (plot.x(2), plot.y(100)),
        (plot.x(3), plot.y(300)),
        (plot.x(4), plot.y(520)),
    ]
    assert pairs(chart.line_1)[-1] == (plot.x(4), plot.y(250))
    # the target: a horizontal line across the plot at 500
    assert chart.target.y1 == chart.target.y2 == pytest.approx(plot.y(500))
    assert (chart.target.x1, chart.target.x2) == (plot.left, plot.left + plot.width)
    assert chart.target_label.text == "target 500"
    # the set deal: an × on side 0's line at deal 2; none on side 1's
    assert len(chart.sets_0.contents) == 1 and chart.sets_1.contents == []
    assert cross_centre(chart.sets_0.contents[0]) == pytest.approx((plot.x(2), plot.y(100)))
    # the y axis reaches past the highest total and the target
    assert plot.y_high >= 520 and plot.y(plot.y_high) <= chart.height


def test_a_three_sided_game_and_sets_on_two_sides():
    chart = drawing.game_progress(
        ["Anna", "Ben", "Carl"], [[10, 10], [0, 40], [60, 60]], [[2], [1], []], 250
    )
    assert len(chart.sets_0.contents) == 1 and len(chart.sets_1.contents) == 1
    assert cross_centre(chart.sets_1.contents[0]) == pytest.approx(
        (chart.plot.x(1), chart.plot.y(0))
    )
    assert chart.line_2.strokeDashArray  # the third line dashed, told apart in black and white


def test_positions_put_first_at_the_top():
    chart = drawing.positions_by_night(
        ["Anna & Ben", "Carl & Dora", "Eve"], [1, 2, 4], [[2, 1, 1], [1, 2, 2], [3, 3, 3]]
    )
    plot = chart.plot
    assert plot.y(1) > plot.y(2) > plot.y(3)  # first on top
    assert pairs(chart.line_0) == [
        (plot.x(1), plot.y(2)),
        (plot.x(2), plot.y(1)),
        (plot.x(4), plot.y(1)),
    ]
    # nights as the x axis, night 3 with no result left as a gap in the scale
    assert plot.x(4) - plot.x(2) == pytest.approx(2 * (plot.x(2) - plot.x(1)))
    assert chart.label_0.text == "1 Anna & Ben" and chart.label_2.text == "3 Eve"
    assert chart.label_0.y > chart.label_1.y > chart.label_2.y


def test_position_labels_of_tied_lines_do_not_overlap():
    ranks = [[1, 1], [1, 1], [1, 1], [4, 4]]
    chart = drawing.positions_by_night(["A", "B", "C", "D"], [1, 2], ranks)
    ys = [getattr(chart, f"label_{i}").y for i in range(4)]
    assert all(upper - lower >= drawing.TEXT for upper, lower in zip(ys, ys[1:], strict=False))
    assert min(ys) >= 0


def test_rating_history_with_a_band():
    points = [RatingPoint(1, 25, 16, 34), RatingPoint(2, 27, 20, 34), RatingPoint(3, 26)]
    chart = drawing.rating_history(points, label="Rating")
    plot = chart.plot
    assert pairs(chart.line) == [
        (plot.x(1), plot.y(25)),
        (plot.x(2), plot.y(27)),
        (plot.x(3), plot.y(26)),
    ]
    band = pairs(chart.band)
    # upper edge forwards, lower edge back: only the points that have a band
    assert band == [
        (plot.x(1), plot.y(34)),
        (plot.x(2), plot.y(34)),
        (plot.x(2), plot.y(20)),
        (plot.x(1), plot.y(16)),
    ]
    assert plot.y_low <= 16 and plot.y_high >= 34


def test_rating_history_by_date_without_a_band():
    points = [
        RatingPoint(datetime.date(2026, 1, 8), 1500),
        RatingPoint(datetime.date(2026, 3, 5), 1540),
    ]
    chart = drawing.rating_history(points)
    assert not hasattr(chart, "band") or chart.band is None
    plot = chart.plot
    assert pairs(chart.line)[0] == (plot.left, plot.y(1500))
    assert pairs(chart.line)[-1] == (plot.left + plot.width, plot.y(1540))


def test_made_and_hicks_bars_reach_their_values():
    chart = drawing.made_and_hicks_by_season(
        [
            SeasonFigures("Winter 2025", 75.0, 4),
            SeasonFigures("Summer", None, 0),
            SeasonFigures("Spring", 50.0, 8),
        ]
    )
    made, hicks = chart.made_plot, chart.hicks_plot
    assert chart.made_0.y + chart.made_0.height == pytest.approx(made.y(75))
    assert chart.made_2.y + chart.made_2.height == pytest.approx(made.y(50))
    assert not hasattr(chart, "made_1")  # no deal as makers: no bar, not a bar of 0%
    assert chart.hicks_2.height == pytest.approx(hicks.y(8) - hicks.y(0))
    assert chart.hicks_1.height == 0
    # the bars stand in their season's slot, left to right
    assert chart.made_0.x < chart.hicks_1.x < chart.made_2.x


def test_a_game_of_fixed_deals_has_no_target_and_runs_to_its_last_deal():
    chart = drawing.game_progress(
        ["Anna & Ben", "Carl & Dora"],
        [[110, 110, 272], [72, 254, 254]],
        [[2], []],
        None,
        deals=16,
        set_mark="nat",
    )
    assert not hasattr(chart, "target") and not hasattr(chart, "target_label")
    # the x axis runs to deal 16, not to the third deal played
    assert chart.plot.x_high == 16
    assert pairs(chart.line_0)[-1] == (chart.plot.x(3), chart.plot.y(272))
    legend = [s.text for s in chart.contents if getattr(s, "text", "").startswith("a deal")]
    assert legend == ["a deal in which the makers were set (nat)"]
