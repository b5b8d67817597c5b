"""``wordle tui``: the full-screen terminal app (Textual is imported only when it runs)."""

from __future__ import annotations

from typing import Any

import click

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    NamedChoice,
    db_option,
    game_options,
    lists_option,
    mode_options,
    strategy_option,
)
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.services.games import variants


@app.command(
    "tui",
    epilog=examples(
        "wordle tui                                   today's puzzle, full screen",
        "wordle tui --practice                        a random practice game",
        "wordle tui --daily 2022-02-15 --hard         a daily puzzle in hard mode",
        "wordle tui --variant quordle --daily today   today's Quordle",
        "wordle tui --variant absurdle --mode ultrahard   Absurdle: guess only words it holds",
        "wordle tui --seed 42 --high-contrast         the same practice game, orange and blue",
        "wordle tui --db games.sqlite3                statistics in another file",
        "wordle tui --answers list                    Assist starts on the answer list",
        "wordle tui --lang es                         in Spanish (Ctrl+O: another list)",
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
@mode_options("Hard mode: revealed hints must be used.")
@game_options
@click.option("--practice", is_flag=True, help="A random practice game (not today's puzzle).")
@db_option(
    "SQLite file for games and statistics (default: the web app's, in the user data folder)."
)
@click.option("--high-contrast", is_flag=True, help="Orange and blue instead of green and yellow.")
@strategy_option("Strategy for the hints on one board and the Assist suggestions", short=False)
@click.option(
    "--answers",
    type=click.Choice(["likely", "list"]),
    default="likely",
    show_default=True,
    help="Which words may be the answer on the Assist screen (F7 switches): likely (every "
    "valid word, weighted by how likely it is: the answer of a game played elsewhere may be "
    "outside the list) or list. The built-in game always draws from the list.",
)
@lists_option
def tui_cmd(mode: Mode, lists: str, **options: Any) -> None:
    """Play Wordle and its variants full screen (one board, several, Absurdle), get help on
    a game played elsewhere, see your statistics."""
    from wordlekit.tui import build_app
    from wordlekit.tui.app import ListSwitch

    wordlist = WordList.load(lists)
    ended = build_app(mode=mode, wordlist=wordlist, **options).run()
    while isinstance(ended, ListSwitch):  # Ctrl+O chose another word list: start again on it
        wordlist = WordList.bundled(ended.name)
        ended = build_app(mode=mode, wordlist=wordlist, **options, request=ended.request).run()
