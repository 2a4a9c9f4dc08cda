"""The form that edits a competition or a tournament after it was created.

It is the new competition's form (:class:`~league.competitions.forms.CompetitionForm`: the
same house-rule fields, points and tie-break chain, validated the same way) without what
cannot be edited (the club, who the entrants are), with the competition's language and one
date a round. A field that :mod:`scoring.competition_changes` fixes now is left out (the page
says why); what it offers, the service may still refuse, next to the field.
"""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.competitions.forms import CompetitionForm, EventLanguageForm
from league.errors import Refused
from league.forms_common import rule_initial
from league.models import Competition, CompetitionKind, Round
from scoring.competition_changes import CompetitionState, field_refusal, nights_limit

#: A service's field name, and the form's field it is told at.
FORM_FIELD = {"points": "points_win", "rules": "preset", "dates": None}


class CompetitionEditForm(CompetitionForm):
    """Edit ``competition`` in ``state`` (what it has done so far); ``rounds`` its rounds,
    one date field each (``round_<id>``)."""

    def __init__(
        self,
        *args: Any,
        competition: Competition,
        state: CompetitionState,
        rounds: list[Round],
        **kwargs: Any,
    ):
        kwargs.setdefault("initial", initial_of(competition, rounds))
        super().__init__(*args, **kwargs)
        self.competition = competition
        self.rounds = rounds
        del self.fields["club"]
        del self.fields["entrant_kind"]
        language = EventLanguageForm(club=competition.club).fields["language"]
        self.fields["language"] = language
        # Left out: what is fixed now, and what this kind of competition does not have.
        self.fixed: list[tuple[str, str]] = []
        if competition.kind == CompetitionKind.TOURNAMENT:
            del self.fields["best_nights"]
        for field, names in (
            ("points", ("points_win", "points_draw", "points_loss")),
            ("tiebreaks", ("tiebreaks",)),
            ("best_nights", ("best_nights",)),
            ("games_per_match", ("games_per_match",)),
        ):
            reason = field_refusal(state, field)
            if reason is not None and names[0] in self.fields:
                for name in names:
                    del self.fields[name]
                self.fixed.append((field, reason))
        if "best_nights" in self.fields and not rounds:
            self.fields["best_nights"].help_text = _(
                "Blank: every night counts. At most %(limit)d until the rounds are drawn; "
                "then at most the number of rounds."
            ) % {"limit": nights_limit(0)}
        for night in rounds:
            # The browser's date picker: on a phone the quickest way to a date. A desktop
            # browser sends a half-typed date as blank (the round's date taken away); a
            # typed non-date from elsewhere is refused next to its round.
            self.fields[f"round_{night.pk}"] = forms.DateField(
                required=False,
                label=_("Round %(number)d") % {"number": night.number},
                widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
                error_messages={"invalid": gettext_lazy("Enter a date, e.g. 2026-01-08.")},
            )

    def clean_best_nights(self) -> int | None:
        """At most the league's nights (its rounds), or a season's before they are drawn."""
        nights: int | None = self.cleaned_data.get("best_nights")
        limit = nights_limit(len(self.rounds))
        if nights is not None and nights > limit:
            if self.rounds:
                raise forms.ValidationError(
                    ngettext(
                        "This league has %(count)d night: count at most %(count)d.",
                        "This league has %(count)d nights: count at most %(count)d.",
                        limit,
                    )
                    % {"count": limit}
                )
            raise forms.ValidationError(
                _("Count at most %(limit)d nights until the rounds are drawn.") % {"limit": limit}
            )
        return nights

    @property
    def about_fields(self) -> list[forms.BoundField]:
        return self._bound("name", "language")

    @property
    def format_fields(self) -> list[forms.BoundField]:
        names = ("games_per_match", "points_win", "points_draw", "points_loss")
        return self._bound(*(n for n in names if n in self.fields))

    @property
    def date_fields(self) -> list[forms.BoundField]:
        return self._bound(*(f"round_{night.pk}" for night in self.rounds))

    def changes(self) -> dict[str, Any]:
        """The cleaned values as the edit service takes them (only the fields offered)."""
        data = self.cleaned_data
        changes: dict[str, Any] = {
            "name": data["name"],
            "language": data.get("language") or "",
            "rules": data["rules"],
            "dates": {night.pk: data.get(f"round_{night.pk}") for night in self.rounds},
        }
        if "points_win" in self.fields:
            changes["points"] = data["points"]
        for name in ("tiebreaks", "best_nights", "games_per_match"):
            if name in self.fields:
                changes[name] = data.get(name)
        return changes

    def refused(self, error: Refused) -> None:
        """A service's refusal next to the form's field it concerns (or above the form)."""
        field = FORM_FIELD.get(error.field or "", error.field)
        self.add_error(field if field in self.fields else None, error.message)


def initial_of(competition: Competition, rounds: list[Round]) -> dict[str, Any]:
    """The form's values as the competition is now: a house rule the preset's is blank."""
    initial: dict[str, Any] = {
        **rule_initial(competition.rules),
        "name": competition.name,
        "language": competition.language,
        "games_per_match": competition.games_per_match,
        "points_win": competition.points_win,
        "points_draw": competition.points_draw,
        "points_loss": competition.points_loss,
        "tiebreaks": list(competition.tiebreaks),
        "best_nights": competition.best_nights,
    }
    for night in rounds:
        date: datetime.date | None = night.date
        initial[f"round_{night.pk}"] = date
    return initial
