"""Strategy commands: ``suggest``, ``solve`` and ``bench``."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    combine,
    hard_option,
    json_option,
    lists_option,
    seed_option,
    start_option,
    strategy_option,
    top_option,
    turns_argument,
    ultrahard_option,
)
from wordlekit.cli.progress import progress
from wordlekit.cli.render import (
    bars,
    guess_row,
    number,
    out,
    plural,
    print_json,
    print_lines,
    table,
)
from wordlekit.core.feedback import Turn, format_pattern
from wordlekit.core.words import WordList
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.operations import Advice, advise
from wordlekit.solve.bench import BenchmarkResult, benchmark
from wordlekit.solve.bot import BotGame, play
from wordlekit.solve.registry import REGISTRY, get_strategy
from wordlekit.solve.state import GameState


@dataclass(frozen=True)
class BotOptions:
    """The options every strategy command takes."""

    hard: bool
    candidates_only: bool
    ultrahard: bool
    lists: str
    seed: int
    json: bool

    @property
    def rules(self) -> dict[str, bool]:
        """The rules as keyword arguments of the game state, the bot and the benchmark."""
        return {
            "hard": self.hard,
            "candidates_only": self.candidates_only,
            "ultrahard": self.ultrahard,
        }


def bot_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--hard``, ``--ultrahard``, ``--candidates-only``, ``--lists``, ``--seed`` and
    ``--json``, given to the command as one :class:`BotOptions` argument ``bot``."""

    @functools.wraps(f)
    def command(**params: Any) -> Any:
        names = ("hard", "candidates_only", "ultrahard", "lists", "seed")
        bot = BotOptions(
            **{k: params.pop(k) for k in names},
            json=params.pop("json_"),
        )
        return f(**params, bot=bot)

    return combine(
        hard_option(),
        ultrahard_option(),
        click.option(
            "--candidates-only",
            is_flag=True,
            help="Guess only words that could still be the answer.",
        ),
        lists_option,
        seed_option(),
        json_option,
    )(command)


@app.command(
    "suggest",
    epilog=examples(
        "wordle suggest                        the best first guesses",
        "wordle suggest crane:bbygb --top 5",
        "wordle suggest salet:bbybb --strategy minimax --hard --json",
        "wordle suggest crane:bbybb --ultrahard",
    ),
)
@turns_argument()
@strategy_option()
@top_option(10, "How many suggestions.", short=True)
@bot_options
def suggest_cmd(turns: tuple[str, ...], strategy: str, top: int, bot: BotOptions) -> None:
    """The best next guesses after your turns, with their figures and the words that remain.

    Guesses that can neither win nor split the words left are not listed (they teach nothing).
    """
    pm = PatternMatrix.for_list(WordList.load(bot.lists))
    history = [Turn.parse(t) for t in turns]
    state = GameState.from_turns(pm, history, **bot.rules)
    advice = advise(state, strategy, top, seed=bot.seed)
    if bot.json:
        print_json(
            {
                "strategy": advice.strategy,
                "hard": state.hard,
                "candidates_only": state.candidates_only,
                "ultrahard": state.ultrahard,
                "remaining": state.n,
                "candidates": state.candidate_words[:200],
                "suggestions": [s.to_dict() for s in advice.suggestions],
            }
        )
        return
    _print_advice(out(), state, advice)


def _print_advice(console: Console, state: GameState, advice: Advice) -> None:
    summary = REGISTRY[advice.used].summary
    console.print(
        f"[bold]{state.n}[/bold] possible {plural(state.n, 'answer')} — {advice.used}: {summary}"
    )
    columns = ("#", "guess", "score", "bits", "parts", "largest", "expected", "can win")
    rows = (
        (
            str(i),
            s.word.upper(),
            number(s.score),
            f"{s.bits:.3f}",
            str(s.parts),
            str(s.largest),
            f"{s.expected:.2f}",
            "yes" if s.can_win else "",
        )
        for i, s in enumerate(advice.suggestions, start=1)
    )
    console.print(table(columns, rows, left={"guess", "can win"}, pad_edge=False))
    if advice.note:
        console.print(advice.note)
    if state.n <= 30:
        console.print("Remaining: " + " ".join(state.candidate_words))


@app.command(
    "solve",
    epilog=examples(
        "wordle solve cigar",
        "wordle solve cigar --strategy minimax --start salet",
        "wordle solve cigar --hard --json",
        "wordle solve cigar --ultrahard --start crane",
    ),
)
@click.argument("answer")
@strategy_option()
@start_option()
@bot_options
def solve_cmd(answer: str, strategy: str, start: str | None, bot: BotOptions) -> None:
    """Watch the bot play ANSWER: each guess, its tiles and how many words remain."""
    strat = get_strategy(strategy, seed=bot.seed)
    wl = WordList.load(bot.lists)
    word = wl.check_answer(answer)
    pm = PatternMatrix.for_list(wl)
    game = play(
        pm,
        word,
        strat,
        start=start,
        hard=bot.hard,
        candidates_only=bot.candidates_only,
        ultrahard=bot.ultrahard,
    )
    if bot.json:
        data = game.to_dict()
        data["turns"] = [
            {**s.to_dict(), "emoji": format_pattern(s.pattern, wl.length)} for s in game.steps
        ]
        print_json(data)
        return
    _print_game(out(), strat.name, word, game)


def _print_game(console: Console, strategy: str, answer: str, game: BotGame) -> None:
    console.print(f"{strategy} bot on {answer.upper()}: {game.start_candidates} possible answers")
    for n, s in enumerate(game.steps, start=1):
        left = "solved" if s.guess == answer else f"{s.remaining} left"
        console.print(Text(f"{n}. ") + guess_row(console, s.guess, s.pattern) + Text(f"  {left}"))
    verdict = "Solved" if game.solved else "Not solved"
    console.print(f"{verdict} in {game.guesses} {plural(game.guesses, 'guess', 'guesses')}.")


@app.command(
    "bench",
    epilog=examples(
        "wordle bench --strategy entropy --start salet",
        "wordle bench -s entropy -s minimax -s letter-frequency --json",
        "wordle bench --all --hard",
        "wordle bench --strategy minimax --ultrahard",
    ),
)
@strategy_option("Strategy to run (repeat for several; default entropy)", multiple=True)
@click.option("--all", "all_", is_flag=True, help="Run every strategy.")
@start_option()
@bot_options
def bench_cmd(strategy: tuple[str, ...], all_: bool, start: str | None, bot: BotOptions) -> None:
    """Play strategies on every answer: the distribution of guesses, mean, max and failures."""
    names = list(REGISTRY) if all_ else (list(strategy) or ["entropy"])
    wl = WordList.load(bot.lists)
    if start is not None:
        wl.check_guess(start)
    pm = PatternMatrix.for_list(wl)
    results = []
    for name in names:
        with progress(name, len(wl.answers)) as bar:
            strat = get_strategy(name, seed=bot.seed)
            results.append(
                benchmark(
                    pm,
                    strat,
                    start=start,
                    **bot.rules,
                    seed=bot.seed,
                    progress=None if bar is None else bar.advance,
                )
            )
    if bot.json:
        print_json({"results": [r.to_dict() for r in results]})
        return
    _print_bench(out(), results)


def _print_bench(console: Console, results: Sequence[BenchmarkResult]) -> None:
    first = results[0]
    if first.ultrahard:
        mode = ", ultrahard mode (guesses that could be the answer)"
    else:
        mode = ", hard mode" if first.hard else ""
        mode += ", candidates only" if first.candidates_only else ""
    start = f", start {first.start.upper()}" if first.start else ", own first guess"
    console.print(f"[bold]{first.games}[/bold] games on the {first.lists} lists{start}{mode}")
    depths = sorted({d for r in results for d in r.histogram})
    columns = ("strategy", "mean", "total", "max", "fail", "secs", *map(str, depths))
    rows = (
        (
            r.strategy,
            f"{r.mean:.4f}",
            str(r.total),
            str(r.max),
            str(r.failures),
            f"{r.seconds:.2f}",
            *(str(r.histogram.get(d, 0)) for d in depths),
        )
        for r in results
    )
    console.print(table(columns, rows, left={"strategy"}, pad_edge=False))
    console.print("fail = games needing more than 6 guesses; columns 1.. = games won in that many")
    for r in results:
        console.print(f"\n[bold]{r.strategy}[/bold] guesses needed:")
        depth_range = range(min(r.histogram), max(r.histogram) + 1)
        print_lines(console, bars((f"{d:>2}", r.histogram.get(d, 0)) for d in depth_range))
        if r.unsolved:
            console.print(f"  not solved within 32 turns: {r.unsolved}")
