"""``manage.py serve``: the site for a club night (``make run``), or a developer's server
(``make dev``, DEBUG on).

With DEBUG off it runs uvicorn (ASGI: several processes, each serving its open pages' event
streams as coroutines; the server the benchmarks measure) on ``HOST:PORT`` and prints the
addresses phones on the same network can open.
With DEBUG on it runs Django's development server, and only on a loopback address: the debug
page shows the settings and the environment to whoever makes an error, so it refuses any
other address, saying why.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.server import LISTENING_ON, is_loopback, own_addresses, uvicorn_command


class Command(BaseCommand):
    help = "Serve the site: uvicorn with DEBUG off, the development server (loopback) with it on."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=os.environ.get("HOST") or "127.0.0.1")
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
        parser.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS") or 2))

    def handle(self, *args: Any, host: str, port: int, **options: Any) -> None:
        if settings.DEBUG:
            if not is_loopback(host):
                raise CommandError(
                    f"Refusing to serve {host} with DEBUG on: Django's debug page shows the "
                    "settings and the environment (database passwords included) to anyone who "
                    "makes an error. Use `make run` (DEBUG off) to serve other devices, or "
                    "HOST=127.0.0.1 for yourself."
                )
            call_command("runserver", f"{host}:{port}")
            return
        self.stdout.write(self.style.SUCCESS(self.addresses(host, port)))
        sys.stdout.flush()
        os.environ[LISTENING_ON] = host  # for the join page: can phones reach it at all?
        os.execv(sys.executable, uvicorn_command(host, port, options["workers"]))

    @staticmethod
    def addresses(host: str, port: int) -> str:
        """What to tell the room: the addresses to open, or why phones cannot yet."""
        if is_loopback(host):
            return (
                f"Serving http://127.0.0.1:{port}/ to this computer only. To serve phones on "
                "this network: HOST=0.0.0.0 make run"
            )
        local = own_addresses() if host in ("0.0.0.0", "::") else [host]
        lines = ["Serving the site (DEBUG off). Phones on this network open:"]
        lines += [f"    http://{address}:{port}/" for address in local] or [
            "    (no network address found: is the Wi-Fi connected?)"
        ]
        if local:
            lines.append(
                f"The join page, a QR code for phones to scan: http://{local[0]}:{port}/join/"
            )
            lines.append(
                "The room's screen: \"Show on the room's screen\" on a club's or an event's page."
            )
        lines.append(f"On this computer: http://127.0.0.1:{port}/")
        return "\n".join(lines)
