"""A user's mistake, as the web side reports it: one family, :class:`Refused`.

A service raises :class:`Refused` (or a subclass) for a request that cannot be carried out;
nothing is saved, and the view shows the message next to the field it names (``field``), or
above the form when it names none. A bug is not a :class:`Refused`: it is raised as it is.
The engine's own :class:`scoring.InvalidDeal` is the same kind of thing seen from ``scoring/``.
"""

from __future__ import annotations


class Refused(ValueError):
    """A user's request that cannot be carried out; ``field`` names what to change."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
