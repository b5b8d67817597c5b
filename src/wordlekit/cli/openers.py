"""``wordle rank-openers``: every first guess ranked, locally or on a Dask cluster."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from wordlekit.cli.app import app, examples, json_option, lists_option, load_lists, out, print_json


@app.command(
    "rank-openers",
    epilog=examples(
        "wordle rank-openers --method entropy --top 20          all 12,972 in seconds",
        "wordle rank-openers --method entropy-bench --words best.txt",
        "wordle rank-openers --method optimal --words top10.txt --beta 8000",
        "wordle rank-openers --method minimax --scheduler tcp://10.0.0.5:8786",
    ),
)
@click.option(
    "--method",
    default="entropy",
    show_default=True,
    metavar="METHOD",
    help="optimal, entropy, minimax, expected-size, most-parts, or STRATEGY-bench "
    "(e.g. entropy-bench: the strategy's full benchmark from each first guess).",
)
@click.option(
    "--words",
    "words_spec",
    default="all",
    show_default=True,
    metavar="all|answers|FILE",
    help="Which first guesses to rank.",
)
@click.option("--hard", is_flag=True, help="Hard mode.")
@click.option(
    "--max-guesses",
    default=6,
    show_default=True,
    type=click.IntRange(1, 32),
    help="optimal: every answer within this many guesses.",
)
@click.option(
    "--beta",
    type=click.IntRange(min=1),
    metavar="B",
    help="optimal: stop a word as soon as it cannot beat B (reported 'worse than B').",
)
@click.option("--db", metavar="PATH", help="SQLite file of results (default: data folder).")
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="An existing Dask scheduler, tcp://HOST:PORT (default: a local cluster).",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    help="Local cluster size (default: one process per core).",
)
@click.option(
    "--top",
    default=20,
    show_default=True,
    type=click.IntRange(min=1),
    help="How many to show (--json and --csv give all).",
)
@click.option("--csv", "csv_", is_flag=True, help="CSV output.")
@lists_option
@json_option
def rank_openers_cmd(
    method: str,
    words_spec: str,
    hard: bool,
    max_guesses: int,
    beta: int | None,
    db: str | None,
    scheduler: str | None,
    workers: int | None,
    top: int,
    csv_: bool,
    lists: str,
    json_: bool,
) -> None:
    """Rank first guesses by an exact or greedy method; resumable, on one machine or a cluster.

    Results go to SQLite as they arrive: a stopped run resumes without recomputing, and a
    finished one with the same settings only prints the table.
    """
    from wordlekit.analysis import openers
    from wordlekit.store.files import data_dir

    m = openers.Method.parse(method)
    wl = load_lists(lists)
    words = openers.resolve_words(words_spec, wl)
    store = openers.RankStore(Path(db) if db else data_dir() / "openers.sqlite3")
    err = Console(stderr=True)

    def run(
        progress: openers.ProgressFn | None = None,
    ) -> tuple[openers.Settings, list[openers.Ranked]]:
        return openers.rank_openers(
            wl,
            m,
            words,
            store,
            hard=hard,
            max_guesses=max_guesses,
            beta=beta,
            scheduler=scheduler,
            workers=workers,
            progress=progress,
        )

    try:
        if not err.is_terminal:
            settings, results = run()
        else:
            with Progress(
                TextColumn(f"[bold]{m.name}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=err,
                transient=True,
            ) as bar:
                task = bar.add_task("", total=len(words), rate="")
                start: dict[str, int] = {}

                def update(done: int, total: int, elapsed: float) -> None:
                    start.setdefault("done", done)  # words already stored before this run
                    new = done - start["done"]
                    rate = f"{new / elapsed:.1f} words/s" if elapsed > 0 and new else ""
                    bar.update(task, completed=done, total=total, rate=rate)

                settings, results = run(update)
    finally:
        store.close()
    if csv_:
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(["rank", "word", "value", "detail", "seconds"])
        for k, r in enumerate(results, start=1):
            w.writerow(
                [
                    k,
                    r.word,
                    "" if r.value is None else r.value,
                    _detail(r.detail),
                    f"{r.seconds:.4f}",
                ]
            )
        click.echo(buf.getvalue(), nl=False)
        return
    if json_:
        print_json(
            {
                "method": m.name,
                "lists": wl.name,
                "hard": hard,
                "beta": beta,
                "words": len(results),
                "settings": settings.key,
                "results": [{"rank": k, **r.to_dict()} for k, r in enumerate(results, start=1)],
            }
        )
        return
    console = out()
    better = "higher" if m.higher_is_better else "lower"
    console.print(
        f"[bold]{len(results)}[/bold] first guesses by {m.name} ({better} is better) on the "
        f"{wl.name} lists{', hard mode' if hard else ''}"
    )
    table = Table(box=None)
    for col in ("rank", "word", "value", "details"):
        table.add_column(col, justify="left" if col in ("word", "details") else "right")
    for k, r in enumerate(results[:top], start=1):
        value = r.detail.get("status", "") if r.value is None else _fmt(r.value)
        table.add_row(str(k), r.word.upper(), value, _detail(r.detail))
    console.print(table)


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.4f}"


def _detail(d: dict[str, object]) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items() if k != "status")
