"""A club's seasons of evenings: set up and changed by the organiser only, the standings page
(the ranked, then below the line who needs more evenings; the points champion; an average
with one decimal) read in the same queries for one evening or eight, and a member's evenings
on their page."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from league.evenings import services
from league.models import Club, Competition, Fixture, Player, Season
from scoring.evenings import EveningRules, SeasonRules
from scoring.rules import PRESETS
from tests.builders import page, query_count, refused
from tests.league.html import parse

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cor", "Dirk"]


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="SV Bedum", slug="bedum")


def played_evening(club, by, season, night: int, names=NAMES, scores=((1500, 1172),)):
    """An evening of the season, every round drawn and typed from paper."""
    competition = services.evening_create(
        club=club,
        name=f"Evening {night}",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=2),
        by=by,
        held_on=datetime.date(2026, 9, 1) + datetime.timedelta(days=7 * night),
        season=season,
        prize_words=["Meat parcel", "Wine"],
        booby_words="A cabbage",
    )
    for name in names:
        player = Player.objects.get_or_create(club=club, name=name)[0]
        services.evening_check_in(competition=competition, player=player)
    for number in (1, 2):
        services.evening_draw_round(competition=competition, seed=night * 10 + number)
        for i, fixture in enumerate(
            Fixture.objects.filter(competition=competition, round__number=number).order_by("id")
        ):
            services.evening_paper_result(fixture=fixture, scores=scores[i % len(scores)])
    return competition


def season_post(**changes) -> dict[str, str]:
    data = {
        "name": "2026-2027",
        "aggregate": "sum",
        "best": "5",
        "minimum": "2",
        "absent": "none",
        "absent_points": "",
    }
    data.update(changes)
    return data


def error_of(response, field: str) -> str:
    assert response.status_code == 400, response.status_code
    return parse(response.content).by_id(f"{field}-error").text


# -- set up and changed -----------------------------------------------------------------------


def test_the_organiser_sets_a_season_up_as_sv_bedum_counts_it(club, organiser_client):
    response = organiser_client.post(f"/clubs/{club.slug}/seasons/new/", season_post())
    season = Season.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{club.slug}/seasons/{season.pk}/"
    assert season.club == club and season.name == "2026-2027"
    assert season.rules == {
        "aggregate": "sum",
        "best": 5,
        "minimum": 2,
        "absent": "none",
        "absent_points": 0,
        "excused": "absent",
        "excused_points": 0,
        "period_evenings": None,
        "period_best": None,
        "best_periods": None,
    }


def test_the_organiser_changes_a_season(club, organiser_client, organiser):
    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    root = page(organiser_client, f"/clubs/{club.slug}/seasons/{season.pk}/edit/")
    assert (
        next(i for i in root.iter("input") if i.attrs.get("name") == "name").attrs["value"]
        == "2026"
    )
    response = organiser_client.post(
        f"/clubs/{club.slug}/seasons/{season.pk}/edit/",
        season_post(name="Café de Lijst 2026", aggregate="average", best="6", minimum="6"),
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.name == "Café de Lijst 2026"
    assert (season.rules["aggregate"], season.rules["best"], season.rules["minimum"]) == (
        "average",
        6,
        6,
    )


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"name": ""}, "name", "required"),
        ({"best": "0"}, "best", "1"),
        ({"minimum": "-1"}, "minimum", "0"),
        ({"aggregate": "median"}, "aggregate", "Choose one"),
        ({"absent": "fixed", "absent_points": ""}, "absent_points", "how many points"),
        ({"absent_points": "99999999999"}, "absent_points", "100000"),
        ({"name": "\ufdfa" * 10}, "name", "120"),
    ],
)
def test_a_bad_season_is_told_beside_its_field_and_nothing_is_saved(
    club, organiser_client, changes, field, words
):
    response = organiser_client.post(f"/clubs/{club.slug}/seasons/new/", season_post(**changes))
    assert words in error_of(response, field)
    assert not Season.objects.exists()


def test_a_season_name_the_club_has_is_refused_beside_the_name(club, organiser_client, organiser):
    services.season_create(club=club, name="2026-2027", rules=SeasonRules(), by=organiser)
    response = organiser_client.post(f"/clubs/{club.slug}/seasons/new/", season_post())
    assert "already has a season" in error_of(response, "name")
    assert Season.objects.count() == 1


@pytest.mark.parametrize("who", ["anonymous", "scorer", "outsider"])
def test_only_an_organiser_sets_up_or_changes_a_season(
    club, organiser, who, scorer_client, outsider_client
):
    client = {"anonymous": Client(), "scorer": scorer_client, "outsider": outsider_client}[who]
    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    login = who == "anonymous"
    refused(client.get(f"/clubs/{club.slug}/seasons/new/"), login=login)
    refused(client.post(f"/clubs/{club.slug}/seasons/new/", season_post()), login=login)
    edit = f"/clubs/{club.slug}/seasons/{season.pk}/edit/"
    refused(client.get(edit), login=login)
    refused(client.post(edit, season_post(name="Stolen")), login=login)
    season.refresh_from_db()
    assert season.name == "2026" and Season.objects.count() == 1


def test_another_clubs_season_is_404(club, organiser_client, organiser):
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    theirs = services.season_create(club=other, name="2026", rules=SeasonRules(), by=organiser)
    assert Client().get(f"/clubs/{club.slug}/seasons/{theirs.pk}/").status_code == 404
    edit = f"/clubs/{club.slug}/seasons/{theirs.pk}/edit/"
    assert organiser_client.post(edit, season_post()).status_code == 404


# -- the standings ----------------------------------------------------------------------------


def test_the_standings_rank_those_with_enough_evenings_and_name_the_points_champion(
    club, organiser
):
    season = services.season_create(
        club=club, name="2026-2027", rules=SeasonRules(best=2, minimum=2), by=organiser
    )
    played_evening(club, organiser, season, 1)
    played_evening(club, organiser, season, 2)
    # Els came to one evening only: below the line, needing one more.
    played_evening(club, organiser, season, 3, names=["Anna", "Ben", "Cor", "Els"])
    root = page(Client(), f"/clubs/{club.slug}/seasons/{season.pk}/")
    rows = [
        [cell.text for cell in tr.iter() if cell.tag in ("td", "th")]
        for tr in root.by_id("season-table").iter("tr")
    ][1:]
    ranked = rows[: rows.index(["Not ranked yet"])]
    below = rows[rows.index(["Not ranked yet"]) + 1 :]
    assert sorted(r[1] for r in ranked) == ["Anna", "Ben", "Cor", "Dirk"]
    assert [r[0] for r in ranked][0] == "1"
    assert below[0][0] == "needs 1 evening" and below[0][1] == "Els"
    for _place, _name, score, _played, counted, _total in ranked:
        scores = [int(s) for s in counted.split(", ")]
        assert len(scores) == 2 and int(score) == sum(scores)
    assert "Points champion:" in root.by_id("points-champion").text
    assert "best 2 evenings" in root.by_id("season-rule").text
    links = {a.attrs.get("href") for a in root.by_id("season-evenings").iter("a")}
    assert len(links) == 3 and all(h.endswith("/evening/") for h in links)


def test_an_average_season_shows_one_decimal(club, organiser):
    season = services.season_create(
        club=club, name="Lijst", rules=SeasonRules(aggregate="average"), by=organiser
    )
    played_evening(club, organiser, season, 1, scores=((1501, 1171),))
    played_evening(club, organiser, season, 2, scores=((1500, 1172),))
    root = page(Client(), f"/clubs/{club.slug}/seasons/{season.pk}/")
    scores = [tr.iter("td") for tr in root.by_id("season-table").iter("tr")][1:]
    shown = [list(cells)[1].text for cells in scores]
    assert all("." in s and len(s.split(".")[1]) == 1 for s in shown), shown


def test_the_season_page_takes_the_same_queries_for_one_evening_or_five(
    club, organiser, django_assert_max_num_queries
):
    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    played_evening(club, organiser, season, 1)
    client = Client()
    one = query_count(client, f"/clubs/{club.slug}/seasons/{season.pk}/")
    for night in range(2, 6):
        played_evening(club, organiser, season, night)
    with django_assert_max_num_queries(one):
        assert client.get(f"/clubs/{club.slug}/seasons/{season.pk}/").status_code == 200
    assert one <= 10


def test_an_empty_season_reads_without_standings(club, organiser):
    season = services.season_create(club=club, name="2027", rules=SeasonRules(), by=organiser)
    root = page(Client(), f"/clubs/{club.slug}/seasons/{season.pk}/")
    assert "Nobody has played" in root.by_id("standings").text


# -- a member's evenings ----------------------------------------------------------------------


def test_a_members_page_shows_their_evenings_place_points_and_prize(club, organiser):
    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    first = played_evening(club, organiser, season, 1)
    played_evening(club, organiser, season, 2)
    anna = Player.objects.get(club=club, name="Anna")
    root = page(Client(), f"/players/{anna.pk}/")
    section = root.by_id("member-evenings")
    rows = [tr for tr in section.iter("tr")][1:]
    assert len(rows) == 2
    assert rows[1].text.count("Evening 1") == 1 and " of 4" in rows[1].text
    links = {a.attrs["href"] for a in section.iter("a")}
    assert f"/c/{first.slug}/evening/" in links
    prizes = " ".join(tr.text for tr in rows)
    assert any(w in prizes for w in ("Meat parcel", "Wine", "Booby prize: A cabbage"))


def test_a_members_page_takes_the_same_queries_for_one_evening_or_four(
    club, organiser, django_assert_max_num_queries
):
    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    played_evening(club, organiser, season, 1)
    anna = Player.objects.get(club=club, name="Anna")
    client = Client()
    one = query_count(client, f"/players/{anna.pk}/")
    for night in range(2, 5):
        played_evening(club, organiser, season, night)
    with django_assert_max_num_queries(one):
        assert client.get(f"/players/{anna.pk}/").status_code == 200


def test_a_member_of_no_evening_has_no_evenings_section(club):
    player = Player.objects.create(club=club, name="Nobody")
    root = page(Client(), f"/players/{player.pk}/")
    with pytest.raises(AssertionError):
        root.by_id("member-evenings")


def test_the_member_evenings_read_is_seven_queries_whatever_the_evenings(
    club, organiser, django_assert_num_queries
):
    from league.evenings import selectors

    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    for night in range(1, 4):
        played_evening(club, organiser, season, night)
    anna = Player.objects.get(club=club, name="Anna")
    with django_assert_num_queries(7):
        lines = selectors.member_evenings(anna)
    assert len(lines) == 3 and all(line.of == 4 for line in lines)
    assert Competition.objects.filter(season=season).count() == 3


def test_evenings_read_together_read_as_each_alone(club, organiser):
    from league.evenings import selectors

    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    evenings = [
        played_evening(club, organiser, season, 1),
        played_evening(club, organiser, season, 2, names=[*NAMES, "Els", "Fien", "Gerrit"]),
    ]
    together = selectors.evenings_read(evenings)
    for competition in evenings:
        alone = selectors.evening(competition)
        assert together[competition.pk].ranking == alone.ranking
        assert together[competition.pk].rounds == alone.rounds
        assert together[competition.pk].entrants == alone.entrants
    assert selectors.evenings_read([]) == {}


# -- an evening in play (trial 28, finding 3) ---------------------------------------------------

EIGHT = [*NAMES, "Els", "Fien", "Gerrit", "Hanna"]


def running_evening(club, by, season, night: int):
    """An evening of the season one round in: of its two tables one is typed, one plays."""
    competition = services.evening_create(
        club=club,
        name=f"Evening {night}",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=2),
        by=by,
        held_on=datetime.date(2026, 9, 1) + datetime.timedelta(days=7 * night),
        season=season,
        prize_words=["Meat parcel", "Wine"],
        booby_words="A cabbage",
    )
    for name in EIGHT:
        player = Player.objects.get_or_create(club=club, name=name)[0]
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, seed=night)
    fixture = Fixture.objects.filter(competition=competition).order_by("id").first()
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    return competition


def test_an_evening_in_play_is_not_counted_in_the_season_and_listed_as_in_play(club, organiser):
    from league.evenings import selectors
    from league.printing.evening_paper import season_sheet

    season = services.season_create(
        club=club, name="2026", rules=SeasonRules(absent="zero"), by=organiser
    )
    done = played_evening(club, organiser, season, 1)
    running = running_evening(club, organiser, season, 2)
    view = selectors.season_view(season)
    assert view.counted_evenings == (done,) and view.in_play == (running,)
    assert view.evenings == (done, running)
    by_name = {line.name: line.row for line in view.lines}
    # Only the finished evening counts: nobody has two evenings, nobody a 0 from a table
    # still playing, and Els (only at the running evening) is not in the standings yet.
    assert sorted(by_name) == sorted(NAMES)
    assert all(row.played == 1 and 0 not in row.counted for row in by_name.values())
    root = page(Client(), f"/clubs/{club.slug}/seasons/{season.pk}/")
    assert "Els" not in root.by_id("season-table").text
    assert root.by_id(f"in-play-{running.pk}").text == "In play, not counted yet"
    with pytest.raises(AssertionError):
        root.by_id(f"in-play-{done.pk}")
    sheet = season_sheet(view, date="today")
    assert sheet.evenings == ("1 evening counted so far; in play, not counted yet: Evening 2")
    assert sorted(r.name for r in sheet.rows) == sorted(NAMES)


def test_a_members_page_marks_an_evening_in_play_with_its_running_place_and_no_prize(
    club, organiser
):
    from league.evenings import selectors

    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    played_evening(club, organiser, season, 1)
    running_evening(club, organiser, season, 2)
    anna = Player.objects.get(club=club, name="Anna")
    lines = selectors.member_evenings(anna)
    assert [line.finished for line in lines] == [False, True]
    assert lines[0].of == 8 and lines[0].prize is None and not lines[0].booby
    assert lines[0].prize_words == ""
    root = page(Client(), f"/players/{anna.pk}/")
    rows = [tr for tr in root.by_id("member-evenings").iter("tr")][1:]
    assert "Evening 2" in rows[0].text and "In play" in rows[0].text
    # No place while it is played (trial 30: "17 of 17 so far" read as last place).
    assert " of 8" not in rows[0].text
    assert not any(w in rows[0].text for w in ("Prize", "Meat parcel", "Wine", "cabbage"))
    assert "In play" not in rows[1].text


def test_the_seasons_names_lead_to_the_members_pages(client, organiser):
    # Trial 29: the season's names were plain text; a member's page is one tap away.
    from league.evenings import services as evening_services
    from league.models import Club, Player
    from scoring.evenings import EveningRules, SeasonRules
    from scoring.rules import PRESETS

    club = Club.objects.create(name="KC Links", slug="links")
    season = evening_services.season_create(
        club=club, name="2026", rules=SeasonRules(), by=organiser
    )
    evening = evening_services.evening_create(
        club=club,
        name="Drive",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(rounds=1),
        by=organiser,
        season=season,
    )
    players = [Player.objects.create(club=club, name=n) for n in ("Anna", "Ben", "Cor", "Dirk")]
    for p in players:
        evening_services.evening_check_in(competition=evening, player=p)
    evening_services.evening_draw_round(competition=evening, number=1, seed=1)
    fixture = evening.fixtures.get()
    evening_services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    page = client.get(f"/clubs/{club.slug}/seasons/{season.pk}/").content.decode()
    for p in players:
        assert f'href="/players/{p.pk}/">{p.name}</a>' in page
