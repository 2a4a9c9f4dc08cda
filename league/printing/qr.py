"""A QR code as an inline SVG, for a page: the same encoding as the printed table pack's
codes (reportlab's encoder at level M, :class:`~league.printing.pdf.sheets._QrCode`), so a
link scanned from the screen or from the paper opens the same page.

The SVG is drawn on the server (no script, no image request): one square a dark module, runs
of them in a row joined into one rectangle, inside a quiet zone of 4 modules.
"""

from __future__ import annotations

import functools

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from reportlab.graphics.barcode import qrencoder

#: The light border every reader needs around a code, in modules.
QUIET = 4


def qr_modules(text: str) -> list[list[bool]]:
    """The code's grid of modules (True: dark), row by row from the top."""
    return [list(row) for row in _grid(text)]


# Remembered by each process: encoding a code costs some 10 ms, and the pages that show codes
# are fetched again by every open phone at each live event (a room's screen, the director's
# page with a code a table: make bench, evenings live). A text always makes the same code; a
# round's new entry links are new texts.
@functools.lru_cache(maxsize=512)
def _grid(text: str) -> tuple[tuple[bool, ...], ...]:
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    return tuple(tuple(bool(module) for module in row) for row in code.modules)


def qr_svg(text: str, label: str) -> SafeString:
    """An ``<svg>`` of the QR code of ``text``; ``label`` is what a screen reader says."""
    grid = _grid(text)
    size = len(grid) + 2 * QUIET
    runs = []
    for y, row in enumerate(grid):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    # Safe: every value in it is a number, or escaped.
    return mark_safe(
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="{escape(label)}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{"".join(runs)}" fill="#000"/></svg>'
    )
