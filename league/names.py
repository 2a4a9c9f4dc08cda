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

#: The longest name typed for a game's side (the new-game form, blank sheets): what a sheet (its
#: header and every deal row, on either paper size, :mod:`league.printing`) prints in full. A
#: member's name is as long at most; a match's sides are named by their entrants.
SIDE_NAME_MAX = 80


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


def clean_text(text: str) -> str:
    """Several lines of words (a side's words for the director) cleaned as names are, line by
    line: NFKC, no invisible or direction-control characters, single spaces; the line breaks
    kept (one blank line at most between paragraphs), none at either end."""
    lines = [clean_name(line) for line in unicodedata.normalize("NFKC", text).splitlines()]
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip()


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
