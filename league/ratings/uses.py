"""The ratings put to use on other areas' pages, in words: each entrant's seeding rating on the
director's page, and each side's chance of winning before a game (a fixture's page, a side's
entry link).

Words: a side's *chance* is the model's chance of it winning the next game
(:func:`scoring.ratings.win_chances` on the players' own ratings; a player with no rated game
counts as a newcomer, the model's average), shown in whole percents that add up to 100, in
the reader's form (:func:`league.ratings.presenters.percent`). The numbers are written as the
rating pages write them (:mod:`league.ratings.presenters`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from league.competitions.selectors import FixtureLine
from league.models import Entrant, Fixture, FixtureStatus
from league.ratings.presenters import one_decimal, percent
from league.ratings.selectors import entrants_rated, ratings_of
from scoring.ratings import Side, seeding_rating, whole_percents, win_chances


def seeding_ratings(entrants: Sequence[Entrant]) -> list[str]:
    """Each entrant's seeding rating as the director reads it, in the order given: the
    conservative value to one decimal in the reader's number form (as the rating lists), or ""
    for a newcomer (no rated game, nor any partner with one). One query; the entrants'
    partnerships read with them."""
    if not entrants:
        return []
    who, ratings = entrants_rated(entrants)
    shown = []
    for w in who:
        members = (w,) if isinstance(w, int) else tuple(w)
        rated = any(p in ratings.players for p in members) or (
            isinstance(w, frozenset) and w in ratings.pairs
        )
        value = seeding_rating(ratings, w).conservative
        shown.append(one_decimal(value) if rated else "")
    return shown


@dataclass(frozen=True)
class Chances:
    """Each side's chance of winning the next game: ``names`` and whole ``percents``, home
    first, and the sentence that says it."""

    names: tuple[str, str]
    percents: tuple[int, int]
    text: str


def _sides(fixture: Fixture) -> tuple[Side, Side] | None:
    """The fixture's two sides as player ids, from its sides read with their entrants and
    partnerships (no query); None unless both sides are there and nobody is on both."""
    members: dict[int, list[int]] = {0: [], 1: []}
    for side in fixture.sides.all():
        entrant = side.entrant
        if side.side not in members:
            return None
        if entrant.player_id is not None:
            members[side.side].append(entrant.player_id)
        elif entrant.partnership is not None:
            partnership = entrant.partnership
            members[side.side] += [partnership.first_id, partnership.second_id]
    everyone = members[0] + members[1]
    if not members[0] or not members[1] or len(set(everyone)) != len(everyone):
        return None
    return tuple(members[0]), tuple(members[1])


def before_a_game(fixture: Fixture, line: FixtureLine) -> bool:
    """Whether a game of the fixture is about to be played: no result yet (played, typed,
    conceded or confirmed) and no deal entered in a game going on."""
    if fixture.finished or fixture.typed_scores or fixture.confirmed_at is not None:
        return False
    if fixture.status != FixtureStatus.SCHEDULED:
        return False
    running = line.running_game
    return running is None or not running.deal_count


def fixture_chances(fixture: Fixture, line: FixtureLine) -> Chances | None:
    """Each side's chance of winning the fixture's next game, before it is played (one query);
    None when there is nothing to say (see :func:`before_a_game`, and both sides known)."""
    if not before_a_game(fixture, line):
        return None
    sides = _sides(fixture)
    if sides is None:
        return None
    ratings = ratings_of([p for side in sides for p in side])
    home, away = whole_percents(win_chances(ratings, sides))
    values = {
        "home": line.sides[0],
        "home_percent": percent(home / 100),
        "away": line.sides[1],
        "away_percent": percent(away / 100),
    }
    if fixture.competition.games_per_match > 1:
        text = _(
            "Chances of winning each game: %(home)s %(home_percent)s · %(away)s %(away_percent)s"
        )
    else:
        text = _("Chances of winning: %(home)s %(home_percent)s · %(away)s %(away_percent)s")
    return Chances(line.sides, (home, away), text % values)
