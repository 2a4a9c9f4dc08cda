"""The home page (the presets, the latest games, and on an empty install the way in), and the
error pages that need more than a template: 403 (who may do it), a failed CSRF check (with
the site's menu as the visitor is signed in) and 500 (a request id)."""

from __future__ import annotations

from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    HttpResponseServerError,
)
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _

from league.access import NotAllowed
from league.accounts import selectors as accounts_selectors
from league.games import selectors as games_selectors
from league.live import topics as live_topics
from league.rulebook.views import preset_rows


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "presets": preset_rows(),
        # An empty install offers its first visitor the organiser's account.
        "needs_setup": accounts_selectors.install_is_empty(),
        "recent_games": games_selectors.game_list()[:6],
        "live_topics": live_topics.games_page(),
    }
    return render(request, "home.html", context)


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page: what happened, what to do, and the request id that the log's traceback
    carries. Rendered without context processors, which may need the database that failed."""
    request_id = getattr(request, "request_id", "")
    try:
        html = loader.get_template("500.html").render({"request_id": request_id})
    except Exception:  # the template itself failed: still no traceback for the visitor
        html = _("Server error. Request id: %(request_id)s") % {"request_id": request_id}
    return HttpResponseServerError(html)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 403 page, with the site's menu: who may do this (the refusal's own words when it is
    a :class:`~league.access.NotAllowed`), whom to ask, and a way to sign in as somebody who
    may."""
    context = {
        "reason": exception.message if isinstance(exception, NotAllowed) else "",
        "ask": exception.ask if isinstance(exception, NotAllowed) else "",
        "organisers": accounts_selectors.organiser_names(),
        # Back here after signing in; a form's address answers only its form, so not that.
        "next": request.get_full_path() if request.method == "GET" else "",
    }
    return HttpResponseForbidden(loader.render_to_string("403.html", context, request))


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form refused for its missing or stale CSRF token (``CSRF_FAILURE_VIEW``): the site's
    page, rendered with the request so that its menu shows who is signed in (Django's own
    view renders the template without it)."""
    return HttpResponseForbidden(loader.render_to_string("403_csrf.html", {}, request))
