"""Pages that set club evenings and seasons up: the club's evenings and seasons, a new
evening (from a quick choice such as "like SV Bedum"), an evening changed, a season and its
standings.

Reading is public, as a club's other pages are. Writing is the organiser's: an anonymous
visitor is sent to sign in, any other signed-in user is refused (403). Views stay thin: forms
validate, services write (a :class:`~league.errors.Refused` is told next to the field it
names, nothing saved), selectors read in a bounded number of queries.

The evening's own page (check-in, the draw, the results) is ``evenings:evening``
(:mod:`league.evenings.night_urls`).
"""

from __future__ import annotations

import contextlib
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.access import (
    AuthenticatedHttpRequest,
    club_or_404,
    competition_or_404,
    is_organiser,
    organiser_required,
)
from league.engine_words import engine_word
from league.errors import Refused
from league.evenings import selectors, services, setup_selectors
from league.evenings.forms import (
    LIKE,
    LIKE_BY_KEY,
    EveningForm,
    SeasonForm,
    edit_initial,
    evening_initial,
    season_initial,
)
from league.evenings.words import season_rules_line
from league.forms_common import show_refusal
from league.models import Club, Competition, CompetitionKind, Player, Season
from scoring.evenings import season_rules_from_data


def evening_page(slug: str) -> str:
    """The address of an evening's own page (``evenings:evening``, the night's), built by
    hand while that page's URL is not there yet, so that no link leads nowhere."""
    try:
        return reverse("evenings:evening", args=[slug])
    except NoReverseMatch:
        return f"/c/{slug}/evening/"


def _season_or_404(club: Club, season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id, club=club)


def _evening_or_404(slug: str) -> Competition:
    competition = competition_or_404(slug)
    if competition.kind != CompetitionKind.EVENING:
        raise Http404("not a club evening")
    return competition


# -- the club's evenings ----------------------------------------------------------------------
def club_evenings(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's evenings (the latest first, each with where it stands) and its seasons."""
    club = club_or_404(slug)
    lines = setup_selectors.club_evening_lines(club)
    context = {
        "club": club,
        "lines": [(line, evening_page(line.competition.slug)) for line in lines],
        "seasons": setup_selectors.club_seasons(club),
        "can_edit": is_organiser(request.user),
    }
    return render(request, "evenings/setup_club.html", context)


# -- an evening -------------------------------------------------------------------------------
def _club_season(club: Club, value: str | None) -> Season | None:
    """The club's season named by ``value`` (an id from a link or a form), or None: another
    club's season, or no number, is ignored."""
    if not value or not value.isdigit():
        return None
    return club.seasons.filter(pk=int(value)).first()


def _typed_about(club: Club, data: Any) -> dict[str, Any]:
    """What was typed about the evening (its name, night and season) when a quick choice is
    pressed: kept as typed, a night or season that is no good left out."""
    kept: dict[str, Any] = {}
    name = data.get("name", "")
    if name:
        kept["name"] = name[:120]
    held_on = EveningForm.base_fields["held_on"]
    with contextlib.suppress(forms.ValidationError):
        kept["held_on"] = held_on.clean(data.get("held_on", ""))
    season = _club_season(club, data.get("season"))
    kept["season"] = season.pk if season is not None else None
    return kept


@organiser_required
def evening_new(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """A new evening of the club: a form in the club's words, started from a quick choice.

    ``?season=<id>`` (the season page's "New evening") chooses that season of the club. A
    quick choice is a button of the form: pressed, the form comes back filled as that club
    runs its evening, with the name, night and season typed so far kept (no JavaScript
    needed); ``?like=<key>`` opens the form at a choice."""
    club = club_or_404(slug)
    like = LIKE_BY_KEY.get(request.GET.get("like", ""))
    initial = evening_initial(like)
    season = _club_season(club, request.GET.get("season"))
    if season is not None:
        initial["season"] = season.pk
    if request.method == "POST" and "like" in request.POST:
        like = LIKE_BY_KEY.get(request.POST["like"])
        initial = {**evening_initial(like), **_typed_about(club, request.POST)}
        form = EveningForm(club=club, initial=initial)
        context = {"club": club, "form": form, "likes": LIKE, "like": like, "new": True}
        return render(request, "evenings/setup_evening.html", context)
    form = EveningForm(request.POST or None, club=club, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            competition = services.evening_create(
                club=club,
                name=data["name"],
                rules=data["rules"],
                evening=data["evening"],
                by=request.user,
                held_on=data["held_on"],
                season=data["season"],
                prize_words=data["prize_words"],
                booby_words=data["booby_words"],
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                _("%(evening)s is set up: check the players in at the door.")
                % {"evening": competition.name},
            )
            others = selectors.same_night(competition)
            if others:
                messages.warning(
                    request,
                    _(
                        "%(others)s is on the same night. If this evening is one too many: "
                        "Edit, then Delete this evening."
                    )
                    % {"others": ", ".join(others)},
                )
            return redirect(evening_page(competition.slug))
    context = {
        "club": club,
        "form": form,
        "likes": LIKE,
        "like": like,
        "new": True,
    }
    return render(
        request, "evenings/setup_evening.html", context, status=400 if form.is_bound else 200
    )


@organiser_required
def evening_edit(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """Change an evening: everything before a round is drawn; after, its words, night,
    season, prizes and rounds (scoring.evenings.evening_rules_change_refusal)."""
    competition = _evening_or_404(slug)
    current = services.evening_rules(competition)
    drawn = services.rounds_drawn(competition)
    form = EveningForm(
        request.POST or None,
        club=competition.club,
        drawn=drawn,
        current=current,
        game=competition.rules,
        initial=edit_initial(competition, current),
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.evening_edit(
                competition=competition,
                by=request.user,
                name=data["name"],
                held_on=data["held_on"],
                season=data["season"],
                prize_words=data["prize_words"],
                booby_words=data["booby_words"],
                rules=data["rules"],
                evening=data["evening"],
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("%(evening)s is saved.") % {"evening": data["name"]})
            return redirect(evening_page(competition.slug))
    context: dict[str, Any] = {
        "club": competition.club,
        "competition": competition,
        "form": form,
        "drawn": drawn,
        "game_name": engine_word(competition.rules.name),
        "evening_url": evening_page(competition.slug),
    }
    return render(
        request, "evenings/setup_evening.html", context, status=400 if form.is_bound else 200
    )


# -- seasons ----------------------------------------------------------------------------------
@organiser_required
def season_new(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_create(
                club=club,
                name=form.cleaned_data["name"],
                rules=form.cleaned_data["rules"],
                by=request.user,
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                _("%(season)s is set up: choose it when you set an evening up.")
                % {"season": season.name},
            )
            return redirect("evenings:season", club.slug, season.pk)
    context = {"club": club, "form": form}
    return render(
        request, "evenings/season_form.html", context, status=400 if form.is_bound else 200
    )


@organiser_required
def season_edit(request: AuthenticatedHttpRequest, slug: str, season_id: int) -> HttpResponse:
    club = club_or_404(slug)
    season = _season_or_404(club, season_id)
    form = SeasonForm(request.POST or None, initial=season_initial(season))
    if request.method == "POST" and form.is_valid():
        try:
            services.season_edit(
                season=season, name=form.cleaned_data["name"], rules=form.cleaned_data["rules"]
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("%(season)s is saved.") % {"season": season.name})
            return redirect("evenings:season", club.slug, season.pk)
    context = {"club": club, "form": form, "season": season}
    return render(
        request, "evenings/season_form.html", context, status=400 if form.is_bound else 200
    )


@organiser_required
def season_delete(request: AuthenticatedHttpRequest, slug: str, season_id: int) -> HttpResponse:
    """GET: what deleting the season does (its evenings stay); POST: delete it."""
    club = club_or_404(slug)
    season = _season_or_404(club, season_id)
    if request.method == "POST":
        held = services.season_delete(season=season)
        messages.success(
            request,
            ngettext(
                "%(season)s is deleted; its %(count)d evening is kept, in no season.",
                "%(season)s is deleted; its %(count)d evenings are kept, in no season.",
                held,
            )
            % {"season": season.name, "count": held},
        )
        return redirect("evenings:club-list", club.slug)
    context = {"club": club, "season": season, "evenings": season.evenings.count()}
    return render(request, "evenings/season_delete.html", context)


def season_detail(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """The season's standings (the ranked, then below the line those short of the minimum),
    its points champion and its evenings."""
    club = club_or_404(slug)
    season = _season_or_404(club, season_id)
    view = selectors.season_view(season)
    rules = season_rules_from_data(season.rules)
    ranked = [line for line in view.lines if line.row.ranked]
    unranked = [
        (line, max(rules.minimum - line.row.played, 0))
        for line in view.lines
        if not line.row.ranked
    ]
    # A season by periods shows a column per period instead of the evening scores counted.
    periods = max((len(line.row.periods) for line in view.lines), default=0)
    context = {
        "club": club,
        "season": season,
        "view": view,
        "rules": rules,
        "period_numbers": range(1, periods + 1),
        "columns": 5 + periods if rules.has_periods else 6,
        "rules_line": season_rules_line(rules),
        "ranked": ranked,
        "unranked": unranked,
        "evenings": [(e, evening_page(e.slug)) for e in reversed(view.evenings)],
        "can_edit": is_organiser(request.user),
    }
    return render(request, "evenings/season_detail.html", context)


# -- a member's evenings ----------------------------------------------------------------------
def member_evening_lines(player: Player) -> list[tuple[selectors.MemberEvening, str]]:
    """A member's evenings for their page (latest first), each with its evening's address.
    Seven queries whatever the number of evenings (selectors.member_evenings)."""
    return [
        (line, evening_page(line.competition.slug)) for line in selectors.member_evenings(player)
    ]
