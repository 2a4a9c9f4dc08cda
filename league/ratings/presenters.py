"""The ratings as pages show them: list lines, history lines, numbers in the reader's form.

Words: a player's *rating* on a page is the conservative rating (mu - 3 sigma, see
:mod:`scoring.ratings`), one decimal; *skill* is mu, *uncertainty* sigma.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from league.charts.drawing import RatingPoint
from league.models import Player, RatingChange
from league.ratings import selectors
from scoring.ratings import ListRow, Rating


def one_decimal(value: float) -> str:
    """A rating in the reader's number form, one decimal: "18.4", "18,4", "−1.2" (the minus
    sign, as a change shows it)."""
    shown = round(value, 1)
    if shown < 0:
        return "\u2212" + formats.number_format(-shown, 1)
    return formats.number_format(shown, 1)


def signed(value: float) -> str:
    """A change with its sign: "+0.8", "−1.2", "0.0"."""
    shown = round(value, 1)
    if shown > 0:
        return "+" + one_decimal(shown)
    if shown < 0:
        return one_decimal(shown)
    return one_decimal(0.0)


def percent(chance: float) -> str:
    """A chance as a whole percentage in the reader's form: "62%" ("62 %" in French)."""
    return _("%(number)s%%") % {"number": formats.number_format(round(chance * 100), 0)}


@dataclass(frozen=True)
class ListLine:
    """One line of a rating list as the page shows it."""

    place: int
    name: str
    url: str
    club: str
    rating: str
    skill: str
    games: int
    opponents: int
    trend: str
    trend_words: str


def trend_words(trend: float) -> str:
    shown = round(trend, 1)
    if shown > 0:
        return pgettext("a rating's trend", "rising")
    if shown < 0:
        return pgettext("a rating's trend", "falling")
    return pgettext("a rating's trend", "steady")


def list_line(
    row: ListRow, current: Any, *, pairs: bool, partnership: int | None = None
) -> ListLine:
    """``row`` of :func:`scoring.ratings.ranked` with ``current``, its CurrentRating (names
    selected); ``partnership``: the pair's partnership, if it has one (a rotation's pairs
    have none)."""
    player: Player = current.player
    if pairs:
        partner: Player = current.partner
        name = _("%(first)s & %(second)s") % {"first": player.name, "second": partner.name}
        url = reverse("competitions:partnership-detail", args=[partnership]) if partnership else ""
    else:
        name, url = player.name, f"/players/{player.pk}/"
    return ListLine(
        place=row.place,
        name=name,
        url=url,
        club=player.club.name,
        rating=one_decimal(row.conservative),
        skill=_("%(mu)s ± %(sigma)s")
        % {"mu": one_decimal(row.rating.mu), "sigma": one_decimal(3 * row.rating.sigma)},
        games=row.games,
        opponents=row.opponents,
        trend=signed(row.trend),
        trend_words=trend_words(row.trend),
    )


@dataclass(frozen=True)
class HistoryLine:
    """One rated game of a player's history: when, where, with and against whom (with their
    ratings before it), the chance the model gave, the result, and the rating after."""

    played_at: dt.datetime
    where: str
    url: str
    partners: str
    against: str
    expected: str
    won: bool
    before: str
    after: str
    change: str
    change_value: float
    conservative_after: float
    mu_after: float
    sigma_after: float


def history_line(change: RatingChange, names: dict[int, str]) -> HistoryLine:
    """``change`` (its rated game, fixture, round and competition selected) for the page;
    ``names``: every player's name it mentions."""
    rated = change.rated
    fixture = rated.fixture
    competition = fixture.competition
    where = _("%(competition)s, round %(round)s") % {
        "competition": competition.name,
        "round": fixture.round.number,
    }
    if rated.typed_index is not None:
        if len(fixture.typed_scores or []) > 1:
            where = _("%(where)s (game %(number)s, from the paper sheet)") % {
                "where": where,
                "number": rated.typed_index + 1,
            }
        else:
            where = _("%(where)s (typed from the paper sheet)") % {"where": where}
    url = (
        reverse("games:detail", args=[rated.game_id])
        if rated.game_id
        else reverse("competitions:fixture-detail", args=[competition.slug, fixture.pk])
    )
    mine = rated.sides[change.side]
    partners = " & ".join(names.get(p, "?") for p in mine if p != change.player_id)
    against = _(" and ").join(
        _("%(name)s (%(rating)s)")
        % {"name": names.get(ids[0], "?"), "rating": one_decimal(Rating(mu, sigma).conservative)}
        for ids, mu, sigma in change.opponents
    )
    before = Rating(change.mu_before, change.sigma_before)
    after = Rating(change.mu_after, change.sigma_after)
    return HistoryLine(
        played_at=rated.played_at,
        where=where,
        url=url,
        partners=partners,
        against=against,
        expected=percent(change.expected),
        won=change.actual > 0.5,
        before=one_decimal(before.conservative),
        after=one_decimal(after.conservative),
        change=signed(after.conservative - before.conservative),
        change_value=after.conservative - before.conservative,
        conservative_after=after.conservative,
        mu_after=after.mu,
        sigma_after=after.sigma,
    )


def rating_summary(player_id: int) -> dict[str, Any]:
    """What a player's page shows of the rating: now, and the last games (newest first)."""
    changes = selectors.history(player_id)
    names = selectors.player_names(
        sorted(
            {p for c in changes for side in c.rated.sides for p in side}
            | {ids[0] for c in changes for ids, _mu, _sigma in c.opponents}
        )
    )
    lines = [history_line(c, names) for c in changes]
    now = None
    if changes:
        last = changes[-1]
        rating = Rating(last.mu_after, last.sigma_after)
        now = {
            "rating": one_decimal(rating.conservative),
            "mu": one_decimal(rating.mu),
            "spread": one_decimal(3 * rating.sigma),
            "games": len(changes),
        }
    # The chart: the rating after each game (a band for the uncertainty, tried, drowned it).
    points = [
        RatingPoint(at=number, value=line.conservative_after)
        for number, line in enumerate(lines, start=1)
    ]
    return {"rating_now": now, "rating_lines": lines, "rating_points": points}


def pair_rating(first: int, second: int) -> dict[str, Any] | None:
    """What a partnership's page shows of its rating as a pair (one query); None before its
    first rated game together."""
    record = selectors.pair_record(first, second)
    if record is None:
        return None
    return {
        "rating": one_decimal(record.rating.conservative),
        "mu": one_decimal(record.rating.mu),
        "spread": one_decimal(3 * record.rating.sigma),
        "games": record.games,
    }
