"""The engine's words in the reader's language (league/engine_words.py): a refusal's template
and the words inside it are looked up in the catalog, labels too, and pages print them so.

The catalogs are built from the translations later, so these tests stand a fake translator in
for gettext (every template turned into "«...»" with its placeholders kept, a few given real
words) and check the mechanism, not the German."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from league import engine_words
from league.engine_words import engine_catalog, engine_message, engine_word
from league.errors import Refused
from scoring import MELD_LABELS, TIEBREAKS, Deal, InvalidDeal, get_ruleset, play_game, score_deal
from scoring.formats import competition_problems

FAKE = {
    "%(who)s has %(points)d card points; a side takes from 0 to %(total)d.": (
        "Von 0 bis %(total)d: %(who)s hat %(points)d"
    ),
    "Partnership %(number)d": "Paar %(number)d",
    "Deal %(number)d: %(message)s": "Spiel %(number)d: %(message)s",
    "Run of 3": "Folge von 3",
    "Evansville Clabber": "Evansville-Clabber",
    "%(game)s is played by partnerships: enter partnerships, or individuals whose partners "
    "change every round.": "%(game)s: Paare",
    "%(game)s plays every card: card points must add up to %(total)d, these add up to "
    "%(summed)d.": "%(spiel)s: a placeholder the English does not have",
}


def fake_gettext(message: str) -> str:
    return FAKE.get(message, f"«{message}»")


def fake_pgettext(context: str, message: str) -> str:
    return f"[{context}] {message}"


@pytest.fixture
def german(monkeypatch):
    monkeypatch.setattr(engine_words, "gettext", fake_gettext)
    monkeypatch.setattr(engine_words, "pgettext", fake_pgettext)
    with translation.override("de"):
        yield


def refusal(rules_name: str, deal: Deal, **kwargs) -> InvalidDeal:
    with pytest.raises(InvalidDeal) as caught:
        score_deal(get_ruleset(rules_name), deal, **kwargs)
    return caught.value


def test_english_is_the_engines_own():
    error = refusal("clabber", Deal(makers=0, card_points=(170, 0)))
    assert engine_message(error) == str(error)
    assert engine_message(error.message) == str(error)
    assert engine_word(MELD_LABELS["run3"]) == "Run of 3"
    assert engine_message("Already translated words") == "Already translated words"


def test_template_and_word_params_are_translated(german):
    error = refusal("clabber", Deal(makers=0, card_points=(170, 0)))
    assert engine_message(error) == "Von 0 bis 162: Paar 1 hat 170"
    # The message passed on (a Term) says the same; a given name stays as given.
    assert engine_message(error.message) == "Von 0 bis 162: Paar 1 hat 170"
    named = refusal("clabber", Deal(makers=0, card_points=(170, 0)), side_names=("Anna", "Ben"))
    assert engine_message(named) == "Von 0 bis 162: Anna hat 170"


def test_nested_refusal_and_words_without_a_translation(german):
    with pytest.raises(InvalidDeal) as caught:
        play_game(get_ruleset("clabber"), [Deal(makers=0, card_points=(170, 0))])
    assert engine_message(caught.value) == "Spiel 1: Von 0 bis 162: Paar 1 hat 170"
    # Words the fake has no translation for are looked up all the same (template and words).
    error = refusal("klaberjass", Deal(makers=0, card_points=(80, 82), melds=(("four_A",), ())))
    assert engine_message(error) == "««Klaberjass» does not pay for «four aces».»"


def test_a_translation_with_a_wrong_placeholder_falls_back(german):
    error = refusal("clabber", Deal(makers=0, card_points=(80, 81)))
    # The sentence falls back to English; its words are still translated.
    assert engine_message(error) == (
        "Evansville-Clabber plays every card: card points must add up to 162, these add up to 161."
    )


def test_labels_and_format_problems(german):
    assert engine_word(MELD_LABELS["run3"]) == "Folge von 3"
    assert engine_word(get_ruleset("clabber").name) == "Evansville-Clabber"
    assert engine_word(TIEBREAKS["wins"].label) == "[standings column, short] W"
    assert engine_word("Misdeal") == "«Misdeal»"  # a plain marked label
    problem = competition_problems(
        get_ruleset("clabber"), entrant_kind="players", tiebreaks=["wins"]
    )[0]
    assert engine_message(problem.message) == "Evansville-Clabber: Paare"


def test_pages_print_engine_words_translated(german):
    page = Template("{{ rules.name }} | {{ label }} | {{ plain }}").render(
        Context({"rules": get_ruleset("clabber"), "label": MELD_LABELS["run3"], "plain": "x<"})
    )
    assert page == "Evansville-Clabber | Folge von 3 | x&lt;"


def test_a_refusal_from_the_engine_is_shown_translated(german):
    error = refusal("clabber", Deal(makers=0, card_points=(170, 0)))
    refused = Refused.from_engine(error)
    assert refused.message == "Von 0 bis 162: Paar 1 hat 170"
    assert (refused.field, refused.side) == ("card_points", 0)
    assert Refused(error.message, "card_points").message == refused.message


def test_the_previews_catalog(german):
    catalog = engine_catalog()
    assert catalog["Partnership %(number)d"] == "Paar %(number)d"
    assert catalog["%(game)s has no no-trump deals."] == "«%(game)s has no no-trump deals.»"
    with translation.override("en"):
        assert engine_catalog() == {}
