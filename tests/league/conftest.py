"""Fixed users for the Django tests: an organiser, a scorer, and an outsider (a scorer of no
game in question), plus small helpers to start games and post deals."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.accounts import services as accounts_services
from league.games import services as games_services
from league.models import Game, Role
from scoring import Deal, get_ruleset

PASSWORD = "a-long-test-password-42"


def _user(username: str, role: Role) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    accounts_services.user_set_role(user=user, role=role)
    return user


@pytest.fixture
def organiser(db) -> User:
    return _user("olga", Role.ORGANISER)


@pytest.fixture
def scorer(db) -> User:
    return _user("sam", Role.SCORER)


@pytest.fixture
def outsider(db) -> User:
    return _user("otto", Role.SCORER)


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def scorer_client(scorer) -> Client:
    return signed_in(scorer)


@pytest.fixture
def organiser_client(organiser) -> Client:
    return signed_in(organiser)


@pytest.fixture
def outsider_client(outsider) -> Client:
    return signed_in(outsider)


def start_game(by: User, preset: str = "clabber", names=None, **overrides) -> Game:
    rules = get_ruleset(preset, **overrides)
    names = names or (["Anna & Ben", "Carl & Dora", "Eve"][: rules.sides])
    return games_services.game_create(rules=rules, side_names=names, by=by, table="3")


@pytest.fixture
def clabber_game(scorer) -> Game:
    return start_game(scorer)


def add(game: Game, by: User, **deal) -> None:
    games_services.game_add_deal(game=game, deal=Deal(**deal), by=by)
