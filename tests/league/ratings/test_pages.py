"""The rating lists, a player's rating history, and a club's list settings, as people use them."""

from __future__ import annotations

import pytest

from league.competitions import services as competitions_services
from league.models import Club, CurrentRating, Player
from league.ratings.services import ratings_rebuild
from tests.builders import fixtures_of, make_league, page, query_count, refused, signed_in

pytestmark = pytest.mark.django_db


def typed_season(organiser, teams: int, club_name: str):
    """A league whose every fixture was typed from paper: two games each, the lower-numbered
    pair winning the first and the other the second, except that pair 1 wins both."""
    league = make_league(organiser, teams=teams, club_name=club_name, games_per_match=2)
    for fixture in fixtures_of(league):
        names = [s.entrant.name for s in fixture.sides.order_by("side")]
        first_wins_both = "Pair 1" in names[0]
        second = (505, 280) if first_wins_both else (280, 505)
        if "Pair 1" in names[1]:
            second = (280, 505)
            scores = [(280, 505), second]
        else:
            scores = [(510, 300), second]
        competitions_services.fixture_type_result(fixture=fixture, scores=scores)
    ratings_rebuild()
    return league


def text(element) -> str:
    return element.text


def body_rows(doc, kind: str = "rating-list") -> list:
    """The body rows of the page's table of class ``kind``."""
    tables = [t for t in doc.iter("table") if t.has_class(kind)]
    if not tables:
        return []
    return [row for body in tables[0].iter("tbody") for row in body.iter("tr")]


def cells(row) -> list[str]:
    return [c.text for c in row.children if not isinstance(c, str) and c.tag in ("td", "th")]


def test_the_list_ranks_players_by_cautious_rating_with_the_words_to_read_it(client, organiser):
    league = typed_season(organiser, 6, "Clabber Club")
    doc = page(client, "/ratings/")
    rows = body_rows(doc)
    assert len(rows) == 12  # six pairs of two, ten games each against ten players
    first = text(rows[0])
    assert first.startswith("1 Player 1")  # pair 1 won every game
    ratings = [float(cells(r)[2]) for r in rows]
    assert ratings == sorted(ratings, reverse=True)
    words = text(doc)
    assert "less three times how unsure" in words
    assert "Who is listed: rated games, at least 10; different opponents, at least 3." in words
    pairs = body_rows(page(client, "/ratings/?list=pairs"))
    assert len(pairs) == 6
    assert text(pairs[0]).startswith("1 Player 1a & Player 1b")
    assert league.club.players.count() == 12


def test_the_list_takes_the_same_queries_for_a_bigger_field(client, organiser):
    typed_season(organiser, 4, "Small Club")
    small = query_count(client, "/ratings/")
    small_pairs = query_count(client, "/ratings/?list=pairs")
    typed_season(organiser, 8, "Big Club")
    assert CurrentRating.objects.filter(partner=None).count() == 24
    assert query_count(client, "/ratings/") == small
    # The pairs list also finds the pairs' partnerships: one query more, whatever the field.
    assert query_count(client, "/ratings/?list=pairs") == small_pairs == small + 1


def test_a_club_lists_its_members_only_under_its_own_settings(client, organiser):
    typed_season(organiser, 6, "Clabber Club")
    other = typed_season(organiser, 4, "Other Club")
    club = Club.objects.get(name="Clabber Club")
    rows = body_rows(page(client, f"/clubs/{club.slug}/ratings/"))
    assert len(rows) == 12
    assert other.club.name not in text(page(client, f"/clubs/{club.slug}/ratings/"))
    # Four-team leagues give six games: under the default ten, nobody of the other club yet.
    doc = page(client, f"/clubs/{other.club.slug}/ratings/")
    assert not body_rows(doc)
    assert "8 more players have a rating but have not played enough games yet." in text(doc)


def test_an_organiser_sets_who_a_club_lists(client, organiser, scorer):
    league = typed_season(organiser, 4, "Other Club")
    club = league.club
    address = f"/clubs/{club.slug}/ratings/settings/"
    refused(client.post(address, {"min_games": "2", "min_opponents": "2"}), login=True)
    refused(signed_in(scorer).post(address, {"min_games": "2", "min_opponents": "2"}), login=False)
    club.refresh_from_db()
    assert (club.rating_min_games, club.rating_min_opponents) == (10, 3)
    boss = signed_in(organiser)
    bad = boss.post(address, {"min_games": "0", "min_opponents": "lots"})
    assert bad.status_code == 400
    doc = bad.content.decode()
    assert "Give a number of games, 1 or more." in doc
    assert "Give a whole number of opponents, like 3." in doc
    club.refresh_from_db()
    assert (club.rating_min_games, club.rating_min_opponents) == (10, 3)
    done = boss.post(address, {"min_games": "6", "min_opponents": "4"}, follow=True)
    assert "rated games, at least 6; different opponents, at least 4." in done.content.decode()
    rows = body_rows(page(client, f"/clubs/{club.slug}/ratings/"))
    assert len(rows) == 8
    # The form is the organiser's only.
    forms = page(client, f"/clubs/{club.slug}/ratings/").iter("form")
    assert not [f for f in forms if f.attrs.get("action") == address]
    mine = boss.get(f"/clubs/{club.slug}/ratings/").content.decode()
    assert f'action="{address}"' in mine


def test_a_players_page_says_why_the_rating_moved(client, organiser):
    typed_season(organiser, 6, "Clabber Club")
    player = Player.objects.get(name="Player 1a")
    doc = page(client, f"/players/{player.pk}/")
    section = doc.by_id("rating")
    words = text(section)
    assert "after 10 rated games" in words
    rows = body_rows(section, "rating-history")
    assert len(rows) == 10  # the last ten, newest first
    line = cells(rows[-1])
    # The first game: both pairs new, an even chance, won, the rating up from 0.
    assert line[1] == "Won"
    assert line[2].startswith("+")
    assert line[5] == "50%"
    assert line[6] == "Player 1b"
    full = page(client, f"/players/{player.pk}/ratings/")
    assert len(body_rows(full, "rating-history")) == 10
    assert body_rows(page(client, f"/players/{player.pk}/ratings/?page=zz"), "rating-history")


def test_a_player_without_games_and_hostile_addresses(client, organiser):
    club = competitions_services.club_create(name="Empty Club")
    player = competitions_services.player_add(club=club, name="Nobody")
    assert "No rated game yet" in text(page(client, f"/players/{player.pk}/"))
    assert "Nobody has played enough" in text(page(client, "/ratings/?list=<script>&page=-4"))
    page(client, "/players/999999/ratings/", status=404)
    page(client, "/clubs/no-such-club/ratings/", status=404)
    assert client.get(f"/clubs/{club.slug}/ratings/settings/").status_code in (302, 405)


def test_a_partnership_shows_its_rating_as_a_pair_and_the_pairs_list_links_it(client, organiser):
    league = typed_season(organiser, 6, "Clabber Club")
    pair = league.entrants.get(name="Pair 1").partnership
    words = page(client, f"/partnerships/{pair.pk}/").by_id("rating").text
    assert "after 10 rated games together" in words
    rows = body_rows(page(client, "/ratings/?list=pairs"))
    links = [a.attrs["href"] for a in rows[0].iter("a")]
    assert links == [f"/partnerships/{pair.pk}/"]
    other = competitions_services.partnership_add(
        club=league.club,
        first=Player.objects.get(name="Player 1a"),
        second=Player.objects.get(name="Player 2a"),
    )
    assert "No rated game together yet." in page(client, f"/partnerships/{other.pk}/").text
