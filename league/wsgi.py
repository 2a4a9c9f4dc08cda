"""WSGI entry point, for a WSGI server (the club night runs ASGI: ``league.asgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

application = get_wsgi_application()
