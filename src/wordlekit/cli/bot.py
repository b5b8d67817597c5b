"""Strategy commands: ``suggest``, ``solve`` and ``bench``."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli import boards as multi
from wordlekit.cli.answers import (
    add_option,
    answers_option,
    describe,
    explain_no_fit,
    load_words,
)
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    combine,
    json_option,
    lists_option,
    mode_options,
    pool_option,
    seed_option,
    start_option,
    strategy_option,
    top_option,
    turns_argument,
    variant_options,
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
from wordlekit.core.feedback import Turn, format_pattern
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.core.words import ANSWER_MODEL_TEXT, WordList, read_word_file
from wordlekit.errors import InvalidWordError, WordleError, quoted
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.advice import Advice, advise
from wordlekit.solve.bench import BenchmarkResult, benchmark
from wordlekit.solve.bot import BotGame, play
from wordlekit.solve.registry import get_strategy, strategy_info
from wordlekit.solve.registry import strategies as registered
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import check_answer_model


@dataclass(frozen=True)
class BotOptions:
    """The options every strategy command takes."""

    mode: Mode
    pool: str
    lists: str
    seed: int
    json: bool
    answers: str = "list"
    add: tuple[str, ...] = ()

    def wordlist(self) -> WordList:
        """The word list under the answer model (``--lists``, ``--answers``, ``--add``)."""
        return load_words(self.lists, self.answers, self.add)

    @property
    def rules(self) -> dict[str, Any]:
        """The rules as keyword arguments of the game state, the bot and the benchmark."""
        return {"mode": self.mode, "pool": GuessPool.parse(self.pool)}


def bot_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--mode`` (``--hard``, ``--ultrahard``), ``--candidates-only``, ``--lists``,
    ``--answers``, ``--add``, ``--seed`` and ``--json``, given to the command as one
    :class:`BotOptions` argument ``bot``."""

    @functools.wraps(f)
    def command(**params: Any) -> Any:
        names = ("mode", "pool", "lists", "seed", "answers", "add")
        bot = BotOptions(
            **{k: params.pop(k) for k in names},
            json=params.pop("json_"),
        )
        return f(**params, bot=bot)

    return combine(
        mode_options(),
        pool_option,
        lists_option,
        answers_option(),
        add_option,
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
    pm = PatternMatrix.for_list(wl)
    with explain_no_fit(wl, history):
        state = GameState.from_turns(pm, history, **bot.rules)
    advice = advise(state, strategy, top, seed=bot.seed)
    if bot.json:
        data: dict[str, Any] = {
            "strategy": advice.strategy,
            "answers": wl.answer_model,
            "mode": state.mode.value,
            "hard": state.mode.hard,
            "candidates_only": state.only_candidates,
            "ultrahard": state.mode is Mode.ULTRAHARD,
            "remaining": state.n,
            "candidates": state.candidate_words[:200],
        }
        if state.weighted:
            ranked = state.ranked()[:200]
            data["candidates"] = [w for w, _ in ranked]
            data["probabilities"] = [round(p, 8) for _, p in ranked]
        data["suggestions"] = [s.to_dict() for s in advice.suggestions]
        print_json(data)
        return
    _print_advice(out(), state, advice)


def _print_advice(console: Console, state: GameState, advice: Advice) -> None:
    summary = strategy_info(advice.used).summary
    what = "" if state.wordlist.answer_model == "list" else f" ({describe(state.wordlist)})"
    console.print(
        f"[bold]{state.n}[/bold] possible {plural(state.n, 'answer')}{what} — "
        f"{advice.used}: {summary}"
    )
    weighted = state.weighted
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
    if weighted:
        ranked = state.ranked()
        shown = " ".join(f"{w} {percent(p)}" for w, p in ranked[:MOST_LIKELY])
        more = f" … and {len(ranked) - MOST_LIKELY} more" if len(ranked) > MOST_LIKELY else ""
        console.print(f"Most likely: {shown}{more}")
    elif state.n <= 30:
        console.print("Remaining: " + " ".join(state.candidate_words))


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
@variant_options
@multi.board_strategy_option
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
    variant: str | None = None,
    boards: int | None = None,
    max_guesses: int | None = None,
    board_strategy: str | None = None,
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
    if multi.wanted(boards, variant):
        return multi.solve(
            answer,
            boards,
            variant,
            max_guesses,
            board_strategy,
            start,
            bot.lists,
            bot.json,
            bot.mode,
        )
    strat = get_strategy(strategy, seed=bot.seed)
    wl = bot.wordlist()
    check_answer_model(strat, wl)
    word = _check_answer(wl, answer)
    pm = PatternMatrix.for_list(wl)
    game = play(
        pm,
        word,
        strat,
        start=start,
        **bot.rules,
    )
    if bot.json:
        data = game.to_dict()
        data["answers"] = wl.answer_model
        data["turns"] = [
            {**s.to_dict(), "emoji": format_pattern(s.pattern, wl.length)} for s in game.steps
        ]
        if wl.weights is not None:
            data["prior"] = round(float(wl.weights[wl.answer_index(word)]), 10)
        print_json(data)
        return
    _print_game(out(), strat.name, word, game, wl)


def _absurdle(target: str | None, bot: BotOptions) -> None:
    """``--absurdle``: the proven-shortest line against the host (Absurdle's bot)."""
    from wordlekit.cli.absurdle import print_line_game
    from wordlekit.services import absurdle as absurdle_service

    pm = PatternMatrix.for_list(WordList.load(bot.lists))
    data = absurdle_service.solve(pm, mode=bot.mode, target=target)
    if bot.json:
        print_json(data)
        return
    print_line_game(out(), data)


def _check_answer(wl: WordList, answer: str) -> str:
    """The answer, checked; a valid guess that is never an answer says how to allow it."""
    try:
        return wl.check_answer(answer)
    except InvalidWordError as e:
        w = wl.normalize(answer)
        if wl.answer_model == "list" and wl.is_valid(w):
            raise InvalidWordError(
                f"{e} (--answers likely lets any valid word be the answer)"
            ) from None
        raise InvalidWordError(f"{e} (add it with --add {w})") from None


def _print_game(console: Console, strategy: str, answer: str, game: BotGame, wl: WordList) -> None:
    what = "" if wl.answer_model == "list" else f" ({describe(wl)})"
    console.print(
        f"{strategy} bot on {answer.upper()}: {game.start_candidates} possible answers{what}"
    )
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
        "wordle bench --answers likely --hidden answers   every answer, any valid word possible",
        "wordle bench --boards 4 --games 1000 --seed 7     Quordle: 1,000 seeded games",
    ),
)
@strategy_option("Strategy to run (repeat for several; default entropy)", multiple=True)
@click.option("--all", "all_", is_flag=True, help="Run every strategy.")
@click.option(
    "--hidden",
    default=None,
    metavar="WORDS",
    help="The hidden words to play: answers (the list's answers), all (every possible answer; "
    "the default) or a file of one word per line.",
)
@start_option()
@bot_options
@variant_options
@multi.board_strategy_option
@click.option("--games", type=int, default=1000, show_default=True, help="With --boards: games.")
def bench_cmd(
    strategy: tuple[str, ...],
    all_: bool,
    hidden: str | None,
    start: str | None,
    bot: BotOptions,
    variant: str | None = None,
    boards: int | None = None,
    max_guesses: int | None = None,
    board_strategy: str | None = None,
    games: int = 1000,
) -> None:
    """Play strategies on every answer: the distribution of guesses, mean, max and failures.

    With --answers likely or all every valid word may be the answer: the bot weighs them
    (likely) or not (all), and --hidden chooses which words it plays. With --boards N (or
    --variant) it plays GAMES random games of N boards drawn from --seed: mean, win rate
    within the limit and the distribution.
    """
    if multi.wanted(boards, variant):
        names = [board_strategy] if board_strategy else []
        return multi.bench(
            boards, variant, max_guesses, names, games, bot.seed, bot.lists, bot.json, bot.mode
        )
    wl = bot.wordlist()
    if all_:
        names = [i.name for i in registered() if wl.answer_model in i.answer_models]
    else:
        names = list(strategy) or ["entropy"]
    if start is not None:
        wl.check_guess(start)
    words = _hidden_words(bot, wl, hidden)
    strategies = [get_strategy(name, seed=bot.seed) for name in names]
    for strat in strategies:
        check_answer_model(strat, wl)
    pm = PatternMatrix.for_list(wl)
    results = []
    for strat in strategies:
        total = len(wl.answers) if words is None or strat.deterministic else len(words)
        with progress(strat.name, total) as bar:
            results.append(
                benchmark(
                    pm,
                    strat,
                    start=start,
                    **bot.rules,
                    seed=bot.seed,
                    progress=None if bar is None else bar.advance,
                    hidden=words,
                )
            )
    if bot.json:
        print_json({"results": [r.to_dict() for r in results]})
        return
    _print_bench(out(), results)


def _hidden_words(bot: BotOptions, wl: WordList, hidden: str | None) -> list[str] | None:
    """The hidden words ``--hidden`` names (``None``: every answer of ``wl``)."""
    if hidden is None or hidden.strip().lower() == "all":
        return None
    if hidden.strip().lower() == "answers":
        return list(WordList.load(bot.lists).with_answers("list", bot.add).answers)
    path = Path(hidden)
    if not path.is_file():
        raise WordleError(
            f"no hidden words {quoted(hidden)}: use answers, all or a file of one word per line"
        )
    return [wl.check_answer(w) for w in read_word_file(path, wl.length)]


def _print_bench(console: Console, results: Sequence[BenchmarkResult]) -> None:
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
