"""Writes for clubs and seasons: members, partnerships, competitions, entrants, fixtures.

Words: a *fixture* is two sides meeting in a round; its result is written by
:func:`league.competitions.results.fixture_recompute` alone. A user's mistake raises
:class:`~league.errors.Refused` with the field it concerns; nothing is saved.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _

from league.competitions.results import fixture_recompute, fixture_side_names
from league.errors import Refused
from league.games.services import game_create
from league.languages import place_language, validate_language
from league.live.publish import publishes
from league.live.topics import competition_topics, fixture_topics
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Entrant,
    EntrantKind,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    Partnership,
    Player,
    Round,
)
from league.names import clean_name, name_key, same_name
from league.paper import PAPER_SIZES
from league.ratings.selectors import entrants_rated
from scoring import Ruleset
from scoring.formats import InvalidFormat, check_competition
from scoring.matches import (
    Concession,
    InvalidMatch,
    MatchFormat,
    paper_ceiling,
    typed_games,
)
from scoring.pairing import rotation, round_robin
from scoring.ratings import by_rating
from scoring.standings import MatchPoints


def _unique_slug(model: type[Club] | type[Competition], text: str) -> str:
    base = slugify(text)[:50] or "x"
    slug, n = base, 2
    while model.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


# -- clubs, players, partnerships ------------------------------------------------------------
def club_create(*, name: str) -> Club:
    name = clean_name(name)
    if not name:
        raise Refused(_("Give the club a name."), "name")
    # Compared here rather than by name__iexact, which folds only ASCII letters on SQLite.
    existing = same_name(name, list(Club.objects.values_list("name", flat=True)))
    if existing is not None:
        raise Refused(_("There is already a club called %(name)s.") % {"name": existing}, "name")
    club = Club(name=name, slug=_unique_slug(Club, name))
    club.full_clean()
    club.save()
    return club


def club_set_time_zone(*, club: Club, time_zone: str) -> Club:
    """Set the club's clock: an IANA zone name, or blank for the server's."""
    club.time_zone = time_zone.strip()
    try:
        club.full_clean()
    except ValidationError as error:
        messages = error.message_dict.get("time_zone") or error.messages
        raise Refused(messages[0], "time_zone") from None
    club.save(update_fields=["time_zone"])
    return club


def club_set_paper_size(*, club: Club, paper_size: str) -> Club:
    """Set the paper the club's PDFs print on: "A4", "Letter", or blank for its zone's."""
    if paper_size and paper_size not in PAPER_SIZES:
        raise Refused(_("Choose A4, Letter, or the time zone's paper."), "paper_size")
    club.paper_size = paper_size
    club.save(update_fields=["paper_size"])
    return club


def club_set_language(*, club: Club, language: str) -> Club:
    """Set the club's language: a code of settings.LANGUAGES, or blank for the site's."""
    return _set_language(club, language)


def competition_set_language(*, competition: Competition, language: str) -> Competition:
    """Set an event's own language: a code of settings.LANGUAGES, or blank for its club's."""
    return _set_language(competition, language)


_Owner = TypeVar("_Owner", Club, Competition)


def _set_language(owner: _Owner, language: str) -> _Owner:
    try:
        validate_language(language)
    except ValidationError as error:
        raise Refused(error.messages[0], "language") from None
    owner.language = language
    owner.save(update_fields=["language"])
    return owner


def player_add(*, club: Club, name: str) -> Player:
    name = clean_name(name)
    if not name:
        raise Refused(_("Give the player a name."), "name")
    existing = same_name(name, list(club.players.values_list("name", flat=True)))
    if existing is not None:
        raise Refused(
            _("%(club)s already has a member called %(name)s.") % {"club": club, "name": existing},
            "name",
        )
    player = Player(club=club, name=name)
    player.full_clean()
    player.save()
    return player


@dataclass
class MembersAdded:
    """What pasting a list of names did: the members ``added`` (in the list's order), the names
    that were ``existing`` members already, and those ``repeated`` in the list (added once)."""

    added: list[Player] = field(default_factory=list)
    existing: list[str] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)


@transaction.atomic
def players_add(*, club: Club, names: Sequence[str]) -> MembersAdded:
    """Add every name of ``names`` (cleaned; blanks skipped) as a member of ``club``. A name the
    club has already, or one given twice, is not an error: it is added once and reported, as a
    secretary pasting the club's whole list expects. A name that cannot be stored (too long) is
    a :class:`Refused` naming it, and then nothing is added."""
    limit = Player._meta.get_field("name").max_length or 80
    known = {name_key(name): name for name in club.players.values_list("name", flat=True)}
    new: set[str] = set()  # the keys of the names added here
    done = MembersAdded()
    for typed in names:
        name = clean_name(typed)
        if not name:
            continue
        if len(name) > limit:
            raise Refused(
                _("“%(start)s…” is longer than %(limit)d letters: shorten it.")
                % {"start": name[:30], "limit": limit},
                "names",
            )
        key = name_key(name)
        if key in known:
            (done.repeated if key in new else done.existing).append(known[key])
            continue
        player = Player(club=club, name=name)
        player.full_clean()
        player.save()
        known[key] = name
        new.add(key)
        done.added.append(player)
    return done


def partnership_add(*, club: Club, first: Player, second: Player, name: str = "") -> Partnership:
    if first.pk == second.pk:
        raise Refused(_("A partnership is two different players."), "second")
    if first.club_id != club.pk or second.club_id != club.pk:
        raise Refused(_("Both partners must be members of %(club)s.") % {"club": club}, "second")
    for partner, field_name in ((first, "first"), (second, "second")):
        if partner.retired_at is not None:
            raise Refused(
                _("%(name)s has retired: bring them back into the club first.") % {"name": partner},
                field_name,
            )
    pair = {first.pk, second.pk}
    name = clean_name(name)
    for existing in club.partnerships.all():
        if {existing.first_id, existing.second_id} == pair:
            raise Refused(
                _("%(first)s and %(second)s are already a partnership.")
                % {"first": first, "second": second},
                "second",
            )
        if name and name_key(existing.name) == name_key(name):
            raise Refused(
                _("%(club)s already has a team called %(name)s.")
                % {"club": club, "name": existing.name},
                "name",
            )
    partnership = Partnership(club=club, first=first, second=second, name=name)
    partnership.full_clean()
    partnership.save()
    return partnership


# -- competitions ----------------------------------------------------------------------------
def competition_create(
    *,
    club: Club,
    name: str,
    rules: Ruleset,
    entrant_kind: str,
    by: User,
    games_per_match: int = 1,
    points: MatchPoints | None = None,
    tiebreaks: Sequence[str] = ("match_points", "point_difference", "points_for"),
    best_nights: int | None = None,
) -> Competition:
    """A league season with its ruleset (a preset and overrides, stored as data)."""
    name = clean_name(name)
    if not name:
        raise Refused(_("Give the competition a name."), "name")
    try:
        check_competition(
            rules,
            entrant_kind=entrant_kind,
            tiebreaks=tiebreaks,
            games_per_match=games_per_match,
            best_nights=best_nights,
        )
    except InvalidFormat as error:
        raise Refused(error.message, error.field) from None
    keys = tuple(tiebreaks)
    points = points or MatchPoints()
    competition = Competition(
        club=club,
        name=name,
        slug=_unique_slug(Competition, f"{club.slug} {name}"),
        ruleset_data=rules.to_data(),
        entrant_kind=entrant_kind,
        games_per_match=games_per_match,
        points_win=points.win,
        points_draw=points.draw,
        points_loss=points.loss,
        tiebreaks=list(keys),
        best_nights=best_nights,
        created_by=by,
    )
    competition.full_clean()
    competition.save()
    return competition


@publishes(lambda competition, **_: competition_topics(competition))
def entrant_add(
    *,
    competition: Competition,
    player: Player | None = None,
    partnership: Partnership | None = None,
) -> Entrant:
    if competition.kind == CompetitionKind.EVENING:
        raise Refused(_("At a club evening, players are checked in on the evening's page."), None)
    if competition.fixtures.exists() or competition.started:
        raise Refused(_("The fixtures are drawn: entrants can no longer be added."), None)
    wants_partnership = competition.entrant_kind == EntrantKind.PARTNERSHIPS
    chosen = partnership if wants_partnership else player
    if chosen is None or (player is not None and partnership is not None):
        if wants_partnership:
            takes = _("%(competition)s takes a partnership as each entrant.")
        else:
            takes = _("%(competition)s takes a player as each entrant.")
        raise Refused(
            takes % {"competition": competition},
            "partnership" if wants_partnership else "player",
        )
    if _retired(chosen):
        raise Refused(
            _("%(name)s has retired: bring them back into the club first.") % {"name": chosen},
            "partnership" if wants_partnership else "player",
        )
    if chosen.club_id != competition.club_id:
        raise Refused(
            _("%(name)s is not of %(club)s.") % {"name": chosen, "club": competition.club}, None
        )
    if partnership is not None and wants_partnership:
        # One person cannot sit at two tables of the same night.
        members = {partnership.first_id, partnership.second_id}
        clash = competition.entrants.filter(
            Q(partnership__first_id__in=members) | Q(partnership__second_id__in=members)
        ).first()
        if clash is not None:
            raise Refused(
                _(
                    "%(name)s is already entered, and a player can play in one partnership of "
                    "a competition only."
                )
                % {"name": clash},
                "partnership",
            )
    try:
        with transaction.atomic():
            return Entrant.objects.create(
                competition=competition,
                player=player if not wants_partnership else None,
                partnership=partnership if wants_partnership else None,
                # A pair without a team name is called by its players (up to 80 letters
                # each): cut to the column, as a rename's stored copies are.
                name=str(chosen)[: Entrant._meta.get_field("name").max_length],
            )
    except IntegrityError:
        raise Refused(_("%(name)s is already entered.") % {"name": chosen}, None) from None


def _retired(chosen: Player | Partnership) -> bool:
    """Whether ``chosen`` is retired (a partnership also when one of its players is)."""
    if isinstance(chosen, Partnership):
        return (
            chosen.retired_at is not None
            or chosen.first.retired_at is not None
            or chosen.second.retired_at is not None
        )
    return chosen.retired_at is not None


@dataclass
class EntrantsAdded:
    """What entering a whole club did: the entrants ``added``, how many of the club's were
    ``already`` entered, and the ones ``refused`` with the reason (a partner already plays in
    another entered partnership)."""

    added: list[Entrant] = field(default_factory=list)
    already: int = 0
    refused: list[tuple[str, str]] = field(default_factory=list)


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def entrants_add_all(*, competition: Competition) -> EntrantsAdded:
    """Enter every partnership of the club (a competition of partnerships) or every member
    (of players, or a rotation) that is not entered yet, in the club's order. One that cannot
    be entered is listed with the reason and the others are entered; refused as a whole once
    the fixtures are drawn or the tournament has started."""
    if competition.fixtures.exists() or competition.started:
        raise Refused(_("The fixtures are drawn: entrants can no longer be added."), None)
    club = competition.club
    done = EntrantsAdded()
    if competition.entrant_kind == EntrantKind.PARTNERSHIPS:
        entered = set(competition.entrants.values_list("partnership_id", flat=True))
        for pair in club.partnerships.select_related("first", "second").filter(
            retired_at=None, first__retired_at=None, second__retired_at=None
        ):
            if pair.pk in entered:
                done.already += 1
                continue
            try:
                done.added.append(entrant_add(competition=competition, partnership=pair))
            except Refused as error:
                done.refused.append((str(pair), error.message))
    else:
        entered = set(competition.entrants.values_list("player_id", flat=True))
        for player in club.players.filter(retired_at=None):
            if player.pk in entered:
                done.already += 1
                continue
            try:
                done.added.append(entrant_add(competition=competition, player=player))
            except Refused as error:
                done.refused.append((str(player), error.message))
    return done


def _dates(
    first: datetime.date | None, days_between: int, count: int
) -> list[datetime.date | None]:
    if first is None:
        return [None] * count
    return [first + datetime.timedelta(days=days_between * i) for i in range(count)]


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def fixtures_generate(
    *,
    competition: Competition,
    double: bool = False,
    first_date: datetime.date | None = None,
    days_between: int = 7,
) -> list[Round]:
    """Draw a round robin (or double round robin) by the circle method: one round a night,
    byes for an odd count, tables numbered from 1 each night."""
    if competition.kind == CompetitionKind.EVENING:
        raise Refused(
            _("A club evening draws its rounds one at a time, on its evening's page."), None
        )
    if competition.fixtures.exists():
        raise Refused(_("The fixtures are already drawn."), None)
    if competition.kind == "tournament" and not competition.started:
        raise Refused(_("A tournament draws its rounds when the director starts it."), None)
    entrants = list(competition.entrants.all())
    if competition.entrant_kind == EntrantKind.ROTATION:
        raise Refused(_("Individual competitions draw a rotation, not fixtures."), None)
    if len(entrants) < 2:
        raise Refused(_("Enter at least two entrants before drawing the fixtures."), None)
    plan = round_robin(entrants, double=double)
    rounds = []
    for number, (pairs, date) in enumerate(
        zip(plan, _dates(first_date, days_between, len(plan)), strict=True), start=1
    ):
        night = Round.objects.create(competition=competition, number=number, date=date)
        table = 0
        for home, away in pairs:
            if away is None:
                night.sitting_out.add(home)
                continue
            table += 1
            _fixture(competition, night, str(table), [[home], [away]])
        rounds.append(night)
    return rounds


def _fixture(
    competition: Competition, night: Round, table: str, sides: Sequence[Sequence[Entrant]]
) -> Fixture:
    fixture = Fixture.objects.create(competition=competition, round=night, table=table)
    FixtureSide.objects.bulk_create(
        FixtureSide(fixture=fixture, side=index, entrant=entrant)
        for index, side in enumerate(sides)
        for entrant in side
    )
    return fixture


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def rotation_generate(
    *,
    competition: Competition,
    rounds: int,
    first_date: datetime.date | None = None,
    days_between: int = 7,
    balance: bool = False,
) -> list[Round]:
    """Draw rounds for an individual competition: tables of four where partners change, as
    few repeated partners and opponents as the numbers allow (the repeats are kept to show).

    ``balance``: partner the strongest with the weakest by the players' ratings now (their
    conservative ratings, :func:`scoring.ratings.by_rating`), as far as partnerships not yet
    played allow; who sits out goes by turns as always (:func:`scoring.pairing.rotation`)."""
    if competition.kind == CompetitionKind.EVENING:
        raise Refused(
            _("A club evening draws its rounds one at a time, on its evening's page."), None
        )
    if competition.entrant_kind != EntrantKind.ROTATION:
        raise Refused(_("Only an individual competition draws a rotation."), None)
    if competition.fixtures.exists():
        raise Refused(_("The rounds are already drawn."), None)
    players = list(competition.entrants.all())
    if len(players) < 4:
        raise Refused(_("A four-hand rotation needs at least four players."), None)
    if not 1 <= rounds <= 60:
        raise Refused(_("Draw from 1 to 60 rounds."), "rounds")
    strongest_first = None
    if balance:
        who, ratings = entrants_rated(players)
        by_player = dict(zip(who, players, strict=True))
        strongest_first = [by_player[p] for p in by_rating(ratings, who)]
    plan = rotation(players, rounds, strongest_first=strongest_first)
    made = []
    for number, (tables, out, date) in enumerate(
        zip(plan.rounds, plan.sitting_out, _dates(first_date, days_between, rounds), strict=True),
        start=1,
    ):
        night = Round.objects.create(competition=competition, number=number, date=date)
        night.sitting_out.add(*out)
        for table, (pair_a, pair_b) in enumerate(tables, start=1):
            _fixture(competition, night, str(table), [list(pair_a), list(pair_b)])
        made.append(night)
    competition.rotation_repeats = {
        "partners": plan.partner_repeats,
        "opponents": plan.opponent_repeats,
    }
    competition.save(update_fields=["rotation_repeats"])
    return made


# -- results ---------------------------------------------------------------------------------
@publishes(lambda fixture, **_: fixture_topics(fixture))
def fixture_reschedule(*, fixture: Fixture, date: datetime.date | None, table: str = "") -> Fixture:
    if fixture.finished:
        raise Refused(_("This fixture has a result; it cannot be moved."), "date")
    fixture.date = date
    fixture.table = clean_name(table) or fixture.table
    fixture.save(update_fields=["date", "table"])
    return fixture


def _refuse_void(fixture: Fixture, field: str | None) -> None:
    # A void fixture counts for nobody until an organiser restores it (an audited change).
    if fixture.status == FixtureStatus.VOID:
        raise Refused(_("This fixture is void: restore it first to give it a result."), field)


def _refuse_three(fixture: Fixture, field: str | None) -> None:
    # A club evening's table of three (a third side) plays on paper by the club's rota, each
    # player for their own points: its result is typed on the evening's page, not as a match.
    if fixture.sides.filter(side=2).exists():
        raise Refused(
            _("A table of three plays on paper: type each player's points on the evening's page."),
            field,
        )


@transaction.atomic
def fixture_concede(
    *,
    fixture: Fixture,
    side: int,
    score: tuple[int, int],
    no_show: bool = False,
    withdrawal: bool = False,
) -> Fixture:
    """Record a forfeit (or a no-show) by ``side``: the other side wins by ``score``
    (the winner's points first). A ``withdrawal`` concedes a match already under way: its
    games stay on the record, and the forfeit decides the match."""
    fixture = Fixture.objects.select_for_update().get(pk=fixture.pk)
    try:
        concession = Concession(side, score, no_show=no_show)
    except InvalidMatch as error:
        raise Refused(error.message, error.field) from None
    _refuse_void(fixture, "side")
    _refuse_three(fixture, "side")
    if not withdrawal and fixture.games.filter(deal_count__gt=0).exists():
        raise Refused(
            _("Deals are already entered for this fixture; correct its games instead."), "side"
        )
    fixture.status = FixtureStatus.NO_SHOW if no_show else FixtureStatus.FORFEIT
    fixture.conceded_by = side
    fixture.typed_scores = [list(concession.side_scores)]
    fixture.save(update_fields=["status", "conceded_by", "typed_scores"])
    return fixture_recompute(fixture)


@transaction.atomic
def fixture_type_result(*, fixture: Fixture, scores: Sequence[tuple[int, int]]) -> Fixture:
    """The totals of a match played on paper: one (side 0, side 1) pair a game."""
    fixture = Fixture.objects.select_for_update().get(pk=fixture.pk)
    competition = fixture.competition
    fmt = MatchFormat(competition.games_per_match, competition.best_of)
    try:
        rules = competition.rules
        typed_games(fmt, scores, rules.target, ceiling=paper_ceiling(rules))
    except InvalidMatch as error:
        raise Refused(error.message, error.field) from None
    _refuse_void(fixture, "scores")
    _refuse_three(fixture, "scores")
    if fixture.games.filter(deal_count__gt=0).exists():
        raise Refused(_("Deals are already entered for this fixture at the table."), "scores")
    fixture.status = FixtureStatus.PLAYED
    fixture.conceded_by = None
    fixture.typed_scores = [list(pair) for pair in scores]
    fixture.save(update_fields=["status", "conceded_by", "typed_scores"])
    return fixture_recompute(fixture)


#: The longest title a game keeps.
TITLE_LIMIT = Game._meta.get_field("title").max_length or 120


def fixture_game_title(competition: Competition, round_number: int) -> str:
    """The title of a game of ``competition``'s round ``round_number``: "Winter league,
    round 4". Stored with the game, so in the event's language (its club's, else the
    site's), not in that of whoever starts it: every reader of the games list sees the same
    title. Built again for every game when the competition is renamed. A name too long for
    a title is cut short with an ellipsis."""
    with translation.override(place_language(competition.club.language, competition.language)):
        name = competition.name
        title = _("%(competition)s, round %(number)d") % {
            "competition": name,
            "number": round_number,
        }
        over = len(title) - TITLE_LIMIT
        if over > 0:
            short = name[: max(len(name) - over - 1, 1)] + "…"
            title = _("%(competition)s, round %(number)d") % {
                "competition": short,
                "number": round_number,
            }
    return title[:TITLE_LIMIT]


@transaction.atomic
@publishes(lambda fixture, **_: fixture_topics(fixture))
def fixture_start_game(*, fixture: Fixture, by: User, first_dealer: int = 0) -> Game:
    """Start the next game of a fixture, scored by the competition's ruleset, with
    ``first_dealer`` (a seat: :func:`league.games.selectors.seat_names`) dealing first.

    The fixture's row is locked and its games read afresh, so that two people starting the
    same fixture at once (or a double tap) start one game; the other is refused.
    """
    locked = Fixture.objects.select_for_update().get(pk=fixture.pk)
    _refuse_void(locked, None)
    _refuse_three(locked, None)
    if locked.finished or locked.typed_scores:
        raise Refused(_("This fixture already has its result."), None)
    if fixture.round.draft:
        raise Refused(_("This round is not published yet: wait for the director."), None)
    if locked.games.in_play().exists():
        raise Refused(_("A game of this match has started already."), None)
    names = fixture_side_names(fixture)
    competition = fixture.competition
    game = game_create(
        rules=competition.rules,
        side_names=names,
        by=by,
        table=fixture.table,
        title=fixture_game_title(competition, fixture.round.number),
        first_dealer=first_dealer,
    )
    game.fixture = fixture
    game.save(update_fields=["fixture"])
    return game
