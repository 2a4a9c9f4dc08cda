"""First-run setup under a race: many valid setups at once on an empty install make exactly
one organiser, because the database lets only one through (not a check-then-create)."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import User
from django.db import connections
from django.test import Client
from django.urls import reverse

from league.accounts import services
from league.errors import Refused
from league.models import Installation, Profile
from tests.builders import PASSWORD

SETUPS = 16


def all_at_once(action, count: int = SETUPS) -> list[object]:
    """``action(i)`` in ``count`` real threads released together; what each returned or raised."""
    barrier = threading.Barrier(count)
    outcomes: list[object] = [None] * count

    def run(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[i] = action(i)
        except Exception as error:  # noqa: BLE001 - the test inspects every outcome
            outcomes[i] = error
        finally:
            connections.close_all()  # each thread's own connection

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_sixteen_setups_at_once_make_exactly_one_organiser():
    def post_setup(i: int) -> int:
        response = Client().post(
            reverse("accounts:setup"),
            {"username": f"secretary{i}", "password1": PASSWORD, "password2": PASSWORD},
        )
        return response.status_code

    outcomes = all_at_once(post_setup)
    assert all(isinstance(status, int) and status < 500 for status in outcomes), outcomes
    assert User.objects.count() == 1
    assert Profile.objects.get().role == "organiser"
    assert Installation.objects.get().first_organiser == User.objects.get()


@pytest.mark.django_db(transaction=True)
def test_the_database_refuses_a_second_setup_even_when_the_check_was_passed():
    # Both setups looked at an empty install; the service alone must refuse the later one.
    services.first_organiser_create(username="first", password=PASSWORD)
    with pytest.raises(Refused, match="already set up"):
        services.first_organiser_create(username="second", password=PASSWORD)
    assert list(User.objects.values_list("username", flat=True)) == ["first"]


@pytest.mark.django_db
def test_a_setup_that_lost_the_race_says_so_and_saves_nothing(client: Client, monkeypatch):
    services.first_organiser_create(username="first", password=PASSWORD)
    # As if this request had read an empty install just before the winner committed.
    monkeypatch.setattr("league.accounts.selectors.install_is_empty", lambda: True)
    response = client.post(
        reverse("accounts:setup"),
        {"username": "second", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 409
    assert b"already set up" in response.content
    assert User.objects.count() == 1
