"""The club night's real server (``manage.py serve``'s uvicorn command, ASGI) on a database
file of its own, for browser tests that must restart it: started, stopped and started again on
the same port. Django's own live server (WSGI, in the test's process) cannot be restarted
under an open page, and is not what ``make run`` serves."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from league.server import uvicorn_command

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Site:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(tmp),
            "LANG": "C.UTF-8",
            "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": "league.settings",
            "DATABASE_URL": f"sqlite:///{tmp / 'night.sqlite3'}",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "STATIC_ROOT": str(tmp / "static"),
            "LOG_LEVEL": "WARNING",
        }
        self.server: subprocess.Popen[bytes] | None = None

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    def python(self, code: str) -> str:
        """Run ``code`` with Django set up on the site's database (another process, as a
        second server would be); what it prints."""
        script = "import django; django.setup()\n" + code
        done = subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    def prepare(self) -> None:
        self.manage("migrate", "--noinput", "-v0")
        self.manage("collectstatic", "--noinput", "-v0")

    def start(self, workers: int = 1) -> None:
        log = open(self.tmp / "server.log", "ab")  # noqa: SIM115 - kept open while it runs
        self.server = subprocess.Popen(
            uvicorn_command("127.0.0.1", self.port, workers),
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise RuntimeError((self.tmp / "server.log").read_text()[-2000:])
            try:
                urllib.request.urlopen(f"{self.url}/rules/", timeout=2).read()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the server did not answer: " + (self.tmp / "server.log").read_text())

    def stop(self) -> None:
        if self.server is None:
            return
        os.killpg(self.server.pid, signal.SIGTERM)
        try:
            self.server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.server.pid, signal.SIGKILL)
            self.server.wait(timeout=15)
        self.server = None
