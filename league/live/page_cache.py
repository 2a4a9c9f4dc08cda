"""A live page rendered once per change and served to every visitor: :func:`served_once`.

A room of phones follows a club evening's pages (its page, the room's screen): after each live
event every phone fetches its page again (``static/js/live.js``). Rendering the page for each
of 200 phones at once is 200 times the same work, and on PostgreSQL 200 connections at once;
a web process renders it once instead and gives that copy to the others.

Words:

- a *visitor*: a GET by somebody not signed in, with no message waiting for them (a signed-in
  person's page has their menu, an organiser's has forms; a message shows once, to one reader).
- a *copy*: the bytes of one page as one visitor was given it, kept by the web process under
  its *key* (the page's address with its query, host and scheme, the language and time zone
  it was made in) with its *version*: the newest :class:`~league.models.LiveEvent` id read
  before it was rendered.
- a copy is *current* while no live event on the page's topics has an id above its version
  and it is younger than ``LIVE_PAGE_COPY_SECONDS``. The age bounds what an event does not
  say (a club renamed) and an event missed because PostgreSQL committed ids out of order (a
  smaller id committed after a larger one was read); 0 turns copies off.

What belongs to one response only is put in when a copy is served: the visitor's own CSRF
token in place of the one it was rendered with (the language switch posts it) and the
screen's clock (``data-now``: the time of this response).

The web processes of one computer render a page in turns and take each other's current copy
(:mod:`league.live.shared_copies`); a phone's refetch of a copy Django has just given the same
request is answered before Django's per-request work (:mod:`league.live.fast_path`, told here
which copy each such request was given).
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.messages import get_messages
from django.db import connections
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation

from league.live.shared_copies import SharedCopies
from league.models import LiveEvent

#: The most copies a web process keeps, and the most bytes they take together (the least
#: recently served go first): a club's pages in a few languages are a few dozen copies, a
#: marathon evening's page a few hundred kilobytes; any query string makes a copy of its own.
MOST_COPIES = 300
MOST_BYTES = 32 * 1024 * 1024
#: How long a visitor waits for the copy another request is rendering before rendering the
#: page itself.
WAIT_SECONDS = 10.0

_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"')
_NOW = re.compile(rb'data-now="\d+"')

Key = tuple[str, str, str, str, str]
#: The ASGI scope's key of the dict in which a request says which copy it was given
#: (league.live.fast_path).
SLOT = "hicksheet.live_copy"


@dataclass(frozen=True)
class Copy:
    """One page as rendered for a visitor (see the module's words)."""

    content: bytes
    content_type: str
    version: int
    made: float  # time.monotonic() before it was rendered
    csrf_token: bytes  # the token it was rendered with; b"" when it has none


class PageCopies:
    """A web process's copies, and the keys being rendered right now (the others asking for
    one wait for it rather than render it too: the point when 200 phones ask at once)."""

    def __init__(self, most: int = MOST_COPIES, most_bytes: int = MOST_BYTES) -> None:
        self.most = most
        self.most_bytes = most_bytes
        self._bytes = 0
        self._lock = threading.Lock()
        self._copies: OrderedDict[Key, Copy] = OrderedDict()
        self._rendering: dict[Key, threading.Event] = {}

    def clear(self) -> None:
        with self._lock:
            self._copies.clear()
            self._bytes = 0

    def get(self, key: Key) -> Copy | None:
        with self._lock:
            copy = self._copies.get(key)
            if copy is not None:
                self._copies.move_to_end(key)
            return copy

    def put(self, key: Key, copy: Copy) -> None:
        with self._lock:
            replaced = self._copies.pop(key, None)
            if replaced is not None:
                self._bytes -= len(replaced.content)
            self._copies[key] = copy
            self._bytes += len(copy.content)
            while len(self._copies) > self.most or (
                self._bytes > self.most_bytes and len(self._copies) > 1
            ):
                _key, dropped = self._copies.popitem(last=False)
                self._bytes -= len(dropped.content)

    def start_rendering(self, key: Key) -> threading.Event | None:
        """The event to set once this request's rendering is done, or None when another
        request is rendering the key already (then :meth:`wait` for it)."""
        with self._lock:
            if key in self._rendering:
                return None
            done = self._rendering[key] = threading.Event()
            return done

    def finish_rendering(self, key: Key, done: threading.Event) -> None:
        with self._lock:
            if self._rendering.get(key) is done:
                del self._rendering[key]
        done.set()

    def wait(self, key: Key, seconds: float) -> None:
        with self._lock:
            done = self._rendering.get(key)
        if done is not None:
            done.wait(seconds)


COPIES = PageCopies()


def served_once(
    request: HttpRequest, topics: list[str], render: Callable[[], HttpResponse]
) -> HttpResponse:
    """The page ``render`` makes, for a visitor from a current copy when there is one.

    Call it where the page's language and time zone are in force (after the view's own
    lookups), with the live topics the page follows."""
    seconds = settings.LIVE_PAGE_COPY_SECONDS
    if not seconds or not _is_visitor(request):
        return render()
    key: Key = (
        request.scheme or "",
        request.get_host(),
        request.get_full_path(),
        translation.get_language() or "",
        timezone.get_current_timezone_name(),
    )
    # A few turns at most: each either serves a copy, renders one, or waits for another
    # request's rendering and looks again (that copy may already be behind an event).
    for _turn in range(3):
        copy = COPIES.get(key)
        if copy is not None and _is_current(copy, topics, seconds):
            _tell_the_fast_path(request, key, topics, copy)
            return _serve(request, copy)
        done = COPIES.start_rendering(key)
        if done is None:
            _give_back_connections()
            COPIES.wait(key, WAIT_SECONDS)
            continue
        try:
            return _render(request, key, topics, render)
        finally:
            COPIES.finish_rendering(key, done)
    return render()


def _give_back_connections() -> None:
    """A request waiting for another's rendering holds no database connection meanwhile: with
    a pool (settings.DB_POOL_SIZE) a few dozen waiters would hold every connection, and the
    request rendering the page would wait for one of them (the next query opens one again)."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _is_visitor(request: HttpRequest) -> bool:
    if request.method != "GET" or request.user.is_authenticated:
        return False
    # Loading the messages does not mark them read: the page rendered below still shows them.
    return len(get_messages(request)) == 0


def _is_current(copy: Copy, topics: list[str], seconds: int) -> bool:
    if time.monotonic() - copy.made >= seconds:
        return False
    touching = Q()
    for topic in topics:
        touching |= Q(topics__contains=f" {topic} ")
    # One query: the primary key bounds the rows it reads to the events since the copy.
    return not LiveEvent.objects.filter(touching, pk__gt=copy.version).exists()


def _render(
    request: HttpRequest, key: Key, topics: list[str], render: Callable[[], HttpResponse]
) -> HttpResponse:
    """Render the page, unless another web process has just done so (its copy is current):
    the processes take turns, each after the other's copy (league.live.shared_copies)."""
    shared = SharedCopies.here()
    if shared is None:
        return _render_here(request, key, topics, render, None)
    with shared.rendering(key, WAIT_SECONDS, _give_back_connections):
        found = shared.read(key)
        copy = _from_shared(*found) if found is not None else None
        if copy is not None and _is_current(copy, topics, settings.LIVE_PAGE_COPY_SECONDS):
            COPIES.put(key, copy)
            _tell_the_fast_path(request, key, topics, copy)
            return _serve(request, copy)
        return _render_here(request, key, topics, render, shared)


def _from_shared(head: dict[str, object], content: bytes) -> Copy | None:
    made, version = head.get("made"), head.get("version")
    content_type, token = head.get("content_type"), head.get("csrf_token")
    if not (
        isinstance(made, float)
        and isinstance(version, int)
        and isinstance(content_type, str)
        and isinstance(token, str)
    ):
        return None
    return Copy(
        content=content,
        content_type=content_type,
        version=version,
        # Its age by the wall clock (the processes' monotonic clocks need not agree).
        made=time.monotonic() - (time.time() - made),
        csrf_token=token.encode(),
    )


def _render_here(
    request: HttpRequest,
    key: Key,
    topics: list[str],
    render: Callable[[], HttpResponse],
    shared: SharedCopies | None,
) -> HttpResponse:
    made, made_on_the_wall = time.monotonic(), time.time()
    # Read before rendering: an event committed meanwhile is newer than the copy's version,
    # so the next request renders again rather than miss it.
    version = LiveEvent.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    response = render()
    if (
        response.status_code == 200
        and not response.streaming
        and not response.cookies  # the view's cookies are one visitor's
    ):
        found = _TOKEN.search(response.content)
        copy = Copy(
            content=response.content,
            content_type=response["Content-Type"],
            version=version,
            made=made,
            csrf_token=found.group(1) if found else b"",
        )
        COPIES.put(key, copy)
        _tell_the_fast_path(request, key, topics, copy)
        if shared is not None:
            head = {
                "version": version,
                "made": made_on_the_wall,
                "content_type": copy.content_type,
                "csrf_token": copy.csrf_token.decode(),
            }
            shared.write(key, head, copy.content)
    return response


def _tell_the_fast_path(request: HttpRequest, key: Key, topics: list[str], copy: Copy) -> None:
    """Say which copy this visitor was given, to the ASGI application that asked
    (:mod:`league.live.fast_path`: it serves the next such request itself)."""
    slot = getattr(request, "scope", {}).get(SLOT)
    if isinstance(slot, dict):
        slot.update(key=key, topics=topics, copy=copy)


def _serve(request: HttpRequest, copy: Copy) -> HttpResponse:
    content = copy.content
    if copy.csrf_token:
        # This visitor's token (and, as for any page with a form, their CSRF cookie).
        content = content.replace(copy.csrf_token, get_token(request).encode())
    now_ms = int(timezone.now().timestamp() * 1000)
    content = _NOW.sub(b'data-now="%d"' % now_ms, content)
    return HttpResponse(content, content_type=copy.content_type)
