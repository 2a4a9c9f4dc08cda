"""A rotating-partner competition's rounds drawn with partners balanced by rating: the strongest
with the weakest, then the most balanced partnerships not yet played; sit-outs by turns as
always; the organiser's choice on the draw form."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.competitions import services as competitions_services
from league.models import Competition, EntrantKind, Round
from scoring import get_ruleset
from scoring.pairing import rotation
from scoring.ratings import Rating, Ratings, balanced_partners, by_rating
from tests.builders import page, rated, refused

pytestmark = pytest.mark.django_db

#: The players strongest first by conservative rating (not in the order of their names, by
#: which the usual draw takes them): C 27, F 24, A 22, H 20, B 18, E 13, G 8, D -5.
ORDER = "CFAHBEGD"
STRENGTH = dict(
    zip(
        ORDER, [(33, 2), (30, 2), (28, 2), (26, 2), (24, 2), (22, 3), (20, 4), (16, 7)], strict=True
    )
)


def nested(*places: tuple[int, int]) -> set[frozenset[str]]:
    """Partnerships by places in :data:`ORDER` (0 the strongest)."""
    return {frozenset((ORDER[a], ORDER[b])) for a, b in places}


#: The strongest with the weakest, the second with the second weakest, and so on.
BALANCED = nested((0, 7), (1, 6), (2, 5), (3, 4))


def individual(organiser, names: str = "DAGCHEBF", *, rate: bool = True) -> Competition:
    club = competitions_services.club_create(name=f"Club of {names}")
    competition = competitions_services.competition_create(
        club=club,
        name="Thursday individual",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.ROTATION,
        by=organiser,
    )
    # Entered in a muddled order (the draws take the players by name).
    for name in names:
        person = competitions_services.player_add(club=club, name=name)
        if rate and name in STRENGTH:
            rated(person, *STRENGTH[name])
        competitions_services.entrant_add(competition=competition, player=person)
    return competition


def draw(client: Client, competition: Competition, rounds: int, balance: bool = True):
    data = {"draw-rounds": str(rounds), "draw-days_between": "7"}
    if balance:
        data["draw-balance"] = "on"
    return client.post(f"/c/{competition.slug}/draw/", data)


def partners_by_round(competition: Competition) -> list[set[frozenset[str]]]:
    out = []
    for night in competition.rounds.order_by("number"):
        pairs: set[frozenset[str]] = set()
        for fixture in night.fixtures.all():
            for side in (0, 1):
                pairs.add(frozenset(s.entrant.name for s in fixture.sides.filter(side=side)))
        out.append(pairs)
    return out


def as_ratings() -> tuple[Ratings, dict[str, int]]:
    ids = {name: i for i, name in enumerate(STRENGTH)}
    return Ratings(players={ids[n]: Rating(*mu_sigma) for n, mu_sigma in STRENGTH.items()}), ids


def test_the_draw_form_offers_to_balance_partners(organiser, organiser_client):
    competition = individual(organiser)
    form = page(organiser_client, f"/c/{competition.slug}/").by_id("draw")
    assert "Balance partners by rating" in form.text
    assert "the strongest player with the weakest" in form.text
    checkbox = [i for i in form.iter("input") if i.attrs.get("name") == "draw-balance"]
    assert (
        checkbox and checkbox[0].attrs["type"] == "checkbox" and "checked" not in checkbox[0].attrs
    )


def test_balanced_partners_strongest_with_weakest_then_new_balanced_ones(
    organiser, organiser_client
):
    competition = individual(organiser)
    response = draw(organiser_client, competition, 4)
    assert response.status_code == 302
    rounds = partners_by_round(competition)
    ratings, ids = as_ratings()
    names = {i: n for n, i in ids.items()}
    first = {frozenset(names[p] for p in pair) for pair in balanced_partners(ratings, ids.values())}
    assert rounds[0] == first == BALANCED
    # New partners every round (tests/scoring/test_ratings_uses.py checks each round is the
    # most balanced the partnerships not yet played allow).
    played: set[frozenset[str]] = set()
    for pairs in rounds:
        assert not pairs & played
        played |= pairs
    # Round 2: the strongest can no longer have the weakest; the best new way is the strongest
    # with the second weakest and the second strongest with the weakest (and so on).
    assert rounds[1] == nested((0, 6), (1, 7), (2, 4), (3, 5))
    competition.refresh_from_db()
    assert competition.rotation_repeats["partners"] == 0


def test_without_the_box_the_usual_rotation_is_drawn(organiser, organiser_client):
    competition = individual(organiser)
    assert draw(organiser_client, competition, 3, balance=False).status_code == 302
    entrants = list(competition.entrants.all())
    usual = rotation(entrants, 3)
    assert partners_by_round(competition) == [
        {frozenset(p.name for p in side) for table in tables for side in table}
        for tables in usual.rounds
    ]
    assert partners_by_round(competition)[0] != BALANCED


def test_an_odd_number_sits_out_by_turns_and_the_rest_are_balanced(organiser, organiser_client):
    # Nine players: one sits out each round; Z has no rated game (a newcomer, rated 0).
    competition = individual(organiser, "DAGZCHEBF")
    assert draw(organiser_client, competition, 9).status_code == 302
    sat: Counter[str] = Counter()
    nights = list(competition.rounds.order_by("number"))
    for night in nights:
        out = [e.name for e in night.sitting_out.all()]
        assert len(out) == 1 and night.fixtures.count() == 2
        sat.update(out)
    assert set(sat.values()) == {1} and len(sat) == 9  # each sat out once in nine rounds
    # Round 1: the eight present, strongest with weakest by rating (Z a newcomer at 0, above
    # D's -5).
    ratings, ids = as_ratings()
    ids["Z"] = 99
    first_out = nights[0].sitting_out.get().name
    present = [ids[n] for n in "ABCDEFGHZ" if n != first_out]
    names = {i: n for n, i in ids.items()}
    expected = {frozenset(names[p] for p in pair) for pair in balanced_partners(ratings, present)}
    assert partners_by_round(competition)[0] == expected
    assert by_rating(ratings, [ids["D"], ids["Z"]]) == [ids["Z"], ids["D"]]


@pytest.mark.parametrize("who", ["scorer", "anonymous"])
def test_only_an_organiser_draws_a_balanced_rotation(who, organiser, scorer_client):
    competition = individual(organiser)
    client = scorer_client if who == "scorer" else Client()
    refused(draw(client, competition, 3), login=who == "anonymous")
    assert not Round.objects.filter(competition=competition).exists()


def test_a_balanced_draw_reads_the_ratings_in_one_query(organiser, organiser_client):
    counts = {}
    for balance in (False, True):
        competition = individual(organiser, "DAGCHEBF" if balance else "DAGCHEBI")
        with CaptureQueriesContext(connection) as captured:
            assert draw(organiser_client, competition, 2, balance=balance).status_code == 302
        counts[balance] = len(captured.captured_queries)
        reading = [q for q in captured.captured_queries if "currentrating" in q["sql"].lower()]
        assert len(reading) == (1 if balance else 0)
    assert counts[True] == counts[False] + 1, counts
