"""A club evening's pages following the room (issue 24): 200 open phones within 1 s of a save.

For SQLite (a temporary file) and PostgreSQL (a throwaway server), the site runs as
``make run`` serves it (uvicorn, ``bench_http.WORKERS`` processes) with a marathon evening of
``PLAYERS`` checked in and its first round drawn (60 tables; ``bench.evenings_live_db``). 200
viewers open the event stream the evening's pages open (``/live/?topics=`` the page's
topics), a third each as the evening's page (``/c/<slug>/evening/``, what a player's phone
shows), its room screen (``/c/<slug>/screen/``) and the screen at its ranking's page
(``?panel=``). Then the director types the round's tables from paper one by one, through the
evening page's POST as the browser sends it:

- events only: for each save, the time from sending it to each viewer's receiving its event;
  the p95 over every viewer and save, none missing (target: 1 s);
- refreshed pages: each viewer does what ``static/js/live.js`` does on an event: after a pause
  of 100-350 ms, a GET of its page (``X-Live: 1``) whose data-live parts it swaps in. For each
  save, the time from sending it to each viewer's having the refreshed page (its body checked
  for the table's new score): the p95, under all 200 refreshing at once (target: 1 s);
- the round's last table (the 60th) typed through the service (the ratings' refresh after its
  commit included, and given alone) against the floor: a bare update of that fixture's row.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from pathlib import Path

from bench.bench_http import (
    Client,
    Skipped,
    bench_env,
    ms,
    on_each_database,
    percentile,
    site_server,
)
from bench.http_db import PASSWORD, USERNAME  # the director it signs in as (no Django)

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = int(os.environ.get("BENCH_EVENING_PLAYERS", "240"))  # 60 on a slow machine
VIEWERS = 200
EVENT_SAVES = 20  # tables typed with the viewers only listening
REFRESH_SAVES = 10  # tables typed with every viewer fetching its page after each event
WAIT = 30.0  # seconds at most for every viewer's event (or page) after a save
TARGET = 1.0  # seconds
TIMEOUT = 900.0


class Viewers:
    """``VIEWERS`` open event streams on their own event loop (a thread). Viewer ``i`` follows
    ``pages[i % len(pages)]``; when ``refreshing`` is on, it fetches that page after each
    event as live.js does. Each save has an index (``save``): when each viewer got its event,
    and when it had a page fetched after that event (and whether the page showed ``marker``)."""

    def __init__(self, port: int, topics: str, pages: list[str]) -> None:
        self.port = port
        self.topics = topics
        self.pages = pages
        self.save = -1
        self.marker = b""
        self.refreshing = False
        self.arrived: list[dict[int, float]] = [{} for _ in range(VIEWERS)]
        self.fetched: list[dict[int, tuple[float, bool]]] = [{} for _ in range(VIEWERS)]
        self.fetch_errors: list[str] = []
        self.opened = 0
        self.failed: list[str] = []
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.tasks: list[asyncio.Task[None]] = []
        # The refreshes in flight: the event loop keeps only a weak reference to a task, so
        # one not held here can be collected half way (its fetch never ends).
        self.refreshes: set[asyncio.Task[None]] = set()
        self.rng = random.Random(24)

    def open(self, timeout: float = 60.0) -> None:
        self.thread.start()
        if not self.ready.wait(timeout):
            raise RuntimeError(f"only {self.opened} of {VIEWERS} event streams opened")

    def close(self) -> None:
        def stop() -> None:
            for task in [*self.tasks, *self.refreshes]:
                task.cancel()

        self.loop.call_soon_threadsafe(stop)
        self.thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        with suppress(asyncio.CancelledError):
            self.loop.run_until_complete(self._all())

    async def _all(self) -> None:
        self.tasks = [asyncio.ensure_future(self._one(i)) for i in range(VIEWERS)]
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def _get(self, path: str) -> tuple[int, bytes]:
        # A fetch that does not answer within WAIT counts as an error, not as a viewer gone.
        return await asyncio.wait_for(self._get_once(path), WAIT)

    async def _get_once(self, path: str) -> tuple[int, bytes]:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Live: 1\r\n"
                "Connection: close\r\n\r\n".encode()
            )
            await writer.drain()
            data = await reader.read()
        finally:
            writer.close()
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
        return status, data

    async def _refresh(self, i: int, pending: dict[str, bool]) -> None:
        """live.js's schedule() and refresh(): a pause, one fetch at a time, again if an event
        came meanwhile."""
        try:
            await self._fetches(i, pending)
        except Exception as error:  # counted, and the viewer fetches again at its next event
            self.fetch_errors.append(f"{type(error).__name__}: {error}")
        finally:
            pending["busy"] = False

    async def _fetches(self, i: int, pending: dict[str, bool]) -> None:
        await asyncio.sleep(0.1 + self.rng.random() * 0.25)
        while True:
            pending["again"] = False
            save = max(self.arrived[i], default=-1)
            try:
                status, body = await self._get(self.pages[i % len(self.pages)])
            except OSError as error:
                self.fetch_errors.append(f"{type(error).__name__}")
                status, body = 0, b""
            now = time.perf_counter()
            if status == 200:
                self.fetched[i].setdefault(save, (now, self.marker in body))
            else:
                self.fetch_errors.append(f"HTTP {status}" if status else "no answer")
            if not pending["again"]:
                break
            await asyncio.sleep(0.1 + self.rng.random() * 0.25)

    async def _one(self, i: int) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError as error:
            self.failed.append(f"connect: {error}")
            return
        writer.write(
            f"GET /live/?topics={self.topics} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            self.failed.append(head.split(b"\r\n", 1)[0].decode())
            return
        buffer = b""
        counted = False
        pending = {"busy": False, "again": False}
        try:
            while True:
                data = await reader.read(65536)
                if not data:
                    return
                now = time.perf_counter()
                buffer += data
                if not counted and b"retry:" in buffer:
                    counted = True
                    self.opened += 1
                    if self.opened == VIEWERS:
                        self.ready.set()
                while b"\nid: " in buffer or buffer.startswith(b"id: "):
                    at = 0 if buffer.startswith(b"id: ") else buffer.index(b"\nid: ") + 1
                    if self.save >= 0:
                        self.arrived[i].setdefault(self.save, now)
                    if self.refreshing:
                        if pending["busy"]:
                            pending["again"] = True
                        else:
                            pending["busy"] = True
                            refresh = asyncio.ensure_future(self._refresh(i, pending))
                            self.refreshes.add(refresh)
                            refresh.add_done_callback(self.refreshes.discard)
                    buffer = buffer[at + 4 :]
                buffer = buffer[-8:]
        finally:
            writer.close()


def _boom(rng: random.Random) -> tuple[int, int]:
    """A table's two totals from its sheet: 16 deals of 162 and some roem."""
    total = 16 * 162 + 10 * rng.randint(5, 40)
    first = rng.randint(total // 3, 2 * total // 3)
    return first, total - first


def db_script(env: dict[str, str], *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.evenings_live_db", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    if done.returncode != 0:
        raise RuntimeError(f"bench.evenings_live_db {args[0]} failed:\n{done.stderr[-2000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


def _wait(done: Callable[[], bool], seconds: float) -> None:
    deadline = time.perf_counter() + seconds
    while not done() and time.perf_counter() < deadline:
        time.sleep(0.02)


def measure(name: str, port: int, env: dict[str, str], made: dict) -> list[str]:
    slug = made["slug"]
    competition = made["competition"]
    fixtures: list[int] = list(made["fixtures"])
    page = f"/c/{slug}/evening/"
    screen = f"/c/{slug}/screen/"
    pages = [page, screen, f"{screen}?panel={made['ranking_panel']}"]

    director = Client(port)
    token = director.page_token("/accounts/login/")
    login = director.request(
        "POST",
        "/accounts/login/",
        {"csrfmiddlewaretoken": token, "username": USERNAME, "password": PASSWORD},
    )
    if login.status != 302:
        raise RuntimeError(f"login: {login.status}")
    director.token = director.page_token(page)
    anonymous = Client(port)
    for _ in range(8):  # every worker: imports, templates
        for path in pages:
            anonymous.request("GET", path)

    rng = random.Random(60)
    scores = [_boom(rng) for _ in fixtures]
    post_seconds: list[float] = []
    post_errors: list[str] = []

    def type_table(n: int) -> float:
        a, b = scores[n]
        sent = time.perf_counter()
        reply = director.post(
            f"/c/{slug}/evening/tables/{fixtures[n]}/result/",
            {f"table-{fixtures[n]}-side0": str(a), f"table-{fixtures[n]}-side1": str(b)},
        )
        if reply.status == 302:
            post_seconds.append(reply.seconds)
        else:
            post_errors.append(f"HTTP {reply.status}")
        return sent

    topics = f"competition:{competition}%20competition:{competition}:play"
    viewers = Viewers(port, topics, pages)
    viewers.open()
    time.sleep(1.0)
    event_sent: dict[int, float] = {}
    alone: list[list[float]] = [[] for _ in pages]
    alone_total: list[float] = []
    refresh_sent: dict[int, float] = {}
    try:
        n = 0
        for _ in range(EVENT_SAVES):
            viewers.save = n
            event_sent[n] = type_table(n)
            _wait(lambda n=n: all(n in a for a in viewers.arrived), WAIT)
            # One viewer alone fetching each page once every stream has the event: how long
            # the refreshed page takes when the room is not fetching at the same time.
            for k, path in enumerate(pages):
                reply = anonymous.request("GET", path)
                alone[k].append(reply.seconds)
                alone_total.append(time.perf_counter() - event_sent[n])
            n += 1
        viewers.refreshing = True
        for _ in range(REFRESH_SAVES):
            viewers.save = n
            viewers.marker = str(scores[n][0]).encode()
            refresh_sent[n] = type_table(n)
            _wait(lambda n=n: all(n in f for f in viewers.fetched), WAIT)
            time.sleep(0.4)  # the pages' fetches settle before the next table
            n += 1
        still_open = sum(1 for t in viewers.tasks if not t.done())
    finally:
        viewers.close()

    events: list[float] = []
    missing = 0
    for arrived in viewers.arrived:
        for save, sent in event_sent.items():
            if save in arrived:
                events.append(arrived[save] - sent)
            else:
                missing += 1
    refreshed: list[float] = []
    by_page: list[list[float]] = [[] for _ in pages]
    not_fetched = stale = 0
    for i, fetched in enumerate(viewers.fetched):
        for save, sent in refresh_sent.items():
            if save not in fetched:
                not_fetched += 1
                continue
            at, shows = fetched[save]
            refreshed.append(at - sent)
            by_page[i % len(pages)].append(at - sent)
            stale += not shows
    refresh_events = [
        arrived[save] - sent
        for arrived in viewers.arrived
        for save, sent in refresh_sent.items()
        if save in arrived
    ]

    # The round's last table, typed through the service with the streams closed.
    a, b = scores[-1]
    last = db_script(env, "last", str(fixtures[-1]), str(a), str(b))

    prefix = f"evenings live {name}"
    p95 = percentile(events, 0.95) if events else float("inf")
    verdict = "within target" if p95 <= TARGET and not missing else "OVER TARGET"
    r95 = percentile(refreshed, 0.95) if refreshed else float("inf")
    r_verdict = "within target" if r95 <= TARGET and not not_fetched else "OVER TARGET"
    failures = f", failures: {'; '.join(viewers.failed[:3])}" if viewers.failed else ""
    names = ("evening page", "screen", "screen at the ranking")
    lone = ", ".join(
        f"{label} median {ms(statistics.median(t))}" for label, t in zip(names, alone, strict=True)
    )
    lines = [
        f"{prefix}: a {PLAYERS}-player evening, round 1 drawn ({len(fixtures)} tables); "
        f"{VIEWERS} open event streams ({viewers.opened} opened, {still_open} still open at the "
        f"end{failures}), a third each on the evening page, its screen, the screen's ranking",
        f"{prefix}: {EVENT_SAVES} tables typed from paper one by one (the page's POST): save to "
        f"event at every stream: median {ms(statistics.median(events)) if events else '-'}, "
        f"p95 {ms(p95)}, worst {ms(max(events, default=0))}; events missing {missing} "
        f"(target p95 <= {TARGET:g} s, none missing): {verdict}",
        f"{prefix}: meanwhile one viewer alone fetching each page (the {VIEWERS} streams open, "
        f"none fetching): a GET of the {lone}; save to its third page fetched p95 "
        f"{ms(percentile(alone_total, 0.95))}",
        f"{prefix}: {REFRESH_SAVES} tables more, every viewer fetching its page after each "
        f"event as live.js does: save to refreshed page (ranking) median "
        f"{ms(statistics.median(refreshed)) if refreshed else '-'}, p95 {ms(r95)}, worst "
        f"{ms(max(refreshed, default=0))}; "
        + ", ".join(
            f"{label} p95 {ms(percentile(t, 0.95)) if t else '-'}"
            for label, t in zip(names, by_page, strict=True)
        )
        + f"; not refreshed within {WAIT:g} s {not_fetched}, without the new score {stale}, "
        f"fetch errors {len(viewers.fetch_errors)}"
        + (f" ({'; '.join(sorted(set(viewers.fetch_errors))[:3])})" if viewers.fetch_errors else "")
        + f" (target p95 <= {TARGET:g} s): {r_verdict}",
        f"{prefix}: meanwhile save to event p95 "
        f"{ms(percentile(refresh_events, 0.95)) if refresh_events else '-'}; the director's "
        f"POST median {ms(statistics.median(post_seconds)) if post_seconds else '-'}, p95 "
        f"{ms(percentile(post_seconds, 0.95)) if post_seconds else '-'}, errors "
        f"{len(post_errors)}",
        f"{prefix}: the round's last table (the {len(fixtures)}th) typed through the service "
        f"{ms(last['save'])}, of which the ratings' refresh after the commit "
        f"{ms(last['ratings'])}; a bare update of its fixture row {ms(last['floor'])}: "
        f"{last['save'] / last['floor']:.0f}x it",
    ]
    return lines


def server_errors(name: str, log: Path) -> list[str]:
    """What the server's log says went wrong (an answer 500's exception), most frequent first."""
    if not log.exists():
        return []
    kinds: dict[str, int] = {}
    for line in log.read_text(errors="replace").splitlines():
        if "Error:" in line or "Exception:" in line:
            kinds[line.strip()[:160]] = kinds.get(line.strip()[:160], 0) + 1
    ordered = sorted(kinds.items(), key=lambda item: -item[1])[:3]
    return [f"evenings live {name}: server log: {kind} x{count}" for kind, count in ordered]


def bench_database(name: str, database: Callable[[Path], AbstractContextManager[str]]) -> list[str]:
    tmp = Path(tempfile.mkdtemp(prefix=f"hicksheet-bench-evlive-{name}-"))
    try:
        with database(tmp) as url:
            env = bench_env(url, tmp)
            # Every viewer comes from this computer's one address, as behind a proxy
            # (bench_live says why).
            env["LIVE_STREAMS_PER_ADDRESS"] = str(VIEWERS)
            made = db_script(env, "setup", str(PLAYERS))
            with site_server(env, tmp) as port:
                lines = measure(name, port, env, made)
            return lines + server_errors(name, tmp / "server.log")
    except Skipped as why:
        return [f"evenings live {name}: skipped: {why}"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run() -> list[str]:
    return on_each_database("evenings live", bench_database)


if __name__ == "__main__":
    print(os.linesep.join(run()))
