"""The entry pages as an installable web app: a manifest and a service worker.

A phone that opens an entry link (``/m/<token>/``) or a game's page (``/games/<id>/``) can add
it to its home screen (the manifest, whose ``start_url`` is that page), and its service worker
keeps the app shell (the site's CSS and scripts, the icons) and each such page visited, so
that a reload while the venue's Wi-Fi is down still shows the page; deals saved meanwhile wait
in the page's own queue (static/js/offline-queue.js, IndexedDB), which needs no service worker.

Browsers run service workers on secure pages only (https, or localhost): on plain http over
the club's Wi-Fi the worker does not register, and the queue alone keeps the deals.

The worker is served from the site's root (``/sw.js``) so that its scope covers ``/m/`` and
``/games/``; from a view, so that it names the static files by their hashed names (a new
release changes its bytes, and the browser installs it afresh), and with ``no-cache`` so the
browser always asks for a new one.
"""

from __future__ import annotations

import hashlib
import json
import re

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from league.languages import supported

#: Static files every entry page needs (base.html's styles, the deal form's scripts, icons).
APP_SHELL: tuple[str, ...] = (
    "css/base.css",
    "css/games.css",
    "css/competitions.css",
    "css/tournaments.css",
    "css/fixtures.css",
    "css/charts.css",
    "js/scroll-hint.js",
    "js/rules.js",
    "js/deal-entry.js",
    "js/offline-queue.js",
    "js/webapp.js",
    "js/live.js",
    "icons/hicksheet.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
)

#: Pages the app starts at and the worker keeps: an entry link, a game's page.
APP_PAGES = re.compile(r"/m/[A-Za-z0-9_-]{1,100}/|/games/[0-9]{1,12}/")


def _static(name: str) -> str:
    """A static file's URL: its hashed name once collected, else its own name (WhiteNoise
    serves both), so a server started before ``collectstatic`` never answers 500 here."""
    try:
        return static(name)
    except ValueError:
        return f"/{settings.STATIC_URL.lstrip('/')}{name}"


def _shell() -> list[str]:
    return [_static(name) for name in APP_SHELL]


@require_GET
@cache_control(no_cache=True)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest; ``?start=`` is the page the installed app opens (an entry link
    or a game's page; anything else opens the home page). Its words are in the reader's
    language, or the one ``?lang=`` names (the page that links it may: an entry page speaks
    its club's language to a reader who asked for none)."""
    start = request.GET.get("start", "/")
    if not APP_PAGES.fullmatch(start):
        start = "/"
    # The language ?lang= names (the page that links the manifest may say its own), else the
    # reader's.
    if asked := supported(request.GET.get("lang", "")[:20]):
        translation.activate(asked)
    data = {
        "id": start,
        "lang": translation.get_language(),
        # The app's name is a name: the same in every language, unless a translator says not.
        "name": _("Hicksheet"),
        "short_name": _("Hicksheet"),
        "description": _("Keep the score of a Klaberjass or Clabber match."),
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbfaf6",
        "theme_color": "#1f5c3f",
        "icons": [
            {"src": _static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": _static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": _static("icons/hicksheet.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json")


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker's script (static/js is not its home: its scope would be /static/)."""
    shell = _shell()
    version = hashlib.sha256(json.dumps(shell).encode()).hexdigest()[:12]
    context = {
        "version": version,
        "shell": json.dumps(shell),
        "static_url": f"/{settings.STATIC_URL.lstrip('/')}",
        # Django's JavaScript catalog (/jsi18n/<language>/): kept for a reload offline, as the
        # pages are; the worker knows it by the address before the language.
        "catalog_url": reverse("javascript-catalog", args=["xx"]).removesuffix("xx/"),
        "offline_title": _("Offline"),
        "offline_text": _(
            "No network, and this page was not kept on this phone. Try again when the Wi-Fi "
            "is back."
        ),
    }
    response = render(
        request, "webapp/sw.js", context, content_type="application/javascript; charset=utf-8"
    )
    response["Service-Worker-Allowed"] = "/"
    return response
