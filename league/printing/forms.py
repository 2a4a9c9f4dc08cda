"""The printing forms: blank hick sheets for a club night (a preset or a competition's rules,
how many, the first table number, names, paper size)."""

from __future__ import annotations

from typing import Any

from django import forms

from league.forms_common import NUMBER_INPUT
from league.models import Competition
from scoring import (
    PRESETS,
)

#: The most sheets one request prints: a club night's tables, and a PDF that costs a worker
#: well under a second (``make bench``, "pdf"); a tournament's sheets come in its table pack.
MAX_SHEETS = 40

#: The longest name a sheet carries: as long as a game's side name, and short enough that the
#: header, wrapped, leaves room for every deal row on either paper size and any ruleset.
NAME_MAX = 80

#: The most characters the names box takes: every line full, with its commas.
NAMES_MAX = MAX_SHEETS * 3 * (NAME_MAX + 2)


class BlankSheetsForm(forms.Form):
    """Blank hick sheets for a club night.

    Every input is bounded (:data:`MAX_SHEETS`, :data:`NAME_MAX`, :data:`NAMES_MAX`), so that
    whatever a visitor types is either a PDF that prints well or a message by the field.
    """

    preset = forms.ChoiceField(choices=[(k, r.name) for k, r in PRESETS.items()])
    competition = forms.ModelChoiceField(
        queryset=Competition.objects.select_related("club"),
        required=False,
        label="Or a competition's house rules (optional)",
        help_text="The sheets then carry that league's or tournament's rules and target.",
    )
    sheets = forms.IntegerField(
        min_value=1,
        max_value=MAX_SHEETS,
        initial=4,
        widget=forms.NumberInput(attrs=NUMBER_INPUT),
        help_text=f"Up to {MAX_SHEETS} at a time.",
        error_messages={
            "invalid": "Give the number of sheets as a whole number, such as 4.",
            "min_value": "Print at least 1 sheet.",
            "max_value": f"Print at most {MAX_SHEETS} sheets at a time; for more, print "
            "them in batches.",
        },
    )
    first_table = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=999,
        label="Number tables from (optional)",
        widget=forms.NumberInput(attrs=NUMBER_INPUT),
    )
    names = forms.CharField(
        required=False,
        max_length=NAMES_MAX,
        error_messages={
            "max_length": f"The names come to %(show_value)d characters; at most "
            f"{NAMES_MAX} fit on {MAX_SHEETS} sheets.",
        },
        widget=forms.Textarea(attrs={"rows": 4}),
        label="Names (optional)",
        help_text="One sheet a line, the sides separated by commas: Anna & Ben, Carl & Dora",
    )
    page_size = forms.ChoiceField(choices=[("A4", "A4"), ("Letter", "Letter")])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if "preset" not in data:
            return data
        competition = data.get("competition")
        rules = competition.rules if competition is not None else PRESETS[data["preset"]]
        lines = [line for line in (data.get("names") or "").splitlines() if line.strip()]
        rows = []
        for number, line in enumerate(lines, start=1):
            names = tuple(n.strip() for n in line.split(","))
            if len(names) > rules.sides:
                self.add_error(
                    "names",
                    f"Line {number} names {len(names)} sides; {rules.name} has {rules.sides}.",
                )
            long = next((n for n in names if len(n) > NAME_MAX), None)
            if long is not None:
                self.add_error(
                    "names",
                    f"Line {number}: “{long[:20]}…” is {len(long)} characters long; a name "
                    f"on a sheet has at most {NAME_MAX}.",
                )
            rows.append(names)
        if data.get("sheets") and len(rows) > data["sheets"]:
            sheets = "sheet" if data["sheets"] == 1 else "sheets"
            self.add_error("names", f"{len(rows)} lines of names for {data['sheets']} {sheets}.")
        data["rules"] = rules
        data["name_rows"] = rows
        return data
