"""The words for a ruleset: every rule value turned into sentences a player reads.

A rules page renders the :class:`RulesSheet` that :func:`describe` builds from a
:class:`~scoring.rules.Ruleset`, so that the values come from the ruleset and the explaining
words live here, one sentence per value, instead of being restated or chosen in a template.

Words as in ``scoring.rules``: *makers* (the side that took trump), *set* (the makers did not
make it), *override* (a field changed from its preset; a sheet lists them as ``changes``).

Every sentence is one translatable string with named placeholders, and a sentence that speaks
of "the opponents" comes in two whole forms (:class:`BySides`): with two sides and with more
(where the opponents are each other player, scoring alone), so that each language words both.
The module-level words are lazy: they are read in the language of the request that shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from league.engine_words import engine_word
from scoring.rules import (
    LAST_TRICK,
    MELD_KINDS,
    MELD_LABELS,
    PLAIN_VALUES,
    PRESETS,
    TRUMP_VALUES,
    Ruleset,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class BySides:
    """One rule's sentence, whole, for two sides and for more than two."""

    two: StrOrPromise
    more: StrOrPromise

    @classmethod
    def same(cls, text: StrOrPromise) -> BySides:
        """A sentence that reads the same however many sides play."""
        return cls(text, text)

    def text(self, sides: int) -> str:
        return str(self.two if sides == 2 else self.more)


#: What the opponents get when the makers are set, by ``Ruleset.set_award``.
SET_AWARD_TEXT: Mapping[str, BySides] = {
    "own": BySides(
        gettext_lazy(
            "The makers score nothing (XX on the sheet) and the opponents score their own "
            "combined points."
        ),
        gettext_lazy(
            "The makers score nothing (XX on the sheet) and each other player scores their own "
            "combined points."
        ),
    ),
    "all": BySides(
        gettext_lazy(
            "The makers score nothing (XX on the sheet) and the opponents score the combined "
            "points of both sides: the makers' card points, melds and belle go to them too."
        ),
        gettext_lazy(
            "The makers score nothing (XX on the sheet) and each other player scores the "
            "combined points of both sides: the makers' card points, melds and belle go to "
            "them too."
        ),
    ),
    "cards": BySides.same(
        gettext_lazy(
            "The makers score nothing and the opponents score the deal's card points only: "
            "nobody's melds are written."
        )
    ),
}


#: What an equal deal means, by ``Ruleset.tie_rule``.
TIE_RULE_TEXT: Mapping[str, BySides] = {
    "set": BySides.same(
        gettext_lazy(
            "A tie counts as a set: the makers have not made it, and the deal is scored as one."
        )
    ),
    "own": BySides(
        gettext_lazy(
            "On a tie the makers score nothing and the opponents score only their own combined "
            "points."
        ),
        gettext_lazy(
            "On a tie the makers score nothing and each other player scores only their own "
            "combined points."
        ),
    ),
    "hang": BySides.same(
        gettext_lazy(
            "On a tie nobody scores yet: both sides' points are held and go to the winner of "
            "the next deal that is not void (the makers if they make it, else the opponents). "
            "Points held over several tied deals pile up."
        )
    ),
    "litige": BySides.same(
        gettext_lazy(
            "On a tie (a litige) the defenders score their own points now; the makers' points "
            "are held and go to the winner of the next deal that is not void."
        )
    ),
    "made": BySides.same(
        gettext_lazy("A tie counts as made: each side scores its own combined points.")
    ),
}


#: What a side that took no trick keeps, by ``Ruleset.trickless_melds``.
TRICKLESS_MELDS_TEXT: Mapping[str, StrOrPromise] = {
    "void": gettext_lazy("A side that takes no trick scores no melds, only belle."),
    "kept": gettext_lazy("A side that takes no trick still scores its melds and belle."),
}


#: Short forms of the same values, for a list of changes ("Set award: both sides' points").
SET_AWARD_SHORT: Mapping[str, StrOrPromise] = {
    "own": pgettext_lazy("on a set, the opponents score", "own points"),
    "all": pgettext_lazy("on a set, the opponents score", "both sides' points"),
    "cards": pgettext_lazy("on a set, the opponents score", "the card points only"),
}


TIE_RULE_SHORT: Mapping[str, StrOrPromise] = {
    "set": pgettext_lazy("on a tie", "counts as a set"),
    "own": pgettext_lazy("on a tie", "makers score nothing, opponents their own points"),
    "hang": pgettext_lazy("on a tie", "points held for the next deal's winner"),
    "litige": pgettext_lazy("on a tie", "litige: the makers' points held for the next winner"),
    "made": pgettext_lazy("on a tie", "counts as made"),
}


TRICKLESS_MELDS_SHORT: Mapping[str, StrOrPromise] = {
    "void": pgettext_lazy("a side that took no trick", "melds lost, belle kept"),
    "kept": pgettext_lazy("a side that took no trick", "melds and belle kept"),
}


#: Who scores melds when the best melds of both sides are equal, by ``Ruleset.meld_tie``.
MELD_TIE_TEXT: Mapping[str, StrOrPromise] = {
    "nobody": gettext_lazy(
        "When the best melds are equal (equal runs, both in plain suits), nobody scores melds."
    ),
    "elder": gettext_lazy(
        "When the best melds are equal (equal runs, both in plain suits), the side of the "
        "elder hand scores its melds (the player to the dealer's left; in the two-hand game, "
        "the player who did not deal)."
    ),
}

#: Which of its melds the innocent side scores on a renege, by ``Ruleset.renege_melds``.
RENEGE_MELDS_TEXT: Mapping[str, StrOrPromise] = {
    "own": gettext_lazy(
        "On a renege the other side scores every meld it declared, whatever the reneging "
        "side declared; the reneging side's melds are ignored."
    ),
    "scored": gettext_lazy(
        "On a renege the other side scores its melds only if they would have won the "
        "comparison of melds; the reneging side's melds are ignored."
    ),
    "counted": gettext_lazy(
        "On a renege the other side scores every meld that counted in the deal, the reneging "
        "side's too."
    ),
    "none": gettext_lazy(
        "On a renege the other side scores the renege award only: no meld of the deal is written."
    ),
}

MELD_TIE_SHORT: Mapping[str, StrOrPromise] = {
    "nobody": pgettext_lazy("on equal melds", "nobody scores melds"),
    "elder": pgettext_lazy("on equal melds", "the elder hand's side scores"),
}

RENEGE_MELDS_SHORT: Mapping[str, StrOrPromise] = {
    "own": pgettext_lazy("on a renege, the innocent side scores", "all its own melds"),
    "scored": pgettext_lazy(
        "on a renege, the innocent side scores", "its melds only if they were the best"
    ),
    "counted": pgettext_lazy("on a renege, the innocent side scores", "every meld that counted"),
    "none": pgettext_lazy("on a renege, the innocent side scores", "no melds"),
}

#: How the table settles which side scores melds (RULES.md, "Who scores melds").
MELD_COMPARISON = gettext_lazy(
    "Which side holds the best meld is settled as at the table, from what each side declared: "
    "the higher value wins (four jacks, then the 100s, then 50, then 20). Between runs of the "
    "same value the longer run wins, then the higher top card, then a run in trumps over one "
    "in a plain suit. Between fours of a kind of the same value the higher rank wins (ace, "
    "king, queen, ten, nine), and a four of a kind beats a run of the same value."
)

#: What a person reads for each overridable field of a ruleset.
FIELD_LABELS: Mapping[str, StrOrPromise] = {
    "target": pgettext_lazy("rule: the score that ends a game", "Target"),
    "meld_values": pgettext_lazy("rule", "Melds"),
    "belle_value": pgettext_lazy("rule", "Belle"),
    "set_award": pgettext_lazy("rule", "On a set"),
    "tie_rule": pgettext_lazy("rule", "On a tie"),
    "trickless_melds": pgettext_lazy("rule", "Melds without a trick"),
    "renege_award": pgettext_lazy("rule", "Renege award"),
    "meld_tie": pgettext_lazy("rule", "Equal melds"),
    "renege_melds": pgettext_lazy("rule", "Melds on a renege"),
    "meld_scoring": pgettext_lazy("rule", "Who scores melds"),
    "meld_entry": pgettext_lazy("rule", "Melds entered"),
    "deal_total": pgettext_lazy("rule", "Card points in a deal"),
    "deals": pgettext_lazy("rule", "Deals in a game"),
    "made_when": pgettext_lazy("rule", "Made when"),
    "contract": pgettext_lazy("rule", "Contract"),
    "belle_on_set": pgettext_lazy("rule", "Belle on a set"),
    "rounding": pgettext_lazy("rule", "Rounding"),
    "contre_factors": pgettext_lazy("rule", "Contrée and surcontrée"),
    "bid_max": pgettext_lazy("rule", "Highest bid"),
    "contract_scoring": pgettext_lazy("rule", "A made contract scores"),
    "all_tricks": pgettext_lazy("rule", "Every trick"),
    "all_tricks_value": pgettext_lazy("rule", "Every trick is worth"),
    "all_tricks_defenders": pgettext_lazy("rule", "Every trick for the opponents"),
    "set_cards": pgettext_lazy("rule", "Card points on a set"),
    "bonus_values": pgettext_lazy("rule", "Bonuses"),
}


MELD_RULE = gettext_lazy(
    "Only the side holding the best meld scores melds, and then all of its melds (partners' "
    "melds count together). Belle always scores for the player who holds it."
)


#: The rule sources, by the number a preset names (``shared/reference``): the documents the
#: rules were written from, each said in words so that "source 002" means something.
SOURCES: Mapping[str, StrOrPromise] = {
    "000": gettext_lazy(
        "An encyclopedia article on Klaberjass (also called Bela): the two-hand game and "
        "its variations, and the three-hand and four-hand (South African) games"
    ),
    "001": gettext_lazy(
        "A how-to-play page for two-hand Klabberjass: bidding with schmeiss, the dix, "
        "melds and scoring"
    ),
    "002": gettext_lazy(
        "An encyclopedia article on Evansville Clabber: four players in partnerships, 24 "
        "cards, going set and the XX and - marks of the score sheet"
    ),
    "klaverjas": gettext_lazy(
        "The rulebooks of the Dutch klaverjas federations (KNB and NKU) as clubs copy them: "
        "roem, nat, pit and the boom of 16 deals"
    ),
    "belote": gettext_lazy(
        "The French Belote federation's rules (FFB) as transcribed by clubs and score apps: "
        "belote-rebelote, dedans, capot, litige, the announcements and the coinche contract"
    ),
}

#: A source said inside the sentence "Written from source 002, …": the same documents, in the
#: form that follows a comma (in English, lower case).
SOURCES_IN_SENTENCE: Mapping[str, StrOrPromise] = {
    "000": pgettext_lazy(
        "after 'Written from source 000,'",
        "an encyclopedia article on Klaberjass (also called Bela): the two-hand game and "
        "its variations, and the three-hand and four-hand (South African) games",
    ),
    "001": pgettext_lazy(
        "after 'Written from source 001,'",
        "a how-to-play page for two-hand Klabberjass: bidding with schmeiss, the dix, "
        "melds and scoring",
    ),
    "002": pgettext_lazy(
        "after 'Written from source 002,'",
        "an encyclopedia article on Evansville Clabber: four players in partnerships, 24 "
        "cards, going set and the XX and - marks of the score sheet",
    ),
    "klaverjas": pgettext_lazy(
        "after 'Written from source klaverjas,'",
        "the rulebooks of the Dutch klaverjas federations (KNB and NKU) as clubs copy them: "
        "roem, nat, pit and the boom of 16 deals",
    ),
    "belote": pgettext_lazy(
        "after 'Written from source belote,'",
        "the French Belote federation's rules (FFB) as transcribed by clubs and score apps: "
        "belote-rebelote, dedans, capot, litige, the announcements and the coinche contract",
    ),
}

#: What the sources are, said once above their list.
SOURCES_INTRO = gettext_lazy(
    "The rules of each game were written from these documents (articles and a how-to-play "
    "page, in Spanish as they came). Each game names the one it follows by its number."
)

#: What a void reason means, for the rules page (``scoring.rules.VOID_REASONS``): each ends the
#: sentence "A deal is void when …".
VOID_REASON_TEXT: Mapping[str, StrOrPromise] = {
    "passed": pgettext_lazy("a deal is void when", "everybody passed twice"),
    "schmeiss": pgettext_lazy(
        "a deal is void when",
        "a schmeiss was accepted (a player offered to throw the deal in, and the other "
        "player agreed)",
    ),
    "misdeal": pgettext_lazy("a deal is void when", "the cards were misdealt"),
}


CARD_NAMES: Mapping[str, StrOrPromise] = {
    "J": pgettext_lazy("card", "Jack"),
    "9": pgettext_lazy("card", "Nine"),
    "A": pgettext_lazy("card", "Ace"),
    "10": pgettext_lazy("card", "Ten"),
    "K": pgettext_lazy("card", "King"),
    "Q": pgettext_lazy("card", "Queen"),
    "8": pgettext_lazy("card", "Eight"),
    "7": pgettext_lazy("card", "Seven"),
}

#: The ranks of a deck by its lowest card, for "24 cards, nine to ace in each of the 4 suits".
RANK_RANGES: Mapping[str, StrOrPromise] = {
    "7": pgettext_lazy("the ranks of a deck", "seven to ace"),
    "8": pgettext_lazy("the ranks of a deck", "eight to ace"),
    "9": pgettext_lazy("the ranks of a deck", "nine to ace"),
}

#: The names of the two high trumps, the same in every language (the sources keep them).
TRUMP_NICKNAMES: Mapping[str, str] = {"J": "jass", "9": "menel"}


#: Ranks from low to high in each suit; a short deck leaves out the lowest.
NATURAL_ORDER: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")


SUITS = 4


@dataclass(frozen=True)
class Line:
    """One rule: a heading, the sentence, and whether it differs from the preset."""

    label: StrOrPromise
    text: StrOrPromise
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

    label: StrOrPromise
    value: StrOrPromise
    preset_value: StrOrPromise


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
    meld_rule: StrOrPromise
    scoring: list[Line]
    changes: list[Change]
    sources: tuple[Line, ...] = ()
    sources_intro: StrOrPromise = SOURCES_INTRO


def describe(rules: Ruleset) -> RulesSheet:
    """The rules sheet for ``rules``, overrides marked and listed, in the active language."""
    changed = rules.overrides()
    changed_melds: Mapping[str, Any] = changed.get("meld_values", {})
    in_deck = set(_ranks_in_deck(rules))
    total = rules.card_total()

    game = [
        Line(pgettext("rule", "Players"), _players(rules)),
        Line(pgettext("rule", "Deck"), _deck(rules)),
        Line(pgettext("rule", "Cards played"), _cards_played(rules)),
        Line(pgettext("rule", "No trump"), _no_trump(rules)),
        Line(
            pgettext("rule: how a game is won", "Game"),
            _(
                "The first side to reach %(target)s points wins. If more than one side "
                "reaches it in the same deal, the higher total wins; on equal totals another "
                "deal is played."
            )
            % {"target": rules.target},
            overridden="target" in changed,
        ),
        Line(pgettext("rule: the document it follows", "Source"), _source(rules.source)),
    ]
    scoring = [
        Line(pgettext("rule: the makers made it", "Made"), _made(rules)),
        Line(
            pgettext("rule", "On a set"),
            SET_AWARD_TEXT[rules.set_award].text(rules.sides),
            overridden="set_award" in changed,
        ),
        Line(
            pgettext("rule", "On a tie"),
            TIE_RULE_TEXT[rules.tie_rule].text(rules.sides),
            overridden="tie_rule" in changed,
        ),
        Line(
            pgettext("rule", "On a renege"),
            _renege(rules),
            overridden="renege_award" in changed,
        ),
        Line(
            pgettext("rule", "Melds on a renege"),
            str(RENEGE_MELDS_TEXT[rules.renege_melds]),
            overridden="renege_melds" in changed,
        ),
        Line(pgettext("rule", "Best meld"), str(MELD_COMPARISON)),
        Line(
            pgettext("rule", "Equal melds"),
            str(MELD_TIE_TEXT[rules.meld_tie]),
            overridden="meld_tie" in changed,
        ),
        Line(pgettext("rule", "Void deal"), _void(rules)),
        Line(
            pgettext("rule", "No trick taken"),
            str(TRICKLESS_MELDS_TEXT[rules.trickless_melds]),
            overridden="trickless_melds" in changed,
        ),
    ]
    return RulesSheet(
        ruleset=rules,
        name=rules.name,
        preset=rules.preset,
        # A preset's description is the engine's, marked for translation there.
        description=engine_word(rules.description) if rules.description else "",
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
            _("The last trick is worth %(bonus)s more.") % {"bonus": LAST_TRICK},
            _(
                "With a trump suit the deck holds %(cards)s card points, %(total)s with the "
                "last trick."
            )
            % {"cards": total - LAST_TRICK, "total": total},
        ],
        melds=[
            MeldRow(
                kind, engine_word(MELD_LABELS[kind]), rules.meld_value(kind), kind in changed_melds
            )
            for kind in MELD_KINDS
        ],
        belle=Line(
            _("Belle (king and queen of trumps in one hand)"),
            str(rules.belle_value),
            overridden="belle_value" in changed,
        ),
        meld_rule=str(MELD_RULE),
        scoring=scoring,
        changes=_changes(rules, changed),
        sources=source_lines(),
    )


def source_lines() -> tuple[Line, ...]:
    """Every rule source, as "Source 002" and what that document is."""
    return tuple(
        Line(_("Source %(number)s") % {"number": code}, f"{title}.")
        for code, title in SOURCES.items()
    )


def _changes(rules: Ruleset, changed: Mapping[str, Any]) -> list[Change]:
    preset = PRESETS[rules.preset]
    changes: list[Change] = []
    for field in Ruleset.OVERRIDABLE:
        if field not in changed:
            continue
        if field == "meld_values":
            changes.extend(
                Change(
                    engine_word(MELD_LABELS[kind]),
                    _points(rules.meld_value(kind)),
                    _points(preset.meld_value(kind)),
                )
                for kind in MELD_KINDS
                if kind in changed[field]
            )
        else:
            changes.append(
                Change(
                    str(FIELD_LABELS[field]),
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
    return str(short[value]) if short is not None else str(value)


def _points(value: int | None) -> str:
    return pgettext("a meld", "not paid") if value is None else str(value)


def _ranks_in_deck(rules: Ruleset) -> tuple[str, ...]:
    per_suit = rules.deck_size // SUITS
    return NATURAL_ORDER[len(NATURAL_ORDER) - per_suit :]


def _card_name(rank: str, *, trump: bool) -> str:
    nickname = TRUMP_NICKNAMES.get(rank) if trump else None
    if nickname:
        return pgettext("a card and its name as a trump", "%(card)s (%(nickname)s)") % {
            "card": CARD_NAMES[rank],
            "nickname": nickname,
        }
    return str(CARD_NAMES[rank])


def _players(rules: Ruleset) -> str:
    if rules.partnerships:
        return _(
            "%(players)s players in %(sides)s partnerships of %(per_side)s; partners sit "
            "opposite and score together."
        ) % {
            "players": rules.players,
            "sides": rules.sides,
            "per_side": rules.players // rules.sides,
        }
    return _("%(players)s players, each playing and scoring alone.") % {"players": rules.players}


def _deck(rules: Ruleset) -> str:
    return _(
        "%(cards)s cards, %(ranks)s in each of the %(suits)s suits; %(each)s cards to each "
        "player, so %(tricks)s tricks a deal."
    ) % {
        "cards": rules.deck_size,
        "ranks": RANK_RANGES[_ranks_in_deck(rules)[0]],
        "suits": SUITS,
        "each": rules.cards_each,
        "tricks": rules.tricks_per_deal,
    }


def _cards_played(rules: Ruleset) -> str:
    values = {
        "played": rules.players * rules.cards_each,
        "deck": rules.deck_size,
        "total": rules.card_total(),
        "no_trump": rules.card_total(no_trump=True),
    }
    if rules.all_cards_played:
        if rules.no_trump_allowed:
            return (
                _(
                    "Every card is played (%(played)s of %(deck)s): the sides' card points add "
                    "up to exactly %(total)s (%(no_trump)s in a no-trump deal)."
                )
                % values
            )
        return (
            _(
                "Every card is played (%(played)s of %(deck)s): the sides' card points add up "
                "to exactly %(total)s."
            )
            % values
        )
    if rules.sides == 2:
        return (
            _(
                "Not every card is played (%(played)s of %(deck)s): the card points of both "
                "sides add up to at most %(total)s."
            )
            % values
        )
    return (
        _(
            "Not every card is played (%(played)s of %(deck)s): the card points of all the "
            "sides add up to at most %(total)s."
        )
        % values
    )


def _no_trump(rules: Ruleset) -> str:
    if rules.no_trump_allowed:
        total = rules.card_total(no_trump=True)
        return _(
            "No-trump deals are allowed: every suit counts as a plain suit, there is no jass, "
            "menel or belle, and the cards hold %(cards)s points, %(total)s with the last "
            "trick."
        ) % {"cards": total - LAST_TRICK, "total": total}
    return _("Every deal has a trump suit; a no-trump deal is refused.")


def _made(rules: Ruleset) -> str:
    if rules.sides == 2:
        return _(
            "Each side's combined points are its card points (last trick included), its melds "
            "and belle. The makers make it when theirs are more than the opponents'; then "
            "every side scores its own combined points."
        )
    return _(
        "Each side's combined points are its card points (last trick included), its melds and "
        "belle. The makers make it when theirs are more than each other player's; then every "
        "side scores its own combined points."
    )


def _renege(rules: Ruleset) -> str:
    if rules.sides == 2:
        return _(
            "A side that reneges scores nothing, its melds and belle lost; the other side "
            "scores %(award)s plus its own melds and belle, whatever the card points. If both "
            "sides renege, the deal is void."
        ) % {"award": rules.renege_award}
    return _(
        "A side that reneges scores nothing, its melds and belle lost; each other player "
        "scores %(award)s plus their own melds and belle, whatever the card points. If both "
        "sides renege, the deal is void."
    ) % {"award": rules.renege_award}


def _source(code: str) -> str:
    title = SOURCES_IN_SENTENCE.get(code)
    if title is None:
        if not code:
            return _("Source not given.")
        return _("Source %(number)s.") % {"number": code}
    return _(
        "Written from source %(number)s, %(title)s (the sources are listed at the end of this "
        "page)."
    ) % {"number": code, "title": title}


def _void(rules: Ruleset) -> str:
    reasons = [str(VOID_REASON_TEXT[r]) for r in rules.void_reasons]
    listed = reasons[0]
    if len(reasons) > 1:
        # "a, b or c": the list's separator and its "or" are the language's.
        listed = _("%(reasons)s or %(last)s") % {
            "reasons": pgettext("list separator", ", ").join(reasons[:-1]),
            "last": reasons[-1],
        }
    return _("A void deal scores nothing for anybody. A deal is void when %(reasons)s.") % {
        "reasons": listed
    }
