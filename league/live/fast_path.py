"""A live page's current copy handed to a room of phones before Django's own work: :func:`serve`.

After each live event every phone following a club evening's pages fetches its page again
(``static/js/live.js``); :mod:`league.live.page_cache` renders it once and gives the copy to
every visitor, but each of 200 fetches still went through Django's request handling (a thread
hop, the middleware, the view's lookups): seconds for one web process. Here the ASGI
application (:mod:`league.asgi`) serves such a fetch itself, on the event loop, when Django has
just served the same request the same copy.

Words:

- a *live fetch*: a GET that ``live.js`` makes (``X-Live: 1``), with no body and no cookie but
  the CSRF cookie and the language switch's: nobody signed in, no message waiting.
- its *signature*: everything of the request a visitor's page depends on (scheme, host, path and
  query as sent, the language cookie, ``Accept-Language``, the proxy headers); the CSRF cookie
  is not in it (each visitor's own token is put in, as :func:`~league.live.page_cache.served_once`
  does).
- an *entry*: what Django answered the last live fetch of a signature that
  :func:`~league.live.page_cache.served_once` served a copy: the copy, its key and topics, and
  the response's status and headers.

A live fetch is served here only when its signature's entry holds the very copy
:func:`served_once` holds now under that key (so Django ran the view's lookups for this
signature since that copy was made), the copy is younger than ``LIVE_PAGE_COPY_SECONDS`` and no
live event on its topics has an id above its version: the check :func:`served_once` makes,
started after the fetch arrived (fetches arriving together share one query). Anything else,
or anything unexpected, goes to Django, which serves it and renews the entry; the fetches of a
signature arriving meanwhile wait for that answer (after an event: the new copy) and are then
served here, rather than all go to Django.

A copy is served here no longer than :func:`served_once` serves it, with one difference: the
view's lookups are not run again for each fetch, so a page that stops being public without a
live event on it (its evening deleted) may still be given to phones until its copy is replaced
or ``LIVE_PAGE_COPY_SECONDS`` old, as a club renamed may.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connections
from django.http import HttpResponse
from django.http.cookie import parse_cookie
from django.middleware import csrf as django_csrf
from django.utils import timezone

# SLOT: the scope's key under which served_once says which copy it served (a dict the ASGI
# application puts in for a live fetch it hands to Django).
from league.live.page_cache import _NOW, COPIES, WAIT_SECONDS, Copy, Key
from league.live.page_cache import SLOT as SLOT
from league.models import LiveEvent

log = logging.getLogger(__name__)

# Django's own CSRF helpers (private, untyped), so that a token made here is made as there.
_csrf: Any = django_csrf

Scope = MutableMapping[str, Any]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
Signature = tuple[bytes, ...]
Headers = list[tuple[bytes, bytes]]
Application = Callable[[Any, Any, Any], Awaitable[None]]

#: The most entries a web process keeps (the least recently used go first), and the longest
#: signature it keeps one for (a longer request always goes to Django).
MOST_ENTRIES = 1000
LONGEST_SIGNATURE = 4096
#: The most events read by one currency check; more means "not current" (go to Django).
MOST_EVENTS = 1000

_SIGNED_HEADERS = (
    b"host",
    b"accept-language",
    b"x-forwarded-proto",
    b"x-forwarded-host",
    b"x-forwarded-port",
    b"forwarded",
)
_PER_RESPONSE = (b"x-request-id", b"content-length", b"set-cookie")


@dataclass(frozen=True)
class Entry:
    """What Django answered a signature's last live fetch served from a copy."""

    key: Key
    topics: tuple[str, ...]
    copy: Copy
    status: int
    headers: Headers  # Django's, but for those of one response (_PER_RESPONSE)
    sets_csrf_cookie: bool


@dataclass(frozen=True)
class LiveFetch:
    """A live fetch's signature and its CSRF cookie ("" when it sent none)."""

    signature: Signature
    csrf_cookie: str


_entries: OrderedDict[Signature, Entry] = OrderedDict()
#: The live fetches Django is answering now, one a signature: the others of that signature
#: wait for its answer (a new copy after an event) rather than all go to Django.
_answering: dict[Signature, asyncio.Future[None]] = {}


def clear() -> None:
    _entries.clear()


async def answer(
    fetch: LiveFetch, scope: Scope, receive: Any, send: Send, django: Application
) -> None:
    """Answer a live fetch: from its copy when current, else after the answer Django is
    giving the same signature now (it renews the entry), else by ``django`` itself."""
    loop = asyncio.get_running_loop()
    if await serve(fetch, send):
        _used(fetch)
        return
    answering = _answering.get(fetch.signature)
    if answering is not None and answering.get_loop() is loop and not answering.done():
        with suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(answering), WAIT_SECONDS)
        if await serve(fetch, send):
            _used(fetch)
            return
    mine: asyncio.Future[None] | None = None
    if fetch.signature not in _answering or _answering[fetch.signature].done():
        mine = _answering[fetch.signature] = loop.create_future()
    slot: dict[str, Any] = {}
    start: dict[str, Any] = {}

    async def kept(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            start.update(message)
        await send(message)

    try:
        await django({**scope, SLOT: slot}, receive, kept)
        learn(fetch, slot, start)
    finally:
        if mine is not None:
            if _answering.get(fetch.signature) is mine:
                del _answering[fetch.signature]
            mine.set_result(None)


def live_fetch(scope: Scope) -> LiveFetch | None:
    """The request as a live fetch, or None when it is not one (or looks odd in any way)."""
    if scope.get("type") != "http" or scope.get("method") != "GET":
        return None
    raw_path = scope.get("raw_path")
    query = scope.get("query_string", b"")
    if not isinstance(raw_path, bytes) or not isinstance(query, bytes):
        return None
    found: dict[bytes, bytes] = {}
    for name, value in scope.get("headers", ()):
        name = name.lower()
        if name in found:  # a header twice: which one would Django read?
            return None
        found[name] = value
    if found.get(b"x-live") != b"1" or b"host" not in found:
        return None
    if found.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in found:
        return None
    # As Django reads them (headers are latin-1 there).
    cookies = parse_cookie(found.get(b"cookie", b"").decode("latin-1"))
    allowed = {settings.CSRF_COOKIE_NAME, settings.LANGUAGE_COOKIE_NAME}
    if not set(cookies) <= allowed or settings.CSRF_USE_SESSIONS:
        return None  # a session, a message waiting, or a cookie this module does not know
    signature: Signature = (
        str(scope.get("scheme", "http")).encode(),
        str(scope.get("root_path", "")).encode(),
        raw_path,
        query,
        cookies.get(settings.LANGUAGE_COOKIE_NAME, "\0").encode("latin-1", "replace"),
        *(found.get(name, b"\0") for name in _SIGNED_HEADERS),
    )
    if sum(len(part) for part in signature) > LONGEST_SIGNATURE:
        return None
    return LiveFetch(signature, cookies.get(settings.CSRF_COOKIE_NAME, ""))


def learn(fetch: LiveFetch, slot: dict[str, Any], start: MutableMapping[str, Any]) -> None:
    """Keep what Django answered ``fetch`` (``start``: its response's first message) if
    :func:`served_once` served it a copy (it wrote ``slot``)."""
    copy = slot.get("copy")
    if not isinstance(copy, Copy) or start.get("status") != 200:
        _forget(fetch.signature)
        return
    headers: Headers = []
    sets_csrf_cookie = False
    for name, value in start.get("headers", ()):
        if name.lower() == b"set-cookie":
            if not value.startswith(settings.CSRF_COOKIE_NAME.encode() + b"="):
                _forget(fetch.signature)  # a cookie of the view's own
                return
            sets_csrf_cookie = True
        else:
            headers.append((name, value))
    _entries[fetch.signature] = Entry(
        key=slot["key"],
        topics=tuple(slot["topics"]),
        copy=copy,
        status=200,
        headers=headers,
        sets_csrf_cookie=sets_csrf_cookie,
    )
    _entries.move_to_end(fetch.signature)
    while len(_entries) > MOST_ENTRIES:
        _forget(next(iter(_entries)))


def _used(fetch: LiveFetch) -> None:
    """The entries phones use stay longest."""
    if fetch.signature in _entries:
        _entries.move_to_end(fetch.signature)


def _forget(signature: Signature) -> None:
    _entries.pop(signature, None)


async def serve(fetch: LiveFetch, send: Send) -> bool:
    """Answer ``fetch`` from its entry's copy if it is current; False (nothing sent) when
    Django must answer it."""
    try:
        seconds = settings.LIVE_PAGE_COPY_SECONDS
        entry = _entries.get(fetch.signature)
        if not seconds or entry is None:
            return False
        copy = COPIES.get(entry.key)
        if copy is not entry.copy or time.monotonic() - copy.made >= seconds:
            return False
        if not await CHECKS.is_current(entry.topics, copy.version):
            return False
        body, headers = _response(fetch, entry, copy)
    except Exception:  # whatever it is, Django answers instead
        log.warning("live fast path: handed to Django", exc_info=True)
        return False
    await send({"type": "http.response.start", "status": entry.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
    return True


def _csrf_secret(cookie: str) -> str:
    """The visitor's CSRF secret as Django's CsrfViewMiddleware reads it from their cookie,
    or a new one, as it makes for a visitor with none or with a malformed one."""
    if cookie:
        try:
            _csrf._check_token_format(cookie)
        except _csrf.InvalidTokenFormat:
            return str(_csrf._get_new_csrf_string())
        if len(cookie) == _csrf.CSRF_TOKEN_LENGTH:
            return str(_csrf._unmask_cipher_token(cookie))
        return cookie
    return str(_csrf._get_new_csrf_string())


def _response(fetch: LiveFetch, entry: Entry, copy: Copy) -> tuple[bytes, Headers]:
    """The body and headers Django would answer: the copy with this visitor's CSRF token
    and this moment's clock (as served_once's), Django's headers with this response's id,
    length and CSRF cookie (as CsrfViewMiddleware sets it)."""
    content = copy.content
    secret = _csrf_secret(fetch.csrf_cookie)
    if copy.csrf_token:
        content = content.replace(copy.csrf_token, str(_csrf._mask_cipher_secret(secret)).encode())
    now_ms = int(timezone.now().timestamp() * 1000)
    content = _NOW.sub(b'data-now="%d"' % now_ms, content)
    headers: Headers = []
    for name, value in entry.headers:
        lower = name.lower()
        if lower == b"x-request-id":
            value = secrets.token_hex(4).encode()
        elif lower == b"content-length":
            value = str(len(content)).encode()
        headers.append((name, value))
    if entry.sets_csrf_cookie:
        cookie = HttpResponse()
        cookie.set_cookie(
            settings.CSRF_COOKIE_NAME,
            secret,
            max_age=settings.CSRF_COOKIE_AGE,
            domain=settings.CSRF_COOKIE_DOMAIN,
            path=settings.CSRF_COOKIE_PATH,
            secure=settings.CSRF_COOKIE_SECURE,
            httponly=settings.CSRF_COOKIE_HTTPONLY,
            samesite=settings.CSRF_COOKIE_SAMESITE,
        )
        for morsel in cookie.cookies.values():  # as Django's ASGIHandler writes them
            headers.append((b"Set-Cookie", morsel.output(header="").encode("ascii").strip()))
    return content, headers


class CurrencyChecks:
    """The check :func:`served_once` makes (no live event on the copy's topics above its
    version), for the fetches of one event loop: the fetches arriving while one query runs
    share the next, which starts once it ends (after each of them arrived), in a thread of its
    own (the loop never waits for the database)."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="live-currency")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[tuple[tuple[str, ...], int, asyncio.Future[bool]]] = []
        self._running: asyncio.Task[None] | None = None

    async def is_current(self, topics: tuple[str, ...], version: int) -> bool:
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # another loop (a test's): start afresh
            self._loop, self._waiting, self._running = loop, [], None
        future: asyncio.Future[bool] = loop.create_future()
        self._waiting.append((topics, version, future))
        if self._running is None or self._running.done():
            self._running = loop.create_task(self._run())
        return await future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting:
            batch, self._waiting = self._waiting, []
            questions = [(topics, version) for topics, version, _future in batch]
            try:
                answers = await loop.run_in_executor(self._executor, _answer, questions)
            except Exception:
                log.warning("live fast path: currency check failed", exc_info=True)
                answers = [False] * len(batch)
            for (_topics, _version, future), answer in zip(batch, answers, strict=True):
                if not future.done():
                    future.set_result(answer)


def _answer(questions: list[tuple[tuple[str, ...], int]]) -> list[bool]:
    """For each (topics, version): whether no event on those topics has an id above version.
    One query: the events after the oldest version (copies are seconds old: a few rows)."""
    try:
        rows = list(
            LiveEvent.objects.filter(pk__gt=min(version for _topics, version in questions))
            .order_by("pk")
            .values_list("pk", "topics")[:MOST_EVENTS]
        )
    finally:
        # With a pool the connection goes back to it; this thread holds none between checks.
        connections.close_all()
    if len(rows) >= MOST_EVENTS:
        return [False] * len(questions)
    # Compared without regard to case: never fewer matches than the database's LIKE.
    events = [(pk, topics.casefold()) for pk, topics in rows]
    answers = []
    for topics, version in questions:
        wanted = [f" {topic} ".casefold() for topic in topics]
        answers.append(
            not any(pk > version and any(w in stored for w in wanted) for pk, stored in events)
        )
    return answers


CHECKS = CurrencyChecks()
