"""Logging filters: the request id on every line, and a refusal in one line."""

from __future__ import annotations

import logging


class RequestIdFilter(logging.Filter):
    """Put ``request_id`` on every record: the id of the request it is about (Django's request
    logs carry the request), or ``-``."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        record.request_id = getattr(request, "request_id", "-")
        return True


class RefusalsInOneLine(logging.Filter):
    """Drop the traceback from a record about a response below 500 (a 403, a 404, a request
    too large refused with 400): the site refused on purpose and the reason is in the
    message. A server error (500) keeps its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        refused = (status is not None and status < 500) or record.name.startswith(
            "django.security."
        )
        if refused and record.exc_info:
            record.exc_info = None
            record.exc_text = None
        return True
