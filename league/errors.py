"""Writes for clubs and seasons: members, partnerships, competitions, entrants, fixtures.

Words: a *fixture* is two sides meeting in a round; its *result* (who won, games and points
for and against, the per-side statistics standings read) is written by
:func:`fixture_recompute` alone, from the fixture's games, from totals typed off a paper sheet,
or from a forfeit or no-show. A user's mistake raises :class:`Refused` with the field it
concerns; nothing is saved.
"""

from __future__ import annotations


class Refused(ValueError):
    """A user's request that cannot be carried out; ``field`` names what to change."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
