"""The ruleset the deal form gives the browser (static/js/rules.js scores the offline preview
with it): every field of the game's ruleset, resolved, as plain JSON."""

from __future__ import annotations

import dataclasses
import json

import pytest

from league.games.ruleset_data import resolved_ruleset_data
from scoring import PRESETS, Ruleset, get_ruleset


def rebuilt(data: dict) -> Ruleset:
    """A Ruleset from the browser's data: lists back to the tuples the engine keeps."""
    fields = {
        name: tuple(value) if isinstance(value, list) else value for name, value in data.items()
    }
    return Ruleset(**fields)


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_field_of_every_preset_goes_to_the_browser(name):
    rules = PRESETS[name]
    data = resolved_ruleset_data(rules)
    assert set(data) == {field.name for field in dataclasses.fields(Ruleset)}
    assert json.loads(json.dumps(data)) == data  # plain JSON, nothing lost on the way
    assert rebuilt(data) == rules
    assert data["name"] == str(rules.name)  # English: rules.js translates it from the catalog


def test_a_house_rule_reaches_the_browser_resolved():
    rules = get_ruleset(
        "klaverjas",
        deals=12,
        meld_values={"four_7": None, "four_8": None},
        all_tricks_defenders=False,
    )
    data = resolved_ruleset_data(rules)
    assert data["deals"] == 12 and data["target"] is None
    assert "four_7" not in data["meld_values"] and data["meld_values"]["four_jacks"] == 200
    assert data["all_tricks_defenders"] is False
    assert list(data["meld_values"]) == list(rules.meld_values)  # the engine's order
    assert rebuilt(data) == rules
