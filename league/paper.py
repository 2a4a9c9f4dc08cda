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

#: Zones where Letter is the paper on sale besides the "America/..." ones: the old aliases of
#: the time-zone database, Hawaii, and the Philippines.
_LETTER_TOO = ("US/", "Canada/", "Mexico/", "Chile/", "Pacific/Honolulu", "Asia/Manila")

#: "America/..." zones of countries that buy A4 all the same: Brazil, Argentina, Uruguay,
#: Paraguay, Bolivia, Peru and Ecuador.
_A4_IN_THE_AMERICAS = frozenset(
    {
        "America/Araguaina",
        "America/Bahia",
        "America/Belem",
        "America/Boa_Vista",
        "America/Campo_Grande",
        "America/Cuiaba",
        "America/Eirunepe",
        "America/Fortaleza",
        "America/Maceio",
        "America/Manaus",
        "America/Noronha",
        "America/Porto_Velho",
        "America/Recife",
        "America/Rio_Branco",
        "America/Santarem",
        "America/Sao_Paulo",
        "America/Buenos_Aires",
        "America/Catamarca",
        "America/Cordoba",
        "America/Jujuy",
        "America/Mendoza",
        "America/Montevideo",
        "America/Asuncion",
        "America/La_Paz",
        "America/Lima",
        "America/Guayaquil",
    }
)


def paper_for_zone(time_zone: str) -> str:
    """The paper a club in ``time_zone`` most likely buys: Letter in North and Central America,
    Chile, Colombia, Venezuela and the Philippines, A4 everywhere else (Brazil, Argentina and
    their neighbours included). Blank is the server's zone (``TIME_ZONE``). A club that buys
    the other sets its own (``Club.paper_size``)."""
    zone = time_zone or settings.TIME_ZONE
    if zone in _A4_IN_THE_AMERICAS or zone.startswith(("America/Argentina/", "Brazil/")):
        return "A4"
    return "Letter" if zone.startswith(("America/", *_LETTER_TOO)) else "A4"


def club_paper(paper_size: str, time_zone: str) -> str:
    """A club's paper: its own ``paper_size`` if it set one, else its time zone's."""
    return paper_size if paper_size in PAPER_SIZES else paper_for_zone(time_zone)
