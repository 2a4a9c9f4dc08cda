"""Account forms: the first organiser of an empty install, an account an organiser adds,
enabling or disabling one, and lifting a lockout. Setting and changing a password are
Django's own ``SetPasswordForm`` and ``PasswordChangeForm``."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy, pgettext_lazy

from league.models import Role


# UserCreationForm is generic only in django-stubs (subscripting it fails at run time), so its
# subclasses here cannot name their user type: hence the two ignores.
class FirstOrganiserForm(UserCreationForm):  # type: ignore[type-arg]
    """The first account of an empty install: an organiser."""


class AccountForm(UserCreationForm):  # type: ignore[type-arg]
    """An organiser adds an account for a scorer or another organiser."""

    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Role.choices, initial=Role.SCORER)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()


class AccountActiveForm(forms.Form):
    """An organiser disables an account ("0") or enables it again ("1")."""

    active = forms.TypedChoiceField(
        choices=[("1", gettext_lazy("Enable")), ("0", gettext_lazy("Disable"))],
        coerce=lambda value: value == "1",
    )


class LockoutLiftForm(forms.Form):
    """An organiser lets one locked-out account or address sign in again."""

    kind = forms.ChoiceField(
        choices=[
            ("account", pgettext_lazy("a sign-in account", "Account")),
            ("address", pgettext_lazy("a device's network address", "Address")),
        ]
    )
    who = forms.CharField(max_length=255)
