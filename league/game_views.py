"""Score-entry pages: start a game, enter and correct deals, read and print the sheet.

Views stay thin: forms validate, services write, selectors read, ``league.access`` decides
who may write (404 for a game that does not exist, 403 for a signed-in user who may not
score it; anonymous visitors are sent to sign in).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from league import selectors, services
from league.access import can_score, game_for_write, is_organiser, require_organiser
from league.forms import AccountForm, BlankSheetsForm, DealForm, FirstOrganiserForm, GameForm
from league.models import Deal, Game, Role
from league.pdf.sheets import BlankSheet, render_blank_sheets, render_game_sheet
from league.pdf_http import page_size, pdf_response
from league.tables import GameTable
from league.views import render_rules
from scoring import InvalidDeal


# -- accounts ---------------------------------------------------------------------------------
def setup(request: HttpRequest) -> HttpResponse:
    """On an empty install, the first visitor creates the first organiser account."""
    if get_user_model().objects.exists():
        return redirect("home" if request.user.is_authenticated else "login")
    form = FirstOrganiserForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        services.user_set_role(user=user, role=Role.ORGANISER)
        login(request, user)
        messages.success(request, f"Welcome, {user.username}: you are this club's organiser.")
        return redirect("game-list")
    return render(request, "league/setup.html", {"form": form})


@login_required
def account_new(request: HttpRequest) -> HttpResponse:
    require_organiser(request)
    form = AccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        services.user_set_role(user=user, role=Role(form.cleaned_data["role"]))
        messages.success(request, f"Account {user.username} created.")
        return redirect("account-new")
    return render(request, "league/account_new.html", {"form": form})


# -- games ------------------------------------------------------------------------------------
def game_list(request: HttpRequest) -> HttpResponse:
    table = GameTable(selectors.game_list(), request=request)
    table.paginate(page=request.GET.get("page", 1), per_page=25)
    return render(request, "league/game_list.html", {"table": table})


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    form = GameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = services.game_create(
            rules=data["rules"],
            side_names=data["side_names"],
            by=request.user,
            table=data.get("table") or "",
            title=data.get("title") or "",
        )
        return redirect("game-detail", game.pk)
    return render(request, "league/game_new.html", {"form": form})


def _deal_form(game: Game, data: Any = None, **kwargs: Any) -> DealForm:
    return DealForm(data, rules=game.rules, side_names=game.side_names, held=game.held, **kwargs)


def _game_page(
    request: HttpRequest, game: Game, form: DealForm | None = None, status: int = 200
) -> HttpResponse:
    writer = can_score(request.user, game)
    if form is None and writer and not game.finished:
        form = _deal_form(game)
    deals = selectors.game_deals(game)
    context = {
        "game": game,
        "rules": game.rules,
        "rows": selectors.deal_rows(game, deals),
        "form": form if writer and not game.finished else None,
        "can_score": writer,
        "audit": list(selectors.game_audit(game)) if is_organiser(request.user) else None,
        "ruleset_lines": selectors.ruleset_lines(game.rules),
        "next_number": game.deal_count + 1,
    }
    return render(request, "league/game_detail.html", context, status=status)


def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    return _game_page(request, get_object_or_404(Game, pk=game_id))


def game_rules(request: HttpRequest, game_id: int) -> HttpResponse:
    """The rules this game is scored by: its preset with the overrides it was started with."""
    game = get_object_or_404(Game, pk=game_id)
    return render_rules(request, game.rules, {"game": game})


@login_required
@require_POST
def deal_add(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_for_write(request, game_id)
    form = _deal_form(game, request.POST)
    if not form.is_valid() or "preview" in request.POST:
        return _game_page(request, game, form, status=200 if form.is_valid() else 400)
    assert form.deal is not None
    try:
        deal, created = services.game_add_deal(
            game=game,
            deal=form.deal,
            by=request.user,
            entry_key=form.cleaned_data.get("entry_key"),
            void_reason=form.cleaned_data.get("void_reason") or "",
        )
    except InvalidDeal as error:
        game.refresh_from_db()
        form = _deal_form(game, request.POST)
        form.is_valid()
        form._engine_error(error)
        return _game_page(request, game, form, status=400)
    if not created:
        messages.info(request, f"Deal {deal.number} was already saved; it was not added twice.")
    return HttpResponseRedirect(reverse("game-detail", args=[game.pk]) + "#entry")


@login_required
@require_POST
def deal_preview(request: HttpRequest, game_id: int) -> JsonResponse:
    game = game_for_write(request, game_id)
    form = _deal_form(game, request.POST)
    form.is_valid()
    return JsonResponse(form.preview())


def _deal_or_404(game: Game, number: int) -> Deal:
    return get_object_or_404(Deal, game=game, number=number)


@login_required
def deal_edit(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    game = game_for_write(request, game_id)
    record = _deal_or_404(game, number)
    # A correction is checked against the game as it stood before this deal.
    held_before = game.deals.filter(number=number - 1).values_list("held", flat=True).first()
    form_args = {"rules": game.rules, "side_names": game.side_names, "held": held_before or 0}
    if request.method != "POST":
        form = DealForm(initial=DealForm.initial_from(record), **form_args)
        return render(request, "league/deal_edit.html", _edit_context(game, record, form))
    form = DealForm(request.POST, **form_args)
    if form.is_valid() and "preview" not in request.POST:
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
        except services.DealChanged as error:
            current = error.current
            if current is None:
                messages.error(request, error.message)
                return redirect("game-detail", game.pk)
            form.add_error(None, error.message)
            return render(
                request,
                "league/deal_edit.html",
                _edit_context(game, current, form, changed=True),
                status=409,
            )
        except InvalidDeal as error:
            form._engine_error(error)
        else:
            messages.success(request, f"Deal {number} corrected.")
            return redirect("game-detail", game.pk)
    status = 200 if form.is_valid() else 400
    return render(
        request, "league/deal_edit.html", _edit_context(game, record, form), status=status
    )


def _edit_context(game: Game, record: Deal, form: DealForm, changed: bool = False) -> dict:
    return {
        "game": game,
        "deal": record,
        "current": selectors.deal_rows(game, [record])[0],
        "form": form,
        "changed": changed,
    }


@login_required
def deal_delete(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
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
        except services.DealChanged as error:
            messages.error(request, error.message)
            return redirect("game-detail", game.pk)
        except InvalidDeal as error:
            messages.error(request, f"Deal {number} was not deleted: {error.message}")
            return redirect("game-detail", game.pk)
        messages.success(request, f"Deal {number} deleted; the deals after it moved up.")
        return redirect("game-detail", game.pk)
    row = selectors.deal_rows(game, [record])[0]
    return render(request, "league/deal_delete.html", {"game": game, "deal": record, "row": row})


# -- printing ---------------------------------------------------------------------------------
def game_pdf(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    sheet = selectors.game_sheet_pdf(game, page_size=page_size(request))
    return pdf_response(render_game_sheet(sheet), f"hicksheet-game-{game.pk}.pdf")


def blank_sheets(request: HttpRequest) -> HttpResponse:
    """Blank hick sheets to print for a club night (a GET form: it writes nothing)."""
    form = BlankSheetsForm(request.GET if "preset" in request.GET else None)
    if not form.is_bound or not form.is_valid():
        return render(
            request,
            "league/blank_sheets.html",
            {"form": form},
            status=400 if form.is_bound else 200,
        )
    data = form.cleaned_data
    rules = data["rules"]
    names = data["name_rows"]
    first_table = data.get("first_table")
    sheets = [
        BlankSheet(
            ruleset_name=rules.name,
            ruleset_lines=selectors.ruleset_lines(rules),
            sides=rules.sides,
            side_names=names[i] if i < len(names) else (),
            table=str(first_table + i) if first_table else "",
            target=rules.target,
        )
        for i in range(data["sheets"])
    ]
    return pdf_response(
        render_blank_sheets(sheets, page_size=data["page_size"]),
        f"hicksheet-blank-{rules.preset}.pdf",
    )
