"""Housekeeping of a club's own records: renaming, retiring and removing members (players),
partnerships and the club itself, each audited as a :class:`~league.models.RecordChange`.

Words:

- *rename*: a record's name changes everywhere it shows, past sheets and PDFs included: a
  sheet shows the names *as they are now*. The copies of a name stored when it was used (an
  entrant's name, a game's side names) are written again from the record, the way they were
  first built (``str()`` of the member or partnership; :func:`fixture_side_names`). The old
  name stays in the record's history ("renamed from ...").
- *retire*: a member who left, or a partnership that no longer plays (``retired_at``): kept in
  history, statistics and ratings, off every list a new entrant or partnership is picked from;
  *return* undoes it.
- *remove*: delete a record that nothing played refers to (see :func:`player_removal`,
  :func:`partnership_removal`, :func:`club_removal`); one that has games is retired instead.

A user's mistake raises :class:`~league.errors.Refused` naming the field; nothing is saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.results import fixture_side_names
from league.errors import Refused
from league.live.publish import changed
from league.live.topics import GAMES, club_page, competition_topics
from league.models import (
    Club,
    Competition,
    Entrant,
    Fixture,
    Game,
    MatchEvent,
    Partnership,
    Player,
    RecordChange,
)
from league.names import clean_name, name_key, same_name


# -- the audit ----------------------------------------------------------------------------
def _audit(
    *,
    club: Club | None,
    subject: str,
    subject_id: int,
    subject_name: str,
    action: str,
    by: User,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> RecordChange:
    return RecordChange.objects.create(
        club=club,
        subject=subject,
        subject_id=subject_id,
        subject_name=subject_name[:200],
        action=action,
        before=before or {},
        after=after or {},
        by=by,
    )


def _limit(model: type[Any], name: str = "name") -> int:
    return int(model._meta.get_field(name).max_length or 80)


def _checked_name(typed: str, model: type[Any], *, blank_message: str | None) -> str:
    """``typed`` cleaned (league.names), refused when blank (unless ``blank_message`` is None:
    blank allowed) or longer than the model's field once cleaned."""
    name = clean_name(typed)
    if not name and blank_message is not None:
        raise Refused(blank_message, "name")
    limit = _limit(model)
    if len(name) > limit:
        raise Refused(
            _("The name is longer than %(limit)d letters: shorten it.") % {"limit": limit}, "name"
        )
    return name


# -- stored copies of a name --------------------------------------------------------------
def _refresh_stored_names(entrants: QuerySet[Entrant]) -> list[str]:
    """Write again the names stored from ``entrants``' members and partnerships: each
    entrant's own name, and the side names of every game of their fixtures (as
    :func:`fixture_side_names` first built them). The topics of the pages that changed."""
    limit = _limit(Entrant)
    rows = list(
        entrants.select_related("player", "partnership__first", "partnership__second").distinct()
    )
    renamed = []
    for entrant in rows:
        source = entrant.player or entrant.partnership
        name = str(source)[:limit]
        if name != entrant.name:
            entrant.name = name
            renamed.append(entrant)
    Entrant.objects.bulk_update(renamed, ["name"])
    topics: set[str] = set()
    competitions = {entrant.competition_id for entrant in rows}
    for competition_id in competitions:
        topics.update(competition_topics(competition_id))
    fixtures = list(Fixture.objects.filter(sides__entrant__in=rows).distinct())
    names = {fixture.pk: fixture_side_names(fixture) for fixture in fixtures}
    topics.update(f"fixture:{pk}" for pk in names)
    # A match's games, and those abandoned from it (taken off the match, kept for the record,
    # found by the note of their abandoning).
    games = [(game.fixture_id, game) for game in Game.objects.filter(fixture__in=fixtures)]
    abandoned = MatchEvent.objects.filter(
        fixture__in=fixtures, kind=MatchEvent.Kind.ABANDON, game__isnull=False
    ).select_related("game")
    games += [(event.fixture_id, event.game) for event in abandoned if event.game is not None]
    for fixture_id, game in games:
        side_names = names[fixture_id] if fixture_id is not None else None
        if side_names is not None and game.side_names != side_names:
            game.side_names = side_names
            # updated_at too: what a page keyed on the game's last change shows is new.
            game.save(update_fields=["side_names", "updated_at"])
            topics.update({f"game:{game.pk}", GAMES})
    return sorted(topics)


def _player_entrants(player: Player) -> QuerySet[Entrant]:
    """The entries whose stored name comes from ``player``'s: their own, and those of their
    partnerships that have no team name ("Anna & Ben")."""
    unnamed = Partnership.objects.filter(Q(first=player) | Q(second=player), name="")
    return Entrant.objects.filter(Q(player=player) | Q(partnership__in=unnamed))


# -- renaming ---------------------------------------------------------------------------------
@transaction.atomic
def player_rename(*, player: Player, name: str, by: User) -> Player:
    """Give a member a new name (the same rules as adding one: cleaned, not blank, not another
    member's name of the club, whatever the case)."""
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    club = player.club
    name = _checked_name(name, Player, blank_message=_("Give the player a name."))
    others = list(club.players.exclude(pk=player.pk).values_list("name", flat=True))
    existing = same_name(name, others)
    if existing is not None:
        raise Refused(
            _("%(club)s already has a member called %(name)s.") % {"club": club, "name": existing},
            "name",
        )
    old = player.name
    if old == name:
        return player
    player.name = name
    try:
        with transaction.atomic():
            player.save(update_fields=["name"])
    except IntegrityError:
        raise Refused(
            _("%(club)s already has a member called %(name)s.") % {"club": club, "name": name},
            "name",
        ) from None
    topics = _refresh_stored_names(_player_entrants(player))
    _audit(
        club=club,
        subject="player",
        subject_id=player.pk,
        subject_name=name,
        action="rename",
        before={"name": old},
        after={"name": name},
        by=by,
    )
    changed(topics, club_page(club.pk))
    return player


@transaction.atomic
def partnership_rename(*, partnership: Partnership, name: str, by: User) -> Partnership:
    """Give a partnership a new team name; blank: it is called by its players ("Anna & Ben")."""
    partnership = (
        Partnership.objects.select_for_update()
        .select_related("club", "first", "second")
        .get(pk=partnership.pk)
    )
    club = partnership.club
    name = _checked_name(name, Partnership, blank_message=None)
    if name:
        key = name_key(name)
        for other in club.partnerships.exclude(pk=partnership.pk).exclude(name=""):
            if name_key(other.name) == key:
                raise Refused(
                    _("%(club)s already has a team called %(name)s.")
                    % {"club": club, "name": other.name},
                    "name",
                )
    old = partnership.name
    if old == name:
        return partnership
    partnership.name = name
    partnership.save(update_fields=["name"])
    topics = _refresh_stored_names(Entrant.objects.filter(partnership=partnership))
    _audit(
        club=club,
        subject="partnership",
        subject_id=partnership.pk,
        subject_name=str(partnership),
        action="rename",
        before={"name": old},
        after={"name": name},
        by=by,
    )
    changed(topics, club_page(club.pk))
    return partnership


@transaction.atomic
def club_rename(*, club: Club, name: str, by: User) -> Club:
    """Give the club a new name. Its address (slug) stays: it is printed on paper."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    name = _checked_name(name, Club, blank_message=_("Give the club a name."))
    others = list(Club.objects.exclude(pk=club.pk).values_list("name", flat=True))
    existing = same_name(name, others)
    if existing is not None:
        raise Refused(_("There is already a club called %(name)s.") % {"name": existing}, "name")
    old = club.name
    if old == name:
        return club
    club.name = name
    try:
        with transaction.atomic():
            club.save(update_fields=["name"])
    except IntegrityError:
        raise Refused(
            _("There is already a club called %(name)s.") % {"name": name}, "name"
        ) from None
    _audit(
        club=club,
        subject="club",
        subject_id=club.pk,
        subject_name=name,
        action="rename",
        before={"name": old},
        after={"name": name},
        by=by,
    )
    topics = [club_page(club.pk)]
    for competition_id in club.competitions.values_list("pk", flat=True):
        topics.append(competition_topics(competition_id))
    changed(*topics)
    return club


# -- retiring -------------------------------------------------------------------------------
def _set_retired(record: Player | Partnership, *, retired: bool, by: User, subject: str) -> None:
    if (record.retired_at is not None) == retired:
        return  # already so: a second tap changes nothing
    before = {"retired": record.retired_at is not None}
    record.retired_at = timezone.now() if retired else None
    record.save(update_fields=["retired_at"])
    _audit(
        club=record.club,
        subject=subject,
        subject_id=record.pk,
        subject_name=str(record),
        action="retire" if retired else "return",
        before=before,
        after={"retired": retired},
        by=by,
    )
    changed(club_page(record.club_id))


@transaction.atomic
def player_retire(*, player: Player, by: User, retired: bool = True) -> Player:
    """Retire a member who left (``retired``), or bring them back (not ``retired``)."""
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    _set_retired(player, retired=retired, by=by, subject="player")
    return player


@transaction.atomic
def partnership_retire(*, partnership: Partnership, by: User, retired: bool = True) -> Partnership:
    """Retire a partnership that no longer plays together, or bring it back."""
    partnership = (
        Partnership.objects.select_for_update()
        .select_related("club", "first", "second")
        .get(pk=partnership.pk)
    )
    _set_retired(partnership, retired=retired, by=by, subject="partnership")
    return partnership


# -- removing -------------------------------------------------------------------------------
@dataclass
class Removal:
    """What removing a record would do: ``blockers``, the competitions it plays or played in
    (then it cannot be removed), and ``also``, the records removed with it (a member's
    partnerships that never played; a club's members and partnerships)."""

    blockers: list[str] = field(default_factory=list)
    also: list[str] = field(default_factory=list)

    @property
    def allowed(self) -> bool:
        return not self.blockers


def _competition_names(entrants: QuerySet[Entrant]) -> list[str]:
    names = entrants.values_list("competition__name", flat=True).distinct()
    return sorted(set(names))


def player_removal(player: Player) -> Removal:
    """Whether ``player`` may be removed: not while entered in a competition, alone or in one
    of their partnerships. Their partnerships that were never entered go with them."""
    pairs = Partnership.objects.filter(Q(first=player) | Q(second=player))
    entries = Entrant.objects.filter(Q(player=player) | Q(partnership__in=pairs))
    return Removal(
        blockers=_competition_names(entries),
        also=[str(pair) for pair in pairs.select_related("first", "second")],
    )


def partnership_removal(partnership: Partnership) -> Removal:
    """Whether ``partnership`` may be removed: not while entered in a competition."""
    return Removal(blockers=_competition_names(Entrant.objects.filter(partnership=partnership)))


def club_removal(club: Club) -> Removal:
    """Whether ``club`` may be removed: not while it has a competition. Its members and
    partnerships go with it."""
    names = sorted(set(Competition.objects.filter(club=club).values_list("name", flat=True)))
    also = [str(p) for p in club.players.all()]
    also += [str(p) for p in club.partnerships.select_related("first", "second")]
    return Removal(blockers=names, also=also)


def _refuse_blocked(removal: Removal, name: str, *, club: bool = False) -> None:
    if removal.allowed:
        return
    words = (
        _("%(name)s has competitions (%(competitions)s), so cannot be removed.")
        if club
        else _("%(name)s is entered in %(competitions)s, so cannot be removed.")
    )
    raise Refused(words % {"name": name, "competitions": ", ".join(removal.blockers)}, None)


@transaction.atomic
def player_remove(*, player: Player, by: User) -> None:
    """Remove a member who never played (and their partnerships that never played)."""
    player = Player.objects.select_for_update().select_related("club").get(pk=player.pk)
    _refuse_blocked(player_removal(player), player.name)
    club = player.club
    pairs = Partnership.objects.filter(Q(first=player) | Q(second=player))
    for pair in pairs.select_related("first", "second"):
        _audit(
            club=club,
            subject="partnership",
            subject_id=pair.pk,
            subject_name=str(pair),
            action="remove",
            before={"name": pair.name, "players": pair.players_text},
            by=by,
        )
    pairs.delete()
    _audit(
        club=club,
        subject="player",
        subject_id=player.pk,
        subject_name=player.name,
        action="remove",
        before={"name": player.name},
        by=by,
    )
    player.delete()
    changed(club_page(club.pk))


@transaction.atomic
def partnership_remove(*, partnership: Partnership, by: User) -> None:
    """Remove a partnership that never played."""
    partnership = (
        Partnership.objects.select_for_update()
        .select_related("club", "first", "second")
        .get(pk=partnership.pk)
    )
    _refuse_blocked(partnership_removal(partnership), str(partnership))
    club = partnership.club
    _audit(
        club=club,
        subject="partnership",
        subject_id=partnership.pk,
        subject_name=str(partnership),
        action="remove",
        before={"name": partnership.name, "players": partnership.players_text},
        by=by,
    )
    partnership.delete()
    changed(club_page(club.pk))


@transaction.atomic
def club_remove(*, club: Club, by: User) -> None:
    """Remove a club that has no competition, with its members and partnerships. Its audit
    rows stay (their club is then blank), with this removal the last of them."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    _refuse_blocked(club_removal(club), club.name, club=True)
    _audit(
        club=None,
        subject="club",
        subject_id=club.pk,
        subject_name=club.name,
        action="remove",
        before={"name": club.name, "slug": club.slug},
        by=by,
    )
    club_id = club.pk
    # Partnerships first: their players are theirs to RESTRICT.
    club.partnerships.all().delete()
    club.delete()
    changed(club_page(club_id))
