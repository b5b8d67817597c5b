"""``wordle absurdle solve`` (and ``wordle solve --absurdle``): proofs of the adversarial
variant. The game itself is played by ``wordle play --variant absurdle``, as every variant
(:mod:`wordlekit.cli.play`).

The host's rule and tie-break are :mod:`wordlekit.core.absurdle`'s; the proofs are
:mod:`wordlekit.services.absurdle`'s (a typed
:class:`~wordlekit.services.absurdle.AbsurdleSolve`). This module prints proofs, and shows a
progress bar on a terminal.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import Decorator, json_option, lists_option, mode_options
from wordlekit.cli.progress import progress
from wordlekit.cli.render import guess_row, out, plural, print_json
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services.engine import Engine

if TYPE_CHECKING:
    from wordlekit.services.absurdle import AbsurdleSolve, FirstGuesses, Proof

#: The modes of Absurdle's proofs (the solver has no ultrahard search).
absurdle_mode_options: Decorator = mode_options(
    "Hard mode: every guess uses the colours shown so far (the NYT rule).",
    modes=(Mode.NORMAL, Mode.HARD),
)


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
        "wordle absurdle solve                 prove the fewest guesses from the start (4)",
        "wordle absurdle solve --limit 10      and the first 10 first guesses that win in 4",
        "wordle solve --absurdle               watch the bot play a shortest win",
        "wordle play --variant absurdle        play it yourself",
    ),
)
def absurdle_group() -> None:
    """Absurdle's proofs: the host never picks a word; it keeps the largest group it can.

    The host holds every answer of the list and, after each guess, keeps the largest group
    of words that would show the same colours. You win when one word is left and you guess
    it: all green. Play it with `wordle play --variant absurdle` (--challenge WORD for a
    target).
    """


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
@absurdle_mode_options
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
    mode: Mode,
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
    # imported here: the Absurdle service loads numba, which other commands never pay for
    from wordlekit.services import absurdle

    engine = Engine(WordList.load(lists))
    n_threads = threads or max(1, os.cpu_count() or 1)
    with progress("Absurdle", total=None, unit="guesses") as bar:
        found = engine.call(
            absurdle.solve, words, mode=mode, target=target, max_depth=max_depth, limit=limit,
            every=every, threads=n_threads,
            depth_progress=(
                lambda d: bar.update(0, None, f"proving {d} {plural(d, 'guess', 'guesses')}")
            ),
            progress=(
                lambda done, total, found: bar.update(done, total, f"{found:,} first guesses win")
            ),
        )  # fmt: skip
    if json_:
        print_json(found)
        return
    _print_proof(out(), found)


def _print_proof(console: Console, found: AbsurdleSolve) -> None:
    proof = found.proof
    where = "from the start" if not proof.start else "after " + _words(proof.start)
    mode = " in hard mode" if proof.mode.hard else ""
    held = f"the host holds {proof.remaining:,} words"
    console.print(f"Absurdle {where}{mode}{_goal(proof)}: {held}.")
    for n, seconds in proof.refuted:
        console.print(f"  {n} {plural(n, 'guess', 'guesses')}: impossible (proved in "
                      f"{_secs(seconds)})")  # fmt: skip
    if no_line(console, proof, " (try --max-depth)"):
        return
    assert proof.minimum is not None and proof.line is not None  # no_line said so
    n = proof.minimum
    console.print(f"  {n} {plural(n, 'guess', 'guesses')}: possible (a win found in "
                  f"{_secs(proof.found)})")  # fmt: skip
    console.print(f"Minimum: {n}. A winning line:")
    for k, turn in enumerate(proof.line.turns, start=1):
        console.print(Text(f"  {k}. ") + guess_row(console, turn.guess, turn.pattern))
    console.print(f"Proved in {_secs(proof.seconds)}.")
    if found.first_guesses is not None:
        _print_first(console, found.first_guesses)


def no_line(console: Console, proof: Proof, more: str = "") -> bool:
    """Whether ``proof`` has no winning line, saying why (stopped by the budget, or no win
    within its depth; ``more`` is what the command could try)."""
    if proof.stopped:
        console.print(f"[yellow]Stopped before the proof: {proof.stopped}[/yellow]")
    elif proof.minimum is None or proof.line is None:
        console.print(f"No win within {proof.max_depth} guesses{more}.")
    else:
        return False
    return True


def _print_first(console: Console, first: FirstGuesses) -> None:
    """The first guesses found that win in the minimum, each with a line of its own (another
    line than the one above, unless it starts with the same guess)."""
    n, count = first.depth, len(first.wins)
    how = f"{first.examined:,} of {first.total:,} first guesses examined in " + (
        f"{_secs(first.seconds)} on {first.threads} {plural(first.threads, 'thread')}"
    )
    if first.complete:
        head = f"Every first guess that wins in {n}: {count:,} ({how})"
    else:
        head = f"First guesses that win in {n}: the first {count:,} found ({how})"
    console.print(head + (", each with a winning line:" if count else "."))
    if first.stopped:
        console.print(f"[yellow]Stopped early: {first.stopped}[/yellow]")
    for line in first.wins:
        console.print(f"  {line.guesses[0].upper()}: " + _words(line.guesses))


def _words(words: tuple[str, ...]) -> str:
    return " ".join(w.upper() for w in words)


def _goal(proof: Proof) -> str:
    return f" ending on {proof.target.upper()}" if proof.target else ""


def _secs(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def print_line_game(console: Console, found: AbsurdleSolve) -> None:
    """``wordle solve --absurdle``: the proven-best line played against the host."""
    proof = found.proof
    if no_line(console, proof):
        return
    assert proof.line is not None  # no_line said so
    mode = " (hard mode)" if proof.mode.hard else ""
    console.print(
        f"Absurdle bot{mode}: the host holds {proof.remaining:,} words; a shortest win"
        f"{_goal(proof)} takes {proof.minimum} (fewer is proved impossible)."
    )
    for k, turn in enumerate(proof.line.turns, start=1):
        console.print(Text(f"{k}. ") + guess_row(console, turn.guess, turn.pattern))
    console.print(f"Won in {proof.minimum} guesses.")
