"""`manage.py messages` (what `make messages` runs): every language's catalog brought up to date
with the strings marked in the code, the templates and static/js, then compiled.

The languages are ``settings.LANGUAGES`` but the source one (``LANGUAGE_CODE``), so that adding
a language is a line in the settings; its folder ``locale/<code>/`` is made on the first run.
Needs GNU gettext (xgettext, msgmerge, msgfmt).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

#: Folders that hold no string of the site's own (a virtualenv, tests, collected static files).
IGNORED = [".venv", "tests", "bench", "staticfiles", "build", "node_modules"]


class Command(BaseCommand):
    help = "Update every language's translation catalog from the code, then compile them."

    def handle(self, *args: Any, **options: Any) -> None:
        languages = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
        for domain in ("django", "djangojs"):
            call_command(
                "makemessages",
                locale=languages,
                domain=domain,
                ignore_patterns=IGNORED,
                no_obsolete=True,
                add_location="file",
                verbosity=options["verbosity"],
            )
        call_command(
            "compilemessages",
            locale=languages,
            ignore_patterns=IGNORED,
            verbosity=options["verbosity"],
        )
