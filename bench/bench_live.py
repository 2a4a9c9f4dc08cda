"""Pages that update themselves, under a room's load: 200 open pages following one game.

For SQLite (a temporary file) and PostgreSQL (a throwaway server), the site runs as ``make run``
serves it (uvicorn, ``bench_http.WORKERS`` processes) and 200 viewers open the event stream a
live page opens (``/live/?topics=game:<id>``), spread over the processes as the server hands
them out. Then, with the 200 connections open:

- a scorer saves deals into the viewers' game one at a time, through the deal form's POST: for
  each save, the time from sending it to each viewer's receiving its event; the p95 over every
  viewer and save (target: 1 s);
- the scorer saves deals into another game and does bare inserts (``bench_http``'s floor),
  turn about: the save's p95 against the bare insert's (target: within 2x), to show that the
  open pages do not slow the scorers down;
- the memory of the server's processes (resident, summed) before and after the 200 pages
  opened, divided by 200: what one open page costs.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from pathlib import Path

from bench.bench_http import (
    Client,
    Sent,
    Skipped,
    bare_insert,
    bench_env,
    django_script,
    ms,
    on_each_database,
    percentile,
    save_deal,
    site_server,
)

VIEWERS = 200
SAVES = 40  # deals saved into the followed game, one at a time
PAUSE = 0.1  # seconds between them
FLOOR_TURNS = 4
FLOOR_EACH = 20  # bare inserts, then deals, a turn
LATENCY_TARGET = 1.0  # seconds
RATIO_TARGET = 2.0


class Viewers:
    """``VIEWERS`` open event streams on their own event loop (a thread): when each event
    arrived at each viewer (by the event's order of arrival at that viewer)."""

    def __init__(self, port: int, topic: str) -> None:
        self.port = port
        self.topic = topic
        self.arrivals: list[list[float]] = [[] for _ in range(VIEWERS)]
        self.opened = 0
        self.failed: list[str] = []
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.tasks: list[asyncio.Task[None]] = []

    def open(self, timeout: float = 60.0) -> None:
        self.thread.start()
        if not self.ready.wait(timeout):
            raise RuntimeError(f"only {self.opened} of {VIEWERS} event streams opened")

    def close(self) -> None:
        def stop() -> None:
            for task in self.tasks:
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

    async def _one(self, i: int) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        except OSError as error:
            self.failed.append(f"connect: {error}")
            return
        writer.write(
            f"GET /live/?topics={self.topic} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            self.failed.append(head.split(b"\r\n", 1)[0].decode())
            return
        buffer = b""
        counted = False
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
                    self.arrivals[i].append(now)
                    buffer = buffer[at + 4 :]
                buffer = buffer[-8:]
        finally:
            writer.close()


def server_memory_kib(port: int) -> int:
    """Resident memory of every process listening on or serving ``port``'s server: the
    processes of its session (the benchmark starts it in a session of its own)."""
    pids = subprocess.run(
        ["ps", "-eo", "pid=,sess=,args="], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    total = 0
    sessions = {line.split()[1] for line in pids if f"--port={port}" in line and "uvicorn" in line}
    for line in pids:
        pid, session = line.split()[:2]
        if session in sessions:
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            for row in status.splitlines():
                if row.startswith("VmRSS:"):
                    total += int(row.split()[1])
    return total


def measure(name: str, port: int, games: list[int]) -> list[str]:
    followed, other = games[0], games[1]
    scorer = Client(port)
    scorer.log_in(followed)
    next_deal = dict.fromkeys(games, 0)
    warm = Sent()
    for _ in range(10):  # every worker: imports, templates, a first stream
        bare_insert(scorer, uuid.uuid4().hex, warm, False)
        save_deal(scorer, other, next_deal[other], str(uuid.uuid4()), warm, False)
        next_deal[other] += 1
    time.sleep(1.0)
    before = server_memory_kib(port)

    viewers = Viewers(port, f"game:{followed}")
    viewers.open()
    time.sleep(1.0)
    after = server_memory_kib(port)
    try:
        sent_at: list[float] = []
        saves = Sent()
        for _ in range(SAVES):
            sent_at.append(time.perf_counter())
            save_deal(scorer, followed, next_deal[followed], str(uuid.uuid4()), saves, True)
            next_deal[followed] += 1
            time.sleep(PAUSE)
        time.sleep(2.0)  # the last events on their way

        floor, deals = Sent(), Sent()
        for _ in range(FLOOR_TURNS):
            for _ in range(FLOOR_EACH):
                bare_insert(scorer, uuid.uuid4().hex, floor, True)
            for _ in range(FLOOR_EACH):
                save_deal(scorer, other, next_deal[other], str(uuid.uuid4()), deals, True)
                next_deal[other] += 1
        still_open = sum(1 for t in viewers.tasks if not t.done())
    finally:
        viewers.close()

    latencies: list[float] = []
    missing = 0
    for arrivals in viewers.arrivals:
        # A stream that opened after a save may replay one "changed" first; the newest SAVES
        # arrivals are the saves'.
        mine = arrivals[-SAVES:]
        missing += SAVES - len(mine)
        latencies += [got - sent for got, sent in zip(mine, sent_at[-len(mine) :], strict=True)]
    p95 = percentile(latencies, 0.95) if latencies else float("inf")
    verdict = "within target" if p95 <= LATENCY_TARGET and not missing else "OVER TARGET"
    floor95, save95 = percentile(floor.seconds, 0.95), percentile(deals.seconds, 0.95)
    ratio = save95 / floor95
    ratio_verdict = "within target" if ratio <= RATIO_TARGET else "OVER TARGET"
    per_page = (after - before) / VIEWERS
    prefix = f"live {name}"
    failures = f", failures: {'; '.join(viewers.failed[:3])}" if viewers.failed else ""
    lines = [
        f"{prefix}: {VIEWERS} open event streams on one game ({viewers.opened} opened, "
        f"{still_open} still open at the end{failures}); {SAVES} deals saved one by one",
        f"{prefix}: save to event at every viewer: median {ms(percentile(latencies, 0.5))}, "
        f"p95 {ms(p95)}, worst {ms(max(latencies, default=0))}; events missing {missing} "
        f"(target p95 <= {LATENCY_TARGET:g} s, none missing): {verdict}",
        f"{prefix}: with the {VIEWERS} open: save deal p95 {ms(save95)} vs bare insert p95 "
        f"{ms(floor95)}: ratio {ratio:.2f} (target <= {RATIO_TARGET:g}x): {ratio_verdict}; "
        f"errors {len(saves.failed) + len(floor.failed) + len(deals.failed)}",
        f"{prefix}: server memory {before // 1024} MiB before the pages opened, "
        f"{after // 1024} MiB with them: {per_page:.0f} KiB an open page",
    ]
    return lines


def bench_database(name: str, database: Callable[[Path], AbstractContextManager[str]]) -> list[str]:
    tmp = Path(tempfile.mkdtemp(prefix=f"hicksheet-bench-live-{name}-"))
    try:
        with database(tmp) as url:
            env = bench_env(url, tmp)
            # The viewers all come from this computer's one address, as a room's devices behind
            # a proxy would: the server lets one address hold them all, as the README says to
            # set it behind a proxy (LIVE_STREAMS_PER_ADDRESS), else most are refused with 429.
            env["LIVE_STREAMS_PER_ADDRESS"] = str(VIEWERS)
            games = django_script(env, "setup", "2")["games"]
            assert isinstance(games, list)
            with site_server(env, tmp) as port:
                return measure(name, port, games)
    except Skipped as why:
        return [f"live {name}: skipped: {why}"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run() -> list[str]:
    return on_each_database("live", bench_database)


if __name__ == "__main__":
    print(os.linesep.join(run()))
