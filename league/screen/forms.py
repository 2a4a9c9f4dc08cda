"""The round clock's form: what the director pressed (set, start, pause, resume, reset) and,
to set it, the round's minutes."""

from __future__ import annotations

from typing import Any

from django import forms

from league.forms_common import number
from league.screen.services import MAX_MINUTES

CLOCK_ACTIONS = [
    ("set", "Set the minutes"),
    ("start", "Start"),
    ("pause", "Pause"),
    ("resume", "Resume"),
    ("reset", "Reset"),
]


class ClockForm(forms.Form):
    action = forms.ChoiceField(
        choices=CLOCK_ACTIONS,
        widget=forms.HiddenInput,
        # Only a form not from this site sends another: say so, it has no box to be marked.
        error_messages={
            "required": "Press one of the clock's buttons.",
            "invalid_choice": "The clock has no such button: press one of those below.",
        },
    )
    minutes = number(
        label="Minutes for the round",
        required=False,
        min_value=1,
        max_value=MAX_MINUTES,
        help_text="The screen counts down from this once you press Start.",
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if (
            data.get("action") == "set"
            and data.get("minutes") is None
            and "minutes" not in self.errors
        ):
            self.add_error("minutes", "Type the round's minutes, 45 say.")
        return data
