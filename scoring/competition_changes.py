"""What an organiser may change in a competition once it is under way, and what it does.

Words:

- *state* (:class:`CompetitionState`): what a competition has done so far, counted by the
  web side: its entrants, whether its rounds are *drawn* (a league's fixtures, a tournament's
  first round), whether a tournament has *started*, its *games* (started for its matches, not
  abandoned), how many of them are *played* (at least one deal entered) and how many matches
  have a *result* stored (from their games, from a paper sheet's totals or from a forfeit).
- *played*: a competition with a played game or a stored result (:func:`has_played`). Its
  results are history: they are kept, and what would rewrite them is refused or said first.
- *field*: one part of the competition an organiser edits (:data:`FIELDS`):

  - ``name``, ``language``, ``dates`` (its rounds' nights): words and the calendar, changed
    at any time;
  - ``points`` (for a win, a draw, a loss), ``tiebreaks`` (the chain that orders the table)
    and ``best_nights`` (the nights counted): they change only how the stored results are
    ranked, so the standings are worked out again from them; allowed at any time, except in
    a tournament whose later rounds are drawn from its table (a Swiss pairs by it, pools
    qualify by it) once it has started;
  - ``games_per_match``, ``entrant_kind``, ``format``: what the matches and the draw are
    made of, fixed once the rounds are drawn (or, for who the entrants are, once one is
    entered);
  - ``rules`` (the house rules: the ruleset), judged by :func:`ruleset_change`.

- *rescore*: copy a new ruleset onto every game of the competition (a game copies its
  competition's ruleset when it starts, so that a later change never rewrites history
  unasked) and score each again, deal by deal; the matches' results follow. Offered, with
  the number of played games it scores again, when only the house rules' values change in a
  league or a round robin; refused for another game (a preset), and for a tournament whose
  draw goes on from each result.

- *effect* of a rescore (:func:`rescore_effect`): each played game's deals scored again under
  the new ruleset. A rescore that would *reopen* a finished game (its deals no longer reach
  the target: a higher target) or *cut a game short* (it would have ended before its last
  deal: a lower target), or that leaves a deal the new rules cannot score, is refused
  (:attr:`RescoreEffect.refusal`); otherwise it says how many games' totals and winners change.
- *nights counted* (``best_nights``): at most the league's nights (its rounds) once they are
  drawn, and at most :data:`MOST_NIGHTS` before (:func:`nights_limit`).

A refusal is a :class:`~scoring.errors.Term`: the organiser reads it as the reason. A count
in a refusal picks its sentence for one or for more (the languages the web side offers say
"1" alone in the singular).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from scoring.deal import Deal, InvalidDeal
from scoring.errors import Term, gettext_noop
from scoring.game import play_game
from scoring.rules import Ruleset

#: Every field of a competition an organiser may ask to change.
FIELDS: tuple[str, ...] = (
    "name",
    "language",
    "dates",
    "points",
    "tiebreaks",
    "best_nights",
    "games_per_match",
    "entrant_kind",
    "format",
    "rules",
)
#: Fields that are words or the calendar: changed at any time.
ALWAYS: tuple[str, ...] = ("name", "language", "dates")
#: Fields that change only how the stored results are ranked.
RANKING: tuple[str, ...] = ("points", "tiebreaks", "best_nights")
#: Tournament formats whose later rounds are drawn from the table (Swiss: paired by it;
#: pools: the knockout's entrants come from it).
DRAWN_FROM_TABLE: tuple[str, ...] = ("swiss", "pools")
#: Tournament formats whose results decide nothing but the table: rescoring them is as safe
#: as rescoring a league.
TABLE_ONLY: tuple[str, ...] = ("round_robin",)


@dataclass(frozen=True)
class CompetitionState:
    """What a competition has done so far (see the module's words). ``kind`` is ``league``
    or ``tournament``; ``format`` a tournament's (a league's is ``round_robin``)."""

    kind: str = "league"
    format: str = "round_robin"
    entrants: int = 0
    drawn: bool = False
    started: bool = False
    games: int = 0
    played_games: int = 0
    results: int = 0

    @property
    def under_way(self) -> bool:
        """Its rounds are drawn, or (a tournament) it has started."""
        return self.drawn or self.started


def has_played(state: CompetitionState) -> bool:
    """A played game, or a stored result: the competition has history."""
    return state.played_games > 0 or state.results > 0


NOT_A_FIELD = Term(gettext_noop("That part of a competition cannot be changed here."))
RANKING_FIXED = Term(
    gettext_noop(
        "Its rounds are drawn from its table, so the points and the table order are fixed "
        "once it has started: a change now would disagree with the rounds already drawn."
    )
)
MATCH_LENGTH_FIXED = Term(
    gettext_noop(
        "The rounds are drawn: the number of games a match is fixed for the whole competition."
    )
)
ENTRANTS_FIXED = Term(
    gettext_noop("Entrants are entered: who the entrants are (players or partnerships) is fixed.")
)
FORMAT_FIXED = Term(gettext_noop("The tournament has started: its format is fixed."))
OTHER_GAME = Term(
    gettext_noop(
        "Games of this competition have started as %(game)s: they cannot be scored as another "
        "game. Keep %(game)s, or create a new competition for %(other)s."
    )
)
DRAW_GOES_ON = Term(
    gettext_noop(
        "Matches of this tournament are played, and its draw goes on from each result: "
        "scoring them again could change who went on. Its house rules are fixed once a "
        "match is played."
    )
)
HAS_PLAYED = Term(
    gettext_noop(
        "It has played games or results, which deleting would lose: archive it instead, "
        "which keeps its results."
    )
)


def field_refusal(state: CompetitionState, field: str) -> Term | None:
    """Why ``field`` may not change now, or None when it may. ``rules`` is judged with its
    values by :func:`ruleset_change`; here it is always None (it may be asked)."""
    if field not in FIELDS:
        return NOT_A_FIELD
    if field in ALWAYS or field == "rules":
        return None
    if field in RANKING:
        if state.kind == "tournament" and state.format in DRAWN_FROM_TABLE and state.started:
            return RANKING_FIXED
        return None
    if field == "games_per_match":
        return MATCH_LENGTH_FIXED if state.under_way or has_played(state) else None
    if field == "entrant_kind":
        return ENTRANTS_FIXED if state.entrants or state.under_way else None
    # format
    return FORMAT_FIXED if state.under_way or has_played(state) else None


#: What a change of house rules does: nothing (the same rules), ``apply`` (no game to score
#: again: stored as the rules of the games to come, and of the games started without a deal),
#: ``rescore`` (every game is scored again: asked first) or ``refused`` (with the reason).
RulesetOutcome = Literal["same", "apply", "rescore", "refused"]


@dataclass(frozen=True)
class RulesetChange:
    """The verdict on a change of house rules: its ``outcome``, the ``reason`` when refused,
    and ``games``, how many played games a rescore scores again."""

    outcome: RulesetOutcome
    reason: Term | None = None
    games: int = 0


def ruleset_change(state: CompetitionState, before: Ruleset, after: Ruleset) -> RulesetChange:
    """What changing the competition's ruleset from ``before`` to ``after`` does (see the
    module's words). Whether ``after`` suits the competition's entrants or format is
    :mod:`scoring.formats`'s to say; whether every played game's deals still make a game
    under ``after`` (a lower target can end a game before its last deal) is known only by
    scoring them again."""
    if before == after:
        return RulesetChange("same")
    if before.preset != after.preset and state.games > 0:
        return RulesetChange(
            "refused", Term.of(OTHER_GAME.template, {"game": before.name, "other": after.name})
        )
    if state.played_games == 0:
        return RulesetChange("apply")
    if state.kind == "tournament" and state.format not in TABLE_ONLY:
        return RulesetChange("refused", DRAW_GOES_ON)
    return RulesetChange("rescore", games=state.played_games)


@dataclass(frozen=True)
class PlayedGame:
    """A played game as a rescore sees it: ``name`` (its title), its ``deals`` in order as the
    engine scores them under the *new* rules, its ``winner`` and ``totals`` as stored now
    (``winner`` None: in play), and its ``side_names`` (None: sides named by number)."""

    name: str
    deals: tuple[Deal, ...]
    winner: int | None
    totals: tuple[int, ...]
    side_names: tuple[str, ...] | None = None


@dataclass(frozen=True)
class RescoreEffect:
    """What scoring the played games again under new rules does: of ``games`` scored again,
    how many finished ones would be ``reopened``, how many would be ``cut_short`` (ended
    before their last deal), how many change their ``totals`` and their ``winners``;
    ``unscorable`` the first game whose deals the rules cannot score, with the reason."""

    games: int = 0
    reopened: int = 0
    cut_short: int = 0
    totals: int = 0
    winners: int = 0
    unscorable: Term | None = None

    @property
    def refusal(self) -> Term | None:
        """Why the rescore is refused, or None: it keeps every finished game finished and
        every deal playable."""
        if self.reopened:
            return Term(REOPENED[self.reopened == 1], count=self.reopened)
        if self.cut_short:
            return Term(CUT_SHORT[self.cut_short == 1], count=self.cut_short)
        return self.unscorable


#: Refusals of a rescore, (more than one, one) each.
REOPENED = (
    gettext_noop("%(count)d finished games would be open again under these rules."),
    gettext_noop("%(count)d finished game would be open again under these rules."),
)
CUT_SHORT = (
    gettext_noop("%(count)d games would have ended before their last deals under these rules."),
    gettext_noop("%(count)d game would have ended before its last deal under these rules."),
)
UNSCORABLE = gettext_noop("%(game)s cannot be scored by these rules: %(reason)s")


def rescore_effect(rules: Ruleset, games: Iterable[PlayedGame]) -> RescoreEffect:
    """Score every game of ``games`` again under ``rules`` and count what it changes (see
    :class:`RescoreEffect`)."""
    counts = {"games": 0, "reopened": 0, "cut_short": 0, "totals": 0, "winners": 0}
    unscorable: Term | None = None
    for game in games:
        counts["games"] += 1
        try:
            result = play_game(rules, game.deals, side_names=game.side_names)
        except InvalidDeal as error:
            if error.code == "game.over":
                counts["cut_short"] += 1
            elif unscorable is None:
                unscorable = Term(UNSCORABLE, game=game.name, reason=error.term())
            continue
        if game.winner is not None and result.winner is None:
            counts["reopened"] += 1
        if result.totals != tuple(game.totals):
            counts["totals"] += 1
        if result.winner != game.winner:
            counts["winners"] += 1
    return RescoreEffect(unscorable=unscorable, **counts)


#: The most nights a league may count before its rounds are drawn: a weekly season of a
#: whole year.
MOST_NIGHTS = 52


def nights_limit(nights: int) -> int:
    """The most nights a league with ``nights`` rounds (0: not drawn yet) may count."""
    return nights if nights > 0 else MOST_NIGHTS


def delete_refusal(state: CompetitionState) -> Term | None:
    """Why the competition may not be deleted (it has played), or None: deleting takes its
    rounds, matches, entrants and the games started without a deal with it."""
    return HAS_PLAYED if has_played(state) else None


__all__ = [
    "ALWAYS",
    "CompetitionState",
    "DRAWN_FROM_TABLE",
    "FIELDS",
    "MOST_NIGHTS",
    "PlayedGame",
    "RescoreEffect",
    "RANKING",
    "RulesetChange",
    "RulesetOutcome",
    "TABLE_ONLY",
    "delete_refusal",
    "field_refusal",
    "has_played",
    "nights_limit",
    "rescore_effect",
    "ruleset_change",
]
