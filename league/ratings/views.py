"""The rating lists (overall and a club's), a player's rating history, and a club's list
settings."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.access import club_or_404, is_organiser, organiser_required, player_or_404
from league.models import Club
from league.ratings import selectors, services
from league.ratings.forms import ListSettingsForm
from league.ratings.presenters import list_line, rating_summary
from league.tables_common import page_within
from scoring.ratings import ranked

#: Lines a page of a list or a history.
PER_PAGE = 50


def _page(request: HttpRequest, items: list[Any]) -> Any:
    pages = Paginator(items, PER_PAGE)
    return pages.page(page_within(request.GET.get("page", "1"), pages.num_pages))


def _list_page(
    request: HttpRequest,
    *,
    club: Club | None,
    form: ListSettingsForm | None = None,
    status: int = 200,
) -> HttpResponse:
    pairs = request.GET.get("list") == "pairs"
    if club is None:
        min_games, min_opponents = selectors.list_settings()
    else:
        min_games, min_opponents = club.rating_min_games, club.rating_min_opponents
    records = selectors.current_records(club=club.pk if club else None, pairs=pairs)
    rows = {record.who: row for record, row in records}
    listed = ranked(
        (record for record, _row in records), min_games=min_games, min_opponents=min_opponents
    )
    teams: dict[tuple[int, int], int] = {}
    if pairs:
        teams = selectors.partnership_ids(
            (r.player_id, r.partner_id) for _record, r in records if r.partner_id
        )
    lines = [
        list_line(
            row,
            rows[row.who],
            pairs=pairs,
            partnership=teams.get((rows[row.who].player_id, rows[row.who].partner_id)),
        )
        for row in listed
    ]
    if club is not None and form is None and is_organiser(request.user):
        form = ListSettingsForm(initial={"min_games": min_games, "min_opponents": min_opponents})
    context = {
        "club": club,
        "pairs": pairs,
        "page": _page(request, lines),
        "min_games": min_games,
        "min_opponents": min_opponents,
        "unlisted": len(records) - len(lines),
        "form": form,
    }
    return render(request, "ratings/rating_list.html", context, status=status)


def rating_list(request: HttpRequest) -> HttpResponse:
    """Every player's (or, with ``?list=pairs``, every partnership's) rating, best first."""
    return _list_page(request, club=None)


def club_rating_list(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's members' ratings (their games anywhere on this site count)."""
    return _list_page(request, club=club_or_404(slug))


@organiser_required
@require_POST
def club_list_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Set who the club's list shows (organisers)."""
    club = club_or_404(slug)
    form = ListSettingsForm(request.POST)
    if not form.is_valid():
        return _list_page(request, club=club, form=form, status=400)
    services.club_set_list_settings(
        club=club,
        min_games=form.cleaned_data["min_games"],
        min_opponents=form.cleaned_data["min_opponents"],
    )
    messages.success(
        request,
        _(
            "%(club)s's rating list now shows: rated games, at least %(games)s; different "
            "opponents, at least %(opponents)s."
        )
        % {
            "club": club.name,
            "games": club.rating_min_games,
            "opponents": club.rating_min_opponents,
        },
    )
    address = reverse("ratings:club-list", args=[club.slug])
    return redirect(address + ("?list=pairs" if request.GET.get("list") == "pairs" else ""))


def player_history(request: HttpRequest, player_id: int) -> HttpResponse:
    """Every rated game of a player, newest first, with why the rating moved."""
    player = player_or_404(player_id)
    summary = rating_summary(player.pk)
    lines = list(reversed(summary["rating_lines"]))
    context = {"player": player, "club": player.club, "page": _page(request, lines), **summary}
    return render(request, "ratings/player_history.html", context)
