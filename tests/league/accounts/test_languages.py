"""The account pages answer in every language of the site (the switcher's cookie), the
sign-in lockout page included, and their messages are whole sentences with the names in them."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.models import Role
from tests.builders import PASSWORD, make_user, signed_in
from tests.league.html import parse

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def speaking(client: Client, code: str) -> Client:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
    return client


def lang_of(response) -> str:
    return next(parse(response.content).iter("html")).attrs["lang"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_setup_page_answers_in_every_language(code):
    response = speaking(Client(), code).get(reverse("accounts:setup"))
    assert response.status_code == 200 and lang_of(response) == code
    response = speaking(Client(), code).post(
        reverse("accounts:setup"),
        {"username": "secretary", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and User.objects.get().username == "secretary"


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_organisers_account_pages_answer_in_every_language(organiser, code):
    other = make_user("sam", Role.SCORER)
    client = speaking(signed_in(organiser), code)
    for address in (
        reverse("accounts:list"),
        reverse("accounts:new"),
        reverse("accounts:password"),
        reverse("accounts:set-password", args=[other.pk]),
        reverse("accounts:lockouts"),
        reverse("accounts:login"),
    ):
        response = client.get(address)
        assert response.status_code == 200, address
        assert lang_of(response) == code, address
    # The writes and their messages.
    new = {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD, "role": "scorer"}
    assert client.post(reverse("accounts:new"), new).status_code == 302
    assert (
        client.post(reverse("accounts:active", args=[other.pk]), {"active": "0"}).status_code == 302
    )
    assert (
        client.post(reverse("accounts:active", args=[other.pk]), {"active": "1"}).status_code == 302
    )
    own = client.post(reverse("accounts:active", args=[organiser.pk]), {"active": "0"})
    assert own.status_code == 400 and lang_of(own) == code
    lift = {"kind": "account", "who": "nobody"}
    assert client.post(reverse("accounts:lockouts"), lift).status_code == 302
    page = client.get(reverse("accounts:list"))
    assert page.status_code == 200 and b"nobody" in page.content


def test_the_messages_name_the_account_in_english(organiser):
    client = signed_in(organiser)
    new = {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD, "role": "scorer"}
    response = client.post(reverse("accounts:new"), new, follow=True)
    assert "Account newbie created." in parse(response.content).text
    response = client.post(
        reverse("accounts:lockouts"), {"kind": "address", "who": "10.1.2.3"}, follow=True
    )
    assert "10.1.2.3 was not locked out (any more)." in parse(response.content).text
    listing = parse(client.get(reverse("accounts:list")).content).text
    assert "Organiser" in listing and "Scorer" in listing


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_lockout_page_answers_in_every_language(code):
    make_user("olga", Role.ORGANISER)
    login = reverse("accounts:login")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        speaking(Client(), code).post(login, {"username": "olga", "password": "wrong"})
    response = speaking(Client(), code).post(login, {"username": "olga", "password": PASSWORD})
    assert response.status_code == 429 and lang_of(response) == code
    message = parse(response.content).by_id("lockout-message").text
    assert str(settings.AXES_FAILURE_LIMIT) in message
