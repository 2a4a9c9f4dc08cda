"""Each web process's *hub*: one thread that learns of new events and hands them to the open
pages of this process that follow their topics.

On PostgreSQL it sleeps on ``LISTEN``: the publishing process's ``NOTIFY`` (sent at commit,
whatever machine it runs on) wakes it at once and carries the event. On SQLite, one laptop with
nothing else installed, it reads the :class:`LiveEvent` rows after the last it handed on every
:data:`POLL_SECONDS` (writes take turns there, so rows commit in id order). On PostgreSQL it
reads the rows it may have missed whenever it (re)connects.
The thread starts with the first open page and ends after a minute with none.
"""

from __future__ import annotations

import datetime
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass

from django.db import connections
from django.utils import timezone

from league.live.publish import CHANNEL
from league.models import LiveEvent

log = logging.getLogger(__name__)

POLL_SECONDS = 0.1  # SQLite: how often to look for new events
LISTEN_SECONDS = 2.0  # PostgreSQL: the longest sleep without a NOTIFY (a safety net)
IDLE_SECONDS = 60.0  # the thread ends after this long with no open page
KEEP = datetime.timedelta(days=2)  # events older than this are deleted
PRUNE_EVERY = 600.0
STARTING_SLACK = datetime.timedelta(seconds=5)


@dataclass(frozen=True)
class Event:
    """A committed change: its id (the order pages catch up in) and the topics it touched."""

    id: int
    topics: frozenset[str]


@dataclass(eq=False)
class Subscription:
    """One open page: the topics it follows and how to hand it an event (called from the
    hub's thread, so it must only queue the event)."""

    topics: frozenset[str]
    deliver: Callable[[Event], None]


class Claim:
    """One address's hold on one open stream (:meth:`Hub.claim`); given back once, by
    :meth:`release`, however many times it is called (the stream's end and the response's
    closing both call it)."""

    def __init__(self, hub: Hub, address: str) -> None:
        self._hub = hub
        self.address = address
        self._released = False

    def release(self) -> None:
        with self._hub._lock:
            if self._released:
                return
            self._released = True
            left = self._hub._streams_by_address[self.address] - 1
            if left > 0:
                self._hub._streams_by_address[self.address] = left
            else:
                del self._hub._streams_by_address[self.address]


class Hub:
    def __init__(self, using: str = "default") -> None:
        self.using = using
        self._lock = threading.Lock()
        self._subscriptions: set[Subscription] = set()
        # The open streams of each client address (claimed before a stream starts, so that
        # one client cannot hold every stream a process may keep open).
        self._streams_by_address: dict[str, int] = {}
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._last_id: int | None = None
        # The ids handed on lately: on PostgreSQL an event may come both from a NOTIFY and
        # from reading the table after a reconnection.
        self._recent: deque[int] = deque(maxlen=200)
        self._last_prune = 0.0
        self._idle_since = time.monotonic()

    @property
    def open_pages(self) -> int:
        return len(self._subscriptions)

    def streams_of(self, address: str) -> int:
        """How many streams ``address`` holds open now."""
        with self._lock:
            return self._streams_by_address.get(address, 0)

    def claim(self, address: str, most: int) -> Claim | None:
        """One more open stream for ``address``, or None if it holds ``most`` already."""
        with self._lock:
            held = self._streams_by_address.get(address, 0)
            if held >= most:
                return None
            self._streams_by_address[address] = held + 1
        return Claim(self, address)

    def subscribe(self, topics: frozenset[str], deliver: Callable[[Event], None]) -> Subscription:
        subscription = Subscription(topics, deliver)
        with self._lock:
            self._subscriptions.add(subscription)
            if self._thread is None or not self._thread.is_alive():
                self._stop.clear()
                self._thread = threading.Thread(target=self._run, name="live-hub", daemon=True)
                self._thread.start()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            self._subscriptions.discard(subscription)
            if not self._subscriptions:
                self._idle_since = time.monotonic()

    def stop(self, timeout: float = 5.0) -> None:
        """End the thread (and close its database connection): for tests and shutdown."""
        self._stop.set()
        # Read under the lock: subscribe() creates and starts the thread inside it, so a thread
        # read here has been started (joining one a moment before its start raises).
        with self._lock:
            thread = self._thread
        if (
            thread is not None
            and thread is not threading.current_thread()
            and thread.ident is not None
        ):
            thread.join(timeout)
        self._thread = None
        self._last_id = None
        self._recent.clear()

    # -- the thread ------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            while not self._stop.is_set() and not self._idle_too_long():
                try:
                    self._serve()
                except Exception:  # the database went away: wait, then start again
                    log.warning("live hub: lost the database, retrying", exc_info=True)
                    connections[self.using].close()
                    self._stop.wait(1.0)
        finally:
            connections[self.using].close()
            with self._lock:
                if self._thread is threading.current_thread():
                    self._thread = None

    def _idle_too_long(self) -> bool:
        with self._lock:
            idle = not self._subscriptions
            return idle and time.monotonic() - self._idle_since > IDLE_SECONDS

    def _serve(self) -> None:
        connection = connections[self.using]
        if self._last_id is None:
            # Start after what was there a few seconds ago, not after what is there now: an
            # event committed while this thread was starting reaches the page that started it
            # (a page hearing twice of a change only looks once more).
            self._last_id = (
                LiveEvent.objects.using(self.using)
                .filter(at__lt=timezone.now() - STARTING_SLACK)
                .order_by("-pk")
                .values_list("pk", flat=True)
                .first()
                or 0
            )
        if connection.vendor == "postgresql":
            connection.ensure_connection()
            with connection.cursor() as cursor:
                cursor.execute(f"LISTEN {CHANNEL}")
            listener = connection.connection
            try:
                # What was committed before the LISTEN took hold (or while the database was
                # away).
                self._hand_on_new_events()
                while not self._stop.is_set() and not self._idle_too_long():
                    # NOTIFY is delivered at commit, in commit order, with the event in its
                    # payload.
                    for notice in listener.notifies(timeout=LISTEN_SECONDS):
                        self._hand_on(notice.payload)
                        if self._stop.is_set():
                            break
                    self._prune()
            finally:
                # With a pool (settings.DB_POOL_SIZE), closing the connection gives it back
                # to be some request's: not still listening. A broken one is not given back.
                with suppress(Exception), connection.cursor() as cursor:
                    cursor.execute(f"UNLISTEN {CHANNEL}")
        else:
            while not self._stop.is_set() and not self._idle_too_long():
                self._hand_on_new_events()
                self._stop.wait(POLL_SECONDS)

    def _hand_on(self, payload: str) -> None:
        number, _, topics = payload.partition(" ")
        if not number.isdigit():
            return
        pk = int(number)
        assert self._last_id is not None
        if pk in self._recent:
            return
        self._recent.append(pk)
        self._last_id = max(self._last_id, pk)
        self._dispatch(Event(pk, frozenset(topics.split())))

    def _hand_on_new_events(self) -> None:
        """Read the events after the last handed on: SQLite's every look, PostgreSQL's on
        (re)connecting. (On SQLite writers take turns, so ids commit in order.)"""
        assert self._last_id is not None
        rows = (
            LiveEvent.objects.using(self.using)
            .filter(pk__gt=self._last_id)
            .order_by("pk")
            .values_list("pk", "topics")[:1000]
        )
        for pk, topics in rows:
            self._hand_on(f"{pk}{topics.rstrip()}")
        self._prune()

    def _dispatch(self, event: Event) -> None:
        with self._lock:
            subscriptions = list(self._subscriptions)
        for subscription in subscriptions:
            if subscription.topics & event.topics:
                try:
                    subscription.deliver(event)
                except Exception:  # a page that has gone: its stream unsubscribes itself
                    log.debug("live hub: could not deliver", exc_info=True)

    def _prune(self) -> None:
        now = time.monotonic()
        if now - self._last_prune < PRUNE_EVERY:
            return
        self._last_prune = now
        LiveEvent.objects.using(self.using).filter(at__lt=timezone.now() - KEEP).delete()


_hub: Hub | None = None
_hub_lock = threading.Lock()


def hub() -> Hub:
    """This process's hub."""
    global _hub
    with _hub_lock:
        if _hub is None:
            _hub = Hub()
        return _hub
