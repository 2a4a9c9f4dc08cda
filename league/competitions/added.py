"""What adding many at once did (a pasted list of members, a whole club entered), as the
messages a page shows: what was added, and by name what was left out and why."""

from __future__ import annotations

from django.contrib import messages
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from league.competitions.services import EntrantsAdded, MembersAdded
from league.models import Competition, EntrantKind


def names_text(names: list[str]) -> str:
    """``["Anna", "Ben", "Carl"]`` as "Anna, Ben and Carl" (in the reader's language)."""
    return str(get_text_list(names, pgettext("the last of a list: Anna, Ben and Carl", "and")))


def members_added_text(done: MembersAdded) -> list[tuple[int, str]]:
    """What pasting a list did, as the messages the club page shows."""
    added = [str(player) for player in done.added]
    lines = [
        (
            messages.SUCCESS,
            ngettext(
                "%(count)d member added: %(names)s.",
                "%(count)d members added: %(names)s.",
                len(added),
            )
            % {"count": len(added), "names": names_text(added)},
        )
        if added
        else (messages.INFO, _("Nobody new: every name on the list is a member already."))
    ]
    if done.existing:
        lines.append(
            (
                messages.INFO,
                _("Already members, not added again: %(names)s.")
                % {"names": names_text(done.existing)},
            )
        )
    if done.repeated:
        lines.append(
            (
                messages.INFO,
                _("On the list twice, added once: %(names)s.")
                % {"names": names_text(done.repeated)},
            )
        )
    return lines


def entrants_added_text(competition: Competition, done: EntrantsAdded) -> list[tuple[int, str]]:
    """What entering the whole club did, as messages (the director's page says it too)."""
    pairs = competition.entrant_kind == EntrantKind.PARTNERSHIPS
    count, already = len(done.added), done.already
    if not (count or already or done.refused):
        if pairs:
            none = _("The club has no partnerships yet: add them on the club's page.")
        else:
            none = _("The club has no members yet: add them on the club's page.")
        return [(messages.INFO, none)]
    if not (count or done.refused):
        if pairs:
            every = _("Every partnership of the club is entered already.")
        else:
            every = _("Every player of the club is entered already.")
        return [(messages.INFO, every)]
    if count and pairs:
        entered = ngettext(
            "%(count)d partnership entered.", "%(count)d partnerships entered.", count
        )
    elif count:
        entered = ngettext("%(count)d player entered.", "%(count)d players entered.", count)
    lines = [
        (messages.SUCCESS, entered % {"count": count})
        if count
        else (
            messages.WARNING,
            _("No partnership entered.") if pairs else _("No player entered."),
        )
    ]
    if already:
        lines.append(
            (
                messages.INFO,
                ngettext(
                    "%(count)d was entered already.", "%(count)d were entered already.", already
                )
                % {"count": already},
            )
        )
    for name, reason in done.refused:
        lines.append(
            (
                messages.WARNING,
                _("%(name)s not entered: %(reason)s") % {"name": name, "reason": reason},
            )
        )
    return lines
