"""Writes of club evenings and seasons: create, check in at the door, draw a round, type a
table's result from paper, leave early.

Words (:mod:`scoring.evenings`): an *evening* is a competition of kind ``evening``; its
*entrants* are who checked in (players at an individual evening, pairs at a pairs evening);
each *round* is drawn on the night, one at a time ("Draw round 2"), and each of its tables is
a fixture (``Fixture.table`` "1", "2", ...) whose sides are two partners (individuals) or a
pair. At an individual evening a table's four seats are its fixture sides in order: side 0's
first and second are seats 1 and 3, side 1's are seats 2 and 4 (partners opposite). A
*table of three* has three sides of one player each (seats 1, 2, 3), no entry link, and its
result typed from paper, one number a player (:func:`evening_three_result`). A
*sit-out* is kept in ``Round.sitting_out``. A user's mistake raises
:class:`~league.errors.Refused` with the field it concerns; nothing is saved.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.competitions.results import fixture_recompute
from league.competitions.services import (
    _refuse_void,
    _unique_slug,
    fixture_type_result,
    partnership_add,
    player_add,
)
from league.engine_words import engine_message
from league.errors import Refused
from league.evenings.selectors import evening as evening_view
from league.games.services import game_abandon
from league.live.publish import publishes
from league.live.topics import competition_topics
from league.models import (
    Club,
    Competition,
    CompetitionKind,
    Entrant,
    EntrantKind,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Partnership,
    Player,
    RecordChange,
    Round,
    Season,
)
from league.names import clean_name, name_key
from league.tournaments.services import new_entry_token
from scoring import Ruleset
from scoring.evenings import (
    THREE_SEATS,
    EveningHistory,
    EveningRules,
    InvalidEvening,
    RoundDraw,
    SeasonRules,
    check_paper_total,
    check_three_scores,
    draw_individuals,
    draw_pairs,
    evening_rules_change_refusal,
    evening_rules_from_data,
    in_round,
    season_rules_to_data,
)

#: The longest prize list a club types (one line a prize).
MAX_PRIZES = 200


def _refused(error: InvalidEvening, field: str | None = None) -> Refused:
    return Refused(engine_message(error), field)


def evening_rules(competition: Competition) -> EveningRules:
    """The evening's rules as the engine reads them."""
    return evening_rules_from_data(competition.evening_rules)


def _clean_prizes(prize_words: Sequence[str]) -> list[str]:
    words = [clean_name(w) for w in prize_words]
    while words and not words[-1]:
        words.pop()
    if len(words) > MAX_PRIZES:
        raise Refused(_("At most %(count)d prizes.") % {"count": MAX_PRIZES}, "prize_words")
    for w in words:
        if len(w) > 120:
            raise Refused(_("A prize's words are at most 120 characters."), "prize_words")
    return words


@transaction.atomic
def evening_create(
    *,
    club: Club,
    name: str,
    rules: Ruleset,
    evening: EveningRules,
    by: User,
    held_on: datetime.date | None = None,
    season: Season | None = None,
    prize_words: Sequence[str] = (),
    booby_words: str = "",
) -> Competition:
    """A club evening: its game (a preset with the club's house rules), how it is run
    (``evening``), the night, the season it counts for and the prize list's words."""
    name = clean_name(name)
    if not name:
        raise Refused(_("Give the evening a name."), "name")
    _check_game(rules, evening)
    if season is not None and season.club_id != club.pk:
        raise Refused(_("Choose a season of this club."), "season")
    booby_words = clean_name(booby_words)
    if len(booby_words) > 120:
        raise Refused(_("A prize's words are at most 120 characters."), "booby_words")
    competition = Competition(
        club=club,
        name=name,
        slug=_unique_slug(Competition, f"{club.slug} {name}"),
        ruleset_data=rules.to_data(),
        entrant_kind=(
            EntrantKind.ROTATION if evening.entrants == "individuals" else EntrantKind.PARTNERSHIPS
        ),
        kind=CompetitionKind.EVENING,
        games_per_match=1,
        tiebreaks=["points_for"],
        evening_rules=evening.to_data(),
        held_on=held_on,
        season=season,
        prize_words=_clean_prizes(prize_words),
        booby_words=booby_words,
        started=True,
        created_by=by,
    )
    competition.full_clean()
    competition.save()
    return competition


def _require_evening(competition: Competition) -> None:
    if competition.kind != CompetitionKind.EVENING:
        raise Refused(_("This is not a club evening."), None)


def rounds_drawn(competition: Competition) -> int:
    """How many rounds of the evening are drawn."""
    return competition.rounds.count()


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_set_prizes(
    *, competition: Competition, prize_words: Sequence[str], booby_words: str = ""
) -> Competition:
    """The prize list's words, one a prize in order, and the booby prize's."""
    _require_evening(competition)
    competition.prize_words = _clean_prizes(prize_words)
    competition.booby_words = clean_name(booby_words)[:120]
    competition.save(update_fields=["prize_words", "booby_words"])
    return competition


# -- at the door ------------------------------------------------------------------------------


def _joining_round(competition: Competition) -> int:
    # A late arrival joins from the next round drawn.
    return rounds_drawn(competition) + 1


def _door_open(competition: Competition) -> None:
    """Refuse a check-in once every round is drawn: whoever came now would play no round (a
    late arrival joins from the next round drawn, and there is none)."""
    rounds = evening_rules(competition).rounds
    if rounds_drawn(competition) >= rounds:
        raise Refused(
            ngettext(
                "The only round is drawn: nobody can join now.",
                "All %(count)d rounds are drawn: nobody can join now.",
                rounds,
            )
            % {"count": rounds},
            None,
        )


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_check_in(*, competition: Competition, player: Player) -> Entrant:
    """Check a member in at an individual evening: they play from the next round drawn.
    Refused once every round is drawn, and for a retired member (a guest is checked in by
    :func:`evening_check_in_guest`)."""
    _require_evening(competition)
    if competition.entrant_kind != EntrantKind.ROTATION:
        raise Refused(_("At an evening of pairs, check a pair in."), "player")
    if player.club_id != competition.club_id:
        raise Refused(_("Check in a member of %(club)s.") % {"club": competition.club}, "player")
    _door_open(competition)
    if player.retired_at is not None:
        raise Refused(
            _("%(name)s has retired: bring them back into the club first.") % {"name": player},
            "player",
        )
    return _check_in_player(competition, player)


def _check_in_player(competition: Competition, player: Player) -> Entrant:
    existing = competition.entrants.filter(player=player).first()
    if existing is not None:
        if existing.left_after_round is not None:
            return _come_back(competition, existing)
        raise Refused(_("%(name)s is already checked in.") % {"name": player.name}, "player")
    return Entrant.objects.create(
        competition=competition,
        player=player,
        name=player.name,
        joined_round=_joining_round(competition),
    )


def _guest(club: Club, name: str, field: str, *, members_too: bool = False) -> Player:
    """The player a guest's typed ``name`` is: a retired player of that name (a guest back
    another week), an active member of it when ``members_too`` (else refused: they are
    checked in from the member list), or a new player kept as retired (a guest)."""
    name = clean_name(name)
    if not name:
        raise Refused(_("Give the guest a name."), field)
    limit = Player._meta.get_field("name").max_length or 80
    if len(name) > limit:
        raise Refused(
            _("The name is longer than %(limit)d letters: shorten it.") % {"limit": limit}, field
        )
    key = name_key(name)
    known = next((p for p in club.players.all() if name_key(p.name) == key), None)
    if known is None:
        try:
            player = player_add(club=club, name=name)
        except Refused as error:
            raise Refused(error.message, field) from None
        player.retired_at = timezone.now()
        player.save(update_fields=["retired_at"])
        return player
    if known.retired_at is None and not members_too:
        raise Refused(
            _("%(name)s is a member of %(club)s: check them in from the list of members.")
            % {"name": known.name, "club": club},
            field,
        )
    return known


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_check_in_guest(*, competition: Competition, name: str) -> Entrant:
    """A guest added on the spot and checked in, at an individual evening.

    A *guest* is kept as a retired player of the club: ``retired_at`` is set when they are
    made at the door, so they are off the member list and every list to choose from
    (check-in, partnerships, entrants), and kept in the evening's history, the statistics
    and the ratings like anyone who played; a season ranks members, and leaves guests out
    (:func:`league.evenings.selectors.guests_among`). "Bring back into the club" on the
    club's members page (the retired list) makes them a member in one tap. A guest with the
    name of a retired player (a guest back next week, a member who left) is that person,
    checked in again; the name of an active member is refused (check them in from the list).
    Refused once every round is drawn."""
    _require_evening(competition)
    if competition.entrant_kind != EntrantKind.ROTATION:
        raise Refused(_("At an evening of pairs, check a pair in."), None)
    _door_open(competition)
    player = _guest(competition.club, name, "name")
    return _check_in_player(competition, player)


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_check_in_guest_pair(
    *, competition: Competition, first: str, second: str, name: str = ""
) -> Entrant:
    """A pair of guests (a concours of outsiders) added on the spot and checked in, at a
    pairs evening: two players by name (each a guest as :func:`evening_check_in_guest` keeps
    one: a new retired player, or the retired player of that name; a name of an active
    member is that member, playing with a guest), their partnership (the one they have, or a
    new one with the optional team ``name``, kept as retired too when a guest is in it: off
    the lists of pairs) and the pair checked in. Refused once every round is drawn."""
    _require_evening(competition)
    if competition.entrant_kind != EntrantKind.PARTNERSHIPS:
        raise Refused(_("At an evening of drawn partners, check players in one by one."), None)
    _door_open(competition)
    club = competition.club
    one = _guest(club, first, "first", members_too=True)
    other = _guest(club, second, "second", members_too=True)
    if one.pk == other.pk:
        raise Refused(_("Give the two players of the pair two different names."), "second")
    pair = {one.pk, other.pk}
    partnership = next(
        (p for p in club.partnerships.all() if {p.first_id, p.second_id} == pair), None
    )
    if partnership is None:
        team = clean_name(name)
        limit = Partnership._meta.get_field("name").max_length or 80
        if len(team) > limit:
            raise Refused(
                _("The team's name is longer than %(limit)d letters: shorten it.")
                % {"limit": limit},
                "name",
            )
        if team and any(name_key(p.name) == name_key(team) for p in club.partnerships.all()):
            raise Refused(
                _("%(club)s already has a team called %(name)s.") % {"club": club, "name": team},
                "name",
            )
        partnership = Partnership(club=club, first=one, second=other, name=team)
        if one.retired_at is not None or other.retired_at is not None:
            partnership.retired_at = timezone.now()
        partnership.full_clean()
        partnership.save()
    return _check_in_partnership(competition, partnership)


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_check_in_pair(
    *,
    competition: Competition,
    partnership: Partnership | None = None,
    first: Player | None = None,
    second: Player | None = None,
    name: str = "",
) -> Entrant:
    """Check a pair in at a pairs evening: a partnership of the club, or two members (their
    partnership is made when they have none). Refused once every round is drawn; a pair of
    guests is checked in by :func:`evening_check_in_guest_pair`."""
    _require_evening(competition)
    if competition.entrant_kind != EntrantKind.PARTNERSHIPS:
        raise Refused(_("At an evening of drawn partners, check players in one by one."), None)
    _door_open(competition)
    if partnership is None:
        if first is None or second is None:
            raise Refused(_("Choose the pair, or its two players."), "first")
        club = competition.club
        pair = {first.pk, second.pk}
        partnership = next(
            (p for p in club.partnerships.all() if {p.first_id, p.second_id} == pair), None
        ) or partnership_add(club=club, first=first, second=second, name=name)
    if partnership.club_id != competition.club_id:
        raise Refused(_("Check in a pair of %(club)s.") % {"club": competition.club}, "partnership")
    return _check_in_partnership(competition, partnership)


def _check_in_partnership(competition: Competition, partnership: Partnership) -> Entrant:
    existing = competition.entrants.filter(partnership=partnership).first()
    if existing is not None:
        if existing.left_after_round is not None:
            return _come_back(competition, existing)
        raise Refused(_("%(name)s is already checked in.") % {"name": existing.name}, "partnership")
    players = {partnership.first_id, partnership.second_id}
    for other in competition.entrants.select_related("partnership"):
        if other.partnership and players & {
            other.partnership.first_id,
            other.partnership.second_id,
        }:
            raise Refused(
                _("A player of this pair is already checked in with %(name)s.")
                % {"name": other.name},
                "partnership",
            )
    return Entrant.objects.create(
        competition=competition,
        partnership=partnership,
        name=str(partnership),
        joined_round=_joining_round(competition),
    )


def _come_back(competition: Competition, entrant: Entrant) -> Entrant:
    # Back after leaving: plays again from the next round drawn; the rounds missed in between
    # score the absent score (they are outside joined..left).
    drawn = rounds_drawn(competition)
    if entrant.left_after_round is not None and entrant.left_after_round >= drawn:
        entrant.left_after_round = None
    else:
        entrant.joined_round = drawn + 1
        entrant.left_after_round = None
    if entrant.joined_round > drawn + 1:
        entrant.joined_round = drawn + 1
    entrant.save(update_fields=["joined_round", "left_after_round"])
    return entrant


def _seated(entrant: Entrant) -> bool:
    return entrant.fixture_sides.exists() or Round.objects.filter(sitting_out=entrant).exists()


@transaction.atomic
@publishes(lambda entrant, **_: competition_topics(entrant.competition_id))
def evening_check_out(*, entrant: Entrant) -> None:
    """Undo a check-in tapped by mistake: only for one never drawn yet."""
    _require_evening(entrant.competition)
    if _seated(entrant):
        raise Refused(
            _("%(name)s is already drawn: mark them as leaving instead.") % {"name": entrant.name},
            None,
        )
    entrant.delete()


@transaction.atomic
@publishes(lambda entrant, **_: competition_topics(entrant.competition_id))
def evening_leave(*, entrant: Entrant) -> Entrant:
    """A player (or pair) leaving early: they play no round after the last one drawn; the
    evening's remaining rounds score its absent score."""
    competition = entrant.competition
    _require_evening(competition)
    if entrant.left_after_round is not None:
        raise Refused(_("%(name)s has already left.") % {"name": entrant.name}, None)
    drawn = rounds_drawn(competition)
    if drawn < entrant.joined_round:
        # Never drawn: leaving is undoing the check-in.
        evening_check_out(entrant=entrant)
        return entrant
    # The evening's row locked, as a draw locks it: no round is drawn or drawn again meanwhile.
    Competition.objects.select_for_update().filter(pk=competition.pk).first()
    last = competition.rounds.order_by("-number").first()
    # Leaving before the last round drawn has begun (no game or result at any of its tables):
    # they do not play it, and drawing it again leaves them out (trial 30: a redraw seated
    # again whoever had left before the first deal).
    untouched = last is not None and _round_untouched(last)
    if untouched and last is not None and drawn - 1 < entrant.joined_round:
        # That round would have been their first: they never play. Their check-in is undone
        # (not ranked on absent scores alone) with that round's draw, which seated them: the
        # director draws it again (the view says so).
        last.delete()
        entrant.delete()
        return entrant
    entrant.left_after_round = drawn - 1 if untouched else drawn
    entrant.save(update_fields=["left_after_round"])
    return entrant


@transaction.atomic
@publishes(lambda entrant, **_: competition_topics(entrant.competition_id))
def evening_come_back(*, entrant: Entrant) -> Entrant:
    """Undo a leave (a player back after all): they play again from the next round drawn."""
    _require_evening(entrant.competition)
    if entrant.left_after_round is None:
        raise Refused(_("%(name)s has not left.") % {"name": entrant.name}, None)
    return _come_back(entrant.competition, entrant)


# -- the draw ---------------------------------------------------------------------------------


def evening_history(competition: Competition) -> EveningHistory[int]:
    """What the evening's drawn rounds did (partners, opponents, sit-outs, rounds missed by a
    late arrival or one away), by entrant id."""
    history: EveningHistory[int] = EveningHistory()
    rules = evening_rules(competition)
    seats: dict[int, list[list[int]]] = {}
    for side in FixtureSide.objects.filter(fixture__competition=competition).order_by(
        "fixture_id", "side", "id"
    ):
        table = seats.setdefault(side.fixture_id, [[], [], []])
        table[side.side].append(side.entrant_id)
    for table in seats.values():
        history.add(_as_draw(table, rules), rules.entrants)
    for sitting in Round.sitting_out.through.objects.filter(round__competition=competition):
        history.sat_out[sitting.entrant_id] += 1
    # Rounds drawn while an entrant was not there (late, or away): the engine counts them as
    # rounds without a table when it chooses who sits out next.
    drawn = rounds_drawn(competition)
    for entrant in competition.entrants.all():
        missed = sum(
            1
            for number in range(1, drawn + 1)
            if not in_round(entrant.joined_round, entrant.left_after_round, number)
        )
        if missed:
            history.missed[entrant.pk] = missed
    return history


def _as_draw(table: list[list[int]], rules: EveningRules) -> RoundDraw[int]:
    # One stored table as a draw of one table: seats 1 and 3 are side 0, 2 and 4 side 1.
    if rules.entrants == "pairs":
        return RoundDraw(tables=(tuple(e for side in table for e in side[:1]),))
    if table[2]:  # a table of three: one player a side
        return RoundDraw(tables=(tuple(side[0] for side in table),))
    first, second = (table[0] + [None, None])[:2], (table[1] + [None, None])[:2]
    return RoundDraw(tables=((first[0], second[0], first[1], second[1]),))


def present(competition: Competition, round_number: int) -> list[Entrant]:
    """Who plays round ``round_number``: checked in by then, not left, not withdrawn."""
    return [
        e
        for e in competition.entrants.filter(withdrawn=False).order_by("id")
        if in_round(e.joined_round, e.left_after_round, round_number)
    ]


def _points_so_far(competition: Competition) -> dict[int, int]:
    """Each entrant's points as the evening's ranking shows them (its games, its sit-out and
    absent rounds' scores, less its penalties): what a draw "by the ranking" pairs by."""
    return {row.entrant.pk: row.points for row in evening_view(competition).ranking}


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_draw_round(
    *, competition: Competition, number: int | None = None, seed: int | None = None
) -> Round:
    """Draw the evening's next round: who sits where (as few repeated partners and opponents
    as the numbers allow), who sits out; each table a fixture with its entry links.

    ``number``: the round the director means to draw (the draw form carries it). A stale
    form (a second laptop with an old page, a double tap, a resend) names a round already
    drawn: refused, nothing drawn, rather than drawing the round after it."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    _require_evening(competition)
    rules = evening_rules(competition)
    drawn = rounds_drawn(competition)
    if number is not None and number != drawn + 1:
        raise _stale_draw(number, drawn)
    number = drawn + 1
    if number > rules.rounds:
        raise Refused(_("All %(count)d rounds are drawn.") % {"count": rules.rounds}, None)
    if rules.entrants == "pairs" and rules.pair_draw == "ranking" and number > 1:
        playing = list(
            Fixture.objects.filter(competition=competition, finished=False)
            .exclude(status=FixtureStatus.VOID)
            .values_list("table", flat=True)
        )
        if playing:
            raise Refused(
                _(
                    "The next round is drawn by the ranking: wait for the tables still "
                    "playing (%(tables)s)."
                )
                % {"tables": ", ".join(playing)},
                None,
            )
    entrants = present(competition, number)
    by_id = {e.pk: e for e in entrants}
    history = evening_history(competition)
    seed = secrets.randbelow(2**31) if seed is None else seed
    try:
        if rules.entrants == "pairs":
            if len(entrants) < 2:
                raise Refused(
                    _("A round needs at least two pairs. Checked in: %(count)d.")
                    % {"count": len(entrants)},
                    None,
                )
            draw = draw_pairs(
                rules,
                [e.pk for e in entrants],
                number,
                history,
                seed=seed,
                # Read only when the ranking draws: the whole evening's ranking, its queries.
                points=_points_so_far(competition)
                if rules.pair_draw == "ranking" and number > 1
                else None,
            )
        else:
            draw = draw_individuals(rules, [e.pk for e in entrants], history, seed=seed)
    except InvalidEvening as error:
        raise _refused(error) from None
    night = Round.objects.create(competition=competition, number=number, date=competition.held_on)
    night.sitting_out.add(*(by_id[i] for i in draw.sitting_out))
    rows = []
    for t, seats in enumerate(draw.tables, start=1):
        fixture = Fixture.objects.create(competition=competition, round=night, table=str(t))
        if rules.entrants == "pairs":
            sides: list[list[int | None]] = [[seats[0]], [seats[1]]]
        else:
            sides = (
                [[seats[0], seats[2]], [seats[1], seats[3]]]
                if len(seats) == 4
                else [[s] for s in seats]
            )
        # A table of three is typed from paper: no entry link (no phone plays it).
        three = len(sides) == THREE_SEATS
        for index, members in enumerate(sides):
            for entrant_id in members:
                if entrant_id is None:  # a substitute's seat: not an entrant
                    continue
                rows.append(
                    FixtureSide(
                        fixture=fixture,
                        side=index,
                        entrant=by_id[entrant_id],
                        entry_token=None if three else new_entry_token(),
                    )
                )
    FixtureSide.objects.bulk_create(rows)
    return night


def _stale_draw(number: int, drawn: int) -> Refused:
    if number <= drawn:
        return Refused(_("Round %(number)d is already drawn.") % {"number": number}, "round")
    return Refused(
        _("Round %(number)d cannot be drawn yet: round %(next)d is next.")
        % {"number": number, "next": drawn + 1},
        "round",
    )


def _round_untouched(night: Round) -> bool:
    fixtures = Fixture.objects.filter(round=night)
    return not (
        fixtures.filter(finished=True).exists()
        or fixtures.exclude(typed_scores=None).exists()
        or fixtures.filter(games__isnull=False).exists()
    )


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_redraw_round(
    *, competition: Competition, number: int | None = None, seed: int | None = None
) -> Round:
    """Draw the last round again (a late arrival, a mistake), before anyone starts playing it:
    its tables and entry links are made anew. ``number``: the round the director means (the
    confirmation form carries it); a stale one (another round drawn since) is refused."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    _require_evening(competition)
    night = competition.rounds.order_by("-number").first()
    if night is None:
        raise Refused(_("No round is drawn yet."), None)
    if number is not None and number != night.number:
        raise Refused(
            _("Round %(number)d is not the last round drawn: nothing was drawn again.")
            % {"number": number},
            "round",
        )
    if not _round_untouched(night):
        raise Refused(
            _("Round %(number)d has started: a game or a result is in. It cannot be drawn again.")
            % {"number": night.number},
            None,
        )
    number = night.number
    night.delete()
    return evening_draw_round(competition=competition, number=number, seed=seed)


@transaction.atomic
def evening_paper_result(
    *,
    fixture: Fixture,
    scores: tuple[int, int],
    by: User | None = None,
    replace_phone: bool = False,
) -> Fixture:
    """One table's two totals typed from its paper sheet, checked against what a game of
    the evening can add up to (a boom's 16 x 162 plus melds, no side past the game's most).
    Typed again, they replace the table's earlier typed result (the director's correction);
    a table whose finished game was entered on a phone takes none (its game's sheet is
    corrected).

    A table whose phone gave up mid-boom (*taken over*): its game in play has deals. It
    takes the paper result only with ``replace_phone`` (the director ticked "Replace the N
    deals entered on the phone") and the director as ``by``: its games in play are then
    abandoned by the director (kept for the record, :func:`league.games.services.game_abandon`)
    and the paper's totals typed, after the same checks."""
    _require_evening(fixture.competition)
    if is_table_of_three(fixture):
        raise Refused(_("A table of three has three scores, one a player."), "scores")
    in_play = list(fixture.games.in_play().order_by("pk"))
    deals = sum(game.deal_count for game in in_play)
    taken_over = deals > 0
    if taken_over and (not replace_phone or by is None):
        raise Refused(
            ngettext(
                "This table is entering its deals on a phone: to type its result from paper "
                "instead, tick “Replace the %(count)d deal entered on the phone”.",
                "This table is entering its deals on a phone: to type its result from paper "
                "instead, tick “Replace the %(count)d deals entered on the phone”.",
                deals,
            )
            % {"count": deals},
            "replace_phone",
        )
    if not taken_over and fixture.games.filter(deal_count__gt=0).exists():
        # Said in the evening's words (the league's would be "deals are already entered for
        # this fixture at the table"): the director corrects such a table on its game's sheet.
        raise Refused(
            _("This table is entering its deals on a phone: its result comes from there."),
            "scores",
        )
    try:
        check_paper_total(fixture.competition.rules, scores)
    except InvalidEvening as error:
        raise _refused(error, "scores") from None
    if taken_over:
        assert by is not None
        for game in in_play:
            game_abandon(game=game, by=by)
    return fixture_type_result(fixture=fixture, scores=[scores])


def is_table_of_three(fixture: Fixture) -> bool:
    """Whether ``fixture`` is a table of three (three sides of one player each)."""
    return fixture.sides.filter(side=THREE_SEATS - 1).exists()


@transaction.atomic
def evening_three_result(*, fixture: Fixture, scores: Sequence[int]) -> Fixture:
    """A table of three's result typed from its paper sheet: each player's own points for the
    round, in seat order (:func:`scoring.evenings.check_three_scores`: whole numbers from 0 to
    the most one side of a table of four can reach). Typed again, they replace the earlier
    numbers (the director's correction). The table plays on paper only: it has no entry link,
    so no game of it is ever entered on a phone."""
    _require_evening(fixture.competition)
    fixture = Fixture.objects.select_for_update().select_related("competition").get(pk=fixture.pk)
    if not is_table_of_three(fixture):
        raise Refused(_("This table has two sides: type each side's total."), "scores")
    _refuse_void(fixture, "scores")
    try:
        check_three_scores(fixture.competition.rules, scores)
    except InvalidEvening as error:
        raise _refused(error, error.field) from None
    fixture.status = FixtureStatus.PLAYED
    fixture.conceded_by = None
    fixture.typed_scores = [list(scores)]
    fixture.save(update_fields=["status", "conceded_by", "typed_scores"])
    return fixture_recompute(fixture)


# -- seasons ----------------------------------------------------------------------------------


def season_create(*, club: Club, name: str, rules: SeasonRules, by: User) -> Season:
    """A season of the club's evenings, added up by ``rules``."""
    name = clean_name(name)
    if not name:
        raise Refused(_("Give the season a name."), "name")
    if len(name) > 120:
        raise Refused(_("A season's name is at most 120 characters."), "name")
    if any(name_key(s.name) == name_key(name) for s in club.seasons.all()):
        raise Refused(
            _("%(club)s already has a season called %(name)s.") % {"club": club, "name": name},
            "name",
        )
    return Season.objects.create(
        club=club, name=name, rules=season_rules_to_data(rules), created_by=by
    )


def season_edit(*, season: Season, name: str, rules: SeasonRules) -> Season:
    """Rename a season or change how it adds up (its standings are read afresh)."""
    name = clean_name(name)
    if not name:
        raise Refused(_("Give the season a name."), "name")
    if len(name) > 120:
        raise Refused(_("A season's name is at most 120 characters."), "name")
    if any(name_key(s.name) == name_key(name) for s in season.club.seasons.exclude(pk=season.pk)):
        raise Refused(
            _("%(club)s already has a season called %(name)s.")
            % {"club": season.club, "name": name},
            "name",
        )
    season.name = name
    season.rules = season_rules_to_data(rules)
    season.save(update_fields=["name", "rules"])
    return season


@transaction.atomic
def season_delete(*, season: Season) -> int:
    """Delete a season made by mistake: its evenings stay, each with its results, in no season
    (they can be put in another). Returns how many evenings it held."""
    held = season.evenings.count()
    season.delete()
    return held


# -- excused absences ---------------------------------------------------------------------------


def _plays(competition: Competition, player: Player) -> bool:
    """Whether ``player`` is checked in at the evening, alone or in a pair (a leaver too)."""
    return (
        competition.entrants.filter(player=player).exists()
        or competition.entrants.filter(partnership__first=player).exists()
        or competition.entrants.filter(partnership__second=player).exists()
    )


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_excuse(*, competition: Competition, player: Player) -> Competition:
    """Mark a member excused for the evening (*excused*: they said in time that they cannot
    come). A season may count an excused absence apart from an unexcused one
    (:class:`~scoring.evenings.SeasonRules`: the evening's lowest at the
    Laarderwegkwartier, 5000 at KJV De Daele). Refused for a member checked in (they play:
    they are not absent) and for one of another club or retired; marking one twice keeps
    one mark."""
    _require_evening(competition)
    if player.club_id != competition.club_id:
        raise Refused(_("Choose a member of %(club)s.") % {"club": competition.club}, "player")
    if player.retired_at is not None:
        raise Refused(
            _("%(name)s has retired: bring them back into the club first.") % {"name": player},
            "player",
        )
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if _plays(competition, player):
        raise Refused(
            _("%(name)s is checked in: a member who plays is not absent.") % {"name": player.name},
            "player",
        )
    excused = [pk for pk in competition.excused or [] if isinstance(pk, int)]
    if player.pk not in excused:
        excused.append(player.pk)
        competition.excused = excused
        competition.save(update_fields=["excused"])
    return competition


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_unexcuse(*, competition: Competition, player: Player) -> Competition:
    """Take a member's excuse for the evening back (marked by mistake, or too late after
    all): an evening they miss counts as any other missed."""
    _require_evening(competition)
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    excused = list(competition.excused or [])
    if player.pk not in excused:
        raise Refused(
            _("%(name)s is not marked excused for this evening.") % {"name": player.name},
            "player",
        )
    competition.excused = [pk for pk in excused if pk != player.pk]
    competition.save(update_fields=["excused"])
    return competition


# -- individual reneges -----------------------------------------------------------------------

#: The most penalties one entrant carries in an evening (a bound on what a form can add).
MAX_PENALTIES = 50


def _penalty_round(entrant: Entrant, round_number: int) -> EveningRules:
    competition = entrant.competition
    _require_evening(competition)
    rules = evening_rules(competition)
    if not rules.renege_penalty:
        raise Refused(
            _(
                "This evening scores a renege in the game, as usual: set the points a renege "
                "costs the player in the evening's settings first."
            ),
            None,
        )
    drawn = rounds_drawn(competition)
    if isinstance(round_number, bool) or not isinstance(round_number, int):
        raise Refused(_("Choose a round that is drawn."), "round")
    if not 1 <= round_number <= drawn:
        raise Refused(
            _("Choose a round that is drawn: 1 to %(count)d.") % {"count": drawn}
            if drawn
            else _("No round is drawn yet."),
            "round",
        )
    seated = FixtureSide.objects.filter(
        entrant=entrant,
        fixture__round__competition=competition,
        fixture__round__number=round_number,
    ).exists()
    if not seated:
        raise Refused(
            _("%(name)s did not play at a table in round %(number)d.")
            % {"name": entrant.name, "number": round_number},
            "entrant",
        )
    return rules


@transaction.atomic
@publishes(lambda entrant, **_: competition_topics(entrant.competition_id))
def evening_penalise(
    *, entrant: Entrant, round_number: int, points: int | None = None, why: str = "renege"
) -> Entrant:
    """A renege at an evening that scores reneges per player: the player (``entrant``) loses
    ``points`` (the evening's ``renege_penalty`` when not given) from their evening total; the
    partner keeps the game's score. Only for a round drawn in which the entrant sat at a
    table."""
    rules = _penalty_round(entrant, round_number)
    points = rules.renege_penalty if points is None else points
    if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= 1000:
        raise Refused(_("A penalty is a whole number of points from 1 to 1000."), "points")
    why = clean_name(why)[:40] or "renege"
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    lines = list(entrant.penalties or [])
    if len(lines) >= MAX_PENALTIES:
        raise Refused(
            _("%(name)s has %(count)d penalties already: that is the most.")
            % {"name": entrant.name, "count": MAX_PENALTIES},
            "entrant",
        )
    lines.append({"round": round_number, "points": points, "why": why})
    entrant.penalties = lines
    entrant.save(update_fields=["penalties"])
    return entrant


@transaction.atomic
@publishes(lambda entrant, **_: competition_topics(entrant.competition_id))
def evening_unpenalise(*, entrant: Entrant, round_number: int) -> Entrant:
    """Take back the last penalty given to ``entrant`` in round ``round_number`` (typed by
    mistake)."""
    _require_evening(entrant.competition)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
    lines = list(entrant.penalties or [])
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        if isinstance(line, dict) and line.get("round") == round_number:
            del lines[i]
            entrant.penalties = lines
            entrant.save(update_fields=["penalties"])
            return entrant
    raise Refused(
        _("%(name)s has no penalty in round %(number)s.")
        % {"name": entrant.name, "number": round_number},
        "round",
    )


# -- housekeeping: an evening changed after it was set up --------------------------------------

#: The audit's subject for an evening's edit: it is a competition (the club's page of changes
#: reads it as one; the settings it does not know by name are told generically).
EDIT_SUBJECT = "competition"


def _edit_state(competition: Competition) -> dict[str, object]:
    """What an edit of the evening may change, as the audit keeps it (plain JSON)."""
    return {
        "name": competition.name,
        "held_on": competition.held_on.isoformat() if competition.held_on else None,
        "season": competition.season.name if competition.season is not None else None,
        "prize_words": list(competition.prize_words or []),
        "booby_words": competition.booby_words,
        "rules": competition.rules.to_data(),
        "evening_rules": evening_rules(competition).to_data(),
    }


def _check_game(rules: Ruleset, evening: EveningRules) -> None:
    if (rules.players != 4 or not rules.partnerships) and evening.entrants == "individuals":
        raise Refused(
            _(
                "An evening of drawn partners needs a game for four in partnerships: "
                "choose such a game, or an evening of pairs."
            ),
            "preset",
        )
    if rules.players == 3:
        raise Refused(_("A club evening plays a game for two sides."), "preset")


@transaction.atomic
@publishes(lambda competition, **_: competition_topics(competition))
def evening_edit(
    *,
    competition: Competition,
    by: User,
    name: str,
    held_on: datetime.date | None,
    season: Season | None,
    prize_words: Sequence[str],
    booby_words: str,
    rules: Ruleset,
    evening: EveningRules,
) -> Competition:
    """Change an evening after it was set up: its name, night, season and prize list's words
    always; its game and how it is run (``rules``, ``evening``) as far as
    :func:`scoring.evenings.evening_rules_change_refusal` allows (once a round is drawn: the
    prizes and more rounds only). Audited as a :class:`~league.models.RecordChange` (subject
    ``competition``, action ``edit``, the settings that changed before and after)."""
    competition = (
        Competition.objects.select_for_update(of=("self",))
        .select_related("club", "season")
        .get(pk=competition.pk)
    )
    _require_evening(competition)
    name = clean_name(name)
    if not name:
        raise Refused(_("Give the evening a name."), "name")
    limit = Competition._meta.get_field("name").max_length or 120
    if len(name) > limit:
        raise Refused(
            _("The name is longer than %(limit)d letters: shorten it.") % {"limit": limit}, "name"
        )
    if season is not None and season.club_id != competition.club_id:
        raise Refused(_("Choose a season of this club."), "season")
    booby_words = clean_name(booby_words)
    if len(booby_words) > 120:
        raise Refused(_("A prize's words are at most 120 characters."), "booby_words")
    words = _clean_prizes(prize_words)
    drawn = rounds_drawn(competition)
    refusal = evening_rules_change_refusal(
        evening_rules(competition),
        evening,
        drawn,
        game_changed=rules != competition.rules,
        checked_in=competition.entrants.count(),
    )
    if refusal is not None:
        raise _refused(refusal, refusal.field)
    _check_game(rules, evening)
    before = _edit_state(competition)
    competition.name = name
    competition.held_on = held_on
    competition.season = season
    competition.prize_words = words
    competition.booby_words = booby_words
    competition.ruleset_data = rules.to_data()
    competition.evening_rules = evening.to_data()
    competition.entrant_kind = (
        EntrantKind.ROTATION if evening.entrants == "individuals" else EntrantKind.PARTNERSHIPS
    )
    competition.full_clean()
    competition.save()
    after = _edit_state(competition)
    changed = [key for key in before if before[key] != after[key]]
    if changed:
        RecordChange.objects.create(
            club_id=competition.club_id,
            subject=EDIT_SUBJECT,
            subject_id=competition.pk,
            subject_name=competition.name[:200],
            action="edit",
            before={key: before[key] for key in changed},
            after={key: after[key] for key in changed},
            by=by,
        )
    return competition
