"""A club evening on the room's screen (issue 24): "where do I sit" for the round being played
(every name in alphabetical order, with table and seat, the sit-out said as such), the running
ranking, the prize list at the end with the booby prize last; which round, the tables still
playing, the round clock; live as every screen is; on the club's screen while it is on; the
same queries for 24 players as for 60, and no name cut however long."""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.evenings import selectors as evening_selectors
from league.evenings import services
from league.models import Club, Fixture, LiveEvent, Player
from league.names import name_sort_key
from league.screen import evening as evening_screen
from league.screen import fit
from league.screen import services as screen_services
from scoring.evenings import EveningRules
from scoring.rules import PRESETS
from tests.builders import page, query_count
from tests.league.html import Element

pytestmark = pytest.mark.django_db

#: Nine players: two tables of four, one sits out each round. Checked in out of order.
NAMES = ["Ids", "Anna", "Gerrit", "Ben", "Els", "Cor", "Hanna", "Dirk", "Fien"]


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="KC De Pitslag", slug="pitslag")


def make_evening(club, by, names=NAMES, held_on=datetime.date(2026, 11, 27), **rules):
    evening = services.evening_create(
        club=club,
        name="Friday drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(**{"rounds": 3, **rules}),
        by=by,
        held_on=held_on,
        prize_words=["Meat parcel", "Wine", "Cheese", "Eggs"],
        booby_words="A pack of cards",
    )
    for name in names:
        player = Player.objects.get_or_create(club=club, name=name)[0]
        services.evening_check_in(competition=evening, player=player)
    return evening


def type_round(evening, number, count=None):
    fixtures = Fixture.objects.filter(competition=evening, round__number=number).order_by("id")
    for i, fixture in enumerate(fixtures[:count] if count is not None else fixtures):
        scores = [(1500, 1172), (1300, 1352), (1410, 1262)][i % 3]
        services.evening_paper_result(fixture=fixture, scores=scores)


def screen_url(evening, **query) -> str:
    address = reverse("screen:competition", args=[evening.slug])
    if query:
        address += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return address


def pages_of(html: Element) -> list[Element]:
    return [e for e in html.iter("section") if e.has_class("screen-page")]


def title(section: Element) -> str:
    return next(section.iter("h1")).text


def body_rows(section: Element) -> list[Element]:
    return [r for tbody in section.iter("tbody") for r in tbody.iter("tr")]


def cells(row: Element, name: str) -> list[str]:
    return [td.text for td in row.iter("td") if td.has_class(name)]


def seat_sections(html: Element) -> list[Element]:
    return [p for p in pages_of(html) if p.has_class("kind-evening-seats")]


# -- before the draw, and where to sit --------------------------------------------------------
def test_before_the_first_draw_the_screen_lists_who_is_checked_in(club, organiser):
    evening = make_evening(club, organiser, names=[])
    (only,) = pages_of(page(Client(), screen_url(evening)))
    assert title(only) == "Checking in" and "Nobody is checked in yet." in only.text
    evening = make_evening(club, organiser)
    (only,) = pages_of(page(Client(), screen_url(evening)))
    assert title(only) == "9 players checked in"
    assert [cells(r, "c-name")[0] for r in body_rows(only)] == sorted(NAMES)
    # No table or seat yet.
    assert [th.text for th in only.iter("th")] == ["Name"]


def test_where_to_sit_lists_every_name_in_alphabetical_order_with_table_seat_and_sit_out(
    club, organiser
):
    evening = make_evening(club, organiser)
    services.evening_draw_round(competition=evening, seed=1)
    html = page(Client(), screen_url(evening))
    (seats,) = seat_sections(html)
    assert title(seats) == "Round 1 of 3: where to sit"
    rows = body_rows(seats)
    shown = [cells(r, "c-name")[0] for r in rows]
    assert shown == sorted(NAMES)  # top to bottom, then the second list
    # Each name's table and seat as drawn; the one sitting out says so.
    view = evening_selectors.evening(evening, with_ranking=False).current
    drawn = {
        seat.entrant.name: (table.number, str(seat.number))
        for table in view.tables
        for seat in table.seats
    }
    (out,) = view.sitting_out
    for row in rows:
        name = cells(row, "c-name")[0]
        if name == out.name:
            assert row.has_class("sits-out") and cells(row, "c-words") == ["sits out"]
        else:
            assert (cells(row, "c-table")[0], cells(row, "c-seat")[0]) == drawn[name]
    # Which round, and which tables are still playing; no ranking before a result is in.
    assert "Tables 1 and 2 still playing" in seats.text
    assert not [p for p in pages_of(html) if p.has_class("kind-evening-ranking")]


#: Three pairs as a concours has them: (first, second, the pair's name); one table, one sits out.
PAIRS = [
    ("Carl Visser", "Dora Smit", "Carl & Dora"),
    ("Anna Bakker", "Ben Mulder", "Anna & Ben"),
    ("Els de Wit", "Fien Bos", "Els & Fien"),
]


def make_pairs_evening(club, by, pairs=PAIRS):
    evening = services.evening_create(
        club=club,
        name="Concours",
        rules=dataclasses.replace(PRESETS["belote"], deals=12, target=None),
        evening=EveningRules(entrants="pairs", rounds=4, pair_draw="lot"),
        by=by,
    )
    for first, second, name in pairs:
        services.evening_check_in_pair(
            competition=evening,
            first=Player.objects.create(club=club, name=first),
            second=Player.objects.create(club=club, name=second),
            name=name,
        )
    return evening


def test_at_a_pairs_evening_each_player_finds_themselves_under_their_own_name(club, organiser):
    """Trial 28, finding 12: Dora looks under D, not under the pair's "Carl & Dora"."""
    evening = make_pairs_evening(club, organiser)
    assert title(seat_sections(page(Client(), screen_url(evening)))[0]) == "3 pairs checked in"
    services.evening_draw_round(competition=evening, seed=1)
    view = evening_selectors.evening(evening, with_ranking=False).current
    # The selector: a line a player, the pair's name with it, a table and no seat of their own.
    lines = evening_selectors.where_to_sit(view)
    assert [line.name for line in lines] == sorted(p for pair in PAIRS for p in pair[:2])
    dora = next(line for line in lines if line.name == "Dora Smit")
    assert dora.pair == "Carl & Dora" and dora.label == "Dora Smit (Carl & Dora)"
    assert all(line.seat is None for line in lines)
    (out,) = view.sitting_out
    tables = {e.entrant.name: t.number for t in view.tables for e in t.seats if e.entrant}
    # The screen: "Dora Smit (Carl & Dora)" in the order of the players' own names.
    (seats,) = seat_sections(page(Client(), screen_url(evening)))
    rows = body_rows(seats)
    expected = sorted((p, name) for first, second, name in PAIRS for p in (first, second))
    assert [cells(r, "c-name")[0] for r in rows] == [f"{p} ({name})" for p, name in expected]
    for row, (_player, pair) in zip(rows, expected, strict=True):
        if pair == out.name:
            assert row.has_class("sits-out") and cells(row, "c-words") == ["sits out"]
        else:
            assert cells(row, "c-table") == [tables[pair]]
    assert len([r for r in rows if r.has_class("sits-out")]) == 2  # both of the pair
    # A pair has a table, no seat of its own.
    assert not [td for td in seats.iter("td") if td.has_class("c-seat")]


@pytest.mark.parametrize("seats", [True, False])
def test_a_sit_out_s_words_take_one_line_in_the_narrow_column(seats):
    """Trial 28, finding 12: "sit out this round" took 3 lines in a pairs list's table column
    at 1280 x 720; the words are short now (the page's title names the round)."""
    words = evening_screen.sits_out_words()
    assert words == "sits out"
    assert fit.seat_row_height("Dora Smit (Carl & Dora)", words, seats) == fit.SEAT_ROW


def test_while_the_evening_is_played_the_screen_s_ranking_shows_no_prize(
    club, organiser, monkeypatch
):
    """Prizes are given when the evening is finished (a ranking row's prize None and no booby
    while it runs): the running ranking has no prize column, no prize words, no prize page."""
    evening = make_evening(club, organiser)
    services.evening_draw_round(competition=evening, seed=1)
    type_round(evening, 1, count=1)
    read = evening_selectors.evening

    def without_prizes(competition, **kwargs):
        got = read(competition, **kwargs)
        ranking = tuple(
            dataclasses.replace(r, prize=None, prize_words="", booby=False) for r in got.ranking
        )
        return dataclasses.replace(got, ranking=ranking)

    monkeypatch.setattr(evening_screen.evening_selectors, "evening", without_prizes)
    html = page(Client(), screen_url(evening))
    kinds = [p.attrs["class"] for p in pages_of(html)]
    assert not [k for k in kinds if "evening-prizes" in k]
    (ranking,) = [p for p in pages_of(html) if p.has_class("kind-evening-ranking")]
    assert [th.text for th in ranking.iter("th")][-1] == "Total"
    assert len(body_rows(ranking)) == 9
    for word in ("Prize", "Booby", "Meat parcel", "A pack of cards"):
        assert word not in html.text


# -- the running ranking, between rounds, the prize list --------------------------------------
def test_the_ranking_runs_with_the_results_and_the_round_says_which_tables_still_play(
    club, organiser
):
    evening = make_evening(club, organiser)
    services.evening_draw_round(competition=evening, seed=1)
    type_round(evening, 1, count=1)
    html = page(Client(), screen_url(evening))
    seats = seat_sections(html)[0]
    still = evening_selectors.evening(evening, with_ranking=False).current.still_playing
    assert f"Table {still[0].number} still playing" in seats.text
    (ranking,) = [p for p in pages_of(html) if p.has_class("kind-evening-ranking")]
    assert title(ranking) == "Ranking, round 1 of 3"
    rows = body_rows(ranking)
    assert len(rows) == 9
    assert cells(rows[0], "c-points") == ["1600"]  # the sit-out's fixed 1600 leads
    assert "–" in [cells(r, "c-round")[0] for r in rows]  # a table still playing

    type_round(evening, 1)
    html = page(Client(), screen_url(evening))
    assert [title(p) for p in pages_of(html)] == ["Round 1 of 3: finished", "Ranking, round 1 of 3"]
    assert "Round 2 is drawn next" in html.text
    expected = [str(row.points) for row in evening_selectors.evening(evening).ranking]
    ranking = pages_of(html)[1]
    assert [cells(r, "c-points")[0] for r in body_rows(ranking)] == expected


@pytest.mark.parametrize(
    ("rules", "columns"),
    [
        ({"rounds": 3}, ["c-round"]),
        ({"rounds": 8}, ["c-played"]),  # Cafe de Lijst's eight: the rounds played, counted
        ({"rounds": 4, "ranking": "wins_then_points"}, ["c-round", "c-wins"]),
    ],
)
def test_the_rankings_columns_follow_the_evenings_rules(club, organiser, rules, columns):
    evening = make_evening(club, organiser, **rules)
    services.evening_draw_round(competition=evening, seed=1)
    type_round(evening, 1)
    html = page(Client(), screen_url(evening))
    (ranking,) = [p for p in pages_of(html) if p.has_class("kind-evening-ranking")]
    heads = [th.attrs["class"] for th in ranking.iter("th")]
    assert heads == ["c-rank", "c-name", *columns, "c-points"]
    first = body_rows(ranking)[0]
    if "c-played" in columns:
        assert cells(first, "c-played") == ["0"]  # the sit-out leads: no round played
    if "c-wins" in columns:
        assert cells(first, "c-wins") == ["1"]  # wins rank first: a winner leads


def test_at_the_end_the_prize_list_with_the_booby_prize_last_then_the_final_ranking(
    club, organiser
):
    evening = make_evening(club, organiser)
    for number in (1, 2, 3):
        services.evening_draw_round(competition=evening, seed=number)
        type_round(evening, number)
    html = page(Client(), screen_url(evening))
    sections = pages_of(html)
    assert [title(p) for p in sections] == ["Prizes", "Final ranking"]
    ranking = evening_selectors.evening(evening).ranking
    prizes = body_rows(sections[0])
    winners = sorted((r for r in ranking if r.prize), key=lambda r: r.prize)
    assert [cells(r, "c-name")[0] for r in prizes[:-1]] == [r.entrant.name for r in winners]
    # The formula of four among nine: places 1-4 and 8; the club's words for the first four.
    assert [cells(r, "c-prize")[0] for r in prizes[:-1]] == [
        "Meat parcel",
        "Wine",
        "Cheese",
        "Eggs",
        "Prize 5",
    ]
    booby = prizes[-1]
    assert booby.has_class("booby")
    assert cells(booby, "c-prize") == ["Booby prize: A pack of cards"]
    assert cells(booby, "c-name") == [next(r.entrant.name for r in ranking if r.booby)]
    assert len(body_rows(sections[1])) == 9
    # The evening is over: no clock, no tables still playing.
    assert not [e for e in html.iter("p") if e.has_class("clock") or e.has_class("screen-still")]


def test_the_round_clock_the_director_set_shows_on_every_page_of_the_round(club, organiser):
    evening = make_evening(club, organiser)
    night = services.evening_draw_round(competition=evening, seed=1)
    type_round(evening, 1, count=1)
    screen_services.round_clock_set(night=night, minutes=40)
    screen_services.round_clock_start(night=night)
    sections = pages_of(page(Client(), screen_url(evening)))
    assert len(sections) == 2
    for section in sections:
        clock = next(e for e in section.iter("p") if e.has_class("clock"))
        assert clock.attrs["data-state"] == "running" and "Round 1" in clock.text


def test_the_clock_s_controls_go_back_from_an_evening_to_a_page_that_exists(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser)
    services.evening_draw_round(competition=evening, seed=1)
    address = reverse("screen:clock", args=[evening.slug, 1])
    response = organiser_client.post(address, {"action": "set", "minutes": "30"})
    assert response.status_code == 302
    assert organiser_client.get(response["Location"]).status_code == 200


# -- live, public, in the club's night --------------------------------------------------------
def test_the_screen_follows_the_topics_a_check_in_a_draw_and_a_result_announce(
    club, organiser, django_capture_on_commit_callbacks
):
    evening = make_evening(club, organiser, names=NAMES[:8])
    html = page(Client(), screen_url(evening))  # public: nobody signed in
    metas = {m.attrs.get("name"): m.attrs.get("content") for m in html.iter("meta")}
    followed = set(metas["live-topics"].split())
    late = Player.objects.create(club=club, name="Zoë")
    with django_capture_on_commit_callbacks(execute=True):
        services.evening_check_in(competition=evening, player=late)
    with django_capture_on_commit_callbacks(execute=True):
        services.evening_draw_round(competition=evening, seed=1)
    with django_capture_on_commit_callbacks(execute=True):
        type_round(evening, 1, count=1)
    events = [set(e.topics.split()) for e in LiveEvent.objects.order_by("pk")]
    assert len(events) >= 3 and all(topics & followed for topics in events)


def test_the_club_screen_shows_the_evening_while_it_is_on(club, organiser):
    address = reverse("screen:club", args=[club.slug])
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    evening = make_evening(club, organiser, held_on=yesterday)
    assert "Nothing is being played right now." in page(Client(), address).text
    services.evening_draw_round(competition=evening, seed=1)  # drawn, tables playing
    html = page(Client(), address)
    assert [title(p) for p in pages_of(html)][0] == "Round 1 of 3: where to sit"
    for number in (1, 2, 3):
        if number > 1:
            services.evening_draw_round(competition=evening, seed=number)
        type_round(evening, number)
    assert "Nothing is being played right now." in page(Client(), address).text
    # Tonight's evening is on the club's screen from the door to the prize list.
    tonight = make_evening(club, organiser, held_on=timezone.localdate())
    tonight.name = "Tonight's drive"
    tonight.save(update_fields=["name"])
    assert [title(p) for p in pages_of(page(Client(), address))] == ["9 players checked in"]


# -- 60 names, long names, and the queries ----------------------------------------------------
def many(n: int) -> list[str]:
    return [f"Player {k:02}" for k in range(n, 0, -1)]


def test_sixty_players_in_pages_of_two_lists_every_name_once_in_order(club, organiser):
    evening = make_evening(club, organiser, names=many(62))  # 15 tables, 2 sit out
    services.evening_draw_round(competition=evening, seed=1)
    html = page(Client(), screen_url(evening))
    sections = seat_sections(html)
    assert len(sections) == 4 and title(sections[0]) == "Round 1 of 3: where to sit 1 of 4"
    shown = [cells(r, "c-name")[0] for s in sections for r in body_rows(s)]
    assert shown == sorted(many(62), key=name_sort_key)
    for section in sections:
        lists = [t for t in section.iter("table")]
        assert len(lists) <= fit.SEAT_LISTS
        assert all(len(body_rows(t)) <= evening_screen.SEAT_ROWS for t in lists)
    assert len([r for s in sections for r in body_rows(s) if r.has_class("sits-out")]) == 2
    assert "15 tables still playing" in sections[0].text


LONG = "Wilhelmina Montgomery-Wolfe van Oberwachtmeister-Featherstonehaugh"


def test_long_names_wrap_and_their_lists_hold_fewer_rows_never_a_name_cut():
    short = [evening_screen.SeatRow(f"Anna {k}", "1", "1") for k in range(20)]
    pages = evening_screen.seat_pages("Drive", "Where", short, seats=True)
    assert [len(lst) for p in pages for lst in p.rows] == [10, 10]
    long = [evening_screen.SeatRow(f"{LONG} {k}", "1", "1") for k in range(20)]
    pages = evening_screen.seat_pages("Drive", "Where", long, seats=True)
    lists = [lst for p in pages for lst in p.rows]
    assert sum(len(lst) for lst in lists) == 20 and len(lists) > 2
    for lst in lists:
        assert sum(fit.seat_row_height(r.name, r.words) for r in lst) <= fit.TABLE_ROOM
    assert fit.seat_row_height(LONG, "") > fit.SEAT_ROW  # it wraps, and its row grows
    share = fit.ranking_name_share(4, True, False)
    assert fit.ranking_row_height(LONG, share) > fit.STANDING_ROW
    assert fit.prize_row_height("Anna", "A meat parcel from butcher Jansen on the Dorpsstraat") > (
        fit.STANDING_ROW
    )


def test_the_screen_reads_in_the_same_queries_for_24_or_60_players(club, organiser):
    counts = []
    for n in (24, 60):
        evening = make_evening(club, organiser, names=[f"{n} {name}" for name in many(n)])
        services.evening_draw_round(competition=evening, seed=1)
        type_round(evening, 1)
        services.evening_draw_round(competition=evening, seed=2)
        type_round(evening, 2, count=2)
        counts.append(query_count(Client(), screen_url(evening)))
    # The event, the evening's read (entrants, rounds and sit-outs, tables, games in play).
    assert counts[0] == counts[1] <= 7, counts


@pytest.mark.parametrize("query", ["panel=99", "panel=-1", "seconds=x", "lang=xx", "lang=nl"])
def test_odd_addresses_of_an_evenings_screen_still_show_a_page(club, organiser, query):
    evening = make_evening(club, organiser)
    services.evening_draw_round(competition=evening, seed=1)
    response = Client().get(screen_url(evening) + "?" + query)
    assert response.status_code == 200
    assert b"kind-evening-seats" in response.content
