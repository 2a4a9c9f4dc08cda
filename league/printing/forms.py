"""The printing forms: blank hick sheets for a club night (a preset or a competition's rules,
how many, the first table number, names, paper size: the club's unless chosen)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from league.engine_words import engine_word
from league.forms_common import NUMBER_INPUT
from league.models import Club, Competition
from league.names import SIDE_NAME_MAX, clean_name
from league.paper import PAPER_WORDS, club_paper, paper_for_zone
from scoring import (
    PRESETS,
)

#: The most sheets one request prints: a club night's tables, and a PDF that costs a worker
#: well under a second (``make bench``, "pdf"); a tournament's sheets come in its table pack.
MAX_SHEETS = 40

#: The longest name a sheet carries: as long as a game's side name, and short enough that the
#: header, wrapped, leaves room for every deal row on either paper size and any ruleset.
NAME_MAX = SIDE_NAME_MAX

#: The most characters the names box takes: every line full, with its commas.
NAMES_MAX = MAX_SHEETS * 3 * (NAME_MAX + 2)


def _up_to() -> str:
    return _("Up to %(count)d at a time.") % {"count": MAX_SHEETS}


def _at_most() -> str:
    return _("Print at most %(count)d sheets at a time; for more, print them in batches.") % {
        "count": MAX_SHEETS
    }


def _names_too_long() -> str:
    # Django fills in %(show_value)d (the length typed) and %(limit_value)d when it refuses.
    return _(
        "The names come to %%(show_value)d characters; at most %(most)d fit on %(sheets)d sheets."
    ) % {"most": NAMES_MAX, "sheets": MAX_SHEETS}


class BlankSheetsForm(forms.Form):
    """Blank hick sheets for a club night.

    Every input is bounded (:data:`MAX_SHEETS`, :data:`NAME_MAX`, :data:`NAMES_MAX`), so that
    whatever a visitor types is either a PDF that prints well or a message by the field.
    """

    preset = forms.ChoiceField(
        label=pgettext_lazy("form label: a ruleset", "Rules"),
        choices=[(k, r.name) for k, r in PRESETS.items()],
    )
    competition = forms.ModelChoiceField(
        queryset=Competition.objects.select_related("club"),
        required=False,
        label=gettext_lazy("Or a competition's house rules (optional)"),
        help_text=gettext_lazy(
            "The sheets then carry that league's or tournament's rules and target."
        ),
    )
    sheets = forms.IntegerField(
        label=pgettext_lazy("form label: how many sheets", "Sheets"),
        min_value=1,
        max_value=MAX_SHEETS,
        initial=4,
        widget=forms.NumberInput(attrs=NUMBER_INPUT),
        help_text=lazy(_up_to, str)(),
        error_messages={
            "invalid": gettext_lazy("Give the number of sheets as a whole number, such as 4."),
            "min_value": gettext_lazy("Print at least 1 sheet."),
            "max_value": lazy(_at_most, str)(),
        },
    )
    first_table = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=999,
        label=gettext_lazy("Number tables from (optional)"),
        widget=forms.NumberInput(attrs=NUMBER_INPUT),
    )
    names = forms.CharField(
        required=False,
        max_length=NAMES_MAX,
        error_messages={"max_length": lazy(_names_too_long, str)()},
        widget=forms.Textarea(attrs={"rows": 4}),
        label=gettext_lazy("Names (optional)"),
        help_text=gettext_lazy(
            "One sheet a line, the sides separated by commas: Anna & Ben, Carl & Dora"
        ),
    )
    page_size = forms.ChoiceField(
        label=gettext_lazy("Paper size"),
        choices=list(PAPER_WORDS.items()),
        # Left out (a link that names no paper): the competition's club's, else the club's.
        required=False,
    )
    # The club the sheets are for (its slug), carried from the address through the form.
    club = forms.CharField(required=False, max_length=60, widget=forms.HiddenInput)

    def __init__(self, *args: Any, club: Club | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.for_club = club
        self.fields["page_size"].initial = self._paper(club)
        if club is not None:
            self.fields["club"].initial = club.slug

    @staticmethod
    def _paper(club: Club | None) -> str:
        if club is None:
            return paper_for_zone("")
        return club_paper(club.paper_size, club.time_zone)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if "preset" not in data:
            return data
        competition = data.get("competition")
        if not data.get("page_size"):
            data["page_size"] = self._paper(competition.club if competition else self.for_club)
        rules = competition.rules if competition is not None else PRESETS[data["preset"]]
        # Each name cleaned as it will print (NFKC may make it longer), then measured.
        lines = [line for line in (data.get("names") or "").splitlines() if clean_name(line)]
        rows = []
        for number, line in enumerate(lines, start=1):
            names = tuple(clean_name(n) for n in line.split(","))
            if len(names) > rules.sides:
                self.add_error(
                    "names",
                    ngettext(
                        "Line %(line)d names %(count)d sides; %(rules)s has %(sides)d.",
                        "Line %(line)d names %(count)d sides; %(rules)s has %(sides)d.",
                        len(names),
                    )
                    % {
                        "line": number,
                        "count": len(names),
                        "rules": engine_word(rules.name),
                        "sides": rules.sides,
                    },
                )
            long = next((n for n in names if len(n) > NAME_MAX), None)
            if long is not None:
                self.add_error(
                    "names",
                    _(
                        "Line %(line)d: “%(start)s…” is %(length)d characters long; a name on "
                        "a sheet has at most %(most)d."
                    )
                    % {"line": number, "start": long[:20], "length": len(long), "most": NAME_MAX},
                )
            rows.append(names)
        if data.get("sheets") and len(rows) > data["sheets"]:
            self.add_error(
                "names",
                ngettext(
                    "%(lines)d lines of names for %(count)d sheet.",
                    "%(lines)d lines of names for %(count)d sheets.",
                    data["sheets"],
                )
                % {"lines": len(rows), "count": data["sheets"]},
            )
        data["rules"] = rules
        data["name_rows"] = rows
        return data
