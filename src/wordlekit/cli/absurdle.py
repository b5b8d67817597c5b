"""``wordle absurdle play`` and ``wordle absurdle solve``: the adversarial variant.

The host's rule and tie-break are :mod:`wordlekit.core.absurdle`'s; the proofs are
:mod:`wordlekit.solve.absurdle`'s, called through :mod:`wordlekit.services.absurdle`. This
module reads lines, prints boards and proofs, and shows a progress bar on a terminal.
"""

from __future__ import annotations

import os
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import hard_option, json_option, lists_option
from wordlekit.cli.progress import progress
from wordlekit.cli.render import guess_row, out, plural, print_json, read_line
from wordlekit.core.absurdle import AbsurdleGame
from wordlekit.core.game import Status
from wordlekit.core.words import WordList
from wordlekit.errors import HardModeError, InvalidWordError, WordleError
from wordlekit.fast.matrix import PatternMatrix

QUIT = (":q", ":quit")
#: How many of the host's words are named after a guess (the count is always shown).
NAMED = 8

RULE = (
    "The host holds every answer and, after each guess, keeps the largest group of words "
    "that would give the same colours (ties: fewest greens, then fewest yellows, then the "
    "lower tile from the first letter). You win when one word is left and you guess it."
)


def _service() -> Any:
    """The Absurdle service, imported when a command runs: it loads numba (0.25 s), which
    every other command of ``wordle`` would otherwise pay at start-up."""
    from wordlekit.services import absurdle

    return absurdle


def target_option(f: Any) -> Any:
    return click.option(
        "--target",
        metavar="WORD",
        default=None,
        help="Challenge: win by forcing the host to end on WORD (lost if it leaves the group).",
    )(f)


@app.group(
    "absurdle",
    epilog=examples(
        "wordle absurdle play                  a game against the host",
        "wordle absurdle play --target cigar   a challenge: make the host end on CIGAR",
        "wordle absurdle solve                 prove the fewest guesses from the start (4)",
        "wordle absurdle solve --limit 10      and the first 10 first guesses that win in 4",
        "wordle solve --absurdle               watch the bot play a shortest win",
    ),
)
def absurdle_group() -> None:
    """Absurdle: the host never picks a word; it keeps the largest group it can.

    The host holds every answer of the list and, after each guess, keeps the largest group
    of words that would show the same colours. You win when one word is left and you guess
    it: all green.
    """


# -- play -----------------------------------------------------------------------------------


@absurdle_group.command(
    "play",
    epilog=examples(
        "wordle absurdle play",
        "wordle absurdle play --hard",
        "wordle absurdle play --target cigar   win only if the host ends on CIGAR",
        "Type a word and Enter; ':q' or Ctrl-D leaves.",
    ),
)
@hard_option("Hard mode: every guess uses the colours shown so far (the NYT rule).")
@target_option
@lists_option
def play_cmd(hard: bool, target: str | None, lists: str) -> None:
    """Play Absurdle in the terminal: as many guesses as it takes."""
    service = _service()
    game = service.new_game(WordList.load(lists), hard=hard, target=target)
    console = out()
    console.print(f"[bold]Absurdle[/bold]{' (hard mode)' if hard else ''}: {RULE}")
    if game.target:
        console.print(f"Challenge: make the host end on {game.target.upper()}.")
    console.print(f"The host holds {len(game.remaining):,} words.")
    while game.status is Status.PLAYING:
        line = read_line(console, f"Guess {len(game.turns) + 1}: ")
        if line is None or line.strip() in QUIT:
            console.print("Game left unfinished.")
            return
        if not line.strip():
            continue
        try:
            game = service.guess(game, line.strip())
        except (InvalidWordError, HardModeError) as e:
            rule = "Hard mode: " if isinstance(e, HardModeError) else ""
            console.print(f"[yellow]{rule}{e}[/yellow] (no turn used)")
            continue
        _print_turn(console, game)
    console.print(Text(game.outcome() or "", style="bold"))
    console.print()
    console.print(game.share())


def _print_turn(console: Console, game: AbsurdleGame) -> None:
    turn = game.turns[-1]
    row = Text(f"{len(game.turns)}. ") + guess_row(console, turn.guess, turn.pattern)
    if game.status is Status.PLAYING:
        n = len(game.remaining)
        row += Text(f"  {n:,} {plural(n, 'word')} left")
        if n <= NAMED:
            row += Text(": " + " ".join(w.upper() for w in game.remaining))
    console.print(row)


# -- solve ----------------------------------------------------------------------------------


@absurdle_group.command(
    "solve",
    epilog=examples(
        "wordle absurdle solve                     the fewest guesses from the start, proved",
        "wordle absurdle solve arise scold         from a position (the guesses played)",
        "wordle absurdle solve --hard",
        "wordle absurdle solve --target cigar      the fewest guesses to end on CIGAR",
        "wordle absurdle solve --limit 5           and the first 5 first guesses winning in 4",
        "wordle absurdle solve --all --json        every first guess winning in 4 (minutes)",
    ),
)
@click.argument("words", nargs=-1, metavar="[GUESS]...")
@hard_option("Hard mode: every guess uses the colours shown so far (the NYT rule).")
@target_option
@click.option(
    "--limit",
    type=int,
    default=None,
    metavar="N",
    help="List the first N first guesses (alphabetically) that win in the minimum.",
)
@click.option(
    "--all", "every", is_flag=True, help="List every first guess that wins in the minimum."
)
@click.option(
    "--max-depth",
    type=click.IntRange(1, 8),
    default=6,
    show_default=True,
    help="Search up to this many guesses.",
)
@click.option(
    "--threads",
    type=click.IntRange(1, 64),
    default=None,
    help="Threads for the first-guess scan (default: every core).",
)
@lists_option
@json_option
def solve_cmd(
    words: tuple[str, ...],
    hard: bool,
    target: str | None,
    limit: int | None,
    every: bool,
    max_depth: int,
    threads: int | None,
    lists: str,
    json_: bool,
) -> None:
    """Prove the fewest guesses that win Absurdle from the start or after GUESSes, with a
    winning line and the time each step of the proof took.

    Every depth below the minimum is proved impossible by an exhaustive search (the host is
    deterministic, so each guess has one outcome). With --limit or --all, the first guesses
    that win in the minimum are listed too, each with its line.
    """
    if limit is not None and every:
        raise WordleError("choose --limit N or --all, not both")
    wl = WordList.load(lists)
    pm = PatternMatrix.for_list(wl)
    n_threads = threads or max(1, os.cpu_count() or 1)
    with progress("Absurdle", total=None, unit="guesses") as bar:
        data = _service().solve(
            pm, words, mode="hard" if hard else "normal", target=target,
            max_depth=max_depth, limit=limit,
            every=every, threads=n_threads,
            depth_progress=None if bar is None else (
                lambda d: bar.update(0, None, f"proving {d} {plural(d, 'guess', 'guesses')}")
            ),
            progress=None if bar is None else (
                lambda done, total, found: bar.update(done, total, f"{found:,} first guesses win")
            ),
        )  # fmt: skip
    if json_:
        print_json(data)
        return
    _print_proof(out(), data)


def _print_proof(console: Console, data: dict[str, Any]) -> None:
    proof = data["proof"]
    where = (
        "from the start"
        if not proof["start"]
        else "after " + " ".join(w.upper() for w in proof["start"])
    )
    mode = " in hard mode" if proof["hard"] else ""
    goal = f" ending on {proof['target'].upper()}" if proof["target"] else ""
    held = f"the host holds {proof['remaining']:,} words"
    console.print(f"Absurdle {where}{mode}{goal}: {held}.")
    for item in proof["impossible"]:
        n = item["guesses"]
        console.print(f"  {n} {plural(n, 'guess', 'guesses')}: impossible (proved in "
                      f"{_secs(item['seconds'])})")  # fmt: skip
    if proof.get("stopped"):
        console.print(f"[yellow]Stopped before the proof: {proof['stopped']}[/yellow]")
        return
    if proof["minimum"] is None:
        console.print(f"No win within {proof['max_depth']} guesses (try --max-depth).")
        return
    n = proof["minimum"]
    console.print(f"  {n} {plural(n, 'guess', 'guesses')}: possible (a win found in "
                  f"{_secs(proof['found_seconds'])})")  # fmt: skip
    console.print(f"Minimum: {n}. A winning line:")
    for k, turn in enumerate(proof["line"], start=1):
        console.print(Text(f"  {k}. ") + guess_row(console, turn["guess"], turn["pattern"]))
    console.print(f"Proved in {_secs(proof['seconds'])}.")
    first = data.get("first_guesses")
    if first is not None:
        _print_first(console, first)


def _print_first(console: Console, first: dict[str, Any]) -> None:
    n = first["guesses"]
    scope = "every first guess" if first["complete"] else f"the first {first['count']:,}"
    console.print(
        f"First guesses that win in {n} ({scope}; {first['examined']:,} of "
        f"{first['total']:,} examined in {_secs(first['seconds'])} on {first['threads']} "
        f"{plural(first['threads'], 'thread')}): {first['count']:,}"
    )
    if first["stopped"]:
        console.print(f"[yellow]Stopped early: {first['stopped']}[/yellow]")
    for w in first["wins"]:
        console.print("  " + " ".join(g.upper() for g in w["line"]))


def _secs(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def print_line_game(console: Console, data: dict[str, Any]) -> None:
    """``wordle solve --absurdle``: the proven-best line played against the host."""
    proof = data["proof"]
    if proof.get("stopped"):
        console.print(f"Stopped before the proof: {proof['stopped']}")
        return
    if proof["minimum"] is None:
        console.print(f"No win within {proof['max_depth']} guesses.")
        return
    mode = " (hard mode)" if proof["hard"] else ""
    goal = f" ending on {proof['target'].upper()}" if proof["target"] else ""
    console.print(
        f"Absurdle bot{mode}: the host holds {proof['remaining']:,} words; a shortest win"
        f"{goal} takes {proof['minimum']} (fewer is proved impossible)."
    )
    for k, turn in enumerate(proof["line"], start=1):
        console.print(Text(f"{k}. ") + guess_row(console, turn["guess"], turn["pattern"]))
    console.print(f"Won in {proof['minimum']} guesses.")
