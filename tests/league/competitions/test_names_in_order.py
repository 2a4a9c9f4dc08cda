"""Lists of names read in dictionary order, accents and case aside: "Élodie" comes between
"Elias" and "Emil", "Zoe" last; never after "Zoe" as code points would put it (the database's
order). On the club's page, a competition's page, the pick lists and the standings' name
column."""

from __future__ import annotations

import pytest
from django.test import Client

from league.competitions import services
from league.models import EntrantKind
from league.names import name_sort_key
from scoring import get_ruleset
from tests.builders import page
from tests.league.competitions.test_fixture_views import standings_table

pytestmark = pytest.mark.django_db

TYPED = ["Zoe", "émile", "Elias", "Hervé", "Élodie", "Emil", "elodie"]
IN_ORDER = ["Elias", "elodie", "Élodie", "Emil", "émile", "Hervé", "Zoe"]


def test_the_sort_key_ignores_accents_and_case_and_keeps_one_order():
    assert sorted(TYPED, key=name_sort_key) == IN_ORDER
    assert sorted(["Zoe", "Élodie", "Herve", "Elodie"]) == ["Elodie", "Herve", "Zoe", "Élodie"]


@pytest.fixture
def club():
    club = services.club_create(name="Crown")
    for name in TYPED:
        services.player_add(club=club, name=name)
    return club


def options(root, select_id: str) -> list[str]:
    return [o.text for o in root.by_id(select_id).iter("option") if o.attrs.get("value")]


def test_the_club_page_lists_members_in_dictionary_order(club, organiser_client):
    root = page(Client(), f"/clubs/{club.slug}/")
    assert [a.text for a in root.by_id("members").iter("a")] == IN_ORDER
    # The partnership form's menus too.
    form = page(organiser_client, f"/clubs/{club.slug}/")
    assert options(form, "id_partnership-first") == IN_ORDER


def test_a_competition_lists_entrants_and_offers_players_in_dictionary_order(
    club, organiser, organiser_client
):
    competition = services.competition_create(
        club=club,
        name="Singles",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
        by=organiser,
    )
    players = {p.name: p for p in club.players.all()}
    for name in ("Zoe", "Élodie", "Elias"):
        services.entrant_add(competition=competition, player=players[name])
    root = page(organiser_client, f"/c/{competition.slug}/")
    assert [a.text for a in root.by_id("entrants").iter("a")] == ["Elias", "Élodie", "Zoe"]
    assert options(root, "id_entrant-player") == [
        n for n in IN_ORDER if n not in ("Zoe", "Élodie", "Elias")
    ]


def test_the_standings_sort_by_name_in_dictionary_order(club, organiser):
    competition = services.competition_create(
        club=club,
        name="Singles",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
        by=organiser,
    )
    for player in club.players.all():
        services.entrant_add(competition=competition, player=player)
    response = Client().get(f"/c/{competition.slug}/standings/", {"sort": "entrant"})
    _, rows, _ = standings_table(response)
    assert [r[1] for r in rows] == IN_ORDER
