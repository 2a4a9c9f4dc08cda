"""The public bracket page (:func:`bracket_page`) and the documents it links
(:func:`tournament_pdfs`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from league.models import Competition, CompetitionKind, TournamentFormat
from league.tournaments import selectors
from league.tournaments.presenters.bracket import BracketDisplay, bracket_display
from league.tournaments.presenters.pairings import (
    PairingRound,
    PoolTable,
    pairing_rounds,
    pairings_title,
    pool_tables,
)
from league.tournaments.presenters.words import NOT_DRAWN, format_name


# -- the public page --------------------------------------------------------------------------
@dataclass(frozen=True)
class BracketPage:
    """What the public bracket page shows: the bracket (elimination formats, the knockout
    after pools), the pool tables, the pairings (latest round first on the page), and the
    entrants' names, best seed first."""

    format_name: str
    entrants: tuple[str, ...]
    bracket: BracketDisplay | None
    pools: tuple[PoolTable, ...]
    rounds: tuple[PairingRound, ...]
    rounds_title: str
    has_standings: bool
    note: str


def bracket_page(competition: Competition) -> BracketPage:
    entrants = selectors.tournament_entrants(competition)
    fmt = competition.format
    display = bracket_display(competition, entrants)
    rounds = pairing_rounds(competition)
    return BracketPage(
        format_name=format_name(competition),
        entrants=tuple(e.name for e in entrants),
        bracket=display,
        pools=pool_tables(competition, entrants) if fmt == TournamentFormat.POOLS else (),
        rounds=rounds,
        rounds_title=pairings_title(competition),
        has_standings=fmt in (TournamentFormat.SWISS, TournamentFormat.ROUND_ROBIN),
        note=_(NOT_DRAWN) if display is None and not rounds else "",
    )


def tournament_pdfs(competition: Competition) -> list[tuple[str, str]]:
    """The tournament's printed documents anybody may open, as (label, address): the draw
    and the ranking, once it has started (before, there is nothing on them); none for a
    competition that is not a tournament."""
    if competition.kind != CompetitionKind.TOURNAMENT or not competition.started:
        return []
    pairings = competition.format in (TournamentFormat.SWISS, TournamentFormat.ROUND_ROBIN)
    return [
        (
            _("Pairings (PDF)") if pairings else _("Bracket (PDF)"),
            reverse("printing:bracket-pdf", args=[competition.slug]),
        ),
        (_("Ranking (PDF)"), reverse("printing:ranking-pdf", args=[competition.slug])),
    ]
