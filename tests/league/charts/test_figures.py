"""What a page shows of a chart: the text alternative says what the chart shows, and the
table holds its numbers."""

from __future__ import annotations

import datetime

from league.charts.drawing import RatingPoint
from league.charts.figures import (
    GameLine,
    SeasonRecord,
    game_figure,
    made_and_hicks_figure,
    position_lines,
    positions_figure,
    rating_figure,
)

NAMES = ("Anna & Ben", "Carl & Dora")


def game(*deals):
    return [GameLine(n, running, marks) for n, (running, marks) in enumerate(deals, start=1)]


def test_a_game_says_who_led_from_when_and_who_went_set():
    lines = game(
        ((82, 100), ("82", "100")),
        ((182, 100), ("100", "XX")),
        ((282, 180), ("100", "80")),
        ((282, 300), ("XX", "120")),
        ((500, 300), ("218", "-")),
    )
    figure = game_figure(NAMES, lines, 500, winner=0)
    assert figure.summary == (
        "Anna & Ben reached 500 at deal 5 and won. Anna & Ben led from deal 5. "
        "Anna & Ben went set once (deal 4). Carl & Dora went set once (deal 2)."
    )
    assert figure.table.headings == ("Deal", "Anna & Ben", "Carl & Dora")
    assert figure.table.rows[1] == ("2", "182", "100 (XX)")
    assert figure.table.rows[-1] == ("5", "500", "300")
    assert 'aria-labelledby="game-chart-title game-chart-desc"' in figure.svg


def test_a_game_in_play_without_sets():
    lines = game(((100, 62), ("100", "62")), ((190, 134), ("90", "72")))
    figure = game_figure(NAMES, lines, 500)
    assert figure.summary == (
        "After deal 2: Anna & Ben 190, Carl & Dora 134; the target is 500. "
        "Anna & Ben led throughout. Nobody went set."
    )


def test_no_deal_no_chart():
    assert game_figure(NAMES, [], 500) is None


def test_positions_show_the_leaders_and_say_so():
    table = [(e, f"Pair {e}") for e in (3, 1, 2, 4, 5, 6, 7, 8, 9, 10)]
    ranks = {e: (e, e) for e in range(1, 11)}
    ranks[3] = (6, 1)
    ranks[1] = (1, 2)
    lines = position_lines(table, ranks, (1, 2), shown=8)
    assert lines.names[:2] == ("Pair 3", "Pair 1") and len(lines.names) == 8
    figure = positions_figure(lines)
    assert figure.summary == (
        "Pair 3 went top after night 2. "
        "Pair 3 climbed the most, from 6 to 1. "
        "The chart shows the top 8 of 10 entrants; the table has them all."
    )
    assert figure.table.headings[:3] == ("Night", "Pair 3", "Pair 1")
    assert figure.table.rows == (
        ("1", "6", "1", "2", "4", "5", "6", "7", "8"),
        ("2", "1", "2", "2", "4", "5", "6", "7", "8"),
    )


def test_positions_before_any_result():
    assert positions_figure(position_lines([(1, "A")], {1: ()}, ())) is None


def figure_drawing_keys(seasons):
    """The names listed under the bars, by number."""
    from league.charts.drawing import SeasonFigures, made_and_hicks_by_season

    shown = [SeasonFigures(s.name, s.made, s.hicks) for s in seasons if s.deals_as_makers]
    chart = made_and_hicks_by_season(shown)
    return [getattr(chart, f"key_{i}") for i in range(len(shown))]


def test_made_and_hicks():
    seasons = [
        SeasonRecord("Winter 2025", deals_as_makers=40, made_as_makers=30, hicks=10),
        SeasonRecord("Cup", deals_as_makers=0, made_as_makers=0, hicks=0),
        SeasonRecord("Winter 2026", deals_as_makers=20, made_as_makers=18, hicks=2),
    ]
    figure = made_and_hicks_figure(seasons)
    assert figure.summary == (
        "Made 80% of 60 deals as makers in all. Went set 12 times. "
        "The best made % was in Winter 2026 (90%)."
    )
    # The cup had no deal as makers: no bar, no row.
    assert figure.table.rows == (
        ("Winter 2025", "75%", "40", "10"),
        ("Winter 2026", "90%", "20", "2"),
    )
    assert [k.text for k in (figure_drawing_keys(seasons))] == ["1  Winter 2025", "2  Winter 2026"]
    assert made_and_hicks_figure(seasons[1:2]) is None


def test_rating_history_figure():
    points = [
        RatingPoint(datetime.date(2026, 1, 8), 25.0, 16.0, 34.0),
        RatingPoint(datetime.date(2026, 1, 15), 27.5, 20.0, 35.0),
    ]
    figure = rating_figure(points, title="Rating", label="mu")
    assert figure.table.headings == ("Date", "mu", "Low", "High")
    assert figure.table.rows[1] == ("15 Jan 2026", "27.5", "20.0", "35.0")
    assert "27.5" in figure.summary and "15 Jan 2026" in figure.summary
    assert rating_figure([], title="Rating") is None


def test_a_row_without_every_sides_total_is_left_out():
    lines = [GameLine(1, (), ()), GameLine(2, (90, 72), ("90", "72"))]
    figure = game_figure(NAMES, lines, 500)
    assert figure.table.rows == (("2", "90", "72"),)
    assert game_figure(NAMES, lines[:1], 500) is None


def test_one_night_is_no_chart_two_are():
    table = [(1, "A"), (2, "B")]
    assert position_lines(table, {1: (1,), 2: (2,)}, (1,)) is None
    assert positions_figure(position_lines(table, {1: (1,), 2: (2,)}, (1,))) is None
    lines = position_lines(table, {1: (2, 1), 2: (1, 2)}, (1, 2))
    assert positions_figure(lines) is not None
    assert lines.shown_note == ""  # every entrant drawn: no "top 8 of" note


def test_a_tournament_s_chart_says_round_a_league_s_night():
    table = [(1, "A"), (2, "B")]
    ranks = {1: (2, 1), 2: (1, 2)}
    league = positions_figure(position_lines(table, ranks, (1, 2)))
    swiss = positions_figure(position_lines(table, ranks, (1, 2), by_round=True))
    assert league.title == "Positions night by night"
    assert league.table.headings[0] == "Night"
    assert league.table.caption == "Position after each night"
    assert league.summary.startswith("A went top after night 2.")
    assert swiss.title == "Positions round by round"
    assert swiss.table.headings[0] == "Round"
    assert swiss.table.caption == "Position after each round"
    assert swiss.summary.startswith("A went top after round 2.")
    assert "night" not in swiss.summary + swiss.title + swiss.table.caption
    assert ">round<" in swiss.svg and ">night<" not in swiss.svg
    assert ">night<" in league.svg


def boom(*deals):
    """A klaverjas boom's lines: nat is its set mark."""
    return game(*deals)


def test_a_boom_in_play_says_which_deal_of_how_many():
    lines = boom(((110, 72), ("110", "72")), ((110, 254), ("nat", "182")))
    figure = game_figure(NAMES, lines, None, deals=16)
    assert figure.summary == (
        "After deal 2 of 16: Anna & Ben 110, Carl & Dora 254. Carl & Dora led from deal 2. "
        "Anna & Ben went set once (deal 2)."
    )
    assert figure.table.rows[1] == ("2", "110 (nat)", "254")
    assert "target" not in figure.svg


def test_a_finished_boom_says_who_won_or_that_it_was_drawn():
    won = boom(((110, 72), ("110", "72")), ((272, 72), ("162", "-")))
    figure = game_figure(NAMES, won, None, winner=0, deals=2)
    assert figure.summary.startswith(
        "After deal 2 of 2, Anna & Ben won with 272: Anna & Ben 272, Carl & Dora 72."
    )
    drawn = boom(((110, 72), ("110", "72")), ((182, 182), ("72", "110")))
    figure = game_figure(NAMES, drawn, None, deals=2, drawn=True)
    assert figure.summary.startswith("After deal 2 of 2 the game was drawn, 182 each.")
    assert "Nobody went set." in figure.summary


def test_a_set_is_what_the_sheet_knows_not_the_mark_it_writes():
    # Belote: deal 2 a dedans whose takers (Carl & Dora) keep their belote (they write 20);
    # deal 1 a litige (a tie that held points) whose "-" is no set.
    lines = [
        GameLine(1, (0, 81), ("-", "81"), sets=(False, False)),
        GameLine(2, (162, 101), ("162", "20"), sets=(False, True)),
    ]
    figure = game_figure(NAMES, lines, 501, set_mark="dedans")
    assert "Carl & Dora went set once (deal 2)." in figure.summary
    assert figure.table.caption == "Each side's total after each deal (dedans: the makers were set)"
    assert figure.table.rows[1] == ("2", "162", "101 (dedans)")
    # The chart's legend names the game's word, and it marks the set deal.
    assert "a deal in which the makers were set (dedans)" in figure.svg
    # A klaverjas nat reads nat in the legend; lines without ``sets`` still go by the mark.
    nat = game(((0, 182), ("nat", "162")))
    figure = game_figure(NAMES, nat, None, deals=16, set_mark="nat")
    assert "Anna & Ben went set once (deal 1)." in figure.summary
    assert "a deal in which the makers were set (nat)" in figure.svg
