"""``manage.py backup [FILE]``: write a backup of the whole database to a new file (see
:mod:`league.backups`); without FILE, ``backups/hicksheet-<date>-<time>.<sqlite3|sql>``."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from league import backups
from league.errors import Refused


class Command(BaseCommand):
    help = "Write a consistent backup of the whole database to a new file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", nargs="?", help="the backup file to write (must not exist)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["file"]:
            target = Path(options["file"])
        else:
            folder = Path(settings.BASE_DIR) / "backups"
            folder.mkdir(exist_ok=True)
            stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
            ending = "sqlite3" if connection.vendor == "sqlite" else "sql"
            target = folder / f"hicksheet-{stamp}.{ending}"
        try:
            backups.backup(target)
        except Refused as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Backed up to {target}")
