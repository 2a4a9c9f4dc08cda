"""The account pages and the home page: the first organiser of an empty install, accounts an
organiser adds (refused to a scorer), and what the home page offers whom."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.models import Profile
from tests.builders import PASSWORD, add
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def test_the_first_visitor_of_an_empty_install_creates_the_organiser(client: Client):
    response = client.post(
        reverse("accounts:setup"),
        {"username": "secretary", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = User.objects.get()
    assert user.profile.role == "organiser"
    # Once somebody exists, setup is closed.
    assert Client().get(reverse("accounts:setup")).status_code == 302
    Client().post(
        reverse("accounts:setup"),
        {"username": "intruder", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert User.objects.count() == 1


def test_an_organiser_adds_a_scorer_account(organiser_client: Client):
    response = organiser_client.post(
        reverse("accounts:new"),
        {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD, "role": "scorer"},
    )
    assert response.status_code == 302
    assert Profile.objects.get(user__username="newbie").role == "scorer"


def test_a_scorer_cannot_add_accounts(scorer_client: Client):
    response = scorer_client.post(
        reverse("accounts:new"),
        {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD, "role": "organiser"},
    )
    assert response.status_code == 403
    assert not User.objects.filter(username="newbie").exists()


def test_the_home_page_offers_setup_on_an_empty_install(client: Client):
    page = parse(client.get("/").content)
    assert "/setup/" in {a.attrs.get("href") for a in page.iter("a")}


def test_the_home_page_lists_recent_games_and_hides_setup(clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    page = parse(Client().get("/").content)
    links = {a.attrs.get("href") for a in page.iter("a")}
    assert f"/games/{clabber_game.pk}/" in links and "/setup/" not in links
    assert "In play: 90 – 72" in page.by_id("recent-games").text


def test_only_organisers_see_the_accounts_link(organiser_client, scorer_client):
    assert b'href="/accounts/"' in organiser_client.get("/").content
    assert b'href="/accounts/"' not in scorer_client.get("/").content
