"""Who may do what, and every lookup of an object by its address. One helper per kind of
object: outsiders get 404 for what does not exist (or that they cannot see), signed-in users
who may only read get 403 for what they cannot change, anonymous visitors of a write page are
sent to sign in. Views never query for the object of their address themselves.

Roles: an *organiser* may write to every game and see its audit; a *scorer* may start games
and write to the games they started or were named on. Everybody, signed in or not, may read.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from functools import wraps
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.languages import use_place_language
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Fixture,
    FixtureSide,
    Game,
    Partnership,
    Player,
    Profile,
    Role,
    Round,
)
from league.plain_sql import read_one
from league.timezones import use_club_time

View = Callable[..., HttpResponse]


class AuthenticatedHttpRequest(HttpRequest):
    """The request of a view behind ``login_required``: its user is signed in.

    For type checking only (django-stubs' recipe); ``login_required`` is what makes it true.
    """

    user: User


class ThrottleBackend(AxesStandaloneBackend):
    """django-axes' throttle: refuses a sign-in while its account or address is locked out.

    A sign-in without a request (``Client.login`` in tests, code that checks a password) came
    from no address and no web form; it is let through to the next backend unthrottled rather
    than refused, as django-axes would. Every sign-in page passes its request.
    """

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, **kwargs: Any
    ) -> None:
        if request is not None:
            super().authenticate(request, username=username, **kwargs)
        return None


class ProfileBackend(ModelBackend):
    """Django's own backend, but a signed-in user is read with their profile in one query."""

    def get_user(self, user_id: int) -> User | None:
        model = get_user_model()
        # One query written once (_user_sql), not the ORM's built for every request of a
        # signed-in user (make bench: saving a deal); a key no user can have finds nobody.
        try:
            user_id = model._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        if not _fits_a_key(model, user_id):
            return None
        sql = _user_sql(connection.vendor)
        user = read_one(model, sql, [user_id])
        if user is None:
            return None
        # The profile as select_related("profile") gives it: cached on the user (None: no
        # profile, which user.profile then says), and the user on it.
        values = user.__dict__
        profile_id, role = values.pop("profile_id"), values.pop("profile_role")
        profile = None
        if profile_id is not None:
            profile = Profile.from_db(
                user._state.db, ["id", "user_id", "role"], [profile_id, user.pk, role]
            )
            _PROFILE_USER.set_cached_value(profile, user)
        _PROFILE_USER.remote_field.set_cached_value(user, profile)
        return user if self.user_can_authenticate(user) else None


def _fits_a_key(model: Any, pk: Any) -> bool:
    """Whether ``pk`` is a whole number the database can hold as ``model``'s key: the ORM finds
    nothing for one that is not (an address with 30 digits), where a plain query fails."""
    low, high = connection.ops.integer_field_range(model._meta.pk.get_internal_type())
    return isinstance(pk, int) and (low is None or low <= pk) and (high is None or pk <= high)


#: The profile's link to its user.
_PROFILE_USER = Profile._meta.get_field("user")


@functools.cache
def _user_sql(vendor: str) -> str:
    """A user with their profile's id and role, by the user's id (the one parameter): the SQL
    of ``select_related("profile").get(pk=...)``, written once. Read by
    :func:`league.plain_sql.read_one`, which converts the values as the ORM does: building the
    ORM's query again on every request of a signed-in user was a tenth of saving a deal (make
    bench)."""
    model = get_user_model()
    quote = connection.ops.quote_name
    users, profiles = quote(model._meta.db_table), quote(Profile._meta.db_table)
    columns = ", ".join(f"{users}.{quote(str(f.column))}" for f in model._meta.concrete_fields)
    return (
        f"SELECT {columns}, {profiles}.{quote('id')} AS profile_id, "
        f"{profiles}.{quote('role')} AS profile_role FROM {users} "
        f"LEFT OUTER JOIN {profiles} ON {profiles}.{quote('user_id')} = {users}.{quote('id')} "
        f"WHERE {users}.{quote('id')} = %s"
    )


# -- roles -----------------------------------------------------------------------------------
def is_organiser(user: User | AnonymousUser) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    try:
        return user.profile.role == Role.ORGANISER
    except Profile.DoesNotExist:
        return False


def can_score(user: User | AnonymousUser, game: Game) -> bool:
    if not user.is_authenticated:
        return False
    # The creator first: it needs no query, and a scorer saving deals is the hot path.
    if game.created_by_id == user.pk or is_organiser(user):
        return True
    return game.scorers.filter(pk=user.pk).exists()


def _on_its_clock(game: Game) -> Game:
    """A game of a competition is read on its club's clock; any other on the server's."""
    zone = getattr(game, "club_time_zone", None)
    if zone:
        use_club_time(zone)
    use_place_language(
        getattr(game, "club_language", None) or "", getattr(game, "event_language", None) or ""
    )
    return game


@functools.cache
def _games() -> Any:
    # The club's zone comes with the game, in the same query. Built once: resolving the
    # annotations' joins is a good part of every deal saved (make bench); each lookup clones
    # the queryset, which is never evaluated itself.
    return Game.objects.annotate(
        club_time_zone=F("fixture__competition__club__time_zone"),
        club_language=F("fixture__competition__club__language"),
        event_language=F("fixture__competition__language"),
    )


#: Any game id: the one :func:`_game_sql` compiles the query with, and checks it finds.
_ANY_GAME = 1


@functools.cache
def _game_sql(vendor: str) -> str:
    """:func:`_games`'s query of one game (its id the one parameter), compiled once for the
    database: building and compiling it again for every deal saved, with its three joins, was
    a tenth of the save (make bench)."""
    sql, params = _games().order_by().filter(pk=_ANY_GAME).query.sql_with_params()
    if list(params) != [_ANY_GAME]:
        raise AssertionError(f"The game's query takes {params!r}, not just its id.")
    return str(sql)


def _game(game_id: int) -> Game:
    """The game with ``game_id``, with its club's zone and languages (:func:`_games`); 404 if
    there is none."""
    game = None
    if _fits_a_key(Game, game_id):
        game = read_one(Game, _game_sql(connection.vendor), [game_id])
    if game is None:
        raise Http404(f"No {Game._meta.object_name} matches the given query.")
    return game


def game_or_404(game_id: int) -> Game:
    """A game, for anybody to read (its sheet, its PDF); 404 if there is none."""
    return _on_its_clock(_game(game_id))


def game_for_write(request: HttpRequest, game_id: int) -> Game:
    """The game, if the signed-in user may score it; 404 if there is none, 403 otherwise."""
    game = _on_its_clock(_game(game_id))
    if not can_score(request.user, game):
        raise NotAllowed(
            _("Only the scorers of this game and the club's organisers can change its sheet."),
            ask=_("Ask %(name)s, who started it, or an organiser to change it.")
            % {"name": game.created_by}
            if game.created_by is not None
            else "",
        )
    return game


def roles(request: HttpRequest) -> dict[str, bool]:
    """Template context: what the signed-in user may do, for the navigation."""
    user = getattr(request, "user", None)  # absent on requests made without the middleware
    return {"is_organiser": user is not None and is_organiser(user)}


class NotAllowed(PermissionDenied):
    """A signed-in user refused, in words for the 403 page: ``message`` says who may do it,
    ``ask`` (optional) whom to ask instead. A bare ``PermissionDenied`` (Django's own, a
    library's) shows the page's general words instead of its message."""

    def __init__(self, message: str, ask: str = ""):
        super().__init__(message)
        self.message = message
        self.ask = ask


# What each organiser-only page does, by its URL name, in the whole sentence the 403 page says
# ("Only the club's organisers can <this>.", a sentence each, so that a translation may order
# its words); a page missing here says "... can do this." (tests/league/safety).
ORGANISERS_ONLY = {
    "accounts:new": gettext_lazy("Only the club's organisers can add an account."),
    "accounts:list": gettext_lazy("Only the club's organisers can see the accounts."),
    "accounts:active": gettext_lazy("Only the club's organisers can disable or enable an account."),
    "accounts:set-password": gettext_lazy(
        "Only the club's organisers can set another person's password."
    ),
    "accounts:lockouts": gettext_lazy(
        "Only the club's organisers can let a locked sign-in in again."
    ),
    "competitions:club-list": gettext_lazy("Only the club's organisers can add a club."),
    "competitions:club-export": gettext_lazy(
        "Only the club's organisers can download a club's data."
    ),
    "competitions:club-settings": gettext_lazy(
        "Only the club's organisers can change a club's settings."
    ),
    "ratings:club-list-settings": gettext_lazy(
        "Only the club's organisers can change who its rating list shows."
    ),
    "competitions:player-add": gettext_lazy(
        "Only the club's organisers can add members to a club."
    ),
    "competitions:players-add": gettext_lazy(
        "Only the club's organisers can add members to a club."
    ),
    "competitions:partnership-add": gettext_lazy(
        "Only the club's organisers can add partnerships to a club."
    ),
    "competitions:new": gettext_lazy("Only the club's organisers can create a competition."),
    "competitions:entrant-add": gettext_lazy(
        "Only the club's organisers can enter players or partnerships in a competition."
    ),
    "competitions:entrants-add-all": gettext_lazy(
        "Only the club's organisers can enter players or partnerships in a competition."
    ),
    "competitions:draw": gettext_lazy(
        "Only the club's organisers can draw a competition's fixtures."
    ),
    "competitions:fixture-move": gettext_lazy("Only the club's organisers can move a fixture."),
    "competitions:fixture-concede": gettext_lazy(
        "Only the club's organisers can record a forfeit."
    ),
    "competitions:fixture-result": gettext_lazy(
        "Only the club's organisers can type in a fixture's result."
    ),
    "competitions:fixture-start": gettext_lazy(
        "Only the club's organisers can start a tournament match from here."
    ),
    "tournaments:new": gettext_lazy("Only the club's organisers can create a tournament."),
    "tournaments:director": gettext_lazy("Only the club's organisers can run a tournament."),
    "tournaments:entrant-add": gettext_lazy(
        "Only the club's organisers can enter players or partnerships in a tournament."
    ),
    "tournaments:entrants-add-all": gettext_lazy(
        "Only the club's organisers can enter players or partnerships in a tournament."
    ),
    "tournaments:seed": gettext_lazy("Only the club's organisers can seed a tournament."),
    "tournaments:start": gettext_lazy("Only the club's organisers can start a tournament."),
    "tournaments:confirm": gettext_lazy(
        "Only the club's organisers can confirm a tournament result."
    ),
    "tournaments:withdraw": gettext_lazy("Only the club's organisers can withdraw an entrant."),
    "tournaments:swap": gettext_lazy(
        "Only the club's organisers can swap two entrants of a drawn round."
    ),
    "tournaments:publish": gettext_lazy("Only the club's organisers can publish a drawn round."),
    "games:abandon": gettext_lazy(
        "Only the club's organisers can abandon a game started by mistake."
    ),
    "printing:round-tables-pdf": gettext_lazy(
        "Only the club's organisers can print a round's tables with their entry links."
    ),
    "screen:clock": gettext_lazy("Only the club's organisers can set a round's clock."),
    "competitions:fixture-tables": gettext_lazy(
        "Only the club's organisers can swap the tables of fixtures."
    ),
    "competitions:fixture-void": gettext_lazy("Only the club's organisers can void a fixture."),
    "competitions:fixture-restore": gettext_lazy(
        "Only the club's organisers can restore a void fixture."
    ),
    "competitions:withdrawals": gettext_lazy(
        "Only the club's organisers can withdraw an entrant from a league."
    ),
    "competitions:entrant-withdraw": gettext_lazy(
        "Only the club's organisers can withdraw an entrant from a league."
    ),
    "competitions:entrant-return": gettext_lazy(
        "Only the club's organisers can bring a withdrawn entrant back into a league."
    ),
}


def organisers_only(request: HttpRequest) -> NotAllowed:
    """The refusal of an organiser-only page to anybody else, naming what the page does."""
    match = getattr(request, "resolver_match", None)
    sentence = ORGANISERS_ONLY.get(match.view_name if match else "")
    return NotAllowed(str(sentence) if sentence else _("Only the club's organisers can do this."))


def require_organiser(request: HttpRequest) -> None:
    if not is_organiser(request.user):
        raise organisers_only(request)


def organiser_required(view: View) -> View:
    """Sign in first (anonymous: to the login page), then be an organiser (else 403)."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        require_organiser(request)
        return view(request, *args, **kwargs)

    return wrapped


def account_for_organiser(request: HttpRequest, user_id: int) -> User:
    """An account, for an organiser to manage: 403 for anybody else (before looking, so that
    a scorer learns nothing of which accounts exist), 404 if there is none."""
    require_organiser(request)
    return get_object_or_404(get_user_model()._default_manager.all(), pk=user_id)


# -- clubs and competitions: everybody reads ------------------------------------------------
# Every lookup of a club's things turns the request to the club's clock (league.timezones).
def club_or_404(slug: str) -> Club:
    club = get_object_or_404(Club, slug=slug)
    use_club_time(club.time_zone)
    use_place_language(club.language)
    return club


def competition_or_404(slug: str) -> Competition:
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    use_club_time(competition.club.time_zone)
    use_place_language(competition.club.language, competition.language)
    return competition


def fixture_or_404(competition: Competition, fixture_id: int) -> Fixture:
    """The competition's fixture, with what its line reads; 404 for another competition's."""
    fixture = get_object_or_404(
        Fixture.objects.for_lines(),
        pk=fixture_id,
        competition=competition,
        round__draft=False,  # a Swiss round under review is the director's alone
    )
    fixture.competition = competition
    return fixture


def player_or_404(player_id: int) -> Player:
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id)
    use_club_time(player.club.time_zone)
    use_place_language(player.club.language)
    return player


def partnership_or_404(partnership_id: int) -> Partnership:
    partnership = get_object_or_404(
        Partnership.objects.select_related("club", "first", "second"), pk=partnership_id
    )
    use_club_time(partnership.club.time_zone)
    use_place_language(partnership.club.language)
    return partnership


def round_or_404(competition: Competition, number: int) -> Round:
    """The competition's round ``number``; 404 if it has none."""
    return get_object_or_404(Round, competition=competition, number=number)


def draft_round_or_404(competition: Competition, number: int) -> Round:
    """The tournament's round ``number`` while it is a draft (drawn, not published); 404
    otherwise."""
    return get_object_or_404(Round, competition=competition, number=number, draft=True)


# -- tournaments and entry links ---------------------------------------------------------------
def tournament_or_404(slug: str) -> Competition:
    """A tournament, for anybody to read (its bracket, its PDFs); 404 for a competition that
    is not one."""
    competition = get_object_or_404(
        Competition.objects.select_related("club"), slug=slug, kind=CompetitionKind.TOURNAMENT
    )
    use_club_time(competition.club.time_zone)
    use_place_language(competition.club.language, competition.language)
    return competition


def tournament_for_director(request: HttpRequest, slug: str) -> Competition:
    """The tournament, for its director: 404 if there is none, 403 for a non-organiser
    (anonymous visitors are sent to sign in by ``login_required`` first)."""
    competition = tournament_or_404(slug)
    require_organiser(request)
    return competition


def evening_or_404(slug: str) -> Competition:
    """A club evening, for anybody to read (its page); 404 for a competition that is not one."""
    competition = competition_or_404(slug)
    if competition.kind != CompetitionKind.EVENING:
        raise Http404(_("There is no club evening at this address."))
    return competition


def evening_for_organiser(request: HttpRequest, slug: str) -> Competition:
    """The club evening, for an organiser to run (check-in, draw, results): 404 if there is
    none, 403 for anybody else (anonymous visitors are sent to sign in by ``login_required``
    first)."""
    competition = evening_or_404(slug)
    if not is_organiser(request.user):
        raise NotAllowed(_("Only the club's organisers can run a club evening."))
    return competition


def tournament_fixture_or_404(competition: Competition, fixture_id: int) -> Fixture:
    """The tournament's fixture; 404 for one of another competition."""
    return get_object_or_404(competition.fixtures, pk=fixture_id)


def entry_side_or_404(token: str) -> FixtureSide:
    """The fixture side an entry link belongs to; 404 for a token that does not exist."""
    side = FixtureSide.objects.of_entry_link(token).first()
    # A drawn round's links open when the director publishes it (a swap may change them).
    if side is None or side.fixture.round.draft:
        raise Http404(_("There is no match with this link."))
    use_club_time(side.fixture.competition.club.time_zone)
    competition = side.fixture.competition
    use_place_language(competition.club.language, competition.language)
    return side
