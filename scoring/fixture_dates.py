"""How far from its competition a fixture may be moved.

The rule: a fixture's date must lie within a year (:data:`REACH`) of its competition's
nights: no earlier than a year before the first round's date and no later than a year after
the last one's; a competition whose rounds have no dates yet is measured from today instead.
A date further off is a slip of the finger (1999 for 2026, the year 0001 or 9999), never a
night the club will play.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

#: How far before the first night and after the last a fixture may be moved.
REACH = datetime.timedelta(days=366)


def _shifted(day: datetime.date, by: datetime.timedelta) -> datetime.date:
    try:
        return day + by
    except OverflowError:  # beyond the calendar's first or last day: the calendar's end
        return datetime.date.min if by < datetime.timedelta(0) else datetime.date.max


def fixture_date_window(
    nights: Iterable[datetime.date | None], today: datetime.date
) -> tuple[datetime.date, datetime.date]:
    """The first and last dates a fixture of a competition whose rounds fall on ``nights``
    (None: a round without a date) may be moved to (see the module's rule)."""
    dated = [night for night in nights if night is not None]
    first, last = (min(dated), max(dated)) if dated else (today, today)
    return _shifted(first, -REACH), _shifted(last, REACH)


def fixture_date_allowed(
    day: datetime.date, nights: Iterable[datetime.date | None], today: datetime.date
) -> bool:
    """Whether ``day`` is within the window of :func:`fixture_date_window`."""
    first, last = fixture_date_window(nights, today)
    return first <= day <= last
