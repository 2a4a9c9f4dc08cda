"""A club evening's papers: a round's seats (the seat list and the table slips) and boom
sheets, the evening's results, and a season's standings; on the club's paper, in the room's
language, as the other PDFs (:mod:`league.printing.views`).

Who may print: everybody who may read the evening (everybody: a club's evenings are public,
as its competitions are). The table slips carry the tables' entry links as QR codes only for
an organiser, who alone may print the round's table pack with its links
(:func:`league.printing.views.round_tables_pdf`); anybody else gets the same slips without
them. An address that is not an evening, or a round not drawn, is a page that does not
exist.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation

from league.access import club_or_404, competition_or_404, is_organiser
from league.evenings import selectors
from league.evenings.selectors import Evening, RoundView
from league.languages import room_language
from league.models import Competition, CompetitionKind, Season
from league.paper import club_paper
from league.printing.evening_paper import boom_sheets, results_sheet, season_sheet, seats_sheet
from league.printing.pdf.evening import (
    render_evening_results,
    render_evening_seats,
    render_season,
)
from league.printing.pdf.sheets import render_blank_sheets
from league.printing.views import page_size, pdf_response, printed_date, today
from league.screen.join import phone_url
from league.tournaments.presenters import round_name


def _evening_or_404(slug: str) -> Competition:
    competition = competition_or_404(slug)
    if competition.kind != CompetitionKind.EVENING:
        raise Http404("This competition is not a club evening.")
    return competition


def _round_or_404(evening: Evening, number: int) -> RoundView:
    for view in evening.rounds:
        if view.round.number == number:
            return view
    raise Http404("This round is not drawn.")


def _size(request: HttpRequest, competition: Competition) -> str:
    return page_size(request, club_paper(competition.club.paper_size, competition.club.time_zone))


def _language(request: HttpRequest, competition: Competition) -> str:
    return room_language(request, competition.club.language, competition.language)


def _night(competition: Competition) -> str:
    """The evening's date as printed: the night it is held, else today."""
    return printed_date(competition.held_on) if competition.held_on else today()


def evening_seats_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Round ``number``'s seat list to pin up and a slip a table; the slips' entry links for
    an organiser only."""
    competition = _evening_or_404(slug)
    size = _size(request, competition)
    linked = is_organiser(request.user)
    with translation.override(_language(request, competition)):
        evening = selectors.evening(competition, with_ranking=False)
        view = _round_or_404(evening, number)
        sheet = seats_sheet(
            evening,
            view,
            date=_night(competition),
            link=(
                (lambda token: phone_url(request, reverse("tournaments:entry", args=[token])))
                if linked
                else None
            ),
            page_size=size,
        )
        data = render_evening_seats(sheet)
    response = pdf_response(data, f"{competition.slug}-round-{number}-seats.pdf")
    if linked:
        # The entry links are as good as a password for the table: keep them out of caches.
        response["Cache-Control"] = "private, no-store"
    return response


def evening_booms_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A boom sheet a table of round ``number``, its names filled in."""
    competition = _evening_or_404(slug)
    size = _size(request, competition)
    with translation.override(_language(request, competition)):
        evening = selectors.evening(competition, with_ranking=False)
        view = _round_or_404(evening, number)
        sheets = boom_sheets(evening, view, date=_night(competition))
        if not sheets:
            raise Http404("This round has no tables.")
        name = round_name(number)
        data = render_blank_sheets(
            sheets,
            size,
            title=f"{competition.name}: {name}",
            footer=f"{competition.name} \u00b7 {name} \u00b7 Hicksheet",
        )
    return pdf_response(data, f"{competition.slug}-round-{number}-booms.pdf")


def evening_results_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The evening's ranking, each round's score, the prizes and the booby prize."""
    competition = _evening_or_404(slug)
    size = _size(request, competition)
    with translation.override(_language(request, competition)):
        evening = selectors.evening(competition)
        data = render_evening_results(
            results_sheet(evening, date=_night(competition), page_size=size)
        )
    return pdf_response(data, f"{competition.slug}-results.pdf")


def season_pdf(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """The season's standings, its rules in words and its points champion."""
    club = club_or_404(slug)
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id, club=club)
    size = page_size(request, club_paper(club.paper_size, club.time_zone))
    with translation.override(room_language(request, club.language)):
        view = selectors.season_view(season)
        data = render_season(season_sheet(view, date=today(), page_size=size))
    return pdf_response(data, f"{club.slug}-season-{season.pk}.pdf")
