"""The words of a tournament's display: names of rounds, pools, matches and slots, scores and
statuses (the words are defined in :mod:`league.tournaments.presenters`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import date as Date

from django.utils import formats, timezone
from django.utils.translation import get_language, gettext_noop, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from league.competitions.selectors import FixtureLine
from league.engine_words import engine_word
from league.forms_common import ordinal
from league.game_words import games_of_deals
from league.models import (
    Competition,
    CompetitionKind,
    EntrantKind,
    Fixture,
    FixtureStatus,
    Game,
    TournamentFormat,
)
from scoring.brackets import Bracket, BracketMatch, LoserOf, Seed, WinnerOf
from scoring.formats import suggested_swiss_rounds

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
    """How many games a match is: "one game a match", "matches best of 3", "3 games a match";
    nothing for a club evening's table (one game a round, said by the game's length)."""
    if competition.kind == CompetitionKind.EVENING:
        return ""
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
    """ "Klaberjass, games to 150"; "Klaverjas (Dutch), booms of 16 deals"; "Belote, games
    of 12 deals" (:mod:`league.game_words`)."""
    rules = competition.rules
    if rules.target is None:
        return pgettext(
            "a ruleset, then how long its games are: Belote, games of 12 deals",
            "%(ruleset)s, %(length)s",
        ) % {
            "ruleset": engine_word(rules.name),
            "length": games_of_deals(rules),
        }
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
