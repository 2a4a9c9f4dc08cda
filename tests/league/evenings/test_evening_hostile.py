"""No request to an evening's pages makes a 500 or writes where it may not.

Every route of the ``evenings`` namespace, and every printing and screen route that takes a
competition's or a club's slug, listed from the URL resolver when the test runs (so that
routes added later are walked too), is asked with GET and POST by a visitor, a scorer and an
organiser, with its path filled with the evening's own objects, another club's evening's, a
league's slug, and huge numbers, and with hostile data (huge and negative numbers, words, the
ids of another evening's entrants and tables). Nothing answers 500; the visitor and the
scorer change nothing at all; the organiser never changes the other club's evening."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from league.competitions import services as competitions_services
from league.evenings import services
from league.models import (
    Club,
    Competition,
    Entrant,
    EntrantKind,
    Fixture,
    FixtureSide,
    Game,
    Partnership,
    Player,
    Round,
    Season,
)
from scoring.evenings import EveningRules, SeasonRules
from scoring.rules import PRESETS
from tests.builders import signed_in

pytestmark = pytest.mark.django_db

PARAM = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")
HUGE = "9" * 30  # more than any database integer holds
#: The names a form of the evenings reads (and a few more), with what a hostile hand types.
FIELDS = [
    "entrant", "player", "partnership", "first", "second", "fixture", "round", "number",
    "season", "name", "guest", "points", "scores", "score_0", "score_1", "home", "away",
    "side", "seed", "prize_words", "booby_words", "rounds", "confirm", "page", "held_on",
    "preset", "entrants", "why", "next",
]  # fmt: skip
_VALUES = [HUGE, "-1", "<script>'\"" + "x" * 2_000, "0"]
#: Every field gets each hostile value in one of these (one request each, to stay cheap).
HOSTILE_DATA = [
    {name: _VALUES[(i + shift) % len(_VALUES)] for i, name in enumerate(FIELDS)}
    for shift in range(len(_VALUES))
]


def _walked(namespace: str, route: str) -> bool:
    return namespace == "evenings" or (
        namespace in ("printing", "screen") and "<slug:slug>" in route
    )


def routes(
    patterns: Any = None, prefix: str = "", namespace: str = ""
) -> Iterator[tuple[str, str]]:
    """The routes to walk, as paths with ``<converter:name>`` placeholders, with their
    namespace."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, route, entry.namespace or namespace)
        elif isinstance(entry, URLPattern) and _walked(namespace, route):
            yield route, namespace


def _evening(club: Club, boss, name: str) -> dict[str, Any]:
    season = services.season_create(club=club, name=f"{name} season", rules=SeasonRules(), by=boss)
    competition = services.evening_create(
        club=club,
        name=name,
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=3, renege_penalty=100),
        by=boss,
        held_on=datetime.date(2026, 11, 27),
        season=season,
    )
    for n in ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit", "Hanna", "Ids"]:
        player = Player.objects.create(club=club, name=n)
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, seed=1)
    first = Fixture.objects.filter(competition=competition).order_by("id").first()
    services.evening_paper_result(fixture=first, scores=(1500, 1192))
    return {
        "competition": competition,
        "slug": competition.slug,
        "club": club.slug,
        "season_id": str(season.pk),
        "fixture_id": str(first.pk),
        "entrant_id": str(competition.entrants.first().pk),
        "player_id": str(competition.entrants.first().player_id),
        "number": "1",
        "token": FixtureSide.objects.filter(fixture=first).first().entry_token,
    }


def _snapshot(querysets: list[Any]) -> list[list[dict[str, Any]]]:
    return [list(qs.order_by("pk").values()) for qs in querysets]


def _everything() -> list[Any]:
    return [
        Club.objects.all(),
        Competition.objects.all(),
        Season.objects.all(),
        Entrant.objects.all(),
        Player.objects.all(),
        Partnership.objects.all(),
        Round.objects.all(),
        Round.sitting_out.through.objects.all(),
        Fixture.objects.all(),
        FixtureSide.objects.all(),
        Game.objects.all(),
    ]


def _of(evening: Competition) -> list[Any]:
    return [
        Competition.objects.filter(pk=evening.pk),
        Season.objects.filter(pk=evening.season_id),
        Entrant.objects.filter(competition=evening),
        Round.objects.filter(competition=evening),
        Fixture.objects.filter(competition=evening),
        FixtureSide.objects.filter(fixture__competition=evening),
        Game.objects.filter(fixture__competition=evening),
    ]


def _fill(route: str, values: dict[str, str]) -> str:
    return "/" + PARAM.sub(lambda m: values.get(m["name"], "1"), route)


def _addresses(route: str, mine: dict[str, Any], other: dict[str, Any], league: str):
    """The route with the evening's own objects, with the other club's evening's, with a
    league's slug (not an evening), an unknown slug, and huge numbers."""
    club_route = route.startswith("clubs/")
    own = {**mine, "slug": mine["club"] if club_route else mine["slug"]}
    foreign = {**other, "slug": own["slug"]}  # another evening's ids under this one's slug
    huge = {k: (HUGE if k != "slug" else v) for k, v in own.items() if isinstance(v, str)}
    variants = [own, foreign, huge, {**own, "slug": "no-such-thing"}]
    if not club_route:
        variants.append({**own, "slug": league})
    seen = set()
    for values in variants:
        address = _fill(route, values)
        if address not in seen:
            seen.add(address)
            yield address, values is own


def _foreign_data(other: dict[str, Any]) -> dict[str, str]:
    return {
        "entrant": other["entrant_id"],
        "player": other["player_id"],
        "fixture": other["fixture_id"],
        "season": other["season_id"],
        "round": "1",
        "number": "1",
        "scores": "1500",
        "score_0": "1500",
        "score_1": "1192",
    }


def _walk(client: Client, all_routes, mine, other, league) -> list[tuple[int, str, str]]:
    errors = []
    for route, namespace in all_routes:
        for address, real in _addresses(route, mine, other, league):
            # Every hostile form at the real address; one at each hostile address.
            # (The printing and screen pages read only: one form each is enough.)
            writes = real and namespace == "evenings"
            data = [_foreign_data(other), *HOSTILE_DATA] if writes else HOSTILE_DATA[:1]
            requests = [
                ("GET", lambda a=address: client.get(a, HOSTILE_DATA[0])),
                *(("POST", lambda a=address, d=d: client.post(a, d)) for d in data),
            ]
            for method, ask in requests:
                status = ask().status_code
                if status >= 500:
                    errors.append((status, method, address[:120]))
    return errors


def test_no_request_to_an_evening_answers_500_or_writes_where_it_may_not(organiser, scorer) -> None:
    league = competitions_services.competition_create(
        club=competitions_services.club_create(name="Evansville"),
        name="Winter league",
        rules=PRESETS["klaverjas"],
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    mine = _evening(Club.objects.create(name="Pitslag", slug="pitslag"), organiser, "Friday")
    other = _evening(Club.objects.create(name="Lijst", slug="lijst"), organiser, "Saturday")
    all_routes = list(routes())
    walked = [route for route, _ in all_routes]
    assert "c/<slug:slug>/evening/penalty/" in walked  # the walk reaches the evenings
    assert "c/<slug:slug>/screen/" in walked and "c/<slug:slug>/standings.pdf" in walked

    visitor = Client(raise_request_exception=False)
    a_scorer = signed_in(scorer)
    a_scorer.raise_request_exception = False
    an_organiser = signed_in(organiser)
    an_organiser.raise_request_exception = False

    before = _snapshot(_everything())
    errors = _walk(visitor, all_routes, mine, other, league.slug)
    errors += _walk(a_scorer, all_routes, mine, other, league.slug)
    assert _snapshot(_everything()) == before, "a visitor or a scorer changed something"

    theirs = _snapshot(_of(other["competition"]))
    errors += _walk(an_organiser, all_routes, mine, other, league.slug)
    assert _snapshot(_of(other["competition"])) == theirs, "the other club's evening changed"
    assert errors == [], "\n".join(map(str, errors))
