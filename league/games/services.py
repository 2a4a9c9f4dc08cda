"""Writes for games: start a game, add, correct and delete deals, and recompute the engine's
columns. Each service is keyword-only, runs in one transaction, scores through the engine, and
raises :class:`~league.errors.Refused` (the engine's refusal with the part of the deal it
names, or :class:`~league.errors.GameOver` / :class:`~league.errors.DealChanged`) for a user's
mistake, leaving the database as it was.

Words: an *entry key* is the token an entry form carries, so that the same form sent twice adds
one deal; the *expected number* is the deal number the form was for, so that two people
entering the same deal from two phones add it once (the second is told what the first
entered); a deal's *version* counts its corrections, so that a correction made from a stale
form is refused instead of overwriting somebody else's. To *undo* is to take the last deal off
again (audited); to *abandon* a game started by mistake takes it off its fixture for good.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence
from dataclasses import asdict

from django.contrib.auth.models import User
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import scoring
from league import plain_sql
from league.competitions.results import fixture_recompute
from league.db import lock_not_granted, write_lock
from league.errors import Busy, DealChanged, DealTaken, GameOver, NotEntering, Refused
from league.games import selectors
from league.live import publish as live
from league.live import topics as live_topics
from league.models import Deal, DealAudit, Fixture, FixtureStatus, Game, MatchEvent, MeldEntry
from league.models.games import declared_to_data
from league.names import clean_name, name_key
from scoring import InvalidDeal, Ruleset, play_game, score_deal
from scoring.game import add_stats, deal_stats, game_end, side_stats


def _locked(game: Game) -> Game:
    # Serialise writers of one game: the row lock on PostgreSQL; on SQLite the settings start
    # every transaction IMMEDIATE, which serialises all writers.
    return Game.objects.select_for_update().get(pk=game.pk)


def game_create(
    *,
    rules: Ruleset,
    side_names: Sequence[str],
    by: User,
    table: str = "",
    title: str = "",
    first_dealer: int = 0,
    meld_entry: str = MeldEntry.SCORED,
) -> Game:
    """Start a game: the ruleset is copied onto it as data, with who deals first (a seat:
    see :func:`league.games.selectors.seat_names`) and how its melds are entered."""
    names = [clean_name(name) for name in side_names]
    if len(names) != rules.sides or not all(names):
        raise Refused(
            ngettext(
                "%(game)s needs a name for each of its %(count)d side.",
                "%(game)s needs a name for each of its %(count)d sides.",
                rules.sides,
            )
            % {"game": rules.name, "count": rules.sides},
            "side_names",
        )
    if len({name_key(n) for n in names}) != len(names):
        raise Refused(_("Give each side a different name."), "side_names")
    _check_dealer(rules, first_dealer)
    game = Game(
        title=clean_name(title),
        preset=rules.preset,
        ruleset_data=rules.to_data(),
        side_names=names,
        table=clean_name(table),
        created_by=by,
        totals=[0] * rules.sides,
        first_dealer=first_dealer,
        meld_entry=meld_entry,
    )
    game.full_clean()
    with transaction.atomic():
        game.save()
        game.scorers.add(by)
        live.changed(live_topics.game_topics(game))
    return game


def _check_dealer(rules: Ruleset, seat: int) -> None:
    if not 0 <= seat < rules.players:
        raise Refused(
            _("%(game)s is played by %(players)s players: choose one of them to deal first.")
            % {"game": rules.name, "players": rules.players},
            "first_dealer",
        )


def game_settings(
    *, game: Game, by: User, meld_entry: str, first_dealer: int | None = None
) -> list[int]:
    """Change how the game's melds are entered, and who dealt first (``None``: unchanged).
    A new first dealer changes who dealt every deal, so the game is scored again (the elder
    hand may decide equal declared melds); refused, nothing changes. Returns the numbers of
    the deals that now score differently, for the scorer to be told (none, mostly)."""
    if meld_entry not in MeldEntry.values:
        raise Refused(_("Choose how melds are entered: scored or declared."), "meld_entry")
    with transaction.atomic():
        game = _locked(game)
        _not_abandoned(game)
        game.meld_entry = meld_entry
        fields = ["meld_entry", "updated_at"]
        if first_dealer is not None and first_dealer != game.first_dealer:
            _check_dealer(game.rules, first_dealer)
            if game.fixture_id is not None:
                _fixture_open(game.fixture_id, None)
            shift = first_dealer - game.first_dealer
            game.first_dealer = first_dealer
            fields.append("first_dealer")
            if game.deal_count:
                deals = list(game.deals.all())
                # A dealer kept after a deletion was counted from the old first dealer too.
                kept = [d for d in deals if d.dealer is not None]
                for deal in kept:
                    deal.dealer = ((deal.dealer or 0) + shift) % game.rules.players
                Deal.objects.bulk_update(kept, ["dealer"])
                before = {d.number: d.entered() for d in deals}
                changed = game_recompute(game, deals)
                game.save(update_fields=fields)
                _save_game(game, changed)
                rescored = [d for d in changed if d.points != before[d.number]["points"]]
                # A score that changed is a correction like any other: audited, with who.
                DealAudit.objects.bulk_create(
                    DealAudit(
                        game=game,
                        deal_number=d.number,
                        action=DealAudit.Action.EDIT,
                        before=before[d.number],
                        after=d.entered(),
                        by=by,
                        via=DealAudit.VIA_FIRST_DEALER,
                    )
                    for d in rescored
                )
                return [d.number for d in rescored]
        game.save(update_fields=fields)
        live.changed(live_topics.game_topics(game))
    return []


def _fill(record: Deal, deal: scoring.Deal, void_reason: str, rules: scoring.Ruleset) -> None:
    if deal.void and void_reason and void_reason not in rules.void_reasons:
        # The deal form offers only the game's own reasons; this is a request made by hand.
        raise Refused(
            _("%(game)s has no void deal for “%(value)s”.")
            % {"game": rules.name, "value": void_reason},
            "void",
        )
    record.makers = deal.makers
    record.card_points = list(deal.card_points) if deal.card_points is not None else None
    record.melds = [list(side) for side in deal.melds]
    record.declared = declared_to_data(deal.declared) if deal.declared else []
    record.belle = deal.belle
    record.renege = "" if deal.renege is None else str(deal.renege)
    record.void = deal.void
    record.void_reason = void_reason if deal.void else ""
    record.no_trump = deal.no_trump
    record.meld_points = list(deal.meld_points) if deal.meld_points is not None else None
    record.all_tricks = deal.all_tricks
    record.bid = "" if deal.bid is None else str(deal.bid)
    record.contre = deal.contre
    record.bonuses = [list(side) for side in deal.bonuses]


def game_recompute(game: Game, deals: list[Deal]) -> list[Deal]:
    """Score ``deals`` (in order, numbered from 1) under the game's ruleset and write the
    engine's columns on them and on the game. The one place those columns are computed.

    Returns the deals whose engine columns changed. Raises :class:`~league.errors.Refused`
    (nothing written) when the deals no longer make a valid game, for example a correction
    that ends the game before its last deal.
    """
    rules = game.rules
    engine_deals = selectors.engine_deals(game, deals)
    try:
        result = play_game(rules, engine_deals, side_names=game.side_names)
    except InvalidDeal as error:
        raise Refused.from_engine(error) from None
    changed = []
    for number, (record, scored, running) in enumerate(
        zip(deals, result.results, result.running, strict=True), start=1
    ):
        fresh = (
            number,
            list(scored.points),
            list(scored.marks),
            scored.made,
            list(running),
            scored.held,
            list(scored.scored_meld_points),
        )
        old = (
            record.number,
            record.points,
            record.marks,
            record.made,
            record.running,
            record.held,
            record.meld_scored,
        )
        if fresh != old:
            (
                record.number,
                record.points,
                record.marks,
                record.made,
                record.running,
                record.held,
                record.meld_scored,
            ) = fresh
            changed.append(record)
    game.totals = list(result.totals)
    game.held = result.held
    game.winner = result.winner
    game.drawn = result.drawn
    game.deal_count = len(deals)
    game.side_stats = [asdict(s) for s in side_stats(rules, engine_deals, result)]
    return changed


def _save_game(game: Game, changed: list[Deal]) -> None:
    """Write the engine's columns, and the fixture's result when the game belongs to one."""
    if changed:
        Deal.objects.bulk_update(
            changed, ["number", "points", "marks", "made", "running", "held", "meld_scored"]
        )
    game.version += 1
    game.save(
        update_fields=[
            "totals",
            "held",
            "winner",
            "drawn",
            "deal_count",
            "side_stats",
            "version",
            "updated_at",
        ]
    )
    live.changed(live_topics.game_topics(game))
    if game.fixture is not None:
        fixture_recompute(game.fixture)


def _fixture_open(fixture_id: int, entered_by: int | None, *, void_ok: bool = False) -> None:
    """Inside a write transaction: refuse to change a game whose fixture's result is confirmed,
    or (unless ``void_ok``) whose fixture is void, and hold the fixture's row so that a
    confirmation waits for this write.

    ``entered_by`` (a write from a side's entry link) must be the side that enters the match's
    deals; the first side to write when none is recorded yet becomes it."""
    fixture = Fixture.objects.filter(pk=fixture_id, confirmed_at__isnull=True)
    if entered_by is None:
        # The status comes with the lock, in the same query: this is the deal's hot path.
        statuses = list(fixture.select_for_update().values_list("status", flat=True))
        if statuses == [FixtureStatus.VOID] and not void_ok:
            # Its games are kept for the record, not played on (a league's void fixture).
            raise Refused(
                _("This game's fixture is void: restore the fixture first to enter deals."),
                "game",
            )
        still_open = bool(statuses)
    else:
        mine = Q(entered_by__isnull=True) | Q(entered_by=entered_by)
        still_open = bool(fixture.filter(mine).update(entered_by=entered_by))
        if not still_open and fixture.exists():
            raise NotEntering(
                _(
                    "The other side enters the deals of this match; your link confirms the "
                    "result. Nothing was saved. To enter the deals instead, take over entry."
                )
            )
    if not still_open:
        raise Refused(
            _(
                "This match's result is confirmed: its games can no longer change. Ask the "
                "director if something is wrong."
            )
        )


def _not_abandoned(game: Game) -> None:
    if game.abandoned:
        raise Refused(_("This game was abandoned: it takes no more changes."), "game")


def _expected_next(game: Game, expected_number: int | None, where: str) -> None:
    """Refuse a deal entered for deal ``expected_number`` when the game's next deal, as read
    under the write lock, is another: the deal it names exists already (or was taken off)."""
    if expected_number is None or expected_number == game.deal_count + 1:
        return
    existing = game.deals.filter(number=expected_number).first()
    raise DealTaken(expected_number, existing, game.deal_count + 1, where)


def _next_deal(
    game: Game, deal: scoring.Deal, by: User, key: uuid.UUID, void_reason: str
) -> tuple[Deal, dict[str, object]]:
    """Score ``deal`` as the next deal of ``game`` as read: the new row, and the game's columns
    after it. Raises :class:`~league.errors.Refused` for a deal the engine refuses."""
    _not_abandoned(game)
    if game.finished:
        if game.drawn:
            raise GameOver(
                _("This game is over: its %(deals)s deals are played and it ended level.")
                % {"deals": game.deal_count},
                "game",
            )
        raise GameOver(_("This game is over: %(result)s.") % {"result": game.result_text}, "game")
    rules = game.rules
    if deal.declared:
        # The elder hand follows from who deals this deal, as the deals so far say.
        deal = dataclasses.replace(deal, elder=selectors.elder_before(game, game.deal_count + 1))
    try:
        result = score_deal(rules, deal, held=game.held, side_names=game.side_names)
    except InvalidDeal as error:
        raise Refused.from_engine(error) from None
    totals = [t + p for t, p in zip(game.display_totals, result.points, strict=True)]
    number = game.deal_count + 1
    record = Deal(game=game, number=number, created_by=by, entry_key=key)
    _fill(record, deal, void_reason, game.rules)
    (record.points, record.marks, record.made, record.running, record.held) = (
        list(result.points),
        list(result.marks),
        result.made,
        totals,
        result.held,
    )
    record.meld_scored = list(result.scored_meld_points)
    finished, winner = game_end(rules, totals, number)
    record.full_clean(
        exclude=["game", "created_by"], validate_unique=False, validate_constraints=False
    )
    changes: dict[str, object] = {
        "totals": totals,
        "held": result.held,
        "winner": winner,
        "drawn": finished and winner is None,
        "deal_count": number,
        "side_stats": add_stats(game.side_stats, deal_stats(rules, deal, result)),
        "version": game.version + 1,
        "updated_at": timezone.now(),
    }
    return record, changes


def game_add_deal(
    *,
    game: Game,
    deal: scoring.Deal,
    by: User,
    entry_key: uuid.UUID | None = None,
    void_reason: str = "",
    entered_by: int | None = None,
    expected_number: int | None = None,
    taken_where: str = DealTaken.BY_SOMEBODY_ELSE,
) -> tuple[Deal, bool]:
    """Add the next deal. Returns the deal and whether it was created now: a form sent again
    with the same ``entry_key`` returns the deal it already added.

    A form for deal ``expected_number`` adds that deal only: when the game has it already
    (somebody else entered it first, from another phone), it is refused with
    :class:`~league.errors.DealTaken` naming the deal already entered (``taken_where`` says
    where it came from), nothing saved. The number is checked under the lock below, so two
    forms for the same deal sent at once add one.

    Adds to one game are serialised: each waits its turn and then saves, however many scorers
    send at once, so an add never fails because another one came first. The turn is the
    game's row lock on PostgreSQL and the write lock on SQLite (:func:`league.db.write_lock`,
    then an IMMEDIATE transaction), held from reading the game to writing the deal.

    Adding is the hot path of a club night, so the deal is scored before the turn comes, from
    the game as the caller read it, and the turn is kept short: an update of the game guarded
    by its version, and the insert (for a game of a fixture, also a check that the fixture's
    result is not confirmed yet, recording ``entered_by``: the side whose entry link entered
    the deal). When the guard misses (another deal or a correction came first), the game is
    read again under the lock and the deal scored again there; nobody else can move it then.
    A lock not granted in time ends in :class:`~league.errors.Busy`: nothing saved, try again.
    """
    key = entry_key or uuid.uuid4()
    # A form for another deal than the next as read, or a finished game: decided under the lock.
    as_read = expected_number in (None, game.deal_count + 1)
    prepared = (
        _next_deal(game, deal, by, key, void_reason)
        if as_read and not game.finished and not game.abandoned
        else None
    )
    try:
        with write_lock(), transaction.atomic():
            moved = prepared is None or not (
                plain_sql.update(Game, {"pk": game.pk, "version": game.version}, prepared[1])
            )
            if moved:
                # The caller's own object, read afresh under the lock: it is what they see after.
                game.refresh_from_db(from_queryset=Game.objects.select_for_update())
                existing = game.deals.filter(entry_key=key).first()
                if existing is not None:
                    return existing, False
                _expected_next(game, expected_number, taken_where)
                prepared = _next_deal(game, deal, by, key, void_reason)
                plain_sql.update(Game, {"pk": game.pk}, prepared[1])
            assert prepared is not None
            record, changes = prepared
            record.game = game
            if game.fixture_id is not None:
                _fixture_open(game.fixture_id, entered_by)
            plain_sql.insert(record)  # record.save(force_insert=True), its SQL written once
            for name, value in changes.items():
                setattr(game, name, value)
            live.changed(live_topics.game_topics(game))
            if game.finished and game.fixture is not None:
                # Standings read finished games only: a game in play changes nothing there.
                fixture_recompute(game.fixture)
    except IntegrityError:
        # The unique (game, entry key) constraint: this form was saved already.
        existing = Deal.objects.filter(game=game, entry_key=key).first()
        if existing is None:
            raise
        game.refresh_from_db()
        return existing, False
    except OperationalError as error:
        if not lock_not_granted(error):
            raise
        raise Busy(
            _(
                "Another scorer was saving to this game and your deal could not get its turn, "
                "so it was not saved. Press Save again."
            )
        ) from None
    return record, True


def _stale(record: Deal | None, number: int, expected_version: int) -> None:
    if record is None:
        raise DealChanged(
            _(
                "Deal %(number)s was deleted by somebody else while you were correcting it; "
                "nothing was saved."
            )
            % {"number": number},
            None,
        )
    if record.version != expected_version:
        raise DealChanged(
            _(
                "Deal %(number)s was changed by somebody else while you were correcting it, "
                "so your correction was not saved. The form shows what you entered; the deal "
                "now holds what is listed above it."
            )
            % {"number": number},
            record,
        )


@transaction.atomic
def game_correct_deal(
    *,
    game: Game,
    number: int,
    deal: scoring.Deal,
    expected_version: int,
    by: User,
    void_reason: str = "",
) -> Deal:
    """Replace what was entered for deal ``number``, recompute the game, and audit it."""
    game = _locked(game)
    if game.fixture_id is not None:
        _fixture_open(game.fixture_id, None)
    deals = list(game.deals.all())
    record = next((d for d in deals if d.number == number), None)
    _stale(record, number, expected_version)
    assert record is not None
    before = record.entered()
    _fill(record, deal, void_reason, game.rules)
    changed = game_recompute(game, deals)
    record.version += 1
    record.save()
    _save_game(game, [d for d in changed if d is not record])
    DealAudit.objects.create(
        game=game,
        deal_number=number,
        action=DealAudit.Action.EDIT,
        before=before,
        after=record.entered(),
        by=by,
    )
    return record


def game_delete_deal(*, game: Game, number: int, expected_version: int, by: User) -> None:
    """Delete deal ``number``; the deals after it move up one, and the game is recomputed."""
    _take_off(game, number, expected_version, by, DealAudit.Action.DELETE)


def game_undo_deal(
    *,
    game: Game,
    number: int,
    expected_version: int,
    by: User,
    via: str = "",
    via_side: int | None = None,
) -> Deal:
    """Take the game's last deal, ``number``, off again (a slip of the finger just saved), and
    audit it as an undo (``via``, a ``DealAudit.VIA_*`` code, when ``by`` is not the person:
    ``VIA_ENTRY_LINK`` with ``via_side``, the entry link of that side).
    Refused when deal ``number`` is no longer the last (somebody added one since), or when a
    later game of the same match has started. Returns the deal taken off (no longer saved)."""
    return _take_off(game, number, expected_version, by, DealAudit.Action.UNDO, via, via_side)


def _keep_dealers(game: Game, deals: list[Deal], record: Deal) -> Deal | None:
    """Before ``record`` is taken off ``deals``: keep who dealt each deal after it, which the
    deals would otherwise pass on one seat too few (a deleted deal was one entered by
    mistake; the cards after it were still dealt by who dealt them). The deal after it keeps
    its dealer: as the game's first dealer when ``record`` is deal 1, else on the deal itself
    (``Deal.dealer``); every later one follows from it. Returns that deal (changed, not
    saved), or None when nothing after ``record`` changes dealer. Undoing the last deal
    changes nobody's: its dealer deals again."""
    index = deals.index(record)
    if index + 1 >= len(deals):
        return None
    seats = selectors.dealer_seats(game, deals)
    following = deals[index + 1]
    if index == 0:
        if seats[1] == game.first_dealer and following.dealer is None:
            return None
        game.first_dealer = seats[1]
        following.dealer = None
        return following
    follows = selectors.dealer_seats(game, deals[:index])[-1]
    # None when the deals before it pass the deal to who dealt it anyway (the deleted deal
    # was dealt again by the same dealer: void).
    kept = None if seats[index + 1] == follows else seats[index + 1]
    if following.dealer == kept:
        return None
    following.dealer = kept
    return following


@transaction.atomic
def _take_off(
    game: Game,
    number: int,
    expected_version: int,
    by: User,
    action: DealAudit.Action,
    via: str = "",
    via_side: int | None = None,
) -> Deal:
    game = _locked(game)
    _not_abandoned(game)
    if game.fixture_id is not None:
        _fixture_open(game.fixture_id, None)
    deals = list(game.deals.all())
    record = next((d for d in deals if d.number == number), None)
    _stale(record, number, expected_version)
    assert record is not None
    if action == DealAudit.Action.UNDO:
        if number != game.deal_count:
            raise Refused(
                _(
                    "Deal %(number)s is no longer the last deal: deal %(last)s was entered "
                    "since, so nothing was undone."
                )
                % {"number": number, "last": game.deal_count},
                "game",
            )
        fixture_id = game.fixture_id
        if (
            fixture_id is not None
            and Game.objects.filter(fixture_id=fixture_id, pk__gt=game.pk).exists()
        ):
            raise Refused(
                _(
                    "The next game of this match has started, so this game's last deal cannot "
                    "be undone here. Ask the director to correct it."
                ),
                "game",
            )
    remaining = [d for d in deals if d is not record]
    kept_dealer = _keep_dealers(game, deals, record)
    changed = game_recompute(game, remaining)
    if kept_dealer is not None and kept_dealer not in changed:
        kept_dealer.save(update_fields=["dealer"])
    record.delete()
    # One row at a time from the front, so that (game, number) stays unique at every step
    # whatever order the database would update a whole batch in.
    for moved in sorted(changed, key=lambda d: d.number):
        moved.save(update_fields=["number", "points", "marks", "made", "running", "held", "dealer"])
    _save_game(game, [])
    if kept_dealer is not None and record.number == 1:
        game.save(update_fields=["first_dealer"])
    DealAudit.objects.create(
        game=game,
        deal_number=number,
        action=action,
        before=record.entered(),
        after=None,
        by=by,
        via=via,
        via_side=via_side,
    )
    return record


@transaction.atomic
def game_abandon(*, game: Game, by: User, withdrawn_side: int | None = None) -> Game:
    """Abandon a game started by mistake: it is taken off its fixture (which counts its other
    games only, so a match with none left is unplayed again), kept for the record with who
    abandoned it and when, and takes no more deals. The match keeps an event saying so.

    ``withdrawn_side``: the game is abandoned because that side of its match withdrew from the
    league (:mod:`league.competitions.withdrawal`), not by mistake; the match's event names
    the side, and the game's page says so."""
    game = _locked(game)
    _not_abandoned(game)
    fixture_id = game.fixture_id
    if fixture_id is not None:
        _fixture_open(fixture_id, None, void_ok=True)  # a void fixture's game may go too
    game.abandoned_at = timezone.now()
    game.abandoned_by = by
    game.fixture = None
    game.version += 1
    game.save(update_fields=["abandoned_at", "abandoned_by", "fixture", "version"])
    live.changed(live_topics.game_topics(game))
    if fixture_id is not None:
        fixture = Fixture.objects.select_related("competition").get(pk=fixture_id)
        MatchEvent.objects.create(
            fixture=fixture,
            game=game,
            kind=MatchEvent.Kind.ABANDON,
            side=withdrawn_side,
            who=by.get_username(),
            # The count: its words are the reader's (league.stored_words).
            words=str(game.deal_count),
        )
        if not fixture.games.exists():
            # Nobody enters a match that has no game: the next to start it will.
            fixture.entered_by = None
            fixture.save(update_fields=["entered_by"])
        fixture_recompute(fixture)
    return game
