"""Fixed users for the Django tests: an organiser, a scorer, and an outsider (a scorer of no
game in question), plus small helpers to start games and post deals."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
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
