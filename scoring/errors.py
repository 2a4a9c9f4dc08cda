"""The scorer's mistake the engine refuses, and how its messages name a side.

Kept apart from :mod:`scoring.deal` so that :mod:`scoring.melds` (which ``deal`` uses) can raise
it without an import circle; ``scoring.deal.InvalidDeal`` is this same class.

Messages in other languages: the engine stays free of Django and writes English, but every
refusal also carries a stable ``code`` (dotted: ``"deal.card_points_total"``), its English
``template`` (a %-format with named placeholders, marked with :func:`gettext_noop` so that
Django's ``makemessages`` puts it in the web side's catalog) and its ``params``; ``message``
(and ``str(error)``) is ``template % params``. A parameter that is itself words (a side's
number, a meld, "both sides") is a :class:`Term`: English as a ``str``, with a marked template
and params of its own, so the web side can translate it too (``league/engine_words.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.rules import Ruleset

#: Side names as given (one a side), or None when sides are named by their number.
Names = tuple[str, ...] | None


def gettext_noop(message: str) -> str:
    """Mark English words for translation without translating them (the web side does, with
    the catalog ``makemessages`` builds: it extracts ``gettext_noop("...")`` calls)."""
    return message


def pgettext(context: str, message: str) -> Term:
    """Mark short words that need a ``context`` to be translated right (a column heading such
    as "W"), like :func:`gettext_noop`: named so that ``makemessages`` (which extracts
    ``pgettext(context, message)``) finds them. Never translates: gives a :class:`Term` that
    carries the context to the web side."""
    return Term(message, context=context)


def _fill(template: str, params: Mapping[str, object]) -> str:
    return template % params if params else template


class Term(str):
    """Words the web side translates: the English as a ``str`` (``template % params``), with
    the marked ``template`` and the ``params`` (which may be Terms in turn)."""

    template: str
    params: Mapping[str, object]
    context: str | None

    def __new__(cls, template: str, /, *, context: str | None = None, **params: object) -> Term:
        self = super().__new__(cls, _fill(template, params))
        self.template = template
        self.params = params
        self.context = context
        return self

    @classmethod
    def of(cls, template: str, params: Mapping[str, object], context: str | None = None) -> Term:
        """A Term from a mapping of params (as a refusal or another Term keeps them)."""
        self = super().__new__(cls, _fill(template, params))
        self.template = template
        self.params = dict(params)
        self.context = context
        return self

    def __reduce__(self) -> tuple[object, ...]:  # pickles and copies keep the words
        return (Term.of, (self.template, dict(self.params), self.context))


class EngineError(ValueError):
    """What every refusal of the engine has: ``message`` (English, also ``str(error)``),
    ``code``, ``template``, ``params``; ``field`` names what to change (None: the whole), and
    ``side`` the side it concerns where that matters.

    ``message`` may be a :class:`Term` (its template and params are taken) or a template with
    ``params`` given; a plain message without params is its own template.
    """

    def __init__(
        self,
        message: str,
        field: str | None = None,
        side: int | None = None,
        *,
        code: str = "",
        params: Mapping[str, object] | None = None,
    ):
        if params is None and isinstance(message, Term):
            template, given = message.template, dict(message.params)
        else:
            template, given = message, dict(params or {})
        text = _fill(template, given)
        super().__init__(text)
        self.message = text
        self.code = code
        self.template = template
        self.params = given
        self.field = field
        self.side = side

    def term(self) -> Term:
        """The message as a :class:`Term`, to go inside another message."""
        return Term.of(self.template, self.params)


class InvalidDeal(EngineError):
    """A deal that cannot have happened, or that the ruleset does not allow.

    ``field`` names the part of the deal the message is about (``makers``, ``card_points``,
    ``melds``, ``declared``, ``elder``, ``belle``, ``tricks``, ``renege``, ``no_trump``,
    ``dealer``, ``game``), so a form can show the message next to it.
    """


def side_name(rules: Ruleset, side: int, names: Names = None) -> str:
    """A side's name inside a sentence: as given, else "partnership 2" / "player 2"."""
    if names is not None:
        return names[side]
    if rules.partnerships:
        return Term(gettext_noop("partnership %(number)d"), number=side + 1)
    return Term(gettext_noop("player %(number)d"), number=side + 1)


def side_who(rules: Ruleset, side: int, names: Names = None) -> str:
    """A side's name at the start of a sentence (a given name is written as given)."""
    if names is not None:
        return names[side]
    if rules.partnerships:
        return Term(gettext_noop("Partnership %(number)d"), number=side + 1)
    return Term(gettext_noop("Player %(number)d"), number=side + 1)
