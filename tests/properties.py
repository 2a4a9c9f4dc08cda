"""How many examples Hypothesis tries a property on.

The profile (tests/conftest.py: ``ci`` 400, ``dev`` 40) gives the number for a property whose
example is quick: a deal, a table, a rating. A property whose every example plays a whole event
(a Swiss, a bracket, a season of ratings, a rotation) takes ``@costly``: a fifth of that, 80 in
make test, as many as or more than each of them had before the profiles. A property over the
database asks ``examples`` for a smaller share. So one profile scales every property."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import settings


def examples(divided_by: int = 1) -> int:
    """The profile's number of examples divided by ``divided_by``, and at least 2."""
    return max(2, settings.default.max_examples // divided_by)


def costly(test: Callable[..., Any]) -> Callable[..., Any]:
    """A fifth of the profile's examples for ``test``."""
    return settings(max_examples=examples(5))(test)
