"""The ``wordle`` click group: the commands register on it, and it reports their failures.

Front ends hold no game logic: every command parses its input, calls the library and prints
(:mod:`wordlekit.cli.render`). A failure becomes one line on stderr, by the error's class
(:mod:`wordlekit.cli.errors`): bad input exits with 2, the environment and internal errors
with 1. click is used rather than typer because typer's import alone (pydantic) cost ~90 ms
of every command's start-up (measured).
"""

from __future__ import annotations

from typing import Any

import click

from wordlekit.cli.errors import report
from wordlekit.version import __version__


class WordleGroup(click.Group):
    """Runs a command and turns any failure into one line on stderr and an exit code."""

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
