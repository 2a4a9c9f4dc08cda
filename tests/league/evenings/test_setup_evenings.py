"""Setting a club evening up, as a club secretary does: the club's evenings, a new evening in
the club's words (from a quick choice such as "like SV Bedum"), an evening changed before and
after its first round is drawn. Every write is tried by the organiser (it works), a scorer
(403) and an anonymous visitor (sent to sign in), and nothing is saved when it is refused."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from league.evenings import services
from league.evenings.setup_views import evening_page
from league.models import Club, Competition, CompetitionKind, EntrantKind, Player, RecordChange
from scoring.evenings import EveningRules, SeasonRules
from scoring.rules import PRESETS, get_ruleset
from tests.builders import page, query_count, refused
from tests.league.html import parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="SV Bedum", slug="bedum")


def evening(club, by, name="Friday drive", **rules) -> Competition:
    return services.evening_create(
        club=club,
        name=name,
        rules=PRESETS["klaverjas"],
        evening=EveningRules(**{"rounds": 3, **rules}),
        by=by,
        held_on=datetime.date(2026, 11, 27),
        prize_words=["Meat parcel", "Wine"],
        booby_words="A cabbage",
    )


def drawn(competition: Competition, players: int = 8) -> Competition:
    for i in range(players):
        player = Player.objects.create(club=competition.club, name=f"Player {i}")
        services.evening_check_in(competition=competition, player=player)
    services.evening_draw_round(competition=competition, seed=1)
    return competition


def new_post(**changes) -> dict[str, str]:
    """A new evening's form as the page sends it for a klaverjas drive."""
    data = {
        "name": "Friday drive",
        "held_on": "2026-11-27",
        "season": "",
        "preset": "klaverjas",
        "entrants": "individuals",
        "pair_draw": "ranking",
        "rounds": "3",
        "short": "sit_out",
        "sit_out_score": "fixed",
        "sit_out_points": "1600",
        "sit_out_pits": "0",
        "absent_score": "fixed",
        "absent_points": "1450",
        "ranking": "points",
        "tie_breaks": "first_round,against,shared",
        "prizes": "formula_of_four",
        "prize_places": "",
        "booby_prize": "on",
        "prize_words": "Meat parcel\nWine\nCheese",
        "booby_words": "A cabbage",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def error_of(response, field: str) -> str:
    assert response.status_code == 400, response.status_code
    return parse(response.content).by_id(f"{field}-error").text


# -- the club's evenings ----------------------------------------------------------------------


def test_the_clubs_evenings_say_where_each_stands_and_link_the_evening(club, organiser):
    waiting = evening(club, organiser, name="Next Friday")
    playing = drawn(evening(club, organiser, name="Tonight"))
    season = services.season_create(club=club, name="2026-2027", rules=SeasonRules(), by=organiser)
    root = page(Client(), f"/clubs/{club.slug}/evenings/")
    text = root.by_id("evenings").text
    assert "Next Friday" in text and "Not drawn yet: 3 rounds" in text
    assert "Tonight" in text and "Rounds drawn: 1 of 3" in text and "8 players checked in" in text
    links = {a.attrs.get("href") for a in root.iter("a")}
    assert evening_page(waiting.slug) in links and evening_page(playing.slug) in links
    assert f"/c/{playing.slug}/evening/" in links
    assert f"/clubs/{club.slug}/seasons/{season.pk}/" in links
    # Reading is public; the organiser's buttons are not offered to a reader.
    assert "/clubs/bedum/evenings/new/" not in links
    assert f"/c/{waiting.slug}/evening/edit/" not in links


def test_an_organiser_is_offered_a_new_evening_and_season(club, organiser_client, organiser):
    evening(club, organiser)
    root = page(organiser_client, f"/clubs/{club.slug}/evenings/")
    assert root.by_id("new-evening").attrs["href"] == "/clubs/bedum/evenings/new/"
    assert root.by_id("new-season").attrs["href"] == "/clubs/bedum/seasons/new/"


def test_the_club_page_links_its_evenings(club):
    root = page(Client(), f"/clubs/{club.slug}/")
    assert root.by_id("club-evenings").attrs["href"] == "/clubs/bedum/evenings/"


def test_the_clubs_evenings_take_the_same_queries_for_two_evenings_or_twelve(
    club, organiser, django_assert_max_num_queries
):
    client = Client()
    drawn(evening(club, organiser, name="Evening 0"))
    few = query_count(client, f"/clubs/{club.slug}/evenings/")
    for i in range(1, 12):
        evening(club, organiser, name=f"Evening {i}")
    with django_assert_max_num_queries(few):
        client.get(f"/clubs/{club.slug}/evenings/")
    assert few <= 6


def test_a_club_that_is_not_there_is_404():
    assert Client().get("/clubs/nowhere/evenings/").status_code == 404


# -- a new evening ----------------------------------------------------------------------------


def test_a_new_evening_starts_as_a_drive_dated_today_in_the_clubs_zone(club, organiser_client):
    club.time_zone = "Pacific/Kiritimati"  # UTC+14: its today is often the world's tomorrow
    club.save()
    root = page(organiser_client, f"/clubs/{club.slug}/evenings/new/")
    today = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=14))).date()
    assert (
        next(i for i in root.iter("input") if i.attrs.get("name") == "held_on").attrs["value"]
        == today.isoformat()
    )
    selected = [o.attrs["value"] for o in root.iter("option") if "selected" in o.attrs]
    assert "klaverjas" in selected
    # A missed round scores the round's lowest unless the club says otherwise.
    (absent,) = [
        i.attrs["value"]
        for i in root.iter("input")
        if i.attrs.get("name") == "absent_score" and "checked" in i.attrs
    ]
    assert absent == "round_lowest"
    # A table of three is offered (its three players' points are typed from paper).
    shorts = {i.attrs["value"] for i in root.iter("input") if i.attrs.get("name") == "short"}
    assert shorts == {"sit_out", "substitute", "table_of_three"}
    # Only games of two partners against two.
    presets = {o.attrs["value"] for o in root.iter("option") if o.attrs.get("value") in PRESETS}
    assert "klaverjas" in presets and "belote" in presets and "klaberjass" not in presets


def test_the_organiser_sets_a_drive_up_and_lands_on_its_evening_page(club, organiser_client):
    response = organiser_client.post(f"/clubs/{club.slug}/evenings/new/", new_post())
    competition = Competition.objects.get(kind=CompetitionKind.EVENING)
    assert response.status_code == 302 and response["Location"] == evening_page(competition.slug)
    assert competition.club == club and competition.held_on == datetime.date(2026, 11, 27)
    assert competition.entrant_kind == EntrantKind.ROTATION
    assert competition.rules.preset == "klaverjas" and competition.rules.deals == 16
    rules = services.evening_rules(competition)
    assert (rules.rounds, rules.sit_out_points, rules.absent_points) == (3, 1600, 1450)
    assert rules.tie_breaks == ("first_round", "against", "shared") and rules.booby_prize
    assert competition.prize_words == ["Meat parcel", "Wine", "Cheese"]
    assert competition.booby_words == "A cabbage"


def test_a_second_evening_on_the_same_night_is_made_with_a_warning(club, organiser_client):
    address = f"/clubs/{club.slug}/evenings/new/"
    first = organiser_client.post(address, new_post(), follow=True)
    assert "on the same night" not in first.content.decode()
    second = organiser_client.post(address, new_post(name="Friday drive again"), follow=True)
    said = [str(m) for m in second.context["messages"]]
    assert any(
        m.startswith("Friday drive is on the same night.")
        and m.endswith("Edit, then Delete this evening.")
        for m in said
    ), said
    assert Competition.objects.filter(kind=CompetitionKind.EVENING).count() == 2
    # Another night, or an archived evening of the same night: nothing to warn of.
    other = organiser_client.post(
        address, new_post(name="Next week", held_on="2026-12-04"), follow=True
    )
    assert not any("same night" in str(m) for m in other.context["messages"])
    Competition.objects.filter(kind=CompetitionKind.EVENING, held_on="2026-11-27").update(
        archived_at=datetime.datetime(2026, 11, 28, tzinfo=datetime.UTC)
    )
    third = organiser_client.post(address, new_post(name="Third"), follow=True)
    assert not any("same night" in str(m) for m in third.context["messages"])


def test_a_belote_concours_of_pairs_by_the_ranking_every_team_a_prize(club, organiser_client):
    response = organiser_client.post(
        f"/clubs/{club.slug}/evenings/new/",
        new_post(
            name="Concours de Pâques",
            preset="belote",
            deals="12",
            capot="252",
            entrants="pairs",
            pair_draw="ranking",
            rounds="4",
            sit_out_points="972",
            absent_score="zero",
            prizes="every_entrant",
            booby_prize=None,
        ),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    competition = Competition.objects.get(name="Concours de Pâques")
    assert competition.entrant_kind == EntrantKind.PARTNERSHIPS
    assert (competition.rules.preset, competition.rules.deals, competition.rules.target) == (
        "belote",
        12,
        None,
    )
    rules = services.evening_rules(competition)
    assert (rules.entrants, rules.rounds, rules.pair_draw) == ("pairs", 4, "ranking")
    assert (rules.sit_out_points, rules.absent_score, rules.prizes) == (
        972,
        "zero",
        "every_entrant",
    )
    assert not rules.booby_prize


def test_the_quick_choices_fill_the_form_as_the_clubs_run_their_evenings(club, organiser_client):
    root = page(organiser_client, f"/clubs/{club.slug}/evenings/new/")
    choices = {b.attrs["value"] for b in root.by_id("quick-choices").iter("button")}
    assert choices == {"drive", "bedum", "pitslag", "concours"}
    bedum = page(organiser_client, f"/clubs/{club.slug}/evenings/new/?like=bedum")
    values = {i.attrs.get("name"): i.attrs.get("value") for i in bedum.iter("input")}
    assert values["deals"] == "12" and values["rounds"] == "4"
    concours = page(organiser_client, f"/clubs/{club.slug}/evenings/new/?like=concours")
    checked = {
        i.attrs["name"]: i.attrs["value"]
        for i in concours.iter("input")
        if "checked" in i.attrs and i.attrs.get("type") == "radio"
    }
    assert checked["entrants"] == "pairs" and checked["prizes"] == "every_entrant"
    # Every quick choice, sent as it stands, sets an evening up.
    for key in ("drive", "bedum", "pitslag", "concours"):
        form = page(organiser_client, f"/clubs/{club.slug}/evenings/new/?like={key}")
        data = {}
        for i in form.iter("input"):
            name = i.attrs.get("name")
            if not name or i.attrs.get("type") == "hidden" and name != "csrfmiddlewaretoken":
                continue
            if i.attrs.get("type") in ("radio", "checkbox") and "checked" not in i.attrs:
                continue
            default = "on" if i.attrs.get("type") == "checkbox" else ""
            data[name] = i.attrs.get("value", default)
        for s in form.iter("select"):
            chosen = [o.attrs["value"] for o in s.iter("option") if "selected" in o.attrs]
            data[s.attrs["name"]] = chosen[0] if chosen else ""
        data["name"] = f"Evening like {key}"
        response = organiser_client.post(f"/clubs/{club.slug}/evenings/new/", data)
        assert response.status_code == 302, (
            key,
            [p.text for p in parse(response.content).iter("p") if p.has_class("error")],
        )
    pitslag = services.evening_rules(Competition.objects.get(name="Evening like pitslag"))
    assert (pitslag.sit_out_points, pitslag.sit_out_pits, pitslag.absent_points) == (1600, 1, 1450)
    assert pitslag.absent_score == "fixed"
    # A missed round's 1450 is De Pitslag's rule; the others score it the round's lowest, so
    # a late arrival does not rank high on rounds not played (trial 30).
    for key in ("drive", "bedum"):
        rules = services.evening_rules(Competition.objects.get(name=f"Evening like {key}"))
        assert rules.absent_score == "round_lowest", key
    assert Competition.objects.get(name="Evening like bedum").rules.deals == 12


@pytest.mark.parametrize("who", ["anonymous", "scorer", "outsider"])
def test_only_an_organiser_sets_an_evening_up(club, who, scorer_client, outsider_client):
    client = {"anonymous": Client(), "scorer": scorer_client, "outsider": outsider_client}[who]
    address = f"/clubs/{club.slug}/evenings/new/"
    refused(client.get(address), login=who == "anonymous")
    refused(client.post(address, new_post()), login=who == "anonymous")
    assert not Competition.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"name": "   "}, "name", "required"),
        ({"held_on": "27 November"}, "held_on", "2026-11-27"),
        ({"rounds": "0"}, "rounds", "1"),
        ({"rounds": "99999999999999999999"}, "rounds", "20"),
        ({"sit_out_points": "1000000"}, "sit_out_points", "100000"),
        ({"short": "a_table_of_five"}, "short", "Choose one of the choices shown"),
        ({"entrants": "pairs", "short": "table_of_three"}, "short", "A pairs evening has no"),
        ({"prizes": "gold"}, "prizes", "Choose one of the choices shown"),
        ({"preset": "klaberjass"}, "preset", "Choose one of the games"),
        ({"prizes": "places", "prize_places": ""}, "prize_places", "how many places"),
        ({"prize_words": "x" * 10_000}, "prize_words", "120"),
        ({"prize_words": "x\n" * 300}, "prize_words", "200"),
        ({"booby_words": "y" * 200}, "booby_words", "120"),
        ({"deals": "0"}, "deals", "1"),
        ({"capot": "252"}, "capot", "Belote"),
        ({"season": "999999"}, "season", "seasons"),
    ],
)
def test_bad_input_is_told_beside_its_field_and_nothing_is_saved(
    club, organiser_client, changes, field, words
):
    response = organiser_client.post(f"/clubs/{club.slug}/evenings/new/", new_post(**changes))
    assert words in error_of(response, field)
    assert not Competition.objects.exists()


def test_hostile_input_never_answers_500(club, organiser_client):
    hostile = [
        {"name": "\ufdfa" * 10},
        {"name": "\ufdfa" * 200},
        {"name": "x" * 10_000},
        {"entrants": "everybody", "tie_breaks": "first_round,cheating"},
        {"tie_breaks": "x" * 5000},
        {"held_on": "9999-99-99"},
        {"prize_words": "\ufdfa\n" * 100},
        {"booby_words": "\ufdfa" * 10},
        {"sit_out_pits": "-1", "absent_points": "1e9"},
        {"preset": ["klaverjas", "belote"]},
    ]
    for changes in hostile:
        response = organiser_client.post(f"/clubs/{club.slug}/evenings/new/", new_post(**changes))
        assert response.status_code in (302, 400), (changes, response.status_code)
    # U+FDFA is 18 letters once cleaned: 10 of them are too long a name, refused beside it.
    assert not Competition.objects.filter(name__startswith="\ufdfa" * 3).exists()


def test_a_season_of_another_club_is_not_offered(club, organiser_client, organiser):
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    theirs = services.season_create(club=other, name="Theirs", rules=SeasonRules(), by=organiser)
    response = organiser_client.post(
        f"/clubs/{club.slug}/evenings/new/", new_post(season=str(theirs.pk))
    )
    assert "seasons" in error_of(response, "season")


# -- an evening changed -----------------------------------------------------------------------


def test_before_the_draw_everything_changes_and_the_change_is_audited(
    club, organiser_client, organiser
):
    competition = evening(club, organiser)
    season = services.season_create(club=club, name="2026", rules=SeasonRules(), by=organiser)
    root = page(organiser_client, f"/c/{competition.slug}/evening/edit/")
    assert (
        next(i for i in root.iter("input") if i.attrs.get("name") == "name").attrs["value"]
        == "Friday drive"
    )
    response = organiser_client.post(
        f"/c/{competition.slug}/evening/edit/",
        new_post(
            name="Friday drive (12)",
            season=str(season.pk),
            deals="12",
            rounds="4",
            sit_out_score="round_average",
            prize_words="Ham\nWine",
        ),
    )
    assert response.status_code == 302 and response["Location"] == evening_page(competition.slug)
    competition.refresh_from_db()
    assert competition.name == "Friday drive (12)" and competition.season == season
    assert competition.rules.deals == 12 and competition.prize_words == ["Ham", "Wine"]
    rules = services.evening_rules(competition)
    assert rules.rounds == 4 and rules.sit_out_score == "round_average"
    change = RecordChange.objects.get(subject="competition", subject_id=competition.pk)
    assert change.action == "edit" and change.by == organiser
    assert change.before["name"] == "Friday drive" and change.after["season"] == "2026"
    assert change.before["evening_rules"]["rounds"] == 3
    assert change.after["evening_rules"]["rounds"] == 4


def test_once_a_round_is_drawn_only_words_night_season_prizes_and_rounds_change(
    club, organiser_client, organiser
):
    competition = drawn(evening(club, organiser))
    root = page(organiser_client, f"/c/{competition.slug}/evening/edit/")
    names = {i.attrs.get("name") for i in root.iter("input")} | {
        s.attrs.get("name") for s in root.iter("select")
    }
    assert {"name", "held_on", "season", "rounds", "prizes", "booby_prize"} <= names
    assert not names & {"preset", "deals", "entrants", "sit_out_points", "absent_score"}
    assert "Round 1 is drawn" in root.by_id("fixed-rules").text
    response = organiser_client.post(
        f"/c/{competition.slug}/evening/edit/",
        new_post(
            rounds="5",
            prizes="places",
            prize_places="3",
            booby_prize=None,
            # Sent anyway (a forged post): not offered, so not taken.
            preset="belote",
            sit_out_points="10",
            entrants="pairs",
        ),
    )
    assert response.status_code == 302
    competition.refresh_from_db()
    rules = services.evening_rules(competition)
    assert (rules.rounds, rules.prizes, rules.prize_places, rules.booby_prize) == (
        5,
        "places",
        3,
        False,
    )
    assert rules.sit_out_points == 1600 and rules.entrants == "individuals"
    assert competition.rules.preset == "klaverjas"


def test_the_rounds_cannot_go_below_those_drawn(club, organiser_client, organiser):
    competition = drawn(evening(club, organiser))
    services.evening_draw_round(competition=competition, seed=2)
    response = organiser_client.post(f"/c/{competition.slug}/evening/edit/", new_post(rounds="1"))
    assert "Rounds drawn already: 2." in error_of(response, "rounds")
    assert services.evening_rules(competition).rounds == 3


def test_who_plays_cannot_change_once_somebody_is_checked_in(club, organiser_client, organiser):
    competition = evening(club, organiser)
    services.evening_check_in(
        competition=competition, player=Player.objects.create(club=club, name="Anna")
    )
    response = organiser_client.post(
        f"/c/{competition.slug}/evening/edit/", new_post(entrants="pairs")
    )
    assert "checked in" in error_of(response, "entrants")
    competition.refresh_from_db()
    assert competition.entrant_kind == EntrantKind.ROTATION
    assert not RecordChange.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "scorer", "outsider"])
def test_only_an_organiser_changes_an_evening(club, organiser, who, scorer_client, outsider_client):
    competition = evening(club, organiser)
    client = {"anonymous": Client(), "scorer": scorer_client, "outsider": outsider_client}[who]
    address = f"/c/{competition.slug}/evening/edit/"
    refused(client.get(address), login=who == "anonymous")
    refused(client.post(address, new_post(name="Stolen")), login=who == "anonymous")
    competition.refresh_from_db()
    assert competition.name == "Friday drive"


def test_a_league_is_not_edited_as_an_evening(club, organiser_client, organiser):
    from league.competitions import services as competitions_services

    league = competitions_services.competition_create(
        club=club,
        name="Winter league",
        rules=get_ruleset("klaverjas"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    assert organiser_client.get(f"/c/{league.slug}/evening/edit/").status_code == 404


def test_the_clubs_page_of_changes_lists_an_evenings_edit(club, organiser_client, organiser):
    competition = evening(club, organiser)
    organiser_client.post(
        f"/c/{competition.slug}/evening/edit/", new_post(name="Friday drive", held_on="2026-12-04")
    )
    response = organiser_client.get(f"/clubs/{club.slug}/records/")
    assert response.status_code == 200
    assert "Friday drive" in response.content.decode()
