"""A fixture is moved within a year of its competition's nights (or of today without any)."""

from __future__ import annotations

import datetime

from scoring.fixture_dates import fixture_date_allowed, fixture_date_window

D = datetime.date
NIGHTS = [D(2026, 1, 8), None, D(2026, 3, 26)]


def test_the_window_runs_a_year_either_side_of_the_nights():
    assert fixture_date_window(NIGHTS, D(2030, 1, 1)) == (D(2025, 1, 7), D(2027, 3, 27))
    assert fixture_date_allowed(D(2026, 12, 31), NIGHTS, D(2030, 1, 1))
    for far in (D(1999, 1, 1), D(1, 1, 1), D(9999, 12, 31), D(2027, 3, 28)):
        assert not fixture_date_allowed(far, NIGHTS, D(2030, 1, 1))


def test_without_dated_nights_today_is_the_measure():
    assert fixture_date_window([None], D(2026, 6, 1)) == (D(2025, 5, 31), D(2027, 6, 2))


def test_the_ends_of_the_calendar_do_not_overflow():
    assert fixture_date_window([D(1, 1, 2)], D(2026, 1, 1))[0] == D.min
    assert fixture_date_window([D(9999, 12, 30)], D(2026, 1, 1))[1] == D.max
