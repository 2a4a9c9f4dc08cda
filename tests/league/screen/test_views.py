"""The room's screen, the round clock and the join page: what the screen shows of an event and
of a club night (never a drafted round), how its pages turn without JavaScript, the clock's
controls for the director only, and the address phones scan."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.competitions import services as competitions_services
from league.management.commands.serve import Command as Serve
from league.models import Round, TournamentFormat
from league.screen import presenters
from league.screen import services as screen_services
from league.server import LISTENING_ON
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import (
    make_league,
    open_fixtures,
    page,
    play_by_links,
    publish_drafts,
    qr_encoded,
    query_count,
    refused,
    svg_qr_code,
    tournament,
)
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db


def screen_url(competition, **query) -> str:
    address = reverse("screen:competition", args=[competition.slug])
    if query:
        address += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return address


def pages_of(html: Element) -> list[Element]:
    return [e for e in html.iter("section") if e.has_class("screen-page")]


def titles(html: Element) -> list[str]:
    return [next(h for h in p.iter("h1")).text for p in pages_of(html)]


def shown(html: Element) -> list[Element]:
    return [p for p in pages_of(html) if "hidden" not in p.attrs]


def league_in_play(organiser, teams=4, **kwargs):
    """A league whose first round's first fixture has a game in play: one deal in."""
    league = make_league(organiser, teams=teams, **kwargs)
    fixture = league.fixtures.filter(round__number=1).order_by("id").first()
    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    from league.games import services as games_services

    games_services.game_add_deal(
        game=game, deal=Deal(makers=0, card_points=(100, 62)), by=organiser
    )
    game.refresh_from_db()
    return league, fixture, game


# -- an event's screen --------------------------------------------------------------------------
def test_a_leagues_screen_shows_the_rounds_tables_with_live_scores_and_the_standings(organiser):
    league, fixture, game = league_in_play(organiser)
    html = page(Client(), screen_url(league))
    assert titles(html) == ["Round 1: tables", "Next: Round 2, seats", "Standings"]
    first = pages_of(html)[0]
    rows = [r for r in first.iter("tr") if r.has_class("state-in-play")]
    assert len(rows) == 1
    totals = game.display_totals
    assert f"{totals[0]} – {totals[1]}" in rows[0].text
    assert "In play" in rows[0].text
    standings = pages_of(html)[2].text
    for n in range(1, 5):
        assert f"Pair {n}" in standings
    # Only the first page shows; the others wait their turn.
    assert [p.attrs["id"] for p in shown(html)] == ["screen-page-0"]
    assert "Still to finish: 2 tables" in first.text


def test_a_league_result_typed_from_the_paper_sheet_is_played_not_waiting_to_be_confirmed(
    organiser,
):
    # A league's results need no confirmation (a tournament's entry links do).
    league, fixture, _game = league_in_play(organiser)
    other = league.fixtures.filter(round__number=1).exclude(pk=fixture.pk).first()
    competitions_services.fixture_type_result(fixture=other, scores=[(512, 430)])
    rows = [r for r in pages_of(page(Client(), screen_url(league)))[0].iter("tr")]
    done = [r.text for r in rows if r.has_class("state-done")]
    assert len(done) == 1 and "Played" in done[0] and "confirm" not in done[0]


def test_the_screen_has_no_menu_follows_its_topics_and_turns_without_javascript(organiser):
    league, _, _ = league_in_play(organiser)
    response = Client().get(screen_url(league, panel=2, seconds=5))
    content = response.content.decode()
    html = page(Client(), screen_url(league, panel=2, seconds=5))
    assert not list(html.iter("nav"))
    metas = {m.attrs.get("name"): m.attrs.get("content") for m in html.iter("meta")}
    assert metas["live-topics"] == f"competition:{league.pk} competition:{league.pk}:play"
    # The last page goes back to the first, keeping the pace asked for.
    assert '<noscript><meta http-equiv="refresh" content="5;url=?panel=0&amp;seconds=5">' in content
    assert [p.attrs["id"] for p in shown(html)] == ["screen-page-2"]
    assert 'src="/static/js/screen.js"' in content
    assert html.by_id("screen-pages").attrs.get("data-live") is not None


@pytest.mark.parametrize("query", ["panel=abc", "panel=-4", "seconds=0", "seconds=x", "panel=99"])
def test_odd_screen_addresses_still_show_a_page(organiser, query):
    league, _, _ = league_in_play(organiser)
    assert Client().get(screen_url(league) + "?" + query).status_code == 200


def test_long_tables_are_cut_into_pages_that_fit(organiser):
    league = make_league(organiser, teams=20)
    html = page(Client(), screen_url(league))
    assert titles(html)[:2] == ["Round 1: tables 1 of 2", "Round 1: tables 2 of 2"]
    assert "Standings 1 of 2" in titles(html) and "Standings 2 of 2" in titles(html)
    for section in pages_of(html):
        body_rows = [r for tbody in section.iter("tbody") for r in tbody.iter("tr")]
        assert len(body_rows) <= max(presenters.TABLE_ROWS, presenters.STANDING_ROWS)


def test_the_screen_reads_in_the_same_queries_for_few_or_many_tables(organiser):
    counts = []
    for teams, name in ((4, "Small"), (16, "Big")):
        league = make_league(organiser, teams=teams, name=name, club_name=f"{name} club")
        for fixture in league.fixtures.filter(round__number=1):
            competitions_services.fixture_start_game(fixture=fixture, by=organiser)
        counts.append(query_count(Client(), screen_url(league)))
    assert counts[0] == counts[1]


def test_a_bracket_screen_reads_in_the_same_queries_for_4_or_16_entrants(organiser):
    counts = []
    for n in (4, 16):
        cup = tournament(organiser, n)
        tournaments_services.tournament_start(competition=cup)
        counts.append(query_count(Client(), screen_url(cup)))
    assert counts[0] == counts[1]


def test_a_knockouts_screen_shows_the_matches_to_play_and_the_bracket(organiser):
    cup = tournament(organiser, 8, third_place=True)
    tournaments_services.tournament_start(competition=cup)
    first, second, *_ = open_fixtures(cup)
    play_by_links(first, 0)
    play_by_links(second, 0)  # their winners meet in a semi-final, drawn at once
    html = page(Client(), screen_url(cup))
    names = titles(html)
    assert names[0] == "Matches to play"
    assert "Bracket" in names
    bracket = next(p for p in pages_of(html) if p.has_class("kind-bracket"))
    assert "Quarter-finals" in bracket.text and "Final" in bracket.text
    # The confirmed quarter-finals have left the matches to play; the semi-final has come.
    tables = pages_of(html)[0]
    assert len([r for tbody in tables.iter("tbody") for r in tbody.iter("tr")]) == 3
    assert "Still to finish: 3 tables" in tables.text


def test_a_drafted_swiss_round_stays_off_the_screen_until_published(organiser):
    cup = tournament(organiser, 6, TournamentFormat.SWISS, swiss_rounds=3)
    tournaments_services.tournament_start(competition=cup)
    assert cup.rounds.filter(draft=True).exists()
    html = page(Client(), screen_url(cup))
    assert not [p for p in pages_of(html) if p.has_class("kind-tables")]
    assert "Round 1 is drawn: its tables show here once the director publishes them." in html.text
    publish_drafts(cup)
    html = page(Client(), screen_url(cup))
    assert titles(html)[0] == "Round 1: tables"


def test_a_screen_of_a_tournament_not_started_says_so(organiser):
    cup = tournament(organiser, 4)
    html = page(Client(), screen_url(cup))
    assert "The draw is made when the director starts the tournament." in html.text


def test_an_unknown_event_has_no_screen():
    assert Client().get("/c/nothing-here/screen/").status_code == 404


# -- the club night's screen ----------------------------------------------------------------------
def test_a_club_nights_screen_shows_the_events_being_played(organiser):
    league, _, _ = league_in_play(organiser)
    quiet = competitions_services.competition_create(
        club=league.club,
        name="Summer league",
        rules=league.rules,
        entrant_kind=league.entrant_kind,
        by=organiser,
    )
    html = page(Client(), reverse("screen:club", args=[league.club.slug]))
    events = {p.text.split(" ")[0] for p in pages_of(html)}
    assert "Winter" in html.text and quiet.name not in html.text, events
    metas = {m.attrs.get("name"): m.attrs.get("content") for m in html.iter("meta")}
    assert metas["live-topics"] == f"club:{league.club.pk}"


def test_a_club_with_nothing_on_says_so(organiser):
    league = make_league(organiser)
    html = page(Client(), reverse("screen:club", args=[league.club.slug]))
    assert "Nothing is being played right now." in html.text


def test_a_league_night_dated_today_is_on_the_club_screen(organiser):
    league = make_league(organiser)
    league.rounds.filter(number=2).update(date=timezone.localdate())
    html = page(Client(), reverse("screen:club", args=[league.club.slug]))
    assert titles(html)[0] == "Round 2: tables"


# -- the round clock ------------------------------------------------------------------------------
def clock_url(competition, number=1) -> str:
    return reverse("screen:clock", args=[competition.slug, number])


def test_the_director_sets_starts_pauses_resumes_and_resets_the_clock(organiser_client, organiser):
    league, _, _ = league_in_play(organiser)
    address = clock_url(league)
    back = reverse("competitions:detail", args=[league.slug]) + "#room"
    response = organiser_client.post(address, {"action": "set", "minutes": "45"})
    assert response.status_code == 302 and response["Location"] == back
    night = Round.objects.get(competition=league, number=1)
    assert (night.clock_minutes, night.clock_ends_at, night.clock_paused_left) == (45, None, None)

    organiser_client.post(address, {"action": "start"})
    night.refresh_from_db()
    left = (night.clock_ends_at - timezone.now()).total_seconds()
    assert 44 * 60 < left <= 45 * 60
    html = page(Client(), screen_url(league))
    clock = next(e for e in html.iter("p") if e.has_class("clock"))
    assert clock.attrs["data-state"] == "running"
    assert int(clock.attrs["data-ends"]) == int(night.clock_ends_at.timestamp() * 1000)

    organiser_client.post(address, {"action": "pause"})
    night.refresh_from_db()
    assert night.clock_ends_at is None and 44 * 60 < night.clock_paused_left <= 45 * 60
    clock = next(e for e in page(Client(), screen_url(league)).iter("p") if e.has_class("clock"))
    assert "Paused" in clock.text and "data-ends" not in clock.attrs

    organiser_client.post(address, {"action": "resume"})
    night.refresh_from_db()
    assert night.clock_paused_left is None and night.clock_ends_at is not None

    organiser_client.post(address, {"action": "reset"})
    night.refresh_from_db()
    assert (night.clock_ends_at, night.clock_paused_left) == (None, None)
    clock = next(e for e in page(Client(), screen_url(league)).iter("p") if e.has_class("clock"))
    assert "45:00" in clock.text and "Not started" in clock.text


def test_a_tournaments_clock_goes_back_to_the_directors_page(organiser_client, organiser):
    cup = tournament(organiser, 4)
    tournaments_services.tournament_start(competition=cup)
    response = organiser_client.post(clock_url(cup), {"action": "set", "minutes": "30"})
    assert response["Location"] == reverse("tournaments:director", args=[cup.slug]) + "#room"
    director = page(organiser_client, reverse("tournaments:director", args=[cup.slug]))
    assert "30:00" in director.by_id("clock-now").text
    assert "Still to finish: 2 tables" in director.by_id("still-playing").text
    assert director.by_id("screen-link").attrs["href"] == screen_url(cup)


def test_a_clock_out_of_time_says_time(organiser):
    league = make_league(organiser)
    night = league.rounds.get(number=1)
    screen_services.round_clock_set(night=night, minutes=10)
    past = timezone.now() - datetime.timedelta(minutes=11)
    screen_services.round_clock_start(night=night, now=past)
    clock = next(e for e in page(Client(), screen_url(league)).iter("p") if e.has_class("clock"))
    assert clock.attrs["data-state"] == "over" and "Time" in clock.text


@pytest.mark.parametrize("minutes", ["", "0", "601", "lots"])
def test_bad_minutes_are_refused_next_to_the_field_and_nothing_is_saved(
    organiser_client, organiser, minutes
):
    league = make_league(organiser)
    response = organiser_client.post(clock_url(league), {"action": "set", "minutes": minutes})
    assert response.status_code == 400
    assert b'id="minutes-error"' in response.content
    assert Round.objects.get(competition=league, number=1).clock_minutes is None


@pytest.mark.parametrize("action", ["explode", ""])
def test_a_forged_button_is_refused_in_words_and_nothing_is_saved(
    organiser_client, organiser, action
):
    league = make_league(organiser)
    response = organiser_client.post(clock_url(league), {"action": action, "minutes": "30"})
    assert response.status_code == 400
    said = parse(response.content).by_id("error-summary").text
    assert said in (
        "Not saved: The clock has no such button: press one of those below.",
        "Not saved: Press one of the clock's buttons.",
    )
    assert Round.objects.get(competition=league, number=1).clock_minutes is None


def test_starting_a_clock_with_no_minutes_is_refused_by_the_field(organiser_client, organiser):
    league = make_league(organiser)
    response = organiser_client.post(clock_url(league), {"action": "start"})
    assert response.status_code == 400
    assert b"Set the round&#x27;s minutes first." in response.content


def test_pausing_a_clock_that_is_not_running_says_so_and_changes_nothing(
    organiser_client, organiser
):
    league = make_league(organiser)
    screen_services.round_clock_set(night=league.rounds.get(number=1), minutes=20)
    response = organiser_client.post(clock_url(league), {"action": "pause"}, follow=True)
    assert "The clock is not running." in response.content.decode()
    night = league.rounds.get(number=1)
    assert (night.clock_minutes, night.clock_paused_left) == (20, None)


def test_only_organisers_set_the_clock(scorer_client, organiser):
    league = make_league(organiser)
    for client, login in ((Client(), True), (scorer_client, False)):
        refused(client.post(clock_url(league), {"action": "set", "minutes": "30"}), login=login)
        refused(client.get(clock_url(league)), login=login)
    assert league.rounds.get(number=1).clock_minutes is None


def test_the_clock_of_a_round_that_does_not_exist_is_a_404(organiser_client, organiser):
    league = make_league(organiser)
    assert organiser_client.post(clock_url(league, 99), {"action": "start"}).status_code == 404


def test_a_leagues_page_has_the_clock_and_the_screen_link(organiser_client, organiser):
    league, _, _ = league_in_play(organiser)
    html = page(organiser_client, reverse("competitions:detail", args=[league.slug]))
    assert html.by_id("screen-link").attrs["href"] == screen_url(league)
    assert "Not set." in html.by_id("clock-now").text
    assert "Still to finish: 2 tables" in html.by_id("still-playing").text


def test_the_public_pages_link_the_screen(organiser):
    league = make_league(organiser)
    for name in ("competitions:fixtures", "competitions:standings"):
        html = Client().get(reverse(name, args=[league.slug])).content.decode()
        assert f'href="{screen_url(league)}"' in html
    club = Client().get(reverse("competitions:club-detail", args=[league.club.slug]))
    assert f'href="/clubs/{league.club.slug}/screen/"' in club.content.decode()


# -- joining by QR --------------------------------------------------------------------------------
def test_the_join_page_shows_the_sites_address_as_a_qr_code():
    html = page(Client(), "/join/")
    assert html.by_id("join-address").text == "http://testserver/"
    svg = next(html.by_id("join-qr").iter("svg"))
    assert svg_qr_code(svg) == qr_encoded("http://testserver/")
    assert any(a.attrs.get("href") == "/join/" for a in page(Client(), "/").iter("a"))


def test_on_the_laptop_itself_the_join_page_gives_its_address_on_the_network(monkeypatch):
    monkeypatch.setattr("league.screen.join.own_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setenv(LISTENING_ON, "0.0.0.0")  # HOST=0.0.0.0 make run
    html = page(Client(HTTP_HOST="localhost:8000"), "/join/")
    assert html.by_id("join-address").text == "http://192.168.1.20:8000/"
    svg = next(html.by_id("join-qr").iter("svg"))
    assert svg_qr_code(svg) == qr_encoded("http://192.168.1.20:8000/")
    html = page(Client(HTTP_HOST="127.0.0.1:8000"), "/join/")
    assert html.by_id("join-address").text == "http://192.168.1.20:8000/"
    assert "no phone can open it" not in html.text


def test_a_server_for_this_computer_only_says_no_phone_can_join_yet(monkeypatch):
    monkeypatch.setattr("league.screen.join.own_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setenv(LISTENING_ON, "127.0.0.1")  # make run without HOST
    html = page(Client(HTTP_HOST="127.0.0.1:8000"), "/join/")
    assert "HOST=0.0.0.0 make run" in html.by_id("join-only-here").text
    # No code or address a phone could never open.
    assert "127.0.0.1" not in html.text and not list(html.iter("svg"))


def test_entry_links_shown_on_the_laptop_are_addresses_a_phone_can_open(monkeypatch, organiser):
    monkeypatch.setattr("league.screen.join.own_addresses", lambda: ["192.168.1.20"])
    monkeypatch.setenv(LISTENING_ON, "0.0.0.0")
    competition = tournament(organiser, 2, name="Links")
    tournaments_services.tournament_start(competition=competition)
    director = Client(HTTP_HOST="localhost:8000")
    director.force_login(organiser)
    text = page(director, f"/c/{competition.slug}/director/").text
    assert "http://192.168.1.20:8000/m/" in text and "localhost:8000/m/" not in text


def test_the_screen_shows_the_join_code_in_a_corner(organiser):
    league = make_league(organiser)
    html = page(Client(), screen_url(league))
    join = next(e for e in html.iter("aside") if e.has_class("screen-join"))
    assert svg_qr_code(next(join.iter("svg"))) == qr_encoded("http://testserver/")


def test_serve_prints_the_join_page(monkeypatch):
    monkeypatch.setattr("league.management.commands.serve.own_addresses", lambda: ["192.168.1.20"])
    assert "http://192.168.1.20:8000/join/" in Serve.addresses("0.0.0.0", 8000)


def test_a_finished_match_waiting_for_its_confirmation_says_so_in_short(organiser):
    cup = tournament(organiser, 4, name="Short words")
    tournaments_services.tournament_start(competition=cup)
    first, _ = open_fixtures(cup)
    play_by_links(first, winner=0, confirm=False)
    tables = next(
        p for p in pages_of(page(Client(), screen_url(cup))) if p.has_class("kind-tables")
    )
    states = [td.text for td in tables.iter("td") if td.has_class("c-state")]
    assert "To confirm" in states and "Not started" in states
