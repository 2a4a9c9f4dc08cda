"""Forms validate and turn input into domain values (a ruleset, a :class:`scoring.Deal`).

The deal form asks the engine whether the deal could have happened, and puts the engine's
message next to the part of the form it concerns (``group_errors``: makers, card points, the
melds of a side, belle, renege, no-trump), so the rules live in ``scoring/`` alone.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from league.models import Role


class FirstOrganiserForm(UserCreationForm):
    """The first account of an empty install: an organiser."""


class AccountForm(UserCreationForm):
    """An organiser adds an account for a scorer or another organiser."""

    role = forms.ChoiceField(choices=Role.choices, initial=Role.SCORER)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
