"""Account forms: the first organiser of an empty install, and an account an organiser adds."""

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
