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


class BlankSheetsForm(forms.Form):
    """Blank hick sheets for a club night."""

    preset = forms.ChoiceField(choices=[(k, r.name) for k, r in PRESETS.items()])
    competition = forms.ModelChoiceField(
        queryset=Competition.objects.select_related("club"),
        required=False,
        label="Or a competition's house rules (optional)",
        help_text="The sheets then carry that league's or tournament's rules and target.",
    )
    sheets = forms.IntegerField(
        min_value=1, max_value=200, initial=4, widget=forms.NumberInput(attrs=NUMBER_INPUT)
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
            rows.append(names)
        if data.get("sheets") and len(rows) > data["sheets"]:
            sheets = "sheet" if data["sheets"] == 1 else "sheets"
            self.add_error("names", f"{len(rows)} lines of names for {data['sheets']} {sheets}.")
        data["rules"] = rules
        data["name_rows"] = rows
        return data
