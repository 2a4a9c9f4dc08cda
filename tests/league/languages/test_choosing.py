"""Which language a page speaks: the reader's choice (switcher cookie), else the browser's,
else the event's, else the club's, else the site's; and the room's language for the screen
and PDFs (league.languages)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, RequestFactory

from league.languages import place_language, reader_language, room_language
from tests.builders import make_league, page


def lang_of(client: Client, address: str, **headers: str) -> str:
    response = client.get(address, headers=headers)
    assert response.status_code == 200
    return page_lang(response.content.decode())


def page_lang(html: str) -> str:
    start = html.index('<html lang="') + len('<html lang="')
    return html[start : html.index('"', start)]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("", None),
        ("de-AT,de;q=0.9,en;q=0.5", "de"),
        ("it-IT,it;q=0.9", None),  # a language this site lacks
        ("it,fr-CA;q=0.7", "fr"),  # the first one it speaks
        ("*", None),
        ("de;q=0,fr;q=0.5", "fr"),  # q=0: not German
        ("de;q=0", None),
        ("x" * 5000, None),  # a forged header is no error
    ],
)
def test_reader_language_from_the_browser(header, expected):
    request = RequestFactory().get("/", headers={"accept-language": header} if header else {})
    assert reader_language(request) == expected


def test_the_switchers_cookie_beats_the_browser():
    request = RequestFactory().get("/", headers={"accept-language": "de"})
    request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = "nl"
    assert reader_language(request) == "nl"
    request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = "klingon"
    assert reader_language(request) == "de"


def test_place_language_is_the_events_else_the_clubs_else_the_sites():
    assert place_language("nl", "fr") == "fr"
    assert place_language("nl", "") == "nl"
    assert place_language("", "") == settings.LANGUAGE_CODE
    assert place_language("xx", "yy") == settings.LANGUAGE_CODE


def test_room_language_follows_the_address_then_the_place():
    factory = RequestFactory()
    assert room_language(factory.get("/?lang=de"), "nl", "fr") == "de"
    assert room_language(factory.get("/?lang=zz"), "nl", "fr") == "fr"
    assert room_language(factory.get("/"), "nl", "") == "nl"
    # A place with no language of its own: the reader's, else the site's.
    assert room_language(factory.get("/", headers={"accept-language": "de"})) == "de"
    assert room_language(factory.get("/")) == settings.LANGUAGE_CODE
    assert room_language(factory.get("/", headers={"accept-language": "de"}), "nl") == "nl"


def test_every_page_names_its_language(client, db):
    assert lang_of(client, "/") == "en"
    assert lang_of(client, "/", accept_language="es-ES,es;q=0.9") == "es"
    response = client.get("/", headers={"accept-language": "de"})
    assert response["Content-Language"] == "de"
    assert "Accept-Language" in response["Vary"]


def test_the_switcher_remembers_the_choice_in_a_cookie(client, db):
    switcher = next(f for f in page(client, "/").iter("form") if f.has_class("language-switch"))
    assert switcher.attrs["action"] == "/i18n/setlang/"
    options = {o.attrs["value"]: o.text for o in switcher.iter("option")}
    assert options == {
        "en": "English",
        "es": "Español",
        "nl": "Nederlands",
        "de": "Deutsch",
        "fr": "Français",
    }
    response = client.post("/i18n/setlang/", {"language": "nl", "next": "/rules/"})
    assert response.status_code == 302 and response["Location"] == "/rules/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "nl"
    # The choice beats the browser's language from then on.
    assert lang_of(client, "/", accept_language="de") == "nl"


def test_a_club_page_speaks_the_clubs_language_to_a_reader_who_asked_for_none(client, organiser):
    competition = make_league(organiser)
    club = competition.club
    club.language = "nl"
    club.save()
    assert lang_of(client, f"/clubs/{club.slug}/") == "nl"
    assert lang_of(client, f"/c/{competition.slug}/") == "nl"
    # An event may differ from its club.
    competition.language = "fr"
    competition.save()
    assert lang_of(client, f"/c/{competition.slug}/") == "fr"
    assert lang_of(client, f"/clubs/{club.slug}/") == "nl"
    # A reader whose browser asks for a language the site speaks reads in it.
    assert lang_of(client, f"/c/{competition.slug}/", accept_language="de") == "de"
    assert lang_of(client, f"/c/{competition.slug}/", accept_language="it") == "fr"
    # The next page, of no club, speaks the site's language again.
    assert lang_of(client, "/rules/") == "en"


def test_the_scripts_words_come_in_the_pages_language(client, db):
    html = client.get("/", headers={"accept-language": "de"}).content.decode()
    assert 'src="/jsi18n/de/"' in html
    response = client.get("/jsi18n/de/")
    assert response.status_code == 200
    assert "max-age=3600" in response["Cache-Control"]
    assert b"django.gettext" in response.content or b"gettext" in response.content
    assert client.get("/jsi18n/xx/").status_code == 404
    assert client.get("/jsi18n/de-ch/").status_code == 404
    assert client.get("/jsi18n/DE/").status_code == 404
