"""Excused absences and periods of a season: the director marks members excused for an
evening (the Laarderwegkwartier scores an excused absentee the evening's lowest, an unexcused
one 0; KJV De Daele a timely excused absence 5000), and a season adds up by periods ('t Harde:
periods of six weeks, the best 4 weeks of a period count, the season is the best 5 periods),
on the season's form, page and paper."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.errors import Refused
from league.evenings import selectors, services
from league.models import Club, Competition, Fixture, Player, Role, Season
from league.printing.evening_paper import season_sheet
from league.printing.pdf.evening import render_season
from scoring.evenings import EveningRules, SeasonRules
from scoring.rules import PRESETS
from tests.builders import make_user, page, pdf_pages, query_count, refused, signed_in
from tests.league.html import parse

pytestmark = pytest.mark.django_db

FOUR = ["Anna", "Ben", "Cor", "Dirk"]


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="Laarderwegkwartier", slug="laarderweg")


@pytest.fixture
def boss():
    return make_user("boss", Role.ORGANISER)


def member(club: Club, name: str) -> Player:
    return Player.objects.get_or_create(club=club, name=name)[0]


def evening(club, by, season=None, night=1, names=FOUR, play=True, **rules) -> Competition:
    """An evening of one round (a boom of 16: 1500 against 1172), played when ``play``."""
    competition = services.evening_create(
        club=club,
        name=f"Evening {night}",
        rules=PRESETS["klaverjas"],
        evening=EveningRules(**{"rounds": 1, **rules}),
        by=by,
        held_on=datetime.date(2026, 9, 1) + datetime.timedelta(days=7 * night),
        season=season,
    )
    for name in names:
        services.evening_check_in(competition=competition, player=member(club, name))
    if play:
        services.evening_draw_round(competition=competition, seed=night)
        for fixture in Fixture.objects.filter(competition=competition):
            services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    return competition


def lowest(competition: Competition) -> int:
    return min(row.points for row in selectors.evening(competition).ranking)


def season_rows(season: Season) -> dict[str, object]:
    return {line.name: line.row for line in selectors.season_view(season).lines}


# -- excused: the services -------------------------------------------------------------------------


def test_a_member_is_marked_excused_once_and_taken_back(club, boss):
    night = evening(club, boss, play=False)
    els = member(club, "Els")
    services.evening_excuse(competition=night, player=els)
    services.evening_excuse(competition=night, player=els)  # twice: one mark
    night.refresh_from_db()
    assert night.excused == [els.pk]
    excused = selectors.evening_excused(selectors.evening(night))
    assert excused.members == (els,) and els not in excused.to_mark
    assert not {p.name for p in excused.to_mark} & set(FOUR)  # checked in: not to mark
    services.evening_unexcuse(competition=night, player=els)
    night.refresh_from_db()
    assert night.excused == []
    with pytest.raises(Refused, match="not marked excused") as error:
        services.evening_unexcuse(competition=night, player=els)
    assert error.value.field == "player"


def test_excusing_is_refused_for_a_player_who_plays_another_club_or_a_retired(club, boss):
    night = evening(club, boss)
    with pytest.raises(Refused, match="is checked in") as error:
        services.evening_excuse(competition=night, player=member(club, "Anna"))
    assert error.value.field == "player"
    elsewhere = Club.objects.create(name="Elders", slug="elders")
    with pytest.raises(Refused, match="member of Laarderwegkwartier"):
        services.evening_excuse(competition=night, player=member(elsewhere, "Els"))
    gone = member(club, "Gone")
    gone.retired_at = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    gone.save()
    with pytest.raises(Refused, match="has retired"):
        services.evening_excuse(competition=night, player=gone)
    night.refresh_from_db()
    assert night.excused == []


# -- excused: the season ---------------------------------------------------------------------------


def test_laarderwegkwartier_an_excused_absentee_gets_the_lowest_an_unexcused_0(club, boss):
    season = services.season_create(
        club=club, name="2026", rules=SeasonRules(absent="zero", excused="lowest"), by=boss
    )
    first = evening(club, boss, season, 1, names=[*FOUR[:3], "Els"])
    evening(club, boss, season, 2, names=FOUR)
    services.evening_excuse(competition=first, player=member(club, "Dirk"))
    rows = season_rows(season)
    dirk, els = rows["Dirk"], rows["Els"]
    assert lowest(first) in dirk.counted and dirk.played == 1
    assert dirk.score == dirk.total + lowest(first)
    assert 0 in els.counted and els.score == els.total  # missed the second without a word


def test_kjv_de_daele_a_timely_excused_absence_is_5000(club, boss):
    rules = SeasonRules(absent="zero", excused="fixed", excused_points=5000)
    season = services.season_create(club=club, name="De Daele", rules=rules, by=boss)
    first = evening(club, boss, season, 1, names=[*FOUR[:3], "Els"])
    services.evening_excuse(competition=first, player=member(club, "Dirk"))
    evening(club, boss, season, 2, names=FOUR)
    assert season_rows(season)["Dirk"].counted[0] == 5000


def test_a_pair_is_excused_when_one_of_its_players_is(club, boss):
    season = services.season_create(
        club=club, name="Koppels", rules=SeasonRules(absent="zero", excused="lowest"), by=boss
    )
    pairs = {}

    def pairs_evening(night: int, who: list[tuple[str, str]]) -> Competition:
        competition = evening(
            club, boss, season, night, names=[], play=False, entrants="pairs", pair_draw="lot"
        )
        for first, second in who:
            entrant = services.evening_check_in_pair(
                competition=competition, first=member(club, first), second=member(club, second)
            )
            pairs[first] = entrant.name
        services.evening_draw_round(competition=competition, seed=night)
        for fixture in Fixture.objects.filter(competition=competition):
            services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
        return competition

    first = pairs_evening(1, [("Anna", "Ben"), ("Els", "Fien")])
    pairs_evening(2, [("Anna", "Ben"), ("Cor", "Dirk")])
    services.evening_excuse(competition=first, player=member(club, "Dirk"))
    rows = season_rows(season)
    assert lowest(first) in rows[pairs["Cor"]].counted  # Dirk excused: his pair is
    assert 0 in rows[pairs["Els"]].counted  # Els and Fien missed the second unexcused


# -- excused: the director's section ------------------------------------------------------------


def test_the_director_marks_and_takes_back_from_the_evening_page(club, boss):
    night = evening(club, boss, play=False)
    els = member(club, "Els")
    client = signed_in(boss)
    address = reverse("evenings:evening", args=[night.slug])
    section = page(client, address).by_id("excused")
    assert "Els" in section.by_id("excused-player").text and "Mark as excused" in section.text
    response = client.post(reverse("evenings:excuse", args=[night.slug]), {"player": els.pk})
    assert response.status_code == 302 and response["Location"] == address + "#excused"
    section = page(client, address).by_id("excused")
    assert "Els" in section.by_id("excused-list").text and "Take back" in section.text
    # Everybody who reads the evening sees who is excused; only organisers the buttons.
    anyone = page(Client(), address).by_id("excused")
    assert "Els" in anyone.text and "Take back" not in anyone.text
    undo = client.post(reverse("evenings:unexcuse", args=[night.slug]), {"player": els.pk})
    assert undo.status_code == 302
    night.refresh_from_db()
    assert night.excused == []


def test_a_bad_choice_is_told_beside_the_member_and_nothing_is_saved(club, boss):
    night = evening(club, boss, play=False)
    elsewhere = Club.objects.create(name="Elders", slug="elders")
    client = signed_in(boss)
    address = reverse("evenings:excuse", args=[night.slug])
    for value in (member(club, "Anna").pk, member(elsewhere, "Els").pk, "x", "", 10**30):
        response = client.post(address, {"player": value})
        assert response.status_code == 400, value
        root = parse(response.content)
        assert b'id="player-error"' in response.content, value
        assert root.by_id("player-error").text and root.by_id("error-summary")
    response = client.post(
        reverse("evenings:unexcuse", args=[night.slug]), {"player": member(club, "Els").pk}
    )
    assert response.status_code == 400
    night.refresh_from_db()
    assert night.excused == []
    assert client.get(address).status_code == 200  # the form on a page of its own


def test_only_organisers_mark_a_member_excused(club, boss):
    night = evening(club, boss, play=False)
    els = member(club, "Els")
    services.evening_excuse(competition=night, player=member(club, "Fien"))
    excuse = reverse("evenings:excuse", args=[night.slug])
    unexcuse = reverse("evenings:unexcuse", args=[night.slug])
    refused(Client().post(excuse, {"player": els.pk}), login=True)
    refused(Client().post(unexcuse, {"player": els.pk}), login=True)
    scorer = signed_in(make_user("scorer", Role.SCORER))
    refused(scorer.post(excuse, {"player": els.pk}), login=False)
    refused(scorer.get(excuse), login=False)
    refused(scorer.post(unexcuse, {"player": member(club, "Fien").pk}), login=False)
    night.refresh_from_db()
    assert night.excused == [member(club, "Fien").pk]
    # Not an evening: no excuses there.
    night.kind = "league"
    night.save()
    assert signed_in(boss).post(excuse, {"player": els.pk}).status_code == 404


def test_the_excused_section_reads_in_the_same_queries_however_many_are_excused(club, boss):
    night = evening(club, boss, play=False)
    client = signed_in(boss)
    address = reverse("evenings:excuse", args=[night.slug])
    others = [member(club, f"Member {i}") for i in range(6)]
    services.evening_excuse(competition=night, player=others[0])
    one = query_count(client, address)
    for player in others[1:]:
        services.evening_excuse(competition=night, player=player)
    assert query_count(client, address) == one
    content = client.get(address).content
    assert content.count(reverse("evenings:unexcuse", args=[night.slug]).encode()) == 6


# -- periods: the form ---------------------------------------------------------------------------


def season_post(**changes) -> dict[str, str]:
    data = {
        "name": "'t Harde 2026",
        "aggregate": "sum",
        "best": "",
        "minimum": "0",
        "absent": "none",
        "absent_points": "",
        "excused": "absent",
        "excused_points": "",
        "period_evenings": "6",
        "period_best": "4",
        "best_periods": "5",
    }
    data.update(changes)
    return data


def test_the_organiser_sets_up_t_harde_s_periods(club, organiser_client):
    response = organiser_client.post(f"/clubs/{club.slug}/seasons/new/", season_post())
    assert response.status_code == 302
    season = Season.objects.get()
    rules = season.rules
    assert (rules["period_evenings"], rules["period_best"], rules["best_periods"]) == (6, 4, 5)
    root = page(Client(), f"/clubs/{club.slug}/seasons/{season.pk}/")
    assert root.by_id("season-rule").text == (
        "Periods of 6 evenings; the best 4 evenings of a period count; "
        "the season counts the best 5 periods."
    )
    form = page(organiser_client, f"/clubs/{club.slug}/seasons/{season.pk}/edit/")
    values = {i.attrs.get("name"): i.attrs.get("value") for i in form.iter("input")}
    assert (values["period_evenings"], values["period_best"], values["best_periods"]) == (
        "6",
        "4",
        "5",
    )


def test_the_organiser_sets_up_an_excused_rule(club, organiser_client):
    post = season_post(
        absent="zero", excused="fixed", excused_points="5000", period_evenings="", period_best=""
    )
    post["best_periods"] = ""
    assert organiser_client.post(f"/clubs/{club.slug}/seasons/new/", post).status_code == 302
    season = Season.objects.get()
    assert (season.rules["excused"], season.rules["excused_points"]) == ("fixed", 5000)
    rule = page(Client(), f"/clubs/{club.slug}/seasons/{season.pk}/").by_id("season-rule").text
    assert "a missed evening counts 0" in rule
    assert "an evening missed with an excuse counts 5000" in rule


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"period_best": "7"}, "period_best", "at most the 6 evenings"),
        ({"best": "5"}, "best", "leave the season's best evenings blank"),
        ({"period_evenings": ""}, "period_evenings", "how many evenings a period has"),
        ({"period_evenings": "0"}, "period_evenings", "1"),
        ({"best_periods": "-1"}, "best_periods", "1"),
        ({"excused": "fixed", "excused_points": ""}, "excused_points", "how many points"),
        ({"excused": "maybe"}, "excused", "Choose one"),
    ],
)
def test_a_bad_period_or_excuse_is_told_beside_its_field(
    club, organiser_client, changes, field, words
):
    response = organiser_client.post(f"/clubs/{club.slug}/seasons/new/", season_post(**changes))
    assert response.status_code == 400
    assert words in parse(response.content).by_id(f"{field}-error").text
    assert not Season.objects.exists()


# -- periods: the standings, the page and the paper --------------------------------------------


def test_a_season_by_periods_on_its_page_and_its_paper(club, boss):
    rules = SeasonRules(period_evenings=2, period_best=1, best_periods=1)
    season = services.season_create(club=club, name="'t Harde", rules=rules, by=boss)
    for night in range(1, 5):
        evening(club, boss, season, night)
    for row in season_rows(season).values():
        assert [p.number for p in row.periods] == [1, 2]
        assert sum(p.in_season for p in row.periods) == 1
        assert row.score == max(p.score for p in row.periods)
        assert len(row.counted) == 1  # the best evening of the best period
    root = page(Client(), f"/clubs/{club.slug}/seasons/{season.pk}/")
    table = root.by_id("season-table")
    heads = [th.text for th in next(table.iter("tr")).iter("th")]
    assert heads[-3:-1] == ["P1", "P2"] and "Scores counted" not in heads
    cells = [td.text for td in table.iter("td") if "period-col" in td.attrs.get("class", "")]
    assert len(cells) == 8 and sum(c.startswith("(") for c in cells) == 4
    assert root.by_id("periods-legend")
    sheet = season_sheet(selectors.season_view(season), date="1 December 2026")
    assert all(r.counted.startswith("P1 ") and ", P2 " in r.counted for r in sheet.rows)
    assert all(r.counted.count("(") == 1 for r in sheet.rows)
    assert "in brackets" in sheet.evenings
    text = " ".join(pdf_pages(render_season(sheet)))
    assert "Periods of 2 evenings" in text and "P1" in text


def test_an_evening_in_play_keeps_the_periods_in_place(club, boss):
    season = services.season_create(
        club=club, name="2026", rules=SeasonRules(period_evenings=1), by=boss
    )
    evening(club, boss, season, 1)
    running = evening(club, boss, season, 2, play=False)
    services.evening_draw_round(competition=running, seed=2)
    evening(club, boss, season, 3)
    view = selectors.season_view(season)
    assert view.in_play == (running,)
    anna = next(line.row for line in view.lines if line.name == "Anna")
    assert [p.number for p in anna.periods] == [1, 2, 3]
    assert anna.periods[1].counted == ()  # the evening in play counts nothing yet


def test_the_season_page_by_periods_reads_in_the_same_queries(club, boss):
    rules = SeasonRules(period_evenings=2, period_best=1)
    season = services.season_create(club=club, name="2026", rules=rules, by=boss)
    evening(club, boss, season, 1)
    client = Client()
    address = f"/clubs/{club.slug}/seasons/{season.pk}/"
    one = query_count(client, address)
    for night in range(2, 6):
        evening(club, boss, season, night)
    assert query_count(client, address) == one
