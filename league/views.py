"""The home page: the presets, the latest games, and on an empty install the way in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.accounts import selectors as accounts_selectors
from league.games import selectors as games_selectors
from league.rulebook.views import preset_rows


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "presets": preset_rows(),
        # An empty install offers its first visitor the organiser's account.
        "needs_setup": accounts_selectors.install_is_empty(),
        "recent_games": games_selectors.game_list()[:6],
    }
    return render(request, "home.html", context)
