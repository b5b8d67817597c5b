"""Games of several boards drawn as coloured text from their view: the boards side by side,
and the keyboard split per board.

A one-board game is drawn with tile widgets (:class:`~wordlekit.tui.widgets.Board`); a game
of several boards would need thousands of them (Duotrigordle: 32 boards of up to 37 rows),
so its boards are text: each tile a letter on its colour, three characters wide (one on a
compact screen, or when the boards would take more than two lines of full tiles), as many
boards a line as the width takes, spread evenly over the lines. Each board shows the rows
played on it (up to the one that solved it), the row being typed while it is still played,
and its answer in red once a game is lost without it.

The keyboard is the web page's, in text: with up to :data:`SPLIT_MAX` boards each key is
split into one cell per board (four a line, the letter on the first; a solved board's cell
goes dark); with more boards a key is a bar of how many of the boards still played have the
letter green, yellow, gray or untried, in that order (cells of sixteen or thirty-two boards
would be too small to read).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from rich.text import Text

from wordlekit.core.feedback import Tile, pattern_tiles
from wordlekit.services.views import BoardView, GameView, TileName
from wordlekit.tui.styles import BLUE, GRAY, GREEN, KEY_UNUSED, ORANGE, YELLOW
from wordlekit.tui.widgets import KEYBOARD_ROWS

#: Boards split each key into their own cells up to this many boards still played.
SPLIT_MAX = 8
#: Cells a line in a split key, and the width of a key drawn as a bar.
KEY_CELLS = 4
#: Columns between two boards side by side.
GAP = 2

TYPED = "bold #ffffff on #4a4a4c"
EMPTY = "on #2a2a2c"
MISSED = "bold #ffffff on #8b2e2e"  # the answer of a board a lost game left unsolved
DONE = "on #1f1f20"  # a solved board's cell of a key
UNTRIED = f"bold #ffffff on {KEY_UNUSED}"


def tile_styles(contrast: bool) -> dict[Tile, str]:
    """The style of each tile colour (high contrast: orange and blue)."""
    if contrast:  # dark letters on the light blue, as the tiles' stylesheet has them
        return {
            Tile.GREEN: f"bold #ffffff on {ORANGE}",
            Tile.YELLOW: f"bold #000000 on {BLUE}",
            Tile.GRAY: f"bold #ffffff on {GRAY}",
        }
    return {
        Tile.GREEN: f"bold #ffffff on {GREEN}",
        Tile.YELLOW: f"bold #ffffff on {YELLOW}",
        Tile.GRAY: f"bold #ffffff on {GRAY}",
    }


def board_width(length: int, compact: bool) -> int:
    return length * (1 if compact else 3)


def board_lines(boards: int, width: int, length: int, compact: bool) -> int:
    """How many lines of boards side by side ``boards`` boards take in ``width`` columns."""
    fit = max(1, (width + GAP) // (board_width(length, compact) + GAP))
    return math.ceil(boards / fit)


def boards_per_line(boards: int, width: int, length: int, compact: bool) -> int:
    """How many boards a line: as many as fit in ``width`` columns (at least one), spread
    evenly over the lines they need (four boards in three columns go two and two)."""
    return math.ceil(boards / board_lines(boards, width, length, compact))


def _cell(letter: str, compact: bool) -> str:
    return letter.upper() if compact else f" {letter.upper()} "


def _word_cells(out: Text, word: str, styles: Sequence[str], compact: bool) -> None:
    for letter, style in zip(word, styles, strict=True):
        out.append(_cell(letter, compact), style=style)


def boards_text(
    view: GameView, typed: str = "", *, width: int, compact: bool = False, contrast: bool = False
) -> Text:
    """Every board of ``view``, side by side in ``width`` columns, ``typed`` the letters of
    the guess being typed (shown on every board still played)."""
    n = view.length
    board_w = board_width(n, compact)
    per_line = boards_per_line(len(view.boards), width, n, compact)
    out = Text()
    for start in range(0, len(view.boards), per_line):
        group = list(enumerate(view.boards))[start : start + per_line]
        for b, board in group:
            mark = "✓" if board.solved_at is not None else ""
            out.append(f"{f'{b + 1}{mark}':<{board_w}}", style="bold")
            out.append(" " * GAP)
        out.append("\n")
        columns = [_rows_of(board, view, typed, contrast, compact) for _, board in group]
        for r in range(max(len(c) for c in columns)):
            for rows in columns:
                if r < len(rows):
                    out.append_text(rows[r])
                else:
                    out.append(" " * board_w)
                out.append(" " * GAP)
            out.append("\n")
        out.append("\n")
    out.rstrip()
    return out


@functools.lru_cache(maxsize=4096)
def _played_row(guess: str, pattern: int, compact: bool, contrast: bool) -> Text:
    """A played row's line, drawn once: every key typed in a Duotrigordle draws its 32 boards
    again, up to 37 rows each. (Appended to the grid by copy: the cached line never changes.)"""
    styles = tile_styles(contrast)
    line = Text()
    _word_cells(line, guess, [styles[t] for t in pattern_tiles(pattern, len(guess))], compact)
    return line


def _rows_of(
    board: BoardView, view: GameView, typed: str, contrast: bool, compact: bool
) -> list[Text]:
    """One board's lines below its number: its rows, then the row being typed (while it is
    played) or its answer (a lost game)."""
    n = view.length
    rows = [_played_row(turn.guess, turn.pattern, compact, contrast) for turn in board.turns]
    if board.solved_at is None and not view.over:
        word = typed.ljust(n)[:n]
        line = Text()
        _word_cells(line, word, [TYPED if ch != " " else EMPTY for ch in word], compact)
        rows.append(line)
    elif board.solved_at is None and board.answer is not None:
        line = Text()
        _word_cells(line, board.answer, [MISSED] * n, compact)
        rows.append(line)
    return rows


# The keyboard ----------------------------------------------------------------------------


def _bar(states: Sequence[TileName | None], styles: dict[Tile, str]) -> list[str]:
    """A key's cells as a bar: the boards with the letter green, yellow, gray or untried, in
    that order, each share of :data:`KEY_CELLS` cells rounded by largest remainder."""
    order: list[tuple[TileName | None, str]] = [
        ("green", styles[Tile.GREEN]),
        ("yellow", styles[Tile.YELLOW]),
        ("gray", styles[Tile.GRAY]),
        (None, UNTRIED),
    ]
    counts = [sum(1 for s in states if s == name) for name, _ in order]
    exact = [KEY_CELLS * c / len(states) for c in counts]
    cells = [math.floor(x) for x in exact]
    by_remainder = sorted(range(len(order)), key=lambda i: exact[i] - cells[i], reverse=True)
    for i in by_remainder[: KEY_CELLS - sum(cells)]:
        cells[i] += 1
    return [style for (_, style), k in zip(order, cells, strict=True) for _ in range(k)]


def _key_styles(
    letter: str, boards: Sequence[BoardView], styles: dict[Tile, str]
) -> list[list[str]]:
    """The styles of one key's cells, line by line."""
    by_name = {"green": Tile.GREEN, "yellow": Tile.YELLOW, "gray": Tile.GRAY}
    if len(boards) > SPLIT_MAX:
        playing = [b for b in boards if b.solved_at is None] or list(boards)
        return [_bar([b.keyboard.get(letter) for b in playing], styles)]
    cells = []
    for board in boards:
        state = board.keyboard.get(letter)
        if board.solved_at is not None:
            cells.append(DONE)
        else:
            cells.append(UNTRIED if state is None else styles[by_name[state]])
    return [cells[i : i + KEY_CELLS] for i in range(0, len(cells), KEY_CELLS)]


def keyboard_text(
    view: GameView, *, contrast: bool = False, rows: Sequence[str] = KEYBOARD_ROWS
) -> Text:
    """The keyboard of a game of several boards (see the module docstring)."""
    styles = tile_styles(contrast)
    boards = view.boards
    split = len(boards) <= SPLIT_MAX
    per_key = math.ceil(len(boards) / KEY_CELLS) if split else 1
    key_w = min(len(boards), KEY_CELLS) if split else KEY_CELLS
    out = Text()
    for r, row in enumerate(rows):
        keys = [_key_styles(ch, boards, styles) for ch in row]
        for line in range(per_key):
            out.append(" " * (r * (key_w + 1) // 2))
            for ch, key in zip(row, keys, strict=True):
                cells = key[line] if line < len(key) else []
                for c, style in enumerate(cells):
                    out.append(ch.upper() if line == c == 0 else " ", style=style)
                out.append(" " * (key_w - len(cells) + 1))
            out.append("\n")
        if per_key > 1 and r < len(rows) - 1:
            out.append("\n")
    out.rstrip()
    return out


def row_text(word: str, pattern: int, contrast: bool = False) -> Text:
    """One guess as coloured tiles (a line of a shortest win, say)."""
    styles = tile_styles(contrast)
    text = Text()
    for k, tile in enumerate(pattern_tiles(pattern, len(word))):
        if k:
            text.append(" ")
        text.append(_cell(word[k], False), style=styles[tile])
    return text
