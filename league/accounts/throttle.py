"""The sign-in throttle's rule (django-axes' ``AXES_HANDLER``; words in
:mod:`league.accounts.selectors`).

Failed sign-ins are counted twice: per *account and address together* (``AXES_FAILURE_LIMIT``,
5 by default: five typos on the club laptop pause that account on that laptop only, and a
stranger elsewhere guessing the organiser's password never locks the organiser out of her own
phone) and per *address* across accounts (``LOGIN_ADDRESS_FAILURE_LIMIT``, 20 by default: one
device guessing many accounts). django-axes compares every group of its
``AXES_LOCKOUT_PARAMETERS`` with one limit; this handler gives the address group its own.

A sign-in refused during a lockout is not counted (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT``
off), so a lockout always ends ``AXES_COOLOFF_TIME`` after the failure that started it: nobody
can keep it going with one more wrong password now and then. A successful sign-in forgets that
account's failures from that address only, so signing in with one's own account does not wipe
a device's record of guessing others.
"""

from __future__ import annotations

from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_parameters, get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import QuerySet, Sum
from django.http import HttpRequest


def group_limit(group: dict[str, Any]) -> int:
    """The failures that lock one group of attempts: the address on its own has the looser cap;
    an account (with its address, or alone behind a proxy) the stricter one."""
    if set(group) == {"ip_address"}:
        return int(settings.LOGIN_ADDRESS_FAILURE_LIMIT)
    return int(settings.AXES_FAILURE_LIMIT)


class ThrottleHandler(AxesDatabaseHandler):
    """django-axes' database handler with a limit per group of attempts."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """The failures of the account and address, but at least ``AXES_FAILURE_LIMIT`` once any
        group has reached its own limit (django-axes compares this one number with
        ``AXES_FAILURE_LIMIT``)."""
        username = get_client_username(request, credentials)
        windowed = self.get_user_attempts(request, credentials)
        failures = 0
        locked = False
        for filters, attempts in zip(self._groups(request, username), windowed, strict=True):
            count = _failures(attempts)
            locked = locked or count >= group_limit(filters)
            if set(filters) != {"ip_address"}:
                failures = max(failures, count)
        return max(failures, int(settings.AXES_FAILURE_LIMIT)) if locked else failures

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        """After a successful sign-in, forget that account's failures (from this address, when
        addresses are counted), never a whole address's."""
        username = get_client_username(request, credentials)
        count = 0
        for filters in self._groups(request, username):
            if set(filters) != {"ip_address"}:
                count += AccessAttempt.objects.filter(**filters).delete()[0]
        return count

    @staticmethod
    def _groups(request: HttpRequest, username: str | None) -> list[dict[str, Any]]:
        groups: list[dict[str, Any]] = get_client_parameters(
            username,
            request.axes_ip_address,  # type: ignore[attr-defined]
            request.axes_user_agent,  # type: ignore[attr-defined]
            request,
        )
        return groups


def _failures(attempts: QuerySet[AccessAttempt]) -> int:
    return int(attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0)
