"""The forms of the evening page (:mod:`league.evenings.night_views`): checking a member,
a guest or a pair in at the door, and a table's two totals (a table of three's three
players' points) typed from its paper sheet.

Each form turns what was posted into the club's own objects: a member or pair of another
club, a retired one, or a number that is no number is an error next to its field, never a
crash (a stale page, a forged post).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from league.forms_common import number
from league.models import Competition, Partnership, Player
from league.names import clean_name

#: A table's total is at most this (a marathon's boom with every roem): a bigger number is a
#: typing slip, said as such rather than checked against the game.
MOST_POINTS = 99_999


def _active_members(competition: Competition) -> Any:
    return Player.objects.filter(club_id=competition.club_id, retired_at=None)


class CheckInForm(forms.Form):
    """One member of the club checked in (the one-tap button of their row)."""

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label=gettext_lazy("Member"),
        error_messages={"invalid_choice": gettext_lazy("Choose an active member of the club.")},
    )

    def __init__(self, *args: Any, competition: Competition, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = _active_members(competition)  # type: ignore[attr-defined]


#: The longest name a player has (the model's column).
NAME_LENGTH = Player._meta.get_field("name").max_length or 80


class GuestForm(forms.Form):
    """A guest added on the spot by name, checked in (kept off the member list: see
    :func:`league.evenings.services.evening_check_in_guest`)."""

    name = forms.CharField(
        label=gettext_lazy("Guest's name"),
        max_length=NAME_LENGTH,
        help_text=gettext_lazy(
            "A guest is kept off the member list; bring them into the club from the members page."
        ),
    )

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"])


class GuestPairForm(forms.Form):
    """A pair of guests checked in at a pairs evening (a concours of outsiders): two names
    and an optional team name (:func:`league.evenings.services.evening_check_in_guest_pair`)."""

    first = forms.CharField(label=gettext_lazy("First guest's name"), max_length=NAME_LENGTH)
    second = forms.CharField(label=gettext_lazy("Second guest's name"), max_length=NAME_LENGTH)
    name = forms.CharField(
        label=gettext_lazy("Team name (optional)"),
        max_length=Partnership._meta.get_field("name").max_length or 80,
        required=False,
        help_text=gettext_lazy(
            "Guests are kept off the member list; bring them into the club from the members "
            "page. The name of a member is that member, playing with a guest."
        ),
    )

    def clean_first(self) -> str:
        return clean_name(self.cleaned_data["first"])

    def clean_second(self) -> str:
        return clean_name(self.cleaned_data["second"])

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"])


class PairForm(forms.Form):
    """A pair checked in at a pairs evening: a partnership of the club, or two members."""

    partnership = forms.ModelChoiceField(
        queryset=Partnership.objects.none(),
        required=False,
        label=gettext_lazy("Pair"),
        empty_label=gettext_lazy("Two members instead (below)"),
        error_messages={"invalid_choice": gettext_lazy("Choose a pair of the club.")},
    )
    first = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("First player"),
        error_messages={"invalid_choice": gettext_lazy("Choose an active member of the club.")},
    )
    second = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Second player"),
        error_messages={"invalid_choice": gettext_lazy("Choose an active member of the club.")},
    )

    def __init__(
        self,
        *args: Any,
        competition: Competition,
        partnerships: Any = None,
        members: Any = None,
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        # The page passes the lists it has read already (one query each for the whole page).
        # A pair with a retired player (a guest) is off the list too, as on the club's page.
        pairs = Partnership.objects.filter(
            club_id=competition.club_id,
            retired_at=None,
            first__retired_at=None,
            second__retired_at=None,
        )
        people = _active_members(competition)
        self.fields["partnership"].queryset = pairs  # type: ignore[attr-defined]
        self.fields["first"].queryset = people  # type: ignore[attr-defined]
        self.fields["second"].queryset = people  # type: ignore[attr-defined]
        if partnerships is not None:
            self.fields["partnership"].choices = [  # type: ignore[attr-defined]
                ("", self.fields["partnership"].empty_label),  # type: ignore[attr-defined]
                *((p.pk, str(p)) for p in partnerships),
            ]
        if members is not None:
            choices = [("", "—"), *((p.pk, p.name) for p in members)]
            self.fields["first"].choices = choices  # type: ignore[attr-defined]
            self.fields["second"].choices = choices  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        if data.get("partnership") is None:
            first, second = data.get("first"), data.get("second")
            if first is None or second is None:
                self.add_error("first", gettext_lazy("Choose the pair, or its two players."))
            elif first == second:
                self.add_error("second", gettext_lazy("Choose two different players."))
        return data


class PaperResultForm(forms.Form):
    """A table's two totals from its paper sheet: seats 1 and 3 (or the first pair), then
    seats 2 and 4 (or the second pair)."""

    side0 = number(min_value=0, max_value=MOST_POINTS, label=gettext_lazy("First side"))
    side1 = number(min_value=0, max_value=MOST_POINTS, label=gettext_lazy("Second side"))
    #: The director takes over a table whose phone gave up mid-boom: its deals entered on the
    #: phone give way to the paper (the service refuses a taken-over table without it).
    replace_phone = forms.BooleanField(required=False)

    @property
    def scores(self) -> tuple[int, int]:
        return (self.cleaned_data["side0"], self.cleaned_data["side1"])


class ThreeResultForm(forms.Form):
    """A table of three's numbers from its paper sheet: each player's own points for the
    round, in seat order; each field is labelled with its player's name (``names``). Whole
    numbers from 0 here; the game's bound is the service's
    (:func:`scoring.evenings.check_three_scores`)."""

    side0 = number(min_value=0, max_value=MOST_POINTS, label=gettext_lazy("Seat 1"))
    side1 = number(min_value=0, max_value=MOST_POINTS, label=gettext_lazy("Seat 2"))
    side2 = number(min_value=0, max_value=MOST_POINTS, label=gettext_lazy("Seat 3"))

    def __init__(self, *args: Any, names: tuple[str, ...] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        for field, name in zip(("side0", "side1", "side2"), names, strict=False):
            if name:
                self.fields[field].label = name

    @property
    def scores(self) -> tuple[int, int, int]:
        return (
            self.cleaned_data["side0"],
            self.cleaned_data["side1"],
            self.cleaned_data["side2"],
        )
