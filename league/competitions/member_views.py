"""The housekeeping of a club's records, for organisers: rename, retire (and bring back) and
remove a member or a partnership; rename and remove the club; the club's list of changes.

Everybody else is refused as every write is (anonymous: sent to sign in; a scorer: 403). Views
stay thin: the forms of :mod:`league.competitions.member_forms` validate, the services of
:mod:`league.competitions.member_services` write (a :class:`~league.errors.Refused` is shown
next to the field it names, nothing saved). What cannot be undone (removing) asks first, on a
page that says what goes with it, or why it cannot go.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.access import (
    AuthenticatedHttpRequest,
    club_or_404,
    is_organiser,
    organiser_required,
    partnership_or_404,
    player_or_404,
)
from league.competitions import member_services as services
from league.competitions.member_forms import (
    ClubRenameForm,
    PartnershipRenameForm,
    PlayerRenameForm,
)
from league.competitions.member_presenters import club_changes, record_history
from league.errors import Refused
from league.evenings.selectors import guests_among, is_guest
from league.forms_common import autofocus, show_refusal
from league.models import Club, Partnership, Player


def _club_url(club: Club, fragment: str = "") -> str:
    return reverse("competitions:club-detail", args=[club.slug]) + fragment


def _back(request: HttpRequest, record_url: str, club: Club) -> str:
    """Where a retire or return button leads back to: the club page when it was tapped there
    (``back=club``), else the record's page."""
    return _club_url(club, "#retired") if request.POST.get("back") == "club" else record_url


def record_controls(
    request: HttpRequest, subject: str, record: Player | Partnership
) -> dict[str, Any]:
    """What a member's or a partnership's page adds: its history, and for an organiser the
    rename form (the controls of ``competitions/member_controls.html``)."""
    context: dict[str, Any] = {
        "history": record_history(subject, record.pk, record.club_id),
        "subject": subject,
        "record": record,
        # A guest of the club's evenings is kept as retired from the start: its page says
        # "Guest", not "Retired on ...".
        "guest": is_guest(record),
    }
    if is_organiser(request.user):
        form = PlayerRenameForm if subject == "player" else PartnershipRenameForm
        context["rename_form"] = form(prefix="rename", initial={"name": record.name})
    return context


# -- members ------------------------------------------------------------------------------
def _rename(
    request: HttpRequest,
    record: Player | Partnership,
    form: PlayerRenameForm | PartnershipRenameForm,
    rename: Any,
    record_url: str,
) -> HttpResponse:
    if request.method == "POST" and form.is_valid():
        try:
            renamed = rename(record, form.cleaned_data["name"])
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("Renamed: %(name)s.") % {"name": renamed})
            return redirect(record_url)
    if form.errors:
        autofocus(form, "name")
    context = {"record": record, "club": record.club, "form": form, "record_url": record_url}
    status = 400 if form.is_bound else 200
    return render(request, "competitions/member_rename.html", context, status=status)


@organiser_required
def player_rename(request: AuthenticatedHttpRequest, player_id: int) -> HttpResponse:
    player = player_or_404(player_id)
    form = PlayerRenameForm(
        request.POST if request.method == "POST" else None,
        prefix="rename",
        initial={"name": player.name},
    )
    return _rename(
        request,
        player,
        form,
        lambda record, name: services.player_rename(player=record, name=name, by=request.user),
        reverse("competitions:player-detail", args=[player.pk]),
    )


@organiser_required
def partnership_rename(request: AuthenticatedHttpRequest, partnership_id: int) -> HttpResponse:
    partnership = partnership_or_404(partnership_id)
    form = PartnershipRenameForm(
        request.POST if request.method == "POST" else None,
        prefix="rename",
        initial={"name": partnership.name},
    )
    return _rename(
        request,
        partnership,
        form,
        lambda record, name: services.partnership_rename(
            partnership=record, name=name, by=request.user
        ),
        reverse("competitions:partnership-detail", args=[partnership.pk]),
    )


@organiser_required
@require_POST
def player_retire(request: AuthenticatedHttpRequest, player_id: int) -> HttpResponse:
    player = player_or_404(player_id)
    services.player_retire(player=player, by=request.user)
    messages.success(
        request,
        _("%(name)s has retired: kept in the records, off the lists to choose from.")
        % {"name": player},
    )
    return redirect(reverse("competitions:player-detail", args=[player.pk]))


@organiser_required
@require_POST
def player_return(request: AuthenticatedHttpRequest, player_id: int) -> HttpResponse:
    player = player_or_404(player_id)
    services.player_retire(player=player, by=request.user, retired=False)
    messages.success(request, _("%(name)s is back in the club.") % {"name": player})
    url = reverse("competitions:player-detail", args=[player.pk])
    return redirect(_back(request, url, player.club))


@organiser_required
@require_POST
def partnership_retire(request: AuthenticatedHttpRequest, partnership_id: int) -> HttpResponse:
    partnership = partnership_or_404(partnership_id)
    services.partnership_retire(partnership=partnership, by=request.user)
    messages.success(
        request,
        _("%(name)s has retired: kept in the records, off the lists to choose from.")
        % {"name": partnership},
    )
    return redirect(reverse("competitions:partnership-detail", args=[partnership.pk]))


@organiser_required
@require_POST
def partnership_return(request: AuthenticatedHttpRequest, partnership_id: int) -> HttpResponse:
    partnership = partnership_or_404(partnership_id)
    services.partnership_retire(partnership=partnership, by=request.user, retired=False)
    messages.success(request, _("%(name)s is back in the club.") % {"name": partnership})
    url = reverse("competitions:partnership-detail", args=[partnership.pk])
    return redirect(_back(request, url, partnership.club))


def _remove(
    request: HttpRequest,
    *,
    name: str,
    club: Club,
    removal: services.Removal,
    remove: Any,
    record_url: str,
    done_url: str,
    retire_url: str | None,
    is_club: bool = False,
) -> HttpResponse:
    error = ""
    if request.method == "POST":
        try:
            remove()
        except Refused as refusal:
            error = refusal.message
        else:
            messages.success(request, _("%(name)s removed.") % {"name": name})
            return redirect(done_url)
    context = {
        "name": name,
        "club": club,
        "removal": removal,
        "record_url": record_url,
        "retire_url": retire_url,
        "error": error,
        "is_club": is_club,
    }
    status = 200 if request.method != "POST" else 400
    return render(request, "competitions/member_remove.html", context, status=status)


@organiser_required
def player_remove(request: AuthenticatedHttpRequest, player_id: int) -> HttpResponse:
    player = player_or_404(player_id)
    return _remove(
        request,
        name=player.name,
        club=player.club,
        removal=services.player_removal(player),
        remove=lambda: services.player_remove(player=player, by=request.user),
        record_url=reverse("competitions:player-detail", args=[player.pk]),
        done_url=_club_url(player.club, "#members"),
        retire_url=None
        if player.retired_at
        else reverse("competitions:player-retire", args=[player.pk]),
    )


@organiser_required
def partnership_remove(request: AuthenticatedHttpRequest, partnership_id: int) -> HttpResponse:
    partnership = partnership_or_404(partnership_id)
    return _remove(
        request,
        name=str(partnership),
        club=partnership.club,
        removal=services.partnership_removal(partnership),
        remove=lambda: services.partnership_remove(partnership=partnership, by=request.user),
        record_url=reverse("competitions:partnership-detail", args=[partnership.pk]),
        done_url=_club_url(partnership.club, "#partnerships"),
        retire_url=None
        if partnership.retired_at
        else reverse("competitions:partnership-retire", args=[partnership.pk]),
    )


# -- the club -------------------------------------------------------------------------------
@organiser_required
def club_records(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    """The club's own record: rename it (GET shows the form, POST renames), remove it, and
    the list of changes to its records."""
    club = club_or_404(slug)
    form = ClubRenameForm(
        request.POST if request.method == "POST" else None,
        prefix="club",
        initial={"name": club.name},
    )
    if request.method == "POST" and form.is_valid():
        try:
            renamed = services.club_rename(
                club=club, name=form.cleaned_data["name"], by=request.user
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("The club is now called %(name)s.") % {"name": renamed})
            return redirect(reverse("competitions:club-records", args=[club.slug]))
    if form.errors:
        autofocus(form, "name")
    changes, page = club_changes(club, request.GET.get("page", "1"))
    context = {"club": club, "form": form, "changes": changes, "page": page}
    status = 400 if form.is_bound else 200
    return render(request, "competitions/member_club.html", context, status=status)


@organiser_required
def club_remove(request: AuthenticatedHttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    return _remove(
        request,
        name=club.name,
        club=club,
        removal=services.club_removal(club),
        remove=lambda: services.club_remove(club=club, by=request.user),
        record_url=reverse("competitions:club-records", args=[club.slug]),
        done_url=reverse("competitions:club-list"),
        retire_url=None,
        is_club=True,
    )


def retired_records(club: Club) -> dict[str, Any]:
    """The club page's folded "Retired members" section: its retired members and partnerships,
    and apart from them the guests of its evenings (kept as retired, never members: a
    secretary reading the retired list expects the members who left), three queries."""
    players = list(club.players.exclude(retired_at=None))
    partnerships = list(
        club.partnerships.exclude(retired_at=None).select_related("first", "second")
    )
    guests = guests_among(
        [("player", p.pk) for p in players] + [("pair", p.pk) for p in partnerships]
    )
    retired_players = [p for p in players if ("player", p.pk) not in guests]
    retired_pairs = [p for p in partnerships if ("pair", p.pk) not in guests]
    guest_players = [p for p in players if ("player", p.pk) in guests]
    guest_pairs = [p for p in partnerships if ("pair", p.pk) in guests]
    return {
        "retired_players": retired_players,
        "retired_partnerships": retired_pairs,
        "retired_count": len(retired_players) + len(retired_pairs),
        "guest_players": guest_players,
        "guest_partnerships": guest_pairs,
        "guest_count": len(guest_players) + len(guest_pairs),
    }
