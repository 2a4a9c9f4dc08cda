"""Names as people type them: one normal form, and one key to compare them by.

Words: a *name* is what a person typed for a club, a player, a partnership, a competition or a
game's side; its *clean* form is what is stored and shown; its *key* is what two names are
compared by when looking for a duplicate. Every service that stores a name cleans it here,
so "Anna" followed by an invisible character is the same name as "Anna", and a name cannot
turn the text after it backwards on the page.
"""

from __future__ import annotations

import unicodedata

# Unicode categories of characters that show nothing or steer the text rather than being part
# of it: controls (Cc), formats (Cf: zero-width spaces and joiners, the bidi embeddings,
# overrides and isolates, soft hyphens, the byte-order mark), surrogates, private use and
# unassigned code points.
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# Letters and symbols that draw as blank space yet are not whitespace: Hangul fillers, the
# Braille blank, the Mongolian vowel separator (a format character before Unicode 6.3).
_BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")


def clean_name(text: str) -> str:
    """``text`` in NFKC form (full-width and other compatibility letters become the plain
    ones), without invisible or direction-control characters, every run of whitespace one
    space, none at either end. Empty when nothing visible was typed."""
    kept = []
    for char in unicodedata.normalize("NFKC", text):
        if char.isspace():
            kept.append(" ")
        elif char in _BLANK_LOOKING or unicodedata.category(char) in _DROPPED_CATEGORIES:
            continue
        else:
            kept.append(char)
    return " ".join("".join(kept).split())


def name_key(text: str) -> str:
    """What two names are compared by: the clean name without regard to case."""
    return clean_name(text).casefold()


def same_name(text: str, others: list[str]) -> str | None:
    """The first of ``others`` that is the same name as ``text``, or None."""
    key = name_key(text)
    return next((other for other in others if name_key(other) == key), None)


def name_sort_key(text: str) -> tuple[str, str]:
    """What lists of names are sorted by, in Python (a club's lists are small): the letters
    without their accents and case, so that "Élodie" comes between "Elias" and "Emil" rather
    than after "Zoe" (the database compares code points); then the name itself, so that names
    equal but for accents or case keep one order. Close to a dictionary's order in every
    language the site speaks, without a locale's collation the server may not have."""
    letters = "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )
    return letters.casefold(), text
