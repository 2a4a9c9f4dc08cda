"""Entering many people: a pasted list of members (one a line), every partnership (or member)
of the club entered in a competition or a tournament in one step, and the cursor back in the
name field after adding one.

A pasted list adds the new names and lists the ones left out by name (already members, on the
list twice): a secretary pasting the club's whole list again expects the new ones added, not
the lot refused. A line that cannot be a name (too long) is a typo to fix: nothing is added,
the list comes back as typed with the line's number next to the field."""

from __future__ import annotations

import pytest

from league.competitions import services
from league.models import Club, Competition, EntrantKind, Partnership, TournamentFormat
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.builders import refused
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return services.club_create(name="Thursday Club")


def messages_of(root: Element) -> list[str]:
    return [li.text for li in root.iter("li") if li.has_class("message")]


def names(club: Club) -> list[str]:
    return list(club.players.order_by("id").values_list("name", flat=True))


def focused(root: Element) -> list[str]:
    """The ids of the fields the page puts the cursor in."""
    return [el.attrs["id"] for el in root.iter() if "autofocus" in el.attrs]


# -- a pasted list of members ------------------------------------------------------------------
def test_an_organiser_pastes_a_list_of_members(organiser_client, club):
    services.player_add(club=club, name="Anna")
    pasted = "Ben\n\n  Carl  \nanna\n\u200bDora\nben\n   \n"
    response = organiser_client.post(f"/clubs/{club.slug}/players/many/", {"members-names": pasted})
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{club.slug}/#members"
    assert names(club) == ["Anna", "Ben", "Carl", "Dora"]  # cleaned, blanks skipped
    root = parse(organiser_client.get(response["Location"]).content)
    assert messages_of(root) == [
        "3 members added: Ben, Carl and Dora.",
        "Already members, not added again: Anna.",
        "On the list twice, added once: Ben.",
    ]


def test_a_list_of_names_the_club_has_already_adds_nobody_and_says_so(organiser_client, club):
    services.player_add(club=club, name="Anna")
    response = organiser_client.post(
        f"/clubs/{club.slug}/players/many/", {"members-names": "ANNA"}, follow=True
    )
    assert messages_of(parse(response.content)) == [
        "Nobody new: every name on the list is a member already.",
        "Already members, not added again: Anna.",
    ]
    assert names(club) == ["Anna"]


def test_a_line_too_long_for_a_name_adds_nothing_and_keeps_the_list(organiser_client, club):
    pasted = "Ben\n" + "x" * 81 + "\nCarl"
    response = organiser_client.post(f"/clubs/{club.slug}/players/many/", {"members-names": pasted})
    assert response.status_code == 400
    root = parse(response.content)
    errors = [p.text for p in root.by_id("add-members").iter("p") if p.has_class("error")]
    assert errors == [
        f"Line 2: “{'x' * 30}…” is longer than 80 letters.",
        "Nothing was added: shorten it and send again.",
    ]
    assert root.by_id("id_members-names").text == pasted.replace("\n", " ")
    assert focused(root) == ["id_members-names"]
    assert names(club) == []


def test_an_empty_list_is_told_next_to_the_field(organiser_client, club):
    response = organiser_client.post(
        f"/clubs/{club.slug}/players/many/", {"members-names": " \n \n"}
    )
    assert response.status_code == 400
    assert (
        parse(response.content).by_id("members-names-error").text
        == "Paste or type at least one name."
    )


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_pastes_members(who, client, scorer_client, club):
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post(f"/clubs/{club.slug}/players/many/", {"members-names": "Ben"})
    refused(response, login=who == "anonymous")
    assert names(club) == []


def test_the_service_adds_nothing_when_a_name_is_too_long(club):
    with pytest.raises(services.Refused):
        services.players_add(club=club, names=["Ben", "y" * 81])
    assert names(club) == []


# -- the cursor back in the name field ------------------------------------------------------------
def test_after_adding_a_member_the_cursor_is_in_the_name_field_again(organiser_client, club):
    response = organiser_client.post(
        f"/clubs/{club.slug}/players/", {"player-name": "Eve"}, follow=True
    )
    root = parse(response.content)
    assert "Eve is a member of Thursday Club." in messages_of(root)
    assert focused(root) == ["id_player-name"]
    # Only then: a plain visit of the club page puts the cursor nowhere.
    assert focused(parse(organiser_client.get(f"/clubs/{club.slug}/").content)) == []


def test_after_a_refused_member_the_cursor_is_in_the_name_field(organiser_client, club):
    services.player_add(club=club, name="Eve")
    response = organiser_client.post(f"/clubs/{club.slug}/players/", {"player-name": "eve"})
    assert focused(parse(response.content)) == ["id_player-name"]


def test_after_adding_a_partnership_the_cursor_is_in_the_first_partner(organiser_client, club):
    anna, ben = (services.player_add(club=club, name=n) for n in ("Anna", "Ben"))
    response = organiser_client.post(
        f"/clubs/{club.slug}/partnerships/",
        {"partnership-first": anna.pk, "partnership-second": ben.pk},
        follow=True,
    )
    assert focused(parse(response.content)) == ["id_partnership-first"]


# -- every partnership of the club as entrants ---------------------------------------------------
@pytest.fixture
def pairs(club) -> list[Partnership]:
    anna, ben, carl, dora, eve = (
        services.player_add(club=club, name=n) for n in ("Anna", "Ben", "Carl", "Dora", "Eve")
    )
    return [
        services.partnership_add(club=club, first=anna, second=ben, name="A Jacks"),
        services.partnership_add(club=club, first=carl, second=dora, name="B Queens"),
        # Anna plays in two partnerships of the club: only one of them may enter.
        services.partnership_add(club=club, first=anna, second=eve, name="C Kings"),
    ]


def a_league(club, organiser, kind=EntrantKind.PARTNERSHIPS) -> Competition:
    return services.competition_create(
        club=club, name="Winter", rules=get_ruleset("clabber"), entrant_kind=kind, by=organiser
    )


def test_an_organiser_enters_every_partnership_of_the_club(
    organiser_client, organiser, club, pairs
):
    competition = a_league(club, organiser)
    services.entrant_add(competition=competition, partnership=pairs[1])
    root = parse(organiser_client.get(f"/c/{competition.slug}/").content)
    form = root.by_id("add-all-entrants")
    assert form.attrs["action"] == f"/c/{competition.slug}/entrants/all/"
    assert "Enter every partnership of the club" in form.text
    response = organiser_client.post(f"/c/{competition.slug}/entrants/all/", follow=True)
    assert sorted(competition.entrants.values_list("name", flat=True)) == ["A Jacks", "B Queens"]
    assert messages_of(parse(response.content)) == [
        "1 partnership entered.",
        "1 was entered already.",
        "C Kings not entered: A Jacks is already entered, and a player can play in one "
        "partnership of a competition only.",
    ]


def test_an_individual_competition_enters_every_member(organiser_client, organiser, club, pairs):
    competition = a_league(club, organiser, kind=EntrantKind.ROTATION)
    response = organiser_client.post(f"/c/{competition.slug}/entrants/all/", follow=True)
    assert competition.entrants.count() == 5
    assert messages_of(parse(response.content)) == ["5 players entered."]
    response = organiser_client.post(f"/c/{competition.slug}/entrants/all/", follow=True)
    assert messages_of(parse(response.content)) == ["Every player of the club is entered already."]


def test_entering_every_partnership_after_the_draw_is_refused(
    organiser_client, organiser, club, pairs
):
    competition = a_league(club, organiser)
    for pair in pairs[:2]:
        services.entrant_add(competition=competition, partnership=pair)
    services.fixtures_generate(competition=competition)
    response = organiser_client.post(f"/c/{competition.slug}/entrants/all/")
    assert response.status_code == 400
    assert messages_of(parse(response.content)) == [
        "The fixtures are drawn: entrants can no longer be added."
    ]
    assert competition.entrants.count() == 2


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_enters_every_partnership(
    who, client, scorer_client, organiser, club, pairs
):
    competition = a_league(club, organiser)
    user_client = client if who == "anonymous" else scorer_client
    refused(user_client.post(f"/c/{competition.slug}/entrants/all/"), login=who == "anonymous")
    assert not competition.entrants.exists()


def test_after_entering_one_the_cursor_is_in_the_choice_again(
    organiser_client, organiser, club, pairs
):
    competition = a_league(club, organiser)
    response = organiser_client.post(
        f"/c/{competition.slug}/entrants/", {"entrant-partnership": pairs[0].pk}, follow=True
    )
    assert focused(parse(response.content)) == ["id_entrant-partnership"]


# -- the same for a tournament, on the director's page ------------------------------------------
@pytest.fixture
def cup(organiser, club, pairs) -> Competition:
    return tournaments_services.tournament_create(
        club=club,
        name="Cup",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        format=TournamentFormat.SINGLE,
        by=organiser,
    )


def test_the_director_enters_every_partnership_of_the_club(organiser_client, cup):
    root = parse(organiser_client.get(f"/c/{cup.slug}/director/").content)
    assert root.by_id("add-all-entrants").attrs["action"] == f"/c/{cup.slug}/director/entrants/all/"
    response = organiser_client.post(f"/c/{cup.slug}/director/entrants/all/", follow=True)
    assert sorted(cup.entrants.values_list("name", flat=True)) == ["A Jacks", "B Queens"]
    assert "2 partnerships entered." in messages_of(parse(response.content))


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_the_director_enters_every_partnership(who, client, scorer_client, cup):
    user_client = client if who == "anonymous" else scorer_client
    refused(user_client.post(f"/c/{cup.slug}/director/entrants/all/"), login=who == "anonymous")
    assert not cup.entrants.exists()


def test_after_the_director_enters_one_the_cursor_is_in_the_choice_again(
    organiser_client, cup, pairs
):
    response = organiser_client.post(
        f"/c/{cup.slug}/director/entrants/", {"entrant-partnership": pairs[0].pk}, follow=True
    )
    root = parse(response.content)
    assert "A Jacks entered." in messages_of(root)
    assert focused(root) == ["id_entrant-partnership"]


def test_no_player_is_added_twice_by_entering_the_club_twice(organiser_client, cup):
    organiser_client.post(f"/c/{cup.slug}/director/entrants/all/")
    organiser_client.post(f"/c/{cup.slug}/director/entrants/all/")
    assert cup.entrants.count() == 2
