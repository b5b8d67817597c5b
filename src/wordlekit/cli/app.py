"""The ``wordle`` click group, its error handling and shared output helpers.

Front ends hold no game logic: every command parses its input, calls the library and prints.
Bad input of any kind (a :class:`~wordlekit.errors.WordleError`) becomes one line on stderr
and exit code 2, with nothing on stdout. click is used rather than typer because typer's
import alone (pydantic) cost ~90 ms of every command's start-up (measured).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import click
from rich.console import Console
from rich.text import Text

from wordlekit.core.feedback import Tile, pattern_tiles
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError

EXIT_BAD_INPUT = 2
F = TypeVar("F", bound=Callable[..., Any])


class WordleGroup(click.Group):
    """Turns library input errors into one clear line and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except WordleError as e:
            fail(str(e))
        except OSError as e:
            fail(f"{e.filename or ''}{': ' if e.filename else ''}{e.strerror or e}")
        except sqlite3.Error as e:  # a database that broke while in use
            fail(f"database error: {e}")


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on stderr and exit with code 2."""
    click.echo(f"error: {message}", err=True)
    raise click.exceptions.Exit(EXIT_BAD_INPUT)


@click.group(
    cls=WordleGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(package_name="wordlekit", prog_name="wordle")
def app() -> None:
    """wordlekit: play Wordle, get help on today's puzzle, and analyse strategies.

    \b
    Start with:  wordle play          a game in the terminal
                 wordle suggest       the best first guesses
                 wordle filter crane:bbygb   the words left after a turn
    """


def examples(*lines: str) -> str:
    """An epilog listing examples, one per line (``\\b`` keeps click from re-wrapping)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def out() -> Console:
    """A console on stdout (created per call so tests capturing stdout see the output).

    Piped output gets 120 columns rather than rich's 80, so tables are not cut short.
    """
    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console.width = 120
    return console


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


# Shared options ------------------------------------------------------------------------------


def lists_option(f: F) -> F:
    return click.option(
        "--lists",
        "-l",
        default="original",
        show_default=True,
        metavar="LISTS",
        help="Word lists: original, nyt, or ANSWERS_FILE[,ALLOWED_FILE].",
    )(f)


def json_option(f: F) -> F:
    return click.option("--json", "json_", is_flag=True, help="Machine-readable JSON output.")(f)


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
