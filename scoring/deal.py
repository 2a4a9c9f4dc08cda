"""One deal: what the scorer tells the engine, and what the engine makes of it.

Words (see ``RULES.md``):

- *makers*: the side that chose or accepted trump; it must out-score the other side(s).
- *card points*: the points of the cards in a side's tricks, the 10 for the last trick included.
- *combined points*: card points + the melds a side scores + belle.
- *made*: the makers' combined points beat every other side's (strictly); otherwise they are
  *set* (``XX`` on the sheet).
- *held points*: under the tie rule ``hang``, the points of tied deals, waiting for the winner
  of the next deal that is not void.
- *side names*: optional, one a side in side order (``side_names=("Anna & Ben", "Carl &
  Dora")``). Messages name a side by its name when they are given ("Anna & Ben has 1 card
  points, ..."), else by its number ("Partnership 1 has 1 card points, ...", "player 2").

The engine never sees the cards, so it checks only what can be checked from the totals, and
refuses an impossible deal with an :class:`InvalidDeal` whose message a scorer understands and
whose ``field`` names what the scorer should look at again.

Readings where RULES.md leaves a choice:

- Marks: ``XX`` only for set makers; every other zero (an opponents' zero, a reneging side, a
  void deal, a deal whose points hang) is written ``-``.
- A tie that hangs is ``made=False`` (the makers did not beat the opponents) with ``tied=True``.
- A renege is a deal that is not void: under ``hang`` the side that did not renege wins it and
  takes the held points. In the three-hand game every player who did not renege scores the
  renege award plus their own melds and belle.
- A void deal names no single reneging side (that renege would count in the statistics for a
  deal that scored nothing), and a deal where both sides reneged carries no card points (they
  would be dropped unseen): both are refused rather than quietly repaired.
- Impossible totals refused besides those RULES.md names: card points adding up to less than
  10 (somebody took the last trick), a four of a kind twice in one deal, and melds that need
  more cards than the side holds (a card counts in one meld only).
- With ``tricks`` given, a side's trick count decides whether it took a trick; without, a side
  with 0 card points took none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scoring.errors import InvalidDeal as InvalidDeal
from scoring.errors import Names, Term, gettext_noop, side_name, side_who
from scoring.melds import (
    RANK_WORDS,
    Declared,
    check_declared,
    check_elder,
    check_hands,
    meld_comparison,
)
from scoring.rules import (
    BONUS_KINDS,
    BONUS_LABELS,
    CAPOT,
    CAPOT_BID,
    LOWEST_BID,
    MELD_CARDS,
    MELD_KINDS,
    MELD_WORDS,
    Ruleset,
)
from scoring.words import both, whose

Renege = int | Literal["both"] | None
#: A coinche contract: a number of points (80 or more, by tens) or ``"capot"``.
Bid = int | str | None

#: Marks written on the sheet (source 002).
SET_MARK = "XX"
ZERO_MARK = "-"


@dataclass(frozen=True)
class Deal:
    """What the scorer entered for one deal. Sides are numbered from 0.

    ``card_points`` is None for a void deal or a renege; ``melds`` holds one tuple of meld kinds
    per side (belle is not among them; an empty ``melds`` means nobody melded); ``tricks`` is an
    optional count of tricks per side: when it is absent, a side with 0 card points took no
    trick. ``renege`` is the side that reneged, ``"both"`` (a void deal), or None.

    ``declared`` is given instead of ``melds``: one tuple of :class:`~scoring.melds.Declared`
    a side, every meld each side declared; the engine settles which side scores them
    (RULES.md, "Who scores melds"). ``elder`` is the elder hand's side, needed only when the
    best declared melds are equal and the ruleset's ``meld_tie`` is ``elder``.

    The rest of the family (RULES.md part two): ``meld_points`` gives each side's melds as a
    number instead of kinds (the Dutch roem; under ``meld_scoring: each``); ``all_tricks`` is
    the side that took every trick (pit, mars, capot); ``bid`` the coinche contract (80 or
    more by tens, or ``"capot"``) with ``contre`` its doubling (0 none, 1 contrée, 2
    surcontrée); ``bonuses`` one tuple a side of bonuses that are not melds (``bimah``,
    ``shlomo``, ``cleopatra``: klebias-norm).
    """

    makers: int | None = None
    card_points: tuple[int, ...] | None = None
    melds: tuple[tuple[str, ...], ...] = ()
    belle: int | None = None
    tricks: tuple[int, ...] | None = None
    renege: Renege = None
    void: bool = False
    no_trump: bool = False
    declared: tuple[tuple[Declared, ...], ...] | None = None
    elder: int | None = None
    meld_points: tuple[int, ...] | None = None
    all_tricks: int | None = None
    bid: Bid = None
    contre: int = 0
    bonuses: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        # Accept lists (from JSON or a form) but keep the deal hashable and immutable.
        if isinstance(self.card_points, list):
            object.__setattr__(self, "card_points", tuple(self.card_points))
        if isinstance(self.meld_points, list):
            object.__setattr__(self, "meld_points", tuple(self.meld_points))
        if isinstance(self.bonuses, list) or any(isinstance(b, list) for b in self.bonuses):
            object.__setattr__(
                self,
                "bonuses",
                tuple(tuple(b) if isinstance(b, (list, tuple)) else b for b in self.bonuses),
            )
        if isinstance(self.tricks, list):
            object.__setattr__(self, "tricks", tuple(self.tricks))
        if isinstance(self.melds, list) or any(isinstance(m, list) for m in self.melds):
            object.__setattr__(self, "melds", tuple(tuple(m) for m in self.melds))
        declared = self.declared
        if isinstance(declared, list) or (
            isinstance(declared, tuple) and any(isinstance(m, list) for m in declared)
        ):
            object.__setattr__(
                self,
                "declared",
                tuple(tuple(m) if isinstance(m, (list, tuple)) else m for m in declared),
            )


@dataclass(frozen=True)
class HeldOutcome:
    """What one deal did with held points (tie rule ``hang``), for the sheet's note.

    ``hung``: the deal tied and its points hang: all that is held after it (earlier ties
    included), else 0. ``taken_by``: the side that took the held points this deal paid out,
    None when it paid none; ``taken``: how many it took. A deal that neither hangs nor pays is
    ``HeldOutcome()``.
    """

    hung: int = 0
    taken_by: int | None = None
    taken: int = 0


@dataclass(frozen=True)
class DealResult:
    """What one deal scores.

    ``points``: what each side scores this deal, held points paid out included.
    ``marks``: the same as written on the sheet: ``XX`` for set makers, ``-`` for any other zero.
    ``made``: True / False; None for a void deal or a renege.
    ``combined``: each side's combined points before the rules decided who keeps them
    (zeros for a void deal; for a renege, the melds and belle each side scores).
    ``held``: points held after this deal (``hang``); ``paid_held``: held points paid out by it.
    ``winner``: the side that won the deal (makers if made, else the best opponent), None when
    nobody did (void, or a tie that hangs).
    """

    points: tuple[int, ...]
    marks: tuple[str, ...]
    made: bool | None
    combined: tuple[int, ...]
    held: int = 0
    paid_held: int = 0
    winner: int | None = None
    void: bool = False
    renege: Renege = None
    tied: bool = False
    #: What each side's melds, belle and bonuses (the pit's 100 included) were worth in this
    #: deal: the melds that counted for it, before the rules gave a set side's points away. A
    #: sheet writes them apart (the Dutch roem column); zeros for a void deal.
    meld_points: tuple[int, ...] = ()
    #: The side whose melds counted under ``meld_scoring: best`` (None: nobody's, or under
    #: ``each``, where every side's own count).
    meld_side: int | None = None
    #: The side that took every trick (pit, mars, capot), as entered.
    all_tricks: int | None = None
    #: The contract's points (coinche: the bid, 250 for capot) and its doubling's factor.
    contract: int | None = None
    factor: int = 1
    #: Of ``points``, the part that is melds, belle and bonuses (what a sheet writes as roem).
    scored_meld_points: tuple[int, ...] = ()

    @property
    def held_outcome(self) -> HeldOutcome:
        """Who took how many held points in this deal, or how many it left hanging."""
        if self.tied and self.winner is None and self.held:
            return HeldOutcome(hung=self.held)
        if self.paid_held and self.winner is not None:
            return HeldOutcome(taken_by=self.winner, taken=self.paid_held)
        return HeldOutcome()


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side_name(rules: Ruleset, side: int, names: Names = None) -> str:
    return side_name(rules, side, names)


def _who(rules: Ruleset, side: int, names: Names = None) -> str:
    """A side's name at the start of a sentence (a given name is written as given)."""
    return side_who(rules, side, names)


def side_names_for(rules: Ruleset, side_names: Sequence[str] | None) -> Names:
    """``side_names`` as a tuple, checked: one name a side. None stays None (sides by number).
    A wrong count is a caller's bug (a ``ValueError``), not a scorer's mistake."""
    if side_names is None:
        return None
    if isinstance(side_names, str) or len(side_names) != rules.sides:
        raise ValueError(f"{rules.name} needs {rules.sides} side names, not {side_names!r}")
    return tuple(str(name) for name in side_names)


def _everybody(rules: Ruleset) -> str:
    """What ``renege="both"`` means in words: both sides, or every player of three."""
    if rules.sides == 2:
        return Term(gettext_noop("both sides"))
    return Term(gettext_noop("every player"))


#: The rank of each four of a kind.
_FOUR_RANKS = {kind: kind.split("_")[1] for kind in MELD_KINDS if kind.startswith("four_")} | {
    "four_jacks": "J"
}

#: The words for a per-side field: inside a sentence, and at its start.
_CARD_POINTS = (Term(gettext_noop("card points")), Term(gettext_noop("Card points")))
_TRICKS = (Term(gettext_noop("tricks")), Term(gettext_noop("Tricks")))


def _check_side(rules: Ruleset, value: object, field: str) -> None:
    if value is None:
        return
    if not _is_whole(value) or not 0 <= value < rules.sides:  # type: ignore[operator]
        raise InvalidDeal(
            gettext_noop(
                "%(game)s has %(sides)d sides, numbered 0 to %(last)d: %(value)s is not one of "
                "them."
            ),
            field,
            code="deal.side_number",
            params={
                "game": rules.name,
                "sides": rules.sides,
                "last": rules.sides - 1,
                "value": repr(value),
            },
        )


def _per_side(
    rules: Ruleset, values: object, field: str, what: tuple[Term, Term], names: Names = None
) -> tuple[int, ...]:
    if not isinstance(values, Sequence) or isinstance(values, str) or len(values) != rules.sides:
        raise InvalidDeal(
            gettext_noop("Give %(what)s for each of the %(sides)d sides."),
            field,
            code="deal.per_side_count",
            params={"what": what[0], "sides": rules.sides},
        )
    for side, value in enumerate(values):
        if not _is_whole(value):
            raise InvalidDeal(
                gettext_noop("%(what)s must be whole numbers; %(side)s has %(value)s."),
                field,
                side,
                code="deal.per_side_whole",
                params={
                    "what": what[1],
                    "side": _side_name(rules, side, names),
                    "value": repr(value),
                },
            )
    return tuple(values)


def validate_deal(rules: Ruleset, deal: Deal, *, side_names: Sequence[str] | None = None) -> None:
    """Raise :class:`InvalidDeal` for a deal that could not have happened under ``rules``.

    With ``side_names`` (one a side) the message names the sides by them.
    """
    _validate(rules, deal, side_names_for(rules, side_names))


def _validate(rules: Ruleset, deal: Deal, names: Names) -> None:
    if not isinstance(deal, Deal):
        raise TypeError(f"score_deal needs a Deal, not {type(deal).__name__}")
    _check_side(rules, deal.makers, "makers")
    _check_side(rules, deal.belle, "belle")
    check_elder(rules, deal.elder)
    if deal.renege is not None and deal.renege != "both":
        _check_side(rules, deal.renege, "renege")
    if deal.no_trump and not rules.no_trump_allowed:
        raise InvalidDeal(
            gettext_noop("%(game)s has no no-trump deals."),
            "no_trump",
            code="deal.no_trump",
            params={"game": rules.name},
        )
    if deal.void and deal.renege not in (None, "both"):
        # A void deal scores nothing, so a renege in it would count against that side in
        # the statistics and the fewest-reneges tie-break for a deal that never counted.
        raise InvalidDeal(
            gettext_noop(
                "A void deal scores nothing, so nobody reneged in it: set renege to nobody, "
                "or to %(everybody)s if that is why the deal is void."
            ),
            "renege",
            code="deal.void_renege",
            params={"everybody": _everybody(rules)},
        )
    if deal.renege == "both" and deal.card_points:
        # Both sides reneging voids the deal: card points entered would be silently dropped.
        raise InvalidDeal(
            gettext_noop(
                "When %(everybody)s reneged the deal is void and scores nothing: "
                "leave the card points empty."
            ),
            "renege",
            code="deal.both_reneged_card_points",
            params={"everybody": _everybody(rules)},
        )
    if deal.void:
        return
    if deal.renege == "both":
        return
    _check_melds(rules, deal, names)
    if deal.belle is not None and deal.no_trump:
        raise InvalidDeal(
            gettext_noop("A no-trump deal has no belle: there is no trump king and queen."),
            "belle",
            code="deal.no_trump_belle",
        )
    if deal.renege is not None:
        return
    if deal.makers is None:
        raise InvalidDeal(
            gettext_noop("Say which side made trump."), "makers", code="deal.makers_missing"
        )
    if deal.card_points is None:
        raise InvalidDeal(
            gettext_noop("Enter the card points each side took."),
            "card_points",
            code="deal.card_points_missing",
        )
    _check_card_points(rules, deal, names)


def _check_card_points(rules: Ruleset, deal: Deal, names: Names) -> None:
    points = _per_side(rules, deal.card_points, "card_points", _CARD_POINTS, names)
    total = rules.card_total(deal.no_trump)
    for side, value in enumerate(points):
        who = _who(rules, side, names)
        if not 0 <= value <= total:
            raise InvalidDeal(
                gettext_noop(
                    "%(who)s has %(points)d card points; a side takes from 0 to %(total)d."
                ),
                "card_points",
                side,
                code="deal.card_points_range",
                params={"who": who, "points": value, "total": total},
            )
        if value in (1, total - 1):
            raise InvalidDeal(
                gettext_noop(
                    "%(who)s has %(points)d card points, which cannot happen: no card is worth 1, "
                    "so no side ends with 1 or %(almost)d."
                ),
                "card_points",
                side,
                code="deal.card_points_one",
                params={"who": who, "points": value, "almost": total - 1},
            )
    summed = sum(points)
    if rules.all_cards_played and summed != total:
        raise InvalidDeal(
            gettext_noop(
                "%(game)s plays every card: card points must add up to %(total)d, these add "
                "up to %(summed)d."
            ),
            "card_points",
            code="deal.card_points_total",
            params={"game": rules.name, "total": total, "summed": summed},
        )
    if summed > total:
        raise InvalidDeal(
            gettext_noop("The whole deck holds %(total)d card points; these add up to %(summed)d."),
            "card_points",
            code="deal.card_points_over",
            params={"total": total, "summed": summed},
        )
    if summed < 10:
        raise InvalidDeal(
            gettext_noop(
                "Somebody took the last trick, worth 10: card points cannot add up to less than 10."
            ),
            "card_points",
            code="deal.card_points_under",
        )
    if deal.tricks is None:
        return
    tricks = _per_side(rules, deal.tricks, "tricks", _TRICKS, names)
    if any(t < 0 for t in tricks) or sum(tricks) != rules.tricks_per_deal:
        raise InvalidDeal(
            gettext_noop(
                "A deal of %(game)s has %(tricks)d tricks; these tricks add up to %(summed)d."
            ),
            "tricks",
            code="deal.tricks_total",
            params={"game": rules.name, "tricks": rules.tricks_per_deal, "summed": sum(tricks)},
        )
    for side, (count, value) in enumerate(zip(tricks, points, strict=True)):
        if count == 0 and value > 0:
            raise InvalidDeal(
                gettext_noop("%(who)s took no trick but has %(points)d card points."),
                "card_points",
                side,
                code="deal.no_trick_points",
                params={"who": _who(rules, side, names), "points": value},
            )


def _has_declared(deal: Deal) -> bool:
    return bool(deal.declared) and any(deal.declared or ())


def _check_melds(rules: Ruleset, deal: Deal, names: Names) -> None:
    melds = deal.melds
    if _has_declared(deal) or (deal.declared is not None and melds == ()):
        if melds != () and any(melds):
            raise InvalidDeal(
                gettext_noop(
                    "Enter either the melds each side declared or the melds scored, not both."
                ),
                "melds",
                code="deal.melds_twice",
            )
        sides = check_declared(rules, deal.declared, names, no_trump=deal.no_trump)
        if deal.renege is None or rules.renege_melds == "scored":
            # Settles the comparison now, so a missing elder hand is refused by validation.
            meld_comparison(rules, sides, deal.elder, side_names=names, no_trump=deal.no_trump)
        return
    if melds == ():
        return
    if not isinstance(melds, tuple) or len(melds) != rules.sides:
        raise InvalidDeal(
            gettext_noop("Give the melds of each of the %(sides)d sides."),
            "melds",
            code="deal.melds_count",
            params={"sides": rules.sides},
        )
    fours_seen: set[str] = set()
    for side, kinds in enumerate(melds):
        who = _who(rules, side, names)
        if isinstance(kinds, str) or not isinstance(kinds, tuple):
            raise InvalidDeal(
                gettext_noop("%(whose)s melds must be a list of meld kinds."),
                "melds",
                side,
                code="deal.melds_list",
                params={"whose": whose(who)},
            )
        for kind in kinds:
            if kind not in MELD_KINDS:
                raise InvalidDeal(
                    gettext_noop("%(kind)s is not a meld; the melds are %(kinds)s."),
                    "melds",
                    side,
                    code="deal.meld_unknown",
                    params={"kind": repr(kind), "kinds": ", ".join(MELD_KINDS)},
                )
            if rules.meld_value(kind) is None:
                raise InvalidDeal(
                    gettext_noop("%(game)s does not pay for %(meld)s."),
                    "melds",
                    side,
                    code="deal.meld_not_paid",
                    params={"game": rules.name, "meld": MELD_WORDS[kind]},
                )
            if kind.startswith("four_"):
                if kind in fours_seen:
                    raise InvalidDeal(
                        gettext_noop("There is only one set of %(ranks)s in the deck."),
                        "melds",
                        side,
                        code="deal.four_twice",
                        params={"ranks": RANK_WORDS[_FOUR_RANKS[kind]].plural},
                    )
                fours_seen.add(kind)
    check_hands(rules, melds, names)
    scoring_sides = [side for side, kinds in enumerate(melds) if kinds]
    if len(scoring_sides) > 1 and deal.renege is None:
        # On a renege the reneging side's melds lapse, so both sides' melds may be entered.
        raise InvalidDeal(
            gettext_noop(
                "Only the side with the best meld scores melds: %(sides)s cannot both score "
                "them (belle is scored apart)."
            ),
            "melds",
            code="deal.melds_both_sides",
            params={"sides": both([_side_name(rules, s, names) for s in scoring_sides])},
        )


def scored_melds(
    rules: Ruleset, deal: Deal, *, side_names: Sequence[str] | None = None
) -> tuple[tuple[str, ...], ...]:
    """The meld kinds each side scores in a valid deal that is not void: from ``melds`` as
    entered, or from ``declared`` by the table's comparison; on a renege by one side, the
    reneging side's melds lapse and ``renege_melds`` says which of the others' count.

    ``renege_melds: scored`` with kinds only entered: a side's melds count only when no other
    side entered any (without ranks nothing else can be compared). The trickless-melds rule is
    applied later, by :func:`combined_points`.
    """
    names = side_names_for(rules, side_names)
    nothing: tuple[str, ...] = ()
    renege = deal.renege if deal.renege != "both" else None
    if _has_declared(deal):
        sides = check_declared(rules, deal.declared, names, no_trump=deal.no_trump)
        kinds = tuple(tuple(m.kind for m in melds) for melds in sides)
        if renege is not None and rules.renege_melds == "own":
            return tuple(nothing if s == renege else kinds[s] for s in range(rules.sides))
        winner = meld_comparison(
            rules, sides, deal.elder, side_names=names, no_trump=deal.no_trump
        ).winner
        return tuple(
            kinds[s] if s == winner and s != renege else nothing for s in range(rules.sides)
        )
    if not deal.melds:
        return (nothing,) * rules.sides
    melds = tuple(tuple(kinds) for kinds in deal.melds)
    if renege is None:
        return melds
    if rules.renege_melds == "own":
        return tuple(nothing if s == renege else melds[s] for s in range(rules.sides))
    melders = [s for s in range(rules.sides) if melds[s]]
    return tuple(
        melds[s] if melders == [s] and s != renege else nothing for s in range(rules.sides)
    )


def complete_card_points(
    rules: Ruleset, given: Sequence[int | None], no_trump: bool = False
) -> tuple[int | None, ...]:
    """Fill in the one missing side's card points when every card is played (the sides add up
    to the deck's total); otherwise return what was given."""
    known = [v for v in given if v is not None]
    if rules.all_cards_played and len(given) == 2 and len(known) == 1:
        total = rules.card_total(no_trump)
        return tuple(v if v is not None else total - known[0] for v in given)
    return tuple(given)


def _melds_of(rules: Ruleset, melds: Sequence[Sequence[str]], side: int) -> int:
    if not melds:
        return 0
    return sum(rules.meld_values[kind] for kind in melds[side])


def _belle_of(rules: Ruleset, deal: Deal, side: int) -> int:
    return rules.belle_value if deal.belle == side else 0


def _took_no_trick(deal: Deal, side: int) -> bool:
    if deal.tricks is not None:
        return deal.tricks[side] == 0
    assert deal.card_points is not None
    return deal.card_points[side] == 0


def most_points_in_a_deal(rules: Ruleset) -> int:
    """An upper bound on what one side can score in one deal under ``rules``, held points
    (tie rule ``hang``) left out.

    A deal pays a side at most its card points or all the deal's (the set award ``all``), or
    the renege award, plus melds and belle. The melds are bounded by the cards in the hands
    (``players`` x ``cards_each``, a card in one meld only) all making the meld that pays most
    a card: no hand does better, so no deal can score more than this."""
    cards = rules.players * rules.cards_each
    melds = max(
        (-(-cards * value // MELD_CARDS[kind]) for kind, value in rules.meld_values.items()),
        default=0,
    )
    cards_or_renege = max(rules.card_total(), rules.card_total(no_trump=True), rules.renege_award)
    return cards_or_renege + melds + rules.belle_value


def combined_points(
    rules: Ruleset, deal: Deal, scored: Sequence[Sequence[str]] | None = None
) -> tuple[int, ...]:
    """Each side's card points + the melds it scores + belle (for a valid, played deal).
    ``scored``: the meld kinds each side scores (:func:`scored_melds`, worked out when absent).
    """
    assert deal.card_points is not None
    if scored is None:
        scored = scored_melds(rules, deal)
    combined = []
    for side in range(rules.sides):
        melds = _melds_of(rules, scored, side)
        if rules.trickless_melds == "void" and _took_no_trick(deal, side):
            melds = 0
        combined.append(deal.card_points[side] + melds + _belle_of(rules, deal, side))
    return tuple(combined)


def _marks(points: Sequence[int], set_side: int | None = None) -> tuple[str, ...]:
    return tuple(
        SET_MARK if side == set_side else (str(p) if p else ZERO_MARK)
        for side, p in enumerate(points)
    )


def score_deal(
    rules: Ruleset, deal: Deal, held: int = 0, *, side_names: Sequence[str] | None = None
) -> DealResult:
    """Score one deal under ``rules``.

    ``held`` is the points held from earlier tied deals (tie rule ``hang``); they go to the
    winner of this deal unless it is void or ties again. Raises :class:`InvalidDeal` when the
    deal could not have happened or the ruleset does not allow it; with ``side_names`` (one a
    side) its message names the sides by them.
    """
    names = side_names_for(rules, side_names)
    _validate(rules, deal, names)
    if not _is_whole(held) or held < 0 or (held and rules.sides != 2):
        # Only the two-sided 'hang' rule holds points; anything else is a caller's bug.
        raise ValueError(f"held points must be a whole number of at least 0, not {held!r}")
    zeros = (0,) * rules.sides

    if deal.void or deal.renege == "both":
        return DealResult(
            points=zeros,
            marks=_marks(zeros),
            made=None,
            combined=zeros,
            held=held,
            void=True,
            renege=deal.renege,
        )

    if deal.renege is not None:
        # Play stops; the card points entered are ignored (source 002), and so are the
        # reneging side's melds.
        scored = scored_melds(rules, deal, side_names=names)
        combined = tuple(
            _melds_of(rules, scored, s) + _belle_of(rules, deal, s) for s in range(rules.sides)
        )
        points = [
            0 if side == deal.renege else rules.renege_award + combined[side]
            for side in range(rules.sides)
        ]
        winner = 1 - deal.renege if rules.sides == 2 else None
        if winner is not None:
            points[winner] += held
        return DealResult(
            points=tuple(points),
            marks=_marks(points),
            made=None,
            combined=combined,
            paid_held=held,
            winner=winner,
            renege=deal.renege,
        )

    assert deal.makers is not None
    makers = deal.makers
    combined = combined_points(rules, deal, scored_melds(rules, deal, side_names=names))
    opponents = [s for s in range(rules.sides) if s != makers]
    best_opponent = max(opponents, key=lambda s: combined[s])
    made = all(combined[makers] > combined[s] for s in opponents)
    tied = not made and combined[makers] == combined[best_opponent]

    if made:
        points = list(combined)
        points[makers] += held
        return DealResult(
            points=tuple(points),
            marks=_marks(points),
            made=True,
            combined=combined,
            paid_held=held,
            winner=makers,
        )

    if tied and rules.tie_rule == "hang":
        return DealResult(
            points=zeros,
            marks=_marks(zeros),
            made=False,
            combined=combined,
            held=held + sum(combined),
            tied=True,
        )

    # A tie under 'own' pays the opponents their own points whatever the set award says.
    award = rules.set_award if not tied or rules.tie_rule == "set" else "own"
    points = [0 if side == makers else combined[side] for side in range(rules.sides)]
    if award == "all":
        # Two sides only (a three-sided ruleset refuses 'all'): the opponent takes everything.
        points[best_opponent] = sum(combined)
    points[best_opponent] += held
    return DealResult(
        points=tuple(points),
        marks=_marks(points, set_side=makers),
        made=False,
        combined=combined,
        paid_held=held,
        winner=best_opponent,
        tied=tied,
    )
