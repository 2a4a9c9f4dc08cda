"""Writes for tournaments: seeding, starting, confirming results, advancing, reviewing a drawn
Swiss round, withdrawing.

Words: a tournament is a :class:`~league.models.Competition` of kind ``tournament`` in one of
the formats (single or double elimination, Swiss, pools then a knockout, round robin). Each
fixture side gets a private *entry link* (``FixtureSide.entry_token``): the players of that side
enter their deals through it, and the *other* side confirms the result through theirs (or the
director does). Only a confirmed result advances the tournament: the bracket's next match
fills in, or the next Swiss round is paired, or the knockout after the pools is drawn.

A Swiss round is paired as a *draft* (``Round.draft``): the director reviews it, may swap two
entrants (:func:`swiss_draft_swap`; a rematch or an unfair bye needs an explicit yes) and
publishes it (:func:`round_publish`). Until then its entry links do not open, and the public
pages and the fixtures list leave it out.

The bracket itself is never stored: it is drawn again from the format and the seeds, and
worked out from the confirmed results by :func:`scoring.brackets.resolve`, so a correction or
a withdrawal can never leave stored slots out of step.
"""

from __future__ import annotations

import random
import secrets
import uuid
from collections import defaultdict
from collections.abc import Iterator, Mapping

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import scoring
from league.competitions.selectors import competition_standings
from league.competitions.services import (
    competition_create,
    fixture_concede,
    fixture_start_game,
    fixtures_generate,
)
from league.competitions.tallies import tallies_deferred
from league.errors import NeedsConfirmation, NotEntering, Refused
from league.games.services import game_abandon, game_add_deal, game_undo_deal
from league.live.publish import publishes
from league.live.topics import competition_topics, fixture_topics
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Deal,
    DealAudit,
    Entrant,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    MatchEvent,
    RecordChange,
    Round,
    TournamentFormat,
)
from league.names import clean_text
from league.ratings.selectors import entrants_rated
from league.tournaments.selectors import (
    BRACKETS,
    bracket_state,
    draft_round,
    entrant_people,
    games_in_progress,
    pools_done,
    round_fixtures,
    swiss_history,
    tournament_bracket,
    tournament_finished,
)
from scoring import Ruleset
from scoring.brackets import bracket_waves, split_into_pools
from scoring.formats import (
    InvalidFormat,
    check_tournament,
    check_tournament_start,
    suggested_swiss_rounds,
    swiss_round_due,
    usual_tiebreaks,
)
from scoring.matches import forfeit_score
from scoring.pairing import round_robin
from scoring.ratings import seeding_order
from scoring.swiss import SwapWarning, SwissEntrant, swap_entrants, swiss_pairings, table_draw


def new_entry_token() -> str:
    return secrets.token_urlsafe(18)


# -- creating, seeding and starting ----------------------------------------------------------
def tournament_create(
    *,
    club: Club,
    name: str,
    rules: Ruleset,
    entrant_kind: str,
    format: str,
    by: User,
    games_per_match: int = 1,
    best_of: bool = False,
    third_place: bool = False,
    final_reset: bool = True,
    swiss_rounds: int | None = None,
    pool_count: int | None = None,
    pool_top_k: int | None = None,
    tiebreaks: tuple[str, ...] | list[str] | None = None,
) -> Competition:
    """A tournament: a competition with a format. Without ``tiebreaks`` its table is ordered
    the format's usual way (a Swiss by Buchholz: :func:`scoring.formats.usual_tiebreaks`)."""
    try:
        check_tournament(
            rules,
            format=format,
            entrant_kind=entrant_kind,
            games_per_match=games_per_match,
            best_of=best_of,
            swiss_rounds=swiss_rounds,
            pool_count=pool_count,
            pool_top_k=pool_top_k,
        )
    except InvalidFormat as error:
        raise Refused(error.message, error.field) from None
    competition = competition_create(
        club=club,
        name=name,
        rules=rules,
        entrant_kind=entrant_kind,
        by=by,
        games_per_match=games_per_match,
        tiebreaks=tiebreaks or usual_tiebreaks(format),
    )
    competition.kind = CompetitionKind.TOURNAMENT
    competition.format = format
    competition.best_of = best_of
    competition.third_place = third_place
    competition.final_reset = final_reset
    competition.swiss_rounds = swiss_rounds if format == TournamentFormat.SWISS else None
    competition.pool_count = pool_count if format == TournamentFormat.POOLS else None
    competition.pool_top_k = pool_top_k if format == TournamentFormat.POOLS else None
    competition.save()
    return competition


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def tournament_seed(
    *,
    competition: Competition,
    method: str,
    seeds: Mapping[int, int] | None = None,
    from_competition: Competition | None = None,
    rng_seed: int | None = None,
) -> list[Entrant]:
    """Give every entrant a seed (1 the best): ``manual`` (``seeds``: entrant id → seed),
    ``random``, ``standings`` (the order of another competition's table, entrants matched
    by player or partnership; the rest after them at random), or ``rating``: strongest first
    by the ratings' conservative value (:func:`scoring.ratings.seeding_order`: a player's own
    rating, a partnership's pair rating or else its partners' combined), those rated the same
    (newcomers) in the order they were entered."""
    if competition.started:
        raise Refused(_("The tournament has started: the seeds are fixed."), "method")
    entrants = list(competition.entrants.select_related("partnership").order_by("id"))
    if method == "manual":
        given = dict(seeds or {})
        numbers = sorted(given.get(e.pk, 0) for e in entrants)
        if numbers != list(range(1, len(entrants) + 1)):
            raise Refused(
                ngettext(
                    "Give each of the %(count)d entrants a different seed from 1 to %(count)d.",
                    "Give each of the %(count)d entrants a different seed from 1 to %(count)d.",
                    len(entrants),
                )
                % {"count": len(entrants)},
                "seeds",
            )
        order = sorted(entrants, key=lambda e: given[e.pk])
    elif method == "random":
        order = entrants[:]
        random.Random(rng_seed).shuffle(order)
    elif method == "standings":
        if from_competition is None:
            raise Refused(
                _("Choose the competition whose table seeds this one."), "from_competition"
            )
        ranked = [line for line in competition_standings(from_competition)]
        by_who: dict[tuple[str, int | None], int] = {}
        for line in ranked:
            key = ("p", line.player_id) if line.player_id else ("t", line.partnership_id)
            by_who.setdefault(key, len(by_who))

        def place(e: Entrant) -> int:
            key = ("p", e.player_id) if e.player_id else ("t", e.partnership_id)
            return by_who.get(key, len(by_who) + e.pk)

        order = sorted(entrants, key=place)
    elif method == "rating":
        who, ratings = entrants_rated(entrants)
        order = [entrants[i] for i in seeding_order(ratings, who)]
    else:
        raise Refused(f"Unknown seeding {method!r}: manual, random, standings or rating.", "method")
    for number, entrant in enumerate(order, start=1):
        entrant.seed = number
    Entrant.objects.bulk_update(order, ["seed"])
    return order


def _seeded(competition: Competition) -> list[Entrant]:
    entrants = list(competition.entrants.all())
    if any(e.seed is None for e in entrants) or len({e.seed for e in entrants}) != len(entrants):
        # Unseeded: the order they were entered in.
        entrants.sort(key=lambda e: e.pk)
        for number, entrant in enumerate(entrants, start=1):
            entrant.seed = number
        Entrant.objects.bulk_update(entrants, ["seed"])
    return sorted(entrants, key=lambda e: e.seed or 0)


def _side_tokens(fixture: Fixture) -> None:
    for side in fixture.sides.all():
        side.entry_token = new_entry_token()
        side.save(update_fields=["entry_token"])


def _next_round(competition: Competition) -> Round:
    last = competition.rounds.aggregate(n=Max("number"))["n"] or 0
    return Round.objects.create(competition=competition, number=last + 1)


def _add_fixture(
    competition: Competition,
    night: Round,
    table: int,
    home: Entrant,
    away: Entrant,
    *,
    bracket_match: str = "",
    pool: int | None = None,
) -> Fixture:
    fixture = Fixture.objects.create(
        competition=competition,
        round=night,
        table=str(table),
        bracket_match=bracket_match,
        pool=pool,
    )
    FixtureSide.objects.bulk_create(
        [
            FixtureSide(fixture=fixture, side=0, entrant=home, entry_token=new_entry_token()),
            FixtureSide(fixture=fixture, side=1, entrant=away, entry_token=new_entry_token()),
        ]
    )
    return fixture


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def tournament_start(*, competition: Competition) -> None:
    """Draw the first round (or the whole round robin, or the pools)."""
    if competition.kind != CompetitionKind.TOURNAMENT:
        raise Refused(_("Only a tournament is started this way."), None)
    if competition.started:
        raise Refused(_("The tournament has already started."), None)
    entrants = _seeded(competition)
    fmt = competition.format
    try:
        check_tournament_start(
            fmt,
            len(entrants),
            third_place=competition.third_place,
            final_reset=competition.final_reset,
            pool_count=competition.pool_count,
            pool_top_k=competition.pool_top_k,
        )
    except InvalidFormat as error:
        raise Refused(error.message, error.field) from None
    if fmt == TournamentFormat.SWISS and competition.swiss_rounds is None:
        # Left blank when it was created: the number the field of entrants needs.
        competition.swiss_rounds = suggested_swiss_rounds(len(entrants))
        competition.save(update_fields=["swiss_rounds"])
    if fmt == TournamentFormat.ROUND_ROBIN:
        competition.started = True  # fixtures_generate draws a tournament once it has started
        fixtures_generate(competition=competition)
        for fixture in competition.fixtures.all():
            _side_tokens(fixture)
    elif fmt == TournamentFormat.POOLS:
        pools = competition.pool_count or 2
        groups = split_into_pools(entrants, pools)
        for pool, members in enumerate(groups):
            for entrant in members:
                entrant.pool = pool
        Entrant.objects.bulk_update(entrants, ["pool"])
        plans = [round_robin(members) for members in groups]
        table = 0
        for number in range(max(len(plan) for plan in plans)):
            night = Round.objects.create(competition=competition, number=number + 1)
            table = 0
            for pool, plan in enumerate(plans):
                if number >= len(plan):
                    continue
                for home, away in plan[number]:
                    if away is None:
                        night.sitting_out.add(home)
                        continue
                    table += 1
                    _add_fixture(competition, night, table, home, away, pool=pool)
    else:
        competition.started = True
        competition.save(update_fields=["started"])
        tournament_advance(competition=competition)
        return
    competition.started = True
    competition.save(update_fields=["started"])


# -- results ---------------------------------------------------------------------------------
@transaction.atomic
@publishes(lambda fixture, **_: fixture_topics(fixture))
def fixture_confirm(
    *, fixture: Fixture, side: int | None = None, director: User | None = None
) -> Fixture:
    """Confirm a fixture's result: by the side that did not enter it, or by the director.
    Then advance the tournament."""
    # The competition's row first: two confirmations at once must not both see the other's
    # match unconfirmed and leave the next round unpaired.
    Competition.objects.select_for_update().get(pk=fixture.competition_id)
    fixture = Fixture.objects.select_for_update().get(pk=fixture.pk)
    if fixture.confirmed_at is not None:
        raise Refused(_("This result is already confirmed."), None)
    if not fixture.finished:
        raise Refused(_("The match is not finished: there is no result to confirm yet."), None)
    if director is None:
        if side not in (0, 1):
            raise Refused(_("Only a side of this match or the director confirms it."), None)
        if fixture.entered_by is None or fixture.entered_by == side:
            raise Refused(
                _(
                    "The side that entered the deals cannot confirm them: the other side's "
                    "players confirm the result with their own link, or the director does."
                ),
                None,
            )
        if fixture.disputed_at is not None:
            raise Refused(
                _("This result is disputed: the director looks at it and confirms it."), None
            )
    fixture.confirmed_at = timezone.now()
    # Codes, not words: each reader sees who confirmed it in their language (stored_words).
    if director is not None:
        fixture.confirmed_by = Fixture.CONFIRMED_BY_DIRECTOR
        fixture.confirmed_by_name = director.get_username()
        if fixture.disputed_at is not None:
            fixture.disputed_at = None
            MatchEvent.objects.create(
                fixture=fixture, kind=MatchEvent.Kind.SETTLED, who=director.get_username()
            )
    else:
        assert side is not None  # checked above: with no director, a side confirms
        fixture.confirmed_by = Fixture.CONFIRMED_BY_SIDE
        fixture.confirmed_side = side
    fixture.save(
        update_fields=[
            "confirmed_at",
            "confirmed_by",
            "confirmed_side",
            "confirmed_by_name",
            "disputed_at",
        ]
    )
    tournament_advance(competition=fixture.competition)
    return fixture


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def tournament_advance(*, competition: Competition) -> list[Fixture]:
    """Create the fixtures that the confirmed results make ready; returns them."""
    if not competition.started:
        return []
    fmt = competition.format
    if fmt == TournamentFormat.SWISS:
        return _swiss_next(competition)
    if fmt in BRACKETS:
        if fmt == TournamentFormat.POOLS and not pools_done(competition):
            return []
        state = bracket_state(competition)
        assert state is not None
        existing = set(
            competition.fixtures.exclude(bracket_match="").values_list("bracket_match", flat=True)
        )
        ready = [m for m in state.ready if m not in existing]
        if not ready:
            return []
        entrants = {e.pk: e for e in competition.entrants.all()}
        bracket = tournament_bracket(competition)
        assert bracket is not None
        waves = bracket_waves(bracket)
        # After pools the knockout's rounds follow the pool rounds.
        offset = (
            competition.rounds.filter(fixtures__pool__isnull=False).aggregate(n=Max("number"))["n"]
            or 0
        )
        made = []
        for table, match_id in zip(_free_tables(competition), ready, strict=False):
            match = state.matches[match_id]
            # A ready match has both its entrants: neither side is a bye or still to be decided.
            assert isinstance(match.home, int) and isinstance(match.away, int)
            night, _created = Round.objects.get_or_create(
                competition=competition, number=offset + waves[match_id]
            )
            made.append(
                _add_fixture(
                    competition,
                    night,
                    table,
                    entrants[match.home],
                    entrants[match.away],
                    bracket_match=match_id,
                )
            )
        return made
    return []


def _free_tables(competition: Competition) -> Iterator[int]:
    """Table numbers from 1 up, skipping those where a match is still being played: a bracket
    makes its matches as results come in, while other tables are still at play."""
    busy = {
        int(table)
        for table in competition.fixtures.filter(finished=False).values_list("table", flat=True)
        if table.isdigit()
    }
    number = 0
    while True:
        number += 1
        if number not in busy:
            yield number


def _swiss_next(competition: Competition) -> list[Fixture]:
    played = competition.rounds.count()
    if not swiss_round_due(
        rounds_drawn=played,
        swiss_rounds=competition.swiss_rounds,
        all_confirmed=not competition.fixtures.filter(confirmed_at__isnull=True).exists(),
    ):
        return []
    entrants = [e for e in _seeded(competition) if not e.withdrawn]
    points = (
        {line.entrant_id: line.row.match_points for line in competition_standings(competition)}
        if played
        else {}
    )
    field = [SwissEntrant(e.pk, score=points.get(e.pk, 0), rating=-(e.seed or 0)) for e in entrants]
    history = []
    previous_tables: dict[int, set[int]] = defaultdict(set)
    by_fixture: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for fixture_id, side, entrant, table in FixtureSide.objects.filter(
        fixture__competition=competition
    ).values_list("fixture_id", "side", "entrant_id", "fixture__table"):
        by_fixture[fixture_id].append((side, entrant, table))
        if table.isdigit():
            previous_tables[entrant].add(int(table))
    for sides in by_fixture.values():
        if len(sides) == 2:
            history.append((sides[0][1], sides[1][1]))
    byes = [
        e.pk
        for night in competition.rounds.prefetch_related("sitting_out")
        for e in night.sitting_out.all()
    ]
    paired = swiss_pairings(field, history, byes, seed=played)
    night = _next_round(competition)
    # A draft: the director reviews it (and may swap entrants) before publishing it.
    night.draft = True
    night.save(update_fields=["draft"])
    by_id = {e.pk: e for e in entrants}
    if paired.bye is not None:
        night.sitting_out.add(by_id[paired.bye])
    made = []
    four_hand = competition.rules.partnerships
    for place in table_draw(list(paired.pairs), previous_tables, four_hand=four_hand):
        made.append(
            _add_fixture(competition, night, place.table, by_id[place.home], by_id[place.away])
        )
    return made


# -- a Swiss round drawn, reviewed and published ------------------------------------------------
def swap_warning_text(warning: SwapWarning[int], names: Mapping[int, str]) -> str:
    """A swap's warning as the director reads it."""
    who = [names[e] for e in warning.entrants]
    n = warning.times
    if warning.kind == "rematch":
        said = {"first": who[0], "second": who[1], "count": n}
        if n == 1:
            return _("%(first)s and %(second)s have already played each other.") % said
        if n == 2:
            return _("%(first)s and %(second)s have already played each other twice.") % said
        return (
            ngettext(
                "%(first)s and %(second)s have already played each other %(count)d time.",
                "%(first)s and %(second)s have already played each other %(count)d times.",
                n,
            )
            % said
        )
    return ngettext(
        "%(name)s has already sat out a round, and others in this round have sat out fewer.",
        "%(name)s has already sat out %(count)d rounds, and others in this round have sat "
        "out fewer.",
        n,
    ) % {"name": who[0], "count": n}


def _draft(night: Round) -> Round:
    Competition.objects.select_for_update().get(pk=night.competition_id)
    night = Round.objects.select_related("competition").get(pk=night.pk)
    if not night.draft:
        raise Refused(
            _("Round %(number)s is published: its pairings are fixed.") % {"number": night.number},
            None,
        )
    return night


@transaction.atomic
@publishes(lambda night, **_: competition_topics(night.competition))
def swiss_draft_swap(
    *, night: Round, first: Entrant, second: Entrant, confirm: bool = False
) -> list[str]:
    """Swap two entrants of a drawn Swiss round before it is published: each takes the
    other's table and side (or the bye). A swap that makes a rematch or an unfair bye
    (:func:`scoring.swiss.swap_entrants`) is refused with :class:`NeedsConfirmation` unless
    ``confirm``; returns the warnings it was made with. The two seats get new entry links."""
    night = _draft(night)
    seats: dict[int, FixtureSide] = {}
    pairs: list[tuple[int, int]] = []
    for fixture in round_fixtures(night):
        sides = sorted(fixture.sides.all(), key=lambda s: s.side)
        pairs.append((sides[0].entrant_id, sides[1].entrant_id))
        seats.update({s.entrant_id: s for s in sides})
    sitting_out = list(night.sitting_out.all())
    bye = sitting_out[0].pk if sitting_out else None
    if first.pk == second.pk:
        raise Refused(_("Choose two different entrants to swap."), "second")
    for entrant, field in ((first, "first"), (second, "second")):
        if entrant.pk not in seats and entrant.pk != bye:
            raise Refused(
                _("%(name)s is not in round %(number)s.")
                % {"name": entrant, "number": night.number},
                field,
            )
    home = seats.get(first.pk)
    if home is not None and second.pk in seats and home.fixture_id == seats[second.pk].fixture_id:
        table = home.fixture.table
        raise Refused(
            _("%(first)s and %(second)s already play each other at table %(table)s.")
            % {"first": first, "second": second, "table": table},
            "second",
        )
    history, byes = swiss_history(night.competition, night.number)
    swapped = swap_entrants(pairs, bye, first.pk, second.pk, history, byes)
    names = {first.pk: first.name, second.pk: second.name}
    for seat in seats.values():
        names.setdefault(seat.entrant_id, seat.entrant.name)
    warnings = [swap_warning_text(w, names) for w in swapped.warnings]
    if warnings and not confirm:
        raise NeedsConfirmation(warnings)
    moved = []
    for entrant, other in ((first, second), (second, first)):
        if entrant.pk in seats:
            seat = seats[entrant.pk]
            seat.entrant = other
            seat.entry_token = new_entry_token()
            moved.append(seat)
        else:
            night.sitting_out.remove(entrant)
            night.sitting_out.add(other)
    for seat in moved:
        seat.full_clean()
        seat.save(update_fields=["entrant", "entry_token"])
    return warnings


@transaction.atomic
@publishes(lambda night, **_: competition_topics(night.competition))
def round_publish(*, night: Round) -> Round:
    """Publish a drawn round: its entry links open and the public pages show it."""
    night = _draft(night)
    night.draft = False
    night.save(update_fields=["draft"])
    return night


@transaction.atomic
@publishes(lambda entrant, **_: competition_topics(entrant.competition))
def entrant_withdraw(*, entrant: Entrant, by: User) -> Entrant:
    """Withdraw an entrant: its open matches are conceded (and confirmed by the director),
    and the tournament moves on without it. A drawn round not yet published is drawn again
    without it. Refused once the tournament is finished.

    A conceded match's *games in progress* (started, not finished, with deals or with none)
    are abandoned (:func:`league.games.services.game_abandon`, naming the withdrawing side),
    as a league's withdrawal does: kept for the record, taken off the match, counting nowhere
    and taking no more deals. No game is ever deleted."""
    Competition.objects.select_for_update().get(pk=entrant.competition_id)
    if entrant.withdrawn:
        raise Refused(
            ngettext(
                "%(name)s has already withdrawn.",
                "%(name)s have already withdrawn.",
                entrant_people(entrant),
            )
            % {"name": entrant},
            None,
        )
    if tournament_finished(entrant.competition):
        raise Refused(_("The tournament is finished: nobody can withdraw now."), "entrant")
    draft = draft_round(entrant.competition)
    redrawn = draft.number if draft is not None else None
    if draft is not None:
        draft.delete()
    entrant.withdrawn = True
    entrant.withdrawn_at = timezone.now()
    entrant.save(update_fields=["withdrawn", "withdrawn_at"])
    competition = entrant.competition
    target = competition.rules.game_points
    open_sides = FixtureSide.objects.filter(entrant=entrant, fixture__finished=False).exclude(
        fixture__status=FixtureStatus.VOID
    )
    conceded = []
    abandoned = []
    # The entrants' tallies once, after every conceded fixture is locked and written.
    with tallies_deferred():
        for side in open_sides.select_related("fixture").order_by("fixture_id"):
            conceded.append(side.fixture_id)
            # A game in progress beside a forfeit would take deals for a decided match.
            for game in games_in_progress(Fixture.objects.filter(pk=side.fixture_id)):
                game_abandon(game=game, by=by, withdrawn_side=side.side)
                abandoned.append(game.pk)
            fixture = Fixture.objects.select_related("competition", "round").get(
                pk=side.fixture_id
            )  # as the abandons left it
            fixture_concede(
                fixture=fixture, side=side.side, score=forfeit_score(target), withdrawal=True
            )
            fixture.refresh_from_db()
            fixture.status = FixtureStatus.FORFEIT
            fixture.confirmed_at = timezone.now()
            fixture.confirmed_by = Fixture.CONFIRMED_BY_WITHDRAWAL
            fixture.confirmed_by_name = by.get_username()
            fixture.save(
                update_fields=["status", "confirmed_at", "confirmed_by", "confirmed_by_name"]
            )
    # Audited as a league's withdrawal is (league.competitions.withdrawal): the same subject
    # and action, what it conceded, and the drawn round it drew again.
    RecordChange.objects.create(
        club_id=competition.club_id,
        subject="entrant",
        subject_id=entrant.pk,
        subject_name=entrant.name[:200],
        action="withdraw",
        before={"withdrawn": False},
        # The games it abandoned, when it abandoned any (as a league's withdrawal records).
        after={
            "withdrawn": True,
            "conceded": conceded,
            "redrawn": redrawn,
            **({"abandoned": abandoned} if abandoned else {}),
        },
        by=by,
    )
    tournament_advance(competition=competition)
    return entrant


#: The words of every write to a club evening's table link once the table's result is in.
RESULT_IN = gettext_lazy("This table's result is in: ask the director to correct it.")


def _open_for_entry(side: FixtureSide) -> Fixture:
    # Read afresh: the link's page may have been open since before the confirmation.
    fixture = Fixture.objects.select_related("competition", "round").get(pk=side.fixture_id)
    if fixture.confirmed_at is not None:
        raise Refused(_("This link has expired: the match's result is confirmed."), None)
    if fixture.competition.kind == CompetitionKind.EVENING and (
        fixture.finished or fixture.typed_scores is not None
    ):
        # Nobody confirms a club evening's table: its result counts once it is in, and only
        # the director changes it then (the game's sheet, or its paper result typed again).
        raise Refused(str(RESULT_IN), None)
    if fixture.round.draft:
        raise Refused(_("This round is not published yet: wait for the director."), None)
    return fixture


def _side_name(fixture: Fixture, side: int) -> str:
    names = fixture.sides.filter(side=side).values_list("entrant__name", flat=True)
    return " & ".join(names)


def _entering(fixture: Fixture, side: FixtureSide) -> None:
    """Refuse a write from the link of the side that does not enter the match's deals."""
    if fixture.entered_by is not None and fixture.entered_by != side.side:
        people = sum(
            2 if partnership else 1
            for partnership in fixture.sides.filter(side=fixture.entered_by).values_list(
                "entrant__partnership_id", flat=True
            )
        )
        raise NotEntering(
            ngettext(
                "%(side)s enters the deals of this match; your link confirms the result. "
                "Nothing was saved. To enter the deals instead, take over entry.",
                "%(side)s enter the deals of this match; your link confirms the result. "
                "Nothing was saved. To enter the deals instead, take over entry.",
                people,
            )
            % {"side": _side_name(fixture, fixture.entered_by)},
            None,
        )


@transaction.atomic
@publishes(lambda side, **_: fixture_topics(side.fixture))
def token_start_game(*, side: FixtureSide, first_dealer: int = 0) -> Game:
    """Start the match's next game from a side's entry link, ``first_dealer`` (a seat)
    dealing first. The side that starts the first game enters the match's deals (the other
    side confirms), as with a Bridgemate: one side enters, the other verifies."""
    fixture = _open_for_entry(side)
    game = fixture_start_game(
        fixture=fixture, by=fixture.competition.created_by, first_dealer=first_dealer
    )
    # The fixture's row is held by fixture_start_game now; refused, the game is not kept.
    locked = Fixture.objects.get(pk=fixture.pk)
    _entering(locked, side)
    if locked.entered_by is None:
        locked.entered_by = side.side
        locked.save(update_fields=["entered_by"])
    return game


def token_add_deal(
    *,
    side: FixtureSide,
    game: Game,
    deal: scoring.Deal,
    entry_key: uuid.UUID | None = None,
    void_reason: str = "",
    expected_number: int | None = None,
) -> tuple[Deal, bool]:
    """Add a deal to one of the match's games from the link of the side that enters the deals
    (the first side to enter one when none does yet). A form for a deal somebody entered
    first from another phone is refused, saying what was entered (before the side is checked:
    that is the more useful thing to hear when both sides typed the same deal)."""
    fixture = _open_for_entry(side)
    if game.fixture_id != fixture.pk:
        raise Refused(_("This link is for another match."), None)
    # game_add_deal checks the side in the same transaction that checks the result is open.
    try:
        return game_add_deal(
            game=game,
            deal=deal,
            by=fixture.competition.created_by,
            entry_key=entry_key,
            void_reason=void_reason,
            entered_by=side.side,
            expected_number=expected_number,
            taken_where="from another phone",
        )
    except NotEntering:
        fixture.refresh_from_db(fields=["entered_by"])
        _entering(fixture, side)  # the same refusal, naming the side that enters
        raise


@transaction.atomic
@publishes(lambda side, **_: fixture_topics(side.fixture))
def token_take_over(*, side: FixtureSide) -> Fixture:
    """The side of this link enters the match's deals from now on, instead of the other side
    (whose phone went flat, or who left): kept as an event the director sees."""
    _open_for_entry(side)
    fixture = Fixture.objects.select_for_update().get(pk=side.fixture_id)
    if fixture.entered_by == side.side:
        raise Refused(_("Your side already enters the deals of this match."), None)
    if fixture.finished:
        raise Refused(
            _("The match is over: check the sheet, then confirm the result or say what is wrong."),
            None,
        )
    fixture.entered_by = side.side
    fixture.save(update_fields=["entered_by"])
    MatchEvent.objects.create(
        fixture=fixture,
        kind=MatchEvent.Kind.TAKE_OVER,
        side=side.side,
    )
    return fixture


def entered_by_this_side(fixture: Fixture, game: Game, number: int) -> bool:
    """Whether deal ``number`` of ``game`` was entered by the side that enters now: only that
    side can write, so every deal saved since entry last changed hands (a take-over) is its
    own; one saved before then is the other side's."""
    taken_over = (
        fixture.events.filter(kind=MatchEvent.Kind.TAKE_OVER).order_by("-at").values("at").first()
    )
    if taken_over is None:
        return True
    return game.deals.filter(number=number, created_at__gte=taken_over["at"]).exists()


def token_undo_deal(*, side: FixtureSide, game: Game, number: int, expected_version: int) -> Deal:
    """Take the last deal of the match's latest game off again, from the link of the side that
    enters the deals, until the result is confirmed (audited as an undo)."""
    fixture = _open_for_entry(side)
    if game.fixture_id != fixture.pk:
        raise Refused(_("This link is for another match."), None)
    _entering(fixture, side)
    if fixture.disputed_at is not None:
        # The director is checking the sheet as it stands: it must not change under them.
        raise Refused(
            _(
                "The result is disputed: the director settles the sheet now, so it stays as it "
                "is. Tell the director what to change."
            ),
            None,
        )
    if not entered_by_this_side(fixture, game, number):
        raise Refused(
            _(
                "Deal %(number)s was entered before your side took over entry: only the "
                "director can change it now."
            )
            % {"number": number},
            None,
        )
    return game_undo_deal(
        game=game,
        number=number,
        expected_version=expected_version,
        by=fixture.competition.created_by,
        via=DealAudit.VIA_ENTRY_LINK,
        via_side=side.side,
    )


@transaction.atomic
@publishes(lambda side, **_: fixture_topics(side.fixture))
def token_dispute(*, side: FixtureSide, words: str) -> Fixture:
    """The side that confirms says the sheet is not what was played, instead of confirming:
    the match is flagged for the director with its words. Once it is flagged, either side may
    add its words. The director settles it by correcting the sheet and confirming."""
    _open_for_entry(side)
    fixture = Fixture.objects.select_for_update().get(pk=side.fixture_id)
    words = clean_text(words)
    if not words:
        raise Refused(_("Say what was not as you played it, for the director."), "words")
    if fixture.disputed_at is None and fixture.entered_by in (None, side.side):
        raise Refused(
            _("Your side enters the deals: undo a wrong deal, or ask the director."), "words"
        )
    if fixture.disputed_at is None:
        fixture.disputed_at = timezone.now()
        fixture.save(update_fields=["disputed_at"])
    MatchEvent.objects.create(
        fixture=fixture,
        kind=MatchEvent.Kind.DISPUTE,
        side=side.side,
        words=words[:1000],
    )
    return fixture
