"""The director's page (:func:`director_rounds`) and an entry link's page (:func:`entry_match`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import pgettext

from league.competitions import selectors as competitions_selectors
from league.competitions.selectors import FixtureLine
from league.games import selectors as games_selectors
from league.models import Competition, Fixture, FixtureSide, Game, Round
from league.stored_words import confirmed_by_words
from league.tournaments import selectors
from league.tournaments.presenters.words import (
    conceded,
    in_sentence,
    match_length,
    match_name,
    pool_name,
    score_text,
    side_scores,
)


# -- the director's page ----------------------------------------------------------------------
def table_status(fixture: Fixture, line: FixtureLine) -> tuple[str, str]:
    """What a table is doing, for its director, as a (key, words) pair: ``not-started``,
    ``in-play`` (with the running totals), ``awaiting`` (finished, its result to be confirmed,
    and by whom) or ``confirmed``. Fuller than a box's status: the director acts on it."""
    names = line.sides
    if fixture.confirmed_at is not None:
        said = {"who": confirmed_by_words(fixture, names)}
        if words := conceded(fixture, names):
            said["how"] = in_sentence(words)
            if said["who"]:
                return "confirmed", pgettext(
                    "a table's status, for its director", "Confirmed by %(who)s: %(how)s"
                ) % said
            return "confirmed", pgettext(
                "a table's status, for its director", "Confirmed: %(how)s"
            ) % said
        if said["who"]:
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
        seats = games_selectors.game_seat_names(running)
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
