"""The presenter builds a tournament's display once: the public bracket page and the bracket's
PDF show the same round titles and the same boxes (ids, status words, names and scores),
read back from the HTML a browser gets and from the text of the PDF."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import EntrantKind, TournamentFormat
from league.tournaments import presenters
from league.tournaments import services as tournaments_services
from scoring import Deal, get_ruleset
from tests.builders import pdf_pages, play_by_links
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db


def double_in_progress(organiser):
    """Four players, double elimination with a reset: both winners' semi-finals confirmed,
    the winners' final finished but not confirmed, the losers' first round in play."""
    club = competitions_services.club_create(name="Double club")
    cup = tournaments_services.tournament_create(
        club=club,
        name="Double Open",
        rules=get_ruleset("klaberjass").replace(target=150),
        entrant_kind=EntrantKind.PLAYERS,
        format=TournamentFormat.DOUBLE,
        by=organiser,
        final_reset=True,
    )
    for name in ("Anna", "Ben", "Carl", "Dora"):
        player = competitions_services.player_add(club=club, name=name)
        competitions_services.entrant_add(competition=cup, player=player)
    tournaments_services.tournament_start(competition=cup)
    for match in ("W1-1", "W1-2"):
        play_by_links(
            cup.fixtures.get(bracket_match=match), winner=0, confirm=True, points=(120, 42)
        )
    play_by_links(cup.fixtures.get(bracket_match="W2-1"), winner=1, confirm=False, points=(120, 42))
    losers = cup.fixtures.get(bracket_match="L1-1")
    side = losers.sides.get(side=1)
    game = tournaments_services.token_start_game(side=side)
    tournaments_services.token_add_deal(
        side=side, game=game, deal=Deal(makers=0, card_points=(120, 42))
    )
    return cup


def page_boxes(root: Element) -> dict[str, tuple[str, str, list[tuple[str, str]]]]:
    """Each box of the page: (tag, status words, [(name, score)] a side)."""
    found = {}
    for li in root.by_id("bracket").iter("li"):
        if not li.has_class("match"):
            continue

        def text(cls: str, within: Element = li) -> str:
            return " ".join(e.text for e in within.iter("span") if e.has_class(cls))

        sides = [
            (text("name", side), text("score", side))
            for side in li.iter("li")
            if side.has_class("side")
        ]
        found[li.attrs["id"].removeprefix("match-")] = (
            text("match-title"),
            text("match-status"),
            sides,
        )
    return found


def test_the_page_and_the_pdf_show_the_same_round_titles_and_boxes(organiser):
    cup = double_in_progress(organiser)
    client = Client()
    root = parse(client.get(reverse("tournaments:bracket", args=[cup.slug])).content)
    pdf = "\n".join(pdf_pages(client.get(reverse("printing:bracket-pdf", args=[cup.slug])).content))

    titles = [h.text for h in root.by_id("bracket").iter("h4")]
    assert titles == [
        "Winners' semi-finals",
        "Winners' final",
        "Losers' round 1",
        "Losers' final",
        "Grand final",
        "Reset, if needed",
    ]
    for title in titles:
        assert title in pdf, title

    boxes = page_boxes(root)
    assert set(boxes) == {"W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF", "GF2"}
    # The statuses a tournament in progress goes through, in the words both show.
    assert boxes["W1-1"][1] == "Played" and boxes["W2-1"][1] == "Finished, to be confirmed"
    assert boxes["L1-1"][1].startswith("In play at table ") and boxes["GF"][1] == "Waiting"
    assert boxes["L2-1"][2][1][0] == "Loser of W2-1" and boxes["GF2"][2][0][0] == "Loser of GF"
    for box_id, (tag, status, sides) in boxes.items():
        # Over each printed box: its id, its tag (none here) and the page's status words.
        assert " \u00b7 ".join(w for w in (box_id, tag, status) if w) in pdf, box_id
        for name, score in sides:
            if score:  # a name and its score on one line of the box
                assert re.search(rf"{re.escape(name)}\s+{score}\b", pdf), (box_id, name, score)
            else:
                assert name in pdf, (box_id, name)


def test_the_page_and_the_paper_group_the_same_boxes(organiser):
    cup = double_in_progress(organiser)
    display = presenters.bracket_display(cup)
    assert display is not None and not display.provisional

    def boxes(sections):
        return sorted(
            (box.id, box.label, box.names, box.scores, box.winner)
            for section in sections
            for column in section.columns
            for box in column.boxes
        )

    assert [s.title for s in display.sections] == ["Winners' bracket", "Losers' bracket", "Finals"]
    printed = display.print_sections()
    assert [s.title for s in printed] == ["Winners' bracket and grand final", "Losers' bracket"]
    assert boxes(display.sections) == boxes(printed)
    # On paper the grand final hangs off the winners' final beside it; on the page it is apart.
    feeds = {box.id: box.feeds for s in printed for c in s.columns for box in c.boxes}
    assert feeds["GF"] == ("W2-1", None) and feeds["W2-1"] == ("W1-1", "W1-2")
    page_feeds = {box.id: box.feeds for s in display.sections for c in s.columns for box in c.boxes}
    assert page_feeds["GF"] == (None, None)


def test_round_titles_and_places_are_one_set_of_words():
    from scoring.brackets import double_elimination, single_elimination

    single = single_elimination(8, third_place=True)
    double = double_elimination(8, reset=True)
    titles = {m.id: presenters.round_title(single, m) for m in single.matches}
    assert titles["W1-1"] == "Quarter-final" and titles["W2-1"] == "Semi-final"
    assert titles["W3-1"] == "Final" and titles["3P"] == "Third-place match"
    words = {m.id: presenters.round_title(double, m) for m in double.matches}
    assert words["W1-1"] == "Winners' quarter-final" and words["GF2"] == "Grand final reset"
    assert presenters.column_title(double, double.by_id["W1-1"]) == "Winners' quarter-finals"
    assert presenters.column_title(double, double.by_id["GF2"]) == "Reset, if needed"
    assert presenters.place_texts([1, 2, 3, 3]) == ["1", "2", "3=", "3="]
    assert presenters.pool_name(0) == "Pool 1"
    # Inside a sentence, only the first letter goes small: a name keeps its capital.
    assert presenters.in_sentence("Forfeit by Anna") == "forfeit by Anna"
    assert presenters.score_text(("240", "84")) == "240 \u2013 84"
    assert presenters.score_text(("", "")) == ""


def test_the_renderers_draw_the_presenters_dataclasses_without_django():
    # The renderers name the presenter's types for type checking only: run on their own,
    # they load no database and no model, as a renderer should (a plain dataclass in, bytes
    # out). Their headings are words in the active language: Django's translation, only.
    code = (
        "import sys, league.printing.pdf.tournament; "
        "print(any(m.startswith(('django.db', 'league.models', 'django.contrib')) "
        "for m in sys.modules))"
    )
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
