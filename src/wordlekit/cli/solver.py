"""The optimal solver's commands: ``optimal`` and ``tree verify`` / ``tree show``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from wordlekit.cli.app import app, examples, json_option, lists_option, load_lists, out, print_json
from wordlekit.core.feedback import Turn, format_pattern
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix


@contextmanager
def _progress(label: str) -> Iterator[Callable[[int, int], None] | None]:
    err = Console(stderr=True)
    if not err.is_terminal:
        yield None
        return
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} answers"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


@app.command(
    "optimal",
    epilog=examples(
        "wordle optimal --start salet                 proves 7920 (mean 3.4212)",
        "wordle optimal --start salet --hard          proves 8122",
        "wordle optimal --start crane --tree-out crane.txt",
        "wordle optimal --openers 10                  the best of the 10 most promising",
        "wordle optimal --start salet --max-guesses 5 --json",
    ),
)
@click.option("--start", metavar="WORD", help="The first guess (default: search --openers).")
@click.option("--hard", is_flag=True, help="Hard mode: every guess uses the hints.")
@click.option(
    "--max-guesses",
    default=6,
    show_default=True,
    type=click.IntRange(1, 32),
    help="Every answer must be found within this many guesses.",
)
@click.option(
    "--top",
    default=0,
    show_default=True,
    type=click.IntRange(min=0),
    help="Try only the N most promising guesses per node (0 = all: a proof). "
    "With N > 0 the total is an upper bound.",
)
@click.option(
    "--openers",
    default=20,
    show_default=True,
    type=click.IntRange(min=1),
    help="Without --start: how many promising first guesses to solve.",
)
@click.option("--tree-out", metavar="FILE", help="Write the tree (.json for JSON, else text).")
@lists_option
@json_option
def optimal_cmd(
    start: str | None,
    hard: bool,
    max_guesses: int,
    top: int,
    openers: int,
    tree_out: str | None,
    lists: str,
    json_: bool,
) -> None:
    """The decision tree with the least total guesses over all answers, proven optimal."""
    from wordlekit.solve import optimal, treefile

    wl = load_lists(lists)
    if start is not None:
        start = wl.check_guess(start)
    pm = PatternMatrix.for_list(wl)
    rows: list[optimal.OpenerResult] = []
    if start is not None:
        with _progress(f"solving {start.upper()}") as update:
            result = optimal.solve_opening(
                pm, start, hard=hard, max_guesses=max_guesses, top=top, progress=update
            )
    else:
        err = Console(stderr=True)

        def tell(i: int, k: int, word: str) -> None:
            if err.is_terminal:
                err.print(f"opener {i + 1}/{k}: {word.upper()}", end="\r")

        result, rows = optimal.best_openers(
            pm, openers, hard=hard, max_guesses=max_guesses, top=top, progress=tell
        )
    if tree_out and result.tree is not None:
        meta = {
            "lists": wl.name,
            "content_hash": wl.content_hash,
            "start": result.start,
            "hard": hard,
            "max_guesses": max_guesses,
            "total": result.total,
            "proven": result.proven,
        }
        try:
            treefile.write(tree_out, result.tree, wl.length, meta)
        except OSError as e:
            raise WordleError(f"cannot write {tree_out}: {e.strerror}") from None
    if json_:
        data = result.to_dict()
        if rows:
            data["openers"] = [
                {
                    "word": r.word,
                    "total": r.total,
                    "worse_than": None if r.total else r.bound,
                    "seconds": round(r.seconds, 3),
                }
                for r in rows
            ]
        if tree_out:
            data["tree_out"] = tree_out
        print_json(data)
        return
    console = out()
    if rows:
        table = Table(title=f"{len(rows)} most promising first guesses", box=None)
        for col in ("opener", "total", "mean", "seconds"):
            table.add_column(col, justify="left" if col == "opener" else "right")
        for r in rows:
            if r.total is not None:
                table.add_row(
                    r.word.upper(),
                    str(r.total),
                    f"{r.total / result.games:.4f}",
                    f"{r.seconds:.2f}",
                )
            else:
                table.add_row(r.word.upper(), f"> {r.bound - 1}", "", f"{r.seconds:.2f}")
        console.print(table)
    label = "proven optimal" if result.proven else f"upper bound (top {top} guesses per node)"
    mode = "hard mode" if hard else "normal mode"
    console.print(
        f"[bold]{(result.start or '').upper()}[/bold] on the {wl.name} lists, {mode}, at most "
        f"{max_guesses} guesses: total [bold]{result.total}[/bold], mean {result.mean:.4f}, "
        f"max {result.max} — {label}"
    )
    peak = max(result.histogram.values())
    for d, n in result.histogram.items():
        console.print(f"  {d} {'█' * max(1, round(40 * n / peak))} {n}")
    console.print(
        f"{result.seconds:.2f} s, {result.nodes:,} nodes searched, memo hit rate "
        f"{result.hit_rate:.1%} ({result.memo_entries:,} entries)"
    )
    if tree_out:
        console.print(f"tree written to {tree_out}")


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
@click.option("--hard", is_flag=True, help="Also check the hard-mode rule on every path.")
@click.option("--max-guesses", default=6, show_default=True, type=click.IntRange(1, 32))
@lists_option
@json_option
def tree_verify_cmd(file: str, hard: bool, max_guesses: int, lists: str, json_: bool) -> None:
    """Replay every answer through the tree in FILE: is it a valid strategy, and how good?"""
    from wordlekit.solve import treefile

    wl = load_lists(lists)
    tf = treefile.read(file)
    check = treefile.verify(tf.root, wl, hard=hard, max_guesses=max_guesses)
    if json_:
        print_json({"file": file, **check.to_dict(), "meta": tf.meta})
    else:
        console = out()
        verdict = "[bold green]valid[/bold green]" if check.ok else "[bold red]INVALID[/bold red]"
        console.print(
            f"{file}: {verdict} over {check.games} answers — total {check.total}, "
            f"mean {check.mean:.4f}, max {check.max}"
        )
        for d, n in check.histogram.items():
            console.print(f"  {d}: {n}")
        for p in check.problems[:20]:
            console.print(f"  problem: {p}")
        if len(check.problems) > 20:
            console.print(f"  … and {len(check.problems) - 20} more problems")
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
@click.argument("turns", nargs=-1, metavar="[TURN]...")
@click.option(
    "--limit",
    "-n",
    default=40,
    show_default=True,
    type=click.IntRange(min=0),
    help="Show at most N answers (0 = all).",
)
@json_option
def tree_show_cmd(file: str, turns: tuple[str, ...], limit: int, json_: bool) -> None:
    """The subtree of FILE after the given turns: the next guess and each answer's path."""
    from wordlekit.solve import treefile

    tf = treefile.read(file)
    history = [Turn.parse(t) for t in turns]
    node = treefile.descend(tf.root, history)
    if node is None:
        out().print("Solved: the last turn is a win.")
        return
    length = len(node.guess)
    below = treefile.answers_below(node, length)
    if json_:
        print_json(
            {
                "guess": node.guess,
                "answers": len(below),
                "branches": {
                    format_pattern(p, length, "letters"): c.guess
                    for p, c in sorted(node.children.items())
                },
                "paths": {
                    a: [f"{g}:{format_pattern(p, length, 'letters')}" for g, p in path]
                    for a, path in below
                },
            }
        )
        return
    console = out()
    console.print(
        f"Play [bold]{node.guess.upper()}[/bold]: {len(below)} answers below, "
        f"{len(node.children)} branches"
    )
    shown = below if not limit else below[:limit]
    for answer, path in shown:
        steps = "  ".join(f"{g.upper()} {format_pattern(p, length)}" for g, p in path)
        console.print(f"  {answer.upper()}: {steps}")
    if limit and len(below) > limit:
        console.print(f"  … and {len(below) - limit} more (--limit 0 shows all)")
