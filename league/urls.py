"""The site's URLs: one namespace per area, each area's patterns in its own ``urls.py``.

Every public path stays as it was before the areas were cut: entry links (``/m/<token>/``)
are printed on paper as QR codes, and bookmarks and printed notices point at the rest.
"""

from django.contrib import admin
from django.urls import include, path

from league import languages, views, webapp

urlpatterns = [
    path("", views.home, name="home"),
    # The entry pages as an installable web app (served from the root: the worker's scope).
    path("manifest.webmanifest", webapp.manifest, name="webapp-manifest"),
    path("sw.js", webapp.service_worker, name="webapp-sw"),
    path("", include("league.accounts.urls")),
    path("", include("league.rulebook.urls")),
    path("", include("league.games.urls")),
    path("", include("league.competitions.urls")),
    path("", include("league.tournaments.urls")),
    path("", include("league.printing.urls")),
    path("", include("league.live.urls")),
    path("", include("league.screen.urls")),
    path("", include("league.ratings.urls")),
    path("", include("league.evenings.urls")),
    # The menu's language switcher posts here (Django's set_language: a cookie, then back).
    path("i18n/", include("django.conf.urls.i18n")),
    # The words the scripts in static/js write themselves, in the page's language.
    path("jsi18n/<str:language>/", languages.javascript_catalog, name="javascript-catalog"),
    path("admin/", admin.site.urls),
]

# A server error's page shows the request id, a 403 says who may do it; 400 and 404 are
# Django's own views with the site's templates (templates/400.html, 404.html). A failed CSRF
# check is settings.CSRF_FAILURE_VIEW.
handler403 = "league.views.permission_denied"
handler500 = "league.views.server_error"
