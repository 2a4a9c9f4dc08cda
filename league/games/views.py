"""Score-entry pages: start a game, enter and correct deals, read and print the sheet.

Views stay thin: forms validate, services write, selectors read, ``league.access`` decides
who may write (404 for a game that does not exist, 403 for a signed-in user who may not
score it; anonymous visitors are sent to sign in).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from league.access import (
    AuthenticatedHttpRequest,
    can_score,
    game_for_write,
    game_or_404,
    is_organiser,
    require_organiser,
)
from league.accounts import selectors as accounts_selectors
from league.charts.figures import game_figure, game_lines
from league.errors import DealChanged, Refused
from league.first_steps import first_steps
from league.forms_common import show_refusal
from league.games import answers, selectors, services
from league.games.deal_presenter import CORRECTING, deal_entry, preview_deal
from league.games.forms import (
    DealForm,
    GameForm,
    GameSettingsForm,
    deal_form,
    refused_deal_form,
)
from league.games.tables import GameTable
from league.live import topics as live_topics
from league.models import Deal, FixtureStatus, Game
from league.rulebook.views import render_rules
from league.stored_words import audit_who
from league.tables_common import AnyPagePaginator


# -- games ------------------------------------------------------------------------------------
def game_list(request: HttpRequest) -> HttpResponse:
    table = GameTable(selectors.game_list())
    paging = {"paginator_class": AnyPagePaginator, "per_page": 25}
    RequestConfig(request, paginate=paging).configure(table)
    context = {
        "table": table,
        "live_topics": live_topics.games_page(),
        # The landing page after setup: a new install's organiser sees the way to a first night.
        "first_steps": first_steps() if is_organiser(request.user) else [],
    }
    return render(request, "games/game_list.html", context)


@login_required
def game_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = GameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = services.game_create(
            rules=data["rules"],
            side_names=data["side_names"],
            by=request.user,
            table=data.get("table") or "",
            title=data.get("title") or "",
            first_dealer=data["first_dealer_seat"],
            meld_entry=data["meld_entry"],
        )
        return redirect("games:detail", game.pk)
    return render(request, "games/game_new.html", {"form": form})


def _game_page(
    request: HttpRequest,
    game: Game,
    form: DealForm | None = None,
    status: int = 200,
    settings_form: GameSettingsForm | None = None,
) -> HttpResponse:
    place = selectors.game_place(game)
    # A void fixture's games are kept for the record, not played on: no form, no undo.
    void = place.fixture is not None and place.fixture.status == FixtureStatus.VOID
    writer = can_score(request.user, game) and not game.abandoned and not void
    if form is None and writer and not game.finished:
        form = deal_form(game)
    deals = selectors.game_deals(game)
    seats = selectors.game_seat_names(game)
    place = selectors.game_place(game)
    rows = selectors.deal_rows(game, deals)
    open_match = place.fixture is None or place.fixture.confirmed_at is None
    context = {
        "game": game,
        "rules": game.rules,
        "rows": rows,
        # From the rows the sheet shows: no query of its own.
        "chart": game_figure(
            game.side_names,
            game_lines(rows),
            game.rules.target,
            None if game.abandoned else game.winner,
            deals=game.rules.deals,
            drawn=game.drawn and not game.abandoned,
            set_mark=selectors.set_mark_word(game.rules),
        ),
        "form": form if writer and not game.finished else None,
        "deal_entry": deal_entry(form)
        if form is not None and writer and not game.finished
        else None,
        "can_score": writer,
        "place": place,
        "last_deal": deals[-1] if deals and writer and open_match else None,
        "can_abandon": is_organiser(request.user) and not game.abandoned and open_match,
        "audit": [(a, audit_who(a, game.side_names)) for a in selectors.game_audit(game)]
        if is_organiser(request.user)
        else None,
        "ruleset_lines": selectors.ruleset_lines(game.rules),
        "next_number": game.deal_count + 1,
        "void_fixture": void,
        "next_dealer": None
        if game.finished or game.abandoned or void
        else seats[selectors.next_dealer(game, deals)],
        "settings_form": (settings_form or GameSettingsForm(game=game)) if writer else None,
        "live_topics": live_topics.game_page(game),
        "who_enters": _who_enters(request, game, writer),
    }
    return render(request, "games/game_detail.html", context, status=status)


def _who_enters(request: HttpRequest, game: Game, writer: bool) -> dict[str, Any] | None:
    """For a signed-in reader who may not score a game still in play: who enters its deals
    (``names``, ``count`` accounts) and whom to ask (``starter``, ``organisers``), so that
    a sheet without a form says why."""
    if writer or not request.user.is_authenticated or game.finished or game.abandoned:
        return None
    names = selectors.game_scorer_names(game)
    return {
        "names": ", ".join(names),
        "count": len(names),
        "starter": names[0] if names else "",
        "organisers": ", ".join(accounts_selectors.organiser_names()),
    }


def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    return _game_page(request, game_or_404(game_id))


def game_rules(request: HttpRequest, game_id: int) -> HttpResponse:
    """The rules this game is scored by: its preset with the overrides it was started with."""
    game = game_or_404(game_id)
    return render_rules(request, game.rules, {"game": game})


@login_required
@require_POST
def deal_add(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = game_for_write(request, game_id)
    as_json = answers.wants_json(request)  # the phone's offline queue sending a waiting deal
    form = deal_form(game, request.POST)
    if not form.is_valid() or form.only_shown:
        if as_json and not form.only_shown:
            return answers.not_saved(form)
        return _game_page(request, game, form, status=200 if form.is_valid() else 400)
    assert form.deal is not None
    try:
        deal, created = services.game_add_deal(
            game=game,
            deal=form.deal,
            by=request.user,
            entry_key=form.cleaned_data.get("entry_key"),
            void_reason=form.cleaned_data.get("void_reason") or "",
            expected_number=form.cleaned_data.get("number"),
        )
    except Refused as error:
        if as_json:
            return answers.refused(error, selectors.game_afresh(game.pk).deal_count + 1)
        game, form = refused_deal_form(game.pk, request.POST, error)
        return _game_page(request, game, form, status=400)
    page = reverse("games:detail", args=[game.pk]) + "#entry"
    if as_json:
        return answers.saved(deal, created, game, page)
    if not created:
        messages.info(
            request,
            _("Deal %(number)s was already saved; it was not added twice.")
            % {"number": deal.number},
        )
    return HttpResponseRedirect(page)


@login_required
@require_POST
def game_settings(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """How the game's melds are entered, and who dealt first (a scorer of the game)."""
    game = game_for_write(request, game_id)
    form = GameSettingsForm(request.POST, game=game)
    if form.is_valid():
        try:
            rescored = services.game_settings(
                game=game,
                by=request.user,
                meld_entry=form.cleaned_data["meld_entry"],
                first_dealer=form.cleaned_data["first_dealer"],
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                _("Saved: how melds are entered and who dealt first.")
                if form.offers_meld_entry
                else _("Saved: who dealt first."),
            )
            if rescored:
                # The elder hand decides equal melds under this game's rules: a new first
                # dealer moved it, and with it these deals' scores. Never silently.
                which = ", ".join(str(n) for n in rescored)
                messages.warning(
                    request,
                    ngettext(
                        "With the new first dealer the elder hand changed, and with it the "
                        "score of deal %(numbers)s: check the sheet.",
                        "With the new first dealer the elder hand changed, and with it the "
                        "score of deals %(numbers)s: check the sheet.",
                        len(rescored),
                    )
                    % {"numbers": which},
                )
            return HttpResponseRedirect(reverse("games:detail", args=[game.pk]) + "#entry")
    game = selectors.game_afresh(game.pk)
    return _game_page(request, game, settings_form=form, status=400)


@login_required
@require_POST
def deal_preview(request: HttpRequest, game_id: int) -> JsonResponse:
    """What the deal being entered, or corrected (``?deal=<number>``), will score."""
    game = game_for_write(request, game_id)
    return JsonResponse(preview_deal(game, request.POST, request.GET))


def _deal_or_404(game: Game, number: int) -> Deal:
    record = selectors.game_deal(game, number)
    if record is None:
        raise Http404(_("This game has no deal %(number)s.") % {"number": number})
    return record


@login_required
def deal_edit(request: AuthenticatedHttpRequest, game_id: int, number: int) -> HttpResponse:
    game = game_for_write(request, game_id)
    record = _deal_or_404(game, number)
    if request.method != "POST":
        form = deal_form(game, correcting=record)
        return render(request, "games/deal_edit.html", _edit_context(game, record, form))
    form = deal_form(game, request.POST, correcting=record)
    if form.is_valid() and not form.only_shown:
        assert form.deal is not None
        try:
            services.game_correct_deal(
                game=game,
                number=number,
                deal=form.deal,
                by=request.user,
                expected_version=form.cleaned_data.get("version") or 0,
                void_reason=form.cleaned_data.get("void_reason") or "",
            )
        except DealChanged as error:
            current = error.current
            if current is None:
                messages.error(request, error.message)
                return redirect("games:detail", game.pk)
            form.add_error(None, error.message)
            return render(
                request,
                "games/deal_edit.html",
                _edit_context(game, current, form, changed=True),
                status=409,
            )
        except Refused as error:
            form.show_error(error)
        else:
            messages.success(request, _("Deal %(number)s corrected.") % {"number": number})
            return redirect("games:detail", game.pk)
    status = 200 if form.is_valid() else 400
    return render(request, "games/deal_edit.html", _edit_context(game, record, form), status=status)


def _edit_context(
    game: Game, record: Deal, form: DealForm, changed: bool = False
) -> dict[str, Any]:
    return {
        "game": game,
        "deal": record,
        "current": selectors.deal_rows(game, [record])[0],
        "form": form,
        "deal_entry": deal_entry(form),
        # The preview names the deal so that it is scored as saving it will score it.
        "preview_url": reverse("games:deal-preview", args=[game.pk])
        + "?"
        + urlencode({CORRECTING: record.number}),
        "changed": changed,
    }


@login_required
def deal_delete(request: AuthenticatedHttpRequest, game_id: int, number: int) -> HttpResponse:
    game = game_for_write(request, game_id)
    record = _deal_or_404(game, number)
    if request.method == "POST":
        try:
            version = int(request.POST.get("version", ""))
        except ValueError:
            version = -1
        try:
            services.game_delete_deal(
                game=game, number=number, expected_version=version, by=request.user
            )
        except DealChanged as error:
            messages.error(request, error.message)
            return redirect("games:detail", game.pk)
        except Refused as error:
            messages.error(
                request,
                _("Deal %(number)s was not deleted: %(reason)s")
                % {"number": number, "reason": error.message},
            )
            return redirect("games:detail", game.pk)
        messages.success(
            request, _("Deal %(number)s deleted; the deals after it moved up.") % {"number": number}
        )
        return redirect("games:detail", game.pk)
    row = selectors.deal_rows(game, [record])[0]
    return render(request, "games/deal_delete.html", {"game": game, "deal": record, "row": row})


@login_required
@require_POST
def deal_undo(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """Take the last deal off again in one tap (the form names it and its version, so that a
    deal somebody else added since is never the one taken off); audited as an undo."""
    game = game_for_write(request, game_id)
    number, version = _posted_int(request, "number"), _posted_int(request, "version")
    try:
        record = services.game_undo_deal(
            game=game, number=number, expected_version=version, by=request.user
        )
    except Refused as error:
        messages.error(request, _("Nothing was undone: %(reason)s") % {"reason": error.message})
    else:
        messages.success(
            request,
            _("Deal %(number)s undone (%(points)s).")
            % {"number": number, "points": " - ".join(str(p) for p in record.points)},
        )
    return HttpResponseRedirect(reverse("games:detail", args=[game.pk]) + "#entry")


def _posted_int(request: HttpRequest, name: str) -> int:
    value = request.POST.get(name, "")
    return int(value) if value.isdecimal() and len(value) < 10 else -1


@login_required
def game_abandon(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """An organiser abandons a game started by mistake: a page that says what it does, and
    its button (a POST) that does it."""
    game = game_or_404(game_id)
    require_organiser(request)
    place = selectors.game_place(game)
    if request.method == "POST" and not game.abandoned:
        try:
            services.game_abandon(game=game, by=request.user)
        except Refused as error:
            messages.error(
                request, _("The game was not abandoned: %(reason)s") % {"reason": error.message}
            )
            return redirect("games:detail", game.pk)
        messages.success(request, _("The game is abandoned: it counts nowhere."))
        if place.fixture is not None:
            return redirect(
                "competitions:fixture-detail", place.fixture.competition.slug, place.fixture.pk
            )
        return redirect("games:detail", game.pk)
    if game.abandoned:
        return redirect("games:detail", game.pk)
    return render(request, "games/game_abandon.html", {"game": game, "place": place})
