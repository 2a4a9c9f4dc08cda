"""A club evening's and a season's rules in words, for the pages, the screen and the papers.

The *rules line* is the evening's settings in one line a reader at the club understands ("3
rounds of a boom of 16 deals; sit-out 1600; prizes by the formula of four"); the season's
likewise ("the sum of the best 5 evenings; at least 5 evenings to be ranked"). Built in the
active language.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext

from league.game_words import a_game_of_deals
from scoring import Ruleset
from scoring.evenings import EveningRules, SeasonRules


def number(value: int | float) -> str:
    """A figure as the language writes it ("4400"; an average "4400.5", "4400,5"), as the
    clubs write scores: without a thousands separator."""
    if isinstance(value, float) and not value.is_integer():
        return formats.number_format(value, 1, use_l10n=True)
    return formats.number_format(int(value), 0, use_l10n=True)


def clauses(parts: Sequence[str]) -> str:
    """Clauses of a rules line joined as the language joins them ("; ")."""
    return pgettext("between two clauses of a rules line", "; ").join(p for p in parts if p)


# -- the rules in words --------------------------------------------------------------------------


def _a_game(rules: Ruleset) -> str:
    if rules.target is None and rules.deals is not None:
        return a_game_of_deals(rules)
    return _("a game to %(target)s") % {"target": rules.target}


def _round_score(how: str, points: int, fixed: str, average: str, lowest: str, zero: str) -> str:
    """The words of a round's score by its rule (``fixed`` takes the points)."""
    words = {"fixed": fixed, "round_average": average, "round_lowest": lowest, "zero": zero}
    return words[how] % {"points": number(points)}


def evening_rules_line(evening: EveningRules, game: Ruleset) -> str:
    """The evening's rules in one line: "3 rounds of a boom of 16 deals; partners drawn each
    round; sit-out 1600; a missed round 1450; prizes by the formula of four; a booby prize"."""
    parts = [
        ngettext("%(count)d round of %(game)s", "%(count)d rounds of %(game)s", evening.rounds)
        % {"count": evening.rounds, "game": _a_game(game)}
    ]
    if evening.entrants == "individuals":
        parts.append(_("partners drawn each round"))
    else:
        parts.append(
            {
                "lot": _("fixed pairs drawn by lot each round"),
                "ranking": _("fixed pairs, the first round by lot, then by the ranking"),
                "movement": _("fixed pairs in a movement: odd pairs stay, even pairs move up"),
            }[evening.pair_draw]
        )
    if evening.short == "table_of_three":
        # Its three play each for their own points (typed from paper): no side against a
        # side, so the ratings leave it out, said where the rules are read.
        parts.append(
            _(
                "a table of three when the number does not fit (each for their own points, "
                "typed from paper, not rated)"
            )
        )
    elif evening.short == "substitute":
        parts.append(_("a substitute fills in when the number does not fit"))
    elif evening.sit_out_pits:
        parts.append(
            ngettext(
                "sit-out %(points)s and %(pits)d pit",
                "sit-out %(points)s and %(pits)d pits",
                evening.sit_out_pits,
            )
            % {"points": number(evening.sit_out_points), "pits": evening.sit_out_pits}
        )
    else:
        parts.append(
            _round_score(
                evening.sit_out_score,
                evening.sit_out_points,
                _("sit-out %(points)s"),
                _("a sit-out scores the round's average"),
                _("a sit-out scores the round's lowest"),
                _("a sit-out scores 0"),
            )
        )
    parts.append(
        _round_score(
            evening.absent_score,
            evening.absent_points,
            _("a missed round %(points)s"),
            _("a missed round scores the round's average"),
            _("a missed round scores the round's lowest"),
            _("a missed round scores 0"),
        )
    )
    if evening.ranking == "wins_then_points":
        parts.append(_("ranked by wins, then points"))
    parts.append(
        {
            "formula_of_four": _("prizes by the formula of four"),
            "per_four": _("a prize for every four entrants"),
            "every_entrant": _("a prize for every entrant"),
            "places": ngettext(
                "a prize for the first place",
                "prizes for the first %(count)d places",
                evening.prize_places,
            )
            % {"count": evening.prize_places},
            "none": _("no prizes"),
        }[evening.prizes]
    )
    if evening.booby_prize:
        parts.append(_("a booby prize for the lowest total"))
    return clauses(parts)


def season_rules_line(rules: SeasonRules) -> str:
    """The season's rules in one line: "the sum of the best 5 evenings; at least 5 evenings
    to be ranked; a missed evening counts as its lowest score"; by periods, "periods of 6
    evenings; the best 4 evenings of a period count; the season counts the best 5 periods";
    an excused absence's rule last."""
    if rules.best is None:
        how = (
            _("the sum of every evening")
            if rules.aggregate == "sum"
            else _("the average of every evening")
        )
    elif rules.aggregate == "sum":
        how = npgettext(
            "a season's rule: the sum of the best evenings",
            "the best evening only",
            "the sum of the best %(count)d evenings",
            rules.best,
        ) % {"count": rules.best}
    else:
        how = npgettext(
            "a season's rule: the average of the best evenings",
            "the best evening only",
            "the average of the best %(count)d evenings",
            rules.best,
        ) % {"count": rules.best}
    if rules.period_evenings is not None:
        how = _period_words(rules)
    parts = [how[:1].upper() + how[1:]]
    if rules.minimum:
        parts.append(
            ngettext(
                "at least %(count)d evening to be ranked",
                "at least %(count)d evenings to be ranked",
                rules.minimum,
            )
            % {"count": rules.minimum}
        )
    absent = {
        "lowest": _("a missed evening counts as its lowest score"),
        "fixed": _("a missed evening counts %(points)s") % {"points": number(rules.absent_points)},
        "zero": _("a missed evening counts 0"),
        "none": "",
    }[rules.absent]
    parts.append(absent)
    excused = {
        "absent": "",
        "lowest": _("an evening missed with an excuse counts as its lowest score"),
        "fixed": _("an evening missed with an excuse counts %(points)s")
        % {"points": number(rules.excused_points)},
        "zero": _("an evening missed with an excuse counts 0"),
        "none": _("an evening missed with an excuse is not counted"),
    }[rules.excused]
    parts.append(excused)
    return clauses(parts)


def _period_words(rules: SeasonRules) -> str:
    """A season by periods in words: "periods of 6 evenings; the best 4 evenings of a period
    count; the season counts the best 5 periods"."""
    size = rules.period_evenings or 1
    parts = [
        ngettext("periods of %(count)d evening", "periods of %(count)d evenings", size)
        % {"count": size}
    ]
    if rules.period_best is not None:
        parts.append(
            ngettext(
                "the best evening of a period counts",
                "the best %(count)d evenings of a period count",
                rules.period_best,
            )
            % {"count": rules.period_best}
        )
    if rules.best_periods is not None:
        parts.append(
            ngettext(
                "the season counts the best period",
                "the season counts the best %(count)d periods",
                rules.best_periods,
            )
            % {"count": rules.best_periods}
        )
    if rules.aggregate == "average":
        parts.append(
            _(
                "a period scores the average of the evenings it counts, the season the "
                "average of its periods"
            )
        )
    return clauses(parts)
