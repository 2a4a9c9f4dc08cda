"""The organiser's pages that change a competition or a tournament after it was created:
edit it (a confirmation step first when new house rules rescore played games), delete one
that has not played (a confirmation page naming what goes), archive one that has, and
restore it. Everybody else is refused as the other write views refuse (sign in; 403).

Views stay thin: the form validates, :mod:`league.competitions.edit_services` writes and says
what may not change (:mod:`scoring.competition_changes`'s reason, next to the field).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.access import AuthenticatedHttpRequest, competition_or_404, organiser_required
from league.competitions import edit_selectors, edit_services
from league.competitions.edit_forms import CompetitionEditForm
from league.errors import Refused
from league.forms_common import tiebreak_help
from league.models import Competition, CompetitionKind
from league.rulebook.text import describe
from scoring import Ruleset
from scoring.competition_changes import RescoreEffect, delete_refusal

#: Posted by the confirmation step: the rescore's count, and "back to the form".
RESCORE = "rescore_games"
BACK = "back"


def _detail(competition: Competition) -> str:
    return reverse("competitions:detail", args=[competition.slug])


def _form(competition: Competition, data: Any = None) -> CompetitionEditForm:
    return CompetitionEditForm(
        data,
        competition=competition,
        state=edit_selectors.competition_state(competition),
        rounds=edit_selectors.competition_rounds(competition),
    )


def _rescore_count(data: Any) -> int | None:
    """The count the organiser confirmed, or None (not confirmed, or not a number)."""
    text = str(data.get(RESCORE) or "")
    return int(text) if text.isdigit() and len(text) < 9 else None


@organiser_required
def competition_edit(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    if competition.kind == CompetitionKind.EVENING:
        # An evening's settings are edited on its own form (league.evenings.setup_views).
        return redirect("evenings:edit", competition.slug)
    form = _form(competition, request.POST if request.method == "POST" else None)
    if request.method == "POST" and not request.POST.get(BACK) and form.is_valid():
        try:
            done = edit_services.competition_edit(
                competition=competition,
                by=request.user,
                changes=form.changes(),
                rescore_games=_rescore_count(request.POST),
            )
        except edit_services.RescoreNeeded as needed:
            differences = rule_differences(competition.rules, form.cleaned_data["rules"])
            return _rescore_step(request, competition, needed, differences)
        except Refused as error:
            form.refused(error)
        else:
            competition.refresh_from_db()
            if done:
                messages.success(
                    request, _("%(competition)s saved.") % {"competition": competition.name}
                )
            else:
                messages.info(request, _("Nothing was changed."))
            return redirect(_detail(competition))
    context = {
        "competition": competition,
        "form": form,
        "tiebreak_keys": tiebreak_help(),
        "tournament": competition.kind == CompetitionKind.TOURNAMENT,
    }
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "competitions/edit.html", context, status=status)


def rule_differences(before: Ruleset, after: Ruleset) -> list[tuple[str, str, str]]:
    """What new house rules of the same game change, a row each: the rule, its value now,
    its value after (in the rules pages' words)."""
    now = {str(c.label): c for c in describe(before).changes}
    then = {str(c.label): c for c in describe(after).changes}
    rows = []
    for label in [*now, *(label for label in then if label not in now)]:
        old = now[label].value if label in now else then[label].preset_value
        new = then[label].value if label in then else now[label].preset_value
        if str(old) != str(new):
            rows.append((label, str(old), str(new)))
    return rows


def _rescore_step(
    request: AuthenticatedHttpRequest,
    competition: Competition,
    needed: edit_services.RescoreNeeded,
    differences: list[tuple[str, str, str]],
) -> HttpResponse:
    """Ask before rescoring: the count of games and what scoring them again changes, the
    form's values carried along."""
    games = needed.games
    carried = [
        (name, value)
        for name in request.POST
        if name not in ("csrfmiddlewaretoken", RESCORE, BACK)
        for value in request.POST.getlist(name)
    ]
    context = {
        "competition": competition,
        "games": games,
        "differences": differences,
        "carried": carried,
        "rescore_field": RESCORE,
        "back_field": BACK,
        "question": ngettext(
            "These house rules score %(count)d played game again.",
            "These house rules score %(count)d played games again.",
            games,
        )
        % {"count": games},
        "effects": rescore_effects(needed.effect),
    }
    return render(request, "competitions/edit_rescore.html", context)


def rescore_effects(effect: RescoreEffect) -> list[str]:
    """What a rescore changes, a sentence each: totals, then winners and match results."""
    if effect.totals:
        totals = ngettext(
            "The totals change in %(count)d game.",
            "The totals change in %(count)d games.",
            effect.totals,
        ) % {"count": effect.totals}
    else:
        totals = _("Every game keeps its totals.")
    if effect.winners:
        winners = ngettext(
            "%(count)d game gets another winner: its match's result changes with it.",
            "%(count)d games get another winner: their matches' results change with them.",
            effect.winners,
        ) % {"count": effect.winners}
    else:
        winners = _("Every game keeps its winner, and every match its result.")
    return [totals, winners]


@organiser_required
def competition_delete(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """GET: what deleting takes (or why it cannot be deleted); POST: delete it."""
    competition = competition_or_404(slug)
    reason: str | None = delete_refusal(edit_selectors.competition_state(competition))
    if request.method == "POST" and reason is None:
        try:
            edit_services.competition_delete(competition=competition, by=request.user)
        except Refused as error:
            reason = error.message
        else:
            messages.success(
                request, _("%(competition)s deleted.") % {"competition": competition.name}
            )
            if competition.kind == CompetitionKind.EVENING:  # back to the club's evenings
                return redirect("evenings:club-list", competition.club.slug)
            return redirect("competitions:club-detail", competition.club.slug)
    context = {
        "competition": competition,
        "goes": edit_selectors.what_goes(competition),
        "reason": reason,
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "competitions/edit_delete.html", context, status=status)


@organiser_required
@require_POST
def competition_archive(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    try:
        edit_services.competition_archive(competition=competition, by=request.user)
    except Refused as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _(
                "%(competition)s is archived: kept with its results, off the lists of current "
                "competitions. Restore it here."
            )
            % {"competition": competition.name},
        )
    return redirect(_detail(competition))


@organiser_required
@require_POST
def competition_restore(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    try:
        edit_services.competition_restore(competition=competition, by=request.user)
    except Refused as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(competition)s is back among the current competitions.")
            % {"competition": competition.name},
        )
    return redirect(_detail(competition))
