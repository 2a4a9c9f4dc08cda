"""The site's URLs plus ``/bench/insert/``: the floor of the HTTP benchmark.

The floor is a bare Django view that inserts one row into one table (``bench_row``, created by
the benchmark's setup, ``bench/http_db.py``, so the site itself has no benchmark model). It is a
POST checked for CSRF and answered with a redirect, like saving a deal, so that both pay the same
middleware, database connection and one write transaction; what saving a deal costs on top is
the ratio the benchmark reports.
"""

from __future__ import annotations

from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import include, path
from django.views.decorators.http import require_POST

BARE_TABLE = "bench_row"


@require_POST
def bare_insert(request: HttpRequest) -> HttpResponse:
    value = request.POST.get("value", "")[:64]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {BARE_TABLE} (value) VALUES (%s)", [value])
    return HttpResponseRedirect("/bench/insert/")


urlpatterns = [
    path("bench/insert/", bare_insert, name="bench-insert"),
    path("", include("league.urls")),
]
