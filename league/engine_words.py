"""The engine's words in the reader's language: the one place the web side translates them.

``scoring/`` stays free of Django and writes English, but marks what it writes
(:mod:`scoring.errors`): a refusal carries its English ``template`` and ``params``, words inside
it (a side's number, a meld, "both sides") are :class:`~scoring.errors.Term`\\ s with templates
of their own, and labels (meld kinds, tie-break names and descriptions, preset names) are
marked with ``gettext_noop`` / the engine's ``pgettext``. ``makemessages`` puts them all in the
``django`` catalog; these functions look them up in the active language.

- :func:`engine_message`: a refusal (an ``Invalid*`` error, its ``.message``, or a
  :class:`~scoring.errors.FormatProblem`'s message) as a sentence to show.
- :func:`engine_word`: a label or a Term (``MELD_LABELS[kind]``, ``TIEBREAKS[key].name``,
  ``rules.name``) to show.
- :func:`engine_catalog`: what static/js/rules.js needs to say the offline preview's refusals
  in the page's language (``{msgid: translation}``; ``context\\x04msgid`` for a context).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from django.utils.translation import get_language, gettext, pgettext

from scoring.errors import EngineError, Term, show_terms_with

#: The engine modules whose refusals the offline deal preview (rules.js) repeats.
_PREVIEW_MODULES = ("errors", "deal", "melds", "rules", "words", "dealers", "game")


def _translate(template: str, context: str | None) -> str:
    return pgettext(context, template) if context else gettext(template)


def _words(term: Term) -> str:
    params = {
        name: _words(value) if isinstance(value, Term) else value
        for name, value in term.params.items()
    }
    translated = _translate(term.template, term.context)
    if not params:
        return translated
    try:
        return translated % params
    except (KeyError, ValueError, TypeError):  # a translation that lost a placeholder
        return term.template % params


def engine_message(error: EngineError | str) -> str:
    """A refusal of the engine in the active language (English words unchanged otherwise).

    ``error``: an ``Invalid*`` error, or its ``message`` / a ``FormatProblem.message`` (a
    :class:`~scoring.errors.Term`). Any other string is returned as it is: it was not the
    engine's (a name, or a message the web side has already translated)."""
    if isinstance(error, EngineError):
        return _words(Term.of(error.template, error.params))
    if isinstance(error, Term):
        return _words(error)
    return error


def engine_word(label: str) -> str:
    """A label the engine marked (``MELD_LABELS[kind]``, a tie-break's ``name``, ``label`` or
    ``description``, ``rules.name``, a stat heading) in the active language."""
    if isinstance(label, Term):
        return _words(label)
    return gettext(label) if label else label


@lru_cache(maxsize=1)
def _preview_msgids() -> tuple[tuple[str | None, str], ...]:
    """Every (context, msgid) marked in the engine modules the preview repeats."""
    found: list[tuple[str | None, str]] = []
    root = Path(__file__).resolve().parent.parent / "scoring"
    for name in _PREVIEW_MODULES:
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
            if node.func.id == "gettext_noop" and len(args) == 1 and isinstance(args[0], str):
                found.append((None, args[0]))
            elif (
                node.func.id == "pgettext"
                and len(args) == 2
                and all(isinstance(a, str) for a in args)
            ):
                found.append((args[0], args[1]))  # type: ignore[arg-type]
    return tuple(dict.fromkeys(found))


def engine_catalog() -> Mapping[str, str]:
    """The preview's words translated into the active language: only those whose
    translation differs from the English (so English pages carry an empty catalog)."""
    if (get_language() or "en").split("-")[0] == "en":
        return {}
    catalog = {}
    for context, msgid in _preview_msgids():
        translated = _translate(msgid, context)
        if translated != msgid:
            catalog[f"{context}\x04{msgid}" if context else msgid] = translated
    return catalog


# A page that prints an engine label or Term ({{ rules.name }}, a form's meld label) shows it in
# the reader's language.
show_terms_with(_words)

__all__ = ["engine_catalog", "engine_message", "engine_word"]
