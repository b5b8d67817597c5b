"""The optimal solver's commands: ``optimal`` and ``tree verify`` / ``tree show``, through
:mod:`wordlekit.services.solver` (imported inside each command: it loads the compiled search,
numba, which the other commands never pay for)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table

from wordlekit.budget import Budget
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    count_option,
    json_option,
    limit_option,
    lists_option,
    max_guesses_option,
    mode_options,
    turns_argument,
)
from wordlekit.cli.progress import progress
from wordlekit.cli.render import bars, out, print_json, print_lines, table
from wordlekit.core.feedback import Turn
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.services.engine import Engine

if TYPE_CHECKING:
    from wordlekit.services.solver import Objective, OpenerResult, OptimalResult, OptimalSearch

#: How many problems ``wordle tree verify`` lists.
PROBLEMS_SHOWN = 20


@app.command(
    "optimal",
    epilog=examples(
        "wordle optimal --start salet                 proves 7920 (mean 3.4212)",
        "wordle optimal --start salet --hard          proves 8122",
        "wordle optimal --start crane --tree-out crane.txt",
        "wordle optimal --openers 10                  the best of the 10 most promising",
        "wordle optimal --start salet --max-guesses 5 --json",
        "wordle optimal --start aargh --hard --lists nyt   proven: cannot work within 6",
        "wordle optimal --start salet --objective worst     least worst case (5), then total",
        "wordle optimal --start salet --objective 'over 4'  fewest answers needing 5+",
        "wordle optimal --start cigar --ultrahard           every guess could be the answer",
        "wordle optimal --start methi --lists nyt --max-nodes 100000   a proven lower bound",
    ),
)
@click.option("--start", metavar="WORD", help="The first guess (default: search --openers).")
@mode_options()
@max_guesses_option()
@click.option(
    "--objective",
    default="total",
    show_default=True,
    metavar="OBJECTIVE",
    help="total (least total guesses), worst (least worst case, then least total), "
    "total-then-worst (least total, then least worst case) or 'over K' (fewest answers "
    "needing more than K guesses, then least total).",
)
@count_option(
    "--max-nodes",
    "Stop after this many search nodes: the answer is then a proven lower bound, "
    "labelled as such (default: no limit).",
    minimum=1,
)
@count_option(
    "--memo-cap",
    "Most memo entries kept (about 100 bytes each; default 12,000,000); past it the "
    "search goes on without storing more, slower but in bounded memory.",
    minimum=1000,
)
@count_option(
    "--top",
    "Try only the N most promising guesses per node (0 = all: a proof). "
    "With N > 0 the total is an upper bound.",
    default=0,
)
@count_option(
    "--openers",
    "Without --start: how many promising first guesses to solve.",
    minimum=1,
    default=20,
)
@click.option("--tree-out", metavar="FILE", help="Write the tree (.json for JSON, else text).")
@lists_option
@json_option
def optimal_cmd(
    start: str | None,
    mode: Mode,
    max_guesses: int,
    objective: str,
    max_nodes: int | None,
    memo_cap: int | None,
    top: int,
    openers: int,
    tree_out: str | None,
    lists: str,
    json_: bool,
) -> None:
    """The decision tree with the least total guesses over all answers (or another
    objective), proven optimal; or the proof that no tree fits the guess limit."""
    # imported here: the exact search loads numba
    from wordlekit.services import solver

    engine = Engine(WordList.load(lists))
    goal = solver.objective(objective)  # a bad name before any work
    label = "openers" if start is None else f"solving {start.upper()}"
    with Budget(nodes=max_nodes).active(), progress(label, unit="answers") as bar:

        def tell(done: int, total: int, word: str) -> None:
            bar.update(done, total, status=None if start else word.upper())

        found = engine.call(
            solver.search, start, openers=openers, mode=mode, max_guesses=max_guesses,
            objective=goal, top=top, memo_cap=memo_cap, tree_file=tree_out,
            progress=tell,
        )  # fmt: skip
    if json_:
        print_json(found)
        return
    _print_search(out(), found, engine.wordlist.name, top)


def _print_search(console: Console, found: OptimalSearch, lists: str, top: int) -> None:
    result = found.result
    if found.openers:
        console.print(_openers_table(found.openers, result.games, result.objective))
    _print_optimal(console, result, lists, top)
    if found.openers:  # the figures above are the best opener's; the search took longer
        seconds = sum(r.seconds for r in found.openers)
        n = len(found.openers)
        console.print(f"{n} first guesses searched in {seconds:.2f} s in all")
    if found.tree_file:
        console.print(f"tree written to {found.tree_file}")


def _openers_table(rows: Sequence[OpenerResult], games: int, objective: Objective) -> Table:
    k = objective.k

    def row(r: OpenerResult) -> tuple[str, str, str, str, str]:
        if not r.feasible:
            return (r.word.upper(), "infeasible", "", "", f"{r.seconds:.2f}")
        if r.total is None:
            return (r.word.upper(), "not better", "", "", f"{r.seconds:.2f}")
        extra = "" if r.worst is None else f"worst {r.worst}"
        extra = extra if r.over is None else f"{r.over} over {k}"
        mean = f"{r.total / games:.4f}"
        return (r.word.upper(), str(r.total), mean, extra, f"{r.seconds:.2f}")

    def best_first(r: OpenerResult) -> tuple[bool, bool, int, int, int]:
        """The objective's order: the answers over K, or the worst case, before the total."""
        first = r.over if k is not None else r.worst if objective.name == "worst" else None
        return (not r.feasible, r.total is None, first or 0, r.total or 0, 0)

    return table(
        ("opener", "total", "mean", "objective", "seconds"),
        (row(r) for r in sorted(rows, key=best_first)),
        left={"opener"},
        title=f"{len(rows)} most promising first guesses",
    )


def _print_optimal(console: Console, result: OptimalResult, lists: str, top: int) -> None:
    word = (result.start or "").upper()
    where = (
        f"[bold]{word}[/bold] on the {lists} lists, {result.mode} mode, at most "
        f"{result.max_guesses} guesses"
    )
    if not result.feasible:
        console.print(
            f"{where}: [bold]no tree finds every answer[/bold] — proven "
            f"({result.seconds:.2f} s, {result.nodes:,} nodes)"
        )
        return
    if result.total is None:
        bound = "" if result.bound is None else f"; proven so far: value ≥ {result.bound}"
        console.print(f"{where}: search stopped, {result.stopped}{bound} — not proven")
        return
    label = "proven optimal" if result.proven else f"upper bound (top {top} guesses per node)"
    objective = "" if result.objective.name == "total" else f" ({result.objective.describe()})"
    over = "" if result.over is None else f", {result.over} over {result.objective.k}"
    assert result.mean is not None
    console.print(
        f"{where}{objective}: total [bold]{result.total}[/bold], mean "
        f"{result.mean:.4f}, max {result.max}{over} — {label}"
    )
    print_lines(console, bars((str(d), n) for d, n in result.histogram.items()))
    console.print(
        f"{result.seconds:.2f} s, {result.nodes:,} nodes searched, memo hit rate "
        f"{result.hit_rate:.1%} ({result.memo_entries:,} entries)"
    )


@app.group("tree", epilog=examples("wordle tree verify salet.txt", "wordle tree show salet.txt"))
def tree_group() -> None:
    """Decision-tree files: check them and look inside them."""


@tree_group.command(
    "verify",
    epilog=examples(
        "wordle tree verify salet.txt",
        "wordle tree verify salet-hard.json --hard --json",
    ),
)
@click.argument("file")
@mode_options(
    "Also check the hard-mode rule on every path (--mode hard).",
    "Also check the ultrahard rule on every path: every guess could still be the answer "
    "(--mode ultrahard).",
)
@max_guesses_option()
@lists_option
@json_option
def tree_verify_cmd(file: str, mode: Mode, max_guesses: int, lists: str, json_: bool) -> None:
    """Replay every answer through the tree in FILE: is it a valid strategy, and how good?

    The exit code is 1 when the tree is invalid.
    """
    # imported here: the tree files live beside the exact search, which loads numba
    from wordlekit.services import solver

    found = solver.verify_tree(file, WordList.load(lists), mode=mode, max_guesses=max_guesses)
    check = found.verification
    if json_:
        print_json(found)
    else:
        console = out()
        verdict = "[bold green]valid[/bold green]" if check.ok else "[bold red]INVALID[/bold red]"
        console.print(
            f"{file}: {verdict} over {check.games} answers — total {check.total}, "
            f"mean {check.mean:.4f}, max {check.max}"
        )
        print_lines(console, (f"  {d}: {n}" for d, n in check.histogram.items()))
        print_lines(console, (f"  problem: {p}" for p in check.problems[:PROBLEMS_SHOWN]))
        if len(check.problems) > PROBLEMS_SHOWN:
            console.print(f"  … and {len(check.problems) - PROBLEMS_SHOWN} more problems")
    if not check.ok:
        raise click.exceptions.Exit(1)


@tree_group.command(
    "show",
    epilog=examples(
        "wordle tree show salet.txt                       the first guess and its branches",
        "wordle tree show salet.txt salet:bybbb           what to play next, and every answer",
    ),
)
@click.argument("file")
@turns_argument()
@limit_option(40, "Show at most N answers (0 = all).")
@json_option
def tree_show_cmd(file: str, turns: tuple[str, ...], limit: int, json_: bool) -> None:
    """The subtree of FILE after the given turns: the next guess and each answer's path."""
    # imported here: the tree files live beside the exact search, which loads numba
    from wordlekit.services import solver

    node = solver.show_tree(file, [Turn.parse(t) for t in turns])
    if node is None:
        out().print("Solved: the last turn is a win.")
        return
    if json_:
        print_json(node)
        return
    console = out()
    console.print(
        f"Play [bold]{node.guess.upper()}[/bold]: {node.answers} answers below, "
        f"{len(node.branches)} branches"
    )
    for path in node.paths[:limit] if limit else node.paths:
        steps = "  ".join(f"{t.guess.upper()} {t.emoji}" for t in path.turns)
        console.print(f"  {path.answer.upper()}: {steps}")
    if limit and node.answers > limit:
        console.print(f"  … and {node.answers - limit} more (--limit 0 shows all)")
