"""The names of what a page can follow, and which of them a change touches.

- ``game:<id>``: one game's sheet (deals, corrections, settings, abandoning).
- ``fixture:<id>``: one match: its games starting, their deals, confirming, disputes, who enters.
- ``competition:<id>:play``: any deal of the event's running tables (live scores).
- ``competition:<id>``: the event's results, rounds, entrants, withdrawals, seeds, round clock:
  what standings, fixtures lists and brackets show.
- ``club:<id>``: anything in the club, for its club-night screen and pages.
- ``games``: any game at all, for the list of games.
"""

from __future__ import annotations

from league.models import Competition, Fixture, Game

GAMES = "games"


def competition_topics(competition: Competition | int, *, club_id: int | None = None) -> list[str]:
    """A change to what the event's standings, fixtures and bracket show."""
    if isinstance(competition, Competition):
        club_id = competition.club_id
        competition = competition.pk
    topics = [f"competition:{competition}", f"competition:{competition}:play"]
    if club_id is not None:
        topics.append(f"club:{club_id}")
    return topics


def fixture_topics(fixture: Fixture) -> list[str]:
    """A change to one match (its confirmation, a dispute, a game started): the match and
    the whole event, since the match's status shows on the event's pages."""
    return [f"fixture:{fixture.pk}", *competition_topics(fixture.competition)]


def game_topics(game: Game) -> list[str]:
    """A deal saved, corrected or undone, or a game's settings: the game, the list of games
    and, for a match's game, the match and its event's live scores (not its standings)."""
    topics = [f"game:{game.pk}", GAMES]
    if game.fixture_id is not None:
        fixture = game.fixture
        assert fixture is not None
        competition = fixture.competition
        topics += [
            f"fixture:{fixture.pk}",
            f"competition:{competition.pk}:play",
            f"club:{competition.club_id}",
        ]
    return topics


# -- what a page follows --------------------------------------------------------------------


def game_page(game: Game) -> list[str]:
    """A game's sheet."""
    return [f"game:{game.pk}"]


def event_page(competition: Competition) -> list[str]:
    """An event's pages that show running tables as well as results (its page, fixtures,
    director's page)."""
    return [f"competition:{competition.pk}", f"competition:{competition.pk}:play"]


def results_page(competition: Competition) -> list[str]:
    """An event's standings and bracket: results only (a deal does not move them)."""
    return [f"competition:{competition.pk}"]


def match_page(fixture: Fixture) -> list[str]:
    """One match: its page and the sides' entry links."""
    return [f"fixture:{fixture.pk}"]


def club_page(club_id: int) -> list[str]:
    """A club night's screen: every event of the club."""
    return [f"club:{club_id}"]


def games_page() -> list[str]:
    return [GAMES]
