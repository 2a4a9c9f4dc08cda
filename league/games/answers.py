"""Short JSON answers to a deal sent by the phone's offline queue (static/js/offline-queue.js).

The queue posts the same form as the Save button, with ``Accept: application/json``; the
views answer these words instead of a page, so the phone can tell a saved deal from one the
sheet has moved past (``conflict``: somebody else entered that deal number, or deals were
taken off meanwhile) without reading HTML. A form sent without that header is answered with
pages, as before: the page works without JavaScript.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from league.errors import DealTaken, Refused
from league.games.forms import DealForm
from league.models import Deal, Game


def wants_json(request: HttpRequest) -> bool:
    """Whether the sender asked for the JSON answer (the offline queue's fetch does)."""
    # From META: request.headers builds a dict of every header first (every deal saved asks).
    return "application/json" in request.META.get("HTTP_ACCEPT", "")


def saved(deal: Deal, created: bool, game: Game, page: str) -> JsonResponse:
    """The deal is on the sheet (``created``: now; else it had been saved before, found by its
    entry key: a resend never adds it twice). ``page``: where the sheet is shown, as a plain
    Save would have been sent on to."""
    return JsonResponse(
        {
            "saved": True,
            "created": created,
            "number": deal.number,
            "marks": list(deal.marks),
            "next_number": game.deal_count + 1,
            "page": page,
        }
    )


def not_saved(form: DealForm) -> JsonResponse:
    """The form's own refusal (a deal that could not have happened): nothing saved."""
    errors = form.placed_errors()
    message = next(iter(errors.values()), None) or _("The deal could not be saved.")
    return JsonResponse({"saved": False, "message": message, "errors": errors}, status=400)


def refused(error: Refused, next_number: int | None, status: int = 409) -> JsonResponse:
    """A service's refusal: ``conflict`` when the game changed under the waiting deal."""
    if isinstance(error, DealTaken):
        existing = error.existing
        return JsonResponse(
            {
                "saved": False,
                "conflict": True,
                "message": error.said,
                "next_number": error.next_number,
                "existing": list(existing.marks) if existing is not None else None,
            },
            status=status,
        )
    return JsonResponse(
        {"saved": False, "conflict": False, "message": error.message, "next_number": next_number},
        status=status,
    )


def gone(message: str, status: int = 410) -> JsonResponse:
    """The game or link takes no more deals (confirmed, or no game running)."""
    return JsonResponse({"saved": False, "message": message, "closed": True}, status=status)
