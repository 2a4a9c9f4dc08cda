"""Hicksheet's scoring engine: the rules of Klaberjass, Clabber and their relatives.

Pure Python, no Django. The public surface (kept stable, documented in the README)::

    from scoring import get_ruleset, PRESETS, Deal, score_deal, play_game, InvalidDeal

    rules = get_ruleset("clabber")
    r = score_deal(rules, Deal(makers=0, card_points=(80, 82), melds=(("run3",), ())))
    r.points, r.marks, r.made        # (100, 82), ("100", "82"), True
"""

from scoring.brackets import (
    BYE,
    Bracket,
    BracketMatch,
    BracketState,
    InvalidBracket,
    LoserOf,
    MatchState,
    Nobody,
    PoolKnockout,
    Seed,
    WinnerOf,
    bracket_waves,
    double_elimination,
    pools_then_knockout,
    resolve,
    seed_order,
    seeding,
    single_elimination,
    split_into_pools,
)
from scoring.deal import Deal, DealResult, HeldOutcome, InvalidDeal, score_deal, validate_deal
from scoring.game import GameResult, game_winner, play_game, stored_held_outcome
from scoring.pairing import (
    Rotation,
    min_opponent_repeats,
    min_partner_repeats,
    rotation,
    round_robin,
)
from scoring.rules import (
    MELD_KINDS,
    MELD_LABELS,
    PRESETS,
    InvalidRuleset,
    Ruleset,
    get_ruleset,
    ruleset_from_data,
)
from scoring.standings import (
    TIEBREAKS,
    InvalidStandings,
    MatchPoints,
    MatchRow,
    StandingRow,
    TieBreak,
    standings,
    validate_keys,
)
from scoring.stats import MATCH_COUNTS, STAT_FIELDS, STAT_LABELS, StatLabel
from scoring.swiss import (
    InvalidPairing,
    SwissEntrant,
    SwissRound,
    TableAssignment,
    greedy_pairings,
    swiss_pairings,
    table_draw,
)

__all__ = [
    "MELD_KINDS",
    "MELD_LABELS",
    "PRESETS",
    "Deal",
    "DealResult",
    "GameResult",
    "HeldOutcome",
    "InvalidDeal",
    "InvalidRuleset",
    "Ruleset",
    "game_winner",
    "get_ruleset",
    "play_game",
    "ruleset_from_data",
    "score_deal",
    "stored_held_outcome",
    "validate_deal",
    # competition maths
    "MATCH_COUNTS",
    "STAT_FIELDS",
    "STAT_LABELS",
    "StatLabel",
    "TIEBREAKS",
    "InvalidStandings",
    "MatchPoints",
    "MatchRow",
    "Rotation",
    "StandingRow",
    "TieBreak",
    "min_opponent_repeats",
    "min_partner_repeats",
    "rotation",
    "round_robin",
    "standings",
    "validate_keys",
    # tournaments: brackets and Swiss
    "BYE",
    "Bracket",
    "BracketMatch",
    "BracketState",
    "InvalidBracket",
    "LoserOf",
    "MatchState",
    "Nobody",
    "PoolKnockout",
    "Seed",
    "WinnerOf",
    "bracket_waves",
    "double_elimination",
    "pools_then_knockout",
    "resolve",
    "seed_order",
    "seeding",
    "single_elimination",
    "split_into_pools",
    "InvalidPairing",
    "SwissEntrant",
    "SwissRound",
    "TableAssignment",
    "greedy_pairings",
    "swiss_pairings",
    "table_draw",
]
