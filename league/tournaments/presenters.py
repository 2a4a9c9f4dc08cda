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
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date as Date

from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import get_language, gettext_noop, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from league.competitions import selectors as competitions_selectors
from league.competitions.selectors import FixtureLine
from league.engine_words import engine_word
from league.forms_common import ordinal
from league.games import selectors as games_selectors
from league.models import (
    Competition,
    CompetitionKind,
    Entrant,
    EntrantKind,
    Fixture,
    FixtureSide,
    FixtureStatus,
    Game,
    Round,
    TournamentFormat,
)
from league.printing.pdf.sheets import BlankSheet, EntryLink
from league.tournaments import selectors
from league.tournaments.selectors import BracketData, PoolLine
from scoring.brackets import Bracket, BracketMatch, BracketState, LoserOf, Nobody, Seed, WinnerOf
from scoring.formats import ELIMINATIONS, rounds_played_out, suggested_swiss_rounds
from scoring.standings import TIEBREAKS, StandingRow

#: What a side of nobody is called (a bye), on the page and on paper.
BYE_NAME = pgettext_lazy("a bracket side of nobody", "bye")
#: Before the start, where the bracket or the pairings will be.
#: (English, marked for the catalog: translate it where it is shown, ``gettext(NOT_DRAWN)``.)
NOT_DRAWN = gettext_noop("The draw is made when the director starts the tournament.")


# -- words ------------------------------------------------------------------------------------
def date_text(day: Date | None) -> str:
    """A day as people read it, in the active language's form and month names: "14 March
    2026", "14. März 2026", "14 de marzo de 2026"; "" for none. The form is translated (a
    date format of Django's letters), so that English keeps its day-first form."""
    if not day:
        return ""
    # Translators: a date format (Django's date letters: j day, F month's name, Y year).
    return formats.date_format(day, pgettext("the date format of a printed day", "j F Y"))


def today_text() -> str:
    return date_text(timezone.localdate())


def pool_name(pool: int) -> str:
    """ "Pool 1" for pool 0: numbered from 0 in the database and from 1 for people."""
    return _("Pool %(number)s") % {"number": pool + 1}


def round_name(number: int) -> str:
    """ "Round 2": a round of a tournament, as the templates say it too."""
    return _("Round %(number)s") % {"number": number}


def match_length(competition: Competition) -> str:
    """How many games a match is: "one game a match", "matches best of 3", "3 games a match"."""
    n = competition.games_per_match
    if n <= 1:
        return _("one game a match")
    if competition.best_of:
        return _("matches best of %(count)d") % {"count": n}
    return ngettext("%(count)d game a match", "%(count)d games a match", n) % {"count": n}


def format_name(competition: Competition, entrants: int | None = None) -> str:
    """The format with its options and the length of a match, as a reader wants it:
    "Single elimination, with a third-place match; matches best of 3". A Swiss whose number
    of rounds is still blank says the number its ``entrants`` (if given) would be played in."""
    fmt = competition.format
    words = str(competition.get_format_display())
    if fmt == TournamentFormat.SINGLE and competition.third_place:
        words = _("%(format)s, with a third-place match") % {"format": words}
    elif fmt == TournamentFormat.DOUBLE and competition.final_reset:
        words = _("%(format)s, with a reset if the grand final is lost by the unbeaten side") % {
            "format": words
        }
    elif fmt == TournamentFormat.SWISS and competition.swiss_rounds:
        rounds = competition.swiss_rounds
        words = ngettext("%(format)s, %(count)d round", "%(format)s, %(count)d rounds", rounds) % {
            "format": words,
            "count": rounds,
        }
    elif fmt == TournamentFormat.SWISS and entrants:
        rounds = suggested_swiss_rounds(entrants)
        words = ngettext(
            "%(format)s, %(count)d round for %(entrants)s (worked out from the entrants when it "
            "starts)",
            "%(format)s, %(count)d rounds for %(entrants)s (worked out from the entrants when it "
            "starts)",
            rounds,
        ) % {
            "format": words,
            "count": rounds,
            "entrants": ngettext("%(count)d entrant", "%(count)d entrants", entrants)
            % {"count": entrants},
        }
    elif fmt == TournamentFormat.POOLS:
        pools = {"pools": competition.pool_count or 2, "top": competition.pool_top_k or 2}
        if competition.third_place:
            words = (
                _("%(pools)d pools, the top %(top)d of each to a knockout with a third-place match")
                % pools
            )
        else:
            words = _("%(pools)d pools, the top %(top)d of each to a knockout") % pools
    return pgettext("a format; the length of its matches", "%(format)s; %(length)s") % {
        "format": words,
        "length": match_length(competition),
    }


def ruleset_name(competition: Competition) -> str:
    """ "Klaberjass, games to 150"."""
    rules = competition.rules
    return _("%(ruleset)s, games to %(target)s") % {
        "ruleset": engine_word(rules.name),
        "target": rules.target,
    }


def entrant_heading(competition: Competition) -> str:
    if competition.entrant_kind == EntrantKind.PARTNERSHIPS:
        return pgettext("column heading", "Partnership")
    return pgettext("column heading", "Player")


def _winners_title(from_the_end: int, number: int, plural: bool, double: bool) -> str:
    """A round of a bracket's winners' side, by how far it is from the final: a whole name
    each, so that every language words it its own way."""
    if from_the_end == 0:
        return (
            pgettext("bracket round", "Winners' final")
            if double
            else pgettext("bracket round", "Final")
        )
    if from_the_end == 1:
        if double:
            if plural:
                return pgettext("bracket round", "Winners' semi-finals")
            return pgettext("bracket round", "Winners' semi-final")
        return (
            pgettext("bracket round", "Semi-finals")
            if plural
            else pgettext("bracket round", "Semi-final")
        )
    if from_the_end == 2:
        if double:
            if plural:
                return pgettext("bracket round", "Winners' quarter-finals")
            return pgettext("bracket round", "Winners' quarter-final")
        if plural:
            return pgettext("bracket round", "Quarter-finals")
        return pgettext("bracket round", "Quarter-final")
    if double:
        return pgettext("bracket round", "Winners' round %(number)s") % {"number": number}
    return round_name(number)


def round_title(bracket: Bracket, match: BracketMatch, plural: bool = False) -> str:
    """What a bracket match (or its round, ``plural``) is called: "Semi-final", "Round 1",
    "Winners' final", "Losers' round 2", "Third-place match", "Grand final"."""
    if match.section == "third":
        return pgettext("bracket round", "Third-place match")
    if match.section == "final":
        if match.reset_of is None:
            return pgettext("bracket round", "Grand final")
        return pgettext("bracket round", "Grand final reset")
    if match.section == "losers":
        last_losers = max(m.round for m in bracket.matches if m.section == "losers")
        if match.round == last_losers:
            return pgettext("bracket round", "Losers' final")
        return pgettext("bracket round", "Losers' round %(number)s") % {"number": match.round}
    last = max(m.round for m in bracket.matches if m.section == "winners")
    return _winners_title(last - match.round, match.round, plural, bracket.kind == "double")


def column_title(bracket: Bracket, match: BracketMatch) -> str:
    """The title over a column of boxes, from its first match: its round's title, plural
    ("Semi-finals"); "Reset, if needed" over the grand final's reset."""
    if match.section == "final" and match.reset_of is not None:
        return pgettext("bracket round", "Reset, if needed")
    return round_title(bracket, match, plural=True)


def match_name(fixture: Fixture, bracket: Bracket | None) -> str:
    """What a tournament's fixture is, beside its round: its bracket match's round title
    ("Semi-final"), or its pool ("Pool 2"); "" for a Swiss or a round robin's."""
    if fixture.bracket_match and bracket is not None and fixture.bracket_match in bracket.by_id:
        return round_title(bracket, bracket.by_id[fixture.bracket_match])
    if fixture.pool is not None:
        return pool_name(fixture.pool)
    return ""


def slot_name(slot: Seed | WinnerOf | LoserOf, pool_places: Mapping[int, tuple[int, int]]) -> str:
    """What fills a side of a box that is not known yet: "Winner of W1-2", "Loser of W1-2",
    "Seed 3", or after pools the pool place the seed comes from: "Pool 1, 1st"."""
    if isinstance(slot, WinnerOf):
        return _("Winner of %(match)s") % {"match": slot.match}
    if isinstance(slot, LoserOf):
        return _("Loser of %(match)s") % {"match": slot.match}
    if slot.number in pool_places:
        pool, place = pool_places[slot.number]
        # "Pool 1, 1st": the place an entrant finishes its pool in.
        return pgettext("a pool and a place in it", "Pool %(number)s, %(place)s") % {
            "number": pool + 1,
            "place": ordinal(place),
        }
    return _("Seed %(number)s") % {"number": slot.number}


def place_texts(places: Sequence[int]) -> list[str]:
    """Places as shown: "3=" for a place two or more share, else "3"."""
    count = Counter(places)
    return [f"{p}=" if count[p] > 1 else str(p) for p in places]


def side_scores(line: FixtureLine, games_per_match: int) -> tuple[str, str]:
    """Each side's score, home first: its points in a match of one game, its games won in a
    longer one, once the match is finished; the running game's totals while one is in play;
    else nothing."""
    fixture = line.fixture
    if fixture.finished:
        by_side = {s.side: s for s in fixture.sides.all()}
        if 0 not in by_side or 1 not in by_side:
            return ("", "")
        if games_per_match > 1:
            return (str(by_side[0].games_won), str(by_side[1].games_won))
        return (str(by_side[0].points_for), str(by_side[1].points_for))
    running = line.running_game
    if running is not None:
        totals = running.display_totals
        return (str(totals[0]), str(totals[1]))
    return ("", "")


def score_text(scores: tuple[str, str]) -> str:
    """Both sides' scores as one string, home first: "512 – 431"; "" before there are any."""
    return " \u2013 ".join(scores) if any(scores) else ""


def in_sentence(words: str) -> str:
    """Words that start a line, to go inside a sentence: "Forfeit by Anna" -> "forfeit by
    Anna" (the first letter only: a name keeps its capital). German keeps the capital: its
    nouns have one inside a sentence too."""
    if (get_language() or "").startswith("de"):
        return words
    return words[:1].lower() + words[1:]


# A match's status words, in English and marked for the catalog: translated where they are
# shown (``gettext(IN_PLAY)``), so that they stay keys another module can look up.
IN_PLAY = gettext_noop("In play")
TO_BE_CONFIRMED = gettext_noop("Finished, to be confirmed")
DISPUTED = gettext_noop("Disputed: the director settles it")


def conceded(fixture: Fixture, names: tuple[str, str] | None = None) -> str:
    """ "Forfeit" or "No-show" for a fixture conceded, with ``names`` the side that did:
    "Forfeit by Anna"; "" for one that was not."""
    if fixture.status not in (FixtureStatus.FORFEIT, FixtureStatus.NO_SHOW):
        return ""
    forfeit = fixture.status == FixtureStatus.FORFEIT
    if names is not None and fixture.conceded_by in (0, 1):
        who = {"name": names[fixture.conceded_by]}
        if forfeit:
            return pgettext("a match conceded", "Forfeit by %(name)s") % who
        return pgettext("a match conceded", "No-show by %(name)s") % who
    return str(fixture.get_status_display())


def fixture_status(
    fixture: Fixture, running: Game | None, names: tuple[str, str] | None = None
) -> str:
    """How a fixture stands, where that is worth saying: "Forfeit" or "No-show" (with
    ``names``: "Forfeit by Anna", see :func:`conceded`), "In play", "Finished, to be
    confirmed"; "" for a fixture not started, or played and confirmed."""
    if words := conceded(fixture, names):
        return words
    if running is not None:
        return _(IN_PLAY)
    if fixture.finished and fixture.confirmed_at is None:
        return _(DISPUTED if fixture.disputed_at is not None else TO_BE_CONFIRMED)
    return ""


#: Bracket statuses (scoring.brackets) that say it all, whatever the fixture.
_BRACKET_WORDS = {
    "waiting": pgettext_lazy("a bracket match's status", "Waiting"),
    "walkover": pgettext_lazy("a bracket match's status", "Walkover"),
    "bye": pgettext_lazy("a bracket match's status", "Bye"),
    "not_needed": pgettext_lazy("a bracket match's status", "Not needed"),
}


def box_status(status: str, line: FixtureLine | None) -> str:
    """How a bracket match stands, given its status in the bracket and its fixture if made:
    "Waiting" (for a side), "Ready", "To play at table 2", "In play at table 2" (", game 2"
    from a match's second game on), "Finished, to be confirmed", "Played", "Forfeit",
    "No-show", "Walkover", "Bye", "Not needed"."""
    if status in _BRACKET_WORDS:
        return str(_BRACKET_WORDS[status])
    if line is None:
        return (
            pgettext("a bracket match's status", "Played")
            if status == "played"
            else pgettext("a bracket match's status", "Ready")
        )
    fixture = line.fixture
    running = line.running_game
    where = {"table": fixture.table, "game": len(line.games)}
    words = fixture_status(fixture, running)
    if words == _(IN_PLAY):
        if len(line.games) > 1:
            if fixture.table:
                return (
                    pgettext(
                        "a bracket match's status", "In play at table %(table)s, game %(game)d"
                    )
                    % where
                )
            return pgettext("a bracket match's status", "In play, game %(game)d") % where
        if fixture.table:
            return pgettext("a bracket match's status", "In play at table %(table)s") % where
        return words
    if words:
        return words
    if status == "played":
        return pgettext("a bracket match's status", "Played")
    if fixture.table:
        return pgettext("a bracket match's status", "To play at table %(table)s") % where
    return pgettext("a bracket match's status", "To play")


# -- when a competition of rounds is over -----------------------------------------------------
# -- the bracket ------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoxSide:
    """One side of a box, as the page draws it (:attr:`BracketBox.sides`)."""

    name: str
    score: str = ""
    seed: int | None = None
    known: bool = True
    won: bool = False
    lost: bool = False
    bye: bool = False


@dataclass(frozen=True)
class BracketBox:
    """One bracket match as shown on the page and on paper. ``names``, ``scores``, ``known``
    and ``seeds`` home first: ``known`` False for a side that is only what will fill it, or a
    bye (drawn faint); ``winner`` the side index once decided; ``label`` its status in words
    (:func:`box_status`); ``feeds`` the ids of the boxes of the same section whose winners come
    into it, a side each (paper joins them with lines)."""

    id: str  # "W1-1", "L2-1", "3P", "GF"
    names: tuple[str, str]
    scores: tuple[str, str] = ("", "")
    winner: int | None = None
    known: tuple[bool, bool] = (True, True)
    label: str = ""  # "To play at table 2", "In play at table 2", "Walkover"
    feeds: tuple[str | None, str | None] = (None, None)
    tag: str = ""  # "Third-place match": what it is, where its column's title does not say
    status: str = ""  # scoring.brackets' status: waiting, ready, played, walkover, bye...
    seeds: tuple[int | None, int | None] = (None, None)  # each side's seed in this bracket
    games: tuple[int, ...] = ()  # the ids of the match's games, for links to their sheets

    @property
    def sides(self) -> tuple[BoxSide, BoxSide]:
        def side(i: int) -> BoxSide:
            return BoxSide(
                name=self.names[i],
                score=self.scores[i],
                seed=self.seeds[i],
                known=self.known[i],
                won=self.winner == i,
                lost=self.winner is not None and self.winner != i,
                bye=not self.known[i] and self.names[i] == str(BYE_NAME),
            )

        return (side(0), side(1))


@dataclass(frozen=True)
class BracketColumn:
    title: str  # "Round 1", "Semi-finals", "Final", "Losers' round 2", "Reset, if needed"
    boxes: tuple[BracketBox, ...]


@dataclass(frozen=True)
class BracketSection:
    title: str  # "Winners' bracket"; "" for the only section of a single elimination
    columns: tuple[BracketColumn, ...]


@dataclass(frozen=True)
class Placing:
    place: int
    place_text: str  # "3", or "3=" shared
    name: str
    entrant_id: int


def _section(title: str, columns: Sequence[BracketColumn]) -> BracketSection:
    """A section of ``columns``, each box's feeds kept only where they come from inside it."""
    inside = {box.id for column in columns for box in column.boxes}
    return BracketSection(
        title,
        tuple(
            BracketColumn(
                column.title,
                tuple(
                    replace(
                        box, feeds=(_inside(box.feeds[0], inside), _inside(box.feeds[1], inside))
                    )
                    for box in column.boxes
                ),
            )
            for column in columns
        ),
    )


def _inside(feed: str | None, ids: set[str]) -> str | None:
    return feed if feed in ids else None


@dataclass(frozen=True)
class BracketDisplay:
    """A bracket as it stands: the ``winners`` columns (the third-place match under the
    final), the ``losers``' and the ``finals``' (a double elimination's grand final and its
    reset, a column each); the champion ("" while undecided) and, once ``finished``, the
    placings. ``provisional``: the knockout of a pools tournament while the pools go on, its
    sides named by the pool place that will fill them."""

    double: bool
    winners: tuple[BracketColumn, ...]
    losers: tuple[BracketColumn, ...]
    finals: tuple[BracketColumn, ...]
    champion: str
    finished: bool
    placings: tuple[Placing, ...]
    provisional: bool = False

    @property
    def sections(self) -> tuple[BracketSection, ...]:
        """As the page draws them: the winners' bracket, the losers' and the finals apart."""
        if not self.double:
            return (_section("", self.winners),)
        parts = (
            (pgettext("a part of a bracket", "Winners' bracket"), self.winners),
            (pgettext("a part of a bracket", "Losers' bracket"), self.losers),
            (pgettext("a part of a bracket", "Finals"), self.finals),
        )
        return tuple(_section(title, columns) for title, columns in parts if columns)

    def print_sections(self, title: str = "") -> tuple[BracketSection, ...]:
        """As paper draws them: the grand final right of the winners' final, which feeds it.
        ``title`` names a single elimination's one section ("Knockout", after pools)."""
        if not self.double:
            return (_section(title, self.winners),)
        parts = (
            (
                pgettext("a part of a bracket", "Winners' bracket and grand final"),
                self.winners + self.finals,
            ),
            (pgettext("a part of a bracket", "Losers' bracket"), self.losers),
        )
        return tuple(_section(title, columns) for title, columns in parts if columns)


def _seeds_in_draw(bracket: Bracket, state: BracketState[int] | None) -> dict[int, int]:
    # Each entrant's seed in this bracket: its place in the draw (the knockout's own seed
    # after pools, where it differs from the seed the entrant started the pools with).
    seed_of: dict[int, int] = {}
    if state is not None:
        for m in bracket.matches:
            now = state.matches[m.id]
            for slot, side in ((m.home, now.home), (m.away, now.away)):
                if isinstance(slot, Seed) and isinstance(side, int):
                    seed_of[side] = slot.number
    return seed_of


def _box(
    data: BracketData, match: BracketMatch, seed_of: Mapping[int, int], games_per_match: int
) -> BracketBox:
    line = data.lines.get(match.id)
    if data.state is not None:
        now = data.state.matches[match.id]
        status, sides, winner = now.status, (now.home, now.away), now.winner
    else:
        status, sides, winner = "waiting", (None, None), None
    names: list[str] = []
    known: list[bool] = []
    seeds: list[int | None] = []
    for slot, side in zip((match.home, match.away), sides, strict=True):
        if isinstance(side, Nobody):
            names.append(str(BYE_NAME))
            known.append(False)
            seeds.append(None)
        elif isinstance(side, int) and side in data.entrants:
            names.append(data.entrants[side].name)
            known.append(True)
            seeds.append(seed_of.get(side))
        else:
            names.append(slot_name(slot, data.pool_places))
            known.append(False)
            # After pools, the seed a pool place will bring ("Seed 3" says it by itself).
            pooled = slot.number if isinstance(slot, Seed) else None
            seeds.append(pooled if pooled in data.pool_places else None)
    won = None
    if winner is not None and not isinstance(winner, Nobody):
        won = 0 if winner == sides[0] else 1
    return BracketBox(
        id=match.id,
        names=(names[0], names[1]),
        scores=side_scores(line, games_per_match) if line is not None else ("", ""),
        winner=won,
        known=(known[0], known[1]),
        label=box_status(status, line),
        feeds=(_fed_by(match.home), _fed_by(match.away)),
        tag=round_title(data.bracket, match) if match.section == "third" else "",
        status=status,
        seeds=(seeds[0], seeds[1]),
        games=tuple(game.pk for game in line.games) if line is not None else (),
    )


def _fed_by(slot: Seed | WinnerOf | LoserOf) -> str | None:
    return slot.match if isinstance(slot, WinnerOf) else None


def bracket_display(
    competition: Competition, entrants: list[Entrant] | None = None
) -> BracketDisplay | None:
    """The bracket of an elimination tournament (or the knockout after the pools) as boxes in
    columns, with the placings once it is finished; None while there is nothing to draw (a
    Swiss or a round robin, an unseeded or too small field, pools not yet made)."""
    data = selectors.bracket_data(competition, entrants)
    if data is None:
        return None
    bracket, state = data.bracket, data.state
    seed_of = _seeds_in_draw(bracket, state)
    games = competition.games_per_match
    boxes = {m.id: _box(data, m, seed_of, games) for m in bracket.matches}

    def columns(section: str) -> tuple[BracketColumn, ...]:
        rounds: dict[int, list[BracketMatch]] = defaultdict(list)
        for m in bracket.matches:
            if m.section == section:
                rounds[m.round].append(m)
        cols = [rounds[r] for r in sorted(rounds)]
        if section == "winners":
            cols[-1] = cols[-1] + [m for m in bracket.matches if m.section == "third"]
        return tuple(
            BracketColumn(column_title(bracket, col[0]), tuple(boxes[m.id] for m in col))
            for col in cols
        )

    champion = ""
    placings: tuple[Placing, ...] = ()
    if state is not None:
        if state.champion is not None and state.champion in data.entrants:
            champion = data.entrants[state.champion].name
        shown = [(place, e) for place, e in state.placings if e in data.entrants]
        texts = place_texts([place for place, _ in shown])
        placings = tuple(
            Placing(place, text, data.entrants[e].name, e)
            for (place, e), text in zip(shown, texts, strict=True)
        )
    return BracketDisplay(
        double=bracket.kind == "double",
        winners=columns("winners"),
        losers=columns("losers"),
        # The grand final and its reset: a column each.
        finals=tuple(
            BracketColumn(column_title(bracket, m), (boxes[m.id],))
            for m in bracket.matches
            if m.section == "final"
        ),
        champion=champion,
        finished=state is not None and state.finished,
        placings=placings,
        provisional=state is None,
    )


# -- pools and pairings -----------------------------------------------------------------------
@dataclass(frozen=True)
class PoolTable:
    pool: int  # from 0
    name: str  # "Pool 1"
    lines: tuple[PoolLine, ...]


def pool_tables(
    competition: Competition, entrants: list[Entrant] | None = None
) -> tuple[PoolTable, ...]:
    """Each pool's table, named (see :func:`league.tournaments.selectors.pool_standings`)."""
    return tuple(
        PoolTable(table.pool, pool_name(table.pool), table.lines)
        for table in selectors.pool_standings(competition, entrants)
    )


@dataclass(frozen=True)
class PairingRow:
    """One table of a round: the two sides, their scores, the winner once confirmed, and a
    note on the pool and how it stands ("Pool 1 · In play", "Forfeit by Anna")."""

    table: str
    names: tuple[str, str]
    scores: tuple[str, str] = ("", "")
    winner: int | None = None
    note: str = ""
    games: tuple[int, ...] = ()  # the ids of its games, for links to their sheets
    confirmed: bool = False

    @property
    def score(self) -> str:
        return score_text(self.scores)


@dataclass(frozen=True)
class PairingRound:
    title: str  # "Round 1", "Round 1 · 7 March 2026"
    rows: tuple[PairingRow, ...]
    sitting_out: tuple[str, ...] = ()
    number: int = 0


def pairings_title(competition: Competition) -> str:
    if competition.format == TournamentFormat.POOLS:
        return _("Pool matches")
    return _("Pairings")


def _pairing_row(line: FixtureLine, games_per_match: int) -> PairingRow:
    fixture = line.fixture
    notes = [pool_name(fixture.pool)] if fixture.pool is not None else []
    status = fixture_status(fixture, line.running_game, line.sides)
    notes += [status] if status else []
    confirmed = fixture.confirmed_at is not None
    return PairingRow(
        table=fixture.table,
        names=line.sides,
        scores=side_scores(line, games_per_match),
        # As in a bracket, a winner only once the result is confirmed.
        winner=fixture.winner if confirmed else None,
        note=" \u00b7 ".join(notes),
        games=tuple(game.pk for game in line.games),
        confirmed=confirmed,
    )


def pairing_rounds(competition: Competition) -> tuple[PairingRound, ...]:
    """The rounds of a Swiss, a round robin or the pools (not the knockout's), a line a table
    in table order; none for an elimination (five queries, none for an elimination)."""
    if competition.format in ELIMINATIONS:
        return ()
    printed = []
    for night, lines, sitting_out in competitions_selectors.competition_rounds(competition):
        rows = tuple(
            _pairing_row(line, competition.games_per_match)
            for line in lines
            if not line.fixture.bracket_match
        )
        if not rows:
            continue
        title = round_name(night.number)
        if night.date:
            title += f" \u00b7 {date_text(night.date)}"
        printed.append(PairingRound(title, rows, tuple(sitting_out), night.number))
    return tuple(printed)


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


# -- the director's page ----------------------------------------------------------------------
def table_status(fixture: Fixture, line: FixtureLine) -> tuple[str, str]:
    """What a table is doing, for its director, as a (key, words) pair: ``not-started``,
    ``in-play`` (with the running totals), ``awaiting`` (finished, its result to be confirmed,
    and by whom) or ``confirmed``. Fuller than a box's status: the director acts on it."""
    names = line.sides
    if fixture.confirmed_at is not None:
        said = {"who": fixture.confirmed_by}
        if words := conceded(fixture, names):
            said["how"] = in_sentence(words)
            if fixture.confirmed_by:
                return "confirmed", pgettext(
                    "a table's status, for its director", "Confirmed by %(who)s: %(how)s"
                ) % said
            return "confirmed", pgettext(
                "a table's status, for its director", "Confirmed: %(how)s"
            ) % said
        if fixture.confirmed_by:
            return "confirmed", pgettext(
                "a table's status, for its director", "Confirmed by %(who)s"
            ) % said
        return "confirmed", pgettext("a table's status, for its director", "Confirmed")
    if fixture.finished:
        if fixture.disputed_at is not None:
            return "awaiting", pgettext(
                "a table's status, for its director",
                "Disputed: check the sheet and the sides' words, then confirm",
            )
        if fixture.entered_by in (0, 1):
            other = names[1 - fixture.entered_by]
            return "awaiting", pgettext(
                "a table's status, for its director", "Finished: waiting for %(side)s to confirm"
            ) % {"side": other}
        return "awaiting", pgettext(
            "a table's status, for its director", "Finished: waiting for the director to confirm"
        )
    running = line.running_game
    if running is not None:
        totals = score_text((str(running.display_totals[0]), str(running.display_totals[1])))
        now = {"game": len(line.games), "score": totals}
        if len(line.games) > 1:
            return "in-play", pgettext(
                "a table's status, for its director", "In play: game %(game)d, %(score)s"
            ) % now
        return "in-play", pgettext("a table's status, for its director", "In play: %(score)s") % now
    if line.games:
        return "in-play", pgettext(
            "a table's status, for its director", "Between games: game %(game)d to start"
        ) % {"game": len(line.games) + 1}
    return "not-started", pgettext("a table's status, for its director", "Not started")


@dataclass(frozen=True)
class DirectorTable:
    line: FixtureLine
    status: str
    status_text: str
    tokens: tuple[tuple[str, str | None], ...]  # (side name, entry token) per side
    pool_name: str = ""
    score: str = ""  # as on the bracket: "240 – 84", a running game's "120 – 42"

    @property
    def fixture(self) -> Fixture:
        return self.line.fixture

    @property
    def can_confirm(self) -> bool:
        return self.status == "awaiting"


def director_rounds(
    competition: Competition,
) -> tuple[list[tuple[Round, list[DirectorTable], list[str]]], int]:
    """The rounds with a table still to confirm, each as ``(round, tables, sitting out)``, and
    the number of rounds all confirmed (five queries)."""
    open_rounds = []
    done = 0
    for night, lines, out in competitions_selectors.competition_rounds(competition, drafts=True):
        if all(line.fixture.confirmed_at is not None for line in lines):
            done += 1
            continue
        tables = []
        for line in lines:
            fixture = line.fixture
            status, words = table_status(fixture, line)
            sides = sorted(fixture.sides.all(), key=lambda s: s.side)
            tokens = tuple((s.entrant.name, s.entry_token) for s in sides)
            pool = pool_name(fixture.pool) if fixture.pool is not None else ""
            score = score_text(side_scores(line, competition.games_per_match))
            tables.append(DirectorTable(line, status, words, tokens, pool, score))
        open_rounds.append((night, tables, out))
    return open_rounds, done


# -- an entry link ----------------------------------------------------------------------------
@dataclass(frozen=True)
class EntryMatch:
    """An entry link's match: the side the link belongs to (``side``), the fixture's line,
    its games in the order played with their sheet rows, the entrant's next match's token
    once this one is confirmed; ``match_name`` what it is beside its round ("Semi-final",
    "Pool 1"), as on the table's sheet, ``match_length``, ``score`` as on the bracket, and
    ``note`` how a result came other than by play ("forfeit by Anna", "from the paper
    sheet"), to go inside a sentence."""

    fixture: Fixture
    side: int
    line: FixtureLine
    games: tuple[tuple[Game, list[games_selectors.DealRow]], ...]
    next_token: str | None = None
    match_name: str = ""
    match_length: str = ""
    score: str = ""
    note: str = ""
    next_dealer: str = ""  # who deals the running game's next deal, named as on its sheet
    # How many people play on the other side (selectors.people_on_side): its sentences'
    # verbs agree with it ("Gus enters the deals", "Gus & Ann enter the deals").
    their_people: int = 2

    @property
    def running_game(self) -> Game | None:
        return self.line.running_game

    @property
    def mine(self) -> str:
        return self.line.sides[self.side]

    @property
    def theirs(self) -> str:
        return self.line.sides[1 - self.side]


def entry_match(side: FixtureSide) -> EntryMatch:
    """What an entry link's page shows (a fixed number of queries, one more per game)."""
    fixture = selectors.entry_fixture(side.fixture_id)
    line = competitions_selectors.fixture_line(fixture)
    deals = {game.pk: list(game.deals.all()) for game in line.games}
    games = tuple((game, games_selectors.deal_rows(game, deals[game.pk])) for game in line.games)
    running = line.running_game
    next_dealer = ""
    if running is not None:
        seats = games_selectors.seat_names(running.rules, running.side_names)
        next_dealer = seats[games_selectors.next_dealer(running, deals.get(running.pk))]
    # The entrant's next match of the tournament, once the result has moved it on.
    next_token = None
    if fixture.confirmed_at is not None:
        next_token = selectors.next_entry_token(side.entrant_id, fixture.pk)
    competition = fixture.competition
    bracket = selectors.tournament_bracket(competition) if fixture.bracket_match else None
    return EntryMatch(
        fixture,
        side.side,
        line,
        games,
        next_token,
        match_name=match_name(fixture, bracket),
        match_length=match_length(competition),
        score=score_text(side_scores(line, competition.games_per_match)),
        note=in_sentence(conceded(fixture, line.sides) or line.note),
        next_dealer=next_dealer,
        their_people=selectors.people_on_side(fixture, 1 - side.side),
    )


# -- the table pack ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TablePack:
    """The sheets of one round, one a table, in table order."""

    title: str  # the tournament
    round_name: str  # "Round 2"
    sheets: tuple[BlankSheet, ...]
    page_size: str = "A4"


def _side_names(sides: Sequence[FixtureSide]) -> tuple[str, str]:
    """Each side's name; a rotation's side of two players reads "Anna & Ben"."""
    names: dict[int, list[str]] = defaultdict(list)
    for side in sides:
        names[side.side].append(side.entrant.name)
    return (" & ".join(names[0]), " & ".join(names[1]))


def table_pack(
    competition: Competition, night: Round, link: Callable[[str], str], page_size: str = "A4"
) -> TablePack:
    """One sheet a table of ``night``, in table order; ``link`` makes an entry token's
    absolute address. Any competition's round prints; sides without an entry link (a
    league's) get no code."""
    fixtures = selectors.round_fixtures(night)
    rules = competition.rules
    lines = games_selectors.ruleset_lines(rules)
    bracket = None
    if any(f.bracket_match for f in fixtures):
        bracket = selectors.tournament_bracket(competition)
    title = round_name(night.number)
    sheets = []
    for fixture in fixtures:
        sides = list(fixture.sides.all())
        names = _side_names(sides)
        tokens: dict[int, str] = {}
        for fixture_side in sides:
            if fixture_side.entry_token:
                tokens.setdefault(fixture_side.side, fixture_side.entry_token)
        what = match_name(fixture, bracket)
        # A copy of the sheet for each side, each carrying only that side's link: the other
        # side confirms the result with its own, so one side must not hold both.
        linked: list[int | None] = [s for s in (0, 1) if s in tokens]
        for side in linked or [None]:
            sheets.append(
                BlankSheet(
                    ruleset_name=engine_word(rules.name),
                    ruleset_lines=lines,
                    sides=2,
                    side_names=names,
                    table=fixture.table,
                    target=rules.target,
                    title=competition.name,
                    round_name=f"{title} \u00b7 {what}" if what else title,
                    date=date_text(fixture.date or night.date),
                    entry_links=()
                    if side is None
                    else (
                        EntryLink(
                            _("For %(name)s only") % {"name": names[side]}, link(tokens[side])
                        ),
                    ),
                )
            )
    return TablePack(
        title=competition.name, round_name=title, sheets=tuple(sheets), page_size=page_size
    )


# -- the bracket sheet ------------------------------------------------------------------------
@dataclass(frozen=True)
class BracketSheet:
    """A tournament's draw as it stands, to print: bracket ``sections`` and/or the
    ``rounds``' pairings (a Swiss, a round robin, the pools before the knockout)."""

    title: str
    club: str
    date: str  # as printed: "4 March 2026"
    ruleset_name: str  # "Evansville Clabber, games to 500"
    format_name: str  # "Single elimination, with a third-place match; one game a match"
    sections: tuple[BracketSection, ...] = ()
    rounds: tuple[PairingRound, ...] = ()
    champion: str = ""  # "" while undecided (or for a format without one)
    note: str = ""
    rounds_title: str = ""  # over the pairings, when there are sections too: "Pool matches"
    page_size: str = "A4"


def bracket_sheet(competition: Competition, date: str, page_size: str = "A4") -> BracketSheet:
    """The draw as it stands: the bracket's sections, and the pairings of the rounds that are
    not bracket matches (a Swiss, a round robin, the pools). The same boxes and pairings as
    the public page."""
    fmt = competition.format
    sections: tuple[BracketSection, ...] = ()
    champion, note = "", ""
    display = bracket_display(competition) if competition.started else None
    if display is not None and not display.provisional:
        sections = display.print_sections(
            pgettext("a part of a bracket", "Knockout") if fmt == TournamentFormat.POOLS else ""
        )
        champion = display.champion
    elif not competition.started:
        note = _(NOT_DRAWN)
    elif fmt == TournamentFormat.POOLS:
        note = _("The knockout is drawn when every pool match is confirmed.")
    return BracketSheet(
        title=competition.name,
        club=competition.club.name,
        date=date,
        ruleset_name=ruleset_name(competition),
        format_name=format_name(competition),
        sections=sections,
        rounds=pairing_rounds(competition),
        champion=champion,
        note=note,
        # Pools: a heading between the knockout and the pool matches (or where it will be).
        rounds_title=pairings_title(competition) if fmt == TournamentFormat.POOLS else "",
        page_size=page_size,
    )


# -- the ranking ------------------------------------------------------------------------------
@dataclass(frozen=True)
class RankingRow:
    """One entrant's line: its place as printed ("1", "3="), name, then one value a column."""

    place: str
    name: str
    values: tuple[str, ...] = ()


@dataclass(frozen=True)
class RankingSheet:
    """The tournament's ranking, ready to print: on a page upright, or on its side when the
    columns need the room."""

    title: str
    club: str
    date: str
    ruleset_name: str
    format_name: str
    heading: str  # "Final ranking", "Standings so far", "Not finished yet"
    columns: tuple[str, ...]
    rows: tuple[RankingRow, ...]
    champion: str = ""
    note: str = ""
    entrant_heading: str = "Entrant"
    page_size: str = "A4"


def _placing_rows(
    bracket: Bracket,
    state: BracketState[int],
    entrants: Mapping[int, Entrant],
    records: Mapping[int, Counter[str]],
) -> list[RankingRow]:
    """The bracket's placings, or while it goes on the entrants still in and then the others,
    furthest first."""
    order = {m.id: i for i, m in enumerate(bracket.matches)}

    def row(place: str, entrant: int) -> RankingRow:
        out = state.out_at.get(entrant)
        went = round_title(bracket, bracket.by_id[out]) if out else "\u2013"
        if entrants[entrant].withdrawn:
            went = _("%(round)s (withdrew)") % {"round": went}
        record = records.get(entrant, Counter())
        name = entrants[entrant].name
        return RankingRow(place, name, (str(record["win"]), str(record["loss"]), went))

    if state.finished:
        places = place_texts([place for place, _ in state.placings])
        return [row(p, e) for p, (_, e) in zip(places, state.placings, strict=True)]
    still_in = [e for e in entrants if e not in state.out_at]
    out = sorted(state.out_at, key=lambda e: (-order[state.out_at[e]], entrants[e].name.casefold()))
    return [row("", e) for e in sorted(still_in, key=lambda e: entrants[e].name.casefold())] + [
        row("", e) for e in out
    ]


def _pool_rows(
    competition: Competition,
    entrants: Mapping[int, Entrant],
    records: Mapping[int, Counter[str]],
    qualified: set[int],
    placed: int,
) -> list[RankingRow]:
    """The entrants out in the pools, after the knockout's: in the order of the table (their
    pool matches only), the places going on from the knockout's."""
    table = competitions_selectors.competition_standings(competition)
    lines = [line for line in table if line.entrant_id not in qualified]
    ranks = [line.row.rank for line in lines]
    # Their places count on from the knockout's, shared where the table ties them.
    places = [placed + 1 + ranks.index(rank) for rank in ranks]
    rows = []
    for place, line in zip(place_texts(places), lines, strict=True):
        record = records.get(line.entrant_id, Counter())
        pool = entrants[line.entrant_id].pool
        went = pool_name(pool) if pool is not None else pgettext("went out in the", "pools")
        values = (str(record["win"]), str(record["loss"]), went)
        rows.append(RankingRow(place, entrants[line.entrant_id].name, values))
    return rows


def _standing_columns(
    competition: Competition,
) -> tuple[tuple[str, Callable[[StandingRow], object]], ...]:
    columns: list[tuple[str, Callable[[StandingRow], object]]] = [
        (pgettext("standings column: matches played", "P"), lambda r: r.played),
        (pgettext("standings column: won", "W"), lambda r: r.won),
        (pgettext("standings column: drawn", "D"), lambda r: r.drawn),
        (pgettext("standings column: lost", "L"), lambda r: r.lost),
        (pgettext("standings column: match points", "Pts"), lambda r: r.match_points),
        (
            pgettext("standings column: point difference", "Diff"),
            lambda r: f"{r.point_difference:+d}" if r.point_difference else "0",
        ),
    ]
    shown = {"match_points", "wins", "point_difference"}
    for key in competition.tiebreaks:
        if key in shown or key not in TIEBREAKS:
            continue

        def value(r: StandingRow, key: str = key) -> str:
            figure = r.keys.get(key)
            if figure is None:
                return "\u2013"
            if float(figure).is_integer():
                return str(int(figure))
            return formats.number_format(figure, 1)

        columns.append((engine_word(TIEBREAKS[key].label), value))
    return tuple(columns)


def ranking_sheet(competition: Competition, date: str, page_size: str = "A4") -> RankingSheet:
    """The places from the bracket (the knockout's, then the pools' order for the rest), or
    the standings of a Swiss or a round robin."""
    fmt = competition.format
    entrants = {e.pk: e for e in selectors.tournament_entrants(competition)}
    state = selectors.bracket_state(competition) if competition.started else None
    champion, note = "", ""
    if fmt in ELIMINATIONS or (state is not None and state.finished):
        columns: tuple[str, ...] = (
            pgettext("ranking column: matches won", "Won"),
            pgettext("ranking column: matches lost", "Lost"),
            pgettext("ranking column: the round an entrant went out at", "Went out at"),
        )
        rows: list[RankingRow] = []
        if state is None:
            heading = _("Not started yet")
            note = _("The places are given once the bracket is played out.")
            names = sorted(e.name for e in entrants.values())
            rows = [RankingRow("", name, ("0", "0", "\u2013")) for name in names]
        else:
            bracket = selectors.tournament_bracket(competition)
            assert bracket is not None
            records = selectors.entrant_records(competition)
            if fmt == TournamentFormat.POOLS:
                qualified = {e for e in entrants if e in state.out_at or e == state.champion}
                in_bracket = {e: entrant for e, entrant in entrants.items() if e in qualified}
                rows = _placing_rows(bracket, state, in_bracket, records)
                rows += _pool_rows(competition, entrants, records, qualified, len(rows))
            else:
                rows = _placing_rows(bracket, state, entrants, records)
            if state.finished:
                heading = _("Final ranking")
                if state.champion is not None:
                    champion = entrants[state.champion].name
            else:
                left = (
                    len(state.matches)
                    - len(state.decided)
                    - sum(1 for m in state.matches.values() if m.status == "not_needed")
                )
                heading = _("Not finished yet")
                note = ngettext(
                    "The bracket is not finished: %(count)d match still to play. The entrants "
                    "still in come first, then the others, those who went furthest first; the "
                    "places are given once the final is confirmed.",
                    "The bracket is not finished: %(count)d matches still to play. The entrants "
                    "still in come first, then the others, those who went furthest first; the "
                    "places are given once the final is confirmed.",
                    left,
                ) % {"count": left}
    else:
        lines = competitions_selectors.competition_standings(competition)
        picked = _standing_columns(competition)
        columns = tuple(heading for heading, _ in picked)
        rows = [
            RankingRow(line.rank_text, line.name, tuple(str(get(line.row)) for _, get in picked))
            for line in lines
        ]
        progress = selectors.fixture_progress(competition)
        done = rounds_played_out(
            fmt,
            swiss_rounds=competition.swiss_rounds,
            rounds_drawn=progress.rounds,
            matches=progress.matches,
            open_matches=progress.open,
        )
        if fmt == TournamentFormat.POOLS:
            heading = _("Pool standings so far")
            note = _("All pools in one table; the final ranking comes from the knockout.")
        else:
            heading = _("Final standings") if done else _("Standings so far")
        if done and lines and not lines[0].tied and fmt != TournamentFormat.POOLS:
            champion = lines[0].name
        then = pgettext("between the tie-breaks of an order: A, then B", ", then ")
        chain = then.join(
            engine_word(TIEBREAKS[k].label) for k in competition.tiebreaks if k in TIEBREAKS
        )
        order = _("Order: %(chain)s.") % {"chain": chain}
        note = " ".join(part for part in (note, order) if part)
    return RankingSheet(
        title=competition.name,
        club=competition.club.name,
        date=date,
        ruleset_name=ruleset_name(competition),
        format_name=format_name(competition),
        heading=heading,
        columns=columns,
        rows=tuple(rows),
        champion=champion,
        note=note,
        entrant_heading=entrant_heading(competition),
        page_size=page_size,
    )
