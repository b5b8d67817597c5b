"""``wordle rank-openers``: every first guess ranked, locally or on a Dask cluster."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from wordlekit.analysis.openers import (
    Method,
    Ranked,
    RankStore,
    Settings,
    method_names,
    rank_openers,
    resolve_words,
)
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    NamedChoice,
    csv_option,
    db_option,
    json_option,
    lists_option,
    max_guesses_option,
    mode_options,
    top_option,
    workers_option,
)
from wordlekit.cli.progress import progress
from wordlekit.cli.render import number, out, print_csv, print_json, table
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.services.files import data_dir


@app.command(
    "rank-openers",
    epilog=examples(
        "wordle rank-openers --method entropy --top 20          all 12,972 in seconds",
        "wordle rank-openers --method entropy-bench --words best.txt",
        "wordle rank-openers --method optimal --words top10.txt --beta 8000",
        "wordle rank-openers --method optimal --words answers --hard   resumable; days on 2 cores",
        "wordle rank-openers --method optimal --words top10.txt --objective worst",
        "wordle rank-openers --method minimax --scheduler tcp://10.0.0.5:8786",
    ),
)
@click.option(
    "--method",
    default="entropy",
    show_default=True,
    metavar="METHOD",
    type=NamedChoice("method", method_names()),
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
@mode_options("Hard mode.")
@max_guesses_option("optimal: every answer within this many guesses.")
@click.option(
    "--objective",
    default="total",
    show_default=True,
    metavar="OBJECTIVE",
    help="optimal: total, worst, total-then-worst or 'over K' (see `wordle optimal`). "
    "The value ranked is its first figure (total, worst case, answers over K).",
)
@click.option(
    "--beta",
    type=click.IntRange(min=1),
    metavar="B",
    help="optimal: stop a word as soon as it cannot beat B (reported 'worse than B').",
)
@db_option("SQLite file of results (default: data folder).")
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="An existing Dask scheduler, tcp://HOST:PORT (default: a local cluster).",
)
@workers_option("Local cluster size (default: one process per core).")
@top_option(20, "How many to show (--json and --csv give all).")
@csv_option()
@lists_option
@json_option
def rank_openers_cmd(
    method: str,
    words_spec: str,
    mode: Mode,
    max_guesses: int,
    objective: str,
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
    m = Method.parse(method)
    wl = WordList.load(lists)
    words = resolve_words(words_spec, wl)
    objective = str(_objective(objective))
    run = {
        "mode": mode,
        "max_guesses": max_guesses,
        "beta": beta,
        "objective": objective,
    }
    cluster = {"scheduler": scheduler, "workers": workers}
    settings, results = _rank(wl, m, words, db, run, cluster)
    if csv_:
        print_csv(
            ("rank", "word", "value", "detail", "seconds"),
            (
                (
                    k,
                    r.word,
                    "" if r.value is None else r.value,
                    _detail(r.detail),
                    f"{r.seconds:.4f}",
                )
                for k, r in enumerate(results, start=1)
            ),
        )
    elif json_:
        print_json(_ranking_dict(m, wl, run, settings, results))
    else:
        _print_ranking(out(), m, wl, "" if mode is Mode.NORMAL else mode.value, results, top)


def _rank(
    wl: WordList,
    method: Method,
    words: Sequence[str],
    db: str | None,
    run: dict[str, Any],
    cluster: dict[str, Any],
) -> tuple[Settings, list[Ranked]]:
    """The ranking (stored as it comes, so a stopped run resumes), with a progress bar."""
    path = Path(db) if db else data_dir() / "openers.sqlite3"
    with closing(RankStore(path)) as store, progress(method.name, len(words), unit="words") as bar:

        def update(done: int, total: int, elapsed: float) -> None:
            assert bar is not None
            bar.update(done, total)

        return rank_openers(
            wl, method, words, store, **run, **cluster, progress=None if bar is None else update
        )


def _ranking_dict(
    m: Method, wl: WordList, run: dict[str, Any], settings: Settings, results: list[Ranked]
) -> dict[str, Any]:
    return {
        "method": m.name,
        "lists": wl.name,
        "mode": run["mode"].value,
        "hard": run["mode"].hard,
        "ultrahard": run["mode"] is Mode.ULTRAHARD,
        "objective": run["objective"],
        "beta": run["beta"],
        "words": len(results),
        "settings": settings.key,
        "results": [{"rank": k, **r.to_dict()} for k, r in enumerate(results, start=1)],
    }


def _print_ranking(
    console: Console, m: Method, wl: WordList, mode: str, results: Sequence[Ranked], top: int
) -> None:
    better = "higher" if m.higher_is_better else "lower"
    console.print(
        f"[bold]{len(results)}[/bold] first guesses by {m.name} ({better} is better) on the "
        f"{wl.name} lists{f', {mode} mode' if mode else ''}"
    )
    rows = (
        (
            str(k),
            r.word.upper(),
            r.detail.get("status", "") if r.value is None else number(r.value),
            _detail(r.detail),
        )
        for k, r in enumerate(results[:top], start=1)
    )
    console.print(table(("rank", "word", "value", "details"), rows, left={"word", "details"}))


def _objective(text: str) -> object:
    """The objective, checked (the solver is imported only for an exact ranking)."""
    if text.strip().lower() == "total":
        return "total"
    from wordlekit.solve.objectives import Objective

    return Objective.parse(text)


def _detail(d: dict[str, object]) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items() if k != "status")
