"""Look-alike names: one clean form for every name a service stores (NFKC, no invisible or
direction-control characters, single spaces), and duplicates found whatever the case."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions import services as competitions_services
from league.errors import Refused
from league.models import Club, Player
from league.names import clean_name, name_key
from tests.builders import start_game
from tests.league.html import parse

ZWSP = "\u200b"  # zero-width space
RLO = "\u202e"  # right-to-left override
PDF = "\u202c"  # pop directional formatting


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Anna", "Anna"),
        (f"Anna{ZWSP}", "Anna"),
        (f"  An{ZWSP}na\u200d ", "Anna"),
        (f"{RLO}annA{PDF}", "annA"),
        ("Anna\u2066 \u2069Berg", "Anna Berg"),  # an isolate pair around the space
        ("Anna\u00a0\t\n  Berg", "Anna Berg"),  # no-break space, tab, newline
        ("\uff21nna", "Anna"),  # a full-width A
        ("Jo\u00ebl", "Jo\u00ebl"),  # accents stay
        ("Joe\u0308l", "Jo\u00ebl"),  # ... composed
        ("Anna\u3164", "Anna"),  # a Hangul filler looks blank
        (f"{ZWSP}\ufeff\u00ad", ""),  # nothing visible
    ],
)
def test_clean_name(typed: str, stored: str):
    assert clean_name(typed) == stored


def test_names_compare_without_case():
    assert name_key(" ANNA ") == name_key("anna") == name_key(f"Anna{ZWSP}")
    assert name_key("Straße") == name_key("STRASSE")


@pytest.mark.django_db
def test_a_player_with_an_invisible_character_is_the_same_player():
    club = competitions_services.club_create(name="Crown")
    competitions_services.player_add(club=club, name="Anna")
    for look_alike in (f"Anna{ZWSP}", " anna ", f"{RLO}Anna", "ＡＮＮＡ"):
        with pytest.raises(Refused, match="already has a member called Anna") as refused:
            competitions_services.player_add(club=club, name=look_alike)
        assert refused.value.field == "name"
    assert list(Player.objects.values_list("name", flat=True)) == ["Anna"]


@pytest.mark.django_db
def test_no_direction_control_character_is_stored():
    club = competitions_services.club_create(name=f"{RLO}Crown{PDF}")
    player = competitions_services.player_add(club=club, name=f"Eve{RLO}gnp.exe")
    assert club.name == "Crown" and player.name == "Evegnp.exe"


@pytest.mark.django_db
def test_a_look_alike_club_is_refused_on_both_databases():
    competitions_services.club_create(name="Ölands Kortklubb")
    with pytest.raises(Refused, match="already a club called Ölands Kortklubb"):
        competitions_services.club_create(name=f"ÖLANDS{ZWSP} kortklubb")
    assert Club.objects.count() == 1


@pytest.mark.django_db
def test_a_look_alike_team_name_is_refused():
    club = competitions_services.club_create(name="Crown")
    a, b, c, d = (
        competitions_services.player_add(club=club, name=name)
        for name in ("Ann", "Ben", "Cy", "Di")
    )
    competitions_services.partnership_add(club=club, first=a, second=b, name="Jacks")
    with pytest.raises(Refused, match="already has a team called Jacks"):
        competitions_services.partnership_add(club=club, first=c, second=d, name=f"jacks{ZWSP}")


@pytest.mark.django_db
def test_side_names_that_only_look_different_are_refused(scorer):
    with pytest.raises(Refused, match="different name"):
        start_game(scorer, names=["Anna", f"Anna{ZWSP}"])
    with pytest.raises(Refused, match="needs a name for each"):
        start_game(scorer, names=["Anna", f"{ZWSP}{RLO}"])
    game = start_game(scorer, names=[f"{RLO}Anna", "Ben\u200d"])
    assert game.side_names == ["Anna", "Ben"]


@pytest.mark.django_db
def test_the_member_form_says_which_member_a_look_alike_is(organiser_client):
    club = competitions_services.club_create(name="Crown")
    competitions_services.player_add(club=club, name="Anna")
    response = organiser_client.post(f"/clubs/{club.slug}/players/", {"player-name": f"Anna{ZWSP}"})
    assert response.status_code == 400
    message = parse(response.content).by_id("player-name-error").text
    assert message == "Crown already has a member called Anna."
    assert club.players.count() == 1


@pytest.mark.django_db
def test_the_new_game_form_refuses_an_invisible_side_name_next_to_it(scorer_client):
    response = scorer_client.post(
        reverse("games:new"), {"preset": "clabber", "side_0": "Anna", "side_1": f"{ZWSP}{RLO}"}
    )
    assert response.status_code in (200, 400)
    assert "name partnership 2" in parse(response.content).by_id("side_1-error").text
