"""The evening page a director runs the night from: checking in at the door, drawing rounds,
results from paper, the ranking; read by everybody, written by organisers only.

Every write is tried by the organiser (it works), a scorer (403) and an anonymous visitor
(sent to sign in), and nothing is saved when it is refused. Stale and forged posts (another
evening's entrant, another competition's fixture, a non-number) answer 4xx, never 500.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.evenings import services
from league.models import (
    Club,
    Competition,
    Entrant,
    Fixture,
    FixtureSide,
    Partnership,
    Player,
    Round,
)
from league.tournaments import services as tournaments_services
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.builders import add, make_league, page, query_count, refused
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit", "Hanna", "Ids"]


def has_id(element: Element, id_: str) -> bool:
    return any(e.attrs.get("id") == id_ for e in element.iter())


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="KC De Pitslag", slug="pitslag")


def make_evening(club, by, name="Friday drive", **rules) -> Competition:
    return services.evening_create(
        club=club,
        name=name,
        rules=PRESETS["klaverjas"],
        evening=EveningRules(**{"rounds": 3, **rules}),
        by=by,
        held_on=datetime.date(2026, 11, 27),
        prize_words=["Meat parcel", "Wine"],
        booby_words="A pack of cards",
    )


def members(club, names) -> list[Player]:
    return [Player.objects.get_or_create(club=club, name=n)[0] for n in names]


def checked_in(evening, names) -> list[Entrant]:
    return [
        services.evening_check_in(competition=evening, player=p)
        for p in members(evening.club, names)
    ]


def url(name: str, evening: Competition, *args) -> str:
    return reverse(f"evenings:{name}", args=[evening.slug, *args])


@pytest.fixture
def evening(club, organiser) -> Competition:
    return make_evening(club, organiser)


# -- reading -----------------------------------------------------------------------------------


def test_everybody_reads_the_page_but_only_organisers_see_its_buttons_and_links(
    evening, organiser_client, scorer_client
):
    checked_in(evening, NAMES[:8])
    members(evening.club, ["Jan"])
    services.evening_draw_round(competition=evening, seed=1)
    director = page(organiser_client, url("evening", evening))
    assert director.by_id("draw-button").text == "Draw round 2"
    assert director.by_id("members-to-check-in").text.count("Check in") == 1  # Jan
    assert "/m/" in director.by_id("tables").text
    assert list(director.by_id("tables").iter("svg"))  # the QR codes
    for client in (scorer_client, Client()):
        reader = page(client, url("evening", evening))
        assert not has_id(reader, "draw-button")
        assert not has_id(reader, "members-to-check-in")
        assert "/m/" not in reader.by_id("tables").text
        assert "1 " in reader.by_id("tables").text and "against" in reader.by_id("tables").text
        assert len(list(reader.by_id("checked-in").iter("li"))) == 8


def test_a_competition_that_is_not_an_evening_is_a_404(organiser_client, organiser, club):
    league = make_league(organiser)
    assert organiser_client.get(f"/c/{league.slug}/evening/").status_code == 404
    assert organiser_client.post(f"/c/{league.slug}/evening/draw/").status_code == 404


def test_the_competition_page_of_an_evening_leads_to_the_evening_page(evening, organiser_client):
    response = organiser_client.get(reverse("competitions:detail", args=[evening.slug]))
    assert response.status_code == 302
    assert response["Location"] == url("evening", evening)


def test_retired_members_are_not_listed_to_check_in(evening, organiser_client):
    kept, retired = members(evening.club, ["Kees", "Old Piet"])
    retired.retired_at = datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)
    retired.save()
    listed = page(organiser_client, url("evening", evening)).by_id("members-to-check-in").text
    assert "Kees" in listed and "Old Piet" not in listed
    response = organiser_client.post(url("check-in", evening), {"player": retired.pk})
    assert response.status_code == 400
    assert not evening.entrants.exists()


def test_the_draw_says_how_many_and_what_happens_to_the_odd_ones(evening, organiser_client):
    checked_in(evening, NAMES)
    draw = page(organiser_client, url("evening", evening)).by_id("draw-count").text
    assert "9 players" in draw and "2 tables" in draw and "1 sits out" in draw
    organiser_client.post(url("draw", evening), {"round": 1})
    director = page(organiser_client, url("evening", evening))
    assert director.by_id("draw-warning").text == "Round 1: tables 1, 2 have no result yet."
    for fixture in Fixture.objects.filter(competition=evening):
        services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    night = Round.objects.get(competition=evening)
    (sitter,) = night.sitting_out.all()
    tables = page(Client(), url("evening", evening)).by_id("tables")
    sitting = next(e for e in tables.iter("ul") if e.has_class("sitting-out-list")).text
    assert sitting == f"{sitter.name} 1600"
    assert "Result in: 1500 – 1172" in tables.text
    row = page(Client(), url("evening", evening)).by_id(f"rank-{sitter.pk}").text
    assert "1600 sat out" in row
    assert not has_id(page(organiser_client, url("evening", evening)), "draw-warning")


def test_a_tables_entry_link_leads_back_to_the_evening_once_its_result_is_in(
    evening, organiser_client
):
    checked_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    token = page(organiser_client, url("evening", evening)).by_id("tables")
    link = next(a.attrs["href"] for a in token.iter("a") if a.has_class("entry-url"))
    entry = page(Client(), link.split("testserver", 1)[-1])
    assert "a match" not in entry.text
    assert next(a for a in entry.iter("a") if a.text == evening.name).attrs["href"] == url(
        "evening", evening
    )
    fixture = Fixture.objects.get(competition=evening)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    entry = page(Client(), link.split("testserver", 1)[-1])
    assert "counts in the evening's ranking" in entry.by_id("result").text
    assert not has_id(entry, "confirm") and not has_id(entry, "waiting")


def test_the_page_follows_the_evening_live(evening):
    response = Client().get(url("evening", evening))
    assert f'content="competition:{evening.pk} competition:{evening.pk}:play"' in (
        response.content.decode()
    )


# -- the writes: who may -----------------------------------------------------------------------


def _writes(evening):
    """Each write of the page with what it posts, once the evening has a drawn round."""
    entrant = evening.entrants.order_by("id").first()
    fixture = Fixture.objects.filter(competition=evening).first()
    jan = Player.objects.get(club=evening.club, name="Jan")
    return [
        (url("check-in", evening), {"player": jan.pk}),
        (url("check-in-guest", evening), {"guest-name": "Visitor"}),
        (url("leave", evening, entrant.pk), {}),
        (url("draw", evening), {"round": 2, "confirm": "1"}),
        (url("redraw", evening), {"round": 1}),
        (
            url("paper-result", evening, fixture.pk),
            {f"table-{fixture.pk}-side0": "1500", f"table-{fixture.pk}-side1": "1172"},
        ),
    ]


def _state(evening):
    return (
        list(Entrant.objects.filter(competition=evening).values_list("id", "left_after_round")),
        list(Round.objects.filter(competition=evening).values_list("id", flat=True)),
        list(Fixture.objects.filter(competition=evening).values_list("id", "typed_scores")),
        Player.objects.filter(club=evening.club).count(),
    )


def test_scorers_and_strangers_may_not_write_and_nothing_is_saved(evening, scorer_client):
    checked_in(evening, NAMES[:8])
    members(evening.club, ["Jan"])
    services.evening_draw_round(competition=evening, seed=1)
    before = _state(evening)
    for address, data in _writes(evening):
        refused(scorer_client.post(address, data), login=False)
        refused(Client().post(address, data), login=True)
    entrant = evening.entrants.first()
    for address in (
        url("check-out", evening, entrant.pk),
        url("come-back", evening, entrant.pk),
        url("check-in-pair", evening),
    ):
        refused(scorer_client.post(address), login=False)
        refused(Client().post(address), login=True)
    refused(scorer_client.get(url("redraw", evening)), login=False)
    refused(Client().get(url("redraw", evening)), login=True)
    assert _state(evening) == before


def test_the_organiser_runs_a_night_from_the_door_to_the_ranking(evening, organiser_client):
    players = members(evening.club, NAMES[:8])
    for player in players:
        response = organiser_client.post(url("check-in", evening), {"player": player.pk})
        assert response.status_code == 302
        assert response["Location"].endswith("#check-in")
    response = organiser_client.post(url("check-in-guest", evening), {"guest-name": "Visitor"})
    assert response.status_code == 302
    assert evening.entrants.count() == 9
    guest = evening.entrants.get(name="Visitor")
    # A check-in tapped by mistake is undone before the draw.
    assert organiser_client.post(url("check-out", evening, guest.pk)).status_code == 302
    assert evening.entrants.count() == 8
    assert organiser_client.post(url("draw", evening), {"round": 1}).status_code == 302
    night = Round.objects.get(competition=evening)
    fixtures = list(Fixture.objects.filter(round=night).order_by("table"))
    assert len(fixtures) == 2
    # Draw again: a confirmation page first, then the seats are thrown away.
    confirm = page(organiser_client, url("redraw", evening))
    assert has_id(confirm, "redraw-confirm")
    assert Round.objects.filter(pk=night.pk).exists()
    assert organiser_client.post(url("redraw", evening), {"round": 1}).status_code == 302
    assert not Round.objects.filter(pk=night.pk).exists()
    fixtures = list(Fixture.objects.filter(competition=evening).order_by("table"))
    for fixture in fixtures:
        response = organiser_client.post(
            url("paper-result", evening, fixture.pk),
            {f"table-{fixture.pk}-side0": "1500", f"table-{fixture.pk}-side1": "1172"},
        )
        assert response.status_code == 302, response.content
    # A typed result is corrected by typing it again.
    fixture = fixtures[0]
    organiser_client.post(
        url("paper-result", evening, fixture.pk),
        {f"table-{fixture.pk}-side0": "1172", f"table-{fixture.pk}-side1": "1500"},
    )
    fixture.refresh_from_db()
    assert fixture.typed_scores == [[1172, 1500]]
    # Once a result is in, the round cannot be drawn again.
    response = organiser_client.post(url("redraw", evening), {"round": 1})
    assert response.status_code == 400
    assert "has started" in parse(response.content).by_id("redraw-error").text
    assert page_text(response).count("has started") == 1  # where the button was, not twice
    leaver = evening.entrants.order_by("id").first()
    assert organiser_client.post(url("leave", evening, leaver.pk)).status_code == 302
    leaver.refresh_from_db()
    assert leaver.left_after_round == 1
    back = organiser_client.post(url("come-back", evening, leaver.pk))
    assert back.status_code == 302
    leaver.refresh_from_db()
    assert leaver.left_after_round is None
    director = page(organiser_client, url("evening", evening))
    ranking = director.by_id("ranking-table")
    assert len(list(ranking.iter("tr"))) - 1 == 8
    # One round of three in: places and points so far, no prize nor booby prize yet.
    assert director.by_id("ranking-title").text == "Ranking so far"
    assert "Meat parcel" not in ranking.text and "Booby" not in ranking.text
    assert not any("has-prize" in tr.attrs.get("class", "") for tr in ranking.iter("tr"))
    for number in (2, 3):
        services.evening_draw_round(competition=evening, seed=number)
        for fixture in Fixture.objects.filter(competition=evening, round__number=number):
            services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    finished = page(organiser_client, url("evening", evening))
    assert finished.by_id("ranking-title").text == "Ranking"
    ranking = finished.by_id("ranking-table")
    assert "Meat parcel" in ranking.text and "Wine" in ranking.text


def page_text(response) -> str:
    return parse(response.content).text


def test_refusals_are_said_at_the_top_and_by_their_button(evening, organiser_client):
    checked_in(evening, NAMES[:3])
    response = organiser_client.post(url("draw", evening), {"round": 1})
    assert response.status_code == 400
    html = page_text(response)
    assert html.count("A round needs at least four players. Checked in: 3.") == 2
    assert not Round.objects.filter(competition=evening).exists()


def test_a_paper_result_that_does_not_add_up_is_said_next_to_its_fields(evening, organiser_client):
    checked_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    fixture = Fixture.objects.get(competition=evening)
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk),
        {f"table-{fixture.pk}-side0": "1000", f"table-{fixture.pk}-side1": "1000"},
    )
    assert response.status_code == 400
    error = parse(response.content).by_id(f"table-{fixture.pk}-error")
    assert "less than 16 deals of 162" in error.text
    fixture.refresh_from_db()
    assert fixture.typed_scores is None and not fixture.finished


def test_stale_and_forged_posts_never_fail(club, evening, organiser, organiser_client):
    checked_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    other = make_evening(club, organiser, name="Other night")
    stranger = checked_in(other, ["Zoe"])[0]
    checked_in(other, NAMES[5:8])
    services.evening_draw_round(competition=other, seed=2)
    their_fixture = Fixture.objects.get(competition=other)
    before = _state(evening)
    assert organiser_client.post(url("leave", evening, stranger.pk)).status_code == 404
    assert organiser_client.post(url("check-out", evening, stranger.pk)).status_code == 404
    assert organiser_client.post(url("come-back", evening, stranger.pk)).status_code == 404
    paper = {f"table-{their_fixture.pk}-side0": "1500", f"table-{their_fixture.pk}-side1": "1172"}
    assert (
        organiser_client.post(url("paper-result", evening, their_fixture.pk), paper).status_code
        == 404
    )
    mine = Fixture.objects.get(competition=evening)
    for data in (
        {f"table-{mine.pk}-side0": "many", f"table-{mine.pk}-side1": "1172"},
        {f"table-{mine.pk}-side0": "-5", f"table-{mine.pk}-side1": "1172"},
        {},
    ):
        assert organiser_client.post(url("paper-result", evening, mine.pk), data).status_code == 400
    for player in ("many", "", "99999999999999999999", str(stranger.player_id + 10_000)):
        assert (
            organiser_client.post(url("check-in", evening), {"player": player}).status_code == 400
        )
    # A member of another club.
    foreign = Player.objects.create(club=Club.objects.create(name="Elders", slug="e"), name="Ed")
    assert (
        organiser_client.post(url("check-in", evening), {"player": foreign.pk}).status_code == 400
    )
    # Already checked in (a second phone at the door, a stale page).
    anna = Player.objects.get(club=club, name="Anna")
    assert organiser_client.post(url("check-in", evening), {"player": anna.pk}).status_code == 400
    assert (
        organiser_client.post(url("check-in-guest", evening), {"guest-name": ""}).status_code == 400
    )
    # Undo the check-in of someone drawn: refused, said by their row.
    drawn = evening.entrants.first()
    response = organiser_client.post(url("check-out", evening, drawn.pk))
    assert response.status_code == 400
    assert "already drawn" in page_text(response)
    assert _state(evening) == before
    assert organiser_client.get(url("evening", evening) + "?x=%00").status_code == 200


def test_pairs_evening_checks_pairs_in(club, organiser, organiser_client):
    evening = make_evening(club, organiser, entrants="pairs", pair_draw="lot")
    a, b, c, d = members(club, NAMES[:4])
    director = page(organiser_client, url("evening", evening))
    assert has_id(director, "pair-form") and not has_id(director, "guest-form")
    response = organiser_client.post(
        url("check-in-pair", evening), {"pair-first": a.pk, "pair-second": b.pk}
    )
    assert response.status_code == 302
    assert evening.entrants.count() == 1
    response = organiser_client.post(
        url("check-in-pair", evening), {"pair-first": c.pk, "pair-second": c.pk}
    )
    assert response.status_code == 400
    response = organiser_client.post(url("check-in-pair", evening), {"pair-partnership": "x"})
    assert response.status_code == 400
    # A player already in a checked-in pair.
    response = organiser_client.post(
        url("check-in-pair", evening), {"pair-first": a.pk, "pair-second": c.pk}
    )
    assert response.status_code == 400
    assert evening.entrants.count() == 1
    refused(
        Client().post(url("check-in-pair", evening), {"pair-first": c.pk, "pair-second": d.pk}),
        login=True,
    )
    services.evening_check_in_pair(competition=evening, first=c, second=d)
    services.evening_draw_round(competition=evening, seed=1)
    tables = page(organiser_client, url("evening", evening)).by_id("tables").text
    assert " against " in tables


# -- bounded ---------------------------------------------------------------------------------


def _played_evening(club, organiser, n: int, name: str) -> Competition:
    evening = make_evening(club, organiser, name=name)
    checked_in(evening, [f"{name} {i}" for i in range(n)])
    services.evening_draw_round(competition=evening, seed=1)
    for fixture in Fixture.objects.filter(competition=evening):
        services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    services.evening_draw_round(competition=evening, seed=2)
    return evening


def test_the_page_reads_in_the_same_queries_whatever_the_field(club, organiser, organiser_client):
    small = _played_evening(club, organiser, 8, "Small")
    big = _played_evening(club, organiser, 24, "Big")
    counts = [query_count(organiser_client, url("evening", e)) for e in (small, big)]
    assert counts[0] == counts[1], counts
    assert counts[0] <= 20, counts
    readers = [query_count(Client(), url("evening", e)) for e in (small, big)]
    assert readers[0] == readers[1], readers


def test_an_earlier_round_with_a_table_still_playing_stays_open_with_its_link(
    evening, organiser_client
):
    checked_in(evening, NAMES[:8])
    services.evening_draw_round(competition=evening, seed=1)
    first, second = Fixture.objects.filter(competition=evening).order_by("id")
    services.evening_paper_result(fixture=first, scores=(1500, 1172))
    services.evening_draw_round(competition=evening, seed=2)
    director = page(organiser_client, url("evening", evening))
    earlier = director.by_id("earlier-rounds")
    assert "open" in earlier.attrs
    links = [a for a in director.by_id("round-1").iter("a") if a.has_class("entry-url")]
    assert len(links) == 1  # the table without its result; the finished one needs none
    assert has_id(director.by_id("round-1"), f"table-{second.pk}")
    services.evening_paper_result(fixture=second, scores=(1500, 1172))
    director = page(organiser_client, url("evening", evening))
    assert "open" not in director.by_id("earlier-rounds").attrs


def test_a_table_playing_on_its_phone_takes_a_paper_result_only_when_taken_over(
    evening, organiser, organiser_client
):
    checked_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    fixture = Fixture.objects.get(competition=evening)
    side = FixtureSide.objects.filter(fixture=fixture, side=0).order_by("id").first()
    game = tournaments_services.token_start_game(side=side)
    add(game, organiser, makers=0, card_points=(100, 62))
    director = page(organiser_client, url("evening", evening))
    table = director.by_id(f"table-{fixture.pk}")
    # The only form is the takeover's (test_evening_takeover.py), asking for the tick.
    assert "Playing" in table.text and "Replace the 1 deal entered on the phone" in table.text
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk),
        {f"table-{fixture.pk}-side0": "1500", f"table-{fixture.pk}-side1": "1172"},
    )
    assert response.status_code == 400
    said = parse(response.content).by_id(f"table-{fixture.pk}-error").text
    assert "This table is entering its deals on a phone" in said
    fixture.refresh_from_db()
    assert fixture.typed_scores is None


def test_the_director_has_the_room_the_edit_link_and_the_reneges_there(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser, renege_penalty=100)
    checked_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    director = page(organiser_client, url("evening", evening))
    assert has_id(director, "room") and has_id(director, "penalty-form")
    assert director.by_id("edit-evening").attrs["href"] == url("edit", evening)
    reader = page(Client(), url("evening", evening))
    assert not has_id(reader, "room") and not has_id(reader, "penalty-form")


# -- the door closes; guests (trial 28, finding 4) ------------------------------------------------


def test_once_every_round_is_drawn_the_check_in_forms_go_and_posts_are_refused(
    club, evening, organiser_client
):
    checked_in(evening, NAMES[:8])
    jan = members(club, ["Jan"])[0]
    for number in (1, 2):
        services.evening_draw_round(competition=evening, seed=number)
    open_door = page(organiser_client, url("evening", evening))
    assert has_id(open_door, "guest-form") and has_id(open_door, "members-to-check-in")
    assert not has_id(open_door, "check-in-closed")
    services.evening_draw_round(competition=evening, seed=3)
    director = page(organiser_client, url("evening", evening))
    closed = "All 3 rounds are drawn: nobody can join now."
    assert director.by_id("check-in-closed").text == closed
    for gone in ("guest-form", "members-to-check-in", "check-in-filter-box", "pair-form"):
        assert not has_id(director, gone), gone
    before = _state(evening)
    for address, data in (
        (url("check-in", evening), {"player": jan.pk}),
        (url("check-in-guest", evening), {"guest-name": "Visitor"}),
    ):
        response = organiser_client.post(address, data)  # a page from before the last draw
        assert response.status_code == 400
        assert parse(response.content).by_id("check-in-error").text == closed
        assert page_text(response).count(closed) == 2  # at the top and in the check-in
    assert _state(evening) == before


def test_a_pairs_evening_closes_its_door_to_pairs_and_guest_pairs(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser, entrants="pairs", pair_draw="lot", rounds=1)
    a, b, c, d, e, f = members(club, NAMES[:6])
    services.evening_check_in_pair(competition=evening, first=a, second=b)
    services.evening_check_in_pair(competition=evening, first=c, second=d)
    services.evening_draw_round(competition=evening, seed=1)
    director = page(organiser_client, url("evening", evening))
    assert not has_id(director, "pair-form") and not has_id(director, "guest-pair-form")
    before = _state(evening)
    for address, data in (
        (url("check-in-pair", evening), {"pair-first": e.pk, "pair-second": f.pk}),
        (
            url("check-in-guest-pair", evening),
            {"guest-pair-first": "Pierre", "guest-pair-second": "Marie"},
        ),
    ):
        response = organiser_client.post(address, data)
        assert response.status_code == 400
        assert "The only round is drawn" in parse(response.content).by_id("check-in-error").text
    assert _state(evening) == before


def test_a_guest_is_kept_off_the_member_lists_and_brought_into_the_club_in_one_tap(
    club, evening, organiser_client
):
    director = page(organiser_client, url("evening", evening))
    assert (
        "A guest is kept off the member list; bring them into the club from the members page."
        in director.by_id("guest-form").text
    )
    response = organiser_client.post(url("check-in-guest", evening), {"guest-name": "Visitor"})
    assert response.status_code == 302
    guest = Player.objects.get(club=club, name="Visitor")
    assert guest.retired_at is not None
    assert evening.entrants.filter(player=guest).exists()
    club_page = page(organiser_client, reverse("competitions:club-detail", args=[club.slug]))
    assert "Visitor" not in club_page.by_id("members").text
    # Listed as a guest, apart from the members who left (a guest never was one).
    assert not any(e.attrs.get("id") == "retired" for e in club_page.iter())
    guests = club_page.by_id("guests")
    assert "Guests of the club's evenings (1)" in guests.text and "Visitor" in guests.text
    assert "Make a member of the club" in guests.text
    left = Player.objects.create(club=club, name="Left the club")
    organiser_client.post(reverse("competitions:player-retire", args=[left.pk]))
    club_page = page(organiser_client, reverse("competitions:club-detail", args=[club.slug]))
    assert "Left the club" in club_page.by_id("retired").text
    assert "Visitor" not in club_page.by_id("retired").text
    assert "Left the club" not in club_page.by_id("guests").text
    back = organiser_client.post(reverse("competitions:player-return", args=[guest.pk]))
    assert back.status_code == 302
    guest.refresh_from_db()
    assert guest.retired_at is None
    assert "Visitor" in page(organiser_client, f"/clubs/{club.slug}/").by_id("members").text


def test_a_pair_of_guests_checks_in_and_stays_off_the_pair_lists(club, organiser, organiser_client):
    evening = make_evening(club, organiser, entrants="pairs", pair_draw="lot")
    a, b = members(club, NAMES[:2])
    director = page(organiser_client, url("evening", evening))
    assert has_id(director, "pair-form") and has_id(director, "guest-pair-form")
    data = {
        "guest-pair-first": "Pierre",
        "guest-pair-second": "Marie",
        "guest-pair-name": "Les Amis",
    }
    response = organiser_client.post(url("check-in-guest-pair", evening), data)
    assert response.status_code == 302 and response["Location"].endswith("#check-in")
    entrant = evening.entrants.get()
    assert entrant.name == "Les Amis" and entrant.partnership.retired_at is not None
    # The pair check-in's selects and the club's pages leave the guests out.
    second = make_evening(club, organiser, name="Next concours", entrants="pairs", pair_draw="lot")
    form = page(organiser_client, url("evening", second)).by_id("pair-form")
    options = " ".join(o.text for o in form.iter("option"))
    assert "Anna" in options and not any(n in options for n in ("Pierre", "Marie", "Amis"))
    club_page = page(organiser_client, reverse("competitions:club-detail", args=[club.slug]))
    for section in ("members", "partnerships"):
        assert not any(n in club_page.by_id(section).text for n in ("Pierre", "Marie", "Amis"))
    # A refusal is said by its field, nothing saved.
    before = _state(evening)
    response = organiser_client.post(
        url("check-in-guest-pair", evening),
        {"guest-pair-first": "Luc", "guest-pair-second": "luc"},
    )
    assert response.status_code == 400
    assert "two different names" in parse(response.content).by_id("guest-pair-second-error").text
    # The same pair again: said next to the names that tell who, not only in the summary.
    response = organiser_client.post(url("check-in-guest-pair", evening), data)
    assert response.status_code == 400
    said = parse(response.content).by_id("guest-pair-first-error").text
    assert "Les Amis is already checked in." in said
    response = organiser_client.post(url("check-in-guest-pair", evening), {})
    assert response.status_code == 400
    # A lone guest from a stale page: said above the pair forms.
    response = organiser_client.post(url("check-in-guest", evening), {"guest-name": "Ed"})
    assert response.status_code == 400
    assert "check a pair in" in parse(response.content).by_id("check-in-error").text
    assert _state(evening) == before
    assert Partnership.objects.filter(club=club).count() == 1


def test_only_an_organiser_checks_a_pair_of_guests_in(club, organiser, scorer_client):
    evening = make_evening(club, organiser, entrants="pairs", pair_draw="lot")
    data = {"guest-pair-first": "Pierre", "guest-pair-second": "Marie"}
    before = _state(evening)
    refused(scorer_client.post(url("check-in-guest-pair", evening), data), login=False)
    refused(Client().post(url("check-in-guest-pair", evening), data), login=True)
    assert _state(evening) == before
    assert not Partnership.objects.filter(club=club).exists()
