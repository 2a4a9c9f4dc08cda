"""The QR codes drawn as SVG on pages: each text encoded once a process."""

from __future__ import annotations

import pytest
from reportlab.graphics.barcode import qrencoder

from league.printing import qr


@pytest.fixture(autouse=True)
def _fresh_cache():
    qr._grid.cache_clear()
    yield
    qr._grid.cache_clear()


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    made: list[str] = []
    real = qrencoder.QRCode.addData

    def add_data(self, data):  # type: ignore[no-untyped-def]
        made.append(data)
        return real(self, data)

    monkeypatch.setattr(qrencoder.QRCode, "addData", add_data)
    return made


def test_the_same_text_is_encoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _counting(monkeypatch)
    first = qr.qr_svg("https://example.org/m/abc/", "Table 1")
    again = qr.qr_svg("https://example.org/m/abc/", "Table 1")
    assert again == first
    assert made == ["https://example.org/m/abc/"]
    # The grid handed out is the caller's own: changing it changes no later code.
    grid = qr.qr_modules("https://example.org/m/abc/")
    grid[0][0] = not grid[0][0]
    assert qr.qr_modules("https://example.org/m/abc/") != grid


def test_a_new_label_draws_the_same_code_again(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _counting(monkeypatch)
    one = qr.qr_svg("https://example.org/m/abc/", "Table 1")
    other = qr.qr_svg("https://example.org/m/xyz/", "Table 1")
    relabelled = qr.qr_svg("https://example.org/m/abc/", "Tafel 1")
    assert other != one
    assert 'aria-label="Tafel 1"' in relabelled and 'aria-label="Table 1"' in one
    assert made == ["https://example.org/m/abc/", "https://example.org/m/xyz/"]
