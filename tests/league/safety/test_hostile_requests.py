"""No request makes a 500: every URL pattern of ``league.urls``, walked with hostile values in
its path (non-numbers, negatives, huge numbers, unknown slugs, 10 kB strings) and in its query
string, answers something other than a server error, to a visitor and to an organiser."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from league.models import FixtureSide, Season
from league.tournaments import services as tournaments_services
from tests.builders import add, make_league, signed_in, start_game, tournament
from tests.league.html import parse

HOSTILE = [
    "abc",
    "-1",
    "0",
    "2",
    "99999",
    "9" * 30,  # more than any database integer holds
    "1.5",
    "1e400",
    "unknown-slug",
    "<script>'\"",
    "%00",
    "x" * 10_000,
    "9" * 10_000,
]
# The query strings' values: one of each way a value goes wrong (not a number, a negative, more
# than a database integer, a float that overflows, markup, a NUL, 10 kB): every route's query
# walk is two visitors x two slugs x these, so the path's longer list would double the walk.
HOSTILE_QUERY = ["abc", "-1", "9" * 30, "1e400", "<script>'\"", "%00", "x" * 10_000]
# Every query parameter some view reads, plus django-tables2's ordering.
QUERY_KEYS = [
    "page", "sort", "club", "game", "_export", "preset", "sheets", "names",
    "size", "next", "per_page", "round", "topics", "last", "at", "seconds", "panel", "start",
]  # fmt: skip
PARAM = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")


def routes(patterns=None, prefix: str = "") -> Iterator[str]:
    """Every route of the site as a path with ``<converter:name>`` placeholders."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if route.startswith("admin/"):
                continue  # Django's own admin, not the site's pages
            yield from routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            yield route


def fill(route: str, values: dict[str, str]) -> str:
    return "/" + PARAM.sub(lambda m: quote(values[m["name"]], safe=""), route)


@pytest.fixture
def site(organiser, scorer) -> dict[str, str]:
    """A real object behind every name a route takes, so hostile values reach the views."""
    game = start_game(scorer)
    add(game, scorer, makers=0, card_points=(100, 62))
    league = make_league(organiser)
    cup = tournament(organiser, 4)
    tournaments_services.tournament_start(competition=cup)
    side = FixtureSide.objects.exclude(entry_token=None).first()
    fixture = league.fixtures.first()
    player = league.club.players.first()
    partnership = league.club.partnerships.first()
    season = Season.objects.create(club=league.club, name="2026", created_by=organiser)
    return {
        "game_id": str(game.pk),
        "user_id": str(scorer.pk),
        "number": "1",
        "slug": league.slug,
        "tournament": cup.slug,
        "fixture_id": str(fixture.pk),
        "player_id": str(player.pk),
        "partnership_id": str(partnership.pk),
        "entrant_id": str(league.entrants.first().pk),
        "preset": "clabber",
        "language": "de",
        "token": side.entry_token if side else "no-token",
        "season_id": str(season.pk),
    }


def addresses(route: str, site: dict[str, str], *, paths: bool) -> Iterator[str]:
    """The route filled with real objects, then with a hostile value in each place of its
    path (when ``paths``), then with hostile query strings."""
    names = [m["name"] for m in PARAM.finditer(route)]
    # A competition's pages once with a league's slug and once with a tournament's.
    variants = [site, {**site, "slug": site["tournament"]}] if "slug" in names else [site]
    if paths:
        for name in names:
            yield from (fill(route, {**site, name: value}) for value in HOSTILE)
    for values in variants:
        real = fill(route, values)
        yield real
        yield from (real + "?" + urlencode(dict.fromkeys(QUERY_KEYS, v)) for v in HOSTILE_QUERY)
        yield from (real + "?" + urlencode({"page": v, "sort": v}) for v in HOSTILE_QUERY[:4])


@pytest.mark.crawl
def test_no_address_or_query_makes_a_server_error(site, organiser) -> None:
    visitor = Client(raise_request_exception=False)
    signed_in_organiser = signed_in(organiser)
    signed_in_organiser.raise_request_exception = False
    all_routes = list(routes())
    assert len(all_routes) > 40  # the walk reaches the site's pages, not an empty list
    errors = []
    for route in all_routes:
        # An organiser reaches every page, so walks every hostile path; a visitor, who is
        # turned away sooner, gets the query strings.
        for who, client, paths in (
            ("organiser", signed_in_organiser, True),
            ("visitor", visitor, False),
        ):
            for address in addresses(route, site, paths=paths):
                status = client.get(address).status_code
                if status >= 500:
                    errors.append((who, status, address[:120]))
    assert errors == [], "\n".join(map(str, errors))


def test_the_games_table_takes_any_page_number(scorer) -> None:
    for _ in range(3):
        start_game(scorer)
    client = Client(raise_request_exception=False)
    for page in ("abc", "-1", "0", "99999", "9" * 30, "2", "1.5", ""):
        response = client.get("/games/", {"page": page})
        assert response.status_code == 200, page


def test_the_fixtures_pages_take_any_page_number(organiser) -> None:
    league = make_league(organiser, teams=17)  # 17 rounds: two pages of ten
    address = f"/c/{league.slug}/fixtures/"
    client = Client(raise_request_exception=False)
    first, last = "1–10", "11–17"
    for page, shown in [("abc", first), ("-1", first), ("0", first), ("2", last), ("99999", last)]:
        response = client.get(address, {"page": page})
        assert response.status_code == 200, page
        links = parse(response.content).iter("a")
        assert {a.text for a in links if a.attrs.get("aria-current") == "page"} == {shown}, page


def test_a_page_size_from_the_address_stays_between_1_and_100(scorer) -> None:
    start_game(scorer)
    client = Client(raise_request_exception=False)
    for size in ("-1", "0", "9" * 30):
        assert client.get("/games/", {"per_page": size, "page": "2"}).status_code == 200, size
