"""``wordle play``: a game in the terminal, line by line (the full-screen app is ``wordle tui``).

Which game (the daily and seed rules) comes from :func:`wordlekit.services.games.game_spec`,
every guess is refereed by :class:`~wordlekit.core.game.Game`; this module reads lines and
draws the board.
"""

from __future__ import annotations

from typing import Any

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli import boards as multi
from wordlekit.cli.answers import answers_option, describe
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import game_options, hard_option, lists_option, ultrahard_option
from wordlekit.cli.render import (
    TILE_STYLES,
    UNKNOWN_STYLE,
    guess_row,
    out,
    percent,
    plural,
    read_line,
    tiles_text,
)
from wordlekit.core.feedback import Tile
from wordlekit.core.game import Game, Status
from wordlekit.core.words import WordList
from wordlekit.errors import HardModeError, InvalidWordError, UltrahardError, WordleError
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
        "wordle play --assist --answers likely    the helper after every guess",
        "wordle play --boards 4                   Quordle: four boards, nine guesses",
        "Type a word and Enter; ':q' or Ctrl-D leaves.",
    ),
)
@hard_option("Hard mode: revealed hints must be used.")
@ultrahard_option()
@game_options
@lists_option
@click.option(
    "--assist",
    is_flag=True,
    help="After every guess, the helper: the words left, the likeliest, the best next guess.",
)
@answers_option(
    "With --assist, which words the helper counts as possible answers: list, likely (every "
    "valid word, weighted by how likely it is) or all. The game's answer is from the list."
)
@multi.variant_options
def play_cmd(
    hard: bool,
    ultrahard: bool,
    daily: str | None,
    seed: int | None,
    lists: str,
    assist: bool,
    answers: str,
    boards: int | None = None,
    variant: str | None = None,
    max_guesses: int | None = None,
) -> None:
    """Play Wordle in the terminal: six guesses, coloured tiles, the keyboard, a share grid.

    With --assist the helper speaks after every guess (counted as help, not as a hint).
    """
    if multi.wanted(boards, variant):
        if hard or ultrahard or assist:
            raise WordleError("--boards games have no hard mode or --assist (see wordle boards)")
        return multi.play(boards, variant, max_guesses, daily, seed, lists)
    if daily is not None and seed is not None:
        raise WordleError("choose --daily DATE or --seed N, not both")
    if answers != "list" and not assist:
        raise WordleError("--answers chooses the helper's answers: use it with --assist")
    wl = WordList.load(lists)
    mode: Mode = "daily" if daily is not None else "practice"
    game = game_spec(mode, hard=hard, ultrahard=ultrahard, date=daily, seed=seed, wordlist=wl).game
    console = out()
    rules = f" ({game.rules} mode)" if game.hard else ""
    console.print(
        f"[bold]{game.label}[/bold]{rules}: guess the "
        f"{game.length}-letter word in {game.max_guesses} tries."
    )
    helper = Helper(wl.with_answers(answers)) if assist else None
    if not _play_turns(console, game, helper):
        console.print("Game left unfinished.")
        return
    console.print(outcome_text(game))
    console.print()
    console.print(game.share())


class Helper:
    """``--assist``: what the helper says after a guess (the service's assist operation)."""

    def __init__(self, wordlist: WordList) -> None:
        self.wordlist = wordlist
        self._matrix: Any = None

    def advice(self, game: Game) -> dict[str, Any]:
        from wordlekit.fast.matrix import PatternMatrix
        from wordlekit.services.operations import assist

        if self._matrix is None:
            self._matrix = PatternMatrix.for_list(self.wordlist)
        return assist(
            self._matrix,
            game.turns,
            top=3,
            mode="ultrahard" if game.ultrahard else "hard" if game.hard else "normal",
            max_candidates=MOST_LIKELY,
        )

    def say(self, console: Console, game: Game) -> None:
        data = self.advice(game)
        n = int(data["remaining"])
        words = data["candidates"]
        if "probabilities" in data:
            shown = ", ".join(
                f"{w.upper()} {percent(p)}"
                for w, p in zip(words, data["probabilities"], strict=True)
            )
            likeliest = f"; most likely {shown}"
        else:
            likeliest = f": {' '.join(w.upper() for w in words)}" if n <= MOST_LIKELY else ""
        more = " …" if n > len(words) else ""
        console.print(
            f"Assist: {n} {plural(n, 'word')} left ({describe(self.wordlist)}){likeliest}{more}"
        )
        best = data["suggestions"][0]
        verdict = "could be the answer" if best["can_win"] else "cannot be the answer"
        console.print(f"Assist: next {best['word'].upper()} ({best['bits']:.2f} bits, {verdict})")


#: How many of the words left the helper names after a guess.
MOST_LIKELY = 5


def _play_turns(console: Console, game: Game, helper: Helper | None = None) -> bool:
    """Read guesses until the game is over (True) or the player leaves (False)."""
    while game.status is Status.PLAYING:
        line = read_line(console, f"Guess {len(game.turns) + 1}/{game.max_guesses}: ")
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
        if helper is not None and game.status is Status.PLAYING:
            helper.say(console, game)
    return True
