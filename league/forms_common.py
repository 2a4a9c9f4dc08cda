"""What several areas' forms share: numeric inputs that open a phone's number pad, the
house-rule choices in the words of the rules pages, and :func:`show_refusal`, which puts a
service's :class:`~league.errors.Refused` next to the field it names (or above the form).
"""

from __future__ import annotations

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


def autofocus(form: forms.BaseForm, name: str) -> forms.BaseForm:
    """Put the cursor in ``form``'s field ``name`` when the page loads (the HTML attribute, so
    without JavaScript too): after adding one name the next is typed straight away. A page
    with an address fragment does not autofocus, so its redirect carries none."""
    form.fields[name].widget.attrs["autofocus"] = True
    return form


def number(**kwargs: Any) -> forms.IntegerField:
    kwargs.setdefault("widget", forms.NumberInput(attrs=NUMBER_INPUT))
    return forms.IntegerField(**kwargs)
