"""Every read shape a view, a table or a PDF needs, with a bounded number of queries.

A *sheet row* is one deal as the hick sheet shows it: the marks each side wrote, the running
totals, who made trump and a note (void, renege, tie held, melds, belle). The rest of the
family's sheets (RULES.md part two, :class:`~league.printing.sheet_data.SheetColumns`) write
more: a side's points and its *roem* apart (klaverjas), the *contract* and its *factor*
(coinche), and a deal's *marks*: ``nat`` (the makers went down, klaverjas), ``pit`` (one side
took every trick, klaverjas), ``dedans`` (the takers went down), ``capot`` (every trick,
belote) and ``litige`` (a tie that held the takers' points, belote).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import F, Q, QuerySet
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext, pgettext_lazy

import scoring
from league.engine_words import engine_word
from league.models import Deal, DealAudit, Fixture, FixtureSide, Game, MatchEvent
from league.models.games import VOID_REASON_IN_SENTENCE, VoidReason
from league.printing.sheet_data import GameSheet, SheetColumns, SheetRow
from league.rulebook.rules_box import rules_box_lines
from league.rulebook.text import belle_word, meld_word
from scoring import InvalidDeal, Ruleset, score_deal
from scoring.deal import SET_MARK, ZERO_MARK
from scoring.game import stored_held_outcome
from scoring.rules import CAPOT

#: How a partnership's two players are told apart when their names are not known: "The Aces
#: (1st)", "The Aces (2nd)".
PARTNER_WORDS = (
    pgettext_lazy("the first player of a partnership named otherwise: The Aces (1st)", "1st"),
    pgettext_lazy("the second player of a partnership named otherwise: The Aces (2nd)", "2nd"),
)


@dataclass(frozen=True)
class SideCell:
    """One side's cells of a sheet row: the mark written for the deal and the total; with a
    roem column, the deal's points less its roem (``points``: "nat", "-", "162") and the roem
    (``roem``: "" for none)."""

    mark: str
    total: int
    set: bool
    points: str = ""
    roem: str = ""


@dataclass(frozen=True)
class DealRow:
    number: int
    version: int
    makers: str
    makers_index: int | None
    marks: tuple[str, ...]
    running: tuple[int, ...]
    note: str
    dealer: str = ""
    #: What a set side's cell reads (the ruleset's ``set_mark``: "XX", klaverjas "nat").
    set_mark: str = SET_MARK
    #: Per side, the deal's points (Deal.points) and the roem they hold (Deal.meld_scored);
    #: both () when the sheet does not keep roem apart.
    points: tuple[int, ...] = ()
    roem: tuple[int, ...] = ()
    #: The contract ("100", "capot") and its factor ("×2"), "" for none (coinche).
    contract: str = ""
    factor: str = ""
    #: The deal's marks as written in the marks column ("pit", "dedans; capot (Carl & Dora)").
    marks_text: str = ""
    #: Per side, whether its makers went set in this deal (:func:`set_sides`); () unknown.
    sets: tuple[bool, ...] = ()

    @property
    def points_less_roem(self) -> tuple[int, ...]:
        """Per side, the deal's points less its roem (the Dutch sheet's points column)."""
        return tuple(p - r for p, r in zip(self.points, self.roem, strict=True))

    def went_set(self, side: int) -> bool:
        """Whether ``side``'s makers went set (:func:`set_sides`; by its mark when not
        known): a dedans whose takers keep their belote-rebelote writes "20" and is one."""
        return self.sets[side] if self.sets else self.marks[side] == self.set_mark

    @property
    def cells(self) -> list[SideCell]:
        if not self.roem:
            return [
                SideCell(mark, total, self.went_set(side))
                for side, (mark, total) in enumerate(zip(self.marks, self.running, strict=True))
            ]
        return [
            SideCell(
                mark,
                total,
                self.went_set(side),
                points=points_cell(mark, self.set_mark, less),
                roem=roem_cell(roem),
            )
            for side, (mark, total, less, roem) in enumerate(
                zip(self.marks, self.running, self.points_less_roem, self.roem, strict=True)
            )
        ]


def points_cell(mark: str, set_mark: str, points: int) -> str:
    """A side's points cell beside a roem column: the set mark ("nat") as the mark reads it,
    else the points less roem ("-" for none, as a mark writes a zero)."""
    if mark == set_mark:
        return mark
    return str(points) if points else ZERO_MARK


def roem_cell(roem: int) -> str:
    """A side's roem cell: the roem, or nothing (a Dutch sheet leaves it empty)."""
    return str(roem) if roem else ""


@dataclass(frozen=True)
class SideTotals:
    """One side's totals on a sheet with a roem column: its points (less roem), its roem and
    the two together."""

    points: int
    roem: int
    total: int


def side_totals(rows: Sequence[DealRow], totals: Sequence[int]) -> list[SideTotals]:
    """Each side's :class:`SideTotals` over ``rows`` (the game's deals from the first), the
    total being the game's (``totals``)."""
    roem = [sum(r.roem[s] for r in rows if r.roem) for s in range(len(totals))]
    return [SideTotals(total - r, r, total) for total, r in zip(totals, roem, strict=True)]


# -- the columns of the rest of the family ---------------------------------------------------
#: The marks of the rest of the family, as written on their sheets (the games' own words).
NAT = pgettext_lazy("a mark on a Dutch klaverjas sheet: the makers went down", "nat")
PIT = pgettext_lazy("a mark on a Dutch klaverjas sheet: one side took every trick", "pit")
DEDANS = pgettext_lazy("a mark on a belote sheet: the takers went down", "dedans")
CAPOT_WORD = pgettext_lazy("a mark on a belote sheet: one side took every trick", "capot")
LITIGE = pgettext_lazy(
    "a mark on a belote sheet: a tie, the takers' points held for the next deal", "litige"
)


def _set_word(rules: Ruleset) -> str:
    """The word a sheet writes when the makers go down: "nat" where the set mark is nat,
    "dedans" where every trick is a capot (the French games), "" where the mark (XX) says it."""
    if rules.set_mark != SET_MARK:
        return str(NAT)
    if rules.all_tricks == "capot":
        return str(DEDANS)
    return ""


def _all_tricks_word(rules: Ruleset) -> str:
    """The word for a side that took every trick: pit (a bonus), capot, or "" (nothing)."""
    return {"bonus": str(PIT), "capot": str(CAPOT_WORD)}.get(rules.all_tricks, "")


def sheet_columns(rules: Ruleset) -> SheetColumns:
    """The columns a sheet of ``rules`` keeps (:class:`SheetColumns`): roem apart where every
    side scores its own melds, the contract where there is bidding, and a column of the marks
    the game writes; part one's rules keep none of them."""
    marks = tuple(
        word
        for word in (
            _set_word(rules),
            _all_tricks_word(rules),
            str(LITIGE) if rules.tie_rule == "litige" else "",
        )
        if word
    )
    return SheetColumns(roem=rules.meld_scoring == "each", contract=rules.bidding, marks=marks)


def set_sides(deal: Deal, sides: int) -> tuple[bool, ...]:
    """Per side, whether its makers went *set* in ``deal``: they did not make it
    (``Deal.made`` False) and it was not a tie that held points. Not the mark: a belote
    dedans whose takers keep their belote-rebelote writes "20", klaverjas writes "nat"."""
    set_side = (
        deal.makers
        if deal.made is False and not deal.void and not deal.renege and not deal.held
        else None
    )
    return tuple(side == set_side for side in range(sides))


def set_mark_word(rules: Ruleset) -> str:
    """What a set is called on the game's own sheet, for a legend: its set mark ("XX",
    "nat"), or the word "dedans" in the belote family (whose cells write points, not a
    mark)."""
    if rules.set_mark == SET_MARK and rules.meld_words == "belote":
        return str(DEDANS)
    return rules.set_mark


def _every_trick_side(rules: Ruleset, deal: Deal) -> int | None:
    """The side that took every trick: as entered, else as the engine works it out (162
    card points to one side with Pit left on "Nobody")."""
    if deal.all_tricks is not None:
        return deal.all_tricks
    try:
        return scoring.deal.all_tricks_side(rules, deal.to_engine())
    except (InvalidDeal, ValueError, TypeError):  # stored under older rules
        return None


def _litige(rules: Ruleset, deal: Deal) -> bool:
    """A deal whose tie held the takers' points (tie rule ``litige``): not made, points held."""
    return rules.tie_rule == "litige" and deal.made is False and deal.held > 0


def _marks_text(rules: Ruleset, deal: Deal, names: Sequence[str]) -> str:
    """The deal's marks: the set word for makers that went down, the litige, and who took
    every trick; a mark of the side that did not make trump names it."""
    if deal.void or deal.renege:
        return ""
    words = []
    if _litige(rules, deal):
        words.append(str(LITIGE))
    elif deal.made is False and _set_word(rules):
        words.append(_set_word(rules))
    every = _all_tricks_word(rules)
    every_side = _every_trick_side(rules, deal) if every else None
    if every_side is not None:
        # One rule for the whole column: a mark is the makers' (nat, dedans, their pit) unless
        # it names another side (the opponents' pit, a tegenpit: "pit (Carl & Dora)"). The
        # makers are in their own column already, and the narrow column stays one word.
        if every_side == deal.makers:
            words.append(every)
        else:
            words.append(
                pgettext(
                    "a mark on a sheet, then the side it is for: pit (Carl & Dora)",
                    "%(mark)s (%(side)s)",
                )
                % {"mark": every, "side": names[every_side]}
            )
    return pgettext("between two marks on a sheet", "; ").join(words)


def contract_cells(rules: Ruleset, deal: Deal) -> tuple[str, str]:
    """The contract ("100", "capot") and its factor ("×2", "×4") as a sheet writes them; ""
    for none (no bid, or no doubling)."""
    if not deal.bid or deal.void:
        return "", ""
    contract = str(CAPOT_WORD) if deal.bid == CAPOT else deal.bid
    factor = rules.contre_factor(deal.contre) if deal.contre else 1
    return contract, (
        pgettext("a contract's factor on a sheet: ×2", "×%(factor)d") % {"factor": factor}
        if factor > 1
        else ""
    )


# -- seats and dealers ---------------------------------------------------------------------
def seat_names(
    rules: Ruleset,
    side_names: Sequence[str],
    players: Sequence[Sequence[str] | None] | None = None,
) -> list[str]:
    """A name for each seat round the table (seat ``s`` plays for side ``s % sides``).

    Alone at the table a player is their side. A partnership "Anna & Ben" gives Anna the
    first of its seats and Ben the second. A partnership named otherwise ("Westsiders") whose
    players are known (``players``: per side, its players in seat order, or None) names each
    player with the team: "Ruth Meyer (Westsiders)"; when they are not known (a casual game,
    typed names), "Westsiders (1st)" and "Westsiders (2nd)", its players in the order they
    sit."""
    if not rules.partnerships:
        return list(side_names)
    per_side = rules.players // rules.sides
    names = []
    for seat in range(rules.players):
        side, within = seat % rules.sides, seat // rules.sides
        known = players[side] if players is not None and side < len(players) else None
        typed = [p.strip() for p in side_names[side].split(" & ")]
        if known is not None and len(known) == per_side and all(known):
            if list(known) == typed:
                names.append(known[within])
            else:
                names.append(
                    pgettext(
                        "a player and their team: Ruth Meyer (Westsiders)", "%(player)s (%(team)s)"
                    )
                    % {"player": known[within], "team": side_names[side]}
                )
        elif len(typed) == per_side and all(typed):
            names.append(typed[within])
        else:
            names.append(f"{side_names[side]} ({PARTNER_WORDS[within]})")
    return names


def fixture_seat_players(fixture_id: int | None) -> list[tuple[str, ...] | None] | None:
    """Per side of a match, its partnership's players in seat order (first, second), or None
    for a side that is not one partnership; None for no match (one query)."""
    if fixture_id is None:
        return None
    sides: dict[int, list[FixtureSide]] = {}
    for row in FixtureSide.objects.filter(fixture_id=fixture_id).select_related(
        "entrant__partnership__first", "entrant__partnership__second"
    ):
        sides.setdefault(row.side, []).append(row)
    players: list[tuple[str, ...] | None] = []
    for index in range(max(sides, default=-1) + 1):
        rows = sides.get(index, [])
        pair = rows[0].entrant.partnership if len(rows) == 1 else None
        players.append(None if pair is None else (pair.first.name, pair.second.name))
    return players


def game_seat_names(game: Game) -> list[str]:
    """:func:`seat_names` of ``game``, its players named from its match's partnerships (one
    query for a four-hand match's game, none otherwise; kept on the game for the request)."""
    cached = game.__dict__.get("_seat_names")
    if cached is None:
        rules = game.rules
        players = fixture_seat_players(game.fixture_id) if rules.partnerships else None
        cached = seat_names(rules, game.side_names, players)
        game.__dict__["_seat_names"] = cached
    return list(cached)


def engine_deals(game: Game, deals: Sequence[Deal]) -> list[scoring.Deal]:
    """The stored deals as the engine scores them: each with its elder hand's side, from who
    dealt it (declared melds that tie may go to the elder hand: ``meld_tie``)."""
    rules = game.rules
    plain = [d.to_engine() for d in deals]
    seats = scoring.dealers(rules, game.first_dealer, plain, [d.dealer for d in deals])
    return [
        d.to_engine(elder=scoring.elder_side(rules, seat)) if d.declared else engine
        for d, engine, seat in zip(deals, plain, seats, strict=False)
    ]


def dealer_seats(game: Game, deals: Sequence[Deal]) -> tuple[int, ...]:
    """Who dealt each of ``deals`` (the game's deals from the first), then who deals next."""
    plain = [d.to_engine() for d in deals]
    return tuple(scoring.dealers(game.rules, game.first_dealer, plain, [d.dealer for d in deals]))


def next_dealer(game: Game, deals: Sequence[Deal] | None = None) -> int:
    """The seat that deals the game's next deal (its deals read when not given)."""
    return dealer_seats(game, game_deals(game) if deals is None else deals)[-1]


def dealer_before(game: Game, number: int) -> int:
    """The seat that deals deal ``number`` (one query: the deals before it)."""
    before = list(game.deals.filter(number__lt=number))
    return dealer_seats(game, before)[-1]


def elder_before(game: Game, number: int) -> int:
    """The elder hand's side for deal ``number`` (one query: the deals before it)."""
    before = list(game.deals.filter(number__lt=number))
    seats = dealer_seats(game, before)
    return scoring.elder_side(game.rules, seats[-1])


def declared_winner_text(
    rules: Ruleset,
    declared: Sequence[Sequence[scoring.Declared]],
    names: Sequence[str],
    elder: int | None,
    no_trump: bool = False,
) -> str:
    """Who scores the declared melds and why, in words: "Anna & Ben score the melds: run of
    four to the king in trumps beats run of four to the king". ``no_trump``: the deal's (four
    plain suits then, so melds the engine took are not refused here)."""
    if not any(declared):
        return ""
    comparison = scoring.meld_comparison(
        rules, declared, elder=elder, side_names=names, no_trump=no_trump
    )
    winner = comparison.winner
    if winner is None:
        return capfirst(engine_word(comparison.reason))
    best = comparison.best[winner]
    # The verb agrees with the people on a side: "Anna scores", "Anna & Ben score".
    people = side_size(rules)
    if best is not None and sum(meld == best for meld in comparison.best) > 1:
        # Equal best melds settled by the elder hand (``meld_tie: elder``): the engine's reason
        # names the winner again, so the sheet says it once, in its own words.
        params = {"side": names[winner], "meld": engine_word(best.describe())}
        if best.form == "run" and not best.trump:
            return (
                ngettext(
                    "%(side)s scores the melds as the elder hand's side: equal runs in plain "
                    "suits (%(meld)s each)",
                    "%(side)s score the melds as the elder hand's side: equal runs in plain "
                    "suits (%(meld)s each)",
                    people,
                )
                % params
            )
        return (
            ngettext(
                "%(side)s scores the melds as the elder hand's side: equal melds (%(meld)s each)",
                "%(side)s score the melds as the elder hand's side: equal melds (%(meld)s each)",
                people,
            )
            % params
        )
    return ngettext(
        "%(side)s scores the melds: %(reason)s", "%(side)s score the melds: %(reason)s", people
    ) % {
        "side": names[winner],
        "reason": engine_word(comparison.reason),
    }


def side_size(rules: Ruleset | None) -> int:
    """How many people play on a side of a game by ``rules`` (two in a partnership game, one
    where each plays alone; one when the rules are not known), for a verb to agree with."""
    return rules.players // rules.sides if rules is not None else 1


def renege_melds_text(rules: Ruleset, deal: scoring.Deal, names: Sequence[str]) -> str:
    """Which declared melds count on a renege by one side, in words: the reneging side's
    lapse, and the engine (``scoring.scored_melds``, by the ruleset's ``renege_melds``) says
    whose of the others' count. "" when nobody declared any."""
    if not isinstance(deal.renege, int) or not deal.declared or not any(deal.declared):
        return ""
    scored = scoring.scored_melds(rules, deal, side_names=names)
    counted = [
        pgettext("a side's name, then its melds", "%(side)s: %(melds)s")
        % {
            "side": names[side],
            "melds": ", ".join(engine_word(m.describe()) for m in deal.declared[side]),
        }
        for side, kinds in enumerate(scored)
        if kinds
    ]
    if counted:
        return _("melds that count (%(side)s's lapse): %(melds)s") % {
            "side": names[deal.renege],
            "melds": "; ".join(counted),
        }
    return _("no melds count (%(side)s's lapse)") % {"side": names[deal.renege]}


def ruleset_lines(rules: Ruleset) -> tuple[str, ...]:
    """A few short lines that tell a sheet's reader which rules scored it: the rules box of
    the printed sheets, in the rules pages' words (league.rulebook.rules_box)."""
    return rules_box_lines(rules)


#: What a sheet notes of a tied deal, by tie rule (``hang`` says what it holds instead).
TIE_NOTES = {
    "set": pgettext_lazy("a note on the sheet", "tie: counts as a set"),
    "own": pgettext_lazy("a note on the sheet", "tie: the makers score nothing"),
}


def _tied(rules: Ruleset, deal: Deal, elder: int | None = None) -> bool:
    """Whether a stored deal the makers did not make was a tie (scored again to find out: the
    combined points are not stored)."""
    if deal.made is not False:
        return False
    try:
        return score_deal(rules, deal.to_engine(elder)).tied
    except InvalidDeal:  # stored under older rules; the sheet still shows it
        return False


def _note(
    deal: Deal,
    names: Sequence[str],
    held_before: int = 0,
    rules: Ruleset | None = None,
    elder: int | None = None,
) -> str:
    if deal.void:
        if deal.void_reason in VoidReason.values:
            reason = VOID_REASON_IN_SENTENCE[VoidReason(deal.void_reason)]
            return pgettext("a note on the sheet", "Void: %(reason)s") % {"reason": reason}
        return pgettext("a note on the sheet: a void deal", "Void")
    if deal.renege == "both":
        return pgettext("a note on the sheet", "Both sides reneged: void")
    parts = []
    if deal.renege:
        parts.append(
            pgettext("a note on the sheet", "Renege by %(side)s")
            % {"side": names[int(deal.renege)]}
        )
    for side, kinds in enumerate(deal.melds or []):
        if kinds:
            melds = ", ".join(meld_word(rules, k) for k in kinds)
            parts.append(
                pgettext("a note on the sheet: melds, then the side", "%(melds)s (%(side)s)")
                % {"melds": melds, "side": names[side]}
            )
    if deal.declared and rules is not None:
        try:
            engine_deal = deal.to_engine(elder)
            declared = engine_deal.declared or ()
            if deal.renege:
                parts.append(renege_melds_text(rules, engine_deal, names))
            else:
                parts.append(
                    declared_winner_text(rules, declared, names, elder, engine_deal.no_trump)
                )
        except InvalidDeal:  # stored under older rules; the sheet still shows the deal
            parts.append(pgettext("a note on the sheet", "melds declared"))
    if deal.belle is not None:
        parts.append(
            pgettext(
                "a note on the sheet: belle by the game's word, then the side",
                "%(belle)s (%(side)s)",
            )
            % {"belle": belle_word(rules), "side": names[deal.belle]}
        )
    if deal.no_trump:
        parts.append(pgettext("a note on the sheet", "no trump"))
    held = stored_held_outcome(deal.points, deal.made, deal.held, held_before)
    if rules is not None and _litige(rules, deal):
        # The defenders scored their own; the takers' points are held (with any held before).
        parts.append(pgettext("a note on the sheet", "tie: %(held)s held") % {"held": deal.held})
    elif held.hung:
        parts.append(pgettext("a note on the sheet", "tie: %(held)s held") % {"held": held.hung})
    elif rules is not None and rules.tie_rule in TIE_NOTES and _tied(rules, deal, elder):
        if rules.tie_rule == "set" and _set_word(rules):
            # The game's own word for the set a tie is: "tie: nat", "tie: dedans".
            parts.append(
                pgettext(
                    "a note on the sheet: a tie, then the game's word for a set", "tie: %(set)s"
                )
                % {"set": _set_word(rules)}
            )
        else:
            parts.append(str(TIE_NOTES[rules.tie_rule]))
    elif held.taken_by is not None:
        parts.append(
            npgettext(
                "a note on the sheet",
                "%(side)s takes the %(held)s held",
                "%(side)s take the %(held)s held",
                side_size(rules),
            )
            % {"side": names[held.taken_by], "held": held.taken}
        )
    return "; ".join(parts)


def deal_rows(game: Game, deals: Sequence[Deal]) -> list[DealRow]:
    """Sheet rows of ``deals``: the game's deals from the first (who dealt each follows from
    the deals before it), or a single deal (then its dealer is not named)."""
    names = game.side_names
    rules = game.rules
    columns = sheet_columns(rules)
    rows = []
    held_before = 0  # what the deal before left held (tie rule 'hang')
    from_first = bool(deals) and deals[0].number == 1 and deals[-1].number == len(deals)
    seats = dealer_seats(game, deals) if from_first else ()
    # Named only when known (the query for a match's players is spent only then).
    seat_name = game_seat_names(game) if seats else []
    for i, d in enumerate(deals):
        makers = None if d.renege or d.void else d.makers
        seat = seats[i] if seats else None
        elder = scoring.elder_side(rules, seat) if seat is not None else None
        contract, factor = contract_cells(rules, d) if columns.contract else ("", "")
        rows.append(
            DealRow(
                number=d.number,
                version=d.version,
                makers="" if makers is None else names[makers],
                makers_index=makers,
                marks=tuple(d.marks),
                running=tuple(d.running),
                note=_note(d, names, held_before, rules, elder),
                dealer="" if seat is None else seat_name[seat],
                set_mark=rules.set_mark,
                points=_points(d, len(names)) if columns.roem else (),
                roem=_roem(d, len(names)) if columns.roem else (),
                contract=contract,
                factor=factor,
                marks_text=_marks_text(rules, d, names) if columns.marks else "",
                sets=set_sides(d, len(names)),
            )
        )
        held_before = d.held
    return rows


def _points(deal: Deal, sides: int) -> tuple[int, ...]:
    """A stored deal's points, a side each (zeros if it has none: never so written)."""
    return tuple(deal.points) if len(deal.points) == sides else (0,) * sides


def _roem(deal: Deal, sides: int) -> tuple[int, ...]:
    """The roem part of a stored deal's points (none kept: a deal stored before it was)."""
    scored = deal.meld_scored or []
    return tuple(scored) if len(scored) == sides else (0,) * sides


def game_deals(game: Game) -> list[Deal]:
    return list(game.deals.all())


def game_deal(game: Game, number: int) -> Deal | None:
    """Deal ``number`` of ``game``, or None when the game has no such deal."""
    return game.deals.filter(number=number).first()


def held_before(game: Game, number: int) -> int:
    """The held points deal ``number`` was played with (tie rule ``hang``): what the deals
    before it left held, which its winner takes. Nothing is held before the first deal."""
    if number <= 1:
        return 0
    held = game.deals.filter(number=number - 1).values_list("held", flat=True).first()
    return held or 0


def game_scorer_names(game: Game) -> list[str]:
    """The accounts that enter the game's deals: who started it first, then the others named
    on it (one query)."""
    names = list(game.scorers.order_by("username").values_list("username", flat=True))
    starter = game.created_by.get_username() if game.created_by_id else ""
    return ([starter] if starter else []) + [n for n in names if n != starter]


def game_audit(game: Game) -> QuerySet[DealAudit]:
    return game.audit.select_related("by")


def game_list() -> QuerySet[Game]:
    """Every game but those abandoned (started by mistake: they count nowhere) and those of
    an archived competition (kept on their competition's pages), each with its club's time
    zone (``club_time_zone``; None for a casual game) for its start time, and its fixture's
    status (``fixture_status``: a void fixture's game is not in play)."""
    current = Q(fixture__isnull=True) | Q(fixture__competition__archived_at__isnull=True)
    return Game.objects.filter(current, abandoned_at__isnull=True).annotate(
        club_time_zone=F("fixture__competition__club__time_zone"),
        fixture_status=F("fixture__status"),
    )


def game_sheet_pdf(game: Game, page_size: str = "A4") -> GameSheet:
    """The filled hick sheet of a game, as the PDF renderer takes it."""
    rules = game.rules
    deals = game_deals(game)
    rows = deal_rows(game, deals)
    columns = sheet_columns(rules)
    totals = tuple(game.display_totals)
    return GameSheet(
        title=game.title or engine_word(rules.name),
        ruleset_name=engine_word(rules.name),
        ruleset_lines=ruleset_lines(rules),
        side_names=tuple(game.side_names),
        target=rules.target,
        rows=tuple(
            SheetRow(
                number=r.number,
                marks=r.marks,
                running=r.running,
                makers=r.makers_index,
                note=r.note,
                dealer=r.dealer,
                points=tuple(c.points for c in r.cells) if columns.roem else (),
                roem=tuple(c.roem for c in r.cells) if columns.roem else (),
                contract=r.contract,
                factor=r.factor,
                marks_text=r.marks_text,
                sets=r.sets,
            )
            for r in rows
        ),
        next_dealer=game_seat_names(game)[next_dealer(game, deals)]
        if not game.finished and not game.abandoned
        else "",
        totals=totals,
        winner=game.winner,
        held=game.held,
        table=game.table,
        # The day it started on the clock of the page's request (its club's, if it has one).
        date=timezone.localdate(game.created_at).isoformat(),
        page_size=page_size,
        deals=rules.deals,
        drawn=game.drawn,
        columns=columns,
        set_mark=set_mark_word(rules),
        side_totals=tuple((t.points, t.roem) for t in side_totals(rows, totals))
        if columns.roem
        else (),
    )


def game_afresh(game_id: int) -> Game:
    """The game as stored now (after a write that was refused, say: nothing of it kept)."""
    return Game.objects.get(pk=game_id)


@dataclass(frozen=True)
class GamePlace:
    """Where a game belongs: the fixture (with its competition and round) it is played for, or
    was until it was abandoned; None for a game of its own. ``withdrawn``: for a game
    abandoned because a side of its match withdrew from the league, that side's name (else
    blank)."""

    fixture: Fixture | None
    withdrawn: str = ""


def game_place(game: Game) -> GamePlace:
    """The game's fixture, or the one it was abandoned from (one query; none for a game of its
    own)."""
    related = ("competition", "round")
    if game.fixture_id is not None:
        return GamePlace(Fixture.objects.select_related(*related).get(pk=game.fixture_id))
    if game.abandoned:
        event = (
            MatchEvent.objects.filter(game=game, kind=MatchEvent.Kind.ABANDON)
            .select_related(*(f"fixture__{name}" for name in related))
            .first()
        )
        if event is None:
            return GamePlace(None)
        withdrawn = ""
        if event.side is not None:
            names = FixtureSide.objects.filter(fixture_id=event.fixture_id, side=event.side)
            withdrawn = " & ".join(names.values_list("entrant__name", flat=True))
        return GamePlace(event.fixture, withdrawn)
    return GamePlace(None)


@dataclass(frozen=True)
class SheetLayout:
    """What a page's sheet needs beyond its rows: the columns the game keeps
    (:class:`SheetColumns`), with a roem column each side's :class:`SideTotals`."""

    columns: SheetColumns
    totals: tuple[SideTotals, ...] = ()

    @property
    def per_side(self) -> int:
        """The columns under a side's name: points (and roem) and the total."""
        return 3 if self.columns.roem else 2

    @property
    def marks_heading(self) -> str:
        """The marks column's heading: "nat / pit", "dedans / capot / litige"."""
        return " / ".join(self.columns.marks)


def sheet_layout(rules: Ruleset, rows: Sequence[DealRow], totals: Sequence[int]) -> SheetLayout:
    """The :class:`SheetLayout` of a sheet of ``rules`` showing ``rows`` (from the first deal)
    and the game's ``totals``; no query."""
    columns = sheet_columns(rules)
    return SheetLayout(columns, tuple(side_totals(rows, totals)) if columns.roem and totals else ())
