"""Public pages: the home page and the rules of each preset."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.games import selectors
from league.rulebook.views import preset_rows


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "presets": preset_rows(),
        # An empty install offers its first visitor the organiser's account.
        "needs_setup": not get_user_model().objects.exists(),
        "recent_games": selectors.game_list()[:6],
    }
    return render(request, "home.html", context)
