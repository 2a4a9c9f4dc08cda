"""The competitions' words in a language other than English: sentences that English builds by
its own rules (a possessive, "best 1 night", a list ending in "and", a lower-cased label) are
whole sentences of each language, and numbers and zones are written in the reader's form.

The catalogs are built apart (the tests run without them), so these check what the code does
around a translation: the English stays as it was, and another language gets a sentence it
can translate as a whole."""

from __future__ import annotations

import pytest
from django.utils import translation

from league.competitions.added import names_text
from league.competitions.forms import TypedResultForm, totals_help
from league.competitions.presenters import _figure, best_note
from league.competitions.tables import StandingsTable
from league.competitions.views import repeats_text
from league.models import Competition, MatchEvent
from league.timezones import time_zone_choices, zone_words


def test_a_list_of_names_ends_with_and():
    assert names_text(["Anna"]) == "Anna"
    assert names_text(["Anna", "Ben"]) == "Anna and Ben"
    assert names_text(["Anna", "Ben", "Carl"]) == "Anna, Ben and Carl"


def test_the_paper_sheet_help_keeps_the_english_possessive_and_is_a_whole_sentence_elsewhere():
    english = TypedResultForm(games=3, side_names=("The Jassers", "Anna"), target=500)
    assert english.fields["scores"].help_text == (
        "The Jassers’ total, then Anna’s, one line a game: e.g. 512-430."
    )
    with translation.override("de"):
        # No English possessive rule: the names are placeholders of one translated sentence.
        text = totals_help("The Jassers", "Anna", 1, 500)
    assert "The Jassers" in text and "Anna" in text and "512-430" in text
    assert "one line a game" not in text  # one game: the singular


def test_best_nights_note_says_one_night_in_the_singular():
    assert best_note(Competition(best_nights=1)) == "Only each entrant’s best night counts."
    assert best_note(Competition(best_nights=3)) == "Only each entrant’s best 3 nights count."
    assert best_note(Competition(best_nights=None)) == ""


def test_a_tie_break_figure_has_the_readers_decimal_separator():
    assert _figure(1.5) == "1.5"
    assert _figure(2.0) == "2"
    with translation.override("de"):
        assert _figure(1.5) == "1,5"


def test_zone_words_name_the_region_and_keep_the_place():
    assert zone_words("America/Indiana/Vincennes") == "America: Indiana, Vincennes"
    assert zone_words("Indian/Maldives") == "Indian Ocean: Maldives"
    assert zone_words("UTC") == "UTC"
    server, common, every = time_zone_choices()
    assert server[1] == "The server's (UTC)"
    assert (common[0], every[0]) == ("Common", "Every zone")


def test_repeats_are_counted_in_whole_sentences():
    one, none = repeats_text({"partners": 1, "opponents": 0})
    assert one.startswith("There is 1 repeat partnership: two players partnering again")
    assert none == "Nobody meets the same opponent twice."
    assert repeats_text({"partners": 0, "opponents": 3})[1].startswith("There are 3 rematches:")


def test_a_match_note_says_what_was_done_in_its_own_case():
    assert MatchEvent(kind="take_over").kind_words == "took over entering the deals"
    assert MatchEvent(kind="settled").kind_words == "settled the dispute"


@pytest.mark.parametrize("language", ["en", "de"])
def test_standings_headings_are_looked_up_when_shown_not_when_imported(language):
    with translation.override(language):
        headers = [str(c.verbose_name) for c in StandingsTable.base_columns.values()]
    expected = {"en": ["#", "Entrant", "P", "W", "D"], "de": ["#", "Teilnehmer", "Sp", "S", "U"]}
    assert headers[:5] == expected[language]
