"""Competition formats: what a league season or a tournament allows, and when it is over.

Words:

- *competition*: a league season or a tournament, scored by one ruleset; its *entrants* are
  ``players`` (a game played alone), ``partnerships`` (a four-hand game), or, in a league,
  individuals in a ``rotation`` (tables of four where partners change every round).
- *match length*: a match is from 1 to :data:`MAX_GAMES` games. A *best-of* match ends as soon
  as a side has won most of them, so it is an odd number of games (:mod:`scoring.matches`).
- *format* (a tournament's): ``round_robin`` (everybody meets everybody), ``single`` and
  ``double`` elimination, ``swiss`` (a fixed number of rounds, each paired by score) and
  ``pools`` (round robins in pools, then a knockout of the best of each pool). The *knockouts*
  (:data:`KNOCKOUTS`: the eliminations, and pools for their knockout) go on from each match's
  winner, so their matches cannot be drawn: they are an odd number of games.
- A tournament match has two sides, so a ruleset with three (the three-hand game) cannot be
  played as a tournament (:func:`fits_a_tournament`).
- *confirmed*: a tournament match's result accepted by the other side or the director; only
  confirmed results move a tournament on.
- *finished* (:func:`event_finished`): a knockout (pools included) is finished when its
  bracket is (:attr:`scoring.brackets.BracketState.finished`); a Swiss when every match is
  played and confirmed and all its rounds have been drawn; a round robin when every match is
  played and confirmed.

A user's mistake is an :class:`InvalidFormat` whose ``field`` names what to change, with a
message a club secretary understands. The ``*_problems`` functions list every problem (the
first one a field, for a form); the ``check_*`` functions raise the first (for a service).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field

from scoring.brackets import InvalidBracket, double_elimination, single_elimination
from scoring.errors import EngineError, Term, gettext_noop
from scoring.rules import Ruleset
from scoring.standings import InvalidStandings, validate_keys

#: A tournament's formats.
FORMATS: tuple[str, ...] = ("round_robin", "single", "double", "swiss", "pools")
#: Formats whose matches must have a winner: a knockout cannot go on from a draw. They are also
#: the formats drawn as a bracket (from the start, or after the pools).
KNOCKOUTS: tuple[str, ...] = ("single", "double", "pools")
#: The knockouts drawn as a bracket from the start (``pools`` draws its bracket afterwards).
ELIMINATIONS: tuple[str, ...] = ("single", "double")
#: Who a competition's entrants are.
ENTRANT_KINDS: tuple[str, ...] = ("players", "partnerships", "rotation")

MAX_GAMES = 15
MAX_SWISS_ROUNDS = 15
MAX_POOLS = 16
MAX_POOL_QUALIFIERS = 8

MATCH_LENGTH = Term(gettext_noop("A match is from 1 to %(games)d games."), games=MAX_GAMES)
BEST_OF_ODD = Term(gettext_noop("A best-of match is an odd number of games: 1, 3, 5..."))
KNOCKOUT_ODD = Term(
    gettext_noop("A knockout match needs a winner: play an odd number of games (1, 3, 5...).")
)


#: A knockout refused for a game of fixed deals; ``%(game)s`` is the ruleset's name.
KNOCKOUT_FIXED_DEALS = gettext_noop(
    "A game of %(game)s is a fixed number of deals and may end level, and a knockout match "
    "needs a winner: choose a round robin or a Swiss."
)


class InvalidFormat(EngineError):
    """A competition or match format that is not allowed; ``field`` names what to change
    (``entrant_kind``, ``preset``, ``format``, ``games_per_match``, ``tiebreaks``,
    ``best_nights``, ``swiss_rounds``, ``pool_count``, ``pool_top_k``; None: the whole)."""


@dataclass(frozen=True)
class FormatProblem:
    """One thing wrong with a format: the message and the field it concerns, and the message's
    ``code`` (see :class:`scoring.errors.EngineError`). ``message`` is a
    :class:`~scoring.errors.Term`, so the web side can translate it."""

    field: str | None
    message: str
    code: str = dataclass_field(default="", compare=False)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _first_each(problems: Iterable[FormatProblem]) -> list[FormatProblem]:
    seen: set[str | None] = set()
    kept = []
    for problem in problems:
        if problem.field not in seen:
            seen.add(problem.field)
            kept.append(problem)
    return kept


def _raise_first(problems: Sequence[FormatProblem]) -> None:
    if problems:
        raise InvalidFormat(problems[0].message, problems[0].field, code=problems[0].code)


# -- a competition (a league season; a tournament is one too) --------------------------------
def competition_problems(
    rules: Ruleset,
    *,
    entrant_kind: str,
    tiebreaks: Sequence[str],
    games_per_match: int = 1,
    best_nights: int | None = None,
) -> list[FormatProblem]:
    """What is wrong with a competition of ``rules`` played by ``entrant_kind``, with matches
    of ``games_per_match`` games, ordered by the chain ``tiebreaks``, counting each entrant's
    ``best_nights`` (None: all). The first problem a field, in the order a form shows them."""
    problems = []
    if entrant_kind not in ENTRANT_KINDS:
        problems.append(
            FormatProblem(
                "entrant_kind",
                Term(gettext_noop("Unknown kind of entrant %(kind)s."), kind=repr(entrant_kind)),
                "format.entrant_kind_unknown",
            )
        )
    elif entrant_kind == "players" and rules.partnerships:
        problems.append(
            FormatProblem(
                "entrant_kind",
                Term(
                    gettext_noop(
                        "%(game)s is played by partnerships: enter partnerships, or "
                        "individuals whose partners change every round."
                    ),
                    game=rules.name,
                ),
                "format.partnerships_game",
            )
        )
    elif entrant_kind != "players" and not rules.partnerships:
        problems.append(
            FormatProblem(
                "entrant_kind",
                Term(gettext_noop("%(game)s is played alone: enter players."), game=rules.name),
                "format.players_game",
            )
        )
    try:
        keys = validate_keys(tiebreaks)
    except InvalidStandings as error:
        problems.append(FormatProblem("tiebreaks", error.term(), error.code))
    else:
        if not keys:
            problems.append(
                FormatProblem(
                    "tiebreaks",
                    Term(gettext_noop("Choose at least one key to order the table by.")),
                    "format.no_tiebreak",
                )
            )
    if not _is_whole(games_per_match) or not 1 <= games_per_match <= MAX_GAMES:
        problems.append(FormatProblem("games_per_match", MATCH_LENGTH, "format.match_length"))
    if best_nights is not None and best_nights < 1:
        problems.append(
            FormatProblem(
                "best_nights",
                Term(gettext_noop("Count at least one night, or leave it empty to count all.")),
                "format.best_nights",
            )
        )
    return _first_each(problems)


def check_competition(
    rules: Ruleset,
    *,
    entrant_kind: str,
    tiebreaks: Sequence[str],
    games_per_match: int = 1,
    best_nights: int | None = None,
) -> None:
    """Raise :class:`InvalidFormat` for the first of :func:`competition_problems`."""
    _raise_first(
        competition_problems(
            rules,
            entrant_kind=entrant_kind,
            games_per_match=games_per_match,
            tiebreaks=tiebreaks,
            best_nights=best_nights,
        )
    )


# -- a tournament ------------------------------------------------------------------------------
#: The order of a Swiss's table when none is chosen: match points, then the strength of the
#: opponents met (Buchholz, median Buchholz, Sonneborn-Berger), as Swiss events rank.
SWISS_TIEBREAKS: tuple[str, ...] = (
    "match_points",
    "buchholz",
    "median_buchholz",
    "sonneborn_berger",
    "point_difference",
)
#: The order of any other tournament's table when none is chosen.
TOURNAMENT_TIEBREAKS: tuple[str, ...] = (
    "match_points",
    "head_to_head",
    "point_difference",
    "points_for",
)


def usual_tiebreaks(format: str) -> tuple[str, ...]:
    """The chain a tournament of ``format`` is ordered by when none is chosen."""
    return SWISS_TIEBREAKS if format == "swiss" else TOURNAMENT_TIEBREAKS


def fits_a_tournament(rules: Ruleset) -> bool:
    """Whether ``rules`` can be a tournament's game: a tournament match has two sides."""
    return rules.sides == 2


def knockout_length_problem(format: str, games_per_match: int) -> FormatProblem | None:
    """What is wrong with a match of ``games_per_match`` games in a tournament of ``format``:
    a knockout's match needs a winner, so an even number of games, which may end level, is
    refused (:data:`KNOCKOUT_ODD`); None when the length will do."""
    if format in KNOCKOUTS and games_per_match % 2 == 0:
        return FormatProblem("games_per_match", KNOCKOUT_ODD, "format.knockout_odd")
    return None


def knockout_rules_problem(format: str, rules: Ruleset) -> FormatProblem | None:
    """What is wrong with a knockout of ``rules``: a game of a fixed number of deals (a boom, a
    partie) may end level, so a knockout's match could be drawn and its bracket could not go
    on; such a game is refused for the knockouts (:data:`KNOCKOUT_FIXED_DEALS`). None when it
    will do."""
    if format in KNOCKOUTS and rules.fixed_deals:
        return FormatProblem(
            "format",
            Term(KNOCKOUT_FIXED_DEALS, game=rules.name),
            "format.knockout_fixed_deals",
        )
    return None


def tournament_problems(
    rules: Ruleset,
    *,
    format: str,
    entrant_kind: str,
    games_per_match: int = 1,
    best_of: bool = False,
    swiss_rounds: int | None = None,
    pool_count: int | None = None,
    pool_top_k: int | None = None,
) -> list[FormatProblem]:
    """What a tournament's format does not allow (its options are read only for the format
    that uses them). The first problem a field, in order. What every competition must also
    satisfy is :func:`competition_problems`'s."""
    problems = []
    if format not in FORMATS:
        problems.append(
            FormatProblem(
                "format",
                Term(gettext_noop("Unknown format %(format)s."), format=repr(format)),
                "format.unknown",
            )
        )
    if entrant_kind == "rotation":
        problems.append(
            FormatProblem(
                "entrant_kind",
                Term(gettext_noop("A tournament is played by fixed players or partnerships.")),
                "format.tournament_rotation",
            )
        )
    if not fits_a_tournament(rules):
        problems.append(
            FormatProblem(
                "preset",
                Term(
                    gettext_noop("%(game)s has %(sides)d sides; a tournament match has two."),
                    game=rules.name,
                    sides=rules.sides,
                ),
                "format.tournament_sides",
            )
        )
    for knockout in (
        knockout_rules_problem(format, rules),
        knockout_length_problem(format, games_per_match),
    ):
        if knockout is not None:
            problems.append(knockout)
    if best_of and games_per_match % 2 == 0:
        problems.append(FormatProblem("games_per_match", BEST_OF_ODD, "format.best_of_odd"))
    # No number of rounds is allowed: it is worked out from the entrants at the start
    # (:func:`suggested_swiss_rounds`).
    if format == "swiss" and swiss_rounds is not None and not 1 <= swiss_rounds <= MAX_SWISS_ROUNDS:
        problems.append(
            FormatProblem(
                "swiss_rounds",
                Term(
                    gettext_noop("A Swiss is from 1 to %(rounds)d rounds."), rounds=MAX_SWISS_ROUNDS
                ),
                "format.swiss_rounds",
            )
        )
    if format == "pools":
        if not 1 <= (pool_count or 0) <= MAX_POOLS:
            problems.append(
                FormatProblem(
                    "pool_count",
                    Term(gettext_noop("Choose from 1 to %(pools)d pools."), pools=MAX_POOLS),
                    "format.pool_count",
                )
            )
        if not 1 <= (pool_top_k or 0) <= MAX_POOL_QUALIFIERS:
            problems.append(
                FormatProblem(
                    "pool_top_k",
                    Term(
                        gettext_noop("From 1 to %(qualifiers)d entrants qualify from each pool."),
                        qualifiers=MAX_POOL_QUALIFIERS,
                    ),
                    "format.pool_top_k",
                )
            )
    return _first_each(problems)


def check_tournament(
    rules: Ruleset,
    *,
    format: str,
    entrant_kind: str,
    games_per_match: int = 1,
    best_of: bool = False,
    swiss_rounds: int | None = None,
    pool_count: int | None = None,
    pool_top_k: int | None = None,
) -> None:
    """Raise :class:`InvalidFormat` for the first of :func:`tournament_problems`."""
    _raise_first(
        tournament_problems(
            rules,
            format=format,
            entrant_kind=entrant_kind,
            games_per_match=games_per_match,
            best_of=best_of,
            swiss_rounds=swiss_rounds,
            pool_count=pool_count,
            pool_top_k=pool_top_k,
        )
    )


def check_tournament_start(
    format: str,
    entrants: int,
    *,
    third_place: bool = False,
    final_reset: bool = True,
    pool_count: int | None = None,
    pool_top_k: int | None = None,
) -> None:
    """Raise :class:`InvalidFormat` when a tournament of ``entrants`` cannot start: fewer than
    two, a bracket that cannot be drawn (a third-place match with fewer than four), or pools
    too small for their qualifiers (each pool needs at least ``max(pool_top_k, 2)``; unset
    pool options count as 2)."""
    if entrants < 2:
        raise InvalidFormat(
            gettext_noop("A tournament needs at least two entrants."),
            code="format.too_few_entrants",
        )
    try:
        if format == "single":
            single_elimination(entrants, third_place=third_place)
        elif format == "double":
            double_elimination(entrants, reset=final_reset)
    except InvalidBracket as error:
        raise InvalidFormat(error.template, code=error.code, params=error.params) from None
    if format == "pools":
        pools = pool_count or 2
        top_k = pool_top_k or 2
        needed = pools * max(top_k, 2)
        if entrants < needed:
            raise InvalidFormat(
                gettext_noop(
                    "%(pools)d pools with %(top_k)d qualifying from each need at least "
                    "%(needed)d entrants."
                ),
                "pool_count",
                code="format.pools_too_small",
                params={"pools": pools, "top_k": top_k, "needed": needed},
            )


# -- when it goes on, and when it is over ------------------------------------------------------
@dataclass(frozen=True)
class MatchProgress:
    """How far one match of a tournament has gone: its ``round`` (any id of the round it is
    played in), whether it is ``finished`` (has a result) and whether that is ``confirmed``."""

    round: int
    finished: bool
    confirmed: bool


def pools_finished(confirmed: Iterable[bool]) -> bool:
    """Whether the pools are over, so that the knockout can be drawn: there are pool matches,
    and every one's result is confirmed (``confirmed``: one flag a pool match)."""
    flags = list(confirmed)
    return bool(flags) and all(flags)


def suggested_swiss_rounds(entrants: int) -> int:
    """The rounds a Swiss of ``entrants`` is played in when nobody chose: the fewest in which
    one entrant can win every match and finish alone at the top, ``ceil(log2(entrants))``
    (the usual rule of Swiss events: 8 entrants play 3 rounds, 9 to 16 play 4, 17 to 32
    play 5), but at least 1, at most ``entrants - 1`` (so that nobody must meet an opponent
    twice) and at most :data:`MAX_SWISS_ROUNDS`."""
    if not _is_whole(entrants) or entrants < 0:
        raise ValueError(f"entrants must be a whole number, 0 or more; got {entrants!r}")
    rounds = max(entrants - 1, 1).bit_length()  # ceil(log2(n)) for n >= 2
    return max(1, min(rounds, entrants - 1, MAX_SWISS_ROUNDS))


def swiss_rounds_hint() -> str:
    """What a blank number of Swiss rounds means, for the form beside the field."""
    eight, sixteen, thirty_two = (suggested_swiss_rounds(n) for n in (8, 16, 32))
    return (
        "Blank: as many as the entrants need for one of them to win every match, worked out "
        f"when the tournament starts: 8 entrants play {eight} rounds, 16 play {sixteen}, "
        f"32 play {thirty_two}."
    )


def swiss_round_due(*, rounds_drawn: int, swiss_rounds: int | None, all_confirmed: bool) -> bool:
    """Whether the next Swiss round is to be paired now: every match so far is confirmed and
    fewer than ``swiss_rounds`` rounds are drawn (5 when it is unset)."""
    return all_confirmed and rounds_drawn < (swiss_rounds or 5)


def event_finished(
    format: str,
    *,
    started: bool,
    matches: Sequence[MatchProgress] = (),
    swiss_rounds: int | None = None,
    bracket_finished: bool = False,
) -> bool:
    """Whether a tournament is over (its places final): a knockout (``single``, ``double``,
    ``pools``) when its bracket is (``bracket_finished``, from
    :attr:`scoring.brackets.BracketState.finished`; False while there is no bracket); a Swiss
    or a round robin once it has started and has matches, every one finished and confirmed,
    and (a Swiss) matches in at least ``swiss_rounds`` different rounds."""
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r}; the formats are {', '.join(FORMATS)}")
    if format in KNOCKOUTS:
        return started and bracket_finished
    if not started:
        return False
    return rounds_played_out(
        format,
        matches=len(matches),
        open_matches=sum(not m.finished or not m.confirmed for m in matches),
        rounds_drawn=len({m.round for m in matches}),
        swiss_rounds=swiss_rounds,
    )


def rounds_played_out(
    format: str,
    *,
    matches: int,
    open_matches: int,
    rounds_drawn: int,
    swiss_rounds: int | None = None,
) -> bool:
    """Whether a Swiss, a round robin or a set of pools has played out, from counts (what one
    aggregate query gives): at least one match, none ``open`` (unfinished or unconfirmed),
    and (a Swiss) matches drawn in at least ``swiss_rounds`` rounds."""
    if matches == 0 or open_matches:
        return False
    if format == "swiss":
        return rounds_drawn >= (swiss_rounds or 0)
    return True
