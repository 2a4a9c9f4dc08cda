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

What the feasibility checks look at (each refusal is exact: what they accept, some deal holds):

- Meld kinds only (``Deal.melds``): no suits or ranks are known, so only card counts are
  checked: each meld lies in one hand of its side (one or two hands of ``cards_each``), a card
  counts in one meld only (a run of 5 or more takes at least 5 cards, a four of a kind 4), and
  a four of a kind appears once in the deck.
- Declared melds (``Deal.declared``): the same per hand, across all sides together, plus the
  cards themselves: a four of a kind holds every card of its rank, so no run may pass through
  that rank; runs in trumps may not share a card; at any rank no more runs in plain suits than
  there are plain suits (three; four in a no-trump deal, which has no run in trumps); ranks
  exist in the deck.
- Belle is not checked: it is scored apart, and its king and queen may lie in a run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from scoring.errors import InvalidDeal, Names, Term, gettext_noop, side_name, side_who
from scoring.rules import MELD_CARDS, MELD_WORDS, Ruleset
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

Form = Literal["run", "four"]


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
        if self.form not in ("run", "four"):
            raise InvalidDeal(
                gettext_noop("%(form)s is not a meld; a meld is a run or a four of a kind."),
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
            if self.top in ("7", "8"):
                raise InvalidDeal(
                    gettext_noop("Four %(ranks)s are not a meld."),
                    "declared",
                    code="meld.four_low",
                    params={"ranks": RANK_WORDS[self.top].plural},
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
        """Four cards of ``rank`` (jacks, nines, tens, queens, kings or aces)."""
        return cls("four", 4, rank)

    @property
    def rank(self) -> str:
        """The four's rank, or the run's top card."""
        return self.top

    @property
    def ranks(self) -> tuple[str, ...]:
        """The ranks of the cards the meld takes, lowest first."""
        if self.form == "four":
            return (self.top,)
        high = RANKS.index(self.top)
        return RANKS[high - self.length + 1 : high + 1]

    @property
    def cards(self) -> int:
        """How many cards of a hand the meld takes."""
        return self.length

    @property
    def kind(self) -> str:
        """The meld kind it scores as: ``run3 run4 run5 four_jacks four_9 four_A ...``."""
        if self.form == "run":
            return f"run{min(self.length, 5)}"
        return "four_jacks" if self.top == "J" else f"four_{self.top}"

    def describe(self) -> str:
        """In a player's words: "run of four to the king in trumps", "four aces"."""
        if self.form == "four":
            return Term(gettext_noop("four %(ranks)s"), ranks=RANK_WORDS[self.top].plural)
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
        length, top = _number(self.length), RANK_WORDS[self.top].the
        if self.trump:
            return Term(
                gettext_noop("Run of %(length)s to %(top)s in trumps"), length=length, top=top
            )
        return Term(gettext_noop("Run of %(length)s to %(top)s"), length=length, top=top)

    def _words(self) -> _MeldWords:
        """The meld in a list of melds a hand cannot hold ("a run of four to the king")."""
        if self.form == "four":
            return _MeldWords(
                "four",
                4,
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
    """Higher is better (RULES.md, "Who scores melds", rules 1 to 3)."""
    value = rules.meld_value(meld.kind) or 0
    if meld.form == "four":
        return (value, 1, 0, RANKS.index(meld.top), 0)
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


def check_hands(
    rules: Ruleset,
    kinds: Sequence[Sequence[str]],
    names: Names = None,
    *,
    belle: int | None = None,
    no_trump: bool = False,
) -> None:
    """Refuse meld kinds (one tuple a side, already known to be paid) that the side's hands
    could not have held: card counts per hand only (no ranks are known)."""
    for side, side_kinds in enumerate(kinds):
        melds = [
            _MeldWords(
                "four",
                4,
                MELD_WORDS[kind],
                gettext_noop("%(count)s %(meld)s"),
                {"meld": MELD_WORDS[kind]},
            )
            if kind.startswith("four_")
            else _MeldWords(
                "run",
                MELD_CARDS[kind],
                Term(gettext_noop("a run of %(length)s"), length=_number(MELD_CARDS[kind])),
                gettext_noop("%(count)s runs of %(length)s"),
                {"length": _number(MELD_CARDS[kind])},
            )
            for kind in side_kinds
        ]
        _check_side_hands(rules, side, melds, names)


def check_declared(
    rules: Ruleset,
    declared: object,
    names: Names = None,
    *,
    no_trump: bool = False,
    belle: int | None = None,
) -> DeclaredSides:
    """``declared`` as tuples, refused (:class:`InvalidDeal`, field ``declared``) when the
    ruleset does not pay a meld or the hands could not have held them all together."""
    sides = declared_sides(rules, declared)
    lowest = RANKS.index("9") if rules.deck_size == 24 else 0
    for side, melds in enumerate(sides):
        for meld in melds:
            if rules.meld_value(meld.kind) is None:
                if meld.kind == "run5":
                    raise InvalidDeal(
                        gettext_noop("%(game)s does not pay for %(meld)s (a run of five or more)."),
                        "declared",
                        side,
                        code="meld.run5_not_paid",
                        params={"game": rules.name, "meld": meld.describe()},
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
    for side, melds in enumerate(sides):
        try:
            _check_side_hands(rules, side, [m._words() for m in melds], names)
        except InvalidDeal as error:
            raise InvalidDeal(
                error.template, "declared", side, code=error.code, params=error.params
            ) from None
    _check_cards(rules, sides, no_trump)
    return sides


def _check_cards(rules: Ruleset, sides: DeclaredSides, no_trump: bool) -> None:
    """The melds of every side take distinct cards of the deck."""
    everyone = [(side, meld) for side, melds in enumerate(sides) for meld in melds]
    fours: dict[str, int] = {}
    for side, meld in everyone:
        if meld.form == "four":
            if meld.top in fours:
                raise InvalidDeal(
                    gettext_noop("There is only one set of four %(ranks)s in the deck."),
                    "declared",
                    side,
                    code="meld.four_declared_twice",
                    params={"ranks": RANK_WORDS[meld.top].plural},
                )
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
    # Runs in plain suits of one rank need a suit each: interval colouring, so this count
    # at each rank is the whole condition.
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


def check_meld_points(
    rules: Ruleset, meld_points: Sequence[int], names: Names = None, *, belle: int | None = None
) -> None:
    """Placeholder until the exact roem check lands: refuse numbers no run, four or stuk
    makes (not a multiple of ten, or 10 or 30)."""
    for side, value in enumerate(meld_points):
        if value % 10 or value in (10, 30):
            raise InvalidDeal(
                gettext_noop("Roem %(points)s cannot be made."),
                "meld_points",
                side,
                code="meld.points_impossible",
                params={"points": value},
            )


__all__ = [
    "RANKS",
    "RANK_WORDS",
    "Declared",
    "MeldComparison",
    "check_declared",
    "check_hands",
    "declared_sides",
    "meld_comparison",
    "meld_winner",
]
