"""A real Chromium driven by Playwright against a live server of the test database.

Debian's Chromium is used (``apt-get install chromium``); Playwright's own browser download is
not needed. Without Chromium the browser tests are skipped, saying why; ``.ci/run`` installs it.

One Chromium a test process (an xdist worker), started by the first browser test and kept until
the process ends: starting Playwright's driver and the browser took 2.3-2.8 s, which every
browser test paid. Each test gets browser contexts of its own (cookies, storage, offline state,
language and screen size are a context's), all closed after it, so no test sees another's.
"""

from __future__ import annotations

import asyncio
import io
import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from tests.crawl import pages_of_each_shape

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class SharedChromium:
    """Playwright and its Chromium, kept for the test process.

    Playwright's sync API runs its event loop in this thread and marks it as the thread's
    running loop between calls. Outside a browser test that mark must not stay: Django would
    refuse every ORM call of a later test (it takes a running loop for async code) and a test
    that runs a loop of its own could not start one. So the loop is marked running only while a
    browser test runs (``lend``), as it was when each test started Playwright itself, and
    cleared whatever happens."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        self.loop = asyncio.events._get_running_loop()
        try:
            self.browser = self.playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS
            )
        except BaseException:
            self.playwright.stop()
            raise
        finally:
            asyncio.events._set_running_loop(None)

    def lend(self) -> Any:
        asyncio.events._set_running_loop(self.loop)
        return self.browser

    def take_back(self) -> None:
        try:
            for context in self.browser.contexts:
                context.close()
        finally:
            asyncio.events._set_running_loop(None)

    def stop(self) -> None:
        asyncio.events._set_running_loop(self.loop)
        try:
            self.browser.close()
            self.playwright.stop()
        finally:
            asyncio.events._set_running_loop(None)


@pytest.fixture(scope="session")
def shared_chromium() -> Iterator[SharedChromium]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"Chromium not found at {CHROMIUM}: apt-get install chromium to run it")
    chromium = SharedChromium()
    yield chromium
    chromium.stop()


@pytest.fixture
def browser(shared_chromium: SharedChromium, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    # Playwright's sync API runs an event loop in this thread; the ORM calls made while it runs
    # (the live server's database, the test's own checks) are ordinary blocking calls, so
    # Django's async-safety guard does not apply. Set for this test only: a deployment check
    # run later must not see it.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    try:
        yield shared_chromium.lend()
    finally:
        shared_chromium.take_back()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1024, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def new_context(browser, live_server):
    """Make a browser context on the live server, signed in as ``client`` (a test Client already
    logged in: its session cookie is handed over, so there is no sign-in form to fill) or
    signed out; closed at the end of the test."""
    from django.conf import settings

    contexts = []

    def make(client=None, **options):
        context = browser.new_context(base_url=live_server.url, **options)
        if client is not None:
            name = settings.SESSION_COOKIE_NAME
            context.add_cookies(
                [{"name": name, "value": client.cookies[name].value, "url": live_server.url}]
            )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


class DemoCopy:
    """The demo's database as ``manage.py demo`` leaves it, kept in memory so that the next
    test that wants the demo copies it back (SQLite's backup API, milliseconds) instead of
    building it again (seconds). The copy is the whole database file, ids, entry tokens and
    sequences included, so every test gets the same demo, at the same addresses.

    On SQLite only (the test database is a file a worker, league/settings.py); on PostgreSQL
    the demo is built for each test. ``build`` counts the builds: two tests with the same
    count have the same demo."""

    def __init__(self) -> None:
        self.copy: sqlite3.Connection | None = None
        self.build = 0

    @staticmethod
    def database() -> sqlite3.Connection | None:
        from django.db import connection

        if connection.vendor != "sqlite":
            return None
        connection.ensure_connection()
        return connection.connection  # type: ignore[return-value]

    def load(self) -> None:
        from django.contrib.contenttypes.models import ContentType

        database = self.database()
        if database is None or self.copy is None:
            call_command("demo", stdout=io.StringIO())
            self.build += 1
            if database is not None:
                self.copy = sqlite3.connect(":memory:")
                database.backup(self.copy)
            return
        self.copy.backup(database)
        # The copy's content types are the ones its rows refer to; the ones the last test's
        # flush made again may have other ids.
        ContentType.objects.clear_cache()


@pytest.fixture(scope="session")
def demo_copy() -> DemoCopy:
    return DemoCopy()


@pytest.fixture
def demo(transactional_db, demo_copy):
    """The demo's club night, season and tournament (``manage.py demo``); its accounts'
    password is the demo command's DEMO_PASSWORD. A test may change it: the next one starts
    from the demo as built."""
    demo_copy.load()


@pytest.fixture(scope="session")
def demo_pages_found() -> dict[tuple[int, str | None], list[str]]:
    return {}


@pytest.fixture
def demo_pages(demo, demo_copy, demo_pages_found):
    """``pages(client, username)``: one page of each kind and shape of the demo that ``client``
    (signed in as ``username``, or None for a visitor) reaches (tests/crawl.py). A crawl is
    kept for the tests that get the same demo (the same copy of one build), so each visitor's
    is made once a worker on SQLite."""

    def pages(client, username: str | None) -> list[str]:
        key = (demo_copy.build, username)
        if key not in demo_pages_found:
            demo_pages_found[key] = pages_of_each_shape(client)
        return demo_pages_found[key]

    return pages
