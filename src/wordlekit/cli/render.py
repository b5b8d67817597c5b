"""Everything the ``wordle`` command prints, in one place: the console, JSON, CSV, tables,
bar histograms, coloured tiles and numbers.

Commands compute, then hand plain values to these helpers; nothing here knows a rule of
the game (patterns come from the library and are only drawn).
"""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Collection, Iterable, Sequence
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from wordlekit.core.feedback import Tile, format_pattern, pattern_tiles
from wordlekit.services.jsonable import dumps

#: Columns of a bar histogram at its tallest bar.
BAR_WIDTH = 40

# Named colours rather than the game's hex values: they stay green/yellow/gray when the
# terminal only has 16 or 256 colours (hex #538d4e degrades to gray on a 16-colour terminal).
TILE_STYLES = {
    Tile.GREEN: "bold white on green4",
    Tile.YELLOW: "bold white on dark_goldenrod",
    Tile.GRAY: "bold white on grey35",
}
UNKNOWN_STYLE = "bold black on grey85"


def out() -> Console:
    """A console on stdout (created per call so tests capturing stdout see the output).

    Piped output gets 120 columns rather than rich's 80, so tables are not cut short.
    """
    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console.width = 120
    return console


def print_json(data: Any) -> None:
    """``data`` (a typed result, or plain data) as indented JSON on stdout, by the one rule of
    :func:`wordlekit.services.jsonable.to_json` (letters and emoji as they are)."""
    click.echo(dumps(data))


def print_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """A header line and the rows as CSV on stdout."""
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(header)
    writer.writerows(rows)
    click.echo(buf.getvalue(), nl=False)


def table(
    columns: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    left: Collection[str] = (),
    title: str | None = None,
    boxed: bool = False,
    pad_edge: bool = True,
) -> Table:
    """A rich table: columns named in ``left`` are left-aligned, the others (figures) right."""
    t = Table(title=title, box=box.HEAVY_HEAD if boxed else None, pad_edge=pad_edge)
    for col in columns:
        t.add_column(col, justify="left" if col in left else "right")
    for row in rows:
        t.add_row(*row)
    return t


def bars(rows: Iterable[tuple[str, int]], width: int = BAR_WIDTH) -> list[str]:
    """A histogram as text lines ``  LABEL ████ N``: the tallest bar is ``width`` long and a
    count above zero always gets at least one block."""
    items = list(rows)
    peak = max((n for _, n in items), default=0) or 1
    return [
        f"  {label} {'█' * max(1 if n else 0, round(width * n / peak))} {n}" for label, n in items
    ]


def print_lines(console: Console, lines: Iterable[str]) -> None:
    for line in lines:
        console.print(line)


def number(value: float) -> str:
    """A figure as it reads best: ``12`` for a whole number, else four decimals."""
    return str(int(value)) if float(value).is_integer() else f"{value:.4f}"


def percent(p: float) -> str:
    """A probability as a percentage that reads well: ``12.3%``, ``0.72%``, ``<0.01%``.

    >>> percent(0.1234), percent(0.0072), percent(0.0000012), percent(1.0)
    ('12.3%', '0.72%', '<0.01%', '100%')
    """
    if p >= 0.9995:
        return "100%"
    if p >= 0.01:
        return f"{100 * p:.1f}%"
    if p >= 0.0001:
        return f"{100 * p:.2f}%"
    return "<0.01%"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """The noun that goes with ``n``: ``word``/``words``, ``guess``/``guesses``."""
    return singular if n == 1 else (plural_form or singular + "s")


def tiles_text(word: str, pattern: int | None) -> Text:
    """A word as coloured tiles (plain letters when no pattern is known)."""
    text = Text()
    tiles = pattern_tiles(pattern, len(word)) if pattern is not None else [None] * len(word)
    for k, (ch, tile) in enumerate(zip(word, tiles, strict=True)):
        if k:
            text.append(" ")
        text.append(f" {ch.upper()} ", style=UNKNOWN_STYLE if tile is None else TILE_STYLES[tile])
    return text


def guess_row(console: Console, word: str, pattern: int) -> Text:
    """A played guess: coloured tiles on a terminal, ``WORD 🟩🟨⬛⬛⬛`` otherwise."""
    if console.is_terminal:
        return tiles_text(word, pattern)
    return Text(f"{word.upper()} {format_pattern(pattern, len(word))}")


def words_block(console: Console, words: Sequence[str]) -> None:
    """Words in columns on a terminal, one per line otherwise (for pipes and scripts)."""
    from rich.columns import Columns

    if console.is_terminal:
        console.print(Columns(words, padding=(0, 2)))
    else:
        print_lines(console, words)


def read_line(console: Console, prompt: str) -> str | None:
    """One line typed by the player after ``prompt`` (``None`` at end of input or Ctrl-C).
    On a terminal, Rich's input (line editing); piped, a plain read, so games can be scripted."""
    if console.is_terminal and sys.stdin.isatty():
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None
    console.print(prompt, end="")
    line = sys.stdin.readline()
    console.print()
    return line or None
