"""The pieces the screens are made of: tiles, rows of tiles, the keyboard, statistics.

Widgets only display what they are given (a letter and a :class:`~wordlekit.core.feedback.Tile`
state); the screens get those from the game's view (:mod:`wordlekit.services.views`), whose
named tiles :func:`row_tiles` and :func:`keyboard_tiles` read back. Each tile and key exposes
its state as an attribute (``tile``) and as a CSS class (``-correct``, ``-present``,
``-absent``), which the stylesheet colours and the tests read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from wordlekit.core.feedback import Tile, TurnView, pattern_tiles
from wordlekit.services.games import Stats
from wordlekit.services.views import TILE_NAMES, TileName

TILE_CLASSES = {Tile.GREEN: "-correct", Tile.YELLOW: "-present", Tile.GRAY: "-absent"}
KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
#: Where a letter beyond a-z sits on its language's keyboard: (row, after which letter).
EXTRA_KEYS = {"ñ": (1, "l")}


def keyboard_rows(letters: str) -> tuple[str, ...]:
    """The keyboard rows of an alphabet: QWERTY's letters that it has, its letters beyond
    a-z where that language's keyboard has them (Ñ after L), any other at the end of the
    last row; an alphabet with no a-z at all in rows of ten."""
    rows = ["".join(ch for ch in row if ch in letters) for row in KEYBOARD_ROWS]
    if not any(rows):
        return tuple(letters[i : i + 10] for i in range(0, len(letters), 10))
    for ch in letters:
        if any(ch in row for row in rows):
            continue
        r, after = EXTRA_KEYS.get(ch, (2, ""))
        at = rows[r].find(after) + 1 if after and after in rows[r] else len(rows[r])
        rows[r] = rows[r][:at] + ch + rows[r][at:]
    return tuple(rows)


ENTER, BACKSPACE = "enter", "backspace"
TILE_OF_NAME: dict[TileName, Tile] = {name: tile for tile, name in TILE_NAMES.items()}


def row_tiles(turn: TurnView) -> tuple[Tile, ...]:
    """The tiles of a turn as a view gives it."""
    return pattern_tiles(turn.pattern, len(turn.guess))


def keyboard_tiles(keyboard: Mapping[str, TileName]) -> dict[str, Tile]:
    """A view's keyboard (letter -> tile name) as tiles."""
    return {letter: TILE_OF_NAME[name] for letter, name in keyboard.items()}


def _set_tile_class(widget: Static, tile: Tile | None) -> None:
    for t, name in TILE_CLASSES.items():
        widget.set_class(tile is t, name)


class MessageLine(Static):
    """The line under the header that answers every key: plain text, red for a refusal."""

    def __init__(self, *, id: str) -> None:
        super().__init__("", id=id, classes="message")

    def say(self, text: str, *, error: bool = False) -> None:
        self.update(Text(text))  # never markup: messages quote what the user typed
        self.set_class(error, "-error")

    @property
    def text(self) -> str:
        return str(self.content)


class LetterTile(Static):
    """One tile of a row: a letter (or blank) and, once scored, its colour."""

    class Clicked(Message):
        """A tile was clicked (the assist screen cycles its colour)."""

        def __init__(self, row: int, column: int) -> None:
            super().__init__()
            self.row = row
            self.column = column

    def __init__(self, row: int, column: int) -> None:
        super().__init__(" ", classes="tile")
        self.row = row
        self.column = column
        self.letter = ""
        self.tile: Tile | None = None

    def show(self, letter: str, tile: Tile | None = None) -> None:
        self.letter = letter
        self.tile = tile
        self.update(letter.upper() or " ")
        _set_tile_class(self, tile)
        self.set_class(bool(letter) and tile is None, "-typed")

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.row, self.column))


class TileRow(Horizontal):
    """A row of ``length`` tiles: a guess with its pattern, letters being typed, or blanks."""

    def __init__(self, row: int, length: int, *, classes: str = "") -> None:
        super().__init__(classes=f"tile-row {classes}".strip())
        self.row = row
        self.length = length
        self.tiles = [LetterTile(row, i) for i in range(length)]

    def compose(self) -> ComposeResult:
        yield from self.tiles

    def show(self, word: str = "", tiles: Sequence[Tile] | None = None) -> None:
        for i, cell in enumerate(self.tiles):
            letter = word[i] if i < len(word) else ""
            tile = tiles[i] if tiles is not None and i < len(tiles) else None
            cell.show(letter, tile)

    def select(self, column: int | None) -> None:
        """Outline one tile (the assist screen's cursor), or none."""
        for cell in self.tiles:
            cell.set_class(cell.column == column, "-selected")

    @property
    def word(self) -> str:
        return "".join(cell.letter for cell in self.tiles)

    @property
    def states(self) -> str:
        """The row's colours as g/y/b letters (``.`` where a tile is not scored)."""
        return "".join(cell.tile.letter if cell.tile is not None else "." for cell in self.tiles)


class AssistRow(Horizontal):
    """One entered turn: its tiles and what it taught (before → after, bits)."""

    def __init__(self, row: int, length: int) -> None:
        super().__init__(classes="assist-row")
        self.tiles = TileRow(row, length)
        self.step = Static("", classes="step")

    def compose(self) -> ComposeResult:
        yield self.tiles
        yield self.step


class Board(Vertical):
    """The play grid of one board: one row per allowed guess (:meth:`set_rows` changes how
    many: another game's limit, or a game with no limit growing a row at a time)."""

    def __init__(self, rows: int, length: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.length = length
        self.rows = [TileRow(r, length) for r in range(rows)]

    def compose(self) -> ComposeResult:
        yield from self.rows

    def set_rows(self, rows: int) -> None:
        """Have exactly ``rows`` rows (the new ones blank)."""
        if rows > len(self.rows):
            new = [TileRow(r, self.length) for r in range(len(self.rows), rows)]
            self.rows.extend(new)
            if self.is_mounted:
                self.mount_all(new)
        elif rows < len(self.rows):
            gone, self.rows = self.rows[rows:], self.rows[:rows]
            for row in gone:
                row.remove()


class KeyCap(Static):
    """One key of the on-screen keyboard; clicking it types that key."""

    class Pressed(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, key: str) -> None:
        label = {ENTER: "ENTER", BACKSPACE: "⌫"}.get(key, key.upper())
        super().__init__(label, classes="key wide" if key in (ENTER, BACKSPACE) else "key")
        self.key = key
        self.tile: Tile | None = None

    def show(self, tile: Tile | None) -> None:
        self.tile = tile
        _set_tile_class(self, tile)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Pressed(self.key))


class Keyboard(Vertical):
    """QWERTY rows; each letter shows its best known state."""

    def __init__(self, rows: Sequence[str] = KEYBOARD_ROWS, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows = tuple(rows)
        self.keys = {ch: KeyCap(ch) for row in self.rows for ch in row}

    def compose(self) -> ComposeResult:
        for n, row in enumerate(self.rows):
            with Horizontal(classes=f"key-row key-row-{n}"):
                if n == 2:
                    yield KeyCap(ENTER)
                for ch in row:
                    yield self.keys[ch]
                if n == 2:
                    yield KeyCap(BACKSPACE)

    def show(self, states: Mapping[str, Tile]) -> None:
        for ch, cap in self.keys.items():
            cap.show(states.get(ch))


def stats_text(
    stats: Stats, *, highlight: int | None = None, accent: str = "#538d4e", width: int = 24
) -> Text:
    """The statistics as text: four figures and the guess distribution as bars.

    ``highlight`` is the number of guesses of the game just won: its bar has the ``accent``
    colour (the theme's "correct" colour).
    """
    text = Text()
    figures = (
        ("Played", str(stats.played)),
        ("Win %", str(stats.win_percent)),
        ("Current streak", str(stats.current_streak)),
        ("Max streak", str(stats.max_streak)),
    )
    for label, value in figures:
        text.append(f"{value:>5}  ", style="bold")
        text.append(f"{label}\n")
    if stats.hints:
        text.append(f"{stats.hints:>5}  ", style="bold")
        text.append("Hints used\n")
    text.append("\nGuess distribution\n", style="bold")
    top = max(stats.distribution.values(), default=0)
    for guesses, count in sorted(stats.distribution.items()):
        # Every bar shows its count; the longest fills the width, the others in proportion.
        bar = max(1, round(width * count / top)) if top else 1
        style = f"bold white on {accent}" if guesses == highlight else "bold white on #3a3a3c"
        text.append(f"{guesses} ")
        text.append(f"{count:>{bar}} ", style=style)
        text.append("\n")
    return text
