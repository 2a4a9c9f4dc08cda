"""What adding many at once did (a pasted list of members, a whole club entered), as the
messages a page shows: what was added, and by name what was left out and why."""

from __future__ import annotations

from django.contrib import messages

from league.competitions.services import EntrantsAdded, MembersAdded
from league.models import Competition, EntrantKind


def names_text(names: list[str]) -> str:
    """``["Anna", "Ben", "Carl"]`` as "Anna, Ben and Carl"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def members_added_text(done: MembersAdded) -> list[tuple[int, str]]:
    """What pasting a list did, as the messages the club page shows."""
    added = [str(player) for player in done.added]
    lines = [
        (
            messages.SUCCESS,
            f"{len(added)} member{'s' if len(added) != 1 else ''} added: {names_text(added)}.",
        )
        if added
        else (messages.INFO, "Nobody new: every name on the list is a member already.")
    ]
    if done.existing:
        lines.append(
            (messages.INFO, f"Already members, not added again: {names_text(done.existing)}.")
        )
    if done.repeated:
        lines.append(
            (messages.INFO, f"On the list twice, added once: {names_text(done.repeated)}.")
        )
    return lines


def entrants_added_text(competition: Competition, done: EntrantsAdded) -> list[tuple[int, str]]:
    """What entering the whole club did, as messages (the director's page says it too)."""
    what = "partnership" if competition.entrant_kind == EntrantKind.PARTNERSHIPS else "player"
    count, already = len(done.added), done.already
    if not (count or already or done.refused):
        where = "partnerships" if what == "partnership" else "members"
        return [(messages.INFO, f"The club has no {where} yet: add them on the club's page.")]
    if not (count or done.refused):
        return [(messages.INFO, f"Every {what} of the club is entered already.")]
    lines = [
        (messages.SUCCESS, f"{count} {what}{'s' if count != 1 else ''} entered.")
        if count
        else (messages.WARNING, f"No {what} entered.")
    ]
    if already:
        lines.append(
            (messages.INFO, f"{already} {'was' if already == 1 else 'were'} entered already.")
        )
    for name, reason in done.refused:
        lines.append((messages.WARNING, f"{name} not entered: {reason}"))
    return lines
