"""ASGI entry point: ``uvicorn league.asgi:application`` (what ``manage.py serve`` runs).

ASGI rather than WSGI so that a page's open event stream (:mod:`league.live.views`) costs a
coroutine, not a thread: a room of phones and screens keeps hundreds of them open.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

application = get_asgi_application()
