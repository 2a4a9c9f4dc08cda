"""The club's rating list settings."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class ListSettingsForm(forms.Form):
    """Who the club's rating list shows: members with at least ``min_games`` rated games
    against at least ``min_opponents`` different opponents."""

    min_games = forms.IntegerField(
        min_value=1,
        max_value=1000,
        label=_("Rated games before a player or partnership is listed"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={
            "required": _("Give a number of games, 1 or more."),
            "invalid": _("Give a whole number of games, like 10."),
            "min_value": _("Give a number of games, 1 or more."),
            "max_value": _("At most 1,000 games."),
        },
    )
    min_opponents = forms.IntegerField(
        min_value=1,
        max_value=100,
        label=_("Different opponents before a player or partnership is listed"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("So that nobody tops the list by playing one friend."),
        error_messages={
            "required": _("Give a number of opponents, 1 or more."),
            "invalid": _("Give a whole number of opponents, like 3."),
            "min_value": _("Give a number of opponents, 1 or more."),
            "max_value": _("At most 100 opponents."),
        },
    )
