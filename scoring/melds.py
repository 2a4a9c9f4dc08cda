"""Melds as the table declares them: which side scores melds, and which melds hands can hold.

Words (see ``RULES.md``, "Melds", "Melds a hand can hold", "Who scores melds"):

- *declared meld*: a meld a player shows, with its cards known: a run (its length, its top
  card, in trumps or in a plain suit) or a four of a kind (its rank). :class:`Declared`.
- *the comparison*: how the table settles which side scores melds: the side whose best meld is
  the best (value, then for runs the longer, the higher top card, then trumps; for fours the
  higher rank; a four of a kind beats a run of the same value). Still equal: ``meld_tie``.
- *hand*: one player's cards. A side of one player has one hand; a partnership has two.
- *ranks*: ``7 8 9 10 J Q K A``, the natural order runs use whatever the trump
  (:data:`RANKS`).

Readings where RULES.md leaves a choice:

- Only each side's best meld is compared; when those are equal, ``meld_tie`` decides at once
  (the next-best melds are not compared).
- Under ``meld_tie: elder`` with three sides, when the elder hand's side is not among the
  equal best, the first of them in the order of play from the elder hand wins.
- Four jacks with its value overridden to that of the other fours ranks between tens and
  queens, as in the natural order.
- A run of a preset with a 24-card deck (nine to ace) cannot reach below the nine.

What the feasibility checks look at (each is exact: what they refuse, no real deal gives; what
they accept, some deal of real cards holds):

- The model: a deck of four suits of the ranks 9 to A (24 cards) or 7 to A (32); each side has
  ``players // sides`` hands of ``cards_each`` cards. A run is consecutive ranks of one suit (a
  run of 5 or more: 5 cards will do), a four of a kind all four cards of its rank, a three of
  a kind three of them, the ménage the king, queen and jack of trumps. Each meld lies in one
  hand of its side; a card counts in one meld only. Belle's king and queen of trumps lie in
  one hand of its side: they may be part of that hand's melds (a run in trumps, its four kings
  or queens: belle is held, not melded), otherwise they take two places in it, and no other
  hand's meld may take them. A ménage and belle of one side cannot both be scored (the ménage
  counts the belle). A no-trump deal has no trump suit and no belle.
- Under ``meld_scoring: each`` (klaverjas roem) melds lie in tricks, not hands: they only may
  not share cards, a deal holds at most ``tricks_per_deal`` of them and no run of more than
  four (a trick holds four cards); belle stacks with anything.
- Meld kinds (:func:`check_hands`) and declared melds (:func:`check_declared`, with ranks and
  suits known) alike: a search over concrete placements (:func:`_feasible`), every side
  together; the refusal says the plainest reason that applies.
- Melds as a number (:func:`check_meld_points`): some multiset of the game's items makes each
  side's number together (see there).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from scoring.errors import InvalidDeal, Names, Term, gettext_noop, side_name, side_who
from scoring.rules import MELD_CARDS, MELD_KINDS, MELD_WORDS, Ruleset
from scoring.words import and_list, whose

#: Card ranks in the natural order runs use, lowest first.
RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")


class RankWords(NamedTuple):
    """A card rank in words: "the king", "a king" (or "an ace"), "kings"."""

    the: Term
    a: Term
    plural: Term


RANK_WORDS: dict[str, RankWords] = {
    "7": RankWords(
        Term(gettext_noop("the seven")), Term(gettext_noop("a seven")), Term(gettext_noop("sevens"))
    ),
    "8": RankWords(
        Term(gettext_noop("the eight")),
        Term(gettext_noop("an eight")),
        Term(gettext_noop("eights")),
    ),
    "9": RankWords(
        Term(gettext_noop("the nine")), Term(gettext_noop("a nine")), Term(gettext_noop("nines"))
    ),
    "10": RankWords(
        Term(gettext_noop("the ten")), Term(gettext_noop("a ten")), Term(gettext_noop("tens"))
    ),
    "J": RankWords(
        Term(gettext_noop("the jack")), Term(gettext_noop("a jack")), Term(gettext_noop("jacks"))
    ),
    "Q": RankWords(
        Term(gettext_noop("the queen")), Term(gettext_noop("a queen")), Term(gettext_noop("queens"))
    ),
    "K": RankWords(
        Term(gettext_noop("the king")), Term(gettext_noop("a king")), Term(gettext_noop("kings"))
    ),
    "A": RankWords(
        Term(gettext_noop("the ace")), Term(gettext_noop("an ace")), Term(gettext_noop("aces"))
    ),
}
#: Numbers in words, inside a sentence and at its start.
_NUMBER_WORDS: dict[int, tuple[Term, Term]] = {
    1: (Term(gettext_noop("one")), Term(gettext_noop("One"))),
    2: (Term(gettext_noop("two")), Term(gettext_noop("Two"))),
    3: (Term(gettext_noop("three")), Term(gettext_noop("Three"))),
    4: (Term(gettext_noop("four")), Term(gettext_noop("Four"))),
    5: (Term(gettext_noop("five")), Term(gettext_noop("Five"))),
    6: (Term(gettext_noop("six")), Term(gettext_noop("Six"))),
    7: (Term(gettext_noop("seven")), Term(gettext_noop("Seven"))),
    8: (Term(gettext_noop("eight")), Term(gettext_noop("Eight"))),
    9: (Term(gettext_noop("nine")), Term(gettext_noop("Nine"))),
}

Form = Literal["run", "four", "three"]


def _number(n: int) -> str:
    return _NUMBER_WORDS[n][0] if n in _NUMBER_WORDS else str(n)


def _Number(n: int) -> str:  # noqa: N802 (the capital is the point)
    return _NUMBER_WORDS[n][1] if n in _NUMBER_WORDS else str(n)


def _rank_of(value: object) -> str:
    """A rank as given ("K", "k", "10", 10) in the form of :data:`RANKS`, or InvalidDeal."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and value.strip().upper() in RANKS:
        return value.strip().upper()
    raise InvalidDeal(
        gettext_noop("%(value)s is not a card rank; the ranks are %(ranks)s."),
        "declared",
        code="meld.rank",
        params={"value": repr(value), "ranks": ", ".join(RANKS)},
    )


@dataclass(frozen=True)
class Declared:
    """One meld as declared at the table. Build it with :meth:`run` or :meth:`four`.

    ``form``: ``"run"`` or ``"four"``; ``length``: the run's length (4 for a four of a kind);
    ``top``: the run's top card, or the four's rank (also :attr:`rank`); ``trump``: a run in
    the trump suit. A meld that cannot exist raises :class:`InvalidDeal` (field ``declared``).
    """

    form: Form
    length: int
    top: str
    trump: bool = False

    def __post_init__(self) -> None:
        if self.form not in ("run", "four", "three"):
            raise InvalidDeal(
                gettext_noop(
                    "%(form)s is not a meld; a meld is a run, a four or a three of a kind."
                ),
                "declared",
                code="meld.form",
                params={"form": repr(self.form)},
            )
        object.__setattr__(self, "top", _rank_of(self.top))
        if not isinstance(self.trump, bool):
            raise InvalidDeal(
                gettext_noop("Say whether the run is in trumps: yes or no."),
                "declared",
                code="meld.trump_flag",
            )
        if self.form == "four":
            if self.length != 4 or isinstance(self.length, bool) or self.trump:
                raise InvalidDeal(
                    gettext_noop("A four of a kind is four cards of one rank."),
                    "declared",
                    code="meld.four_shape",
                )
            return
        if self.form == "three":
            if self.length != 3 or isinstance(self.length, bool) or self.trump:
                raise InvalidDeal(
                    gettext_noop("A three of a kind is three cards of one rank."),
                    "declared",
                    code="meld.three_shape",
                )
            return
        length = self.length
        if isinstance(length, bool) or not isinstance(length, int) or not 3 <= length <= 8:
            raise InvalidDeal(
                gettext_noop("A run is 3 to 8 cards in a row, not %(length)s."),
                "declared",
                code="meld.run_length",
                params={"length": repr(length)},
            )
        if RANKS.index(self.top) - length + 1 < 0:
            raise InvalidDeal(
                gettext_noop(
                    "A run of %(length)s cannot end at %(top)s: runs go 7 8 9 10 J Q K A, and "
                    "nothing is below the seven."
                ),
                "declared",
                code="meld.run_too_low",
                params={"length": _number(length), "top": RANK_WORDS[self.top].the},
            )

    @classmethod
    def run(cls, length: int, top: str, trump: bool = False) -> Declared:
        """A run of ``length`` cards up to ``top`` ("7" .. "10" "J" "Q" "K" "A")."""
        return cls("run", length, top, trump)

    @classmethod
    def four(cls, rank: str) -> Declared:
        """Four cards of ``rank`` ("7" .. "A"; fours of sevens and eights score only where the
        ruleset pays them: :func:`check_declared`)."""
        return cls("four", 4, rank)

    @classmethod
    def three(cls, rank: str) -> Declared:
        """Three cards of ``rank`` (klebias-norm's three of a kind)."""
        return cls("three", 3, rank)

    @property
    def rank(self) -> str:
        """The four's or the three's rank, or the run's top card."""
        return self.top

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks of the cards the meld takes, lowest first."""
        if self.form != "run":
            return (self.top,)
        high = RANKS.index(self.top)
        return RANKS[high - self.length + 1 : high + 1]

    @property
    def cards(self) -> int:
        """How many cards of a hand the meld takes."""
        return self.length

    @property
    def kind(self) -> str:
        """The meld kind it is: ``run3 run4 run5 four_jacks four_9 ... three_A ...`` (a run
        of three to the king in trumps is ``run3`` here; see :meth:`kind_in`)."""
        if self.form == "run":
            return f"run{min(self.length, 5)}"
        if self.form == "three":
            return f"three_{self.top}"
        return "four_jacks" if self.top == "J" else f"four_{self.top}"

    def kind_in(self, rules: Ruleset) -> str:
        """The meld kind it scores as under ``rules``: ``menage`` for the king, queen and jack
        of trumps where the ruleset pays a ménage (klebias-norm), else :attr:`kind`."""
        if (
            self.form == "run"
            and self.length == 3
            and self.top == "K"
            and self.trump
            and "menage" in rules.meld_values
        ):
            return "menage"
        return self.kind

    def describe(self) -> str:
        """In a player's words: "run of four to the king in trumps", "four aces"."""
        if self.form == "four":
            return Term(gettext_noop("four %(ranks)s"), ranks=RANK_WORDS[self.top].plural)
        if self.form == "three":
            return Term(gettext_noop("three %(ranks)s"), ranks=RANK_WORDS[self.top].plural)
        length, top = _number(self.length), RANK_WORDS[self.top].the
        if self.trump:
            return Term(
                gettext_noop("run of %(length)s to %(top)s in trumps"), length=length, top=top
            )
        return Term(gettext_noop("run of %(length)s to %(top)s"), length=length, top=top)

    def _described(self) -> str:
        """:meth:`describe` at the start of a sentence."""
        if self.form == "four":
            return Term(gettext_noop("Four %(ranks)s"), ranks=RANK_WORDS[self.top].plural)
        if self.form == "three":
            return Term(gettext_noop("Three %(ranks)s"), ranks=RANK_WORDS[self.top].plural)
        length, top = _number(self.length), RANK_WORDS[self.top].the
        if self.trump:
            return Term(
                gettext_noop("Run of %(length)s to %(top)s in trumps"), length=length, top=top
            )
        return Term(gettext_noop("Run of %(length)s to %(top)s"), length=length, top=top)

    def _words(self) -> _MeldWords:
        """The meld in a list of melds a hand cannot hold ("a run of four to the king")."""
        if self.form != "run":
            return _MeldWords(
                self.form,
                self.length,
                self.describe(),
                gettext_noop("%(count)s %(meld)s"),
                {"meld": self.describe()},
            )
        params = {"length": _number(self.length), "top": RANK_WORDS[self.top].the}
        if self.trump:
            return _MeldWords(
                "run",
                self.length,
                Term(gettext_noop("a run of %(length)s to %(top)s in trumps"), **params),
                gettext_noop("%(count)s runs of %(length)s to %(top)s in trumps"),
                params,
            )
        return _MeldWords(
            "run",
            self.length,
            Term(gettext_noop("a run of %(length)s to %(top)s"), **params),
            gettext_noop("%(count)s runs of %(length)s to %(top)s"),
            params,
        )


class _MeldWords(NamedTuple):
    """A meld in a list: its form, its cards, its words once (``single``), and the template
    (with ``%(count)s``) and params of its words when the side has several."""

    form: str
    length: int
    single: str
    many: str
    params: Mapping[str, object]


DeclaredSides = tuple[tuple[Declared, ...], ...]


@dataclass(frozen=True)
class MeldComparison:
    """Who scores melds, and why in words.

    ``winner``: the side that scores melds, or None. ``reason``: a clause in a player's words,
    without a capital or a full stop ("run of four to the king in trumps beats run of four to
    the king"; "equal runs in plain suits: nobody scores melds"). ``best``: each side's best
    declared meld, None for a side that declared nothing.
    """

    winner: int | None
    reason: str
    best: tuple[Declared | None, ...] = ()


def declared_sides(rules: Ruleset, declared: object) -> DeclaredSides:
    """``declared`` (one list of :class:`Declared` a side; empty or None: nobody declared) as
    tuples, checked for shape. Anything else is an :class:`InvalidDeal`."""
    if declared is None or (isinstance(declared, Sequence) and len(declared) == 0):
        return ((),) * rules.sides
    if (
        isinstance(declared, (str, bytes))
        or not isinstance(declared, Sequence)
        or len(declared) != rules.sides
    ):
        raise InvalidDeal(
            gettext_noop("Give the melds each of the %(sides)d sides declared."),
            "declared",
            code="meld.declared_count",
            params={"sides": rules.sides},
        )
    sides: list[tuple[Declared, ...]] = []
    for side, melds in enumerate(declared):
        if melds is None:
            melds = ()
        if isinstance(melds, Declared):
            melds = (melds,)
        if isinstance(melds, (str, bytes)) or not isinstance(melds, Sequence):
            raise InvalidDeal(
                gettext_noop("Each side's declared melds must be a list of melds."),
                "declared",
                side,
                code="meld.declared_list",
            )
        for meld in melds:
            if not isinstance(meld, Declared):
                raise InvalidDeal(
                    gettext_noop("%(meld)s is not a declared meld (a run or a four of a kind)."),
                    "declared",
                    side,
                    code="meld.declared_type",
                    params={"meld": repr(meld)},
                )
        sides.append(tuple(melds))
    return tuple(sides)


def _key(rules: Ruleset, meld: Declared) -> tuple[int, int, int, int, int]:
    """Higher is better (RULES.md, "Who scores melds", rules 1 to 3; part two, klebias-norm:
    at equal value a four or three of a kind beats a run, a four a three, then the higher
    rank)."""
    value = rules.meld_value(meld.kind_in(rules)) or 0
    if meld.form != "run":
        return (value, 1, meld.length, RANKS.index(meld.top), 0)
    return (value, 0, meld.length, RANKS.index(meld.top), int(meld.trump))


def check_elder(rules: Ruleset, elder: object) -> None:
    """An elder hand's side, when given, is one of the sides."""
    if elder is None:
        return
    if isinstance(elder, bool) or not isinstance(elder, int) or not 0 <= elder < rules.sides:
        raise InvalidDeal(
            gettext_noop(
                "The elder hand's side is one of the %(sides)d sides, numbered 0 to %(last)d: "
                "%(value)s is not one of them."
            ),
            "elder",
            code="meld.elder_side",
            params={"sides": rules.sides, "last": rules.sides - 1, "value": repr(elder)},
        )


def meld_comparison(
    rules: Ruleset,
    declared: object,
    elder: int | None = None,
    *,
    side_names: Sequence[str] | None = None,
    no_trump: bool = False,
) -> MeldComparison:
    """Settle, as the table does, which side scores melds from what each side declared.

    ``declared``: one tuple of :class:`Declared` a side. ``elder``: the side of the elder hand,
    needed only when the best melds are equal and ``rules.meld_tie`` is ``elder`` (an
    :class:`InvalidDeal`, field ``elder``, when it is missing then). Melds the hands could not
    have held, or that the ruleset does not pay, are an :class:`InvalidDeal` too (in a
    ``no_trump`` deal: no run in trumps, and four plain suits).
    """
    names: Names = None if side_names is None else tuple(side_names)
    sides = check_declared(rules, declared, names, no_trump=no_trump)
    check_elder(rules, elder)
    best: list[Declared | None] = [
        max(melds, key=lambda m: _key(rules, m)) if melds else None for melds in sides
    ]
    present = [side for side, meld in enumerate(best) if meld is not None]
    if not present:
        return MeldComparison(None, Term(gettext_noop("nobody declared a meld")), tuple(best))

    def best_of(side: int) -> Declared:
        meld = best[side]
        assert meld is not None
        return meld

    top = max(_key(rules, best_of(s)) for s in present)
    leaders = [s for s in present if _key(rules, best_of(s)) == top]
    if len(leaders) == 1:
        winner = leaders[0]
        others = [s for s in present if s != winner]
        if not others:
            reason: str = Term(
                gettext_noop("%(meld)s: only %(side)s declared melds"),
                meld=best_of(winner).describe(),
                side=side_name(rules, winner, names),
            )
        else:
            second = max(others, key=lambda s: _key(rules, best_of(s)))
            reason = Term(
                gettext_noop("%(meld)s beats %(other)s"),
                meld=best_of(winner).describe(),
                other=best_of(second).describe(),
            )
        return MeldComparison(winner, reason, tuple(best))
    equal = best_of(leaders[0])
    what = (
        Term(gettext_noop("equal runs in plain suits"))
        if equal.form == "run" and not equal.trump
        else Term(gettext_noop("equal melds"))
    )
    each = Term(gettext_noop("%(meld)s each"), meld=equal.describe())
    if rules.meld_tie == "nobody":
        return MeldComparison(
            None,
            Term(gettext_noop("%(what)s: nobody scores melds (%(each)s)"), what=what, each=each),
            tuple(best),
        )
    if elder is None:
        raise InvalidDeal(
            gettext_noop(
                "The best melds are equal (%(each)s), and then the elder hand's side scores "
                "melds: say who the elder hand is (the player to the dealer's left)."
            ),
            "elder",
            code="meld.elder_missing",
            params={"each": each},
        )
    order = [(elder + step) % rules.sides for step in range(rules.sides)]
    winner = next(s for s in order if s in leaders)
    reason = Term(
        gettext_noop("%(what)s: the elder hand's side, %(side)s, scores melds (%(each)s)"),
        what=what,
        side=side_name(rules, winner, names),
        each=each,
    )
    return MeldComparison(winner, reason, tuple(best))


def meld_winner(
    rules: Ruleset,
    declared: object,
    elder: int | None = None,
    *,
    side_names: Sequence[str] | None = None,
    no_trump: bool = False,
) -> int | None:
    """The side that scores melds from what each side declared, or None (see
    :func:`meld_comparison`, which also says why)."""
    return meld_comparison(rules, declared, elder, side_names=side_names, no_trump=no_trump).winner


# -- melds a hand can hold ----------------------------------------------------------------


def _hands_words(rules: Ruleset) -> str:
    hands = rules.players // rules.sides
    cards = _number(rules.cards_each)
    if hands == 1:
        return Term(gettext_noop("A hand of %(cards)s cards"), cards=cards)
    return Term(
        gettext_noop("%(hands)s hands of %(cards)s cards"), hands=_Number(hands), cards=cards
    )


def _melds_words(melds: Sequence[_MeldWords]) -> str:
    """``melds``: the words of each meld. "three fours of a kind", "three runs of four",
    "four aces, four kings and a run of three", "two runs of five and a run of four"."""
    forms = {m.form for m in melds}
    lengths = {m.length for m in melds}
    count = len(melds)
    if count > 1 and forms == {"four"}:
        return Term(gettext_noop("%(count)s fours of a kind"), count=_number(count))
    if (
        count > 1
        and forms == {"run"}
        and len(lengths) == 1
        and len({str(m.single) for m in melds}) > 1
    ):
        return Term(
            gettext_noop("%(count)s runs of %(length)s"),
            count=_number(count),
            length=_number(lengths.pop()),
        )
    counted: dict[str, tuple[_MeldWords, int]] = {}
    for meld in melds:
        seen = counted.get(str(meld.single))
        counted[str(meld.single)] = (meld, 1 if seen is None else seen[1] + 1)
    return and_list(
        [
            meld.single
            if times == 1
            else Term.of(meld.many, {**meld.params, "count": _number(times)})
            for meld, times in counted.values()
        ]
    )


def _fits(sizes: Sequence[int], hands: int, capacity: int) -> bool:
    """Whether melds of these sizes can lie in ``hands`` hands of ``capacity`` cards each."""
    order = sorted(sizes, reverse=True)
    loads = [0] * hands

    def place(index: int) -> bool:
        if index == len(order):
            return True
        tried: set[int] = set()
        for hand in range(hands):
            load = loads[hand]
            if load in tried or load + order[index] > capacity:
                continue
            tried.add(load)
            loads[hand] = load + order[index]
            if place(index + 1):
                return True
            loads[hand] = load
        return False

    return place(0)


def _check_side_hands(rules: Ruleset, side: int, melds: Sequence[_MeldWords], names: Names) -> None:
    hands = rules.players // rules.sides
    in_hands = rules.cards_each * hands
    cards = sum(m.length for m in melds)
    if cards > in_hands:
        raise InvalidDeal(
            gettext_noop(
                "%(whose)s melds need %(cards)d cards, but the side holds only %(held)d: a card "
                "counts in one meld only."
            ),
            "melds",
            side,
            code="meld.too_many_cards",
            params={"whose": whose(side_who(rules, side, names)), "cards": cards, "held": in_hands},
        )
    if not _fits([m.length for m in melds], hands, rules.cards_each):
        raise InvalidDeal(
            gettext_noop(
                "%(hands)s cannot hold %(melds)s. Each meld lies in one player's hand, and a "
                "card counts in one meld only."
            ),
            "melds",
            side,
            code="meld.hands_cannot_hold",
            params={"hands": _hands_words(rules), "melds": _melds_words(melds)},
        )


# -- the exact check: concrete placements of the melds in a deck -------------------------
#
# A card is one bit of a mask: bit ``suit * 8 + rank`` (rank: its index in RANKS). Suit 0 is
# the trump suit when the deal has one. A meld is placed as a concrete set of cards in one
# hand of its side; the search tries placements until every meld has one (then a real deal
# holds them: the hands are filled up with cards no meld takes) or none is left.

_KING, _QUEEN, _JACK = RANKS.index("K"), RANKS.index("Q"), RANKS.index("J")
#: Belle's cards: the king and queen of the trump suit (suit 0).
_BELLE_CARDS = (1 << _KING) | (1 << _QUEEN)

#: A meld for the search: ``(form, cards, rank, trump)``. ``form``: ``run``, ``four`` or
#: ``three``; ``cards``: the cards it takes (a run of 5 or more: 5, as fewer cards never hold
#: less); ``rank``: a run's top card or the rank of a four or three (index in RANKS), -1 for
#: any; ``trump``: 1 in trumps, 0 in a plain suit, -1 in any suit.
_Spec = tuple[str, int, int, int]

_FOUR_KIND_RANKS: dict[str, str] = {
    ("four_jacks" if rank == "J" else f"four_{rank}"): rank for rank in RANKS
}
_THREE_KIND_RANKS: dict[str, str] = {f"three_{rank}": rank for rank in RANKS}
_KIND_SPECS: dict[str, _Spec] = {
    "run3": ("run", 3, -1, -1),
    "run4": ("run", 4, -1, -1),
    "run5": ("run", 5, -1, -1),
    "menage": ("run", 3, _KING, 1),
    **{kind: ("four", 4, RANKS.index(rank), -1) for kind, rank in _FOUR_KIND_RANKS.items()},
    **{kind: ("three", 3, RANKS.index(rank), -1) for kind, rank in _THREE_KIND_RANKS.items()},
}


class _Facts(NamedTuple):
    """What the exact check needs of a ruleset (hashable, for the cache)."""

    lowest: int  # the lowest rank of the deck (index in RANKS)
    sides: int
    hands: int  # hands a side; 0 when melds lie in tricks (``meld_scoring: each``)
    capacity: int  # cards a hand
    tricks: int  # tricks a deal


def _lowest(rules: Ruleset) -> int:
    return RANKS.index("9") if rules.deck_size == 24 else 0


def _facts(rules: Ruleset) -> _Facts:
    hands = 0 if rules.meld_scoring == "each" else rules.players // rules.sides
    return _Facts(_lowest(rules), rules.sides, hands, rules.cards_each, rules.tricks_per_deal)


def _rank_mask(rank: int) -> int:
    return sum(1 << (suit * 8 + rank) for suit in range(4))


@functools.cache
def _placements(spec: _Spec, lowest: int, trump: bool) -> tuple[int, ...]:
    """Every set of cards ``spec`` may take, as masks (none: it cannot be)."""
    form, cards, rank, in_trumps = spec
    if form != "run":
        if rank < lowest:
            return ()
        whole = _rank_mask(rank)
        if form == "four":
            return (whole,)
        return tuple(whole & ~(1 << (suit * 8 + rank)) for suit in range(4))
    if in_trumps == 1:
        suits: tuple[int, ...] = (0,) if trump else ()
    elif in_trumps == 0 and trump:
        suits = (1, 2, 3)
    else:
        suits = (0, 1, 2, 3)
    tops = (rank,) if rank >= 0 else tuple(range(lowest + cards - 1, len(RANKS)))
    found: list[int] = []
    for top in tops:
        low = top - cards + 1
        if low < lowest:
            continue
        run = ((1 << cards) - 1) << low
        found.extend(run << (8 * suit) for suit in suits)
    return tuple(found)


@functools.lru_cache(maxsize=8192)
def _feasible(
    facts: _Facts, sides: tuple[tuple[_Spec, ...], ...], belle: int | None, no_trump: bool
) -> bool:
    """Whether some deal holds every side's melds (and belle for side ``belle``).

    Each meld lies in one hand of its side, a hand holds at most ``capacity`` cards and a card
    counts in one meld only. Belle's king and queen of trumps lie in one hand of its side (say
    the first: the hands of a side are alike); they may be part of that hand's melds, else
    they take two of its places; no other hand's meld may take them. With ``hands`` 0 melds
    lie in tricks: no hands, at most ``tricks`` melds, no run of more than four (and belle
    stacks with anything). Backtracking over placements, fewest choices first, with a memo of
    the positions that failed, in which suits that nothing tells apart are sorted (and so are
    a side's hands) so that equal positions are tried once.
    """
    trump = not no_trump
    each = facts.hands == 0
    melds: list[tuple[int, int, tuple[int, ...]]] = []
    for side, specs in enumerate(sides):
        for spec in specs:
            options = _placements(spec, facts.lowest, trump)
            if not options or (each and spec[1] > 4):
                return False
            melds.append((side, spec[1], options))
    if each:
        if len(melds) > facts.tricks:
            return False
        hands_of: list[tuple[int, ...]] = [(0,)] * facts.sides
        capacity = 4 * len(RANKS)
        loads = [0]
    else:
        count = facts.hands
        hands_of = [tuple(range(s * count, (s + 1) * count)) for s in range(facts.sides)]
        capacity = facts.capacity
        loads = [0] * (facts.sides * count)
    belle_cards = _BELLE_CARDS if belle is not None and trump and not each else 0
    belle_hand = -1
    if belle_cards and belle is not None:
        belle_hand = hands_of[belle][0]
        loads[belle_hand] = 2
    if not melds:
        return True
    if sum(cards for _, cards, _ in melds) > 4 * (len(RANKS) - facts.lowest):
        return False
    if not each:
        for specs in sides:
            sizes = [spec[1] for spec in specs]
            if sizes and not _fits(sizes, facts.hands, capacity):
                return False
    melds.sort(key=lambda m: (len(m[2]), -m[1]))
    fixed = bool(belle_cards) or any(spec[3] != -1 for specs in sides for spec in specs)
    alike = (1, 2, 3) if trump and fixed else (0, 1, 2, 3)
    apart = tuple(s for s in range(4) if s not in alike)
    total = len(melds)
    # need[i][side]: the cards the melds from i on take from the side's hands.
    need = [[0] * facts.sides for _ in range(total + 1)]
    for index in range(total - 1, -1, -1):
        need[index] = list(need[index + 1])
        need[index][melds[index][0]] += melds[index][1]
    failed: set[tuple[object, ...]] = set()

    def position(index: int, used: int, free: int) -> tuple[object, ...]:
        suits = [(used >> (8 * s)) & 0xFF for s in range(4)]
        held = tuple(
            (loads[hs[0]], *sorted(loads[h] for h in hs[1:]))
            if hs[0] == belle_hand
            else tuple(sorted(loads[h] for h in hs))
            for hs in hands_of
        )
        return (
            index,
            tuple(suits[s] for s in apart),
            tuple(sorted(suits[s] for s in alike)),
            held,
            free,
        )

    def place(index: int, used: int, free: int) -> bool:
        if index == total:
            return True
        key = position(index, used, free)
        if key in failed:
            return False
        if not each:
            for s, hs in enumerate(hands_of):
                room = sum(capacity - loads[h] for h in hs)
                shared = free.bit_count() if belle_hand in hs else 0
                if need[index][s] - shared > room:
                    failed.add(key)
                    return False
        side, cards, options = melds[index]
        for option in options:
            if option & used:
                continue
            tried: set[int] = set()
            for hand in hands_of[side]:
                if option & belle_cards:
                    if hand != belle_hand:
                        continue
                    add, left = (option & ~free).bit_count(), free & ~option
                else:
                    if hand != belle_hand:
                        if loads[hand] in tried:
                            continue
                        tried.add(loads[hand])
                    add, left = cards, free
                if loads[hand] + add > capacity:
                    continue
                loads[hand] += add
                found = place(index + 1, used | option, left)
                loads[hand] -= add
                if found:
                    return True
        failed.add(key)
        return False

    return place(0, 0, belle_cards)


# -- words for refusals ----------------------------------------------------------------------


def _kind_words(kind: str) -> _MeldWords:
    """A meld kind in a list of melds ("four jacks", "a run of four")."""
    if kind.startswith(("four_", "three_")):
        form = "four" if kind.startswith("four_") else "three"
        return _MeldWords(
            form,
            MELD_CARDS[kind],
            MELD_WORDS[kind],
            gettext_noop("%(count)s %(meld)s"),
            {"meld": MELD_WORDS[kind]},
        )
    if kind == "menage":
        single = Term(gettext_noop("a ménage (king, queen and jack of trumps)"))
        return _MeldWords("run", 3, single, gettext_noop("%(count)s ménages"), {})
    length = _number(MELD_CARDS[kind])
    return _MeldWords(
        "run",
        MELD_CARDS[kind],
        Term(gettext_noop("a run of %(length)s"), length=length),
        gettext_noop("%(count)s runs of %(length)s"),
        {"length": length},
    )


def _or_list(words: Sequence[str]) -> str:
    """``words`` as alternatives in a sentence ("a jack or a queen"), translatable."""
    if len(words) == 1:
        return words[0]
    return Term(gettext_noop("%(first)s or %(rest)s"), first=words[0], rest=_or_list(words[1:]))


def _everyone_words(rules: Ruleset, sides: Sequence[Sequence[_MeldWords]], names: Names) -> str:
    """Every side's melds: "four jacks (partnership 1); a run of four (partnership 2)"."""
    parts = [
        Term(
            gettext_noop("%(melds)s (%(side)s)"),
            melds=_melds_words(melds),
            side=side_name(rules, side, names),
        )
        for side, melds in enumerate(sides)
        if melds
    ]
    words = parts[-1]
    for part in reversed(parts[:-1]):
        words = Term(gettext_noop("%(first)s; %(rest)s"), first=part, rest=words)
    return words


def _check_belle_side(rules: Ruleset, belle: object, no_trump: bool) -> None:
    if belle is None:
        return
    if isinstance(belle, bool) or not isinstance(belle, int) or not 0 <= belle < rules.sides:
        raise InvalidDeal(
            gettext_noop(
                "Belle is held by one of the %(sides)d sides, numbered 0 to %(last)d: "
                "%(value)s is not one of them."
            ),
            "belle",
            code="meld.belle_side",
            params={"sides": rules.sides, "last": rules.sides - 1, "value": repr(belle)},
        )
    if no_trump:
        raise InvalidDeal(
            gettext_noop("A no-trump deal has no belle: there are no trumps."),
            "belle",
            belle,
            code="meld.no_trump_belle",
        )


def _belle_taken(
    rules: Ruleset, belle: int, side: int, meld: str, rank: str, names: Names
) -> InvalidDeal:
    """Belle refused because another side's ``meld`` takes belle's card of ``rank``."""
    return InvalidDeal(
        gettext_noop(
            "Belle cannot be %(whose)s: %(card)s of trumps is in %(other)s %(meld)s, and a "
            "card is in one hand only."
        ),
        "belle",
        belle,
        code="meld.belle_taken",
        params={
            "whose": whose(side_name(rules, belle, names)),
            "card": RANK_WORDS[rank].the,
            "other": whose(side_name(rules, side, names)),
            "meld": meld,
        },
    )


def _menage_belle(rules: Ruleset, belle: int, names: Names) -> InvalidDeal:
    return InvalidDeal(
        gettext_noop(
            "The ménage already counts the belle: %(whose)s king and queen of trumps score "
            "in the ménage, not apart."
        ),
        "belle",
        belle,
        code="meld.menage_belle",
        params={"whose": whose(side_name(rules, belle, names))},
    )


def _cannot_all_be(
    rules: Ruleset, sides: Sequence[Sequence[_MeldWords]], field: str, names: Names
) -> InvalidDeal:
    melders = [s for s, melds in enumerate(sides) if melds]
    if len(melders) == 1:
        side = melders[0]
        return InvalidDeal(
            gettext_noop(
                "%(hands)s cannot hold %(melds)s. Each meld lies in one player's hand, and a "
                "card counts in one meld only."
            ),
            field,
            side,
            code="meld.hands_cannot_hold",
            params={"hands": _hands_words(rules), "melds": _melds_words(sides[side])},
        )
    return InvalidDeal(
        gettext_noop(
            "These melds cannot all be held in one deal: %(melds)s. Each meld lies in one "
            "player's hand, and a card counts in one meld only."
        ),
        field,
        melders[-1] if melders else None,
        code="meld.cannot_all_be",
        params={"melds": _everyone_words(rules, sides, names)},
    )


def _belle_cannot(
    rules: Ruleset, sides: Sequence[Sequence[_MeldWords]], belle: int, names: Names
) -> InvalidDeal:
    return InvalidDeal(
        gettext_noop(
            "Belle cannot be %(whose)s with these melds: %(melds)s. Its king and queen of "
            "trumps would fit in no hand of that side: they may lie in a run in trumps or in "
            "four kings or queens of the same hand, and in no other hand's meld."
        ),
        "belle",
        belle,
        code="meld.belle_cannot",
        params={
            "whose": whose(side_name(rules, belle, names)),
            "melds": _everyone_words(rules, sides, names),
        },
    )


# -- melds entered as kinds ------------------------------------------------------------------


def _kind_sides(rules: Ruleset, kinds: object) -> tuple[tuple[str, ...], ...]:
    """``kinds`` (one list of meld kinds a side) as tuples, each kind known and paid."""
    if (
        isinstance(kinds, (str, bytes))
        or not isinstance(kinds, Sequence)
        or len(kinds) != rules.sides
    ):
        raise InvalidDeal(
            gettext_noop("Give the melds of each of the %(sides)d sides."),
            "melds",
            code="meld.kinds_count",
            params={"sides": rules.sides},
        )
    sides: list[tuple[str, ...]] = []
    for side, side_kinds in enumerate(kinds):
        if isinstance(side_kinds, (str, bytes)) or not isinstance(side_kinds, Sequence):
            raise InvalidDeal(
                gettext_noop("Each side's melds must be a list of meld kinds."),
                "melds",
                side,
                code="meld.kinds_list",
            )
        for kind in side_kinds:
            if kind not in _KIND_SPECS:
                raise InvalidDeal(
                    gettext_noop("%(kind)s is not a meld; the melds are %(kinds)s."),
                    "melds",
                    side,
                    code="meld.unknown",
                    params={"kind": repr(kind), "kinds": ", ".join(MELD_KINDS)},
                )
            if kind not in rules.meld_values:
                if kind in ("four_7", "four_8"):
                    raise InvalidDeal(
                        gettext_noop("Four %(ranks)s score nothing in %(game)s."),
                        "melds",
                        side,
                        code="meld.four_low",
                        params={
                            "ranks": RANK_WORDS[_FOUR_KIND_RANKS[kind]].plural,
                            "game": rules.name,
                        },
                    )
                raise InvalidDeal(
                    gettext_noop("%(game)s does not pay for %(meld)s."),
                    "melds",
                    side,
                    code="meld.not_paid",
                    params={"game": rules.name, "meld": MELD_WORDS[kind]},
                )
        sides.append(tuple(side_kinds))
    return tuple(sides)


def check_hands(
    rules: Ruleset,
    kinds: Sequence[Sequence[str]],
    names: Names = None,
    *,
    belle: int | None = None,
    no_trump: bool = False,
) -> None:
    """Refuse meld kinds (one list a side) that no real deal gives, all sides together, with
    belle (``belle``: the side holding it) and in a ``no_trump`` deal or not: an
    :class:`InvalidDeal`, field ``melds`` (``belle`` when belle is what cannot be).

    Exact (see :func:`_feasible`): what it accepts, some deal holds. A kind the ruleset does
    not pay is refused too.
    """
    paid = rules.meld_values
    if (
        # The common case, as Deal validation calls it: checked here without the costlier
        # checks of any sequence (score_deal's speed).
        type(kinds) is tuple
        and len(kinds) == rules.sides
        and all(type(side) is tuple and all(k in paid for k in side) for side in kinds)
    ):
        sides: tuple[tuple[str, ...], ...] = kinds
    else:
        sides = _kind_sides(rules, kinds)
    if belle is None and not any(sides):
        return
    _check_belle_side(rules, belle, no_trump)
    if belle is not None and "menage" in sides[belle]:
        raise _menage_belle(rules, belle, names)
    if not _kinds_feasible(rules, sides, belle, no_trump):
        raise _why_not_kinds(rules, sides, names, belle, no_trump)


def _kinds_feasible(
    rules: Ruleset, sides: tuple[tuple[str, ...], ...], belle: int | None, no_trump: bool
) -> bool:
    if not any(sides):
        return True
    facts = _Facts(
        RANKS.index("9") if rules.deck_size == 24 else 0,
        rules.sides,
        0 if rules.meld_scoring == "each" else rules.players // rules.sides,
        rules.cards_each,
        rules.tricks_per_deal,
    )
    return _kinds_cached(facts, sides, belle, no_trump)


@functools.lru_cache(maxsize=4096)
def _kinds_cached(
    facts: _Facts, sides: tuple[tuple[str, ...], ...], belle: int | None, no_trump: bool
) -> bool:
    # Sorted, so that the same melds in another order are one entry of the search's cache.
    specs = tuple(tuple(sorted(_KIND_SPECS[kind] for kind in side)) for side in sides)
    return _feasible(facts, specs, belle, no_trump)


def melds_possible(
    rules: Ruleset,
    melds: Sequence[Sequence[str]],
    *,
    belle: int | None = None,
    no_trump: bool = False,
) -> bool:
    """Whether some real deal holds these meld kinds (one list a side) and belle: what
    :func:`check_hands` accepts."""
    try:
        sides = _kind_sides(rules, melds)
        _check_belle_side(rules, belle, no_trump)
    except InvalidDeal:
        return False
    if belle is not None and "menage" in sides[belle]:
        return False
    return _kinds_feasible(rules, sides, belle, no_trump)


def _why_not_kinds(
    rules: Ruleset,
    sides: tuple[tuple[str, ...], ...],
    names: Names,
    belle: int | None,
    no_trump: bool,
) -> InvalidDeal:
    """Why meld kinds cannot be, in the most telling words: the first reason that applies."""
    facts = _facts(rules)
    everyone = [(side, kind) for side, kinds in enumerate(sides) for kind in kinds]
    words = [[_kind_words(kind) for kind in kinds] for kinds in sides]
    if facts.hands == 0:
        for side, kind in everyone:
            if MELD_CARDS[kind] > 4:
                return InvalidDeal(
                    gettext_noop(
                        "Melds are scored inside one trick, and a trick holds four cards: "
                        "%(meld)s cannot be scored."
                    ),
                    "melds",
                    side,
                    code="meld.run_in_trick",
                    params={"meld": MELD_WORDS[kind]},
                )
        if len(everyone) > facts.tricks:
            return InvalidDeal(
                gettext_noop(
                    "Melds are scored inside one trick, one a trick: a deal of %(tricks)d "
                    "tricks holds at most %(tricks)d of them, not %(count)d."
                ),
                "melds",
                everyone[-1][0],
                code="meld.too_many_items",
                params={"tricks": facts.tricks, "count": len(everyone)},
            )
    for side, kind in everyone:
        rank = _KIND_SPECS[kind][2]
        if kind != "menage" and _KIND_SPECS[kind][0] != "run" and rank < facts.lowest:
            return InvalidDeal(
                gettext_noop("%(game)s is played without sevens and eights: %(meld)s cannot be."),
                "melds",
                side,
                code="meld.short_deck",
                params={"game": rules.name, "meld": MELD_WORDS[kind]},
            )
        if kind == "menage" and no_trump:
            return InvalidDeal(
                gettext_noop("A no-trump deal has no trumps: a ménage cannot be."),
                "melds",
                side,
                code="meld.no_trump_menage",
            )
    taken: dict[int, tuple[int, str]] = {}  # rank -> (cards taken, the first kind)
    menages: list[int] = []
    for side, kind in everyone:
        form, cards, rank, _ = _KIND_SPECS[kind]
        if kind == "menage":
            menages.append(side)
            if len(menages) > 1:
                return InvalidDeal(
                    gettext_noop("There is only one king, queen and jack of trumps: one ménage."),
                    "melds",
                    side,
                    code="meld.menage_twice",
                )
            continue
        if form == "run":
            continue
        before, first = taken.get(rank, (0, kind))
        if before + cards > 4:
            if form == "four" and first == kind:
                return InvalidDeal(
                    gettext_noop("There is only one set of %(ranks)s in the deck."),
                    "melds",
                    side,
                    code="meld.four_twice",
                    params={"ranks": MELD_WORDS[kind]},
                )
            return InvalidDeal(
                gettext_noop(
                    "There are four %(ranks)s in the deck: %(first)s and %(second)s cannot both be."
                ),
                "melds",
                side,
                code="meld.rank_twice",
                params={
                    "ranks": RANK_WORDS[RANKS[rank]].plural,
                    "first": MELD_WORDS[first],
                    "second": MELD_WORDS[kind],
                },
            )
        taken[rank] = (before + cards, first)
    fours = {rank for rank, (cards, _) in taken.items() if cards == 4}
    if menages:
        for rank in (_KING, _QUEEN, _JACK):
            if rank in fours:
                return InvalidDeal(
                    gettext_noop(
                        "A ménage and four %(ranks)s cannot both be: the ménage holds "
                        "%(card)s of trumps."
                    ),
                    "melds",
                    menages[0],
                    code="meld.menage_four",
                    params={
                        "ranks": RANK_WORDS[RANKS[rank]].plural,
                        "card": RANK_WORDS[RANKS[rank]].the,
                    },
                )
    if belle is not None and facts.hands:  # in tricks, belle stacks with any meld
        for side, kind in everyone:
            if kind == "menage" and side == belle:
                return _menage_belle(rules, belle, names)
            if side != belle and kind in ("menage", "four_K", "four_Q"):
                card = "K" if kind in ("menage", "four_K") else "Q"
                return _belle_taken(rules, belle, side, MELD_WORDS[kind], card, names)
    if facts.hands:
        for side, melds in enumerate(words):
            _check_side_hands(rules, side, melds, names)
    for side, kind in everyone:
        form, cards, _, _ = _KIND_SPECS[kind]
        if form != "run" or kind == "menage":
            continue
        windows = [
            set(range(low, low + cards)) for low in range(facts.lowest, len(RANKS) - cards + 1)
        ]
        if windows and all(window & fours for window in windows):
            blocking = sorted(rank for rank in fours if any(rank in w for w in windows))
            if not blocking:
                continue
            listed: list[str] = [
                Term(gettext_noop("four %(ranks)s"), ranks=RANK_WORDS[RANKS[r]].plural)
                for r in blocking
            ]
            listed[0] = Term(
                gettext_noop("Four %(ranks)s"), ranks=RANK_WORDS[RANKS[blocking[0]]].plural
            )
            template = (
                gettext_noop(
                    "%(melds)s cannot both be: every run of %(length)s from %(lowest)s to the "
                    "ace holds %(cards)s."
                )
                if len(blocking) == 1
                else gettext_noop(
                    "%(melds)s cannot all be: every run of %(length)s from %(lowest)s to the "
                    "ace holds %(cards)s."
                )
            )
            return InvalidDeal(
                template,
                "melds",
                side,
                code="meld.run_blocked",
                params={
                    "melds": and_list([*listed, _kind_words(kind).single]),
                    "length": _number(cards),
                    "lowest": RANK_WORDS[RANKS[facts.lowest]].the,
                    "cards": _or_list([RANK_WORDS[RANKS[r]].a for r in blocking]),
                },
            )
    specs = tuple(tuple(_KIND_SPECS[kind] for kind in side) for side in sides)
    alone = [
        tuple(s if i == side else () for i, s in enumerate(specs)) for side in range(len(specs))
    ]
    for side, only in enumerate(alone):
        if specs[side] and not _feasible(facts, only, None, no_trump):
            return _cannot_all_be(
                rules, [m if i == side else [] for i, m in enumerate(words)], "melds", names
            )
    if belle is not None and _feasible(facts, specs, None, no_trump):
        return _belle_cannot(rules, words, belle, names)
    return _cannot_all_be(rules, words, "melds", names)


# -- declared melds --------------------------------------------------------------------------


def _declared_spec(rules: Ruleset, meld: Declared) -> _Spec:
    if meld.form == "run":
        return ("run", meld.length, RANKS.index(meld.top), int(meld.trump))
    return (meld.form, meld.length, RANKS.index(meld.top), -1)


def check_declared(
    rules: Ruleset,
    declared: object,
    names: Names = None,
    *,
    no_trump: bool = False,
    belle: int | None = None,
) -> DeclaredSides:
    """``declared`` as tuples, refused (:class:`InvalidDeal`, field ``declared``; ``belle``
    when belle is what cannot be) when the ruleset does not pay a meld, or no real deal holds
    them all together with belle (``belle``: the side holding it). Exact, as
    :func:`check_hands`, with the ranks, suits (trumps or plain) and lengths known."""
    sides = declared_sides(rules, declared)
    _check_belle_side(rules, belle, no_trump)
    facts = _facts(rules)
    lowest = facts.lowest
    for side, melds in enumerate(sides):
        for meld in melds:
            kind = meld.kind_in(rules)
            if rules.meld_value(kind) is None:
                if kind == "run5":
                    raise InvalidDeal(
                        gettext_noop("%(game)s does not pay for %(meld)s (a run of five or more)."),
                        "declared",
                        side,
                        code="meld.run5_not_paid",
                        params={"game": rules.name, "meld": meld.describe()},
                    )
                if kind in ("four_7", "four_8"):
                    raise InvalidDeal(
                        gettext_noop("Four %(ranks)s score nothing in %(game)s."),
                        "declared",
                        side,
                        code="meld.four_low",
                        params={"ranks": RANK_WORDS[meld.top].plural, "game": rules.name},
                    )
                raise InvalidDeal(
                    gettext_noop("%(game)s does not pay for %(meld)s."),
                    "declared",
                    side,
                    code="meld.not_paid",
                    params={"game": rules.name, "meld": meld.describe()},
                )
            if RANKS.index(meld.ranks[0]) < lowest:
                raise InvalidDeal(
                    gettext_noop(
                        "%(game)s is played without sevens and eights: a %(meld)s would need "
                        "%(card)s."
                    ),
                    "declared",
                    side,
                    code="meld.short_deck",
                    params={
                        "game": rules.name,
                        "meld": meld.describe(),
                        "card": RANK_WORDS[meld.ranks[0]].a,
                    },
                )
            if meld.trump and no_trump:
                raise InvalidDeal(
                    gettext_noop("A no-trump deal has no trumps: a %(meld)s cannot be."),
                    "declared",
                    side,
                    code="meld.no_trump_run",
                    params={"meld": meld.describe()},
                )
            if facts.hands == 0 and meld.length > 4:
                raise InvalidDeal(
                    gettext_noop(
                        "Melds are scored inside one trick, and a trick holds four cards: a "
                        "%(meld)s cannot be scored."
                    ),
                    "declared",
                    side,
                    code="meld.run_in_trick",
                    params={"meld": meld.describe()},
                )
    count = sum(len(melds) for melds in sides)
    if facts.hands == 0 and count > facts.tricks:
        raise InvalidDeal(
            gettext_noop(
                "Melds are scored inside one trick, one a trick: a deal of %(tricks)d tricks "
                "holds at most %(tricks)d of them, not %(count)d."
            ),
            "declared",
            code="meld.too_many_items",
            params={"tricks": facts.tricks, "count": count},
        )
    if belle is not None:
        for side, melds in enumerate(sides):
            for meld in melds:
                if side == belle and meld.kind_in(rules) == "menage":
                    raise _menage_belle(rules, belle, names)
                if side == belle or (meld.form == "run" and not meld.trump):
                    continue
                if meld.form == "three":
                    continue
                held = [rank for rank in ("K", "Q") if rank in meld.ranks]
                if held and facts.hands:
                    raise _belle_taken(rules, belle, side, meld.describe(), held[0], names)
    words = [[m._words() for m in melds] for melds in sides]
    if facts.hands:
        for side, side_words in enumerate(words):
            try:
                _check_side_hands(rules, side, side_words, names)
            except InvalidDeal as error:
                raise InvalidDeal(
                    error.template, "declared", side, code=error.code, params=error.params
                ) from None
    _check_cards(rules, sides, no_trump)
    if count or belle is not None:
        specs = tuple(tuple(_declared_spec(rules, m) for m in melds) for melds in sides)
        if not _feasible(facts, specs, belle, no_trump):
            if belle is not None and _feasible(facts, specs, None, no_trump):
                raise _belle_cannot(rules, words, belle, names)
            raise _cannot_all_be(rules, words, "declared", names)
    return sides


def _check_cards(rules: Ruleset, sides: DeclaredSides, no_trump: bool) -> None:
    """The plainest reasons declared melds of every side cannot take distinct cards of the
    deck, in words (the exact check, :func:`_feasible`, follows)."""
    everyone = [(side, meld) for side, melds in enumerate(sides) for meld in melds]
    fours: dict[str, int] = {}
    taken: dict[str, Declared] = {}
    for side, meld in everyone:
        if meld.form == "run":
            continue
        if meld.form == "four" and meld.top in fours:
            raise InvalidDeal(
                gettext_noop("There is only one set of four %(ranks)s in the deck."),
                "declared",
                side,
                code="meld.four_declared_twice",
                params={"ranks": RANK_WORDS[meld.top].plural},
            )
        first = taken.get(meld.top)
        if first is not None:
            raise InvalidDeal(
                gettext_noop(
                    "There are four %(ranks)s in the deck: %(first)s and %(second)s cannot both be."
                ),
                "declared",
                side,
                code="meld.rank_twice",
                params={
                    "ranks": RANK_WORDS[meld.top].plural,
                    "first": first.describe(),
                    "second": meld.describe(),
                },
            )
        taken[meld.top] = meld
        if meld.form == "four":
            fours[meld.top] = side
    runs = [(side, meld) for side, meld in everyone if meld.form == "run"]
    for side, meld in runs:
        for rank in meld.ranks:
            if rank in fours:
                raise InvalidDeal(
                    gettext_noop(
                        "%(meld)s needs %(card)s, but all four %(ranks)s are declared as four "
                        "of a kind, and a card counts in one meld only."
                    ),
                    "declared",
                    side,
                    code="meld.run_uses_four",
                    params={
                        "meld": meld._described(),
                        "card": RANK_WORDS[rank].a,
                        "ranks": RANK_WORDS[rank].plural,
                    },
                )
    trumps = [(side, meld) for side, meld in runs if meld.trump]
    for index, (side, meld) in enumerate(trumps):
        for _, other in trumps[:index]:
            if set(meld.ranks) & set(other.ranks):
                raise InvalidDeal(
                    gettext_noop("Two runs in trumps cannot share a card: %(meld)s and %(other)s."),
                    "declared",
                    side,
                    code="meld.trump_runs_overlap",
                    params={"meld": meld.describe(), "other": other.describe()},
                )
    # Runs in plain suits through one rank need a plain suit each.
    suits = 4 if no_trump else 3
    plain = [(side, meld) for side, meld in runs if not meld.trump]
    for rank in RANKS:
        through = [(side, meld) for side, meld in plain if rank in meld.ranks]
        if len(through) > suits:
            raise InvalidDeal(
                gettext_noop(
                    "%(count)s runs in plain suits all need %(card)s, and only %(suits)s suits "
                    "are plain."
                ),
                "declared",
                through[-1][0],
                code="meld.plain_suits",
                params={
                    "count": _Number(len(through)),
                    "card": RANK_WORDS[rank].a,
                    "suits": _number(suits),
                },
            )


# -- melds as a number (klaverjas roem) ------------------------------------------------------


class _PointsFacts(NamedTuple):
    """What melds as a number depend on: ``items``: (kind, value) of every meld item the
    ruleset pays (runs of at most four cards: a trick holds four); ``tricks``: items a deal
    holds at most; ``lowest``: the deck's lowest rank."""

    items: tuple[tuple[str, int], ...]
    tricks: int
    lowest: int


def _points_facts(rules: Ruleset) -> _PointsFacts:
    items = tuple(
        (kind, value)
        for kind, value in rules.meld_values.items()
        if MELD_CARDS[kind] <= 4
        and (kind not in _FOUR_KIND_RANKS or RANKS.index(_FOUR_KIND_RANKS[kind]) >= _lowest(rules))
        and (
            kind not in _THREE_KIND_RANKS or RANKS.index(_THREE_KIND_RANKS[kind]) >= _lowest(rules)
        )
    )
    return _PointsFacts(items, rules.tricks_per_deal, _lowest(rules))


#: What a side's items use up: (items, then per group of alike ranks the ranks used, then
#: ménages).
_Usage = tuple[int, ...]


@functools.lru_cache(maxsize=64)
def _points_table(facts: _PointsFacts) -> tuple[dict[int, tuple[_Usage, ...]], _Usage]:
    """Every number one side's items make, with the least each way of making it uses, and
    the limits of a whole deal (the same shape)."""
    values = dict(facts.items)
    # Ranks alike for roem (the same four and three values) form a group: a rank holds one
    # four or one three at most in a deal.
    groups: dict[tuple[int | None, int | None], int] = {}
    for rank in RANKS[facts.lowest :]:
        four_kind = "four_jacks" if rank == "J" else f"four_{rank}"
        shape = (values.get(four_kind), values.get(f"three_{rank}"))
        if shape != (None, None):
            groups[shape] = groups.get(shape, 0) + 1
    shapes = list(groups)
    # Item types: (value, group index; -1 a run, -2 the ménage).
    types: list[tuple[int, int]] = [
        (values[kind], -1) for kind in ("run3", "run4") if kind in values
    ]
    for index, (four, three) in enumerate(shapes):
        types.extend((value, index) for value in (four, three) if value is not None)
    if "menage" in values:
        types.append((values["menage"], -2))
    limits: _Usage = (facts.tricks, *(groups[s] for s in shapes), 1)
    found: dict[int, set[_Usage]] = {}

    def walk(index: int, value: int, usage: list[int]) -> None:
        if index == len(types):
            found.setdefault(value, set()).add(tuple(usage))
            return
        item, group = types[index]
        slot = len(shapes) + 1 if group == -2 else (0 if group == -1 else group + 1)
        times = 0
        while True:
            walk(index + 1, value + times * item, usage)
            if usage[0] >= limits[0] or (slot and usage[slot] >= limits[slot]):
                break
            usage[0] += 1
            if slot:
                usage[slot] += 1
            times += 1
        usage[0] -= times
        if slot:
            usage[slot] -= times

    walk(0, 0, [0] * len(limits))
    table: dict[int, tuple[_Usage, ...]] = {}
    for value, usages in found.items():
        least = [
            u
            for u in usages
            if not any(o != u and all(a <= b for a, b in zip(o, u, strict=True)) for o in usages)
        ]
        table[value] = tuple(sorted(least))
    return table, limits


@functools.lru_cache(maxsize=4096)
def _points_possible(facts: _PointsFacts, points: tuple[int, ...], stuk: int | None) -> bool:
    """Whether some items of the game make each side's number together (``stuk``: the value of
    the one stuk a number may include, None when none may)."""
    table, limits = _points_table(facts)

    def fits(side: int, wanted: tuple[int, ...], used: tuple[int, ...]) -> bool:
        if side == len(wanted):
            return True
        for usage in table.get(wanted[side], ()):
            total = tuple(a + b for a, b in zip(used, usage, strict=True))
            if all(t <= limit for t, limit in zip(total, limits, strict=True)) and fits(
                side + 1, wanted, total
            ):
                return True
        return False

    empty = (0,) * len(limits)
    if fits(0, points, empty):
        return True
    if stuk is None:
        return False
    for side, value in enumerate(points):
        if value >= stuk:
            less = tuple(v - stuk if s == side else v for s, v in enumerate(points))
            if fits(0, less, empty):
                return True
    return False


def _points_words(rules: Ruleset, facts: _PointsFacts, stuk: bool) -> str:
    """What the numbers come in: "20 (a run of three or stuk), 50 (a run of four), ..."."""
    by_value: dict[int, list[str]] = {}
    fours = [kind for kind, _ in facts.items if kind in _FOUR_KIND_RANKS]
    threes = [kind for kind, _ in facts.items if kind in _THREE_KIND_RANKS]
    values = dict(facts.items)
    said: set[tuple[int, str]] = set()
    for kind, value in facts.items:
        if kind in ("run3", "run4"):
            words = _kind_words(kind).single
        elif kind == "menage":
            words = Term(gettext_noop("a ménage"))
        elif kind in _FOUR_KIND_RANKS:
            alike = [k for k in fours if values[k] == value]
            if len(alike) > 1:
                if (value, "four") in said:
                    continue
                said.add((value, "four"))
                words = Term(gettext_noop("four of a kind"))
            else:
                words = MELD_WORDS[kind]
        else:
            alike = [k for k in threes if values[k] == value]
            if len(alike) > 1:
                if (value, "three") in said:
                    continue
                said.add((value, "three"))
                words = Term(gettext_noop("three of a kind"))
            else:
                words = MELD_WORDS[kind]
        by_value.setdefault(value, []).append(words)
    if stuk:
        by_value.setdefault(rules.belle_value, []).append(
            Term(gettext_noop("stuk"))
            if rules.meld_scoring == "each"
            else Term(gettext_noop("belle"))
        )
    return and_list(
        [
            Term(gettext_noop("%(value)d (%(items)s)"), value=value, items=_or_list(items))
            for value, items in sorted(by_value.items())
        ]
        or [Term(gettext_noop("nothing"))]
    )


def check_meld_points(
    rules: Ruleset,
    meld_points: object,
    names: Names = None,
    *,
    belle: int | None = None,
) -> None:
    """Refuse melds entered as a number a side (klaverjas roem: RULES.md part two) that no
    items of the game make together: an :class:`InvalidDeal`, field ``meld_points``.

    Items: the meld kinds ``rules.meld_values`` pays, each worth its value, runs of at most
    four cards (a trick holds four), at most ``rules.tricks_per_deal`` between all sides, a
    four or a three of a kind of each rank once in the deal; and one stuk (belle, worth
    ``rules.belle_value``) in the deal, which a number may include when ``belle`` is None
    (given, that side's stuk is scored apart, and no number includes one).
    """
    if (
        isinstance(meld_points, (str, bytes))
        or not isinstance(meld_points, Sequence)
        or len(meld_points) != rules.sides
    ):
        raise InvalidDeal(
            gettext_noop("Give the roem of each of the %(sides)d sides."),
            "meld_points",
            code="meld.points_count",
            params={"sides": rules.sides},
        )
    for side, value in enumerate(meld_points):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidDeal(
                gettext_noop("Roem is a whole number of points, 0 or more: %(value)s is not."),
                "meld_points",
                side,
                code="meld.points_whole",
                params={"value": repr(value)},
            )
    _check_belle_side(rules, belle, False)
    points = tuple(int(v) for v in meld_points)
    if not any(points):
        return
    facts = _points_facts(rules)
    stuk = rules.belle_value if belle is None else None
    if _points_possible(facts, points, stuk):
        return
    for side, value in enumerate(points):
        alone = tuple(value if s == side else 0 for s in range(len(points)))
        if not _points_possible(facts, alone, stuk):
            raise InvalidDeal(
                gettext_noop("Roem %(points)d cannot be made: roem comes in %(values)s."),
                "meld_points",
                side,
                code="meld.points_impossible",
                params={"points": value, "values": _points_words(rules, facts, stuk is not None)},
            )
    raise InvalidDeal(
        gettext_noop(
            "Roem %(points)s cannot be made in one deal: a deal holds at most %(tricks)d runs "
            "or fours of a kind (one a trick), each four of a kind once, and one stuk."
        ),
        "meld_points",
        max(s for s, v in enumerate(points) if v),
        code="meld.points_together",
        params={"points": and_list([str(v) for v in points]), "tricks": facts.tricks},
    )


__all__ = [
    "RANKS",
    "RANK_WORDS",
    "Declared",
    "MeldComparison",
    "check_declared",
    "check_hands",
    "check_meld_points",
    "declared_sides",
    "meld_comparison",
    "meld_winner",
    "melds_possible",
]
