"""Forms of the housekeeping of a club's records: renaming a member, a partnership or the
club. Each takes its name field from the form that adds the record, so that a name is
checked the same way when it is first typed and when it is changed."""

from __future__ import annotations

from django import forms

from league.competitions.forms import ClubForm, PartnershipForm, PlayerForm


class PlayerRenameForm(PlayerForm):
    """A member's new name (the field of :class:`PlayerForm`)."""


class ClubRenameForm(ClubForm):
    """The club's new name (the field of :class:`ClubForm`); its address stays."""


class PartnershipRenameForm(forms.Form):
    """A partnership's new team name, or blank (the field of :class:`PartnershipForm`)."""

    name = PartnershipForm.base_fields["name"]
