"""A form posted while signed out (the session ended at the table) sends the person to sign
in, and signing in brings them back to the page the form was on: never to the form's own
address, which answers posts only (a 405 page)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import PASSWORD

pytestmark = pytest.mark.django_db


def next_of(location: str) -> list[str]:
    parts = urlsplit(location)
    assert parts.path == reverse("accounts:login")
    return parse_qs(parts.query).get("next", [])


def sign_in(client: Client, next_page: list[str]):
    data = {"username": "sam", "password": PASSWORD}
    if next_page:
        data["next"] = next_page[0]
    return client.post(reverse("accounts:login"), data, follow=True)


def test_signing_in_after_a_signed_out_post_returns_to_the_form_s_page(clabber_game):
    client = Client()
    page = reverse("games:detail", args=[clabber_game.pk])
    response = client.post(
        reverse("games:settings", args=[clabber_game.pk]),
        {"meld_entry": "scored"},
        HTTP_REFERER=f"http://testserver{page}?from=here",
    )
    assert response.status_code == 302
    next_page = next_of(response["Location"])
    assert next_page == [f"{page}?from=here"]

    landed = sign_in(client, next_page)
    assert landed.status_code == 200
    assert landed.redirect_chain[-1][0] == f"{page}?from=here"


@pytest.mark.parametrize(
    "referer",
    [None, "https://elsewhere.example/games/1/", "javascript:alert(1)", "//elsewhere.example/"],
)
def test_without_a_page_of_this_site_to_return_to_signing_in_lands_on_a_page(clabber_game, referer):
    client = Client()
    headers = {"HTTP_REFERER": referer} if referer else {}
    address = reverse("games:deal-undo", args=[clabber_game.pk])
    response = client.post(address, {}, **headers)
    next_page = next_of(response["Location"])
    assert address not in next_page
    assert all(n.startswith("/") and not n.startswith("//") for n in next_page)
    assert sign_in(client, next_page).status_code == 200


def test_a_signed_out_get_still_returns_to_its_own_page(clabber_game):
    address = reverse("games:deal-edit", args=[clabber_game.pk, 1])
    response = Client().get(address)
    assert next_of(response["Location"]) == [address]
