"""An organiser's housekeeping of a league's fixtures and entrants: swap two fixtures' tables,
void a fixture typed by mistake (and restore it), withdraw an entrant from the league (and
bring it back). Moving a fixture to another date or table is the fixture page's own form
(:func:`league.competitions.fixture_views.fixture_move`).

Organisers only: anonymous visitors are sent to sign in, other users get 403, before anything
is read of the request's data. What cannot be taken back lightly (a void, a withdrawal) is
asked first on a page that says what it will do; its button POSTs. A refusal of the service
shows next to the field it names, or at the top of the page, with nothing saved.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_POST

from league.access import (
    AuthenticatedHttpRequest,
    competition_or_404,
    fixture_or_404,
    require_organiser,
)
from league.competitions import fixture_admin_services as services
from league.competitions import selectors
from league.competitions import withdrawal as withdrawals
from league.competitions.fixture_admin_forms import SwapTablesForm
from league.competitions.selectors import FixtureLine
from league.errors import Refused
from league.forms_common import show_refusal
from league.models import Competition, CompetitionKind, Entrant, Fixture, FixtureStatus, Game
from scoring.matches import forfeit_score
from scoring.withdrawal import Outcome, WithdrawalPlan


def _organiser_fixture(
    request: HttpRequest, slug: str, fixture_id: int
) -> tuple[Competition, Fixture, FixtureLine]:
    competition = competition_or_404(slug)
    require_organiser(request)
    fixture = fixture_or_404(competition, fixture_id)
    return competition, fixture, selectors.fixture_line(fixture)


def _in_list(competition: Competition, fixture: Fixture) -> str:
    return reverse("competitions:fixtures", args=[competition.slug]) + f"#fixture-{fixture.pk}"


def _title(line: FixtureLine) -> str:
    return pgettext("a match: one side versus the other", "%(home)s v %(away)s") % {
        "home": line.sides[0],
        "away": line.sides[1],
    }


# -- tables ------------------------------------------------------------------------------------
def _round_others(competition: Competition, fixture: Fixture) -> list[FixtureLine]:
    number = fixture.round.number
    rounds = selectors.competition_rounds(competition, range(number, number + 1))
    return [line for _night, lines, _out in rounds for line in lines if line.fixture != fixture]


@login_required
def fixture_tables(request: AuthenticatedHttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    """Swap this fixture's table with another fixture's of its round (GET: the form)."""
    competition, fixture, line = _organiser_fixture(request, slug, fixture_id)
    others = _round_others(competition, fixture)
    form = SwapTablesForm(request.POST if request.method == "POST" else None, others=others)
    if request.method == "POST" and form.is_valid():
        other = next(o.fixture for o in others if o.fixture.pk == form.cleaned_data["other"])
        try:
            services.fixtures_swap_tables(fixture=fixture, other=other, by=request.user)
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("%(match)s: tables swapped.") % {"match": _title(line)})
            return redirect(_in_list(competition, fixture))
    context = {
        "competition": competition,
        "fixture": fixture,
        "line": line,
        "form": form,
        "others": others,
    }
    status = 400 if form.is_bound else 200
    return render(request, "competitions/fixture_tables.html", context, status=status)


# -- void and restore --------------------------------------------------------------------------
@login_required
def fixture_void(request: AuthenticatedHttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    """Void a fixture typed by mistake: GET says what it does, the button POSTs."""
    competition, fixture, line = _organiser_fixture(request, slug, fixture_id)
    error = ""
    if request.method == "POST":
        try:
            services.fixture_void(fixture=fixture, by=request.user)
        except Refused as refusal:
            error = refusal.message
        else:
            messages.success(
                request, _("%(match)s: void, it counts for nobody.") % {"match": _title(line)}
            )
            return redirect(_in_list(competition, fixture))
    if not error and fixture.status == FixtureStatus.VOID:
        error = _("This fixture is void already.")
    if not error and competition.kind != CompetitionKind.LEAGUE:
        error = _("A tournament's match cannot be voided: its bracket goes on from the result.")
    context = {"competition": competition, "fixture": fixture, "line": line, "error": error}
    status = 400 if error and request.method == "POST" else 200
    return render(request, "competitions/fixture_void.html", context, status=status)


@login_required
@require_POST
def fixture_restore(request: AuthenticatedHttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    competition, fixture, line = _organiser_fixture(request, slug, fixture_id)
    try:
        services.fixture_restore(fixture=fixture, by=request.user)
    except Refused as error:
        messages.error(request, error.message)
        return redirect("competitions:fixture-detail", competition.slug, fixture.pk)
    messages.success(request, _("%(match)s: restored.") % {"match": _title(line)})
    return redirect(_in_list(competition, fixture))


# -- withdrawals -------------------------------------------------------------------------------
def _league_for_organiser(request: HttpRequest, slug: str) -> Competition:
    competition = competition_or_404(slug)
    require_organiser(request)
    if competition.kind != CompetitionKind.LEAGUE:
        raise Http404("A tournament's entrants withdraw on the director's page.")
    return competition


@login_required
def withdrawals_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The league's entrants, each with a way to withdraw it or, withdrawn, to bring it back
    (two queries)."""
    competition = _league_for_organiser(request, slug)
    entrants = list(competition.entrants.order_by("name", "id"))
    context = {"competition": competition, "entrants": entrants}
    return render(request, "competitions/withdrawals.html", context)


def _entrant(competition: Competition, entrant_id: int) -> Entrant:
    entrant = get_object_or_404(Entrant, pk=entrant_id, competition=competition)
    entrant.competition = competition
    return entrant


def plan_sentences(entrant: Entrant, plan: WithdrawalPlan) -> list[str]:
    """What withdrawing ``entrant`` will do, in sentences of one count each."""
    name = entrant.name
    said = [
        ngettext(
            "%(name)s has a result in %(played)d fixture of %(total)d.",
            "%(name)s has a result in %(played)d fixtures of %(total)d.",
            plan.played,
        )
        % {"name": name, "played": plan.played, "total": plan.total}
    ]
    if plan.outcome is Outcome.VOIDED:
        said.append(
            ngettext(
                "That is fewer than half: %(count)d result will be voided.",
                "That is fewer than half: %(count)d results will be voided.",
                plan.results_voided,
            )
            % {"count": plan.results_voided}
        )
        said.append(
            ngettext(
                "%(count)d fixture in all will count for nobody, in the standings or the ratings.",
                "%(count)d fixtures in all will count for nobody, in the standings or the ratings.",
                len(plan.voided),
            )
            % {"count": len(plan.voided)}
        )
    else:
        said.append(
            ngettext(
                "That is half or more: %(count)d result stands.",
                "That is half or more: %(count)d results stand.",
                len(plan.kept),
            )
            % {"count": len(plan.kept)}
        )
        winner, loser = forfeit_score(entrant.competition.rules.game_points)
        said.append(
            ngettext(
                "%(count)d fixture still to play will be conceded to the opponent, "
                "%(winner)d to %(loser)d.",
                "%(count)d fixtures still to play will be conceded to the opponents, "
                "%(winner)d to %(loser)d each.",
                len(plan.conceded),
            )
            % {"count": len(plan.conceded), "winner": winner, "loser": loser}
        )
    return said


def game_sentence(game: Game) -> str:
    """What withdrawing does to ``game``, in progress in a fixture it voids or concedes."""
    if game.deal_count == 0:
        return _(
            "%(game)s (round %(round)d) was started with no deal entered: it will be "
            "abandoned, kept for the record; it counts nowhere."
        ) % {"game": game, "round": game.fixture.round.number if game.fixture else 0}
    return ngettext(
        "%(game)s (round %(round)d) is in play, %(score)s after %(count)d deal: it will be "
        "abandoned, kept for the record; it counts nowhere and takes no more deals.",
        "%(game)s (round %(round)d) is in play, %(score)s after %(count)d deals: it will be "
        "abandoned, kept for the record; it counts nowhere and takes no more deals.",
        game.deal_count,
    ) % {
        "game": game,
        "round": game.fixture.round.number if game.fixture else 0,
        "score": " – ".join(str(total) for total in game.display_totals),
        "count": game.deal_count,
    }


def done_sentence(entrant: Entrant, plan: WithdrawalPlan) -> str:
    """What withdrawing ``entrant`` did, once done."""
    if plan.outcome is Outcome.VOIDED:
        return ngettext(
            "%(name)s has withdrawn from the league: %(count)d fixture is void.",
            "%(name)s has withdrawn from the league: %(count)d fixtures are void.",
            len(plan.voided),
        ) % {"name": entrant.name, "count": len(plan.voided)}
    return ngettext(
        "%(name)s has withdrawn from the league: %(count)d fixture is conceded to the opponent.",
        "%(name)s has withdrawn from the league: %(count)d fixtures are conceded to the opponents.",
        len(plan.conceded),
    ) % {"name": entrant.name, "count": len(plan.conceded)}


def _abandoned_count(entrant: Entrant) -> int:
    """How many games in progress the entrant's latest withdrawal abandoned."""
    record = withdrawals.last_withdrawal(entrant) or {}
    abandoned = record.get("abandoned")
    return len(abandoned) if isinstance(abandoned, list) else 0


def tell_abandoned_games(request: HttpRequest, entrant: Entrant) -> None:
    """Say how many games in progress the entrant's withdrawal (a league's or a
    tournament's) has just abandoned, if any."""
    abandoned = _abandoned_count(entrant)
    if abandoned:
        messages.info(
            request,
            ngettext(
                "%(count)d game in progress is abandoned: kept for the record, it counts nowhere.",
                "%(count)d games in progress are abandoned: kept for the record, they "
                "count nowhere.",
                abandoned,
            )
            % {"count": abandoned},
        )


@login_required
def entrant_withdraw(request: AuthenticatedHttpRequest, slug: str, entrant_id: int) -> HttpResponse:
    """Withdraw an entrant from the league: GET states the rule and what it will do to this
    entrant; the button POSTs."""
    competition = _league_for_organiser(request, slug)
    entrant = _entrant(competition, entrant_id)
    error = ""
    if request.method == "POST":
        try:
            plan = withdrawals.entrant_withdraw_from_league(entrant=entrant, by=request.user)
        except Refused as refusal:
            error = refusal.message
        else:
            messages.success(request, done_sentence(entrant, plan))
            tell_abandoned_games(request, entrant)
            return redirect("competitions:withdrawals", competition.slug)
    entrant.refresh_from_db()
    if not error:
        try:
            withdrawals.refuse_unless_withdrawable(entrant)
        except Refused as refusal:
            error = refusal.message
    plan = withdrawals.withdrawal_preview(entrant)
    games = withdrawals.games_in_progress(plan)
    context = {
        "competition": competition,
        "entrant": entrant,
        "plan": plan,
        "said": plan_sentences(entrant, plan),
        "in_progress": [(game, game_sentence(game)) for game in games],
        "error": error,
    }
    status = 400 if error and request.method == "POST" else 200
    return render(request, "competitions/entrant_withdraw.html", context, status=status)


@login_required
@require_POST
def entrant_return(request: AuthenticatedHttpRequest, slug: str, entrant_id: int) -> HttpResponse:
    """Bring a withdrawn entrant back into the league."""
    competition = _league_for_organiser(request, slug)
    entrant = _entrant(competition, entrant_id)
    try:
        back = withdrawals.entrant_return_to_league(entrant=entrant, by=request.user)
    except Refused as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            ngettext(
                "%(name)s is back in the league: %(count)d fixture is as it was.",
                "%(name)s is back in the league: %(count)d fixtures are as they were.",
                back,
            )
            % {"name": entrant.name, "count": back},
        )
        abandoned = _abandoned_count(entrant)
        if abandoned:
            messages.info(
                request,
                ngettext(
                    "The game abandoned when %(name)s withdrew stays abandoned; a fixture "
                    "given back is played afresh.",
                    "The %(count)d games abandoned when %(name)s withdrew stay abandoned; the "
                    "fixtures given back are played afresh.",
                    abandoned,
                )
                % {"name": entrant.name, "count": abandoned},
            )
    return redirect("competitions:withdrawals", competition.slug)
