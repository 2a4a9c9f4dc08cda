"""Every read shape a view, a table or a PDF needs, with a bounded number of queries.

A *sheet row* is one deal as the hick sheet shows it: the marks each side wrote, the running
totals, who made trump and a note (void, renege, tie held, melds, belle).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import F, QuerySet
from django.utils import timezone

from league.models import Deal, DealAudit, Fixture, Game, MatchEvent
from league.printing.pdf.sheets import GameSheet, SheetRow
from league.rulebook.text import SET_AWARD_SHORT, TIE_RULE_SHORT, describe
from scoring import MELD_LABELS, InvalidDeal, Ruleset, score_deal
from scoring.game import stored_held_outcome


@dataclass(frozen=True)
class SideCell:
    """One side's two cells of a sheet row: the mark written for the deal and the total."""

    mark: str
    total: int
    set: bool


@dataclass(frozen=True)
class DealRow:
    number: int
    version: int
    makers: str
    makers_index: int | None
    marks: tuple[str, ...]
    running: tuple[int, ...]
    note: str

    @property
    def cells(self) -> list[SideCell]:
        return [
            SideCell(mark, total, mark == "XX")
            for mark, total in zip(self.marks, self.running, strict=True)
        ]


def ruleset_lines(rules: Ruleset) -> tuple[str, ...]:
    """A few short lines that tell a sheet's reader which rules scored it."""
    melds = ", ".join(
        f"{MELD_LABELS[kind].lower()} {value}" for kind, value in rules.meld_values.items()
    )
    lines = [
        f"{rules.name}: game to {rules.target}",
        f"On a set: makers XX, opponents {SET_AWARD_SHORT[rules.set_award]}. "
        f"On a tie: {TIE_RULE_SHORT[rules.tie_rule]}.",
        f"Melds: {melds}; belle {rules.belle_value}. Renege: {rules.renege_award} + own melds.",
    ]
    changes = describe(rules).changes
    if changes:
        lines.append(
            "House rules: "
            + "; ".join(f"{c.label} {c.value} (preset: {c.preset_value})" for c in changes)
        )
    return tuple(lines)


#: What a sheet notes of a tied deal, by tie rule (``hang`` says what it holds instead).
TIE_NOTES = {"set": "tie: counts as a set", "own": "tie: the makers score nothing"}


def _tied(rules: Ruleset, deal: Deal) -> bool:
    """Whether a stored deal the makers did not make was a tie (scored again to find out: the
    combined points are not stored)."""
    if deal.made is not False:
        return False
    try:
        return score_deal(rules, deal.to_engine()).tied
    except InvalidDeal:  # stored under older rules; the sheet still shows it
        return False


def _note(
    deal: Deal, names: Sequence[str], held_before: int = 0, rules: Ruleset | None = None
) -> str:
    if deal.void:
        return f"Void: {deal.get_void_reason_display().lower()}" if deal.void_reason else "Void"
    if deal.renege == "both":
        return "Both sides reneged: void"
    parts = []
    if deal.renege:
        parts.append(f"Renege by {names[int(deal.renege)]}")
    for side, kinds in enumerate(deal.melds or []):
        if kinds:
            melds = ", ".join(MELD_LABELS[k].lower() for k in kinds)
            parts.append(f"{melds} ({names[side]})")
    if deal.belle is not None:
        parts.append(f"belle ({names[deal.belle]})")
    if deal.no_trump:
        parts.append("no trump")
    held = stored_held_outcome(deal.points, deal.made, deal.held, held_before)
    if held.hung:
        parts.append(f"tie: {held.hung} held")
    elif rules is not None and rules.tie_rule in TIE_NOTES and _tied(rules, deal):
        parts.append(TIE_NOTES[rules.tie_rule])
    elif held.taken_by is not None:
        parts.append(f"{names[held.taken_by]} takes the {held.taken} held")
    return "; ".join(parts)


def deal_rows(game: Game, deals: Sequence[Deal]) -> list[DealRow]:
    names = game.side_names
    rules = game.rules
    rows = []
    held_before = 0  # what the deal before left held (tie rule 'hang')
    for d in deals:
        makers = None if d.renege or d.void else d.makers
        rows.append(
            DealRow(
                number=d.number,
                version=d.version,
                makers="" if makers is None else names[makers],
                makers_index=makers,
                marks=tuple(d.marks),
                running=tuple(d.running),
                note=_note(d, names, held_before, rules),
            )
        )
        held_before = d.held
    return rows


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


def game_audit(game: Game) -> QuerySet[DealAudit]:
    return game.audit.select_related("by")


def game_list() -> QuerySet[Game]:
    """Every game but those abandoned (started by mistake: they count nowhere), each with its
    club's time zone (``club_time_zone``; None for a casual game) for its start time."""
    return Game.objects.filter(abandoned_at__isnull=True).annotate(
        club_time_zone=F("fixture__competition__club__time_zone")
    )


def game_sheet_pdf(game: Game, page_size: str = "A4") -> GameSheet:
    """The filled hick sheet of a game, as the PDF renderer takes it."""
    rules = game.rules
    rows = deal_rows(game, game_deals(game))
    return GameSheet(
        title=game.title or rules.name,
        ruleset_name=rules.name,
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
            )
            for r in rows
        ),
        totals=tuple(game.display_totals),
        winner=game.winner,
        held=game.held,
        table=game.table,
        # The day it started on the clock of the page's request (its club's, if it has one).
        date=timezone.localdate(game.created_at).isoformat(),
        page_size=page_size,
    )


def game_afresh(game_id: int) -> Game:
    """The game as stored now (after a write that was refused, say: nothing of it kept)."""
    return Game.objects.get(pk=game_id)


@dataclass(frozen=True)
class GamePlace:
    """Where a game belongs: the fixture (with its competition and round) it is played for, or
    was until it was abandoned; None for a game of its own."""

    fixture: Fixture | None


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
        return GamePlace(event.fixture if event is not None else None)
    return GamePlace(None)
