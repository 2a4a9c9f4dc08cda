"""Which language a page speaks, and a club's and an event's own language.

Words: the *reader's language* is the one the reader asked for: the menu's switcher (Django's
``set_language``, remembered in the ``LANGUAGE_COOKIE_NAME`` cookie), else the first language
of the browser's ``Accept-Language`` this site speaks. A *place's language* is an event's
(``Competition.language``), else its club's (``Club.language``), else the site's
``LANGUAGE_CODE``; blank means "as the club" (an event) or "as the site" (a club).

A page speaks the reader's language when there is one; a page of a club's things spoken to a
reader whose browser asks only for languages this site lacks speaks the place's (the lookups of
:mod:`league.access` call :func:`use_place_language`, as they turn the clock to the club's).
What is made for the room rather than for one reader, the room's screen and the PDFs of an
event, speaks the place's language unless the address asks for another (``?lang=de``); a
place with no language of its own gives the reader's: :func:`room_language`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.cache import cache_control
from django.views.i18n import JavaScriptCatalog

Handler = Callable[[HttpRequest], HttpResponse]

#: Whether this request's reader asked for a language (switcher or browser); set by the
#: middleware, read by :func:`use_place_language`.
_reader_asked: ContextVar[bool] = ContextVar("reader_asked", default=False)


def codes() -> tuple[str, ...]:
    """The languages this site speaks, as ``settings.LANGUAGES`` lists them."""
    return tuple(code for code, _name in settings.LANGUAGES)


def language_choices(blank: str = "") -> list[tuple[str, str]]:
    """The menu of languages, each in its own name; a first blank choice when ``blank`` names
    it ("As the club")."""
    choices = [(code, name) for code, name in settings.LANGUAGES]
    return [("", blank), *choices] if blank else choices


#: Languages that write a language's name in lower case inside a sentence ("en français").
_LOWER_CASE_NAMES = ("es", "fr")


def language_in_words(code: str) -> str:
    """A language's name inside a sentence in the active language: "anglais" in French,
    "Englisch" in German ("English" in the menus: each language in its own name)."""
    name = str(translation.get_language_info(code)["name_translated"])
    if (translation.get_language() or "").split("-")[0] in _LOWER_CASE_NAMES:
        return name[:1].lower() + name[1:]
    return name


def validate_language(value: str) -> None:
    """Blank, or a language this site speaks."""
    if value and value not in codes():
        raise ValidationError(
            gettext_lazy("Choose one of the languages in the list."), code="unknown_language"
        )


def supported(code: str | None) -> str | None:
    """``code`` as one of this site's languages ("de-AT" as "de"), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def reader_language(request: HttpRequest) -> str | None:
    """The reader's language: the switcher's cookie, else the browser's first this site
    speaks; None when the reader asked for none of them."""
    chosen = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    # A forged header may be any length: Django's parser caps it; "*" asks for nothing.
    for code, quality in parse_accept_lang_header(header[:1000]):
        # "*" asks for nothing in particular; a quality of 0 says "not this one".
        if code != "*" and quality > 0 and (found := supported(code)):
            return found
    return None


def place_language(club_language: str = "", event_language: str = "") -> str:
    """An event's language, else its club's, else the site's."""
    return supported(event_language) or supported(club_language) or settings.LANGUAGE_CODE


def use_place_language(club_language: str = "", event_language: str = "") -> None:
    """Speak the place's language on this page, unless the reader asked for one."""
    if not _reader_asked.get():
        translation.activate(place_language(club_language, event_language))


def room_language(request: HttpRequest, club_language: str = "", event_language: str = "") -> str:
    """The language of what is made for the room (the screen, an event's PDFs): the address's
    ``?lang=`` when it names one of the site's languages, else the event's, else the club's;
    for a place that has none, the reader's (else the site's)."""
    return (
        supported(request.GET.get("lang", "")[:20])
        or supported(event_language)
        or supported(club_language)
        or reader_language(request)
        or settings.LANGUAGE_CODE
    )


def speak_the_readers_language(get_response: Handler) -> Handler:
    """Middleware (in place of Django's LocaleMiddleware): every request starts in the
    reader's language (or the site's), and the next request on this thread starts afresh."""

    def middleware(request: HttpRequest) -> HttpResponse:
        asked = reader_language(request)
        token = _reader_asked.set(asked is not None)
        translation.activate(asked or settings.LANGUAGE_CODE)
        request.LANGUAGE_CODE = translation.get_language()
        try:
            response = get_response(request)
            patch_vary_headers(response, ("Accept-Language", "Cookie"))
            response.headers.setdefault("Content-Language", translation.get_language())
            return response
        finally:
            _reader_asked.reset(token)
            translation.deactivate()

    return middleware


@cache_control(max_age=3600, public=True)
def javascript_catalog(request: HttpRequest, language: str) -> HttpResponseBase:
    """The words the scripts in static/js write, in ``language`` (the address names it, so a
    browser keeps one copy a language and the service worker one for offline entry)."""
    if language not in codes():  # one address a language: "DE" is not another copy of "de"
        raise Http404("There is no such language here.")
    with translation.override(language):
        response = JavaScriptCatalog.as_view()(request)
    response["Content-Language"] = language
    return response
