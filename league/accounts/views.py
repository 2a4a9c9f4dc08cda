"""Score-entry pages: start a game, enter and correct deals, read and print the sheet.

Views stay thin: forms validate, services write, selectors read, ``league.access`` decides
who may write (404 for a game that does not exist, 403 for a signed-in user who may not
score it; anonymous visitors are sent to sign in).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.http import (
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render

from league.access import require_organiser
from league.accounts import services
from league.accounts.forms import AccountForm, FirstOrganiserForm
from league.models import Role


# -- accounts ---------------------------------------------------------------------------------
def setup(request: HttpRequest) -> HttpResponse:
    """On an empty install, the first visitor creates the first organiser account."""
    if get_user_model().objects.exists():
        return redirect("home" if request.user.is_authenticated else "accounts:login")
    form = FirstOrganiserForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        services.user_set_role(user=user, role=Role.ORGANISER)
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
