"""Settings for every test run: static files straight from static/, and a quick password hasher.

The site's settings (DEBUG off, as ``make run`` serves) name the hashed files that
``collectstatic`` writes, which a test run from a checkout has not collected; the tests serve
``static/`` itself through WhiteNoise, as a developer's checkout does.

The site hashes passwords with Django's default PBKDF2, slow on purpose (0.2 s a password on
this machine): the tests make hundreds of accounts, so they store them with MD5 instead. What
is tested is who may sign in and do what, not the hash; the subprocess tests that start the
site run with its own settings.

Hypothesis tries each property on as many examples as the profile says, here and nowhere else
(tests/properties.py scales the costly ones): ``ci`` (the default, what make test and CI run)
400 examples, at least what each property had before the profiles, the same ones every run;
``dev`` 40, random ones, for make test-quick. HYPOTHESIS_PROFILE chooses another. No deadline
(CI had none before either): on two busy cores an example's time says nothing about the code."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.test import override_settings
from hypothesis import settings

# ci: Hypothesis's own profile for CI (the same examples every run, no deadline, a failure's
# blob printed to replay it), with more examples.
settings.register_profile("ci", parent=settings.get_profile("ci"), max_examples=400)
settings.register_profile(
    "dev", parent=settings.get_profile("default"), max_examples=40, deadline=None
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session", autouse=True)
def static_files_from_the_checkout() -> Iterator[None]:
    with override_settings(
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        WHITENOISE_USE_FINDERS=True,
        WHITENOISE_AUTOREFRESH=True,
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        # No copies of live pages (league.live.page_cache): tests change rows without a live
        # event and look again at once, and each test's rows reuse the last one's addresses.
        # tests/league/live/test_page_cache.py turns them on.
        LIVE_PAGE_COPY_SECONDS=0,
    ):
        yield


@pytest.fixture(autouse=True)
def live_hub_stopped() -> Iterator[None]:
    """A test that opened a live page started this process's hub, whose thread holds a database
    connection: stopped after the test, so that the test database can be dropped (PostgreSQL
    refuses while a connection is open) and the next test starts from its own events."""
    yield
    from league.live.hub import hub

    hub().stop()


@pytest.fixture(autouse=True)
def cache_emptied() -> Iterator[None]:
    """Each test starts from an empty cache (the standings keep their positions night by night
    there): a test database reuses ids, so a key from an earlier test could match."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker) -> None:  # type: ignore[no-untyped-def]
    """On PostgreSQL, no autovacuum in the test database: after the tests' rolled-back writes
    it vacuums tables full of dead rows and records them as holding none, and the planner,
    believing a table empty, nests full scans inside full scans (a query that takes
    milliseconds took seconds, and a test minutes). A real site's tables hold what autovacuum
    counts."""
    from django.db import connection

    with django_db_blocker.unblock():
        if connection.vendor != "postgresql":
            return
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT format('ALTER TABLE %I SET (autovacuum_enabled = off)', tablename)"
                " FROM pg_tables WHERE schemaname = current_schema()"
            )
            for (statement,) in cursor.fetchall():
                cursor.execute(statement)
