"""The multi-board bot at play: a strategy plays given answers to the end
(:func:`autoplay`), and benchmarks over seeded random games (:func:`benchmark_boards`: the same
seed, the same games and results). The strategies are :mod:`wordlekit.solve.boards`', found by
name in :mod:`wordlekit.solve.registry`.

In hard and ultrahard mode some games cannot be finished (a board whose answer breaks another
unsolved board's hints waits for that board; the boards' hints together may leave no word
that could change anything, or in ultrahard mode no word at all): the bot plays on to the
limit and the play-on margin, or stops as soon as no allowed word can change anything, and
such a game counts as unfinished (a failure, apart from the mean).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wordlekit.core.game import Game, Variant
from wordlekit.core.rules import Mode, boards_violation
from wordlekit.core.wordle import random_games
from wordlekit.errors import InternalError, InvalidWordError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import load_numba
from wordlekit.solve.boards import PLAY_ON, BoardsState, BoardsStrategy
from wordlekit.solve.counts import Counted, GuessCounts
from wordlekit.solve.registry import default_strategy, get_strategy


@dataclass(frozen=True)
class BoardsPlay:
    """A game the bot played: its guesses and the guess that solved each board."""

    answers: tuple[str, ...]
    strategy: str
    max_guesses: int
    guesses: tuple[str, ...]
    solved_at: tuple[int, ...]  # 0 for a board never solved
    mode: Mode
    #: Guesses played; whether every board was solved (within the limit or past it); whether
    #: within the limit.
    turns: int
    finished: bool
    won: bool

    @classmethod
    def of(
        cls,
        answers: tuple[str, ...],
        strategy: str,
        max_guesses: int,
        guesses: tuple[str, ...],
        solved_at: tuple[int, ...],
        mode: Mode = Mode.NORMAL,
    ) -> BoardsPlay:
        finished = all(solved_at)
        won = finished and len(guesses) <= max_guesses
        return cls(
            answers, strategy, max_guesses, guesses, solved_at, mode, len(guesses), finished, won
        )


def _opening(state: BoardsState, start: str) -> int:
    """The guess index of a forced first guess, refused when the mode does not allow it."""
    wl = state.matrix.wordlist
    word = wl.check_guess(start)
    reason = boards_violation(state.mode, [[] for _ in state.boards], word, wl)
    if reason:
        raise InvalidWordError(f"{reason} ({state.mode.value} mode)")
    return wl.guess_index(word)


def board_strategy(strategy: BoardsStrategy | str | None, boards: int) -> BoardsStrategy:
    """The multi-board strategy named ``strategy`` (from the registry; ``None``: its default
    for ``boards`` boards), or ``strategy`` itself."""
    if strategy is None:
        strategy = default_strategy(boards)
    found = get_strategy(strategy, boards=max(boards, 2)) if isinstance(strategy, str) else strategy
    if not isinstance(found, BoardsStrategy):
        raise InternalError(f"{found!r} is not a multi-board strategy")
    return found


def autoplay(
    matrix: PatternMatrix,
    answers: Sequence[str],
    strategy: BoardsStrategy | str,
    *,
    max_guesses: int | None = None,
    start: str | None = None,
    mode: Mode = Mode.NORMAL,
) -> BoardsPlay:
    """The bot plays ``answers`` (one board each) under ``mode`` until every board is
    solved; past the limit it plays on, so that a benchmark's mean counts every game (``won``
    says whether it finished within the limit). It stops early only when the mode allows no
    word (see the module docstring)."""
    wl = matrix.wordlist
    strat = board_strategy(strategy, len(answers))
    words = tuple(wl.check_answer(a) for a in answers)
    if len(set(words)) != len(words):
        raise InvalidWordError("the boards' answers must be distinct words")
    limit = max_guesses if max_guesses is not None else len(words) + 5
    idx = [wl.answer_index(a) for a in words]
    state = BoardsState.start(matrix, len(words), limit, mode=mode)
    first = None if start is None else _opening(state, start)
    solved_at = [0] * len(words)
    stop = limit + len(words) + PLAY_ON
    while not state.over and len(state.guesses) < stop and len(state.allowed):
        g = first if (first is not None and not state.guesses) else strat.choose(state)
        if state.guesses and strat.useless(state, g):
            break  # the mode leaves no word that could change anything: the game is stuck
        row = matrix.data[g]
        pats: list[int | None] = [
            None if state.boards[b] is None else int(row[a]) for b, a in enumerate(idx)
        ]
        state = state.after(g, pats)
        for b in range(len(words)):
            if not solved_at[b] and state.boards[b] is None:
                solved_at[b] = len(state.guesses)
    return BoardsPlay.of(words, strat.name, limit, state.guesses, tuple(solved_at), state.mode)


@dataclass(frozen=True)
class BoardsBenchmark(Counted):
    """A strategy's results over seeded random games: the distribution of the guesses every
    finished game took (played on past the limit; the unfinished ones apart), the win rate
    within the limit."""

    strategy: str
    variant: Variant
    seed: int
    counts: GuessCounts
    seconds: float
    #: Every game the bot played (not in the JSON form: a benchmark plays thousands).
    plays: tuple[BoardsPlay, ...] = field(repr=False, default=(), metadata={"json": False})
    mode: Mode = Mode.NORMAL
    #: Games won within the limit, and their share (``nan`` with no game).
    wins: int = field(init=False, repr=False, compare=False)
    win_rate: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        wins = self.counts.games - self.counts.failures
        object.__setattr__(self, "wins", wins)
        object.__setattr__(
            self, "win_rate", wins / self.counts.games if self.counts.games else math.nan
        )


def benchmark_boards(
    matrix: PatternMatrix,
    strategy: BoardsStrategy | str,
    variant: Variant,
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
    answer_sets: Sequence[Sequence[str]] | None = None,
    mode: Mode = Mode.NORMAL,
) -> BoardsBenchmark:
    """Play ``games`` random games of ``variant`` under ``mode`` drawn from ``seed`` (or the
    ``answer_sets`` given); the same seed gives the same games and the same results."""
    strat = board_strategy(strategy, variant.boards)
    mode = Mode.parse(mode)
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
        plays.append(autoplay(matrix, answers, strat, max_guesses=variant.max_guesses, mode=mode))
        if progress is not None:
            progress(k + 1)
    seconds = time.perf_counter() - t0
    finished = [p.turns for p in plays if p.finished]
    limit = variant.max_guesses if variant.max_guesses is not None else variant.boards + 5
    counts = GuessCounts.of(finished, unsolved=len(plays) - len(finished), limit=limit)
    return BoardsBenchmark(strat.name, variant, seed, counts, seconds, tuple(plays), mode)


def state_of(game: Game, matrix: PatternMatrix) -> BoardsState:
    """The bot's view of a game being played (every board's colours, ``None`` once solved)."""
    patterns: list[list[int | None]] = []
    for board in game.boards:
        row: list[int | None] = [t.pattern for t in board.turns]
        patterns.append(row + [None] * (len(game.guesses) - len(row)))
    limit = game.max_guesses if game.max_guesses is not None else len(game.guesses) + 6
    return BoardsState.from_turns(matrix, game.guesses, patterns, limit, mode=game.mode)
