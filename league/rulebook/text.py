"""The words for a ruleset: every rule value turned into sentences a player reads.

A rules page renders the :class:`RulesSheet` that :func:`describe` builds from a
:class:`~scoring.rules.Ruleset`, so that the values come from the ruleset and the explaining
words live here, one sentence per value, instead of being restated or chosen in a template.

Words as in ``scoring.rules``: *makers* (the side that took trump), *set* (the makers did not
make it), *override* (a field changed from its preset; a sheet lists them as ``changes``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.rules import (
    LAST_TRICK,
    MELD_KINDS,
    MELD_LABELS,
    PLAIN_VALUES,
    PRESETS,
    TRUMP_VALUES,
    Ruleset,
)

#: What the opponents get when the makers are set, by ``Ruleset.set_award``. ``{others}`` is
#: "the opponents score" with two sides, "each other player scores" with more.
SET_AWARD_TEXT: Mapping[str, str] = {
    "own": "The makers score nothing (XX on the sheet) and {others} their own combined points.",
    "all": "The makers score nothing (XX on the sheet) and {others} the combined points of "
    "both sides: the makers' card points, melds and belle go to them too.",
}


#: What an equal deal means, by ``Ruleset.tie_rule``.
TIE_RULE_TEXT: Mapping[str, str] = {
    "set": "A tie counts as a set: the makers have not made it, and the deal is scored as one.",
    "own": "On a tie the makers score nothing and {others} only their own combined points.",
    "hang": "On a tie nobody scores yet: both sides' points are held and go to the winner of "
    "the next deal that is not void (the makers if they make it, else the opponents). Points "
    "held over several tied deals pile up.",
}


#: What a side that took no trick keeps, by ``Ruleset.trickless_melds``.
TRICKLESS_MELDS_TEXT: Mapping[str, str] = {
    "void": "A side that takes no trick scores no melds, only belle.",
    "kept": "A side that takes no trick still scores its melds and belle.",
}


#: Short forms of the same values, for a list of changes ("Set award: both sides' points").
SET_AWARD_SHORT: Mapping[str, str] = {"own": "own points", "all": "both sides' points"}


TIE_RULE_SHORT: Mapping[str, str] = {
    "set": "counts as a set",
    "own": "makers score nothing, opponents their own points",
    "hang": "points held for the next deal's winner",
}


TRICKLESS_MELDS_SHORT: Mapping[str, str] = {
    "void": "melds lost, belle kept",
    "kept": "melds and belle kept",
}


#: Who scores melds when the best melds of both sides are equal, by ``Ruleset.meld_tie``.
MELD_TIE_TEXT: Mapping[str, str] = {
    "nobody": "When the best melds are equal (equal runs, both in plain suits), nobody scores "
    "melds.",
    "elder": "When the best melds are equal (equal runs, both in plain suits), the side of the "
    "elder hand scores its melds (the player to the dealer's left; in the two-hand game, the "
    "player who did not deal).",
}

#: Which of its melds the innocent side scores on a renege, by ``Ruleset.renege_melds``.
RENEGE_MELDS_TEXT: Mapping[str, str] = {
    "own": "On a renege the other side scores every meld it declared, whatever the reneging "
    "side declared; the reneging side's melds are ignored.",
    "scored": "On a renege the other side scores its melds only if they would have won the "
    "comparison of melds; the reneging side's melds are ignored.",
}

MELD_TIE_SHORT: Mapping[str, str] = {
    "nobody": "nobody scores melds",
    "elder": "the elder hand's side scores",
}

RENEGE_MELDS_SHORT: Mapping[str, str] = {
    "own": "all its own melds",
    "scored": "its melds only if they were the best",
}

#: How the table settles which side scores melds (RULES.md, "Who scores melds").
MELD_COMPARISON = (
    "Which side holds the best meld is settled as at the table, from what each side declared: "
    "the higher value wins (four jacks, then the 100s, then 50, then 20). Between runs of the "
    "same value the longer run wins, then the higher top card, then a run in trumps over one "
    "in a plain suit. Between fours of a kind of the same value the higher rank wins (ace, "
    "king, queen, ten, nine), and a four of a kind beats a run of the same value."
)

#: What a person reads for each overridable field of a ruleset.
FIELD_LABELS: Mapping[str, str] = {
    "target": "Target",
    "meld_values": "Melds",
    "belle_value": "Belle",
    "set_award": "On a set",
    "tie_rule": "On a tie",
    "trickless_melds": "Melds without a trick",
    "renege_award": "Renege award",
    "meld_tie": "Equal melds",
    "renege_melds": "Melds on a renege",
}


MELD_RULE = (
    "Only the side holding the best meld scores melds, and then all of its melds (partners' "
    "melds count together). Belle always scores for the player who holds it."
)


#: The rule sources, by the number a preset names (``shared/reference``): the documents the
#: rules were written from, each said in words so that "source 002" means something.
SOURCES: Mapping[str, str] = {
    "000": "An encyclopedia article on Klaberjass (also called Bela): the two-hand game and "
    "its variations, and the three-hand and four-hand (South African) games",
    "001": "A how-to-play page for two-hand Klabberjass: bidding with schmeiss, the dix, "
    "melds and scoring",
    "002": "An encyclopedia article on Evansville Clabber: four players in partnerships, 24 "
    "cards, going set and the XX and - marks of the score sheet",
}

#: What the sources are, said once above their list.
SOURCES_INTRO = (
    "The rules of each game were written from these documents (articles and a how-to-play "
    "page, in Spanish as they came). Each game names the one it follows by its number."
)

#: What a void reason means, for the rules page (``scoring.rules.VOID_REASONS``).
VOID_REASON_TEXT: Mapping[str, str] = {
    "passed": "everybody passed twice",
    "schmeiss": "a schmeiss was accepted (a player offered to throw the deal in, and the other "
    "player agreed)",
    "misdeal": "the cards were misdealt",
}


CARD_NAMES: Mapping[str, str] = {
    "J": "Jack",
    "9": "Nine",
    "A": "Ace",
    "10": "Ten",
    "K": "King",
    "Q": "Queen",
    "8": "Eight",
    "7": "Seven",
}


TRUMP_NICKNAMES: Mapping[str, str] = {"J": "jass", "9": "menel"}


#: Ranks from low to high in each suit; a short deck leaves out the lowest.
NATURAL_ORDER: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")


SUITS = 4


@dataclass(frozen=True)
class Line:
    """One rule: a heading, the sentence, and whether it differs from the preset."""

    label: str
    text: str
    overridden: bool = False


@dataclass(frozen=True)
class CardRow:
    rank: str
    name: str
    points: int
    in_deck: bool


@dataclass(frozen=True)
class MeldRow:
    kind: str
    label: str
    points: int | None  # None: this ruleset does not pay the kind
    overridden: bool


@dataclass(frozen=True)
class Change:
    """One override: the field, its value here, and the preset's value."""

    label: str
    value: str
    preset_value: str


@dataclass(frozen=True)
class RulesSheet:
    """Everything a rules page shows of one ruleset, as ready-made rows and sentences."""

    ruleset: Ruleset
    name: str
    preset: str
    description: str
    game: list[Line]
    trump_cards: list[CardRow]
    plain_cards: list[CardRow]
    card_totals: list[str]
    melds: list[MeldRow]
    belle: Line
    meld_rule: str
    scoring: list[Line]
    changes: list[Change]
    sources: tuple[Line, ...] = ()
    sources_intro: str = SOURCES_INTRO


def describe(rules: Ruleset) -> RulesSheet:
    """The rules sheet for ``rules``, overrides marked and listed."""
    changed = rules.overrides()
    changed_melds: Mapping[str, Any] = changed.get("meld_values", {})
    in_deck = set(_ranks_in_deck(rules))
    total = rules.deal_total()
    # With three or more sides "the opponents" are each other player, scoring on their own.
    others = "the opponents score" if rules.sides == 2 else "each other player scores"

    game = [
        Line("Players", _players(rules)),
        Line("Deck", _deck(rules)),
        Line("Cards played", _cards_played(rules)),
        Line("No trump", _no_trump(rules)),
        Line(
            "Game",
            f"The first side to reach {rules.target} points wins. If more than one side "
            "reaches it in the same deal, the higher total wins; on equal totals another deal "
            "is played.",
            overridden="target" in changed,
        ),
        Line("Source", _source(rules.source)),
    ]
    scoring = [
        Line("Made", _made(rules)),
        Line(
            "On a set",
            SET_AWARD_TEXT[rules.set_award].format(others=others),
            overridden="set_award" in changed,
        ),
        Line(
            "On a tie",
            TIE_RULE_TEXT[rules.tie_rule].format(others=others),
            overridden="tie_rule" in changed,
        ),
        Line(
            "On a renege",
            f"A side that reneges scores nothing, its melds and belle lost; "
            f"{'the other side scores' if rules.sides == 2 else others} {rules.renege_award} "
            "plus its own melds and belle, whatever the card points. If both sides renege, "
            "the deal is void.",
            overridden="renege_award" in changed,
        ),
        Line(
            "Melds on a renege",
            RENEGE_MELDS_TEXT[rules.renege_melds],
            overridden="renege_melds" in changed,
        ),
        Line("Best meld", MELD_COMPARISON),
        Line(
            "Equal melds",
            MELD_TIE_TEXT[rules.meld_tie],
            overridden="meld_tie" in changed,
        ),
        Line("Void deal", _void(rules)),
        Line(
            "No trick taken",
            TRICKLESS_MELDS_TEXT[rules.trickless_melds],
            overridden="trickless_melds" in changed,
        ),
    ]
    return RulesSheet(
        ruleset=rules,
        name=rules.name,
        preset=rules.preset,
        description=rules.description,
        game=game,
        trump_cards=[
            CardRow(rank, _card_name(rank, trump=True), points, rank in in_deck)
            for rank, points in TRUMP_VALUES.items()
        ],
        plain_cards=[
            CardRow(rank, _card_name(rank, trump=False), points, rank in in_deck)
            for rank, points in PLAIN_VALUES.items()
        ],
        card_totals=[
            f"The last trick is worth {LAST_TRICK} more.",
            f"With a trump suit the deck holds {total - LAST_TRICK} card points, {total} with "
            "the last trick.",
        ],
        melds=[
            MeldRow(kind, MELD_LABELS[kind], rules.meld_value(kind), kind in changed_melds)
            for kind in MELD_KINDS
        ],
        belle=Line(
            "Belle (king and queen of trumps in one hand)",
            str(rules.belle_value),
            overridden="belle_value" in changed,
        ),
        meld_rule=MELD_RULE,
        scoring=scoring,
        changes=_changes(rules, changed),
        sources=source_lines(),
    )


def source_lines() -> tuple[Line, ...]:
    """Every rule source, as "Source 002" and what that document is."""
    return tuple(Line(f"Source {code}", f"{title}.") for code, title in SOURCES.items())


def _changes(rules: Ruleset, changed: Mapping[str, Any]) -> list[Change]:
    preset = PRESETS[rules.preset]
    changes: list[Change] = []
    for field in Ruleset.OVERRIDABLE:
        if field not in changed:
            continue
        if field == "meld_values":
            changes.extend(
                Change(
                    MELD_LABELS[kind],
                    _points(rules.meld_value(kind)),
                    _points(preset.meld_value(kind)),
                )
                for kind in MELD_KINDS
                if kind in changed[field]
            )
        else:
            changes.append(
                Change(
                    FIELD_LABELS[field],
                    _value_text(field, getattr(rules, field)),
                    _value_text(field, getattr(preset, field)),
                )
            )
    return changes


def _value_text(field: str, value: Any) -> str:
    short = {
        "set_award": SET_AWARD_SHORT,
        "tie_rule": TIE_RULE_SHORT,
        "trickless_melds": TRICKLESS_MELDS_SHORT,
        "meld_tie": MELD_TIE_SHORT,
        "renege_melds": RENEGE_MELDS_SHORT,
    }.get(field)
    return short[value] if short is not None else str(value)


def _points(value: int | None) -> str:
    return "not paid" if value is None else str(value)


def _ranks_in_deck(rules: Ruleset) -> tuple[str, ...]:
    per_suit = rules.deck_size // SUITS
    return NATURAL_ORDER[len(NATURAL_ORDER) - per_suit :]


def _card_name(rank: str, *, trump: bool) -> str:
    nickname = TRUMP_NICKNAMES.get(rank) if trump else None
    return f"{CARD_NAMES[rank]} ({nickname})" if nickname else CARD_NAMES[rank]


def _players(rules: Ruleset) -> str:
    if rules.partnerships:
        per_side = rules.players // rules.sides
        return (
            f"{rules.players} players in {rules.sides} partnerships of {per_side}; partners "
            "sit opposite and score together."
        )
    return f"{rules.players} players, each playing and scoring alone."


def _deck(rules: Ruleset) -> str:
    lowest = CARD_NAMES[_ranks_in_deck(rules)[0]].lower()
    return (
        f"{rules.deck_size} cards, {lowest} to ace in each of the {SUITS} suits; "
        f"{rules.cards_each} cards to each player, so {rules.tricks_per_deal} tricks a deal."
    )


def _cards_played(rules: Ruleset) -> str:
    played = rules.players * rules.cards_each
    total = rules.deal_total()
    if rules.all_cards_played:
        no_trump = (
            f" ({rules.deal_total(no_trump=True)} in a no-trump deal)"
            if rules.no_trump_allowed
            else ""
        )
        return (
            f"Every card is played ({played} of {rules.deck_size}): the sides' card points "
            f"add up to exactly {total}{no_trump}."
        )
    return (
        f"Not every card is played ({played} of {rules.deck_size}): the card points of "
        f"{'both' if rules.sides == 2 else 'all the'} sides add up to at most {total}."
    )


def _no_trump(rules: Ruleset) -> str:
    if rules.no_trump_allowed:
        total = rules.deal_total(no_trump=True)
        return (
            "No-trump deals are allowed: every suit counts as a plain suit, there is no jass, "
            f"menel or belle, and the cards hold {total - LAST_TRICK} points, {total} with the "
            "last trick."
        )
    return "Every deal has a trump suit; a no-trump deal is refused."


def _made(rules: Ruleset) -> str:
    beaten = "the opponents'" if rules.sides == 2 else "each other player's"
    return (
        "Each side's combined points are its card points (last trick included), its melds and "
        f"belle. The makers make it when theirs are more than {beaten}; then every side "
        "scores its own combined points."
    )


def _source(code: str) -> str:
    title = SOURCES.get(code)
    if not title:
        return f"Source {code or 'not given'}."
    return (
        f"Written from source {code}, {title[:1].lower()}{title[1:]} (the sources are listed "
        "at the end of this page)."
    )


def _void(rules: Ruleset) -> str:
    reasons = [VOID_REASON_TEXT[r] for r in rules.void_reasons]
    listed = reasons[0] if len(reasons) == 1 else f"{', '.join(reasons[:-1])} or {reasons[-1]}"
    return f"A void deal scores nothing for anybody. A deal is void when {listed}."
