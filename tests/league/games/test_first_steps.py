"""After the first setup the organiser lands on the games list with the steps to a first club
night, each a link: make a club, add its members, start a league or a tournament, print the
sheets; a step done is left out, and none is shown once a competition exists (issue 22,
finding 17)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.first_steps import first_steps
from tests.builders import PASSWORD, make_league, page

pytestmark = pytest.mark.django_db


def steps_on(client: Client) -> dict[str, str]:
    """The steps the games list shows: each step's key and where its link goes."""
    root = page(client, reverse("games:list"))
    found = [e for e in root.iter() if e.attrs.get("id") == "first-steps"]
    if not found:
        return {}
    return {
        li.attrs["id"].removeprefix("first-step-"): next(li.iter("a")).attrs["href"]
        for li in found[0].iter("li")
    }


def test_the_first_organiser_lands_on_the_way_to_a_first_club_night(client):
    response = client.post(
        reverse("accounts:setup"),
        {"username": "secretary", "password1": PASSWORD, "password2": PASSWORD},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == reverse("games:list")
    assert steps_on(client) == {
        "club": "/clubs/",
        "members": "/clubs/",
        "competition": "/competitions/new/",
        "sheets": "/sheets/blank/",
    }
    # A club made: that step is done, and the members are added on its page.
    club = competitions_services.club_create(name="Crown")
    assert steps_on(client) == {
        "members": f"/clubs/{club.slug}/",
        "competition": f"/competitions/new/?club={club.slug}",
        "sheets": "/sheets/blank/",
    }
    competitions_services.player_add(club=club, name="Anna")
    assert list(steps_on(client)) == ["competition", "sheets"]


def test_with_a_competition_there_are_no_steps_in_one_query(
    organiser, organiser_client, django_assert_num_queries
):
    make_league(organiser)
    assert steps_on(organiser_client) == {}
    with django_assert_num_queries(1):
        assert first_steps() == []


def test_a_scorer_is_not_shown_the_organisers_steps(scorer_client, client):
    assert steps_on(scorer_client) == {}
    assert steps_on(client) == {}
