"""ASGI entry point: ``uvicorn league.asgi:application`` (what ``manage.py serve`` runs).

ASGI rather than WSGI so that a page's open event stream (:mod:`league.live.views`) costs a
coroutine, not a thread: a room of phones and screens keeps hundreds of them open.

A live page's refetch by a phone (``live.js``, after each event) is answered from its current
copy before Django's per-request work when it can be (:mod:`league.live.fast_path`); every
other request, and any such fetch it cannot answer, goes to Django.
"""

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

django_application = get_asgi_application()

from league.live import fast_path  # noqa: E402  (needs the apps loaded)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    fetch = fast_path.live_fetch(scope)
    if fetch is None:
        await django_application(scope, receive, send)
    else:
        await fast_path.answer(fetch, scope, receive, send, django_application)
