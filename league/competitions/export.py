"""CSV files that a spreadsheet opens safely and reads right.

Words: a *cell* is one value of a row as it goes into the file. A *formula cell* is text a
spreadsheet would run rather than show: text beginning with ``=``, ``+``, ``-`` or ``@`` (or a
tab or carriage return, which Excel skips before looking). Names come from anyone who can
enter them, so every text cell that would be a formula is written with a leading ``'``, which
Excel and LibreOffice show as text and never run (OWASP's "CSV injection" advice). Numbers are
written as numbers (``-40`` is a number, not a formula; "Made %" is ``66.7``, not ``"67%"``)
and a missing value as an empty cell, so that a sum or a sort in the spreadsheet works.
The file starts with a UTF-8 byte order mark: without it Excel on Windows reads the file in
the local code page and shows "Ã©" for "é" and "â€“" for a dash.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence

from django.http import HttpResponse

#: What a spreadsheet takes as the start of a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: The UTF-8 byte order mark, first in every CSV file.
BOM = "\ufeff"

Cell = str | int | float | None


def csv_cell(value: object) -> str | int | float:
    """``value`` as it goes into a CSV file: numbers as they are, None as an empty cell, text
    with a ``'`` in front when a spreadsheet would take it for a formula."""
    if value is None:
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS):
        return "'" + text
    return text


def csv_response(
    filename: str, header: Sequence[str], rows: Iterable[Sequence[object]]
) -> HttpResponse:
    """A CSV download named ``filename``: the byte order mark, the ``header``, then ``rows``,
    every cell through :func:`csv_cell`."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write(BOM)
    writer = csv.writer(response)
    writer.writerow([csv_cell(name) for name in header])
    writer.writerows([csv_cell(value) for value in row] for row in rows)
    return response
