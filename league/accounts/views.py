"""Account pages: the first organiser on an empty install; for organisers, the accounts
with their roles, adding one (an organiser or a scorer), disabling and enabling one, setting
somebody's password, and lifting lockouts; for everybody signed in, their own account page,
which changes their password; the page a locked-out sign-in gets. Signing in and out are
Django's own views (``accounts/urls``), throttled by django-axes (``league.settings``).
"""

from __future__ import annotations

from typing import Any

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.contrib.messages.views import SuccessMessageMixin
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from league.access import (
    AuthenticatedHttpRequest,
    account_for_organiser,
    organiser_required,
    require_organiser,
)
from league.accounts import selectors, services
from league.accounts.forms import (
    AccountActiveForm,
    AccountForm,
    FirstOrganiserForm,
    LockoutLiftForm,
)
from league.errors import Refused
from league.forms_common import show_refusal
from league.models import Role


def setup(request: HttpRequest) -> HttpResponse:
    """On an empty install, the first visitor creates the first organiser account."""
    if not selectors.install_is_empty():
        return redirect("home" if request.user.is_authenticated else "accounts:login")
    form = FirstOrganiserForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.first_organiser_create(
                username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
            )
        except Refused as error:
            show_refusal(form, error)
            return render(request, "accounts/setup.html", {"form": form}, status=409)
        login(request, user, backend="league.access.ProfileBackend")
        messages.success(
            request,
            _("Welcome, %(name)s: you are this club's organiser.") % {"name": user.username},
        )
        return redirect("games:list")
    return render(request, "accounts/setup.html", {"form": form})


@login_required
def account_new(request: HttpRequest) -> HttpResponse:
    require_organiser(request)
    form = AccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        services.user_set_role(user=user, role=Role(form.cleaned_data["role"]))
        messages.success(request, _("Account %(name)s created.") % {"name": user.username})
        return redirect("accounts:list")
    return render(request, "accounts/account_new.html", {"form": form})


@organiser_required
def account_list(request: AuthenticatedHttpRequest, status: int = 200) -> HttpResponse:
    """Every account with its role; an organiser disables, enables or sets a password."""
    context = {"accounts": selectors.accounts()}
    return render(request, "accounts/account_list.html", context, status=status)


@login_required
@require_POST
def account_active(request: AuthenticatedHttpRequest, user_id: int) -> HttpResponse:
    account = account_for_organiser(request, user_id)
    form = AccountActiveForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose to enable or to disable the account."))
        return account_list(request, status=400)
    active = form.cleaned_data["active"]
    try:
        services.user_set_active(user=account, active=active, by=request.user)
    except Refused as error:
        messages.error(request, error.message)
        return account_list(request, status=400)
    if active:
        messages.success(request, _("%(name)s may sign in again.") % {"name": account})
    else:
        messages.success(
            request,
            _("%(name)s is disabled: they cannot sign in any more.") % {"name": account},
        )
    return redirect("accounts:list")


@login_required
def account_set_password(request: AuthenticatedHttpRequest, user_id: int) -> HttpResponse:
    """An organiser sets a new password for somebody who forgot theirs; one's own is changed
    on one's own account page, which asks for the old one."""
    account = account_for_organiser(request, user_id)
    if account.pk == request.user.pk:
        return redirect("accounts:password")
    form = SetPasswordForm(account, request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.user_set_password(user=account, password=form.cleaned_data["new_password1"])
        messages.success(
            request,
            _("%(name)s has a new password: tell it to them in person.") % {"name": account},
        )
        return redirect("accounts:list")
    status = 400 if form.is_bound else 200
    context = {"form": form, "account": account}
    return render(request, "accounts/set_password.html", context, status=status)


class PasswordChange(SuccessMessageMixin, auth_views.PasswordChangeView):  # type: ignore[type-arg]
    """One's own account: who is signed in, their role, and changing their password (the old
    one first). Django's view keeps this browser signed in and ends the other sessions."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:password")
    success_message = gettext_lazy("Your password is changed.")

    def form_invalid(self, form: Any) -> HttpResponse:
        response = super().form_invalid(form)
        response.status_code = 400
        return response


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None
) -> HttpResponse:
    """What a sign-in gets while its account or address is locked out (django-axes'
    ``AXES_LOCKOUT_CALLABLE``): 429, and how long to wait."""
    username = (credentials or {}).get("username") or request.POST.get("username")
    found = selectors.lockouts_of(username=username, address=get_client_ip_address(request))
    ends = max((lockout.ends for lockout in found), default=None)
    minutes = selectors.minutes_until(ends) if ends is not None else None
    by_address = any(lockout.kind == "address" for lockout in found)
    context = {
        "failure_limit": (
            settings.LOGIN_ADDRESS_FAILURE_LIMIT if by_address else settings.AXES_FAILURE_LIMIT
        ),
        "minutes": minutes or int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
    }
    return render(request, "accounts/locked_out.html", context, status=429)


@organiser_required
def lockouts(request: HttpRequest) -> HttpResponse:
    """The accounts and addresses locked out now; an organiser lets one in again."""
    form = LockoutLiftForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        kind, who = form.cleaned_data["kind"], form.cleaned_data["who"]
        if services.lockout_lift(kind=kind, who=who):
            messages.success(request, _("%(name)s may sign in again.") % {"name": who})
        else:
            messages.info(request, _("%(name)s was not locked out (any more).") % {"name": who})
        return redirect("accounts:lockouts")
    return render(
        request,
        "accounts/lockouts.html",
        {
            "lockouts": selectors.lockouts(),
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "address_limit": settings.LOGIN_ADDRESS_FAILURE_LIMIT,
        },
    )
