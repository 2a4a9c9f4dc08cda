"""A whole club's data as one JSON document, for an organiser to download and keep (or to take
elsewhere): the club, its players and partnerships, its seasons of club evenings, its
competitions (leagues, tournaments, evenings) with their entrants, rounds, fixtures and the
fixtures' sides, and the games played in those fixtures with every deal and every correction.
Each object is written as Django's serialisers write it (``model``, ``pk``, ``fields``), so
references between them are primary keys.

The entry links' tokens are left out: a token lets whoever holds it enter results, and a file
that is downloaded gets passed around.
"""

from __future__ import annotations

import json
from typing import Any

from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import QuerySet

from league.models import (
    Club,
    Competition,
    Deal,
    DealAudit,
    Entrant,
    Fixture,
    FixtureSide,
    Game,
    Partnership,
    Player,
    Round,
    Season,
)

FORMAT = "hicksheet-club-export/1"
_SECRET_FIELDS = {"entry_token"}


def _objects(queryset: QuerySet[Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = serializers.serialize("python", queryset.order_by("pk"))
    for row in rows:
        for name in _SECRET_FIELDS & row["fields"].keys():
            del row["fields"][name]
    return rows


def club_export(club: Club) -> dict[str, Any]:
    """Everything of ``club``, by kind (one query a kind)."""
    competitions = Competition.objects.filter(club=club)
    games = Game.objects.filter(fixture__competition__club=club)
    return {
        "format": FORMAT,
        "club": _objects(Club.objects.filter(pk=club.pk))[0],
        "players": _objects(Player.objects.filter(club=club)),
        "partnerships": _objects(Partnership.objects.filter(club=club)),
        "seasons": _objects(Season.objects.filter(club=club)),
        "competitions": _objects(competitions),
        "entrants": _objects(Entrant.objects.filter(competition__club=club)),
        "rounds": _objects(Round.objects.filter(competition__club=club)),
        "fixtures": _objects(Fixture.objects.filter(competition__club=club)),
        "fixture_sides": _objects(FixtureSide.objects.filter(fixture__competition__club=club)),
        "games": _objects(games),
        "deals": _objects(Deal.objects.filter(game__in=games)),
        "corrections": _objects(DealAudit.objects.filter(game__in=games)),
    }


def club_export_json(club: Club) -> str:
    return json.dumps(club_export(club), cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
