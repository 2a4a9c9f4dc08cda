"""Rulesets are data: presets, validated overrides, a round trip through plain data."""

import pytest

from scoring import PRESETS, InvalidRuleset, get_ruleset, ruleset_from_data


def test_presets_follow_the_table_of_rules_md():
    table = {
        # preset: (players, sides, deck, cards each, all played, set_award, tie_rule, trickless)
        "klaberjass": (2, 2, 32, 9, False, "all", "own", "void"),
        "klaberjass-hang": (2, 2, 32, 9, False, "all", "hang", "void"),
        "klabberjass-100": (2, 2, 32, 9, False, "all", "set", "void"),
        "zensa": (2, 2, 32, 9, False, "all", "own", "void"),
        "klaberjass-3": (3, 3, 32, 9, False, "own", "set", "void"),
        "klaberjass-4": (4, 2, 32, 8, True, "all", "own", "void"),
        "clabber": (4, 2, 24, 6, True, "own", "set", "kept"),
        # part two
        "derda": (2, 2, 32, 9, False, "all", "own", "void"),
        "bulka": (2, 2, 32, 9, False, "all", "own", "void"),
        "darda": (4, 2, 32, 8, True, "all", "own", "void"),
        "klebias-norm": (4, 2, 32, 8, True, "all", "own", "void"),
        "kalabriasz-3": (3, 3, 32, 9, False, "own", "set", "void"),
        "kalabriasz-4": (4, 2, 32, 8, True, "all", "own", "void"),
        "clob": (2, 2, 32, 9, False, "all", "set", "void"),
        "klabberjass-belote": (2, 2, 32, 9, False, "all", "set", "void"),
        "bela-100": (2, 2, 32, 9, False, "all", "set", "void"),
        "klaverjas": (4, 2, 32, 8, True, "all", "set", "void"),
        "belote": (4, 2, 32, 8, True, "all", "litige", "void"),
        "belote-annonces": (4, 2, 32, 8, True, "all", "litige", "void"),
        "coinche": (4, 2, 32, 8, True, "all", "set", "void"),
    }
    targets = {"bela-100": 100, "klaverjas": None, "belote": 501, "belote-annonces": 501}
    targets["coinche"] = 2000
    assert set(PRESETS) == set(table)
    for name, row in table.items():
        r = PRESETS[name]
        assert (
            r.players,
            r.sides,
            r.deck_size,
            r.cards_each,
            r.all_cards_played,
            r.set_award,
            r.tie_rule,
            r.trickless_melds,
        ) == row, name
        assert r.target == targets.get(name, 500), name
        assert r.no_trump_allowed == (name == "klaberjass-4")


def test_meld_tables():
    assert dict(PRESETS["clabber"].meld_values) == {
        "run3": 20,
        "run4": 50,
        "run5": 100,
        "four_jacks": 200,
        "four_9": 100,
        "four_A": 100,
        "four_10": 100,
        "four_K": 100,
        "four_Q": 100,
    }
    assert "four_9" not in PRESETS["zensa"].meld_values
    assert PRESETS["zensa"].meld_values["four_jacks"] == 200
    assert dict(PRESETS["klaberjass-3"].meld_values) == {"run3": 20, "run4": 50, "run5": 50}
    assert PRESETS["klabberjass-100"].meld_values["run5"] == 100


def test_replace_gives_a_validated_variant_and_leaves_the_preset_alone():
    rules = get_ruleset("clabber").replace(target=1000, meld_values={"four_9": None, "run5": 150})
    assert rules.target == 1000
    assert rules.meld_value("four_9") is None
    assert rules.meld_value("run5") == 150
    assert PRESETS["clabber"].target == 500
    assert rules.overrides() == {"target": 1000, "meld_values": {"run5": 150, "four_9": None}}
    assert ruleset_from_data(rules.to_data()) == rules
    assert get_ruleset("clabber", target=1000).target == 1000


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": 3}, "cannot be changed"),
        ({"target": 0}, "Target must be a whole number"),
        ({"target": "500"}, "Target must be a whole number"),
        ({"set_award": "most"}, "Set award must be one of"),
        ({"tie_rule": "coin"}, "Tie rule must be one of"),
        ({"meld_values": {"run7": 10}}, "Unknown meld kind"),
        ({"meld_values": {"run3": -20}}, "run of 3"),
        ({"trickless_melds": "maybe"}, "Trickless melds"),
    ],
)
def test_bad_overrides_are_refused_clearly(changes, words):
    with pytest.raises(InvalidRuleset) as caught:
        get_ruleset("clabber").replace(**changes)
    assert words in str(caught.value)


def test_three_hand_refuses_rules_that_need_two_sides():
    with pytest.raises(InvalidRuleset):
        get_ruleset("klaberjass-3", set_award="all")
    with pytest.raises(InvalidRuleset):
        get_ruleset("klaberjass-3", tie_rule="hang")


def test_unknown_preset():
    with pytest.raises(InvalidRuleset) as caught:
        get_ruleset("euchre")
    assert "clabber" in str(caught.value)


def test_rulesets_are_hashable_and_equal_by_value():
    assert get_ruleset("clabber", target=250) == get_ruleset("clabber", target=250)
    assert len({get_ruleset("clabber"), get_ruleset("clabber")}) == 1
