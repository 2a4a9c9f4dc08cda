"""A void fixture is not printed as one to play: the round's table pack leaves it out (read
back from the PDF); a round whose every fixture is void has no pack, and the organiser is told
why on the fixtures page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions import fixture_admin_services as admin
from tests.builders import fixtures_of, make_league, names, pdf_pages, signed_in
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def test_the_table_pack_leaves_a_void_fixture_out(organiser):
    league = make_league(organiser)  # four pairs: two tables a round
    first, second = [f for f in fixtures_of(league) if f.round.number == 1]
    address = reverse("printing:round-tables-pdf", args=[league.slug, 1])
    client = signed_in(organiser)
    before = pdf_pages(client.get(address).content)
    assert len(before) == 2
    admin.fixture_void(fixture=first, by=organiser)

    after = pdf_pages(client.get(address).content)
    assert len(after) == 1
    (text,) = after
    assert all(name in text for name in names(second))
    assert not any(name in text for name in names(first))


def test_a_round_with_every_fixture_void_has_no_pack_and_says_why(organiser):
    league = make_league(organiser)
    for fixture in [f for f in fixtures_of(league) if f.round.number == 1]:
        admin.fixture_void(fixture=fixture, by=organiser)
    address = reverse("printing:round-tables-pdf", args=[league.slug, 1])
    response = signed_in(organiser).get(address, follow=True)
    assert response.redirect_chain == [
        (reverse("competitions:fixtures", args=[league.slug]) + "#round-1", 302)
    ]
    said = parse(response.content).text
    assert "Every fixture of round 1 is void: there is no sheet to print." in said
