"""Sign-in throttling (django-axes, league.accounts.throttle): after a few wrong passwords an
account on one address, and after more an address, is locked out with a clear message and the
time to wait, at /accounts/login/ and at /admin/login/; a lockout is never prolonged; a stranger
elsewhere never locks anybody out; an organiser lets it in again."""

from __future__ import annotations

import datetime

import axes.attempts
import axes.handlers.proxy
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import Role
from tests.builders import PASSWORD, make_user, refused
from tests.league.html import parse

pytestmark = pytest.mark.django_db

LIMIT = settings.AXES_FAILURE_LIMIT
ADDRESS_LIMIT = settings.LOGIN_ADDRESS_FAILURE_LIMIT
LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"


def sign_in(client: Client, username: str, password: str, address: str, at: str = LOGIN):
    return client.post(at, {"username": username, "password": password}, REMOTE_ADDR=address)


def locked_out(response) -> bool:
    return response.status_code == 429


@pytest.mark.parametrize("at", [LOGIN, ADMIN_LOGIN])
def test_wrong_passwords_lock_the_account_and_the_right_one_waits(at):
    user = make_user("olga", Role.ORGANISER)
    user.is_staff = True  # so that the admin would let her in
    user.save()
    for _ in range(LIMIT - 1):
        assert sign_in(Client(), "olga", "wrong", "10.0.0.7", at).status_code == 200
    # The failure that reaches the limit is answered with the lockout already ...
    assert locked_out(sign_in(Client(), "olga", "wrong", "10.0.0.7", at))
    # ... and so is the right password after it.
    response = sign_in(Client(), "olga", PASSWORD, "10.0.0.7", at)
    assert locked_out(response)
    message = parse(response.content).by_id("lockout-message").text
    assert f"There were {LIMIT} wrong passwords" in message
    assert "Try again in 15 minutes." in message
    # The account is locked on that address only: from her own phone she gets in.
    assert sign_in(Client(), "olga", PASSWORD, "10.0.0.8", at).status_code == 302


def test_a_stranger_elsewhere_never_locks_the_organiser_out():
    make_user("olga", Role.ORGANISER)
    for _ in range(3 * LIMIT):
        sign_in(Client(), "olga", "wrong", "203.0.113.9")
    assert locked_out(sign_in(Client(), "olga", PASSWORD, "203.0.113.9"))
    assert sign_in(Client(), "olga", PASSWORD, "10.0.0.5").status_code == 302


def test_typos_on_a_shared_laptop_pause_only_the_account_typed():
    make_user("olga", Role.ORGANISER)
    make_user("sam", Role.SCORER)
    for _ in range(LIMIT):
        sign_in(Client(), "sam", "wrong", "10.0.0.7")
    assert locked_out(sign_in(Client(), "sam", PASSWORD, "10.0.0.7"))
    assert sign_in(Client(), "olga", PASSWORD, "10.0.0.7").status_code == 302


def test_an_address_guessing_many_accounts_is_locked_out_at_its_own_cap():
    make_user("olga", Role.ORGANISER)
    for i in range(ADDRESS_LIMIT - 1):  # never LIMIT guesses at one account
        sign_in(Client(), f"guess{i % (LIMIT - 1)}-{i}", "wrong", "10.0.0.66")
    # Below the cap the laptop still signs its people in, and that does not wipe its record.
    assert sign_in(Client(), "olga", PASSWORD, "10.0.0.66").status_code == 302
    sign_in(Client(), "guess-last", "wrong", "10.0.0.66")
    response = sign_in(Client(), "olga", PASSWORD, "10.0.0.66")
    assert locked_out(response)
    message = parse(response.content).by_id("lockout-message").text
    assert f"There were {ADDRESS_LIMIT} wrong passwords" in message
    # Olga herself, from her own phone, still gets in.
    assert sign_in(Client(), "olga", PASSWORD, "10.0.0.5").status_code == 302


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves: ``clock.now`` is what every part of the throttle reads."""

    class Clock:
        now = timezone.now().replace(microsecond=0)

        def advance(self, **delta: float) -> None:
            self.now += datetime.timedelta(**delta)

    fixed = Clock()
    for module in (timezone, axes.handlers.proxy, axes.attempts):
        monkeypatch.setattr(module, "now", lambda: fixed.now)
    return fixed


def test_a_lockout_is_never_prolonged_by_more_wrong_passwords(clock):
    make_user("olga", Role.ORGANISER)
    for _ in range(LIMIT):
        sign_in(Client(), "olga", "wrong", "203.0.113.9")
    for _ in range(5):  # one more every 14 minutes: refused, not counted
        clock.advance(minutes=2.8)
        assert locked_out(sign_in(Client(), "olga", "wrong", "203.0.113.9"))
    clock.advance(minutes=1, seconds=1)  # 15 minutes after the failure that locked
    assert sign_in(Client(), "olga", PASSWORD, "203.0.113.9").status_code == 302


def test_an_address_lockout_is_never_prolonged_either(clock):
    make_user("olga", Role.ORGANISER)
    for i in range(ADDRESS_LIMIT):
        sign_in(Client(), f"guess{i}", "wrong", "203.0.113.9")
    clock.advance(minutes=14)
    assert locked_out(sign_in(Client(), "guess-more", "wrong", "203.0.113.9"))
    clock.advance(minutes=1, seconds=1)
    assert sign_in(Client(), "olga", PASSWORD, "203.0.113.9").status_code == 302


def test_a_few_mistakes_do_not_lock_and_success_clears_them():
    make_user("olga", Role.ORGANISER)
    for _ in range(LIMIT - 1):
        sign_in(Client(), "olga", "wrong", "10.0.0.7")
    assert sign_in(Client(), "olga", PASSWORD, "10.0.0.7").status_code == 302
    for _ in range(LIMIT - 1):
        sign_in(Client(), "olga", "wrong", "10.0.0.7")
    assert sign_in(Client(), "olga", PASSWORD, "10.0.0.7").status_code == 302


def test_an_organiser_lifts_a_lockout(organiser_client):
    make_user("sam2", Role.SCORER)
    make_user("olga2", Role.ORGANISER)
    for _ in range(LIMIT):  # sam2's typos on the club laptop
        sign_in(Client(), "sam2", "wrong", "10.0.0.2")
    for i in range(ADDRESS_LIMIT):  # one device guessing several accounts
        sign_in(Client(), f"guess{i}", "wrong", "10.0.0.66")
    assert locked_out(sign_in(Client(), "sam2", PASSWORD, "10.0.0.2"))
    assert locked_out(sign_in(Client(), "olga2", PASSWORD, "10.0.0.66"))

    rows = parse(organiser_client.get(reverse("accounts:lockouts")).content).by_id("lockouts")
    assert "Account sam2 from address 10.0.0.2" in rows.text
    assert "Address 10.0.0.66" in rows.text
    response = organiser_client.post(
        reverse("accounts:lockouts"), {"kind": "account", "who": "sam2"}
    )
    assert response.status_code == 302
    assert sign_in(Client(), "sam2", PASSWORD, "10.0.0.2").status_code == 302
    # The address stays locked until it is lifted too.
    assert locked_out(sign_in(Client(), "olga2", PASSWORD, "10.0.0.66"))
    organiser_client.post(reverse("accounts:lockouts"), {"kind": "address", "who": "10.0.0.66"})
    assert sign_in(Client(), "olga2", PASSWORD, "10.0.0.66").status_code == 302
    assert "No sign-in is paused" in organiser_client.get(reverse("accounts:lockouts")).text


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_lifts_lockouts(who, client, scorer_client):
    make_user("sam2", Role.SCORER)
    for _ in range(LIMIT):
        sign_in(Client(), "sam2", "wrong", "10.0.0.1")
    user_client = client if who == "anonymous" else scorer_client
    refused(user_client.get(reverse("accounts:lockouts")), login=who == "anonymous")
    response = user_client.post(reverse("accounts:lockouts"), {"kind": "account", "who": "sam2"})
    refused(response, login=who == "anonymous")
    assert locked_out(sign_in(Client(), "sam2", PASSWORD, "10.0.0.1"))


def test_signing_in_from_code_is_not_throttled():
    # Client.login (used by tests) passes no request: there is no address to throttle.
    make_user("olga", Role.ORGANISER)
    assert Client().login(username="olga", password=PASSWORD)
    assert User.objects.get().is_active


def test_behind_a_proxy_an_account_is_locked_from_everywhere(settings, organiser_client):
    # LOGIN_LOCKOUT_BY=username: every visitor shares the proxy's address, so only accounts count.
    settings.AXES_LOCKOUT_PARAMETERS = ["username"]
    make_user("sam2", Role.SCORER)
    for i in range(LIMIT):
        sign_in(Client(), "sam2", "wrong", f"10.0.1.{i}")
    assert locked_out(sign_in(Client(), "sam2", PASSWORD, "10.0.0.2"))
    rows = parse(organiser_client.get(reverse("accounts:lockouts")).content).by_id("lockouts")
    assert "Account sam2" in rows.text and "from address" not in rows.text
    organiser_client.post(reverse("accounts:lockouts"), {"kind": "account", "who": "sam2"})
    assert sign_in(Client(), "sam2", PASSWORD, "10.0.0.2").status_code == 302
