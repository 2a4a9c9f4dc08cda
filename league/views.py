"""The home page (the presets, the latest games, and on an empty install the way in), and the
server error page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.shortcuts import render
from django.template import loader

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


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page: what happened, what to do, and the request id that the log's traceback
    carries. Rendered without context processors, which may need the database that failed."""
    request_id = getattr(request, "request_id", "")
    try:
        html = loader.get_template("500.html").render({"request_id": request_id})
    except Exception:  # the template itself failed: still no traceback for the visitor
        html = f"Server error. Request id: {request_id}"
    return HttpResponseServerError(html)
