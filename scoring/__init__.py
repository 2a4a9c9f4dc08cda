"""Hicksheet's scoring engine: the rules of Klaberjass, Clabber and their relatives.

Pure Python, no Django. The public surface (kept stable, documented in the README)::

    from scoring import get_ruleset, PRESETS, Deal, score_deal, play_game, InvalidDeal

    rules = get_ruleset("clabber")
    r = score_deal(rules, Deal(makers=0, card_points=(80, 82), melds=(("run3",), ())))
    r.points, r.marks, r.made        # (100, 82), ("100", "82"), True

Declared melds (the engine settles who scores them) and the dealer::

    from scoring import Declared, meld_winner, meld_comparison, dealers, elder_side

    runs = (Declared.run(length=3, top="K", trump=True),)
    meld_winner(rules, (runs, (Declared.four("A"),)), elder=1)     # 1: four aces beat a run
    dealers(rules, 0, deals)     # the dealer's seat of each deal, then of the next deal
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
from scoring.deal import (
    Deal,
    DealResult,
    HeldOutcome,
    InvalidDeal,
    most_points_in_a_deal,
    score_deal,
    scored_melds,
    validate_deal,
)
from scoring.dealers import dealers, deals_again, elder_seat, elder_side, next_dealer, seat_side
from scoring.formats import (
    FORMATS,
    KNOCKOUTS,
    FormatProblem,
    InvalidFormat,
    MatchProgress,
    check_competition,
    check_tournament,
    check_tournament_start,
    competition_problems,
    event_finished,
    fits_a_tournament,
    pools_finished,
    swiss_round_due,
    tournament_problems,
)
from scoring.game import GameResult, game_winner, play_game, stored_held_outcome
from scoring.matches import (
    Concession,
    GameOutcome,
    InvalidMatch,
    MatchFormat,
    MatchResult,
    SideResult,
    match_result,
    paper_ceiling,
    typed_games,
)
from scoring.melds import RANKS, Declared, MeldComparison, meld_comparison, meld_winner
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
    MELD_TIES,
    PRESETS,
    RENEGE_MELDS,
    VOID_REASON_LABELS,
    VOID_REASONS,
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
    SwappedRound,
    SwapWarning,
    SwissEntrant,
    SwissRound,
    TableAssignment,
    greedy_pairings,
    meetings,
    swap_entrants,
    swiss_pairings,
    table_draw,
)

__all__ = [
    "MELD_KINDS",
    "MELD_LABELS",
    "MELD_TIES",
    "RENEGE_MELDS",
    "VOID_REASONS",
    "VOID_REASON_LABELS",
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
    "scored_melds",
    # declared melds and the dealer
    "RANKS",
    "Declared",
    "MeldComparison",
    "meld_comparison",
    "meld_winner",
    "dealers",
    "deals_again",
    "elder_seat",
    "elder_side",
    "next_dealer",
    "seat_side",
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
    # a match's result
    "Concession",
    "GameOutcome",
    "InvalidMatch",
    "MatchFormat",
    "MatchResult",
    "SideResult",
    "match_result",
    "typed_games",
    "paper_ceiling",
    "most_points_in_a_deal",
    # competition formats
    "FORMATS",
    "KNOCKOUTS",
    "InvalidFormat",
    "MatchProgress",
    "FormatProblem",
    "check_competition",
    "check_tournament",
    "check_tournament_start",
    "competition_problems",
    "event_finished",
    "fits_a_tournament",
    "pools_finished",
    "swiss_round_due",
    "tournament_problems",
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
    "SwapWarning",
    "SwappedRound",
    "SwissEntrant",
    "SwissRound",
    "TableAssignment",
    "greedy_pairings",
    "meetings",
    "swap_entrants",
    "swiss_pairings",
    "table_draw",
]
