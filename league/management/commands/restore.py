"""``manage.py restore FILE [--yes]``: replace everything in the database with a backup that
``manage.py backup`` wrote (see :mod:`league.backups`). It asks first unless ``--yes``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league import backups
from league.errors import Refused


class Command(BaseCommand):
    help = "Replace everything in the database with a backup written by manage.py backup."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file to restore")
        parser.add_argument(
            "--yes", action="store_true", help="do not ask before replacing the database"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        source = Path(options["file"])
        if not options["yes"]:
            answer = input(
                f"Replace EVERYTHING in this site's database with {source}? "
                "What was saved since that backup is lost. Type yes to go on: "
            )
            if answer.strip().lower() != "yes":
                raise CommandError("Nothing restored.")
        try:
            backups.restore(source)
        except Refused as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Restored {source}")
