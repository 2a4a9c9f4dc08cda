"""Editing, rescoring, deleting, archiving and restoring a competition (edit_views,
edit_services): the organiser may, a scorer and a stranger may not (nothing changes); a
mistake is told next to its field with nothing saved; what played games forbid is refused
with the rule's reason; new house rules rescore played games only after the count is shown."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from league.competitions import services as competitions_services
from league.competitions.edit_forms import initial_of
from league.competitions.selectors import competition_standings
from league.models import (
    Competition,
    Fixture,
    Game,
    LiveEvent,
    Player,
    RecordChange,
    Round,
)
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.builders import (
    add,
    fixtures_of,
    make_league,
    page,
    pdf_pages,
    play_by_links,
    query_count,
    refused,
    tournament,
)
from tests.league.html import parse

pytestmark = pytest.mark.django_db


# -- helpers ----------------------------------------------------------------------------------
def address(competition: Competition, what: str = "edit") -> str:
    return f"/c/{competition.slug}/{what}/"


def form_data(competition: Competition, **changes: object) -> dict[str, object]:
    """What the edit form posts when sent as it opens, with ``changes``."""
    rounds = list(competition.rounds.order_by("number"))
    data: dict[str, object] = {}
    for name, value in initial_of(competition, rounds).items():
        if name == "tiebreaks":
            for i, key in enumerate(value):
                data[f"tiebreaks_{i}"] = key
        elif value is None:
            data[name] = ""
        elif isinstance(value, datetime.date):
            data[name] = value.isoformat()
        else:
            data[name] = value
    if competition.kind == "tournament":
        data.pop("best_nights")
    data.update(changes)
    return data


def play_fixture(fixture: Fixture, by, deals: int = 5) -> Game:
    """Side 0 makes trump and takes 120 of 162 each deal: at 500, won after the 5th deal."""
    game = competitions_services.fixture_start_game(fixture=fixture, by=by)
    for _ in range(deals):
        add(game, by, makers=0, card_points=(120, 42))
    game.refresh_from_db()
    return game


def error_at(root, html_name: str) -> str:
    return root.by_id(f"{html_name}-error").text


@pytest.fixture
def season(organiser) -> Competition:
    return make_league(organiser)


@pytest.fixture
def played(organiser, season) -> Competition:
    """The season with its first fixture won by side 0 (5 deals, 600-210)."""
    play_fixture(fixtures_of(season)[0], organiser)
    return season


def snapshot(competition: Competition) -> tuple:
    competition.refresh_from_db()
    return (
        competition.name,
        competition.points_win,
        competition.tiebreaks,
        competition.ruleset_data,
        competition.archived_at,
        list(competition.rounds.values_list("date", flat=True)),
    )


# -- who may ----------------------------------------------------------------------------------
def test_the_organiser_edits_name_points_tiebreaks_nights_dates_and_language(
    organiser_client, organiser, played
):
    night = played.rounds.get(number=2)
    before = LiveEvent.objects.count()
    root = page(organiser_client, address(played))
    assert root.by_id("id_name").attrs["value"] == "Winter league"
    response = organiser_client.post(
        address(played),
        form_data(
            played,
            name="  Winter  league 2026 ",
            points_win=3,
            points_draw=1,
            tiebreaks_0="match_points",
            tiebreaks_1="fewest_hicks",
            tiebreaks_2="",
            best_nights=2,
            language="de",
            **{f"round_{night.pk}": "2026-02-01"},
        ),
    )
    assert response.status_code == 302
    assert response["Location"] == f"/c/{played.slug}/"
    played.refresh_from_db()
    assert played.name == "Winter league 2026"
    assert (played.points_win, played.points_draw, played.points_loss) == (3, 1, 0)
    assert played.tiebreaks == ["match_points", "fewest_hicks"]
    assert played.best_nights == 2
    assert played.language == "de"
    night.refresh_from_db()
    assert night.date == datetime.date(2026, 2, 1)
    change = RecordChange.objects.get(subject="competition", subject_id=played.pk)
    assert change.action == "edit"
    assert change.before["name"] == "Winter league" and change.after["points"] == [3, 1, 0]
    assert change.after["dates"] == {"2": "2026-02-01"}
    assert change.by == organiser
    # The open standings pages hear of it, and show the new points at once.
    assert LiveEvent.objects.count() > before
    assert f" competition:{played.pk} " in LiveEvent.objects.latest("pk").topics
    standings = organiser_client.get(f"/c/{played.slug}/standings/").content.decode()
    assert "Winter league 2026" in standings


def test_renaming_renames_its_games_titles_on_the_page_the_list_and_the_sheet(
    organiser_client, organiser, played
):
    game = fixtures_of(played)[0].games.get()
    in_round_2 = competitions_services.fixture_start_game(
        fixture=played.fixtures.filter(round__number=2).first(), by=organiser
    )
    assert game.title == "Winter league, round 1"
    version = game.version
    before = LiveEvent.objects.count()
    response = organiser_client.post(
        address(played), form_data(played, name="Winter League 2026/27")
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.title == "Winter League 2026/27, round 1"
    assert game.version == version + 1
    assert Game.objects.get(pk=in_round_2.pk).title == "Winter League 2026/27, round 2"
    # The games' open pages hear of it.
    events = LiveEvent.objects.order_by("pk")[before:]
    topics = " ".join(events.values_list("topics", flat=True))
    assert f" game:{game.pk} " in topics and f" game:{in_round_2.pk} " in topics
    heading = next(page(organiser_client, f"/games/{game.pk}/").iter("h1")).text
    assert heading.strip() == "Winter League 2026/27, round 1"
    games = organiser_client.get("/games/").content.decode()
    assert "Winter League 2026/27, round 1" in games and "Winter league, round" not in games
    sheet = "".join(pdf_pages(organiser_client.get(f"/games/{game.pk}/sheet.pdf").content))
    assert "Winter League 2026/27, round 1" in " ".join(sheet.split())
    assert "Winter league, round" not in sheet


def test_a_long_name_keeps_its_games_titles_within_their_limit(organiser_client, played):
    long_name = "Winter " + "x" * 113
    response = organiser_client.post(address(played), form_data(played, name=long_name))
    assert response.status_code == 302
    title = Game.objects.get(fixture__competition=played).title
    assert len(title) == 120 and title.endswith("\u2026, round 1")


def test_the_edit_link_is_the_organisers_alone(organiser_client, scorer_client, season):
    assert page(organiser_client, f"/c/{season.slug}/").by_id("competition-housekeeping")
    assert (
        f'href="{address(season)}"' not in scorer_client.get(f"/c/{season.slug}/").content.decode()
    )


@pytest.mark.parametrize("what", ["edit", "delete", "archive", "restore"])
def test_a_scorer_and_a_stranger_change_nothing(scorer_client, played, what):
    was = snapshot(played)
    data = form_data(played, name="Hijacked", points_win=9)
    refused(scorer_client.post(address(played, what), data), login=False)
    refused(Client().post(address(played, what), data), login=True)
    if what in ("edit", "delete"):
        refused(scorer_client.get(address(played, what)), login=False)
        refused(Client().get(address(played, what)), login=True)
    assert snapshot(played) == was
    assert not RecordChange.objects.exists()


# -- mistakes, next to their field ------------------------------------------------------------
@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"name": "   "}, "name", "This field is required"),
        ({"name": "\u200b\u200b"}, "name", "This field is required"),
        ({"name": "x" * 121}, "name", "at most 120"),
        # Each U+FDFA becomes 18 letters: short when typed, too long once cleaned.
        ({"name": "\ufdfa" * 20}, "name", "at most 120 characters (it has 360)"),
        ({"tiebreaks_0": "nonsense"}, "tiebreaks", "is not a tie-break"),
        ({"tiebreaks_0": "", "tiebreaks_1": "", "tiebreaks_2": ""}, "tiebreaks", "at least one"),
        ({"points_win": 1, "points_draw": 2}, "points_draw", ""),
        ({"points_win": "two"}, "points_win", "whole number"),
        ({"points_loss": -1}, "points_loss", ""),
        ({"best_nights": 0}, "best_nights", ""),
        ({"target": 0}, "target", ""),
        ({"language": "xx"}, "language", "Choose one of the languages"),
    ],
)
def test_a_mistake_is_told_next_to_its_field_and_nothing_is_saved(
    organiser_client, played, changes, field, words
):
    was = snapshot(played)
    response = organiser_client.post(address(played), form_data(played, **changes))
    assert response.status_code == 400
    root = parse(response.content)
    assert words in error_at(root, field)
    assert root.by_id("error-summary")
    assert snapshot(played) == was
    assert not RecordChange.objects.exists()


def test_a_date_that_is_not_one_is_told_at_its_round(organiser_client, season):
    night = season.rounds.get(number=1)
    response = organiser_client.post(
        address(season), form_data(season, **{f"round_{night.pk}": "the 31st of Smarch"})
    )
    assert response.status_code == 400
    assert "Enter a date" in error_at(parse(response.content), f"round_{night.pk}")
    night.refresh_from_db()
    assert night.date == datetime.date(2026, 1, 8)


def test_a_round_date_that_is_not_a_date_is_refused_next_to_its_round(organiser_client, season):
    # A phone's date picker sends a date; whatever else comes is refused, never dropped.
    night = season.rounds.get(number=1)
    field = page(organiser_client, address(season)).by_id(f"id_round_{night.pk}")
    assert field.attrs.get("type") == "date"
    assert field.attrs.get("value") == "2026-01-08"
    for typed in ("08/01", "2026-01", "next Thursday"):
        response = organiser_client.post(
            address(season), form_data(season, **{f"round_{night.pk}": typed})
        )
        assert response.status_code == 400
        assert "Enter a date, e.g. 2026-01-08." in error_at(
            parse(response.content), f"round_{night.pk}"
        )
        night.refresh_from_db()
        assert night.date == datetime.date(2026, 1, 8)
    assert not RecordChange.objects.exists()


@pytest.mark.parametrize(("nights", "status"), [(99, 400), (4, 400), (3, 302)])
def test_nights_counted_are_at_most_the_leagues_nights(organiser_client, season, nights, status):
    assert season.rounds.count() == 3
    response = organiser_client.post(address(season), form_data(season, best_nights=nights))
    assert response.status_code == status
    season.refresh_from_db()
    if status == 400:
        words = error_at(parse(response.content), "best_nights")
        assert words == "This league has 3 nights: count at most 3."
        assert season.best_nights is None
    else:
        assert season.best_nights == 3


def test_nights_counted_before_the_draw_are_at_most_a_season_and_the_page_says_so(
    organiser, organiser_client
):
    club = competitions_services.club_create(name="Crown")
    fresh = competitions_services.competition_create(
        club=club,
        name="Summer league",
        rules=get_ruleset("clabber"),
        entrant_kind="partnerships",
        by=organiser,
    )
    assert "At most 52 until the rounds are drawn" in page(organiser_client, address(fresh)).text
    response = organiser_client.post(address(fresh), form_data(fresh, best_nights=53))
    assert response.status_code == 400
    assert error_at(parse(response.content), "best_nights") == (
        "Count at most 52 nights until the rounds are drawn."
    )
    assert (
        organiser_client.post(address(fresh), form_data(fresh, best_nights=52)).status_code == 302
    )
    fresh.refresh_from_db()
    assert fresh.best_nights == 52


# -- what played games forbid ----------------------------------------------------------------
def test_another_game_for_played_games_is_refused_with_the_reason(organiser_client, played):
    was = snapshot(played)
    response = organiser_client.post(address(played), form_data(played, preset="klaberjass-4"))
    assert response.status_code == 400
    reason = error_at(parse(response.content), "preset")
    assert "cannot be scored as another game" in reason
    assert "Evansville Clabber" in reason
    assert snapshot(played) == was


def test_a_knockout_with_a_played_match_keeps_its_house_rules(organiser, organiser_client):
    cup = tournament(organiser, 4)
    tournaments_services.tournament_start(competition=cup)
    play_by_links(cup.fixtures.order_by("id").first(), winner=0)
    was = snapshot(cup)
    root = page(organiser_client, address(cup))
    assert "best_nights" not in {e.attrs.get("name") for e in root.iter("input")}
    response = organiser_client.post(address(cup), form_data(cup, target=300))
    assert response.status_code == 400
    assert "its draw goes on from each result" in error_at(parse(response.content), "target")
    assert snapshot(cup) == was
    # Its name still changes, and the director's page links the edit.
    assert organiser_client.post(address(cup), form_data(cup, name="Spring cup")).status_code == 302
    assert page(organiser_client, f"/c/{cup.slug}/director/").by_id("edit-tournament")


def test_the_match_length_is_offered_only_until_the_fixtures_are_drawn(organiser_client, season):
    root = page(organiser_client, address(season))
    assert "games_per_match" not in {e.attrs.get("name") for e in root.iter("input")}
    assert "games a match is fixed" in root.by_id("fixed-fields").text


# -- rescoring --------------------------------------------------------------------------------
def test_new_house_rules_show_the_count_first_then_rescore_the_stored_results(
    organiser_client, organiser, played
):
    fixture = fixtures_of(played)[0]
    game = fixture.games.get()
    in_play = play_fixture(fixtures_of(played)[1], organiser, deals=2)
    assert fixture.finished and game.winner == 0
    # 600: the finished game still ends at its last deal, the other is still in play.
    data = form_data(played, target=600)
    asked = organiser_client.post(address(played), data)
    assert asked.status_code == 200
    root = parse(asked.content)
    assert "score 2 played games again" in root.by_id("rescore-count").text
    assert "500" in root.by_id("rule-differences").text
    assert "600" in root.by_id("rule-differences").text
    effects = root.by_id("rescore-effects").text
    assert "Every game keeps its totals." in effects
    assert "Every game keeps its winner, and every match its result." in effects
    # Nothing changes before the organiser says so.
    game.refresh_from_db()
    assert game.rules.target == 500
    assert get_ruleset("clabber").to_data() == Competition.objects.get(pk=played.pk).ruleset_data
    confirm = {
        i.attrs["name"]: i.attrs.get("value", "")
        for i in root.iter("input")
        if i.attrs.get("type") == "hidden"
    }
    response = organiser_client.post(address(played), {**confirm, "rescore_games": "2"})
    assert response.status_code == 302
    game = Game.objects.get(pk=game.pk)  # its ruleset is read once an instance
    fixture.refresh_from_db()
    assert game.rules.target == 600
    assert game.winner == 0 and game.totals == [600, 210]
    assert fixture.finished
    assert Game.objects.get(pk=in_play.pk).rules.target == 600
    change = RecordChange.objects.get(subject="competition", subject_id=played.pk)
    assert change.action == "rescore" and change.after["games"] == 2
    assert change.after["rules"]["overrides"] == {"target": 600}


def test_a_rescore_that_gives_a_game_in_play_its_winner_says_so(
    organiser_client, organiser, season
):
    play_fixture(fixtures_of(season)[0], organiser, deals=4)  # 480-168, in play
    response = organiser_client.post(address(season), form_data(season, target=450))
    assert response.status_code == 200
    effects = parse(response.content).by_id("rescore-effects").text
    assert "1 game gets another winner" in effects
    assert "Every game keeps its totals." in effects


@pytest.mark.parametrize(
    ("target", "words"),
    [
        (1000, "1 finished game would be open again under these rules."),
        (300, "1 game would have ended before its last deal under these rules."),
    ],
)
def test_rules_that_change_whether_a_game_is_finished_are_refused_at_the_first_save(
    organiser_client, played, target, words
):
    was = snapshot(played)
    response = organiser_client.post(address(played), form_data(played, target=target))
    assert response.status_code == 400
    root = parse(response.content)
    assert error_at(root, "target") == words
    assert b"rescore-count" not in response.content
    assert snapshot(played) == was
    assert Game.objects.get(fixture__competition=played).rules.target == 500
    assert not RecordChange.objects.exists()


def test_the_count_of_reopened_games_is_in_plain_words(organiser_client, organiser, played):
    play_fixture(fixtures_of(played)[1], organiser)
    response = organiser_client.post(address(played), form_data(played, target=1000))
    assert error_at(parse(response.content), "target") == (
        "2 finished games would be open again under these rules."
    )


def test_back_from_the_confirmation_keeps_what_was_typed_and_saves_nothing(
    organiser_client, played
):
    response = organiser_client.post(
        address(played), form_data(played, target=1000, name="Typed", back="1")
    )
    assert response.status_code == 200
    root = parse(response.content)
    assert root.by_id("id_name").attrs["value"] == "Typed"
    assert snapshot(played)[0] == "Winter league"


def test_a_count_that_changed_meanwhile_is_asked_again(organiser_client, organiser, played):
    play_fixture(fixtures_of(played)[1], organiser, deals=2)
    response = organiser_client.post(
        address(played), {**form_data(played, target=600), "rescore_games": "1"}
    )
    assert response.status_code == 200
    assert b"score 2 played games again" in response.content
    assert Game.objects.filter(fixture__competition=played).first().rules.target == 500


def test_rules_that_end_a_game_before_its_last_deal_are_refused_even_when_confirmed(
    organiser_client, played
):
    response = organiser_client.post(
        address(played), {**form_data(played, target=200), "rescore_games": "1"}
    )
    assert response.status_code == 400
    reason = error_at(parse(response.content), "target")
    assert "would have ended before its last deal" in reason
    assert Game.objects.get(fixture__competition=played).rules.target == 500


def test_rules_before_any_deal_apply_to_games_started_empty(organiser, organiser_client, season):
    fixture = fixtures_of(season)[0]
    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    response = organiser_client.post(address(season), form_data(season, target=700))
    assert response.status_code == 302
    game = Game.objects.get(pk=game.pk)
    assert game.rules.target == 700
    add(game, organiser, makers=0, card_points=(120, 42))


# -- deleting and archiving --------------------------------------------------------------------
def test_deleting_a_competition_that_never_played_says_what_goes_first(
    organiser_client, organiser, season
):
    root = page(organiser_client, address(season, "delete"))
    goes = root.by_id("what-goes").text
    assert "3 rounds" in goes and "6 matches" in goes and "4 entrants" in goes
    assert Competition.objects.filter(pk=season.pk).exists()
    players = Player.objects.count()
    response = organiser_client.post(address(season, "delete"))
    assert response.status_code == 302
    assert not Competition.objects.filter(pk=season.pk).exists()
    assert not Round.objects.filter(competition_id=season.pk).exists()
    assert Player.objects.count() == players
    change = RecordChange.objects.get(subject="competition", action="delete")
    assert change.subject_name == "Winter league" and change.before["fixtures"] == 6


def test_a_competition_that_played_is_not_deleted_but_can_be_archived(organiser_client, played):
    root = page(organiser_client, address(played, "delete"))
    assert "archive it instead" in root.by_id("delete-refused").text
    assert organiser_client.post(address(played, "delete")).status_code == 400
    assert Competition.objects.filter(pk=played.pk).exists()


def test_archive_takes_it_off_the_current_lists_and_restore_puts_it_back(
    organiser_client, organiser, played
):
    club_page = f"/clubs/{played.club.slug}/"
    assert organiser_client.post(address(played, "archive")).status_code == 302
    played.refresh_from_db()
    assert played.archived_at is not None
    assert "Archived" in page(organiser_client, f"/c/{played.slug}/").by_id("archived").text
    club = page(organiser_client, club_page)
    assert "Winter league" in club.by_id("archived-competitions").text
    current = club.by_id("competitions").text.replace(club.by_id("archived-competitions").text, "")
    assert "Winter league" not in current
    games = organiser_client.get("/games/").content.decode()
    assert f'href="/games/{played.fixtures.first().games.get().pk}/"' not in games
    # Still reachable by its address, with its results.
    page(organiser_client, f"/c/{played.slug}/standings/")
    assert organiser_client.post(address(played, "restore")).status_code == 302
    played.refresh_from_db()
    assert played.archived_at is None
    assert 'id="archived-competitions"' not in organiser_client.get(club_page).content.decode()
    actions = list(
        RecordChange.objects.filter(subject_id=played.pk)
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["archive", "restore"]


def test_the_club_page_reads_archived_competitions_in_the_same_queries(organiser_client, played):
    club_page = f"/clubs/{played.club.slug}/"
    before = query_count(organiser_client, club_page)
    organiser_client.post(address(played, "archive"))
    assert query_count(organiser_client, club_page) == before


# -- hostile input -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "changes",
    [
        {"rescore_games": "１"},
        {"rescore_games": "9" * 40, "target": 1000},
        {"rescore_games": "-1", "target": 1000},
        {"name": "a\x00b"},
        {"tiebreaks": "match_points," * 5000},
        {"tiebreaks_0": ["match_points", "buchholz"]},
        {"preset": "nope"},
        {"preset": ""},
        {"meld_run3": "1e9"},
        {"target": "99999999999999999999"},
        {"language": "de" * 500},
        {"round_1": "9999-99-99"},
        {"best_nights": "\u0661"},
        {"set_award": "everything"},
    ],
)
def test_hostile_input_never_answers_500(organiser_client, played, changes):
    was = snapshot(played)
    response = organiser_client.post(address(played), form_data(played, **changes))
    assert response.status_code < 500
    if response.status_code == 302:
        # Accepted only where it changed nothing harmful (a count that is not a number).
        assert snapshot(played)[3] == was[3]


@pytest.mark.parametrize("what", ["archive", "restore"])
def test_archive_and_restore_twice_or_by_get_are_refused_quietly(organiser_client, played, what):
    assert organiser_client.get(address(played, what)).status_code == 405
    organiser_client.post(address(played, "archive"))
    organiser_client.post(address(played, what))
    response = organiser_client.post(address(played, what))
    assert response.status_code == 302
    assert RecordChange.objects.filter(subject_id=played.pk).count() <= 3


def test_an_unknown_competition_is_404(organiser_client):
    assert organiser_client.get("/c/nothing-here/edit/").status_code == 404
    assert organiser_client.post("/c/nothing-here/delete/").status_code == 404


def test_deleting_takes_games_started_without_a_deal(organiser_client, organiser, season):
    fixture = fixtures_of(season)[0]
    competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    assert (
        "1 game started without a deal"
        in page(organiser_client, address(season, "delete")).by_id("what-goes").text
    )
    assert organiser_client.post(address(season, "delete")).status_code == 302
    assert not Game.objects.exists()


def test_a_played_deal_blocks_deleting_even_when_typed_from_paper(organiser_client, season):
    competitions_services.fixture_type_result(fixture=fixtures_of(season)[0], scores=[(512, 430)])
    assert organiser_client.post(address(season, "delete")).status_code == 400
    assert Competition.objects.filter(pk=season.pk).exists()


def test_points_change_the_standings_at_once(organiser_client, played):
    assert competition_standings(played)[0].row.match_points == 2
    organiser_client.post(address(played), form_data(played, points_win=7, points_loss=1))
    played.refresh_from_db()
    table = competition_standings(played)
    assert [line.row.match_points for line in table][:1] == [7]
    assert sorted(line.row.match_points for line in table) == [0, 0, 1, 7]


def test_the_match_length_changes_until_the_fixtures_are_drawn(organiser, organiser_client):
    club = competitions_services.club_create(name="Crown")
    fresh = competitions_services.competition_create(
        club=club,
        name="Summer league",
        rules=get_ruleset("clabber"),
        entrant_kind="partnerships",
        by=organiser,
    )
    response = organiser_client.post(address(fresh), form_data(fresh, games_per_match=3))
    assert response.status_code == 302
    fresh.refresh_from_db()
    assert fresh.games_per_match == 3
    change = RecordChange.objects.get(subject_id=fresh.pk)
    assert (change.before, change.after) == ({"games_per_match": 1}, {"games_per_match": 3})


def test_a_started_swiss_does_not_offer_its_table_order_and_says_why(organiser, organiser_client):
    swiss = tournament(organiser, 4, "swiss")
    tournaments_services.tournament_start(competition=swiss)
    root = page(organiser_client, address(swiss))
    names = {e.attrs.get("name") for e in root.iter("select")} | {
        e.attrs.get("name") for e in root.iter("input")
    }
    assert "tiebreaks_0" not in names and "points_win" not in names
    assert "drawn from its table" in root.by_id("fixed-fields").text
    # A forged post of a new order changes nothing.
    was = list(swiss.tiebreaks)
    organiser_client.post(address(swiss), {**form_data(swiss), "tiebreaks_0": "points_for"})
    swiss.refresh_from_db()
    assert swiss.tiebreaks == was


def test_an_archived_season_leaves_the_club_nights_screen(organiser_client, organiser):
    from league.screen.selectors import club_events

    season = make_league(organiser)
    game = competitions_services.fixture_start_game(fixture=fixtures_of(season)[0], by=organiser)
    add(game, organiser, makers=0, card_points=(120, 42))
    assert club_events(season.club) == [season]
    organiser_client.post(address(season, "archive"))
    assert club_events(season.club) == []
    assert organiser_client.get(f"/games/{game.pk}/").status_code == 200
