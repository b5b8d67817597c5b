"""``wordle play``: a game in the terminal, line by line (the full-screen app is ``wordle tui``).

Which game (the daily and seed rules) comes from :func:`wordlekit.services.games.game_spec`,
every guess is refereed by :class:`~wordlekit.core.game.Game`; this module reads lines and
draws the board.
"""

from __future__ import annotations

import sys

from rich.console import Console
from rich.text import Text

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import game_options, hard_option, lists_option, ultrahard_option
from wordlekit.cli.render import TILE_STYLES, UNKNOWN_STYLE, guess_row, out, tiles_text
from wordlekit.core.feedback import Tile
from wordlekit.core.game import Game, Status, UltrahardError
from wordlekit.core.words import WordList
from wordlekit.errors import HardModeError, InvalidWordError, WordleError
from wordlekit.services.games import Mode, game_spec

KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
QUIT = (":q", ":quit")


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
    """The whole board and keyboard on a terminal; the last turn and the keyboard otherwise."""
    if console.is_terminal:
        for turn in game.turns:
            console.print(tiles_text(turn.guess, turn.pattern))
        for _ in range(game.guesses_left):
            console.print(tiles_text(" " * game.length, None))
        console.print(keyboard_text(game))
    else:
        turn = game.turns[-1]
        console.print(Text(f"{len(game.turns)}. ") + guess_row(console, turn.guess, turn.pattern))
        console.print(keyboard_plain(game))


def outcome_text(game: Game) -> Text:
    """The sentence that ends a game (the library's: the praise of a win, or the answer)."""
    return Text(game.outcome() or "", style="bold green" if game.status is Status.WON else "bold")


@app.command(
    "play",
    epilog=examples(
        "wordle play                              a practice game",
        "wordle play --daily 2022-02-15 --hard    a daily puzzle in hard mode",
        "wordle play --seed 42                    the same practice game every time",
        "wordle play --ultrahard                  every guess must be a possible answer",
        "Type a word and Enter; ':q' or Ctrl-D leaves.",
    ),
)
@hard_option("Hard mode: revealed hints must be used.")
@ultrahard_option()
@game_options
@lists_option
def play_cmd(hard: bool, ultrahard: bool, daily: str | None, seed: int | None, lists: str) -> None:
    """Play Wordle in the terminal: six guesses, coloured tiles, the keyboard, a share grid."""
    if daily is not None and seed is not None:
        raise WordleError("choose --daily DATE or --seed N, not both")
    wl = WordList.load(lists)
    mode: Mode = "daily" if daily is not None else "practice"
    game = game_spec(mode, hard=hard, ultrahard=ultrahard, date=daily, seed=seed, wordlist=wl).game
    console = out()
    rules = f" ({game.rules} mode)" if game.hard else ""
    console.print(
        f"[bold]{game.label}[/bold]{rules}: guess the "
        f"{game.length}-letter word in {game.max_guesses} tries."
    )
    if not _play_turns(console, game):
        console.print("Game left unfinished.")
        return
    console.print(outcome_text(game))
    console.print()
    console.print(game.share())


def _play_turns(console: Console, game: Game) -> bool:
    """Read guesses until the game is over (True) or the player leaves (False)."""
    while game.status is Status.PLAYING:
        line = _read_line(console, f"Guess {len(game.turns) + 1}/{game.max_guesses}: ")
        if line is None or line.strip() in QUIT:
            return False
        if not line.strip():
            continue
        try:
            game.guess(line.strip())
        except InvalidWordError as e:
            console.print(f"[yellow]{e}[/yellow] (no turn used)")
            continue
        except HardModeError as e:
            rules = "Ultrahard" if isinstance(e, UltrahardError) else "Hard"
            console.print(f"[yellow]{rules} mode: {e}[/yellow] (no turn used)")
            continue
        render_board(console, game)
    return True


def _read_line(console: Console, prompt: str) -> str | None:
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
