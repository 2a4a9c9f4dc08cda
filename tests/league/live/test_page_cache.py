"""A club evening's live pages rendered once per change for every visitor (league.live.page_cache):
the evening page and the room's screen are served from a copy until a live event on their
topics, or the copy's age, says otherwise; a signed-in person and a visitor with a message
always get their own page; languages never mix; each visitor gets their own CSRF token and the
screen its own clock."""

from __future__ import annotations

import datetime
import re
import threading
import time
from collections.abc import Iterator

import pytest
from django.conf import settings as site_settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import connection, connections
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.access import evening_or_404
from league.evenings import night_views, services
from league.live import page_cache
from league.live.publish import changed
from league.models import Club, Competition, Fixture, Player
from league.screen import pages as screen_pages
from scoring.evenings import EveningRules
from scoring.rules import PRESETS

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit", "Hanna"]


@pytest.fixture(autouse=True)
def copies_on(settings, tmp_path) -> Iterator[None]:
    """Copies on (the test run turns them off: tests/conftest.py), none left from elsewhere."""
    settings.LIVE_PAGE_COPY_SECONDS = 5
    (tmp_path / "copies").mkdir(mode=0o700)
    settings.LIVE_PAGE_COPY_DIR = str(tmp_path / "copies")
    page_cache.COPIES.clear()
    yield
    page_cache.COPIES.clear()


@pytest.fixture
def evening(organiser) -> Competition:
    club = Club.objects.create(name="KC De Pitslag", slug="pitslag")
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=3),
        by=organiser,
        held_on=datetime.date(2026, 11, 27),
        prize_words=["Meat parcel"],
        booby_words="A pack of cards",
    )
    for name in NAMES:
        player = Player.objects.create(club=club, name=name)
        services.evening_check_in(competition=evening, player=player)
    services.evening_draw_round(competition=evening, seed=1)
    return evening


def evening_url(evening: Competition) -> str:
    return reverse("evenings:evening", args=[evening.slug])


def screen_url(evening: Competition, query: str = "") -> str:
    return reverse("screen:competition", args=[evening.slug]) + query


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """Which pages were rendered (their expensive read ran), in order."""
    seen: list[str] = []
    evening_read = night_views._page
    screen_read = screen_pages.event_pages

    def read_evening(*args, **kwargs):
        seen.append("evening")
        return evening_read(*args, **kwargs)

    def read_screen(*args, **kwargs):
        seen.append("screen")
        return screen_read(*args, **kwargs)

    monkeypatch.setattr(night_views, "_page", read_evening)
    monkeypatch.setattr(screen_pages, "event_pages", read_screen)
    return seen


def type_first_table(evening: Competition, scores=(1500, 1172)) -> None:
    fixture = Fixture.objects.filter(competition=evening).order_by("table").first()
    services.evening_paper_result(fixture=fixture, scores=scores)


def test_a_second_visitor_gets_the_copy_in_two_queries(evening, renders, django_assert_num_queries):
    first = Client().get(evening_url(evening))
    assert first.status_code == 200
    assert renders == ["evening"]
    with CaptureQueriesContext(connection) as lookup:
        evening_or_404(evening.slug)
    # The evening's lookup (the key needs its language and time zone), then whether an event
    # touched the page since the copy: nothing of the evening is read.
    with django_assert_num_queries(len(lookup) + 1):
        second = Client().get(evening_url(evening), headers={"x-live": "1"})
    assert renders == ["evening"]
    assert second.status_code == 200
    strip = re.compile(rb'value="[A-Za-z0-9]{64}"')
    assert strip.sub(b"", second.content) == strip.sub(b"", first.content)


def test_a_copy_carries_the_headers_a_fresh_page_does(evening):
    fresh = Client().get(evening_url(evening))
    copy = Client().get(evening_url(evening))
    for header in ("Content-Type", "Content-Language", "Vary", "Content-Security-Policy"):
        assert copy[header] == fresh[header], header
    assert copy["X-Request-ID"] and copy["X-Request-ID"] != fresh["X-Request-ID"]


def test_a_result_typed_shows_at_the_next_fetch(evening, renders):
    Client().get(evening_url(evening))
    Client().get(screen_url(evening))
    type_first_table(evening, (1519, 1153))
    page = Client().get(evening_url(evening))
    screen = Client().get(screen_url(evening))
    assert renders == ["evening", "screen", "evening", "screen"]
    assert b"1519" in page.content and b"1519" in screen.content


def test_an_event_of_another_competition_keeps_the_copy(evening, renders):
    Client().get(evening_url(evening))
    changed(f"competition:{evening.pk + 1000}", f"club:{evening.club_id + 1000}")
    Client().get(evening_url(evening))
    assert renders == ["evening"]
    changed(f"competition:{evening.pk}:play")
    Client().get(evening_url(evening))
    assert renders == ["evening", "evening"]


def test_a_copy_lasts_its_seconds_only(evening, renders, monkeypatch, settings):
    Client().get(evening_url(evening))
    later, later_on_the_wall = page_cache.time.monotonic() + 5, page_cache.time.time() + 5
    monkeypatch.setattr(page_cache.time, "monotonic", lambda: later)
    # The copy another web process would find (league.live.shared_copies) is as old.
    monkeypatch.setattr(page_cache.time, "time", lambda: later_on_the_wall)
    Client().get(evening_url(evening))
    assert renders == ["evening", "evening"]
    settings.LIVE_PAGE_COPY_SECONDS = 0  # no copies at all
    Client().get(evening_url(evening))
    Client().get(evening_url(evening))
    assert renders == ["evening"] * 4


def test_a_signed_in_person_neither_gets_nor_makes_a_copy(evening, renders, organiser_client):
    director = organiser_client.get(evening_url(evening))
    assert b'id="check-in"' in director.content or b"check-in" in director.content
    Client().get(evening_url(evening))  # the visitors' copy is made now, not from the director's
    assert renders == ["evening", "evening"]
    again = organiser_client.get(evening_url(evening))
    assert renders == ["evening", "evening", "evening"]
    visitor = Client().get(evening_url(evening))
    assert renders == ["evening", "evening", "evening"]
    draw = reverse("evenings:draw", args=[evening.slug]).encode()
    assert draw in again.content and draw not in visitor.content


def with_message(text: str) -> Client:
    client = Client()
    storage = CookieStorage(HttpRequest())
    said = [Message(constants.INFO, text, extra_tags="")]
    client.cookies[storage.cookie_name] = storage._encode(said)
    return client


def test_a_visitor_with_a_message_gets_their_own_page(evening, renders):
    told = with_message("You are signed out.").get(evening_url(evening))
    assert b"You are signed out." in told.content
    other = Client().get(evening_url(evening))
    assert renders == ["evening", "evening"]  # the page with the message was not kept
    assert b"You are signed out." not in other.content
    with_message("Something else.").get(evening_url(evening))
    assert renders == ["evening", "evening", "evening"]


def lang(response) -> str:
    found = re.search(rb'<html lang="([a-z-]+)"', response.content)
    assert found
    return found.group(1).decode()


def test_languages_do_not_mix(evening, renders):
    dutch = Client(headers={"accept-language": "nl"}).get(evening_url(evening))
    english = Client(headers={"accept-language": "en"}).get(evening_url(evening))
    chosen = Client()
    chosen.cookies[site_settings.LANGUAGE_COOKIE_NAME] = "fr"
    french = chosen.get(evening_url(evening))
    assert [lang(dutch), lang(english), lang(french)] == ["nl", "en", "fr"]
    assert [dutch["Content-Language"], french["Content-Language"]] == ["nl", "fr"]
    assert (
        Client(headers={"accept-language": "nl"})
        .get(evening_url(evening))
        .content.count(b'lang="nl"')
    )
    assert renders == ["evening"] * 3
    # The screen speaks the room's language (the club's, here the site's), or ?lang=.
    plain = Client(headers={"accept-language": "de"}).get(screen_url(evening))
    asked = Client().get(screen_url(evening, "?lang=nl"))
    again = Client(headers={"accept-language": "de"}).get(screen_url(evening))
    assert [lang(plain), lang(asked), lang(again)] == [lang(plain), "nl", lang(plain)]
    assert renders.count("screen") == 2


def token_of(response) -> str:
    found = re.search(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"', response.content)
    assert found
    return found.group(1).decode()


def test_a_visitor_served_a_copy_posts_the_language_form_with_their_own_token(evening, renders):
    first = Client(enforce_csrf_checks=True)
    made = first.get(evening_url(evening))
    visitor = Client(enforce_csrf_checks=True)
    served = visitor.get(evening_url(evening))
    assert renders == ["evening"]
    assert token_of(served) != token_of(made)
    assert token_of(made).encode() not in served.content
    assert "csrftoken" in served.cookies
    answer = visitor.post(
        reverse("set_language"),
        {"csrfmiddlewaretoken": token_of(served), "language": "nl", "next": evening_url(evening)},
    )
    assert answer.status_code == 302
    assert visitor.cookies[site_settings.LANGUAGE_COOKIE_NAME].value == "nl"
    # Their language now: a page of its own, not the English copy.
    assert lang(visitor.get(evening_url(evening))) == "nl"


def test_the_screens_clock_is_the_responses_and_its_content_time_the_copys(
    evening, renders, monkeypatch
):
    made = Client().get(screen_url(evening))
    later = timezone.now() + datetime.timedelta(seconds=3)
    monkeypatch.setattr(page_cache.timezone, "now", lambda: later)
    served = Client().get(screen_url(evening))
    assert renders == ["screen"]
    now_ms = re.search(rb'data-now="(\d+)"', served.content)
    assert now_ms and int(now_ms.group(1)) == int(later.timestamp() * 1000)
    at = re.compile(rb'data-at="(\d+)"')
    made_at, served_at = at.search(made.content), at.search(served.content)
    assert made_at and served_at and made_at.group(1) == served_at.group(1)


def test_copies_are_bounded_least_recently_served_out():
    copies = page_cache.PageCopies(most=2)
    copy = page_cache.Copy(b"", "text/html", 0, 0.0, b"")
    keys = [("http", "h", f"/{n}/", "en", "UTC") for n in range(3)]
    copies.put(keys[0], copy)
    copies.put(keys[1], copy)
    assert copies.get(keys[0]) is copy  # served: now the most recent
    copies.put(keys[2], copy)
    assert copies.get(keys[1]) is None
    assert copies.get(keys[0]) is copy and copies.get(keys[2]) is copy
    # And by their bytes: a big page pushes out the older ones, never itself.
    weighed = page_cache.PageCopies(most=10, most_bytes=10)
    small = page_cache.Copy(b"12345", "text/html", 0, 0.0, b"")
    big = page_cache.Copy(b"0123456789ab", "text/html", 0, 0.0, b"")
    weighed.put(keys[0], small)
    weighed.put(keys[1], small)
    assert weighed.get(keys[0]) is small and weighed.get(keys[1]) is small
    weighed.put(keys[1], small)  # put again: counted once
    weighed.put(keys[2], big)
    assert weighed.get(keys[0]) is None and weighed.get(keys[1]) is None
    assert weighed.get(keys[2]) is big


def test_visitors_asking_at_once_wait_for_one_rendering(db):
    """Twelve requests for the same page at the same moment: one renders, the others are
    served its copy (each on its own thread, as under ASGI)."""
    rendered: list[int] = []
    started = threading.Barrier(12)

    def render() -> HttpResponse:
        rendered.append(1)
        time.sleep(0.3)  # long enough for every other request to arrive meanwhile
        return HttpResponse(b"<p>the page</p>")

    answers: list[bytes] = []

    def visitor() -> None:
        request = RequestFactory().get("/c/x/evening/")
        request.user = AnonymousUser()
        try:
            started.wait()
            answers.append(page_cache.served_once(request, ["competition:1"], render).content)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=visitor) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert answers == [b"<p>the page</p>"] * 12
    assert len(rendered) == 1


def test_a_visitor_waiting_for_another_s_rendering_holds_no_database_connection(db, monkeypatch):
    """Else, with a pool of a few connections, the waiters would hold them all and the request
    rendering the page would wait for one."""
    held: list[bool] = []
    monkeypatch.setattr(page_cache.COPIES, "start_rendering", lambda key: None)  # always busy
    monkeypatch.setattr(
        page_cache.COPIES,
        "wait",
        lambda key, seconds: held.append(connections["default"].connection is not None),
    )
    answers: list[bytes] = []

    def visitor() -> None:
        request = RequestFactory().get("/c/x/evening/")
        request.user = AnonymousUser()
        try:
            connections["default"].ensure_connection()  # as the view's lookup leaves it
            render = lambda: HttpResponse(b"rendered alone")  # noqa: E731
            answers.append(page_cache.served_once(request, ["competition:1"], render).content)
        finally:
            connections.close_all()

    thread = threading.Thread(target=visitor)
    thread.start()
    thread.join(30)
    # Three turns of waiting, each without a connection, then the page is rendered anyway.
    assert held == [False, False, False]
    assert answers == [b"rendered alone"]
