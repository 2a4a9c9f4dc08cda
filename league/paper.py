"""The paper a club prints on: A4, or US Letter.

``Club.paper_size`` holds "A4" or "Letter", or is blank: then the club's time zone says
(:func:`paper_for_zone`). Every PDF of a club's things (blank sheets, a game's sheet, the
standings, a tournament's bracket, ranking and table sheets) prints on it unless the address
asks for the other (``?size=``).
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import pgettext_lazy

#: The papers the PDFs print on, as ``Club.paper_size`` and ``?size=`` name them.
PAPER_SIZES: tuple[str, ...] = ("A4", "Letter")

#: The papers as a menu shows them.
PAPER_WORDS = {"A4": "A4", "Letter": pgettext_lazy("paper size", "Letter")}

#: Zones of the Americas whose names do not start "America/": the old aliases of the
#: time-zone database, and Hawaii (a club there buys Letter paper like the mainland's).
_AMERICAS_TOO = ("US/", "Canada/", "Mexico/", "Brazil/", "Chile/", "Pacific/Honolulu")


def paper_for_zone(time_zone: str) -> str:
    """The paper a club in ``time_zone`` most likely buys: Letter in the Americas (the
    "America/..." zones), A4 everywhere else. Blank is the server's zone (``TIME_ZONE``)."""
    zone = time_zone or settings.TIME_ZONE
    return "Letter" if zone.startswith(("America/", *_AMERICAS_TOO)) else "A4"


def club_paper(paper_size: str, time_zone: str) -> str:
    """A club's paper: its own ``paper_size`` if it set one, else its time zone's."""
    return paper_size if paper_size in PAPER_SIZES else paper_for_zone(time_zone)
