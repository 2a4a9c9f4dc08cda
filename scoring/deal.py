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
    check_meld_points,
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
_ROEM = (Term(gettext_noop("roem")), Term(gettext_noop("Roem")))


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
    _check_side(rules, deal.all_tricks, "all_tricks")
    check_elder(rules, deal.elder)
    _check_contract(rules, deal)
    _check_bonuses(rules, deal, names)
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
        if rules.bidding and deal.makers is None:
            raise InvalidDeal(
                gettext_noop("Say which side took the contract."),
                "makers",
                code="deal.makers_missing_contract",
            )
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
    _check_all_tricks(rules, deal, names)
    _check_trickless_melds(rules, deal, names)


def _check_card_points(rules: Ruleset, deal: Deal, names: Names) -> None:
    points = _per_side(rules, deal.card_points, "card_points", _CARD_POINTS, names)
    total = rules.card_total(deal.no_trump)
    for side, value in enumerate(points):
        if 0 <= value <= total and value not in (1, total - 1):
            continue
        # Words only for a refusal: building them for every side costs a valid deal dearly.
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


def _is_bid(rules: Ruleset, bid: object) -> bool:
    if bid == CAPOT:
        return True
    return (
        _is_whole(bid)
        and LOWEST_BID <= bid <= rules.bid_max  # type: ignore[operator]
        and bid % 10 == 0  # type: ignore[operator]
    )


def contract_points(bid: Bid) -> int | None:
    """What a bid is worth when it is scored: its number, or 250 for a capot."""
    if bid is None:
        return None
    if bid == CAPOT:
        return CAPOT_BID
    assert isinstance(bid, int)
    return bid


def _check_contract(rules: Ruleset, deal: Deal) -> None:
    """A bid and its doubling, only in a game with bidding (coinche)."""
    contre = deal.contre
    if not _is_whole(contre) or not 0 <= contre <= 2:
        raise InvalidDeal(
            gettext_noop(
                "A contract is doubled at most twice: none, contrée or surcontrée, not %(value)s."
            ),
            "contre",
            code="deal.contre_range",
            params={"value": repr(contre)},
        )
    if not rules.bidding:
        if deal.bid is not None:
            raise InvalidDeal(
                gettext_noop("%(game)s has no bidding: leave the bid empty."),
                "bid",
                code="deal.bid_not_played",
                params={"game": rules.name},
            )
        if contre:
            raise InvalidDeal(
                gettext_noop("%(game)s has no contrée: nobody doubles."),
                "contre",
                code="deal.contre_not_played",
                params={"game": rules.name},
            )
        return
    if (deal.void or deal.renege == "both") and deal.bid is None:
        return  # a deal everybody passed has no contract
    if deal.bid is None:
        raise InvalidDeal(
            gettext_noop("Enter the contract: the bid the takers made (80 or more, or capot)."),
            "bid",
            code="deal.bid_missing",
        )
    if not _is_bid(rules, deal.bid):
        raise InvalidDeal(
            gettext_noop(
                "A bid is 80 or more by tens, up to %(most)d, or capot: %(value)s is not a bid."
            ),
            "bid",
            code="deal.bid_range",
            params={"most": rules.bid_max, "value": str(deal.bid)},
        )


def _bonuses_of(rules: Ruleset, deal: Deal) -> tuple[tuple[str, ...], ...]:
    return deal.bonuses if deal.bonuses else ((),) * rules.sides


def _check_bonuses(rules: Ruleset, deal: Deal, names: Names) -> None:
    """Bonuses that are not melds: ones the game knows, once a side; the bimah the makers'."""
    if not deal.bonuses:
        return
    if not isinstance(deal.bonuses, tuple) or len(deal.bonuses) != rules.sides:
        raise InvalidDeal(
            gettext_noop("Give the bonuses of each of the %(sides)d sides."),
            "bonuses",
            code="deal.bonuses_count",
            params={"sides": rules.sides},
        )
    for side, kinds in enumerate(deal.bonuses):
        if isinstance(kinds, str) or not isinstance(kinds, tuple):
            raise InvalidDeal(
                gettext_noop("%(whose)s bonuses must be a list of bonuses."),
                "bonuses",
                side,
                code="deal.bonuses_list",
                params={"whose": whose(_who(rules, side, names))},
            )
        for kind in kinds:
            if kind not in BONUS_KINDS or rules.bonus_value(kind) is None:
                raise InvalidDeal(
                    gettext_noop("%(game)s knows no bonus %(kind)s."),
                    "bonuses",
                    side,
                    code="deal.bonus_unknown",
                    params={"game": rules.name, "kind": repr(kind)},
                )
            if kinds.count(kind) > 1:
                raise InvalidDeal(
                    gettext_noop("%(bonus)s counts once per deal."),
                    "bonuses",
                    side,
                    code="deal.bonus_twice",
                    params={"bonus": BONUS_LABELS[kind]},
                )
        if "bimah" in kinds and deal.makers is not None and side != deal.makers:
            raise InvalidDeal(
                gettext_noop(
                    "The bimah is the bonus of a dealer forced to take trump, so only the makers "
                    "score it: %(who)s did not make trump."
                ),
                "bonuses",
                side,
                code="deal.bimah_not_makers",
                params={"who": _who(rules, side, names)},
            )


def _check_all_tricks(rules: Ruleset, deal: Deal, names: Names) -> None:
    """The side that took every trick holds every card point; the others none."""
    side = deal.all_tricks
    if side is None:
        return
    assert deal.card_points is not None
    total = rules.card_total(deal.no_trump)
    for other, value in enumerate(deal.card_points):
        if other != side and value:
            raise InvalidDeal(
                gettext_noop(
                    "%(who)s took every trick, so %(other)s cannot have %(points)d card points."
                ),
                "all_tricks",
                other,
                code="deal.all_tricks_other_points",
                params={
                    "who": _who(rules, side, names),
                    "other": _side_name(rules, other, names),
                    "points": value,
                },
            )
    if deal.card_points[side] != total:
        raise InvalidDeal(
            gettext_noop("%(who)s took every trick: that is all %(total)d card points."),
            "all_tricks",
            side,
            code="deal.all_tricks_points",
            params={"who": _who(rules, side, names), "total": total},
        )
    if deal.tricks is not None and deal.tricks[side] != rules.tricks_per_deal:
        raise InvalidDeal(
            gettext_noop("%(who)s took every trick: that is %(tricks)d tricks."),
            "tricks",
            side,
            code="deal.all_tricks_tricks",
            params={"who": _who(rules, side, names), "tricks": rules.tricks_per_deal},
        )


def _check_trickless_melds(rules: Ruleset, deal: Deal, names: Names) -> None:
    """Under ``meld_scoring: each`` melds are scored in a trick: a side without one has none."""
    if rules.meld_scoring != "each":
        return
    for side in range(rules.sides):
        if not _took_no_trick(deal, side):
            continue
        has_points = bool(deal.meld_points) and deal.meld_points[side]  # type: ignore[index]
        has_kinds = bool(deal.melds) and bool(deal.melds[side])
        if has_points or has_kinds:
            raise InvalidDeal(
                gettext_noop(
                    "%(who)s took no trick, so it has no roem: roem is scored in a trick "
                    "the side wins."
                ),
                "meld_points" if has_points else "melds",
                side,
                code="deal.trickless_roem",
                params={"who": _who(rules, side, names)},
            )
        if deal.belle == side:
            raise InvalidDeal(
                gettext_noop(
                    "%(who)s took no trick, so it scored no stuk: it is scored in a trick the "
                    "side wins."
                ),
                "belle",
                side,
                code="deal.trickless_stuk",
                params={"who": _who(rules, side, names)},
            )


def _check_meld_points_given(rules: Ruleset, deal: Deal, names: Names) -> None:
    if rules.meld_scoring != "each":
        raise InvalidDeal(
            gettext_noop(
                "In %(game)s only the side with the best meld scores melds: enter the melds "
                "each side declared, not a number."
            ),
            "meld_points",
            code="deal.meld_points_not_played",
            params={"game": rules.name},
        )
    if deal.melds or _has_declared(deal):
        raise InvalidDeal(
            gettext_noop("Enter the roem either as a number or as melds, not both."),
            "meld_points",
            code="deal.meld_points_twice",
        )
    points = _per_side(rules, deal.meld_points, "meld_points", _ROEM, names)
    for side, value in enumerate(points):
        if value < 0:
            raise InvalidDeal(
                gettext_noop("%(whose)s roem cannot be less than 0."),
                "meld_points",
                side,
                code="deal.meld_points_negative",
                params={"whose": whose(_who(rules, side, names))},
            )
    check_meld_points(rules, points, names, belle=deal.belle)


def _has_declared(deal: Deal) -> bool:
    return bool(deal.declared) and any(deal.declared or ())


def _check_melds(rules: Ruleset, deal: Deal, names: Names) -> None:
    melds = deal.melds
    if deal.meld_points is not None:
        _check_meld_points_given(rules, deal, names)
        return
    if _has_declared(deal) or (deal.declared is not None and melds == ()):
        if melds != () and any(melds):
            raise InvalidDeal(
                gettext_noop(
                    "Enter either the melds each side declared or the melds scored, not both."
                ),
                "melds",
                code="deal.melds_twice",
            )
        sides = check_declared(
            rules, deal.declared, names, no_trump=deal.no_trump, belle=deal.belle
        )
        if rules.meld_scoring == "best" and (
            deal.renege is None or rules.renege_melds in ("scored", "counted")
        ):
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
        if isinstance(kinds, str) or not isinstance(kinds, tuple):
            raise InvalidDeal(
                gettext_noop("%(whose)s melds must be a list of meld kinds."),
                "melds",
                side,
                code="deal.melds_list",
                params={"whose": whose(_who(rules, side, names))},
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
    check_hands(rules, melds, names, belle=deal.belle, no_trump=deal.no_trump)
    scoring_sides = [side for side, kinds in enumerate(melds) if kinds]
    if rules.meld_scoring == "each":
        return
    if len(scoring_sides) > 1 and rules.meld_entry == "declared":
        if deal.renege is None or rules.renege_melds in ("scored", "counted"):
            _kinds_winner(rules, melds, names)
        return
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


_KIND_FORM = {"four": 1, "three": 1}


def _kind_key(rules: Ruleset, kind: str) -> tuple[int, int, int, int]:
    """A meld kind's place in the table's comparison, higher better: value, then a four or
    three of a kind over a run, then the longer run or the higher rank (RULES.md rules 1-3)."""
    value = rules.meld_value(kind) or 0
    if kind == "four_jacks":
        return (value, 1, 4, _RANK_ORDER.index("J"))
    form, _, rank = kind.partition("_")
    if form in _KIND_FORM:
        return (value, 1, 4 if form == "four" else 3, _RANK_ORDER.index(rank))
    if kind == "menage":
        return (value, 0, 3, _RANK_ORDER.index("K"))
    return (value, 0, MELD_CARDS[kind], -1)


_RANK_ORDER = ("7", "8", "9", "10", "J", "Q", "K", "A")


def _kinds_winner(
    rules: Ruleset, melds: Sequence[Sequence[str]], names: Names = None
) -> int | None:
    """Under ``meld_entry: declared``, the side whose melds score, from the kinds each side
    declared: the best meld by value (a four or three of a kind over a run of the same value,
    the longer run, the higher rank). Equal runs cannot be told apart from kinds: refused."""
    best = {
        side: max(_kind_key(rules, kind) for kind in kinds)
        for side, kinds in enumerate(melds)
        if kinds
    }
    if not best:
        return None
    top = max(best.values())
    leaders = [side for side, key in best.items() if key == top]
    if len(leaders) == 1:
        return leaders[0]
    raise InvalidDeal(
        gettext_noop(
            "%(sides)s both declared their best meld as a run of the same length: enter only "
            "the melds of the side that scores them (the higher run, or the one in trumps)."
        ),
        "melds",
        code="deal.melds_equal_kinds",
        params={
            "sides": both(
                [
                    _who(rules, leaders[0], names),
                    *(_side_name(rules, s, names) for s in leaders[1:]),
                ]
            )
        },
    )


def _meld_side(
    rules: Ruleset, deal: Deal, names: Names
) -> tuple[tuple[tuple[str, ...], ...], int | None]:
    """Each side's melds as kinds, and the side whose melds count under ``best`` (None: nobody,
    or ``each``)."""
    nothing: tuple[str, ...] = ()
    if _has_declared(deal):
        sides = check_declared(
            rules, deal.declared, names, no_trump=deal.no_trump, belle=deal.belle
        )
        kinds = tuple(tuple(_declared_kind(rules, m) for m in melds) for melds in sides)
        if rules.meld_scoring == "each":
            return kinds, None
        if deal.renege is not None and deal.renege != "both" and rules.renege_melds == "own":
            return kinds, None
        winner = meld_comparison(
            rules, sides, deal.elder, side_names=names, no_trump=deal.no_trump
        ).winner
        return kinds, winner
    if not deal.melds:
        return (nothing,) * rules.sides, None
    kinds = tuple(tuple(k) for k in deal.melds)
    melders = [s for s in range(rules.sides) if kinds[s]]
    if rules.meld_scoring == "each":
        return kinds, None
    if len(melders) == 1:
        return kinds, melders[0]
    if rules.meld_entry == "declared" and (
        deal.renege is None or deal.renege == "both" or rules.renege_melds in ("scored", "counted")
    ):
        return kinds, _kinds_winner(rules, kinds, names)
    return kinds, None


def _declared_kind(rules: Ruleset, meld: Declared) -> str:
    kind_in = getattr(meld, "kind_in", None)
    return str(kind_in(rules)) if kind_in is not None else meld.kind


def scored_melds(
    rules: Ruleset, deal: Deal, *, side_names: Sequence[str] | None = None
) -> tuple[tuple[str, ...], ...]:
    """The meld kinds each side scores in a valid deal that is not void: from ``melds`` as
    entered, or from ``declared`` by the table's comparison; on a renege by one side, the
    reneging side's melds lapse and ``renege_melds`` says which count for the others: ``own``
    (each its own), ``scored`` (its own if they won the comparison), ``counted`` (every meld
    that counted, the reneging side's too, goes to the other side) or ``none``.

    ``renege_melds: scored`` with kinds only entered under ``meld_entry: scored``: a side's
    melds count only when no other side entered any (without ranks nothing else can be
    compared). The trickless-melds rule is applied later, by :func:`combined_points`.
    """
    return _scored_and_side(rules, deal, side_names_for(rules, side_names))[0]


def _scored_and_side(
    rules: Ruleset, deal: Deal, names: Names
) -> tuple[tuple[tuple[str, ...], ...], int | None]:
    """:func:`scored_melds`, and the side whose melds counted under ``best`` (None: nobody's,
    or ``each``)."""
    nothing: tuple[str, ...] = ()
    renege = deal.renege if deal.renege != "both" else None
    kinds, winner = _meld_side(rules, deal, names)
    if not any(kinds):
        return (nothing,) * rules.sides, None
    if rules.meld_scoring == "each":
        counted = kinds
    else:
        if renege is not None and rules.renege_melds == "own":
            own = tuple(nothing if s == renege else kinds[s] for s in range(rules.sides))
            return own, winner
        counted = tuple(kinds[s] if s == winner else nothing for s in range(rules.sides))
    if renege is None:
        return counted, winner
    if rules.renege_melds == "none":
        return (nothing,) * rules.sides, winner
    if rules.renege_melds == "counted":
        everything = tuple(kind for side_kinds in counted for kind in side_kinds)
        given = tuple(nothing if s == renege else everything for s in range(rules.sides))
        return given, winner
    return tuple(nothing if s == renege else counted[s] for s in range(rules.sides)), winner


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
    if deal.all_tricks is not None:
        return deal.all_tricks != side
    if deal.tricks is not None:
        return deal.tricks[side] == 0
    assert deal.card_points is not None
    return deal.card_points[side] == 0


def most_points_in_a_deal(rules: Ruleset) -> int:
    """An upper bound on what one side can score in one deal under ``rules``, held points
    (tie rules ``hang`` and ``litige``) left out.

    A deal pays a side at most its card points or all the deal's (the set award ``all``; a
    capot's count), or the renege award, plus melds, belle and bonuses, and a contract's bid,
    times the highest doubling. The melds are bounded by the cards in the hands (``players`` x
    ``cards_each``, a card in one meld only) all making the meld that pays most a card: no hand
    does better, so no deal can score more than this."""
    cards = rules.players * rules.cards_each
    melds = max(
        (-(-cards * value // MELD_CARDS[kind]) for kind, value in rules.meld_values.items()),
        default=0,
    )
    cards_or_renege = max(
        rules.card_total(),
        rules.card_total(no_trump=True),
        rules.renege_award,
        rules.all_tricks_value if rules.all_tricks == "capot" else 0,
        rules.set_cards or 0,
    )
    extra = melds + rules.belle_value + sum(rules.bonus_values.values())
    if rules.all_tricks == "bonus":
        extra += rules.all_tricks_value
    most = cards_or_renege + extra
    if rules.bidding:
        most = (most + max(rules.bid_max, CAPOT_BID)) * max(1, *rules.contre_factors)
    if rules.rounding != "none":
        most += 10
    return most


def all_tricks_side(rules: Ruleset, deal: Deal) -> int | None:
    """The side that took every trick in a played deal: as entered (``all_tricks``), else
    as the trick counts say, else, when every card is played, the side that holds every card
    point (the others took no trick: a side with 0 card points took none, as everywhere in
    the engine). None when no side did."""
    if deal.all_tricks is not None:
        return deal.all_tricks
    if deal.card_points is None or deal.renege is not None or deal.void:
        return None
    if deal.tricks is not None:
        full = [s for s, t in enumerate(deal.tricks) if t == rules.tricks_per_deal]
        return full[0] if full else None
    if not rules.all_cards_played:
        return None
    holders = [s for s, p in enumerate(deal.card_points) if p]
    return holders[0] if len(holders) == 1 else None


def _earns_all_tricks(rules: Ruleset, deal: Deal, side: int) -> bool:
    """Whether ``side`` took every trick and the game pays for it (the makers always; the
    opponents under ``all_tricks_defenders``)."""
    return (
        rules.all_tricks != "none"
        and all_tricks_side(rules, deal) == side
        and (side == deal.makers or rules.all_tricks_defenders)
    )


def _card_part(rules: Ruleset, deal: Deal, side: int) -> int:
    """A side's card points as they count: a capot counts ``all_tricks_value`` (252)."""
    assert deal.card_points is not None
    if rules.all_tricks == "capot" and _earns_all_tricks(rules, deal, side):
        return rules.all_tricks_value
    return deal.card_points[side]


def _side_meld_points(rules: Ruleset, deal: Deal, names: Names) -> tuple[list[int], int | None]:
    """What each side's counted melds are worth (the pit's bonus included), and the side whose
    melds counted under ``best``; before the trickless rule and before any set."""
    if deal.meld_points is not None:
        own = list(deal.meld_points)
        renege = deal.renege if deal.renege != "both" else None
        if renege is not None:
            if rules.renege_melds == "none":
                own = [0] * rules.sides
            elif rules.renege_melds == "counted":
                own = [0 if s == renege else sum(own) for s in range(rules.sides)]
            else:
                own = [0 if s == renege else own[s] for s in range(rules.sides)]
        return own, None
    scored, winner = _scored_and_side(rules, deal, names)
    return [_melds_of(rules, scored, s) for s in range(rules.sides)], winner


def combined_points(
    rules: Ruleset, deal: Deal, scored: Sequence[Sequence[str]] | None = None
) -> tuple[int, ...]:
    """Each side's card points + the melds it scores + belle (for a valid, played deal), as
    part one has them. ``scored``: the meld kinds each side scores (:func:`scored_melds`,
    worked out when absent). :func:`score_deal` gives the whole of part two's as well."""
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


def _marks(
    points: Sequence[int], set_side: int | None = None, set_mark: str = SET_MARK
) -> tuple[str, ...]:
    return tuple(
        set_mark if side == set_side and not p else (str(p) if p else ZERO_MARK)
        for side, p in enumerate(points)
    )


def _rounded(rules: Ruleset, points: Sequence[int]) -> tuple[int, ...]:
    """Each side's deal score to the nearest ten: 5 up under ``rounding: ten``, 5 down under
    ``ten_down``."""
    if rules.rounding == "ten":
        return tuple((p + 5) // 10 * 10 for p in points)
    if rules.rounding == "ten_down":
        return tuple((p + 4) // 10 * 10 for p in points)
    return tuple(points)


@dataclass(frozen=True)
class _Parts:
    """A played deal's points, side by side, before the rules decide who keeps them:
    ``cards`` (a capot's 252 included), ``melds`` (counted melds and the pit's bonus),
    ``belle``, ``bonuses`` (shlomo and cleopatra: judged with the rest), ``bimah`` (paid only
    when the makers make it, not judged)."""

    cards: tuple[int, ...]
    melds: tuple[int, ...]
    belle: tuple[int, ...]
    bonuses: tuple[int, ...]
    bimah: tuple[int, ...]
    meld_side: int | None

    @property
    def combined(self) -> tuple[int, ...]:
        return tuple(
            c + m + b + o
            for c, m, b, o in zip(self.cards, self.melds, self.belle, self.bonuses, strict=True)
        )

    @property
    def worth(self) -> tuple[int, ...]:
        """Melds, belle and bonuses, for the sheet's roem column."""
        return tuple(
            m + b + o + x
            for m, b, o, x in zip(self.melds, self.belle, self.bonuses, self.bimah, strict=True)
        )


def _parts(rules: Ruleset, deal: Deal, names: Names) -> _Parts:
    sides = range(rules.sides)
    meld_points, meld_side = _side_meld_points(rules, deal, names)
    melds = []
    bonus_sets = _bonuses_of(rules, deal)
    for side in sides:
        value = meld_points[side]
        if deal.renege is None and rules.trickless_melds == "void" and _took_no_trick(deal, side):
            value = 0
        if (
            deal.renege is None
            and rules.all_tricks == "bonus"
            and _earns_all_tricks(rules, deal, side)
        ):
            value += rules.all_tricks_value
        melds.append(value)
    renege = deal.renege if deal.renege not in (None, "both") else None
    if renege is not None:
        cards = tuple(0 if s == renege else rules.renege_award for s in sides)
        keep_belle = rules.renege_melds != "none"
    else:
        cards = tuple(_card_part(rules, deal, s) for s in sides)
        keep_belle = True
    belle = tuple(_belle_of(rules, deal, s) if keep_belle and s != renege else 0 for s in sides)
    bonuses = tuple(
        sum(rules.bonus_values[k] for k in bonus_sets[s] if k != "bimah") if s != renege else 0
        for s in sides
    )
    bimah = tuple(
        rules.bonus_values["bimah"] if "bimah" in bonus_sets[s] and s != renege else 0
        for s in sides
    )
    # On a renege under renege_melds "counted" the melds that counted are already the innocent
    # side's (scored_melds gives them to it); belle stays its holder's.
    return _Parts(cards, tuple(melds), belle, bonuses, bimah, meld_side)


def _made(rules: Ruleset, deal: Deal, combined: Sequence[int], contract: int | None) -> bool:
    makers = deal.makers
    assert makers is not None
    opponents = [s for s in range(rules.sides) if s != makers]
    beats = all(combined[makers] > combined[s] for s in opponents)
    if deal.bid == CAPOT:
        return all_tricks_side(rules, deal) == makers
    if rules.made_when == "beat":
        return beats
    assert contract is not None
    reaches = combined[makers] >= contract
    return reaches if rules.made_when == "reach" else reaches and beats


def score_deal(
    rules: Ruleset, deal: Deal, held: int = 0, *, side_names: Sequence[str] | None = None
) -> DealResult:
    """Score one deal under ``rules``.

    ``held`` is the points held from earlier tied deals (tie rules ``hang`` and ``litige``);
    they go to the winner of this deal unless it is void or ties again. Raises
    :class:`InvalidDeal` when the deal could not have happened or the ruleset does not allow
    it; with ``side_names`` (one a side) its message names the sides by them.
    """
    names = side_names_for(rules, side_names)
    _validate(rules, deal, names)
    if not _is_whole(held) or held < 0 or (held and rules.sides != 2):
        # Only the two-sided held-points rules hold points; anything else is a caller's bug.
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
            meld_points=zeros,
            scored_meld_points=zeros,
            contract=contract_points(deal.bid),
            factor=rules.contre_factor(deal.contre),
        )

    parts = _parts(rules, deal, names)
    contract = contract_points(deal.bid) if rules.bidding else rules.contract
    factor = rules.contre_factor(deal.contre)

    if deal.renege is not None and not rules.bidding:
        # Play stops; the card points entered are ignored (source 002), and so are the
        # reneging side's melds.
        combined = tuple(
            m + b + o for m, b, o in zip(parts.melds, parts.belle, parts.bonuses, strict=True)
        )
        points = [
            0 if side == deal.renege else parts.cards[side] + combined[side]
            for side in range(rules.sides)
        ]
        winner = 1 - deal.renege if rules.sides == 2 else None
        if winner is not None:
            points[winner] += held
        final = _rounded(rules, points)
        return DealResult(
            points=final,
            marks=_marks(final),
            made=None,
            combined=combined,
            paid_held=held,
            winner=winner,
            renege=deal.renege,
            meld_points=tuple(
                m + b + o for m, b, o in zip(parts.melds, parts.belle, parts.bonuses, strict=True)
            ),
            meld_side=parts.meld_side,
            scored_meld_points=tuple(
                0 if p == 0 else c for p, c in zip(points, combined, strict=True)
            ),
            contract=contract,
            factor=factor,
        )

    assert deal.makers is not None
    makers = deal.makers
    combined = parts.combined
    opponents = [s for s in range(rules.sides) if s != makers]
    best_opponent = max(opponents, key=lambda s: combined[s])
    if deal.renege is not None:
        # Coinche: a renege by the takers fails the contract, one by the defenders makes it.
        made = deal.renege != makers
    else:
        made = _made(rules, deal, combined, contract)
        if (
            not made
            and rules.tie_rule == "made"
            and rules.made_when == "beat"
            and all(combined[makers] >= combined[s] for s in opponents)
        ):
            # A tie counts as made (belote's "réussite"): each side scores its own.
            made = True
    tied = (
        not made
        and deal.renege is None
        and rules.made_when == "beat"
        and combined[makers] == combined[best_opponent]
    )
    worth = parts.worth
    common = dict(
        combined=combined,
        meld_points=worth,
        meld_side=parts.meld_side,
        all_tricks=all_tricks_side(rules, deal),
        contract=contract if rules.bidding or rules.made_when != "beat" else None,
        factor=factor,
        renege=deal.renege,
    )

    if made:
        points = list(combined)
        melds_scored = [
            m + b + o for m, b, o in zip(parts.melds, parts.belle, parts.bonuses, strict=True)
        ]
        points[makers] += parts.bimah[makers]
        melds_scored[makers] += parts.bimah[makers]
        if rules.bidding:
            assert contract is not None
            if factor > 1:
                base = rules.set_cards if rules.set_cards is not None else rules.card_total()
                counted = sum(parts.melds) + sum(parts.bonuses)
                points = [parts.belle[s] for s in range(rules.sides)]
                points[makers] = (base + contract + counted + parts.belle[makers]) * factor
                melds_scored = [parts.belle[s] for s in range(rules.sides)]
                melds_scored[makers] = (counted + parts.belle[makers]) * factor
            elif rules.contract_scoring == "bid":
                points[makers] = contract + parts.melds[makers] + parts.belle[makers]
            else:
                points[makers] += contract
        points[makers] += held
        final = _rounded(rules, points)
        return DealResult(
            points=final,
            marks=_marks(final),
            made=True,
            paid_held=held,
            winner=makers,
            scored_meld_points=tuple(melds_scored),
            **common,  # type: ignore[arg-type]
        )

    kept = parts.belle[makers] if rules.belle_on_set == "kept" else 0

    if tied and rules.tie_rule == "hang":
        return DealResult(
            points=zeros,
            marks=_marks(zeros),
            made=False,
            held=held + sum(combined),
            tied=True,
            scored_meld_points=zeros,
            **common,  # type: ignore[arg-type]
        )
    if tied and rules.tie_rule == "litige":
        # The defenders score theirs now; the makers' points wait for the next winner.
        points = [0] * rules.sides
        points[makers] = kept
        points[best_opponent] = combined[best_opponent]
        final = _rounded(rules, points)
        scored = [0] * rules.sides
        scored[makers] = kept
        scored[best_opponent] = worth[best_opponent] - parts.bimah[best_opponent]
        return DealResult(
            points=final,
            marks=_marks(final),
            made=False,
            held=held + combined[makers] - kept,
            tied=True,
            scored_meld_points=tuple(scored),
            **common,  # type: ignore[arg-type]
        )

    # A tie under 'own' pays the opponents their own points whatever the set award says.
    award = rules.set_award if not tied or rules.tie_rule in ("set", "litige") else "own"
    points = [0 if side == makers else combined[side] for side in range(rules.sides)]
    scored = [
        0 if side == makers else combined[side] - parts.cards[side] for side in range(rules.sides)
    ]
    points[makers] = kept
    scored[makers] = kept
    if factor > 1:
        base = rules.set_cards if rules.set_cards is not None else rules.card_total()
        counted = sum(parts.melds) + sum(parts.bonuses)
        assert contract is not None
        points[best_opponent] = (base + contract + counted + parts.belle[best_opponent]) * factor
        scored[best_opponent] = (counted + parts.belle[best_opponent]) * factor
    elif award in ("all", "cards"):
        # Two sides only (a three-sided ruleset refuses them): the opponent takes the deal.
        cards = sum(parts.cards) if rules.set_cards is None else rules.set_cards
        if award == "all":
            melds = sum(parts.melds) + sum(parts.belle) + sum(parts.bonuses) - kept
        else:
            melds = 0
        points[best_opponent] = cards + melds
        scored[best_opponent] = melds
        if rules.bidding:
            assert contract is not None
            points[best_opponent] += contract
    elif rules.bidding:
        assert contract is not None
        points[best_opponent] += contract
    points[best_opponent] += held
    final = _rounded(rules, points)
    return DealResult(
        points=final,
        marks=_marks(final, set_side=makers, set_mark=rules.set_mark),
        made=False,
        paid_held=held,
        winner=best_opponent,
        tied=tied,
        scored_meld_points=tuple(scored),
        **common,  # type: ignore[arg-type]
    )
