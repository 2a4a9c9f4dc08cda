"""What the pages show of the housekeeping audit (:class:`~league.models.RecordChange`): each
change in the reader's language, and a record's own history.

Words: the audit stores an *action* as a code (``rename``, ``retire``...); :data:`ACTION_WORDS`
is the one place a code becomes words, so every page says it alike.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy

from league.competitions.record_sentences import Where, change_sentence, where_of
from league.models import Club, RecordChange
from league.tables_common import page_within

#: Each action code of the audit, as a heading of the list of changes says it.
ACTION_WORDS: Mapping[str, Promise] = {
    "rename": pgettext_lazy("a change of a club's records", "Renamed"),
    "retire": pgettext_lazy("a change of a club's records", "Retired"),
    "return": pgettext_lazy("a change of a club's records", "Brought back"),
    "remove": pgettext_lazy("a change of a club's records", "Removed"),
    "edit": pgettext_lazy("a change of a club's records", "Edited"),
    "withdraw": pgettext_lazy("a change of a club's records", "Withdrawn"),
    "archive": pgettext_lazy("a change of a club's records", "Archived"),
    "restore": pgettext_lazy("a change of a club's records", "Restored"),
    "delete": pgettext_lazy("a change of a club's records", "Deleted"),
    "reschedule": pgettext_lazy("a change of a club's records", "Rescheduled"),
    "table": pgettext_lazy("a change of a club's records", "Table changed"),
    "void": pgettext_lazy("a change of a club's records", "Voided"),
    "rescore": pgettext_lazy("a change of a club's records", "Rescored"),
    "concede": pgettext_lazy("a change of a club's records", "Conceded"),
}

#: What kind of record changed, as the list of changes says it.
SUBJECT_WORDS: Mapping[str, Promise] = {
    "player": pgettext_lazy("a kind of record", "Member"),
    "partnership": pgettext_lazy("a kind of record", "Partnership"),
    "club": pgettext_lazy("a kind of record", "Club"),
    "competition": pgettext_lazy("a kind of record", "Competition"),
    "entrant": pgettext_lazy("a kind of record", "Entrant"),
    "round": pgettext_lazy("a kind of record", "Round"),
    "fixture": pgettext_lazy("a kind of record", "Fixture"),
}

#: How many changes a page of the club's list shows, newest first.
CHANGES_SHOWN = 50


def action_words(code: str) -> str:
    """An action code in the reader's language (an unknown code as it is)."""
    words = ACTION_WORDS.get(code)
    return code if words is None else str(words)


def _value_text(values: Any) -> str:
    """A change's stored values as a reader reads them: "Anna Mayer"; "retired"; "" for none
    (or for values of another shape)."""
    parts: list[str] = []
    if not isinstance(values, Mapping):
        return ""
    for key, value in values.items():
        if key == "retired":
            parts.append(
                pgettext("a member's state", "retired")
                if value
                else pgettext("a member's state", "in the club")
            )
        elif key in ("slug", "players") or value in (None, ""):
            continue
        else:
            parts.append(str(value))
    return ", ".join(parts)


@dataclass(frozen=True)
class ChangeLine:
    """One change as the list shows it: when, who, what (``subject``: its kind and name),
    the action in words, the values before and after as text, and the whole change as one
    sentence (:mod:`league.competitions.record_sentences`)."""

    at: datetime.datetime
    by: str
    subject: str
    name: str
    action: str
    code: str
    before: str
    after: str
    sentence: str = ""


def generic_sentence(change: RecordChange) -> str:
    """The plain sentence of a change no presenter reads: its action and what it changed."""
    subject = SUBJECT_WORDS.get(change.subject)
    return pgettext(
        "a change of a club's records no sentence reads", "%(action)s: %(subject)s %(name)s"
    ) % {
        "action": action_words(change.action),
        "subject": change.subject if subject is None else str(subject),
        "name": change.subject_name,
    }


def change_line(change: RecordChange, where: Where | None = None) -> ChangeLine:
    subject = SUBJECT_WORDS.get(change.subject)
    before = _value_text(change.before)
    if change.action == "rename" and change.subject == "partnership" and not before:
        before = gettext("(no team name)")
    after = _value_text(change.after)
    if change.action == "rename" and change.subject == "partnership" and not after:
        after = gettext("(no team name)")
    return ChangeLine(
        at=change.at,
        by=change.by.get_username(),
        subject=change.subject if subject is None else str(subject),
        name=change.subject_name,
        action=action_words(change.action),
        code=change.action,
        before=before,
        after=after,
        sentence=change_sentence(
            change, Where() if where is None else where, lambda: generic_sentence(change)
        ),
    )


def club_changes(club: Club, wanted: str = "1") -> tuple[list[ChangeLine], Page[RecordChange]]:
    """One page of the club's changes, newest first (``wanted``: the page asked for, as the
    query string has it; out of range is the nearest page), :data:`CHANGES_SHOWN` a page, and
    the page itself for its links (two queries, and one for each kind of record whose
    competition a sentence names)."""
    rows: QuerySet[RecordChange] = RecordChange.objects.filter(club=club).select_related("by")
    pages = Paginator(rows, CHANGES_SHOWN)
    page = pages.page(page_within(wanted, pages.num_pages))
    changes = list(page.object_list)
    where = where_of(changes)
    return [change_line(c, where) for c in changes], page


def record_history(
    subject: str, subject_id: int, club_id: int, limit: int = 20
) -> list[ChangeLine]:
    """One record's changes, newest first (one query). A removal is left out: its record is
    gone, and a later record given the same number is another."""
    rows = (
        RecordChange.objects.filter(subject=subject, subject_id=subject_id, club_id=club_id)
        .exclude(action="remove")
        .select_related("by")
    )
    return [change_line(c) for c in rows[:limit]]
