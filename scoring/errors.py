"""The scorer's mistake the engine refuses, and how its messages name a side.

Kept apart from :mod:`scoring.deal` so that :mod:`scoring.melds` (which ``deal`` uses) can raise
it without an import circle; ``scoring.deal.InvalidDeal`` is this same class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.rules import Ruleset

#: Side names as given (one a side), or None when sides are named by their number.
Names = tuple[str, ...] | None


class InvalidDeal(ValueError):
    """A deal that cannot have happened, or that the ruleset does not allow.

    ``field`` names the part of the deal the message is about (``makers``, ``card_points``,
    ``melds``, ``declared``, ``elder``, ``belle``, ``tricks``, ``renege``, ``no_trump``,
    ``dealer``, ``game``), so a form can show the message next to it.
    """

    def __init__(self, message: str, field: str | None = None, side: int | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.side = side


def side_name(rules: Ruleset, side: int, names: Names = None) -> str:
    """A side's name inside a sentence: as given, else "partnership 2" / "player 2"."""
    if names is not None:
        return names[side]
    return f"{'partnership' if rules.partnerships else 'player'} {side + 1}"


def side_who(rules: Ruleset, side: int, names: Names = None) -> str:
    """A side's name at the start of a sentence (a given name is written as given)."""
    name = side_name(rules, side, names)
    return name if names is not None else name.capitalize()
