"""What a league does with the matches of an entrant that withdraws mid-season.

The rule, as clubs state it (the common league rule, and Hicksheet's):

    If the entrant has played fewer than half of its fixtures, all its results are voided:
    they are removed from everyone's standings, and its fixtures still to play are voided too.
    Otherwise its played results stand, and every fixture it has still to play is conceded to
    its opponent (scored as a forfeit).

Words:

- *fixture* (:class:`FixtureOf`): one match of the withdrawing entrant, by its id; it is
  *played* when it has a result (played at the table, typed from a paper sheet, or conceded
  earlier); a fixture already void (typed by mistake) is no fixture of its and is not given.
- *half*: exactly half played is not fewer than half: the results stand.
- the *plan* (:class:`WithdrawalPlan`): which fixtures are voided, which conceded, which kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum


class Outcome(Enum):
    """What the rule does to the entrant's results as a whole."""

    VOIDED = "void"  # fewer than half played: every result of the entrant is voided
    STAND = "stand"  # half or more played: the results stand, the rest are conceded


@dataclass(frozen=True)
class FixtureOf:
    """One fixture of the withdrawing entrant: its id and whether it has a result."""

    id: int
    played: bool


@dataclass(frozen=True)
class WithdrawalPlan:
    """What withdrawing does, fixture by fixture (ids, in the order given).

    ``voided``: fixtures that will count for nobody (played ones and unplayed ones);
    ``conceded``: unplayed fixtures given to the opponent; ``kept``: played results that stand.
    """

    outcome: Outcome
    played: int
    total: int
    voided: tuple[int, ...]
    conceded: tuple[int, ...]
    kept: tuple[int, ...]

    @property
    def results_voided(self) -> int:
        """How many played results are removed from the standings."""
        return self.played if self.outcome is Outcome.VOIDED else 0


def withdrawal_plan(fixtures: Sequence[FixtureOf]) -> WithdrawalPlan:
    """The plan for an entrant whose fixtures are ``fixtures`` (see the module's rule)."""
    ids = [f.id for f in fixtures]
    if len(set(ids)) != len(ids):
        raise ValueError("a fixture given twice")
    played = [f.id for f in fixtures if f.played]
    open_ = [f.id for f in fixtures if not f.played]
    total = len(fixtures)
    if 2 * len(played) < total:
        return WithdrawalPlan(Outcome.VOIDED, len(played), total, tuple(ids), (), ())
    return WithdrawalPlan(Outcome.STAND, len(played), total, (), tuple(open_), tuple(played))
