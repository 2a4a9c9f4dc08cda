"""Sessions end on the server: a copied session cookie stops working after signing out, a
password change or disabling the account."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Role
from tests.builders import PASSWORD, make_user

pytestmark = pytest.mark.django_db

# A page only a signed-in organiser may open: anybody else is sent to sign in.
ORGANISERS_PAGE = "/accounts/new/"


def signed_in_through_the_login_page() -> tuple[Client, User]:
    user = make_user("olga", Role.ORGANISER)
    client = Client()
    response = client.post(reverse("accounts:login"), {"username": "olga", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(ORGANISERS_PAGE).status_code == 200
    return client, user


def copy_of(client: Client) -> Client:
    """Another browser holding the same session cookie (stolen, or left on a club laptop)."""
    other = Client()
    other.cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return other


def test_a_copied_cookie_stops_working_after_signing_out():
    client, _ = signed_in_through_the_login_page()
    copied = copy_of(client)
    assert copied.get(ORGANISERS_PAGE).status_code == 200
    client.post(reverse("accounts:logout"))
    response = copied.get(ORGANISERS_PAGE)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_a_password_change_ends_the_other_sessions():
    client, user = signed_in_through_the_login_page()
    user.set_password("another-long-password-43")
    user.save()
    assert client.get(ORGANISERS_PAGE).status_code == 302


def test_disabling_an_account_ends_its_sessions():
    client, user = signed_in_through_the_login_page()
    user.is_active = False
    user.save()
    assert client.get(ORGANISERS_PAGE).status_code == 302


def test_a_signed_in_request_reads_the_session_and_the_user_with_profile_in_two_queries():
    client, _ = signed_in_through_the_login_page()
    with CaptureQueriesContext(connection) as captured:
        assert client.get("/rules/clabber/").status_code == 200
    queries = [q["sql"] for q in captured.captured_queries]
    assert len(queries) == 2, queries
    assert "django_session" in queries[0] and "league_profile" in queries[1]
