"""The house's walls: which module may import which (DESIGN.md, "Layout").

Read from the source (no import runs), counting imports inside functions too, so that a wall
is not climbed by an import moved into a function."""

from __future__ import annotations

import ast
from pathlib import Path

LEAGUE = Path(__file__).resolve().parents[2] / "league"


def imported(path: Path) -> set[str]:
    """The modules ``path`` imports from, anywhere in it."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_access_reads_the_models_and_no_area():
    # access.py is imported by every area's views: were it to import an area's selectors,
    # every area would depend on that one through it. (plain_sql is no area: the few writes
    # and reads of a deal's save written as SQL once.)
    own = {name for name in imported(LEAGUE / "access.py") if name.startswith("league")}
    assert own == {"league.models", "league.languages", "league.timezones", "league.plain_sql"}


def test_games_and_tournaments_build_sheets_without_the_pdf_renderer():
    for area in ("games", "tournaments"):
        for path in (LEAGUE / area).rglob("*.py"):
            pdf = {name for name in imported(path) if name.startswith("league.printing.pdf")}
            assert not pdf, f"{path.relative_to(LEAGUE)} imports {pdf}"


def test_the_charts_take_their_font_without_the_pdf_renderer():
    # The renderers draw the charts: the charts importing them would go round in a circle.
    for path in (LEAGUE / "charts").rglob("*.py"):
        printing = {name for name in imported(path) if name.startswith("league.printing")}
        assert not printing, f"{path.relative_to(LEAGUE)} imports {printing}"
