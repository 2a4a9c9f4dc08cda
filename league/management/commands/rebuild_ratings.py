"""``manage.py rebuild_ratings``: rate every finished game of every fixture again, in the order
they were played, from nobody rated (see :mod:`league.ratings.services`). The site keeps the
ratings up to date by itself; this is for a new install's history, a restore, or rows written
behind its back. The same games always give the same numbers."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from league.ratings.services import ratings_rebuild


class Command(BaseCommand):
    help = "Rate every finished game again, in the order played, from nobody rated."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        count = ratings_rebuild()
        took = time.perf_counter() - started
        self.stdout.write(f"Rated {count} games in {took:.1f} s.")
