"""Printed documents: a game's sheet, blank sheets, a competition's standings, and a
tournament's table pack, bracket and ranking, on the club's paper (:mod:`league.paper`: its
own setting, else Letter in the Americas and A4 elsewhere); ``?size=A4`` or ``?size=Letter``
asks for the other.

A PDF is made for the room, so it speaks the room's language
(:func:`league.languages.room_language`): the event's, else its club's, else the reader's;
the address asks for another with ``?lang=`` (``standings.pdf?lang=de``, ``sheet.pdf?lang=fr``;
a code the site does not speak is ignored). Its words, dates and numbers are all in that
language: the sheet is built and rendered inside ``translation.override``.

Views stay thin: ``league.access`` finds what is asked for (404) and decides who may have it
(the table pack carries the entry links, so only an organiser prints it: signed out, the
sign-in page; a scorer, 403), the selectors read and the presenters build each sheet, the
renderers in :mod:`league.printing.pdf` turn it into bytes. Everything else is public.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from league.access import (
    club_or_404,
    competition_or_404,
    game_or_404,
    require_organiser,
    round_or_404,
    tournament_or_404,
)
from league.charts.figures import PositionLines, position_lines
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
from league.game_words import games_of_deals
from league.games import selectors as games_selectors
from league.languages import room_language
from league.models import Club, Competition, CompetitionKind, Game
from league.paper import club_paper, paper_for_zone
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
from league.rulebook.rules_box import rules_box_lines
from league.screen.join import phone_url
from league.tournaments.presenters import bracket_sheet, ranking_sheet, table_pack
from scoring import Ruleset
from scoring.standings import TIEBREAKS


# -- printing ---------------------------------------------------------------------------------
def printed_date(day: datetime.date) -> str:
    """A day in the active language's form: Django's DATE_FORMAT ("1. Dezember 2026",
    "1 de diciembre de 2026", "1 décembre 2026"); in English the sheets' own "1 December 2026"
    (Django's English form is "Dec. 1, 2026")."""
    if translation.get_language() == "en":
        return formats.date_format(day, "j F Y")
    return formats.date_format(day, "DATE_FORMAT")


def today() -> str:
    """Today on the clock of the page's request (its club's), as printed."""
    return printed_date(timezone.localdate())


def _game_language(request: HttpRequest, game: Game) -> str:
    """The language of a game's sheet: its event's or its club's (a game of a fixture), else
    the reader's; ``?lang=`` first."""
    club = getattr(game, "club_language", None) or ""
    event = getattr(game, "event_language", None) or ""
    return room_language(request, club, event)


def _competition_language(request: HttpRequest, competition: Competition) -> str:
    return room_language(request, competition.club.language, competition.language)


def _game_paper(game: Game) -> str:
    """The paper of a game's club (one query); a casual game's, the server's zone's."""
    club = None
    if game.fixture_id is not None:
        club = (
            Club.objects.filter(competitions__fixtures=game.fixture_id)
            .values_list("paper_size", "time_zone")
            .first()
        )
    return club_paper(*club) if club is not None else paper_for_zone("")


def _club_paper(competition: Competition) -> str:
    return club_paper(competition.club.paper_size, competition.club.time_zone)


def game_pdf(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    size = page_size(request, _game_paper(game))
    with translation.override(_game_language(request, game)):
        sheet = games_selectors.game_sheet_pdf(game, page_size=size)
        # the day it started, on the clock of the page's request (its club's, if it has one)
        started = printed_date(timezone.localdate(game.created_at))
        # The rules box in the rules pages' words (league.rulebook.rules_box).
        data = render_game_sheet(
            dataclasses.replace(sheet, date=started, ruleset_lines=rules_box_lines(game.rules))
        )
    return pdf_response(data, f"hicksheet-game-{game.pk}.pdf")


def blank_sheets(request: HttpRequest) -> HttpResponse:
    """Blank hick sheets to print for a club night (a GET form: it writes nothing), on the
    paper of the club (``?club=<slug>``, else the site's only club) unless the form says
    otherwise."""
    club = _sheets_club(request)
    form = BlankSheetsForm(request.GET if "preset" in request.GET else None, club=club)
    if not form.is_bound or not form.is_valid():
        return render(
            request,
            "printing/blank_sheets.html",
            {"form": form},
            status=400 if form.is_bound else 200,
        )
    data = form.cleaned_data
    competition = data.get("competition")
    if competition is not None:
        language = _competition_language(request, competition)
    else:
        language = room_language(request, club.language if club is not None else "")
    with translation.override(language):
        return _blank_sheets_pdf(data)


def _sheets_club(request: HttpRequest) -> Club | None:
    """The club the blank sheets are for: ``?club=`` (404 for none of that address), else
    the site's only club (the usual install); None on a site of several clubs, and for a
    request that names its paper and no club (it needs none: no query)."""
    slug = request.GET.get("club", "")
    if slug:
        return club_or_404(slug)
    if "preset" in request.GET and request.GET.get("page_size"):
        return None
    clubs = list(Club.objects.all()[:2])
    return clubs[0] if len(clubs) == 1 else None


def _blank_sheets_pdf(data: dict[str, Any]) -> HttpResponse:
    rules = data["rules"]
    names = data["name_rows"]
    first_table = data.get("first_table")
    sheets = [
        BlankSheet(
            ruleset_name=engine_word(rules.name),
            ruleset_lines=rules_box_lines(rules),
            sides=rules.sides,
            side_names=names[i] if i < len(names) else (),
            table=str(first_table + i) if first_table else "",
            target=rules.target,
            deals=rules.deals,
            columns=games_selectors.sheet_columns(rules),
        )
        for i in range(data["sheets"])
    ]
    return pdf_response(
        render_blank_sheets(sheets, page_size=data["page_size"]),
        f"hicksheet-blank-{rules.preset}.pdf",
    )


#: The columns of the printed table: (heading, row value, meaning). The rest stay on the page.
PDF_COLUMNS = (
    (
        pgettext_lazy("column heading: games played", "P"),
        "played",
        pgettext_lazy("legend", "played"),
    ),
    (pgettext_lazy("column heading: games won", "W"), "won", pgettext_lazy("legend", "won")),
    (pgettext_lazy("column heading: games drawn", "D"), "drawn", pgettext_lazy("legend", "drawn")),
    (pgettext_lazy("column heading: games lost", "L"), "lost", pgettext_lazy("legend", "lost")),
    (
        pgettext_lazy("column heading: match points", "Pts"),
        "match_points",
        pgettext_lazy("legend", "match points"),
    ),
    (
        pgettext_lazy("column heading: game points scored", "For"),
        "points_for",
        pgettext_lazy("legend", "game points for"),
    ),
    (
        pgettext_lazy("column heading: game points conceded", "Agst"),
        "points_against",
        pgettext_lazy("legend", "game points against"),
    ),
    (
        pgettext_lazy("column heading: point difference", "Diff"),
        "difference",
        pgettext_lazy("legend", "their difference"),
    ),
    (
        pgettext_lazy("column heading: deals as makers that were set", "Hicks"),
        "hicks",
        pgettext_lazy("legend", "deals as makers that were set"),
    ),
    (
        pgettext_lazy("column heading: opponents' deals as makers set", "Sets"),
        "sets_forced",
        pgettext_lazy("legend", "opponents' deals as makers set"),
    ),
    (
        pgettext_lazy("column heading: share of deals as makers made", "Made %"),
        "made",
        pgettext_lazy("legend", "share of deals as makers made"),
    ),
)

#: The column printed in bold.
PDF_BOLD = "match_points"

#: Dropped in this order when the chain's own keys need the room (by row value).
PDF_OPTIONAL = ("sets_forced", "hicks", "made", "drawn", "points_against", "points_for")


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
    # (heading, row value, meaning), in the active language
    columns = [(str(heading), name, str(words)) for heading, name, words in PDF_COLUMNS]
    columns += [
        (
            engine_word(TIEBREAKS[k].label),
            f"key_{k}",
            _meaning(engine_word(TIEBREAKS[k].description)),
        )
        for k in extras
    ]
    heading_of = {name: heading for heading, name, _words in columns}
    meaning = {heading: words for heading, _name, words in columns}
    rules = competition.rules
    sheet = StandingsSheet(
        title=competition.name,
        club=competition.club.name,
        date=date,
        ruleset_name=_standings_rules(rules),
        chain=tuple(str(describe_key(key)) for key in competition.tiebreaks),
        columns=tuple(heading for heading, _name, _words in columns),
        rows=tuple(
            StandingsRow(
                rank=row["rank"],
                name=row["entrant"],
                values=tuple(str(row[name]) for _heading, name, _words in columns),
            )
            for row in rows
        ),
        bold=(heading_of[PDF_BOLD],),
        note=str(best_note(competition)),
        entrant_heading=str(entrant_heading(competition)),
        page_size=page_size,
        positions=_position_lines(competition, lines),
    )
    for name in PDF_OPTIONAL:
        if fits(sheet):
            break
        sheet = sheet.without(heading_of[name])
    legend = pgettext("between two entries of the legend", ", ").join(
        pgettext("legend: a column's heading, then what it means", "%(heading)s %(meaning)s")
        % {"heading": heading, "meaning": meaning[heading]}
        for heading in sheet.columns
    )
    end = pgettext("the end of the legend", "%(legend)s.") % {"legend": legend}
    return dataclasses.replace(sheet, legend=end[0].upper() + end[1:])


def _standings_rules(rules: Ruleset) -> str:
    """The rules over printed standings: "Clabber, games to 500"; "Klaverjas (Dutch), booms
    of 16 deals"; "Belote (French, classic), games of 12 deals" (:mod:`league.game_words`)."""
    name = engine_word(rules.name)
    if rules.target is None and rules.deals is not None:
        return pgettext(
            "a ruleset, then how long its games are: Belote, games of 12 deals",
            "%(ruleset)s, %(length)s",
        ) % {"ruleset": name, "length": games_of_deals(rules)}
    return _("%(rules)s, games to %(target)d") % {"rules": name, "target": rules.target}


def _position_lines(
    competition: Competition, lines: Sequence[StandingLine]
) -> PositionLines | None:
    """The page's position chart's lines (the leaders'), for the paper too; None without
    (:func:`league.charts.figures.position_lines` says when there is enough to draw)."""
    positions = competitions_selectors.competition_positions(competition, lines)
    if positions is None:
        return None
    table = [(line.entrant_id, line.name) for line in lines]
    by_round = competition.kind == CompetitionKind.TOURNAMENT
    return position_lines(table, positions.ranks, positions.nights, by_round=by_round)


def _meaning(description: str) -> str:
    """A tie-break's description as a legend's entry: no full stop, and a small first letter
    unless the second is a capital too (an acronym) or the language writes nouns with capitals
    (German)."""
    words = description.rstrip(".")
    if translation.get_language() == "de" or words[1:2].isupper():
        return words
    return words[:1].lower() + words[1:]


def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings to print and pin up: the club's paper on its side."""
    competition = competition_or_404(slug)
    size = page_size(request, _club_paper(competition))
    with translation.override(_competition_language(request, competition)):
        lines = competitions_selectors.competition_standings(competition)
        data = render_standings(standings_sheet(competition, lines, today(), page_size=size))
    return pdf_response(data, f"{competition.slug}-standings.pdf")


# -- views -----------------------------------------------------------------------------------
@login_required
def round_tables_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's table pack: the sheets with the sides' entry links (organisers only)."""
    require_organiser(request)
    competition = competition_or_404(slug)
    size = page_size(request, _club_paper(competition))
    night = round_or_404(competition, number)
    if night.draft:
        raise Http404("This round is not published yet.")
    with translation.override(_competition_language(request, competition)):
        pack = table_pack(
            competition,
            night,
            link=lambda token: phone_url(request, reverse("tournaments:entry", args=[token])),
            page_size=size,
        )
        data = render_table_pack(pack) if pack.sheets else b""
    if not pack.sheets and night.fixtures.exists():
        # Every fixture of the round is void: said on the fixtures page, in the reader's words.
        messages.info(
            request,
            _("Every fixture of round %(number)d is void: there is no sheet to print.")
            % {"number": number},
        )
        return redirect(reverse("competitions:fixtures", args=[slug]) + f"#round-{number}")
    if not pack.sheets:
        raise Http404("This round has no tables.")
    response = pdf_response(data, f"{competition.slug}-round-{number}-tables.pdf")
    # The entry links are as good as a password for the match: keep them out of caches.
    response["Cache-Control"] = "private, no-store"
    return response


def bracket_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_or_404(slug)
    size = page_size(request, _club_paper(competition))
    with translation.override(_competition_language(request, competition)):
        data = render_bracket(bracket_sheet(competition, today(), page_size=size))
    return pdf_response(data, f"{competition.slug}-bracket.pdf")


def ranking_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_or_404(slug)
    size = page_size(request, _club_paper(competition))
    with translation.override(_competition_language(request, competition)):
        data = render_ranking(ranking_sheet(competition, today(), page_size=size))
    return pdf_response(data, f"{competition.slug}-ranking.pdf")


def page_size(request: HttpRequest, paper: str) -> str:
    """``?size=`` A4 or Letter, else ``paper`` (the club's); anything else is a page that does
    not exist."""
    size = request.GET.get("size", paper)
    if size not in PAGE_SIZES:
        raise Http404("Page size must be A4 or Letter.")
    return size


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """Shown in the browser (inline), saved under ``filename``."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
