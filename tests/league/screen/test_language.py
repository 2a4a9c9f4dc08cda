"""The room's screen speaks the room's language: the event's, else its club's, whatever the
browser that shows it asks for; ``?lang=`` on the address asks for another of the site's (a bad
one is ignored), and the screen's own JavaScript catalog and its next page speak the same."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.builders import make_league, page
from tests.league.html import Element

pytestmark = pytest.mark.django_db


def lang(html: Element) -> str:
    return next(html.iter("html")).attrs["lang"]


def screen(competition, query: str = "") -> str:
    return reverse("screen:competition", args=[competition.slug]) + query


def club_screen(competition, query: str = "") -> str:
    return reverse("screen:club", args=[competition.club.slug]) + query


@pytest.fixture
def league(organiser):
    league = make_league(organiser)
    league.club.language = "nl"
    league.club.save()
    return league


def test_an_events_screen_speaks_the_events_language_else_the_clubs(league):
    assert lang(page(Client(), screen(league))) == "nl"
    league.language = "fr"
    league.save()
    assert lang(page(Client(), screen(league))) == "fr"
    # A club night's screen speaks the club's, whatever language its events speak.
    assert lang(page(Client(), club_screen(league))) == "nl"


def test_a_site_without_languages_of_its_own_speaks_english_on_the_screen(organiser):
    assert lang(page(Client(), screen(make_league(organiser)))) == "en"


def test_the_screens_browser_does_not_choose_the_rooms_language(league):
    tv = Client(headers={"accept-language": "de-DE,de;q=0.9"})
    assert lang(page(tv, screen(league))) == "nl"
    tv.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    assert lang(page(tv, club_screen(league))) == "nl"


def test_lang_on_the_address_asks_for_another_language(league):
    league.language = "fr"
    league.save()
    response = Client().get(screen(league, "?lang=de"))
    assert response.status_code == 200 and response["Content-Language"] == "de"
    assert lang(page(Client(), screen(league, "?lang=de"))) == "de"
    assert lang(page(Client(), club_screen(league, "?lang=es"))) == "es"
    assert lang(page(Client(), screen(league, "?lang=de-AT"))) == "de"


@pytest.mark.parametrize("bad", ["zz", "", "x" * 5000, "%00", "../de", "de'><script>"])
def test_a_bad_lang_is_ignored(league, bad):
    assert lang(page(Client(), screen(league, f"?lang={bad}"))) == "nl"
    assert lang(page(Client(), club_screen(league, f"?lang={bad}"))) == "nl"


def test_the_screens_scripts_and_next_page_speak_its_language(league):
    html = page(Client(), screen(league, "?lang=de&seconds=20"))
    scripts = [s.attrs.get("src", "") for s in html.iter("script")]
    catalog = reverse("javascript-catalog", args=["de"])
    # The catalog first, so that screen.js finds its words.
    assert scripts.index(catalog) < next(i for i, s in enumerate(scripts) if "screen.js" in s)
    response = Client(headers={"accept-language": "fr"}).get(catalog)
    assert response.status_code == 200 and response["Content-Language"] == "de"
    assert "javascript" in response["Content-Type"]
    refresh = next(m for m in html.iter("meta") if m.attrs.get("http-equiv") == "refresh")
    assert refresh.attrs["content"].endswith("&seconds=20&lang=de")
    # Without ?lang= the next page stays without one: it speaks the room's language anyway.
    plain = page(Client(), screen(league))
    refresh = next(m for m in plain.iter("meta") if m.attrs.get("http-equiv") == "refresh")
    assert "lang=" not in refresh.attrs["content"]
    assert reverse("javascript-catalog", args=["nl"]) in [
        s.attrs.get("src") for s in plain.iter("script")
    ]
