"""The costliest PDF an anonymous visitor may ask for: blank sheets at the form's limits
(``league.printing.forms``: the most sheets, the longest names, three sides, Letter), through
the view, against a floor measured in the same run: reportlab writing as many pages with one
line of text each. Before the limits, 200 sheets took 3.6 s of a worker.

The target: within 100x the floor (a laid-out sheet of tables against one line of text a
page) and under a second: what one visitor can cost a worker.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_RATIO = 100.0
TARGET_SECONDS = 1.0


def run() -> list[str]:
    with tempfile.TemporaryDirectory(prefix="hicksheet-bench-pdf-") as tmp:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", tmp),
            "LANG": "C.UTF-8",
            "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": "league.settings",
            # The form reads no database unless a competition is chosen; this one stays empty.
            "DATABASE_URL": f"sqlite:///{tmp}/unused.sqlite3",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "testserver",
            "STATIC_ROOT": str(Path(tmp) / "static"),
        }
        done = subprocess.run(
            [sys.executable, "-m", "bench.pdf_worst"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    if done.returncode != 0:
        return [f"pdf: FAILED:\n{done.stderr[-2000:]}"]
    r = json.loads(done.stdout.strip().splitlines()[-1])
    ratio = r["worst"] / r["floor"]
    ok = ratio <= TARGET_RATIO and r["worst"] <= TARGET_SECONDS
    return [
        f"pdf: the costliest blank sheets allowed ({r['sheets']} sheets, longest names, three "
        f"sides, {r['bytes'] // 1024} KiB) {r['worst'] * 1000:.0f} ms; floor (reportlab, as "
        f"many pages of one line) {r['floor'] * 1000:.0f} ms; ratio {ratio:.1f} "
        f"(target <= {TARGET_RATIO:.0f} and under {TARGET_SECONDS:.0f} s): "
        + ("within target" if ok else "OVER TARGET")
    ]


if __name__ == "__main__":
    print("\n".join(run()))
