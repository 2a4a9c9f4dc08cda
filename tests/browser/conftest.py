"""A real Chromium driven by Playwright against a live server of the test database.

Debian's Chromium is used (``apt-get install chromium``); Playwright's own browser download is
not needed. Without Chromium the browser tests are skipped, saying why; ``.ci/run`` installs it.
"""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture
def browser(monkeypatch):
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"Chromium not found at {CHROMIUM}: apt-get install chromium to run it")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls made while it runs
    # (the live server's database, the test's own checks) are ordinary blocking calls, so
    # Django's async-safety guard does not apply. Set for this test only: a deployment check
    # run later must not see it.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


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


@pytest.fixture
def demo(settings):
    """The demo's club night, season and tournament (``manage.py demo``); its accounts'
    password is the demo command's DEMO_PASSWORD."""
    # The demo creates its accounts each run; the default hasher is slow on purpose.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("demo", stdout=io.StringIO())
