"""Account pages: the first organiser on an empty install, and the accounts an organiser
adds (organisers and scorers). Signing in and out are Django's own views (``accounts/urls``).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from league.access import require_organiser
from league.accounts import selectors, services
from league.accounts.forms import AccountForm, FirstOrganiserForm
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
        login(request, user)
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
