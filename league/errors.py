"""A user's mistake, as the web side reports it: one family, :class:`Refused`.

A service raises :class:`Refused` (or a subclass) for a request that cannot be carried out;
nothing is saved, and the view shows the message next to the field it names (``field``), or
above the form when it names none. A bug is not a :class:`Refused`: it is raised as it is.
The engine's own :class:`scoring.InvalidDeal` is the same kind of thing seen from ``scoring/``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from league.engine_words import engine_message
from scoring import InvalidDeal

if TYPE_CHECKING:
    from league.models import Deal


class Refused(ValueError):
    """A user's request that cannot be carried out; ``field`` names what to change (None: the
    request as a whole), and ``side`` the side it concerns where a deal's part is per side."""

    def __init__(self, message: str, field: str | None = None, side: int | None = None):
        message = engine_message(message)  # an engine refusal's words, in the reader's language
        super().__init__(message)
        self.message = message
        self.field = field
        self.side = side

    @classmethod
    def from_engine(cls, error: InvalidDeal) -> Refused:
        """The engine's refusal of a deal, with the part of the deal it names."""
        return cls(error.message, error.field, error.side)


class GameOver(Refused):
    """A deal offered to a game that has already been won."""


class DealChanged(Refused):
    """A correction made from a form older than the deal it corrects; ``current`` is the deal
    as it is now (None: it was deleted meanwhile)."""

    def __init__(self, message: str, current: Deal | None):
        super().__init__(message, "game")
        self.current = current


class Busy(Refused):
    """A write that could not get its turn in time because others were writing the same thing;
    nothing was saved, and sending it again will work."""


class NeedsConfirmation(Refused):
    """A change that is allowed but does what the rules would have avoided (a Swiss swap that
    makes a rematch, or an unfair bye): nothing is saved until it is sent again confirmed.
    ``warnings`` says, a sentence each, what the change would do."""

    def __init__(self, warnings: list[str], field: str = "confirm"):
        super().__init__(" ".join(warnings), field)
        self.warnings = warnings


class DealTaken(Refused):
    """A deal entered from a form for deal ``expected`` when the game's next deal is another:
    somebody else entered that deal first (``existing``, None when deals were taken off since).
    ``next_number`` is the game's next deal now. ``where`` says who entered it first:
    :data:`BY_SOMEBODY_ELSE` or :data:`FROM_ANOTHER_PHONE` (each a whole sentence of its own
    in every language)."""

    #: Values of ``where``.
    BY_SOMEBODY_ELSE = "by somebody else"
    FROM_ANOTHER_PHONE = "from another phone"

    def __init__(
        self,
        expected: int,
        existing: Deal | None,
        next_number: int,
        where: str = BY_SOMEBODY_ELSE,
    ):
        if existing is not None:
            params = {
                "number": expected,
                "marks": " - ".join(str(m) for m in existing.marks),
                "next": next_number,
            }
            if where == self.FROM_ANOTHER_PHONE:
                said = (
                    _(
                        "Deal %(number)s was already entered from another phone: %(marks)s. "
                        "Nothing was saved."
                    )
                    % params
                )
            else:
                said = (
                    _(
                        "Deal %(number)s was already entered by somebody else: %(marks)s. "
                        "Nothing was saved."
                    )
                    % params
                )
            advice = (
                _(
                    "The sheet shows it; if what you typed is another deal, save it as deal "
                    "%(next)s."
                )
                % params
            )
        else:
            said = _(
                "The sheet changed while you were entering: the next deal is now deal "
                "%(next)s. Nothing was saved."
            ) % {"next": next_number}
            advice = _("Check the sheet, then save again.")
        message = f"{said} {advice}"
        super().__init__(message, "game")
        #: What happened, without the advice to save again (for a side that does not enter).
        self.said = said
        self.expected = expected
        self.existing = existing
        self.next_number = next_number


class NotEntering(Refused):
    """A write from the entry link of the side that does not enter the match's deals (the
    other side does; this one confirms)."""
