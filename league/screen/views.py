"""The room's screen (one an event, one a club night), the round clock's controls, and the
join page the phones scan.

The screens are public and show what the public pages show (never a drafted round). They are
pages for a TV: no menu, no scrolling; every page of every panel is in the HTML, the one of
``?panel=N`` shown, and ``static/js/screen.js`` turns them every ``?seconds=`` (15 unless
said); without JavaScript the page reloads itself onto the next panel (a refresh in
``<noscript>``). The clock's controls are the director's (organisers only).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from league.access import club_or_404, competition_or_404, organiser_required, round_or_404
from league.errors import Refused
from league.forms_common import show_refusal
from league.languages import room_language, supported
from league.live import topics as live_topics
from league.live.page_cache import served_once
from league.models import Competition, CompetitionKind, Round
from league.printing.qr import qr_svg
from league.screen import pages as screen_pages
from league.screen import presenters, services
from league.screen.forms import ClockForm
from league.screen.join import join_address
from league.screen.presenters import ScreenPage
from league.server import serves_only_itself

#: How long a page stays on the screen unless ``?seconds=`` says otherwise.
SECONDS = 15


def _whole(value: str | None, default: int, low: int, high: int) -> int:
    try:
        number = int(value or "")
    except ValueError:
        return default
    return min(max(number, low), high)


def _screen(
    request: HttpRequest, name: str, pages: list[ScreenPage], topics: list[str]
) -> HttpResponse:
    seconds = _whole(request.GET.get("seconds"), SECONDS, 1, 600)
    panel = _whole(request.GET.get("panel"), 0, 0, 10_000) % len(pages)
    query = f"panel={(panel + 1) % len(pages)}"
    if "seconds" in request.GET:
        query += f"&seconds={seconds}"
    if supported(request.GET.get("lang", "")[:20]):
        # The page that follows speaks the same language (a code of the site's, safe as it is).
        query += f"&lang={translation.get_language()}"
    address = join_address(request)
    context = {
        "name": name,
        "pages": pages,
        "panel": panel,
        "seconds": seconds,
        "next_query": query,
        "topics": topics,
        "now_ms": int(timezone.now().timestamp() * 1000),
        "join_address": address,
        "join_qr": qr_svg(address, _qr_words(address)),
        # No code a phone cannot open: a server for this computer only shows none.
        "only_itself": serves_only_itself(),
    }
    return render(request, "screen/screen.html", context)


def _qr_words(address: str) -> str:
    return _("QR code of %(address)s, to open Hicksheet on a phone") % {"address": address}


def competition_screen(request: HttpRequest, slug: str) -> HttpResponse:
    """An event's screen, in the event's language (else its club's) unless ``?lang=`` asks
    for another of the site's."""
    competition = competition_or_404(slug)
    translation.activate(room_language(request, competition.club.language, competition.language))
    topics = live_topics.event_page(competition)
    return served_once(
        request,
        topics,
        lambda: _screen(request, competition.name, screen_pages.event_pages(competition), topics),
    )


def club_screen(request: HttpRequest, slug: str) -> HttpResponse:
    """A club night's screen, in the club's language unless ``?lang=`` asks for another."""
    club = club_or_404(slug)
    translation.activate(room_language(request, club.language))
    topics = live_topics.club_page(club.pk)
    return served_once(
        request, topics, lambda: _screen(request, club.name, screen_pages.club_pages(club), topics)
    )


def join(request: HttpRequest) -> HttpResponse:
    """The site's address as a big QR code, for phones to scan, and in words to type."""
    address = join_address(request)
    context = {
        "join_address": address,
        "join_qr": qr_svg(address, _qr_words(address)),
        "only_itself": serves_only_itself(),
    }
    return render(request, "screen/join.html", context)


# -- the round clock --------------------------------------------------------------------------
def clock_back(competition: Competition) -> str:
    """Where the clock's controls are: the director's page (a tournament's, an evening's), or a
    league's own page."""
    if competition.kind == CompetitionKind.EVENING:
        try:
            return reverse("evenings:evening", args=[competition.slug]) + "#room"
        except NoReverseMatch:  # the evening's director's page is not in this build yet
            return reverse("screen:competition", args=[competition.slug])
    if competition.kind == CompetitionKind.TOURNAMENT:
        return reverse("tournaments:director", args=[competition.slug]) + "#room"
    return reverse("competitions:detail", args=[competition.slug]) + "#room"


def _done(action: str, minutes: int | None) -> str:
    """What the director's press did, in words."""
    if action == "set":
        return _("The clock is set to %(minutes)d minutes: press Start when the round begins.") % {
            "minutes": minutes or 0
        }
    return {
        "start": _("The clock is running."),
        "pause": _("The clock is paused."),
        "resume": _("The clock is running again."),
        "reset": _("The clock is back to the round's full time."),
    }[action]


def _apply(night: Round, action: str, minutes: int | None) -> None:
    if action == "set":
        assert minutes is not None  # the form requires it
        services.round_clock_set(night=night, minutes=minutes)
    elif action in ("start", "resume"):
        services.round_clock_start(night=night)
    elif action == "pause":
        services.round_clock_pause(night=night)
    else:
        services.round_clock_reset(night=night)


@organiser_required
def round_clock(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's clock and its controls (the director's page shows the same); a press posts
    here and goes back to the director's page."""
    competition = competition_or_404(slug)
    night = round_or_404(competition, number)
    if (
        competition.kind == CompetitionKind.EVENING
        and night.fixtures.exists()
        and not night.fixtures.filter(finished=False).exists()
    ):
        # An evening's round whose every table has its result is over: its clock has nothing
        # left to time (the director's page and the screen show none), whatever is typed here.
        messages.info(
            request,
            _("Every table of round %(number)d has its result: the round needs no clock.")
            % {"number": night.number},
        )
        return HttpResponseRedirect(clock_back(competition))
    form = ClockForm(request.POST or None, initial={"minutes": night.clock_minutes})
    if request.method == "POST" and form.is_valid():
        action = form.cleaned_data["action"]
        minutes = form.cleaned_data.get("minutes")
        try:
            _apply(night, action, minutes)
        except Refused as error:
            if error.field is None:  # pressed from an old page: the clock moved meanwhile
                messages.info(request, error.message)
                return HttpResponseRedirect(clock_back(competition))
            show_refusal(form, error)
        else:
            messages.success(request, _done(action, minutes))
            return HttpResponseRedirect(clock_back(competition))
    night.refresh_from_db()
    context = {
        "competition": competition,
        "night": night,
        "clock": presenters.clock_of(night),
        "form": form,
        "back": clock_back(competition),
    }
    status = 400 if form.is_bound else 200
    return render(request, "screen/clock.html", context, status=status)
