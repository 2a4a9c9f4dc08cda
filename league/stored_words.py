"""What the database keeps as codes, said in the reader's words when a page is drawn.

Who confirmed a result, who did something to a match, through whom a deal was corrected and how
many deals an abandoned game had are stored as codes and names (a side's index, a director's
username, a count), never as a sentence in the language of whoever was writing: each reader
sees them in their own language, and a side with its name as it is now. A value from before
the codes that migration 0016_stored_words_as_codes could not read (a sentence written in
another language) is shown as it was stored.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext, pgettext

from league.models import DealAudit, Fixture, MatchEvent


def _side(sides: Sequence[str], index: int | None) -> str:
    return sides[index] if index is not None and 0 <= index < len(sides) else ""


def confirmed_by_words(fixture: Fixture, sides: Sequence[str]) -> str:
    """Who confirmed ``fixture``'s result ("Anna & Ben", "director olga"), ``sides`` being
    its sides' names in side order; "" when nobody is named (not confirmed)."""
    code = fixture.confirmed_by
    if code == Fixture.CONFIRMED_BY_SIDE:
        return _side(sides, fixture.confirmed_side)
    if code == Fixture.CONFIRMED_BY_DIRECTOR:
        return pgettext("who confirmed a result", "director %(name)s") % {
            "name": fixture.confirmed_by_name
        }
    if code == Fixture.CONFIRMED_BY_WITHDRAWAL:
        return pgettext("who confirmed a result", "director %(name)s (withdrawal)") % {
            "name": fixture.confirmed_by_name
        }
    return code


def event_who(event: MatchEvent, sides: Sequence[str]) -> str:
    """Who did what ``event`` records: the side's name, "director olga" for a settled
    dispute, else the username of whoever did it."""
    if event.kind == MatchEvent.Kind.ABANDON and event.side is not None:
        # Abandoned by an organiser because that side withdrew from the league.
        return pgettext("who abandoned a game", "%(name)s (%(side)s withdrew)") % {
            "name": event.who,
            "side": _side(sides, event.side),
        }
    if event.side is not None:
        return _side(sides, event.side) or event.who
    if event.kind == MatchEvent.Kind.SETTLED and event.who:
        return pgettext("who did something to a match", "director %(name)s") % {"name": event.who}
    return event.who


def event_words(event: MatchEvent) -> str:
    """What ``event`` says besides its kind: a side's words, or "5 deals entered" for an
    abandoned game (stored as the count)."""
    if event.kind == MatchEvent.Kind.ABANDON and event.words.isdigit():
        count = int(event.words)
        return ngettext("%(count)d deal entered", "%(count)d deals entered", count) % {
            "count": count
        }
    return event.words


@dataclass(frozen=True)
class EventNote:
    """A match event as a page lists it (templates/includes/match_events.html)."""

    kind: str
    kind_words: str
    who: str
    words: str
    at: datetime.datetime


def event_notes(events: Sequence[MatchEvent], sides: Sequence[str]) -> list[EventNote]:
    """``events`` in the reader's words, ``sides`` being the match's sides' names."""
    return [
        EventNote(
            kind=str(event.kind),
            kind_words=event.kind_words,
            who=event_who(event, sides),
            words=event_words(event),
            at=event.at,
        )
        for event in events
    ]


def audit_who(audit: DealAudit, sides: Sequence[str]) -> str:
    """Who made a correction, as the game's audit lists it: "entry link of Anna & Ben",
    "olga (a new first dealer)", or the username; ``sides`` the game's side names."""
    if audit.via == DealAudit.VIA_ENTRY_LINK:
        return pgettext("who corrected a deal", "entry link of %(side)s") % {
            "side": _side(sides, audit.via_side)
        }
    if audit.via == DealAudit.VIA_FIRST_DEALER:
        return gettext("%(who)s (a new first dealer)") % {"who": audit.by}
    return audit.via or str(audit.by)
