"""What several areas' forms share: numeric inputs that open a phone's number pad, the
house-rule choices in the words of the rules pages, and :func:`show_refusal`, which puts a
service's :class:`~league.errors.Refused` next to the field it names (or above the form).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django import forms

from league.errors import Refused
from league.rulebook.text import TIE_RULE_SHORT
from scoring.rules import TIE_RULES

NUMBER_INPUT = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}


# The engine's values, in the words of the rules pages.
SET_AWARD_CHOICES = [
    ("", "As the preset says"),
    ("own", "Opponents score their own points"),
    ("all", "Opponents score both sides' points"),
]


TIE_RULE_CHOICES = [
    ("", "As the preset says"),
    *((v, TIE_RULE_SHORT[v][:1].upper() + TIE_RULE_SHORT[v][1:]) for v in TIE_RULES),
]


RULE_FIELDS = ("target", "set_award", "tie_rule")


def show_refusal(form: forms.BaseForm, error: Refused) -> None:
    """A service's refusal, next to the field it names (or above the form)."""
    form.add_error(error.field if error.field in form.fields else None, error.message)


def number(**kwargs: Any) -> forms.IntegerField:
    kwargs.setdefault("widget", forms.NumberInput(attrs=NUMBER_INPUT))
    return forms.IntegerField(**kwargs)


def offer_usual_game(form: forms.BaseForm, usual_games: Mapping[int, str]) -> None:
    """Start the ``preset`` menu of a new competition's ``form`` at its club's usual game
    (``usual_games``: club id to the preset of its latest competition), and give the page's
    script the map, so that choosing another club chooses that club's game too."""
    preset = form.fields["preset"]
    assert isinstance(preset, forms.ChoiceField)
    offered = {str(key) for key, _ in preset.choices}
    usual = {pk: key for pk, key in usual_games.items() if key in offered}
    preset.widget.attrs["data-usual-games"] = json.dumps({str(k): v for k, v in usual.items()})
    club = form.initial.get("club")
    if club is not None and club.pk in usual:
        preset.initial = usual[club.pk]
        preset.help_text = "The club's usual game: the one its last competition was played by."
