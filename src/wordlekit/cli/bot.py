"""Strategy commands: ``suggest``, ``solve`` and ``bench``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from wordlekit.cli.app import (
    F,
    app,
    examples,
    json_option,
    lists_option,
    load_lists,
    out,
    print_json,
    tiles_text,
)
from wordlekit.core.feedback import Turn, format_pattern
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.bench import BenchmarkResult, benchmark
from wordlekit.solve.bot import play
from wordlekit.solve.registry import REGISTRY, get_strategy
from wordlekit.solve.state import GameState


def strategy_option(f: F) -> F:
    return click.option(
        "--strategy",
        "-s",
        default="entropy",
        show_default=True,
        metavar="NAME",
        help="Strategy: " + ", ".join(REGISTRY) + ".",
    )(f)


def common_options(f: F) -> F:
    for decorator in reversed(
        [
            click.option("--hard", is_flag=True, help="Hard mode: every guess uses the hints."),
            click.option(
                "--candidates-only",
                is_flag=True,
                help="Guess only words that could still be the answer.",
            ),
            lists_option,
            click.option("--seed", default=0, show_default=True, help="Seed of random play."),
            json_option,
        ]
    ):
        f = decorator(f)
    return f


def _check_strategy(name: str) -> str:
    get_strategy(name)  # raises UnknownStrategyError, a WordleError
    return name


@app.command(
    "suggest",
    epilog=examples(
        "wordle suggest                        the best first guesses",
        "wordle suggest crane:bbygb --top 5",
        "wordle suggest salet:bbybb --strategy minimax --hard --json",
    ),
)
@click.argument("turns", nargs=-1, metavar="[TURN]...")
@strategy_option
@click.option(
    "--top",
    "-n",
    default=10,
    show_default=True,
    type=click.IntRange(min=1),
    help="How many suggestions.",
)
@common_options
def suggest_cmd(
    turns: tuple[str, ...],
    strategy: str,
    top: int,
    hard: bool,
    candidates_only: bool,
    lists: str,
    seed: int,
    json_: bool,
) -> None:
    """The best next guesses after your turns, with their figures and the words that remain."""
    strat = get_strategy(strategy, seed=seed)
    wl = load_lists(lists)
    history = [Turn.parse(t) for t in turns]
    pm = PatternMatrix.for_list(wl)
    state = GameState.from_turns(pm, history, hard=hard, candidates_only=candidates_only)
    suggestions = strat.rank(state, top)
    words = state.candidate_words
    if json_:
        print_json(
            {
                "strategy": strat.name,
                "hard": hard,
                "candidates_only": candidates_only,
                "remaining": state.n,
                "candidates": words[:200],
                "suggestions": [s.to_dict() for s in suggestions],
            }
        )
        return
    console = out()
    noun = "answer" if state.n == 1 else "answers"
    console.print(f"[bold]{state.n}[/bold] possible {noun} — {strat.name}: {strat.summary}")
    table = Table(box=None, pad_edge=False)
    for col in ("#", "guess", "score", "bits", "parts", "largest", "expected", "can win"):
        table.add_column(col, justify="left" if col in ("guess", "can win") else "right")
    for i, s in enumerate(suggestions, start=1):
        table.add_row(
            str(i),
            s.word.upper(),
            _fmt(s.score),
            f"{s.bits:.3f}",
            str(s.parts),
            str(s.largest),
            f"{s.expected:.2f}",
            "yes" if s.can_win else "",
        )
    console.print(table)
    if state.n <= 30:
        console.print("Remaining: " + " ".join(words))


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.4f}"


@app.command(
    "solve",
    epilog=examples(
        "wordle solve cigar",
        "wordle solve cigar --strategy minimax --start salet",
        "wordle solve cigar --hard --json",
    ),
)
@click.argument("answer")
@strategy_option
@click.option("--start", metavar="WORD", help="Force the first guess.")
@common_options
def solve_cmd(
    answer: str,
    strategy: str,
    start: str | None,
    hard: bool,
    candidates_only: bool,
    lists: str,
    seed: int,
    json_: bool,
) -> None:
    """Watch the bot play ANSWER: each guess, its tiles and how many words remain."""
    strat = get_strategy(strategy, seed=seed)
    wl = load_lists(lists)
    word = wl.check_answer(answer)
    pm = PatternMatrix.for_list(wl)
    game = play(pm, word, strat, start=start, hard=hard, candidates_only=candidates_only)
    if json_:
        data = game.to_dict()
        data["turns"] = [
            {**s.to_dict(), "emoji": format_pattern(s.pattern, wl.length)} for s in game.steps
        ]
        print_json(data)
        return
    console = out()
    console.print(f"{strat.name} bot on {word.upper()}: {game.start_candidates} possible answers")
    for n, s in enumerate(game.steps, start=1):
        line = Text(f"{n}. ")
        if console.is_terminal:
            line.append_text(tiles_text(s.guess, s.pattern))
        else:
            line.append(f"{s.guess.upper()} {format_pattern(s.pattern, wl.length)} ")
        left = "solved" if s.guess == word else f"{s.remaining} left"
        line.append(f" {left}")
        console.print(line)
    verdict = "Solved" if game.solved else "Not solved"
    console.print(f"{verdict} in {game.guesses} guess{'es' if game.guesses != 1 else ''}.")


@app.command(
    "bench",
    epilog=examples(
        "wordle bench --strategy entropy --start salet",
        "wordle bench -s entropy -s minimax -s letter-frequency --json",
        "wordle bench --all --hard",
    ),
)
@click.option(
    "--strategy",
    "-s",
    "strategy",
    multiple=True,
    metavar="NAME",
    help="Strategy to run (repeat for several; default entropy).",
)
@click.option("--all", "all_", is_flag=True, help="Run every strategy.")
@click.option("--start", metavar="WORD", help="Force the first guess.")
@common_options
def bench_cmd(
    strategy: tuple[str, ...],
    all_: bool,
    start: str | None,
    hard: bool,
    candidates_only: bool,
    lists: str,
    seed: int,
    json_: bool,
) -> None:
    """Play strategies on every answer: the distribution of guesses, mean, max and failures."""
    names = list(REGISTRY) if all_ else (list(strategy) or ["entropy"])
    for name in names:
        _check_strategy(name)
    wl = load_lists(lists)
    if start is not None:
        wl.check_guess(start)
    pm = PatternMatrix.for_list(wl)
    results = []
    for name in names:
        with _progress(f"{name}", len(wl.answers)) as advance:
            results.append(
                benchmark(
                    pm,
                    get_strategy(name, seed=seed),
                    start=start,
                    hard=hard,
                    candidates_only=candidates_only,
                    seed=seed,
                    progress=advance,
                )
            )
    if json_:
        print_json({"results": [r.to_dict() for r in results]})
        return
    _print_bench(out(), results)


@contextmanager
def _progress(label: str, total: int) -> Iterator[Callable[[int], None] | None]:
    err = Console(stderr=True)
    if not err.is_terminal:
        yield None
        return
    with Progress(
        TextColumn("[bold]{task.description:<18}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


def _print_bench(console: Console, results: list[BenchmarkResult]) -> None:
    first = results[0]
    mode = ", hard mode" if first.hard else ""
    mode += ", candidates only" if first.candidates_only else ""
    start = f", start {first.start.upper()}" if first.start else ", own first guess"
    console.print(f"[bold]{first.games}[/bold] games on the {first.lists} lists{start}{mode}")
    depths = sorted({d for r in results for d in r.histogram})
    table = Table(box=None, pad_edge=False)
    for col in ("strategy", "mean", "total", "max", "fail", "secs", *map(str, depths)):
        table.add_column(col, justify="left" if col == "strategy" else "right")
    for r in results:
        table.add_row(
            r.strategy,
            f"{r.mean:.4f}",
            str(r.total),
            str(r.max),
            str(r.failures),
            f"{r.seconds:.2f}",
            *(str(r.histogram.get(d, 0)) for d in depths),
        )
    console.print(table)
    console.print("fail = games needing more than 6 guesses; columns 1.. = games won in that many")
    for r in results:
        console.print(f"\n[bold]{r.strategy}[/bold] guesses needed:")
        peak = max(r.histogram.values())
        for d in range(min(r.histogram), max(r.histogram) + 1):
            n = r.histogram.get(d, 0)
            bar = "█" * max(1 if n else 0, round(40 * n / peak))
            console.print(f"  {d:>2} {bar} {n}")
        if r.unsolved:
            console.print(f"  not solved within 32 turns: {r.unsolved}")
