"""Excused absences at a club evening: the director marks a member who said in time that they
cannot come as *excused*, or takes the mark back. A season may count an excused absence apart
from an unexcused one (:class:`scoring.evenings.SeasonRules`: the evening's lowest at the
Laarderwegkwartier, 5000 at KJV De Daele).

The section is the partial ``evenings/_excused.html``, which the director's evening page
includes; its POSTs come here and go back to that page (``#excused``). A refusal is shown on
this module's own page, next to the field it names, with nothing saved. Organisers only:
anonymous visitors are sent to sign in, other users get 403, before anything is read.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from league.access import AuthenticatedHttpRequest, evening_for_organiser
from league.errors import Refused
from league.evenings import selectors, services
from league.forms_common import show_refusal
from league.models import Competition, Player


class ExcusedForm(forms.Form):
    """A member of the club, from ``players`` (those who may be marked, or taken back)."""

    player = forms.TypedChoiceField(
        coerce=int,
        label=gettext_lazy("Member"),
        error_messages={"invalid_choice": gettext_lazy("Choose one of the members listed.")},
    )

    def __init__(self, *args: Any, players: tuple[Player, ...], **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "excused-%s")  # the ids the partial's fields have
        super().__init__(*args, **kwargs)
        self.players = {p.pk: p for p in players}
        field = self.fields["player"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(p.pk, p.name) for p in players]

    def chosen(self) -> Player:
        return self.players[self.cleaned_data["player"]]


def _back(competition: Competition) -> str:
    return reverse("evenings:evening", args=[competition.slug]) + "#excused"


def _page(
    request: AuthenticatedHttpRequest,
    evening: selectors.Evening,
    excused: selectors.Excused,
    form: ExcusedForm,
    status: int,
) -> HttpResponse:
    context = {
        "competition": evening.competition,
        "runs": True,
        "excused": excused,
        "excused_form": form,
    }
    return render(request, "evenings/excused.html", context, status=status)


@login_required
def evening_excuse(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """Mark a member excused (GET: the form on a page of its own)."""
    competition = evening_for_organiser(request, slug)
    evening = selectors.evening(competition, with_ranking=False)
    excused = selectors.evening_excused(evening)
    form = ExcusedForm(request.POST if request.method == "POST" else None, players=excused.to_mark)
    if request.method == "POST" and form.is_valid():
        player = form.chosen()
        try:
            services.evening_excuse(competition=competition, player=player)
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request, _("%(name)s is excused for this evening.") % {"name": player.name}
            )
            return redirect(_back(competition))
    return _page(request, evening, excused, form, status=400 if form.is_bound else 200)


@login_required
@require_POST
def evening_unexcuse(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """Take a member's excuse back."""
    competition = evening_for_organiser(request, slug)
    evening = selectors.evening(competition, with_ranking=False)
    excused = selectors.evening_excused(evening)
    form = ExcusedForm(request.POST, players=excused.members)
    if form.is_valid():
        player = form.chosen()
        try:
            services.evening_unexcuse(competition=competition, player=player)
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                _("%(name)s is no longer excused for this evening.") % {"name": player.name},
            )
            return redirect(_back(competition))
    return _page(request, evening, excused, form, status=400)
