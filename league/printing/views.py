"""Printed documents: a game's sheet, blank sheets, a competition's standings, and a
tournament's table pack, bracket and ranking (``?size=Letter`` for Letter, A4 by default).

Views stay thin: ``league.access`` finds what is asked for (404) and decides who may have it
(the table pack carries the entry links, so only an organiser prints it: signed out, the
sign-in page; a scorer, 403), the selectors read and the presenters build each sheet, the
renderers in :mod:`league.printing.pdf` turn it into bytes. Everything else is public.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import render
from django.urls import reverse

from league.access import (
    competition_or_404,
    game_or_404,
    require_organiser,
    round_or_404,
    tournament_or_404,
)
from league.competitions import selectors as competitions_selectors
from league.competitions.presenters import (
    best_note,
    describe_key,
    entrant_heading,
    extra_keys,
    standing_rows,
)
from league.competitions.selectors import StandingLine
from league.engine_words import engine_word
from league.games import selectors as games_selectors
from league.models import Competition
from league.printing.forms import BlankSheetsForm
from league.printing.pdf.sheets import (
    PAGE_SIZES,
    BlankSheet,
    render_blank_sheets,
    render_game_sheet,
)
from league.printing.pdf.standings import StandingsRow, StandingsSheet, fits, render_standings
from league.printing.pdf.tournament import (
    render_bracket,
    render_ranking,
    render_table_pack,
)
from league.screen.join import phone_url
from league.tournaments.presenters import bracket_sheet, ranking_sheet, table_pack, today_text
from scoring.standings import TIEBREAKS


# -- printing ---------------------------------------------------------------------------------
def game_pdf(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    sheet = games_selectors.game_sheet_pdf(game, page_size=page_size(request))
    return pdf_response(render_game_sheet(sheet), f"hicksheet-game-{game.pk}.pdf")


def blank_sheets(request: HttpRequest) -> HttpResponse:
    """Blank hick sheets to print for a club night (a GET form: it writes nothing)."""
    form = BlankSheetsForm(request.GET if "preset" in request.GET else None)
    if not form.is_bound or not form.is_valid():
        return render(
            request,
            "printing/blank_sheets.html",
            {"form": form},
            status=400 if form.is_bound else 200,
        )
    data = form.cleaned_data
    rules = data["rules"]
    names = data["name_rows"]
    first_table = data.get("first_table")
    sheets = [
        BlankSheet(
            ruleset_name=engine_word(rules.name),
            ruleset_lines=games_selectors.ruleset_lines(rules),
            sides=rules.sides,
            side_names=names[i] if i < len(names) else (),
            table=str(first_table + i) if first_table else "",
            target=rules.target,
        )
        for i in range(data["sheets"])
    ]
    return pdf_response(
        render_blank_sheets(sheets, page_size=data["page_size"]),
        f"hicksheet-blank-{rules.preset}.pdf",
    )


#: The columns of the printed table: (heading, row value, meaning). The rest stay on the page.
PDF_COLUMNS = (
    ("P", "played", "played"),
    ("W", "won", "won"),
    ("D", "drawn", "drawn"),
    ("L", "lost", "lost"),
    ("Pts", "match_points", "match points"),
    ("For", "points_for", "game points for"),
    ("Agst", "points_against", "game points against"),
    ("Diff", "difference", "their difference"),
    ("Hicks", "hicks", "deals as makers that were set"),
    ("Sets", "sets_forced", "opponents' deals as makers set"),
    ("Made %", "made", "share of deals as makers made"),
)


#: Dropped in this order when the chain's own keys need the room.
PDF_OPTIONAL = ("Sets", "Hicks", "Made %", "D", "Agst", "For")


def standings_sheet(
    competition: Competition,
    lines: Sequence[StandingLine],
    date: str,
    page_size: str = "A4",
) -> StandingsSheet:
    """What the printed standings show: the main columns and the chain's other keys, as many
    of the main ones as fit beside those keys."""
    rows = standing_rows(lines, competition.tiebreaks)
    extras = extra_keys(competition.tiebreaks)
    meaning = {heading: words for heading, _, words in PDF_COLUMNS}
    meaning |= {
        engine_word(TIEBREAKS[k].label): engine_word(TIEBREAKS[k].description).rstrip(".").lower()
        for k in extras
    }
    names = [name for _, name, _ in PDF_COLUMNS] + [f"key_{k}" for k in extras]
    rules = competition.rules
    sheet = StandingsSheet(
        title=competition.name,
        club=competition.club.name,
        date=date,
        ruleset_name=f"{rules.name}, games to {rules.target}",
        chain=tuple(describe_key(key) for key in competition.tiebreaks),
        columns=tuple(
            [heading for heading, _, _ in PDF_COLUMNS]
            + [engine_word(TIEBREAKS[k].label) for k in extras]
        ),
        rows=tuple(
            StandingsRow(
                rank=row["rank"], name=row["entrant"], values=tuple(str(row[n]) for n in names)
            )
            for row in rows
        ),
        note=best_note(competition),
        entrant_heading=entrant_heading(competition),
        page_size=page_size,
    )
    for heading in PDF_OPTIONAL:
        if fits(sheet):
            break
        sheet = sheet.without(heading)
    legend = ", ".join(f"{heading} {meaning[heading]}" for heading in sheet.columns)
    return dataclasses.replace(sheet, legend=legend[0].upper() + legend[1:] + ".")


def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings to print and pin up: A4 on its side (``?size=Letter`` for Letter)."""
    competition = competition_or_404(slug)
    size = page_size(request)
    lines = competitions_selectors.competition_standings(competition)
    data = render_standings(standings_sheet(competition, lines, today_text(), page_size=size))
    return pdf_response(data, f"{competition.slug}-standings.pdf")


# -- views -----------------------------------------------------------------------------------
@login_required
def round_tables_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's table pack: the sheets with the sides' entry links (organisers only)."""
    require_organiser(request)
    size = page_size(request)
    competition = competition_or_404(slug)
    night = round_or_404(competition, number)
    if night.draft:
        raise Http404("This round is not published yet.")
    pack = table_pack(
        competition,
        night,
        link=lambda token: phone_url(request, reverse("tournaments:entry", args=[token])),
        page_size=size,
    )
    if not pack.sheets:
        raise Http404("This round has no tables.")
    response = pdf_response(
        render_table_pack(pack), f"{competition.slug}-round-{number}-tables.pdf"
    )
    # The entry links are as good as a password for the match: keep them out of caches.
    response["Cache-Control"] = "private, no-store"
    return response


def bracket_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_or_404(slug)
    sheet = bracket_sheet(competition, today_text(), page_size=page_size(request))
    return pdf_response(render_bracket(sheet), f"{competition.slug}-bracket.pdf")


def ranking_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_or_404(slug)
    sheet = ranking_sheet(competition, today_text(), page_size=page_size(request))
    return pdf_response(render_ranking(sheet), f"{competition.slug}-ranking.pdf")


def page_size(request: HttpRequest) -> str:
    """``?size=`` A4 (the default) or Letter; anything else is a page that does not exist."""
    size = request.GET.get("size", "A4")
    if size not in PAGE_SIZES:
        raise Http404("Page size must be A4 or Letter.")
    return size


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """Shown in the browser (inline), saved under ``filename``."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
