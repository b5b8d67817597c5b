"""``wordle tui``: the full-screen terminal app (Textual is imported only when it runs)."""

from __future__ import annotations

from typing import Any

import click

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    NamedChoice,
    db_option,
    game_options,
    hard_option,
    strategy_option,
    ultrahard_option,
)
from wordlekit.core.rules import Mode
from wordlekit.errors import WordleError
from wordlekit.services.games import variants


@app.command(
    "tui",
    epilog=examples(
        "wordle tui                                   a practice game, full screen",
        "wordle tui --daily 2022-02-15 --hard         a daily puzzle in hard mode",
        "wordle tui --variant quordle --daily today   today's Quordle",
        "wordle tui --variant absurdle --mode ultrahard   Absurdle: guess only words it holds",
        "wordle tui --seed 42 --high-contrast         the same practice game, orange and blue",
        "wordle tui --db games.sqlite3                statistics in another file",
        "wordle tui --answers list                    Assist starts on the answer list",
        "F1 Play (Ctrl+O there chooses the variant, the kind of game and the mode),",
        "F2 Assist, F3 Statistics, F4 Help, F10 Boards assist, Ctrl+Q quits.",
    ),
)
@click.option(
    "--variant",
    "variant",
    default="classic",
    show_default=True,
    metavar="NAME",
    type=NamedChoice("variant", [v.name for v in variants()]),
    help="The game the Play screen opens with: "
    + ", ".join(v.name for v in variants())
    + " (Ctrl+O on the Play screen chooses another).",
)
@click.option(
    "--mode",
    "mode",
    default=None,
    metavar="MODE",
    type=NamedChoice("mode", [m.value for m in Mode]),
    help="normal, hard or ultrahard (default normal; --hard and --ultrahard say the same).",
)
@game_options
@hard_option("Hard mode: revealed hints must be used (--mode hard).")
@ultrahard_option()
@db_option(
    "SQLite file for games and statistics (default: the web app's, in the user data folder)."
)
@click.option("--high-contrast", is_flag=True, help="Orange and blue instead of green and yellow.")
@strategy_option("Strategy for hints and suggestions", short=False)
@click.option(
    "--answers",
    type=click.Choice(["likely", "list"]),
    default="likely",
    show_default=True,
    help="Which words may be the answer on the Assist screen (F7 switches): likely (every "
    "valid word, weighted by how likely it is: the answer of a game played elsewhere may be "
    "outside the list) or list. The built-in game always draws from the list.",
)
def tui_cmd(mode: str | None, hard: bool, ultrahard: bool, **options: Any) -> None:
    """Play Wordle and its variants full screen (one board, several, Absurdle), get help on
    a game played elsewhere, see your statistics."""
    from wordlekit.tui import build_app

    build_app(mode=mode_of(mode, hard=hard, ultrahard=ultrahard), **options).run()


def mode_of(name: str | None, *, hard: bool, ultrahard: bool) -> Mode:
    """The mode the options say (``--mode``, or ``--hard`` / ``--ultrahard``), as one value."""
    flags = [m for m, on in ((Mode.HARD, hard), (Mode.ULTRAHARD, ultrahard)) if on]
    if name is not None and flags and flags != [Mode(name)]:
        raise WordleError(f"--mode {name} and --{flags[-1].value} disagree: give one of them")
    if name is not None:
        return Mode(name)
    return max(flags, key=list(Mode).index, default=Mode.NORMAL)
