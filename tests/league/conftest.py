"""Fixed users for the Django tests: an organiser, a scorer, and an outsider (a scorer of no
game in question), plus small helpers to start games and post deals, and the demo built once for
a module of tests that only read it."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import transaction
from django.test import Client

from league.models import Game, Role
from tests.builders import make_user, signed_in, start_game


@pytest.fixture
def organiser(db) -> User:
    return make_user("olga", Role.ORGANISER)


@pytest.fixture
def scorer(db) -> User:
    return make_user("sam", Role.SCORER)


@pytest.fixture
def outsider(db) -> User:
    return make_user("otto", Role.SCORER)


@pytest.fixture
def scorer_client(scorer) -> Client:
    return signed_in(scorer)


@pytest.fixture
def organiser_client(organiser) -> Client:
    return signed_in(organiser)


@pytest.fixture
def outsider_client(outsider) -> Client:
    return signed_in(outsider)


@pytest.fixture
def clabber_game(scorer) -> Game:
    return start_game(scorer)


@pytest.fixture(scope="module")
def demo_for_the_module(django_db_setup, django_db_blocker) -> Iterator[str]:
    """The demo (``manage.py demo``; what it printed), built once for the tests of a module that
    read it, inside a transaction rolled back after the module's last test. Each test runs in a
    savepoint of that transaction (the ``db`` fixture), so what one test writes (a session, a
    sign-in) is gone before the next. Mark such a module with ``xdist_group`` so that one worker
    runs all of it, and put no test there that needs an empty database."""
    with django_db_blocker.unblock(), transaction.atomic():
        out = io.StringIO()
        call_command("demo", stdout=out)
        yield out.getvalue()
        transaction.set_rollback(True)
