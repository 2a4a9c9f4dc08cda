"""Middleware of the site's own: a request id for every request, the Content-Security-Policy
header, a development server that answers this computer only, each request starting on the
server's clock (a club's page then turns to the club's: :mod:`league.timezones`), and a
sign-in asked for by a form that leads back to the form's page."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, QueryDict
from django.shortcuts import render, resolve_url
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme

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


def sign_in_returns_to_the_form_s_page(get_response: Handler) -> Handler:
    """A form posted while signed out (a session that ended at the table) is sent to sign in
    with ``next`` set to the form's address, which answers posts only: signed in, the person
    would land on a 405. Send them back instead to the page the form was on (the ``Referer``,
    when it is a page of this site), or, without one, to wherever signing in leads by
    default. What the form said is not posted again: they see the page and send it again."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if request.method != "POST" or response.status_code != 302:
            return response
        target = urlsplit(response.get("Location", ""))
        if target.path != resolve_url(settings.LOGIN_URL):
            return response
        query = QueryDict(target.query, mutable=True)
        if query.get(REDIRECT_FIELD_NAME) != request.get_full_path():
            return response
        back = _page_the_form_was_on(request)
        if back:
            query[REDIRECT_FIELD_NAME] = back
        else:
            del query[REDIRECT_FIELD_NAME]
        response["Location"] = urlunsplit(target._replace(query=query.urlencode(safe="/")))
        return response

    return middleware


def _page_the_form_was_on(request: HttpRequest) -> str:
    """The path (and query) of the page a form was posted from, if it is a page of this site
    other than the form's own address and the sign-in page; "" otherwise."""
    referer = request.headers.get("Referer", "")
    if not referer or not url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    page = urlsplit(referer)
    if not page.netloc:  # a relative Referer is not what a browser sends
        return ""
    if page.path in (request.path, resolve_url(settings.LOGIN_URL)):
        return ""
    return urlunsplit(("", "", page.path or "/", page.query, ""))
