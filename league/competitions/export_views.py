"""The organiser's download of a whole club's data (:mod:`league.competitions.club_export`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from league.access import club_or_404, organiser_required
from league.competitions.club_export import club_export_json


@organiser_required
def club_export(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    response = HttpResponse(club_export_json(club), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}.json"'
    return response
