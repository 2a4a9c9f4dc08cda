"""A table of three at a club evening: seated by the draw when the number does not fit, played
on paper by the club's rota, each player's own points typed by the director (one number a
player, by name), ranked like a side's total of a table of four. No entry link (no phone);
every page and paper that shows a table shows it."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.errors import Refused
from league.evenings import selectors, services
from league.models import Club, Competition, Fixture, FixtureStatus, Player
from scoring.evenings import EveningRules, three_table_most
from scoring.rules import PRESETS
from tests.builders import page, pdf_pages, query_count, refused
from tests.league.html import parse

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit"]


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="KC De Pitslag", slug="pitslag", paper_size="A4")


def make_evening(club, by, names=NAMES, **rules) -> Competition:
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(**{"rounds": 2, "short": "table_of_three", **rules}),
        by=by,
        held_on=datetime.date(2026, 11, 27),
        prize_words=["Meat parcel", "Wine"],
        booby_words="A pack of cards",
    )
    for n in names:
        player = Player.objects.get_or_create(club=club, name=n)[0]
        services.evening_check_in(competition=evening, player=player)
    return evening


def three_of(evening, number=1) -> Fixture:
    return Fixture.objects.get(competition=evening, round__number=number, sides__side=2)


def four_of(evening, number=1) -> Fixture:
    return (
        Fixture.objects.filter(competition=evening, round__number=number)
        .exclude(pk=three_of(evening, number).pk)
        .get()
    )


def seated(fixture) -> list[str]:
    return [s.entrant.name for s in fixture.sides.order_by("side")]


@pytest.fixture
def evening(club, organiser) -> Competition:
    evening = make_evening(club, organiser)
    services.evening_draw_round(competition=evening, seed=1)
    return evening


def result_url(evening, fixture) -> str:
    return reverse("evenings:paper-result", args=[evening.slug, fixture.pk])


def posted(fixture, *scores) -> dict[str, str]:
    return {f"table-{fixture.pk}-side{i}": str(v) for i, v in enumerate(scores) if v is not None}


def points(evening) -> dict[str, int]:
    return {row.entrant.name: row.points for row in selectors.evening(evening).ranking}


# -- the draw ------------------------------------------------------------------------------------


def test_seven_players_sit_at_a_table_of_four_and_a_table_of_three_without_entry_links(evening):
    three, four = three_of(evening), four_of(evening)
    assert len(seated(three)) == 3 and len(seated(four)) == 4
    assert not three.sides.exclude(entry_token=None).exists()  # no phone plays it
    assert four.sides.exclude(entry_token=None).count() == 4
    view = selectors.evening(evening, with_ranking=False).current
    table = next(t for t in view.tables if t.three)
    assert [s.number for s in table.seats] == [1, 2, 3]
    assert table.entry_token is None and not view.sitting_out


def test_the_next_round_is_drawn_after_a_table_of_three(evening):
    services.evening_three_result(fixture=three_of(evening), scores=[1500, 1300, 1100])
    services.evening_paper_result(fixture=four_of(evening), scores=(1500, 1172))
    services.evening_draw_round(competition=evening, seed=2)
    trio = set(seated(three_of(evening, 1)))
    # Those who sat at a table of three least sit at the next one: not the same three.
    assert trio != set(seated(three_of(evening, 2)))


# -- typing three numbers ------------------------------------------------------------------------


def test_three_numbers_typed_rank_each_player_as_a_side_of_four_counts_for_both_partners(
    evening, organiser_client
):
    three, four = three_of(evening), four_of(evening)
    a, b, c = seated(three)
    response = organiser_client.post(result_url(evening, three), posted(three, 1500, 1300, 1100))
    assert response.status_code == 302
    services.evening_paper_result(fixture=four, scores=(1420, 1172))
    total = points(evening)
    assert (total[a], total[b], total[c]) == (1500, 1300, 1100)
    n1, n2, n3, n4 = seated(four)  # side 0's two, then side 1's
    assert total[n1] == total[n2] == 1420 and total[n3] == total[n4] == 1172
    ranking = selectors.evening(evening).ranking
    assert ranking[0].entrant.name == a and ranking[-1].entrant.name == c
    wins = {r.entrant.name: r.wins for r in ranking}
    assert (wins[a], wins[b], wins[c]) == (1, 0, 0)  # the highest of the three won the round
    three.refresh_from_db()
    assert three.finished and three.typed_scores == [[1500, 1300, 1100]]


def test_a_correction_typed_again_replaces_the_three_numbers(evening, organiser_client):
    three = three_of(evening)
    a, b, c = seated(three)
    organiser_client.post(result_url(evening, three), posted(three, 1500, 1300, 1100))
    director = page(organiser_client, reverse("evenings:evening", args=[evening.slug]))
    form = director.by_id(f"table-{three.pk}")
    assert "Typed from paper: 1500, 1300, 1100" in form.text
    assert "Correct the result from paper" in form.text
    values = {
        i.attrs["name"]: i.attrs.get("value")
        for i in form.iter("input")
        if "side" in i.attrs.get("name", "")
    }
    assert values == posted(three, 1500, 1300, 1100)
    response = organiser_client.post(result_url(evening, three), posted(three, 900, 1700, 1200))
    assert response.status_code == 302
    total = points(evening)
    assert (total[a], total[b], total[c]) == (900, 1700, 1200)
    wins = {r.entrant.name: r.wins for r in selectors.evening(evening).ranking}
    assert (wins[a], wins[b], wins[c]) == (0, 1, 0)


@pytest.mark.parametrize(
    ("scores", "wrong"),
    [
        ((1500, None, 1100), "side1"),  # missing
        ((1500, -20, 1100), "side1"),  # negative
        ((1500, 1300, "fifteen hundred"), "side2"),  # words
        ((1500, 1300, "9" * 30), "side2"),  # no number a game reaches
    ],
)
def test_bad_input_is_told_beside_its_field_and_nothing_is_saved(
    evening, organiser_client, scores, wrong
):
    three = three_of(evening)
    response = organiser_client.post(result_url(evening, three), posted(three, *scores))
    assert response.status_code == 400
    root = parse(response.content)
    assert root.by_id(f"table-{three.pk}-{wrong}-error").text
    field = next(
        i for i in root.iter("input") if i.attrs.get("name") == f"table-{three.pk}-{wrong}"
    )
    assert field.attrs.get("aria-invalid") == "true"
    three.refresh_from_db()
    assert three.typed_scores is None and not three.finished


def test_a_number_above_what_one_side_can_reach_is_refused_with_the_bound(
    evening, organiser_client
):
    three = three_of(evening)
    most = three_table_most(evening.rules)
    response = organiser_client.post(result_url(evening, three), posted(three, 1500, most + 1, 10))
    assert response.status_code == 400
    root = parse(response.content)
    assert str(most) in root.by_id(f"table-{three.pk}-error").text
    field = next(i for i in root.iter("input") if i.attrs.get("name") == f"table-{three.pk}-side1")
    assert field.attrs.get("aria-invalid") == "true" and "autofocus" in field.attrs
    three.refresh_from_db()
    assert three.typed_scores is None and not three.finished


def test_two_totals_for_a_table_of_three_and_three_for_a_table_of_four_are_refused(evening):
    with pytest.raises(Refused, match="three scores"):
        services.evening_paper_result(fixture=three_of(evening), scores=(1500, 1172))
    with pytest.raises(Refused, match="two sides"):
        services.evening_three_result(fixture=four_of(evening), scores=(1500, 1300, 1100))
    assert not Fixture.objects.filter(finished=True).exists()


def test_the_leagues_match_pages_send_a_table_of_three_to_the_evening_page(
    evening, organiser_client
):
    three = three_of(evening)
    detail = reverse("competitions:fixture-detail", args=[evening.slug, three.pk])
    assert organiser_client.get(detail).status_code == 200
    for action, data in (
        ("fixture-result", {"typed-scores": "1500 1172"}),
        ("fixture-start", {"first_dealer": "0"}),
    ):
        response = organiser_client.post(
            reverse(f"competitions:{action}", args=[evening.slug, three.pk]), data, follow=True
        )
        assert response.status_code in (200, 400), action
        assert "A table of three plays on paper" in response.content.decode(), action
    assert not three.games.exists()
    three.refresh_from_db()
    assert three.typed_scores is None and not three.finished


def test_a_void_table_of_three_counts_for_nobody_until_restored(evening):
    from league.competitions.fixture_admin_services import restore, void

    three = three_of(evening)
    services.evening_three_result(fixture=three, scores=[1500, 1300, 1100])
    boss = evening.created_by
    void(fixture=three, by=boss, reason="typed at the wrong evening")
    three.refresh_from_db()
    assert three.status == FixtureStatus.VOID and not three.finished
    assert set(points(evening).values()) == {0}
    restore(fixture=three, by=boss)
    assert max(points(evening).values()) == 1500


# -- who may -------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["anonymous", "scorer"])
def test_only_an_organiser_types_a_table_of_three(evening, who, scorer_client):
    client = {"anonymous": Client(), "scorer": scorer_client}[who]
    three = three_of(evening)
    response = client.post(result_url(evening, three), posted(three, 1500, 1300, 1100))
    refused(response, login=who == "anonymous")
    three.refresh_from_db()
    assert three.typed_scores is None and not three.finished


# -- what everyone sees --------------------------------------------------------------------------


def test_the_evening_page_says_typed_from_paper_and_offers_no_entry_link_for_the_three(
    evening, organiser_client, scorer_client
):
    three, four = three_of(evening), four_of(evening)
    director = page(organiser_client, reverse("evenings:evening", args=[evening.slug]))
    table = director.by_id(f"table-{three.pk}")
    assert "Typed from paper" in table.text and "/m/" not in table.text
    assert not list(table.iter("svg"))  # no QR code
    labels = [label.text for label in table.iter("label")]
    assert labels == seated(three)  # one number a player, by name
    assert "/m/" in director.by_id(f"table-{four.pk}").text
    reader = page(scorer_client, reverse("evenings:evening", args=[evening.slug]))
    assert "Typed from paper" in reader.by_id(f"table-{three.pk}").text
    assert not list(reader.by_id(f"table-{three.pk}").iter("form"))


def test_the_room_screen_tells_the_three_where_to_sit(evening):
    screen = page(Client(), reverse("screen:competition", args=[evening.slug]))
    text = " ".join(screen.text.split())
    for seat, name in enumerate(seated(three_of(evening)), start=1):
        assert f"{name} 2 {seat}" in text or f"{name} 1 {seat}" in text


def test_the_evening_page_reads_a_table_of_three_in_as_many_queries_as_tables_of_four(
    club, organiser, organiser_client
):
    fours = make_evening(club, organiser, names=[f"P{i}" for i in range(8)], short="sit_out")
    services.evening_draw_round(competition=fours, seed=1)
    threes = make_evening(club, organiser, names=[f"Q{i}" for i in range(7)])
    services.evening_draw_round(competition=threes, seed=1)
    assert query_count(
        organiser_client, reverse("evenings:evening", args=[threes.slug])
    ) <= query_count(organiser_client, reverse("evenings:evening", args=[fours.slug]))


# -- the papers ----------------------------------------------------------------------------------


def test_the_papers_show_the_table_of_three(evening, organiser_client):
    three = three_of(evening)
    a, b, c = seated(three)
    services.evening_three_result(fixture=three, scores=[1500, 1300, 1100])

    def pdf(name, *args):
        response = organiser_client.get(reverse(f"printing:{name}", args=[evening.slug, *args]))
        assert response.status_code == 200
        return [" ".join(p.split()) for p in pdf_pages(response.content)]

    seats = pdf("evening-seats", 1)
    slip = next(p for p in seats if f"Table {three.table}" in p and "Seat 3" in p and a in p)
    assert f"A table of three, typed from paper, each for their own points: 1 {a}, 2 {b}" in slip
    booms = pdf("evening-booms", 1)
    sheet = next(p for p in booms if f"Table: {three.table}" in p)
    # Three columns, one a player, each signed for.
    assert f"Deal {a} {b} {c}" in sheet
    assert all(f"Signed for {n}:" in sheet for n in (a, b, c))
    pack = pdf("round-tables-pdf", 1)
    assert f"Deal {a} {b} {c}" in next(p for p in pack if f"Table: {three.table}" in p)
    results = pdf("evening-results")[0]
    assert "a table of three when the number does not fit (each for their own points," in results
    assert f"{a} 1500 1500" in results and f"{c} 1100 1100" in results


def test_a_members_page_counts_their_round_at_a_table_of_three(evening, organiser_client):
    three = three_of(evening)
    services.evening_three_result(fixture=three, scores=[1500, 1300, 1100])
    services.evening_paper_result(fixture=four_of(evening), scores=(1420, 1172))
    services.evening_draw_round(competition=evening, seed=2)
    for fixture in Fixture.objects.filter(competition=evening, round__number=2):
        if fixture.sides.filter(side=2).exists():
            services.evening_three_result(fixture=fixture, scores=[1000, 1000, 1000])
        else:
            services.evening_paper_result(fixture=fixture, scores=(1420, 1172))
    player = Player.objects.get(name=seated(three)[0])
    text = " ".join(
        page(organiser_client, reverse("competitions:player-detail", args=[player.pk])).text.split()
    )
    total = points(evening)[player.name]
    assert "Friday drive" in text and str(total) in text


def test_a_table_of_three_is_not_rated(evening, django_capture_on_commit_callbacks):
    from league.models import RatedGame

    with django_capture_on_commit_callbacks(execute=True):
        services.evening_three_result(fixture=three_of(evening), scores=[1500, 1300, 1100])
        services.evening_paper_result(fixture=four_of(evening), scores=(1420, 1172))
    rated = set(RatedGame.objects.values_list("fixture_id", flat=True))
    assert rated == {four_of(evening).pk}


# -- setting it up -------------------------------------------------------------------------------


def test_the_organiser_sets_up_an_evening_with_a_table_of_three_and_sees_it_when_editing(
    club, organiser_client
):
    from tests.league.evenings.test_setup_evenings import new_post

    response = organiser_client.post(
        f"/clubs/{club.slug}/evenings/new/", new_post(short="table_of_three")
    )
    assert response.status_code == 302
    evening = Competition.objects.get()
    assert evening.evening_rules["short"] == "table_of_three"
    edit = page(organiser_client, reverse("evenings:edit", args=[evening.slug]))
    chosen = [
        i.attrs["value"]
        for i in edit.iter("input")
        if i.attrs.get("name") == "short" and "checked" in i.attrs
    ]
    assert chosen == ["table_of_three"]


def test_every_page_and_paper_of_the_evening_answers_with_a_table_of_three(
    evening, organiser_client
):
    three = three_of(evening)
    player = Player.objects.get(name=seated(three)[0])
    slug, club = evening.slug, evening.club.slug
    addresses = [
        reverse("evenings:evening", args=[slug]),
        reverse("evenings:edit", args=[slug]),
        reverse("evenings:club-list", args=[club]),
        reverse("screen:competition", args=[slug]),
        reverse("screen:club", args=[club]),
        reverse("competitions:fixtures", args=[slug]),
        reverse("competitions:fixture-detail", args=[slug, three.pk]),
        reverse("competitions:results-csv", args=[slug]),
        reverse("competitions:standings", args=[slug]),
        reverse("printing:standings-pdf", args=[slug]),
        reverse("printing:evening-seats", args=[slug, 1]),
        reverse("printing:evening-booms", args=[slug, 1]),
        reverse("printing:evening-results", args=[slug]),
        reverse("printing:round-tables-pdf", args=[slug, 1]),
        reverse("competitions:player-detail", args=[player.pk]),
        reverse("competitions:club-records", args=[club]),
        reverse("competitions:club-export", args=[club]),
        reverse("ratings:club-list", args=[club]),
        reverse("ratings:player-history", args=[player.pk]),
    ]
    # Before its numbers are typed, and after.
    for typed in (False, True):
        if typed:
            services.evening_three_result(fixture=three, scores=[1500, 1300, 1100])
        for client in (organiser_client, Client()):
            for address in addresses:
                status = client.get(address).status_code
                assert status in (200, 302, 403), (address, typed, status)
                if client is organiser_client:
                    assert status == 200, (address, typed, status)
    csv = organiser_client.get(reverse("competitions:results-csv", args=[slug])).content.decode()
    assert "1500" in csv
