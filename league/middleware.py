"""Middleware of the site's own: a request id for every request, the Content-Security-Policy
header, a development server that answers this computer only, and each request starting on
the server's clock (a club's page then turns to the club's: :mod:`league.timezones`)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import render
from django.utils import timezone

from league.server import is_loopback

Handler = Callable[[HttpRequest], HttpResponse]


def request_id(get_response: Handler) -> Handler:
    """Give each request a short id (8 hex digits): the 500 page shows it, every log line
    about the request carries it, and the response's ``X-Request-ID`` header repeats it, so
    that what a person reads out from a phone finds the traceback in the log."""

    def middleware(request: HttpRequest) -> HttpResponse:
        request.request_id = secrets.token_hex(4)  # type: ignore[attr-defined]
        response = get_response(request)
        response["X-Request-ID"] = request.request_id  # type: ignore[attr-defined]
        return response

    return middleware


def content_security_policy(get_response: Handler) -> Handler:
    """Send ``settings.CONTENT_SECURITY_POLICY`` with every response that has none."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        return response

    return middleware


def loopback_only_when_debugging(get_response: Handler) -> Handler:
    """With DEBUG on, answer requests from this computer only: the debug page shows the
    settings and the environment, so a development server started on 0.0.0.0 by mistake
    must not show it to the room. ``manage.py serve`` refuses to listen there first."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if settings.DEBUG and not is_loopback(request.META.get("REMOTE_ADDR", "")):
            return HttpResponseForbidden(
                "This is a development server (DEBUG is on): it answers this computer only. "
                "Start the site with `make run` to serve other devices.",
                content_type="text/plain; charset=utf-8",
            )
        return get_response(request)

    return middleware


def club_time_zone(get_response: Handler) -> Handler:
    """Start and end every request on the server's clock: a page of a club's things turns to
    the club's zone (:func:`league.timezones.use_club_time`, from the lookups of
    :mod:`league.access`), and the next request served by the same thread must not keep it."""

    def middleware(request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return get_response(request)
        finally:
            timezone.deactivate()

    return middleware


def styled_method_not_allowed(get_response: Handler) -> Handler:
    """Give an empty 405 (a form's address opened as a page: what the address bar keeps after
    a form came back with a message, then reloaded or shared) the site's page, with the menu
    and what to do, instead of a blank one. Its ``Allow`` header is kept."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code != 405 or response.content:
            return response
        styled = render(request, "405.html", status=405)
        if "Allow" in response:
            styled["Allow"] = response["Allow"]
        return styled

    return middleware
