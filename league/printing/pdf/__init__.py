"""PDF renderers: each takes a plain sheet dataclass and returns the PDF's bytes."""

from league.printing.pdf.sheets import (
    PAGE_SIZES,
    BlankSheet,
    GameSheet,
    SheetRow,
    render_blank_sheets,
    render_game_sheet,
)

__all__ = [
    "PAGE_SIZES",
    "BlankSheet",
    "GameSheet",
    "SheetRow",
    "render_blank_sheets",
    "render_game_sheet",
]
