"""Forms of an organiser's fixture housekeeping: swapping the tables of two fixtures of a
round (moving one, voiding and restoring it are a date and table form and plain buttons)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.competitions.selectors import FixtureLine


class SwapTablesForm(forms.Form):
    """Choose the fixture of the same round whose table this one takes (and gives its own)."""

    prefix = "swap"

    other = forms.TypedChoiceField(
        coerce=int,
        label=_("Swap tables with"),
        empty_value=None,
        # The summary at the top shows the message alone: it names what to choose.
        error_messages={
            "required": _("Choose the fixture to swap tables with."),
            "invalid_choice": _("Choose another fixture of the round."),
        },
    )

    def __init__(self, *args: Any, others: Sequence[FixtureLine], **kwargs: Any):
        super().__init__(*args, **kwargs)
        other = self.fields["other"]
        assert isinstance(other, forms.TypedChoiceField)
        other.choices = [("", _("Choose a fixture"))] + [
            (line.fixture.pk, _table_choice(line)) for line in others
        ]


def _table_choice(line: FixtureLine) -> str:
    words = _("Table %(table)s: %(home)s v %(away)s") if line.fixture.table else None
    if words is None:
        return str(_("No table: %(home)s v %(away)s")) % {
            "home": line.sides[0],
            "away": line.sides[1],
        }
    return str(words) % {"table": line.fixture.table, "home": line.sides[0], "away": line.sides[1]}
