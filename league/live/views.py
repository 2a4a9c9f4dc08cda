"""The event stream a live page listens to: ``GET /live/?topics=...`` (Server-Sent Events).

It says only *that* something a page shows changed (the event's id and topics); the page then
fetches itself again through the ordinary views and their access rules, so the stream needs no
access rule of its own and shows nobody anything they could not already read.

A page connects with ``at`` (when it was made, seconds since 1970 by the server's clock) and is
told at once if something changed since; a page that reconnects (the browser does so by itself
after a drop, a sleep or a server restart) sends the last event id it saw (``Last-Event-ID``)
and is told if it missed anything, once, however much it missed.

One client address holds at most ``LIVE_STREAMS_PER_ADDRESS`` streams of a process at once (a
club laptop with a few pages open is far below it); one more is refused with 429 and
``Retry-After``, so that one client cannot hold every stream the process keeps
(:data:`MAX_OPEN_PAGES`) and push everybody else to 503. The address is the one the sign-in
throttle counts (``REMOTE_ADDR``; README "Running it for real" on proxies).
"""

from __future__ import annotations

import asyncio
import datetime
import queue
import re
import time
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from axes.helpers import get_client_ip_address
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.live.hub import Claim, Event, Hub, hub
from league.models import LiveEvent

# ASCII digits only: ``\d`` would take "١٢" too.
TOPIC = re.compile(
    r"games|(game|fixture|club|competition):[0-9]{1,12}|competition:[0-9]{1,12}:play"
)
MAX_TOPICS = 8
MAX_OPEN_PAGES = 2000  # a process's limit: beyond it, pages fall back to reloading by hand
HEARTBEAT_SECONDS = 15.0  # a comment this often, so that a dead connection is noticed
STREAM_SECONDS = 1800.0  # then the stream ends and the browser reconnects (catching up)
RETRY_MILLISECONDS = 1000  # how soon the browser reconnects after a drop
CLOCK_SLACK = datetime.timedelta(seconds=2)  # between a page being made and its stream


def topics_asked(request: HttpRequest) -> frozenset[str] | str:
    """The valid topics of the request, or why there are none."""
    words = request.GET.get("topics", "").split()
    if not words:
        return _("Say which topics to follow: %(example)s") % {"example": "?topics=game:12"}
    if len(words) > MAX_TOPICS:
        return _("At most %(count)d topics.") % {"count": MAX_TOPICS}
    wrong = [w for w in words if not TOPIC.fullmatch(w)]
    if wrong:
        return _("Unknown topic: %(topic)s") % {"topic": wrong[0][:40]}
    return frozenset(words)


#: An event id as a page may send it back: ASCII digits only (``str.isdigit`` also takes "²").
EVENT_ID = re.compile(r"[0-9]{1,18}")


class Since:
    """What a page says of what it has seen: the last event id (the browser's own reconnection
    sends the ``Last-Event-ID`` header; live.js, starting afresh, ``?last=``), or when it was
    made (``?at=``, seconds since 1970 by the server's clock), kept as ``changed_since``: that
    time less the clocks' slack; neither, or nonsense: nothing, and it hears only of what
    happens from now."""

    def __init__(self, request: HttpRequest) -> None:
        last = request.headers.get("Last-Event-ID") or request.GET.get("last", "")
        self.last_id = int(last) if EVENT_ID.fullmatch(last) else None
        self.changed_since: datetime.datetime | None = None
        if self.last_id is None:
            try:
                made = float(request.GET.get("at", ""))
                made_at = datetime.datetime.fromtimestamp(made, tz=datetime.UTC)
                # Here, not in the stream: a page "made" in the year 1 (?at=-62135596800)
                # overflows with the slack taken off, and is nonsense like the others.
                self.changed_since = made_at - CLOCK_SLACK
            except (ValueError, OverflowError, OSError):
                pass


def missed(topics: frozenset[str], since: Since) -> int | None:
    """The id of the latest event of ``topics`` the page missed, or None."""
    if since.last_id is None and since.changed_since is None:
        return None
    matching = Q()
    for topic in topics:
        matching |= Q(topics__contains=f" {topic} ")
    events = LiveEvent.objects.filter(matching)
    if since.last_id is not None:
        events = events.filter(pk__gt=since.last_id)
    else:
        assert since.changed_since is not None
        events = events.filter(at__gte=since.changed_since)
    return events.order_by("-pk").values_list("pk", flat=True).first()


def missed_then_let_go(topics: frozenset[str], since: Since) -> int | None:
    """:func:`missed`, then the database connection given back: the stream needs none, and
    hundreds of open pages must not hold hundreds of connections."""
    try:
        return missed(topics, since)
    finally:
        connections.close_all()


def message(event_id: int, topics: frozenset[str] | None = None) -> bytes:
    data = " ".join(sorted(topics)) if topics else "changed"
    return f"id: {event_id}\ndata: {data}\n\n".encode()


RETRY = f"retry: {RETRY_MILLISECONDS}\n\n".encode()
STILL_HERE = b": still here\n\n"


@require_GET
def events(request: HttpRequest) -> HttpResponseBase:
    topics = topics_asked(request)
    if isinstance(topics, str):
        return HttpResponse(topics, status=400, content_type="text/plain; charset=utf-8")
    the_hub = hub()
    if the_hub.open_pages >= MAX_OPEN_PAGES:
        response = HttpResponse(
            _("Too many open pages on this server: reload by hand."),
            status=503,
            content_type="text/plain; charset=utf-8",
        )
        response["Retry-After"] = "30"
        return response
    address = get_client_ip_address(request) or ""
    claim = the_hub.claim(address, settings.LIVE_STREAMS_PER_ADDRESS)
    if claim is None:
        response = HttpResponse(
            _("Too many live pages are open from this device: close some, or reload by hand."),
            status=429,
            content_type="text/plain; charset=utf-8",
        )
        response["Retry-After"] = "30"
        return response
    since = Since(request)
    stream: _ClaimedStream | _ClaimedAsyncStream
    if isinstance(request, ASGIRequest):
        stream = _ClaimedAsyncStream(_async_stream(the_hub, topics, since, claim), claim)
    else:
        stream = _ClaimedStream(_sync_stream(the_hub, topics, since, claim), claim)
    connections.close_all()  # whatever the middleware read: the stream holds no connection
    streaming = StreamingHttpResponse(stream, content_type="text/event-stream")
    streaming["Cache-Control"] = "no-cache, no-store"
    streaming["X-Accel-Buffering"] = "no"  # nginx and friends: pass each event on at once
    return streaming


class _ClaimedStream:
    """A stream whose address's claim is given back when the response closes, even if the
    stream never ran (a generator's ``finally`` runs only once it has started)."""

    def __init__(self, stream: Iterator[bytes], claim: Claim) -> None:
        self._stream = stream
        self._claim = claim

    def __iter__(self) -> Iterator[bytes]:
        return self._stream

    def close(self) -> None:
        self._claim.release()
        close = getattr(self._stream, "close", None)
        if close is not None:
            close()


class _ClaimedAsyncStream:
    """:class:`_ClaimedStream` for the event loop's stream (Django closes the response from a
    thread, so the async generator itself ends through its own cancellation)."""

    def __init__(self, stream: AsyncIterator[bytes], claim: Claim) -> None:
        self._stream = stream
        self._claim = claim

    def __aiter__(self) -> AsyncIterator[bytes]:
        return self._stream

    def close(self) -> None:
        self._claim.release()


class _Sent:
    """The highest event id a stream has sent, so that none is sent twice (an event may come
    both as missed and from the hub)."""

    def __init__(self) -> None:
        self.up_to = 0

    def fresh(self, event_id: int) -> bool:
        if event_id <= self.up_to:
            return False
        self.up_to = event_id
        return True


# Both streams subscribe when they start running, inside their try, so that a stream that
# fails or never runs leaves nothing behind; they subscribe before looking for missed events,
# so that an event committed in between is found, delivered, or both (and then sent once).


async def _async_stream(
    the_hub: Hub, topics: frozenset[str], since: Since, claim: Claim
) -> AsyncIterator[bytes]:
    # The hub's thread queues events (thread-safe) and wakes this stream on its event loop.
    waiting: queue.SimpleQueue[Event] = queue.SimpleQueue()
    wake = asyncio.Event()
    loop = asyncio.get_running_loop()

    def deliver(event: Event) -> None:
        waiting.put(event)
        loop.call_soon_threadsafe(wake.set)

    subscription = the_hub.subscribe(topics, deliver)
    sent = _Sent()
    ends = time.monotonic() + STREAM_SECONDS
    try:
        yield RETRY
        latest = await sync_to_async(missed_then_let_go)(topics, since)
        if latest is not None and sent.fresh(latest):
            yield message(latest)
        while time.monotonic() < ends:
            wake.clear()
            news = False
            while not waiting.empty():
                event = waiting.get_nowait()
                if sent.fresh(event.id):
                    news = True
                    yield message(event.id, event.topics & topics)
            if news:
                continue
            try:
                await asyncio.wait_for(wake.wait(), HEARTBEAT_SECONDS)
            except TimeoutError:
                yield STILL_HERE
    finally:
        the_hub.unsubscribe(subscription)
        claim.release()


def _sync_stream(
    the_hub: Hub, topics: frozenset[str], since: Since, claim: Claim
) -> Iterator[bytes]:
    waiting: queue.SimpleQueue[Event] = queue.SimpleQueue()
    subscription = the_hub.subscribe(topics, waiting.put)
    sent = _Sent()
    ends = time.monotonic() + STREAM_SECONDS
    try:
        yield RETRY
        latest = missed_then_let_go(topics, since)
        if latest is not None and sent.fresh(latest):
            yield message(latest)
        while time.monotonic() < ends:
            try:
                event = waiting.get(timeout=HEARTBEAT_SECONDS)
            except queue.Empty:
                yield STILL_HERE
                continue
            if sent.fresh(event.id):
                yield message(event.id, event.topics & topics)
    finally:
        the_hub.unsubscribe(subscription)
        claim.release()
