"""Small rules of English for the sentences the engine writes about named sides."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.errors import Term, gettext_noop


def possessive(name: str, apostrophe: str = "'") -> str:
    """``name`` owning something: "Anna & Ben's", but "The Jassers'" for a name that ends in
    s, as English writes a plural."""
    return f"{name}{apostrophe}" if name.endswith(("s", "S")) else f"{name}{apostrophe}s"


def whose(name: str) -> Term:
    """:func:`possessive` as words the web side translates: a side's name (a given name, or a
    :class:`~scoring.errors.Term` such as "Partnership 2") owning what the sentence says."""
    if name.endswith(("s", "S")):
        return Term(gettext_noop("%(name)s'"), name=name)
    return Term(gettext_noop("%(name)s's"), name=name)


def both(words: Sequence[str]) -> str:
    """``words`` joined with "and" between each two ("a and b and c"), translatable."""
    if len(words) == 1:
        return words[0]
    return Term(gettext_noop("%(first)s and %(second)s"), first=words[0], second=both(words[1:]))


def and_list(words: Sequence[str]) -> str:
    """``words`` as a list in a sentence ("a, b and c"), translatable."""
    if len(words) == 1:
        return words[0]
    if len(words) == 2:
        return Term(gettext_noop("%(first)s and %(second)s"), first=words[0], second=words[1])
    return Term(gettext_noop("%(first)s, %(rest)s"), first=words[0], rest=and_list(words[1:]))
