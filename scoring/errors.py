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

import html
from collections.abc import Callable, Mapping
from typing import Protocol


class _Sides(Protocol):
    """What naming a side needs of a :class:`scoring.rules.Ruleset` (which imports this
    module, so it is not imported here)."""

    @property
    def partnerships(self) -> bool: ...


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


#: How a web page shows a Term: set by the web side (:func:`show_terms_with`).
_show: Callable[[Term], str] | None = None


def show_terms_with(show: Callable[[Term], str] | None) -> None:
    """Let web pages show Terms in their reader's language: ``show`` gives a Term's words
    (the web side translates them); a template that prints a Term, or a form's label or
    choice that is one, calls it through ``__html__`` (the protocol Django's escaping uses).
    None: pages show the English."""
    global _show
    _show = show


class Term(str):
    """Words the web side translates: the English as a ``str`` (``template % params``), with
    the marked ``template`` and the ``params`` (which may be Terms in turn).

    A label the engine exposes (``MELD_LABELS[kind]``, a tie-break's name, ``rules.name``) is
    a Term too, so that a page printing it shows it in the reader's language (``__html__``);
    Python code building a sentence with one translates it explicitly
    (``league.engine_words.engine_word``)."""

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

    def __html__(self) -> str:
        """The words as HTML, escaped: in the reader's language once the web side has said
        how (:func:`show_terms_with`)."""
        return html.escape(_show(self) if _show is not None else str(self))

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
        super().__init__(_fill(template, given))
        #: The English sentence, as a :class:`Term` (a ``str``) so that whoever passes it on
        #: passes the words to translate with it.
        self.message: str = Term.of(template, given)
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


def side_name(rules: _Sides, side: int, names: Names = None) -> str:
    """A side's name inside a sentence: as given, else "partnership 2" / "player 2"."""
    if names is not None:
        return names[side]
    if rules.partnerships:
        return Term(gettext_noop("partnership %(number)d"), number=side + 1)
    return Term(gettext_noop("player %(number)d"), number=side + 1)


def side_who(rules: _Sides, side: int, names: Names = None) -> str:
    """A side's name at the start of a sentence (a given name is written as given)."""
    if names is not None:
        return names[side]
    if rules.partnerships:
        return Term(gettext_noop("Partnership %(number)d"), number=side + 1)
    return Term(gettext_noop("Player %(number)d"), number=side + 1)
