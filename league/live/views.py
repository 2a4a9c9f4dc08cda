"""The event stream a live page listens to: ``GET /live/?topics=...`` (Server-Sent Events).

It says only *that* something a page shows changed (the event's id and topics); the page then
fetches itself again through the ordinary views and their access rules, so the stream needs no
access rule of its own and shows nobody anything they could not already read.

A page connects with ``at`` (when it was made, seconds since 1970 by the server's clock) and is
told at once if something changed since; a page that reconnects (the browser does so by itself
after a drop, a sleep or a server restart) sends the last event id it saw (``Last-Event-ID``)
and is told if it missed anything, once, however much it missed.
"""

from __future__ import annotations

import asyncio
import datetime
import queue
import re
import time
from collections.abc import AsyncIterator, Iterator

from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.views.decorators.http import require_GET

from league.live.hub import Event, Hub, hub
from league.models import LiveEvent

TOPIC = re.compile(r"^(games|(game|fixture|club|competition):\d{1,12}|competition:\d{1,12}:play)$")
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
        return "Say which topics to follow: ?topics=game:12"
    if len(words) > MAX_TOPICS:
        return f"At most {MAX_TOPICS} topics."
    wrong = [w for w in words if not TOPIC.match(w)]
    if wrong:
        return f"Unknown topic: {wrong[0][:40]}"
    return frozenset(words)


def missed(topics: frozenset[str], request: HttpRequest) -> int | None:
    """The id of the latest event the page missed (before connecting), or None."""
    matching = Q()
    for topic in topics:
        matching |= Q(topics__contains=f" {topic} ")
    events = LiveEvent.objects.filter(matching)
    # The browser's own reconnection sends the header; live.js, starting afresh, the parameter.
    last_seen = request.headers.get("Last-Event-ID") or request.GET.get("last", "")
    if last_seen.isdigit():
        events = events.filter(pk__gt=int(last_seen))
    else:
        try:
            made = float(request.GET.get("at", ""))
            events = events.filter(
                at__gte=datetime.datetime.fromtimestamp(made, tz=datetime.UTC) - CLOCK_SLACK
            )
        except (ValueError, OverflowError, OSError):
            return None  # a page that says nothing of its age: only what happens from now
    latest = events.order_by("-pk").values_list("pk", flat=True).first()
    return latest


def message(event_id: int, topics: frozenset[str] | None = None) -> bytes:
    data = " ".join(sorted(topics)) if topics else "changed"
    return f"id: {event_id}\ndata: {data}\n\n".encode()


@require_GET
def events(request: HttpRequest) -> HttpResponseBase:
    topics = topics_asked(request)
    if isinstance(topics, str):
        return HttpResponse(topics, status=400, content_type="text/plain; charset=utf-8")
    the_hub = hub()
    if the_hub.open_pages >= MAX_OPEN_PAGES:
        response = HttpResponse(
            "Too many open pages on this server: reload by hand.",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
        response["Retry-After"] = "30"
        return response
    first = [f"retry: {RETRY_MILLISECONDS}\n\n".encode()]
    if isinstance(request, ASGIRequest):
        stream: Iterator[bytes] | AsyncIterator[bytes] = _async_stream(the_hub, topics, first)
    else:
        stream = _sync_stream(the_hub, topics, first)
    # Subscribed before looking for missed events: one that commits in between is then either
    # found or delivered (the streams skip ids they have sent).
    latest = missed(topics, request)
    if latest is not None:
        first.append(message(latest))
    # The stream itself needs no database: give the connection back now rather than hold it
    # for as long as the page stays open (hundreds of pages would use up the server's).
    connections.close_all()
    streaming = StreamingHttpResponse(stream, content_type="text/event-stream")
    streaming["Cache-Control"] = "no-cache, no-store"
    streaming["X-Accel-Buffering"] = "no"  # nginx and friends: pass each event on at once
    return streaming


class _Gate:
    """Subscribes at once (so no event is missed while the missed ones are looked up), and
    remembers the highest id sent so that none is sent twice."""

    def __init__(self, sent: list[bytes]) -> None:
        self.sent_up_to = 0
        self.first = sent

    def first_messages(self) -> list[bytes]:
        for chunk in self.first:
            if chunk.startswith(b"id: "):
                self.sent_up_to = int(chunk[4:].split(b"\n", 1)[0])
        return self.first

    def fresh(self, event: Event) -> bool:
        if event.id <= self.sent_up_to:
            return False
        self.sent_up_to = event.id
        return True


def _async_stream(the_hub: Hub, topics: frozenset[str], first: list[bytes]) -> AsyncIterator[bytes]:
    # The hub's thread queues events (thread-safe) and, once the stream runs on its event loop,
    # wakes it; events arriving before that simply wait in the queue.
    waiting: queue.SimpleQueue[Event] = queue.SimpleQueue()
    wake = asyncio.Event()
    loop: asyncio.AbstractEventLoop | None = None

    def deliver(event: Event) -> None:
        waiting.put(event)
        if loop is not None:
            loop.call_soon_threadsafe(wake.set)

    subscription = the_hub.subscribe(topics, deliver)
    gate = _Gate(first)

    async def stream() -> AsyncIterator[bytes]:
        nonlocal loop
        loop = asyncio.get_running_loop()
        ends = time.monotonic() + STREAM_SECONDS
        try:
            for chunk in gate.first_messages():
                yield chunk
            while time.monotonic() < ends:
                wake.clear()
                sent = False
                while not waiting.empty():
                    event = waiting.get_nowait()
                    if gate.fresh(event):
                        sent = True
                        yield message(event.id, event.topics & topics)
                if sent:
                    continue
                try:
                    await asyncio.wait_for(wake.wait(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield b": still here\n\n"
        finally:
            the_hub.unsubscribe(subscription)

    return stream()


def _sync_stream(the_hub: Hub, topics: frozenset[str], first: list[bytes]) -> Iterator[bytes]:
    waiting: queue.SimpleQueue[Event] = queue.SimpleQueue()
    subscription = the_hub.subscribe(topics, waiting.put)
    gate = _Gate(first)

    def stream() -> Iterator[bytes]:
        ends = time.monotonic() + STREAM_SECONDS
        try:
            yield from gate.first_messages()
            while time.monotonic() < ends:
                try:
                    event = waiting.get(timeout=HEARTBEAT_SECONDS)
                except queue.Empty:
                    yield b": still here\n\n"
                    continue
                if gate.fresh(event):
                    yield message(event.id, event.topics & topics)
        finally:
            the_hub.unsubscribe(subscription)

    return stream()


def now_timestamp() -> float:
    """What a page says of when it was made (the ``at`` it connects with)."""
    return timezone.now().timestamp()
