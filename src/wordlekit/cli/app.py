"""The ``wordle`` click group: the commands register on it, and it reports their failures.

Front ends hold no game logic: every command parses its input, calls the library and prints
(:mod:`wordlekit.cli.render`). A failure becomes one line on stderr, by the error's class
(:mod:`wordlekit.cli.errors`): bad input exits with 2, the environment and internal errors
with 1. click is used rather than typer because typer's import alone (pydantic) cost ~90 ms
of every command's start-up (measured).
"""

from __future__ import annotations

import importlib
from typing import Any

import click

from wordlekit.cli.errors import report
from wordlekit.version import __version__

#: Each command's module in :mod:`wordlekit.cli`: a command's module (and what it imports:
#: numba for the solver, fastapi for the web app) is imported only when that command runs,
#: so that ``wordle optimal`` does not pay for ``wordle serve``'s imports. ``wordle --help``
#: imports them all; tests/test_cli.py checks that this map names every command.
COMMANDS = {
    "absurdle": "absurdle",
    "archive": "archive",
    "bench": "bot",
    "boards": "boards",
    "challenge": "challenges",
    "daily": "engine",
    "db": "db",
    "expected": "analysis",
    "filter": "engine",
    "lists": "engine",
    "optimal": "solver",
    "play": "play",
    "rank-openers": "openers",
    "review": "analysis",
    "score": "engine",
    "serve": "web",
    "solve": "bot",
    "stats": "transfer",
    "suggest": "bot",
    "tree": "solver",
    "tui": "tui",
}


def load_commands(names: list[str] | None = None) -> None:
    """Import the modules of these commands (all of them by default): importing a module
    registers its commands on :data:`app`."""
    for module in sorted({COMMANDS[n] for n in (COMMANDS if names is None else names)}):
        importlib.import_module(f"wordlekit.cli.{module}")


class WordleGroup(click.Group):
    """Runs a command and turns any failure into one line on stderr and an exit code; loads
    a command's module when the command is asked for (:data:`COMMANDS`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            load_commands([cmd_name])
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as e:  # one line, like any other bad input
            raise click.exceptions.Exit(report(e)) from None
        except (click.exceptions.Exit, click.Abort, click.ClickException):
            raise  # click's own ways out
        except Exception as e:
            raise click.exceptions.Exit(report(e, debug=bool(ctx.params.get("debug")))) from None


@click.group(
    "wordle",
    cls=WordleGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(version=__version__, prog_name="wordle")
@click.option(
    "--debug",
    is_flag=True,
    envvar="WORDLEKIT_DEBUG",
    help="On an internal error, print the traceback on stderr too.",
)
def app(debug: bool) -> None:
    """wordlekit: play Wordle, get help on today's puzzle, and analyse strategies.

    \b
    Start with:  wordle play          a game in the terminal
                 wordle suggest       the best first guesses
                 wordle filter crane:bbygb   the words left after a turn
    """
    del debug  # read by WordleGroup.invoke


def examples(*lines: str) -> str:
    """An epilog listing examples, one per line (``\\b`` keeps click from re-wrapping)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)
