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

SetAward = Literal["own", "all"]
TieRule = Literal["set", "own", "hang"]
TricklessMelds = Literal["void", "kept"]
MeldTie = Literal["nobody", "elder"]
RenegeMelds = Literal["own", "scored"]

SET_AWARDS: tuple[str, ...] = ("own", "all")
TIE_RULES: tuple[str, ...] = ("set", "own", "hang")
TRICKLESS_MELDS: tuple[str, ...] = ("void", "kept")
MELD_TIES: tuple[str, ...] = ("nobody", "elder")
RENEGE_MELDS: tuple[str, ...] = ("own", "scored")

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
    target: int = 500
    no_trump_allowed: bool = False
    #: Why a deal of this game may be void (a fact of the game, not a house rule to override).
    void_reasons: tuple[str, ...] = ("passed", "misdeal")
    meld_tie: MeldTie = "nobody"
    renege_melds: RenegeMelds = "own"
    #: Who deals after a void deal or a renege by both sides (a fact of the game).
    redeal_by_same_dealer: bool = False
    source: str = ""
    description: str = ""

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

    def deal_total(self, no_trump: bool = False) -> int:
        """Card points in the whole deck for one deal, last trick included."""
        return NO_TRUMP_DEAL_TOTAL if no_trump else TRUMP_DEAL_TOTAL

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

        whole(_FIELD_WORDS["target"], self.target, 1, 100_000)
        whole(_FIELD_WORDS["belle_value"], self.belle_value, 0, 1_000)
        whole(_FIELD_WORDS["renege_award"], self.renege_award, 0, 10_000)
        if self.set_award not in SET_AWARDS:
            raise InvalidRuleset(
                gettext_noop("Set award must be one of %(choices)s, not %(value)s."),
                code="ruleset.set_award",
                params={"choices": ", ".join(SET_AWARDS), "value": repr(self.set_award)},
            )
        if self.tie_rule not in TIE_RULES:
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
