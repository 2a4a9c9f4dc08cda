"""The standings page of a big season against one SQL aggregate over its stored results.

For SQLite (a temporary file) and PostgreSQL (a throwaway server, as ``bench_http`` starts
one), a subprocess (``bench.standings_db``) migrates a fresh database, bulk-inserts a season
of 200 partnerships and about 300,000 deals (real games played through the engine), and
times, median of several runs after warming up:

- the page: ``GET /c/<slug>/standings/`` through Django's test client in-process, so the
  middleware, the view, the selector, the django-tables2 table and the template, without
  the network;
- the floor: one hand-written SQL statement summing the stored fixture sides (what
  ``fixture_recompute`` writes for each side of a finished fixture) by entrant, fetched whole.

The target: the page within 2x the floor (issue 11 asked 3x: a live page must be cheap to
refresh; issue 22 2x).
The lines also say where the page's time goes (the selector reading the kept tallies and
ranking, the table and template), and, for comparison, the table worked out from every
fixture side as it was before the tallies were kept, and a SQL sum over the deals themselves
(the floor of an earlier target); and they check that the points the page shows are what
the deals add up to and that the kept tallies give the table the fixture sides give.

Then the ratings (issue 13): ``manage.py rebuild_ratings``'s work on the same season (read
every finished game, rate it in order, write every change and current rating), twice, which
must write the same, against a bare openskill loop over the same games in memory (target:
the whole rebuild, reading and writing too, within 5x the loop: issue 22).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from bench.bench_http import Skipped, on_each_database

ROOT = Path(__file__).resolve().parent.parent
TARGET_RATIO = 2.0  # issue 22 (was 3, issue 11)
RATINGS_TARGET = 5.0  # rebuild_ratings against the bare loop, issue 22
TIMEOUT = 900.0  # seconds for one database: generating and measuring


def _env(database_url: str, tmp: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", str(tmp)),
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "bench.http_settings",
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "testserver",  # Django's test client
        "STATIC_ROOT": str(tmp / "static"),
    }


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def report(name: str, r: dict) -> list[str]:
    made = r["made"]
    ratio = r["page"] / r["sides_floor"]
    verdict = "within target" if ratio <= TARGET_RATIO else "OVER TARGET"
    lines = [
        f"standings {name}: {made['entrants']} entrants, {made['nights']} nights, "
        f"{made['fixtures']} fixtures, {made['games']} games, {made['deals']} deals "
        f"(generated in {made['seconds']:.0f} s, the entrants' tallies written in "
        f"{ms(made['tally_seconds'])})",
        f"standings {name}: page {ms(r['page'])} ({r['page_bytes'] // 1024} KiB); the stored "
        f"fixture-side sums by entrant in SQL {ms(r['sides_floor'])}; ratio {ratio:.2f} "
        f"(target <= {TARGET_RATIO:g}): {verdict}",
        f"standings {name}: where the page's time goes: the selector {ms(r['selector'])} (of "
        f"which reading the entrants and their kept tallies {ms(r['fetch'])}), table and "
        f"template {ms(r['render'])}",
        f"standings {name}: for comparison: the table worked out from all "
        f"{r['fixture_sides']} fixture sides (as before the tallies were kept) "
        f"{ms(r['sides_selector'])}; SQL sum of deal points by entrant {ms(r['floor'])} "
        f"(the page is {r['page'] / r['floor']:.2f} of it)",
    ]
    lines.append(
        f"standings {name}: the position chart worked out afresh (one query and "
        f"{r['positions_nights']} nights ranked) {ms(r['positions'])}; kept in the cache "
        "after, under the table's figures, so the page above reads it kept"
    )
    if not r["positions_agree"]:
        lines.append(f"standings {name}: THE LAST NIGHT'S POSITIONS DIFFER from the table")
    rr = r["ratings"]
    lines += [
        f"ratings {name}: rebuild_ratings of the season's {rr['rated_games']:,} games "
        f"({rr['players']:,} players and pairs, {rr['changes']:,} changes written) "
        f"{rr['rebuild']:.1f} s: reading the games {rr['read']:.1f} s, rating them "
        f"{rr['rate']:.1f} s, the rest writing; a bare openskill loop over the same games "
        f"{rr['bare']:.1f} s; rebuild {rr['rebuild'] / rr['bare']:.1f}x the floor, rating "
        f"alone {rr['rate'] / rr['bare']:.1f}x (target: rebuild <= {RATINGS_TARGET:g}x): "
        + ("within target" if rr["rebuild"] <= RATINGS_TARGET * rr["bare"] else "OVER TARGET"),
    ]
    if not rr["deterministic"]:
        lines.append(f"ratings {name}: TWO REBUILDS DIFFER")
    if not r["agree"]:
        lines.append(f"standings {name}: POINTS DIFFER between the page and the deals")
    if not r["same_table"]:
        lines.append(f"standings {name}: THE TABLE DIFFERS between the tallies and the sides")
    return lines


def bench_database(name: str, database: Callable[[Path], AbstractContextManager[str]]) -> list[str]:
    tmp = Path(tempfile.mkdtemp(prefix=f"hicksheet-bench-standings-{name}-"))
    try:
        with database(tmp) as url:
            done = subprocess.run(
                [sys.executable, "-m", "bench.standings_db"],
                cwd=ROOT,
                env=_env(url, tmp),
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
            if done.returncode != 0:
                raise RuntimeError(f"bench.standings_db failed:\n{done.stderr[-2000:]}")
            return report(name, json.loads(done.stdout.strip().splitlines()[-1]))
    except Skipped as why:
        return [f"standings {name}: skipped: {why}"]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run() -> list[str]:
    return on_each_database("standings", bench_database)


if __name__ == "__main__":
    print("\n".join(run()))
