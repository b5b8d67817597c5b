"""The bot on one board: it plays an answer (:func:`solve`), and strategies play every answer
(:func:`benchmark`). Several boards are :mod:`wordlekit.services.boards`', Absurdle's host
:mod:`wordlekit.services.absurdle`'.

:func:`solve` honours the active work budget: an exact strategy that runs out of it goes on
with ``entropy`` from that turn (``exact`` false, ``fallback_from_turn`` and a ``note``); a
cancelled request raises. :func:`benchmark` is command-line work (no budget of its own: it
plays every answer), with progress.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from wordlekit import budget as work
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.core.words import WordList, read_word_file
from wordlekit.errors import BudgetExceeded, InvalidWordError, WordleError, quoted
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.advice import answer_matrix
from wordlekit.services.catalog import FALLBACK, budget_note
from wordlekit.solve.bench import BenchmarkResult
from wordlekit.solve.bench import benchmark as run_benchmark
from wordlekit.solve.bot import BotTurn, play
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import ALL_MODELS, RandomCandidate, Strategy, check_answer_model

__all__ = [
    "BenchmarkResult",
    "BotPlay",
    "BotTurn",
    "benchmark",
    "benchmark_games",
    "check_answer",
    "hidden_words",
    "solve",
]


@dataclass(frozen=True)
class BotPlay:
    """A game the bot played on ``answer``: its turns, whether it won, how many words were
    possible at the start, the answer model (``prior``: the answer's probability under a
    weighted one), and whether every guess is the strategy's own (``exact``: false when the
    budget ran out and ``entropy`` played from ``fallback_from_turn``, ``note`` says so)."""

    answer: str
    strategy: str
    mode: Mode
    pool: GuessPool
    answers: str
    turns: tuple[BotTurn, ...]
    guesses: int
    solved: bool
    start_candidates: int
    exact: bool = True
    fallback_from_turn: int | None = None
    note: str | None = None
    prior: float | None = None


class _WithFallback(Strategy):
    """Plays ``primary`` until the budget runs out, then the fallback for the rest."""

    name = "with-fallback"
    answer_models = ALL_MODELS  # the primary's are checked before it plays

    def __init__(self, primary: Strategy) -> None:
        self.primary = primary
        self.secondary = get_strategy(FALLBACK)
        self.fell_back_at: int | None = None

    def choose(self, state: GameState) -> int:
        if self.fell_back_at is None:
            try:
                return self.primary.choose(state)
            except BudgetExceeded as e:
                if e.reason == "cancelled":
                    raise
                self.fell_back_at = len(state.history) + 1
        with work.unlimited():
            return self.secondary.choose(state)


def check_answer(wordlist: WordList, answer: str) -> str:
    """The answer, checked; a valid guess that is never an answer says how to allow it."""
    try:
        return wordlist.check_answer(answer)
    except InvalidWordError as e:
        w = wordlist.normalize(answer)
        if wordlist.answer_model == "list" and wordlist.is_valid(w):
            raise InvalidWordError(
                f"{e} (--answers {wordlist.any_word_model} lets any valid word be the answer)"
            ) from None
        raise InvalidWordError(f"{e} (add it with --add {w})") from None


def solve(
    matrix: PatternMatrix,
    answer: str,
    *,
    strategy: str = "entropy",
    start: str | None = None,
    mode: Mode | str = Mode.NORMAL,
    pool: GuessPool | str = GuessPool.VALID,
    seed: int = 0,
    answers: str | None = None,
    on: dt.date | None = None,
) -> BotPlay:
    """The bot plays ``answer``: every guess and the words left after it (``pool``
    ``candidates``: it guesses only words that could still be the answer; ultrahard mode:
    the same, in hard mode, a ``start`` word included). ``answers`` is the answer model
    (``list``, ``likely`` or ``all``; ``None``: the matrix's own) as of the date ``on``, as
    the helper's."""
    matrix = answer_matrix(matrix, answers, on)
    wl = matrix.wordlist
    strat = get_strategy(strategy, seed=seed)
    check_answer_model(strat, wl)
    word = check_answer(wl, answer)
    m, p = Mode.parse(mode), GuessPool.parse(pool)
    guard = None if isinstance(strat, RandomCandidate) else _WithFallback(strat)
    game = play(matrix, word, guard or strat, start=start, mode=m, pool=p)
    turns = game.steps
    fell = guard.fell_back_at if guard is not None else None
    note = None
    if fell is not None:
        note = budget_note(
            strat.name,
            work.current(),
            f"wordle solve {word} --strategy {strat.name}"
            + ("" if wl.answer_model == "list" else f" --answers {wl.answer_model}"),
            what=f"from turn {fell} on, the guesses come",
        )
    prior = None if wl.weights is None else float(wl.weights[wl.answer_index(word)])
    return BotPlay(
        word, strat.name, m, p, wl.answer_model, turns, game.guesses, game.solved,
        game.start_candidates, fell is None, fell, note, prior,
    )  # fmt: skip


def hidden_words(
    wordlist: WordList, hidden: str | None, base: WordList | None = None
) -> list[str] | None:
    """The hidden words a benchmark plays: ``None`` (every answer of ``wordlist``) for
    ``all`` or nothing, the answers of the list as it is for ``answers`` (``base``), or the
    words of a file (one per line)."""
    if hidden is None or hidden.strip().lower() == "all":
        return None
    if hidden.strip().lower() == "answers":
        return list((base or wordlist).answers)
    path = Path(hidden)
    if not path.is_file():
        raise WordleError(
            f"no hidden words {quoted(hidden)}: use answers, all or a file of one word per line"
        )
    return [wordlist.check_answer(w) for w in read_word_file(path, wordlist.length)]


def benchmark_games(matrix: PatternMatrix, strategy: str, hidden: Sequence[str] | None) -> int:
    """How many games a benchmark of ``strategy`` plays (what its progress counts to): every
    position of its tree for a deterministic strategy, else one game per hidden word."""
    n = len(matrix.wordlist.answers)
    return n if hidden is None or get_strategy(strategy).deterministic else len(hidden)


def benchmark(
    matrix: PatternMatrix,
    strategy: str,
    *,
    start: str | None = None,
    mode: Mode | str = Mode.NORMAL,
    pool: GuessPool | str = GuessPool.VALID,
    seed: int = 0,
    hidden: Sequence[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> BenchmarkResult:
    """``strategy`` on every answer (or the ``hidden`` words): the distribution of guesses;
    ``progress`` is told each game played (up to :func:`benchmark_games`)."""
    wl = matrix.wordlist
    if start is not None:
        wl.check_guess(start)
    strat = get_strategy(strategy, seed=seed)
    check_answer_model(strat, wl)
    return run_benchmark(
        matrix, strat, start=start, mode=Mode.parse(mode), pool=GuessPool.parse(pool),
        seed=seed, progress=progress, hidden=hidden,
    )  # fmt: skip
