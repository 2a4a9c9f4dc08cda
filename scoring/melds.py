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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scoring.errors import InvalidDeal, Names, side_name, side_who
from scoring.rules import MELD_CARDS, MELD_LABELS, Ruleset
from scoring.words import possessive

#: Card ranks in the natural order runs use, lowest first.
RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")

_RANK_WORDS = {
    "7": ("seven", "sevens"),
    "8": ("eight", "eights"),
    "9": ("nine", "nines"),
    "10": ("ten", "tens"),
    "J": ("jack", "jacks"),
    "Q": ("queen", "queens"),
    "K": ("king", "kings"),
    "A": ("ace", "aces"),
}
_NUMBER_WORDS = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
}

Form = Literal["run", "four"]


def _number(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def _article(rank: str) -> str:
    return "an" if rank in ("8", "A") else "a"


def _rank_of(value: object) -> str:
    """A rank as given ("K", "k", "10", 10) in the form of :data:`RANKS`, or InvalidDeal."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and value.strip().upper() in RANKS:
        return value.strip().upper()
    raise InvalidDeal(
        f"{value!r} is not a card rank; the ranks are {', '.join(RANKS)}.", "declared"
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
                f"{self.form!r} is not a meld; a meld is a run or a four of a kind.", "declared"
            )
        object.__setattr__(self, "top", _rank_of(self.top))
        if not isinstance(self.trump, bool):
            raise InvalidDeal("Say whether the run is in trumps: yes or no.", "declared")
        if self.form == "four":
            if self.length != 4 or isinstance(self.length, bool) or self.trump:
                raise InvalidDeal("A four of a kind is four cards of one rank.", "declared")
            if self.top in ("7", "8"):
                raise InvalidDeal(f"Four {_RANK_WORDS[self.top][1]} are not a meld.", "declared")
            return
        length = self.length
        if isinstance(length, bool) or not isinstance(length, int) or not 3 <= length <= 8:
            raise InvalidDeal(f"A run is 3 to 8 cards in a row, not {length!r}.", "declared")
        if RANKS.index(self.top) - length + 1 < 0:
            raise InvalidDeal(
                f"A run of {_number(length)} cannot end at the {_RANK_WORDS[self.top][0]}: "
                "runs go 7 8 9 10 J Q K A, and nothing is below the seven.",
                "declared",
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
            return f"four {_RANK_WORDS[self.top][1]}"
        words = f"run of {_number(self.length)} to the {_RANK_WORDS[self.top][0]}"
        return f"{words} in trumps" if self.trump else words


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
        raise InvalidDeal(f"Give the melds each of the {rules.sides} sides declared.", "declared")
    sides: list[tuple[Declared, ...]] = []
    for side, melds in enumerate(declared):
        if melds is None:
            melds = ()
        if isinstance(melds, Declared):
            melds = (melds,)
        if isinstance(melds, (str, bytes)) or not isinstance(melds, Sequence):
            raise InvalidDeal(
                "Each side's declared melds must be a list of melds.", "declared", side
            )
        for meld in melds:
            if not isinstance(meld, Declared):
                raise InvalidDeal(
                    f"{meld!r} is not a declared meld (a run or a four of a kind).",
                    "declared",
                    side,
                )
        sides.append(tuple(melds))
    return tuple(sides)


def _key(rules: Ruleset, meld: Declared) -> tuple[int, int, int, int, int]:
    """Higher is better (RULES.md, "Who scores melds", rules 1 to 3)."""
    value = rules.meld_value(meld.kind) or 0
    if meld.form == "four":
        return (value, 1, 0, RANKS.index(meld.top), 0)
    return (value, 0, meld.length, RANKS.index(meld.top), int(meld.trump))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def check_elder(rules: Ruleset, elder: object) -> None:
    """An elder hand's side, when given, is one of the sides."""
    if elder is None:
        return
    if isinstance(elder, bool) or not isinstance(elder, int) or not 0 <= elder < rules.sides:
        raise InvalidDeal(
            f"The elder hand's side is one of the {rules.sides} sides, numbered 0 to "
            f"{rules.sides - 1}: {elder!r} is not one of them.",
            "elder",
        )


def meld_comparison(
    rules: Ruleset,
    declared: object,
    elder: int | None = None,
    *,
    side_names: Sequence[str] | None = None,
) -> MeldComparison:
    """Settle, as the table does, which side scores melds from what each side declared.

    ``declared``: one tuple of :class:`Declared` a side. ``elder``: the side of the elder hand,
    needed only when the best melds are equal and ``rules.meld_tie`` is ``elder`` (an
    :class:`InvalidDeal`, field ``elder``, when it is missing then). Melds the hands could not
    have held, or that the ruleset does not pay, are an :class:`InvalidDeal` too.
    """
    names: Names = None if side_names is None else tuple(side_names)
    sides = check_declared(rules, declared, names)
    check_elder(rules, elder)
    best: list[Declared | None] = [
        max(melds, key=lambda m: _key(rules, m)) if melds else None for melds in sides
    ]
    present = [side for side, meld in enumerate(best) if meld is not None]
    if not present:
        return MeldComparison(None, "nobody declared a meld", tuple(best))

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
            reason = (
                f"{best_of(winner).describe()}: only {side_name(rules, winner, names)} "
                "declared melds"
            )
        else:
            second = max(others, key=lambda s: _key(rules, best_of(s)))
            reason = f"{best_of(winner).describe()} beats {best_of(second).describe()}"
        return MeldComparison(winner, reason, tuple(best))
    equal = best_of(leaders[0])
    what = "equal runs in plain suits" if equal.form == "run" and not equal.trump else "equal melds"
    each = f"{equal.describe()} each"
    if rules.meld_tie == "nobody":
        return MeldComparison(None, f"{what}: nobody scores melds ({each})", tuple(best))
    if elder is None:
        raise InvalidDeal(
            f"The best melds are equal ({each}), and then the elder hand's side scores "
            "melds: say who the elder hand is (the player to the dealer's left).",
            "elder",
        )
    order = [(elder + step) % rules.sides for step in range(rules.sides)]
    winner = next(s for s in order if s in leaders)
    reason = (
        f"{what}: the elder hand's side, {side_name(rules, winner, names)}, scores melds ({each})"
    )
    return MeldComparison(winner, reason, tuple(best))


def meld_winner(
    rules: Ruleset,
    declared: object,
    elder: int | None = None,
    *,
    side_names: Sequence[str] | None = None,
) -> int | None:
    """The side that scores melds from what each side declared, or None (see
    :func:`meld_comparison`, which also says why)."""
    return meld_comparison(rules, declared, elder, side_names=side_names).winner


# -- melds a hand can hold ----------------------------------------------------------------


def _hands_words(rules: Ruleset) -> str:
    hands = rules.players // rules.sides
    cards = _number(rules.cards_each)
    if hands == 1:
        return f"A hand of {cards} cards"
    return f"{_capital(_number(hands))} hands of {cards} cards"


def _join(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _melds_words(melds: Sequence[tuple[str, int, str]]) -> str:
    """``melds``: (form, length, words) a meld. "three fours of a kind", "three runs of four",
    "four aces, four kings and a run of three"."""
    forms = {form for form, _, _ in melds}
    lengths = {length for _, length, _ in melds}
    count = len(melds)
    if count > 1 and forms == {"four"}:
        return f"{_number(count)} fours of a kind"
    if count > 1 and forms == {"run"} and len(lengths) == 1:
        return f"{_number(count)} runs of {_number(lengths.pop())}"
    return _join([words for _, _, words in melds])


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


def _check_side_hands(
    rules: Ruleset, side: int, melds: Sequence[tuple[str, int, str]], names: Names
) -> None:
    hands = rules.players // rules.sides
    in_hands = rules.cards_each * hands
    cards = sum(length for _, length, _ in melds)
    if cards > in_hands:
        raise InvalidDeal(
            f"{possessive(side_who(rules, side, names))} melds need {cards} cards, but the "
            f"side holds only {in_hands}: a card counts in one meld only.",
            "melds",
            side,
        )
    if not _fits([length for _, length, _ in melds], hands, rules.cards_each):
        raise InvalidDeal(
            f"{_hands_words(rules)} cannot hold {_melds_words(melds)}. Each meld lies in one "
            "player's hand, and a card counts in one meld only.",
            "melds",
            side,
        )


def check_hands(rules: Ruleset, kinds: Sequence[Sequence[str]], names: Names = None) -> None:
    """Refuse meld kinds (one tuple a side, already known to be paid) that the side's hands
    could not have held: card counts per hand only (no ranks are known)."""
    for side, side_kinds in enumerate(kinds):
        melds = [
            (
                "four" if kind.startswith("four_") else "run",
                MELD_CARDS[kind],
                MELD_LABELS[kind].lower()
                if kind.startswith("four_")
                else f"a run of {_number(MELD_CARDS[kind])}",
            )
            for kind in side_kinds
        ]
        _check_side_hands(rules, side, melds, names)


def check_declared(
    rules: Ruleset, declared: object, names: Names = None, *, no_trump: bool = False
) -> DeclaredSides:
    """``declared`` as tuples, refused (:class:`InvalidDeal`, field ``declared``) when the
    ruleset does not pay a meld or the hands could not have held them all together."""
    sides = declared_sides(rules, declared)
    lowest = RANKS.index("9") if rules.deck_size == 24 else 0
    for side, melds in enumerate(sides):
        for meld in melds:
            if rules.meld_value(meld.kind) is None:
                raise InvalidDeal(
                    f"{rules.name} does not pay for {meld.describe()}"
                    + (" (a run of five or more)" if meld.kind == "run5" else "")
                    + ".",
                    "declared",
                    side,
                )
            if RANKS.index(meld.ranks[0]) < lowest:
                raise InvalidDeal(
                    f"{rules.name} is played without sevens and eights: a "
                    f"{meld.describe()} would need {_article(meld.ranks[0])} "
                    f"{_RANK_WORDS[meld.ranks[0]][0]}.",
                    "declared",
                    side,
                )
            if meld.trump and no_trump:
                raise InvalidDeal(
                    f"A no-trump deal has no trumps: a {meld.describe()} cannot be.",
                    "declared",
                    side,
                )
    for side, melds in enumerate(sides):
        try:
            _check_side_hands(
                rules,
                side,
                [
                    (m.form, m.length, m.describe() if m.form == "four" else f"a {m.describe()}")
                    for m in melds
                ],
                names,
            )
        except InvalidDeal as error:
            raise InvalidDeal(error.message, "declared", side) from None
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
                    f"There is only one set of four {_RANK_WORDS[meld.top][1]} in the deck.",
                    "declared",
                    side,
                )
            fours[meld.top] = side
    runs = [(side, meld) for side, meld in everyone if meld.form == "run"]
    for side, meld in runs:
        for rank in meld.ranks:
            if rank in fours:
                raise InvalidDeal(
                    f"{_capital(meld.describe())} needs {_article(rank)} "
                    f"{_RANK_WORDS[rank][0]}, but all four {_RANK_WORDS[rank][1]} are "
                    "declared as four of a kind, and a card counts in one meld only.",
                    "declared",
                    side,
                )
    trumps = [(side, meld) for side, meld in runs if meld.trump]
    for index, (side, meld) in enumerate(trumps):
        for _, other in trumps[:index]:
            if set(meld.ranks) & set(other.ranks):
                raise InvalidDeal(
                    f"Two runs in trumps cannot share a card: {meld.describe()} and "
                    f"{other.describe()}.",
                    "declared",
                    side,
                )
    # Runs in plain suits of one rank need a suit each: interval colouring, so this count
    # at each rank is the whole condition.
    suits = 4 if no_trump else 3
    plain = [(side, meld) for side, meld in runs if not meld.trump]
    for rank in RANKS:
        through = [(side, meld) for side, meld in plain if rank in meld.ranks]
        if len(through) > suits:
            raise InvalidDeal(
                f"{_capital(_number(len(through)))} runs in plain suits all need "
                f"{_article(rank)} {_RANK_WORDS[rank][0]}, and only {_number(suits)} suits "
                "are plain.",
                "declared",
                through[-1][0],
            )


__all__ = [
    "RANKS",
    "Declared",
    "MeldComparison",
    "check_declared",
    "check_hands",
    "declared_sides",
    "meld_comparison",
    "meld_winner",
]
