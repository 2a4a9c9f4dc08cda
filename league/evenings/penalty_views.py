"""Individual reneges at a club evening (a Part-two option: the player loses the evening's
renege penalty, 100 at Cafe de Lijst, and the partner keeps the score): the director gives a
penalty to a player of a round, or takes one back typed by mistake.

The form is the partial ``evenings/_penalty_form.html``, which the director's evening page
includes; its POSTs come here and go back to that page (``#penalties``). A refusal is shown
on this module's own page, next to the field it names, with nothing saved. Organisers only:
anonymous visitors are sent to sign in, other users get 403, before anything is read.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from league.access import AuthenticatedHttpRequest, competition_or_404, require_organiser
from league.errors import Refused
from league.evenings import selectors, services
from league.forms_common import show_refusal
from league.models import Competition, CompetitionKind, Entrant


class PenaltyForm(forms.Form):
    """Who reneged in which round: one of the evening's entrants, one of its drawn rounds."""

    entrant = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Who reneged"))
    round = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Round"))

    def __init__(self, *args: Any, evening: selectors.Evening, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.evening = evening
        who, number = self.fields["entrant"], self.fields["round"]
        assert isinstance(who, forms.TypedChoiceField)
        assert isinstance(number, forms.TypedChoiceField)
        who.choices = [(e.pk, e.name) for e in evening.entrants]
        number.choices = [(r.round.number, str(r.round.number)) for r in evening.rounds]
        if evening.current is not None:
            self.fields["round"].initial = evening.current.round.number

    def chosen(self) -> tuple[Entrant, int]:
        """The entrant chosen (from the evening's own) and the round number."""
        entrant_id = self.cleaned_data["entrant"]
        entrant = next(e for e in self.evening.entrants if e.pk == entrant_id)
        return entrant, self.cleaned_data["round"]


def _evening_for_organiser(request: AuthenticatedHttpRequest, slug: str) -> Competition:
    competition = competition_or_404(slug)
    require_organiser(request)
    if competition.kind != CompetitionKind.EVENING:
        raise Http404("Only a club evening has reneges per player.")
    return competition


def _back(competition: Competition) -> str:
    # The director's evening page when it is there; this module's own page otherwise.
    try:
        address = reverse("evenings:evening", args=[competition.slug])
    except NoReverseMatch:
        address = reverse("evenings:penalty", args=[competition.slug])
    return address + "#penalties"


def _page(
    request: AuthenticatedHttpRequest,
    evening: selectors.Evening,
    form: PenaltyForm,
    status: int = 200,
) -> HttpResponse:
    context = {"competition": evening.competition, "evening": evening, "penalty_form": form}
    return render(request, "evenings/penalty.html", context, status=status)


@login_required
def evening_penalty(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """Give a renege penalty (GET: the form on a page of its own)."""
    competition = _evening_for_organiser(request, slug)
    evening = selectors.evening(competition, with_ranking=False)
    form = PenaltyForm(request.POST if request.method == "POST" else None, evening=evening)
    if request.method == "POST" and form.is_valid():
        entrant, number = form.chosen()
        try:
            services.evening_penalise(entrant=entrant, round_number=number)
        except Refused as error:
            show_refusal(form, error)
        else:
            points = evening.rules.renege_penalty
            messages.success(
                request,
                _("%(name)s: a renege in round %(number)d, %(points)d points off.")
                % {"name": entrant.name, "number": number, "points": points},
            )
            return redirect(_back(competition))
    return _page(request, evening, form, status=400 if form.is_bound else 200)


@login_required
@require_POST
def evening_penalty_undo(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """Take back the last penalty of a player in a round (typed by mistake)."""
    competition = _evening_for_organiser(request, slug)
    evening = selectors.evening(competition, with_ranking=False)
    form = PenaltyForm(request.POST, evening=evening)
    if form.is_valid():
        entrant, number = form.chosen()
        try:
            services.evening_unpenalise(entrant=entrant, round_number=number)
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                _("%(name)s: the penalty of round %(number)d is taken back.")
                % {"name": entrant.name, "number": number},
            )
            return redirect(_back(competition))
    return _page(request, evening, form, status=400)
