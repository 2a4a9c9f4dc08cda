"""Each side's private entry link (``/m/<token>/``, printed on paper as a QR code).

A link needs no account: whoever holds it plays for that side of that match. The side enters
its deals through it; the other side confirms the result through its own link. An unknown
token is a 404 (:func:`league.access.entry_side_or_404`); once the result is confirmed the
link still shows the match, but every write answers 410 Gone ("This link has expired"). A club
evening's table has no confirmation: its links close the same way once its result is in (its
game over, or its totals typed from paper), and the director corrects it. A link only ever
writes to its own fixture's running game: the game is never named by the
request, only checked against it. Deals go through the same deal form as the game page
(:func:`league.games.forms.deal_form`).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from league.access import entry_side_or_404
from league.competitions.results import fixture_side_names
from league.errors import DealChanged, DealTaken, Refused
from league.games import answers
from league.games.deal_presenter import deal_entry, preview_deal
from league.games.forms import DealForm, FirstDealerForm, deal_form, refused_deal_form
from league.games.selectors import fixture_seat_players
from league.live import topics as live_topics
from league.models import CompetitionKind, FixtureSide
from league.ratings.uses import fixture_chances
from league.stored_words import confirmed_by_words, event_notes
from league.tournaments import presenters, selectors, services
from league.tournaments.forms import DisputeForm

#: The words of every write to a link whose match's result is confirmed (translated on use).
EXPIRED = gettext_lazy("This link has expired: the match's result is confirmed.")


# -- entry links ------------------------------------------------------------------------------
def _entry_page(
    request: HttpRequest,
    side: FixtureSide,
    form: DealForm | None = None,
    status: int = 200,
    error: str = "",
    dispute_form: DisputeForm | None = None,
    start_form: FirstDealerForm | None = None,
) -> HttpResponse:
    match = presenters.entry_match(side)
    fixture = match.fixture
    running = match.running_game
    confirmed = fixture.confirmed_at is not None
    # A club evening's table: nobody confirms; its result counts once its game is over or its
    # totals are typed from paper, and from then on only the director changes it.
    evening = fixture.competition.kind == CompetitionKind.EVENING
    result_in = evening and (fixture.finished or fixture.typed_scores is not None)
    # One side enters, the other confirms (a Bridgemate's way): the side that started the
    # game, or took entry over since; before anybody has, either side may.
    entering = fixture.entered_by in (None, side.side)
    # An evening table's result typed from paper while a game was under way on the phone:
    # the link takes no deal (a tap answers 410), so it shows no deal form either.
    enters = running is not None and not confirmed and entering and not result_in
    if form is None and enters:
        assert running is not None
        form = deal_form(running)
    token = side.entry_token
    latest = match.games[-1] if match.games else None
    undo = None
    if (
        latest is not None
        and latest[1]
        and not confirmed
        and not result_in
        and fixture.disputed_at is None
        and fixture.entered_by == side.side
        and services.entered_by_this_side(fixture, latest[0], latest[1][-1].number)
    ):
        undo = (latest[0], latest[1][-1])
    can_start = (
        not confirmed
        and entering
        and not fixture.finished
        and not fixture.typed_scores
        and running is None
    )
    context = {
        "match": match,
        "fixture": fixture,
        "competition": fixture.competition,
        "token": token,
        "running": running,
        "form": form if enters else None,
        "deal_entry": deal_entry(form) if form is not None and enters else None,
        "confirmed": confirmed,
        "evening": evening,
        "expired": status == 410,
        "error": error,
        "can_start": can_start,
        "start_form": (start_form or _start_form(side, match.line.sides)) if can_start else None,
        "can_confirm": not confirmed
        and fixture.finished
        and fixture.entered_by is not None
        and fixture.entered_by != side.side
        and fixture.disputed_at is None,
        "entered_here": fixture.entered_by == side.side,
        "they_enter": not confirmed and not entering,
        "can_take_over": not confirmed and not entering and not fixture.finished,
        "undo": undo,
        "disputed": fixture.disputed_at is not None and not confirmed,
        "events": event_notes(selectors.match_events(fixture), match.line.sides),
        "confirmed_by": confirmed_by_words(fixture, match.line.sides),
        "chances": fixture_chances(fixture, match.line),
        "dispute_form": dispute_form,
        "deal_action": reverse("tournaments:entry-deal", args=[token])
        + (f"?game={running.pk}" if running else "")
        + "#entry",
        "preview_url": reverse("tournaments:entry-preview", args=[token]),
        "next_url": reverse("tournaments:entry", args=[match.next_token])
        if match.next_token
        else None,
    }
    # Which forms the page holds, for the live updates (js/live.js's data-live-state): a page
    # left open on another phone swaps them when this changes.
    if context["form"] is not None and running is not None:
        context["forms_state"] = f"deal-{running.pk}"
    elif can_start:
        context["forms_state"] = f"start-{len(match.games)}"
    else:
        context["forms_state"] = "none"
    context["live_topics"] = live_topics.match_page(fixture)
    response = render(request, "tournaments/entry_match.html", context, status=status)
    # The link is the side's key: keep it out of shared caches and search engines.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _start_form(
    side: FixtureSide, names: Sequence[str], data: QueryDict | None = None
) -> FirstDealerForm:
    """Who deals first, asked beside the side's "Start the game" button."""
    rules = side.fixture.competition.rules
    players = fixture_seat_players(side.fixture_id) if rules.partnerships else None
    return FirstDealerForm(data, rules=rules, side_names=names, players=players)


def _closed_words(fixture_id: int) -> str:
    """Why the link takes no more writes (read afresh), in the reader's words; "" if it does:
    its match's result is confirmed, or its club evening table's result is in."""
    closed = selectors.entry_closed(fixture_id)
    if closed == selectors.CLOSED_CONFIRMED:
        return str(EXPIRED)
    if closed == selectors.CLOSED_RESULT_IN:
        return str(services.RESULT_IN)
    return ""


def _expired(request: HttpRequest, side: FixtureSide) -> HttpResponse | None:
    """The 410 page when the match's result is confirmed, or the evening table's result is in
    (read afresh), else None."""
    if words := _closed_words(side.fixture_id):
        return _entry_page(request, side, status=410, error=words)
    return None


@never_cache
def entry_link(request: HttpRequest, token: str) -> HttpResponse:
    return _entry_page(request, entry_side_or_404(token))


def _entry_url(token: str) -> str:
    """The link's page at its deal form (where a saved deal sends the phone on to)."""
    return reverse("tournaments:entry", args=[token]) + "#entry"


def _to_entry(token: str, anchor: str = "") -> HttpResponseRedirect:
    url = reverse("tournaments:entry", args=[token])
    return HttpResponseRedirect(url + (f"#{anchor}" if anchor else ""))


@never_cache
@require_POST
def entry_start(request: HttpRequest, token: str) -> HttpResponse:
    side = entry_side_or_404(token)
    if (gone := _expired(request, side)) is not None:
        return gone
    if selectors.running_game(side.fixture_id) is not None:
        # The other side (or a double tap) started it first: nothing is wrong, say who enters.
        messages.info(request, _("The game has started already: the sheet is below."))
        return _to_entry(token, "entry")
    form = _start_form(side, fixture_side_names(side.fixture), request.POST)
    if not form.is_valid():
        return _entry_page(request, side, status=400, start_form=form)
    try:
        services.token_start_game(side=side, first_dealer=form.cleaned_data["first_dealer"])
    except Refused as error:
        return _entry_page(request, side, status=409, error=error.message)
    return _to_entry(token, "entry")


@never_cache
@require_POST
def entry_deal(request: HttpRequest, token: str) -> HttpResponse:
    side = entry_side_or_404(token)
    # The phone's offline queue sending a waiting deal asks for short JSON answers.
    as_json = answers.wants_json(request)
    try:
        key = uuid.UUID(request.POST.get("entry_key") or "")
    except ValueError:
        key = None  # none or malformed: the form reports it
    if (
        key is not None
        and selectors.entry_closed(side.fixture_id) == selectors.CLOSED_RESULT_IN
        and (again := _saved_before(request, side, token, key, as_json=as_json)) is not None
    ):
        # An evening's last deal closes its table's links at once: the same deal sent again
        # (its answer lost on the Wi-Fi) is told it was saved, not that the link is closed.
        return again
    if as_json and (words := _closed_words(side.fixture_id)):
        return answers.gone(words)
    if (gone := _expired(request, side)) is not None:
        return gone
    game = selectors.running_game(side.fixture_id)
    if key is not None and (again := _saved_before(request, side, token, key, as_json=as_json)):
        return again
    if game is None:
        message = _("No game of this match is being played: nothing was saved.")
        if as_json:
            return answers.gone(message, status=409)
        return _entry_page(request, side, status=409, error=message)
    if request.GET.get("game") not in (None, str(game.pk)):
        if as_json:
            return answers.gone(
                _("That deal was for a game that has ended: nothing was saved."), status=409
            )
        return _entry_page(
            request,
            side,
            status=409,
            error=_(
                "That deal was for a game that has ended: nothing was saved. "
                "Enter it again below if it belongs to this game."
            ),
        )
    form = deal_form(game, request.POST)
    if not form.is_valid() or form.only_shown:
        if as_json and not form.only_shown:
            return answers.not_saved(form)
        return _entry_page(request, side, form, status=200 if form.is_valid() else 400)
    assert form.deal is not None
    try:
        deal, created = services.token_add_deal(
            side=side,
            game=game,
            deal=form.deal,
            entry_key=form.cleaned_data.get("entry_key"),
            void_reason=form.cleaned_data.get("void_reason") or "",
            expected_number=form.cleaned_data.get("number"),
        )
    except Refused as error:
        if as_json:
            running = selectors.running_game(side.fixture_id)
            return answers.refused(error, running.deal_count + 1 if running else None)
        if error.field is None:
            # The link's match as a whole refused it (confirmed meanwhile, another match's, or
            # the other side enters its deals).
            if (gone := _expired(request, side)) is not None:
                return gone
            return _entry_page(request, side, status=409, error=error.message)
        if isinstance(error, DealTaken) and not selectors.side_enters(side):
            # Both sides typed the same deal: this side is told what the other entered, and
            # that the other side enters (its page has no deal form to keep the input in).
            return _entry_page(request, side, status=409, error=error.said)
        _game, form = refused_deal_form(game.pk, request.POST, error)
        return _entry_page(request, side, form, status=400)
    if as_json:
        return answers.saved(deal, created, game, _entry_url(token))
    if not created:
        messages.info(
            request,
            _("Deal %(number)s was already saved; it was not added twice.")
            % {"number": deal.number},
        )
    return _to_entry(token, "entry")


def _saved_before(
    request: HttpRequest, side: FixtureSide, token: str, key: uuid.UUID, *, as_json: bool
) -> HttpResponse | None:
    """The answer to a deal form sent again whose deal (its entry ``key``) was saved the first
    time, else None. The key is looked for in every game of the match, not only the running
    one: the deal may have ended its game."""
    again = selectors.deal_by_entry_key(side.fixture_id, key)
    if again is None:
        return None
    if as_json:
        return answers.saved(again, False, again.game, _entry_url(token))
    messages.info(
        request,
        _("Deal %(number)s was already saved; not added twice.") % {"number": again.number},
    )
    return _to_entry(token, "entry")


@never_cache
@require_POST
def entry_preview(request: HttpRequest, token: str) -> JsonResponse:
    """What the deal being entered will score (the deal-entry script asks as it is typed).

    Like the game's preview, ``?deal=<number>`` scores the running game's deal of that number
    as a correction would; the entry page never sends it, since corrections are the director's.

    A link that takes no more deals (its result confirmed, its evening table's result in) or
    whose game is over answers 200 with the reason and ``over``: a preview is a question
    ("what would this deal score?"), not a write, and "nothing: the game is over" is its
    answer. Only a page left open from before asks it (a finished game's page has no deal
    form); a 4xx would log each keystroke of it as a refusal. The script then stops asking.
    """
    side = entry_side_or_404(token)
    if words := _closed_words(side.fixture_id):
        return JsonResponse({"valid": False, "over": True, "errors": {"game": words}})
    game = selectors.running_game(side.fixture_id)
    if game is None:
        message = _("No game of this match is being played.")
        return JsonResponse({"valid": False, "over": True, "errors": {"game": message}})
    return JsonResponse(preview_deal(game, request.POST, request.GET))


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
    messages.success(request, _("Result confirmed. Thank you!"))
    return _to_entry(token)


@never_cache
@require_POST
def entry_take_over(request: HttpRequest, token: str) -> HttpResponse:
    """The side of this link enters the deals from now on instead of the other side (the page
    says when to, and that the director sees it)."""
    side = entry_side_or_404(token)
    if (gone := _expired(request, side)) is not None:
        return gone
    try:
        services.token_take_over(side=side)
    except Refused as error:
        return _entry_page(request, side, status=409, error=error.message)
    messages.success(request, _("Your side enters the deals now; the other side confirms."))
    return _to_entry(token, "entry")


@never_cache
@require_POST
def entry_undo(request: HttpRequest, token: str) -> HttpResponse:
    """The entering side takes its last deal off again, in one tap (audited), until the other
    side confirms the result. The form names the game, the deal and its version, so that only
    the deal the button showed is ever taken off."""
    side = entry_side_or_404(token)
    if (gone := _expired(request, side)) is not None:
        return gone
    game_id, number, version = (
        _posted_int(request, name) for name in ("game", "number", "version")
    )
    game = selectors.fixture_game(side.fixture_id, game_id)
    if game is None:
        return _entry_page(
            request,
            side,
            status=409,
            error=_("That game is not this match's: nothing was undone."),
        )
    try:
        record = services.token_undo_deal(
            side=side, game=game, number=number, expected_version=version
        )
    except DealChanged as error:
        return _entry_page(request, side, status=409, error=_nothing_undone(error))
    except Refused as error:
        if (gone := _expired(request, side)) is not None:
            return gone
        return _entry_page(request, side, status=409, error=_nothing_undone(error))
    points = " - ".join(str(p) for p in record.points)
    messages.success(
        request,
        _("Deal %(number)s undone (%(points)s): enter it again if it was wrong.")
        % {"number": number, "points": points},
    )
    return _to_entry(token, "entry")


def _nothing_undone(error: Refused) -> str:
    return _("Nothing was undone: %(reason)s") % {"reason": error.message}


def _posted_int(request: HttpRequest, name: str) -> int:
    value = request.POST.get(name, "")
    return int(value) if value.isdecimal() and len(value) < 10 else -1


@never_cache
@require_POST
def entry_dispute(request: HttpRequest, token: str) -> HttpResponse:
    """Instead of confirming: "this is not what we played", in the side's words. The match is
    flagged for the director; once it is, either side may add its words."""
    side = entry_side_or_404(token)
    if (gone := _expired(request, side)) is not None:
        return gone
    form = DisputeForm(request.POST)
    if form.is_valid():
        try:
            services.token_dispute(side=side, words=form.cleaned_data["words"])
        except Refused as error:
            form.add_error("words" if error.field == "words" else None, error.message)
        else:
            messages.success(request, _("Your words are with the director, who will look at it."))
            return _to_entry(token, "match-events")
    return _entry_page(request, side, status=400, dispute_form=form)
