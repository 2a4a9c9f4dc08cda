"""Individual reneges at a club evening (Cafe de Lijst: a renege costs the player 100, the
partner keeps the score): the services that give and take back a penalty, the ranking that
takes it off the player's total, and the director's form."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.errors import Refused
from league.evenings import selectors, services
from league.models import Club, Entrant, Fixture, Player, Role
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.builders import make_user, query_count, refused, signed_in

pytestmark = pytest.mark.django_db

NAMES = ["Jan", "Piet", "Klaas", "Kees", "Marie", "Truus", "Wim", "Joop", "Ids"]


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="Cafe de Lijst", slug="lijst")


@pytest.fixture
def boss():
    return make_user("boss", Role.ORGANISER)


def _evening(club, boss, name="Vrijdag", **rules):
    competition = services.evening_create(
        club=club,
        name=name,
        rules=PRESETS["klaverjas"],
        evening=EveningRules(**{"rounds": 8, "renege_penalty": 100, **rules}),
        by=boss,
        held_on=datetime.date(2026, 11, 27),
    )
    for n in NAMES:
        player = Player.objects.get_or_create(club=club, name=n)[0]
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, seed=1)
    for fixture in Fixture.objects.filter(competition=competition):
        services.evening_paper_result(fixture=fixture, scores=(1500, 1192))
    return competition


def _seated(competition, number=1) -> list[Entrant]:
    view = selectors.evening(competition, with_ranking=False).rounds[number - 1]
    return [seat.entrant for table in view.tables for seat in table.seats if seat.entrant]


def _partner(competition, entrant, number=1) -> Entrant:
    view = selectors.evening(competition, with_ranking=False).rounds[number - 1]
    for table in view.tables:
        seats = [s.entrant for s in table.seats]
        if entrant in seats:
            return seats[(seats.index(entrant) + 2) % 4]
    raise AssertionError("not seated")


def _row(competition, entrant):
    return next(r for r in selectors.evening(competition).ranking if r.entrant == entrant)


def test_a_renege_costs_the_player_100_and_the_partner_keeps_the_score(club, boss):
    evening = _evening(club, boss)
    jan = _seated(evening)[0]
    partner = _partner(evening, jan)
    before, partner_before = _row(evening, jan).points, _row(evening, partner).points
    services.evening_penalise(entrant=jan, round_number=1)
    jan.refresh_from_db()
    assert jan.penalties == [{"round": 1, "points": 100, "why": "renege"}]
    row = _row(evening, jan)
    assert row.points == before - 100 and row.penalties == 100
    assert row.points == sum(c.points for c in row.cells) - row.penalties
    assert _row(evening, partner).points == partner_before
    assert _row(evening, partner).penalties == 0
    lines = selectors.evening(evening).penalty_lines
    assert [(line.entrant, line.round, line.points) for line in lines] == [(jan, 1, 100)]
    # Twice in a round is two reneges; taking one back takes the last.
    services.evening_penalise(entrant=jan, round_number=1, points=50)
    assert _row(evening, jan).penalties == 150
    services.evening_unpenalise(entrant=jan, round_number=1)
    assert _row(evening, jan).penalties == 100
    services.evening_unpenalise(entrant=jan, round_number=1)
    assert _row(evening, jan).points == before
    with pytest.raises(Refused, match="no penalty in round 1"):
        services.evening_unpenalise(entrant=jan, round_number=1)


def test_a_penalty_is_refused_off_the_evening_s_rules_or_off_the_tables(club, boss):
    evening = _evening(club, boss)
    sitting = selectors.evening(evening, with_ranking=False).rounds[0].sitting_out[0]
    with pytest.raises(Refused, match="did not play at a table in round 1") as error:
        services.evening_penalise(entrant=sitting, round_number=1)
    assert error.value.field == "entrant"
    jan = _seated(evening)[0]
    for number in (0, 2, -1, 10**9):
        with pytest.raises(Refused) as error:
            services.evening_penalise(entrant=jan, round_number=number)
        assert error.value.field == "round"
    for points in (0, -100, 1001):
        with pytest.raises(Refused) as error:
            services.evening_penalise(entrant=jan, round_number=1, points=points)
        assert error.value.field == "points"
    off = _evening(club, boss, name="Zonder", renege_penalty=0)
    with pytest.raises(Refused, match="scores a renege in the game"):
        services.evening_penalise(entrant=_seated(off)[0], round_number=1)
    jan.refresh_from_db()
    assert jan.penalties == []


def test_a_penalty_stored_before_the_setting_was_turned_off_counts_nothing(club, boss):
    evening = _evening(club, boss)
    jan = _seated(evening)[0]
    before = _row(evening, jan).points
    services.evening_penalise(entrant=jan, round_number=1)
    evening.evening_rules = {**evening.evening_rules, "renege_penalty": 0}
    evening.save()
    assert _row(evening, jan).points == before and _row(evening, jan).penalties == 0
    assert selectors.evening(evening).penalty_lines == ()


def test_the_season_reads_the_total_net_of_penalties(club, boss):
    evening = _evening(club, boss)
    jan = _seated(evening)[0]
    services.evening_penalise(entrant=jan, round_number=1)
    mine = [m for m in selectors.member_evenings(jan.player) if m.competition == evening]
    assert mine[0].points == _row(evening, jan).points


# -- the director's form ------------------------------------------------------------------------


def test_the_director_gives_and_takes_back_a_penalty_from_the_form(club, boss):
    evening = _evening(club, boss)
    jan = _seated(evening)[0]
    client = signed_in(boss)
    page = client.get(reverse("evenings:penalty", args=[evening.slug]))
    assert page.status_code == 200
    assert b'id="penalty-form"' in page.content and b"100" in page.content
    address = reverse("evenings:penalty", args=[evening.slug])
    response = client.post(address, {"entrant": jan.pk, "round": 1})
    assert response.status_code == 302 and response["Location"].endswith("#penalties")
    jan.refresh_from_db()
    assert len(jan.penalties) == 1
    listed = client.get(address)
    assert b'id="penalty-list"' in listed.content and jan.name.encode() in listed.content
    undo = reverse("evenings:penalty-undo", args=[evening.slug])
    assert client.post(undo, {"entrant": jan.pk, "round": 1}).status_code == 302
    jan.refresh_from_db()
    assert jan.penalties == []


def test_a_refusal_shows_next_to_its_field_and_saves_nothing(club, boss):
    evening = _evening(club, boss)
    other = _evening(club, boss, name="Andere avond")
    sitting = selectors.evening(evening, with_ranking=False).rounds[0].sitting_out[0]
    client = signed_in(boss)
    address = reverse("evenings:penalty", args=[evening.slug])
    response = client.post(address, {"entrant": sitting.pk, "round": 1})
    assert response.status_code == 400
    assert b'id="entrant-error"' in response.content
    # Another evening's entrant, a round never drawn, words: not a choice of this evening.
    stranger = _seated(other)[0]
    for data in (
        {"entrant": stranger.pk, "round": 1},
        {"entrant": _seated(evening)[0].pk, "round": 7},
        {"entrant": "x", "round": "y"},
        {"entrant": 10**30, "round": -1},
    ):
        assert client.post(address, data).status_code == 400
    assert not any(e.penalties for e in Entrant.objects.all())


def test_only_organisers_give_penalties(club, boss):
    evening = _evening(club, boss)
    jan = _seated(evening)[0]
    address = reverse("evenings:penalty", args=[evening.slug])
    undo = reverse("evenings:penalty-undo", args=[evening.slug])
    refused(Client().post(address, {"entrant": jan.pk, "round": 1}), login=True)
    scorer = signed_in(make_user("scorer", Role.SCORER))
    refused(scorer.post(address, {"entrant": jan.pk, "round": 1}), login=False)
    refused(scorer.get(address), login=False)
    refused(scorer.post(undo, {"entrant": jan.pk, "round": 1}), login=False)
    jan.refresh_from_db()
    assert jan.penalties == []


def test_the_penalty_page_reads_in_the_same_queries_however_many_penalties(club, boss):
    evening = _evening(club, boss)
    client = signed_in(boss)
    address = reverse("evenings:penalty", args=[evening.slug])
    seated = _seated(evening)
    services.evening_penalise(entrant=seated[0], round_number=1)
    one = query_count(client, address)
    for entrant in seated[1:]:
        services.evening_penalise(entrant=entrant, round_number=1)
    assert query_count(client, address) == one
    undo = reverse("evenings:penalty-undo", args=[evening.slug]).encode()
    assert client.get(address).content.count(undo) == len(seated)  # one "Take back" each
