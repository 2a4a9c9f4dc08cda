"""The evening page and the new evening's form after the fresh-eye trial (trial 28): a refused
paper result opens at its summary with the cursor in the first wrong field; a finished
evening says so with its prizes and keeps no leave/come-back buttons or round clock; a round
still finishing while the next is drawn is named by its number, and the clock is the newest
round's; the ranking's total and prize come first; pairs check in with one tap; a new evening
from a season's page is that season's, and a quick choice keeps what was typed; a refused
redraw is said once."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from league.evenings import services
from league.models import Club, Competition, Fixture, Partnership, Player, Round
from scoring.evenings import EveningRules, SeasonRules
from scoring.rules import PRESETS
from tests.builders import page, refused
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Cor", "Dirk", "Els", "Fien", "Gerrit", "Hanna"]


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


def check_in(evening, names) -> None:
    for player in members(evening.club, names):
        services.evening_check_in(competition=evening, player=player)


def url(name: str, evening: Competition, *args) -> str:
    return reverse(f"evenings:{name}", args=[evening.slug, *args])


def ids(root: Element) -> set[str]:
    return {e.attrs["id"] for e in root.iter() if "id" in e.attrs}


def with_autofocus(root: Element) -> list[Element]:
    return [e for e in root.iter() if "autofocus" in e.attrs]


# -- 7: a refused paper result ------------------------------------------------------------------


def test_a_refused_paper_result_opens_at_its_summary_with_the_first_wrong_field_focused(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser)
    check_in(evening, NAMES)
    services.evening_draw_round(competition=evening, seed=1)
    fixture = Fixture.objects.filter(competition=evening).order_by("table").last()
    side0, side1 = f"id_table-{fixture.pk}-side0", f"id_table-{fixture.pk}-side1"
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk),
        {f"table-{fixture.pk}-side0": "1500", f"table-{fixture.pk}-side1": "1000"},
    )
    assert response.status_code == 400
    root = parse(response.content)
    summary = root.by_id("error-summary")
    assert "data-error-summary" in summary.attrs
    assert f"Table {fixture.table}: the result is not saved." in summary.text
    assert "less than 16 deals of 162" in summary.text
    (link,) = summary.iter("a")
    assert link.attrs["href"] == f"#{side0}" and "less than 16 deals" in link.text
    # The summary comes before the tables: the top of the page.
    order = [e.attrs.get("id") for e in root.iter() if e.attrs.get("id")]
    assert order.index("error-summary") < order.index("tables")
    # The cursor in the first wrong field, without JavaScript too; both fields marked.
    (focused,) = with_autofocus(root)
    assert focused.attrs["id"] == side0
    assert root.by_id(side1).attrs.get("aria-invalid") == "true"
    assert "less than 16 deals" in root.by_id(f"table-{fixture.pk}-error").text
    # No second, reason-less line at the top.
    assert "the result is not saved" not in " ".join(
        li.text for li in root.iter("li") if li.has_class("message")
    )
    # A field that is no number: the summary leads to it, and it has the cursor.
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk),
        {f"table-{fixture.pk}-side0": "1500", f"table-{fixture.pk}-side1": "many"},
    )
    root = parse(response.content)
    (link,) = root.by_id("error-summary").iter("a")
    assert link.attrs["href"] == f"#{side1}"
    (focused,) = with_autofocus(root)
    assert focused.attrs["id"] == side1
    fixture.refresh_from_db()
    assert fixture.typed_scores is None


def test_a_refused_correction_of_an_earlier_round_opens_that_round(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser)
    check_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    fixture = Fixture.objects.get(competition=evening)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    services.evening_draw_round(competition=evening, seed=2)
    assert (
        "open" not in page(organiser_client, url("evening", evening)).by_id("earlier-rounds").attrs
    )
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk),
        {f"table-{fixture.pk}-side0": "1500", f"table-{fixture.pk}-side1": "1000"},
    )
    root = parse(response.content)
    assert "open" in root.by_id("earlier-rounds").attrs
    (focused,) = with_autofocus(root)
    assert focused.attrs["id"] == f"id_table-{fixture.pk}-side0"


# -- 9: a finished evening, a round drawn early ------------------------------------------------


def _finished_evening(club, organiser) -> Competition:
    evening = make_evening(club, organiser, rounds=1)
    check_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    return evening


def test_a_finished_evening_says_so_with_its_prizes_and_no_leaving_or_clock(
    club, organiser, organiser_client
):
    evening = _finished_evening(club, organiser)
    running = page(organiser_client, url("evening", evening))
    assert "Leaving" in running.by_id("checked-in").text
    assert "round-clock" in ids(running) and "finished" not in ids(running)
    fixture = Fixture.objects.get(competition=evening)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    for client in (organiser_client, Client()):
        root = page(client, url("evening", evening))
        banner = root.by_id("finished")
        assert "The evening is finished" in banner.text
        prizes = [li.text for li in banner.by_id("prize-list").iter("li")]
        assert prizes[0].startswith("Meat parcel") and "(1500)" in prizes[0]
        # The last place, shared by the two at 1172, takes the booby prize instead of a place's.
        assert len(prizes) == 4 and prizes[1].startswith("Wine")
        assert all(p.startswith("Booby prize") for p in prizes[2:])
        assert root.by_id("results-pdf").attrs["href"] == reverse(
            "printing:evening-results", args=[evening.slug]
        )
    director = page(organiser_client, url("evening", evening))
    assert "Leaving" not in director.by_id("checked-in").text
    assert "round-clock" not in ids(director) and "Set the minutes" not in director.text
    left = evening.entrants.order_by("id").first()
    left.left_after_round = 1
    left.save()
    director = page(organiser_client, url("evening", evening))
    assert "Back" not in [b.text for b in director.by_id("checked-in").iter("button")]


def test_a_round_still_finishing_is_named_and_the_clock_is_the_newest_rounds(
    club, organiser, organiser_client
):
    evening = make_evening(club, organiser)
    check_in(evening, NAMES)
    services.evening_draw_round(competition=evening, seed=1)
    first, second = Fixture.objects.filter(competition=evening).order_by("table")
    services.evening_paper_result(fixture=first, scores=(1500, 1172))
    services.evening_draw_round(competition=evening, seed=2)
    room = page(organiser_client, url("evening", evening)).by_id("room")
    lines = [li.text for li in room.by_id("still-playing").iter("li")]
    assert lines == [
        f"Round 1: still to finish: table {second.table}",
        "Round 2: still to finish: tables 1 and 2",
    ]
    clock = room.by_id("round-clock")
    assert "Round 2 clock" in clock.text
    (form,) = clock.iter("form")
    assert form.attrs["action"] == reverse("screen:clock", args=[evening.slug, 2])


# -- 14: the ranking's total and prize first ----------------------------------------------------


def test_the_rankings_total_and_prize_come_before_the_rounds(club, organiser, organiser_client):
    evening = _finished_evening(club, organiser)
    fixture = Fixture.objects.get(competition=evening)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    table = page(Client(), url("evening", evening)).by_id("ranking-table")
    heads = [th.text for th in next(table.iter("thead")).iter("th")]
    assert heads == ["Place", "Name", "Total", "R1"]
    first = next(next(table.iter("tbody")).iter("tr"))
    cells = [c.text for c in first.iter() if c.tag in ("td", "th")]
    assert "Meat parcel" in cells[1] and cells[2] == "1500"


# -- 15: pairs check in with one tap ------------------------------------------------------------


def test_pairs_check_in_with_one_tap_and_pairs_with_a_player_in_are_not_offered(
    club, organiser, organiser_client, scorer_client
):
    evening = make_evening(club, organiser, entrants="pairs", pair_draw="lot")
    a, b, c, d, e = members(club, NAMES[:5])
    ab = Partnership.objects.create(club=club, first=a, second=b)
    cd = Partnership.objects.create(club=club, first=c, second=d)
    ae = Partnership.objects.create(club=club, first=a, second=e)
    director = page(organiser_client, url("evening", evening))
    offered = director.by_id("pairs-to-check-in")
    assert [f.attrs.get("value") for f in offered.iter("input") if f.attrs.get("type") == "hidden"]
    response = organiser_client.post(url("check-in-pair", evening), {"pair-partnership": ab.pk})
    assert response.status_code == 302 and response["Location"].endswith("#check-in")
    assert evening.entrants.get().partnership == ab
    director = page(organiser_client, url("evening", evening))
    listed = {
        i.attrs["value"]
        for i in director.by_id("pairs-to-check-in").iter("input")
        if i.attrs.get("name") == "pair-partnership"
    }
    assert listed == {str(cd.pk)}  # not Anna & Ben (in), not Anna & Els (Anna is in)
    # The form makes a new pair of two members not checked in yet: no pair menu.
    form = director.by_id("pair-form")
    assert "id_pair-partnership" not in ids(form)
    offered_players = {o.attrs["value"] for o in form.by_id("id_pair-first").iter("option")}
    assert str(a.pk) not in offered_players and str(e.pk) in offered_players
    # A stale page's tap on a pair whose player is in: refused by the list, nothing saved.
    response = organiser_client.post(url("check-in-pair", evening), {"pair-partnership": ae.pk})
    assert response.status_code == 400
    assert "already checked in" in parse(response.content).by_id("check-in-error").text
    assert evening.entrants.count() == 1
    response = organiser_client.post(url("check-in-pair", evening), {"pair-partnership": "x"})
    assert response.status_code == 400
    refused(Client().post(url("check-in-pair", evening), {"pair-partnership": cd.pk}), login=True)
    refused(
        scorer_client.post(url("check-in-pair", evening), {"pair-partnership": cd.pk}), login=False
    )
    assert evening.entrants.count() == 1


# -- 16: a new evening from a season; quick choices keep what was typed --------------------------


def test_a_new_evening_from_a_seasons_page_is_that_seasons(club, organiser, organiser_client):
    season = services.season_create(
        club=club, name="Season 2026", rules=SeasonRules(), by=organiser
    )
    services.season_create(club=club, name="Season 2025", rules=SeasonRules(), by=organiser)
    elders = Club.objects.create(name="Elders", slug="elders")
    theirs = services.season_create(
        club=elders, name="Their season", rules=SeasonRules(), by=organiser
    )
    link = page(organiser_client, reverse("evenings:season", args=[club.slug, season.pk]))
    address = link.by_id("new-evening").attrs["href"]
    assert address == reverse("evenings:new", args=[club.slug]) + f"?season={season.pk}"

    def chosen(address: str) -> list[str]:
        select = page(organiser_client, address).by_id("id_season")
        return [o.attrs["value"] for o in select.iter("option") if "selected" in o.attrs]

    assert chosen(address) == [str(season.pk)]
    new = reverse("evenings:new", args=[club.slug])
    for other in (str(theirs.pk), "x", "99999999999999999999999"):
        assert chosen(f"{new}?season={other}") == [""]


def test_a_quick_choice_keeps_the_name_night_and_season_typed(
    club, organiser, organiser_client, scorer_client
):
    season = services.season_create(
        club=club, name="Season 2026", rules=SeasonRules(), by=organiser
    )
    new = reverse("evenings:new", args=[club.slug])
    root = page(organiser_client, new)
    buttons = {
        b.attrs["value"]: b.attrs
        for b in root.by_id("quick-choices").iter("button")
        if b.attrs.get("name") == "like"
    }
    assert set(buttons) == {"drive", "bedum", "pitslag", "concours"}
    assert all("formnovalidate" in b for b in buttons.values())
    # Enter in a field sets the evening up: the form's own button comes first in it.
    form = root.by_id("evening-form")
    first = next(form.iter("button"))
    assert "name" not in first.attrs and first.has_class("default-submit")
    response = organiser_client.post(
        new,
        {
            "like": "bedum",
            "name": "Christmas drive",
            "held_on": "2026-12-18",
            "season": str(season.pk),
            "rounds": "9",
        },
    )
    assert response.status_code == 200
    root = parse(response.content)
    values = {i.attrs.get("name"): i.attrs.get("value") for i in root.iter("input")}
    assert values["name"] == "Christmas drive" and values["held_on"] == "2026-12-18"
    assert values["deals"] == "12" and values["rounds"] == "4"  # the choice's, not the typed 9
    chosen = [
        o.attrs["value"] for o in root.by_id("id_season").iter("option") if "selected" in o.attrs
    ]
    assert chosen == [str(season.pk)]
    assert not root.by_id("quick-choices").text.count("error")
    assert "error-summary" not in ids(root)
    assert not Competition.objects.filter(name="Christmas drive").exists()
    # Another club's season, or a night that is no date, is not kept.
    theirs = services.season_create(
        club=Club.objects.create(name="Elders", slug="elders"),
        name="Theirs",
        rules=SeasonRules(),
        by=organiser,
    )
    response = organiser_client.post(
        new, {"like": "concours", "name": "X", "held_on": "soon", "season": str(theirs.pk)}
    )
    assert response.status_code == 200
    root = parse(response.content)
    chosen = [
        o.attrs["value"] for o in root.by_id("id_season").iter("option") if "selected" in o.attrs
    ]
    assert chosen == [""]
    assert root.by_id("id_held_on").attrs["value"] != "soon"
    refused(Client().post(new, {"like": "bedum"}), login=True)
    refused(scorer_client.post(new, {"like": "bedum"}), login=False)


# -- 17: a refused redraw is said once ----------------------------------------------------------


def test_a_refused_redraw_is_said_once_where_its_button_was(club, organiser, organiser_client):
    evening = make_evening(club, organiser)
    check_in(evening, NAMES[:4])
    services.evening_draw_round(competition=evening, seed=1)
    fixture = Fixture.objects.get(competition=evening)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    response = organiser_client.post(url("redraw", evening), {"round": "1"})
    assert response.status_code == 400
    root = parse(response.content)
    assert "has started" in root.by_id("redraw-error").text
    assert root.text.count("has started") == 1
    assert Round.objects.filter(competition=evening).count() == 1


def test_a_check_in_is_confirmed_in_the_check_in_section_where_the_tap_was(
    club, organiser, organiser_client
):
    # Trial 29: on a phone the page came back at #check-in and the confirmation was at the
    # top, off the screen; the tapped name just vanished from the list.
    evening = make_evening(club, organiser)
    anna, _ben = members(club, NAMES[:2])
    response = organiser_client.post(url("check-in", evening), {"player": anna.pk}, follow=True)
    root = parse(response.content)
    said = root.by_id("check-in-messages")
    assert said is not None and f"{anna.name} checked in." in said.text
    assert "check-in-messages" in ids(root.by_id("check-in"))
    assert root.text.count(f"{anna.name} checked in.") == 1
