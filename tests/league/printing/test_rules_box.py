"""The rules box printed on a sheet (a game's PDF, blank sheets) says each game's rules in its
own words, the rules page's short forms: klaverjas's nat, pit and roem, coinche's bid, factor,
dedans and rounding; part one's games keep the box they always printed. The PDFs' text is
read back as the other printing tests do."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from league.games.selectors import ruleset_lines
from league.rulebook.rules_box import rules_box_lines
from league.rulebook.text import set_award_short, tie_rule_short
from scoring import PRESETS, get_ruleset
from scoring.rules import PART_ONE_PRESETS
from tests.builders import start_game

AB, CD = "Anna & Ben", "Carl & Dora"


def flowing_text(pdf: bytes) -> str:
    """The PDF's words in reading order, every run of spaces and line ends made one space: a
    rules line the box wraps reads back whole."""
    assert pdf.startswith(b"%PDF-")
    pages = PdfReader(io.BytesIO(pdf)).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


KLAVERJAS_WORDS = (
    "On a set: makers nat, opponents 162 + both sides' roem. On a tie: nat too.",
    "stuk 20. Renege: 262, no roem written.",
    "Pit (every trick): 100 roem more, earned by the opponents too (tegenpit).",
)
COINCHE_WORDS = (
    "Contract: a bid of 80 to 250 by tens, or capot (250); contrée ×2, surcontrée ×4.",
    "Failed (dedans): defenders 160 + the bid + the announcements that counted + their "
    "belote-rebelote",
    "Doubled: the winner's score × the factor",
    "Renege: by the takers the contract fails, by the defenders it is made.",
    "Rounding: to the nearest ten, last; a contract is judged before it.",
)


@pytest.mark.parametrize(
    ("preset", "words", "not_said"),
    [
        ("klaverjas", KLAVERJAS_WORDS, ("belle", "Equal best melds", "+ own melds")),
        ("coinche", COINCHE_WORDS, ("belle", "makers XX", "both sides' points")),
    ],
)
def test_a_game_sheet_pdf_says_the_game_s_rules(
    client: Client, scorer, preset: str, words: tuple[str, ...], not_said: tuple[str, ...]
):
    game = start_game(scorer, preset, names=[AB, CD])
    text = flowing_text(client.get(reverse("printing:game-pdf", args=[game.pk])).content)
    for said in words:
        assert said in text, said
    for wrong in not_said:
        assert wrong not in text, wrong


@pytest.mark.parametrize(
    ("preset", "words"), [("klaverjas", KLAVERJAS_WORDS), ("coinche", COINCHE_WORDS)]
)
def test_a_blank_sheet_says_the_game_s_rules(client: Client, db, preset: str, words):
    response = client.get(
        reverse("printing:blank-sheets"), {"preset": preset, "sheets": "1", "page_size": "A4"}
    )
    text = flowing_text(response.content)
    for said in words:
        assert said in text, said


def test_part_one_keeps_its_rules_box():
    for preset in PART_ONE_PRESETS:
        assert rules_box_lines(PRESETS[preset]) == ruleset_lines(PRESETS[preset]), preset


def test_the_box_and_the_presets_table_share_their_short_words():
    for preset, rules in PRESETS.items():
        box = " ".join(rules_box_lines(rules))
        assert set_award_short(rules) in box, preset
        if not rules.bidding:
            assert f"On a tie: {tie_rule_short(rules)}." in box, preset


def test_a_belote_box_keeps_belote_rebelote_and_capot():
    box = rules_box_lines(PRESETS["belote"])
    assert box[1].startswith("On a set: makers only their belote-rebelote,")
    assert "Renege: 162 + own belote-rebelote." in box[2]
    assert "Capot (every trick): 252 card points instead of 162." in box
    assert not any("belle" in line for line in box)


def test_a_house_rule_and_a_fixed_contract_are_printed():
    box = rules_box_lines(get_ruleset("kalabriasz-4"))
    assert "Made when they reach the contract: 82." in box
    house = rules_box_lines(get_ruleset("klaverjas", deals=12))
    assert house[0] == "Klaverjas (Dutch): a game of 12 deals"
    assert house[-1] == "House rules: Deals in a game 12 deals (preset: 16 deals)"
