"""Games and deals as the scorer entered them, and the audit of every correction.

Words (see RULES.md and DESIGN.md):

- *game*: deals until a side reaches the target, scored by the ruleset copied onto the game
  when it started, so that a later change of a league's rules never rewrites history.
- *side*: who scores together (a player, or a partnership in four-hand games), by index from 0.
- *deal*: what the scorer entered (makers, card points, melds, belle, renege, void, no-trump)
  and what the engine gave for it (points, marks, running totals), kept so that sheets and
  standings read without re-scoring; ``league.games.services.game_recompute`` is the one
  place that writes the engine's columns.
- *audit*: one row per correction (an edit, a deletion or an undo of a deal): who, when,
  before, after.
"""

from __future__ import annotations

import functools
import json
import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

import scoring
from league.models.competitions import Fixture, FixtureStatus
from league.wording import result_text
from scoring import Ruleset, ruleset_from_data
from scoring.deal import Renege


@functools.lru_cache(maxsize=256)
def _ruleset(data: str) -> Ruleset:
    """The ruleset stored as ``data`` (JSON), built once for every game that plays it: a game's
    ruleset is read on every deal saved (make bench), and one object names it in a cache (the
    deal form's fields) without comparing every rule. Rulesets never change."""
    return ruleset_from_data(json.loads(data))


class VoidReason(models.TextChoices):
    """Every void reason the engine knows (``scoring.rules.VOID_REASONS``); which of them a
    game offers is its ruleset's (``Ruleset.void_reasons``)."""

    # The engine's words (scoring.VOID_REASON_LABELS), marked for translation here.
    PASSED = "passed", pgettext_lazy("void reason", "Everybody passed")
    SCHMEISS = "schmeiss", pgettext_lazy("void reason", "Schmeiss accepted")
    MISDEAL = "misdeal", pgettext_lazy("void reason", "Misdeal")


#: Each void reason as it reads inside a sentence ("choose everybody passed or misdeal").
VOID_REASON_IN_SENTENCE = {
    VoidReason.PASSED: pgettext_lazy("void reason, inside a sentence", "everybody passed"),
    VoidReason.SCHMEISS: pgettext_lazy("void reason, inside a sentence", "schmeiss accepted"),
    VoidReason.MISDEAL: pgettext_lazy("void reason, inside a sentence", "misdeal"),
}


class MeldEntry(models.TextChoices):
    """How a game's scorer enters melds: the melds the side with the best scored (the table
    settled it), or what each side declared (the engine settles it, RULES.md "Who scores
    melds")."""

    SCORED = "scored", pgettext_lazy("how melds are entered", "Melds scored")
    DECLARED = "declared", pgettext_lazy("how melds are entered", "Melds declared")


class GameQuerySet(models.QuerySet["Game"]):
    """Games by where they stand. A game is *finished* once it has a winner or ended level (a
    drawn boom: ``drawn``, winner None); *in play* until then: a winner of None alone does not
    say a game goes on."""

    def in_play(self) -> GameQuerySet:
        """The games not finished (abandoned ones included: filter those apart)."""
        return self.filter(game_in_play())

    def finished(self) -> GameQuerySet:
        """The games that have ended, won or drawn."""
        return self.exclude(game_in_play())


def game_in_play(prefix: str = "") -> models.Q:
    """The filter of games still in play, through ``prefix`` (``"fixtures__games__"``) from
    another model: no winner and not drawn."""
    return models.Q(**{f"{prefix}winner__isnull": True, f"{prefix}drawn": False})


class Game(models.Model):
    title = models.CharField(max_length=120, blank=True)
    preset = models.CharField(max_length=32)
    ruleset_data = models.JSONField(help_text="The ruleset as plain data, copied at the start.")
    side_names = models.JSONField(help_text="One name a side, in side order.")
    table = models.CharField(max_length=20, blank=True)
    # The seat that dealt the first deal (seats go round the table from 0; a seat's side is
    # seat % sides); who deals each later deal follows from the deals (scoring.dealers).
    first_dealer = models.PositiveSmallIntegerField(default=0)
    # The way this game's scorer enters melds, remembered for the next deal.
    meld_entry = models.CharField(
        max_length=10, choices=MeldEntry.choices, default=MeldEntry.SCORED
    )
    fixture = models.ForeignKey(
        Fixture, null=True, blank=True, on_delete=models.RESTRICT, related_name="games"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    scorers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="games_scored"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Written by the game services only: game_add_deal for a new last deal, game_recompute
    # for the whole game after a correction.
    totals = models.JSONField(default=list)
    held = models.PositiveIntegerField(default=0)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    # A game of a fixed number of deals (a boom, a partie) that ended with equal totals.
    drawn = models.BooleanField(default=False)
    deal_count = models.PositiveIntegerField(default=0)
    side_stats = models.JSONField(default=list, blank=True)
    # Counts every write to the engine's columns above (a deal added, corrected or deleted), so
    # that adding a deal from a game read before a correction is noticed and redone.
    version = models.PositiveIntegerField(default=0)
    # Set when an organiser abandons a game started by mistake: it is taken off its fixture
    # (which is unplayed again), kept for the record, and counts nowhere.
    abandoned_at = models.DateTimeField(null=True, blank=True)
    abandoned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.title or self.sides_text

    @cached_property
    def rules(self) -> Ruleset:
        """The game's ruleset (read once per instance: it never changes after the start)."""
        return _ruleset(json.dumps(self.ruleset_data, sort_keys=True))

    @property
    def finished(self) -> bool:
        return self.winner is not None or self.drawn

    @property
    def abandoned(self) -> bool:
        return self.abandoned_at is not None

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.side_names[self.winner]

    @property
    def winner_total(self) -> int | None:
        return None if self.winner is None else self.totals[self.winner]

    @property
    def display_totals(self) -> list[int]:
        return self.totals or [0] * len(self.side_names)

    @property
    def sides_text(self) -> str:
        """The sides' names, as a fixture names its match: "Anna v Ben"."""
        versus = pgettext("between the names of the sides of a game: Anna v Ben", "v")
        return f" {versus} ".join(self.side_names)

    @property
    def score_line(self) -> str:
        """How the game stands, each side with its total: "Anna & Ben 440 · Carl & Dora 390"
        (and the points held, under the tie rule ``hang``)."""
        line = " · ".join(
            f"{name} {total}"
            for name, total in zip(self.side_names, self.display_totals, strict=False)
        )
        return (
            _("%(line)s (%(held)s held)") % {"line": line, "held": self.held} if self.held else line
        )

    @property
    def result_text(self) -> str:
        """Who won, the winner's total first: "Mara & Nils won, 520 – 215"; a drawn game of
        fixed deals, "Drawn, 1296 each"; "" in play."""
        if self.drawn and self.winner is None:
            totals = self.display_totals
            if len(set(totals)) == 1:
                return _("Drawn, %(total)s each") % {"total": totals[0]}
            return _("Drawn, %(scores)s") % {"scores": " – ".join(str(t) for t in totals)}
        if not self.finished:
            return ""
        return result_text(self.side_names, self.display_totals, self.winner)

    @property
    def status_text(self) -> str:
        """What a list of games says of this one: who won (or that it was drawn), or how it
        stands."""
        if self.finished:
            return self.result_text
        scores = " – ".join(str(t) for t in self.display_totals)
        # A list reads its fixture's status with it (``fixture_status``): a void fixture's
        # game is kept for the record, not in play.
        if getattr(self, "fixture_status", None) == FixtureStatus.VOID:
            return _("Stopped at %(scores)s: its match is void") % {"scores": scores}
        if self.held:
            return _("In play: %(scores)s, %(held)s held") % {"scores": scores, "held": self.held}
        return _("In play: %(scores)s") % {"scores": scores}


class Deal(models.Model):
    """One deal of a game, numbered from 1 in the order played."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    # What the scorer entered.
    makers = models.PositiveSmallIntegerField(null=True, blank=True)
    card_points = models.JSONField(null=True, blank=True)
    melds = models.JSONField(default=list, blank=True)
    # The melds each side declared, when entered that way (one list a side of
    # {"run": 4, "top": "K", "trump": true} or {"four": "A"}); the engine decides from them
    # which side scores, on every recompute. Empty when the scored melds were entered.
    declared = models.JSONField(default=list, blank=True)
    belle = models.PositiveSmallIntegerField(null=True, blank=True)
    renege = models.CharField(max_length=4, blank=True, help_text="A side index, 'both' or ''.")
    void = models.BooleanField(default=False)
    void_reason = models.CharField(max_length=16, choices=VoidReason.choices, blank=True)
    no_trump = models.BooleanField(default=False)
    # The rest of the family (RULES.md part two): each side's melds as a number (the Dutch
    # roem), the side that took every trick (pit, capot), the coinche contract ("100",
    # "capot" or "") and its doubling (0 none, 1 contrée, 2 surcontrée), and one list a side
    # of bonuses that are not melds (klebias-norm: "bimah", "shlomo", "cleopatra").
    meld_points = models.JSONField(null=True, blank=True)
    all_tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    bid = models.CharField(max_length=8, blank=True)
    contre = models.PositiveSmallIntegerField(default=0)
    bonuses = models.JSONField(default=list, blank=True)
    # The seat that dealt this deal when that no longer follows from the deals before it (one
    # of them was deleted, and the deals after it keep who dealt them: scoring.dealers);
    # None, as for nearly every deal, when it follows.
    dealer = models.PositiveSmallIntegerField(null=True, blank=True)
    # What the engine gave (game_recompute).
    points = models.JSONField(default=list)
    marks = models.JSONField(default=list)
    made = models.BooleanField(null=True, blank=True)
    running = models.JSONField(default=list)
    held = models.PositiveIntegerField(default=0)
    # Of ``points``, the part that is melds, belle and bonuses: what a sheet writes in the roem
    # column (scoring.DealResult.scored_meld_points).
    meld_scored = models.JSONField(default=list, blank=True)
    # Bookkeeping: a fresh key per entry form makes a resent form harmless, and the version
    # tells a correction that somebody else changed the deal first.
    entry_key = models.UUIDField(default=uuid.uuid4)
    version = models.PositiveIntegerField(default=1)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="deal_number_once_a_game"),
            models.UniqueConstraint(fields=["game", "entry_key"], name="deal_entered_once"),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} of {self.game}"

    def to_engine(self, elder: int | None = None) -> scoring.Deal:
        """The deal as the engine sees it; ``elder`` is the elder hand's side (it settles
        equal declared melds under ``meld_tie: elder``)."""
        renege: Renege = None
        if self.renege == "both":
            renege = "both"
        elif self.renege != "":
            renege = int(self.renege)
        return scoring.Deal(
            makers=self.makers,
            card_points=tuple(self.card_points) if self.card_points is not None else None,
            melds=tuple(tuple(side) for side in self.melds),
            declared=declared_from_data(self.declared) if self.declared else None,
            elder=elder if self.declared else None,
            belle=self.belle,
            renege=renege,
            void=self.void,
            no_trump=self.no_trump,
            meld_points=tuple(self.meld_points) if self.meld_points is not None else None,
            all_tricks=self.all_tricks,
            bid=stored_bid(self.bid),
            contre=self.contre,
            bonuses=tuple(tuple(side) for side in self.bonuses),
        )

    def entered(self) -> dict[str, Any]:
        """What the scorer entered, as plain data (for the audit)."""
        return {
            "makers": self.makers,
            "card_points": self.card_points,
            "melds": self.melds,
            "declared": self.declared,
            "belle": self.belle,
            "renege": self.renege,
            "void": self.void,
            "void_reason": self.void_reason,
            "no_trump": self.no_trump,
            "meld_points": self.meld_points,
            "all_tricks": self.all_tricks,
            "bid": self.bid,
            "contre": self.contre,
            "bonuses": self.bonuses,
            "points": self.points,
            "marks": self.marks,
        }


def stored_bid(bid: str) -> int | str | None:
    """A stored contract as the engine takes it: "" none, "capot", or a number."""
    if not bid:
        return None
    return bid if bid == scoring.rules.CAPOT else int(bid)


def declared_to_data(declared: Any) -> list[list[dict[str, Any]]]:
    """Declared melds (one tuple of :class:`scoring.Declared` a side) as JSON-able data."""
    return [[meld_to_data(m) for m in side] for side in declared]


def meld_to_data(meld: scoring.Declared) -> dict[str, Any]:
    if meld.form == "four":
        return {"four": meld.top}
    if meld.form == "three":
        return {"three": meld.top}
    return {"run": meld.length, "top": meld.top, "trump": meld.trump}


def meld_from_data(data: dict[str, Any]) -> scoring.Declared:
    if "four" in data:
        return scoring.Declared.four(data["four"])
    if "three" in data:
        return scoring.Declared.three(data["three"])
    return scoring.Declared.run(length=data["run"], top=data["top"], trump=data["trump"])


def declared_from_data(data: Any) -> tuple[tuple[scoring.Declared, ...], ...]:
    return tuple(tuple(meld_from_data(m) for m in side) for side in data)


class DealAudit(models.Model):
    """A correction: a deal edited or deleted, with the values before and after."""

    class Action(models.TextChoices):
        EDIT = "edit", pgettext_lazy("a correction of a deal", "Edited")
        DELETE = "delete", pgettext_lazy("a correction of a deal", "Deleted")
        UNDO = "undo", pgettext_lazy("a correction of a deal", "Undone")

    VIA_ENTRY_LINK = "entry_link"
    VIA_FIRST_DEALER = "first_dealer"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="audit")
    deal_number = models.PositiveIntegerField()
    action = models.CharField(max_length=8, choices=Action.choices)
    before = models.JSONField()
    after = models.JSONField(null=True, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # How, when not simply by ``by``, as a code (``DealAudit.VIA_*``): through the entry link
    # of the side ``via_side``, or by a new first dealer rescoring the deal; the words are the
    # reader's (league.stored_words). A sentence from before the codes that could not be read
    # stays as written.
    via = models.CharField(max_length=80, blank=True)
    via_side = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} deal {self.deal_number} of {self.game}"
