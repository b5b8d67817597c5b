"""``wordle tui``: the full-screen terminal app (Textual is imported only when it runs)."""

from __future__ import annotations

from typing import Any

import click

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    db_option,
    game_options,
    hard_option,
    strategy_option,
    ultrahard_option,
)


@app.command(
    "tui",
    epilog=examples(
        "wordle tui                               a practice game, full screen",
        "wordle tui --daily 2022-02-15 --hard     a daily puzzle in hard mode",
        "wordle tui --seed 42 --high-contrast     the same practice game, orange and blue",
        "wordle tui --ultrahard                   every guess must be a possible answer",
        "wordle tui --db games.sqlite3            statistics in another file",
        "wordle tui --answers list                Assist starts on the answer list",
        "F1 Play · F2 Assist · F3 Statistics · F4 Help · Ctrl+Q quits.",
    ),
)
@game_options
@hard_option("Hard mode: revealed hints must be used.")
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
def tui_cmd(**options: Any) -> None:
    """Play Wordle full screen, get help on a game played elsewhere, see your statistics."""
    from wordlekit.tui import build_app

    build_app(**options).run()  # the options are build_app's: daily, seed, hard, ultrahard, db, …
