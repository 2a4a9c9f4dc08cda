"""The address phones open to join: the one the request came in on, or, when the laptop
opened its own page as localhost and its server listens on the venue's network, its address
there (a phone cannot reach "localhost")."""

from __future__ import annotations

from django.http import HttpRequest

from league.server import is_loopback, own_addresses, serves_the_network


def join_address(request: HttpRequest) -> str:
    """ "http://192.168.1.20:8000/": the site's home as a phone on the same network opens it."""
    host = request.get_host()
    name, colon, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not colon or not port.isdigit():
        name, port = host, ""
    if is_loopback(name) and serves_the_network():
        lan = own_addresses()
        if lan:
            name = lan[0]
    return f"{request.scheme}://{name}{':' + port if port else ''}/"


def phone_url(request: HttpRequest, path: str) -> str:
    """``path`` on the site as a phone opens it (an entry link printed or shown as a QR code on
    the laptop opened as localhost must still work on a phone)."""
    return join_address(request).rstrip("/") + path
