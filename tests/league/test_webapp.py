"""The entry pages as an installable web app: the manifest and the service worker's script,
served from the site's root (the worker's scope), allowed by the Content-Security-Policy."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_manifest_starts_at_the_page_that_asked(client: Client):
    response = client.get("/manifest.webmanifest?start=/m/abc_DEF-1/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = response.json()
    assert data["start_url"] == "/m/abc_DEF-1/" and data["scope"] == "/"
    assert data["display"] == "standalone"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in data["icons"]}
    assert client.get("/manifest.webmanifest?start=/games/12/").json()["start_url"] == "/games/12/"


@pytest.mark.parametrize("start", ["https://evil.example/", "/accounts/", "//x/m/a/", ""])
def test_the_manifest_never_starts_elsewhere(client: Client, start):
    assert client.get("/manifest.webmanifest", {"start": start}).json()["start_url"] == "/"


def test_the_service_worker_is_served_from_the_root_and_never_cached(client: Client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert "no-cache" in response["Cache-Control"]
    assert response["Service-Worker-Allowed"] == "/"
    body = response.content.decode()
    assert "/static/js/offline-queue" in body and "/static/icons/icon-192" in body
    policy = response["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_the_worker_and_manifest_are_read_only(client: Client):
    assert client.post("/sw.js").status_code == 405
    assert client.post("/manifest.webmanifest").status_code == 405


def test_the_manifest_speaks_the_pages_language_else_the_readers(client: Client):
    data = client.get("/manifest.webmanifest", {"start": "/games/12/", "lang": "nl"}).json()
    assert data["lang"] == "nl" and data["name"] == "Hicksheet"
    assert data["description"]
    browser = Client(headers={"accept-language": "fr"})
    assert browser.get("/manifest.webmanifest").json()["lang"] == "fr"
    assert browser.get("/manifest.webmanifest", {"lang": "zz"}).json()["lang"] == "fr"
    assert client.get("/manifest.webmanifest").json()["lang"] == "en"
