"""What a hick sheet prints, as plain frozen dataclasses: a played game's sheet
(:class:`GameSheet`, a :class:`SheetRow` a deal) and a blank sheet to fill in at the table
(:class:`BlankSheet`, with its sides' :class:`EntryLink`).

The areas that know a game or a tournament build them
(:func:`league.games.selectors.game_sheet_pdf`, :func:`league.tournaments.presenters.table_pack`,
the blank sheets' view); the PDF renderer (:mod:`league.printing.pdf.sheets`) draws them. A
module of its own, free of reportlab and of the database, so that the builders need not import
the renderer. The words are defined in :mod:`league.printing.pdf.sheets`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BlankSheet", "EntryLink", "GameSheet", "SheetColumns", "SheetRow"]


@dataclass(frozen=True)
class SheetColumns:
    """The columns a game's players keep beyond part one's mark and total a side (RULES.md
    part two), from its ruleset (:func:`league.games.selectors.sheet_columns`):

    - ``roem``: a side's points and its *roem* (melds, stuk and pit: every side scores its
      own, ``meld_scoring: each``) in two columns, then its total; the totals row adds up each;
    - ``contract``: the contract (the bid, or "capot") and its *factor* (x2 contrée, x4
      surcontrée) before the sides (a game with bidding: coinche);
    - ``marks``: the words the game writes in a column of marks after the sides ("nat",
      "pit"; "dedans", "capot", "litige"): its heading; () for no such column.

    All off: part one's sheet, as it always was."""

    roem: bool = False
    contract: bool = False
    marks: tuple[str, ...] = ()

    @property
    def plain(self) -> bool:
        """Part one's sheet: a mark and a total a side, nothing more."""
        return not (self.roem or self.contract or self.marks)


@dataclass(frozen=True)
class SheetRow:
    """One deal's line on the sheet."""

    number: int  # deal number, 1-based
    marks: tuple[str, ...]  # per side, as written: "100", "XX" (set makers), "-" (a zero)
    running: tuple[int, ...]  # each side's total after this deal
    makers: int | None  # side index that made trump, None for a void deal or a renege
    note: str = ""  # "void: misdeal", "renege by Anna & Ben", "tie: 124 held", "belle", ...
    dealer: str = ""  # who dealt this deal ("Carl"); "" when not known
    # With SheetColumns.roem: per side, the points cell ("nat", "-", "162": the deal's points
    # less its roem) and the roem cell ("" for none); else ().
    points: tuple[str, ...] = ()
    roem: tuple[str, ...] = ()
    # With SheetColumns.contract: the contract ("100", "capot"; "" for none) and its factor
    # ("x2", "x4"; "" for none).
    contract: str = ""
    factor: str = ""
    # With SheetColumns.marks: the deal's marks as written ("pit", "nat", "dedans", "capot
    # (Carl & Dora)"); "" for none.
    marks_text: str = ""
    # Per side, whether its makers went set in this deal (not a tie that held points); ()
    # when not known (then the set mark in ``marks`` says it).
    sets: tuple[bool, ...] = ()


@dataclass(frozen=True)
class GameSheet:
    """A game as played so far (or finished), ready to print."""

    title: str
    ruleset_name: str
    ruleset_lines: tuple[str, ...]  # the rules in short lines, overrides included
    side_names: tuple[str, ...]  # 2 or 3 sides
    target: int | None  # None: a game of a fixed number of deals only
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    winner: int | None  # side index, None while the game goes on (or for a drawn game)
    held: int = 0  # points held under the tie rule "hang" at the end
    table: str = ""
    date: str = ""
    club: str = ""
    page_size: str = "A4"  # "A4" or "Letter"
    next_dealer: str = ""  # who deals the next deal of a game in play; "" when over
    deals: int | None = None  # a game of this many deals (a boom of 16): rows still to play
    drawn: bool = False  # a game of fixed deals that ended with equal totals
    columns: SheetColumns = SheetColumns()
    # With SheetColumns.roem: per side, its points (less roem) and its roem over the game.
    side_totals: tuple[tuple[int, int], ...] = ()
    # What a set is called in the chart's legend: "XX", "nat", "dedans".
    set_mark: str = "XX"


@dataclass(frozen=True)
class EntryLink:
    """A side's entry link on a sheet: printed as a QR code with ``label`` beside it
    ("Anna & Ben enter here") and ``url`` (absolute) under it."""

    label: str
    url: str


@dataclass(frozen=True)
class BlankSheet:
    """One empty sheet for a table to fill in by hand.

    A tournament's table pack pre-fills more of it: the round (``round_name``: "Round 2 ·
    semi-final"), the date, and the sides' ``entry_links`` (at most one a side), drawn in a
    strip between the header and the grid."""

    ruleset_name: str
    ruleset_lines: tuple[str, ...]
    sides: int  # 2 or 3 columns
    side_names: tuple[str, ...] = ()  # names to pre-fill; may be shorter than ``sides``
    table: str = ""
    target: int | None = 500  # None: a game of a fixed number of deals only
    title: str = ""
    deal_rows: int = 30
    deals: int | None = None  # a game of this many deals (then as many deal rows)
    columns: SheetColumns = SheetColumns()
    round_name: str = ""
    date: str = ""  # as printed; a line to write it on when empty
    entry_links: tuple[EntryLink, ...] = ()
