"""Account pages: the first organiser on an empty install, the accounts an organiser adds
(organisers and scorers), the page a locked-out sign-in gets, and the organisers' page that
lifts lockouts. Signing in and out are Django's own views (``accounts/urls``), throttled by
django-axes (``league.settings``).
"""

from __future__ import annotations

from typing import Any

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from league.access import organiser_required, require_organiser
from league.accounts import selectors, services
from league.accounts.forms import AccountForm, FirstOrganiserForm, LockoutLiftForm
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
        messages.success(request, f"Welcome, {user.username}: you are this club's organiser.")
        return redirect("games:list")
    return render(request, "accounts/setup.html", {"form": form})


@login_required
def account_new(request: HttpRequest) -> HttpResponse:
    require_organiser(request)
    form = AccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        services.user_set_role(user=user, role=Role(form.cleaned_data["role"]))
        messages.success(request, f"Account {user.username} created.")
        return redirect("accounts:new")
    return render(request, "accounts/account_new.html", {"form": form})


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None
) -> HttpResponse:
    """What a sign-in gets while its account or address is locked out (django-axes'
    ``AXES_LOCKOUT_CALLABLE``): 429, and how long to wait."""
    username = (credentials or {}).get("username") or request.POST.get("username")
    ends = selectors.lockout_ends(username=username, address=get_client_ip_address(request))
    minutes = selectors.minutes_until(ends) if ends is not None else None
    context = {
        "failure_limit": settings.AXES_FAILURE_LIMIT,
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
            messages.success(request, f"{who} may sign in again.")
        else:
            messages.info(request, f"{who} was not locked out (any more).")
        return redirect("accounts:lockouts")
    return render(
        request,
        "accounts/lockouts.html",
        {"lockouts": selectors.lockouts(), "failure_limit": settings.AXES_FAILURE_LIMIT},
    )
