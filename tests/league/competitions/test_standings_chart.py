"""The standings' position chart: each entrant's position after each night, on the page and on
the printed standings; the last night's positions are the table's own; one query, kept."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from league.competitions import services
from league.models import TournamentFormat
from league.tournaments import services as tournaments_services
from tests.builders import (
    fixtures_of,
    make_league,
    open_fixtures,
    play_by_links,
    query_count,
    tournament,
)
from tests.league.html import parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(organiser):
    league = make_league(organiser, teams=6, tiebreaks=["match_points", "buchholz", "points_for"])
    # three nights of results: the home side wins two in three, by margins that vary
    for i, fixture in enumerate(f for f in fixtures_of(league) if f.round.number <= 3):
        score = (300 + 10 * i, 510 + 3 * i) if i % 3 == 1 else (500 + 9 * i, 200 + 17 * i)
        services.fixture_type_result(fixture=fixture, scores=[score])
    return league


def cells(tr):
    return [c.text for c in tr.iter() if c.tag in ("th", "td")]


def test_the_page_shows_positions_night_by_night_ending_at_the_tables_ranks(league):
    html = Client().get(reverse("competitions:standings", args=[league.slug])).content.decode()
    assert not re.search(r"\sstyle=", html)
    page = parse(html)
    figure = page.by_id("positions-chart")
    assert next(figure.iter("svg")).attrs["role"] == "img"
    caption = next(figure.iter("figcaption")).text
    assert caption.startswith("Positions night by night.")
    assert any(
        words in caption
        for words in ("is first after night 3", "went top after night 3", "share first place")
    )
    numbers = [cells(tr) for tr in page.by_id("positions-chart-numbers").iter("tr")]
    assert numbers[0][0] == "Night" and [row[0] for row in numbers[1:]] == ["1", "2", "3"]
    # the standings table: rank (with "=" for a tie) and name of each entrant, in order
    table = [cells(tr) for tr in page.by_id("standings").iter("tr")][1:]
    ranks = {row[1]: row[0].rstrip("=") for row in table}
    assert numbers[0][1:] == [row[1] for row in table]  # six entrants: all drawn, leaders first
    assert dict(zip(numbers[0][1:], numbers[-1][1:], strict=True)) == ranks
    # each line's label at the end of the chart: its position and name
    labels = [t.text for t in next(figure.iter("svg")).iter("text")]
    assert f"{table[0][0].rstrip('=')} {table[0][1]}" in labels


def test_the_positions_cost_one_query_then_none(league):
    client = Client()
    address = reverse("competitions:standings", args=[league.slug])
    first = query_count(client, address)
    assert query_count(client, address) == first - 1  # kept
    # a new result changes the table: worked out again
    fixture = next(f for f in fixtures_of(league) if not f.finished)
    services.fixture_type_result(fixture=fixture, scores=[(520, 100)])
    assert query_count(client, address) == first
    assert "night 4" in parse(client.get(address).content).by_id("positions-chart").text


def test_no_result_no_chart(organiser):
    league = make_league(organiser, teams=4)
    page = parse(Client().get(reverse("competitions:standings", args=[league.slug])).content)
    assert not list(page.iter("figure"))


def test_a_swiss_has_positions_round_by_round(organiser):
    swiss = tournament(organiser, 4, TournamentFormat.SWISS, swiss_rounds=3)
    tournaments_services.tournament_start(competition=swiss)
    for _ in range(2):
        for fixture in open_fixtures(swiss):
            play_by_links(fixture, winner=0)
    page = parse(Client().get(reverse("competitions:standings", args=[swiss.slug])).content)
    numbers = [cells(tr) for tr in page.by_id("positions-chart-numbers").iter("tr")]
    assert [row[0] for row in numbers[1:]] == ["1", "2"]
    table = [cells(tr) for tr in page.by_id("standings").iter("tr")][1:]
    assert dict(zip(numbers[0][1:], numbers[-1][1:], strict=True)) == {
        row[1]: row[0].rstrip("=") for row in table
    }


@pytest.mark.parametrize("fmt", [TournamentFormat.SINGLE, TournamentFormat.POOLS])
def test_a_knockout_or_pools_has_no_position_chart(organiser, fmt):
    options = {"pool_count": 2, "pool_top_k": 1} if fmt == TournamentFormat.POOLS else {}
    cup = tournament(organiser, 4, fmt, **options)
    response = Client().get(reverse("competitions:standings", args=[cup.slug]))
    assert response.status_code == 200
    assert b"positions-chart" not in response.content


def test_the_printed_standings_have_the_chart(league):
    response = Client().get(reverse("printing:standings-pdf", args=[league.slug]))
    reader = PdfReader(io.BytesIO(response.content))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Positions night by night" in text
    page = parse(Client().get(reverse("competitions:standings", args=[league.slug])).content)
    leader = [cells(tr) for tr in page.by_id("standings").iter("tr")][1]
    assert f"{leader[0].rstrip('=')} {leader[1]}" in text  # the leader's label: "1 Pair 4"
    assert "night" in text


def test_a_swiss_chart_says_round_where_a_league_s_says_night(organiser, league):
    swiss = tournament(organiser, 4, TournamentFormat.SWISS, swiss_rounds=3)
    tournaments_services.tournament_start(competition=swiss)
    for _ in range(2):
        for fixture in open_fixtures(swiss):
            play_by_links(fixture, winner=0)
    for event, step in ((swiss, "Round"), (league, "Night")):
        page = parse(Client().get(reverse("competitions:standings", args=[event.slug])).content)
        figure = page.by_id("positions-chart")
        caption = next(figure.iter("figcaption")).text
        assert caption.startswith(f"Positions {step.lower()} by {step.lower()}.")
        numbers = [cells(tr) for tr in page.by_id("positions-chart-numbers").iter("tr")]
        assert numbers[0][0] == step
        other = "night" if step == "Round" else "round"
        assert f" {other} " not in f" {caption} "
        pdf = Client().get(reverse("printing:standings-pdf", args=[event.slug])).content
        text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
        assert f"Positions {step.lower()} by {step.lower()}" in text


def test_one_night_draws_no_chart_on_the_page(organiser):
    league = make_league(organiser, teams=4)
    for fixture in (f for f in fixtures_of(league) if f.round.number == 1):
        services.fixture_type_result(fixture=fixture, scores=[(510, 300)])
    page = parse(Client().get(reverse("competitions:standings", args=[league.slug])).content)
    assert not list(page.iter("figure"))
