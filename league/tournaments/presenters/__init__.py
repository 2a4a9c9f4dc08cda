"""A tournament's display, built once for its pages and its printed documents.

The selectors read (queries only); this module turns what they return into words and layout:
plain frozen dataclasses that the templates (``templates/tournaments/``) and the PDF renderers
(:mod:`league.printing.pdf.tournament`, which take them and return bytes) both draw, so the
public page, the director's page, an entry link's page and the paper never disagree.

Words:

- a *round title* names a bracket match, or its round over a column of boxes: "Round 1",
  "Quarter-final(s)", "Semi-final(s)", "Final"; in a double elimination "Winners' round 1",
  "Winners' semi-final(s)", "Winners' final", "Losers' round 2", "Losers' final", "Grand final",
  "Grand final reset" (its column: "Reset, if needed"); and "Third-place match";
- a *pool name* is "Pool 1": pools are numbered from 0 in the database and from 1 for people;
- a *box* is one bracket match as shown: two sides, home above away, each an entrant's name or
  what will fill it ("Seed 3", "Winner of W1-2", "Loser of W1-2", "Pool 1, 1st", or "bye" for
  nobody), with its score; the box's *status* says in a few words how the match stands
  (:func:`box_status`), and its *tag* what it is where its column's title does not say
  ("Third-place match", drawn under the final);
- a side's *score* is its points in a match of one game, its games won in a longer match, and
  the running game's totals while one is in play (:func:`side_scores`);
- a *section* is a part of the bracket drawn on its own, its *columns* its rounds. The page
  draws the winners' bracket, the losers' bracket and the finals apart; paper draws the grand
  final beside the winners' final that feeds it, so that a line can join them
  (:meth:`BracketDisplay.print_sections`);
- *pairings* are the rounds of a format that is not a bracket (Swiss, round robin, pools), a
  line a table;
- a *place* is "3", or "3=" when two or more share it.

The documents:

- ``/c/<slug>/rounds/<number>/tables.pdf``: one hick sheet a table of the round
  (:func:`table_pack`), a copy for each side with that side's entry link as a QR code;
- ``/c/<slug>/bracket.pdf``: the bracket as it stands, and the pairings (:func:`bracket_sheet`);
- ``/c/<slug>/ranking.pdf``: the places from the bracket, or the standings
  (:func:`ranking_sheet`).

Each is linked (:func:`tournament_pdfs`, and the table sheets of each published round for
organisers) from the director's page, the bracket page and the fixtures page.

The modules, one a section: :mod:`.words`, :mod:`.bracket` (the bracket), :mod:`.pairings`
(pools and pairings), :mod:`.public_page`, :mod:`.director` (the director's page and an
entry link), :mod:`.paper` (the table pack, the bracket sheet, the ranking). Every public name
is re-exported here, so that ``from league.tournaments.presenters import ...`` reads as
before.
"""

from league.tournaments.presenters.bracket import (
    BoxSide,
    BracketBox,
    BracketColumn,
    BracketDisplay,
    BracketSection,
    Placing,
    bracket_display,
)
from league.tournaments.presenters.director import (
    DirectorTable,
    EntryMatch,
    director_rounds,
    entry_match,
    table_status,
)
from league.tournaments.presenters.pairings import (
    PairingRound,
    PairingRow,
    PoolTable,
    pairing_rounds,
    pairings_title,
    pool_tables,
)
from league.tournaments.presenters.paper import (
    BracketSheet,
    RankingRow,
    RankingSheet,
    TablePack,
    bracket_sheet,
    ranking_sheet,
    table_pack,
)
from league.tournaments.presenters.public_page import (
    BracketPage,
    bracket_page,
    tournament_pdfs,
)
from league.tournaments.presenters.words import (
    BYE_NAME,
    DISPUTED,
    IN_PLAY,
    NOT_DRAWN,
    TO_BE_CONFIRMED,
    box_status,
    column_title,
    conceded,
    date_text,
    entrant_heading,
    fixture_status,
    format_name,
    in_sentence,
    match_length,
    match_name,
    place_texts,
    pool_name,
    round_name,
    round_title,
    ruleset_name,
    score_text,
    side_scores,
    slot_name,
    today_text,
)

__all__ = [
    "BYE_NAME",
    "NOT_DRAWN",
    "date_text",
    "today_text",
    "pool_name",
    "round_name",
    "match_length",
    "format_name",
    "ruleset_name",
    "entrant_heading",
    "round_title",
    "column_title",
    "match_name",
    "slot_name",
    "place_texts",
    "side_scores",
    "score_text",
    "in_sentence",
    "IN_PLAY",
    "TO_BE_CONFIRMED",
    "DISPUTED",
    "conceded",
    "fixture_status",
    "box_status",
    "BoxSide",
    "BracketBox",
    "BracketColumn",
    "BracketSection",
    "Placing",
    "BracketDisplay",
    "bracket_display",
    "PoolTable",
    "pool_tables",
    "PairingRow",
    "PairingRound",
    "pairings_title",
    "pairing_rounds",
    "BracketPage",
    "bracket_page",
    "tournament_pdfs",
    "table_status",
    "DirectorTable",
    "director_rounds",
    "EntryMatch",
    "entry_match",
    "TablePack",
    "table_pack",
    "BracketSheet",
    "bracket_sheet",
    "RankingRow",
    "RankingSheet",
    "ranking_sheet",
]
