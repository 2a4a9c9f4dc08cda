"""Rulesets: the house rules a game is scored by.

Words (see ``RULES.md`` in the shared folder):

- *preset*: a named ruleset taken from the sources (``klaberjass``, ``clabber`` ...).
- *override*: a field of a preset changed for a league, tournament or game (``target=1000``).
- *side*: who scores together; one player in two- and three-hand games, a partnership in
  four-hand games. Sides are numbered from 0.
- *set award*: what the opponents score when the makers are set: ``own`` (their own combined
  points) or ``all`` (both sides' combined points).
- *tie rule*: what an equal deal means: ``set`` (scored as a set), ``own`` (makers 0, opponents
  their own points) or ``hang`` (nobody scores; the points are held for the next winner).
- *trickless melds*: ``void`` when a side that took no trick loses its melds (belle is kept),
  ``kept`` when it scores them anyway.
- *meld tie*: who scores melds when the best melds the sides declared are equal (equal runs,
  both in plain suits): ``nobody`` or ``elder`` (the side of the elder hand, the player to the
  dealer's left).
- *renege melds*: which of the innocent side's melds count on a renege: ``own`` (every meld it
  declared) or ``scored`` (only if they would have won the comparison of declared melds).
- *redeal by same dealer*: True when a void deal (everybody passed, a misdeal) or a renege by
  both sides is dealt again by the same dealer (clabber); otherwise the deal passes to the left
  as after any deal. A fact of the game, like ``void_reasons``, not an override.
- *void reason*: why a deal scored nothing, as the scorer picks it (:data:`VOID_REASONS`);
  each game knows its own (``Ruleset.void_reasons``): a schmeiss is a two-hand game's.

A :class:`Ruleset` is frozen data. ``rules.replace(target=1000)`` gives a validated variant, and
:meth:`Ruleset.to_data` / :func:`ruleset_from_data` turn one into plain JSON-able data and back,
so that a database can copy the exact rules onto every game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from scoring.errors import EngineError, Term, gettext_noop

SetAward = Literal["own", "all", "cards"]
TieRule = Literal["set", "own", "hang", "litige", "made"]
TricklessMelds = Literal["void", "kept"]
MeldTie = Literal["nobody", "elder"]
RenegeMelds = Literal["own", "scored", "counted", "none"]
MeldScoring = Literal["best", "each"]
MeldEntry = Literal["scored", "declared"]
MadeWhen = Literal["beat", "reach", "reach_and_beat"]
BelleOnSet = Literal["lost", "kept"]
Rounding = Literal["none", "ten", "ten_down"]
AllTricks = Literal["none", "bonus", "capot"]
ContractScoring = Literal["points_and_bid", "bid"]
MeldWords = Literal["runs", "belote"]

SET_AWARDS: tuple[str, ...] = ("own", "all", "cards")
TIE_RULES: tuple[str, ...] = ("set", "own", "hang", "litige", "made")
TRICKLESS_MELDS: tuple[str, ...] = ("void", "kept")
MELD_TIES: tuple[str, ...] = ("nobody", "elder")
RENEGE_MELDS: tuple[str, ...] = ("own", "scored", "counted", "none")
MELD_SCORINGS: tuple[str, ...] = ("best", "each")
MELD_ENTRIES: tuple[str, ...] = ("scored", "declared")
MADE_WHEN: tuple[str, ...] = ("beat", "reach", "reach_and_beat")
BELLE_ON_SET: tuple[str, ...] = ("lost", "kept")
ROUNDINGS: tuple[str, ...] = ("none", "ten", "ten_down")
ALL_TRICKS: tuple[str, ...] = ("none", "bonus", "capot")
CONTRACT_SCORINGS: tuple[str, ...] = ("points_and_bid", "bid")
MELD_WORD_SETS: tuple[str, ...] = ("runs", "belote")

#: Bonuses that are not melds (klebias-norm, source 000), scored per side like belle:
#: ``bimah`` (the dealer forced to take trump, paid only when that side makes it), ``shlomo``
#: (Shlomo HaMelech: a king of one colour and both queens of the other) and ``cleopatra`` (a
#: queen of one colour and both jacks of the other).
BONUS_KINDS: tuple[str, ...] = ("bimah", "shlomo", "cleopatra")
BONUS_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "bimah": Term(gettext_noop("Bimah")),
        "shlomo": Term(gettext_noop("Shlomo HaMelech")),
        "cleopatra": Term(gettext_noop("Cleopatra")),
    }
)

#: A contract of coinche: a bid of 80 or more by tens, or ``capot`` (every trick), worth
#: :data:`CAPOT_BID` when scored.
CAPOT = "capot"
CAPOT_BID = 250
LOWEST_BID = 80

#: Why a deal can be void, as a scorer says it: everybody passed twice, a schmeiss was
#: accepted (two-hand games only: sources 000, "variations", and 001), a misdeal (source 002
#: names an exposed card and dealing out of turn; any game may have one). Both sides reneging
#: is entered as a renege, not as a void reason.
VOID_REASONS: tuple[str, ...] = ("passed", "schmeiss", "misdeal")

#: What a person reads for each void reason.
VOID_REASON_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "passed": Term(gettext_noop("Everybody passed")),
        "schmeiss": Term(gettext_noop("Schmeiss accepted")),
        "misdeal": Term(gettext_noop("Misdeal")),
    }
)

#: Every meld kind the engine knows, in the order a sheet lists them. Belle is not a meld kind:
#: it is scored apart (``Deal.belle``).
MELD_KINDS: tuple[str, ...] = (
    "run3",
    "run4",
    "run5",
    "four_jacks",
    "four_9",
    "four_A",
    "four_10",
    "four_K",
    "four_Q",
    "four_8",
    "four_7",
    "three_A",
    "three_K",
    "three_Q",
    "three_J",
    "three_10",
    "three_9",
    "three_8",
    "three_7",
    "menage",
)

#: What a person reads for each meld kind.
MELD_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "run3": Term(gettext_noop("Run of 3")),
        "run4": Term(gettext_noop("Run of 4")),
        "run5": Term(gettext_noop("Run of 5 or more")),
        "four_jacks": Term(gettext_noop("Four jacks")),
        "four_9": Term(gettext_noop("Four nines")),
        "four_A": Term(gettext_noop("Four aces")),
        "four_10": Term(gettext_noop("Four tens")),
        "four_K": Term(gettext_noop("Four kings")),
        "four_Q": Term(gettext_noop("Four queens")),
        "four_8": Term(gettext_noop("Four eights")),
        "four_7": Term(gettext_noop("Four sevens")),
        "three_A": Term(gettext_noop("Three aces")),
        "three_K": Term(gettext_noop("Three kings")),
        "three_Q": Term(gettext_noop("Three queens")),
        "three_J": Term(gettext_noop("Three jacks")),
        "three_10": Term(gettext_noop("Three tens")),
        "three_9": Term(gettext_noop("Three nines")),
        "three_8": Term(gettext_noop("Three eights")),
        "three_7": Term(gettext_noop("Three sevens")),
        "menage": Term(gettext_noop("Ménage (K-Q-J of trumps)")),
    }
)

#: A meld kind inside a sentence ("does not pay for run of 3"): :data:`MELD_LABELS` lowercased,
#: as words the web side translates.
MELD_WORDS: Mapping[str, Term] = MappingProxyType(
    {
        "run3": Term(gettext_noop("run of 3")),
        "run4": Term(gettext_noop("run of 4")),
        "run5": Term(gettext_noop("run of 5 or more")),
        "four_jacks": Term(gettext_noop("four jacks")),
        "four_9": Term(gettext_noop("four nines")),
        "four_A": Term(gettext_noop("four aces")),
        "four_10": Term(gettext_noop("four tens")),
        "four_K": Term(gettext_noop("four kings")),
        "four_Q": Term(gettext_noop("four queens")),
        "four_8": Term(gettext_noop("four eights")),
        "four_7": Term(gettext_noop("four sevens")),
        "three_A": Term(gettext_noop("three aces")),
        "three_K": Term(gettext_noop("three kings")),
        "three_Q": Term(gettext_noop("three queens")),
        "three_J": Term(gettext_noop("three jacks")),
        "three_10": Term(gettext_noop("three tens")),
        "three_9": Term(gettext_noop("three nines")),
        "three_8": Term(gettext_noop("three eights")),
        "three_7": Term(gettext_noop("three sevens")),
        "menage": Term(gettext_noop("ménage (king, queen and jack of trumps)")),
    }
)

#: The meld words of Belote (``meld_words: belote``): a run of three is a *tierce*, of four a
#: *quarte* (a *cinquante* in belote-annonces), of five or more a *quinte* (a *cent*), a four
#: of a kind a *carré*.
BELOTE_MELD_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "run3": Term(gettext_noop("Tierce (run of 3)")),
        "run4": Term(gettext_noop("Quarte (run of 4)")),
        "run5": Term(gettext_noop("Quinte (run of 5 or more)")),
        "four_jacks": Term(gettext_noop("Carré of jacks")),
        "four_9": Term(gettext_noop("Carré of nines")),
        "four_A": Term(gettext_noop("Carré of aces")),
        "four_10": Term(gettext_noop("Carré of tens")),
        "four_K": Term(gettext_noop("Carré of kings")),
        "four_Q": Term(gettext_noop("Carré of queens")),
    }
)

#: How many cards each meld kind takes from a hand (a run of 5 or more: at least 5).
MELD_CARDS: Mapping[str, int] = MappingProxyType(
    {
        "run3": 3,
        "run4": 4,
        "run5": 5,
        "four_jacks": 4,
        "four_9": 4,
        "four_A": 4,
        "four_10": 4,
        "four_K": 4,
        "four_Q": 4,
        "four_8": 4,
        "four_7": 4,
        "three_A": 3,
        "three_K": 3,
        "three_Q": 3,
        "three_J": 3,
        "three_10": 3,
        "three_9": 3,
        "three_8": 3,
        "three_7": 3,
        "menage": 3,
    }
)

#: Card values, trump suit and plain suits; the last trick is worth ``LAST_TRICK`` more.
TRUMP_VALUES: Mapping[str, int] = MappingProxyType(
    {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
)
PLAIN_VALUES: Mapping[str, int] = MappingProxyType(
    {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
)
LAST_TRICK = 10
#: Card points in a deal with a trump suit (152 + last trick), in the 32- and the 24-card deck.
TRUMP_DEAL_TOTAL = 162
#: Card points in a no-trump deal (120 + last trick): no jass, no menel, no belle.
NO_TRUMP_DEAL_TOTAL = 130


class InvalidRuleset(EngineError):
    """A ruleset that cannot be played: an unknown preset or field, or a value out of range."""


#: The words of a whole-number field in a refusal ("Target must be a whole number ...").
_FIELD_WORDS: Mapping[str, Term] = MappingProxyType(
    {
        "target": Term(gettext_noop("Target")),
        "belle_value": Term(gettext_noop("Belle value")),
        "renege_award": Term(gettext_noop("Renege award")),
        "deal_total": Term(gettext_noop("Card points in a deal")),
        "deals": Term(gettext_noop("Deals in a game")),
        "contract": Term(gettext_noop("Contract")),
        "bid_max": Term(gettext_noop("Highest bid")),
        "all_tricks_value": Term(gettext_noop("What taking every trick earns")),
        "set_cards": Term(gettext_noop("Card points for the opponents on a set")),
        "contre_factors": Term(gettext_noop("Factor of a doubling")),
    }
)


def _frozen_values(values: Mapping[str, int]) -> Mapping[str, int]:
    # Keep MELD_KINDS order so equal rulesets compare and print the same.
    return MappingProxyType({k: values[k] for k in MELD_KINDS if k in values})


@dataclass(frozen=True)
class Ruleset:
    """One complete set of house rules.

    ``meld_values`` maps each meld kind the ruleset pays to its points; a kind that is absent is
    not paid, and a deal that scores it is refused.
    """

    preset: str
    name: str
    players: int
    sides: int
    deck_size: int
    cards_each: int
    all_cards_played: bool
    set_award: SetAward
    tie_rule: TieRule
    trickless_melds: TricklessMelds
    meld_values: Mapping[str, int]
    belle_value: int = 20
    renege_award: int = TRUMP_DEAL_TOTAL
    target: int | None = 500
    no_trump_allowed: bool = False
    #: Why a deal of this game may be void (a fact of the game, not a house rule to override).
    void_reasons: tuple[str, ...] = ("passed", "misdeal")
    meld_tie: MeldTie = "nobody"
    renege_melds: RenegeMelds = "own"
    #: Who deals after a void deal or a renege by both sides (a fact of the game).
    redeal_by_same_dealer: bool = False
    source: str = ""
    description: str = ""
    # -- the rest of the family (RULES.md part two) -----------------------------------------
    #: ``best``: only the side with the best meld scores melds (part one); ``each``: every side
    #: scores its own (klaverjas roem).
    meld_scoring: MeldScoring = "best"
    #: What the melds entered as kinds mean under ``best``: ``scored`` (the melds the side
    #: scores: both sides with melds is refused, part one) or ``declared`` (what each side
    #: declared: the engine compares them by value, as a table does).
    meld_entry: MeldEntry = "scored"
    #: Card points in a deal with a trump suit, the last trick included (164 in klebias-norm).
    deal_total: int = TRUMP_DEAL_TOTAL
    #: A game of a fixed number of deals (a boom of 16, a partie of 12): None plays to ``target``.
    deals: int | None = None
    #: When the makers have made it: ``beat`` (their combined points beat every other side's),
    #: ``reach`` (they reach ``contract``, or the deal's bid) or ``reach_and_beat`` (both).
    made_when: MadeWhen = "beat"
    #: The number the makers must reach under ``made_when: reach`` when the game has no bidding.
    contract: int | None = None
    #: Belle on a set: ``lost`` with the makers' other points (part one) or ``kept`` by its
    #: holder (belote-rebelote).
    belle_on_set: BelleOnSet = "lost"
    #: Each side's deal score rounded to ten, once, last: 5 up (``ten``), 5 down
    #: (``ten_down``), or not (``none``).
    rounding: Rounding = "none"
    #: Every deal has a contract (coinche): a bid of 80 or more by tens up to ``bid_max``, or
    #: capot, and a doubling (contrée, surcontrée) by ``contre_factors``. A fact of the game.
    bidding: bool = False
    contre_factors: tuple[int, int] = (2, 4)
    bid_max: int = CAPOT_BID
    #: What a made contract scores: the takers' points and the bid (``points_and_bid``) or the
    #: bid only (``bid``).
    contract_scoring: ContractScoring = "points_and_bid"
    #: What taking every trick earns: ``none``; ``bonus`` (``all_tricks_value`` more meld
    #: points: the Dutch pit, 100 roem); ``capot`` (the side's card points count
    #: ``all_tricks_value``, 252, instead of the deal's total).
    all_tricks: AllTricks = "none"
    all_tricks_value: int = 0
    #: Whether the opponents taking every trick from the makers earn it too (tegenpit).
    all_tricks_defenders: bool = True
    #: On a set, the card points the opponents score: None for the deal's card points (162, or
    #: the capot's 252), or a number (coinche's 160).
    set_cards: int | None = None
    #: Bonuses that are not melds, and what each pays (:data:`BONUS_KINDS`).
    bonus_values: Mapping[str, int] = dataclasses.field(default_factory=dict)
    #: The highest trump: the jack (every game but the Czech ones) or the queen (bulka, darda).
    high_trump: str = "J"
    #: The words a sheet uses for runs: ``runs`` or ``belote`` (tierce, quarte, quinte).
    meld_words: MeldWords = "runs"
    #: A schmeiss is always accepted (clob): the dealer has no choice. A fact of the game.
    schmeiss_always_accepted: bool = False
    #: What the sheet writes in the cell of set makers who score nothing: ``XX`` (source 002)
    #: or the game's own word (``nat`` in klaverjas). A fact of the game.
    set_mark: str = "XX"

    #: Fields a league, tournament or game may override.
    OVERRIDABLE = (
        "target",
        "meld_values",
        "belle_value",
        "set_award",
        "tie_rule",
        "trickless_melds",
        "renege_award",
        "meld_tie",
        "renege_melds",
        "meld_scoring",
        "meld_entry",
        "deal_total",
        "deals",
        "made_when",
        "contract",
        "belle_on_set",
        "rounding",
        "contre_factors",
        "bid_max",
        "contract_scoring",
        "all_tricks",
        "all_tricks_value",
        "all_tricks_defenders",
        "set_cards",
        "bonus_values",
    )

    def __post_init__(self) -> None:
        unknown = sorted(set(self.meld_values) - set(MELD_KINDS))
        if unknown:
            raise InvalidRuleset(
                gettext_noop("Unknown meld kind %(kind)s; the kinds are %(kinds)s."),
                code="ruleset.unknown_meld",
                params={"kind": repr(unknown[0]), "kinds": ", ".join(MELD_KINDS)},
            )
        object.__setattr__(self, "meld_values", _frozen_values(self.meld_values))
        if isinstance(self.contre_factors, list):
            object.__setattr__(self, "contre_factors", tuple(self.contre_factors))
        unknown_bonus = sorted(set(self.bonus_values) - set(BONUS_KINDS))
        if unknown_bonus:
            raise InvalidRuleset(
                gettext_noop("Unknown bonus %(kind)s; the bonuses are %(kinds)s."),
                code="ruleset.unknown_bonus",
                params={"kind": repr(unknown_bonus[0]), "kinds": ", ".join(BONUS_KINDS)},
            )
        object.__setattr__(
            self,
            "bonus_values",
            MappingProxyType(
                {k: self.bonus_values[k] for k in BONUS_KINDS if k in self.bonus_values}
            ),
        )
        self._validate()

    def __hash__(self) -> int:
        return hash(self.to_key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ruleset) and self.to_key() == other.to_key()

    def to_key(self) -> tuple[Any, ...]:
        return tuple(
            tuple(sorted(v.items())) if isinstance(v, Mapping) else v
            for v in (getattr(self, f.name) for f in dataclasses.fields(self))
        )

    # -- derived words -------------------------------------------------------------------
    @property
    def partnerships(self) -> bool:
        """True when a side is two partners (four-hand games)."""
        return self.players > self.sides

    @property
    def tricks_per_deal(self) -> int:
        """Every player plays all their cards, one a trick."""
        return self.cards_each

    def card_total(self, no_trump: bool = False) -> int:
        """Card points in the whole deck for one deal, last trick included: ``deal_total``, or
        130 in a no-trump deal."""
        return NO_TRUMP_DEAL_TOTAL if no_trump else self.deal_total

    @property
    def fixed_deals(self) -> bool:
        """True when a game is a fixed number of deals (a boom, a partie)."""
        return self.deals is not None

    @property
    def game_points(self) -> int:
        """What a whole game is worth to its winner when none was played (a forfeit): the
        target, or in a game of fixed deals without one, half the card points of its deals
        (a boom of 16: 1296), what an even game gives each side."""
        if self.target is not None:
            return self.target
        assert self.deals is not None  # validated: a game has a target or a number of deals
        return self.deals * self.deal_total // 2

    def contre_factor(self, contre: int) -> int:
        """The factor of a doubling: 1 for none, then ``contre_factors``."""
        return 1 if not contre else self.contre_factors[contre - 1]

    def bonus_value(self, kind: str) -> int | None:
        """Points for a bonus, or None when this ruleset does not pay it."""
        return self.bonus_values.get(kind)

    def meld_value(self, kind: str) -> int | None:
        """Points for a meld kind, or None when this ruleset does not pay it."""
        return self.meld_values.get(kind)

    # -- variants ------------------------------------------------------------------------
    def replace(self, **changes: Any) -> Ruleset:
        """A validated variant of this ruleset.

        ``meld_values`` is merged into the current values: ``{"run5": 100}`` changes one kind,
        and a kind given as ``None`` is no longer paid.
        """
        unknown = sorted(set(changes) - set(self.OVERRIDABLE))
        if unknown:
            raise InvalidRuleset(
                gettext_noop("%(fields)s cannot be changed; a ruleset may override %(allowed)s."),
                code="ruleset.not_overridable",
                params={"fields": ", ".join(unknown), "allowed": ", ".join(self.OVERRIDABLE)},
            )
        if "meld_values" in changes:
            given = changes["meld_values"]
            if not isinstance(given, Mapping):
                raise InvalidRuleset(
                    gettext_noop("Meld values must map meld kinds to points."),
                    code="ruleset.meld_values_mapping",
                )
            merged = dict(self.meld_values)
            for kind, value in given.items():
                if value is None:
                    merged.pop(kind, None)
                else:
                    merged[kind] = value
            changes = {**changes, "meld_values": merged}
        if "bonus_values" in changes:
            given = changes["bonus_values"]
            if not isinstance(given, Mapping):
                raise InvalidRuleset(
                    gettext_noop("Bonus values must map bonuses to points."),
                    code="ruleset.bonus_values_mapping",
                )
            bonuses = dict(self.bonus_values)
            for kind, value in given.items():
                if value is None:
                    bonuses.pop(kind, None)
                else:
                    bonuses[kind] = value
            changes = {**changes, "bonus_values": bonuses}
        return dataclasses.replace(self, **changes)

    def overrides(self) -> dict[str, Any]:
        """The fields that differ from the preset, as plain data (meld values: the whole
        mapping of changed kinds, ``None`` for a kind the preset pays and this one does not)."""
        base = PRESETS[self.preset]
        changed: dict[str, Any] = {}
        for name in self.OVERRIDABLE:
            mine, theirs = getattr(self, name), getattr(base, name)
            if name == "meld_values":
                diff = {k: mine.get(k) for k in MELD_KINDS if mine.get(k) != theirs.get(k)}
                if diff:
                    changed[name] = diff
            elif name == "bonus_values":
                bonus_diff = {k: mine.get(k) for k in BONUS_KINDS if mine.get(k) != theirs.get(k)}
                if bonus_diff:
                    changed[name] = bonus_diff
            elif name == "contre_factors" and tuple(mine) != tuple(theirs):
                changed[name] = list(mine)
            elif mine != theirs:
                changed[name] = mine
        return changed

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-able data: ``{"preset": ..., "overrides": {...}}``."""
        return {"preset": self.preset, "overrides": self.overrides()}

    # -- checks --------------------------------------------------------------------------
    def _validate(self) -> None:
        def whole(what: Term, value: Any, low: int, high: int) -> None:
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise InvalidRuleset(
                    gettext_noop(
                        "%(what)s must be a whole number from %(low)d to %(high)d, not %(value)s."
                    ),
                    code="ruleset.whole_number",
                    params={"what": what, "low": low, "high": high, "value": repr(value)},
                )

        def one_of(what: str, code: str, value: object, choices: tuple[str, ...]) -> None:
            if not isinstance(value, str) or value not in choices:
                raise InvalidRuleset(
                    what,
                    code=code,
                    params={"choices": ", ".join(choices), "value": repr(value)},
                )

        if self.target is None:
            if self.deals is None:
                raise InvalidRuleset(
                    gettext_noop(
                        "A game needs a target or a number of deals: without a target, say "
                        "how many deals a game is."
                    ),
                    code="ruleset.no_end",
                )
        else:
            whole(_FIELD_WORDS["target"], self.target, 1, 100_000)
        if self.deals is not None:
            whole(_FIELD_WORDS["deals"], self.deals, 1, 200)
        whole(_FIELD_WORDS["belle_value"], self.belle_value, 0, 1_000)
        whole(_FIELD_WORDS["renege_award"], self.renege_award, 0, 10_000)
        whole(_FIELD_WORDS["deal_total"], self.deal_total, 20, 1_000)
        whole(_FIELD_WORDS["bid_max"], self.bid_max, LOWEST_BID, 1_000)
        if self.bid_max % 10:
            raise InvalidRuleset(
                gettext_noop("The highest bid is a number of tens, not %(value)s."),
                code="ruleset.bid_max_tens",
                params={"value": repr(self.bid_max)},
            )
        whole(_FIELD_WORDS["all_tricks_value"], self.all_tricks_value, 0, 1_000)
        if self.set_cards is not None:
            whole(_FIELD_WORDS["set_cards"], self.set_cards, 0, 1_000)
        if self.contract is not None:
            whole(_FIELD_WORDS["contract"], self.contract, 1, self.deal_total + 1_000)
        factors = self.contre_factors
        if not isinstance(factors, tuple) or len(factors) != 2:
            raise InvalidRuleset(
                gettext_noop("The doublings' factors are two numbers: contrée and surcontrée."),
                code="ruleset.contre_factors",
            )
        for factor in factors:
            whole(_FIELD_WORDS["contre_factors"], factor, 1, 16)
        one_of(
            gettext_noop("Meld scoring must be one of %(choices)s, not %(value)s."),
            "ruleset.meld_scoring",
            self.meld_scoring,
            MELD_SCORINGS,
        )
        one_of(
            gettext_noop("Meld entry must be one of %(choices)s, not %(value)s."),
            "ruleset.meld_entry",
            self.meld_entry,
            MELD_ENTRIES,
        )
        one_of(
            gettext_noop("When a contract is made must be one of %(choices)s, not %(value)s."),
            "ruleset.made_when",
            self.made_when,
            MADE_WHEN,
        )
        one_of(
            gettext_noop("Belle on a set must be one of %(choices)s, not %(value)s."),
            "ruleset.belle_on_set",
            self.belle_on_set,
            BELLE_ON_SET,
        )
        one_of(
            gettext_noop("Rounding must be one of %(choices)s, not %(value)s."),
            "ruleset.rounding",
            self.rounding,
            ROUNDINGS,
        )
        one_of(
            gettext_noop("Taking every trick must be one of %(choices)s, not %(value)s."),
            "ruleset.all_tricks",
            self.all_tricks,
            ALL_TRICKS,
        )
        one_of(
            gettext_noop("Contract scoring must be one of %(choices)s, not %(value)s."),
            "ruleset.contract_scoring",
            self.contract_scoring,
            CONTRACT_SCORINGS,
        )
        one_of(
            gettext_noop("Meld words must be one of %(choices)s, not %(value)s."),
            "ruleset.meld_words",
            self.meld_words,
            MELD_WORD_SETS,
        )
        if not isinstance(self.all_tricks_defenders, bool):
            raise InvalidRuleset(
                gettext_noop(
                    "Whether the opponents also earn the bonus for taking every trick (tegenpit) "
                    "must be True or False."
                ),
                code="ruleset.all_tricks_defenders",
            )
        if self.made_when != "beat" and not self.bidding and self.contract is None:
            raise InvalidRuleset(
                gettext_noop(
                    "A contract the makers must reach needs its number: how many points they "
                    "must reach."
                ),
                code="ruleset.contract_missing",
            )
        for kind, value in self.bonus_values.items():
            whole(
                Term(gettext_noop("The value of %(bonus)s"), bonus=BONUS_LABELS[kind]),
                value,
                1,
                10_000,
            )
        if self.tie_rule == "litige" and self.sides != 2:
            raise InvalidRuleset(
                gettext_noop("Held points on a tie ('litige') need exactly two sides."),
                code="ruleset.three_hand_litige",
            )
        if self.meld_scoring == "each" and self.sides != 2:
            raise InvalidRuleset(
                gettext_noop("Every side scoring its own melds needs exactly two sides."),
                code="ruleset.three_hand_each",
            )
        if self.bidding and self.sides != 2:
            raise InvalidRuleset(
                gettext_noop("A game with bidding has two sides."),
                code="ruleset.three_hand_bidding",
            )
        if not isinstance(self.set_award, str) or self.set_award not in SET_AWARDS:
            raise InvalidRuleset(
                gettext_noop("Set award must be one of %(choices)s, not %(value)s."),
                code="ruleset.set_award",
                params={"choices": ", ".join(SET_AWARDS), "value": repr(self.set_award)},
            )
        if not isinstance(self.tie_rule, str) or self.tie_rule not in TIE_RULES:
            raise InvalidRuleset(
                gettext_noop("Tie rule must be one of %(choices)s, not %(value)s."),
                code="ruleset.tie_rule",
                params={"choices": ", ".join(TIE_RULES), "value": repr(self.tie_rule)},
            )
        if self.trickless_melds not in TRICKLESS_MELDS:
            raise InvalidRuleset(
                gettext_noop("Trickless melds must be one of %(choices)s, not %(value)s."),
                code="ruleset.trickless_melds",
                params={"choices": ", ".join(TRICKLESS_MELDS), "value": repr(self.trickless_melds)},
            )
        if self.meld_tie not in MELD_TIES:
            raise InvalidRuleset(
                gettext_noop("Meld tie must be one of %(choices)s, not %(value)s."),
                code="ruleset.meld_tie",
                params={"choices": ", ".join(MELD_TIES), "value": repr(self.meld_tie)},
            )
        if self.renege_melds not in RENEGE_MELDS:
            raise InvalidRuleset(
                gettext_noop("Renege melds must be one of %(choices)s, not %(value)s."),
                code="ruleset.renege_melds",
                params={"choices": ", ".join(RENEGE_MELDS), "value": repr(self.renege_melds)},
            )
        if not isinstance(self.redeal_by_same_dealer, bool):
            raise InvalidRuleset(
                gettext_noop("Redeal by same dealer must be True or False."),
                code="ruleset.redeal_by_same_dealer",
            )
        unknown_void = [r for r in self.void_reasons if r not in VOID_REASONS]
        if unknown_void or not self.void_reasons:
            raise InvalidRuleset(
                gettext_noop("Void reasons must be some of %(choices)s, not %(value)s."),
                code="ruleset.void_reasons",
                params={"choices": ", ".join(VOID_REASONS), "value": repr(self.void_reasons)},
            )
        for kind, value in self.meld_values.items():
            whole(
                Term(gettext_noop("The value of %(meld)s"), meld=MELD_WORDS[kind]), value, 1, 10_000
            )
        if self.sides > 2:
            # With three players "both sides' points" and "the next winner" have no single
            # meaning, so the three-hand game supports only the unambiguous rules.
            if self.set_award != "own":
                raise InvalidRuleset(
                    gettext_noop(
                        "In a three-hand game each player scores their own points on a set; "
                        "set award 'all' is for two sides."
                    ),
                    code="ruleset.three_hand_set_award",
                )
            if self.tie_rule == "hang":
                raise InvalidRuleset(
                    gettext_noop("Held points on a tie ('hang') need exactly two sides."),
                    code="ruleset.three_hand_hang",
                )


def _preset(**kwargs: Any) -> Ruleset:
    return Ruleset(**kwargs)


_KLABERJASS_MELDS = {"run3": 20, "run4": 50, "run5": 50}
_ZENSA_MELDS = {
    "run3": 20,
    "run4": 50,
    "run5": 100,
    "four_jacks": 200,
    "four_A": 100,
    "four_10": 100,
    "four_K": 100,
    "four_Q": 100,
}
_CLABBER_MELDS = {
    "run3": 20,
    "run4": 50,
    "run5": 100,
    "four_jacks": 200,
    "four_9": 100,
    "four_A": 100,
    "four_10": 100,
    "four_K": 100,
    "four_Q": 100,
}

_TWO_HAND = dict(
    players=2,
    sides=2,
    deck_size=32,
    cards_each=9,
    all_cards_played=False,
    void_reasons=("passed", "schmeiss", "misdeal"),
)

#: Every preset by name; frozen, so share them freely.
PRESETS: Mapping[str, Ruleset] = MappingProxyType(
    {
        "klaberjass": _preset(
            preset="klaberjass",
            name=Term(gettext_noop("Klaberjass")),
            **_TWO_HAND,
            set_award="all",
            tie_rule="own",
            trickless_melds="void",
            meld_values=_KLABERJASS_MELDS,
            source="000",
            description=Term(
                gettext_noop(
                    "The two-hand game (Bela, Clob): when the makers are set, the "
                    "opponent scores both players' points; on a tie the makers score nothing."
                )
            ),
        ),
        "klaberjass-hang": _preset(
            preset="klaberjass-hang",
            name=Term(gettext_noop("Klaberjass, hanging ties")),
            **_TWO_HAND,
            set_award="all",
            tie_rule="hang",
            trickless_melds="void",
            meld_values=_KLABERJASS_MELDS,
            source="000",
            description=Term(
                gettext_noop(
                    "Two-hand Klaberjass where a tied deal's points are held and go to "
                    "the winner of the next deal."
                )
            ),
        ),
        "klabberjass-100": _preset(
            preset="klabberjass-100",
            name=Term(gettext_noop("Klabberjass (runs of five: 100)")),
            **_TWO_HAND,
            set_award="all",
            tie_rule="set",
            trickless_melds="void",
            meld_values={**_KLABERJASS_MELDS, "run5": 100},
            meld_tie="elder",
            source="001",
            description=Term(
                gettext_noop(
                    "Two-hand Klabberjass with schmeiss and dix; a run of five or more "
                    "pays 100 and a tie counts as a set."
                )
            ),
        ),
        "zensa": _preset(
            preset="zensa",
            name=Term(gettext_noop("Zensa (Bavarian melds)")),
            **_TWO_HAND,
            set_award="all",
            tie_rule="own",
            trickless_melds="void",
            meld_values=_ZENSA_MELDS,
            source="000",
            description=Term(
                gettext_noop("Two-hand Klaberjass with the Bavarian melds: four of a kind.")
            ),
        ),
        "klaberjass-3": _preset(
            preset="klaberjass-3",
            name=Term(gettext_noop("Three-hand Klaberjass")),
            players=3,
            sides=3,
            deck_size=32,
            cards_each=9,
            all_cards_played=False,
            set_award="own",
            tie_rule="set",
            trickless_melds="void",
            meld_values=_KLABERJASS_MELDS,
            source="000",
            description=Term(
                gettext_noop("Three players, each alone: the makers must beat each other player.")
            ),
        ),
        "klaberjass-4": _preset(
            preset="klaberjass-4",
            name=Term(gettext_noop("Four-hand Klaberjass (South African)")),
            players=4,
            sides=2,
            deck_size=32,
            cards_each=8,
            all_cards_played=True,
            set_award="all",
            tie_rule="own",
            trickless_melds="void",
            meld_values=_KLABERJASS_MELDS,
            no_trump_allowed=True,
            source="000",
            description=Term(
                gettext_noop(
                    "Four players in two partnerships, all 32 cards played; no-trump deals allowed."
                )
            ),
        ),
        "clabber": _preset(
            preset="clabber",
            name=Term(gettext_noop("Evansville Clabber")),
            players=4,
            sides=2,
            deck_size=24,
            cards_each=6,
            all_cards_played=True,
            set_award="own",
            tie_rule="set",
            trickless_melds="kept",
            meld_values=_CLABBER_MELDS,
            redeal_by_same_dealer=True,
            source="002",
            description=Term(
                gettext_noop(
                    "Four players in partnerships with 24 cards (9 to ace); the makers "
                    "must beat the opponents or go set (XX)."
                )
            ),
        ),
    }
)


_FOUR_HAND = dict(
    players=4,
    sides=2,
    deck_size=32,
    cards_each=8,
    all_cards_played=True,
)
_CZECH_MELDS = {
    "run3": 20,
    "run4": 50,
    "run5": 100,
    "four_A": 100,
    "four_K": 100,
    "four_jacks": 100,
    "four_9": 150,
    "four_Q": 200,
}
_KLEBIAS_MELDS = {
    "run3": 20,
    "run4": 50,
    "run5": 50,
    "menage": 50,
    **{f"three_{rank}": 20 for rank in ("A", "K", "Q", "J", "10", "9", "8", "7")},
    **{kind: 50 for kind in ("four_jacks", "four_9", "four_A", "four_10", "four_K", "four_Q")},
    "four_8": 50,
    "four_7": 50,
}
_KLAVERJAS_MELDS = {
    "run3": 20,
    "run4": 50,
    "four_jacks": 200,
    "four_9": 100,
    "four_A": 100,
    "four_10": 100,
    "four_K": 100,
    "four_Q": 100,
    "four_8": 100,
    "four_7": 100,
}
_ANNONCES = {
    "run3": 20,
    "run4": 50,
    "run5": 100,
    "four_jacks": 200,
    "four_9": 150,
    "four_A": 100,
    "four_10": 100,
    "four_K": 100,
    "four_Q": 100,
}
_BELOTE = dict(
    **_FOUR_HAND,
    set_award="all",
    tie_rule="litige",
    trickless_melds="void",
    belle_on_set="kept",
    all_tricks="capot",
    all_tricks_value=252,
    renege_melds="counted",
    meld_entry="declared",
    meld_words="belote",
    target=501,
)
_KLABBERJASS_100 = dict(
    **_TWO_HAND,
    set_award="all",
    tie_rule="set",
    trickless_melds="void",
    meld_values={**_KLABERJASS_MELDS, "run5": 100},
    meld_tie="elder",
    source="001",
)

#: The rest of the family (RULES.md part two): variants the sources name, and the national
#: games clubs play in competitions.
_PART_TWO: dict[str, Ruleset] = {
    "derda": _preset(
        preset="derda",
        name=Term(gettext_noop("Derda (Polish)")),
        **_TWO_HAND,
        set_award="all",
        tie_rule="own",
        trickless_melds="void",
        meld_values={"run3": 30, "run4": 50, "run5": 50},
        source="000",
        description=Term(
            gettext_noop(
                "Two-hand Klaberjass from Poland: a run of three (derda) pays 30, a run of four "
                "or more (fuf) 50."
            )
        ),
    ),
    "bulka": _preset(
        preset="bulka",
        name=Term(gettext_noop("Bulka (Czech, two hands)")),
        **_TWO_HAND,
        set_award="all",
        tie_rule="own",
        trickless_melds="void",
        meld_values=_CZECH_MELDS,
        belle_value=40,
        high_trump="Q",
        meld_entry="declared",
        source="000",
        description=Term(
            gettext_noop(
                "Two-hand game from Bohemia: the queen is the highest trump (jasek) and the nine "
                "the second (minela); bejle pays 40, four nines 150, four queens 200."
            )
        ),
    ),
    "darda": _preset(
        preset="darda",
        name=Term(gettext_noop("Darda (Czech, four hands)")),
        **_FOUR_HAND,
        set_award="all",
        tie_rule="own",
        trickless_melds="void",
        meld_values=_CZECH_MELDS,
        belle_value=40,
        high_trump="Q",
        meld_entry="declared",
        source="000",
        description=Term(
            gettext_noop(
                "Bulka for four in partnerships, all 32 cards played: the queen is the highest "
                "trump; bejle 40, four nines 150, four queens 200."
            )
        ),
    ),
    "klebias-norm": _preset(
        preset="klebias-norm",
        name=Term(gettext_noop("Klebias Norm (Teaneck)")),
        **_FOUR_HAND,
        set_award="all",
        tie_rule="own",
        trickless_melds="void",
        meld_values=_KLEBIAS_MELDS,
        deal_total=164,
        bonus_values={"bimah": 40, "shlomo": 20, "cleopatra": 20},
        meld_entry="declared",
        source="000",
        description=Term(
            gettext_noop(
                "Four in partnerships with a deal of 164: three of a kind 20, four of a kind "
                "50, ménage (king, queen and jack of trumps) 50, and the bonuses bimah, Shlomo "
                "HaMelech and Cleopatra."
            )
        ),
    ),
    "kalabriasz-3": _preset(
        preset="kalabriasz-3",
        name=Term(gettext_noop("Kalabriasz, three hands (Hungarian)")),
        players=3,
        sides=3,
        deck_size=32,
        cards_each=9,
        all_cards_played=False,
        set_award="own",
        tie_rule="set",
        trickless_melds="void",
        meld_values=_KLABERJASS_MELDS,
        made_when="reach",
        contract=82,
        source="001",
        description=Term(
            gettext_noop(
                "Three players, each alone: the makers must reach a fixed contract (82 unless "
                "the house says otherwise) instead of beating the others."
            )
        ),
    ),
    "kalabriasz-4": _preset(
        preset="kalabriasz-4",
        name=Term(gettext_noop("Kalabriasz, four hands (Hungarian)")),
        **_FOUR_HAND,
        set_award="all",
        tie_rule="own",
        trickless_melds="void",
        meld_values=_KLABERJASS_MELDS,
        made_when="reach",
        contract=82,
        source="001",
        description=Term(
            gettext_noop(
                "Four in partnerships: the makers must reach a fixed contract (82 unless the "
                "house says otherwise) instead of beating the opponents."
            )
        ),
    ),
    "clob": _preset(
        preset="clob",
        name=Term(gettext_noop("Clob")),
        **_KLABBERJASS_100,
        schmeiss_always_accepted=True,
        description=Term(
            gettext_noop(
                "Klabberjass (runs of five: 100) where a schmeiss is always accepted: the dealer "
                "has no choice."
            )
        ),
    ),
    "klabberjass-belote": _preset(
        preset="klabberjass-belote",
        name=Term(gettext_noop("Klabberjass with Belote's words")),
        **{**_KLABBERJASS_100, "meld_words": "belote"},
        description=Term(
            gettext_noop(
                "Klabberjass (runs of five: 100) with Belote's words for the runs: tierce 20, "
                "quarte 50, quinte 100."
            )
        ),
    ),
    "bela-100": _preset(
        preset="bela-100",
        name=Term(gettext_noop("Bela to 100")),
        **{**_KLABBERJASS_100, "target": 100},
        description=Term(
            gettext_noop("Klabberjass (runs of five: 100) to 100 points, for a quick evening.")
        ),
    ),
    "klaverjas": _preset(
        preset="klaverjas",
        name=Term(gettext_noop("Klaverjas (Dutch)")),
        **_FOUR_HAND,
        set_award="all",
        tie_rule="set",
        trickless_melds="void",
        meld_values=_KLAVERJAS_MELDS,
        meld_scoring="each",
        all_tricks="bonus",
        all_tricks_value=100,
        renege_award=TRUMP_DEAL_TOTAL + 100,
        renege_melds="none",
        deals=16,
        target=None,
        set_mark="nat",
        source="klaverjas",
        description=Term(
            gettext_noop(
                "The Dutch club game, four in partnerships: each side scores its own roem; the "
                "makers must have more than the opponents or go nat (the opponents score 162 "
                "and all the roem); every trick is a pit (100 roem); a game is a boom of 16 "
                "deals."
            )
        ),
    ),
    "belote": _preset(
        preset="belote",
        name=Term(gettext_noop("Belote (French, classic)")),
        **_BELOTE,
        meld_values={},
        source="belote",
        description=Term(
            gettext_noop(
                "The French game without announcements, as concours play it: belote-rebelote "
                "20 stays with its holder; dedans gives the defenders 162; a capot counts 252; "
                "an equal deal is a litige."
            )
        ),
    ),
    "belote-annonces": _preset(
        preset="belote-annonces",
        name=Term(gettext_noop("Belote with announcements")),
        **_BELOTE,
        meld_values=_ANNONCES,
        source="belote",
        description=Term(
            gettext_noop(
                "Classic Belote with announcements: tierce 20, cinquante 50, cent 100, carrés "
                "of jacks 200, nines 150, the others 100; only the best side's count."
            )
        ),
    ),
    "coinche": _preset(
        preset="coinche",
        name=Term(gettext_noop("Coinche (Belote contrée)")),
        **{
            **_BELOTE,
            "target": 2000,
            "tie_rule": "set",
            "made_when": "reach_and_beat",
            "bidding": True,
            "set_cards": 160,
            "rounding": "ten",
        },
        meld_values=_ANNONCES,
        source="belote",
        description=Term(
            gettext_noop(
                "Belote with a bid of 80 or more (or capot), contrée and surcontrée: the takers "
                "must reach their bid and beat the defenders; scores rounded to ten."
            )
        ),
    ),
}


#: The presets of RULES.md part one (the two games the sources describe in full and their
#: variations) and part two (the rest of the family), in the order a menu lists them.
PART_ONE_PRESETS: tuple[str, ...] = tuple(PRESETS)
PART_TWO_PRESETS: tuple[str, ...] = tuple(_PART_TWO)

PRESETS = MappingProxyType({**PRESETS, **_PART_TWO})


def get_ruleset(name: str, **overrides: Any) -> Ruleset:
    """The preset called ``name``, with ``overrides`` applied (see :meth:`Ruleset.replace`)."""
    try:
        rules = PRESETS[name]
    except (KeyError, TypeError):
        raise InvalidRuleset(
            gettext_noop("Unknown preset %(name)s; the presets are %(presets)s."),
            code="ruleset.unknown_preset",
            params={"name": repr(name), "presets": ", ".join(PRESETS)},
        ) from None
    return rules.replace(**overrides) if overrides else rules


def ruleset_from_data(data: Mapping[str, Any]) -> Ruleset:
    """The inverse of :meth:`Ruleset.to_data`."""
    if not isinstance(data, Mapping) or "preset" not in data:
        raise InvalidRuleset(
            gettext_noop("A stored ruleset needs a preset name."), code="ruleset.stored_preset"
        )
    overrides = data.get("overrides") or {}
    if not isinstance(overrides, Mapping):
        raise InvalidRuleset(
            gettext_noop("A stored ruleset's overrides must be a mapping of fields."),
            code="ruleset.stored_overrides",
        )
    return get_ruleset(data["preset"], **dict(overrides))


__all__ = [
    "BONUS_KINDS",
    "BONUS_LABELS",
    "CAPOT",
    "PART_ONE_PRESETS",
    "PART_TWO_PRESETS",
    "InvalidRuleset",
    "LAST_TRICK",
    "MELD_CARDS",
    "MELD_KINDS",
    "MELD_LABELS",
    "MELD_WORDS",
    "MELD_TIES",
    "NO_TRUMP_DEAL_TOTAL",
    "PLAIN_VALUES",
    "PRESETS",
    "RENEGE_MELDS",
    "Ruleset",
    "TRUMP_DEAL_TOTAL",
    "TRUMP_VALUES",
    "VOID_REASONS",
    "VOID_REASON_LABELS",
    "get_ruleset",
    "ruleset_from_data",
]
