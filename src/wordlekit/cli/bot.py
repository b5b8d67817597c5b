"""Strategy commands: ``suggest``, ``solve`` and ``bench``, through the services: the helper
(:func:`wordlekit.services.advice.assist`), the bot and its benchmark
(:mod:`wordlekit.services.bot`), run on an :class:`~wordlekit.services.engine.Engine`."""

from __future__ import annotations

from collections.abc import Sequence

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli import boards as multi
from wordlekit.cli.answers import (
    BotOptions,
    bot_options,
    describe,
    explain_no_fit,
)
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    start_option,
    strategy_option,
    strategy_summary,
    top_option,
    turns_argument,
)
from wordlekit.cli.progress import progress
from wordlekit.cli.render import (
    bars,
    guess_row,
    number,
    out,
    percent,
    plural,
    print_json,
    print_lines,
    table,
)
from wordlekit.core.feedback import Turn
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.core.words import ANSWER_MODEL_TEXT, WordList
from wordlekit.errors import WordleError
from wordlekit.services import bot as service
from wordlekit.services.advice import Assist, assist
from wordlekit.services.catalog import default_strategy, strategies
from wordlekit.services.engine import Engine


@app.command(
    "suggest",
    epilog=examples(
        "wordle suggest                        the best first guesses",
        "wordle suggest crane:bbygb --top 5",
        "wordle suggest salet:bbybb --strategy minimax --hard --json",
        "wordle suggest crane:bbybb --ultrahard",
        "wordle suggest crane:bbybb --answers likely     any valid word may be the answer",
    ),
)
@turns_argument()
@strategy_option()
@top_option(10, "How many suggestions.", short=True)
@bot_options
def suggest_cmd(turns: tuple[str, ...], strategy: str, top: int, bot: BotOptions) -> None:
    """The best next guesses after your turns, with their figures and the words that remain.

    Guesses that can neither win nor split the words left are not listed (they teach nothing).
    With --answers likely every valid word may be the answer, weighted by how likely it is:
    the figures are weighted and "can win" gives each guess's chance of being the answer.
    """
    wl = bot.wordlist()
    history = [Turn.parse(t) for t in turns]
    with explain_no_fit(wl, history):
        result = Engine(wl).call(
            assist, history, strategy=strategy, top=top, mode=bot.mode, pool=bot.pool,
            seed=bot.seed, for_person=False,
        )  # fmt: skip
    if bot.json:
        print_json(result)
        return
    _print_advice(out(), wl, result)


def _print_advice(console: Console, wl: WordList, result: Assist) -> None:
    advice = result.advice
    n = result.remaining
    what = "" if wl.answer_model == "list" else f" ({describe(wl)})"
    console.print(
        f"[bold]{n}[/bold] possible {plural(n, 'answer')}{what} — "
        f"{advice.used}: {strategy_summary(advice.used)}"
    )
    weighted = result.probabilities is not None
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
            _can_win(s.can_win, s.probability if weighted else None),
        )
        for i, s in enumerate(advice.suggestions, start=1)
    )
    console.print(table(columns, rows, left={"guess", "can win"}, pad_edge=False))
    if advice.note:
        console.print(advice.note)
    if result.probabilities is not None:
        likeliest = zip(result.candidates, result.probabilities, strict=True)
        shown = " ".join(f"{w} {percent(p)}" for w, p in list(likeliest)[:MOST_LIKELY])
        more = f" … and {n - MOST_LIKELY} more" if n > MOST_LIKELY else ""
        console.print(f"Most likely: {shown}{more}")
    elif n <= 30:
        console.print("Remaining: " + " ".join(result.candidates))


#: How many of the most likely words ``suggest`` prints with weighted answers.
MOST_LIKELY = 12


def _can_win(can_win: bool, probability: float | None) -> str:
    if not can_win:
        return ""
    return "yes" if probability is None else f"yes {percent(probability)}"


@app.command(
    "solve",
    epilog=examples(
        "wordle solve cigar",
        "wordle solve cigar --strategy minimax --start salet",
        "wordle solve cigar --hard --json",
        "wordle solve cigar --ultrahard --start crane",
        "wordle solve aioli --answers likely        any valid word may be the answer",
        "wordle solve --boards 4 cigar,humor,snake,fruit   Quordle: every board at once",
        "wordle solve --absurdle                  Absurdle: a shortest win against the host",
    ),
)
@click.argument("answer", required=False)
@strategy_option()
@start_option()
@bot_options
@multi.several_options
@click.option(
    "--absurdle",
    is_flag=True,
    help="Absurdle: play a shortest win against the host (proved by `wordle absurdle solve`); "
    "with ANSWER, a shortest win that makes the host end on it.",
)
def solve_cmd(
    answer: str | None,
    strategy: str,
    start: str | None,
    bot: BotOptions,
    several: multi.Several,
    absurdle: bool = False,
) -> None:
    """Watch the bot play ANSWER: each guess, its tiles and how many words remain.

    With --answers likely or all, ANSWER may be any valid word (or one added with --add).
    With --boards N (or --variant), ANSWER is N answers separated by commas.
    """
    if absurdle:
        return _absurdle(answer, bot)
    if answer is None:
        raise WordleError("give the ANSWER the bot plays against (or --absurdle)")
    if several.wanted:
        return multi.solve(answer, several, start, bot)
    wl = bot.wordlist()
    played = Engine(wl).call(
        service.solve, answer, strategy=strategy, start=start, mode=bot.mode, pool=bot.pool,
        seed=bot.seed,
    )  # fmt: skip
    if bot.json:
        print_json(played)
        return
    _print_game(out(), played, wl)


def _absurdle(target: str | None, bot: BotOptions) -> None:
    """``--absurdle``: the proven-shortest line against the host (Absurdle's bot)."""
    from wordlekit.cli.absurdle import print_line_game

    # The search knows hard mode, not ultrahard: its line might break ultrahard's rule.
    if bot.mode is Mode.ULTRAHARD:
        raise WordleError("Absurdle's bot plays normal or hard mode, not ultrahard")
    # imported here: the Absurdle service loads numba, which other commands never pay for
    from wordlekit.services import absurdle

    found = Engine(WordList.load(bot.lists)).call(absurdle.solve, mode=bot.mode, target=target)
    if bot.json:
        print_json(found)
        return
    print_line_game(out(), found)


def _print_game(console: Console, played: service.BotPlay, wl: WordList) -> None:
    what = "" if wl.answer_model == "list" else f" ({describe(wl)})"
    console.print(
        f"{played.strategy} bot on {played.answer.upper()}: {played.start_candidates} "
        f"possible answers{what}"
    )
    for n, s in enumerate(played.turns, start=1):
        left = "solved" if s.guess == played.answer else f"{s.remaining} left"
        console.print(Text(f"{n}. ") + guess_row(console, s.guess, s.pattern) + Text(f"  {left}"))
    verdict = "Solved" if played.solved else "Not solved"
    console.print(f"{verdict} in {played.guesses} {plural(played.guesses, 'guess', 'guesses')}.")


@app.command(
    "bench",
    epilog=examples(
        "wordle bench --strategy entropy --start salet",
        "wordle bench -s entropy -s minimax -s letter-frequency --json",
        "wordle bench --all --hard",
        "wordle bench --strategy minimax --ultrahard",
        "wordle bench --answers likely --hidden answers   every answer, any valid word possible",
        "wordle bench --boards 4 --games 1000 --seed 7     Quordle: 1,000 seeded games",
    ),
)
@strategy_option("Strategy to run (repeat for several; default entropy)", multiple=True)
@click.option(
    "--all",
    "all_",
    is_flag=True,
    help="Run every strategy (with --answers likely or all, every one but the exact optimal "
    "ones, which cannot finish from the start of the full lists).",
)
@click.option(
    "--hidden",
    default=None,
    metavar="WORDS",
    help="The hidden words to play: answers (the list's answers), all (every possible answer; "
    "the default) or a file of one word per line.",
)
@start_option()
@bot_options
@multi.several_options
@click.option("--games", type=int, default=1000, show_default=True, help="With --boards: games.")
def bench_cmd(
    strategy: tuple[str, ...],
    all_: bool,
    hidden: str | None,
    start: str | None,
    bot: BotOptions,
    several: multi.Several,
    games: int = 1000,
) -> None:
    """Play strategies on every answer: the distribution of guesses, mean, max and failures.

    With --answers likely or all every valid word may be the answer: the bot weighs them
    (likely) or not (all), and --hidden chooses which words it plays. With --boards N (or
    --variant) it plays GAMES random games of N boards drawn from --seed: mean, win rate
    within the limit and the distribution.
    """
    if several.wanted:
        return multi.bench(several, games, bot)
    wl = bot.wordlist(default_date="none")
    if all_:
        # Every strategy that plays the answer model; with every valid word possible, not the
        # exact search (from the start it cannot finish: name it with -s on a small list).
        names = [
            i.name
            for i in strategies()
            if wl.answer_model in i.answer_models and (wl.answer_model == "list" or not i.expensive)
        ]
    else:
        names = list(strategy) or [default_strategy()]
    base = WordList.load(bot.lists).with_answers("list", bot.add)  # --hidden answers
    words = service.hidden_words(wl, hidden, base)
    engine = Engine(wl)
    results = []
    for name in names:
        with progress(name, engine.call(service.benchmark_games, name, words)) as bar:
            result = engine.call(
                service.benchmark, name, start=start, mode=bot.mode, pool=bot.pool,
                seed=bot.seed, hidden=words, progress=bar.advance,
            )  # fmt: skip
        results.append(result)
    if bot.json:
        print_json({"results": results})
        return
    _print_bench(out(), results)


def _print_bench(console: Console, results: Sequence[service.BenchmarkResult]) -> None:
    first = results[0]
    if first.mode is Mode.ULTRAHARD:
        mode = ", ultrahard mode (guesses that could be the answer)"
    else:
        mode = f", {first.mode.value} mode" if first.mode.hard else ""
        mode += ", candidates only" if first.pool is GuessPool.CANDIDATES else ""
    start = f", start {first.start.upper()}" if first.start else ", own first guess"
    lists = first.lists
    if first.answers != "list":  # "original-likely": the original lists, likely answers
        lists = lists.rpartition(f"-{first.answers}")[0] or lists
    console.print(f"[bold]{first.games}[/bold] games on the {lists} lists{start}{mode}")
    if first.answers != "list":
        console.print(f"answers: {ANSWER_MODEL_TEXT[first.answers]}")
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
