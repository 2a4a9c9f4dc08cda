"""The round clock's form: what the director pressed (set, start, pause, resume, reset) and,
to set it, the round's minutes."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from league.forms_common import number
from league.screen.services import MAX_MINUTES

CLOCK_ACTIONS = [
    ("set", gettext_lazy("Set the minutes")),
    ("start", pgettext_lazy("the round clock", "Start")),
    ("pause", pgettext_lazy("the round clock", "Pause")),
    ("resume", pgettext_lazy("the round clock", "Resume")),
    ("reset", pgettext_lazy("the round clock", "Reset")),
]


class ClockForm(forms.Form):
    action = forms.ChoiceField(
        choices=CLOCK_ACTIONS,
        widget=forms.HiddenInput,
        # Only a form not from this site sends another: say so, it has no box to be marked.
        error_messages={
            "required": gettext_lazy("Press one of the clock's buttons."),
            "invalid_choice": gettext_lazy(
                "The clock has no such button: press one of those below."
            ),
        },
    )
    minutes = number(
        label=gettext_lazy("Minutes for the round"),
        required=False,
        min_value=1,
        max_value=MAX_MINUTES,
        help_text=gettext_lazy("The screen counts down from this once you press Start."),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if (
            data.get("action") == "set"
            and data.get("minutes") is None
            and "minutes" not in self.errors
        ):
            self.add_error("minutes", gettext("Type the round's minutes, 45 say."))
        return data
