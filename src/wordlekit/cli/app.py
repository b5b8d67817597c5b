"""The ``wordle`` Typer application, its error handling and shared output helpers.

Front ends hold no game logic: every command parses its input, calls the library and prints.
Bad input of any kind (a :class:`~wordlekit.errors.WordleError`) becomes one line on stderr
and exit code 2, with nothing on stdout.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperGroup

from wordlekit.errors import WordleError
from wordlekit.feedback import Tile, pattern_tiles
from wordlekit.words import WordList

EXIT_BAD_INPUT = 2


class WordleGroup(TyperGroup):
    """Turns library input errors into one clear line and exit code 2."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except WordleError as e:
            fail(str(e))
        except OSError as e:
            fail(f"{e.filename or ''}{': ' if e.filename else ''}{e.strerror or e}")


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


app = typer.Typer(
    cls=WordleGroup,
    name="wordle",
    help="wordlekit: play Wordle, get help on today's puzzle, and analyse strategies.",
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def out() -> Console:
    """A console on stdout (created per call so tests capturing stdout see the output)."""
    return Console(highlight=False, soft_wrap=True)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


# Shared options ------------------------------------------------------------------------------

ListsOption = Annotated[
    str,
    typer.Option(
        "--lists",
        "-l",
        help="Word lists: original (default), nyt, or ANSWERS_FILE[,ALLOWED_FILE].",
        metavar="LISTS",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable JSON output.")]


def load_lists(spec: str) -> WordList:
    return WordList.load(spec)


# Named colours rather than the game's hex values: they stay green/yellow/gray when the
# terminal only has 16 or 256 colours (hex #538d4e degrades to gray on a 16-colour terminal).
TILE_STYLES = {
    Tile.GREEN: "bold white on green4",
    Tile.YELLOW: "bold white on dark_goldenrod",
    Tile.GRAY: "bold white on grey35",
}
UNKNOWN_STYLE = "bold black on grey85"


def tiles_text(word: str, pattern: int | None) -> Text:
    """A word as coloured tiles (plain letters when no pattern is known)."""
    text = Text()
    if pattern is None:
        for ch in word:
            text.append(f" {ch.upper()} ", style=UNKNOWN_STYLE)
            text.append(" ")
        return text
    for ch, tile in zip(word, pattern_tiles(pattern, len(word)), strict=True):
        text.append(f" {ch.upper()} ", style=TILE_STYLES[tile])
        text.append(" ")
    return text


def stdin_is_terminal() -> bool:
    return sys.stdin.isatty()
