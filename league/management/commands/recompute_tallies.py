"""``manage.py recompute_tallies [SLUG ...]``: write every entrant's kept tally (the sums the
standings page reads, see :mod:`league.competitions.tallies`) again from the stored fixture
sides, for the competitions named by their slugs, or for all. The site keeps them up to date
by itself; this is for rows written behind its back (a hand-edited database, a bulk import)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.competitions.tallies import tallies_rebuild
from league.models import Competition


class Command(BaseCommand):
    help = "Write the standings' kept sums of every entrant again from the stored results."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slugs", nargs="*", help="competitions to do (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        slugs: list[str] = options["slugs"]
        ids = None
        if slugs:
            found = dict(Competition.objects.filter(slug__in=slugs).values_list("slug", "pk"))
            missing = [s for s in slugs if s not in found]
            if missing:
                raise CommandError(f"No competition {', '.join(missing)}. Nothing written.")
            ids = list(found.values())
        count = tallies_rebuild(ids)
        self.stdout.write(f"Wrote the tallies of {count} entrants.")
