"""The club and competition pages, read the way a person reads them: clubs and members,
setting up a season, entering entrants and drawing fixtures, players' and partnerships'
records. Every write is tried by the organiser (it works), a scorer (403) and an anonymous
visitor (sent to sign in), and nothing is saved when it is refused."""

from __future__ import annotations

import datetime
import json
import re

import pytest

from league.competitions import services as competitions_services
from league.competitions.views import page_of
from league.forms_common import SET_AWARD_CHOICES, TIE_RULE_CHOICES
from league.games import services as games_services
from league.models import Club, Competition, Entrant, EntrantKind, Partnership, Player, Round
from scoring import Deal, get_ruleset
from scoring.rules import SET_AWARDS, TIE_RULES
from scoring.standings import TIEBREAKS
from tests.builders import page, query_count, refused
from tests.league.html import Element, parse, table_rows

pytestmark = pytest.mark.django_db


# -- helpers ----------------------------------------------------------------------------------


def hrefs(root: Element) -> set[str]:
    return {a.attrs["href"] for a in root.iter("a") if "href" in a.attrs}


def field_error(root: Element, html_name: str) -> str:
    """The message shown next to a field (its error paragraph)."""
    return root.by_id(f"{html_name}-error").text


def body_rows(table: Element) -> dict[str, list[str]]:
    """A table's body rows: the row heading's text to the cells' texts."""
    return {
        next(tr.iter("th")).text: [td.text for td in tr.iter("td")]
        for tr in next(table.iter("tbody")).iter("tr")
    }


def fixture_pages(competition: Competition) -> tuple[str | None, str | None]:
    """The fixtures and standings pages (league.fixture_views), where they exist."""
    return (
        page_of(competition, "competitions:fixtures"),
        page_of(competition, "competitions:standings"),
    )


def league(club: Club, by, *, kind=EntrantKind.PARTNERSHIPS, preset="clabber", **kwargs):
    return competitions_services.competition_create(
        club=club,
        name=kwargs.pop("name", "Winter league"),
        rules=get_ruleset(preset, **kwargs.pop("overrides", {})),
        entrant_kind=kind,
        by=by,
        **kwargs,
    )


def members(club: Club, *names: str) -> list[Player]:
    return [competitions_services.player_add(club=club, name=name) for name in names]


@pytest.fixture
def club() -> Club:
    return competitions_services.club_create(name="Evansville Clabber Club")


@pytest.fixture
def pairs(club) -> list[Partnership]:
    anna, ben, carl, dora = members(club, "Anna", "Ben", "Carl", "Dora")
    return [
        competitions_services.partnership_add(club=club, first=anna, second=ben, name="The Jacks"),
        competitions_services.partnership_add(club=club, first=carl, second=dora),
    ]


@pytest.fixture
def winter(club, organiser, pairs) -> Competition:
    competition = league(
        club,
        organiser,
        overrides={"target": 1000, "meld_values": {"run5": 150}},
        games_per_match=3,
        tiebreaks=["match_points", "head_to_head", "fewest_hicks"],
        best_nights=8,
    )
    for pair in pairs:
        competitions_services.entrant_add(competition=competition, partnership=pair)
    return competition


COMPETITION = {
    "name": "Spring league",
    "preset": "clabber",
    "entrant_kind": "partnerships",
    "games_per_match": "1",
    "points_win": "3",
    "points_draw": "1",
    "points_loss": "0",
    # The chain as the numbered menus send it, JavaScript or not: the 1st, 2nd, 3rd, and
    # the rest left blank.
    "tiebreaks_0": "match_points",
    "tiebreaks_1": "head_to_head",
    "tiebreaks_2": "point_difference",
    "tiebreaks_3": "",
    "tiebreaks_4": "",
    "tiebreaks_5": "",
}


# -- clubs ------------------------------------------------------------------------------------
def test_the_club_list_is_public_and_offers_the_new_club_form_to_organisers_only(
    client, scorer_client, organiser_client, club
):
    root = page(client, "/clubs/")
    assert f"/clubs/{club.slug}/" in hrefs(root)
    assert "Evansville Clabber Club" in root.by_id("clubs").text
    assert "/clubs/" in hrefs(root)  # the "Clubs" link of the navigation
    assert b'id="new-club"' not in client.get("/clubs/").content
    assert b'id="new-club"' not in scorer_client.get("/clubs/").content
    assert b'id="new-club"' in organiser_client.get("/clubs/").content


def test_an_organiser_creates_a_club(organiser_client):
    response = organiser_client.post("/clubs/", {"name": "Thursday Club"})
    club = Club.objects.get()
    assert club.name == "Thursday Club"
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.slug}/"
    root = parse(organiser_client.get(response["Location"]).content)
    assert next(root.iter("h1")).text == "Thursday Club"


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_creates_a_club(who, client, scorer_client):
    user_client = client if who == "anonymous" else scorer_client
    refused(user_client.post("/clubs/", {"name": "Thursday Club"}), login=who == "anonymous")
    assert not Club.objects.exists()


def test_a_second_club_of_the_same_name_is_refused_next_to_the_name(organiser_client, club):
    response = organiser_client.post("/clubs/", {"name": "evansville clabber club"})
    assert response.status_code == 400
    root = parse(response.content)
    assert "already a club called" in field_error(root, "name")
    assert Club.objects.count() == 1


def test_the_club_page_lists_members_partnerships_and_competitions(client, club, winter, pairs):
    root = page(client, f"/clubs/{club.slug}/")
    links = hrefs(root)
    for player in club.players.all():
        assert f"/players/{player.pk}/" in links
    assert [a.text for a in root.by_id("members").iter("a")] == ["Anna", "Ben", "Carl", "Dora"]
    partnerships = root.by_id("partnerships").text
    assert "The Jacks (Anna & Ben)" in partnerships and "Carl & Dora" in partnerships
    for pair in pairs:
        assert f"/partnerships/{pair.pk}/" in links
    assert f"/c/{winter.slug}/" in links
    assert "Evansville Clabber" in root.by_id("competitions").text
    # Nothing to write for a visitor.
    # (The menu's language switcher is everybody's.)
    assert not [f for f in root.iter("form") if not f.has_class("language-switch")]
    assert "/competitions/new/?club=" + club.slug not in links


def test_an_organiser_sees_the_forms_on_the_club_page(organiser_client, club, pairs):
    root = page(organiser_client, f"/clubs/{club.slug}/")
    assert root.by_id("add-player").attrs["action"] == f"/clubs/{club.slug}/players/"
    assert root.by_id("add-partnership").attrs["action"] == f"/clubs/{club.slug}/partnerships/"
    assert f"/competitions/new/?club={club.slug}" in hrefs(root)


def test_an_organiser_adds_a_member(organiser_client, club):
    response = organiser_client.post(f"/clubs/{club.slug}/players/", {"player-name": "  Eve  "})
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{club.slug}/?added=member"
    assert list(club.players.values_list("name", flat=True)) == ["Eve"]
    root = page(organiser_client, f"/clubs/{club.slug}/")
    assert "Eve is a member of Evansville Clabber Club." in root.text


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_adds_a_member(who, client, scorer_client, club):
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post(f"/clubs/{club.slug}/players/", {"player-name": "Eve"})
    refused(response, login=who == "anonymous")
    assert not club.players.exists()


def test_a_duplicate_member_is_refused_next_to_the_name(organiser_client, club):
    members(club, "Anna")
    response = organiser_client.post(f"/clubs/{club.slug}/players/", {"player-name": "anna"})
    assert response.status_code == 400
    root = parse(response.content)
    assert (
        field_error(root, "player-name")
        == "Evansville Clabber Club already has a member called Anna."
    )
    assert club.players.count() == 1


def test_an_organiser_adds_a_partnership(organiser_client, club):
    anna, ben = members(club, "Anna", "Ben")
    response = organiser_client.post(
        f"/clubs/{club.slug}/partnerships/",
        {"partnership-first": anna.pk, "partnership-second": ben.pk, "partnership-name": "Aces"},
    )
    assert response.status_code == 302
    pair = Partnership.objects.get()
    assert (pair.first, pair.second, pair.name) == (anna, ben, "Aces")


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_adds_a_partnership(who, client, scorer_client, club):
    anna, ben = members(club, "Anna", "Ben")
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post(
        f"/clubs/{club.slug}/partnerships/",
        {"partnership-first": anna.pk, "partnership-second": ben.pk},
    )
    refused(response, login=who == "anonymous")
    assert not Partnership.objects.exists()


def test_a_partnership_of_one_player_or_a_repeated_one_is_refused_next_to_the_partner(
    organiser_client, club, pairs
):
    anna = club.players.get(name="Anna")
    ben = club.players.get(name="Ben")
    url = f"/clubs/{club.slug}/partnerships/"
    response = organiser_client.post(
        url, {"partnership-first": anna.pk, "partnership-second": anna.pk}
    )
    assert response.status_code == 400
    assert field_error(parse(response.content), "partnership-second") == (
        "A partnership is two different players."
    )
    response = organiser_client.post(
        url, {"partnership-first": ben.pk, "partnership-second": anna.pk}
    )
    assert response.status_code == 400
    assert "already a partnership" in field_error(parse(response.content), "partnership-second")
    assert Partnership.objects.count() == 2


def test_a_partnership_takes_members_of_its_own_club_only(organiser_client, club):
    anna, ben = members(club, "Anna", "Ben")
    other = competitions_services.club_create(name="Other club")
    (stranger,) = members(other, "Stranger")
    response = organiser_client.post(
        f"/clubs/{club.slug}/partnerships/",
        {"partnership-first": anna.pk, "partnership-second": stranger.pk},
    )
    assert response.status_code == 400
    assert "valid choice" in field_error(parse(response.content), "partnership-second")
    assert not Partnership.objects.exists()


def test_a_club_that_does_not_exist_is_not_found(client, organiser_client):
    assert client.get("/clubs/nowhere/").status_code == 404
    response = organiser_client.post("/clubs/nowhere/players/", {"player-name": "Eve"})
    assert response.status_code == 404


# -- a new competition ------------------------------------------------------------------------
def chain_menus(root: Element) -> list[tuple[str, str, str]]:
    """The tie-break menus: each one's label, its input's name and the words chosen."""
    chain = root.by_id("tiebreak-chain")
    menus = []
    for li in chain.iter("li"):
        label = next(li.iter("label")).text
        select = next(li.iter("select"))
        chosen = [o.text for o in select.iter("option") if "selected" in o.attrs]
        menus.append((label, select.attrs["name"], chosen[0] if chosen else ""))
    return menus


def test_the_new_competition_form_starts_with_the_club_and_offers_the_tiebreaks_in_words(
    organiser_client, club
):
    other = competitions_services.club_create(name="Another club")
    root = page(organiser_client, f"/competitions/new/?club={club.slug}")
    selected = [o for o in root.by_id("id_club").iter("option") if "selected" in o.attrs]
    assert [o.text for o in selected] == [club.name]
    assert other.name in root.by_id("id_club").text
    # Numbered menus, the usual chain chosen, the rest blank.
    assert chain_menus(root) == [
        ("1st tie-break", "tiebreaks_0", "Match points (Pts)"),
        ("2nd tie-break", "tiebreaks_1", "Point difference (Diff)"),
        ("3rd tie-break", "tiebreaks_2", "Game points for (For)"),
        ("4th tie-break", "tiebreaks_3", ""),
        ("5th tie-break", "tiebreaks_4", ""),
        ("6th tie-break", "tiebreaks_5", ""),
    ]
    menu = [o.text for o in root.by_id("id_tiebreaks_1").iter("option")]
    assert menu[0] == "None" and "Buchholz (Buch)" in menu and "Fewest hicks (Hicks)" in menu
    assert len(menu) == 1 + len(TIEBREAKS)
    keys = root.by_id("tiebreak-keys").text
    assert "Head to head (H2H)" in keys and "Deals the entrant made trump and was set" in keys
    # The words people read name no key as the program spells it.
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", root.by_id("match-format").text)


def test_a_new_competition_starts_at_the_club_s_usual_game(organiser, organiser_client, club):
    assert (
        "selected"
        not in next(
            page(organiser_client, "/competitions/new/").by_id("id_preset").iter("option")
        ).attrs
    )  # no competition yet: the menu's first game
    league(club, organiser, preset="clabber", name="Autumn league")
    league(club, organiser, kind=EntrantKind.PLAYERS, preset="klaberjass", name="Singles")
    other = competitions_services.club_create(name="Another club")
    league(other, organiser, preset="clabber")
    root = page(organiser_client, f"/competitions/new/?club={club.slug}")
    chosen = [
        o.attrs["value"] for o in root.by_id("id_preset").iter("option") if "selected" in o.attrs
    ]
    assert chosen == ["klaberjass"]  # the last competition's, not the most played
    assert "The club's usual game" in root.text
    usual = json.loads(root.by_id("id_preset").attrs["data-usual-games"])
    assert usual == {str(club.pk): "klaberjass", str(other.pk): "clabber"}
    # Without ?club=, the club the menu shows chosen (the first by name) gives the game.
    root = page(organiser_client, "/competitions/new/")
    chosen = [
        o.attrs["value"] for o in root.by_id("id_preset").iter("option") if "selected" in o.attrs
    ]
    assert chosen == ["clabber"]


def test_an_organiser_creates_a_competition_with_house_rules(organiser_client, organiser, club):
    data = {
        **COMPETITION,
        "club": club.pk,
        "target": "1000",
        "set_award": "all",
        "meld_run5": "150",
        "meld_four_9": "0",
        "best_nights": "6",
    }
    response = organiser_client.post("/competitions/new/", data)
    competition = Competition.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/c/{competition.slug}/"
    assert competition.club == club and competition.created_by == organiser
    assert competition.ruleset_data == {
        "preset": "clabber",
        "overrides": {
            "target": 1000,
            "set_award": "all",
            "meld_values": {"run5": 150, "four_9": None},
        },
    }
    assert competition.tiebreaks == ["match_points", "head_to_head", "point_difference"]
    assert (competition.points_win, competition.points_draw, competition.points_loss) == (3, 1, 0)
    assert competition.best_nights == 6
    assert competition.entrant_kind == EntrantKind.PARTNERSHIPS


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_creates_a_competition(who, client, scorer_client, club):
    user_client = client if who == "anonymous" else scorer_client
    refused(user_client.get(f"/competitions/new/?club={club.slug}"), login=who == "anonymous")
    response = user_client.post("/competitions/new/", {**COMPETITION, "club": club.pk})
    refused(response, login=who == "anonymous")
    assert not Competition.objects.exists()


def test_the_chain_is_the_menus_in_order_gaps_closed(organiser_client, club):
    data = {**COMPETITION, "club": club.pk, "tiebreaks_0": "wins", "tiebreaks_1": ""}
    data |= {"tiebreaks_2": "buchholz", "tiebreaks_5": "fewest_reneges"}
    assert organiser_client.post("/competitions/new/", data).status_code == 302
    assert Competition.objects.get().tiebreaks == ["wins", "buchholz", "fewest_reneges"]


def test_a_tiebreak_not_on_the_list_is_told_next_to_the_chain(organiser_client, club):
    data = {**COMPETITION, "club": club.pk, "tiebreaks_1": "luck"}
    response = organiser_client.post("/competitions/new/", data)
    assert response.status_code == 400
    root = parse(response.content)
    assert field_error(root, "tiebreaks") == "“luck” is not a tie-break: choose one from the list."
    # What was chosen stays chosen, to correct.
    assert chain_menus(root)[0][2] == "Match points (Pts)"
    assert chain_menus(root)[2][2] == "Point difference (Diff)"
    assert not Competition.objects.exists()


def test_a_repeated_or_empty_tiebreak_chain_is_refused_in_words(organiser_client, club):
    data = {**COMPETITION, "club": club.pk, "tiebreaks_1": "wins", "tiebreaks_3": "wins"}
    root = parse(organiser_client.post("/competitions/new/", data).content)
    assert field_error(root, "tiebreaks") == (
        "Matches won is chosen twice: choose each tie-break once."
    )
    assert chain_menus(root)[3] == ("4th tie-break", "tiebreaks_3", "Matches won (W)")
    data = {**COMPETITION, "club": club.pk} | {f"tiebreaks_{i}": "" for i in range(6)}
    root = parse(organiser_client.post("/competitions/new/", data).content)
    assert field_error(root, "tiebreaks") == "Choose at least one tie-break to order the table by."
    assert not Competition.objects.exists()


def test_a_chain_sent_as_text_is_read_too(organiser_client, club):
    data = {k: v for k, v in COMPETITION.items() if not k.startswith("tiebreaks_")}
    data |= {"club": club.pk, "tiebreaks": "match_points, sonneborn_berger"}
    assert organiser_client.post("/competitions/new/", data).status_code == 302
    assert Competition.objects.get().tiebreaks == ["match_points", "sonneborn_berger"]


def test_an_override_the_engine_refuses_is_told_next_to_its_field(organiser_client, club):
    data = {
        **COMPETITION,
        "club": club.pk,
        "preset": "klaberjass-3",
        "entrant_kind": "players",
        "set_award": "all",
    }
    response = organiser_client.post("/competitions/new/", data)
    assert response.status_code == 400
    root = parse(response.content)
    assert "each player scores their own points on a set" in field_error(root, "set_award")
    assert not Competition.objects.exists()


def test_out_of_range_house_rules_and_points_are_told_next_to_their_fields(organiser_client, club):
    data = {
        **COMPETITION,
        "club": club.pk,
        "target": "0",
        "meld_run3": "-5",
        "points_win": "1",
        "points_draw": "2",
    }
    root = parse(organiser_client.post("/competitions/new/", data).content)
    assert "greater than or equal to 1" in field_error(root, "target")
    assert "greater than or equal to 0" in field_error(root, "meld_run3")
    assert "win 1 >= draw 2" in field_error(root, "points_draw")
    assert not Competition.objects.exists()


def test_the_wrong_kind_of_entrant_for_the_game_is_told_next_to_the_kind(organiser_client, club):
    data = {**COMPETITION, "club": club.pk, "entrant_kind": "players"}
    response = organiser_client.post("/competitions/new/", data)
    assert response.status_code == 400
    assert "played by partnerships" in field_error(parse(response.content), "entrant_kind")
    assert not Competition.objects.exists()


def test_without_a_club_the_form_says_to_create_one(organiser_client):
    root = page(organiser_client, "/competitions/new/")
    assert "create the club" in root.text and "/clubs/" in hrefs(root)


# -- the competition's home -------------------------------------------------------------------
def test_the_competition_home_shows_rules_format_and_entrants(client, winter, club, pairs):
    root = page(client, f"/c/{winter.slug}/")
    assert next(root.iter("h1")).text == "Winter league"
    links = hrefs(root)
    assert f"/clubs/{club.slug}/" in links
    # Linked once league.fixture_views has the pages.
    fixtures, standings = fixture_pages(winter)
    assert fixtures in (None, f"/c/{winter.slug}/fixtures/")
    assert standings in (None, f"/c/{winter.slug}/standings/")
    assert {url for url in (fixtures, standings) if url} <= links
    assert f"/c/{winter.slug}/rules/" in links
    changes = body_rows(root.by_id("house-rules"))
    assert changes["Target"] == ["1000", "500"]
    assert changes["Run of 5 or more"] == ["150", "100"]
    format_ = table_rows(root.by_id("match-format"))
    assert format_["A match"].startswith("3 games to 1000")
    assert format_["Points"] == "Win 2 · draw 1 · loss 0"
    assert format_["Nights counted"] == "Each entrant's best 8"
    chain = [li.text for li in root.by_id("tiebreaks").iter("li")]
    assert len(chain) == 3
    assert chain[0] == "Pts Match points."  # no code word (match_points) on the page
    assert chain[1].startswith("H2H") and chain[2].startswith("Hicks")
    entrants = root.by_id("entrants")
    assert [a.text for a in entrants.iter("a")] == ["Carl & Dora", "The Jacks"]
    assert {f"/partnerships/{p.pk}/" for p in pairs} <= hrefs(entrants)
    assert b'id="organiser"' not in client.get(f"/c/{winter.slug}/").content


def test_a_competition_with_the_preset_rules_says_so(client, club, organiser):
    competition = league(club, organiser, name="Plain")
    root = page(client, f"/c/{competition.slug}/")
    assert "No house rules: the preset as it is." in root.by_id("rules").text
    assert "clabber" not in root.by_id("rules").text  # the preset's name, not its key


def test_the_competition_rules_page_shows_its_house_rules(client, winter):
    root = page(client, f"/c/{winter.slug}/rules/")
    assert next(root.iter("h1")).text == "Evansville Clabber"
    assert f"/c/{winter.slug}/" in hrefs(root)
    changes = body_rows(root.by_id("changes"))
    assert changes["Target"] == ["1000", "500"]


def test_a_competition_that_does_not_exist_is_not_found(client):
    assert client.get("/c/nothing/").status_code == 404
    assert client.get("/c/nothing/rules/").status_code == 404


def test_an_organiser_enters_an_entrant_from_the_club(organiser_client, organiser, club, pairs):
    competition = league(club, organiser)
    root = page(organiser_client, f"/c/{competition.slug}/")
    options = [o.text for o in root.by_id("id_entrant-partnership").iter("option")]
    assert options == ["Choose a partnership", "Carl & Dora", "The Jacks (Anna & Ben)"]
    response = organiser_client.post(
        f"/c/{competition.slug}/entrants/", {"entrant-partnership": pairs[0].pk}
    )
    assert response.status_code == 302
    assert response["Location"] == f"/c/{competition.slug}/?added=entrant"
    assert list(competition.entrants.values_list("name", flat=True)) == ["The Jacks"]
    # Who is entered is no longer offered.
    root = page(organiser_client, f"/c/{competition.slug}/")
    options = [o.text for o in root.by_id("id_entrant-partnership").iter("option")]
    assert options == ["Choose a partnership", "Carl & Dora"]


def test_entering_twice_is_refused_next_to_the_choice(organiser_client, winter, pairs):
    response = organiser_client.post(
        f"/c/{winter.slug}/entrants/", {"entrant-partnership": pairs[0].pk}
    )
    assert response.status_code == 400
    assert "valid choice" in field_error(parse(response.content), "entrant-partnership")
    assert winter.entrants.count() == 2


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_enters_an_entrant(who, client, scorer_client, organiser, club, pairs):
    competition = league(club, organiser)
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post(
        f"/c/{competition.slug}/entrants/", {"entrant-partnership": pairs[0].pk}
    )
    refused(response, login=who == "anonymous")
    assert not competition.entrants.exists()


def test_an_individual_competition_enters_players(organiser_client, organiser, club):
    competition = league(club, organiser, kind=EntrantKind.ROTATION)
    anna, *_ = members(club, "Anna", "Ben")
    root = page(organiser_client, f"/c/{competition.slug}/")
    assert "Enter a player" in root.by_id("add-entrant").text
    response = organiser_client.post(
        f"/c/{competition.slug}/entrants/", {"entrant-player": anna.pk}
    )
    assert response.status_code == 302
    assert competition.entrants.get().player == anna
    root = page(organiser_client, f"/c/{competition.slug}/")
    assert f"/players/{anna.pk}/" in hrefs(root.by_id("entrants"))


def test_an_organiser_draws_the_fixtures_and_is_sent_to_them(organiser_client, winter):
    response = organiser_client.post(
        f"/c/{winter.slug}/draw/",
        {"draw-double": "1", "draw-first_date": "2025-01-09", "draw-days_between": "14"},
    )
    assert response.status_code == 302
    fixtures, _ = fixture_pages(winter)
    assert response["Location"] == (fixtures or f"/c/{winter.slug}/")
    rounds = list(winter.rounds.all())
    assert [r.date for r in rounds] == [datetime.date(2025, 1, 9), datetime.date(2025, 1, 23)]
    assert winter.fixtures.count() == 2
    # Once drawn, the organiser is told so and offered neither form again.
    root = page(organiser_client, f"/c/{winter.slug}/")
    assert "fixtures are drawn" in root.by_id("organiser").text
    assert b'id="draw"' not in organiser_client.get(f"/c/{winter.slug}/").content


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_draws_the_fixtures(who, client, scorer_client, winter):
    user_client = client if who == "anonymous" else scorer_client
    response = user_client.post(
        f"/c/{winter.slug}/draw/", {"draw-double": "0", "draw-days_between": "7"}
    )
    refused(response, login=who == "anonymous")
    assert not Round.objects.exists()


def test_drawing_with_too_few_entrants_is_refused_with_the_reason(
    organiser_client, organiser, club
):
    competition = league(club, organiser)
    response = organiser_client.post(
        f"/c/{competition.slug}/draw/", {"draw-double": "0", "draw-days_between": "7"}
    )
    assert response.status_code == 400
    # In the form's error summary, which the page opens at.
    alerts = [li.text for li in parse(response.content).by_id("draw").iter("li")]
    assert alerts == ["Enter at least two entrants before drawing the fixtures."]
    assert not Round.objects.exists()


def test_a_rotation_is_drawn_in_rounds_and_its_repeats_explained(
    client, organiser_client, organiser, club
):
    competition = league(club, organiser, kind=EntrantKind.ROTATION)
    for player in members(club, *"ABCDEFGH"):
        competitions_services.entrant_add(competition=competition, player=player)
    root = page(organiser_client, f"/c/{competition.slug}/")
    assert "Draw the rounds" in root.by_id("draw").text
    response = organiser_client.post(
        f"/c/{competition.slug}/draw/", {"draw-rounds": "9", "draw-days_between": "7"}
    )
    assert response.status_code == 302
    fixtures, _ = fixture_pages(competition)
    assert response["Location"] == (fixtures or f"/c/{competition.slug}/")
    assert competition.rounds.count() == 9
    competition.refresh_from_db()
    partners = competition.rotation_repeats["partners"]
    assert partners > 0  # 8 players have 7 partners each: nine rounds must repeat some
    text = page(client, f"/c/{competition.slug}/").by_id("rotation").text
    many = "is 1 repeat partnership" if partners == 1 else f"are {partners} repeat partnerships"
    assert f"There {many}: two players partnering again" in text


def test_a_rotation_without_repeats_says_so(client, organiser, club):
    competition = league(club, organiser, kind=EntrantKind.ROTATION)
    for player in members(club, *"ABCDEFGH"):
        competitions_services.entrant_add(competition=competition, player=player)
    competitions_services.rotation_generate(competition=competition, rounds=3)
    text = page(client, f"/c/{competition.slug}/").by_id("rotation").text
    assert "Nobody partners the same player twice." in text


# -- players and partnerships -----------------------------------------------------------------
def play(competition: Competition, organiser, scores_by_fixture, *, first=None) -> None:
    """Draw the fixtures and play them: a game started (None) or typed scores, given from
    the side of ``first`` when it names a partnership in the fixture."""
    competitions_services.fixtures_generate(competition=competition)
    for fixture, scores in zip(competition.fixtures.order_by("id"), scores_by_fixture, strict=True):
        if scores is None:
            competitions_services.fixture_start_game(fixture=fixture, by=organiser)
            continue
        home = fixture.sides.get(side=0).entrant.partnership
        if first is not None and home != first:
            scores = [(b, a) for a, b in scores]
        competitions_services.fixture_type_result(fixture=fixture, scores=scores)


def test_a_players_page_shows_their_record_partnerships_and_games(
    client, organiser, club, pairs, winter
):
    anna = club.players.get(name="Anna")
    play(winter, organiser, [[(1000, 640), (700, 1010), (1020, 300)]], first=pairs[0])
    # A second season, not yet played: a game under way.
    spring = league(club, organiser, name="Spring league")
    for pair in pairs:
        competitions_services.entrant_add(competition=spring, partnership=pair)
    play(spring, organiser, [None])
    root = page(client, f"/players/{anna.pk}/")
    assert next(root.iter("h1")).text == "Anna"
    assert f"/clubs/{club.slug}/" in hrefs(root)
    rows = body_rows(root.by_id("records"))
    assert rows["Winter league as The Jacks"][:6] == ["1", "1", "0", "0", "2720", "1950"]
    assert rows["Winter league as The Jacks"][-1] == "W"
    assert rows["Spring league as The Jacks"][:5] == ["0", "0", "0", "0", "0"]
    assert rows["Spring league as The Jacks"][-1] == "–"
    assert {f"/c/{winter.slug}/", f"/c/{spring.slug}/"} <= hrefs(root.by_id("records"))
    assert [a.text for a in root.by_id("partnerships").iter("a")] == ["The Jacks"]
    games = root.by_id("games")
    assert "Carl & Dora v The Jacks In play: 0 – 0 Spring league , round 1" in games.text
    assert f"/c/{spring.slug}/" in hrefs(games)


def test_a_partnerships_page_shows_its_players_and_record(client, organiser, club, pairs, winter):
    play(winter, organiser, [[(400, 1000), (1000, 200), (300, 1000)]], first=pairs[0])
    jacks = pairs[0]
    root = page(client, f"/partnerships/{jacks.pk}/")
    assert next(root.iter("h1")).text == "The Jacks"
    meta = root.by_id("record").text
    assert "Winter league" in meta
    first, second = jacks.first, jacks.second
    assert {f"/players/{first.pk}/", f"/players/{second.pk}/"} <= hrefs(root)
    row = [td.text for td in next(root.by_id("records").iter("tbody")).iter("td")]
    assert row[:4] == ["1", "0", "0", "1"] and row[-1] == "L"


def test_a_player_in_no_competition_says_so(client, club):
    (eve,) = members(club, "Eve")
    root = page(client, f"/players/{eve.pk}/")
    assert "Not entered in any competition yet." in root.by_id("record").text
    assert "No games played in a competition yet." in root.by_id("games").text
    assert client.get("/players/999/").status_code == 404
    assert client.get("/partnerships/999/").status_code == 404


# -- query counts -----------------------------------------------------------------------------


def _grow(club: Club, organiser, start: int, count: int) -> Competition:
    """``count`` more members, in partnerships entered in a new competition of the club."""
    people = members(club, *[f"Member {start + i}" for i in range(count * 2)])
    competition = league(club, organiser, name=f"Season {start}")
    for i in range(count):
        pair = competitions_services.partnership_add(
            club=club, first=people[2 * i], second=people[2 * i + 1]
        )
        competitions_services.entrant_add(competition=competition, partnership=pair)
    return competition


def test_the_club_and_competition_pages_read_in_a_fixed_number_of_queries(
    client, organiser_client, organiser, club, django_assert_max_num_queries
):
    competition = _grow(club, organiser, 0, 2)
    urls = [f"/clubs/{club.slug}/", f"/c/{competition.slug}/", "/clubs/"]
    few = {(c, url): query_count(c, url) for c in (client, organiser_client) for url in urls}
    for n in range(1, 4):
        _grow(club, organiser, 100 * n, 6)
    for extra in range(8):
        first, second = members(club, f"X{extra}", f"Y{extra}")
        pair = competitions_services.partnership_add(club=club, first=first, second=second)
        competitions_services.entrant_add(competition=competition, partnership=pair)
    for (c, url), count in few.items():
        with django_assert_max_num_queries(count):
            assert c.get(url).status_code == 200


def test_a_players_page_reads_in_a_fixed_number_of_queries(
    client, organiser, club, django_assert_max_num_queries
):
    anna, ben, carl, dora = members(club, "Anna", "Ben", "Carl", "Dora")
    jacks = competitions_services.partnership_add(club=club, first=anna, second=ben)
    kings = competitions_services.partnership_add(club=club, first=carl, second=dora)

    def season(n: int) -> None:
        competition = league(club, organiser, name=f"Season {n}")
        competitions_services.entrant_add(competition=competition, partnership=jacks)
        competitions_services.entrant_add(competition=competition, partnership=kings)
        play(competition, organiser, [None])
        fixture = competition.fixtures.get()
        game = fixture.games.get()
        games_services.game_add_deal(
            game=game,
            deal=Deal(makers=0, card_points=(100, 62)),
            by=organiser,
        )

    season(0)
    few = query_count(client, f"/players/{anna.pk}/")
    few_pair = query_count(client, f"/partnerships/{jacks.pk}/")
    for n in range(1, 6):
        season(n)
    competitions_services.partnership_add(club=club, first=anna, second=carl)
    with django_assert_max_num_queries(few):
        page(client, f"/players/{anna.pk}/")
    with django_assert_max_num_queries(few_pair):
        page(client, f"/partnerships/{jacks.pk}/")
    assert Entrant.objects.filter(partnership=jacks).count() == 6


def test_the_house_rule_choices_are_the_engines_values():
    assert [v for v, _ in SET_AWARD_CHOICES] == ["", *SET_AWARDS]
    assert [v for v, _ in TIE_RULE_CHOICES] == ["", *TIE_RULES]
