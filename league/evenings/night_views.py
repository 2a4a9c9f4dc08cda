"""The evening page a director runs the night from (``evenings:evening``), and its writes:
checking members, guests and pairs in at the door, leaving and coming back, drawing a round
(and drawing the last one again before anyone plays), a table's result from its paper sheet.

Everybody who may read the competition reads the page (the check-in list, the tables, the
ranking); only the club's organisers see its buttons, the tables' entry links and QR codes,
and may post (an anonymous visitor is sent to sign in, any other signed-in user gets 403). A
competition that is not an evening is a 404 here. A refusal is said at the top of the page and
next to what caused it, nothing saved; every success redirects back to the page (POST, then
GET), to the part of it the director was using.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.messages import get_messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.access import (
    AuthenticatedHttpRequest,
    evening_for_organiser,
    evening_or_404,
    is_organiser,
)
from league.competitions.results import fixture_side_names
from league.errors import Refused
from league.evenings import presenters, selectors, services
from league.evenings.night_forms import (
    CheckInForm,
    GuestForm,
    GuestPairForm,
    PairForm,
    PaperResultForm,
    ThreeResultForm,
)
from league.forms_common import show_refusal
from league.live import topics as live_topics
from league.live.page_cache import served_once
from league.models import (
    Competition,
    Entrant,
    EntrantKind,
    Fixture,
    Game,
    Partnership,
    Player,
)
from league.names import name_sort_key
from league.printing.qr import qr_svg
from league.screen.join import phone_url
from league.screen.presenters import clock_of
from league.templatetags.form_errors import field_target, mark_wrong_fields

# -- the page --------------------------------------------------------------------------------
#: The evening's papers (seat lists, score sheets, results as PDFs), a partial of their own
#: area (league.printing), shown on the page for organisers when it is there.
PRINT_LINKS = "evenings/_print_links.html"


@functools.cache
def _has_template(name: str) -> bool:
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return False
    return True


#: The tag of the check-in's messages: shown in the check-in section, where the tap was (at
#: the top of a phone's page they were off the screen).
CHECK_IN = "check-in"


def _table_rows(
    request: HttpRequest,
    view: selectors.Evening,
    night: selectors.RoundView,
    *,
    runs: bool,
    links: bool,
    forms: dict[str, Any],
    errors: dict[int, str],
) -> list[dict[str, Any]]:
    pairs = view.rules.entrants == "pairs"
    # A table playing on its phone: its game in play (deals so far, and its sheet), for the
    # director's takeover when the phone gives up mid-boom. One query, only if any plays.
    in_play: dict[int, Game] = {}
    if runs and any(t.playing for t in night.tables):
        for game in (
            Game.objects.in_play()
            .filter(fixture__in=[t.fixture for t in night.tables if t.playing])
            .order_by("-pk")
        ):
            if game.fixture_id is not None:  # the first started wins (pk order reversed)
                in_play[game.fixture_id] = game
    # A table whose result came from its phone: its finished game, where a deal is corrected
    # (a paper result for it is refused: the phone's deals are its result). One query, only
    # if any.
    from_phone: dict[int, Game] = {}
    phone_tables = [
        t.fixture for t in night.tables if t.finished and t.fixture.typed_scores is None
    ]
    if runs and phone_tables:
        for game in (
            Game.objects.finished()
            .filter(fixture__in=phone_tables, abandoned_at=None)
            .order_by("pk")
        ):
            if game.fixture_id is not None:
                from_phone.setdefault(game.fixture_id, game)
    rows = []
    for table in night.tables:
        status, words = presenters.table_status(table)
        row: dict[str, Any] = {
            "table": table,
            "seats": presenters.seats_sentence(table, pairs),
            "status": status,
            "status_text": words,
            "error": errors.get(table.fixture.pk, ""),
        }
        if table.entry_token and (links or (runs and not table.finished)):
            url = phone_url(request, reverse("tournaments:entry", args=[table.entry_token]))
            row["url"] = url
            row["qr"] = qr_svg(
                url, _("QR code of the entry link of table %(table)s") % {"table": table.number}
            )
        running = in_play.get(table.fixture.pk)
        # A table whose result came from paper takes a correction from paper, even when a
        # game was started on its phone before (an empty one: it never counted).
        typed = table.fixture.typed_scores is not None
        if running is not None and not typed:
            row["game"] = running
            row["takeover"] = running.deal_count > 0
        phone_game = from_phone.get(table.fixture.pk)
        if phone_game is not None:
            row["phone_game"] = phone_game
        elif runs and (not table.playing or typed or row.get("takeover")):
            prefix = f"table-{table.fixture.pk}"
            initial = (
                {f"side{i}": score for i, score in enumerate(table.scores)}
                if table.scores
                else None
            )
            form = forms.get(prefix) or (
                ThreeResultForm(prefix=prefix, initial=initial, names=table.side_names)
                if table.three
                else PaperResultForm(prefix=prefix, initial=initial)
            )
            row["paper_form"] = form
            # One field a side (a player at a table of three), labelled with its names.
            row["score_fields"] = [
                (form[f"side{i}"], name) for i, name in enumerate(table.side_names)
            ]
            if row.get("takeover"):
                # The paper replaces the phone's deals only once the director says so.
                form.fields["replace_phone"].widget.attrs["required"] = True
        rows.append(row)
    return rows


def _page(
    request: HttpRequest,
    competition: Competition,
    *,
    forms: dict[str, Any] | None = None,
    errors: dict[str, str] | None = None,
    entrant_errors: dict[int, str] | None = None,
    table_errors: dict[int, str] | None = None,
    paper_summary: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    forms = forms or {}
    errors = errors or {}
    runs = is_organiser(request.user)
    view = selectors.evening(competition)
    pairs = competition.entrant_kind == EntrantKind.PARTNERSHIPS
    checked_in_players = {e.player_id for e in view.entrants if e.player_id is not None}
    context: dict[str, Any] = {
        "competition": competition,
        "club": competition.club,
        "view": view,
        "pairs": pairs,
        "runs": runs,
        "errors": errors,
        "entrant_errors": entrant_errors or {},
        "lines": presenters.check_in_lines(view),
        "live_topics": live_topics.event_page(competition),
        "paper_summary": paper_summary,
        "prize_list": presenters.prize_list(view) if view.finished else (),
        "excused": selectors.evening_excused(view),
    }
    if runs:
        members = sorted(
            Player.objects.filter(club_id=competition.club_id, retired_at=None),
            key=lambda p: name_sort_key(p.name),
        )
        context["guest_form"] = forms.get("guest") or GuestForm(prefix="guest")
        if pairs:
            # One tap a pair: the club's pairs not checked in, neither of whose players is
            # checked in with another pair (the service would refuse them); the form below
            # makes a new pair of two members not checked in yet.
            in_pairs = {e.partnership_id for e in view.entrants}
            playing = {
                player_id
                for e in view.entrants
                if e.partnership is not None
                for player_id in (e.partnership.first_id, e.partnership.second_id)
            }
            context["pairs_to_check_in"] = sorted(
                (
                    p
                    for p in Partnership.objects.filter(
                        club_id=competition.club_id,
                        retired_at=None,
                        first__retired_at=None,
                        second__retired_at=None,
                    ).select_related("first", "second")
                    if p.pk not in in_pairs and not {p.first_id, p.second_id} & playing
                ),
                key=lambda p: name_sort_key(str(p)),
            )
            pair_form = forms.get("pair") or PairForm(
                prefix="pair",
                competition=competition,
                members=[p for p in members if p.pk not in playing],
            )
            # The club's pairs are the one-tap list: the form is for two members only.
            pair_form.fields.pop("partnership", None)
            context["pair_form"] = pair_form
            context["guest_pair_form"] = forms.get("guest_pair") or GuestPairForm(
                prefix="guest-pair"
            )
        else:
            context["members"] = [p for p in members if p.pk not in checked_in_players]
        if view.next_round is not None:
            context["draw_phrases"] = presenters.draw_phrases(view.rules, len(view.playing_next()))
            context["draw_warning"] = presenters.tables_without_result(view)
        context["print_links"] = PRINT_LINKS if _has_template(PRINT_LINKS) else ""
        # The room: each round's tables still to finish, named with the round's number, and
        # the clock of the newest round (the one the room's screen shows) while it is played:
        # none once its every table has finished (the screen shows none then either), nor
        # once the evening is finished.
        context["still_to_finish"] = presenters.still_to_finish(view)
        current = view.current
        clock_night = (
            current.round
            if current is not None and not current.finished and not view.finished
            else None
        )
        context["clock_night"] = clock_night
        context["clock"] = clock_of(clock_night) if clock_night is not None else None
        context["can_redraw"] = presenters.can_redraw(view)
    points_of = {row.entrant.pk: row.cells for row in view.ranking}
    rounds: list[dict[str, Any]] = []
    for index, night in enumerate(view.rounds):
        latest = index == len(view.rounds) - 1
        out = [
            (e, points_of.get(e.pk, ())[index] if len(points_of.get(e.pk, ())) > index else None)
            for e in night.sitting_out
        ]
        rounds.append(
            {
                "night": night,
                "tables": _table_rows(
                    request,
                    view,
                    night,
                    runs=runs,
                    links=runs and latest,
                    forms=forms,
                    errors=table_errors or {},
                ),
                "out": out,
            }
        )
    if paper_summary is not None and not any(
        row.get("paper_form")
        for night in rounds
        for row in night["tables"]
        if row["table"].fixture.pk == paper_summary["fixture"]
    ):
        # The table plays on its phone (no form to put right): the summary leads to it.
        table = f"table-{paper_summary['fixture']}"
        paper_summary["errors"] = [(table, message) for _target, message in paper_summary["errors"]]
    context["current"] = rounds[-1] if rounds else None
    context["earlier"] = list(reversed(rounds[:-1]))
    # A table of an earlier round still without its result is not folded away.
    # Nor is the round of a table whose result was just refused (its field has the cursor).
    context["earlier_open"] = any(not night.finished for night in view.rounds[:-1]) or (
        paper_summary is not None
        and any(
            row["table"].fixture.pk == paper_summary["fixture"]
            for night in rounds[:-1]
            for row in night["tables"]
        )
    )
    # Each line with its prize in words, shown under the name: with the total next to it, it
    # is read on a phone without swiping (the rounds follow).
    context["ranking"] = [
        (
            row,
            [(cell, presenters.cell_mark(cell)) for cell in row.cells],
            presenters.prize_label(row),
            presenters.missed_words(row),
        )
        for row in view.ranking
    ]
    # A total with a missed round's score in it is marked, and the mark said under the table.
    context["missed_mark"] = presenters.MISSED_MARK
    context["missed_legend"] = presenters.missed_legend(view.ranking)
    context["round_numbers"] = [night.round.number for night in view.rounds]
    # The check-in's messages in its section, where the tap was; the rest at the top.
    said = list(get_messages(request))
    context["door_messages"] = [m for m in said if CHECK_IN in m.extra_tags.split()]
    context["page_messages"] = [m for m in said if CHECK_IN not in m.extra_tags.split()]
    return render(request, "evenings/night_evening.html", context, status=status)


def evening_page(request: HttpRequest, slug: str) -> HttpResponse:
    competition = evening_or_404(slug)
    # What the room's phones follow: one rendering per change for all its visitors.
    return served_once(
        request, live_topics.event_page(competition), lambda: _page(request, competition)
    )


def _back(competition: Competition, anchor: str = "") -> HttpResponseRedirect:
    url = reverse("evenings:evening", args=[competition.slug])
    return HttpResponseRedirect(url + (f"#{anchor}" if anchor else ""))


def _refused(
    request: HttpRequest, competition: Competition, key: str | int, message: str
) -> HttpResponse:
    """The page again with a refusal said twice: at the top (seen whatever part of the page
    one looks at) and by the button that caused it (``key``: its name, or an entrant's id)."""
    messages.error(request, message)
    if isinstance(key, int):
        return _page(request, competition, entrant_errors={key: message}, status=400)
    return _page(request, competition, errors={key: message}, status=400)


# -- at the door -----------------------------------------------------------------------------
@login_required
@require_POST
def check_in(request: HttpRequest, slug: str) -> HttpResponse:
    competition = evening_for_organiser(request, slug)
    form = CheckInForm(request.POST, competition=competition)
    if not form.is_valid():
        return _refused(request, competition, "check_in", str(form.errors["player"][0]))
    try:
        entrant = services.evening_check_in(
            competition=competition, player=form.cleaned_data["player"]
        )
    except Refused as error:
        return _refused(request, competition, "check_in", error.message)
    return _checked_in(request, competition, entrant)


@login_required
@require_POST
def check_in_guest(request: HttpRequest, slug: str) -> HttpResponse:
    competition = evening_for_organiser(request, slug)
    form = GuestForm(request.POST, prefix="guest")
    if form.is_valid():
        try:
            entrant = services.evening_check_in_guest(
                competition=competition, name=form.cleaned_data["name"]
            )
        except Refused as error:
            if error.field is None:  # the door is closed: said above the forms
                return _refused(request, competition, "check_in", error.message)
            form.add_error("name", error.message)
        else:
            return _checked_in(request, competition, entrant)
    messages.error(request, _("The guest is not checked in: see below."))
    return _page(request, competition, forms={"guest": form}, status=400)


@login_required
@require_POST
def check_in_guest_pair(request: HttpRequest, slug: str) -> HttpResponse:
    """A pair of guests by their two names (and a team name if they have one), checked in at
    a pairs evening."""
    competition = evening_for_organiser(request, slug)
    form = GuestPairForm(request.POST, prefix="guest-pair")
    if form.is_valid():
        try:
            entrant = services.evening_check_in_guest_pair(
                competition=competition,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
                name=form.cleaned_data["name"],
            )
        except Refused as error:
            if error.field is None:  # the door is closed: said above the forms
                return _refused(request, competition, "check_in", error.message)
            if error.field == "partnership":  # the pair, or one of it, is in already
                form.add_error("first", error.message)  # next to the names that say who
            else:
                show_refusal(form, error)
        else:
            return _checked_in(request, competition, entrant)
    messages.error(request, _("The pair is not checked in: see below."))
    return _page(request, competition, forms={"guest_pair": form}, status=400)


@login_required
@require_POST
def check_in_pair(request: HttpRequest, slug: str) -> HttpResponse:
    competition = evening_for_organiser(request, slug)
    form = PairForm(request.POST, prefix="pair", competition=competition)
    if request.POST.get("pair-partnership"):
        # A pair's one-tap button: a refusal is said by the list, as a member's is.
        if not form.is_valid():
            message = next(iter(form.errors.values()))[0]
            return _refused(request, competition, "check_in", str(message))
        try:
            entrant = services.evening_check_in_pair(
                competition=competition, partnership=form.cleaned_data["partnership"]
            )
        except Refused as error:
            return _refused(request, competition, "check_in", error.message)
        return _checked_in(request, competition, entrant)
    if form.is_valid():
        try:
            entrant = services.evening_check_in_pair(
                competition=competition,
                partnership=form.cleaned_data["partnership"],
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
            )
        except Refused as error:
            if error.field is None:  # the door is closed: said above the forms
                return _refused(request, competition, "check_in", error.message)
            if error.field == "partnership":  # the pair, or one of it, is in already
                form.add_error("first", error.message)  # next to the names that say who
            else:
                show_refusal(form, error)
        else:
            return _checked_in(request, competition, entrant)
    messages.error(request, _("The pair is not checked in: see below."))
    return _page(request, competition, forms={"pair": form}, status=400)


def _checked_in(request: HttpRequest, competition: Competition, entrant: Entrant) -> HttpResponse:
    """Back at the check-in, saying who is in (in the check-in section, where the tap was)."""
    messages.success(
        request, _("%(name)s checked in.") % {"name": entrant.name}, extra_tags=CHECK_IN
    )
    return _back(competition, "check-in")


def _entrant(competition: Competition, entrant_id: int) -> Entrant:
    entrant = get_object_or_404(Entrant, pk=entrant_id, competition=competition)
    entrant.competition = competition
    return entrant


@login_required
@require_POST
def check_out(request: HttpRequest, slug: str, entrant_id: int) -> HttpResponse:
    competition = evening_for_organiser(request, slug)
    entrant = _entrant(competition, entrant_id)
    try:
        services.evening_check_out(entrant=entrant)
    except Refused as error:
        return _refused(request, competition, entrant.pk, error.message)
    messages.success(
        request, _("%(name)s's check-in is undone.") % {"name": entrant.name}, extra_tags=CHECK_IN
    )
    return _back(competition, "checked-in")


@login_required
@require_POST
def leave(request: HttpRequest, slug: str, entrant_id: int) -> HttpResponse:
    competition = evening_for_organiser(request, slug)
    entrant = _entrant(competition, entrant_id)
    try:
        services.evening_leave(entrant=entrant)
    except Refused as error:
        return _refused(request, competition, entrant.pk, error.message)
    drawn = services.rounds_drawn(competition)
    if entrant.pk is None:
        # They never played: the check-in is undone with the round's draw that seated them.
        messages.success(
            request,
            _(
                "%(name)s's check-in is undone, and with it the draw of round %(number)d, "
                "which seated them: draw it again."
            )
            % {"name": entrant.name, "number": drawn + 1},
            extra_tags=CHECK_IN,
        )
    elif entrant.left_after_round is not None and entrant.left_after_round < drawn:
        # Gone before the round drawn last began: its tables still seat them until drawn anew.
        messages.success(
            request,
            _("%(name)s has left before round %(number)d: draw it again to seat the others.")
            % {"name": entrant.name, "number": drawn},
        )
    else:
        messages.success(request, _("%(name)s has left.") % {"name": entrant.name})
    return _back(competition, "checked-in")


@login_required
@require_POST
def come_back(request: HttpRequest, slug: str, entrant_id: int) -> HttpResponse:
    competition = evening_for_organiser(request, slug)
    entrant = _entrant(competition, entrant_id)
    try:
        services.evening_come_back(entrant=entrant)
    except Refused as error:
        return _refused(request, competition, entrant.pk, error.message)
    messages.success(
        request,
        _("%(name)s is back: plays from round %(number)d.")
        % {"name": entrant.name, "number": entrant.joined_round},
    )
    return _back(competition, "checked-in")


# -- the draw --------------------------------------------------------------------------------
def _posted_round(request: HttpRequest) -> int | None:
    """The round a draw's form names (its hidden ``round``), None when missing or no number."""
    value = request.POST.get("round", "")
    return int(value) if value.isdecimal() and len(value) < 4 else None


@login_required
@require_POST
def draw(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the round the form names. A form without its round (a page older than the form)
    is refused, nothing drawn. While tables of a drawn round are still playing, the first
    post answers a confirmation page naming them (their players are drawn again); the draw
    goes ahead when it is posted with ``confirm``."""
    competition = evening_for_organiser(request, slug)
    number = _posted_round(request)
    if number is None:
        return _refused(
            request,
            competition,
            "draw",
            _("This page was out of date: nothing was drawn. Check the page, then draw again."),
        )
    if not request.POST.get("confirm"):
        view = selectors.evening(competition, with_ranking=False)
        question = presenters.draw_over_playing(view, number)
        if question:
            return render(
                request,
                "evenings/night_draw_confirm.html",
                {"competition": competition, "number": number, "question": question},
            )
    try:
        night = services.evening_draw_round(competition=competition, number=number)
    except Refused as error:
        return _refused(request, competition, "draw", error.message)
    messages.success(request, _("Round %(number)d is drawn.") % {"number": night.number})
    return _back(competition, "tables")


@login_required
def redraw(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the last round again: a confirmation page (GET) first, since the seats drawn and
    the entry links handed out are thrown away. Its form names the round; a stale one (another
    round drawn since) is refused."""
    competition = evening_for_organiser(request, slug)
    view = selectors.evening(competition, with_ranking=False)
    if view.current is None:
        raise Http404(_("No round is drawn yet."))
    if request.method == "POST":
        number = _posted_round(request)
        try:
            if number is None:
                raise Refused(
                    _("This page was out of date: nothing was drawn again. Check the page."),
                    "round",
                )
            night = services.evening_redraw_round(competition=competition, number=number)
        except Refused as error:
            # Said once, where the button was (the draw's part of the page always has a
            # place for it), not at the top as well: the two were side by side.
            return _page(request, competition, errors={"redraw": error.message}, status=400)
        messages.success(request, _("Round %(number)d is drawn again.") % {"number": night.number})
        return _back(competition, "tables")
    if not presenters.can_redraw(view):
        # Typed by hand, or a link on a page older than the first result (a finished evening
        # too): no button for what the service would refuse; the page says why instead.
        messages.info(
            request,
            _("Round %(number)d has started: a game or a result is in. It cannot be drawn again.")
            % {"number": view.current.round.number},
        )
        return _back(competition)  # the top, where the message is
    return render(
        request,
        "evenings/night_redraw.html",
        {"competition": competition, "night": view.current.round},
    )


# -- results ---------------------------------------------------------------------------------
@login_required
@require_POST
def paper_result(request: AuthenticatedHttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    competition = evening_for_organiser(request, slug)
    fixture = get_object_or_404(Fixture, pk=fixture_id, competition=competition)
    fixture.competition = competition
    prefix = f"table-{fixture.pk}"
    three = services.is_table_of_three(fixture)
    form: PaperResultForm | ThreeResultForm = (
        ThreeResultForm(request.POST, prefix=prefix, names=tuple(fixture_side_names(fixture)))
        if three
        else PaperResultForm(request.POST, prefix=prefix)
    )
    refusal = ""
    refused_field: str | None = None
    if form.is_valid():
        try:
            if isinstance(form, ThreeResultForm):
                services.evening_three_result(fixture=fixture, scores=form.scores)
            else:
                services.evening_paper_result(
                    fixture=fixture,
                    scores=form.scores,
                    by=request.user,
                    replace_phone=form.cleaned_data["replace_phone"],
                )
        except Refused as error:
            refusal, refused_field = error.message, error.field
        else:
            messages.success(
                request, _("Table %(table)s: result saved.") % {"table": fixture.table}
            )
            return _back(competition, "tables")
    return _page(
        request,
        competition,
        forms={prefix: form},
        table_errors={fixture.pk: refusal} if refusal else None,
        paper_summary=_paper_summary(fixture, form, refusal, refused_field),
        status=400,
    )


def _paper_summary(
    fixture: Fixture,
    form: PaperResultForm | ThreeResultForm,
    refusal: str,
    refused_field: str | None = None,
) -> dict[str, Any]:
    """The summary at the top of the page of a table's refused result, as every form's
    (includes/error_summary.html): which table, why, each reason a link to the field to put
    right; the first wrong field gets the cursor (``autofocus``: without JavaScript too the
    page opens there). A total that does not add up is both fields' fault: the first gets
    the cursor. A table playing on its phone shows no form: the link goes to the table
    (``_page``). A taken-over table refused for want of the tick: its checkbox is at fault."""
    errors: list[tuple[str, str]] = []
    if refusal:
        sides = tuple(name for name in form.fields if name.startswith("side"))
        wrong: tuple[str, ...] = sides
        if refused_field == "replace_phone" or refused_field in sides:
            # The tick at fault, or one player's number at a table of three.
            wrong = (refused_field,)
        first = form[wrong[0]]
        for name in wrong:
            attrs = form.fields[name].widget.attrs
            attrs["aria-invalid"] = "true"
            attrs["aria-describedby"] = f"table-{fixture.pk}-error"
        form.fields[wrong[0]].widget.attrs["autofocus"] = True
        errors.append((field_target(first), refusal))
    else:
        mark_wrong_fields(form)
        for name in form.fields:
            errors.extend((field_target(form[name]), str(e)) for e in form[name].errors)
        errors.extend((f"table-{fixture.pk}", str(e)) for e in form.non_field_errors())
    return {
        "title": _("Table %(table)s: the result is not saved.") % {"table": fixture.table},
        "errors": errors,
        "fixture": fixture.pk,
    }
