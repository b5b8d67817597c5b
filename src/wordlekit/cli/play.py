"""``wordle play``: a game in the terminal, line by line (the full-screen app is ``wordle tui``)."""

from __future__ import annotations

import sys

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli.app import (
    TILE_STYLES,
    UNKNOWN_STYLE,
    app,
    examples,
    lists_option,
    load_lists,
    out,
    tiles_text,
)
from wordlekit.core.feedback import Tile, format_pattern
from wordlekit.core.game import Game, Status
from wordlekit.errors import HardModeError, InvalidWordError, WordleError

KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


def keyboard_text(game: Game) -> Text:
    """The keyboard with each letter's best known state, as coloured keys."""
    states = game.keyboard()
    text = Text()
    for n, row in enumerate(KEYBOARD_ROWS):
        text.append(" " * (n * 2))
        for ch in row:
            tile = states.get(ch)
            style = TILE_STYLES[tile] if tile is not None else UNKNOWN_STYLE
            text.append(f" {ch.upper()} ", style=style)
            text.append(" ")
        text.append("\n")
    return text


def keyboard_plain(game: Game) -> str:
    """The keyboard's letter states in words, for output that is not a terminal."""
    states = game.keyboard()
    groups = []
    for tile, name in ((Tile.GREEN, "green"), (Tile.YELLOW, "yellow"), (Tile.GRAY, "gray")):
        letters = sorted(ch for ch, t in states.items() if t is tile)
        if letters:
            groups.append(f"{name} {''.join(letters).upper()}")
    unused = "".join(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in states)
    groups.append(f"unused {unused.upper()}")
    return "Keyboard: " + " · ".join(groups)


def render_board(console: Console, game: Game) -> None:
    if console.is_terminal:
        for turn in game.turns:
            console.print(tiles_text(turn.guess, turn.pattern))
        for _ in range(game.guesses_left):
            console.print(tiles_text(" " * game.length, None))
        console.print(keyboard_text(game))
    else:
        turn = game.turns[-1]
        console.print(
            f"{len(game.turns)}. {turn.guess.upper()} {format_pattern(turn.pattern, game.length)}"
        )
        console.print(keyboard_plain(game))


@app.command(
    "play",
    epilog=examples(
        "wordle play                              a practice game",
        "wordle play --daily 2022-02-15 --hard    a daily puzzle in hard mode",
        "wordle play --seed 42                    the same practice game every time",
        "Type a word and Enter; ':q' or Ctrl-D leaves.",
    ),
)
@click.option("--hard", is_flag=True, help="Hard mode: revealed hints must be used.")
@click.option("--daily", "-d", metavar="DATE", help="The daily puzzle of DATE (YYYY-MM-DD, today).")
@click.option("--seed", "-s", type=int, help="Practice game with this seed (repeatable).")
@lists_option
def play_cmd(hard: bool, daily: str | None, seed: int | None, lists: str) -> None:
    """Play Wordle in the terminal: six guesses, coloured tiles, the keyboard, a share grid."""
    if daily is not None and seed is not None:
        raise WordleError("choose --daily DATE or --seed N, not both")
    wl = load_lists(lists)
    game = (
        Game.daily(daily, hard=hard, wordlist=wl)
        if daily
        else Game.practice(seed, hard=hard, wordlist=wl)
    )
    console = out()
    mode = " (hard mode)" if hard else ""
    console.print(
        f"[bold]{game.label}[/bold]{mode}: guess the {game.length}-letter word "
        f"in {game.max_guesses} tries."
    )
    while game.status is Status.PLAYING:
        prompt = f"Guess {len(game.turns) + 1}/{game.max_guesses}: "
        line = _read_line(console, prompt)
        if line is None or line.strip() in (":q", ":quit"):
            console.print("Game left unfinished.")
            return
        word = line.strip()
        if not word:
            continue
        try:
            game.guess(word)
        except InvalidWordError as e:
            console.print(f"[yellow]{e}[/yellow] (no turn used)")
            continue
        except HardModeError as e:
            console.print(f"[yellow]Hard mode: {e}[/yellow] (no turn used)")
            continue
        render_board(console, game)
    if game.status is Status.WON:
        praise = ("Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew")
        console.print(
            f"[bold green]{praise[min(len(game.turns), 6) - 1]}![/bold green] "
            f"Solved in {len(game.turns)}/{game.max_guesses}."
        )
    else:
        console.print(f"[bold]The answer was {game.answer.upper()}.[/bold]")
    console.print()
    console.print(game.share())


def _read_line(console: Console, prompt: str) -> str | None:
    if console.is_terminal and sys.stdin.isatty():
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None
    console.print(prompt, end="")
    line = sys.stdin.readline()
    if not line:
        console.print()
        return None
    console.print()
    return line
