"""Database models, one module per area; every model is importable from ``league.models``.

Words (see RULES.md and DESIGN.md):

- *game*: deals until a side reaches the target, scored by the ruleset copied onto the game
  when it started, so that a later change of a league's rules never rewrites history.
- *side*: who scores together (a player, or a partnership in four-hand games), by index from 0.
- *deal*: what the scorer entered (makers, card points, melds, belle, renege, void, no-trump)
  and what the engine gave for it (points, marks, running totals), kept so that sheets and
  standings read without re-scoring; ``league.games.services.game_recompute`` is the one place
  that writes the engine's columns.
- *audit*: one row per correction (an edit or a deletion of a deal): who, when, before, after.
- *rated game*, *rating change*, *current rating*: the ratings, derived from the finished
  games (see :mod:`league.models.ratings`).
- *record change*: one housekeeping change by an organiser (a rename, a retirement, an edit, a
  removal), kept like a deal correction (see :mod:`league.models.records`).
- *competition*: a league season or a tournament of a club; *entrant*, *round*, *fixture* and
  *fixture side* are its parts (see :mod:`league.models.competitions`); a club *evening* is a
  competition of kind ``evening``, its *season* adds evenings up (:mod:`league.models.evenings`).
"""

from league.models.accounts import Installation, Profile, Role
from league.models.clubs import Club, Partnership, Player
from league.models.competitions import (
    Competition,
    CompetitionKind,
    Entrant,
    EntrantKind,
    EntrantTally,
    Fixture,
    FixtureSide,
    FixtureStatus,
    MatchEvent,
    Round,
    TournamentFormat,
)
from league.models.evenings import Season
from league.models.games import Deal, DealAudit, Game, MeldEntry, VoidReason
from league.models.live import LiveEvent
from league.models.ratings import CurrentRating, RatedGame, RatingChange
from league.models.records import RecordChange

__all__ = [
    "Club",
    "Competition",
    "CurrentRating",
    "CompetitionKind",
    "Deal",
    "DealAudit",
    "Entrant",
    "EntrantKind",
    "EntrantTally",
    "Fixture",
    "FixtureSide",
    "FixtureStatus",
    "Game",
    "MeldEntry",
    "Installation",
    "LiveEvent",
    "MatchEvent",
    "Partnership",
    "Player",
    "Profile",
    "RatedGame",
    "RatingChange",
    "RecordChange",
    "Role",
    "Round",
    "Season",
    "TournamentFormat",
    "VoidReason",
]
