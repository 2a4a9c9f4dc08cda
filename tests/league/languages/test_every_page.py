"""The demo crawled in each language: every kind of page (and PDF) a visitor or the secretary
can reach from the home page names its language in ``<html lang>`` and shows none of the
English words a reader would otherwise meet (the menus, headings, buttons and game words)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from tests.builders import pdf_pages
from tests.crawl import walk
from tests.league.html import Element

# The demo is built once for the module (tests/league/conftest.py): the tests only read it.
pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo-for-the-module")]

PASSWORD = "hicksheet-demo"
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]

#: Words of the interface no other language here writes the same way (not "Start", "Total",
#: "Set" or "points", which Dutch, German, Spanish or French spell alike), and none a name in
#: the demo holds ("Club", "Open", "league", "cup").
ENGLISH = (
    "Home",
    "Games",
    "Rules",
    "Standings",
    "Fixtures",
    "Results",
    "Bracket",
    "Players",
    "Partnership",
    "Partnerships",
    "Entrants",
    "Tournament",
    "Season",
    "Round",
    "Deal",
    "Deals",
    "Dealer",
    "Trump",
    "Makers",
    "Meld",
    "Melds",
    "Belle",
    "Renege",
    "Target",
    "Winner",
    "Draw",
    "Finished",
    "Score sheet",
    "Save",
    "Delete",
    "Cancel",
    "Edit",
    "Add",
    "Change",
    "Next",
    "Previous",
    "Back",
    "Log in",
    "Log out",
    "Sign in",
    "Language",
    "Skip to content",
)
#: English words that are also words of a language here: "Meld u aan" is Dutch for "sign in".
ALSO_NATIVE = {"nl": {"Meld"}}


def english_words(language: str) -> re.Pattern[str]:
    words = [w for w in ENGLISH if w not in ALSO_NATIVE.get(language, set())]
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w-])")


#: Attributes a reader meets (read aloud or shown): checked like the text.
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
#: Pages of one kind (their address with every number as #) looked at, at most.
PER_KIND = 2


def what_a_reader_meets(element: Element) -> list[str]:
    """The page's text and read attributes, without scripts, styles and the language menu (each
    language is named there in its own words)."""
    if element.tag in ("script", "style") or element.attrs.get("id") == "language-menu":
        return []
    found = [element.attrs[a] for a in READ_ATTRIBUTES if element.attrs.get(a)]
    if element.tag == "input" and element.attrs.get("type") in ("submit", "button"):
        found.append(element.attrs.get("value", ""))
    for child in element.children:
        found.extend([child] if isinstance(child, str) else what_a_reader_meets(child))
    return found


def crawl_in(client: Client, language: str, *, files: bool = True) -> dict[str, list[str]]:
    """Each kind of page reachable from home (PER_KIND of each, one of each kind of PDF: its
    words are its template's), read in ``language``: address to the English words found on
    it. ``files=False``: no PDFs."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    words = english_words(language)
    english: dict[str, list[str]] = {}
    for url, response, document in walk(client, per_kind=PER_KIND, files=files, files_per_kind=1):
        if response["Content-Type"] == "application/pdf":
            english[url] = words.findall("\n".join(pdf_pages(response.content)))
        elif document is not None:
            assert f'<html lang="{language}"' in response.content.decode(), (language, url)
            text = " ".join(" ".join(what_a_reader_meets(document)).split())
            english[url] = words.findall(text)
    return english


@pytest.mark.crawl
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_demo_speaks_each_language_on_every_page(demo_for_the_module, language):
    visitor, secretary = Client(), Client()
    assert secretary.login(username="secretary", password=PASSWORD)
    # The visitor's PDFs are the secretary's (who reaches every one): read once, as hers.
    for who, client, files in (("visitor", visitor, False), ("secretary", secretary, True)):
        english = {
            url: words for url, words in crawl_in(client, language, files=files).items() if words
        }
        assert not english, f"{language}, {who}: English on {english}"
