"""Club and competition pages: clubs and their members, setting up a league season, entering
entrants and drawing the fixtures; the records of players and partnerships.

Reading is public. Writing is the organiser's: an anonymous visitor is sent to sign in, any
other signed-in user is refused (403). Views stay thin: forms validate, services write (a
:class:`~league.errors.Refused` is shown next to the field it names, nothing saved),
selectors read in a fixed number of queries.

The fixtures, results and standings pages of a competition are in
:mod:`league.competitions.fixture_views`.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.access import (
    AuthenticatedHttpRequest,
    club_or_404,
    competition_or_404,
    is_organiser,
    organiser_required,
    partnership_or_404,
    player_or_404,
)
from league.competitions import selectors, services
from league.competitions.added import entrants_added_text, members_added_text
from league.competitions.forms import (
    ClubForm,
    ClubSettingsForm,
    CompetitionForm,
    DrawForm,
    EntrantForm,
    EventLanguageForm,
    MembersForm,
    PartnershipForm,
    PlayerForm,
    RotationForm,
)
from league.competitions.member_views import record_controls, retired_records
from league.competitions.presenters import made_and_hicks_chart, record_all_tricks
from league.engine_words import engine_word
from league.errors import Refused
from league.evenings.setup_views import member_evening_lines
from league.forms_common import autofocus, offer_usual_game, show_refusal, tiebreak_help
from league.languages import codes as language_codes
from league.languages import language_in_words
from league.models import Club, Competition, CompetitionKind, EntrantKind
from league.paper import PAPER_WORDS, club_paper
from league.ratings.presenters import pair_rating, rating_summary
from league.rulebook.text import describe
from league.rulebook.views import render_rules
from league.screen.presenters import room
from league.timezones import zone_words
from scoring.standings import TIEBREAKS


# -- clubs ------------------------------------------------------------------------------------
def club_list(request: HttpRequest) -> HttpResponse:
    """The clubs; an organiser's form to create one posts back here."""
    if request.method == "POST":
        return club_create(request)
    return _club_list_page(request)


@organiser_required
def club_create(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST)
    if form.is_valid():
        try:
            club = services.club_create(name=form.cleaned_data["name"])
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("%(club)s created: add its members.") % {"club": club})
            return redirect("competitions:club-detail", club.slug)
    return _club_list_page(request, form, status=400)


def _club_list_page(
    request: HttpRequest, form: ClubForm | None = None, status: int = 200
) -> HttpResponse:
    context = {
        "clubs": selectors.club_list(),
        "form": (form or ClubForm()) if is_organiser(request.user) else None,
    }
    return render(request, "competitions/club_list.html", context, status=status)


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    return _club_page(request, club_or_404(slug), focus=request.GET.get("added", ""))


def _added(address: str, what: str) -> str:
    """The page to go back to after adding one ``what``, with the cursor in the form for the
    next (``?added=``; no fragment, which would stop the browser's autofocus)."""
    return f"{address}?added={what}"


@organiser_required
@require_POST
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's settings: its time zone, its language and its paper."""
    club = club_or_404(slug)
    form = ClubSettingsForm(request.POST, prefix="settings")
    if form.is_valid():
        try:
            with transaction.atomic():
                services.club_set_time_zone(club=club, time_zone=form.cleaned_data["time_zone"])
                services.club_set_language(club=club, language=form.cleaned_data["language"])
                services.club_set_paper_size(club=club, paper_size=form.cleaned_data["paper_size"])
        except Refused as error:
            show_refusal(form, error)
        else:
            words = (
                _("%(club)s: times are now shown in %(zone)s time; its language is %(language)s.")
                if club.language
                else _(
                    "%(club)s: times are now shown in %(zone)s time; it has no language of its "
                    "own: its screen and printed sheets speak each reader's."
                )
            )
            messages.success(
                request,
                words
                % {"club": club, "zone": zone_name(club), "language": language_name(club.language)},
            )
            return redirect(reverse("competitions:club-detail", args=[club.slug]) + "#settings")
    return _club_page(request, club, settings_form=form, status=400)


def language_name(code: str) -> str:
    """A club's or an event's own language in a sentence; "" for none (each reader's)."""
    return language_in_words(code) if code in language_codes() else ""


@organiser_required
@require_POST
def competition_language(request: HttpRequest, slug: str) -> HttpResponse:
    """An event's own language (blank: its club's)."""
    competition = competition_or_404(slug)
    form = EventLanguageForm(request.POST, prefix="language", club=competition.club)
    if form.is_valid():
        try:
            services.competition_set_language(
                competition=competition, language=form.cleaned_data["language"]
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                _("%(competition)s: its screen and printed sheets speak %(language)s.")
                % {
                    "competition": competition,
                    "language": language_name(competition.language or competition.club.language),
                },
            )
            return redirect(reverse("competitions:detail", args=[slug]) + "#event-language")
    return _competition_page(request, competition, language_form=form, status=400)


def zone_name(club: Club) -> str:
    """The club's zone in words: "America: Chicago"; the server's, named, for blank."""
    return zone_words(club.time_zone or settings.TIME_ZONE)


@organiser_required
@require_POST
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    form = PlayerForm(request.POST, prefix="player")
    if form.is_valid():
        try:
            player = services.player_add(club=club, name=form.cleaned_data["name"])
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request, _("%(player)s is a member of %(club)s.") % {"player": player, "club": club}
            )
            return redirect(_added(reverse("competitions:club-detail", args=[club.slug]), "member"))
    return _club_page(request, club, player_form=form, focus="member", status=400)


@organiser_required
@require_POST
def players_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Several members at once, one name a line; the names the club has already are listed."""
    club = club_or_404(slug)
    form = MembersForm(request.POST, prefix="members")
    if form.is_valid():
        try:
            done = services.players_add(club=club, names=form.cleaned_data["names"])
        except Refused as error:
            show_refusal(form, error)
        else:
            for level, text in members_added_text(done):
                messages.add_message(request, level, text)
            return redirect(reverse("competitions:club-detail", args=[club.slug]) + "#members")
    return _club_page(request, club, members_form=form, focus="members", status=400)


@organiser_required
@require_POST
def partnership_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_or_404(slug)
    form = PartnershipForm(request.POST, club=club, prefix="partnership")
    if form.is_valid():
        data = form.cleaned_data
        try:
            pair = services.partnership_add(
                club=club, first=data["first"], second=data["second"], name=data["name"]
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("Partnership %(pair)s added.") % {"pair": pair})
            address = reverse("competitions:club-detail", args=[club.slug])
            return redirect(_added(address, "partnership"))
    return _club_page(request, club, partnership_form=form, focus="partnership", status=400)


def _club_page(
    request: HttpRequest,
    club: Club,
    player_form: PlayerForm | None = None,
    partnership_form: PartnershipForm | None = None,
    members_form: MembersForm | None = None,
    focus: str = "",
    settings_form: ClubSettingsForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The club's page; ``focus`` names the form whose first field has the cursor ("member",
    "members", "partnership")."""
    organiser = is_organiser(request.user)
    players = selectors.club_members(club)
    # One read: the current ones listed, the archived folded away under them.
    competitions = selectors.club_competitions(club)
    context: dict[str, Any] = {
        "club": club,
        "zone_name": zone_name(club),
        "language_name": language_name(club.language),
        "paper": PAPER_WORDS[club_paper(club.paper_size, club.time_zone)],
        "players": players,
        "partnerships": selectors.club_partnerships(club),
        "competitions": [c for c in competitions if c.archived_at is None],
        "archived": [c for c in competitions if c.archived_at is not None],
        "can_edit": organiser,
        **retired_records(club),
    }
    if organiser:
        context["settings_form"] = settings_form or ClubSettingsForm(
            prefix="settings",
            initial={
                "time_zone": club.time_zone,
                "language": club.language,
                "paper_size": club.paper_size,
            },
        )
        context["player_form"] = player_form or PlayerForm(prefix="player")
        context["members_form"] = members_form or MembersForm(prefix="members")
        if len(players) >= 2 or partnership_form is not None:
            context["partnership_form"] = partnership_form or PartnershipForm(
                club=club, prefix="partnership"
            )
        # The cursor in the form just used, for the next name.
        form_name, field = {
            "member": ("player_form", "name"),
            "members": ("members_form", "names"),
            "partnership": ("partnership_form", "first"),
        }.get(focus, ("", ""))
        form = context.get(form_name)
        if isinstance(form, forms.BaseForm):
            autofocus(form, field)
    return render(request, "competitions/club_detail.html", context, status=status)


# -- competitions -----------------------------------------------------------------------------
@organiser_required
def competition_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    club = selectors.form_club(request.GET.get("club") or "")
    form = CompetitionForm(request.POST or None, initial={"club": club} if club else None)
    offer_usual_game(form, selectors.usual_games())
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            competition = services.competition_create(
                club=data["club"],
                name=data["name"],
                rules=data["rules"],
                entrant_kind=data["entrant_kind"],
                by=request.user,
                games_per_match=data["games_per_match"],
                points=data["points"],
                tiebreaks=data["tiebreaks"],
                best_nights=data.get("best_nights"),
            )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                _("%(competition)s created: enter its entrants.") % {"competition": competition},
            )
            return redirect("competitions:detail", competition.slug)
    context = {
        "form": form,
        "has_clubs": selectors.clubs_exist(),
        "tiebreak_keys": tiebreak_help(),
    }
    return render(
        request, "competitions/competition_new.html", context, status=400 if form.is_bound else 200
    )


def competition_detail(request: HttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    if competition.kind == CompetitionKind.EVENING:
        # A club evening is run and read on its own page (league.evenings.night_views).
        return redirect("evenings:evening", competition.slug)
    focus = request.GET.get("added") == "entrant"
    return _competition_page(request, competition, focus=focus)


def competition_rules(request: HttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    return render_rules(request, competition.rules, {"competition": competition})


@organiser_required
@require_POST
def entrant_add(request: HttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    form = EntrantForm(request.POST, competition=competition, prefix="entrant")
    if form.is_valid():
        try:
            entrant = services.entrant_add(competition=competition, **form.cleaned_data)
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(request, _("%(entrant)s entered.") % {"entrant": entrant})
            return redirect(_added(reverse("competitions:detail", args=[slug]), "entrant"))
    return _competition_page(request, competition, entrant_form=form, focus=True, status=400)


@organiser_required
@require_POST
def entrants_add_all(request: HttpRequest, slug: str) -> HttpResponse:
    """Enter every partnership (or member) of the club that is not entered yet."""
    competition = competition_or_404(slug)
    try:
        done = services.entrants_add_all(competition=competition)
    except Refused as error:
        messages.error(request, error.message)
        return _competition_page(request, competition, status=400)
    for level, text in entrants_added_text(competition, done):
        messages.add_message(request, level, text)
    return redirect(reverse("competitions:detail", args=[slug]) + "#entrants")


@organiser_required
@require_POST
def competition_draw(request: HttpRequest, slug: str) -> HttpResponse:
    """Draw the fixtures (a round robin), or a rotation's rounds; then show them."""
    competition = competition_or_404(slug)
    form = _draw_form(competition, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            if competition.entrant_kind == EntrantKind.ROTATION:
                rounds = services.rotation_generate(
                    competition=competition,
                    rounds=data["rounds"],
                    first_date=data.get("first_date"),
                    days_between=data["days_between"],
                    balance=data["balance"],
                )
            else:
                rounds = services.fixtures_generate(
                    competition=competition,
                    double=data["double"],
                    first_date=data.get("first_date"),
                    days_between=data["days_between"],
                )
        except Refused as error:
            show_refusal(form, error)
        else:
            messages.success(
                request,
                ngettext("%(count)d round drawn.", "%(count)d rounds drawn.", len(rounds))
                % {"count": len(rounds)},
            )
            fixtures = page_of(competition, "competitions:fixtures")
            return redirect(fixtures or reverse("competitions:detail", args=[slug]))
    return _competition_page(request, competition, draw_form=form, status=400)


def _draw_form(competition: Competition, data: Any = None) -> DrawForm | RotationForm:
    if competition.entrant_kind == EntrantKind.ROTATION:
        return RotationForm(data, prefix="draw")
    return DrawForm(data, prefix="draw")


def page_of(competition: Competition, name: str) -> str | None:
    """The address of a competition page built in ``fixture_views`` (fixtures,
    standings), or None while that page does not exist, so that no link leads nowhere."""
    try:
        return reverse(name, args=[competition.slug])
    except NoReverseMatch:
        return None


def repeats_text(repeats: dict[str, int] | None) -> list[str]:
    """A rotation's repeat counts, as sentences a player reads: a repeat is a pair of players
    partnering, or facing each other, again after an earlier round."""
    if not repeats:
        return []
    partners, opponents = repeats.get("partners", 0), repeats.get("opponents", 0)
    return [
        _("Nobody partners the same player twice.")
        if not partners
        else ngettext(
            "There is 1 repeat partnership: two players partnering again after playing "
            "together in an earlier round. With this many players and rounds some pairs must "
            "play together again.",
            "There are %(count)d repeat partnerships: two players partnering again after "
            "playing together in an earlier round. With this many players and rounds some "
            "pairs must play together again.",
            partners,
        )
        % {"count": partners},
        _("Nobody meets the same opponent twice.")
        if not opponents
        else ngettext(
            "There is 1 rematch: two players facing each other again after meeting in an "
            "earlier round.",
            "There are %(count)d rematches: two players facing each other again after meeting "
            "in an earlier round.",
            opponents,
        )
        % {"count": opponents},
    ]


def _competition_page(
    request: HttpRequest,
    competition: Competition,
    entrant_form: EntrantForm | None = None,
    draw_form: DrawForm | RotationForm | None = None,
    focus: bool = False,
    status: int = 200,
    language_form: EventLanguageForm | None = None,
) -> HttpResponse:
    """The competition's page; ``focus``: the cursor in the form that enters one more."""
    organiser = is_organiser(request.user)
    rules = competition.rules
    entrants = selectors.competition_entrants(competition)
    drawn = selectors.round_count(competition) > 0
    context: dict[str, Any] = {
        "competition": competition,
        "club": competition.club,
        "rules": rules,
        "changes": describe(rules).changes,
        "tiebreaks": [
            (key, label, engine_word(TIEBREAKS[key].description))
            for key, label in selectors.tiebreak_labels(competition.tiebreaks)
        ],
        "entrants": entrants,
        "drawn": drawn,
        "rotation": competition.entrant_kind == EntrantKind.ROTATION,
        "repeats": repeats_text(competition.rotation_repeats),
        "fixtures_url": page_of(competition, "competitions:fixtures"),
        "standings_url": page_of(competition, "competitions:standings"),
        "can_edit": organiser,
        "language_name": language_name(competition.language or competition.club.language),
    }
    if organiser:
        context["language_form"] = language_form or EventLanguageForm(
            prefix="language", club=competition.club, initial={"language": competition.language}
        )
    if drawn and competition.kind == CompetitionKind.LEAGUE:
        # A tournament's room is on its director's page.
        context["room"] = room(competition)
        context["show_room"] = True
    if organiser and not drawn:
        context["entrant_form"] = entrant_form or EntrantForm(
            competition=competition, prefix="entrant"
        )
        context["draw_form"] = draw_form or _draw_form(competition)
        if focus:
            form = context["entrant_form"]
            autofocus(form, next(iter(form.fields)))
    return render(request, "competitions/competition_detail.html", context, status=status)


# -- players and partnerships -----------------------------------------------------------------
def player_detail(request: HttpRequest, player_id: int) -> HttpResponse:
    player = player_or_404(player_id)
    records = selectors.person_records(player=player)
    context = {
        "player": player,
        "club": player.club,
        "records": records,
        "record_all_tricks": record_all_tricks(records),
        "chart": made_and_hicks_chart(records),
        "partnerships": selectors.player_partnerships(player),
        "games": selectors.person_games(player=player),
        "evenings": member_evening_lines(player),
        **rating_summary(player.pk),
        **record_controls(request, "player", player),
    }
    context["rating_recent"] = list(reversed(context["rating_lines"][-10:]))
    return render(request, "competitions/player_detail.html", context)


def partnership_detail(request: HttpRequest, partnership_id: int) -> HttpResponse:
    partnership = partnership_or_404(partnership_id)
    records = selectors.person_records(partnership=partnership)
    context = {
        "partnership": partnership,
        "club": partnership.club,
        "records": records,
        "record_all_tricks": record_all_tricks(records),
        "chart": made_and_hicks_chart(records),
        "games": selectors.person_games(partnership=partnership),
        "pair_rating": pair_rating(partnership.first_id, partnership.second_id),
        **record_controls(request, "partnership", partnership),
    }
    return render(request, "competitions/partnership_detail.html", context)
