"""The director's side of a tournament and its public bracket: a new tournament, the
director's page and its writes (entrants, seeds, the start, confirming a result, withdrawing
an entrant, swapping two entrants of a drawn Swiss round and publishing it), and the bracket
page (public; the room's screen is :mod:`league.screen`).

The *director* is an organiser: an anonymous visitor is sent to sign in, a competition that is
not a tournament is a 404, any other signed-in user gets 403
(:func:`league.access.tournament_for_director`). The players' entry links are in
:mod:`league.tournaments.entry_views`.

Views stay thin: forms validate, services write (a :class:`~league.errors.Refused` lands
next to the field it names, nothing saved), selectors read in a fixed number of queries, and
:mod:`league.tournaments.presenters` puts what they read into the words the PDFs print too.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.access import (
    AuthenticatedHttpRequest,
    draft_round_or_404,
    is_organiser,
    organiser_required,
    tournament_fixture_or_404,
    tournament_for_director,
    tournament_or_404,
)
from league.competitions import selectors as competitions_selectors
from league.competitions import services as competitions_services
from league.competitions.added import entrants_added_text
from league.competitions.fixture_admin_views import game_sentence, tell_abandoned_games
from league.competitions.forms import EntrantForm
from league.errors import NeedsConfirmation, Refused
from league.forms_common import autofocus, offer_usual_game, show_refusal, tiebreak_help
from league.live import topics as live_topics
from league.models import Competition, TournamentFormat
from league.printing.qr import qr_svg
from league.ratings import uses as ratings_uses
from league.screen.join import phone_url
from league.screen.presenters import room
from league.tournaments import presenters, services
from league.tournaments import selectors as tournaments_selectors
from league.tournaments.bracket_codes import code_legend, section_codes
from league.tournaments.forms import SeedForm, SwapForm, TournamentForm, WithdrawForm


# -- a new tournament -------------------------------------------------------------------------
@organiser_required
def tournament_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    club = competitions_selectors.form_club(request.GET.get("club") or "")
    form = TournamentForm(request.POST or None, initial={"club": club} if club else None)
    offer_usual_game(form, competitions_selectors.usual_games())
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            competition = services.tournament_create(
                club=data["club"],
                name=data["name"],
                rules=data["rules"],
                entrant_kind=data["entrant_kind"],
                format=data["format"],
                by=request.user,
                games_per_match=data["games_per_match"],
                best_of=data["best_of"],
                third_place=data["third_place"],
                final_reset=data["final_reset"],
                swiss_rounds=data.get("swiss_rounds"),
                pool_count=data.get("pool_count"),
                pool_top_k=data.get("pool_top_k"),
                tiebreaks=data.get("tiebreaks") or None,
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request, _("%(name)s created: enter its entrants.") % {"name": competition}
            )
            return redirect("tournaments:director", competition.slug)
    context = {
        "form": form,
        "has_clubs": tournaments_selectors.clubs_exist(),
        "tiebreak_keys": tiebreak_help(),
    }
    status = 400 if form.is_bound else 200
    return render(request, "tournaments/tournament_new.html", context, status=status)


# -- the director's page ----------------------------------------------------------------------
def _entry_url(request: HttpRequest, token: str | None) -> str | None:
    return phone_url(request, reverse("tournaments:entry", args=[token])) if token else None


def _entry_link(request: HttpRequest, name: str, token: str | None) -> tuple[str, str | None, str]:
    """A side's entry link as the director hands it out: (side, address, its QR code)."""
    url = _entry_url(request, token)
    if not url:
        return name, url, ""
    return name, url, qr_svg(url, _("QR code of the entry link for %(name)s") % {"name": name})


def _director_page(
    request: HttpRequest,
    competition: Competition,
    forms: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    forms = forms or {}
    entrants = tournaments_selectors.tournament_entrants(competition)
    context: dict[str, Any] = {
        "competition": competition,
        "club": competition.club,
        "entrants": entrants,
        "started": competition.started,
        "rules": competition.rules,
        "format_name": presenters.format_name(
            competition, entrants=None if competition.started else len(entrants)
        ),
        # Results a side disputed instead of confirming, with every side's words.
        "disputes": tournaments_selectors.disputed_matches(competition),
    }
    if not competition.started:
        context["entrant_form"] = forms.get("entrant") or EntrantForm(
            competition=competition, prefix="entrant"
        )
        seed_form = forms.get("seed") or SeedForm(
            competition=competition, entrants=entrants, prefix="seed"
        )
        context["seed_form"] = seed_form
        ratings = ratings_uses.seeding_ratings(entrants)
        context["seed_rows"] = [
            (entrant, field, rating)
            for (entrant, field), rating in zip(seed_form.seed_rows(), ratings, strict=True)
        ]
        context["start_errors"] = forms.get("start_errors", [])
    else:
        rounds, done = presenters.director_rounds(competition)
        # Each side's link in full, for the director to hand out (read aloud, sent, or shown
        # as a QR code); a drawn round's links open once it is published, so they are not shown.
        shown = [
            (
                night,
                [
                    (
                        table,
                        []
                        if night.draft
                        else [_entry_link(request, name, token) for name, token in table.tokens],
                    )
                    for table in tables
                ],
                out,
            )
            for night, tables, out in rounds
        ]
        for night, _tables, _out in rounds:
            if night.draft:
                swap = forms.get("swap")
                context["draft"] = {
                    "night": night,
                    "form": swap
                    or SwapForm(
                        night=night,
                        entrants=tournaments_selectors.round_entrants(night),
                        prefix="swap",
                    ),
                    "warnings": forms.get("swap_warnings", []),
                }
        # Rounds drawn in advance (a round robin, the pools) wait behind the first open one;
        # the rounds a result has just made (brackets, Swiss) are all to be played now.
        first_predrawn = True
        context["rounds"], context["later_rounds"] = [], []
        for night, tables, out in shown:
            predrawn = competition.format == TournamentFormat.ROUND_ROBIN or all(
                table.fixture.pool is not None for table, _ in tables
            )
            if predrawn and not first_predrawn:
                context["later_rounds"].append((night, tables, out))
            else:
                context["rounds"].append((night, tables, out))
            first_predrawn = first_predrawn and not predrawn
        context["rounds_done"] = done
        context["room"] = room(competition)
        context["confirm_errors"] = forms.get("confirm_errors", {})
    context["pdfs"] = presenters.tournament_pdfs(competition)
    # Once the places are final nobody withdraws: the form goes.
    if "withdraw" in forms or (
        any(not e.withdrawn for e in entrants)
        and not (competition.started and tournaments_selectors.tournament_finished(competition))
    ):
        context["withdraw_form"] = forms.get("withdraw") or WithdrawForm(
            competition=competition, prefix="withdraw"
        )
        context["withdraw_games"] = forms.get("withdraw_games", [])
    context["live_topics"] = live_topics.event_page(competition)
    return render(request, "tournaments/tournament_director.html", context, status=status)


@login_required
def director(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    forms = None
    if request.GET.get("added") == "entrant" and not competition.started:
        # Back from entering one: the cursor waits in the form for the next.
        entrant = EntrantForm(competition=competition, prefix="entrant")
        forms = {"entrant": autofocus(entrant, next(iter(entrant.fields)))}
    return _director_page(request, competition, forms)


def _back(competition: Competition, anchor: str = "") -> HttpResponseRedirect:
    url = reverse("tournaments:director", args=[competition.slug])
    return HttpResponseRedirect(url + (f"#{anchor}" if anchor else ""))


@login_required
@require_POST
def director_entrant_add(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    form = EntrantForm(request.POST, competition=competition, prefix="entrant")
    if form.is_valid():
        if competition.started:
            form.add_error(None, _("The tournament has started: entrants can no longer be added."))
        else:
            try:
                entrant = competitions_services.entrant_add(
                    competition=competition, **form.cleaned_data
                )
            except Refused as error:
                show_refusal(form, error)
            else:
                messages.success(request, _("%(name)s entered.") % {"name": entrant})
                address = reverse("tournaments:director", args=[competition.slug])
                return HttpResponseRedirect(f"{address}?added=entrant")
    autofocus(form, next(iter(form.fields)))
    return _director_page(request, competition, {"entrant": form}, status=400)


@login_required
@require_POST
def director_entrants_add_all(request: HttpRequest, slug: str) -> HttpResponse:
    """Enter every partnership (or member) of the club that is not entered yet."""
    competition = tournament_for_director(request, slug)
    try:
        done = competitions_services.entrants_add_all(competition=competition)
    except Refused as error:
        messages.error(request, error.message)
        return _director_page(request, competition, status=400)
    for level, text in entrants_added_text(competition, done):
        messages.add_message(request, level, text)
    return _back(competition, "entrants")


@login_required
@require_POST
def director_seed(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    if competition.started:
        # The seeds' form is gone from the page once the draw is made: say it above.
        messages.error(request, _("The tournament has started: the seeds are fixed."))
        return _director_page(request, competition, status=400)
    entrants = tournaments_selectors.tournament_entrants(competition)
    form = SeedForm(request.POST, competition=competition, entrants=entrants, prefix="seed")
    if form.is_valid():
        data = form.cleaned_data
        try:
            services.tournament_seed(
                competition=competition,
                method=data["method"],
                seeds=data.get("seeds"),
                from_competition=data.get("from_competition"),
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("Seeds saved."))
            return _back(competition, "entrants")
    return _director_page(request, competition, {"seed": form}, status=400)


@login_required
@require_POST
def director_start(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    try:
        services.tournament_start(competition=competition)
    except Refused as error:
        return _director_page(request, competition, {"start_errors": [error.message]}, status=400)
    drafted = competition.rounds.filter(draft=True).order_by("number").first()
    if drafted is not None:
        messages.success(
            request,
            _(
                "The tournament has started. Round %(number)s is drawn: check it, then "
                "publish it to open its entry links."
            )
            % {"number": drafted.number},
        )
    else:
        messages.success(request, _("The tournament has started: hand out the entry links."))
    return _back(competition, "tables")


@login_required
@require_POST
def director_confirm(request: AuthenticatedHttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    fixture = tournament_fixture_or_404(competition, fixture_id)
    try:
        services.fixture_confirm(fixture=fixture, director=request.user)
    except Refused as error:
        errors = {fixture.pk: error.message}
        return _director_page(request, competition, {"confirm_errors": errors}, status=400)
    messages.success(request, _("Table %(table)s: result confirmed.") % {"table": fixture.table})
    return _back(competition, "tables")


@login_required
@require_POST
def director_withdraw(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    form = WithdrawForm(request.POST, competition=competition, prefix="withdraw")
    if form.is_valid():
        chosen = form.cleaned_data["entrant"]
        games = tournaments_selectors.withdrawal_games(chosen)
        if games and form.cleaned_data["confirm"] != chosen.pk:
            # Nothing is abandoned unseen: the games are named and the director confirms.
            data = request.POST.copy()
            data["withdraw-confirm"] = str(chosen.pk)
            asked = WithdrawForm(data, competition=competition, prefix="withdraw")
            asked.is_valid()
            in_progress = [(game, game_sentence(game)) for game in games]
            return _director_page(
                request, competition, {"withdraw": asked, "withdraw_games": in_progress}
            )
        try:
            entrant = services.entrant_withdraw(
                entrant=form.cleaned_data["entrant"], by=request.user
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                ngettext(
                    "%(name)s has withdrawn; open matches are conceded.",
                    "%(name)s have withdrawn; open matches are conceded.",
                    tournaments_selectors.entrant_people(entrant),
                )
                % {"name": entrant},
            )
            tell_abandoned_games(request, entrant)
            return _back(competition, "entrants")
    return _director_page(request, competition, {"withdraw": form}, status=400)


@login_required
@require_POST
def director_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Swap two entrants of the drawn round; a swap that makes a rematch or a second bye
    comes back with the warning, to be sent again with "Swap them anyway" ticked."""
    competition = tournament_for_director(request, slug)
    night = draft_round_or_404(competition, number)
    entrants = tournaments_selectors.round_entrants(night)
    form = SwapForm(request.POST, night=night, entrants=entrants, prefix="swap")
    warnings: list[str] = []
    if form.is_valid():
        data = form.cleaned_data
        try:
            made = services.swiss_draft_swap(
                night=night, first=data["first"], second=data["second"], confirm=data["confirm"]
            )
        except NeedsConfirmation as error:
            warnings = error.warnings
            form.add_error("confirm", _("Tick this to make the swap all the same."))
        except Refused as error:
            show_refusal(form, error)
        else:
            done = _("%(first)s and %(second)s swapped.") % {
                "first": data["first"],
                "second": data["second"],
            }
            messages.success(request, " ".join([done, *made]))
            return _back(competition, f"round-{night.number}")
    extra = {"swap": form, "swap_warnings": warnings}
    return _director_page(request, competition, extra, status=400)


@login_required
@require_POST
def director_publish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    night = draft_round_or_404(competition, number)
    try:
        services.round_publish(night=night)
    except Refused as error:  # published meanwhile, from another tab
        messages.info(request, error.message)
        return _back(competition, f"round-{night.number}")
    messages.success(
        request,
        _("Round %(number)s is published: hand out the entry links.") % {"number": night.number},
    )
    return _back(competition, f"round-{night.number}")


# -- the public bracket -----------------------------------------------------------------------
def bracket(request: HttpRequest, slug: str) -> HttpResponse:
    """The bracket (elimination formats, the knockout after pools), the pool tables, the
    rounds of a Swiss or round robin, and the final placings once there are some; the
    printed documents of each (the table sheets, with the entry links, for organisers)."""
    competition = tournament_or_404(slug)
    page = presenters.bracket_page(competition)
    context = {
        "competition": competition,
        "club": competition.club,
        "page": page,
        # What "W1-1", "3P", "GF" mean, as on the PDF and the room's screen.
        "codes": code_legend(section_codes(page.bracket.sections)) if page.bracket else (),
        "pdfs": presenters.tournament_pdfs(competition),
        "table_packs": tournaments_selectors.published_round_numbers(competition)
        if is_organiser(request.user)
        else [],
        # The bracket shows the running score of a match in play, not only results.
        "live_topics": live_topics.event_page(competition),
    }
    return render(request, "tournaments/tournament_bracket.html", context)
