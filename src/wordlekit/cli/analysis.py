"""Analysis commands: ``expected`` (random consistent play) and ``review`` (a played game)."""

from __future__ import annotations

import csv
import io
import statistics
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from wordlekit.cli.app import app, examples, json_option, lists_option, load_lists, out, print_json
from wordlekit.core.feedback import Turn, format_pattern, score
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError


def _answers_only(wl: WordList) -> WordList:
    """The list in play for random play: its answers are both the guesses and the answers."""
    return WordList(wl.name, wl.answers)


@app.command(
    "expected",
    epilog=examples(
        "wordle expected cigar                       exact: 3.7625 guesses, worst 10",
        "wordle expected cigar --simulate 100000     and a Monte Carlo check beside it",
        "wordle expected --all --top 5               every hidden word (resumable)",
        "wordle expected --all --csv > random-play.csv",
    ),
)
@click.argument("word", required=False)
@click.option("--all", "all_", is_flag=True, help="Every hidden word of the list.")
@click.option(
    "--top",
    default=10,
    show_default=True,
    type=click.IntRange(min=1),
    help="With --all: how many easiest and hardest words to show.",
)
@click.option(
    "--simulate",
    "games",
    type=click.IntRange(min=2),
    metavar="N",
    help="Also play N random games per word (Monte Carlo, 99.9% intervals).",
)
@click.option("--seed", default=0, show_default=True, help="Seed of --simulate.")
@click.option("--workers", type=click.IntRange(min=1), help="Processes for --all (default: cores).")
@click.option("--db", metavar="PATH", help="SQLite file of --all results (default: data folder).")
@click.option("--csv", "csv_", is_flag=True, help="With --all: CSV output.")
@lists_option
@json_option
def expected_cmd(
    word: str | None,
    all_: bool,
    top: int,
    games: int | None,
    seed: int,
    workers: int | None,
    db: str | None,
    csv_: bool,
    lists: str,
    json_: bool,
) -> None:
    """Guessing at random among the words still possible: how many guesses, exactly?

    For WORD (or every word with --all): the expected number of guesses when each guess is
    drawn uniformly from the words consistent with all feedback so far, the worst case and
    the probability of needing more than six. The list's answers are both the guesses and the
    possible answers.
    """
    from wordlekit.analysis import randomplay

    if bool(word) == all_:
        raise WordleError("give a WORD or --all (not both)")
    wl = _answers_only(load_lists(lists))
    if word is not None:
        solver = randomplay.Solver(wl)
        result = solver.solve(wl.check_answer(word))
        sim = solver.simulate(result.word, games, seed) if games else None
        if json_:
            data = result.to_dict()
            if sim:
                data["simulation"] = sim.to_dict()
            print_json(data)
            return
        console = out()
        console.print(
            f"[bold]{result.word.upper()}[/bold] ({wl.name} list, {len(wl.answers)} words), random "
            f"consistent guesses: expected [bold]{result.expected:.4f}[/bold] guesses, worst "
            f"{result.worst}, P(more than 6) = {result.p_over_6:.6f}"
        )
        console.print(f"  exact over {result.sets:,} consistent sets in {result.seconds:.2f} s")
        if sim:
            _print_sim(console, sim, result.expected, result.p_over_6)
        return
    _expected_all(wl, top, games, seed, workers, db, csv_, json_)


def _print_sim(console: Console, sim: object, exact: float, p_exact: float) -> None:
    from wordlekit.analysis.randomplay import Simulation

    assert isinstance(sim, Simulation)
    verdict = "contains" if sim.mean_low <= exact <= sim.mean_high else "MISSES"
    console.print(
        f"  Monte Carlo, {sim.games:,} games (seed {sim.seed}): mean {sim.mean:.4f}, "
        f"99.9% interval [{sim.mean_low:.4f}, {sim.mean_high:.4f}] {verdict} the "
        f"exact value; P(>6) {sim.p_over_6:.5f} [{sim.p_low:.5f}, {sim.p_high:.5f}]; "
        f"worst seen {sim.worst_seen}"
    )
    del p_exact


def _expected_all(
    wl: WordList,
    top: int,
    games: int | None,
    seed: int,
    workers: int | None,
    db: str | None,
    csv_: bool,
    json_: bool,
) -> None:
    from wordlekit.analysis import randomplay
    from wordlekit.store.files import data_dir

    path = Path(db) if db else data_dir() / "analysis.sqlite3"
    store = randomplay.ResultStore(path)
    err = Console(stderr=True)
    try:
        if err.is_terminal:
            with Progress(
                TextColumn("[bold]random play"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[latest]}"),
                TimeRemainingColumn(),
                console=err,
                transient=True,
            ) as bar:
                task = bar.add_task("", total=len(wl.answers), latest="")

                def update(done: int, total: int, latest: randomplay.RandomPlay | None) -> None:
                    text = f"{latest.word} {latest.expected:.3f}" if latest else ""
                    bar.update(task, completed=done, total=total, latest=text)

                results = randomplay.run_all(wl, store, workers=workers, progress=update)
        else:
            results = randomplay.run_all(wl, store, workers=workers)
    finally:
        store.close()
    ordered = sorted(results.values(), key=lambda r: (r.expected, r.word))
    sims = {}
    if games:
        solver = randomplay.Solver(wl)
        sims = {r.word: solver.simulate(r.word, games, seed) for r in ordered}
    mean = statistics.fmean(r.expected for r in ordered)
    worst = max(ordered, key=lambda r: (r.worst, r.expected))
    p6 = statistics.fmean(r.p_over_6 for r in ordered)
    if csv_:
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(
            ["word", "expected", "worst", "p_over_6", "sets", "seconds"]
            + (["mc_mean", "mc_low", "mc_high"] if sims else [])
        )
        for r in ordered:
            row = [
                r.word,
                f"{r.expected:.10f}",
                r.worst,
                f"{r.p_over_6:.10f}",
                r.sets,
                f"{r.seconds:.3f}",
            ]
            if sims:
                s = sims[r.word]
                row += [f"{s.mean:.6f}", f"{s.mean_low:.6f}", f"{s.mean_high:.6f}"]
            w.writerow(row)
        click.echo(buf.getvalue(), nl=False)
        return
    hist = _histogram([r.expected for r in ordered])
    if json_:
        print_json(
            {
                "lists": wl.name,
                "words": len(ordered),
                "mean": round(mean, 10),
                "worst": worst.worst,
                "worst_word": worst.word,
                "p_over_6": round(p6, 10),
                "easiest": [r.to_dict() for r in ordered[:top]],
                "hardest": [r.to_dict() for r in ordered[::-1][:top]],
                "histogram": hist,
                "results": [r.to_dict() for r in ordered],
                **({"simulations": {w: s.to_dict() for w, s in sims.items()}} if sims else {}),
            }
        )
        return
    console = out()
    console.print(
        f"[bold]{len(ordered)}[/bold] hidden words ({wl.name} list): mean expected guesses "
        f"[bold]{mean:.4f}[/bold], worst case {worst.worst} ({worst.word.upper()}), "
        f"P(more than 6) averaged {p6:.5f}"
    )
    for title, rows in (("easiest", ordered[:top]), ("hardest", ordered[::-1][:top])):
        table = Table(title=f"{top} {title}", box=None)
        for col in ("word", "expected", "worst", "P(>6)"):
            table.add_column(col, justify="left" if col == "word" else "right")
        for r in rows:
            table.add_row(r.word.upper(), f"{r.expected:.4f}", str(r.worst), f"{r.p_over_6:.5f}")
        console.print(table)
    console.print("expected guesses:")
    peak = max(n for _, n in hist) if hist else 1
    for label, n in hist:
        console.print(f"  {label} {'█' * max(1 if n else 0, round(40 * n / peak))} {n}")
    if sims:
        inside = sum(
            1 for r in ordered if sims[r.word].mean_low <= r.expected <= sims[r.word].mean_high
        )
        console.print(f"Monte Carlo: {inside} of {len(ordered)} intervals contain the exact value")


def _histogram(values: list[float], width: float = 0.25) -> list[tuple[str, int]]:
    if not values:
        return []
    lo = int(min(values) / width) * width
    bins: dict[float, int] = {}
    for v in values:
        b = lo + int((v - lo) / width) * width
        bins[b] = bins.get(b, 0) + 1
    return [
        (f"{b:.2f}-{b + width:.2f}", bins.get(b, 0))
        for b in _frange(lo, max(bins) + width / 2, width)
    ]


def _frange(a: float, b: float, step: float) -> list[float]:
    out = []
    x = a
    while x < b:
        out.append(round(x, 6))
        x += step
    return out


@app.command(
    "review",
    epilog=examples(
        "wordle review crane:bbggb moist:bbybg giant:ggggg",
        "wordle review --answer cigar adieu story cigar",
        "wordle review salet:bybbb brond:bybbb chair:gbyyg cigar:ggggg --json",
    ),
)
@click.argument("turns", nargs=-1, required=True, metavar="TURN...")
@click.option("--answer", metavar="WORD", help="The answer (then turns may be bare guesses).")
@click.option("--hard", is_flag=True, help="The game was played in hard mode.")
@lists_option
@json_option
def review_cmd(
    turns: tuple[str, ...], answer: str | None, hard: bool, lists: str, json_: bool
) -> None:
    """How good was each guess, and how lucky? A turn-by-turn review of a played game.

    TURN is GUESS:PATTERN, or a bare GUESS when --answer is given.
    """
    from wordlekit.analysis.review import review
    from wordlekit.fast.matrix import PatternMatrix

    wl = load_lists(lists)
    parsed: list[Turn] = []
    for k, t in enumerate(turns, start=1):
        if ":" in t or "=" in t:
            parsed.append(Turn.parse(t))
        elif answer is not None:
            g = wl.normalize(t)
            parsed.append(Turn(g, score(g, wl.check_answer(answer))))
        else:
            raise WordleError(
                f"turn {k}: {t!r} has no pattern: write GUESS:PATTERN or give --answer"
            )
    result = review(PatternMatrix.for_list(wl), parsed, answer=answer, hard=hard)
    if json_:
        print_json(result.to_dict())
        return
    console = out()
    table = Table(box=None)
    for col in (
        "#",
        "guess",
        "tiles",
        "left",
        "bits",
        "best bits",
        "E(played)",
        "E(best)",
        "best",
        "rank",
        "skill",
        "luck",
        "",
    ):
        table.add_column(col, justify="left" if col in ("guess", "tiles", "best", "") else "right")
    for tr in result.turns:
        table.add_row(
            str(tr.number),
            tr.guess.upper(),
            format_pattern(tr.pattern, len(tr.guess)),
            f"{tr.remaining_before}→{tr.remaining_after}",
            f"{tr.bits:.2f}",
            f"{tr.best_bits:.2f}",
            f"{tr.expected_played:.3f}",
            f"{tr.expected_best:.3f}",
            tr.best_guess.upper(),
            f"{tr.rank}",
            str(tr.skill),
            str(tr.luck),
            "" if tr.method == "exact" else "estimate",
        )
    console.print(table)
    console.print(result.summary())
    console.print(
        "[dim]E(...) = expected guesses from that turn on (it included), exact by the optimal "
        "solver up to 400 words, else estimated (on the first turn: the gap to the proven "
        "best); skill = 100 − 100 × (E(played) − E(best)); "
        "luck = % of possible answers that would have left more words.[/dim]"
    )
