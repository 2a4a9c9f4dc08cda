"""The deal form as the page shows it: its rows and the preview of what the deal scores.

:class:`~league.games.forms.DealForm` validates; this module turns a form (bound or not,
validated or not) into plain frozen dataclasses that ``templates/includes/deal_form.html`` and
its parts draw, and into the preview's JSON.

Words:

- a *card-points row* is one side's card-point box (:class:`CardPointsRow`);
- a *meld row* is one meld kind the ruleset pays, with one count box a side
  (:class:`MeldRow`); the *common* melds (:data:`COMMON_MELDS`) are shown at once, the others
  fold under "More melds" until one is entered;
- a *declared side* is a side's rows of declared melds (a meld, a card, "in trumps"), under
  the ruleset's way of entering the melds each side declared (:class:`DeclaredSide`);
- a *roem row* is a side's roem box (klaverjas: its melds as a number), with the quick
  buttons static/js/roem.js shows (:class:`RoemRow`);
- a *bonus side* is a side's bonus checkboxes (klebias-norm: Shlomo HaMelech, Cleopatra;
  the bimah is one box, the makers') (:class:`BonusSide`);
- the *preview* is what the deal will score, once the form is valid (:class:`DealPreview`):
  a summary ("Made.", "Set (XX): ...", "Nat: ...", "Dedans: ...", "Litige: ...", then the
  contract and every trick where the game has them), each side's points and mark, the points
  held after it, and who scores the declared melds and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.forms import BoundField
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from league.engine_words import engine_word
from league.games import selectors
from league.games.forms import ROEM_STEPS, DealForm, deal_form
from league.models import Game
from scoring import DealResult
from scoring.rules import CAPOT, MELD_WORDS

#: The melds shown at once; the others fold under "More melds" (three of a kind under its own
#: heading) until one is entered.
COMMON_MELDS = ("run3", "run4")


@dataclass(frozen=True)
class CardPointsRow:
    """A side's card-point box, with its own message (a number out of range), if any."""

    index: int
    name: str
    card_points: BoundField
    error: str | None


@dataclass(frozen=True)
class MeldCell:
    """One side's count box of one meld kind."""

    field: BoundField
    side: str
    error: str | None


@dataclass(frozen=True)
class MeldRow:
    """A meld kind the ruleset pays: its label, its value and one count box a side."""

    kind: str
    label: str
    words: str  # inside a sentence ("Add a run of 3 for Anna"), in the reader's language
    value: int | None
    cells: tuple[MeldCell, ...]


@dataclass(frozen=True)
class RoemRow:
    """A side's roem box (its melds as a number), with its own message, if any."""

    index: int
    name: str
    field: BoundField
    error: str | None


@dataclass(frozen=True)
class BonusSide:
    """A side's bonus checkboxes (those the ruleset pays, but the bimah)."""

    index: int
    name: str
    field: BoundField


@dataclass(frozen=True)
class DeclaredRow:
    """One meld a side declared: what meld, up to or of which card, and whether in trumps;
    ``error_key`` is the field its message (if any) is about."""

    number: int  # from 1
    meld: BoundField
    card: BoundField
    trump: BoundField
    error_key: str
    error: str | None


@dataclass(frozen=True)
class DeclaredSide:
    """A side's rows of declared melds; ``can_add``: whether it may have one row more."""

    index: int
    name: str
    rows: tuple[DeclaredRow, ...]
    can_add: bool


@dataclass(frozen=True)
class PreviewSide:
    name: str
    points: int
    mark: str  # as written on the sheet: "100", "XX", "-"


@dataclass(frozen=True)
class DealPreview:
    """What the deal will score; when the form is not valid, ``errors`` keyed by where the
    page shows each (:meth:`DealForm.placed_errors`)."""

    valid: bool
    summary: str = ""
    made: bool | None = None  # None for a void deal or a renege
    sides: tuple[PreviewSide, ...] = ()
    held: int = 0
    melds: str = ""  # who scores the declared melds and why; "" when none were declared
    errors: Mapping[str, str] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """As the preview endpoints answer it (static/js/deal-entry.js reads it)."""
        if not self.valid:
            return {"valid": False, "errors": dict(self.errors)}
        return {
            "valid": True,
            "summary": self.summary,
            "made": self.made,
            "sides": [
                {"name": side.name, "points": side.points, "mark": side.mark} for side in self.sides
            ],
            "held": self.held,
            "melds": self.melds,
        }


@dataclass(frozen=True)
class DealEntry:
    """The deal form's parts, as ``templates/includes/deal_form.html`` draws them."""

    side_rows: tuple[CardPointsRow, ...]
    common_meld_rows: tuple[MeldRow, ...]
    more_meld_rows: tuple[MeldRow, ...]  # the rarer melds, folded under "More melds"
    more_melds_label: str  # what "More melds" holds: "run of 5 or more, four of a kind"
    more_melds_open: bool  # a rarer meld has a count or an error: never hide input
    declared_sides: tuple[DeclaredSide, ...]
    no_trump_total: int  # the card points of a deal without trumps
    top_errors: tuple[str, ...]  # errors not shown next to a part of the form
    preview: DealPreview
    three_meld_rows: tuple[MeldRow, ...] = ()  # three of a kind, folded under its own heading
    three_melds_open: bool = False
    melds_legend: str = ""  # "Melds", "Announcements", "Roem"
    melds_help: str = ""  # who scores them
    roem_rows: tuple[RoemRow, ...] = ()
    roem_steps: tuple[int, ...] = ROEM_STEPS
    belle_legend: str = ""  # "Belle", "Stuk", "Belote-rebelote"
    all_tricks_legend: str = ""  # "Every trick (pit)", "Capot"; "" when the game has none
    all_tricks_help: str = ""
    bonus_sides: tuple[BonusSide, ...] = ()


def deal_entry(form: DealForm) -> DealEntry:
    """The form's parts for the page; build it once the form is validated (and any refusal
    shown on it), as the page is rendered."""
    meld_rows = _meld_rows(form)
    threes = tuple(row for row in meld_rows if row.kind.startswith("three_"))
    more = tuple(row for row in meld_rows if row.kind not in COMMON_MELDS and row not in threes)
    rules = form.rules
    return DealEntry(
        side_rows=tuple(
            CardPointsRow(
                index=i,
                name=name,
                card_points=form[f"card_points_{i}"],
                error=form.field_errors.get(f"card_points_{i}"),
            )
            for i, name in enumerate(form.side_names)
        ),
        common_meld_rows=tuple(row for row in meld_rows if row.kind in COMMON_MELDS),
        more_meld_rows=more,
        more_melds_label=_more_melds_label(more, belote=rules.meld_words == "belote"),
        more_melds_open=_any_entered(more),
        three_meld_rows=threes,
        three_melds_open=_any_entered(threes),
        melds_legend=_melds_legend(form),
        melds_help=_melds_help(form),
        roem_rows=tuple(
            RoemRow(
                index=i,
                name=name,
                field=form[f"roem_{i}"],
                error=form.field_errors.get(f"roem_{i}"),
            )
            for i, name in enumerate(form.side_names)
            if f"roem_{i}" in form.fields
        ),
        belle_legend=(
            pgettext("klaverjas: king and queen of trumps", "Stuk")
            if form.roem
            else pgettext("belote: king and queen of trumps", "Belote-rebelote")
            if rules.meld_words == "belote"
            else _("Belle")
        ),
        all_tricks_legend=(
            ""
            if rules.all_tricks == "none"
            else pgettext("klaverjas: every trick", "Pit (every trick)")
            if rules.all_tricks == "bonus"
            else pgettext("belote: every trick", "Capot (every trick)")
        ),
        all_tricks_help=(
            (_("%(value)s roem more") if form.roem else _("%(value)s more"))
            % {"value": rules.all_tricks_value}
            if rules.all_tricks == "bonus"
            else _("the side's card points count %(value)s") % {"value": rules.all_tricks_value}
            if rules.all_tricks == "capot"
            else ""
        ),
        bonus_sides=tuple(
            BonusSide(index=i, name=name, field=form[f"bonuses_{i}"])
            for i, name in enumerate(form.side_names)
            if f"bonuses_{i}" in form.fields
        ),
        declared_sides=_declared_sides(form),
        no_trump_total=form.rules.card_total(no_trump=True),
        top_errors=_top_errors(form),
        preview=deal_preview(form),
    )


def _any_entered(rows: tuple[MeldRow, ...]) -> bool:
    """Whether a meld of ``rows`` has a count or an error: its heading then opens."""
    return any(
        any(c.error for c in row.cells)
        or any(str(c.field.value() or "").strip() not in ("", "0") for c in row.cells)
        for row in rows
    )


def _melds_legend(form: DealForm) -> str:
    if form.roem:
        return pgettext("klaverjas: melds scored on the table", "Roem")
    if form.rules.meld_words == "belote":
        return pgettext("belote: melds", "Announcements")
    return _("Melds")


def _melds_help(form: DealForm) -> str:
    if form.roem:
        return _("(each side its own, as a number; stuk below)")
    if form.rules.meld_words == "belote":
        return _("(only the side with the best announcement scores them)")
    return _("(only the side with the best meld scores them)")


def _meld_rows(form: DealForm) -> tuple[MeldRow, ...]:
    """Per meld kind the ruleset pays: its label, its value and one count field a side."""
    if form.declaring or form.roem:
        return ()  # the melds each side declared, or its roem, are entered instead
    labels = form.meld_labels
    return tuple(
        MeldRow(
            kind=kind,
            label=labels[kind],
            words=engine_word(MELD_WORDS[kind]),
            value=form.rules.meld_value(kind),
            cells=tuple(
                MeldCell(
                    field=form[f"meld_{i}_{kind}"],
                    side=name,
                    error=form.field_errors.get(f"meld_{i}_{kind}"),
                )
                for i, name in enumerate(form.side_names)
            ),
        )
        for kind in form.meld_kinds
    )


def _more_melds_label(more: tuple[MeldRow, ...], belote: bool = False) -> str:
    """What "More melds" holds, in a few words: "run of 5 or more, four of a kind"; in
    belote's words (``belote``) "quinte, carré"."""
    kinds = [row.kind for row in more]
    words = []
    for k in kinds:
        if k.startswith("four_"):
            continue
        words.append(
            pgettext("a meld, inside a list", "quinte")
            if belote and k == "run5"
            else engine_word(MELD_WORDS[k])
        )
    if any(k.startswith("four_") for k in kinds):
        words.append(
            pgettext("a meld, inside a list", "carré")
            if belote
            else pgettext("a meld, inside a list", "four of a kind")
        )
    return ", ".join(words)


def _declared_sides(form: DealForm) -> tuple[DeclaredSide, ...]:
    """Per side: its name, its rows of declared-meld fields and each row's message."""
    sides = []
    for i, name in enumerate(form.side_names):
        rows = []
        row = 0
        while f"declared_{i}_{row}_meld" in form.fields:
            prefix = f"declared_{i}_{row}"
            rows.append(
                DeclaredRow(
                    number=row + 1,
                    meld=form[f"{prefix}_meld"],
                    card=form[f"{prefix}_card"],
                    trump=form[f"{prefix}_trump"],
                    error_key=f"{prefix}_card"
                    if f"{prefix}_card" in form.field_errors
                    else f"{prefix}_meld",
                    error=form.field_errors.get(f"{prefix}_meld")
                    or form.field_errors.get(f"{prefix}_card"),
                )
            )
            row += 1
        sides.append(
            DeclaredSide(index=i, name=name, rows=tuple(rows), can_add=row < form.MAX_DECLARED)
        )
    return tuple(sides)


def _top_errors(form: DealForm) -> tuple[str, ...]:
    """Errors not shown next to a part of the form."""
    shown = set(form.group_errors.values())
    return tuple(str(e) for e in form.non_field_errors() if e not in shown)


def declared_text(form: DealForm) -> str:
    """Who scores the declared melds and why, once the deal is valid; else ""."""
    deal = form.deal
    if deal is None or not deal.declared or deal.renege == "both":
        return ""
    if isinstance(deal.renege, int):
        return selectors.renege_melds_text(form.rules, deal, form.side_names)
    return selectors.declared_winner_text(
        form.rules, deal.declared, form.side_names, form.elder, deal.no_trump
    )


def deal_preview(form: DealForm) -> DealPreview:
    """What the deal will score, once the form is valid; else where each error shows."""
    if form.result is None:
        return DealPreview(valid=False, errors=form.placed_errors())
    r = form.result
    return DealPreview(
        valid=True,
        summary=" ".join([_summary(form, r), *_family_sentences(form, r)]),
        made=r.made,
        sides=tuple(
            PreviewSide(name=name, points=p, mark=m)
            for name, p, m in zip(form.side_names, r.points, r.marks, strict=True)
        ),
        held=r.held,
        melds=declared_text(form),
    )


def _summary(form: DealForm, r: DealResult) -> str:
    """What happened to the makers, in the game's own words: a set is *nat* in klaverjas
    (``set_mark``), *dedans* in belote and coinche (``meld_words: belote``); a belote tie
    whose makers' points are held is a *litige*."""
    rules = form.rules
    nat = rules.set_mark == "nat"
    dedans = rules.meld_words == "belote"
    # The takers keep their belote-rebelote on dedans only when they have it.
    kept = (
        rules.belle_on_set == "kept"
        and form.deal is not None
        and form.deal.belle is not None
        and form.deal.belle == form.deal.makers
    )
    if r.void:
        return _("Void deal: nobody scores.")
    if r.renege is not None:
        return _("Renege: play stops.")
    if r.made:
        return pgettext("the makers made it", "Made.")
    if r.tied and rules.tie_rule == "hang":
        return _("Tie: nobody scores now; %(held)s held for the next winner.") % {"held": r.held}
    if r.tied and rules.tie_rule == "litige":
        return _(
            "Litige: the defenders score theirs; the takers' %(held)s are held for the winner "
            "of the next deal."
        ) % {"held": r.held}
    if r.tied and rules.tie_rule == "own":
        return _("Tie: the makers score nothing.")
    if nat:
        return (
            _("Tie, which is nat: the makers score nothing.")
            if r.tied
            else _("Nat: the makers score nothing.")
        )
    if dedans:
        if r.tied:
            return (
                _("Tie, which is dedans: the takers score only their belote-rebelote.")
                if kept
                else _("Tie, which is dedans: the takers score nothing.")
            )
        return (
            _("Dedans: the takers score only their belote-rebelote.")
            if kept
            else _("Dedans: the takers score nothing.")
        )
    if r.tied:
        return _("Tie, which counts as a set (XX): the makers score nothing.")
    return _("Set (XX): the makers score nothing.")


def _family_sentences(form: DealForm, r: DealResult) -> list[str]:
    """The contract and its doubling (coinche), and the side that took every trick (pit,
    capot), a sentence each, after the summary."""
    rules = form.rules
    deal = form.deal
    out = []
    if deal is not None and deal.bid is not None and r.void is False and r.renege is None:
        bid = pgettext("a bid: every trick", "capot") if deal.bid == CAPOT else str(deal.bid)
        params = {"bid": bid, "factor": r.factor}
        if deal.contre == 2:
            out.append(_("Contract: %(bid)s, surcontrée (×%(factor)s).") % params)
        elif deal.contre == 1:
            out.append(_("Contract: %(bid)s, contrée (×%(factor)s).") % params)
        else:
            out.append(_("Contract: %(bid)s.") % params)
    if r.all_tricks is not None:
        params = {"side": form.side_names[r.all_tricks]}
        if rules.all_tricks == "bonus":
            out.append(_("Pit: %(side)s took every trick.") % params)
        else:
            out.append(_("Capot: %(side)s took every trick.") % params)
    return out


#: The query parameter by which a preview request names the stored deal it corrects
#: (``?deal=3``); a preview without it is of the game's next deal. The correction page puts
#: it on the preview URL that the deal-entry script posts the form to.
CORRECTING = "deal"


def preview_deal(game: Game, data: Any, query: Mapping[str, str]) -> dict[str, Any]:
    """What the deal posted in a preview request will score (:func:`deal_preview`, as JSON):
    as a correction of the deal its query names (:data:`CORRECTING`), else as the game's next
    deal.

    A deal the game has not got (deleted since the correction page was opened) is an error of
    the ``game`` group, like any deal that cannot be saved.
    """
    number = query.get(CORRECTING)
    correcting = None
    if number is not None:
        correcting = selectors.game_deal(game, int(number)) if number.isdecimal() else None
        if correcting is None:
            message = _(
                "This game has no deal %(number)s to correct: somebody may have deleted it."
            ) % {"number": number}
            return {"valid": False, "errors": {"game": message}}
    form = deal_form(game, data, correcting=correcting)
    form.is_valid()
    return deal_preview(form).as_json()
