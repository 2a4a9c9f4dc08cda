"""Run by bench_pdf in a fresh process with the site's settings: time the costliest blank-sheets
request the form allows, through the view, and the floor; print one JSON line."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable

import django

django.setup()

from django.test import RequestFactory  # noqa: E402  (after django.setup())
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from league.printing.forms import MAX_SHEETS, NAME_MAX  # noqa: E402
from league.printing.views import blank_sheets  # noqa: E402


def best_of(runs: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    line = ", ".join(["W" * NAME_MAX] * 3)
    request = RequestFactory().get(
        "/sheets/blank/",
        {
            "preset": "klaberjass-3",  # three name columns: the most to wrap
            "sheets": str(MAX_SHEETS),
            "first_table": "999",
            "page_size": "Letter",
            "names": "\n".join([line] * MAX_SHEETS),
        },
    )

    def worst() -> int:
        response = blank_sheets(request)
        assert response.status_code == 200, response.status_code
        return len(response.content)

    def floor() -> None:
        # The least a PDF of as many pages costs: reportlab, one line of text a page.
        canvas = Canvas(io.BytesIO())
        for number in range(MAX_SHEETS):
            canvas.drawString(72, 720, f"Table {number + 1}: {line}")
            canvas.showPage()
        canvas.save()

    worst()  # warm: fonts and templates loaded once per process
    print(
        json.dumps(
            {
                "sheets": MAX_SHEETS,
                "bytes": worst(),
                "worst": best_of(3, worst),
                "floor": best_of(3, floor),
            }
        )
    )


if __name__ == "__main__":
    main()
