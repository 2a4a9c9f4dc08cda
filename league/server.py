"""What the club laptop knows about itself when it serves phones: its own addresses, and the
secret key it keeps between runs. Read by the settings and by ``manage.py serve``; imports no
Django setting, so the settings module can use it."""

from __future__ import annotations

import ipaddress
import os
import secrets
import socket
import sys
from pathlib import Path

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` reaches this computer only."""
    if host in ("localhost", "[::1]"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def own_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (the Wi-Fi the phones share), best guess
    first: the one a packet to a private network would leave from, then those of its name."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # A UDP "connect" sends nothing; it only picks the outgoing interface.
        probe.connect(("10.255.255.255", 1))
        found.append(probe.getsockname()[0])
    except OSError:
        pass  # no network at all: only the names below
    finally:
        probe.close()
    try:
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(sockaddr[0]))
    except OSError:
        pass
    return [a for a in dict.fromkeys(found) if not ipaddress.ip_address(a).is_loopback]


def own_hosts() -> list[str]:
    """The host names a phone on the laptop's network may use: its addresses, its name (with
    ``.local`` for mDNS), and the loopback names."""
    name = socket.gethostname()
    return list(dict.fromkeys([*LOOPBACK_HOSTS, *own_addresses(), name, f"{name}.local"]))


def kept_secret_key(path: Path) -> str:
    """The secret key kept in ``path``, made (50 random characters, readable by the owner only)
    on the first run. Created exclusively, so that two processes starting at once agree."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text().strip()
        if len(key) < 50:
            raise RuntimeError(
                f"{path} holds no usable secret key: delete it for a new one."
            ) from None
        return key
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w") as file:
        file.write(key + "\n")
    return key


#: Set by ``manage.py serve`` for the server it starts: the address it listens on.
LISTENING_ON = "HICKSHEET_LISTENING_ON"


def serves_only_itself() -> bool:
    """Whether the running server (started by ``manage.py serve``) listens on a loopback
    address only, so that no phone can reach it whatever address it is shown."""
    host = os.environ.get(LISTENING_ON, "")
    return bool(host) and is_loopback(host)


def serves_the_network() -> bool:
    """Whether the running server (started by ``manage.py serve``) listens beyond this
    computer, so that its address on the network reaches it (unknown for another server)."""
    host = os.environ.get(LISTENING_ON, "")
    return bool(host) and not is_loopback(host)


def uvicorn_command(host: str, port: int, workers: int) -> list[str]:
    """The command line of the club night's server (also what ``make bench`` measures)."""
    return [
        sys.executable, "-m", "uvicorn", "league.asgi:application",
        f"--host={host}", f"--port={port}", f"--workers={workers}",
        # Open event streams end at once on a restart (the pages reconnect by themselves)
        # instead of holding the old server up.
        "--timeout-graceful-shutdown=2",
        "--no-server-header",
    ]  # fmt: skip
