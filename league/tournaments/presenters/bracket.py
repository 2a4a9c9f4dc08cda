"""The bracket as the page and the paper draw it: boxes, columns, sections and placings
(:func:`bracket_display`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import pgettext

from league.models import Competition, Entrant
from league.tournaments import selectors
from league.tournaments.presenters.words import (
    BYE_NAME,
    box_status,
    column_title,
    place_texts,
    round_title,
    side_scores,
    slot_name,
)
from league.tournaments.selectors import BracketData
from scoring.brackets import Bracket, BracketMatch, BracketState, LoserOf, Nobody, Seed, WinnerOf


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
