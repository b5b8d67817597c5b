"""``wordle rank-openers``: every first guess ranked, locally or on a Dask cluster
(:mod:`wordlekit.services.openers`)."""

from __future__ import annotations

from collections.abc import Sequence

import click
from rich.console import Console

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
from wordlekit.services.openers import Place, Ranked, Ranking, RankProgress, methods, rank


@app.command(
    "rank-openers",
    epilog=examples(
        "wordle rank-openers --method entropy --top 20          all 12,972 in seconds",
        "wordle rank-openers --method entropy-bench --words best.txt",
        "wordle rank-openers --method optimal --words salet,trace,crane,slate   the best exactly",
        "wordle rank-openers --method optimal --words top10.txt --exact-all   every exact value",
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
    type=NamedChoice("method", methods()),
    help="optimal, entropy, minimax, expected-size, most-parts, or STRATEGY-bench "
    "(e.g. entropy-bench: the strategy's full benchmark from each first guess).",
)
@click.option(
    "--words",
    "words_spec",
    default="all",
    show_default=True,
    metavar="all|answers|FILE|WORD,WORD",
    help="Which first guesses to rank: every valid guess, the answers, the words of a file "
    "(one a line), or words separated by commas.",
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
    help="optimal: stop a word as soon as it cannot beat B (reported 'worse than B'); "
    "with the best-so-far cut-off, the smaller of the two stops it.",
)
@click.option(
    "--exact-all",
    is_flag=True,
    help="optimal: every word's exact value (with --beta: every one below B). By default a "
    "word that cannot beat or tie the best found so far is only proven worse ('worse than "
    "BEST'); the words go most promising first, so the best is found early.",
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
    exact_all: bool,
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
    finished one with the same settings only prints the table. With optimal on several words,
    a word that cannot beat or tie the best exact value found so far is only proven worse
    (--exact-all: every exact value). The bar shows the words done, the best so far and the
    time left at this run's rate.
    """
    with progress(method, unit="words") as bar:

        def update(p: RankProgress) -> None:
            rate = f"{p.computed / p.seconds:.1f} words/s" if p.computed and p.seconds > 0 else ""
            best = "" if p.best is None else f"best {p.best.word.upper()} {_value(p.best)}"
            bar.update(p.done, p.total, " · ".join(x for x in (rate, best) if x), p.left)

        ranking = rank(
            WordList.load(lists), method, words_spec, mode=mode, max_guesses=max_guesses,
            objective=objective, beta=beta, exact_all=exact_all, db=db, scheduler=scheduler,
            workers=workers, progress=update,
        )  # fmt: skip
    if csv_:
        print_csv(
            ("rank", "word", "value", "detail", "seconds", "exact", "bound", "nodes"),
            (
                (
                    p.rank,
                    p.result.word,
                    "" if p.result.value is None else p.result.value,
                    _detail(p.result.detail),
                    f"{p.result.seconds:.4f}",
                    "true" if p.result.exact else "false",
                    "" if p.result.bound is None else p.result.bound,
                    "" if p.result.nodes is None else p.result.nodes,
                )
                for p in ranking.results
            ),
        )
    elif json_:
        print_json(ranking)
    else:
        _print_ranking(out(), ranking, top)


def _print_ranking(console: Console, ranking: Ranking, top: int) -> None:
    better = "higher" if ranking.higher_is_better else "lower"
    mode = "" if ranking.mode is Mode.NORMAL else f", {ranking.mode.value} mode"
    console.print(
        f"[bold]{ranking.words}[/bold] first guesses by {ranking.method} ({better} is better) "
        f"on the {ranking.lists} lists{mode}"
    )
    console.print(
        table(
            ("rank", "word", "value", "details"),
            (_row(p) for p in ranking.results[:top]),
            left={"word", "details"},
        )
    )
    console.print(_totals(ranking))


def _totals(ranking: Ranking) -> str:
    """One line: what was computed, in how long; how many words the cut-off only proved."""
    t = ranking.totals
    if t.computed == 0:
        done = f"All {ranking.words} from the store (nothing computed)."
    else:
        workers = f"{t.workers} worker{'s' if t.workers != 1 else ''}"
        done = (
            f"Computed {t.computed} of {ranking.words} in {t.wall_seconds:.1f} s on {workers} "
            f"({t.core_seconds:.1f} core-seconds)."
        )
    proven = sum(1 for p in ranking.results if p.result.bound is not None)
    if ranking.cutoff and proven:
        done += f" {proven} proven worse than the best without their exact value."
    return done


def _value(r: Ranked) -> str:
    return r.detail.get("status", "") if r.value is None else number(r.value)


def _row(place: Place) -> Sequence[str]:
    r = place.result
    return (str(place.rank), r.word.upper(), _value(r), _detail(r.detail))


def _detail(d: dict[str, object]) -> str:
    return ", ".join(f"{k} {v}" for k, v in d.items() if k not in ("status", "beta"))
