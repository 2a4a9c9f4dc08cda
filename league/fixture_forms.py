"""Forms of the fixtures page: move a fixture, record a forfeit or a no-show, type a match's
totals from a paper sheet.

Words: a *score line* is one game's totals as written at the foot of a hick sheet, the first
side's then the second side's, e.g. ``512-430``. A form turns the text into numbers and says
plainly what is wrong with a line; whether the numbers make a finished match is the service's
question (:func:`league.services.fixture_type_result`), and its :class:`~league.services.Refused`
comes back next to the field it names (:meth:`FixtureForm.refused`).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms

from league.services import Refused

NUMBER_INPUT = {"inputmode": "numeric", "autocomplete": "off"}

# Two whole numbers apart by a dash of any kind, a colon, a slash, "to" or blanks.
_SCORE_LINE = re.compile(r"^\s*(\d{1,6})\s*(?:[-\u2010-\u2015\u2212:/]|to|\s)\s*(\d{1,6})\s*$")


def parse_score_line(text: str) -> tuple[int, int]:
    """``"512-430"`` as ``(512, 430)``; ValueError with a message a scorer understands."""
    match = _SCORE_LINE.match(text)
    if match is None:
        raise ValueError(f"“{text.strip()}” is not two totals: write them as 512-430.")
    return int(match.group(1)), int(match.group(2))


class FixtureForm(forms.Form):
    """A form about one fixture; ``side_names`` are its two sides, home first."""

    def __init__(self, *args: Any, side_names: tuple[str, str], target: int, **kwargs: Any):
        self.side_names = side_names
        self.target = target
        super().__init__(*args, **kwargs)

    def refused(self, error: Refused) -> None:
        """Put a service's refusal next to the field it names (or above the form)."""
        field = error.field if error.field in self.fields else None
        self.add_error(field, error.message)


class RescheduleForm(FixtureForm):
    prefix = "move"

    date = forms.DateField(
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="Empty: the round's night.",
    )
    table = forms.CharField(max_length=20, required=False, help_text="Empty: keep the table.")


class ConcedeForm(FixtureForm):
    """A side that forfeits or does not turn up; the other side wins by ``score``."""

    prefix = "concede"

    KINDS = (("forfeit", "Forfeit"), ("no_show", "No-show"))

    kind = forms.ChoiceField(choices=KINDS, widget=forms.RadioSelect, initial="forfeit")
    side = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Conceded by")
    score = forms.CharField(
        max_length=20,
        label="Score (winner first)",
        help_text="The points the match is given as, e.g. 500-0.",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = list(enumerate(self.side_names))
        self.fields["score"].initial = f"{self.target}-0"

    def clean_score(self) -> tuple[int, int]:
        try:
            return parse_score_line(self.cleaned_data["score"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None


class TypedResultForm(FixtureForm):
    """A match played on paper: one line of two totals per game."""

    prefix = "typed"

    scores = forms.CharField(
        label="Totals from the sheet",
        widget=forms.Textarea(attrs={"rows": 3, "cols": 16, "autocomplete": "off"}),
    )

    def __init__(self, *args: Any, games: int, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.games = games
        home, away = self.side_names
        each = "one line a game" if games > 1 else "one line"
        self.fields[
            "scores"
        ].help_text = f"{home}’s total, then {away}’s, {each}: e.g. {self.target + 12}-430."

    def clean_scores(self) -> list[tuple[int, int]]:
        lines = [line for line in self.cleaned_data["scores"].splitlines() if line.strip()]
        pairs, problems = [], []
        for number, line in enumerate(lines, start=1):
            try:
                pairs.append(parse_score_line(line))
            except ValueError as error:
                problems.append(f"Line {number}: {error}" if len(lines) > 1 else str(error))
        if problems:
            raise forms.ValidationError(problems)
        # How many lines a match takes is the service's to say (a best of three may end 2-0).
        return pairs
