"""The multi-board bot at play: a strategy plays given answers to the end
(:func:`autoplay`), and benchmarks over seeded random games (:func:`benchmark_boards`: the same
seed, the same games and results). The strategies are :mod:`wordlekit.solve.boards`'.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wordlekit.core.game import Game, Variant
from wordlekit.core.wordle import random_games
from wordlekit.errors import InvalidWordError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import load_numba
from wordlekit.solve.boards import PLAY_ON, BoardsState, BoardsStrategy, get_board_strategy
from wordlekit.solve.counts import GuessCounts


@dataclass(frozen=True)
class BoardsPlay:
    """A game the bot played: its guesses and the guess that solved each board."""

    answers: tuple[str, ...]
    strategy: str
    max_guesses: int
    guesses: tuple[str, ...]
    solved_at: tuple[int, ...]

    @property
    def turns(self) -> int:
        return len(self.guesses)

    @property
    def won(self) -> bool:
        return self.turns <= self.max_guesses

    def to_dict(self) -> dict[str, object]:
        return {
            "answers": list(self.answers),
            "strategy": self.strategy,
            "guesses": list(self.guesses),
            "solved_at": list(self.solved_at),
            "turns": self.turns,
            "max_guesses": self.max_guesses,
            "won": self.won,
        }


def autoplay(
    matrix: PatternMatrix,
    answers: Sequence[str],
    strategy: BoardsStrategy,
    *,
    max_guesses: int | None = None,
    start: str | None = None,
) -> BoardsPlay:
    """The bot plays ``answers`` (one board each) until every board is solved; past the
    limit it plays on, so that a benchmark's mean counts every game (``won`` says whether it
    finished within the limit)."""
    wl = matrix.wordlist
    words = tuple(wl.check_answer(a) for a in answers)
    if len(set(words)) != len(words):
        raise InvalidWordError("the boards' answers must be distinct words")
    limit = max_guesses if max_guesses is not None else len(words) + 5
    idx = [wl.answer_index(a) for a in words]
    state = BoardsState.start(matrix, len(words), limit)
    first = None if start is None else wl.guess_index(wl.check_guess(start))
    solved_at = [0] * len(words)
    hard_stop = limit + len(words) + PLAY_ON
    while not state.over and len(state.guesses) < hard_stop:
        g = first if (first is not None and not state.guesses) else strategy.choose(state)
        row = matrix.data[g]
        pats: list[int | None] = [
            None if state.boards[b] is None else int(row[a]) for b, a in enumerate(idx)
        ]
        state = state.after(g, pats)
        for b in range(len(words)):
            if not solved_at[b] and state.boards[b] is None:
                solved_at[b] = len(state.guesses)
    return BoardsPlay(words, strategy.name, limit, state.guesses, tuple(solved_at))


@dataclass(frozen=True)
class BoardsBenchmark:
    """A strategy's results over seeded random games: the distribution of the guesses every
    game took (played on past the limit), the win rate within the limit."""

    strategy: str
    variant: Variant
    seed: int
    counts: GuessCounts
    seconds: float
    plays: tuple[BoardsPlay, ...] = field(repr=False, default=())

    @property
    def games(self) -> int:
        return self.counts.games

    @property
    def mean(self) -> float:
        return self.counts.mean

    @property
    def wins(self) -> int:
        return self.counts.games - self.counts.failures

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    def to_dict(self) -> dict[str, object]:
        return {
            "strategy": self.strategy,
            "variant": self.variant.to_dict(),
            "seed": self.seed,
            "games": self.games,
            "mean": round(self.mean, 4),
            "wins": self.wins,
            "win_rate": round(self.win_rate, 6),
            "histogram": {str(k): v for k, v in self.counts.histogram.items()},
            "seconds": round(self.seconds, 3),
        }


def benchmark_boards(
    matrix: PatternMatrix,
    strategy: BoardsStrategy | str,
    variant: Variant,
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
    answer_sets: Sequence[Sequence[str]] | None = None,
) -> BoardsBenchmark:
    """Play ``games`` random games of ``variant`` drawn from ``seed`` (or the ``answer_sets``
    given); the same seed gives the same games and the same results."""
    strat = get_board_strategy(strategy, matrix) if isinstance(strategy, str) else strategy
    sets = (
        list(answer_sets)
        if answer_sets is not None
        else random_games(variant.boards, games, seed, matrix.wordlist)
    )
    load_numba()
    matrix.transposed  # noqa: B018  (built once, before the clock starts)
    matrix.root_figures  # noqa: B018
    t0 = time.perf_counter()
    plays = []
    for k, answers in enumerate(sets):
        plays.append(autoplay(matrix, answers, strat, max_guesses=variant.max_guesses))
        if progress is not None:
            progress(k + 1)
    seconds = time.perf_counter() - t0
    counts = GuessCounts.of([p.turns for p in plays], limit=variant.max_guesses)
    return BoardsBenchmark(strat.name, variant, seed, counts, seconds, tuple(plays))


def play_game(game: Game, matrix: PatternMatrix, strategy: BoardsStrategy) -> BoardsPlay:
    """The bot plays a game's boards (its rules' limit)."""
    return autoplay(matrix, game.secret, strategy, max_guesses=game.max_guesses)


def state_of(game: Game, matrix: PatternMatrix) -> BoardsState:
    """The bot's view of a game being played (every board's colours, ``None`` once solved)."""
    patterns: list[list[int | None]] = []
    for board in game.boards:
        row: list[int | None] = [t.pattern for t in board.turns]
        patterns.append(row + [None] * (len(game.guesses) - len(row)))
    limit = game.max_guesses if game.max_guesses is not None else len(game.guesses) + 6
    return BoardsState.from_turns(matrix, game.guesses, patterns, limit)
