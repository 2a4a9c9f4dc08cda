"""A live page's refetch by a phone served from its current copy before Django's own work
(league.live.fast_path, through league.asgi's application): the same bytes and headers Django
answers, with the visitor's own CSRF token and cookie; never a copy an event or its age has
made stale; and everything else (signed in, a message waiting, a POST, a page load, an odd
request) answered by Django.

Each request here is a real ASGI call of league.asgi.application; whether Django answered it is
whether Django's request_started signal was sent."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from django.conf import settings as site_settings
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.signals import request_started
from django.http import HttpRequest
from django.middleware import csrf
from django.urls import reverse

from league.asgi import application
from league.live import fast_path, page_cache

from .test_page_cache import evening, evening_url, screen_url, type_first_table  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

VISITOR_SECRET = "A" * 16 + "b" * 16  # a CSRF cookie as Django sets it (32 characters)
LIVE = [(b"x-live", b"1")]


@pytest.fixture(autouse=True)
def copies_on(settings, tmp_path) -> Iterator[None]:
    settings.LIVE_PAGE_COPY_SECONDS = 5
    (tmp_path / "copies").mkdir(mode=0o700)
    settings.LIVE_PAGE_COPY_DIR = str(tmp_path / "copies")
    page_cache.COPIES.clear()
    fast_path.clear()
    yield
    page_cache.COPIES.clear()
    fast_path.clear()


@pytest.fixture
def django_answers() -> Iterator[list[str]]:
    """The paths Django answered (its request_started signal), in order."""
    seen: list[str] = []

    def started(sender: Any, environ: Any = None, scope: Any = None, **kwargs: Any) -> None:
        seen.append(scope["path"] if scope else "?")

    request_started.connect(started)
    yield seen
    request_started.disconnect(started)


class Answer:
    def __init__(self, messages: list[dict[str, Any]]) -> None:
        start = messages[0]
        assert start["type"] == "http.response.start"
        self.status: int = start["status"]
        self.headers: list[tuple[bytes, bytes]] = list(start["headers"])
        self.body = b"".join(m.get("body", b"") for m in messages[1:])

    def header(self, name: bytes) -> list[bytes]:
        return [v for n, v in self.headers if n.lower() == name.lower()]


async def _call(
    path: str, headers: list[tuple[bytes, bytes]], method: str, raw_path: bytes | None, query: bytes
) -> Answer:
    sent: list[dict[str, Any]] = []
    given = asyncio.Event()
    forever = asyncio.Event()

    async def receive() -> dict[str, Any]:
        if not given.is_set():
            given.set()
            return {"type": "http.request", "body": b"", "more_body": False}
        await forever.wait()  # the client stays connected
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode() if raw_path is None else raw_path,
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    await application(scope, receive, send)
    return Answer(sent)


def get(
    path: str,
    headers: list[tuple[bytes, bytes]] | None = None,
    *,
    cookies: str = "",
    method: str = "GET",
    raw_path: bytes | None = None,
    query: bytes = b"",
) -> Answer:
    sent = list(LIVE if headers is None else headers)
    if cookies:
        sent.append((b"cookie", cookies.encode("latin-1")))
    return asyncio.run(_call(path, sent, method, raw_path, query))


def token_of(answer: Answer) -> str:
    found = re.search(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"', answer.body)
    assert found
    return found.group(1).decode()


def csrf_cookie_of(answer: Answer) -> tuple[str, str]:
    """The CSRF cookie's value and its attributes but the expiry time (which is the clock's)."""
    (cookie,) = answer.header(b"set-cookie")
    value, _, rest = cookie.decode().partition("; ")
    name, _, secret = value.partition("=")
    assert name == site_settings.CSRF_COOKIE_NAME
    attributes = "; ".join(a for a in rest.split("; ") if not a.startswith("expires="))
    return secret, attributes


TOKEN = re.compile(rb'(name="csrfmiddlewaretoken" value=")[A-Za-z0-9]+"')
NOW = re.compile(rb'data-now="\d+"')


def same_page(answer: Answer) -> bytes:
    return NOW.sub(b"", TOKEN.sub(rb'\1"', answer.body))


@pytest.mark.parametrize("page", ["evening", "screen"])
def test_a_live_fetch_gets_the_bytes_and_headers_django_answers(evening, django_answers, page):  # noqa: F811
    path = evening_url(evening) if page == "evening" else screen_url(evening)
    cookie = f"{site_settings.CSRF_COOKIE_NAME}={VISITOR_SECRET}"
    by_django = get(path, cookies=cookie)
    by_copy = get(path, cookies=cookie)
    assert django_answers == [path]  # the second did not reach Django
    assert by_copy.status == by_django.status == 200
    # The same headers in the same order; only the request id and the cookie's expiry differ.
    names = [n for n, _v in by_django.headers]
    assert [n for n, _v in by_copy.headers] == names
    for name, value in by_django.headers:
        if name.lower() not in (b"x-request-id", b"set-cookie", b"content-length"):
            assert by_copy.header(name) == [value], name
    assert by_copy.header(b"content-length") == [str(len(by_copy.body)).encode()]
    assert re.fullmatch(rb"[0-9a-f]{8}", by_copy.header(b"x-request-id")[0])
    assert by_copy.header(b"x-request-id") != by_django.header(b"x-request-id")
    for header in (b"x-frame-options", b"x-content-type-options", b"referrer-policy"):
        assert by_copy.header(header), header
    assert by_copy.header(b"content-security-policy") == [
        site_settings.CONTENT_SECURITY_POLICY.encode()
    ]
    assert same_page(by_copy) == same_page(by_django)
    if page == "screen":  # no form: neither a token nor the CSRF cookie
        assert not by_django.header(b"set-cookie") and not by_copy.header(b"set-cookie")
        return
    assert csrf_cookie_of(by_copy) == csrf_cookie_of(by_django)
    assert csrf_cookie_of(by_copy)[0] == VISITOR_SECRET
    # This visitor's own token (a masked form of their cookie's secret).
    assert csrf._unmask_cipher_token(token_of(by_copy)) == VISITOR_SECRET  # type: ignore[attr-defined]
    assert token_of(by_copy) != token_of(by_django)


def test_the_screens_clock_is_the_responses(evening):  # noqa: F811
    get(screen_url(evening))
    before = int(time.time() * 1000)
    served = get(screen_url(evening))
    now = re.search(rb'data-now="(\d+)"', served.body)
    assert now and before <= int(now.group(1)) <= int(time.time() * 1000)


def test_a_visitor_without_a_csrf_cookie_or_with_a_bad_one_gets_a_new_one(evening, django_answers):  # noqa: F811
    get(evening_url(evening))
    for cookie in ("", f"{site_settings.CSRF_COOKIE_NAME}=short", "csrftoken=\xff\xfe*;;="):
        served = get(evening_url(evening), cookies=cookie)
        assert served.status == 200
        secret, _attributes = csrf_cookie_of(served)
        assert len(secret) == 32 and secret != "short"
        assert csrf._unmask_cipher_token(token_of(served)) == secret  # type: ignore[attr-defined]
    assert len(django_answers) == 1
    # A cookie in Django's old masked form is read as Django reads it.
    masked = csrf._mask_cipher_secret(VISITOR_SECRET)  # type: ignore[attr-defined]
    served = get(evening_url(evening), cookies=f"{site_settings.CSRF_COOKIE_NAME}={masked}")
    assert csrf_cookie_of(served)[0] == VISITOR_SECRET
    assert len(django_answers) == 1


def test_an_event_on_the_page_sends_the_next_fetch_to_django(evening, django_answers):  # noqa: F811
    get(evening_url(evening))
    get(evening_url(evening))
    assert len(django_answers) == 1
    type_first_table(evening, scores=(1601, 1071))
    fresh = get(evening_url(evening))
    assert len(django_answers) == 2
    assert b"1601" in fresh.body
    again = get(evening_url(evening))
    assert len(django_answers) == 2 and b"1601" in again.body


def test_an_event_of_another_competition_keeps_the_copy(evening, django_answers, organiser):  # noqa: F811
    from league.live.publish import changed

    get(evening_url(evening))
    changed(["competition:999999"])
    get(evening_url(evening))
    assert len(django_answers) == 1


def test_a_copy_too_old_goes_to_django(evening, django_answers, monkeypatch):  # noqa: F811
    get(evening_url(evening))
    real = time.monotonic
    monkeypatch.setattr(fast_path, "time", SimpleNamespace(monotonic=lambda: real() + 5))
    get(evening_url(evening))
    assert len(django_answers) == 2


def test_copies_off_means_django_always(evening, django_answers, settings):  # noqa: F811
    settings.LIVE_PAGE_COPY_SECONDS = 0
    get(evening_url(evening))
    get(evening_url(evening))
    assert len(django_answers) == 2


def message_cookie() -> str:
    storage = CookieStorage(HttpRequest())
    encoded = storage._encode([Message(constants.INFO, "You are signed out.", extra_tags="")])
    return f"{storage.cookie_name}={encoded}"


def test_the_signed_in_a_message_a_post_a_page_load_go_to_django(
    evening,  # noqa: F811
    django_answers,
    organiser_client,
):
    path = evening_url(evening)
    get(path)
    session = organiser_client.cookies[site_settings.SESSION_COOKIE_NAME].value
    director = get(path, cookies=f"{site_settings.SESSION_COOKIE_NAME}={session}")
    assert reverse("evenings:draw", args=[evening.slug]).encode() in director.body
    told = get(path, cookies=message_cookie())
    assert b"You are signed out." in told.body
    assert get(path, method="POST").status in (403, 405)
    loaded = get(path, headers=[])  # a page load: no X-Live
    assert loaded.status == 200
    assert django_answers == [path] * 5
    assert [get(path).status, len(django_answers)] == [200, 5]  # the visitors' copy still


def test_a_page_that_does_not_serve_copies_always_goes_to_django(evening, django_answers):  # noqa: F811
    get("/")
    get("/")
    assert django_answers == ["/", "/"]


def lang(answer: Answer) -> str:
    found = re.search(rb'<html lang="([a-z-]+)"', answer.body)
    assert found
    return found.group(1).decode()


def test_another_language_or_address_never_gets_this_copy(evening, django_answers):  # noqa: F811
    path = evening_url(evening)
    assert lang(get(path)) == "en"
    dutch = get(path, [*LIVE, (b"accept-language", b"nl")])
    chosen = get(path, cookies=f"{site_settings.LANGUAGE_COOKIE_NAME}=fr")
    other_host = get(path, [*LIVE, (b"host", b"evil.example")])
    queried = get(path, query=b"x=1")
    assert [lang(dutch), lang(chosen)] == ["nl", "fr"]
    assert other_host.status == 400
    assert queried.status == 200
    assert len(django_answers) == 5
    # Each of them served from its own copy next time, as Django answered it.
    assert lang(get(path, [*LIVE, (b"accept-language", b"nl")])) == "nl"
    assert lang(get(path, cookies=f"{site_settings.LANGUAGE_COOKIE_NAME}=fr")) == "fr"
    assert get(path, [*LIVE, (b"host", b"evil.example")]).status == 400
    assert len(django_answers) == 6  # the bad host went to Django again


@pytest.mark.parametrize(
    "headers,raw_path,query",
    [
        ([*LIVE, (b"x-live", b"1")], None, b""),  # a header twice
        ([*LIVE, (b"accept-language", b"\xff\xfe" * 3000)], None, b""),  # huge, not UTF-8
        ([*LIVE, (b"cookie", b"\xff=\xfe; other=1")], None, b""),  # an unknown cookie
        ([*LIVE, (b"content-length", b"5")], None, b""),  # a GET with a body
        (LIVE, b"/c/%ff%fe/evening/", b""),  # not UTF-8
        (LIVE, b"/c/x/evening/", b"a=%ff&" + b"b" * 10000),  # a huge query
        (LIVE, b"//c/../../etc/passwd", b""),
    ],
)
def test_odd_requests_go_to_django_and_never_500(evening, django_answers, headers, raw_path, query):  # noqa: F811
    for _ in range(2):
        answer = get(
            raw_path.decode("latin-1") if raw_path else evening_url(evening),
            headers,
            raw_path=raw_path,
            query=query,
        )
        assert answer.status < 500
    assert len(django_answers) == 2


def test_fetches_at_once_share_their_currency_check(evening, django_answers, monkeypatch):  # noqa: F811
    get(evening_url(evening))
    asked: list[int] = []
    answer = fast_path._answer

    def counted(questions: list[tuple[tuple[str, ...], int]]) -> list[bool]:
        asked.append(len(questions))
        return answer(questions)

    monkeypatch.setattr(fast_path, "_answer", counted)

    async def many() -> list[Answer]:
        sent = [*LIVE, (b"host", b"testserver")]
        return await asyncio.gather(
            *(_call(evening_url(evening), sent[:1], "GET", None, b"") for _ in range(40))
        )

    answers = asyncio.run(many())
    assert {a.status for a in answers} == {200}
    assert len(django_answers) == 1
    assert sum(asked) == 40 and len(asked) <= 3


def test_a_failing_check_hands_the_fetch_to_django(evening, django_answers, monkeypatch):  # noqa: F811
    get(evening_url(evening))

    def broken(questions: list[tuple[tuple[str, ...], int]]) -> list[bool]:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(fast_path, "_answer", broken)
    assert get(evening_url(evening)).status == 200
    assert len(django_answers) == 2


def test_fetches_of_pages_without_copies_leave_nothing_behind(evening, django_answers):  # noqa: F811
    for n in range(20):
        assert get(f"/c/nothing-{n}/evening/").status == 404
    get(evening_url(evening))
    assert len(fast_path._entries) == 1
    assert fast_path._answering == {}
