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

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from league.engine_words import engine_word
from scoring.rules import (
    BELOTE_MELD_LABELS,
    BONUS_KINDS,
    BONUS_LABELS,
    CAPOT_BID,
    LAST_TRICK,
    LOWEST_BID,
    MELD_KINDS,
    MELD_LABELS,
    MELD_WORDS,
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
            "The makers score nothing (%(mark)s on the sheet) and the opponents score their "
            "own combined points."
        ),
        gettext_lazy(
            "The makers score nothing (%(mark)s on the sheet) and each other player scores "
            "their own combined points."
        ),
    ),
    "all": BySides(
        gettext_lazy(
            "The makers score nothing (%(mark)s on the sheet) and the opponents score the "
            "combined points of both sides: the makers' card points, melds and belle go to "
            "them too."
        ),
        gettext_lazy(
            "The makers score nothing (%(mark)s on the sheet) and each other player scores the "
            "combined points of all sides: the makers' card points, melds and belle go to "
            "them too."
        ),
    ),
    "cards": BySides.same(
        gettext_lazy(
            "The makers score nothing (%(mark)s on the sheet) and the opponents score the "
            "deal's card points only: nobody's melds are written."
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
    "the meld worth more wins (here %(values)s). Between runs of the same value the longer run "
    "wins, then the higher top card, then a run in trumps over one in a plain suit. Between "
    "fours or threes of a kind of the same value the higher rank wins (ace high), and a four "
    "or three of a kind beats a run of the same value."
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


#: What a person reads for each fact of a game (a field no house may change), where a
#: variant's page says how it differs from its base game.
FACT_LABELS: Mapping[str, StrOrPromise] = {
    "players": pgettext_lazy("rule", "Players"),
    "sides": pgettext_lazy("rule", "Sides"),
    "deck_size": pgettext_lazy("rule", "Cards in the deck"),
    "cards_each": pgettext_lazy("rule", "Cards to each player"),
    "all_cards_played": pgettext_lazy("rule", "Every card played"),
    "no_trump_allowed": pgettext_lazy("rule", "No-trump deals"),
    "void_reasons": pgettext_lazy("rule", "Void deals"),
    "redeal_by_same_dealer": pgettext_lazy("rule", "Same dealer after a void deal"),
    "source": pgettext_lazy("rule: the document it follows", "Source"),
    "bidding": pgettext_lazy("rule", "Bidding"),
    "high_trump": pgettext_lazy("rule", "Highest trump"),
    "meld_words": pgettext_lazy("rule", "Names of the melds"),
    "schmeiss_always_accepted": pgettext_lazy("rule", "Schmeiss always accepted"),
    "set_mark": pgettext_lazy("rule", "Mark of a set"),
}

#: Short forms of the part-two values, for a list of changes and a menu.
MELD_SCORING_SHORT: Mapping[str, StrOrPromise] = {
    "best": pgettext_lazy("who scores melds", "only the side with the best meld"),
    "each": pgettext_lazy("who scores melds", "each side its own (roem)"),
}
MELD_ENTRY_SHORT: Mapping[str, StrOrPromise] = {
    "scored": pgettext_lazy("melds entered", "the melds a side scored"),
    "declared": pgettext_lazy("melds entered", "what each side declared, compared"),
}
MADE_WHEN_SHORT: Mapping[str, StrOrPromise] = {
    "beat": pgettext_lazy("the makers made it when", "they beat the opponents"),
    "reach": pgettext_lazy("the makers made it when", "they reach the contract"),
    "reach_and_beat": pgettext_lazy(
        "the makers made it when", "they reach the contract and beat the opponents"
    ),
}
BELLE_ON_SET_SHORT: Mapping[str, StrOrPromise] = {
    "lost": pgettext_lazy("belle on a set", "lost with the contract (prenable)"),
    "kept": pgettext_lazy("belle on a set", "kept by its holder (imprenable)"),
}
ROUNDING_SHORT: Mapping[str, StrOrPromise] = {
    "none": pgettext_lazy("rounding of a deal's scores", "none"),
    "ten": pgettext_lazy("rounding of a deal's scores", "to the nearest ten"),
    "ten_down": pgettext_lazy("rounding of a deal's scores", "to the nearest ten, 5 down"),
}
CONTRACT_SCORING_SHORT: Mapping[str, StrOrPromise] = {
    "points_and_bid": pgettext_lazy("a made contract scores", "the takers' points and the bid"),
    "bid": pgettext_lazy("a made contract scores", "the bid only"),
}
ALL_TRICKS_SHORT: Mapping[str, StrOrPromise] = {
    "none": pgettext_lazy("taking every trick earns", "nothing more"),
    "bonus": pgettext_lazy("taking every trick earns", "a bonus of roem (pit)"),
    "capot": pgettext_lazy("taking every trick earns", "capot: the card points count more"),
}
MELD_WORDS_SHORT: Mapping[str, StrOrPromise] = {
    "runs": pgettext_lazy("names of the melds", "runs"),
    "belote": pgettext_lazy("names of the melds", "Belote's: tierce, quarte, quinte, carré"),
}

#: What each bonus is, for the rules page (``scoring.rules.BONUS_KINDS``).
BONUS_TEXT: Mapping[str, StrOrPromise] = {
    "bimah": gettext_lazy(
        "the dealer forced to take trump (the eighth bid); paid only when that side makes it"
    ),
    "shlomo": gettext_lazy("a red king and both black queens, or a black king and both red queens"),
    "cleopatra": gettext_lazy(
        "a red queen and both black jacks, or a black queen and both red jacks"
    ),
}

#: The names of the two high trumps when the queen is the highest (bulka, darda).
QUEEN_TRUMP_NICKNAMES: Mapping[str, str] = {"Q": "jasek", "9": "minela"}

#: The game a variant is, before what it changes: a preset's base, for its rules page (the
#: engine keeps no such link: the sources name these games as variants of those).
VARIANT_OF: Mapping[str, str] = {
    "klaberjass-hang": "klaberjass",
    "klabberjass-100": "klaberjass",
    "zensa": "klaberjass",
    "derda": "klaberjass",
    "bulka": "klaberjass",
    "darda": "bulka",
    "klebias-norm": "klaberjass-4",
    "kalabriasz-3": "klaberjass-3",
    "kalabriasz-4": "klaberjass-4",
    "clob": "klabberjass-100",
    "klabberjass-belote": "klabberjass-100",
    "bela-100": "klabberjass-100",
    "belote-annonces": "belote",
    "coinche": "belote-annonces",
}

#: Fields a variant's page does not compare: names and words, not rules.
_NOT_COMPARED = frozenset({"preset", "name", "description"})


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
        "The Dutch Klaverjas rulebooks: the KNB and NKU federations' rules as clubs copy them "
        "(klaverjasunie.nl, marathonklaverjassen.nl, kaartclub-dehoop.nl, dorskampkwartier.nl, "
        "kjcdepitslag.nl, lentemorgen.nl), checked against the score apps KlaverjasScoreApp "
        "and klaverjasscoreDHK: roem, nat, pit, verzaken and the boom of 16 deals"
    ),
    "belote": gettext_lazy(
        "The French Belote rulebooks: the Fédération Française de Belote's rules as "
        "transcribed in the carg project, contree.org and the rule survey of the colver "
        "project, checked against the score apps ScoreIt and carg: belote-rebelote, dedans, "
        "capot, litige, the announcements and the coinche contract"
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
        "after 'Written from'",
        "the Dutch Klaverjas rulebooks: the KNB and NKU federations' rules as clubs copy them "
        "(klaverjasunie.nl, marathonklaverjassen.nl, kaartclub-dehoop.nl, dorskampkwartier.nl, "
        "kjcdepitslag.nl, lentemorgen.nl), checked against the score apps KlaverjasScoreApp "
        "and klaverjasscoreDHK",
    ),
    "belote": pgettext_lazy(
        "after 'Written from'",
        "the French Belote rulebooks: the Fédération Française de Belote's rules as "
        "transcribed in the carg project, contree.org and the rule survey of the colver "
        "project, checked against the score apps ScoreIt and carg",
    ),
}

#: What the sources are, said once above their list.
SOURCES_INTRO = gettext_lazy(
    "The rules of each game were written from these documents: sources 000 to 002, two "
    "articles and a how-to-play page (in Spanish as they came), and the club and federation "
    "rulebooks of Klaverjas and Belote. Each game names the one it follows."
)

#: The heading of a source that is a set of rulebooks, not a numbered document.
SOURCE_NAMES: Mapping[str, StrOrPromise] = {
    "klaverjas": gettext_lazy("The Klaverjas rulebooks"),
    "belote": gettext_lazy("The Belote rulebooks"),
}

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
    """Everything a rules page shows of one ruleset, as ready-made rows and sentences.

    ``variant``: when the preset is a variant of another (:data:`VARIANT_OF`), what it
    changes from that base game, field by field (``Change.preset_value`` is the base's)."""

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
    unpaid: str = ""
    meld_notes: tuple[str, ...] = ()
    bonuses: tuple[Line, ...] = ()
    variant_of: str = ""
    variant_name: str = ""
    variant: tuple[Change, ...] = ()


def describe(rules: Ruleset) -> RulesSheet:
    """The rules sheet for ``rules``, overrides marked and listed, in the active language."""
    changed = rules.overrides()
    changed_melds: Mapping[str, Any] = changed.get("meld_values", {})
    in_deck = set(_ranks_in_deck(rules))

    def line(label: StrOrPromise, text: StrOrPromise, *fields: str) -> Line:
        return Line(label, text, overridden=any(f in changed for f in fields))

    game = [
        Line(pgettext("rule", "Players"), _players(rules)),
        Line(pgettext("rule", "Deck"), _deck(rules)),
        Line(pgettext("rule", "Cards played"), _cards_played(rules)),
        Line(pgettext("rule", "No trump"), _no_trump(rules)),
        line(
            pgettext("rule: how a game is won", "Game"),
            " ".join(t for t in (_game_end(rules), _game_word(rules)) if t),
            "target",
            "deals",
        ),
        Line(pgettext("rule: the document it follows", "Source"), _source(rules.source)),
    ]
    best = rules.meld_scoring == "best"
    scoring = [
        line(
            pgettext("rule: the makers made it", "Made"),
            _made(rules),
            "made_when",
            "contract",
        ),
    ]
    if rules.bidding:
        scoring += [
            line(pgettext("rule", "Contract"), _bidding(rules), "bid_max", "contre_factors"),
            line(
                pgettext("rule", "A made contract scores"),
                _contract_scoring(rules),
                "contract_scoring",
                "set_cards",
                "set_award",
                "tie_rule",
            ),
        ]
    if not rules.bidding:
        # A game with bidding says its set and its tie in the contract's sentences above: the
        # takers fail a contract they do not reach and win (a tie included).
        scoring.append(line(pgettext("rule", "On a set"), _on_a_set(rules), "set_award"))
        if rules.set_cards is not None or "set_cards" in changed:
            scoring.append(
                line(pgettext("rule", "Card points on a set"), _set_cards(rules), "set_cards")
            )
    scoring.append(line(_belle_on_set_label(rules), _belle_on_set(rules), "belle_on_set"))
    if not rules.bidding:
        scoring.append(line(pgettext("rule", "On a tie"), _tie_text(rules), "tie_rule"))
    scoring += [
        line(
            pgettext("rule", "Every trick"),
            _all_tricks(rules),
            "all_tricks",
            "all_tricks_value",
            "all_tricks_defenders",
        ),
        line(pgettext("rule", "On a renege"), _renege(rules), "renege_award"),
        line(
            pgettext("rule", "Melds on a renege"),
            _renege_melds(rules),
            "renege_melds",
        ),
    ]
    if not best or "meld_scoring" in changed:
        # Said once under the melds' table; here only where it is not the sources' usual rule.
        scoring.append(
            line(pgettext("rule", "Who scores melds"), _meld_scoring(rules), "meld_scoring")
        )
    paid = bool(rules.meld_values)
    if paid and best and (rules.meld_entry == "declared" or "meld_entry" in changed):
        scoring.append(line(pgettext("rule", "Melds entered"), _meld_entry(rules), "meld_entry"))
    if paid and best:
        scoring += [
            Line(
                pgettext("rule", "Best meld"),
                str(MELD_COMPARISON)
                % {
                    "values": _listed(
                        [str(v) for v in sorted(set(rules.meld_values.values()), reverse=True)],
                        last="and",
                    )
                },
            ),
            line(pgettext("rule", "Equal melds"), str(MELD_TIE_TEXT[rules.meld_tie]), "meld_tie"),
        ]
    scoring += [
        line(pgettext("rule", "Rounding"), _rounding(rules), "rounding"),
        Line(pgettext("rule", "Void deal"), _void(rules)),
        line(
            pgettext("rule", "No trick taken"),
            _trickless(rules),
            "trickless_melds",
        ),
    ]
    shown = [k for k in MELD_KINDS if rules.meld_value(k) is not None or k in changed_melds]
    unpaid = [engine_word(MELD_WORDS[k]) for k in MELD_KINDS if k not in shown]
    base_key = VARIANT_OF.get(rules.preset, "")
    return RulesSheet(
        ruleset=rules,
        name=rules.name,
        preset=rules.preset,
        # A preset's description is the engine's, marked for translation there.
        description=engine_word(rules.description) if rules.description else "",
        game=game,
        trump_cards=[
            CardRow(rank, _card_name(rank, trump=True, rules=rules), points, rank in in_deck)
            for rank, points in trump_values(rules).items()
        ],
        plain_cards=[
            CardRow(rank, _card_name(rank, trump=False, rules=rules), points, rank in in_deck)
            for rank, points in PLAIN_VALUES.items()
        ],
        card_totals=_card_totals(rules, changed),
        melds=[
            MeldRow(kind, meld_label(rules, kind), rules.meld_value(kind), kind in changed_melds)
            for kind in shown
        ],
        belle=Line(
            _belle_label(rules),
            str(rules.belle_value),
            overridden="belle_value" in changed,
        ),
        meld_rule=_meld_rule(rules) if paid else "",
        scoring=scoring,
        changes=_changes(rules, changed),
        sources=source_lines(),
        unpaid=_unpaid(rules, unpaid),
        meld_notes=_meld_notes(rules) if paid else (),
        bonuses=tuple(
            Line(
                engine_word(BONUS_LABELS[kind]),
                _("%(points)s: %(what)s.") % {"points": value, "what": BONUS_TEXT[kind]},
                overridden=kind in changed.get("bonus_values", {}),
            )
            for kind, value in rules.bonus_values.items()
        ),
        variant_of=base_key,
        variant_name=engine_word(PRESETS[base_key].name) if base_key else "",
        variant=tuple(variant_changes(PRESETS[rules.preset], PRESETS[base_key]))
        if base_key
        else (),
    )


def source_lines() -> tuple[Line, ...]:
    """Every rule source, as "Source 002" (or the rulebooks' name) and what it is."""
    return tuple(
        Line(
            SOURCE_NAMES[code]
            if code in SOURCE_NAMES
            else _("Source %(number)s") % {"number": code},
            f"{title}.",
        )
        for code, title in SOURCES.items()
    )


def meld_label(rules: Ruleset, kind: str) -> str:
    """A meld kind's name in this game's words (Belote's tierce, quarte ... when it uses them)."""
    if rules.meld_words == "belote" and kind in BELOTE_MELD_LABELS:
        return engine_word(BELOTE_MELD_LABELS[kind])
    return engine_word(MELD_LABELS[kind])


def trump_values(rules: Ruleset) -> dict[str, int]:
    """The trump suit's card values, highest first. With the queen the highest trump (bulka,
    darda) the queen takes the jack's points and the jack the queen's, so a deal still holds
    the same total (RULES.md part two, a reading)."""
    values = dict(TRUMP_VALUES)
    if rules.high_trump == "Q":
        values["Q"], values["J"] = TRUMP_VALUES["J"], TRUMP_VALUES["Q"]
    return dict(sorted(values.items(), key=lambda item: -item[1]))


def variant_changes(variant: Ruleset, base: Ruleset) -> list[Change]:
    """Every field in which ``variant`` differs from ``base``, in words: the house rules
    (:attr:`Ruleset.OVERRIDABLE`) and the facts of the game alike, each meld and bonus on its
    own row. ``Change.preset_value`` is the base game's value."""
    rows: list[Change] = []
    for field in dataclasses.fields(Ruleset):
        name = field.name
        if name in _NOT_COMPARED:
            continue
        mine, theirs = getattr(variant, name), getattr(base, name)
        if name == "meld_values":
            rows.extend(
                Change(
                    meld_label(variant, kind),
                    _points(variant.meld_value(kind)),
                    _points(base.meld_value(kind)),
                )
                for kind in MELD_KINDS
                if variant.meld_value(kind) != base.meld_value(kind)
            )
        elif name == "bonus_values":
            rows.extend(
                Change(
                    engine_word(BONUS_LABELS[kind]),
                    _points(variant.bonus_value(kind)),
                    _points(base.bonus_value(kind)),
                )
                for kind in BONUS_KINDS
                if variant.bonus_value(kind) != base.bonus_value(kind)
            )
        elif mine != theirs:
            label = FIELD_LABELS.get(name) or FACT_LABELS.get(name) or name
            rows.append(
                Change(str(label), rule_value_text(name, mine), rule_value_text(name, theirs))
            )
    return rows


def _changes(rules: Ruleset, changed: Mapping[str, Any]) -> list[Change]:
    preset = PRESETS[rules.preset]
    changes: list[Change] = []
    for field in Ruleset.OVERRIDABLE:
        if field not in changed:
            continue
        if field == "meld_values":
            changes.extend(
                Change(
                    meld_label(rules, kind),
                    _points(rules.meld_value(kind)),
                    _points(preset.meld_value(kind)),
                )
                for kind in MELD_KINDS
                if kind in changed[field]
            )
        elif field == "bonus_values":
            changes.extend(
                Change(
                    engine_word(BONUS_LABELS[kind]),
                    _points(rules.bonus_value(kind)),
                    _points(preset.bonus_value(kind)),
                )
                for kind in BONUS_KINDS
                if kind in changed[field]
            )
        else:
            changes.append(
                Change(
                    str(FIELD_LABELS[field]),
                    rule_value_text(field, getattr(rules, field)),
                    rule_value_text(field, getattr(preset, field)),
                )
            )
    return changes


#: Each field's short words by value, for a list of changes ("On a set: both sides' points").
SHORT_WORDS: Mapping[str, Mapping[str, StrOrPromise]] = {
    "set_award": SET_AWARD_SHORT,
    "tie_rule": TIE_RULE_SHORT,
    "trickless_melds": TRICKLESS_MELDS_SHORT,
    "meld_tie": MELD_TIE_SHORT,
    "renege_melds": RENEGE_MELDS_SHORT,
    "meld_scoring": MELD_SCORING_SHORT,
    "meld_entry": MELD_ENTRY_SHORT,
    "made_when": MADE_WHEN_SHORT,
    "belle_on_set": BELLE_ON_SET_SHORT,
    "rounding": ROUNDING_SHORT,
    "contract_scoring": CONTRACT_SCORING_SHORT,
    "all_tricks": ALL_TRICKS_SHORT,
    "meld_words": MELD_WORDS_SHORT,
}


def rule_value_text(field: str, value: Any) -> str:
    """One field's value as a list of changes says it, in the active language: the short
    words of a named value, "none" for an absent number, a count of deals, the doublings'
    factors, a yes or no."""
    short = SHORT_WORDS.get(field)
    if short is not None:
        return str(short[value]) if value in short else str(value)
    if field == "target" and value is None:
        return pgettext("a game's target", "none: a fixed number of deals")
    if field == "deals":
        if value is None:
            return pgettext("deals in a game", "until a side reaches the target")
        return ngettext("%(count)d deal", "%(count)d deals", value) % {"count": value}
    if field == "contract" and value is None:
        return pgettext("a fixed contract", "none")
    if field == "set_cards":
        if value is None:
            return pgettext("card points on a set", "the deal's card points")
        return str(value)
    if field == "contre_factors":
        contre, surcontre = tuple(value)
        return pgettext(
            "the factors of the doublings", "contrée ×%(contre)s, surcontrée ×%(surcontre)s"
        ) % {"contre": contre, "surcontre": surcontre}
    if field == "all_tricks_defenders":
        return str(
            pgettext("every trick, for the opponents", "earned by the opponents too (tegenpit)")
            if value
            else pgettext("every trick, for the opponents", "earned by the makers only")
        )
    if field == "void_reasons":
        return _listed([str(VOID_REASON_TEXT[r]) for r in value if r in VOID_REASON_TEXT])
    if field == "high_trump":
        return str(CARD_NAMES.get(value, value))
    if field == "source":
        return str(SOURCE_NAMES[value]) if value in SOURCE_NAMES else value
    if isinstance(value, bool):
        return pgettext("a rule holds", "yes") if value else pgettext("a rule holds", "no")
    return str(value)


def _value_text(field: str, value: Any) -> str:
    return rule_value_text(field, value)


def _points(value: int | None) -> str:
    return pgettext("a meld", "not paid") if value is None else str(value)


def _listed(words: list[str], last: str = "or") -> str:
    """``a, b or c`` (``a, b and c`` with ``last="and"``): the list's separator and its last
    word are the language's."""
    if len(words) < 2:
        return "".join(words)
    if last == "and":
        return pgettext("a list: a, b and c", "%(items)s and %(last)s") % {
            "items": pgettext("list separator", ", ").join(words[:-1]),
            "last": words[-1],
        }
    return _("%(reasons)s or %(last)s") % {
        "reasons": pgettext("list separator", ", ").join(words[:-1]),
        "last": words[-1],
    }


def _ranks_in_deck(rules: Ruleset) -> tuple[str, ...]:
    per_suit = rules.deck_size // SUITS
    return NATURAL_ORDER[len(NATURAL_ORDER) - per_suit :]


def _card_name(rank: str, *, trump: bool, rules: Ruleset | None = None) -> str:
    nicknames = (
        QUEEN_TRUMP_NICKNAMES if rules is not None and rules.high_trump == "Q" else TRUMP_NICKNAMES
    )
    nickname = nicknames.get(rank) if trump else None
    if nickname:
        return pgettext("a card and its name as a trump", "%(card)s (%(nickname)s)") % {
            "card": CARD_NAMES[rank],
            "nickname": nickname,
        }
    return str(CARD_NAMES[rank])


def _card_totals(rules: Ruleset, changed: Mapping[str, Any]) -> list[str]:
    cards = sum(TRUMP_VALUES.values()) + 3 * sum(PLAIN_VALUES.values())
    texts = [_("The last trick is worth %(bonus)s more.") % {"bonus": LAST_TRICK}]
    if rules.high_trump == "Q":
        texts.append(
            _(
                "The queen is the highest trump (jasek) and the nine the second (minela): in "
                "trumps the queen takes the jack's %(high)s points and the jack the queen's "
                "%(low)s, so a deal holds the same total."
            )
            % {"high": TRUMP_VALUES["J"], "low": TRUMP_VALUES["Q"]}
        )
    if rules.deal_total == cards + LAST_TRICK:
        texts.append(
            _(
                "With a trump suit the deck holds %(cards)s card points, %(total)s with the "
                "last trick."
            )
            % {"cards": cards, "total": rules.deal_total}
        )
    else:
        texts.append(
            _(
                "With a trump suit the deck holds %(cards)s card points, %(usual)s with the "
                "last trick; this game reckons a deal at %(total)s card points, and the sides' "
                "card points add up to that."
            )
            % {"cards": cards, "usual": cards + LAST_TRICK, "total": rules.deal_total}
        )
    return texts


def belle_word(rules: Ruleset | None) -> str:
    """Belle by the game's own name: stuk (klaverjas), belote-rebelote, bejle, belle (also
    without a ruleset). Every rules page and printed rules box says it with this."""
    if rules is None:
        return pgettext("king and queen of trumps", "belle")
    if rules.meld_scoring == "each":
        return pgettext("king and queen of trumps, Dutch", "stuk")
    if rules.all_tricks == "capot" or rules.belle_on_set == "kept":
        return pgettext("king and queen of trumps, French", "belote-rebelote")
    if rules.high_trump == "Q":
        return pgettext("king and queen of trumps, Czech", "bejle")
    return pgettext("king and queen of trumps", "belle")


def says_belle(rules: Ruleset) -> bool:
    """Whether the game calls king and queen of trumps belle, as part one's sources do: its
    sentences are then part one's, which every language already has."""
    return belle_word(rules) == pgettext("king and queen of trumps", "belle")


def _belle_label(rules: Ruleset) -> str:
    if says_belle(rules):
        # The sources' own word: the sentence every language already has.
        return _("Belle (king and queen of trumps in one hand)")
    return capfirst(
        _("%(belle)s (king and queen of trumps in one hand)") % {"belle": belle_word(rules)}
    )


def _unpaid(rules: Ruleset, unpaid: list[str]) -> str:
    if not rules.meld_values:
        return _("No meld is paid in this game: only %(belle)s scores.") % {
            "belle": belle_word(rules)
        }
    if not unpaid:
        return ""
    return _("Not paid in this game: %(melds)s.") % {"melds": _listed(unpaid, last="and")}


def _trickless(rules: Ruleset) -> str:
    """What a side that took no trick keeps, in the game's words."""
    values = {"belle": belle_word(rules)}
    if rules.meld_scoring == "each":
        # Roem and stuk are scored in a trick the side wins: a sheet giving them is refused.
        return (
            _(
                "A side that takes no trick has no roem and no %(belle)s: both are scored in a "
                "trick the side wins."
            )
            % values
        )
    if says_belle(rules):
        return str(TRICKLESS_MELDS_TEXT[rules.trickless_melds])
    if rules.trickless_melds == "kept":
        return _("A side that takes no trick still scores its melds and its %(belle)s.") % values
    if not rules.meld_values:
        return _("A side that takes no trick still scores its %(belle)s.") % values
    return _("A side that takes no trick scores no melds, only its %(belle)s.") % values


def _best_meld_rule(rules: Ruleset) -> str:
    if says_belle(rules):
        return str(MELD_RULE)
    return _(
        "Only the side holding the best meld scores melds, and then all of its melds "
        "(partners' melds count together). %(belle)s always scores for the side that holds it."
    ) % {"belle": capfirst(belle_word(rules))}


def _meld_rule(rules: Ruleset) -> str:
    if rules.meld_scoring == "each":
        return _(
            "Each side scores its own melds (roem): they are shown on the table inside one "
            "trick and scored by the side that wins that trick, so both sides may score roem "
            "in one deal. A sheet may write a side's roem as one number: any total these "
            "melds and %(belle)s can make in one deal is accepted, one they cannot make is "
            "refused."
        ) % {"belle": belle_word(rules)}
    return _best_meld_rule(rules)


def _meld_notes(rules: Ruleset) -> tuple[str, ...]:
    notes: list[str] = []
    three, four = rules.meld_value("run3"), rules.meld_value("run4")
    if rules.meld_scoring == "each" and three is not None and four is not None:
        notes.append(
            _(
                "%(belle)s stacks with a run in trumps that holds the king and queen: a run of "
                "three with it is worth %(three)s, a run of four %(four)s. A meld lies in the "
                "four cards of one trick, so there is no longer run, and a deal has at most as "
                "many runs and fours of a kind as tricks."
            )
            % {
                "belle": capfirst(belle_word(rules)),
                "three": three + rules.belle_value,
                "four": four + rules.belle_value,
            }
        )
    if rules.meld_words == "belote":
        notes.append(
            _(
                "The melds have Belote's names: a run of three is a tierce, of four a quarte "
                "(a cinquante), of five or more a quinte (a cent); four of a kind is a carré."
            )
        )
    if rules.meld_value("menage") is not None:
        notes.append(
            _(
                "The ménage (king, queen and jack of trumps) scores instead of the run of "
                "three and belle it holds."
            )
        )
    if rules.bonus_values:
        notes.append(
            _(
                "Bonuses are not melds: each scores for its holder's side as belle does, kept "
                "when the side makes it and lost when it is set."
            )
        )
    return tuple(notes)


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


def _game_end(rules: Ruleset) -> str:
    if rules.deals is None:
        return _(
            "The first side to reach %(target)s points wins. If more than one side reaches it "
            "in the same deal, the higher total wins; on equal totals another deal is played."
        ) % {"target": rules.target}
    if rules.target is None:
        return ngettext(
            "A game is %(deals)d deal, with no target: after it the higher total wins; equal "
            "totals are a draw.",
            "A game is %(deals)d deals, with no target: after the last deal the higher total "
            "wins; equal totals are a draw.",
            rules.deals,
        ) % {"deals": rules.deals}
    return ngettext(
        "The first side to reach %(target)s points wins; otherwise the game ends after "
        "%(deals)d deal, the higher total winning; equal totals are a draw.",
        "The first side to reach %(target)s points wins; otherwise the game ends after "
        "%(deals)d deals, the higher total winning; equal totals are a draw.",
        rules.deals,
    ) % {"target": rules.target, "deals": rules.deals}


def _game_word(rules: Ruleset) -> str:
    """The table's own name for a game of a fixed number of deals, as a sentence, or ""."""
    if rules.deals is None:
        return ""
    if rules.meld_scoring == "each":
        return _("At the table such a game is a boom.")
    if rules.all_tricks == "capot":
        return _("At the table such a game is a partie.")
    return ""


def _made(rules: Ruleset) -> str:
    if rules.bidding:
        if rules.made_when == "reach":
            return _(
                "The takers' points are their card points (last trick included), their "
                "belote-rebelote and the announcements that counted. They make their contract "
                "when their points reach the bid, judged before any rounding."
            )
        if rules.made_when == "reach_and_beat":
            return _(
                "The takers' points are their card points (last trick included), their "
                "belote-rebelote and the announcements that counted. They make their contract "
                "when their points reach the bid and beat the defenders', judged before any "
                "rounding."
            )
    elif not says_belle(rules) or rules.bonus_values:
        # Another game's words (roem and stuk, belote-rebelote, bejle) or bonuses beside the
        # melds (klebias-norm): two whole sentences.
        return f"{_combined_points(rules)} {_made_when(rules)}"
    elif rules.made_when == "reach":
        return _(
            "Each side's combined points are its card points (last trick included), its melds "
            "and belle. The makers make it when theirs reach the contract, %(contract)s, "
            "whatever the others have; then every side scores its own combined points."
        ) % {"contract": rules.contract}
    elif rules.made_when == "reach_and_beat":
        return _(
            "Each side's combined points are its card points (last trick included), its melds "
            "and belle. The makers make it when theirs reach the contract, %(contract)s, and "
            "are more than every other side's; then every side scores its own combined points."
        ) % {"contract": rules.contract}
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


def _combined_points(rules: Ruleset) -> str:
    """What a side's combined points are made of, in the game's words."""
    values = {"belle": belle_word(rules)}
    if rules.bonus_values:
        return (
            _(
                "Each side's combined points are its card points (last trick included), its "
                "melds, its %(belle)s and its bonuses (the bimah only when it makes it)."
            )
            % values
        )
    if rules.meld_scoring == "each":
        return (
            _(
                "Each side's combined points are its card points (last trick included), its roem "
                "and its %(belle)s."
            )
            % values
        )
    if not rules.meld_values:
        return (
            _(
                "Each side's combined points are its card points (last trick included) and its "
                "%(belle)s."
            )
            % values
        )
    return (
        _(
            "Each side's combined points are its card points (last trick included), its melds and "
            "its %(belle)s."
        )
        % values
    )


def _made_when(rules: Ruleset) -> str:
    """When the makers made it, after :func:`_combined_points` said what their points are."""
    if rules.made_when == "reach":
        return _(
            "The makers make it when theirs reach the contract, %(contract)s, whatever the "
            "others have; then every side scores its own combined points."
        ) % {"contract": rules.contract}
    if rules.made_when == "reach_and_beat":
        return _(
            "The makers make it when theirs reach the contract, %(contract)s, and are more "
            "than every other side's; then every side scores its own combined points."
        ) % {"contract": rules.contract}
    if rules.sides == 2:
        return _(
            "The makers make it when theirs are more than the opponents'; then every side "
            "scores its own combined points."
        )
    return _(
        "The makers make it when theirs are more than each other player's; then every side "
        "scores its own combined points."
    )


def _bidding(rules: Ruleset) -> str:
    contre, surcontre = rules.contre_factors
    return _(
        "Every deal has a contract: the takers bid %(lowest)s or more by tens, up to "
        "%(bid_max)s, or capot (every trick, worth %(capot)s when scored). The defenders may "
        "double it (contrée, ×%(contre)s) and the takers double again (surcontrée, "
        "×%(surcontre)s). A capot bid is made only by taking every trick."
    ) % {
        "lowest": LOWEST_BID,
        "bid_max": rules.bid_max,
        "capot": CAPOT_BID,
        "contre": contre,
        "surcontre": surcontre,
    }


def _contract_scoring(rules: Ruleset) -> str:
    values = {"cards": rules.set_cards if rules.set_cards is not None else rules.deal_total}
    doubled = (
        _(
            "Doubled, the winner scores (%(cards)s + the bid + the announcements that counted + "
            "its belote-rebelote) × the factor, and the loser only its belote-rebelote."
        )
        % values
    )
    failed = _failed_contract(rules) % values
    if rules.contract_scoring == "bid":
        made = _(
            "A made contract: the takers score the bid (with their announcements and "
            "belote-rebelote), not their card points; the defenders score their own points."
        )
    else:
        made = _(
            "A made contract: the takers score their points and the bid; the defenders score "
            "their own points."
        )
    return f"{made} {failed} {doubled}"


def _failed_contract(rules: Ruleset) -> str:
    """What a failed contract scores (before any doubling), by the set award; ``%(cards)s``
    still to fill."""
    kept = rules.belle_on_set == "kept"
    if rules.set_award == "own":
        if kept:
            return _(
                "A failed contract: the takers score only their belote-rebelote, and the "
                "defenders their own points and the bid."
            )
        return _(
            "A failed contract: the takers score nothing, and the defenders their own points "
            "and the bid."
        )
    if rules.set_award == "cards":
        if kept:
            return _(
                "A failed contract: the takers score only their belote-rebelote, and the "
                "defenders %(cards)s and the bid: nobody's announcements are written."
            )
        return _(
            "A failed contract: the takers score nothing, and the defenders %(cards)s and the "
            "bid: nobody's announcements are written."
        )
    if kept:
        return _(
            "A failed contract: the takers score only their belote-rebelote, and the defenders "
            "%(cards)s, the bid, every announcement that counted and their belote-rebelote."
        )
    return _(
        "A failed contract: the takers score nothing, and the defenders %(cards)s, the bid, "
        "every announcement that counted and both sides' belote-rebelote."
    )


def _on_a_set(rules: Ruleset) -> str:
    text = _set_award_text(rules)
    if rules.all_tricks == "capot":
        # The French name of a failed contract; the Dutch "nat" is the sheet's mark already.
        return text + " " + _("At the table a failed contract is said to be dedans.")
    return text


def _set_award_text(rules: Ruleset) -> str:
    """What a set scores, in the game's words: part one's sentences where the game says
    melds and belle, else roem and stuk (klaverjas), or a belle the makers keep (belote)."""
    values = {"mark": rules.set_mark, "belle": belle_word(rules), "total": rules.deal_total}
    if rules.meld_scoring == "each" and rules.sides == 2:
        if rules.set_award == "all":
            return (
                _(
                    "The makers score nothing (%(mark)s on the sheet) and the opponents score "
                    "%(total)s and the roem of both sides, %(belle)s and pit included."
                )
                % values
            )
        if rules.set_award == "cards":
            return (
                _(
                    "The makers score nothing (%(mark)s on the sheet) and the opponents score the "
                    "deal's card points only: nobody's roem is written."
                )
                % values
            )
    if rules.set_award == "all" and rules.sides == 2 and rules.bonus_values:
        return (
            _(
                "The makers score nothing (%(mark)s on the sheet) and the opponents score the "
                "combined points of both sides: the makers' card points, melds, %(belle)s and "
                "bonuses go to them too."
            )
            % values
        )
    if rules.set_award == "all" and rules.sides == 2 and not says_belle(rules):
        if rules.belle_on_set == "kept":
            if not rules.meld_values:
                return (
                    _(
                        "The makers score only their %(belle)s (%(mark)s on the sheet when they "
                        "have none) and the opponents score all the card points and their own "
                        "%(belle)s."
                    )
                    % values
                )
            return (
                _(
                    "The makers score only their %(belle)s (%(mark)s on the sheet when they have "
                    "none) and the opponents score all the card points, every meld that counted "
                    "and their own %(belle)s."
                )
                % values
            )
        return (
            _(
                "The makers score nothing (%(mark)s on the sheet) and the opponents score the "
                "combined points of both sides: the makers' card points, melds and %(belle)s go "
                "to them too."
            )
            % values
        )
    return SET_AWARD_TEXT[rules.set_award].text(rules.sides) % values


def _tie_text(rules: Ruleset) -> str:
    if rules.tie_rule == "set" and rules.set_mark != "XX":
        # The game's own word for a set ("nat") says it.
        return _(
            "A tie is %(mark)s too: the makers have not made it, and the deal is scored as a set."
        ) % {"mark": rules.set_mark}
    return TIE_RULE_TEXT[rules.tie_rule].text(rules.sides)


def _set_cards(rules: Ruleset) -> str:
    if rules.set_cards is None:
        return _("On a set the opponents' card points are the deal's, %(total)s.") % {
            "total": rules.deal_total
        }
    return _(
        "On a set the card points the opponents score count %(cards)s, whatever they took."
    ) % {"cards": rules.set_cards}


def _belle_on_set_label(rules: Ruleset) -> str:
    """The heading of what becomes of belle on a set, by the game's name for both."""
    if rules.bidding:
        return capfirst(
            pgettext("rule: belle by the game's name", "%(belle)s on a failed contract")
            % {"belle": belle_word(rules)}
        )
    if says_belle(rules):
        return pgettext("rule", "Belle on a set")
    return capfirst(
        pgettext("rule: belle by the game's name", "%(belle)s on a set")
        % {"belle": belle_word(rules)}
    )


def _belle_on_set(rules: Ruleset) -> str:
    word = belle_word(rules)
    if rules.bidding:
        if rules.belle_on_set == "kept":
            return _(
                "On a failed contract the takers keep their %(belle)s: it stays with its holder "
                "(imprenable)."
            ) % {"belle": word}
        return _(
            "On a failed contract the takers' %(belle)s goes to the defenders with the rest "
            "(prenable)."
        ) % {"belle": word}
    if rules.meld_scoring == "each" and rules.belle_on_set == "lost":
        # French words (prenable) are no Dutch table's.
        return _(
            "On a set (%(mark)s) the makers' %(belle)s goes to the opponents with the rest of "
            "their roem."
        ) % {"belle": word, "mark": rules.set_mark}
    if rules.belle_on_set == "kept":
        return _(
            "On a set the makers keep their %(belle)s: it stays with its holder even when they "
            "score nothing else (imprenable)."
        ) % {"belle": word}
    return _("On a set the makers' %(belle)s is lost with the rest of their points (prenable).") % {
        "belle": word
    }


def _all_tricks(rules: Ruleset) -> str:
    values = {"value": rules.all_tricks_value, "total": rules.deal_total}
    if rules.all_tricks == "bonus":
        text = _("A side that takes every trick (a pit) scores %(value)s roem more.") % values
        if rules.all_tricks_defenders:
            return (
                text
                + " "
                + _("So do the opponents when they take every trick from the makers (tegenpit).")
            )
        return (
            text
            + " "
            + _(
                "Only the makers earn it: the opponents taking every trick earn no more (no "
                "tegenpit)."
            )
        )
    if rules.all_tricks == "capot":
        text = (
            _(
                "A side that takes every trick (capot) counts %(value)s card points instead of "
                "%(total)s."
            )
            % values
        )
        if rules.all_tricks_defenders:
            return text + " " + _("The defenders' capot counts the same.")
        return text + " " + _("Only the makers' capot counts more.")
    return _("Taking every trick earns nothing more than its card points.")


def _meld_scoring(rules: Ruleset) -> str:
    if rules.meld_scoring == "each":
        return _(
            "Each side scores its own melds (roem), whatever the other side has; a side that "
            "took no trick has none."
        )
    return _best_meld_rule(rules)


def _meld_entry(rules: Ruleset) -> str:
    if rules.meld_entry == "declared":
        return _(
            "The melds each side declared are entered, and the sheet works out as the table "
            "does which side scores them (the best meld, below)."
        )
    return _(
        "The melds entered are those a side scored, as the table agreed; both sides scoring "
        "melds other than belle is refused."
    )


def _rounding(rules: Ruleset) -> str:
    if rules.rounding == "ten":
        return _(
            "Each side's deal score is rounded to the nearest ten, once and last (85 becomes "
            "90, 84 becomes 80); a contract is judged on the points before rounding."
        )
    if rules.rounding == "ten_down":
        return _(
            "Each side's deal score is rounded to the nearest ten, once and last, a 5 going "
            "down (85 becomes 80, 86 becomes 90); a contract is judged on the points before "
            "rounding."
        )
    return _("Deal scores are not rounded.")


def _renege(rules: Ruleset) -> str:
    if rules.bidding:
        return _(
            "A renege by the takers fails their contract, and one by the defenders makes it, "
            "whatever the card points: the deal is scored as a failed or a made contract, "
            "with the factor when it was doubled. If both sides renege, the deal is void."
        )
    values = {"award": rules.renege_award, "belle": belle_word(rules)}
    if rules.meld_scoring == "each" and rules.sides == 2:
        if rules.renege_melds == "none":
            if rules.renege_award > rules.deal_total:
                return _(
                    "A side that reneges scores nothing; the other side scores %(award)s "
                    "(%(total)s and %(roem)s roem), whatever the card points, and no other "
                    "roem or %(belle)s of the deal is written. If both sides renege, the deal "
                    "is void."
                ) % {
                    **values,
                    "total": rules.deal_total,
                    "roem": rules.renege_award - rules.deal_total,
                }
            return (
                _(
                    "A side that reneges scores nothing; the other side scores %(award)s, whatever "
                    "the card points, and no roem or %(belle)s of the deal is written. If both "
                    "sides renege, the deal is void."
                )
                % values
            )
        return (
            _(
                "A side that reneges scores nothing, its roem and %(belle)s lost; the other side "
                "scores %(award)s plus its roem and %(belle)s, whatever the card points. If both "
                "sides renege, the deal is void."
            )
            % values
        )
    if rules.bonus_values and rules.sides == 2 and rules.renege_melds == "own":
        return (
            _(
                "A side that reneges scores nothing, its melds, %(belle)s and bonuses lost; the "
                "other side scores %(award)s plus its own melds, %(belle)s and bonuses other than "
                "the bimah, whatever the card points. If both sides renege, the deal is void."
            )
            % values
        )
    if not says_belle(rules) and rules.sides == 2 and rules.renege_melds != "none":
        if rules.renege_melds == "counted":
            return (
                _(
                    "A side that reneges scores nothing; the other side scores %(award)s plus "
                    "every meld that counted and its own %(belle)s, whatever the card points. If "
                    "both sides renege, the deal is void."
                )
                % values
            )
        return (
            _(
                "A side that reneges scores nothing, its melds and %(belle)s lost; the other side "
                "scores %(award)s plus its own melds and %(belle)s, whatever the card points. If "
                "both sides renege, the deal is void."
            )
            % values
        )
    if rules.renege_melds == "none":
        if rules.sides == 2:
            return _(
                "A side that reneges scores nothing; the other side scores %(award)s, "
                "whatever the card points. If both sides renege, the deal is void."
            ) % {"award": rules.renege_award}
        return _(
            "A side that reneges scores nothing; each other player scores %(award)s, "
            "whatever the card points. If both sides renege, the deal is void."
        ) % {"award": rules.renege_award}
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


def _renege_melds(rules: Ruleset) -> str:
    if rules.meld_scoring == "each" and rules.renege_melds == "none":
        return _(
            "On a renege the other side scores the renege award only: no roem of the deal is "
            "written."
        )
    return str(RENEGE_MELDS_TEXT[rules.renege_melds])


def _source(code: str) -> str:
    title = SOURCES_IN_SENTENCE.get(code)
    if title is None:
        if not code:
            return _("Source not given.")
        return _("Source %(number)s.") % {"number": code}
    if code in SOURCE_NAMES:
        return _("Written from %(title)s (the sources are listed at the end of this page).") % {
            "title": title
        }
    return _(
        "Written from source %(number)s, %(title)s (the sources are listed at the end of this "
        "page)."
    ) % {"number": code, "title": title}


def _void(rules: Ruleset) -> str:
    reasons = [str(VOID_REASON_TEXT[r]) for r in rules.void_reasons]
    text = _("A void deal scores nothing for anybody. A deal is void when %(reasons)s.") % {
        "reasons": _listed(reasons)
    }
    if rules.schmeiss_always_accepted:
        text += " " + _(
            "A schmeiss is always accepted: the dealer has no choice, and the deal is void."
        )
    return text


# -- short forms of a whole game's rule, for the presets' table and the printed rules box ------
def set_award_short(rules: Ruleset) -> str:
    """What the opponents score on a set, in a few words and the game's own: part one's short
    words (:data:`SET_AWARD_SHORT`), else the roem of klaverjas, a belle the makers keep, a
    failed contract's award."""
    values = {
        "total": rules.deal_total,
        "cards": rules.set_cards if rules.set_cards is not None else rules.deal_total,
        "belle": belle_word(rules),
    }
    if rules.bidding:
        if rules.set_award == "own":
            return pgettext("a failed contract, the defenders score", "their points + the bid")
        if rules.set_award == "cards":
            return pgettext("a failed contract, the defenders score", "%(cards)s + the bid") % (
                values
            )
        return (
            pgettext(
                "a failed contract, the defenders score",
                "%(cards)s + the bid + the announcements that counted + their %(belle)s",
            )
            % values
        )
    if rules.meld_scoring == "each" and rules.set_award == "all":
        return pgettext("on a set, the opponents score", "%(total)s + both sides' roem") % values
    if rules.set_award == "all" and rules.belle_on_set == "kept":
        return (
            pgettext("on a set, the opponents score", "all the card points + their own %(belle)s")
            % values
        )
    return str(SET_AWARD_SHORT[rules.set_award])


def tie_rule_short(rules: Ruleset) -> str:
    """What a tie means, in a few words; a game with its own word for a set says it ("nat")."""
    if rules.bidding:
        return pgettext("on a tie", "the contract fails")
    if rules.tie_rule == "set" and rules.set_mark != "XX":
        return pgettext("on a tie", "%(mark)s too") % {"mark": rules.set_mark}
    return str(TIE_RULE_SHORT[rules.tie_rule])


def renege_short(rules: Ruleset) -> str:
    """What a renege scores, in a few words and the game's own."""
    values = {"award": rules.renege_award, "belle": belle_word(rules)}
    if rules.bidding:
        return pgettext(
            "a renege scores", "by the takers the contract fails, by the defenders it is made"
        )
    if rules.renege_melds == "none":
        if rules.meld_scoring == "each":
            return pgettext("a renege scores", "%(award)s, no roem written") % values
        return pgettext("a renege scores", "%(award)s, no melds written") % values
    if rules.renege_melds == "counted":
        if not rules.meld_values:
            return pgettext("a renege scores", "%(award)s + own %(belle)s") % values
        return (
            pgettext("a renege scores", "%(award)s + every meld that counted + own %(belle)s")
            % values
        )
    if says_belle(rules):
        return pgettext("a renege scores", "%(award)s + own melds") % values
    return pgettext("a renege scores", "%(award)s + own melds and %(belle)s") % values


def game_length_line(rules: Ruleset) -> str:
    """How long a game of ``rules`` lasts, with its name: "Clabber: game to 500",
    "Klaverjas (Dutch): a game of 16 deals", "Belote: game to 501 or 12 deals"."""
    game = engine_word(rules.name)
    if rules.deals is None:
        return _("%(game)s: game to %(target)s") % {"game": game, "target": rules.target}
    if rules.target is None:
        return ngettext(
            "%(game)s: a game of %(count)d deal",
            "%(game)s: a game of %(count)d deals",
            rules.deals,
        ) % {"game": game, "count": rules.deals}
    return ngettext(
        "%(game)s: game to %(target)s or %(count)d deal",
        "%(game)s: game to %(target)s or %(count)d deals",
        rules.deals,
    ) % {"game": game, "target": rules.target, "count": rules.deals}


def meld_word(rules: Ruleset | None, kind: str) -> str:
    """A meld kind in the game's own words: tierce, quarte, quinte, carré where the game
    says so (``meld_words`` "belote"), else the runs' words ("run of 3")."""
    if rules is not None and rules.meld_words == "belote" and kind in BELOTE_MELD_LABELS:
        return engine_word(BELOTE_MELD_LABELS[kind])
    return engine_word(MELD_WORDS[kind])
