"""Tournament pages: a new tournament, the director's page, the public bracket, and each side's
private entry link.

Who may do what:

- The *director* is an organiser. The director's page and its writes (entrants, seeds, the
  start, confirming a result, withdrawing an entrant) send an anonymous visitor to sign in,
  answer 404 for a competition that is not a tournament, and 403 to any other signed-in user
  (:func:`tournament_for_director`).
- The *bracket* page is public.
- An *entry link* (``/m/<token>/``) needs no account: whoever holds it plays for that side of
  that match. The side enters its deals through it; the other side confirms the result through
  its own link. An unknown token is a 404 (:func:`entry_side_or_404`); once the result is
  confirmed the link still shows the match, but every write answers 410 Gone ("This link has
  expired"). A link only ever writes to its own fixture's running game: the game is never
  named by the request, only checked against it.

Views stay thin: forms validate, services write (a :class:`~league.services.Refused` lands
next to the field it names, nothing saved), selectors read in a fixed number of queries.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from league import selectors, services
from league.access import require_organiser
from league.competition_forms import EntrantForm, show_refusal
from league.competition_views import organiser_required
from league.forms import DealForm
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Deal,
    Fixture,
    FixtureSide,
    Game,
    TournamentFormat,
)
from league.services import Refused
from league.tournament_forms import SeedForm, TournamentForm, WithdrawForm
from scoring import InvalidDeal

EXPIRED = "This link has expired: the match's result is confirmed."


# -- access -----------------------------------------------------------------------------------
def _tournament_or_404(slug: str) -> Competition:
    return get_object_or_404(
        Competition.objects.select_related("club"), slug=slug, kind=CompetitionKind.TOURNAMENT
    )


def tournament_for_director(request: HttpRequest, slug: str) -> Competition:
    """The tournament, for its director: 404 if there is none, 403 for a non-organiser
    (anonymous visitors are sent to sign in by ``login_required`` first)."""
    competition = _tournament_or_404(slug)
    require_organiser(request)
    return competition


def entry_side_or_404(token: str) -> FixtureSide:
    """The fixture side an entry link belongs to; 404 for a token that does not exist."""
    side = services.token_side(token)
    if side is None:
        raise Http404("There is no match with this link.")
    return side


# -- a new tournament -------------------------------------------------------------------------
@organiser_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    club = Club.objects.filter(slug=request.GET.get("club") or "").first()
    form = TournamentForm(request.POST or None, initial={"club": club} if club else None)
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
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, f"{competition} created: enter its entrants.")
            return redirect("tournament-director", competition.slug)
    context = {"form": form, "has_clubs": Club.objects.exists()}
    status = 400 if form.is_bound else 200
    return render(request, "league/tournament_new.html", context, status=status)


# -- the director's page ----------------------------------------------------------------------
def _entry_url(request: HttpRequest, token: str | None) -> str | None:
    return request.build_absolute_uri(reverse("entry-link", args=[token])) if token else None


def _director_page(
    request: HttpRequest,
    competition: Competition,
    forms: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    forms = forms or {}
    entrants = selectors.tournament_entrants(competition)
    context: dict[str, Any] = {
        "competition": competition,
        "club": competition.club,
        "entrants": entrants,
        "started": competition.started,
        "rules": competition.rules,
    }
    if not competition.started:
        context["entrant_form"] = forms.get("entrant") or EntrantForm(
            competition=competition, prefix="entrant"
        )
        context["seed_form"] = forms.get("seed") or SeedForm(
            competition=competition, entrants=entrants, prefix="seed"
        )
        context["start_errors"] = forms.get("start_errors", [])
    else:
        rounds, done = selectors.director_rounds(competition)
        # Each side's link in full, for the director to hand out (read aloud, or sent).
        shown = [
            (
                night,
                [
                    (table, [(name, _entry_url(request, token)) for name, token in table.tokens])
                    for table in tables
                ],
                out,
            )
            for night, tables, out in rounds
        ]
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
        context["confirm_errors"] = forms.get("confirm_errors", {})
    if any(not e.withdrawn for e in entrants):
        context["withdraw_form"] = forms.get("withdraw") or WithdrawForm(
            competition=competition, prefix="withdraw"
        )
    return render(request, "league/tournament_director.html", context, status=status)


@login_required
def director(request: HttpRequest, slug: str) -> HttpResponse:
    return _director_page(request, tournament_for_director(request, slug))


def _back(competition: Competition, anchor: str = "") -> HttpResponseRedirect:
    url = reverse("tournament-director", args=[competition.slug])
    return HttpResponseRedirect(url + (f"#{anchor}" if anchor else ""))


@login_required
@require_POST
def director_entrant_add(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    form = EntrantForm(request.POST, competition=competition, prefix="entrant")
    if form.is_valid():
        if competition.started:
            form.add_error(None, "The tournament has started: entrants can no longer be added.")
        else:
            try:
                entrant = services.entrant_add(competition=competition, **form.cleaned_data)
            except Refused as error:
                show_refusal(form, error)
            else:
                messages.success(request, f"{entrant} entered.")
                return _back(competition, "entrants")
    return _director_page(request, competition, {"entrant": form}, status=400)


@login_required
@require_POST
def director_seed(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    entrants = selectors.tournament_entrants(competition)
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
            messages.success(request, "Seeds saved.")
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
    messages.success(request, "The tournament has started: hand out the entry links.")
    return _back(competition, "tables")


@login_required
@require_POST
def director_confirm(request: HttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    fixture = get_object_or_404(competition.fixtures, pk=fixture_id)
    try:
        services.fixture_confirm(fixture=fixture, director=request.user)
    except Refused as error:
        errors = {fixture.pk: error.message}
        return _director_page(request, competition, {"confirm_errors": errors}, status=400)
    messages.success(request, f"Table {fixture.table}: result confirmed.")
    return _back(competition, "tables")


@login_required
@require_POST
def director_withdraw(request: HttpRequest, slug: str) -> HttpResponse:
    competition = tournament_for_director(request, slug)
    form = WithdrawForm(request.POST, competition=competition, prefix="withdraw")
    if form.is_valid():
        try:
            entrant = services.entrant_withdraw(
                entrant=form.cleaned_data["entrant"], by=request.user
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, f"{entrant} has withdrawn; open matches are conceded.")
            return _back(competition, "entrants")
    return _director_page(request, competition, {"withdraw": form}, status=400)


# -- the public bracket -----------------------------------------------------------------------
def bracket(request: HttpRequest, slug: str) -> HttpResponse:
    """The bracket (elimination formats, the knockout after pools), the pool tables, the
    rounds of a Swiss or round robin, and the final placings once there are some."""
    competition = _tournament_or_404(slug)
    entrants = list(competition.entrants.all())
    fmt = competition.format
    view = selectors.tournament_bracket_view(competition, entrants)
    pools = selectors.pool_tables(competition, entrants) if fmt == TournamentFormat.POOLS else []
    rounds = []
    if fmt in (TournamentFormat.SWISS, TournamentFormat.ROUND_ROBIN, TournamentFormat.POOLS):
        rounds = [
            (night, lines, out)
            for night, lines, out in selectors.competition_rounds(competition)
            if fmt != TournamentFormat.POOLS or any(line.fixture.pool is not None for line in lines)
        ]
    context = {
        "competition": competition,
        "club": competition.club,
        "entrants": sorted(entrants, key=lambda e: (e.seed is None, e.seed or 0, e.name)),
        "bracket": view,
        "pools": pools,
        "rounds": rounds,
        "projector": request.GET.get("projector") == "1",
        "show_standings": fmt in (TournamentFormat.SWISS, TournamentFormat.ROUND_ROBIN),
    }
    return render(request, "league/tournament_bracket.html", context)


# -- entry links ------------------------------------------------------------------------------
def _deal_form(game: Game, data: Any = None) -> DealForm:
    return DealForm(data, rules=game.rules, side_names=game.side_names, held=game.held)


def _entry_page(
    request: HttpRequest,
    side: FixtureSide,
    form: DealForm | None = None,
    status: int = 200,
    error: str = "",
) -> HttpResponse:
    match = selectors.entry_match(side)
    fixture = match.fixture
    running = match.running_game
    confirmed = fixture.confirmed_at is not None
    if form is None and running is not None and not confirmed:
        form = _deal_form(running)
    token = side.entry_token
    context = {
        "match": match,
        "fixture": fixture,
        "competition": fixture.competition,
        "token": token,
        "running": running,
        "form": form if running is not None and not confirmed else None,
        "confirmed": confirmed,
        "expired": status == 410,
        "error": error,
        "can_start": not confirmed
        and not fixture.finished
        and not fixture.typed_scores
        and running is None,
        "can_confirm": not confirmed
        and fixture.finished
        and fixture.entered_by is not None
        and fixture.entered_by != side.side,
        "entered_here": fixture.entered_by == side.side,
        "deal_action": reverse("entry-deal", args=[token])
        + (f"?game={running.pk}" if running else ""),
        "preview_url": reverse("entry-preview", args=[token]),
        "next_url": reverse("entry-link", args=[match.next_token]) if match.next_token else None,
    }
    response = render(request, "league/entry_match.html", context, status=status)
    # The link is the side's key: keep it out of shared caches and search engines.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _expired(request: HttpRequest, side: FixtureSide) -> HttpResponse | None:
    """The 410 page when the match's result is confirmed (read afresh), else None."""
    confirmed = Fixture.objects.filter(pk=side.fixture_id, confirmed_at__isnull=False).exists()
    if confirmed:
        return _entry_page(request, side, status=410, error=EXPIRED)
    return None


@never_cache
def entry_link(request: HttpRequest, token: str) -> HttpResponse:
    return _entry_page(request, entry_side_or_404(token))


def _to_entry(token: str, anchor: str = "") -> HttpResponseRedirect:
    url = reverse("entry-link", args=[token])
    return HttpResponseRedirect(url + (f"#{anchor}" if anchor else ""))


@never_cache
@require_POST
def entry_start(request: HttpRequest, token: str) -> HttpResponse:
    side = entry_side_or_404(token)
    if (gone := _expired(request, side)) is not None:
        return gone
    try:
        services.token_start_game(side=side)
    except Refused as error:
        return _entry_page(request, side, status=409, error=error.message)
    return _to_entry(token, "entry")


def _running_game(side: FixtureSide) -> Game | None:
    return (
        Game.objects.filter(fixture_id=side.fixture_id, winner__isnull=True)
        .order_by("created_at", "pk")
        .first()
    )


@never_cache
@require_POST
def entry_deal(request: HttpRequest, token: str) -> HttpResponse:
    side = entry_side_or_404(token)
    if (gone := _expired(request, side)) is not None:
        return gone
    game = _running_game(side)
    try:
        key = uuid.UUID(request.POST.get("entry_key") or "")
    except ValueError:
        key = None  # none or malformed: the form reports it
    if key is not None:
        # A form sent again after its deal ended the game was saved the first time: the
        # key is looked for in every game of the match, not only the running one.
        again = Deal.objects.filter(game__fixture_id=side.fixture_id, entry_key=key).first()
        if again is not None:
            messages.info(request, f"Deal {again.number} was already saved; not added twice.")
            return _to_entry(token, "entry")
    if game is None:
        return _entry_page(
            request,
            side,
            status=409,
            error="No game of this match is being played: nothing was saved.",
        )
    if request.GET.get("game") not in (None, str(game.pk)):
        return _entry_page(
            request,
            side,
            status=409,
            error="That deal was for a game that has ended: nothing was saved. "
            "Enter it again below if it belongs to this game.",
        )
    form = _deal_form(game, request.POST)
    if not form.is_valid() or "preview" in request.POST:
        return _entry_page(request, side, form, status=200 if form.is_valid() else 400)
    assert form.deal is not None
    try:
        deal, created = services.token_add_deal(
            side=side,
            game=game,
            deal=form.deal,
            entry_key=form.cleaned_data.get("entry_key"),
            void_reason=form.cleaned_data.get("void_reason") or "",
        )
    except InvalidDeal as error:
        game.refresh_from_db()
        form = _deal_form(game, request.POST)
        form.is_valid()
        form._engine_error(error)
        return _entry_page(request, side, form, status=400)
    except Refused as error:
        if (gone := _expired(request, side)) is not None:
            return gone
        return _entry_page(request, side, status=409, error=error.message)
    if not created:
        messages.info(request, f"Deal {deal.number} was already saved; it was not added twice.")
    return _to_entry(token, "entry")


@never_cache
@require_POST
def entry_preview(request: HttpRequest, token: str) -> JsonResponse:
    """What the deal being entered will score (the deal-entry script asks as it is typed)."""
    side = entry_side_or_404(token)
    if Fixture.objects.filter(pk=side.fixture_id, confirmed_at__isnull=False).exists():
        return JsonResponse({"valid": False, "errors": {"game": EXPIRED}}, status=410)
    game = _running_game(side)
    if game is None:
        message = "No game of this match is being played."
        return JsonResponse({"valid": False, "errors": {"game": message}}, status=409)
    form = _deal_form(game, request.POST)
    form.is_valid()
    return JsonResponse(form.preview())


@never_cache
@require_POST
def entry_confirm(request: HttpRequest, token: str) -> HttpResponse:
    side = entry_side_or_404(token)
    if (gone := _expired(request, side)) is not None:
        return gone
    try:
        services.fixture_confirm(fixture=side.fixture, side=side.side)
    except Refused as error:
        return _entry_page(request, side, status=409, error=error.message)
    messages.success(request, "Result confirmed. Thank you!")
    return _to_entry(token)


urlpatterns = [
    path("tournaments/new/", tournament_new, name="tournament-new"),
    path("c/<slug:slug>/director/", director, name="tournament-director"),
    path(
        "c/<slug:slug>/director/entrants/",
        director_entrant_add,
        name="tournament-entrant-add",
    ),
    path("c/<slug:slug>/director/seeds/", director_seed, name="tournament-seed"),
    path("c/<slug:slug>/director/start/", director_start, name="tournament-start"),
    path(
        "c/<slug:slug>/director/fixtures/<int:fixture_id>/confirm/",
        director_confirm,
        name="tournament-confirm",
    ),
    path("c/<slug:slug>/director/withdraw/", director_withdraw, name="tournament-withdraw"),
    path("c/<slug:slug>/bracket/", bracket, name="tournament-bracket"),
    path("m/<str:token>/", entry_link, name="entry-link"),
    path("m/<str:token>/start/", entry_start, name="entry-start"),
    path("m/<str:token>/deals/", entry_deal, name="entry-deal"),
    path("m/<str:token>/preview/", entry_preview, name="entry-preview"),
    path("m/<str:token>/confirm/", entry_confirm, name="entry-confirm"),
]
