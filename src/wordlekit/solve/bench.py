"""The bot and benchmarks: play a strategy on one answer or on every answer.

Deterministic strategies are benchmarked as a decision tree
(:func:`wordlekit.solve.tree.build_tree`):
each position is solved once and every game read off the tree. ``random`` is played game by
game with one seeded generator per answer, so a benchmark is reproducible.

``hidden`` plays a chosen set of hidden words rather than every answer (e.g. the 2,315
original answers under the ``likely`` answer model, where every valid word may be the
answer): the bot still weighs every possible answer, but only the positions the hidden words
reach are solved.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from wordlekit.core.feedback import Turn, all_green
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import load_numba
from wordlekit.solve.bot import start_index
from wordlekit.solve.counts import DEFAULT_LIMIT, Counted, GuessCounts
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import RandomCandidate, Strategy, check_answer_model
from wordlekit.solve.tree import MAX_TURNS, DecisionTree, build_tree

#: Games needing more guesses than this are failures.
FAIL_AFTER = DEFAULT_LIMIT


@dataclass(frozen=True)
class BenchmarkResult(Counted):
    """A strategy's results over every answer of a list: ``counts`` has the distribution
    (games, total, mean, max, failures beyond six guesses, histogram)."""

    strategy: str
    lists: str
    start: str | None
    counts: GuessCounts
    seconds: float
    #: Each answer's number of guesses (not in the JSON form: thousands of entries).
    per_answer: dict[str, int] = field(
        repr=False, compare=False, default_factory=dict, metadata={"json": False}
    )
    mode: Mode = Mode.NORMAL
    pool: GuessPool = GuessPool.VALID
    #: The answer model of the lists (``list``, ``likely`` or ``all``).
    answers: str = "list"


ProgressCallback = Callable[[int], None]


def benchmark(
    matrix: PatternMatrix,
    strategy: Strategy | str,
    *,
    start: str | None = None,
    mode: Mode = Mode.NORMAL,
    pool: GuessPool = GuessPool.VALID,
    seed: int = 0,
    progress: ProgressCallback | None = None,
    hidden: Sequence[str] | None = None,
) -> BenchmarkResult:
    """Play ``strategy`` on every answer (or on the ``hidden`` words, each a possible answer)
    under ``mode``, choosing from ``pool``, and collect the distribution of guesses (see
    :class:`GameState`)."""
    strat = get_strategy(strategy, seed=seed) if isinstance(strategy, str) else strategy
    check_answer_model(strat, matrix.wordlist)
    targets = None if hidden is None else _hidden_indices(matrix, hidden)
    load_numba()
    # Build the transposed matrix once: the single-threaded block kernel it enables is faster
    # on the thousands of small sets of a tree (measured: entropy 0.21 s against 0.36 s).
    matrix.transposed  # noqa: B018
    t0 = time.perf_counter()
    root = GameState.start(matrix, mode=mode, pool=pool)
    first = start_index(root, start)
    if strat.deterministic and targets is not None:
        per_answer, unsolved = _play_hidden(strat, root, first, targets, progress)
    elif strat.deterministic:
        tree = build_tree(strat, root, start=first, progress=progress)
        per_answer = tree.depths
        unsolved = len(tree.unsolved)
    else:
        per_answer, unsolved = _play_each(matrix, strat, root, first, seed, progress, targets)
    seconds = time.perf_counter() - t0
    return BenchmarkResult(
        strategy=strat.name,
        lists=matrix.wordlist.name,
        start=matrix.wordlist.guesses[first] if first is not None else None,
        counts=GuessCounts.of(per_answer.values(), unsolved=unsolved, limit=FAIL_AFTER),
        seconds=seconds,
        per_answer=dict(per_answer),
        mode=root.mode,
        pool=root.pool,
        answers=matrix.wordlist.answer_model,
    )


def _hidden_indices(matrix: PatternMatrix, hidden: Sequence[str]) -> np.ndarray:
    wl = matrix.wordlist
    idx = [wl.answer_index(wl.check_answer(w)) for w in hidden]
    return np.unique(np.asarray(idx, dtype=np.int64))


def _play_hidden(
    strategy: Strategy,
    root: GameState,
    first: int | None,
    targets: np.ndarray,
    progress: ProgressCallback | None,
) -> tuple[dict[str, int], int]:
    """The games of a deterministic strategy on the ``targets`` (answer indices) only: the
    decision tree of :func:`build_tree`, grown only where a hidden word goes (the strategy
    still sees every candidate and weight in each position)."""
    data = root.matrix.data
    answers = root.wordlist.answers
    guesses = root.wordlist.guesses
    win = all_green(root.wordlist.length)
    depths: dict[str, int] = {}
    unsolved = 0
    # (state, depth, forced first guess, hidden words in this position)
    stack: list[tuple[GameState, int, int | None, np.ndarray]] = [
        (root, len(root.history) + 1, first, targets)
    ]
    while stack:
        st, depth, forced, here = stack.pop()
        g = forced if forced is not None else strategy.choose(st)
        pats = data[g, here]
        row = data[g, st.candidates]
        for p in np.unique(pats):
            group = here[pats == p]
            if p == win:
                depths[answers[int(group[0])]] = depth
                done = len(group)
            elif depth >= MAX_TURNS:
                unsolved += len(group)
                done = len(group)
            else:
                child = st.child(Turn(guesses[g], int(p)), row == p)
                stack.append((child, depth + 1, None, group))
                done = 0
            if progress is not None and done:
                progress(done)
    return depths, unsolved


def _play_each(
    matrix: PatternMatrix,
    strategy: Strategy,
    root: GameState,
    first: int | None,
    seed: int,
    progress: ProgressCallback | None,
    targets: np.ndarray | None = None,
) -> tuple[dict[str, int], int]:
    """Random play, one game per answer (or per target), each with its own generator (seed,
    answer index)."""
    if not isinstance(strategy, RandomCandidate):
        raise WordleError(f"{strategy.name} is not a game-by-game strategy")
    answers = matrix.wordlist.answers
    win = all_green(matrix.wordlist.length)
    data = matrix.data
    out: dict[str, int] = {}
    unsolved = 0
    for a in range(len(answers)) if targets is None else targets.tolist():
        rng = strategy.for_answer(a).rng
        cands = root.candidates
        for turn in range(1, MAX_TURNS + 1):
            # The same draws as RandomCandidate.choose, without building a GameState per turn.
            g = first if (turn == 1 and first is not None) else int(cands[rng.integers(len(cands))])
            p = data[g, a]
            if p == win:
                out[answers[a]] = turn
                break
            cands = cands[data[g, cands] == p]
        else:
            unsolved += 1
        if progress is not None:
            progress(1)
    return out, unsolved


def tree_for(
    matrix: PatternMatrix,
    strategy: Strategy,
    *,
    start: str | None = None,
    mode: Mode = Mode.NORMAL,
    pool: GuessPool = GuessPool.VALID,
) -> DecisionTree:
    """The decision tree of a deterministic strategy over every answer."""
    check_answer_model(strategy, matrix.wordlist)
    load_numba()
    matrix.transposed  # noqa: B018  (see benchmark)
    root = GameState.start(matrix, mode=mode, pool=pool)
    return build_tree(strategy, root, start=start_index(root, start))
