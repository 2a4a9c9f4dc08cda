"""Saving a deal through the real HTTP stack, against a bare insert measured in the same run.

For SQLite (a temporary file) and PostgreSQL (a throwaway server), the benchmark migrates a fresh
database, starts the site as ``make run`` does (uvicorn) on a free loopback port
(``bench.http_settings``: the site's settings, DEBUG off, plus ``/bench/insert/``), signs scorers
in through the login page and has them save deals the way the entry form does: a POST with the CSRF
token and a fresh entry key, answered with a redirect. It times each POST alone, then 16 scorers at
once (each on their own game), and the same for the floor, a bare view that inserts one row into
one table behind the same middleware. The target: the save's p95 at most 3x the floor's. Then the
16 scorers save 10 deals each into ONE game at once (adds to one game wait their turn): its p95,
and its errors (any answer but the redirect of a saved deal), target 0.

Afterwards it counts what the database holds against what the clients were told: every deal
answered with a redirect must be there once (none lost, none doubled), including forms sent again
with the same entry key, one after the other and two at once (a double tap).
"""

from __future__ import annotations

import http.client
import json
import math
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from bench.http_db import PASSWORD, USERNAME  # the scorer it creates (no Django imported)
from league.server import uvicorn_command  # imports no Django either

ROOT = Path(__file__).resolve().parent.parent
PG_BIN = Path("/usr/lib/postgresql/15/bin")

WORKERS = 4  # uvicorn processes; each serves many requests at once (a thread each for a view)
SCORERS = 16
SOLO_DEALS = 100  # deals (and bare inserts) timed for one scorer alone
DEALS_EACH = 32  # deals (and bare inserts) each of the 16 scorers times at once
ROUNDS = 4  # turns of bare inserts then deals
WARM_UP = 3  # untimed requests of each kind per scorer first (imports, templates, connections)
TARGET_RATIO = 3.0
ONE_GAME_DEALS_EACH = 10  # deals each of the 16 scorers saves into the one shared game
HTTP_TIMEOUT = 30.0  # seconds, every request
SUBPROCESS_TIMEOUT = 180.0

CSRF_FIELD = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


class Skipped(Exception):
    """A database the benchmark cannot run on here; the message says why."""


# -- HTTP clients ---------------------------------------------------------------------------------


class Response:
    # Plain classes, not dataclasses: bench/run.py loads this module without registering it
    # in sys.modules, which @dataclass needs.
    def __init__(self, status: int, seconds: float, body: bytes, location: str):
        self.status = status
        self.seconds = seconds
        self.body = body
        self.location = location


class Client:
    """One browser: its own cookies, a fresh connection per request, a timeout on each."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.token = ""

    def request(self, method: str, path: str, fields: dict[str, str] | None = None) -> Response:
        headers = {"Origin": f"http://127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=HTTP_TIMEOUT)
        try:
            started = time.perf_counter()
            conn.request(method, path, body=body, headers=headers)
            reply = conn.getresponse()
            data = reply.read()
            seconds = time.perf_counter() - started
        finally:
            conn.close()
        for header in reply.msg.get_all("Set-Cookie") or []:
            jar: SimpleCookie = SimpleCookie()
            jar.load(header)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return Response(reply.status, seconds, data, reply.getheader("Location") or "")

    def post(self, path: str, fields: dict[str, str]) -> Response:
        return self.request("POST", path, {"csrfmiddlewaretoken": self.token, **fields})

    def page_token(self, path: str) -> str:
        page = self.request("GET", path)
        match = CSRF_FIELD.search(page.body)
        if page.status != 200 or match is None:
            raise RuntimeError(f"GET {path}: {page.status}, no CSRF token in the page")
        return match.group(1).decode()

    def log_in(self, game: int) -> None:
        token = self.page_token("/accounts/login/")
        reply = self.request(
            "POST",
            "/accounts/login/",
            {"csrfmiddlewaretoken": token, "username": USERNAME, "password": PASSWORD},
        )
        if reply.status != 302:
            raise RuntimeError(f"login: {reply.status} instead of a redirect")
        # Signing in rotates the CSRF token: take the one the game page's entry form carries.
        self.token = self.page_token(f"/games/{game}/")


def deal_fields(n: int, key: str) -> dict[str, str]:
    """The n-th deal of a game as the entry form sends it: the makers alternate and make it."""
    makers = n % 2
    points = (90, 72) if makers == 0 else (72, 90)
    return {
        "makers": str(makers),
        "card_points_0": str(points[0]),
        "card_points_1": str(points[1]),
        "void_reason": "",
        "entry_key": key,
    }


class Sent:
    """What one client sent and was told: the timed latencies, and each deal's entry key."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self.acked: dict[int, set[str]] = {}  # game (0: the bare table) -> keys answered 302
        self.failed: list[str] = []  # non-302 answers and errors
        self.posts = 0

    def add(self, other: Sent) -> None:
        self.seconds += other.seconds
        for game, keys in other.acked.items():
            self.acked.setdefault(game, set()).update(keys)
        self.failed += other.failed
        self.posts += other.posts


def save_deal(client: Client, game: int, n: int, key: str, sent: Sent, timed: bool) -> None:
    sent.posts += 1
    try:
        reply = client.post(f"/games/{game}/deals/", deal_fields(n, key))
    except (OSError, http.client.HTTPException) as error:
        sent.failed.append(f"deal: {type(error).__name__}: {error}")
        return
    if reply.status == 302 and reply.location.startswith(f"/games/{game}/"):
        sent.acked.setdefault(game, set()).add(key)
        if timed:
            sent.seconds.append(reply.seconds)
    else:
        sent.failed.append(f"deal: HTTP {reply.status}")


def bare_insert(client: Client, key: str, sent: Sent, timed: bool) -> None:
    sent.posts += 1
    try:
        reply = client.post("/bench/insert/", {"value": key})
    except (OSError, http.client.HTTPException) as error:
        sent.failed.append(f"bare: {type(error).__name__}: {error}")
        return
    if reply.status == 302:
        sent.acked.setdefault(0, set()).add(key)
        if timed:
            sent.seconds.append(reply.seconds)
    else:
        sent.failed.append(f"bare: HTTP {reply.status}")


def all_at_once(work: list[Callable[[], None]]) -> None:
    """Run each piece of work on its own thread, all released together."""
    start = threading.Barrier(len(work))
    errors: list[BaseException] = []

    def body(piece: Callable[[], None]) -> None:
        try:
            start.wait(timeout=HTTP_TIMEOUT)
            piece()
        except BaseException as error:  # reported below, on the caller's thread
            errors.append(error)

    threads = [threading.Thread(target=body, args=(piece,), daemon=True) for piece in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


def timed_run(
    clients: list[Client], games: list[int], count: int, next_deal: dict[int, int]
) -> tuple[Sent, Sent]:
    """Each client times ``count`` bare inserts and ``count`` deals in its own game, all clients
    at once: in ROUNDS turns of bare inserts then deals, so that a change in the machine's load
    (other processes) falls on both. Returns what the bare inserts and the deals sent."""
    bare = [Sent() for _ in clients]
    deals = [Sent() for _ in clients]
    turns = [count // ROUNDS + (r < count % ROUNDS) for r in range(ROUNDS)]

    def inserts(i: int, n: int) -> Callable[[], None]:
        def work() -> None:
            for _ in range(n):
                bare_insert(clients[i], uuid.uuid4().hex, bare[i], True)

        return work

    def saves(i: int, n: int) -> Callable[[], None]:
        def work() -> None:
            game = games[i]
            for _ in range(n):
                save_deal(clients[i], game, next_deal[game], str(uuid.uuid4()), deals[i], True)
                next_deal[game] += 1

        return work

    for n in turns:
        all_at_once([inserts(i, n) for i in range(len(clients))])
        all_at_once([saves(i, n) for i in range(len(clients))])
    total_bare, total_deals = Sent(), Sent()
    for one in bare:
        total_bare.add(one)
    for one in deals:
        total_deals.add(one)
    return total_bare, total_deals


def one_game_run(clients: list[Client], game: int, count: int, next_deal: dict[int, int]) -> Sent:
    """Every client saves ``count`` deals into the same ``game``, all at once."""
    parts = [Sent() for _ in clients]
    lock = threading.Lock()

    def saves(i: int) -> Callable[[], None]:
        def work() -> None:
            for _ in range(count):
                with lock:
                    n = next_deal[game]
                    next_deal[game] += 1
                save_deal(clients[i], game, n, str(uuid.uuid4()), parts[i], True)

        return work

    all_at_once([saves(i) for i in range(len(clients))])
    total = Sent()
    for part in parts:
        total.add(part)
    return total


def resend_checks(client: Client, game: int, next_deal: dict[int, int], sent: Sent) -> None:
    """Untimed: a form sent again later, and one sent twice at the same moment (a double tap)
    with two deals more at that moment; each must add its deal once."""
    first = next_deal[game]
    key = str(uuid.uuid4())
    save_deal(client, game, first, key, sent, False)
    save_deal(client, game, first, key, sent, False)  # the same form again
    next_deal[game] += 1
    twice = str(uuid.uuid4())
    n = next_deal[game]
    next_deal[game] += 1
    others = [(next_deal[game], str(uuid.uuid4())), (next_deal[game] + 1, str(uuid.uuid4()))]
    next_deal[game] += 2
    parts = [Sent() for _ in range(4)]
    all_at_once(
        [
            lambda: save_deal(client, game, n, twice, parts[0], False),
            lambda: save_deal(client, game, n, twice, parts[1], False),
            lambda: save_deal(client, game, *others[0], parts[2], False),
            lambda: save_deal(client, game, *others[1], parts[3], False),
        ]
    )
    for part in parts:
        sent.add(part)


# -- measuring ------------------------------------------------------------------------------------


def percentile(values: list[float], fraction: float) -> float:
    """Nearest rank: the smallest value at least ``fraction`` of the values do not exceed."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def audit(stored: dict[str, object], sent: Sent, games: list[int]) -> tuple[int, int, list[str]]:
    """Deals lost (answered 302, not stored) and doubled (stored more than once, or stored from
    a form that was never sent), and any game whose sheet does not add up."""
    lost = doubled = 0
    problems: list[str] = []
    by_game = stored["games"]
    assert isinstance(by_game, dict)
    for game in games:
        row = by_game[str(game)]
        keys = row["keys"]
        acked = sent.acked.get(game, set())
        lost += len(acked - set(keys))
        doubled += len(keys) - len(set(keys))
        unacknowledged = set(keys) - acked
        if unacknowledged:
            problems.append(f"game {game}: {len(unacknowledged)} stored deals never answered 302")
        if row["numbers"] != list(range(1, len(keys) + 1)):
            problems.append(f"game {game}: deals numbered {row['numbers']}")
        if row["deal_count"] != len(keys) or row["totals"] != row["last_running"]:
            problems.append(
                f"game {game}: deal_count {row['deal_count']} for {len(keys)} deals, "
                f"totals {row['totals']} vs running {row['last_running']}"
            )
    return lost, doubled, problems


def report(
    label: str, bare: Sent, deals: Sent, lost: int, doubled: int, failed: list[str]
) -> list[str]:
    if not deals.seconds or not bare.seconds:
        return [f"{label}: no successful timed requests; {'; '.join(failed[:5])}"]
    d50, d95 = statistics.median(deals.seconds), percentile(deals.seconds, 0.95)
    b50, b95 = statistics.median(bare.seconds), percentile(bare.seconds, 0.95)
    ratio = d95 / b95
    verdict = "" if ratio <= TARGET_RATIO else " OVER TARGET"
    line = (
        f"{label}: save deal median {ms(d50)} p95 {ms(d95)}; bare insert median {ms(b50)} "
        f"p95 {ms(b95)}; p95 ratio {ratio:.1f}x (target ≤ {TARGET_RATIO:g}x){verdict}; "
        f"deals lost {lost}, doubled {doubled}; non-302 answers {len(failed)}"
    )
    lines = [line]
    if failed:
        kinds: dict[str, int] = {}
        for failure in failed:
            kinds[failure] = kinds.get(failure, 0) + 1
        lines.append(f"{label}: non-302: " + ", ".join(f"{k} x{n}" for k, n in kinds.items()))
    return lines


def one_game_line(label: str, sent: Sent, lost: int, doubled: int) -> str:
    """The one-game figure: the saves' p95 and the errors, target 0."""
    errors = len(sent.failed)
    timing = (
        f"save deal median {ms(statistics.median(sent.seconds))} "
        f"p95 {ms(percentile(sent.seconds, 0.95))}"
        if sent.seconds
        else "no deal saved"
    )
    kinds: dict[str, int] = {}
    for failure in sent.failed:
        kinds[failure] = kinds.get(failure, 0) + 1
    detail = f" ({', '.join(f'{k} x{n}' for k, n in kinds.items())})" if kinds else ""
    verdict = "" if errors == 0 and lost == 0 and doubled == 0 else " OVER TARGET"
    return (
        f"{label}: {sent.posts} posts, {timing}; errors {errors}{detail} (target 0); "
        f"deals lost {lost}, doubled {doubled}{verdict}"
    )


# -- processes ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bench_env(database_url: str, tmp: Path) -> dict[str, str]:
    """A clean environment: the site's settings from these variables only."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", str(tmp)),
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "bench.http_settings",
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": str(tmp / "static"),
        "LOG_LEVEL": "WARNING",
        # The web processes' shared copies of live pages, removed with the run's folder.
        "LIVE_PAGE_COPY_DIR": str(tmp / "copies"),
    }


def django_script(env: dict[str, str], *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.http_db", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_TIMEOUT,
    )
    if done.returncode != 0:
        raise RuntimeError(f"bench.http_db {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


@contextmanager
def site_server(env: dict[str, str], tmp: Path) -> Iterator[int]:
    """The site as ``make run`` serves it (uvicorn, ``WORKERS`` processes), on a free port."""
    port = free_port()
    log_path = tmp / "server.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            uvicorn_command("127.0.0.1", port, WORKERS),
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            if server.poll() is not None:
                raise RuntimeError(f"the server exited: {log_path.read_text()[-2000:]}")
            try:
                if Client(port).request("GET", "/accounts/login/").status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer: {log_path.read_text()[-2000:]}")
            time.sleep(0.2)
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # its own session: the master and its workers
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)  # its own session: the master and its workers
            server.wait(timeout=15)


@contextmanager
def sqlite_database(tmp: Path) -> Iterator[str]:
    yield f"sqlite:///{tmp / 'bench.sqlite3'}"


@contextmanager
def postgresql_database(tmp: Path) -> Iterator[str]:
    """A throwaway PostgreSQL 15 server on a free loopback port, stopped whatever happens."""
    if not (PG_BIN / "initdb").exists():
        raise Skipped(f"no PostgreSQL 15 binaries in {PG_BIN}")
    as_postgres: list[str] = []
    owner: tuple[int, int] | None = None
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        import pwd

        try:
            account = pwd.getpwnam("postgres")
        except KeyError:
            raise Skipped("running as root and there is no postgres user") from None
        if shutil.which("runuser") is None:
            raise Skipped("running as root and there is no runuser")
        owner = (account.pw_uid, account.pw_gid)
        as_postgres = ["runuser", "-u", "postgres", "--"]
    # Its own folder, owned by postgres: the benchmark's temporary folder is private to root.
    pg_dir = Path(tempfile.mkdtemp(prefix="hicksheet-bench-pg-"))
    if owner is not None:
        os.chown(pg_dir, *owner)

    def pg(*args: str) -> None:
        done = subprocess.run(
            [*as_postgres, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=SUBPROCESS_TIMEOUT,
        )
        if done.returncode != 0:
            log = pg_dir / "log"
            tail = log.read_text()[-1000:] if log.exists() else ""
            raise RuntimeError(f"{Path(args[0]).name} failed: {done.stdout[-1000:]}{tail}")

    data = pg_dir / "data"
    port = free_port()
    try:
        pg(str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
    except BaseException:
        shutil.rmtree(pg_dir, ignore_errors=True)
        raise
    options = f"-k {pg_dir} -p {port} -c listen_addresses=127.0.0.1"
    try:
        pg(
            str(PG_BIN / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(pg_dir / "log"),
            "-w",
            "-t",
            "30",
            "start",
        )
        pg(str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "bench")
        yield f"postgres://postgres@127.0.0.1:{port}/bench"
    finally:
        subprocess.run(
            [*as_postgres, str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
            capture_output=True,
            timeout=SUBPROCESS_TIMEOUT,
        )
        shutil.rmtree(pg_dir, ignore_errors=True)


# -- the benchmark --------------------------------------------------------------------------------


def bench_database(name: str, database: Callable[[Path], AbstractContextManager[str]]) -> list[str]:
    tmp = Path(tempfile.mkdtemp(prefix=f"hicksheet-bench-http-{name}-"))
    try:
        with database(tmp) as url:
            env = bench_env(url, tmp)
            games = django_script(env, "setup", str(SCORERS + 2))["games"]
            assert isinstance(games, list)
            solo_game, shared_game, crowd_games = games[0], games[1], games[2:]
            with site_server(env, tmp) as port:
                return measure(name, port, env, solo_game, crowd_games, shared_game)
    except Skipped as why:
        return [f"http {name}: skipped: {why}"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def measure(
    name: str,
    port: int,
    env: dict[str, str],
    solo_game: int,
    crowd_games: list[int],
    shared_game: int,
) -> list[str]:
    clients = [Client(port) for _ in crowd_games]
    all_at_once([lambda c=c, g=g: c.log_in(g) for c, g in zip(clients, crowd_games, strict=True)])
    next_deal = dict.fromkeys([solo_game, shared_game, *crowd_games], 0)
    solo = clients[0]
    everything = Sent()

    # Warm up every worker and thread: imports, templates, first connections.
    warm = [Sent() for _ in clients]

    def warm_up(i: int) -> None:
        for _ in range(WARM_UP):
            bare_insert(clients[i], uuid.uuid4().hex, warm[i], False)
            game = crowd_games[i]
            save_deal(clients[i], game, next_deal[game], str(uuid.uuid4()), warm[i], False)
            next_deal[game] += 1

    all_at_once([lambda i=i: warm_up(i) for i in range(len(clients))])
    for one in warm:
        everything.add(one)

    started = time.perf_counter()
    solo_bare, solo_deals = timed_run([solo], [solo_game], SOLO_DEALS, next_deal)
    crowd_bare, crowd_deals = timed_run(clients, crowd_games, DEALS_EACH, next_deal)
    timed = time.perf_counter() - started
    shared = one_game_run(clients, shared_game, ONE_GAME_DEALS_EACH, next_deal)

    checks = [Sent() for _ in clients]
    all_at_once(
        [
            lambda i=i: resend_checks(clients[i], crowd_games[i], next_deal, checks[i])
            for i in range(len(clients))
        ]
    )
    solo_checks = Sent()
    resend_checks(solo, solo_game, next_deal, solo_checks)
    for one in (solo_bare, solo_deals, crowd_bare, crowd_deals, shared, *checks, solo_checks):
        everything.add(one)

    stored = django_script(env, "count")
    solo_lost, solo_doubled, solo_problems = audit(stored, everything, [solo_game])
    crowd_lost, crowd_doubled, crowd_problems = audit(stored, everything, crowd_games)
    shared_lost, shared_doubled, shared_problems = audit(stored, everything, [shared_game])
    solo_failed = solo_bare.failed + solo_deals.failed + solo_checks.failed
    crowd_failed = crowd_bare.failed + crowd_deals.failed
    for one in checks:
        crowd_failed += one.failed
    crowd_failed += [f for one in warm for f in one.failed]

    prefix = f"http {name}"
    lines = [
        f"{prefix}: uvicorn {WORKERS} workers (ASGI) on loopback, "
        f"{os.cpu_count()} CPUs; {SOLO_DEALS} deals alone, {DEALS_EACH} each for "
        f"{len(clients)} scorers at once ({timed:.1f} s timed); then each resent a saved form "
        "and sent one twice at the same moment"
    ]
    lines += report(
        f"{prefix} 1 scorer", solo_bare, solo_deals, solo_lost, solo_doubled, solo_failed
    )
    lines += report(
        f"{prefix} {len(clients)} scorers",
        crowd_bare,
        crowd_deals,
        crowd_lost,
        crowd_doubled,
        crowd_failed,
    )
    lines.append(
        one_game_line(
            f"{prefix} {len(clients)} scorers on one game", shared, shared_lost, shared_doubled
        )
    )
    if len(solo_deals.seconds) >= 20:
        first = statistics.median(solo_deals.seconds[:10])
        last = statistics.median(solo_deals.seconds[-10:])
        lines.append(
            f"{prefix} 1 scorer: save deal median {ms(first)} for deals 1-10 of the game, "
            f"{ms(last)} for deals {SOLO_DEALS - 9}-{SOLO_DEALS}"
        )
    bare_acked = len(everything.acked.get(0, set()))
    if stored["bare_rows"] != bare_acked:
        lines.append(f"{prefix}: bare rows {stored['bare_rows']} for {bare_acked} answered 302")
    problems = solo_problems + crowd_problems + shared_problems
    lines += [f"{prefix}: {problem}" for problem in problems]
    return lines


def on_each_database(
    label: str,
    bench: Callable[[str, Callable[[Path], AbstractContextManager[str]]], list[str]],
) -> list[str]:
    """``bench`` on SQLite, then on PostgreSQL: its lines, or why one failed."""
    lines = []
    for name, database in (("sqlite", sqlite_database), ("postgresql", postgresql_database)):
        try:
            lines += bench(name, database)
        except Exception as error:  # one database failing must not hide the other's figures
            lines.append(f"{label} {name}: FAILED: {type(error).__name__}: {error}")
    return lines


def run() -> list[str]:
    return on_each_database("http", bench_database)


if __name__ == "__main__":
    print("\n".join(run()))
