"""The game sheet's chart: each side's running total, the target, the sets; on the page (SVG,
text alternative, the numbers) and on the printed sheet, for no query more."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.builders import add, pdf_pages, query_count, start_game
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def played(scorer, deals: int):
    game = start_game(scorer, target=100_000)
    for n in range(deals):
        # Anna & Ben make it; every third deal Carl & Dora make trump and go set
        if n % 3 == 2:
            add(game, scorer, makers=1, card_points=(100, 62))
        else:
            add(game, scorer, makers=0, card_points=(90, 72))
    return game


def test_the_sheet_shows_the_chart_its_words_and_numbers(scorer):
    game = played(scorer, 3)
    response = Client().get(reverse("games:detail", args=[game.pk]))
    html = response.content.decode()
    assert not re.search(r"\sstyle=", html)  # the CSP would refuse any
    page = parse(html)
    figure = page.by_id("game-chart")
    svg = next(figure.iter("svg"))
    assert svg.attrs["role"] == "img"
    assert svg.attrs["aria-labelledby"] == "game-chart-title game-chart-desc"
    summary = "Anna & Ben led throughout. Carl & Dora went set once (deal 3)."
    assert summary in next(figure.iter("desc")).text
    assert summary in next(figure.iter("figcaption")).text
    assert "target 100000" in [t.text for t in svg.iter("text")]
    numbers = page.by_id("game-chart-numbers")
    rows = [[c.text for c in tr.iter() if c.tag in ("th", "td")] for tr in numbers.iter("tr")]
    assert rows == [
        ["Deal", "Anna & Ben", "Carl & Dora"],
        ["1", "90", "72"],
        ["2", "180", "144"],
        ["3", "280", "144 (XX)"],
    ]


def test_a_game_with_no_deal_shows_no_chart(scorer):
    game = start_game(scorer)
    page = parse(Client().get(reverse("games:detail", args=[game.pk])).content)
    assert not [e for e in page.iter("figure")]


def test_the_chart_costs_no_query(scorer):
    # A game's sheet page reads the same queries with 2 deals as with 20, chart and all: the
    # chart is drawn from the sheet's own rows.
    client = Client()
    few, many = played(scorer, 2), played(scorer, 20)
    counts = {query_count(client, reverse("games:detail", args=[g.pk])) for g in (few, many)}
    assert counts == {2}  # the game, its deals


def test_the_printed_sheet_has_the_chart(scorer):
    game = played(scorer, 3)
    pages = pdf_pages(Client().get(reverse("printing:game-pdf", args=[game.pk])).content)
    text = "\n".join(pages)
    assert "The game deal by deal" in text
    assert "a deal in which the makers were set (XX)" in text
    assert "target 100000" in text
