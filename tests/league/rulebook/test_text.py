"""Every rule value the engine accepts has its words."""

from league.rulebook.text import (
    FIELD_LABELS,
    SET_AWARD_SHORT,
    SET_AWARD_TEXT,
    SOURCES,
    TIE_RULE_SHORT,
    TIE_RULE_TEXT,
    TRICKLESS_MELDS_SHORT,
    TRICKLESS_MELDS_TEXT,
    describe,
)
from scoring.rules import PRESETS, SET_AWARDS, TIE_RULES, TRICKLESS_MELDS, Ruleset


def test_every_rule_value_has_a_sentence_and_a_short_form() -> None:
    assert set(SET_AWARD_TEXT) == set(SET_AWARD_SHORT) == set(SET_AWARDS)
    assert set(TIE_RULE_TEXT) == set(TIE_RULE_SHORT) == set(TIE_RULES)
    assert set(TRICKLESS_MELDS_TEXT) == set(TRICKLESS_MELDS_SHORT) == set(TRICKLESS_MELDS)


def test_every_overridable_field_has_a_label() -> None:
    assert set(FIELD_LABELS) == set(Ruleset.OVERRIDABLE)


def test_every_preset_source_is_named() -> None:
    for rules in PRESETS.values():
        assert rules.source in SOURCES


def test_every_rule_value_reaches_a_sheet() -> None:
    # Each value, on a ruleset that accepts it, gives a sheet whose sentence is that value's.
    two_hand = PRESETS["klaberjass"]
    for award in SET_AWARDS:
        sheet = describe(two_hand.replace(set_award=award))
        on_set = next(line for line in sheet.scoring if line.label == "On a set")
        assert on_set.text == SET_AWARD_TEXT[award].two
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
