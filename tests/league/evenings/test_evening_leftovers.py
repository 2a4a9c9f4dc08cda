"""What a finished evening, a guest and a pair say (the second trial's leftovers): a finished
evening's check-in list says what was, not "Playing"; no round clock once the round's every
table is in; drawing again typed by hand on a started round says it cannot be, with no
button; a guest's page says "Guest", not "Retired on ..."; a season ranks members, not
guests; a pair known by its team name is named with its two players before the draw too; and
the page titles of reneges and excused absences in whole phrases."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.evenings import selectors, services
from league.models import Club, Competition, Fixture, FixtureSide, Player, Round, Season
from scoring.evenings import EveningRules, SeasonRules
from scoring.rules import PRESETS
from tests.builders import page
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit", "Hanna"]


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="KC De Pitslag", slug="pitslag")


def make_evening(club, by, name="Friday drive", season=None, **rules) -> Competition:
    return services.evening_create(
        club=club,
        name=name,
        rules=PRESETS["klaverjas"],
        evening=EveningRules(**{"rounds": 2, **rules}),
        by=by,
        held_on=datetime.date(2026, 11, 27),
        season=season,
    )


def check_in(evening, names) -> None:
    for name in names:
        player = Player.objects.get_or_create(club=evening.club, name=name)[0]
        services.evening_check_in(competition=evening, player=player)


def type_round(evening, number) -> None:
    for fixture in Fixture.objects.filter(competition=evening, round__number=number):
        services.evening_paper_result(fixture=fixture, scores=(1500, 1172))


def url(name: str, evening: Competition, *args) -> str:
    return reverse(f"evenings:{name}", args=[evening.slug, *args])


def states(root: Element) -> dict[str, str]:
    """The checked-in list: each name with its state ("" for none)."""
    out = {}
    for li in root.by_id("checked-in").iter("li"):
        who = next(e for e in li.iter("span") if e.has_class("who")).text.strip()
        state = [e.text.strip() for e in li.iter("span") if e.has_class("state")]
        out[who] = state[0] if state else ""
    return out


def ids(root: Element) -> set[str]:
    return {e.attrs["id"] for e in root.iter() if "id" in e.attrs}


# -- 4a, 4b: a finished evening's check-in list, and no clock once the round is in ------------


def test_a_finished_evenings_check_in_list_says_what_was_and_no_clock_is_left(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser)
    check_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    check_in(evening, NAMES[4:8])  # late: from round 2
    running = page(organiser_client, url("evening", evening))
    assert states(running)["Anna"] == "Playing"
    assert states(running)["Els"] == "Plays from round 2"
    assert "round-clock" in ids(running)
    type_round(evening, 1)
    # Every table of the round in, the next not drawn: no clock to set for a round over.
    between = page(organiser_client, url("evening", evening))
    assert "round-clock" not in ids(between) and "Set the minutes" not in between.text
    # Nor on the clock's own page typed by hand: it goes back to the evening, saying why.
    clock = reverse("screen:clock", args=[evening.slug, 1])
    response = organiser_client.get(clock, follow=True)
    assert response.redirect_chain[0][0].startswith(url("evening", evening))
    assert "round needs no clock" in response.content.decode()
    assert organiser_client.post(clock, {"action": "start"}).status_code == 302
    assert Round.objects.get(competition=evening, number=1).clock_ends_at is None
    services.evening_draw_round(competition=evening, number=2, seed=2)
    anna = evening.entrants.get(name="Anna")
    services.evening_leave(entrant=anna)  # before round 2 begins: drawn again without her
    services.evening_redraw_round(competition=evening, number=2, seed=3)
    type_round(evening, 2)
    assert selectors.evening(evening).finished
    for client in (organiser_client, Client()):
        root = page(client, url("evening", evening))
        said = states(root)
        assert "Playing" not in said.values()
        assert said["Anna"] == "Left after round 1"
        assert said["Els"] == "Played from round 2"
        assert said["Ben"] == ""  # there all evening: nothing to say
    director = page(organiser_client, url("evening", evening))
    assert "round-clock" not in ids(director) and "Set the minutes" not in director.text


# -- 4c: drawing again typed by hand --------------------------------------------------------------


def test_drawing_again_typed_by_hand_on_a_started_round_says_it_cannot_with_no_button(
    club, organiser, organiser_client, scorer_client
):
    evening = make_evening(club, organiser, rounds=1)
    check_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    # Nobody has played: the question, with its button.
    asked = page(organiser_client, url("redraw", evening))
    assert "Draw round 1 again?" in asked.text
    assert [f.attrs["action"] for f in asked.iter("form")].count(url("redraw", evening)) == 1
    # Not the director's: refused as before.
    assert scorer_client.get(url("redraw", evening)).status_code == 403
    assert Client().get(url("redraw", evening)).status_code == 302
    type_round(evening, 1)  # the evening is finished
    response = organiser_client.get(url("redraw", evening))
    assert response.status_code == 302
    assert response["Location"] == url("evening", evening)  # its top, where it is said
    root = parse(organiser_client.get(response["Location"]).content)
    assert "Round 1 has started: a game or a result is in. It cannot be drawn again." in root.text
    assert "redraw-link" not in ids(root)
    assert url("redraw", evening) not in [f.attrs.get("action") for f in root.iter("form")]
    assert Round.objects.filter(competition=evening).count() == 1


# -- 4e: a guest's page -------------------------------------------------------------------------


def test_a_guests_page_says_guest_and_a_retired_members_still_says_retired(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser)
    guest = services.evening_check_in_guest(competition=evening, name="Visitor").player
    assert guest is not None and guest.retired_at is not None
    address = reverse("competitions:player-detail", args=[guest.pk])
    for client in (organiser_client, Client()):
        root = page(client, address)
        assert "Guest:" in root.by_id("guest-note").text
        assert "retired-note" not in ids(root) and "Retired on" not in root.text
        assert "Guest of KC De Pitslag" in root.text and "Member of" not in root.text
    assert "Make a member of the club" in page(organiser_client, address).by_id("return").text
    # A member who left the club (the club's "Retire") is retired, not a guest.
    member = Player.objects.create(club=club, name="Left")
    organiser_client.post(reverse("competitions:player-retire", args=[member.pk]))
    member.refresh_from_db()
    assert member.retired_at is not None and not selectors.is_guest(member)
    root = page(organiser_client, reverse("competitions:player-detail", args=[member.pk]))
    assert root.by_id("retired-note").text.startswith("Retired on ")
    assert "guest-note" not in ids(root) and "Member of KC De Pitslag" in root.text
    # A pair of guests made at a concours' door: its page says so too.
    concours = services.evening_create(
        club=club,
        name="Concours",
        rules=PRESETS["belote"],
        evening=EveningRules(entrants="pairs", rounds=3, pair_draw="lot"),
        by=organiser,
    )
    pair = services.evening_check_in_guest_pair(
        competition=concours, first="Dora Smit", second="Carl Visser", name="Westsiders"
    ).partnership
    assert pair is not None and selectors.is_guest(pair)
    root = page(Client(), reverse("competitions:partnership-detail", args=[pair.pk]))
    assert "A pair with a guest in it" in root.by_id("guest-note").text
    assert "Retired on" not in root.text
    # A guest made a member (brought into the club) is a member.
    organiser_client.post(reverse("competitions:player-return", args=[guest.pk]))
    guest.refresh_from_db()
    assert guest.retired_at is None and not selectors.is_guest(guest)


# -- 4f: a season ranks its members, not guests ---------------------------------------------------


def test_a_season_leaves_its_guests_out(club, organiser, organiser_client):
    season = Season.objects.get(
        pk=services.season_create(
            club=club, name="2026", rules=SeasonRules(minimum=2), by=organiser
        ).pk
    )
    first = make_evening(club, organiser, "First", season, rounds=1)
    check_in(first, NAMES[:3])
    services.evening_check_in_guest(competition=first, name="Visitor")
    services.evening_draw_round(competition=first, seed=1)
    type_round(first, 1)
    second = make_evening(club, organiser, "Second", season, rounds=1)
    check_in(second, NAMES[:4])
    services.evening_draw_round(competition=second, seed=2)
    type_round(second, 1)
    # A member who left the club mid-season is still in it.
    dirk = Player.objects.get(club=club, name="Dirk")
    organiser_client.post(reverse("competitions:player-retire", args=[dirk.pk]))
    with CaptureQueriesContext(connection) as queries:
        view = selectors.season_view(season)
    assert len(queries.captured_queries) == 8  # seven, and one to tell guests from members who left
    names = {line.name for line in view.lines}
    assert names == {"Anna", "Ben", "Cor", "Dirk"}
    root = page(organiser_client, reverse("evenings:season", args=[club.slug, season.pk]))
    assert "Visitor" not in root.text and "Dirk" in root.text


# -- 6: a pair by its team name, before the draw ---------------------------------------------------

PAIRS = [("Carl Visser", "Dora Smit", "Westsiders"), ("Anna Bakker", "Ben Mulder", "")]


def test_a_pair_known_by_its_team_name_is_named_with_its_players_before_the_draw(
    club, organiser, organiser_client
):
    evening = services.evening_create(
        club=club,
        name="Concours",
        rules=PRESETS["belote"],
        evening=EveningRules(entrants="pairs", rounds=3, pair_draw="lot"),
        by=organiser,
    )
    for first, second, name in PAIRS:
        services.evening_check_in_pair(
            competition=evening,
            first=Player.objects.create(club=club, name=first),
            second=Player.objects.create(club=club, name=second),
            name=name,
        )
    # The director's check-in list: one line a pair, the team's players under its name.
    root = page(organiser_client, url("evening", evening))
    line = next(li for li in root.by_id("checked-in").iter("li") if "Westsiders" in li.text)
    people = [s.text for s in line.iter("small") if s.has_class("people")]
    assert people == ["Carl Visser & Dora Smit"]
    other = next(li for li in root.by_id("checked-in").iter("li") if "Anna Bakker" in li.text)
    assert not [s for s in other.iter("small") if s.has_class("people")]
    # The room's screen: each player under their own name, as where to sit lists them.
    screen = page(Client(), reverse("screen:competition", args=[evening.slug]))
    names = [td.text for td in screen.iter("td") if td.has_class("c-name")]
    assert names == [
        "Anna Bakker, with Ben Mulder",
        "Ben Mulder, with Anna Bakker",
        "Carl Visser (Westsiders)",
        "Dora Smit (Westsiders)",
    ]
    assert "2 pairs checked in" in screen.text


# -- 5: whole phrases ---------------------------------------------------------------------------


def test_the_reneges_and_excused_pages_are_titled_in_whole_phrases(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser, renege_penalty=100)
    reneges = page(organiser_client, url("penalty", evening))
    assert next(reneges.iter("title")).text.startswith("Reneges at Friday drive")
    excused = page(organiser_client, url("excuse", evening))
    assert next(excused.iter("title")).text.startswith("Excused absences: Friday drive")


# -- 4d: the preview of a table with no game in play -------------------------------------------


def test_a_preview_with_no_game_in_play_is_answered_not_refused(club, organiser):
    evening = make_evening(club, organiser, rounds=1)
    check_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    side = Fixture.objects.get(competition=evening).sides.order_by("side", "id").first()
    address = reverse("tournaments:entry-preview", args=[side.entry_token])
    response = Client().post(address, {"makers": "0", "card_points_0": "90"})
    assert response.status_code == 200
    assert response.json() == {
        "valid": False,
        "over": True,
        "errors": {"game": "No game of this match is being played."},
    }
    assert Client().post(reverse("tournaments:entry-preview", args=["no-such"])).status_code == 404


def test_who_sits_out_the_round_being_played_is_said_to_sit_it_out(
    club, organiser, organiser_client
):
    # Trial 30: the check-in list said "Playing" for who sat out round 1.
    evening = make_evening(club, organiser)
    check_in(evening, NAMES[:5])
    services.evening_draw_round(competition=evening, seed=1)
    out = Round.objects.get(competition=evening, number=1).sitting_out.get()
    said = states(page(organiser_client, url("evening", evening)))
    assert said[out.name] == "Sits out round 1"
    assert list(said.values()).count("Playing") == 4
    type_round(evening, 1)
    services.evening_draw_round(competition=evening, number=2, seed=2)
    said = states(page(organiser_client, url("evening", evening)))
    out_two = Round.objects.get(competition=evening, number=2).sitting_out.get()
    assert said[out_two.name] == "Sits out round 2"
    if out_two != out:
        assert said[out.name] == "Playing"


def test_a_visitor_without_javascript_sees_a_running_evening_reload_itself(
    club, organiser, organiser_client
):
    # Trial 30: with JavaScript off the public evening page never showed a new result.
    evening = make_evening(club, organiser)
    check_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    refresh = 'http-equiv="refresh" content="30"'
    assert refresh in Client().get(url("evening", evening)).content.decode()
    # Not the director's page (its forms would be emptied), nor a finished evening.
    assert refresh not in organiser_client.get(url("evening", evening)).content.decode()
    type_round(evening, 1)
    services.evening_draw_round(competition=evening, number=2, seed=2)
    type_round(evening, 2)
    assert refresh not in Client().get(url("evening", evening)).content.decode()


def test_who_leaves_before_the_round_drawn_begins_is_left_out_when_it_is_drawn_again(
    club, organiser, organiser_client
):
    # Trial 30: leaving before the first deal said "Left after round 1" and the redraw seated
    # the leaver again.
    evening = make_evening(club, organiser)
    check_in(evening, NAMES[:8])
    services.evening_draw_round(competition=evening, seed=1)
    henk = evening.entrants.get(name=NAMES[0])
    # Round 1 would have been Henk's first: his check-in goes, with round 1's draw.
    response = organiser_client.post(url("leave", evening, henk.pk), follow=True)
    assert "draw of round 1, which seated them: draw it again" in response.content.decode()
    assert not evening.entrants.filter(pk=henk.pk).exists()
    assert not Round.objects.filter(competition=evening).exists()
    services.evening_draw_round(competition=evening, number=1, seed=3)
    first = Round.objects.get(competition=evening, number=1)
    drawn = set(
        FixtureSide.objects.filter(fixture__round=first).values_list("entrant_id", flat=True)
    )
    assert len(drawn | set(first.sitting_out.values_list("pk", flat=True))) == 7
    # Who played round 1 and leaves before round 2 begins does not play round 2: drawn
    # again, it leaves them out.
    type_round(evening, 1)
    services.evening_draw_round(competition=evening, number=2, seed=4)
    ben = evening.entrants.get(name=NAMES[1])
    response = organiser_client.post(url("leave", evening, ben.pk), follow=True)
    assert "draw it again to seat the others" in response.content.decode()
    ben.refresh_from_db()
    assert ben.left_after_round == 1
    assert states(page(organiser_client, url("evening", evening)))[ben.name] == "Left after round 1"
    services.evening_redraw_round(competition=evening, number=2, seed=5)
    second = Round.objects.get(competition=evening, number=2)
    seated = set(
        FixtureSide.objects.filter(fixture__round=second).values_list("entrant_id", flat=True)
    )
    out = set(second.sitting_out.values_list("pk", flat=True))
    assert ben.pk not in seated | out and len(seated | out) == 6
    # Once a round has begun, leaving is after it, as before.
    fixture = Fixture.objects.filter(round=second).first()
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    cor = evening.entrants.exclude(pk=ben.pk).get(name=NAMES[2])
    services.evening_leave(entrant=cor)
    cor.refresh_from_db()
    assert cor.left_after_round == 2


def test_a_mistaken_evening_is_deleted_from_its_edit_page_and_one_played_only_archived(
    club, organiser, organiser_client, scorer_client
):
    # Trial 30: nothing on the evening's pages led to removing an evening made by mistake.
    mistake = make_evening(club, organiser, name="Mistake evening")
    edit = page(organiser_client, reverse("evenings:edit", args=[mistake.slug]))
    delete = reverse("competitions:delete", args=[mistake.slug])
    assert delete in [a.attrs.get("href") for a in edit.by_id("remove-evening").iter("a")]
    assert scorer_client.post(delete).status_code == 403
    assert Client().post(delete).status_code == 302
    assert Competition.objects.filter(pk=mistake.pk).exists()
    response = organiser_client.post(delete)
    assert response["Location"] == reverse("evenings:club-list", args=[club.slug])
    assert not Competition.objects.filter(pk=mistake.pk).exists()
    # An evening with results is not deleted: archiving keeps them.
    played = make_evening(club, organiser, name="Played evening")
    check_in(played, NAMES[:4])
    services.evening_draw_round(competition=played, seed=1)
    type_round(played, 1)
    assert (
        organiser_client.post(reverse("competitions:delete", args=[played.slug])).status_code == 400
    )
    assert Competition.objects.filter(pk=played.pk).exists()


def test_a_season_is_deleted_by_an_organiser_and_its_evenings_stay(
    club, organiser, organiser_client, scorer_client
):
    season = Season.objects.create(club=club, name="2026 by mistake", created_by=organiser)
    evening = make_evening(club, organiser, season=season)
    edit = page(organiser_client, reverse("evenings:season-edit", args=[club.slug, season.pk]))
    delete = reverse("evenings:season-delete", args=[club.slug, season.pk])
    assert delete in [a.attrs.get("href") for a in edit.by_id("remove-season").iter("a")]
    asked = page(organiser_client, delete)
    assert "Its 1 evening is kept" in asked.text
    assert scorer_client.post(delete).status_code == 403
    assert Client().post(delete).status_code == 302
    assert Season.objects.filter(pk=season.pk).exists()
    response = organiser_client.post(delete, follow=True)
    assert response.redirect_chain[0][0] == reverse("evenings:club-list", args=[club.slug])
    assert "its 1 evening is kept, in no season" in response.content.decode()
    assert not Season.objects.filter(pk=season.pk).exists()
    evening.refresh_from_db()
    assert evening.season_id is None
    other = reverse("evenings:season-delete", args=["another-club", 999999])
    assert organiser_client.get(other).status_code == 404
