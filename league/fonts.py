"""The typeface of every PDF: DejaVu Sans and DejaVu Sans Bold, shipped in
``league/printing/fonts/`` with their licence and embedded (the letters used) in each PDF.

The PDF standard fonts (Helvetica) draw only the WinAnsi letters: no "ő", "ł", "ř", "Œ" in
names, nor in the words of the site's languages. DejaVu Sans covers the whole Latin script
(and Greek and Cyrillic); a character it lacks is printed as its base letter or "?"
(:func:`printable`), never as a black box. There is no italic face (one more file for the
few words set in italics): what was in italics is told apart by its grey.

:func:`register` registers the faces with reportlab once per process; the renderers call it
when their module is imported, before any text is measured; the charts, before they measure
a label. (A module of its own, outside :mod:`league.printing.pdf` and :mod:`league.charts`:
both use it, and the PDF renderers draw the charts.)
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

__all__ = ["BOLD", "FONT", "FOLDER", "covers", "printable", "register"]

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FOLDER = Path(__file__).resolve().parent / "printing" / "fonts"
_FILES = {FONT: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


@cache
def register() -> None:
    """The two faces, and the family that paragraph markup (``<b>``, ``<i>``) picks them from."""
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FOLDER / filename)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


@cache
def _covered() -> frozenset[int]:
    """The characters both faces draw."""
    register()
    maps = [pdfmetrics.getFont(name).face.charToGlyph for name in _FILES]
    return frozenset(maps[0]).intersection(*maps[1:])


def covers(char: str) -> bool:
    """Whether the faces draw ``char`` (a space or a line break always passes)."""
    return char.isspace() or ord(char) in _covered()


def printable(text: str) -> str:
    """``text`` with every character the faces cannot draw replaced by its base letter (a
    letter with an accent the font lacks) or "?"."""
    if all(covers(char) for char in text):
        return text
    out = []
    for char in text:
        if covers(char):
            out.append(char)
            continue
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        out.append(base if base and all(covers(c) for c in base) else "?")
    return "".join(out)
