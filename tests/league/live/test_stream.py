"""The event stream a live page listens to: what it refuses, what it replays to a page that
was away, and that an event committed by another connection reaches an open stream."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient, Client, RequestFactory

from league.live import views as live_views
from league.live.hub import Event, Hub, Subscription
from league.live.publish import write_event
from league.models import LiveEvent

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def own_hub(monkeypatch):
    """A hub of the test's own: the process's hub may still count the pages of browser tests
    run before (their streams end at their next heartbeat)."""
    fresh = Hub()
    monkeypatch.setattr(live_views, "hub", lambda: fresh)
    yield fresh
    fresh.stop()


def open_stream(client: Client, address: str, **headers: str):
    response = client.get(address, headers=headers)
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/event-stream"
    chunks = iter(response.streaming_content)
    assert next(chunks) == b"retry: 1000\n\n"
    return response, chunks


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("", b"Say which topics to follow"),
        ("?topics=game:1+game:2+game:3+game:4+game:5+game:6+game:7+game:8+game:9", b"At most 8"),
        ("?topics=game:x", b"Unknown topic: game:x"),
        ("?topics=secret:1", b"Unknown topic"),
        ("?topics=competition:1:results", b"Unknown topic"),
        ("?topics=game:%D9%A1%D9%A2", b"Unknown topic"),  # Arabic-Indic digits
        ("?topics=game:1:play", b"Unknown topic"),
    ],
)
def test_a_stream_for_no_topic_or_an_unknown_one_is_refused_in_words(query, said) -> None:
    response = Client().get(f"/live/{query}")
    assert response.status_code == 400
    assert said in response.content
    assert Client().post("/live/?topics=games").status_code == 405


def test_a_page_back_from_a_drop_hears_once_of_what_it_missed_for_its_topics() -> None:
    seen = write_event(["game:1"])
    write_event(["game:1", "games"])
    latest = write_event(["game:12"])  # game:12 is not game:1
    missed = write_event(["fixture:3", "game:1"])
    response, chunks = open_stream(
        Client(), "/live/?topics=game:1", **{"Last-Event-ID": str(seen.pk)}
    )
    assert next(chunks) == f"id: {missed.pk}\ndata: changed\n\n".encode()
    response.close()
    # Nothing missed for game:12 since its last event: nothing to replay.
    assert live_views.missed(frozenset({"game:12"}), _since(f"last={latest.pk}")) is None
    assert live_views.missed(frozenset({"game:12"}), _since(f"last={latest.pk - 1}")) == latest.pk


def test_a_new_page_hears_of_changes_since_it_was_made_but_not_of_older_ones() -> None:
    event = write_event(["games"])
    made_before = event.at.timestamp() - 60
    response, chunks = open_stream(Client(), f"/live/?topics=games&at={made_before}")
    assert next(chunks) == f"id: {event.pk}\ndata: changed\n\n".encode()
    response.close()
    games = frozenset({"games"})
    assert live_views.missed(games, _since(f"at={time.time() + 60}")) is None
    assert live_views.missed(games, _since(f"last={event.pk - 1}")) == event.pk
    for nonsense in (
        "at=nonsense",
        "at=1e400",
        "at=nan",
        "at=-62135596800",  # the year 1: the clock's slack would go before it
        "last=-1",
        "last=%C2%B2",
        "last=1x",
    ):
        assert live_views.missed(games, _since(nonsense)) is None, nonsense


def _since(query: str) -> live_views.Since:
    return live_views.Since(RequestFactory().get(f"/live/?topics=games&{query}"))


@pytest.mark.parametrize("header", ["²", "-1", "9" * 40, "١٢"])
def test_an_odd_last_event_id_is_no_error_and_leaves_no_open_page_behind(header, own_hub) -> None:
    response, chunks = open_stream(Client(), "/live/?topics=games", **{"Last-Event-ID": header})
    response.close()
    # A stream asked for and never read leaves nothing behind either.
    Client().get("/live/?topics=games&last=%C2%B2")
    assert own_hub.open_pages == 0


def test_an_event_committed_elsewhere_reaches_an_open_stream(monkeypatch, own_hub) -> None:
    monkeypatch.setattr(live_views, "HEARTBEAT_SECONDS", 5.0)
    response, chunks = open_stream(Client(), "/live/?topics=game:5+games")
    # Another connection (another web process, as far as the database can tell) commits.
    other = threading.Timer(0.3, lambda: write_event(["game:5", "fixture:1"]))
    other.start()
    chunk = next(chunks)
    other.join()
    assert chunk.startswith(b"id: ") and chunk.endswith(b"\ndata: game:5\n\n")
    response.close()
    # Its stream closed, the page is no longer one of the hub's.
    assert own_hub.open_pages == 0


def test_with_nothing_to_say_the_stream_says_it_is_still_there(monkeypatch) -> None:
    monkeypatch.setattr(live_views, "HEARTBEAT_SECONDS", 0.2)
    response, chunks = open_stream(Client(), "/live/?topics=games")
    assert next(chunks) == b": still here\n\n"
    response.close()


def test_the_hub_hands_on_each_event_once_in_the_order_they_committed() -> None:
    """PostgreSQL's NOTIFY comes at commit, in commit order, which need not be id order; after
    a reconnection the hub also reads the table, and an event may then come twice."""
    got: list[Event] = []
    the_hub = Hub()
    the_hub._subscriptions.add(Subscription(frozenset({"game:1"}), got.append))
    the_hub._last_id = 0
    for payload in ("11 game:1", "10 game:1 games", "11 game:1", "12 game:2", "x game:1", ""):
        the_hub._hand_on(payload)
    LiveEvent.objects.create(pk=13, topics=" game:1 ")
    LiveEvent.objects.create(pk=14, topics=" games ")
    the_hub._hand_on_new_events()
    the_hub._hand_on_new_events()
    assert [e.id for e in got] == [11, 10, 13]


def test_a_server_with_too_many_open_pages_says_so(monkeypatch) -> None:
    monkeypatch.setattr(live_views, "MAX_OPEN_PAGES", 0)
    response = Client().get("/live/?topics=games")
    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert b"reload by hand" in response.content


def test_one_address_holds_a_few_streams_at_most_and_gets_them_back(settings, own_hub) -> None:
    settings.LIVE_STREAMS_PER_ADDRESS = 3
    laptop, phone = "10.0.0.9", "10.0.0.10"
    held = [open_stream(Client(REMOTE_ADDR=laptop), "/live/?topics=games")[0] for _ in range(3)]
    assert own_hub.streams_of(laptop) == 3
    refused = Client(REMOTE_ADDR=laptop).get("/live/?topics=games")
    assert refused.status_code == 429 and refused["Retry-After"] == "30"
    assert b"Too many live pages are open from this device" in refused.content
    # Somebody else's phone is not refused for the laptop's pages.
    other, _ = open_stream(Client(REMOTE_ADDR=phone), "/live/?topics=games")
    other.close()
    # A page closed gives its place back; so does a stream asked for and never read.
    held.pop().close()
    unread = Client(REMOTE_ADDR=laptop).get("/live/?topics=games")
    assert unread.status_code == 200 and own_hub.streams_of(laptop) == 3
    unread.close()
    again, _ = open_stream(Client(REMOTE_ADDR=laptop), "/live/?topics=games")
    for response in [again, *held]:
        response.close()
    assert own_hub.streams_of(laptop) == 0 and own_hub.streams_of(phone) == 0
    assert own_hub.open_pages == 0


def test_on_the_event_loop_too_a_closed_stream_gives_its_place_back(settings, own_hub) -> None:
    # uvicorn serves the streams as ASGI: Django closes the response when the page goes.
    settings.LIVE_STREAMS_PER_ADDRESS = 1

    async def visit() -> tuple[int, int, int]:
        client = AsyncClient()  # from 127.0.0.1, as the ASGI scope says
        response = await client.get("/live/?topics=games")
        chunks = aiter(response.streaming_content)
        assert await anext(chunks) == b"retry: 1000\n\n"
        held = own_hub.streams_of("127.0.0.1")
        refused = (await client.get("/live/?topics=games")).status_code
        # As Django's ASGI handler closes a response: off the event loop (closing sends
        # request_finished, which may touch the database connection).
        await sync_to_async(response.close, thread_sensitive=True)()
        return held, refused, own_hub.streams_of("127.0.0.1")

    assert asyncio.run(visit()) == (1, 429, 0)
