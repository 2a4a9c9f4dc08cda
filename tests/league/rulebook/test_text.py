"""Every rule value the engine accepts has its words."""

from django.utils.functional import Promise

from league.rulebook.text import (
    CARD_NAMES,
    FIELD_LABELS,
    MELD_TIE_SHORT,
    RANK_RANGES,
    RENEGE_MELDS_SHORT,
    SET_AWARD_SHORT,
    SET_AWARD_TEXT,
    SOURCES,
    SOURCES_IN_SENTENCE,
    TIE_RULE_SHORT,
    TIE_RULE_TEXT,
    TRICKLESS_MELDS_SHORT,
    TRICKLESS_MELDS_TEXT,
    VOID_REASON_TEXT,
    describe,
)
from scoring.rules import PRESETS, SET_AWARDS, TIE_RULES, TRICKLESS_MELDS, Ruleset


def test_every_rule_value_has_a_sentence_and_a_short_form() -> None:
    assert set(SET_AWARD_TEXT) == set(SET_AWARD_SHORT) == set(SET_AWARDS)
    assert set(TIE_RULE_TEXT) == set(TIE_RULE_SHORT) == set(TIE_RULES)
    assert set(TRICKLESS_MELDS_TEXT) == set(TRICKLESS_MELDS_SHORT) == set(TRICKLESS_MELDS)


def test_every_value_of_the_part_two_fields_has_its_short_words() -> None:
    from league.rulebook.text import SHORT_WORDS
    from scoring import rules

    assert set(SHORT_WORDS["rounding"]) == set(rules.ROUNDINGS)
    assert set(SHORT_WORDS["made_when"]) == set(rules.MADE_WHEN)
    assert set(SHORT_WORDS["all_tricks"]) == set(rules.ALL_TRICKS)
    assert set(SHORT_WORDS["meld_scoring"]) == set(rules.MELD_SCORINGS)
    assert set(SHORT_WORDS["meld_entry"]) == set(rules.MELD_ENTRIES)
    assert set(SHORT_WORDS["belle_on_set"]) == set(rules.BELLE_ON_SET)
    assert set(SHORT_WORDS["contract_scoring"]) == set(rules.CONTRACT_SCORINGS)
    assert set(SHORT_WORDS["meld_words"]) == set(rules.MELD_WORD_SETS)
    for value in rules.ROUNDINGS:
        rounding = next(
            line
            for line in describe(PRESETS["belote"].replace(rounding=value)).scoring
            if line.label == "Rounding"
        )
        assert (value == "none") == (rounding.text == "Deal scores are not rounded.")
    assert "85 becomes 80" in str(
        next(
            line.text
            for line in describe(PRESETS["coinche"].replace(rounding="ten_down")).scoring
            if line.label == "Rounding"
        )
    )


def test_every_overridable_field_has_a_label() -> None:
    assert set(FIELD_LABELS) == set(Ruleset.OVERRIDABLE)


def test_every_preset_source_is_named() -> None:
    for rules in PRESETS.values():
        assert rules.source in SOURCES
        assert rules.source in SOURCES_IN_SENTENCE


def test_the_words_built_at_import_are_lazy() -> None:
    # A page in another language must read them in its own: built at import, they are lazy.
    for words in (
        SET_AWARD_SHORT,
        TIE_RULE_SHORT,
        TRICKLESS_MELDS_SHORT,
        MELD_TIE_SHORT,
        RENEGE_MELDS_SHORT,
        TRICKLESS_MELDS_TEXT,
        FIELD_LABELS,
        SOURCES,
        SOURCES_IN_SENTENCE,
        VOID_REASON_TEXT,
        CARD_NAMES,
        RANK_RANGES,
    ):
        assert all(isinstance(word, Promise) for word in words.values())
    for sentences in (SET_AWARD_TEXT, TIE_RULE_TEXT):
        for by_sides in sentences.values():
            assert isinstance(by_sides.two, Promise) and isinstance(by_sides.more, Promise)


def test_with_more_than_two_sides_the_opponents_are_each_other_player() -> None:
    # Whole sentences for each count of sides, so that every language can word both.
    three = PRESETS["klaberjass-3"]
    scoring = {str(line.label): str(line.text) for line in describe(three).scoring}
    assert scoring["On a set"] == SET_AWARD_TEXT[three.set_award].more % {"mark": "XX"}
    assert "each other player scores 162 plus their own melds and belle" in scoring["On a renege"]
    assert "the other side" not in scoring["On a renege"]
    two = {str(line.label): str(line.text) for line in describe(PRESETS["klaberjass"]).scoring}
    assert "the other side scores 162 plus its own melds and belle" in two["On a renege"]


def test_void_reasons_read_as_one_list() -> None:
    void = {str(line.label): str(line.text) for line in describe(PRESETS["klaberjass"]).scoring}
    assert void["Void deal"] == (
        "A void deal scores nothing for anybody. A deal is void when everybody passed twice, "
        "a schmeiss was accepted (a player offered to throw the deal in, and the other player "
        "agreed) or the cards were misdealt."
    )
    clabber = {str(line.label): str(line.text) for line in describe(PRESETS["clabber"]).scoring}
    assert clabber["Void deal"].endswith(
        "A deal is void when everybody passed twice or the cards were misdealt."
    )


def test_every_rule_value_reaches_a_sheet() -> None:
    # Each value, on a ruleset that accepts it, gives a sheet whose sentence is that value's.
    two_hand = PRESETS["klaberjass"]
    for award in SET_AWARDS:
        sheet = describe(two_hand.replace(set_award=award))
        on_set = next(line for line in sheet.scoring if line.label == "On a set")
        assert on_set.text == SET_AWARD_TEXT[award].two % {"mark": "XX"}
    for tie in TIE_RULES:
        sheet = describe(two_hand.replace(tie_rule=tie))
        on_tie = next(line for line in sheet.scoring if line.label == "On a tie")
        assert on_tie.text == TIE_RULE_TEXT[tie].two
        assert on_tie.overridden == (tie != two_hand.tie_rule)


def test_renege_award_override_changes_the_sentence() -> None:
    sheet = describe(PRESETS["clabber"].replace(renege_award=200))
    renege = next(line for line in sheet.scoring if line.label == "On a renege")
    assert "scores 200 plus its own melds and belle" in renege.text
    assert renege.overridden
    assert [(c.label, c.value, c.preset_value) for c in sheet.changes] == [
        ("Renege award", "200", "162")
    ]
