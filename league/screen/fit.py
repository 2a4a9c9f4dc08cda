"""How much room a name takes on the room's screen, worked out on the server, so that each page
holds only the rows (and bracket boxes) that fit with every name whole: a long name wraps onto
a second line instead of ending in "...", and its row is that much taller. The screen turns
its pages without JavaScript too, so nothing can measure them in the browser first.

Every length is in *u*, as in ``static/css/screen.css``: a hundredth of the height of the
16:9 picture that fits the window, so the picture is :data:`SCREEN_WIDTH` u wide and a page
holds the same rows at 1280 x 720 and at 1920 x 1080. The sizes below mirror that stylesheet:
change them together.

A text's width is reckoned with the widths of DejaVu Sans (the widest of the usual sans-serif
faces a TV's browser shows ``system-ui`` in; the PDFs' own face), each rounded up: an estimate
that errs on the side of a line too many, never a name cut.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import TypeVar

#: DejaVu Sans' advance widths (in em) of the ASCII characters, rounded up to 0.05.
_WIDTHS = (
    (0.3, "'IJijl"),
    (0.35, " ,./:;\\|"),
    (0.4, "()-[]ft"),
    (0.45, "!r"),
    (0.5, '"*_`'),
    (0.55, "?csz"),
    (0.6, "FLkvxy"),
    (0.65, "$0123456789EPSTYabdeghnopqu{}"),
    (0.7, "ABCKRVXZ"),
    (0.75, "NU"),
    (0.8, "&DGHOQ"),
    (0.85, "#+<=>^w~"),
    (0.9, "M"),
    (1.0, "%@Wm"),
)
_WIDTH = {char: width for width, chars in _WIDTHS for char in chars}
#: A letter not in the table (after taking its accents off): as wide as the widest capitals.
_OTHER = 0.8
#: Bold is this much wider (DejaVu Sans Bold against its regular face).
_BOLD = 1.13

# -- the screen's sizes (static/css/screen.css) --------------------------------------------------
SCREEN_WIDTH = 16 / 9 * 100
PAGE_PADDING = 3.0
CONTENT_WIDTH = SCREEN_WIDTH - 2 * PAGE_PADDING
CELL_PADDING = 1.0  # each side of a table cell
#: Lines of wrapped text are this many times their type size apart.
LINE = 1.15

# The tables of a round: the name columns' share of the width, type sizes and row heights.
TABLE_NAME_SHARE = 0.33
TABLE_STATE_SHARE = 0.13
TABLE_TEXT = 4.2
TABLE_STATE_TEXT = 3.0
TABLE_ROW = 7.2
#: The room under the heading row for the rows of a page of tables or standings.
TABLE_ROOM = 64.0

# The standings.
STANDING_NAME_SHARE = 0.56
STANDING_ROW = 6.2

# The final places: a list, the place then the name.
PLACE_TEXT = 4.6
PLACE_ROW = 6.4
PLACE_RANK = 10.0 + 3.0  # the place's own width and the gap after it
PLACE_ROOM = 66.0

# A bracket box: two sides over a label, in columns side by side.
BOX_TEXT = 3.6
BOX_LINE = 1.25
BOX_FRAME = 1.2 + 0.6  # padding above and below, and the borders
BOX_LABEL = 2.4 * 1.25
BOX_SIDE_PADDING = 2 * 1.2 + 0.6
BOX_SCORE = 3 * 0.7 * _BOLD * BOX_TEXT + 1.0  # three bold figures, and the gap before them
COLUMN_GAP = 3.0
#: The room in a column under its title for its boxes (the legend of codes below them).
BOX_ROOM = 57.0


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` set in ``size`` (both in u)."""
    total = 0.0
    for char in text:
        width = _WIDTH.get(char)
        if width is None:
            base = unicodedata.normalize("NFKD", char)[:1]
            wide = unicodedata.east_asian_width(char) in ("W", "F")
            width = 1.0 if wide else _WIDTH.get(base, _OTHER)
        total += width
    return total * size * (_BOLD if bold else 1.0)


def _pieces(text: str) -> list[tuple[str, bool]]:
    """Where a line may break: at a space, or after a hyphen; each piece with whether it is
    the rest of a hyphenated word (no space before it)."""
    return [
        (piece, k > 0)
        for word in text.split()
        for k, piece in enumerate(re.findall(r"[^-]*-|[^-]+", word))
    ]


def line_count(text: str, width: float, size: float, bold: bool = False) -> int:
    """The lines ``text`` takes in a box ``width`` wide, set in ``size``, wrapped as the
    browser does (``overflow-wrap: anywhere``): at a space or after a hyphen, and inside a
    word only when the word is wider than the line."""
    space = text_width(" ", size, bold)
    lines, used = 1, 0.0
    for piece, glued in _pieces(text):
        need = text_width(piece, size, bold)
        gap = 0.0 if used == 0 or glued else space
        if used + gap + need <= width:
            used += gap + need
            continue
        if used > 0:
            lines, used = lines + 1, 0.0
        if need <= width:
            used = need
            continue
        # A piece wider than the line: broken anywhere, a character at a time.
        for char in piece:
            step = text_width(char, size, bold)
            if used + step > width and used > 0:
                lines, used = lines + 1, 0.0
            used += step
    return lines


def _text_lines_height(lines: int, size: float) -> float:
    return lines * size * LINE + 1.0  # and a little room above and below


def table_row_height(names: Sequence[str], state: str) -> float:
    """A row of the tables of a round: two names and the match's state in words."""
    name_width = TABLE_NAME_SHARE * CONTENT_WIDTH - 2 * CELL_PADDING
    state_width = TABLE_STATE_SHARE * CONTENT_WIDTH - 2 * CELL_PADDING
    lines = max(line_count(name, name_width, TABLE_TEXT) for name in names)
    state_lines = line_count(state, state_width, TABLE_STATE_TEXT)
    return max(
        TABLE_ROW,
        _text_lines_height(lines, TABLE_TEXT),
        _text_lines_height(state_lines, TABLE_STATE_TEXT),
    )


def standing_row_height(name: str) -> float:
    width = STANDING_NAME_SHARE * CONTENT_WIDTH - 2 * CELL_PADDING
    return max(STANDING_ROW, _text_lines_height(line_count(name, width, TABLE_TEXT), TABLE_TEXT))


def place_row_height(name: str) -> float:
    lines = line_count(name, CONTENT_WIDTH - PLACE_RANK, PLACE_TEXT)
    return max(PLACE_ROW, _text_lines_height(lines, PLACE_TEXT))


def column_width(columns: int) -> float:
    """A bracket column's width on a page of ``columns`` side by side."""
    return (CONTENT_WIDTH - (columns - 1) * COLUMN_GAP) / columns


def box_height(names: Sequence[str], won: Sequence[bool], columns: int) -> float:
    """A bracket box of two sides (a winner's name in bold) in a page of ``columns``."""
    width = column_width(columns) - BOX_SIDE_PADDING - BOX_SCORE
    lines = sum(
        line_count(name, width, BOX_TEXT, bold) for name, bold in zip(names, won, strict=True)
    )
    return BOX_FRAME + lines * BOX_TEXT * BOX_LINE + BOX_LABEL


T = TypeVar("T")


def paginate(
    items: Sequence[T], height: Callable[[T], float], room: float, most: int
) -> list[tuple[T, ...]]:
    """``items`` cut into pages in order, each of at most ``most`` items whose heights add up
    to no more than ``room`` (an item taller than the room has a page of its own)."""
    pages: list[tuple[T, ...]] = []
    page: list[T] = []
    used = 0.0
    for item in items:
        need = height(item)
        if page and (len(page) == most or used + need > room):
            pages.append(tuple(page))
            page, used = [], 0.0
        page.append(item)
        used += need
    if page or not pages:
        pages.append(tuple(page))
    return pages


# -- a club evening (league.screen.evening) ----------------------------------------------------
#: "Where do I sit": lists side by side, each row a name, its table and (drawn partners) its
#: seat; a sit-out's row says so in the table's and seat's room, in smaller type.
SEAT_LISTS = 2
SEAT_TABLE_SHARE = 0.17
SEAT_SEAT_SHARE = 0.15
SEAT_WORDS_TEXT = 3.0
SEAT_ROW = 6.2

# The evening's ranking: the place, the name, a column a round (up to a few), the wins when
# they rank first, the rounds played (instead of a column a round), the total; the name
# takes what the others leave.
RANKING_PLACE_SHARE = 0.08
RANKING_ROUND_SHARE = 0.09
RANKING_WINS_SHARE = 0.08
RANKING_PLAYED_SHARE = 0.1
RANKING_TOTAL_SHARE = 0.12

# The prize list: the place, the name, the points, the prize's words (smaller type).
PRIZE_PLACE_SHARE = 0.08
PRIZE_NAME_SHARE = 0.4
PRIZE_POINTS_SHARE = 0.12
PRIZE_WORDS_SHARE = 0.4
PRIZE_WORDS_TEXT = 3.6


def seat_list_width() -> float:
    """One of the lists of "where do I sit", side by side."""
    return (CONTENT_WIDTH - (SEAT_LISTS - 1) * COLUMN_GAP) / SEAT_LISTS


def seat_row_height(name: str, words: str, seats: bool = True, drawn: bool = True) -> float:
    """A row of "where do I sit": the name and, for a sit-out, its ``words`` across the
    table's and seat's columns (``seats``: drawn partners have a seat column, pairs not;
    ``drawn``: before the draw a list of names has neither)."""
    width = seat_list_width()
    place_share = (SEAT_TABLE_SHARE + (SEAT_SEAT_SHARE if seats else 0.0)) if drawn else 0.0
    name_lines = line_count(name, (1 - place_share) * width - 2 * CELL_PADDING, TABLE_TEXT)
    words_lines = (
        line_count(words, place_share * width - 2 * CELL_PADDING, SEAT_WORDS_TEXT) if words else 1
    )
    return max(
        SEAT_ROW,
        _text_lines_height(name_lines, TABLE_TEXT),
        _text_lines_height(words_lines, SEAT_WORDS_TEXT),
    )


def ranking_name_share(rounds: int, wins: bool, played: bool) -> float:
    """The name's share of the ranking's width beside ``rounds`` columns of a round, the
    wins' column and the rounds played' column (when asked)."""
    return (
        1
        - RANKING_PLACE_SHARE
        - rounds * RANKING_ROUND_SHARE
        - (RANKING_WINS_SHARE if wins else 0.0)
        - (RANKING_PLAYED_SHARE if played else 0.0)
        - RANKING_TOTAL_SHARE
    )


#: A legend's text under a list (what a mark means), and the gap above it.
LEGEND_TEXT = 3.0
LEGEND_GAP = 1.5


def legend_height(text: str) -> float:
    """The room a legend under a list takes: its lines across the page, and the gap above."""
    lines = line_count(text, CONTENT_WIDTH, LEGEND_TEXT)
    return LEGEND_GAP + _text_lines_height(lines, LEGEND_TEXT)


def ranking_row_height(name: str, name_share: float) -> float:
    width = name_share * CONTENT_WIDTH - 2 * CELL_PADDING
    return max(STANDING_ROW, _text_lines_height(line_count(name, width, TABLE_TEXT), TABLE_TEXT))


def prize_row_height(name: str, words: str) -> float:
    """A row of the prize list: the name and the prize's words both wrap."""
    name_width = PRIZE_NAME_SHARE * CONTENT_WIDTH - 2 * CELL_PADDING
    words_width = PRIZE_WORDS_SHARE * CONTENT_WIDTH - 2 * CELL_PADDING
    return max(
        STANDING_ROW,
        _text_lines_height(line_count(name, name_width, TABLE_TEXT), TABLE_TEXT),
        _text_lines_height(line_count(words, words_width, PRIZE_WORDS_TEXT), PRIZE_WORDS_TEXT),
    )
